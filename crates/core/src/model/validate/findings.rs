//! What validation finds: a finding's kind, severity, message and cells, and where in a
//! file it belongs (so it can be reported at a line and column).

use crate::model::file::LoadError;
use crate::model::source::{SourceMap, TextPos};
use crate::model::token::Token;

/// How serious a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    /// The puzzle cannot be solved as it is.
    Error,
    /// Worth knowing, but the puzzle can be searched (for example: nothing can move).
    Warning,
}

/// What a finding is about, so that callers can act on a kind of finding without reading its
/// message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FindingKind {
    /// The file could not be loaded (syntax, unknown fields, bad grids).
    Load,
    /// The board has no row or no column.
    BoardEmpty,
    /// The board is larger than [`MAX_SIDE`](crate::model::puzzle::MAX_SIDE) on a side.
    BoardTooLarge,
    /// The board's cells do not match its rows and columns.
    BoardCells,
    /// The goal's cells do not match the board's rows and columns.
    GoalCells,
    /// The board has no pieces.
    NoPieces,
    /// A piece's cells do not touch side to side.
    PieceInParts,
    /// Pieces of one kind have different shapes.
    KindShapes,
    /// The goal names a piece that is not on the board.
    GoalUnknownPiece,
    /// The goal puts a piece on a wall.
    GoalOnWall,
    /// No position of a piece (or of the goal pieces together) covers its goal cells.
    GoalUnreachable,
    /// A numbered-tile puzzle whose goal parity (or order on one line) makes it unsolvable.
    TileParity,
    /// A numbered-tile puzzle of more cells than a tile board may have
    /// ([`MAX_TILE_CELLS`](crate::model::tiles::MAX_TILE_CELLS)).
    TileBoardTooLarge,
    /// A piece has a blank kind.
    BlankKind,
    /// No piece can move.
    NothingMoves,
    /// The goal names no cell.
    GoalEmpty,
    /// The start already satisfies the goal.
    StartIsGoal,
    /// A style is set for a piece that is not on the board.
    UnusedStyle,
    /// A zone admits a piece or kind that is not on the board.
    ZoneUnknownRight,
    /// A piece starts in a zone closed to it.
    StartInClosedZone,
    /// The goal puts a piece in a zone closed to it.
    GoalInClosedZone,
    /// Pieces of one kind are locked to different axes.
    KindAxes,
    /// Pieces of one kind may enter different zones.
    KindZones,
    /// The puzzle validates but the solver cannot take it (more pieces, or a wider state,
    /// than its engine holds); reported by tools that ask the solver.
    EngineLimit,
}

/// One finding of validation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// What the finding is about.
    pub kind: FindingKind,
    /// What is wrong, in words a user can act on.
    pub message: String,
    /// The board cells involved, as `(row, col)`, so an editor can highlight them.
    pub cells: Vec<(usize, usize)>,
    /// 1-based line in the file, when the puzzle came from text.
    pub line: Option<usize>,
    /// 1-based column in the file, when the puzzle came from text.
    pub column: Option<usize>,
}

impl Diagnostic {
    /// An error finding from a file that could not be loaded.
    pub fn from_load_error(e: &LoadError) -> Diagnostic {
        Diagnostic {
            severity: Severity::Error,
            kind: FindingKind::Load,
            message: e.message.clone(),
            cells: Vec::new(),
            line: e.line,
            column: e.column,
        }
    }
}

/// Where in a file a finding belongs, used to give it a line and column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Place {
    /// The first listed cell, in the board rows.
    Board,
    /// The first listed cell, in the goal rows.
    Goal,
    /// The `pieces` entry of this token.
    Style(Token),
    /// The board as a whole.
    Puzzle,
    /// The goal as a whole.
    GoalField,
    /// Entry `.1` of zone `.0`'s `allow` list.
    ZoneRight(Token, usize),
}

pub(super) struct Finding {
    pub diagnostic: Diagnostic,
    pub place: Place,
}

#[derive(Default)]
pub(super) struct Findings(pub Vec<Finding>);

impl Findings {
    fn push(
        &mut self,
        severity: Severity,
        kind: FindingKind,
        message: String,
        cells: Vec<(usize, usize)>,
        place: Place,
    ) {
        self.0.push(Finding {
            diagnostic: Diagnostic {
                severity,
                kind,
                message,
                cells,
                line: None,
                column: None,
            },
            place,
        });
    }

    pub(super) fn error(
        &mut self,
        kind: FindingKind,
        message: String,
        cells: Vec<(usize, usize)>,
        place: Place,
    ) {
        self.push(Severity::Error, kind, message, cells, place);
    }

    pub(super) fn warning(
        &mut self,
        kind: FindingKind,
        message: String,
        cells: Vec<(usize, usize)>,
        place: Place,
    ) {
        self.push(Severity::Warning, kind, message, cells, place);
    }

    pub(super) fn has_errors(&self) -> bool {
        self.0
            .iter()
            .any(|f| f.diagnostic.severity == Severity::Error)
    }
}

pub(super) fn locate(finding: Finding, map: &SourceMap) -> Diagnostic {
    let Finding {
        mut diagnostic,
        place,
    } = finding;
    let first = diagnostic.cells.first().copied();
    let pos: Option<TextPos> = match place {
        Place::Board => first.and_then(|(r, c)| map.board_cell(r, c)),
        Place::Goal => first.and_then(|(r, c)| map.goal_cell(r, c)),
        Place::Style(t) => map.piece(t.as_str()).map(|e| e.key),
        Place::Puzzle => None,
        Place::GoalField => map.goal_cells.or(map.field("goal")),
        Place::ZoneRight(zone, i) => map.zone_right(zone.as_str(), i),
    }
    .or(map.field("board"));
    diagnostic.line = pos.map(|p| p.line);
    diagnostic.column = pos.map(|p| p.column);
    diagnostic
}
