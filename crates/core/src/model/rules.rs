//! The movement rules some puzzles add to free sliding: pieces locked to one axis (Rush Hour's
//! cars and trucks) and zones, cells only some pieces may cover (the exits and force fields of
//! GNOME Klotski and of Simon Tatham's sliding-block puzzle).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::basics::Dir;
use super::token::Token;

/// The directions a piece may move in.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub enum Axis {
    /// Any direction.
    #[default]
    Free,
    /// Left and right only (a Rush Hour car lying along its row).
    Horizontal,
    /// Up and down only.
    Vertical,
}

impl Axis {
    /// Every axis, in menu order.
    pub const ALL: [Axis; 3] = [Axis::Free, Axis::Horizontal, Axis::Vertical];

    /// Whether a piece on this axis may move in `dir`.
    pub fn allows(self, dir: Dir) -> bool {
        match self {
            Axis::Free => true,
            Axis::Horizontal => matches!(dir, Dir::Left | Dir::Right),
            Axis::Vertical => matches!(dir, Dir::Up | Dir::Down),
        }
    }

    /// The lower-case name (`free`, `horizontal`, `vertical`).
    pub fn name(self) -> &'static str {
        match self {
            Axis::Free => "free",
            Axis::Horizontal => "horizontal",
            Axis::Vertical => "vertical",
        }
    }
}

impl fmt::Display for Axis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Who may cover the cells of a zone.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ZoneRight {
    /// The piece with this token.
    Piece(Token),
    /// Every piece of this declared kind.
    Kind(String),
}

impl fmt::Display for ZoneRight {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ZoneRight::Piece(t) => write!(f, "piece `{t}`"),
            ZoneRight::Kind(k) => write!(f, "kind \"{k}\""),
        }
    }
}

/// Board cells that only some pieces may cover. A zone that allows nobody is a wall for
/// pieces but, unlike a wall, can be drawn over the start's empty cells in the editor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zone {
    /// The zone's name: the token that draws it in the file's zone grid ("x", "exit").
    pub name: Token,
    /// One entry per board cell, row-major: whether the cell is in the zone.
    pub cells: Vec<bool>,
    /// The pieces allowed to cover the zone's cells.
    pub allow: Vec<ZoneRight>,
}

impl Zone {
    /// Whether the piece `token` of kind `kind` (as [`Puzzle::kind_of`](crate::model::Puzzle::kind_of) says) may cover the
    /// zone's cells.
    pub fn admits(&self, token: Token, kind: &str) -> bool {
        self.allow.iter().any(|right| match right {
            ZoneRight::Piece(t) => *t == token,
            ZoneRight::Kind(k) => k == kind,
        })
    }
}
