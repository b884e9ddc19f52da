//! Rush Hour boards in Fogleman's notation: 36 characters, the 6x6 board row by row (other
//! square boards, 3x3 to 8x8, have one character per cell likewise), `o` (or `.`) for an
//! empty cell, `x` for a wall, `A` for the red car and other capital letters for
//! the other vehicles. A vehicle's orientation follows from its cells; it moves only along its
//! length, and a move slides it any distance, so a Rush Hour puzzle is counted in the slide
//! metric. The goal is the red car at the right edge of its row (the exit).
//!
//! A board with a wall between the red car and the exit is refused, with the wall's place:
//! the red car could never leave, and when the wall stands where the red car must end no
//! puzzle file can even state the goal (a goal cell cannot be a wall). Importing, solving a
//! string and checking the imported file therefore agree: such a board is refused by the
//! first two and never reaches the third.
//!
//! Writing a puzzle as a string ([`to_string`]) is the reverse, and only for puzzles that
//! reading the string gives back: anything the notation cannot hold (zones, another goal or
//! metric, free or shared-kind pieces) is refused, naming it.

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
    #[error(
        "a Rush Hour board has 36 characters, the 6x6 cells row by row (or 9, 16, 25, 49 or 64 \
         for a square board of another size); this one has {0}"
    )]
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
    /// A wall between the red car and the exit on the right of its row.
    #[error(
        "character {position} (row {row}, column {column}) is a wall `x` between the red car \
         `A` and the exit on the right of its row: the red car could never leave, so this is not \
         a Rush Hour puzzle"
    )]
    BlockedExit {
        /// 1-based position in the string.
        position: usize,
        /// 1-based row.
        row: usize,
        /// 1-based column.
        column: usize,
    },
    /// A puzzle that is not a 6x6 board of straight vehicles named by capital letters.
    #[error("this puzzle cannot be written as a Rush Hour board: {0}")]
    NotRushHour(String),
}

/// The puzzle a Rush Hour string describes: a 6x6 board (or another square board, 3x3 to
/// 8x8, told by the string's length), each vehicle locked to its length's axis and its own
/// kind, the red car red, the goal the red car at the right edge of its row, counted in the
/// slide metric.
///
/// # Errors
/// A [`RushHourError`] naming the offending character and its position, a vehicle that is not
/// a straight line, a missing or crosswise red car, or a wall in the red car's way out.
pub fn parse(text: &str) -> Result<Puzzle, RushHourError> {
    let length = text.trim().chars().count();
    let side = (MIN_RUSH_HOUR_SIDE..=MAX_RUSH_HOUR_SIDE)
        .find(|side| side * side == length)
        .ok_or(RushHourError::Length(length))?;
    parse_sized(text, side, side)
}

/// The smallest side of a Rush Hour board [`parse`] reads.
pub const MIN_RUSH_HOUR_SIDE: usize = 3;
/// The largest side of a Rush Hour board [`parse`] reads.
pub const MAX_RUSH_HOUR_SIDE: usize = 8;

/// [`parse`] for a board of `rows` x `cols` cells, given row by row.
///
/// # Errors
/// As [`parse`]; [`RushHourError::Length`] when the string does not have `rows * cols`
/// characters.
pub fn parse_sized(text: &str, rows: usize, cols: usize) -> Result<Puzzle, RushHourError> {
    let chars: Vec<char> = text.trim().chars().collect();
    if chars.len() != rows * cols {
        return Err(RushHourError::Length(chars.len()));
    }
    let mut puzzle = Puzzle::empty(rows, cols);
    for (i, &ch) in chars.iter().enumerate() {
        puzzle.cells[i] = match ch {
            'o' | '.' => Cell::Empty,
            'x' => Cell::Wall,
            'A'..='Z' => Cell::Piece(token(ch)),
            _ => {
                return Err(RushHourError::Character {
                    position: i + 1,
                    row: i / cols + 1,
                    column: i % cols + 1,
                    shown: shown(ch),
                });
            }
        };
    }
    let mut red_car = None;
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
            red_car = Some((piece.cells[0], piece.cells.len()));
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
    let ((row, first), length) = red_car.ok_or(RushHourError::NoRedCar)?;
    if let Some(column) =
        (first + length..cols).find(|&c| puzzle.cells[row * cols + c] == Cell::Wall)
    {
        return Err(RushHourError::BlockedExit {
            position: row * cols + column + 1,
            row: row + 1,
            column: column + 1,
        });
    }
    for c in cols - length..cols {
        puzzle.goal.cells[row * cols + c] = Some(token(RED_CAR));
    }
    puzzle.metric = Some(Metric::Slide);
    puzzle.name = format!("Rush Hour {}", chars.iter().collect::<String>());
    puzzle.notes = "Rush Hour (Fogleman's notation): slide the red car A out of the exit on the \
                    right of its row. Cars and trucks move only along their length."
        .into();
    Ok(puzzle)
}

/// The puzzle as a Rush Hour string (see the module docs): only a puzzle that reading the
/// string gives back, so that an exported board is the same puzzle (names, colours and notes
/// aside).
///
/// # Errors
/// [`RushHourError::NotRushHour`] naming what the notation cannot hold: a board that is not
/// 6x6, zones, a metric other than slide (or move, the same for vehicles locked to their
/// axes), a piece that is not a straight vehicle named by one capital letter and locked to
/// the axis of its length, pieces sharing a kind, a red car `A` that is missing or crosswise,
/// a goal other than the red car at the exit, or a wall in the red car's way out.
pub fn to_string(puzzle: &Puzzle) -> Result<String, RushHourError> {
    let not = |why: String| RushHourError::NotRushHour(why);
    if puzzle.rows != puzzle.cols
        || !(MIN_RUSH_HOUR_SIDE..=MAX_RUSH_HOUR_SIDE).contains(&puzzle.rows)
    {
        return Err(not(format!(
            "the board is {}x{}; the notation holds square boards from {MIN_RUSH_HOUR_SIDE}x{MIN_RUSH_HOUR_SIDE} to \
             {MAX_RUSH_HOUR_SIDE}x{MAX_RUSH_HOUR_SIDE} (6x6 is Rush Hour's own)",
            puzzle.rows, puzzle.cols
        )));
    }
    if !puzzle.zones.is_empty() {
        return Err(not(
            "it has zones, and the notation has no cells that only some vehicles may enter".into(),
        ));
    }
    match puzzle.metric {
        // A vehicle moves only along its length, so a move of it is a slide.
        Some(Metric::Slide | Metric::Move) => {}
        Some(Metric::Step) => {
            return Err(not(
                "it is counted in the step metric, and Rush Hour counts slides; set the metric \
                 to slide"
                    .into(),
            ));
        }
        None => {
            return Err(not(
                "it names no metric, so it is counted in steps, and Rush Hour counts slides; set \
                 the metric to slide"
                    .into(),
            ));
        }
    }
    let mut red = None;
    let mut letters = BTreeMap::new();
    let mut kinds: BTreeMap<&str, Token> = BTreeMap::new();
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
        if puzzle.axis_of(piece.token) != axis {
            return Err(not(format!(
                "piece `{name}` is not locked to the axis of its length ({}), and every \
                 Rush Hour vehicle moves only along its length",
                format!("{axis:?}").to_lowercase()
            )));
        }
        if let Some(kind) = puzzle
            .styles
            .get(&piece.token)
            .and_then(|s| s.kind.as_deref())
            && let Some(other) = kinds.insert(kind, piece.token)
        {
            return Err(not(format!(
                "pieces `{other}` and `{name}` share the kind \"{kind}\", and the notation has \
                 no identical vehicles"
            )));
        }
        if letter == RED_CAR && axis == Axis::Horizontal {
            red = Some(piece.cells);
        }
        letters.insert(piece.token, letter);
    }
    let Some(red) = red else {
        return Err(not("it has no red car `A` lying along its row".into()));
    };
    if !is_exit_goal(puzzle, &red) {
        return Err(not(
            "its goal is not the red car `A` at the exit, the right edge of its row".into(),
        ));
    }
    let text: String = puzzle
        .cells
        .iter()
        .map(|cell| match cell {
            Cell::Empty => 'o',
            Cell::Wall => 'x',
            Cell::Piece(t) => letters[t],
        })
        .collect();
    // What reading refuses besides (a wall in the red car's way out) is refused here too, so
    // that every exported string imports.
    parse(&text).map_err(|e| not(e.to_string()))?;
    Ok(text)
}

/// Whether `puzzle`'s goal is the red car (a horizontal car on `cells`) at the right edge of
/// its row, as reading a string states it: anchored, naming only the red car, in cells of its
/// row that it covers at the edge, the last one among them. As the car moves only along its
/// row, naming fewer of those cells means the same.
fn is_exit_goal(puzzle: &Puzzle, cells: &[(usize, usize)]) -> bool {
    let (row, length) = (cells[0].0, cells.len());
    let red = token(RED_CAR);
    let goal = puzzle.goal_cells();
    !puzzle.goal.anywhere
        && goal
            .iter()
            .any(|&(r, c, _)| (r, c) == (row, puzzle.cols - 1))
        && goal
            .iter()
            .all(|&(r, c, t)| t == red && r == row && c >= puzzle.cols - length)
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
