//! Watching a search: [`watch`] solves a puzzle like [`solve`](super::solve) with an observer
//! that records every step of the real run as a [`Trace`], each node with its position.
//!
//! The observer hears the algorithm's own node ids and moves (for block puzzles, those of the
//! narrow view the engine searches on, whose moves are the block domain's); it rebuilds each
//! node's state by applying the move to its parent's state in the puzzle's domain, turns it
//! into a position of the puzzle, and records only the cells where it differs from its
//! parent's. It keeps the states of the nodes still waiting to be expanded, not of every
//! node, so a search of millions of nodes is recorded in a few dozen bytes a node.

use rustc_hash::FxHashMap;

use crate::model::relabel::{has_lookalikes, relabel_like};
use crate::model::{Cell, Puzzle};
use crate::solve::core::{Domain, SearchControl, Termination};
use crate::solve::observe::{BACKWARD, Fate, Observer};
use crate::solve::puzzle_domain::PuzzleDomain;
use crate::solve::trace::{Boards, Trace, TraceEvent, TraceNode};

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
    boards: Boards,
    /// The states of the nodes that may still be expanded, by node, to apply their
    /// successors' moves to.
    waiting: FxHashMap<usize, (D::State, Option<Vec<Cell>>)>,
    /// Whether the puzzle has pieces the domain may name in another order (see
    /// [`relabel_like`]): then every board is named after its parent's, and a node waiting
    /// to be expanded keeps its board.
    relabel: bool,
    /// The nodes being expanded, each with its state and cells: the one expanded last on top,
    /// and below it the ancestors whose successors a depth-first search may still generate
    /// (a best-first search keeps only the one on top).
    open: Vec<(usize, D::State, Vec<Cell>)>,
    events: Vec<TraceEvent>,
    /// The algorithm's node ids (in the current tree) to their nodes here.
    ids: FxHashMap<u32, usize>,
    /// Reopened nodes to the nodes they reopen.
    reopens: FxHashMap<u32, u32>,
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
            boards: Boards::new(puzzle),
            waiting: FxHashMap::default(),
            relabel: has_lookalikes(puzzle),
            open: Vec::new(),
            events: Vec::new(),
            ids: FxHashMap::default(),
            reopens: FxHashMap::default(),
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

    /// Closes the open nodes above `node` (all of them if it is not open): a search that
    /// expands or generates from `node` is done with the nodes expanded after it.
    fn close_down_to(&mut self, node: Option<usize>) {
        let keep = node
            .and_then(|n| self.open.iter().rposition(|(i, ..)| *i == n))
            .map_or(0, |at| at + 1);
        self.open.truncate(keep);
    }

    /// The cells of `state`'s position.
    fn cells(&self, state: &D::State) -> Vec<Cell> {
        self.domain.position(self.puzzle, state).cells
    }

    /// Adds `node`, whose board is `cells` and whose parent's board is `from`; keeps `state`
    /// and the board when the node may be expanded later.
    fn add_node(
        &mut self,
        mut node: TraceNode,
        state: Option<D::State>,
        from: &[Cell],
        cells: Vec<Cell>,
    ) -> usize {
        node.changes = self.boards.record(from, &cells);
        self.nodes.push(node);
        let index = self.nodes.len() - 1;
        if let Some(state) = state {
            let cells = self.relabel.then_some(cells);
            self.waiting.insert(index, (state, cells));
        }
        index
    }

    /// The trace of the run, `truncated` when its cap stopped it.
    fn into_trace(self, request: &SolveRequest, truncated: bool) -> Trace {
        let weight = if request.algorithm == super::Algorithm::Wastar {
            request.weight
        } else {
            1.0
        };
        let mut trace = Trace::new(
            request.algorithm,
            weight,
            self.nodes,
            self.events,
            self.boards,
            self.reopens,
        );
        trace.truncated = truncated;
        trace
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
        let cells = self.cells(&state);
        let index = self.add_node(
            TraceNode {
                parent: None,
                g: 0,
                h,
                fate: Fate::Queued,
                tree: self.tree,
                backward,
                changes: 0,
            },
            Some(state),
            &self.puzzle.cells,
            cells,
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
        // The last round's nodes are never expanded again.
        self.waiting.clear();
        self.open.clear();
        self.events.push(TraceEvent::BoundRaised { bound });
    }

    fn expanded(&mut self, node: u32, _g: u32, _h: u32, frontier: u64) {
        if !self.room(true) {
            return;
        }
        if let Some(&index) = self.ids.get(&node) {
            self.expansions += 1;
            // A node is expanded once (a reopened one is a node of its own): its state moves
            // to the open nodes, above its parent's if that is still open.
            let parent = self.nodes[index].parent_index();
            self.close_down_to(parent);
            if let Some((state, cells)) = self.waiting.remove(&index) {
                let cells = cells.unwrap_or_else(|| self.cells(&state));
                self.open.push((index, state, cells));
            }
            self.events.push(TraceEvent::Expanded {
                node: index,
                frontier: u32::try_from(frontier).unwrap_or(u32::MAX),
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
        self.close_down_to(Some(from));
        // Invariant: an algorithm generates successors only of a node it has expanded and
        // not yet left, which is then the top open node.
        let Some((_, parent_state, parent_cells)) = self.open.pop_if(|(i, ..)| *i == from) else {
            return;
        };
        let state = self.domain.apply(&parent_state, mv);
        // The domain may name interchangeable pieces in another order than the parent's
        // board: named after it, the board shows the one piece that moved.
        let mut cells = self.cells(&state);
        if self.relabel {
            cells = relabel_like(self.puzzle, &cells, &parent_cells);
        }
        let kept = matches!(fate, Fate::Queued | Fate::Reopened).then_some(state);
        let index = self.add_node(
            TraceNode {
                parent: Some(from as u32),
                g,
                h,
                fate,
                tree: self.tree,
                backward: parent & BACKWARD != 0,
                changes: 0,
            },
            kept,
            &parent_cells,
            cells,
        );
        self.open.push((from, parent_state, parent_cells));
        if matches!(fate, Fate::Queued | Fate::Reopened) {
            let older = self.ids.insert(node, index);
            if let (Fate::Reopened, Some(older)) = (fate, older) {
                self.reopens.insert(index as u32, older as u32);
            }
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

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;
    use crate::model::{file, library};
    use crate::solve::api::{Algorithm, solve};
    use crate::solve::core::Limits;
    use crate::solve::trace::{Replay, WATCH_EVENT_CAP};

    /// The promise: every bundled puzzle can be watched to the goal with every
    /// algorithm that solves it within a second, and a full trace stays within its memory.
    #[test]
    #[ignore = "watches every bundled puzzle with every algorithm: minutes in a debug build \
                (CI runs the ignored tests in release)"]
    fn every_bundled_puzzle_is_watchable_with_every_algorithm_that_solves_it_in_a_second() {
        let cache = tempfile::tempdir().expect("a temporary folder");
        let mut watched = 0;
        // The puzzles the app's messages name as watchable with every algorithm.
        let mut every_algorithm = FxHashMap::default();
        for bundled in library::bundled() {
            let puzzle = file::parse(bundled.text).expect("bundled puzzles parse");
            for algorithm in Algorithm::ALL {
                let request = SolveRequest {
                    algorithm,
                    pdb_cache: Some(cache.path().to_path_buf()),
                    ..SolveRequest::default()
                };
                // The heuristic's tables are built (and cached) before the second counts.
                let limits = Limits {
                    max_time: Duration::from_secs(1),
                    ..Limits::default()
                };
                // An algorithm that does not apply (bidirectional search without a complete
                // goal) has nothing to watch.
                let Ok(quick) = solve(&puzzle, &request, SearchControl::new(limits)) else {
                    continue;
                };
                if quick.status != Termination::Solved || quick.stats.elapsed > limits.max_time {
                    continue;
                }
                let context = format!("{} {algorithm}", bundled.file_name);
                let clock = Instant::now();
                let w = watch(
                    &puzzle,
                    &request,
                    SearchControl::new(Limits::default()),
                    WATCH_EVENT_CAP,
                )
                .expect("applies");
                let trace = &w.trace;
                assert!(!trace.truncated, "{context}: {} events", trace.events.len());
                assert_eq!(w.report.status, Termination::Solved, "{context}");
                let replay = Replay::at(trace, trace.events.len());
                assert!(replay.goal().is_some(), "{context}");
                let bytes = trace.memory_bytes();
                assert!(
                    bytes <= 64 * trace.events.len().max(1000),
                    "{context}: {bytes} bytes for {} events",
                    trace.events.len()
                );
                println!(
                    "{context}: {} events, {} nodes, {:.0} MB, {:.1} s",
                    trace.events.len(),
                    trace.nodes.len(),
                    bytes as f64 / 1e6,
                    clock.elapsed().as_secs_f64()
                );
                watched += 1;
                *every_algorithm.entry(bundled.file_name).or_insert(0) += 1;
            }
        }
        assert!(watched > 100, "{watched} runs watched");
        for name in ["two-by-three.ron", "blocks-tiny.ron"] {
            assert_eq!(
                every_algorithm.get(name),
                Some(&Algorithm::ALL.len()),
                "{name}"
            );
        }
    }

    /// Rush Hour's upright cars of one length are one class to the solver, which may name
    /// them in either order: watched, every node still differs from its parent by the one car
    /// that moved, along its own axis.
    #[test]
    fn a_watched_rush_hour_search_moves_one_car_a_node_and_names_it_as_on_the_board() {
        let bundled = library::bundled()
            .into_iter()
            .find(|b| b.file_name == "rush-hour-warm-up.ron")
            .expect("bundled");
        let puzzle = file::parse(bundled.text).expect("bundled puzzles parse");
        let request = SolveRequest {
            algorithm: Algorithm::Bfs,
            ..SolveRequest::default()
        };
        let control = SearchControl::new(Limits::default());
        let trace = watch(&puzzle, &request, control, WATCH_EVENT_CAP)
            .expect("watched")
            .trace;
        assert!(trace.nodes.len() > 100, "{} nodes", trace.nodes.len());
        for (node, n) in trace.nodes.iter().enumerate() {
            let Some(parent) = n.parent_index() else {
                continue;
            };
            let (before, after) = (trace.cells(parent), trace.cells(node));
            let board = |cells: Vec<Cell>| {
                Puzzle {
                    cells,
                    ..puzzle.clone()
                }
                .pieces()
            };
            let (before, after) = (board(before), board(after));
            let moved: Vec<_> = after.iter().filter(|p| !before.contains(p)).collect();
            assert_eq!(moved.len(), 1, "node {node}: {moved:?}");
            let car = moved[0];
            let was = before
                .iter()
                .find(|p| p.token == car.token)
                .expect("the car");
            let lane = |p: &crate::model::PieceCells| match puzzle.axis_of(p.token) {
                crate::model::Axis::Vertical => p.cells.iter().map(|c| c.1).collect::<Vec<_>>(),
                _ => p.cells.iter().map(|c| c.0).collect::<Vec<_>>(),
            };
            assert_eq!(
                lane(car),
                lane(was),
                "node {node}: {} left its lane",
                car.token
            );
        }
    }
}
