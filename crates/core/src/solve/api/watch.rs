//! Watching a search: [`watch`] solves a puzzle like [`solve`](super::solve) with an observer
//! that records every step of the real run as a [`Trace`], each node with its position.
//!
//! The observer hears the algorithm's own node ids and moves (for block puzzles, those of the
//! narrow view the engine searches on, whose moves are the block domain's); it rebuilds each
//! node's state by applying the move to its parent's state in the puzzle's domain, and turns
//! it into a position of the puzzle for drawing.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rustc_hash::FxHashMap;

use crate::model::{Cell, Dir, Puzzle};
use crate::solve::core::{Domain, SearchControl};
use crate::solve::observe::{BACKWARD, Fate, Observer};
use crate::solve::puzzle_domain::PuzzleDomain;
use crate::solve::trace::{Trace, TraceEvent, TraceNode};

use super::prepare::{check_request, check_valid};
use super::report::SolveReport;
use super::request::{SolveError, SolveRequest, metric_for};
use super::search::solve_on;
use super::{Job, with_domain};

/// A watched solve: the report of the run and its trace.
#[derive(Clone, Debug)]
pub struct Watched {
    /// The report, exactly as [`solve`](super::solve) makes it (the statistics are the run's).
    pub report: SolveReport,
    /// Every step of the run, up to the cap.
    pub trace: Trace,
}

/// Solves `puzzle` as `request` says (see [`solve`](super::solve)), recording every step of
/// the search: the trace holds at most `cap` events, and a search that would make more is
/// stopped there (`trace.truncated`, and the report's status is `Cancelled`).
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
    // IDDFS and IDA* on one thread, so that their events follow the recursion.
    let control = control.with_threads(1);
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

fn watch_on<D: PuzzleDomain>(
    domain: &D,
    puzzle: &Puzzle,
    request: &SolveRequest,
    control: SearchControl,
    cap: usize,
) -> Result<Watched, SolveError> {
    let mut recorder = Recorder {
        domain,
        puzzle,
        cap,
        cancel: control.cancel_flag(),
        truncated: false,
        nodes: Vec::new(),
        states: Vec::new(),
        events: Vec::new(),
        ids: FxHashMap::default(),
        tree: 0,
        iterations: 0,
    };
    let report = solve_on(domain, puzzle, request, control, &mut recorder)?;
    let trace = Trace {
        algorithm: request.algorithm,
        weight: if request.algorithm == super::Algorithm::Wastar {
            request.weight
        } else {
            1.0
        },
        nodes: recorder.nodes,
        events: recorder.events,
        truncated: recorder.truncated,
    };
    Ok(Watched { report, trace })
}

/// The observer of a watched search.
struct Recorder<'a, D: Domain> {
    domain: &'a D,
    puzzle: &'a Puzzle,
    cap: usize,
    /// Raised at the cap, to stop the search.
    cancel: Arc<AtomicBool>,
    truncated: bool,
    nodes: Vec<TraceNode>,
    /// The state of every node, to apply its successors' moves to.
    states: Vec<D::State>,
    events: Vec<TraceEvent>,
    /// The algorithm's node ids (in the current tree) to their nodes here.
    ids: FxHashMap<u32, usize>,
    tree: u32,
    iterations: u32,
}

impl<D: PuzzleDomain> Recorder<'_, D> {
    /// Whether there is room for one more event; at the cap, stops the search.
    fn room(&mut self) -> bool {
        if self.events.len() < self.cap {
            return true;
        }
        self.truncated = true;
        self.cancel.store(true, Ordering::Relaxed);
        false
    }

    fn add_node(&mut self, state: D::State, node: TraceNode) -> usize {
        self.nodes.push(node);
        self.states.push(state);
        self.nodes.len() - 1
    }
}

impl<D: PuzzleDomain> Observer<D::Move> for Recorder<'_, D> {
    fn root(&mut self, node: u32, h: u32) {
        if !self.room() {
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
        if !self.room() {
            return;
        }
        self.tree = self.iterations;
        self.iterations += 1;
        self.ids.clear();
        self.events.push(TraceEvent::BoundRaised { bound });
    }

    fn expanded(&mut self, node: u32, _g: u32, _h: u32, frontier: u64) {
        if !self.room() {
            return;
        }
        if let Some(&index) = self.ids.get(&node) {
            self.events.push(TraceEvent::Expanded {
                node: index,
                frontier,
            });
        }
    }

    fn generated(&mut self, parent: u32, node: u32, mv: D::Move, g: u32, h: u32, fate: Fate) {
        if !self.room() {
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
        if !self.room() {
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
