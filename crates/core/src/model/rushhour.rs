//! Rush Hour boards in Fogleman's notation: 36 characters, the 6x6 board row by row, `o` (or
//! `.`) for an empty cell, `x` for a wall, `A` for the red car and other capital letters for
//! the other vehicles. A vehicle's orientation follows from its cells; it moves only along its
//! length, and a move slides it any distance, so a Rush Hour puzzle is counted in the slide
//! metric. The goal is the red car at the right edge of its row (the exit).

use std::collections::BTreeMap;

use super::puzzle::{Cell, Color, Metric, PieceStyle, Puzzle};
use super::rules::Axis;
use super::token::Token;

/// The side of a Rush Hour board.
pub const SIDE: usize = 6;

/// The red car's letter.
pub const RED_CAR: char = 'A';

/// Why a string is not a Rush Hour board, or a puzzle cannot be written as one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RushHourError {
    /// The string does not have one character per cell.
    #[error("a Rush Hour board has 36 characters, the 6x6 cells row by row; this one has {0}")]
    Length(usize),
    /// A character that is not a cell.
    #[error(
        "character {position} (row {row}, column {column}) is {shown}; write `o` or `.` for an \
         empty cell, `x` for a wall and capital letters for vehicles (`A` the red car)"
    )]
    Character {
        /// 1-based position in the string.
        position: usize,
        /// 1-based row.
        row: usize,
        /// 1-based column.
        column: usize,
        /// The character, quoted or escaped for display.
        shown: String,
    },
    /// A vehicle whose cells are not one straight, unbroken line of at least two cells.
    #[error(
        "vehicle `{vehicle}` is not a straight line of two or more touching cells in one row \
         or one column (its first cell is at row {row}, column {column})"
    )]
    Shape {
        /// The vehicle's letter.
        vehicle: char,
        /// 1-based row of its first cell.
        row: usize,
        /// 1-based column of its first cell.
        column: usize,
    },
    /// No red car.
    #[error("the board has no red car `A`; the red car is the vehicle that must reach the exit")]
    NoRedCar,
    /// The red car stands across its row, so it can never reach the exit on the right.
    #[error("the red car `A` must lie along its row, to drive out of the exit on the right")]
    RedCarAcross,
    /// A puzzle that is not a 6x6 board of straight vehicles named by capital letters.
    #[error("this puzzle cannot be written as a Rush Hour board: {0}")]
    NotRushHour(String),
}

/// The puzzle a Rush Hour string describes: a 6x6 board, each vehicle locked to its length's
/// axis and its own kind, the red car red, the goal the red car at the right edge of its row,
/// counted in the slide metric.
///
/// # Errors
/// A [`RushHourError`] naming the offending character and its position, a vehicle that is not
/// a straight line, or a missing or crosswise red car.
pub fn parse(text: &str) -> Result<Puzzle, RushHourError> {
    let chars: Vec<char> = text.trim().chars().collect();
    if chars.len() != SIDE * SIDE {
        return Err(RushHourError::Length(chars.len()));
    }
    let mut puzzle = Puzzle::empty(SIDE, SIDE);
    for (i, &ch) in chars.iter().enumerate() {
        puzzle.cells[i] = match ch {
            'o' | '.' => Cell::Empty,
            'x' => Cell::Wall,
            'A'..='Z' => Cell::Piece(token(ch)),
            _ => {
                return Err(RushHourError::Character {
                    position: i + 1,
                    row: i / SIDE + 1,
                    column: i % SIDE + 1,
                    shown: shown(ch),
                });
            }
        };
    }
    let mut red_row = None;
    for piece in puzzle.pieces() {
        let axis = line_axis(&piece.cells).ok_or_else(|| {
            let (r, c) = piece.cells[0];
            RushHourError::Shape {
                vehicle: piece.token.as_str().chars().next().unwrap_or('?'),
                row: r + 1,
                column: c + 1,
            }
        })?;
        let red = piece.token.as_str() == RED_CAR.to_string();
        if red {
            if axis != Axis::Horizontal {
                return Err(RushHourError::RedCarAcross);
            }
            red_row = Some((piece.cells[0].0, piece.cells.len()));
        }
        puzzle.styles.insert(
            piece.token,
            PieceStyle {
                color: red.then_some(Color {
                    r: 0xd6,
                    g: 0x27,
                    b: 0x28,
                }),
                axis,
                ..PieceStyle::default()
            },
        );
    }
    let (row, length) = red_row.ok_or(RushHourError::NoRedCar)?;
    for c in SIDE - length..SIDE {
        puzzle.goal.cells[row * SIDE + c] = Some(token(RED_CAR));
    }
    puzzle.metric = Some(Metric::Slide);
    puzzle.name = format!("Rush Hour {}", chars.iter().collect::<String>());
    puzzle.notes = "Rush Hour (Fogleman's notation): slide the red car A out of the exit on the \
                    right of its row. Cars and trucks move only along their length."
        .into();
    Ok(puzzle)
}

/// The puzzle as a Rush Hour string (see the module docs).
///
/// # Errors
/// [`RushHourError::NotRushHour`] when the board is not 6x6, a piece is not a straight line
/// named by one capital letter, or the red car `A` is missing or crosswise.
pub fn to_string(puzzle: &Puzzle) -> Result<String, RushHourError> {
    let not = |why: String| RushHourError::NotRushHour(why);
    if (puzzle.rows, puzzle.cols) != (SIDE, SIDE) {
        return Err(not(format!(
            "the board is {}x{}, not 6x6",
            puzzle.rows, puzzle.cols
        )));
    }
    let mut red = false;
    let mut letters = BTreeMap::new();
    for piece in puzzle.pieces() {
        let name = piece.token.as_str();
        let mut chars = name.chars();
        let (Some(letter @ 'A'..='Z'), None) = (chars.next(), chars.next()) else {
            return Err(not(format!(
                "piece `{name}` is not named by one capital letter"
            )));
        };
        let axis = line_axis(&piece.cells)
            .ok_or_else(|| not(format!("piece `{name}` is not a straight vehicle")))?;
        if letter == RED_CAR {
            red = axis == Axis::Horizontal;
        }
        letters.insert(piece.token, letter);
    }
    if !red {
        return Err(not("it has no red car `A` lying along its row".into()));
    }
    Ok(puzzle
        .cells
        .iter()
        .map(|cell| match cell {
            Cell::Empty => 'o',
            Cell::Wall => 'x',
            Cell::Piece(t) => letters[t],
        })
        .collect())
}

/// The axis of a straight vehicle: its cells (in reading order) fill one row or one column
/// without a gap, two or more of them. `None` for any other shape.
fn line_axis(cells: &[(usize, usize)]) -> Option<Axis> {
    if cells.len() < 2 {
        return None;
    }
    let (r0, c0) = cells[0];
    let along_row = cells
        .iter()
        .enumerate()
        .all(|(i, &(r, c))| r == r0 && c == c0 + i);
    let along_column = cells
        .iter()
        .enumerate()
        .all(|(i, &(r, c))| c == c0 && r == r0 + i);
    match (along_row, along_column) {
        (true, _) => Some(Axis::Horizontal),
        (_, true) => Some(Axis::Vertical),
        _ => None,
    }
}

fn token(letter: char) -> Token {
    // Invariant: one ASCII capital letter is always a valid token.
    Token::new(&letter.to_string()).expect("a capital letter is a token")
}

/// A character as the user should see it in an error: quoted, or escaped when invisible.
fn shown(ch: char) -> String {
    if ch.is_control() || ch.is_whitespace() {
        format!("{ch:?}")
    } else {
        format!("`{ch}`")
    }
}
