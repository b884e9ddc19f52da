//! IDA*'s parallel rounds, which answer as one thread does.
//!
//! The top of a round's tree is laid out depth-first to a fixed depth, in the order one
//! thread visits it: the nodes above that depth (goal-tested and expanded here, each with
//! its own counts), the subtrees below it, and the first goal above it if there is one. The
//! threads take the subtrees in that order and search them under the round's bound; the
//! results are then merged in that order, as one thread meets them: the first goal wins,
//! and the node limit stops the merge before the expansion where it stops one thread. So
//! the round's answer and statistics (but time and memory) do not depend on the threads.
//!
//! What keeps the work near what the merge keeps:
//! - a subtree whose search found a goal or met the node limit makes the later ones
//!   unneeded: their searches stop, and no thread starts another;
//! - each subtree's search is allowed what the node limit leaves after the steps before it,
//!   counting what the threads have published of those. The searches before it that are
//!   still running make more, so a search may be allowed too much, never too little: when the
//!   merge finds that the search where the limit falls went past it, it searches that
//!   subtree again, alone, with exactly what is left. The threads publish their counts at
//!   least every [`CHECK_EVERY`] expansions, so their work beyond the limit is a few such
//!   batches each, plus what the subtree searched again makes.
//!
//! A time limit, a memory limit or a cancel stops every thread wherever it is: that round's
//! statistics are what the threads had done.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

use crate::solve::core::{CHECK_EVERY, Domain, Heuristic, SearchControl, Stats, Termination};
use crate::solve::observe::NoObserver;

use super::{
    Counts, Flow, MAX_SPLIT_DEPTH, Round, RoundResult, SUBTREES_PER_THREAD, WORKER_STACK, Worker,
    path_memory, search_alone, single_round,
};

/// One subtree to search: the path to its root, the states along it, and its root's
/// estimate.
struct Subtree<M, S> {
    moves: Vec<M>,
    states: Vec<S>,
    h: u32,
}

/// One step of a round's top, in the order one thread takes them.
enum Step<M> {
    /// A node above the subtrees, goal-tested and expanded: what that counted.
    Top(Counts),
    /// A goal above the subtrees, and the path to it: the last step.
    Goal(Vec<M>),
    /// The subtree of this index.
    Subtree(usize),
}

/// The top of a round's tree, laid out.
struct Layout<M, S> {
    steps: Vec<Step<M>>,
    subtrees: Vec<Subtree<M, S>>,
    /// For each subtree, the expansions of the steps before it.
    tops_before: Vec<u64>,
    /// The counts of every [`Step::Top`].
    tops: Counts,
    /// The smallest f above the bound met in the top (`u32::MAX`: none).
    next_bound: u32,
    /// The bytes one subtree holds.
    subtree_bytes: u64,
    /// The most memory the layout's checkpoints saw.
    peak: u64,
}

impl<M, S> Layout<M, S> {
    /// An empty layout whose subtrees will be `depth` moves deep, of states of `state_bytes`.
    fn new(depth: usize, state_bytes: u64, peak: u64) -> Self {
        Layout {
            steps: Vec::new(),
            subtrees: Vec::new(),
            tops_before: Vec::new(),
            tops: Counts::default(),
            next_bound: u32::MAX,
            subtree_bytes: (std::mem::size_of::<Subtree<M, S>>() + depth * std::mem::size_of::<M>())
                as u64
                + (depth as u64 + 1) * state_bytes,
            peak,
        }
    }

    /// The bytes the layout holds.
    fn bytes(&self) -> u64 {
        self.subtrees.len() as u64 * self.subtree_bytes
            + (self.steps.len() * std::mem::size_of::<Step<M>>()) as u64
    }

    /// The goal the layout met, if any.
    fn goal(&self) -> Option<&Vec<M>> {
        match self.steps.last() {
            Some(Step::Goal(path)) => Some(path),
            _ => None,
        }
    }
}

/// How one subtree's search ended.
enum Ending<M> {
    /// Searched whole, without a goal.
    Exhausted,
    /// A goal, and the path to it from the round's root.
    Found(Vec<M>),
    /// Stopped before an expansion that the node limit may not allow.
    Cut,
}

/// One subtree's search: what it counted and how it ended.
struct Searched<M> {
    counts: Counts,
    ending: Ending<M>,
}

impl<M> Searched<M> {
    /// Whether this is the search one thread makes when the node limit leaves it `left`
    /// expansions: the search is deterministic, so it is if it stayed within them, and ended
    /// on its own or exactly where they end.
    fn fits(&self, left: u64) -> bool {
        match self.ending {
            Ending::Cut => self.counts.expanded == left,
            Ending::Exhausted | Ending::Found(_) => self.counts.expanded <= left,
        }
    }
}

/// What the threads of a round share.
struct Shared<M> {
    /// Raised on a time limit, a memory limit or a cancel: every thread stops.
    stop: AtomicBool,
    next_item: AtomicUsize,
    running: AtomicUsize,
    next_bound: AtomicU32,
    expanded: AtomicU64,
    generated: AtomicU64,
    duplicates: AtomicU64,
    goal_tests: AtomicU64,
    max_depth: AtomicU64,
    /// The expansions each subtree's search has published.
    item_expanded: Vec<AtomicU64>,
    /// The first subtree whose search found a goal or met the node limit: the merge stops
    /// there at the latest, so the later ones are not needed.
    last_needed: AtomicUsize,
    /// Each subtree's search, once it ended (a search stopped because it was not needed, or
    /// by `stop`, leaves none).
    searched: Vec<OnceLock<Searched<M>>>,
}

impl<M> Shared<M> {
    fn new(subtrees: usize, threads: usize, next_bound: u32) -> Self {
        Shared {
            stop: AtomicBool::new(false),
            next_item: AtomicUsize::new(0),
            running: AtomicUsize::new(threads),
            next_bound: AtomicU32::new(next_bound),
            expanded: AtomicU64::new(0),
            generated: AtomicU64::new(0),
            duplicates: AtomicU64::new(0),
            goal_tests: AtomicU64::new(0),
            max_depth: AtomicU64::new(0),
            item_expanded: (0..subtrees).map(|_| AtomicU64::new(0)).collect(),
            last_needed: AtomicUsize::new(usize::MAX),
            searched: (0..subtrees).map(|_| OnceLock::new()).collect(),
        }
    }

    /// Adds `delta` to the totals; returns the expansions published in all.
    fn publish(&self, delta: &Counts) -> u64 {
        let before = self.expanded.fetch_add(delta.expanded, Ordering::Relaxed);
        self.generated.fetch_add(delta.generated, Ordering::Relaxed);
        self.duplicates
            .fetch_add(delta.duplicates, Ordering::Relaxed);
        self.goal_tests
            .fetch_add(delta.goal_tests, Ordering::Relaxed);
        self.max_depth.fetch_max(delta.max_depth, Ordering::Relaxed);
        before + delta.expanded
    }

    fn add_to(&self, stats: &mut Stats) {
        stats.expanded += self.expanded.load(Ordering::Relaxed);
        stats.generated += self.generated.load(Ordering::Relaxed);
        stats.duplicates += self.duplicates.load(Ordering::Relaxed);
        stats.goal_tests += self.goal_tests.load(Ordering::Relaxed);
        stats.max_frontier = stats
            .max_frontier
            .max(self.max_depth.load(Ordering::Relaxed));
    }
}

#[expect(
    clippy::too_many_arguments,
    reason = "one round's inputs; a struct would only rename them"
)]
pub(super) fn parallel_round<D: Domain, H: Heuristic<D>>(
    domain: &D,
    heuristic: &H,
    start: &D::State,
    h0: u32,
    bound: u32,
    threads: usize,
    control: &mut SearchControl,
    base: &Stats,
) -> Round<D::Move> {
    let alone = |control: &mut SearchControl| {
        single_round(
            domain,
            heuristic,
            start,
            h0,
            bound,
            control,
            base,
            &mut NoObserver,
        )
    };
    // What the node limit leaves the round (at least 1: the round started).
    let left = control.limits.max_nodes.saturating_sub(base.expanded);
    let layout = match lay_out(
        domain, heuristic, start, h0, bound, threads, left, control, base,
    ) {
        Ok(layout) => layout,
        Err(LayoutEnd::Stopped(round)) => return round,
        Err(LayoutEnd::TooBig) => return alone(control),
    };
    // A top that holds the whole round needs no thread.
    let threads = if layout.subtrees.is_empty() {
        0
    } else {
        threads
    };
    let shared = Shared::new(layout.subtrees.len(), threads, layout.next_bound);
    let mut split_stats = *base;
    layout.tops.add_to(&mut split_stats);
    let (spawned, stopped, peak) = search_subtrees(
        domain,
        heuristic,
        bound,
        threads,
        &layout,
        left,
        &shared,
        control,
        &split_stats,
    );
    if threads > 0 && spawned == 0 {
        return alone(control);
    }
    let next_bound = shared.next_bound.load(Ordering::Relaxed);
    let mut threads_stats = split_stats;
    shared.add_to(&mut threads_stats);
    let mut searched: Vec<_> = shared
        .searched
        .into_iter()
        .map(OnceLock::into_inner)
        .collect();
    let mut round = match stopped {
        Some(termination) => {
            let mut stats = threads_stats;
            stats.elapsed = control.elapsed();
            // A goal found is still a solution of the round's bound.
            let found = searched.iter_mut().find_map(|s| match s.take()?.ending {
                Ending::Found(path) => Some(path),
                _ => None,
            });
            let result = match found.or_else(|| layout.goal().cloned()) {
                Some(path) => RoundResult::Found(path),
                None => RoundResult::Stopped(termination),
            };
            Round { result, stats }
        }
        None => merge(
            domain,
            heuristic,
            bound,
            &layout,
            &mut searched,
            next_bound,
            control,
            base,
        ),
    };
    round.stats.peak_memory_bytes = round.stats.peak_memory_bytes.max(peak);
    round
}

/// Searches `layout`'s subtrees on `threads` threads (see [`work_on_subtrees`]) until they
/// end, checking every few milliseconds `control`'s limits but the node limit (the threads
/// keep to it themselves) on `so_far` plus what the threads published. Returns the threads
/// started, the limit or cancel that stopped them, and the most memory seen.
#[expect(
    clippy::too_many_arguments,
    reason = "one round's inputs; a struct would only rename them"
)]
fn search_subtrees<D: Domain, H: Heuristic<D>>(
    domain: &D,
    heuristic: &H,
    bound: u32,
    threads: usize,
    layout: &Layout<D::Move, D::State>,
    left: u64,
    shared: &Shared<D::Move>,
    control: &mut SearchControl,
    so_far: &Stats,
) -> (usize, Option<Termination>, u64) {
    let state_bytes = domain.state_bytes() as u64;
    let layout_memory = layout.bytes();
    let mut peak = layout.peak;
    let mut stopped = None;
    let mut spawned = 0;
    let main = std::thread::current();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let main = main.clone();
            let work =
                move || work_on_subtrees(domain, heuristic, bound, layout, left, shared, &main);
            // A thread the system refuses (too many threads, no memory for its stack) is
            // not an error: the round runs on the threads it got.
            let started = std::thread::Builder::new()
                .stack_size(WORKER_STACK)
                .spawn_scoped(scope, work);
            if started.is_err() {
                break;
            }
            spawned += 1;
        }
        // Workers that were never started will not count themselves down.
        shared
            .running
            .fetch_sub(threads - spawned, Ordering::AcqRel);
        while shared.running.load(Ordering::Acquire) > 0 {
            std::thread::park_timeout(Duration::from_millis(5));
            let mut stats = *so_far;
            shared.add_to(&mut stats);
            // The threads keep to the node limit themselves, and what they searched beyond
            // it the merge leaves out: only the other limits are checked here.
            stats.expanded = stats
                .expanded
                .min(control.limits.max_nodes.saturating_sub(1));
            let memory =
                path_memory(stats.max_frontier, state_bytes) * spawned as u64 + layout_memory;
            if stopped.is_none() {
                stopped = control.checkpoint(&mut stats, memory);
                peak = peak.max(stats.peak_memory_bytes);
                if stopped.is_some() {
                    shared.stop.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    (spawned, stopped, peak)
}

/// A round's top laid out, or why not.
type LaidOut<M, S> = Result<Layout<M, S>, LayoutEnd<M>>;

/// What [`descend`] calls before each expansion: `Err` ends the layout.
type Check<'c, M, S> = dyn FnMut(&Layout<M, S>) -> Result<(), LayoutEnd<M>> + 'c;

/// Why a round's top was not laid out.
enum LayoutEnd<M> {
    /// A limit or a cancel stopped the layout: the round's end.
    Stopped(Round<M>),
    /// The node limit leaves the round fewer expansions than the layout would make: one
    /// thread searches it.
    TooBig,
}

/// Lays out the top of a round's tree (see the module) to the first depth with
/// [`SUBTREES_PER_THREAD`] subtrees for each of `threads`, or [`MAX_SPLIT_DEPTH`], or
/// with no subtree at all; a goal ends it. The layout answers to the same limits as the
/// search (`left`: the expansions the node limit leaves the round).
#[expect(
    clippy::too_many_arguments,
    reason = "one round's inputs; a struct would only rename them"
)]
fn lay_out<D: Domain, H: Heuristic<D>>(
    domain: &D,
    heuristic: &H,
    start: &D::State,
    h0: u32,
    bound: u32,
    threads: usize,
    left: u64,
    control: &mut SearchControl,
    base: &Stats,
) -> LaidOut<D::Move, D::State> {
    let state_bytes = domain.state_bytes() as u64;
    // the checkpoints' statistics are copies: their peaks are gathered here
    let mut peak = base.peak_memory_bytes;
    // Each depth lays the top out afresh: the top is small beside the round.
    let mut depth = 1;
    loop {
        let mut layout = Layout::new(depth, state_bytes, peak);
        let mut worker = Worker::new(domain, heuristic, bound);
        worker.enter(&[], std::slice::from_ref(start));
        let mut check = |layout: &Layout<D::Move, D::State>| {
            let expanded = layout.tops.expanded;
            if expanded >= left {
                return Err(LayoutEnd::TooBig);
            }
            if expanded % CHECK_EVERY == CHECK_EVERY - 1 {
                let mut so_far = *base;
                layout.tops.add_to(&mut so_far);
                let stop = control.checkpoint(&mut so_far, layout.bytes());
                peak = peak.max(so_far.peak_memory_bytes);
                if let Some(termination) = stop {
                    return Err(LayoutEnd::Stopped(Round {
                        result: RoundResult::Stopped(termination),
                        stats: so_far,
                    }));
                }
            }
            Ok(())
        };
        let found = descend(&mut worker, start, 0, h0, depth, &mut layout, &mut check)?;
        layout.next_bound = worker.next_bound;
        layout.peak = layout.peak.max(peak);
        let enough = layout.subtrees.len() >= threads * SUBTREES_PER_THREAD;
        if found || enough || layout.subtrees.is_empty() || depth == MAX_SPLIT_DEPTH {
            let mut before = 0;
            for step in &layout.steps {
                match step {
                    Step::Top(counts) => before += counts.expanded,
                    Step::Subtree(_) => layout.tops_before.push(before),
                    Step::Goal(_) => {}
                }
            }
            return Ok(layout);
        }
        depth += 1;
    }
}

/// Lays out the tree below `state`, the last state of `worker`'s path (at cost `g` with
/// estimate `h`), `depth` levels down, as [`Worker::search`] visits it; `check` is called
/// before each expansion. Returns whether it met a goal, which ends the layout.
fn descend<D: Domain, H: Heuristic<D>>(
    worker: &mut Worker<'_, D, H>,
    state: &D::State,
    g: u32,
    h: u32,
    depth: usize,
    layout: &mut Layout<D::Move, D::State>,
    check: &mut Check<'_, D::Move, D::State>,
) -> Result<bool, LayoutEnd<D::Move>> {
    if depth == 0 {
        layout.steps.push(Step::Subtree(layout.subtrees.len()));
        layout.subtrees.push(Subtree {
            moves: worker.path.clone(),
            states: worker.path_states.clone(),
            h,
        });
        return Ok(false);
    }
    if worker.domain.is_goal(state) {
        layout.steps.push(Step::Goal(worker.path.clone()));
        return Ok(true);
    }
    check(layout)?;
    // What the search counts for this node: its goal test, its expansion, its children.
    worker.counts = Counts {
        expanded: 1,
        goal_tests: 1,
        max_depth: worker.path.len() as u64 + 1,
        ..Counts::default()
    };
    let (mut moves, mut children) = (Vec::new(), Vec::new());
    worker.expand(0, state, g, h, &mut moves, &mut children);
    layout.tops.absorb(&worker.counts);
    layout.steps.push(Step::Top(worker.counts));
    for child in &children {
        worker.path.push(child.mv);
        worker.push_state(&child.state, child.bucket);
        if descend(
            worker,
            &child.state,
            g + 1,
            child.h,
            depth - 1,
            layout,
            check,
        )? {
            return Ok(true);
        }
        worker.path.pop();
        worker.pop_state();
    }
    Ok(false)
}

/// The expansions subtree `i`'s search may still make, `expanded` made (at most
/// [`CHECK_EVERY`]): what the node limit leaves the round (`left`) after the steps before it,
/// as far as the threads have published them (`published`: all the expansions they have
/// published).
fn subtree_allowance<M, S>(
    layout: &Layout<M, S>,
    shared: &Shared<M>,
    left: u64,
    i: usize,
    expanded: u64,
    published: u64,
) -> u64 {
    // Far from the limit, a whole batch, without adding up what comes before subtree `i`.
    // The threads publish up to a batch late, so this may allow a little too much: that only
    // costs a search the merge makes again, never a wrong merge.
    if left.saturating_sub(layout.tops.expanded + published) >= CHECK_EVERY {
        return CHECK_EVERY;
    }
    let before: u64 = layout.tops_before[i]
        + shared.item_expanded[..i]
            .iter()
            .map(|e| e.load(Ordering::Relaxed))
            .sum::<u64>();
    left.saturating_sub(before + expanded).min(CHECK_EVERY)
}

/// One thread's share of a round: subtrees taken from `layout` in turn until none is left
/// or needed, or the round is stopped; each search published to `shared` as it goes and
/// kept there when it ends. The last thread to finish wakes `main`.
fn work_on_subtrees<D: Domain, H: Heuristic<D>>(
    domain: &D,
    heuristic: &H,
    bound: u32,
    layout: &Layout<D::Move, D::State>,
    left: u64,
    shared: &Shared<D::Move>,
    main: &std::thread::Thread,
) {
    let mut worker = Worker::new(domain, heuristic, bound);
    // What the thread counted in the subtrees it finished, and what of its counts it has
    // published: it publishes at its pulses only, as the subtrees are often small.
    let (mut finished, mut published) = (Counts::default(), Counts::default());
    loop {
        if shared.stop.load(Ordering::Relaxed) {
            break;
        }
        let i = shared.next_item.fetch_add(1, Ordering::Relaxed);
        let Some(item) = layout.subtrees.get(i) else {
            break;
        };
        if i > shared.last_needed.load(Ordering::Relaxed) {
            break;
        }
        worker.enter(&item.moves, &item.states);
        worker.counts = Counts::default();
        // The batch left from the last subtree, unless this one is allowed less.
        let all = shared.expanded.load(Ordering::Relaxed);
        worker.countdown = worker
            .countdown
            .min(subtree_allowance(layout, shared, left, i, 0, all));
        let mut cut = false;
        let mut pulse = |counts: &Counts| {
            let mut now = finished;
            now.absorb(counts);
            let all = shared.publish(&now.since(&published));
            published = now;
            shared.item_expanded[i].store(counts.expanded, Ordering::Relaxed);
            if shared.stop.load(Ordering::Relaxed) || i > shared.last_needed.load(Ordering::Relaxed)
            {
                return None;
            }
            let allowed = subtree_allowance(layout, shared, left, i, counts.expanded, all);
            cut = allowed == 0;
            (!cut).then_some(allowed)
        };
        let root = item.states.last().expect("a subtree path holds its root");
        let g = item.moves.len() as u32;
        let flow = worker.search(0, root, g, item.h, &mut pulse);
        finished.absorb(&worker.counts);
        shared.item_expanded[i].store(worker.counts.expanded, Ordering::Relaxed);
        let ending = match flow {
            Flow::Found => Some(Ending::Found(worker.path.clone())),
            Flow::Continue => Some(Ending::Exhausted),
            Flow::Stop => cut.then_some(Ending::Cut),
        };
        if let Some(ending) = ending {
            if !matches!(ending, Ending::Exhausted) {
                shared.last_needed.fetch_min(i, Ordering::Relaxed);
            }
            let counts = worker.counts;
            // Each subtree is searched by one thread once: the cell is empty.
            let _ = shared.searched[i].set(Searched { counts, ending });
        }
        if matches!(flow, Flow::Stop) {
            break;
        }
    }
    shared.publish(&finished.since(&published));
    shared
        .next_bound
        .fetch_min(worker.next_bound, Ordering::Relaxed);
    if shared.running.fetch_sub(1, Ordering::AcqRel) == 1 {
        main.unpark();
    }
}

/// The round as one thread makes it: the layout's steps in order, each subtree's search
/// taken from `searched` when it is the one a thread alone would make there, and searched
/// again alone with what the node limit leaves otherwise (it went past the limit, or no
/// thread searched it). `next_bound` is the threads' smallest f above the bound.
#[expect(
    clippy::too_many_arguments,
    reason = "one round's inputs; a struct would only rename them"
)]
fn merge<D: Domain, H: Heuristic<D>>(
    domain: &D,
    heuristic: &H,
    bound: u32,
    layout: &Layout<D::Move, D::State>,
    searched: &mut [Option<Searched<D::Move>>],
    mut next_bound: u32,
    control: &mut SearchControl,
    base: &Stats,
) -> Round<D::Move> {
    let max_nodes = control.limits.max_nodes;
    let mut stats = *base;
    let mut end = None;
    for step in &layout.steps {
        end = match step {
            Step::Top(_) if stats.expanded >= max_nodes => {
                // One thread goal-tests the node, then stops before its expansion.
                stats.goal_tests += 1;
                Some(RoundResult::Stopped(Termination::NodeLimit))
            }
            Step::Top(counts) => {
                counts.add_to(&mut stats);
                None
            }
            Step::Goal(path) => {
                stats.goal_tests += 1;
                Some(RoundResult::Found(path.clone()))
            }
            Step::Subtree(i) => {
                let left = max_nodes.saturating_sub(stats.expanded);
                if let Some(search) = searched[*i].take().filter(|s| s.fits(left)) {
                    search.counts.add_to(&mut stats);
                    match search.ending {
                        Ending::Exhausted => None,
                        Ending::Found(path) => Some(RoundResult::Found(path)),
                        Ending::Cut => Some(RoundResult::Stopped(Termination::NodeLimit)),
                    }
                } else {
                    // The threads' search went past the node limit here, or none was made:
                    // one thread's, with exactly what the limit leaves.
                    let item = &layout.subtrees[*i];
                    let mut worker = Worker::new(domain, heuristic, bound);
                    worker.enter(&item.moves, &item.states);
                    let root = item.states.last().expect("a subtree path holds its root");
                    let g = item.moves.len() as u32;
                    let (flow, stopped) =
                        search_alone(&mut worker, root, g, item.h, control, &stats);
                    worker.counts.add_to(&mut stats);
                    next_bound = next_bound.min(worker.next_bound);
                    match flow {
                        Flow::Found => Some(RoundResult::Found(worker.path)),
                        Flow::Stop => Some(RoundResult::Stopped(
                            stopped.unwrap_or(Termination::Cancelled),
                        )),
                        Flow::Continue => None,
                    }
                }
            }
        };
        if end.is_some() {
            break;
        }
    }
    stats.elapsed = control.elapsed();
    let result = end
        .unwrap_or_else(|| RoundResult::Exhausted((next_bound != u32::MAX).then_some(next_bound)));
    Round { result, stats }
}
