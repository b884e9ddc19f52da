//! The puzzle model: one representation for every sliding puzzle, its file format, and its
//! validation.
//!
//! - [`token`]: piece identifiers.
//! - [`puzzle`]: the board, pieces, goal pattern, and unit moves.
//! - [`file`]: the RON file format (version 1), loading and atomic saving.
//! - [`library`]: the bundled classics.
//! - [`validate`]: every check a puzzle must pass, with line and column for file input.
//! - [`tiles`]: numbered-tile puzzles: detection and solvability by parity.

pub mod file;
pub mod library;
pub mod puzzle;
pub mod tiles;
pub mod token;
pub mod validate;

pub use puzzle::{
    Cell, Color, Dir, Goal, GridError, MAX_SIDE, Metric, MoveError, PieceCells, PieceStyle,
    Puzzle, PuzzleType, parse_grid,
};
pub use token::{Token, TokenError};
