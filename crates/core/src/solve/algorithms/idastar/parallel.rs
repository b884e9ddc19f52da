//! IDA*'s parallel rounds: the top of the tree expanded breadth-first into subtrees, and the
//! threads searching those subtrees under the round's bound, the first solution winning.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

use crate::solve::core::{CHECK_EVERY, Domain, Heuristic, SearchControl, Stats};
use crate::solve::observe::NoObserver;

use super::{
    Counts, Flow, MAX_SPLIT_DEPTH, Round, RoundResult, SUBTREES_PER_THREAD, WORKER_STACK, Worker,
    path_memory, single_round,
};

/// One subtree to search: the path to its root, the states along it, and its g and h.
struct Subtree<M, S> {
    moves: Vec<M>,
    states: Vec<S>,
    h: u32,
}

/// What the threads of a round share.
struct Shared<M> {
    stop: AtomicBool,
    next_item: AtomicUsize,
    running: AtomicUsize,
    next_bound: AtomicU32,
    expanded: AtomicU64,
    generated: AtomicU64,
    duplicates: AtomicU64,
    goal_tests: AtomicU64,
    max_depth: AtomicU64,
    found: Mutex<Option<Vec<M>>>,
}

impl<M> Shared<M> {
    fn publish(&self, delta: &Counts) {
        self.expanded.fetch_add(delta.expanded, Ordering::Relaxed);
        self.generated.fetch_add(delta.generated, Ordering::Relaxed);
        self.duplicates
            .fetch_add(delta.duplicates, Ordering::Relaxed);
        self.goal_tests
            .fetch_add(delta.goal_tests, Ordering::Relaxed);
        self.max_depth.fetch_max(delta.max_depth, Ordering::Relaxed);
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
    let Split {
        items,
        splitter,
        mut peak,
        item_bytes,
    } = match split_top(domain, heuristic, start, h0, bound, threads, control, base) {
        Ok(split) => split,
        Err(round) => return round,
    };
    let state_bytes = domain.state_bytes() as u64;
    let shared = Shared {
        stop: AtomicBool::new(false),
        next_item: AtomicUsize::new(0),
        running: AtomicUsize::new(threads),
        next_bound: AtomicU32::new(splitter.next_bound),
        expanded: AtomicU64::new(0),
        generated: AtomicU64::new(0),
        duplicates: AtomicU64::new(0),
        goal_tests: AtomicU64::new(0),
        max_depth: AtomicU64::new(0),
        found: Mutex::new(None),
    };
    let mut split_stats = *base;
    splitter.counts.add_to(&mut split_stats);
    let split_memory = items.len() as u64 * item_bytes;
    let mut stopped = None;
    let mut spawned = 0;
    let main = std::thread::current();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let main = main.clone();
            let shared = &shared;
            let items = &items;
            let work = move || work_on_subtrees(domain, heuristic, bound, shared, items, &main);
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
            let mut stats = split_stats;
            shared.add_to(&mut stats);
            let memory =
                path_memory(stats.max_frontier, state_bytes) * spawned as u64 + split_memory;
            if stopped.is_none() {
                stopped = control.checkpoint(&mut stats, memory);
                peak = peak.max(stats.peak_memory_bytes);
                if stopped.is_some() {
                    shared.stop.store(true, Ordering::Relaxed);
                }
            }
        }
    });
    if spawned == 0 {
        return single_round(
            domain,
            heuristic,
            start,
            h0,
            bound,
            control,
            base,
            &mut NoObserver,
        );
    }
    let mut stats = split_stats;
    shared.add_to(&mut stats);
    stats.elapsed = control.elapsed();
    stats.peak_memory_bytes = stats.peak_memory_bytes.max(peak);
    let found = shared
        .found
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let result = match (found, stopped) {
        (Some(path), _) => RoundResult::Found(path),
        (None, Some(t)) => RoundResult::Stopped(t),
        (None, None) => {
            let next = shared.next_bound.into_inner();
            RoundResult::Exhausted((next != u32::MAX).then_some(next))
        }
    };
    Round { result, stats }
}

/// The top of a round's tree, split into subtrees for the threads: the subtrees, the
/// splitter (its counts and the next bound it saw), the peak memory seen, and the memory one
/// subtree item holds.
struct Split<'a, D: Domain, H> {
    items: Vec<Subtree<D::Move, D::State>>,
    splitter: Worker<'a, D, H>,
    peak: u64,
    item_bytes: u64,
}

/// Expands the top of the tree breadth-first, under the round's bound and pruning, until
/// there are [`SUBTREES_PER_THREAD`] subtrees for each of `threads` (or the split is
/// [`MAX_SPLIT_DEPTH`] deep). `Err` is the round's end, when the split itself meets a goal or
/// a limit.
#[expect(
    clippy::too_many_arguments,
    reason = "one round's inputs; a struct would only rename them"
)]
fn split_top<'a, D: Domain, H: Heuristic<D>>(
    domain: &'a D,
    heuristic: &'a H,
    start: &D::State,
    h0: u32,
    bound: u32,
    threads: usize,
    control: &mut SearchControl,
    base: &Stats,
) -> Result<Split<'a, D, H>, Round<D::Move>> {
    let mut splitter = Worker::new(domain, heuristic, bound);
    let mut items = vec![Subtree {
        moves: Vec::new(),
        states: vec![start.clone()],
        h: h0,
    }];
    let mut moves = Vec::new();
    let mut children = Vec::new();
    let state_bytes = domain.state_bytes() as u64;
    // the checkpoints' statistics are copies: their peaks are gathered here
    let mut peak = base.peak_memory_bytes;
    // What a subtree item holds at `depth`: its moves and the states along its path.
    let item_bytes = |depth: usize| {
        (std::mem::size_of::<Subtree<D::Move, D::State>>() + depth * std::mem::size_of::<D::Move>())
            as u64
            + (depth as u64 + 1) * state_bytes
    };
    for depth in 0..MAX_SPLIT_DEPTH {
        if items.len() >= threads * SUBTREES_PER_THREAD {
            break;
        }
        let mut next = Vec::with_capacity(items.len() * 3);
        for (i, item) in items.iter().enumerate() {
            // The split is part of the search: it answers to the same limits.
            if i as u64 % CHECK_EVERY == CHECK_EVERY - 1 {
                let mut so_far = *base;
                splitter.counts.add_to(&mut so_far);
                let memory = items.len() as u64 * item_bytes(depth)
                    + next.len() as u64 * item_bytes(depth + 1);
                let stop = control.checkpoint(&mut so_far, memory);
                peak = peak.max(so_far.peak_memory_bytes);
                if let Some(t) = stop {
                    return Err(Round {
                        result: RoundResult::Stopped(t),
                        stats: so_far,
                    });
                }
            }
            let state = item.states.last().expect("a subtree path holds its root");
            splitter.counts.goal_tests += 1;
            if domain.is_goal(state) {
                let mut stats = *base;
                splitter.counts.add_to(&mut stats);
                stats.elapsed = control.elapsed();
                return Err(Round {
                    result: RoundResult::Found(item.moves.clone()),
                    stats,
                });
            }
            splitter.counts.expanded += 1;
            splitter.enter(&item.moves, &item.states);
            let g = item.moves.len() as u32;
            splitter.expand(0, state, g, item.h, &mut moves, &mut children);
            for child in children.drain(..) {
                let mut m = item.moves.clone();
                m.push(child.mv);
                let mut s = item.states.clone();
                s.push(child.state);
                next.push(Subtree {
                    moves: m,
                    states: s,
                    h: child.h,
                });
            }
        }
        items = next;
        if items.is_empty() {
            break;
        }
    }
    splitter.counts.max_depth = items.first().map_or(0, |i| i.moves.len() as u64);
    let item_bytes = item_bytes(items.first().map_or(0, |i| i.moves.len()));
    Ok(Split {
        items,
        splitter,
        peak,
        item_bytes,
    })
}

/// One thread's share of a round: subtrees taken from `items` in turn until none is left, a
/// goal is found or the round is stopped; its counts published to `shared` as it goes. The
/// last thread to finish wakes `main`.
fn work_on_subtrees<D: Domain, H: Heuristic<D>>(
    domain: &D,
    heuristic: &H,
    bound: u32,
    shared: &Shared<D::Move>,
    items: &[Subtree<D::Move, D::State>],
    main: &std::thread::Thread,
) {
    let mut worker = Worker::new(domain, heuristic, bound);
    let mut published = Counts::default();
    let mut pulse = |counts: &Counts| {
        let delta = Counts {
            expanded: counts.expanded - published.expanded,
            generated: counts.generated - published.generated,
            duplicates: counts.duplicates - published.duplicates,
            goal_tests: counts.goal_tests - published.goal_tests,
            max_depth: counts.max_depth,
        };
        shared.publish(&delta);
        published = *counts;
        shared.stop.load(Ordering::Relaxed)
    };
    loop {
        if shared.stop.load(Ordering::Relaxed) {
            break;
        }
        let i = shared.next_item.fetch_add(1, Ordering::Relaxed);
        let Some(item) = items.get(i) else {
            break;
        };
        worker.enter(&item.moves, &item.states);
        let root = item.states.last().expect("a subtree path holds its root");
        let g = item.moves.len() as u32;
        match worker.search(0, root, g, item.h, &mut pulse) {
            Flow::Found => {
                let mut found = shared
                    .found
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                if found.is_none() {
                    *found = Some(worker.path.clone());
                }
                shared.stop.store(true, Ordering::Relaxed);
                break;
            }
            Flow::Stop => break,
            Flow::Continue => {}
        }
    }
    pulse(&worker.counts);
    shared
        .next_bound
        .fetch_min(worker.next_bound, Ordering::Relaxed);
    if shared.running.fetch_sub(1, Ordering::AcqRel) == 1 {
        main.unpark();
    }
}
