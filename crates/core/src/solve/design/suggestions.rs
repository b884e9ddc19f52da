//! Where the next edit of a design should go: every one-step edit (a wall added on an empty
//! cell or removed, a piece removed, a piece moved to another place it fits, a 1x1 piece added
//! on an empty cell), each judged by the edited design's hardest start and start length.
//!
//! Every edit is analysed as `analyze` counts (through the front door's lean analysis,
//! [`hardest_starts`]: pieces of one kind identical, a piece without a kind its own kind), on
//! every thread the control allows, one edit per thread at a time, each within the control's
//! node limit; the time limit and the cancel flag bound the run as a whole. A figure a limit
//! stopped is reported as a lower bound, marked not exact.

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::model::rules::Axis;
use crate::model::shape::{bounding, normalise};
use crate::model::token::Token;
use crate::model::{Cell, Metric, PieceStyle, Puzzle};
use crate::solve::api::{AnalyzeReport, SolveError, hardest_starts};
use crate::solve::core::{Limits, SearchControl, Termination};

use super::mutate::{added_kind, fresh_token};
use super::rules::{Change, DesignRules, PaletteShape, check_input, kept_tokens};

/// The changes a one-step edit can make: walls, a piece removed, moved or added.
pub const SUGGESTED_CHANGES: [Change; 4] =
    [Change::Walls, Change::Remove, Change::Move, Change::Add];

/// What the edits may change and must keep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SuggestRules {
    /// How moves are counted.
    pub metric: Metric,
    /// The kinds of edit allowed (of [`SUGGESTED_CHANGES`]; [`Change::Reshape`] makes none).
    pub allow: BTreeSet<Change>,
    /// Pieces no edit touches.
    pub locked_pieces: BTreeSet<Token>,
    /// Cells (row-major indices) no edit writes: a wall stays, an empty cell stays empty, the
    /// piece on it stays where it is.
    pub locked_cells: BTreeSet<usize>,
}

impl SuggestRules {
    /// Every one-step edit in `metric`, nothing locked.
    pub fn new(metric: Metric) -> SuggestRules {
        SuggestRules {
            metric,
            allow: SUGGESTED_CHANGES.into(),
            locked_pieces: BTreeSet::new(),
            locked_cells: BTreeSet::new(),
        }
    }

    /// The same rules as a design search's, for the checks the two share.
    fn as_design_rules(&self) -> DesignRules {
        DesignRules {
            metric: self.metric,
            allow: self.allow.clone(),
            palette: vec![PaletteShape::new(&[(0, 0)], Axis::Free)],
            max_pieces: usize::MAX,
            max_walls: usize::MAX,
            locked_pieces: self.locked_pieces.clone(),
            locked_cells: self.locked_cells.clone(),
        }
    }
}

/// One one-step edit of a design.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// A wall on an empty cell (row-major index).
    AddWall(usize),
    /// The wall on a cell (row-major index) taken away.
    RemoveWall(usize),
    /// A piece taken away.
    RemovePiece(Token),
    /// A piece moved so that the top-left corner of its bounding box is at `(row, column)`.
    MovePiece(Token, (usize, usize)),
    /// A 1x1 piece on an empty cell (row-major index).
    AddPiece(usize),
}

impl Edit {
    /// The kind of change it is.
    pub fn change(&self) -> Change {
        match self {
            Edit::AddWall(_) | Edit::RemoveWall(_) => Change::Walls,
            Edit::RemovePiece(_) => Change::Remove,
            Edit::MovePiece(..) => Change::Move,
            Edit::AddPiece(_) => Change::Add,
        }
    }

    /// `design` with the edit made; `None` when it does not apply to `design` (no such
    /// piece, a cell not empty, a piece that does not fit).
    pub fn apply(&self, design: &Puzzle) -> Option<Puzzle> {
        let mut next = design.clone();
        match *self {
            Edit::AddWall(i) => {
                let cell = next.cells.get_mut(i)?;
                (*cell == Cell::Empty).then(|| *cell = Cell::Wall)?;
            }
            Edit::RemoveWall(i) => {
                let cell = next.cells.get_mut(i)?;
                (*cell == Cell::Wall).then(|| *cell = Cell::Empty)?;
            }
            Edit::RemovePiece(token) => {
                let piece = design.pieces().into_iter().find(|p| p.token == token)?;
                for &(r, c) in &piece.cells {
                    next.set_cell(r, c, Cell::Empty);
                }
                next.styles.remove(&token);
            }
            Edit::MovePiece(token, (r0, c0)) => {
                let piece = design.pieces().into_iter().find(|p| p.token == token)?;
                for &(r, c) in &piece.cells {
                    next.set_cell(r, c, Cell::Empty);
                }
                for (r, c) in normalise(&piece.cells) {
                    let (r, c) = (r0 + r, c0 + c);
                    if r >= next.rows || c >= next.cols || next.cell(r, c) != Cell::Empty {
                        return None;
                    }
                    next.set_cell(r, c, Cell::Piece(token));
                }
            }
            Edit::AddPiece(i) => {
                if next.cells.get(i) != Some(&Cell::Empty) {
                    return None;
                }
                let (token, style) = new_piece(design)?;
                next.styles.insert(token, style);
                next.cells[i] = Cell::Piece(token);
            }
        }
        Some(next)
    }

    /// The edit in words, rows and columns from 1 ("a wall at row 3, column 2", "move piece
    /// B (1x2 vertical) from row 1, column 1 to row 4, column 1"), as made on `design`.
    pub fn describe(&self, design: &Puzzle) -> String {
        let at = |i: usize| {
            format!(
                "row {}, column {}",
                i / design.cols + 1,
                i % design.cols + 1
            )
        };
        let piece = |token: Token| {
            design
                .pieces()
                .into_iter()
                .find(|p| p.token == token)
                .map(|p| {
                    let r = p.cells.iter().map(|c| c.0).min().unwrap_or(0);
                    let c = p.cells.iter().map(|c| c.1).min().unwrap_or(0);
                    (shape_words(&p.cells), r * design.cols + c)
                })
        };
        match *self {
            Edit::AddWall(i) => format!("a wall at {}", at(i)),
            Edit::RemoveWall(i) => format!("remove the wall at {}", at(i)),
            Edit::RemovePiece(token) => match piece(token) {
                Some((shape, i)) => format!("remove piece {token} ({shape}) at {}", at(i)),
                None => format!("remove piece {token}"),
            },
            Edit::MovePiece(token, (r, c)) => {
                let to = at(r * design.cols + c);
                match piece(token) {
                    Some((shape, i)) => {
                        format!("move piece {token} ({shape}) from {} to {to}", at(i))
                    }
                    None => format!("move piece {token} to {to}"),
                }
            }
            Edit::AddPiece(i) => format!("a 1x1 piece at {}", at(i)),
        }
    }
}

/// The token and style of a 1x1 piece added to `design`: a token no piece uses, the kind the
/// 1x1 pieces on the board share (else a kind of its own); `None` when no token is left.
fn new_piece(design: &Puzzle) -> Option<(Token, PieceStyle)> {
    let token = fresh_token(design)?;
    let shape = PaletteShape::new(&[(0, 0)], Axis::Free);
    let style = PieceStyle {
        kind: added_kind(design, &shape),
        ..PieceStyle::default()
    };
    Some((token, style))
}

/// A piece's shape in words: `1x1`, `2x2`, `1x2 vertical` (a bar, by its length and the way
/// it runs), or `5-cell` for a shape that is not a rectangle.
fn shape_words(cells: &[(usize, usize)]) -> String {
    let (h, w) = bounding(&normalise(cells));
    if cells.len() != h * w {
        format!("{}-cell", cells.len())
    } else if h == 1 && w > 1 {
        format!("1x{w} horizontal")
    } else if w == 1 && h > 1 {
        format!("1x{h} vertical")
    } else {
        format!("{h}x{w}")
    }
}

/// What one analysis found of a design: the figures a designer judges it by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Figures {
    /// The hardest start's distance to the goal in the start's component; `None` when no goal
    /// position is reachable or nothing is known. A lower bound when not [`Figures::exact`].
    pub hardest: Option<u32>,
    /// The start's optimal length; `None` when unsolvable or not known. A lower bound when
    /// not exact.
    pub start_length: Option<u32>,
    /// Positions in the start's component (at least this many when not exact).
    pub component: u64,
    /// `Some(true)` when a goal position is reachable, `Some(false)` when none is (the walk
    /// finished), `None` when a limit stopped the walk before it could tell.
    pub solvable: Option<bool>,
    /// Whether both figures are exact: no limit stopped the analysis.
    pub exact: bool,
    /// `Solved` or `Unsolvable` when complete, else the limit or cancel that stopped it.
    pub status: Termination,
}

impl Figures {
    /// The figures of an analysis.
    fn of(report: &AnalyzeReport) -> Figures {
        let exact = report.complete();
        let goal_reached = report.goal_positions > 0;
        // The walk back from the goal positions reached every distance of its histogram: a
        // position that far exists, so a stopped walk still bounds the hardest start below.
        let deepest = report
            .histogram
            .iter()
            .rposition(|&n| n > 0)
            .and_then(|d| u32::try_from(d).ok());
        // A lower bound of 0 says nothing: it is left unknown.
        let hardest = match &report.hardest {
            Some(h) => Some(h.distance),
            None if exact => None,
            None => deepest.filter(|&d| d > 0),
        };
        // A start not met in the layers the walk back finished lies beyond them: the last
        // layer (perhaps unfinished) is the least it can be.
        let start_length = match report.start_distance {
            Some(d) => Some(d),
            None if exact => None,
            None => report
                .histogram
                .len()
                .checked_sub(1)
                .and_then(|d| u32::try_from(d).ok())
                .filter(|&d| d > 0),
        };
        Figures {
            hardest,
            start_length,
            component: report.component,
            solvable: if exact {
                Some(report.status == Termination::Solved)
            } else {
                goal_reached.then_some(true)
            },
            exact,
            status: report.status,
        }
    }

    /// The figures of an edit that was not analysed: a limit or a cancel came first.
    fn unknown(status: Termination) -> Figures {
        Figures {
            hardest: None,
            start_length: None,
            component: 0,
            solvable: None,
            exact: false,
            status,
        }
    }

    /// The key edits are sorted by, larger first: a reachable goal, a harder hardest start,
    /// then a longer start.
    fn rank(&self) -> (bool, Option<u32>, Option<u32>) {
        (self.hardest.is_some(), self.hardest, self.start_length)
    }
}

/// One edit and what it does.
#[derive(Clone, Debug)]
pub struct Suggestion {
    /// The edit.
    pub edit: Edit,
    /// The edit in words ([`Edit::describe`]).
    pub words: String,
    /// The design with the edit made, its start the edited start.
    pub design: Puzzle,
    /// The edited design's figures.
    pub figures: Figures,
}

/// What [`suggest`] found.
#[derive(Clone, Debug)]
pub struct SuggestReport {
    /// The metric of every figure.
    pub metric: Metric,
    /// `Solved` when every edit was analysed to the end; else what stopped the analyses:
    /// `Cancelled`, else `TimeLimit`, else the limit that stopped one edit's analysis.
    pub status: Termination,
    /// The design's own figures, before any edit.
    pub current: Figures,
    /// Every edit, best first: a reachable goal, then a harder hardest start, then a longer
    /// start length; ties in the order the edits were listed. Edits not analysed (a limit
    /// or a cancel came first) come last, their figures unknown.
    pub suggestions: Vec<Suggestion>,
    /// Edits whose design the front door refused, with its reason (in words).
    pub refused: Vec<(String, String)>,
    /// Edits analysed (to the end or to a limit).
    pub analysed: usize,
    /// Time the run took.
    pub elapsed: Duration,
}

impl SuggestReport {
    /// Whether every figure is exact: the design's and every edit's analysis finished.
    pub fn complete(&self) -> bool {
        self.status == Termination::Solved
    }
}

/// How far [`suggest`] has come, told after every edit analysed: an app can draw each edit on
/// its map as it comes, before the run ends.
#[derive(Clone, Copy, Debug)]
pub struct SuggestProgress<'a> {
    /// Edits analysed so far.
    pub done: usize,
    /// Edits in all.
    pub total: usize,
    /// The edit just analysed, with its figures; `None` when the front door refused its
    /// design.
    pub latest: Option<&'a Suggestion>,
}

/// The progress sink of [`suggest`], called from its worker threads after every edit.
pub type SuggestProgressFn<'a> = dyn Fn(&SuggestProgress<'_>) + Sync + 'a;

/// Every one-step edit of `design` that `rules` allow, in a fixed order: walls added (reading
/// order), walls removed, pieces removed, pieces moved, 1x1 pieces added.
///
/// Walls go on empty cells that no rule holds and that are neither in the goal nor in a zone
/// (as `improve` places them); pieces removed are those not kept (the goal's, a zone's, a
/// locked one, one on a locked cell); a piece moves to every other place its shape fits (empty
/// cells or its own, none locked, each one it may cover); a 1x1 piece goes on every empty cell
/// not locked that it may cover, taking the kind the 1x1 pieces on the board share, else a
/// kind of its own.
pub fn edits(design: &Puzzle, rules: &SuggestRules) -> Vec<Edit> {
    let design_rules = rules.as_design_rules();
    let kept = kept_tokens(design, &design_rules);
    let mut frozen = vec![false; design.cells.len()];
    for &cell in &rules.locked_cells {
        if let Some(f) = frozen.get_mut(cell) {
            *f = true;
        }
    }
    let pieces = design.pieces();
    for piece in &pieces {
        if rules.locked_pieces.contains(&piece.token) {
            for &(r, c) in &piece.cells {
                frozen[r * design.cols + c] = true;
            }
        }
    }
    let movable =
        |cells: &[(usize, usize)]| cells.iter().all(|&(r, c)| !frozen[r * design.cols + c]);
    let empty = |i: usize| design.cells[i] == Cell::Empty && !frozen[i];
    let allows = |c: Change| rules.allow.contains(&c);
    let mut out = Vec::new();
    if allows(Change::Walls) {
        out.extend(
            (0..design.cells.len())
                .filter(|&i| {
                    empty(i)
                        && design.goal.cells[i].is_none()
                        && design.zones.iter().all(|z| !z.cells[i])
                })
                .map(Edit::AddWall),
        );
        out.extend(
            (0..design.cells.len())
                .filter(|&i| design.cells[i] == Cell::Wall && !frozen[i])
                .map(Edit::RemoveWall),
        );
    }
    if allows(Change::Remove) {
        out.extend(
            pieces
                .iter()
                .filter(|p| !kept.contains(&p.token) && movable(&p.cells))
                .map(|p| Edit::RemovePiece(p.token)),
        );
    }
    if allows(Change::Move) {
        for piece in pieces
            .iter()
            .filter(|p| !rules.locked_pieces.contains(&p.token) && movable(&p.cells))
        {
            let shape = normalise(&piece.cells);
            let (h, w) = bounding(&shape);
            let here = (
                piece.cells.iter().map(|c| c.0).min().unwrap_or(0),
                piece.cells.iter().map(|c| c.1).min().unwrap_or(0),
            );
            let fits = |r0: usize, c0: usize| {
                shape.iter().all(|&(r, c)| {
                    let i = (r0 + r) * design.cols + c0 + c;
                    let free = design.cells[i] == Cell::Empty
                        || design.cells[i] == Cell::Piece(piece.token);
                    free && !frozen[i] && design.may_cover(piece.token, i)
                })
            };
            for r0 in 0..=design.rows.saturating_sub(h) {
                for c0 in 0..=design.cols.saturating_sub(w) {
                    if (r0, c0) != here && h <= design.rows && w <= design.cols && fits(r0, c0) {
                        out.push(Edit::MovePiece(piece.token, (r0, c0)));
                    }
                }
            }
        }
    }
    if allows(Change::Add)
        && let Some((token, style)) = new_piece(design)
    {
        // The new piece goes only where its kind may stand (a zone may be closed to it).
        let mut probe = design.clone();
        probe.styles.insert(token, style);
        out.extend(
            (0..design.cells.len())
                .filter(|&i| empty(i) && probe.may_cover(token, i))
                .map(Edit::AddPiece),
        );
    }
    out
}

/// Analyses every one-step edit of `design` that `rules` allow ([`edits`]): each edited
/// design's hardest start and start length, as `analyze` counts them, best first.
///
/// - `control`: its threads are the edits analysed at once (each walk on one thread); its
///   node limit bounds each edit's analysis, its time limit and cancel flag the whole run, its
///   memory limit is shared among the threads. Its progress sink is not used: `progress`
///   hears after every edit how many are done, and the edit with its figures.
///
/// An edit whose analysis a limit stopped keeps what it found as lower bounds, marked not
/// exact; once the time is up or the run is cancelled, the edits left are listed with unknown
/// figures and the report's status says why.
///
/// # Errors
/// [`SolveError::Invalid`] when `design` does not validate; [`SolveError::Refused`] for a
/// numbered-tile puzzle; [`SolveError::NotApplicable`] when `rules` allow no edit kind of
/// [`SUGGESTED_CHANGES`].
pub fn suggest(
    design: &Puzzle,
    rules: &SuggestRules,
    control: &SearchControl,
    progress: Option<&SuggestProgressFn<'_>>,
) -> Result<SuggestReport, SolveError> {
    check_input(design)?;
    if !SUGGESTED_CHANGES.iter().any(|c| rules.allow.contains(c)) {
        return Err(SolveError::not_applicable(
            "no one-step edit is allowed: allow at least one of walls, remove, move, add",
        ));
    }
    let started = Instant::now();
    let run = Run {
        limits: control.limits,
        cancel: control.cancel_flag(),
        started: started.checked_sub(control.elapsed()).unwrap_or(started),
        threads: control.threads().max(1),
        metric: rules.metric,
    };
    let current = run.analyse(design)?;
    let edits = edits(design, rules);
    let outcomes = run.analyse_all(design, &edits, progress);
    let mut suggestions = Vec::with_capacity(edits.len());
    let mut refused = Vec::new();
    let mut analysed = 0;
    // What stopped the run as a whole: Ctrl-C, else the clock, else one edit's own limit.
    let stop_rank = |status: Termination| match status {
        Termination::Solved | Termination::Unsolvable => 0,
        Termination::Cancelled => 3,
        Termination::TimeLimit => 2,
        _ => 1,
    };
    let mut status = if current.exact {
        Termination::Solved
    } else {
        current.status
    };
    for (edit, outcome) in edits.into_iter().zip(outcomes) {
        let suggestion = match outcome {
            Outcome::Analysed(suggestion) => {
                analysed += 1;
                *suggestion
            }
            Outcome::Skipped(stop) => match edit.apply(design) {
                Some(edited) => Suggestion {
                    words: edit.describe(design),
                    edit,
                    design: edited,
                    figures: Figures::unknown(stop),
                },
                None => continue,
            },
            Outcome::Refused(words, why) => {
                refused.push((words, why));
                continue;
            }
        };
        if !suggestion.figures.exact && stop_rank(suggestion.figures.status) > stop_rank(status) {
            status = suggestion.figures.status;
        }
        suggestions.push(suggestion);
    }
    // A stable sort: ties keep the order the edits were listed in.
    suggestions.sort_by_key(|s| std::cmp::Reverse(s.figures.rank()));
    Ok(SuggestReport {
        metric: rules.metric,
        status,
        current,
        suggestions,
        refused,
        analysed,
        elapsed: started.elapsed(),
    })
}

/// What became of one edit.
enum Outcome {
    /// Analysed: the edit, the edited design and its figures.
    Analysed(Box<Suggestion>),
    /// Not analysed: a limit or a cancel came first.
    Skipped(Termination),
    /// The front door refused the edited design: the edit in words, and why.
    Refused(String, String),
}

/// Puts `outcome` in `slot`.
fn store(slot: &Mutex<Option<Outcome>>, outcome: Outcome) {
    *slot
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(outcome);
}

/// What the threads of one run share: the limits, the cancel flag, the clock.
struct Run {
    limits: Limits,
    cancel: Arc<AtomicBool>,
    started: Instant,
    threads: usize,
    metric: Metric,
}

impl Run {
    /// What became of each of `edits` of `design`, in their order: analysed on the run's
    /// threads, each thread taking the next edit left, `progress` told after each.
    fn analyse_all(
        &self,
        design: &Puzzle,
        edits: &[Edit],
        progress: Option<&SuggestProgressFn<'_>>,
    ) -> Vec<Outcome> {
        let total = edits.len();
        let results: Vec<Mutex<Option<Outcome>>> = (0..total).map(|_| Mutex::new(None)).collect();
        let next = AtomicUsize::new(0);
        let done = AtomicUsize::new(0);
        let work = || {
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(edit) = edits.get(i) else {
                    break;
                };
                if let Some(stop) = self.stopped() {
                    store(&results[i], Outcome::Skipped(stop));
                    continue;
                }
                let outcome = self.outcome(design, edit);
                let now = done.fetch_add(1, Ordering::Relaxed) + 1;
                if let Some(sink) = progress {
                    let latest = match &outcome {
                        Outcome::Analysed(suggestion) => Some(&**suggestion),
                        _ => None,
                    };
                    sink(&SuggestProgress {
                        done: now,
                        total,
                        latest,
                    });
                }
                store(&results[i], outcome);
            }
        };
        std::thread::scope(|scope| {
            for _ in 1..self.threads.min(total.max(1)) {
                scope.spawn(work);
            }
            work();
        });
        results
            .into_iter()
            .map(|slot| {
                slot.into_inner()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .unwrap_or(Outcome::Skipped(Termination::Cancelled))
            })
            .collect()
    }

    /// What becomes of `edit` of `design`: the edited design analysed, or refused.
    fn outcome(&self, design: &Puzzle, edit: &Edit) -> Outcome {
        let words = edit.describe(design);
        match edit.apply(design) {
            Some(edited) => match self.analyse(&edited) {
                Ok(figures) => Outcome::Analysed(Box::new(Suggestion {
                    edit: edit.clone(),
                    words,
                    design: edited,
                    figures,
                })),
                Err(e) => Outcome::Refused(words, e.to_string()),
            },
            None => Outcome::Refused(words, "the edit does not apply".to_string()),
        }
    }

    /// Why the run must stop before its next analysis, if it must.
    fn stopped(&self) -> Option<Termination> {
        if self.cancel.load(Ordering::Relaxed) {
            Some(Termination::Cancelled)
        } else if self.started.elapsed() >= self.limits.max_time {
            Some(Termination::TimeLimit)
        } else {
            None
        }
    }

    /// The figures of `design` within one edit's share of the limits: the node limit, the
    /// time left, the memory divided among the threads, on one thread.
    fn analyse(&self, design: &Puzzle) -> Result<Figures, SolveError> {
        let control = SearchControl::new(Limits {
            max_nodes: self.limits.max_nodes,
            max_time: self.limits.max_time.saturating_sub(self.started.elapsed()),
            max_memory_bytes: self.limits.max_memory_bytes / self.threads as u64,
        })
        .with_cancel(Arc::clone(&self.cancel));
        hardest_starts(design, self.metric, control).map(|report| Figures::of(&report))
    }
}
