//! The search core: what a puzzle domain provides, what a heuristic provides, and the one
//! [`SearchControl`] type through which every algorithm gets its limits, reports progress,
//! and hears about cancellation.
//!
//! Every algorithm in [`crate::solve::algorithms`] is generic over [`Domain`] and
//! [`Heuristic`], so the block engine and the tile fast path share one implementation of
//! each algorithm (monomorphised, so the tile path pays nothing for the abstraction).

use std::fmt::Debug;
use std::hash::Hash;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde::Serialize;

/// A search problem: states, legal moves, and a goal test. Every move costs 1.
///
/// Moves in all sliding-puzzle metrics are reversible, which bidirectional search relies on:
/// if `b` is a successor of `a`, then `a` is a successor of `b`.
pub trait Domain: Sync {
    /// A compact, heap-free encoding of a position.
    type State: Clone + Eq + Hash + Send + Sync + Debug;
    /// A move, small and `Copy`.
    type Move: Copy + Eq + Send + Sync + Debug;

    /// The start position.
    fn start(&self) -> Self::State;

    /// Whether `state` satisfies the goal.
    fn is_goal(&self, state: &Self::State) -> bool;

    /// Appends every legal move from `state` to `out` (which the caller clears).
    fn moves(&self, state: &Self::State, out: &mut Vec<Self::Move>);

    /// The position after making `mv` in `state`; `mv` came from [`Domain::moves`].
    fn apply(&self, state: &Self::State, mv: Self::Move) -> Self::State;

    /// Appends to `out` (which the caller clears) the position after every legal move from
    /// `state`, in any order, except that it may leave out `known`, a successor the caller
    /// has already seen (a layered walk passes the state's parent), and positions that are
    /// successors of `known` too (a layered walk has seen those as well: they lie in the
    /// parent's layer or the state's). Returns how many positions it left out, so that
    /// statistics still count every move; `moves` is scratch space.
    ///
    /// The default makes [`Domain::moves`] and applies them one by one, leaving nothing out;
    /// a domain overrides it when it can make positions faster than moves.
    fn successors(
        &self,
        state: &Self::State,
        known: &Self::State,
        moves: &mut Vec<Self::Move>,
        out: &mut Vec<Self::State>,
    ) -> u64 {
        let _ = known;
        moves.clear();
        self.moves(state, moves);
        out.extend(moves.iter().map(|&mv| self.apply(state, mv)));
        0
    }

    /// The mirror image of `state`, when the domain is symmetric under a mirror: an
    /// involution of the positions that maps the successors of every position onto the
    /// successors of its image (the goal need not be symmetric). A whole-space walk from
    /// roots that are their own mirror images then expands one position of each pair. The
    /// default: no mirror.
    fn mirror(&self, state: &Self::State) -> Option<Self::State> {
        let _ = state;
        None
    }

    /// Whether `next` undoes `prev` exactly; depth-first searches skip such moves.
    fn undoes(&self, prev: Self::Move, next: Self::Move) -> bool {
        let _ = (prev, next);
        false
    }

    /// Whether depth-first searches should refuse a child whose position is already on
    /// their path. Such a child only repeats work, so answering no never changes an answer;
    /// a domain does so when, past [`Domain::undoes`], cycles are so long and rare that the
    /// check costs more than it saves. The default: yes.
    fn cycles_worth_checking(&self) -> bool {
        true
    }

    /// The single goal state, when the goal pins down a complete position (needed by
    /// bidirectional search).
    ///
    /// # Errors
    /// Why there is no single goal state, in words for the user.
    fn goal_state(&self) -> Result<Self::State, Reason>;

    /// Bytes one stored state takes, for memory accounting (override when `State` owns heap
    /// memory).
    fn state_bytes(&self) -> usize {
        std::mem::size_of::<Self::State>()
    }
}

/// An estimate of the remaining distance to the goal.
pub trait Heuristic<D: Domain>: Sync {
    /// The estimate for `state`.
    fn estimate(&self, domain: &D, state: &D::State) -> u32;

    /// The estimate for `child`, reached from `parent` (whose estimate was `parent_h`) by
    /// `mv`. Override to update incrementally; the default recomputes.
    fn estimate_child(
        &self,
        domain: &D,
        parent: &D::State,
        parent_h: u32,
        mv: D::Move,
        child: &D::State,
    ) -> u32 {
        let _ = (parent, parent_h, mv);
        self.estimate(domain, child)
    }

    /// Whether the estimate never exceeds the true distance (so A* and IDA* are optimal).
    fn admissible(&self) -> bool;
}

/// The zero heuristic: admissible, uninformed.
#[derive(Clone, Copy, Debug, Default)]
pub struct Zero;

impl<D: Domain> Heuristic<D> for Zero {
    fn estimate(&self, _: &D, _: &D::State) -> u32 {
        0
    }
    fn admissible(&self) -> bool {
        true
    }
}

/// Why something does not apply, in words a user can act on: a heuristic or an algorithm to a
/// puzzle, a bidirectional search to a domain without a single goal state, a puzzle to an
/// engine that cannot hold it. A type of its own rather than a bare `String`, so a refusal is
/// told apart from any other text; its message is what the CLI and the app show.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Reason(String);

impl Reason {
    /// The reason worded as `text`.
    pub fn new(text: impl Into<String>) -> Reason {
        Reason(text.into())
    }

    /// The words.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for Reason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Reason {}

impl From<String> for Reason {
    fn from(text: String) -> Reason {
        Reason(text)
    }
}

impl From<&str> for Reason {
    fn from(text: &str) -> Reason {
        Reason(text.to_string())
    }
}

/// A heuristic's name, description, and whether it applies to a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeuristicInfo {
    /// The stable name (`zero`, `manhattan`, `pdb`, ...).
    pub name: String,
    /// A one-line description for menus and tooltips.
    pub description: String,
    /// Whether it never overestimates in the given metric.
    pub admissible: bool,
    /// `Err(reason)` when it cannot be used on this puzzle.
    pub applicable: Result<(), Reason>,
}

/// Why a heuristic could not be made ready.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HeuristicError {
    /// The name is unknown, or its tables cannot be built for this board.
    #[error("{0}")]
    NotApplicable(Reason),
    /// A limit or the cancel flag stopped building its tables (pattern databases; the notes
    /// say which and, for memory, how much was needed).
    #[error("stopped ({}) while building the heuristic's tables", .0.name())]
    Stopped(Termination),
}

impl HeuristicError {
    /// [`HeuristicError::NotApplicable`] with `reason`.
    pub(crate) fn not_applicable(reason: impl Into<Reason>) -> HeuristicError {
        HeuristicError::NotApplicable(reason.into())
    }
}

/// Resource limits for one search. Every field has a default, so no search is unbounded.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Limits {
    /// Stop after this many node expansions.
    pub max_nodes: u64,
    /// Stop after this much wall-clock time.
    pub max_time: Duration,
    /// Stop when the search's own data structures would exceed this many bytes.
    pub max_memory_bytes: u64,
}

impl Limits {
    /// Default node limit: 2 billion expansions.
    pub const DEFAULT_MAX_NODES: u64 = 2_000_000_000;
    /// Default time limit: 10 minutes.
    pub const DEFAULT_MAX_TIME: Duration = Duration::from_mins(10);
    /// Default memory limit: 4 GiB, well under the 24 GiB of the machines we target.
    pub const DEFAULT_MAX_MEMORY: u64 = 4 << 30;
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_nodes: Self::DEFAULT_MAX_NODES,
            max_time: Self::DEFAULT_MAX_TIME,
            max_memory_bytes: Self::DEFAULT_MAX_MEMORY,
        }
    }
}

/// Why a search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Termination {
    /// A goal was reached.
    Solved,
    /// The whole reachable space was searched and no goal is in it.
    Unsolvable,
    /// [`Limits::max_nodes`] was reached.
    NodeLimit,
    /// [`Limits::max_time`] was reached.
    TimeLimit,
    /// [`Limits::max_memory_bytes`] was reached.
    MemoryLimit,
    /// The cancel flag was raised.
    Cancelled,
    /// A depth-capped search (DFS with `--depth-cap`) found no solution within its cap; a
    /// deeper one may exist.
    DepthLimit,
    /// A watched search (`solve --trace`, the app's Watch view) was stopped because its
    /// trace was full (see [`watch`](crate::solve::api::watch)).
    TraceLimit,
}

impl Termination {
    /// The stable name used by the CLI and JSON: `solved`, `unsolvable`, `node-limit`,
    /// `time-limit`, `memory-limit`, `cancelled`, `depth-limit`, `trace-limit`.
    pub fn name(self) -> &'static str {
        match self {
            Termination::Solved => "solved",
            Termination::Unsolvable => "unsolvable",
            Termination::NodeLimit => "node-limit",
            Termination::TimeLimit => "time-limit",
            Termination::MemoryLimit => "memory-limit",
            Termination::Cancelled => "cancelled",
            Termination::DepthLimit => "depth-limit",
            Termination::TraceLimit => "trace-limit",
        }
    }
}

/// The statistics every algorithm keeps, named as the seed notebooks name them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Stats {
    /// Nodes taken from the frontier and expanded.
    pub expanded: u64,
    /// Successor nodes produced.
    pub generated: u64,
    /// Generated nodes thrown away because their state was already seen.
    pub duplicates: u64,
    /// Goal tests made.
    pub goal_tests: u64,
    /// Largest frontier (open list, stack, or recursion depth) seen.
    pub max_frontier: u64,
    /// Frontier size now (at the end: nodes left in the queue).
    pub frontier: u64,
    /// Distinct states stored (closed plus open).
    pub stored: u64,
    /// Estimated bytes the search's data structures used at their largest.
    pub peak_memory_bytes: u64,
    /// Wall-clock time since the search started.
    pub elapsed: Duration,
    /// Current depth, layer, or f-bound (whatever the algorithm advances by).
    pub depth: u32,
    /// Deepest layer or largest bound completely searched (partial information when a limit
    /// stops the search).
    pub completed_depth: Option<u32>,
}

/// The most memory this process has held resident so far (its maximum resident set size, all
/// threads), as the operating system counts it, where it says: on Linux its `VmHWM`, on other
/// Unix systems `getrusage`. The
/// searches' own `peak_memory_bytes` is an estimate of their data structures; a command that
/// runs one search in its own process reports this figure instead.
pub fn process_peak_memory() -> Option<u64> {
    // Linux keeps the process's own high-water mark in /proc; `getrusage` folds in the
    // parent's when the process was spawned sharing its memory (vfork, as Rust's `Command`
    // does), so a big parent would inflate it.
    #[cfg(target_os = "linux")]
    if let Some(bytes) = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
            let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
            Some(kib.saturating_mul(1024))
        })
    {
        return Some(bytes);
    }
    #[cfg(unix)]
    {
        let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
        // SAFETY: `getrusage` fills the struct it is given and touches nothing else.
        let done = unsafe { libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr()) };
        if done != 0 {
            return None;
        }
        // SAFETY: the call succeeded, so the struct is filled (and it was zeroed before).
        let max = unsafe { usage.assume_init() }.ru_maxrss;
        let max = u64::try_from(max).ok()?;
        // macOS counts bytes; Linux and the BSDs count kibibytes.
        if cfg!(target_os = "macos") {
            Some(max)
        } else {
            Some(max.saturating_mul(1024))
        }
    }
    #[cfg(not(unix))]
    {
        None
    }
}

impl Stats {
    /// Nodes expanded per second of elapsed time.
    pub fn nodes_per_second(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            self.expanded as f64 / secs
        } else {
            0.0
        }
    }
}

/// What an algorithm returns.
#[derive(Clone, Debug)]
pub struct SearchOutcome<M> {
    /// Why the search stopped.
    pub termination: Termination,
    /// The moves from the start to a goal, when `termination` is `Solved`.
    pub path: Option<Vec<M>>,
    /// The final statistics.
    pub stats: Stats,
    /// Whether a returned path is guaranteed shortest (depends on the algorithm and on the
    /// heuristic's admissibility).
    pub optimal: bool,
}

/// How often (in expansions) algorithms call [`SearchControl::checkpoint`], which reads the
/// clock and the cancel flag. The engines here expand from about a hundred thousand (block
/// puzzles with a pattern database) to tens of millions of nodes per second, so a limit or a
/// cancel is seen within about 10 ms, and within a few microseconds at full speed.
pub const CHECK_EVERY: u64 = 1024;

/// How far the preparation of a search has got: the tables of a heuristic (pattern
/// databases) being loaded or built before the first expansion.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Preparation {
    /// The fraction done, 0 to 1 (1 when the tables are ready).
    pub done: f64,
    /// Time spent preparing so far.
    pub elapsed: Duration,
}

/// A sink for preparation reports.
pub type PreparationFn = dyn FnMut(&Preparation) + Send;

/// A sink for periodic progress reports.
pub type ProgressFn = dyn FnMut(&Stats) + Send;

/// Limits, the cancel flag, and the progress sink, handed to every algorithm.
///
/// Algorithms call [`SearchControl::checkpoint`] at least every [`CHECK_EVERY`] expansions;
/// it checks the limits and the cancel flag and sends progress about 20 times a second.
pub struct SearchControl {
    /// The limits of this search.
    pub limits: Limits,
    cancel: Arc<AtomicBool>,
    progress: Option<Box<ProgressFn>>,
    preparation: Option<Box<PreparationFn>>,
    started: Instant,
    last_report: Instant,
    report_every: Duration,
    threads: usize,
}

impl SearchControl {
    /// A control with these limits, a fresh cancel flag, and no progress sink.
    pub fn new(limits: Limits) -> Self {
        let now = Instant::now();
        SearchControl {
            limits,
            cancel: Arc::new(AtomicBool::new(false)),
            progress: None,
            preparation: None,
            started: now,
            last_report: now,
            report_every: Duration::from_millis(50),
            threads: 1,
        }
    }

    /// Lets the searches that can share their work among threads use `threads` of them (0:
    /// every core the machine has; the default is 1). Their answers and statistics do not
    /// depend on it. The control is the one place a search's threads are set, as it is for
    /// its limits.
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = match threads {
            0 => std::thread::available_parallelism().map_or(1, usize::from),
            n => n,
        };
        self
    }

    /// The threads a search may use.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Uses `flag` as the cancel flag (raise it from any thread to stop the search).
    #[must_use]
    pub fn with_cancel(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = flag;
        self
    }

    /// Sends statistics to `sink` about 20 times a second while searching.
    #[must_use]
    pub fn with_progress(mut self, sink: Box<ProgressFn>) -> Self {
        self.progress = Some(sink);
        self
    }

    /// Sends the preparation's progress (a pattern database being built) to `sink`: after
    /// each level of a build, and once with `done == 1` when the tables are ready.
    #[must_use]
    pub fn with_preparation_progress(mut self, sink: Box<PreparationFn>) -> Self {
        self.preparation = Some(sink);
        self
    }

    /// Reports the preparation's progress to the preparation sink, if any.
    pub(crate) fn report_preparation(&mut self, preparation: &Preparation) {
        if let Some(sink) = self.preparation.as_mut() {
            sink(preparation);
        }
    }

    /// A clone of the cancel flag.
    pub fn cancel_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.cancel)
    }

    /// Whether cancellation was requested.
    pub fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// Restarts the clock (call when the search proper begins).
    pub(crate) fn start_clock(&mut self) {
        self.started = Instant::now();
        self.last_report = self.started;
    }

    /// Time since the clock started.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Checks limits and cancellation, updates `stats.elapsed` and `stats.peak_memory_bytes`
    /// from `memory_bytes`, and reports progress when due.
    ///
    /// Returns `Some(reason)` when the search must stop now.
    pub fn checkpoint(&mut self, stats: &mut Stats, memory_bytes: u64) -> Option<Termination> {
        stats.elapsed = self.started.elapsed();
        stats.peak_memory_bytes = stats.peak_memory_bytes.max(memory_bytes);
        if self.is_cancelled() {
            return Some(Termination::Cancelled);
        }
        if stats.expanded >= self.limits.max_nodes {
            return Some(Termination::NodeLimit);
        }
        if stats.elapsed >= self.limits.max_time {
            return Some(Termination::TimeLimit);
        }
        if memory_bytes > self.limits.max_memory_bytes {
            return Some(Termination::MemoryLimit);
        }
        if let Some(sink) = self.progress.as_mut() {
            let now = Instant::now();
            if now.duration_since(self.last_report) >= self.report_every {
                self.last_report = now;
                sink(stats);
            }
        }
        None
    }

    /// Sends a final report (call once when the search ends).
    pub fn finish(&mut self, stats: &mut Stats) {
        stats.elapsed = self.started.elapsed();
        if let Some(sink) = self.progress.as_mut() {
            sink(stats);
        }
    }
}
