//! Validation: every check a puzzle must pass before it is solved, with a clear message and,
//! for file input, the line and column.
//!
//! Errors (the puzzle cannot be searched as it is):
//! - the board is empty, over 32x32, or its cell lists do not match its size;
//! - the board has no pieces;
//! - a piece's cells are not 4-connected;
//! - pieces of one kind have different shapes, or a kind is blank;
//! - the goal names a piece that is not on the board;
//! - an anchored goal puts a piece on a wall;
//! - no single position of a piece covers all the goal cells that name it;
//! - an `anywhere` goal pattern fits nowhere on the board;
//! - the pieces named by the goal cannot all stand in their goal positions at once;
//! - a numbered-tile puzzle whose permutation parity makes the goal unreachable.
//!
//! Warnings (the puzzle can be searched, but something is probably not intended):
//! - nothing can move;
//! - the goal is empty (every position satisfies it: there is nothing to solve);
//! - the start already satisfies the goal;
//! - a style is set for a piece that is not on the board.

use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

mod fit;

use fit::{JOINT_SEARCH_BUDGET, Placements, Want, joint_fit, placements, shape_can_cover};

use crate::model::file::{LoadError, parse_with_source_map};
use crate::model::puzzle::{Cell, Dir, MAX_SIDE, PieceCells, Puzzle, PuzzleType};
use crate::model::rules::ZoneRight;
use crate::model::source::{SourceMap, TextPos};
use crate::model::tiles::{is_solvable, tile_layout};
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
    /// The board is larger than [`MAX_SIDE`] on a side.
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
enum Place {
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

struct Finding {
    diagnostic: Diagnostic,
    place: Place,
}

#[derive(Default)]
struct Findings(Vec<Finding>);

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

    fn error(
        &mut self,
        kind: FindingKind,
        message: String,
        cells: Vec<(usize, usize)>,
        place: Place,
    ) {
        self.push(Severity::Error, kind, message, cells, place);
    }

    fn warning(
        &mut self,
        kind: FindingKind,
        message: String,
        cells: Vec<(usize, usize)>,
        place: Place,
    ) {
        self.push(Severity::Warning, kind, message, cells, place);
    }

    fn has_errors(&self) -> bool {
        self.0
            .iter()
            .any(|f| f.diagnostic.severity == Severity::Error)
    }
}

/// Every finding for `puzzle`, errors first.
pub fn validate(puzzle: &Puzzle) -> Vec<Diagnostic> {
    findings(puzzle).into_iter().map(|f| f.diagnostic).collect()
}

/// Whether `puzzle` has no errors (warnings allowed).
pub fn is_valid(puzzle: &Puzzle) -> bool {
    validate(puzzle)
        .iter()
        .all(|d| d.severity != Severity::Error)
}

/// The result of checking a puzzle file's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextReport {
    /// The puzzle, when the text could be loaded.
    pub puzzle: Option<Puzzle>,
    /// The puzzle's type, when it could be loaded.
    pub puzzle_type: Option<PuzzleType>,
    /// Every finding, errors first, each with the line and column it refers to when known.
    pub diagnostics: Vec<Diagnostic>,
}

impl TextReport {
    /// Whether the text loaded and has no errors.
    pub fn is_valid(&self) -> bool {
        self.puzzle.is_some()
            && self
                .diagnostics
                .iter()
                .all(|d| d.severity != Severity::Error)
    }

    /// The error findings.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
    }

    /// The warning findings.
    pub fn warnings(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Warning)
    }
}

/// Checks a puzzle file's text: a load error, or every finding of [`validate`] with the line
/// and column of the cell (in the board or goal rows) or entry it refers to.
pub fn validate_text(text: &str) -> TextReport {
    let (puzzle, map) = match parse_with_source_map(text) {
        Ok(x) => x,
        Err(e) => {
            return TextReport {
                puzzle: None,
                puzzle_type: None,
                diagnostics: vec![Diagnostic::from_load_error(&e)],
            };
        }
    };
    let diagnostics = findings(&puzzle)
        .into_iter()
        .map(|f| locate(f, &map))
        .collect();
    TextReport {
        puzzle_type: Some(super::tiles::puzzle_type(&puzzle)),
        puzzle: Some(puzzle),
        diagnostics,
    }
}

fn locate(finding: Finding, map: &SourceMap) -> Diagnostic {
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

fn findings(puzzle: &Puzzle) -> Vec<Finding> {
    let mut out = Findings::default();
    if check_size(puzzle, &mut out) {
        let pieces = puzzle.pieces();
        check_pieces(puzzle, &pieces, &mut out);
        check_goal(puzzle, &pieces, &mut out);
        check_tiles(puzzle, &mut out);
        if !out.has_errors() {
            check_warnings(puzzle, &pieces, &mut out);
        }
        check_styles(puzzle, &pieces, &mut out);
        check_rules(puzzle, &pieces, &mut out);
    }
    let mut all = out.0;
    all.sort_by_key(|f| f.diagnostic.severity == Severity::Warning);
    all
}

/// Checks the board's dimensions; false when the rest cannot be checked.
fn check_size(puzzle: &Puzzle, out: &mut Findings) -> bool {
    let (rows, cols) = (puzzle.rows, puzzle.cols);
    if rows == 0 || cols == 0 {
        out.error(
            FindingKind::BoardEmpty,
            format!("the board is {rows}x{cols}; it needs at least one row and one column"),
            Vec::new(),
            Place::Puzzle,
        );
        return false;
    }
    if rows > MAX_SIDE || cols > MAX_SIDE {
        out.error(
            FindingKind::BoardTooLarge,
            format!("the board is {rows}x{cols}; at most {MAX_SIDE}x{MAX_SIDE} is allowed"),
            Vec::new(),
            Place::Puzzle,
        );
        return false;
    }
    let n = rows * cols;
    if puzzle.cells.len() != n {
        out.error(
            FindingKind::BoardCells,
            format!(
                "the board is {rows}x{cols} but holds {} cells instead of {n}",
                puzzle.cells.len()
            ),
            Vec::new(),
            Place::Puzzle,
        );
        return false;
    }
    if puzzle.goal.cells.len() != n {
        out.error(
            FindingKind::GoalCells,
            format!(
                "the board is {rows}x{cols} but the goal holds {} cells instead of {n}",
                puzzle.goal.cells.len()
            ),
            Vec::new(),
            Place::GoalField,
        );
        return false;
    }
    true
}

/// The 4-connected parts of a set of cells, each in reading order, largest first.
fn parts(cells: &[(usize, usize)]) -> Vec<Vec<(usize, usize)>> {
    let set: BTreeSet<(usize, usize)> = cells.iter().copied().collect();
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for &start in cells {
        if !seen.insert(start) {
            continue;
        }
        let mut part = vec![start];
        let mut stack = vec![start];
        while let Some((r, c)) = stack.pop() {
            let near = [
                (r.wrapping_sub(1), c),
                (r + 1, c),
                (r, c.wrapping_sub(1)),
                (r, c + 1),
            ];
            for n in near {
                if set.contains(&n) && seen.insert(n) {
                    part.push(n);
                    stack.push(n);
                }
            }
        }
        part.sort_unstable();
        out.push(part);
    }
    out.sort_by_key(|p| std::cmp::Reverse(p.len()));
    out
}

fn check_pieces(puzzle: &Puzzle, pieces: &[PieceCells], out: &mut Findings) {
    if pieces.is_empty() {
        out.error(
            FindingKind::NoPieces,
            "the board has no pieces; draw at least one piece".to_string(),
            Vec::new(),
            Place::Puzzle,
        );
    }
    for piece in pieces {
        let parts = parts(&piece.cells);
        if parts.len() > 1 {
            let cells: Vec<(usize, usize)> = parts[1..]
                .iter()
                .chain(&parts[..1])
                .flatten()
                .copied()
                .collect();
            out.error(
                FindingKind::PieceInParts,
                format!(
                    "piece `{}` is in {} separate parts; the cells of one piece must touch side \
                     by side (give each part its own token)",
                    piece.token,
                    parts.len()
                ),
                cells,
                Place::Board,
            );
        }
    }
    let mut by_kind: BTreeMap<String, Vec<&PieceCells>> = BTreeMap::new();
    for piece in pieces {
        if let Some(kind) = puzzle.styles.get(&piece.token).and_then(|s| s.kind.clone()) {
            by_kind.entry(kind).or_default().push(piece);
        }
    }
    for (kind, members) in by_kind {
        let first = members[0];
        for other in &members[1..] {
            if other.shape() != first.shape() {
                let cells = other.cells.iter().chain(&first.cells).copied().collect();
                out.error(
                    FindingKind::KindShapes,
                    format!(
                        "pieces `{}` and `{}` are both of kind \"{kind}\" but have different \
                         shapes; pieces of one kind must be identical",
                        first.token, other.token
                    ),
                    cells,
                    Place::Board,
                );
            }
        }
    }
}

#[expect(
    clippy::too_many_lines,
    reason = "the goal's checks in the order their findings are reported, each needing the last"
)]
fn check_goal(puzzle: &Puzzle, pieces: &[PieceCells], out: &mut Findings) {
    let goal_cells = puzzle.goal_cells();
    let mut by_token: BTreeMap<Token, Vec<(usize, usize)>> = BTreeMap::new();
    for &(r, c, t) in &goal_cells {
        by_token.entry(t).or_default().push((r, c));
    }
    let shapes: BTreeMap<Token, Vec<(usize, usize)>> =
        pieces.iter().map(|p| (p.token, p.shape())).collect();
    let mut ok = true;
    let mut wants = Vec::new();
    let mut placement_cache: BTreeMap<Vec<(usize, usize)>, Placements> = BTreeMap::new();
    for (token, cells) in &by_token {
        let Some(shape) = shapes.get(token) else {
            out.error(
                FindingKind::GoalUnknownPiece,
                format!("the goal names piece `{token}`, which is not on the board"),
                cells.clone(),
                Place::Goal,
            );
            ok = false;
            continue;
        };
        if !puzzle.goal.anywhere {
            let walls: Vec<(usize, usize)> = cells
                .iter()
                .copied()
                .filter(|&(r, c)| puzzle.cell(r, c) == Cell::Wall)
                .collect();
            if !walls.is_empty() {
                out.error(
                    FindingKind::GoalOnWall,
                    format!(
                        "the goal puts piece `{token}` on a wall at {}; nothing can ever stand \
                         on a wall",
                        cell_list(&walls)
                    ),
                    walls,
                    Place::Goal,
                );
                ok = false;
                continue;
            }
        }
        let places = Rc::clone(
            placement_cache
                .entry(shape.clone())
                .or_insert_with(|| Rc::new(placements(puzzle, shape))),
        );
        let coverable = if puzzle.goal.anywhere {
            shape_can_cover(shape, cells)
        } else {
            places
                .iter()
                .any(|p| cells.iter().all(|c| p.binary_search(c).is_ok()))
        };
        if !coverable {
            out.error(
                FindingKind::GoalUnreachable,
                format!(
                    "no position of piece `{token}` covers all of its goal cells ({}) at once",
                    cell_list(cells)
                ),
                cells.clone(),
                Place::Goal,
            );
            ok = false;
            continue;
        }
        wants.push(Want {
            cells: cells.clone(),
            placements: places,
        });
    }
    if !ok || wants.is_empty() {
        return;
    }
    let mut budget = JOINT_SEARCH_BUDGET;
    let mut any_fit = false;
    let mut unknown = false;
    for offset in puzzle.goal_offsets() {
        match joint_fit(puzzle, &wants, offset, &mut budget) {
            Some(true) => {
                any_fit = true;
                break;
            }
            Some(false) => {}
            None => {
                unknown = true;
                break;
            }
        }
    }
    if any_fit || unknown {
        return;
    }
    let all: Vec<(usize, usize)> = goal_cells.iter().map(|&(r, c, _)| (r, c)).collect();
    let message = if puzzle.goal.anywhere {
        "the floating goal pattern fits nowhere on the board: at every position some piece \
         cannot cover its goal cells without leaving the board, hitting a wall or overlapping \
         another piece"
    } else {
        "the goal cannot be met: the pieces it names cannot all stand in their goal positions \
         at once without overlapping"
    };
    out.error(
        FindingKind::GoalUnreachable,
        message.to_string(),
        all,
        Place::Goal,
    );
}

fn cell_list(cells: &[(usize, usize)]) -> String {
    cells
        .iter()
        .map(|(r, c)| format!("row {r} column {c}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn check_tiles(puzzle: &Puzzle, out: &mut Findings) {
    let Some(layout) = tile_layout(puzzle) else {
        return;
    };
    if is_solvable(&layout) {
        return;
    }
    let message = if layout.rows == 1 || layout.cols == 1 {
        "this tile puzzle cannot be solved: on a single row or column tiles cannot pass each \
         other, and the goal orders them differently from the start"
    } else {
        "this tile puzzle cannot be solved: the start and the goal have opposite permutation \
         parity, so no sequence of moves joins them (swap any two tiles to fix it)"
    };
    out.error(
        FindingKind::TileParity,
        message.to_string(),
        Vec::new(),
        Place::Puzzle,
    );
}

fn check_warnings(puzzle: &Puzzle, pieces: &[PieceCells], out: &mut Findings) {
    let movable = pieces
        .iter()
        .any(|p| Dir::ALL.iter().any(|&d| puzzle.can_step(p.token, d)));
    if !pieces.is_empty() && !movable {
        out.warning(
            FindingKind::NothingMoves,
            "nothing can move: no piece has room to step in any direction".to_string(),
            Vec::new(),
            Place::Puzzle,
        );
    }
    if puzzle.goal.is_empty() {
        out.warning(
            FindingKind::GoalEmpty,
            "the goal is empty, so every position satisfies it and there is nothing to solve; \
             mark the cells the pieces must reach"
                .to_string(),
            Vec::new(),
            Place::GoalField,
        );
    } else if puzzle.goal_satisfied() {
        let cells = puzzle
            .goal_cells()
            .iter()
            .map(|&(r, c, _)| (r, c))
            .collect();
        out.warning(
            FindingKind::StartIsGoal,
            "the start already satisfies the goal: the solution is empty".to_string(),
            cells,
            Place::Goal,
        );
    }
}

fn check_styles(puzzle: &Puzzle, pieces: &[PieceCells], out: &mut Findings) {
    let on_board: BTreeSet<Token> = pieces.iter().map(|p| p.token).collect();
    for (token, style) in &puzzle.styles {
        if style.kind.as_deref().is_some_and(|k| k.trim().is_empty()) {
            out.error(
                FindingKind::BlankKind,
                format!(
                    "piece `{token}` has a blank kind; give the kind a name, or clear it to make \
                     the piece its own kind"
                ),
                Vec::new(),
                Place::Style(*token),
            );
        }
        if !on_board.contains(token) {
            out.warning(
                FindingKind::UnusedStyle,
                format!(
                    "a name, colour or kind is set for piece `{token}`, which is not on the \
                     board; it is ignored and not saved"
                ),
                Vec::new(),
                Place::Style(*token),
            );
        }
    }
}

/// The rules of puzzle families: every zone admits pieces and kinds that exist, no piece
/// starts in (or, for an anchored goal, must end in) a zone closed to it, and the pieces of
/// one kind share an axis (they are interchangeable, so they must move alike).
#[expect(
    clippy::too_many_lines,
    reason = "the family rules in the order their findings are reported"
)]
fn check_rules(puzzle: &Puzzle, pieces: &[PieceCells], out: &mut Findings) {
    let cols = puzzle.cols;
    let on_board: BTreeSet<Token> = pieces.iter().map(|p| p.token).collect();
    let kinds: BTreeSet<String> = on_board.iter().map(|&t| puzzle.kind_of(t)).collect();
    for zone in &puzzle.zones {
        for (i, right) in zone.allow.iter().enumerate() {
            let known = match right {
                ZoneRight::Piece(t) => on_board.contains(t),
                ZoneRight::Kind(k) => kinds.contains(k),
            };
            if !known {
                out.error(
                    FindingKind::ZoneUnknownRight,
                    format!(
                        "zone `{}` admits {right}, but no such {} is on the board",
                        zone.name,
                        if matches!(right, ZoneRight::Piece(_)) {
                            "piece"
                        } else {
                            "kind"
                        }
                    ),
                    Vec::new(),
                    Place::ZoneRight(zone.name, i),
                );
            }
        }
    }
    for piece in pieces {
        let closed: Vec<(usize, usize)> = piece
            .cells
            .iter()
            .copied()
            .filter(|&(r, c)| puzzle.zone_refusing(piece.token, r * cols + c).is_some())
            .collect();
        if let Some(&(r, c)) = closed.first() {
            let zone = puzzle
                .zone_refusing(piece.token, r * cols + c)
                .unwrap_or(piece.token);
            out.error(
                FindingKind::StartInClosedZone,
                format!(
                    "piece `{}` starts in zone `{zone}`, which is closed to it; move the piece \
                     out of the zone or let the zone admit it",
                    piece.token
                ),
                closed,
                Place::Board,
            );
        }
    }
    if !puzzle.goal.anywhere {
        for (i, cell) in puzzle.goal.cells.iter().enumerate() {
            let Some(token) = *cell else { continue };
            if let Some(zone) = puzzle.zone_refusing(token, i) {
                out.error(
                    FindingKind::GoalInClosedZone,
                    format!(
                        "the goal puts piece `{token}` in zone `{zone}`, which is closed to it, \
                         so the goal can never be met"
                    ),
                    vec![(i / cols, i % cols)],
                    Place::Goal,
                );
            }
        }
    }
    let mut rules_of_kind: BTreeMap<&str, (Token, crate::model::Axis, u64)> = BTreeMap::new();
    for token in &on_board {
        let Some(style) = puzzle.styles.get(token) else {
            continue;
        };
        let Some(kind) = style.kind.as_deref() else {
            continue;
        };
        let rights = puzzle.zone_rights(*token);
        match rules_of_kind.get(kind) {
            Some(&(first, axis, _)) if axis != style.axis => out.error(
                FindingKind::KindAxes,
                format!(
                    "pieces `{first}` and `{token}` are both of kind \"{kind}\" but move along \
                     different axes ({axis} and {}); pieces of one kind must move alike",
                    style.axis
                ),
                Vec::new(),
                Place::Style(*token),
            ),
            Some(&(first, _, first_rights)) if first_rights != rights => out.error(
                FindingKind::KindZones,
                format!(
                    "pieces `{first}` and `{token}` are both of kind \"{kind}\" but may enter \
                     different zones; admit the kind as a whole (Kind(\"{kind}\")) so they \
                     move alike"
                ),
                Vec::new(),
                Place::Style(*token),
            ),
            Some(_) => {}
            None => {
                rules_of_kind.insert(kind, (*token, style.axis, rights));
            }
        }
    }
}
