//! Watching a search: [`watch`] solves a puzzle like [`solve`](super::solve) with an observer
//! that records every step of the real run as a [`Trace`], each node with its position.
//!
//! The observer hears the algorithm's own node ids and moves (for block puzzles, those of the
//! narrow view the engine searches on, whose moves are the block domain's); it rebuilds each
//! node's state by applying the move to its parent's state in the puzzle's domain, and turns
//! it into a position of the puzzle for drawing.

use rustc_hash::FxHashMap;

use crate::model::{Cell, Dir, Puzzle};
use crate::solve::core::{Domain, SearchControl, Termination};
use crate::solve::observe::{BACKWARD, Fate, Observer};
use crate::solve::puzzle_domain::PuzzleDomain;
use crate::solve::trace::{Trace, TraceEvent, TraceNode};

use super::prepare::{check_request, check_valid};
use super::report::SolveReport;
use super::request::{SolveError, SolveRequest, metric_for};
use super::search::{Prepared, prepare};
use super::{Job, with_domain};

/// A watched solve: the report of the run and its trace.
#[derive(Clone, Debug)]
pub struct Watched {
    /// The report, as [`solve`](super::solve) makes it; its statistics are those of the run
    /// the trace records, even when the trace's cap stopped it.
    pub report: SolveReport,
    /// Every step of the run.
    pub trace: Trace,
}

/// Solves `puzzle` as `request` says (see [`solve`](super::solve)), recording every step of
/// the search.
///
/// The trace holds at most `cap` events. A search that would make more is stopped after its
/// last expansion whose events all fit, with the status [`Termination::TraceLimit`] and
/// `trace.truncated` set; its statistics are those of the stopped run, so they end where the
/// trace ends.
///
/// IDDFS and IDA* run on one thread, so that their events follow the recursion.
///
/// # Errors
/// As [`solve`](super::solve).
pub fn watch(
    puzzle: &Puzzle,
    request: &SolveRequest,
    control: SearchControl,
    cap: usize,
) -> Result<Watched, SolveError> {
    check_valid(puzzle)?;
    check_request(request)?;
    let metric = metric_for(puzzle, request.metric);
    with_domain(
        puzzle,
        metric,
        request.pdb_cache.as_deref(),
        WatchJob {
            puzzle,
            request,
            control,
            cap,
        },
    )
}

/// [`watch`]'s job.
struct WatchJob<'a> {
    puzzle: &'a Puzzle,
    request: &'a SolveRequest,
    control: SearchControl,
    cap: usize,
}

impl Job for WatchJob<'_> {
    type Output = Watched;

    fn run<D: PuzzleDomain>(self, domain: &D) -> Result<Watched, SolveError> {
        watch_on(domain, self.puzzle, self.request, self.control, self.cap)
    }
}

/// The steps of a solve (see [`solve_on`](super::search::solve_on)), with the search run
/// twice when the trace fills up.
///
/// An observer cannot stop a search between two expansions: the cancel flag is read only
/// every [`CHECK_EVERY`](crate::solve::core::CHECK_EVERY) expansions, and a search stopped
/// late has statistics beyond its trace. Every algorithm stops exactly at its node limit,
/// and the searches are deterministic on one thread, so the first run finds how many
/// expansions fit in the trace and the second is stopped there by the node limit, recording
/// everything. The heuristic is built once, under the caller's limits, before either run:
/// its tables (a block pattern database) are searched under the node limit too, which the
/// runs lower.
fn watch_on<D: PuzzleDomain>(
    domain: &D,
    puzzle: &Puzzle,
    request: &SolveRequest,
    mut control: SearchControl,
    cap: usize,
) -> Result<Watched, SolveError> {
    let ready = match prepare(domain, puzzle, request, &mut control)? {
        Prepared::Ready(ready) => ready,
        Prepared::Answered(report) => {
            return Ok(Watched {
                report,
                trace: Recorder::new(domain, puzzle, cap).into_trace(request, false),
            });
        }
    };
    let run = |control: &mut SearchControl, cap| {
        let mut recorder = Recorder::new(domain, puzzle, cap);
        let outcome = ready.search(control, &mut recorder);
        (outcome, recorder)
    };
    // Every expansion records at least its own event, after the root's: a search that fits
    // the trace expands fewer than `cap` nodes, and this limit only shortens one that does
    // not, which would otherwise run on unrecorded to the caller's limits.
    control.limits.max_nodes = control.limits.max_nodes.min(cap as u64);
    let (mut outcome, mut recorder) = run(&mut control, cap);
    let mut truncated = false;
    if let Some(fits) = recorder.fits {
        control.limits.max_nodes = fits;
        (outcome, recorder) = run(&mut control, usize::MAX);
        if outcome.termination == Termination::NodeLimit {
            outcome.termination = Termination::TraceLimit;
            truncated = true;
        }
    }
    Ok(Watched {
        report: ready.report(&outcome),
        trace: recorder.into_trace(request, truncated),
    })
}

/// The observer of a watched search.
struct Recorder<'a, D: Domain> {
    domain: &'a D,
    puzzle: &'a Puzzle,
    /// The most events it records; later ones are dropped.
    cap: usize,
    /// Expansions recorded.
    expansions: u64,
    /// Once an event was dropped: how many expansions had all their events recorded.
    fits: Option<u64>,
    nodes: Vec<TraceNode>,
    /// The state of every node, to apply its successors' moves to.
    states: Vec<D::State>,
    events: Vec<TraceEvent>,
    /// The algorithm's node ids (in the current tree) to their nodes here.
    ids: FxHashMap<u32, usize>,
    tree: u32,
    iterations: u32,
}

impl<'a, D: PuzzleDomain> Recorder<'a, D> {
    fn new(domain: &'a D, puzzle: &'a Puzzle, cap: usize) -> Self {
        Recorder {
            domain,
            puzzle,
            cap,
            expansions: 0,
            fits: None,
            nodes: Vec::new(),
            states: Vec::new(),
            events: Vec::new(),
            ids: FxHashMap::default(),
            tree: 0,
            iterations: 0,
        }
    }

    /// Whether there is room for one more event. `opens` says whether the event begins an
    /// expansion, a root or a round, rather than continuing the last expansion (its
    /// successors, its goal): when the first event is dropped, the last expansion recorded
    /// fits whole only if the dropped event opens something new.
    fn room(&mut self, opens: bool) -> bool {
        if self.events.len() < self.cap {
            return true;
        }
        if self.fits.is_none() {
            self.fits = Some(if opens {
                self.expansions
            } else {
                self.expansions.saturating_sub(1)
            });
        }
        false
    }

    fn add_node(&mut self, state: D::State, node: TraceNode) -> usize {
        self.nodes.push(node);
        self.states.push(state);
        self.nodes.len() - 1
    }

    /// The trace of the run, `truncated` when its cap stopped it.
    fn into_trace(self, request: &SolveRequest, truncated: bool) -> Trace {
        Trace {
            algorithm: request.algorithm,
            weight: if request.algorithm == super::Algorithm::Wastar {
                request.weight
            } else {
                1.0
            },
            nodes: self.nodes,
            events: self.events,
            truncated,
        }
    }
}

impl<D: PuzzleDomain> Observer<D::Move> for Recorder<'_, D> {
    fn root(&mut self, node: u32, h: u32) {
        if !self.room(true) {
            return;
        }
        let backward = node & BACKWARD != 0;
        let state = if backward {
            self.domain
                .goal_state()
                .unwrap_or_else(|_| self.domain.start())
        } else {
            self.domain.start()
        };
        let position = self.domain.position(self.puzzle, &state);
        let index = self.add_node(
            state,
            TraceNode {
                parent: None,
                label: String::new(),
                g: 0,
                h,
                fate: Fate::Queued,
                tree: self.tree,
                backward,
                position,
            },
        );
        self.ids.insert(node, index);
        self.events.push(TraceEvent::Root { node: index });
    }

    fn bound_raised(&mut self, bound: u32) {
        if !self.room(true) {
            return;
        }
        self.tree = self.iterations;
        self.iterations += 1;
        self.ids.clear();
        self.events.push(TraceEvent::BoundRaised { bound });
    }

    fn expanded(&mut self, node: u32, _g: u32, _h: u32, frontier: u64) {
        if !self.room(true) {
            return;
        }
        if let Some(&index) = self.ids.get(&node) {
            self.expansions += 1;
            self.events.push(TraceEvent::Expanded {
                node: index,
                frontier,
            });
        }
    }

    fn generated(&mut self, parent: u32, node: u32, mv: D::Move, g: u32, h: u32, fate: Fate) {
        if !self.room(false) {
            return;
        }
        let Some(&from) = self.ids.get(&parent) else {
            return;
        };
        let state = self.domain.apply(&self.states[from], mv);
        let position = self.domain.position(self.puzzle, &state);
        let label = move_label(&self.nodes[from].position, &position);
        let index = self.add_node(
            state,
            TraceNode {
                parent: Some(from),
                label,
                g,
                h,
                fate,
                tree: self.tree,
                backward: parent & BACKWARD != 0,
                position,
            },
        );
        if matches!(fate, Fate::Queued | Fate::Reopened) {
            self.ids.insert(node, index);
        }
        self.events
            .push(TraceEvent::Generated { node: index, fate });
    }

    fn goal(&mut self, node: u32) {
        if !self.room(false) {
            return;
        }
        if let Some(&index) = self.ids.get(&node) {
            self.events.push(TraceEvent::Goal { node: index });
        }
    }
}

/// The move from `from` to `to` in words: the piece whose cells changed and how far it went
/// (`7 left`, `B down 2`, `A up 1, right 2`).
fn move_label(from: &Puzzle, to: &Puzzle) -> String {
    let Some(token) = to
        .cells
        .iter()
        .zip(&from.cells)
        .find_map(|(now, before)| match now {
            Cell::Piece(t) if now != before => Some(*t),
            _ => None,
        })
    else {
        return String::new();
    };
    let first = |p: &Puzzle| p.cells.iter().position(|c| *c == Cell::Piece(token));
    let (Some(a), Some(b)) = (first(from), first(to)) else {
        return token.to_string();
    };
    let cols = from.cols as i64;
    let (dr, dc) = (
        (b as i64 / cols) - (a as i64 / cols),
        (b as i64 % cols) - (a as i64 % cols),
    );
    let mut parts = Vec::new();
    for (delta, minus, plus) in [(dr, Dir::Up, Dir::Down), (dc, Dir::Left, Dir::Right)] {
        let dir = if delta < 0 { minus } else { plus };
        match delta.abs() {
            0 => {}
            1 => parts.push(dir.word().to_string()),
            n => parts.push(format!("{} {n}", dir.word())),
        }
    }
    format!("{token} {}", parts.join(", "))
}
