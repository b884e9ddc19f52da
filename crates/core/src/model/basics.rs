//! The small value types of the model: what a cell holds, the move metrics, the four
//! directions, and colours.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::token::Token;

/// What one board cell holds in the start position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Nothing: pieces may move here.
    Empty,
    /// A fixed wall: nothing ever moves here.
    Wall,
    /// Part of the piece with this token.
    Piece(Token),
}

/// How solution length is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Metric {
    /// One piece moves one cell (the metric of the seed notebooks).
    #[default]
    Step,
    /// One piece slides in a straight line any distance.
    Slide,
    /// One piece moves any distance along any path (the metric of published records).
    Move,
}

impl Metric {
    /// All metrics, in the order they are usually listed.
    pub const ALL: [Metric; 3] = [Metric::Step, Metric::Slide, Metric::Move];

    /// The lower-case name used by the CLI and JSON (`step`, `slide`, `move`).
    pub fn name(self) -> &'static str {
        match self {
            Metric::Step => "step",
            Metric::Slide => "slide",
            Metric::Move => "move",
        }
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One of the four directions a piece (or the blank) can move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Dir {
    /// Towards row 0.
    Up,
    /// Towards the last row.
    Down,
    /// Towards column 0.
    Left,
    /// Towards the last column.
    Right,
}

impl Dir {
    /// All four directions.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// The row and column change of one step in this direction.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Dir::Up => (-1, 0),
            Dir::Down => (1, 0),
            Dir::Left => (0, -1),
            Dir::Right => (0, 1),
        }
    }

    /// The opposite direction.
    #[must_use]
    pub fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }

    /// The seeds' one-letter notation: `u`, `d`, `l`, `r`.
    pub fn letter(self) -> char {
        match self {
            Dir::Up => 'u',
            Dir::Down => 'd',
            Dir::Left => 'l',
            Dir::Right => 'r',
        }
    }

    /// The lower-case word used in JSON (`up`, `down`, `left`, `right`).
    pub fn word(self) -> &'static str {
        match self {
            Dir::Up => "up",
            Dir::Down => "down",
            Dir::Left => "left",
            Dir::Right => "right",
        }
    }
}

/// An RGB colour, written `#rrggbb` in files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Color {
    /// Red, 0-255.
    pub r: u8,
    /// Green, 0-255.
    pub g: u8,
    /// Blue, 0-255.
    pub b: u8,
}

impl Color {
    /// Parses `#rrggbb` (the `#` is required).
    pub fn parse(text: &str) -> Option<Color> {
        let hex = text.strip_prefix('#')?;
        if hex.len() != 6 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
        Some(Color {
            r: byte(0)?,
            g: byte(2)?,
            b: byte(4)?,
        })
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }
}
