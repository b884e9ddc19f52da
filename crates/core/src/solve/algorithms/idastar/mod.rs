//! Iterative-deepening A* (Korf, 1985): depth-first searches bounded by f = g + h, the bound
//! raised each round to the smallest f that exceeded it. Memory is linear in the solution
//! length, which is what lets it solve the 15- and 24-puzzles optimally.
//!
//! Tuned for the tile domain, generic over every domain:
//! - no allocation per node: per-depth move and child buffers are reused;
//! - the move that undoes the previous one is never generated ([`Domain::undoes`]);
//! - children are visited in increasing h (a few elements, insertion sort), so the last
//!   round tends to find the goal early;
//! - the heuristic is updated incrementally ([`Heuristic::estimate_child`]);
//! - states on the current path are never revisited (longer cycles matter in block puzzles),
//!   checked through a small counting filter over the path's hashes, so the common case costs
//!   one hash; where cycles are too long and rare to pay for that hash (tile puzzles, see
//!   [`Domain::cycles_worth_checking`]), they are not checked;
//! - with `threads > 1`, each round lays out the top of the tree until there are enough
//!   subtrees, the threads search those subtrees in parallel, and their results are merged
//!   in the order one thread visits them (module `parallel`), so the answer and the
//!   statistics are those of one thread.
//!
//! The node limit is exact: a search stops before the expansion that would pass it (the
//! node is goal-tested first), whatever the number of threads. Each worker counts down the
//! expansions it may make before it next calls the control (at most [`CHECK_EVERY`], and no
//! more than the node limit leaves), so the test per node stays one decrement.
//!
//! Statistics: `expanded` counts goal-tested nodes whose children were generated,
//! `generated` every child made, `duplicates` children refused because their state is on the
//! current path (none where cycles are not checked), `max_frontier` the deepest path, `depth` the current bound and
//! `completed_depth` the last bound searched completely.

use std::hash::BuildHasher;

use rustc_hash::FxBuildHasher;

use crate::solve::core::{
    CHECK_EVERY, Domain, Heuristic, SearchControl, SearchOutcome, Stats, Termination,
};
use crate::solve::observe::{Fate, NoObserver, Observer};

/// The most worker threads a search uses; more are capped to this. Each has a roomy stack
/// (64 MB) and a share of the split, so an absurd count would only cost memory and start-up
/// time: 64 is well beyond the cores of the machines we target.
pub const MAX_THREADS: usize = 64;

/// Stack of each worker thread: deep block-puzzle bounds recurse deeply.
const WORKER_STACK: usize = 64 << 20;

/// Subtrees per thread to aim for when splitting a round (enough to balance the load).
const SUBTREES_PER_THREAD: usize = 256;

/// Expansions in the previous round above which a round runs on several threads.
const PARALLEL_AFTER: u64 = 20_000;

/// Deepest level the split expands to.
const MAX_SPLIT_DEPTH: usize = 16;

/// Estimates at or above this mean the goal cannot be reached from the state at all (the
/// block heuristics' `DEAD_END`, for a piece that cannot reach its goal even alone). Such a
/// state is pruned under every bound and never sets the next one: otherwise the bound would
/// jump to this sentinel and the round would search every cycle-free path, running to the
/// time limit on a puzzle that the exhausted rounds already prove unsolvable.
pub(crate) const UNREACHABLE: u32 = 1 << 30;

/// Buckets of the path filter: 2^13.
const FILTER_BITS: u32 = 13;
const FILTER_BUCKETS: usize = 1 << FILTER_BITS;

/// IDA*: depth-first searches bounded by f = g + h, the bound raised to the smallest f that
/// exceeded it, until a search finds a goal.
///
/// - `domain` is the puzzle: its start, goal test, moves and state encoding.
/// - `heuristic` estimates the moves left from a state.
/// - `control` carries the limits, the worker threads (1: none spawned; at most
///   [`MAX_THREADS`], more are capped; when the system refuses a thread, the round runs on
///   those it got, on the calling thread if none), the cancel flag and the progress sink; it
///   is checked at least every [`CHECK_EVERY`] expansions, and the node limit before every
///   expansion: the search never expands more nodes than it allows.
///
/// Returns a [`SearchOutcome`] whose path, when solved, is optimal when the heuristic is
/// admissible. The path, the termination by a node limit and the statistics (but the time
/// and the memory) do not depend on the number of threads; a time limit, a memory limit or
/// a cancel, which the threads check together within milliseconds, stops them wherever they
/// are. On a limit, `stats.completed_depth` holds the largest bound searched
/// completely (no solution is shorter than it + 1). When a round finds no position beyond its
/// bound (estimates of `UNREACHABLE` or more count as no position), the reachable space is
/// exhausted and the outcome is `Unsolvable`.
///
/// A returned path holds the moves from the start to a goal state, the start excluded: it is
/// empty when the start is already a goal, and replaying it with [`Domain::apply`] from the
/// start ends in a state that passes [`Domain::is_goal`].
pub fn idastar<D: Domain, H: Heuristic<D>>(
    domain: &D,
    heuristic: &H,
    control: &mut SearchControl,
) -> SearchOutcome<D::Move> {
    idastar_observed(domain, heuristic, control, &mut NoObserver)
}

/// [`idastar`], reporting every step to `observer` (see [`crate::solve::observe`]): each
/// round begins with [`Observer::bound_raised`] and a new tree whose root is node 0. An
/// active observer makes it run on one thread, whatever `control` says, so that the events
/// follow the recursion; [`NoObserver`] leaves it `control`'s threads.
pub(crate) fn idastar_observed<D: Domain, H: Heuristic<D>, O: Observer<D::Move>>(
    domain: &D,
    heuristic: &H,
    control: &mut SearchControl,
    observer: &mut O,
) -> SearchOutcome<D::Move> {
    let threads = if observer.active() {
        1
    } else {
        control.threads()
    };
    idastar_with(
        domain,
        heuristic,
        threads,
        PARALLEL_AFTER,
        control,
        observer,
    )
}

/// [`idastar`], going parallel after a round of `parallel_after` expansions.
fn idastar_with<D: Domain, H: Heuristic<D>, O: Observer<D::Move>>(
    domain: &D,
    heuristic: &H,
    threads: usize,
    parallel_after: u64,
    control: &mut SearchControl,
    observer: &mut O,
) -> SearchOutcome<D::Move> {
    let threads = threads.min(MAX_THREADS);
    control.start_clock();
    let start = domain.start();
    let h0 = heuristic.estimate(domain, &start);
    let mut stats = Stats {
        depth: h0,
        ..Stats::default()
    };
    let state_bytes = domain.state_bytes() as u64;
    let mut bound = h0;
    let mut expanded_before = 0;
    let mut outcome = loop {
        if bound >= UNREACHABLE {
            // Only the start's estimate gets here (children that high are pruned): the
            // heuristic proves the start cannot reach the goal, and no bound was searched.
            stats.depth = 0;
            break SearchOutcome {
                termination: Termination::Unsolvable,
                path: None,
                stats,
                optimal: false,
            };
        }
        stats.depth = bound;
        // Rounds smaller than a checkpoint interval never reach one inside: check here too.
        let memory = path_memory(stats.max_frontier, state_bytes);
        if let Some(termination) = control.checkpoint(&mut stats, memory) {
            break SearchOutcome {
                termination,
                path: None,
                stats,
                optimal: false,
            };
        }
        // Small rounds are not worth the threads: the next round is typically a few times
        // larger than the last, so go parallel once the last one was sizeable.
        observer.bound_raised(bound);
        let last_round = stats.expanded - expanded_before;
        expanded_before = stats.expanded;
        let round = if threads > 1 && last_round >= parallel_after {
            parallel::parallel_round(
                domain, heuristic, &start, h0, bound, threads, control, &stats,
            )
        } else {
            single_round(
                domain, heuristic, &start, h0, bound, control, &stats, observer,
            )
        };
        stats = round.stats;
        match round.result {
            RoundResult::Found(path) => {
                break SearchOutcome {
                    termination: Termination::Solved,
                    path: Some(path),
                    stats,
                    optimal: heuristic.admissible(),
                };
            }
            RoundResult::Stopped(termination) => {
                break SearchOutcome {
                    termination,
                    path: None,
                    stats,
                    optimal: false,
                };
            }
            RoundResult::Exhausted(next) => {
                stats.completed_depth = Some(bound);
                match next {
                    Some(next) => bound = next,
                    None => {
                        break SearchOutcome {
                            termination: Termination::Unsolvable,
                            path: None,
                            stats,
                            optimal: false,
                        };
                    }
                }
            }
        }
    };
    outcome.stats.frontier = 0;
    outcome.stats.stored = 0;
    outcome.stats.peak_memory_bytes = outcome
        .stats
        .peak_memory_bytes
        .max(path_memory(outcome.stats.max_frontier, state_bytes));
    control.finish(&mut outcome.stats);
    outcome
}

/// The memory one depth-first worker holds on a path `depth` moves deep, estimated as six
/// states per level: the state on the path plus the children buffered for the level, with
/// their moves and estimates.
fn path_memory(depth: u64, state_bytes: u64) -> u64 {
    (depth + 1) * state_bytes * 6
}

/// How one round (one bound) ended.
enum RoundResult<M> {
    /// A goal within the bound: the path to it.
    Found(Vec<M>),
    /// A limit or cancellation.
    Stopped(Termination),
    /// The bound holds no goal; the next bound, or `None` when nothing exceeded it (the
    /// reachable space is exhausted).
    Exhausted(Option<u32>),
}

struct Round<M> {
    result: RoundResult<M>,
    stats: Stats,
}

/// Counters one worker keeps locally.
#[derive(Clone, Copy, Default)]
struct Counts {
    expanded: u64,
    generated: u64,
    duplicates: u64,
    goal_tests: u64,
    max_depth: u64,
}

impl Counts {
    fn add_to(&self, stats: &mut Stats) {
        stats.expanded += self.expanded;
        stats.generated += self.generated;
        stats.duplicates += self.duplicates;
        stats.goal_tests += self.goal_tests;
        stats.max_frontier = stats.max_frontier.max(self.max_depth);
    }

    /// Adds `other`'s counts to these (the deepest path is the larger).
    fn absorb(&mut self, other: &Counts) {
        self.expanded += other.expanded;
        self.generated += other.generated;
        self.duplicates += other.duplicates;
        self.goal_tests += other.goal_tests;
        self.max_depth = self.max_depth.max(other.max_depth);
    }

    /// The counts made since `earlier` (the deepest path: the deepest of all).
    fn since(&self, earlier: &Counts) -> Counts {
        Counts {
            expanded: self.expanded - earlier.expanded,
            generated: self.generated - earlier.generated,
            duplicates: self.duplicates - earlier.duplicates,
            goal_tests: self.goal_tests - earlier.goal_tests,
            max_depth: self.max_depth,
        }
    }
}

/// What a worker calls before an expansion once it has made those it was allowed: given its
/// counts, it answers `Some(n)`, n >= 1 more expansions allowed, or `None` to stop.
type Pulse<'p> = dyn FnMut(&Counts) -> Option<u64> + 'p;

/// The expansions allowed before the next call to the control, `expanded` of `max_nodes`
/// made: a batch of [`CHECK_EVERY`], or what the node limit leaves if that is less.
fn allowance(max_nodes: u64, expanded: u64) -> u64 {
    max_nodes.saturating_sub(expanded).min(CHECK_EVERY)
}

enum Flow {
    Continue,
    Found,
    Stop,
}

/// A child within the bound: its move, state, estimate and path-filter bucket.
struct Child<D: Domain> {
    mv: D::Move,
    state: D::State,
    h: u32,
    bucket: u32,
}

/// The depth-first search of one subtree under one bound.
struct Worker<'a, D: Domain, H, O = NoObserver> {
    domain: &'a D,
    heuristic: &'a H,
    bound: u32,
    next_bound: u32,
    path: Vec<D::Move>,
    path_states: Vec<D::State>,
    filter: Vec<u16>,
    hasher: FxBuildHasher,
    moves: Vec<Vec<D::Move>>,
    children: Vec<Vec<Child<D>>>,
    path_buckets: Vec<u32>,
    /// The domain's [`Domain::cycles_worth_checking`]: without, every bucket is 0 and no
    /// child is looked for on the path.
    check_cycles: bool,
    counts: Counts,
    /// Expansions left before the worker must call its pulse again.
    countdown: u64,
    /// Hears every step (a normal run's [`NoObserver`] compiles to nothing).
    observer: O,
    /// The id of the last node numbered for the observer.
    next_id: u32,
}

impl<'a, D: Domain, H: Heuristic<D>> Worker<'a, D, H> {
    fn new(domain: &'a D, heuristic: &'a H, bound: u32) -> Self {
        Worker::observed(domain, heuristic, bound, NoObserver)
    }
}

impl<'a, D: Domain, H: Heuristic<D>, O: Observer<D::Move>> Worker<'a, D, H, O> {
    /// A worker that reports its steps to `observer`, numbering its nodes from 0 (the root).
    fn observed(domain: &'a D, heuristic: &'a H, bound: u32, observer: O) -> Self {
        Worker {
            observer,
            next_id: 0,
            domain,
            heuristic,
            bound,
            next_bound: u32::MAX,
            path: Vec::new(),
            path_states: Vec::new(),
            filter: vec![0; FILTER_BUCKETS],
            hasher: FxBuildHasher,
            moves: Vec::new(),
            children: Vec::new(),
            path_buckets: Vec::new(),
            check_cycles: domain.cycles_worth_checking(),
            counts: Counts::default(),
            countdown: 0,
        }
    }

    #[inline]
    fn bucket(&self, state: &D::State) -> u32 {
        if !self.check_cycles {
            return 0;
        }
        // Hashers built for tables (Fx) leave some bits weakly mixed: mix all 64 into the top.
        let h = self
            .hasher
            .hash_one(state)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15);
        (h >> (64 - FILTER_BITS)) as u32
    }

    /// Puts `state`, whose filter bucket is `bucket`, on the path.
    #[inline]
    fn push_state(&mut self, state: &D::State, bucket: u32) {
        self.filter[bucket as usize] += 1;
        self.path_states.push(state.clone());
        self.path_buckets.push(bucket);
    }

    #[inline]
    fn pop_state(&mut self) {
        self.path_states.pop();
        if let Some(b) = self.path_buckets.pop() {
            self.filter[b as usize] -= 1;
        }
    }

    /// Whether `state`, whose filter bucket is `bucket`, is on the path.
    #[inline]
    fn on_path(&self, state: &D::State, bucket: u32) -> bool {
        self.check_cycles
            && self.filter[bucket as usize] != 0
            && self.path_states.iter().any(|s| s == state)
    }

    /// Sets the path from the root to a subtree's root.
    fn enter(&mut self, moves: &[D::Move], states: &[D::State]) {
        self.path.clear();
        while !self.path_states.is_empty() {
            self.pop_state();
        }
        self.path.extend_from_slice(moves);
        for s in states {
            let b = self.bucket(s);
            self.push_state(s, b);
        }
    }

    /// The children of `state` within the bound, sorted by h (raising `next_bound` for the
    /// others), into `out`.
    #[inline]
    fn expand(
        &mut self,
        id: u32,
        state: &D::State,
        g: u32,
        h: u32,
        moves: &mut Vec<D::Move>,
        out: &mut Vec<Child<D>>,
    ) {
        moves.clear();
        out.clear();
        self.domain.moves(state, moves);
        let prev = self.path.last().copied();
        for &mv in moves.iter() {
            if prev.is_some_and(|p| self.domain.undoes(p, mv)) {
                continue;
            }
            let child = self.domain.apply(state, mv);
            self.counts.generated += 1;
            let bucket = self.bucket(&child);
            if self.on_path(&child, bucket) {
                self.counts.duplicates += 1;
                self.observer
                    .generated(id, u32::MAX, mv, g + 1, 0, Fate::Duplicate);
                continue;
            }
            let hc = self
                .heuristic
                .estimate_child(self.domain, state, h, mv, &child);
            // pruned under every bound (which also keeps `g + 1 + hc` from overflowing)
            if hc >= UNREACHABLE {
                self.observer
                    .generated(id, u32::MAX, mv, g + 1, hc, Fate::DeadEnd);
                continue;
            }
            let f = g + 1 + hc;
            if f > self.bound {
                self.observer
                    .generated(id, u32::MAX, mv, g + 1, hc, Fate::Pruned);
                self.next_bound = self.next_bound.min(f);
                continue;
            }
            let mut i = out.len();
            out.push(Child {
                mv,
                state: child,
                h: hc,
                bucket,
            });
            while i > 0 && out[i - 1].h > hc {
                out.swap(i - 1, i);
                i -= 1;
            }
        }
        // The children are numbered in the order the search will visit them.
        if self.observer.active() {
            for child in out.iter() {
                self.next_id += 1;
                let next = self.next_id;
                self.observer
                    .generated(id, next, child.mv, g + 1, child.h, Fate::Queued);
            }
        }
    }

    /// Searches below `state` (already on the path), at cost `g` with estimate `h`, calling
    /// `pulse` whenever the expansions it allowed are made.
    fn search(&mut self, id: u32, state: &D::State, g: u32, h: u32, pulse: &mut Pulse) -> Flow {
        self.counts.goal_tests += 1;
        if self.domain.is_goal(state) {
            self.observer.goal(id);
            return Flow::Found;
        }
        // Before the expansion is counted: a node limit stops the search exactly at it.
        if self.countdown == 0 {
            match pulse(&self.counts) {
                Some(allowed) => self.countdown = allowed,
                None => return Flow::Stop,
            }
        }
        self.countdown -= 1;
        self.counts.expanded += 1;
        self.observer.expanded(id, g, h, self.path.len() as u64 + 1);
        let depth = self.path.len();
        self.counts.max_depth = self.counts.max_depth.max(depth as u64 + 1);
        if self.moves.len() <= depth {
            self.moves.resize_with(depth + 1, Vec::new);
            self.children.resize_with(depth + 1, Vec::new);
        }
        let mut moves = std::mem::take(&mut self.moves[depth]);
        let mut children = std::mem::take(&mut self.children[depth]);
        let first = self.next_id.wrapping_add(1);
        self.expand(id, state, g, h, &mut moves, &mut children);
        let mut flow = Flow::Continue;
        for (i, child) in children.iter().enumerate() {
            self.path.push(child.mv);
            self.push_state(&child.state, child.bucket);
            let child_id = first.wrapping_add(i as u32);
            flow = self.search(child_id, &child.state, g + 1, child.h, pulse);
            if matches!(flow, Flow::Found) {
                break;
            }
            self.path.pop();
            self.pop_state();
            if matches!(flow, Flow::Stop) {
                break;
            }
        }
        self.moves[depth] = moves;
        self.children[depth] = children;
        flow
    }
}

#[expect(
    clippy::too_many_arguments,
    reason = "one round's inputs; a struct would only rename them"
)]
fn single_round<D: Domain, H: Heuristic<D>, O: Observer<D::Move>>(
    domain: &D,
    heuristic: &H,
    start: &D::State,
    h0: u32,
    bound: u32,
    control: &mut SearchControl,
    base: &Stats,
    observer: &mut O,
) -> Round<D::Move> {
    observer.root(0, h0);
    let mut worker = Worker::observed(domain, heuristic, bound, observer);
    worker.enter(&[], std::slice::from_ref(start));
    let (flow, stopped) = search_alone(&mut worker, start, 0, h0, control, base);
    let mut stats = *base;
    worker.counts.add_to(&mut stats);
    stats.elapsed = control.elapsed();
    let result = match flow {
        Flow::Found => RoundResult::Found(worker.path),
        Flow::Stop => RoundResult::Stopped(stopped.unwrap_or(Termination::Cancelled)),
        Flow::Continue => {
            RoundResult::Exhausted((worker.next_bound != u32::MAX).then_some(worker.next_bound))
        }
    };
    Round { result, stats }
}

/// Searches below `root` (the last state of `worker`'s path, at cost `g` with estimate `h`)
/// on this thread under `control`, whose limits apply to `base` plus the worker's counts.
/// Returns how the search ended and, when it was stopped, why.
fn search_alone<D: Domain, H: Heuristic<D>, O: Observer<D::Move>>(
    worker: &mut Worker<'_, D, H, O>,
    root: &D::State,
    g: u32,
    h: u32,
    control: &mut SearchControl,
    base: &Stats,
) -> (Flow, Option<Termination>) {
    let state_bytes = worker.domain.state_bytes() as u64;
    let mut stopped = None;
    let mut pulse = |counts: &Counts| {
        let mut stats = *base;
        counts.add_to(&mut stats);
        let memory = path_memory(stats.max_frontier, state_bytes);
        stopped = control.checkpoint(&mut stats, memory);
        // The checkpoint stops at the node limit, so the allowance is at least 1.
        stopped
            .is_none()
            .then(|| allowance(control.limits.max_nodes, stats.expanded))
    };
    worker.countdown = 0;
    let flow = worker.search(0, root, g, h, &mut pulse);
    (flow, stopped)
}

mod parallel;
#[cfg(test)]
mod tests;
