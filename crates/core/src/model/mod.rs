//! The puzzle model: one representation for every sliding puzzle, its file format, and its
//! validation.
//!
//! - [`token`]: piece identifiers.
//! - [`basics`]: cells, metrics, directions, colours.
//! - [`puzzle`]: the board, pieces, goal pattern, and unit moves.
//! - [`file`](mod@file): the RON file format (versions 1 and 2), loading and atomic saving.
//! - [`rushhour`]: Rush Hour boards in Fogleman's 36-character notation, in and out.
//! - [`relabel`]: pieces a solver took for one another, named after a known board.
//! - [`rules`]: movement rules beyond free sliding: pieces locked to an axis, zones.
//! - [`solution`]: a solution as moves of concrete pieces, replayed and checked on the model.
//! - [`source`]: where the parts of a file's text are, for line and column in errors.
//! - [`goal`]: when a position satisfies the goal (anchored, `anywhere`, kinds).
//! - [`library`]: the bundled classics.
//! - [`palette`]: the colours a board is drawn in, shared by the app, the web page and the
//!   Python package.
//! - [`raster`]: pictures drawn pixel by pixel (an RGB canvas and a 5x7 bitmap font), shared
//!   by the app's exported animations and the Python package's animated PNGs.
//! - [`validate`]: every check a puzzle must pass, with line and column for file input.
//! - [`tiles`]: numbered-tile puzzles: detection and solvability by parity.
//! - [`text`]: untrusted text: line endings as editors count them, safe echoing.

pub mod basics;
pub mod file;
pub mod goal;
pub mod library;
pub mod palette;
pub mod puzzle;
pub mod raster;
pub mod relabel;
pub mod rules;
pub mod rushhour;
pub mod shape;
pub mod solution;
pub mod source;
pub mod text;
pub mod tiles;
pub mod token;
pub mod validate;

pub use goal::GoalMatch;
pub use puzzle::{
    Cell, Color, Dir, Goal, GridError, MAX_SIDE, Metric, MoveError, PieceCells, PieceStyle, Puzzle,
    PuzzleType,
};

pub use rules::{Axis, Zone, ZoneRight};
pub use solution::{PieceMove, ReplayError, replay, verify_solution};
pub use token::{Token, TokenError};
