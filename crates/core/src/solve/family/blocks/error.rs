//! Why a block family cannot be enumerated, and why a unit's walk stopped.

use crate::solve::core::Termination;

use super::{MAX_CELLS, MAX_PIECE_SETS, MAX_FAMILY_PIECES, MAX_UNIT_ARRANGEMENTS};

/// Why a block family cannot be enumerated. Variants about one shape name its index in
/// [`BlockFamily::shapes`](super::BlockFamily::shapes), so that a family file can point at it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BlockFamilyError {
    /// A board outside what the engine holds.
    #[error(
        "a block family's board has 1 to {MAX_CELLS} cells (8x8 at most); {rows}x{cols} is not"
    )]
    Board {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// No shape at all.
    #[error("a block family needs at least one shape, the goal piece's")]
    NoShapes,
    /// A shape without cells.
    #[error("shape `{name}` has no cells; draw them with `#`")]
    EmptyShape {
        /// The shape's index.
        shape: usize,
        /// Its name.
        name: String,
    },
    /// A shape in several parts.
    #[error("shape `{name}` is in separate parts; a shape's cells must touch side by side")]
    Disconnected {
        /// The shape's index.
        shape: usize,
        /// Its name.
        name: String,
    },
    /// A shape larger than the board.
    #[error("shape `{name}` is {height}x{width} and does not fit on the {rows}x{cols} board")]
    ShapeTooLarge {
        /// The shape's index.
        shape: usize,
        /// Its name.
        name: String,
        /// Its bounding box's rows.
        height: usize,
        /// Its bounding box's columns.
        width: usize,
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
    },
    /// A count range that is empty.
    #[error("shape `{name}` has min {min} above max {max}")]
    Counts {
        /// The shape's index.
        shape: usize,
        /// Its name.
        name: String,
        /// Its minimum.
        min: usize,
        /// Its maximum.
        max: usize,
    },
    /// Two shapes with the same cells.
    #[error(
        "shapes `{other}` and `{name}` have the same cells; make them one shape (a record's \
         board could not tell their pieces apart)"
    )]
    SameShapes {
        /// The index of the second one.
        shape: usize,
        /// Its name.
        name: String,
        /// The first one's name.
        other: String,
    },
    /// The goal shape is not one of the shapes.
    #[error("the goal piece is shape {shape} (from 0), but there are {count} shapes")]
    GoalShape {
        /// The index given.
        shape: usize,
        /// The number of shapes.
        count: usize,
    },
    /// The goal shape's counts are not exactly one.
    #[error(
        "every layout has exactly one goal piece: shape `{name}` must have min 1 and max 1 \
         (it has {min} and {max})"
    )]
    GoalCount {
        /// The shape's index.
        shape: usize,
        /// Its name.
        name: String,
        /// Its minimum.
        min: usize,
        /// Its maximum.
        max: usize,
    },
    /// The goal position is off the board.
    #[error(
        "the goal puts `{name}` with its top-left corner at row {row}, column {column}, \
         where it does not fit on the {rows}x{cols} board (rows and columns count from 1)"
    )]
    GoalOffBoard {
        /// The goal shape's name.
        name: String,
        /// 1-based row.
        row: usize,
        /// 1-based column.
        column: usize,
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
    },
    /// Too many walls.
    #[error("at most {max} walls; {asked} asked for")]
    Walls {
        /// Walls asked for.
        asked: usize,
        /// The most the engine enumerates.
        max: usize,
    },
    /// A piece limit outside 1 to [`MAX_FAMILY_PIECES`].
    #[error(
        "max_pieces is {asked}; a layout has 1 to {MAX_FAMILY_PIECES} pieces (records name them A to Z)"
    )]
    MaxPieces {
        /// The limit asked for.
        asked: usize,
    },
    /// The minimum counts need more pieces than a layout may have.
    #[error("the shapes' minimum counts make {pieces} pieces, more than the {max} a layout has")]
    TooManyPieces {
        /// Pieces the minimum counts make.
        pieces: usize,
        /// The most a layout has.
        max: usize,
    },
    /// The minimum counts need more cells than the board has.
    #[error("the shapes' minimum counts cover {cells} cells, more than the board's {board}")]
    TooManyCells {
        /// Cells the minimum counts cover.
        cells: usize,
        /// Cells of the board.
        board: usize,
    },
    /// Too many combinations of counts.
    #[error(
        "the shapes' count ranges make {count} combinations; at most {MAX_PIECE_SETS} piece \
         sets are enumerated (narrow the ranges)"
    )]
    PieceSets {
        /// Combinations of counts (saturating).
        count: u64,
    },
    /// A piece set with too many arrangements for one walk.
    #[error(
        "the piece set {set} may have up to {bound} arrangements on this board; one piece set \
         is walked whole and may have at most {MAX_UNIT_ARRANGEMENTS} (use a smaller board, \
         fewer pieces or narrower count ranges)"
    )]
    TooLarge {
        /// The piece set, as counts of named shapes (`1 big, 4 small`).
        set: String,
        /// An upper bound of its arrangements (saturating).
        bound: u128,
    },
}

/// Why a unit's walk did not finish.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UnitStop {
    /// A limit of the control, or its cancel flag.
    #[error("stopped: {}", .0.name())]
    Stopped(Termination),
    /// The block engine refused a layout of the unit (a family that passed
    /// [`BlockFamily::validate`](super::BlockFamily::validate) never gets here).
    #[error("{0}")]
    Refused(String),
}
