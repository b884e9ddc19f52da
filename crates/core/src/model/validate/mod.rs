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
//! - a numbered-tile puzzle of more than 1,000 cells (tiles are numbered up to 999), or whose
//!   permutation parity makes the goal unreachable.
//!
//! Warnings (the puzzle can be searched, but something is probably not intended):
//! - nothing can move;
//! - the goal is empty (every position satisfies it: there is nothing to solve);
//! - the start already satisfies the goal;
//! - a style is set for a piece that is not on the board.

use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

mod findings;
mod fit;
mod rules;

use findings::{Finding, Findings, Place, locate};
use fit::{JOINT_SEARCH_BUDGET, Placements, Want, joint_fit, placements, shape_can_cover};

use crate::model::file::parse_with_source_map;
use crate::model::puzzle::{Cell, Dir, MAX_SIDE, PieceCells, Puzzle, PuzzleType};
use crate::model::tiles::{MAX_TILE_CELLS, is_solvable, tile_layout};
use crate::model::token::Token;

use rules::check_rules;

pub use findings::{Diagnostic, FindingKind, Severity};

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
        .map(|(r, c)| format!("row {} column {}", r + 1, c + 1))
        .collect::<Vec<_>>()
        .join(", ")
}

fn check_tiles(puzzle: &Puzzle, out: &mut Findings) {
    let Some(layout) = tile_layout(puzzle) else {
        return;
    };
    let cells = layout.start.len();
    if cells > MAX_TILE_CELLS {
        // The limit of inline tiles, batch lists and generated instances, kept for files too
        // so that every way of giving a tile puzzle takes the same boards.
        out.error(
            FindingKind::TileBoardTooLarge,
            format!(
                "this tile puzzle has {cells} cells; a tile board has at most {MAX_TILE_CELLS} \
                 (tiles 1 to {})",
                MAX_TILE_CELLS - 1
            ),
            Vec::new(),
            Place::Puzzle,
        );
        return;
    }
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
