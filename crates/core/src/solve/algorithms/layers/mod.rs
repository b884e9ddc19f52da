//! Breadth-first layers of packed states kept as sorted, delta-coded keys, and the walk built
//! on them: the whole-space walk for spaces of tens of millions of states, in a few bytes per
//! state and on every core.
//!
//! The hash-table walk of [`bfs`](fn@super::bfs) holds three layers of full states in a table
//! that grows fourfold at a time, 30 to 50 bytes per held state; on a space whose layers hold
//! tens of millions of states that is gigabytes. Here a layer is a `SortedKeys`: its states'
//! keys (an injective packing of the state into a `u64` or `u128`) sorted and stored as
//! differences, typically 2 to 4 bytes per state. A layer is made by expanding the one before
//! in batches of blocks, each thread's share of a batch expanded, sorted and deduplicated on
//! that thread, the sorted runs then merged all at once on every thread (each taking one range
//! of keys), and the states of the two layers before subtracted by a merge (moves are reversible, so a successor of layer `d` lies in
//! layer `d - 1`, `d` or `d + 1`). Sets are unions, so the layers, the counts and the answer
//! do not depend on the number of threads or the order in which the batches finish.
//!
//! Every byte the walk holds counts against the memory limit, whatever the number of threads:
//! the layers, the runs of successors waiting to be merged, each thread's buffers, and the
//! room a merge reserves for the set it makes. A batch takes as many blocks as fit in what
//! the limit leaves, the buffers it needs and the merge that may follow it included, so more
//! threads make smaller shares, never more memory; when memory is tight, the buffers are
//! sized to the batch and the runs merged early (a few bytes a key instead of a whole key).
//! Each thread has a `Slot`: a buffer holding its runs side by side, and the space to sort
//! them, which the walk's own thread sizes before each batch and keeps from batch to batch;
//! the threads only fill them. Memory a thread allocates comes, with glibc, from an arena of
//! that thread's, which keeps what is freed for reuse: when each thread allocated its own
//! buffers for every batch, the process held up to a batch's worth more per thread than the
//! walk counted.

use std::ops::Range;

use super::bfs::SpaceWalk;
use super::common::Meter;
use crate::solve::core::{Domain, SearchControl, SearchOutcome, Termination};

mod keys;
mod merge;
mod sort;

pub use keys::Key;
pub(crate) use keys::SortedKeys;
use keys::{BLOCK, chain_bound};
use merge::{FIRST_MERGE, NextLayer, Slot};
use sort::{Sizing, SortSpace, sort_dedup};

/// `work` done by `f` on `threads` threads, each taking the next item as it is free (on the
/// calling thread when there is one thread or one item), the results in the order of the
/// items. Cutting work into a few more items than threads keeps every thread busy when the
/// items' costs cannot be told in advance.
fn on_threads_pulled<T: Send, R: Send>(
    work: Vec<T>,
    threads: usize,
    f: impl Fn(T) -> R + Sync,
) -> Vec<R> {
    let threads = threads.min(work.len());
    if threads <= 1 {
        return work.into_iter().map(f).collect();
    }
    let queue = std::sync::Mutex::new(work.into_iter().enumerate());
    let next = || {
        queue
            .lock()
            // A panic never happens with the lock held: the queue is whole.
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .next()
    };
    let done = on_threads(vec![(); threads], |()| {
        std::iter::from_fn(next)
            .map(|(i, item)| (i, f(item)))
            .collect::<Vec<_>>()
    });
    let mut all: Vec<(usize, R)> = done.into_iter().flatten().collect();
    all.sort_unstable_by_key(|(i, _)| *i);
    all.into_iter().map(|(_, r)| r).collect()
}

/// `work` done by `f`, one item per thread (on the calling thread when there is one), the
/// results in the order of the items.
fn on_threads<T: Send, R: Send>(work: Vec<T>, f: impl Fn(T) -> R + Sync) -> Vec<R> {
    if work.len() <= 1 {
        return work.into_iter().map(f).collect();
    }
    let f = &f;
    std::thread::scope(|scope| {
        let handles: Vec<_> = work
            .into_iter()
            .map(|item| scope.spawn(move || f(item)))
            .collect();
        handles
            .into_iter()
            // A panic on a thread is a bug; pass it on rather than lose it.
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

/// Blocks of the layer being expanded per batch (32,768 states), shared among the threads:
/// a batch's buffers (room for its successors, and as much again to sort them) then take the
/// same memory whatever the number of threads. Past 8 threads, each thread takes
/// [`SHARE_BLOCKS`].
const BATCH_BLOCKS: usize = 512;

/// The fewest blocks a thread takes per batch (4,096 states): less would spend more of the
/// batch starting threads and merging short runs than expanding.
const SHARE_BLOCKS: usize = 64;

/// What a [`sorted_walk`] found.
pub(crate) struct SortedWalk<K> {
    /// The figures of the walk, as [`count_space`](super::count_space) reports them.
    pub exploration: SpaceWalk,
    /// The first goal met (in key order within its layer) and its depth, when the walk was
    /// asked to stop there.
    pub goal: Option<(K, u32)>,
    /// Every goal state met, layer by layer and in key order within a layer, when the walk
    /// was asked to collect them.
    pub goals: Vec<K>,
    /// Every layer walked, when asked to keep them (else only the last two).
    pub layers: Vec<SortedKeys<K>>,
}

/// The shares of `blocks` among `threads` threads: runs of consecutive blocks, in order.
fn shares(blocks: Range<usize>, threads: usize) -> impl Iterator<Item = Range<usize>> {
    let share = blocks.len().div_ceil(threads).max(1);
    let end = blocks.end;
    blocks.step_by(share).map(move |b| b..(b + share).min(end))
}

/// What a thread made of its share of a batch.
struct Made {
    /// Keys in the run it added to its slot.
    keys: usize,
    /// The run's [`chain_bound`].
    chain: usize,
    /// Successors made (repeats and the parents included).
    generated: u64,
}

/// Expands the states of `blocks` of `layer` into a run of `slot`: the keys of their
/// successors, sorted without repeats, in the room the walk's thread made.
fn expand_share<D: Domain, K: Key>(
    domain: &D,
    layer: &SortedKeys<K>,
    blocks: Range<usize>,
    slot: &mut Slot<K>,
    pack: &Packing<'_, D::State, K>,
) -> Made {
    let (mut moves, mut children) = (Vec::new(), Vec::new());
    let mut generated = 0;
    let start = slot.pending.len();
    for k in layer.decode(blocks) {
        let state = (pack.unkey)(k);
        children.clear();
        // No state is its own successor: passing it as the known one leaves nothing out.
        generated += domain.successors(&state, &state, &mut moves, &mut children);
        generated += children.len() as u64;
        slot.pending.extend(children.iter().map(pack.key));
    }
    let keys = sort_dedup(&mut slot.pending[start..], &mut slot.space);
    slot.pending.truncate(start + keys);
    slot.ends.push(slot.pending.len());
    Made {
        keys,
        chain: chain_bound(&slot.pending[start..]),
        generated,
    }
}

/// Expands each of `shares` of `layer` into the slot of the same rank, the shares shared
/// among threads, one each.
fn expand_round<D: Domain, K: Key>(
    domain: &D,
    layer: &SortedKeys<K>,
    shares: &[Range<usize>],
    slots: &mut [Slot<K>],
    pack: &Packing<'_, D::State, K>,
) -> Vec<Made> {
    let work: Vec<_> = shares.iter().cloned().zip(slots).collect();
    on_threads(work, |(share, slot)| {
        expand_share(domain, layer, share, slot, pack)
    })
}

/// How a domain's states map to keys and back.
pub(crate) struct Packing<'p, S, K> {
    /// The key of a state (injective).
    pub key: &'p (dyn Fn(&S) -> K + Sync),
    /// The state of a key made by `key`.
    pub unkey: &'p (dyn Fn(K) -> S + Sync),
}

/// What a [`sorted_walk`] does with the goal states it meets.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum AtGoal {
    /// End the walk, as solved, at the first goal state; each layer is goal-tested in key
    /// order before it is expanded, so `expanded` counts the states of the goal's layer up to
    /// the goal, and no successor of that layer.
    Stop,
    /// Count them.
    Count,
    /// Count them and keep their keys (in [`SortedWalk::goals`]).
    Collect,
}

/// Which layers a [`sorted_walk`] keeps.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Layers {
    /// Every layer walked: to rebuild a path, or to look distances up.
    KeepAll,
    /// Only the last two, which deduplication needs.
    LastTwo,
}

/// The next batch of a walk: its blocks, their shares among the threads, and the room for
/// successors each share gets.
struct Batch {
    blocks: Range<usize>,
    shares: Vec<Range<usize>>,
    rooms: Vec<usize>,
    /// How the slots' buffers are sized for it.
    sizing: Sizing,
}

impl Batch {
    /// `blocks` of `layer`, shared among `threads` threads, with room for `per_state`
    /// successors a state.
    fn new<K: Key>(
        layer: &SortedKeys<K>,
        blocks: Range<usize>,
        threads: usize,
        per_state: usize,
        sizing: Sizing,
    ) -> Batch {
        let shares: Vec<_> = shares(blocks.clone(), threads).collect();
        let rooms = shares
            .iter()
            .map(|share| layer.keys_in(share.clone()) * per_state)
            .collect();
        Batch {
            blocks,
            shares,
            rooms,
            sizing,
        }
    }

    /// The most bytes `next` holds through the batch: its slots grown for the shares (one
    /// of them moving), then filled, then merged (see [`NextLayer::merge_bytes`]).
    fn bytes<K: Key>(&self, next: &NextLayer<K>) -> u64 {
        let (grown, moving) = next.grown_bytes(&self.rooms, self.sizing);
        let keys = self.rooms.iter().sum();
        grown + moving.max(next.merge_bytes(keys, self.rooms.len()))
    }
}

/// The next batch of a walk from `block` of `layer`: as many blocks as keep every thread busy
/// (one each for a walk's first batch, which shows how many successors a state has), within
/// the node budget and within the memory limit with `rest` bytes held besides `next` (with
/// room for `per_state` successors a state; see [`Batch::bytes`]); `Err` with the limit that
/// leaves no room for one block.
fn next_batch<K: Key>(
    meter: &Meter<'_>,
    layer: &SortedKeys<K>,
    block: usize,
    next: &NextLayer<K>,
    rest: u64,
    per_state: usize,
) -> Result<Batch, Termination> {
    let budget = (meter.nodes_left() / BLOCK as u64) as usize;
    if budget == 0 {
        return Err(Termination::NodeLimit);
    }
    let threads = meter.threads();
    let per_thread = if meter.stats.expanded == 0 {
        1
    } else {
        (BATCH_BLOCKS / threads).max(SHARE_BLOCKS)
    };
    let most = (threads * per_thread)
        .min(budget)
        .min(layer.blocks() - block);
    let batch = |blocks: usize, sizing| {
        Batch::new(layer, block..block + blocks, threads, per_state, sizing)
    };
    let room = meter.memory_limit().saturating_sub(rest);
    let fits = |batch: &Batch| batch.bytes(next) <= room;
    let whole = batch(most, Sizing::Grow);
    if fits(&whole) {
        return Ok(whole);
    }
    let sizing = [Sizing::Keep, Sizing::Exact]
        .into_iter()
        .find(|&sizing| fits(&batch(1, sizing)))
        .ok_or(Termination::MemoryLimit)?;
    // The bytes grow with the blocks: the most that fit, by bisection.
    let (mut fit, mut over) = (1, most + 1);
    while over - fit > 1 {
        let mid = fit + (over - fit) / 2;
        if fits(&batch(mid, sizing)) {
            fit = mid;
        } else {
            over = mid;
        }
    }
    Ok(batch(fit, sizing))
}

/// Blocks of a layer from which its goal test runs on every thread.
const PARALLEL_GOAL_TEST_FROM: usize = 256;

/// Goal-tests `layer` as `at_goal` asks, on `meter`'s threads (each taking a share of the
/// blocks): `Ok` with the number of its goal states (their keys pushed on `goals` for
/// [`AtGoal::Collect`], in key order); for [`AtGoal::Stop`], `Err` at the first goal state in
/// key order: `Solved` with its key pushed on `goals`, its layer's states up to it counted as
/// expanded, or `NodeLimit` when the node budget ends before it.
fn goal_test<D: Domain, K: Key>(
    domain: &D,
    pack: &Packing<'_, D::State, K>,
    layer: &SortedKeys<K>,
    at_goal: AtGoal,
    meter: &mut Meter<'_>,
    goals: &mut Vec<K>,
) -> Result<u64, Termination> {
    let is_goal = |k: &K| domain.is_goal(&(pack.unkey)(*k));
    let threads = if layer.blocks() >= PARALLEL_GOAL_TEST_FROM {
        meter.threads()
    } else {
        1
    };
    let parts: Vec<Range<usize>> = shares(0..layer.blocks(), threads).collect();
    match at_goal {
        AtGoal::Stop => {
            // The first goal of each share, with its rank in the layer; the first of those.
            let first = on_threads(parts, |blocks| {
                let before = layer.keys_in(0..blocks.start);
                let (at, k) = layer.decode(blocks).enumerate().find(|(_, k)| is_goal(k))?;
                Some((before + at, k))
            });
            let Some((i, k)) = first.into_iter().flatten().next() else {
                return Ok(0);
            };
            let taken = (i as u64 + 1).min(meter.nodes_left());
            meter.stats.expanded += taken;
            meter.stats.goal_tests += taken;
            if taken < i as u64 + 1 {
                return Err(Termination::NodeLimit);
            }
            goals.push(k);
            Err(Termination::Solved)
        }
        AtGoal::Collect => {
            // Counted first, so that the goals are written in place, each share's in its
            // own part of `goals`, which never holds more than they take.
            let counts = on_threads(parts.clone(), |blocks| {
                layer.decode(blocks).filter(is_goal).count()
            });
            let before = goals.len();
            let found: usize = counts.iter().sum();
            goals.resize(before + found, K::from_wide(0));
            let mut rest = &mut goals[before..];
            let mut work = Vec::with_capacity(parts.len());
            for (blocks, &count) in parts.into_iter().zip(&counts) {
                let (part, after) = std::mem::take(&mut rest).split_at_mut(count);
                work.push((blocks, part));
                rest = after;
            }
            on_threads(work, |(blocks, part)| {
                for (slot, k) in part.iter_mut().zip(layer.decode(blocks).filter(is_goal)) {
                    *slot = k;
                }
            });
            Ok(found as u64)
        }
        AtGoal::Count => {
            let counts = on_threads(parts, |blocks| layer.decode(blocks).filter(is_goal).count());
            Ok(counts.into_iter().sum::<usize>() as u64)
        }
    }
}

/// Expands the last of `layers` into the next layer, batch by batch (see the module docs),
/// the states of the two last layers removed, with `rest` bytes held besides, in the threads'
/// `slots` (kept for the layer after); `states` have been walked so far. Returns the next
/// layer and the successors made (repeats and parents included), or the limit or cancel that
/// stopped the walk.
fn expand_layer<D: Domain, K: Key>(
    domain: &D,
    pack: &Packing<'_, D::State, K>,
    meter: &mut Meter<'_>,
    layers: &[SortedKeys<K>],
    slots: &mut Vec<Slot<K>>,
    rest: u64,
    states: u64,
) -> Result<(SortedKeys<K>, u64), Termination> {
    let layer = &layers[layers.len() - 1];
    let older: Vec<&SortedKeys<K>> = layers[layers.len().saturating_sub(2)..].iter().collect();
    let mut next = NextLayer::new(FIRST_MERGE, std::mem::take(slots), meter.threads());
    let mut generated = 0;
    // Successors made and states expanded by the last batch.
    let mut last = (0, 0);
    let mut block = 0;
    while block < layer.blocks() {
        // Room for twice as many successors a state as seen on average, over the walk or in
        // the last batch, whichever is more.
        let average = |(made, states): (u64, u64)| made.div_ceil(states.max(1));
        let seen = (meter.stats.generated + generated, meter.stats.expanded);
        let per_state = (2 * average(seen).max(average(last))).max(8) as usize;
        let mut batch = next_batch(meter, layer, block, &next, rest, per_state);
        // With memory tight, merging the runs first packs them from a whole key each to a
        // few bytes, worth its time once they hold an eighth as many keys as the merged set
        // (four times as many merges at most as when they are due).
        let tight = match &batch {
            Ok(batch) => batch.sizing != Sizing::Grow,
            Err(stop) => *stop == Termination::MemoryLimit,
        };
        let merging = rest + next.memory_bytes() + next.merge_bytes(0, 0);
        let mut peak = 0;
        if tight && next.held > next.merged.len() / 8 && merging <= meter.memory_limit() {
            peak = merging;
            next.merge(&[]);
            batch = next_batch(meter, layer, block, &next, rest, per_state);
        }
        let batch = batch?;
        // The batch at its largest: the runs merged early, the slots growing, then filled
        // (more than planned if a share made more successors than it had room for), then
        // merging (the room counted before it is taken).
        let (grown, moving) = next.grown_bytes(&batch.rooms, batch.sizing);
        peak = peak.max(rest + grown + moving);
        next.resize(&batch.rooms, batch.sizing);
        let made = expand_round(domain, layer, &batch.shares, &mut next.slots, pack);
        let taken = layer.keys_in(batch.blocks.clone()) as u64;
        meter.stats.expanded += taken;
        meter.stats.goal_tests += taken;
        let made_now = made.iter().map(|m| m.generated).sum();
        generated += made_now;
        last = (made_now, taken);
        for m in &made {
            next.add(m.keys, m.chain);
        }
        block = batch.blocks.end;
        let end = block == layer.blocks();
        if end || next.due() {
            peak = peak.max(rest + next.memory_bytes() + next.merge_bytes(0, 0));
            if peak <= meter.memory_limit() {
                next.merge(if end { &older } else { &[] });
            }
        }
        let frontier = layer.keys_in(block..layer.blocks()) + next.len();
        let bytes = rest + next.memory_bytes();
        // Between layers only: how far a layer is made at a batch's end depends on how the
        // batches were cut, and so on the threads.
        if let Some(stop) = meter.check_between(frontier as u64, states, bytes.max(peak)) {
            return Err(stop);
        }
    }
    let (next, emptied) = next.finish();
    *slots = emptied;
    Ok((next, generated))
}

/// Walks the space reachable from `roots` (keys of states; the start alone for a search)
/// layer by layer on sorted keys (see the module docs), on `control`'s threads, within its
/// limits and cancel flag: a multi-source walk, so layer `d` holds the states whose nearest
/// root is `d` moves away.
///
/// - `at_goal`: what to do with goal states (see [`AtGoal`]).
/// - `layers`: which layers to keep (see [`Layers`]).
///
/// The walk runs on `control`'s running clock: every caller runs it as a phase of a task it
/// started (a search that outgrew its hash table, an analysis's walks), whose limits cover
/// all its phases together.
///
/// A complete walk ends with `Termination::Unsolvable`; on a limit, the figures cover the
/// layers walked so far. The node limit is honoured at the granularity of 64 states.
pub(crate) fn sorted_walk<D: Domain, K: Key>(
    domain: &D,
    control: &mut SearchControl,
    pack: &Packing<'_, D::State, K>,
    mut roots: Vec<K>,
    at_goal: AtGoal,
    layers_kept: Layers,
) -> SortedWalk<K> {
    let mut meter = Meter::resume(control);
    let mut space = SortSpace::default();
    let distinct = sort_dedup(&mut roots, &mut space);
    roots.truncate(distinct);
    let mut layers = vec![SortedKeys::from_sorted(&roots)];
    // The roots (an analysis's goal positions: millions) sorted beside a copy of themselves
    // and packed into the first layer: the walk's first bytes.
    let start = (roots.capacity() * size_of::<K>()) as u64
        + space.memory_bytes()
        + layers[0].memory_bytes();
    drop((roots, space));
    meter.stats.peak_memory_bytes = start;
    let (mut per_depth, mut states, mut goal_states) = (Vec::new(), layers[0].len() as u64, 0);
    let mut goals = Vec::new();
    let mut termination = if start > meter.memory_limit() {
        Termination::MemoryLimit
    } else {
        Termination::Unsolvable
    };
    let mut goal = None;
    let mut depth = 0u32;
    // Each thread's slot, kept from layer to layer.
    let mut slots = Vec::new();
    let kept = |goals: &Vec<K>| (goals.capacity() * size_of::<K>()) as u64;
    let archived = |layers: &[SortedKeys<K>]| -> u64 {
        layers.iter().map(SortedKeys::memory_bytes).sum::<u64>()
    };
    'walk: while termination == Termination::Unsolvable && !layers[depth as usize].is_empty() {
        let d = depth as usize;
        let layer = &layers[d];
        per_depth.push(layer.len() as u64);
        // The frontier at the fixed points of the walk, whatever its batches: a whole layer,
        // the one about to be expanded.
        meter.stats.max_frontier = meter.stats.max_frontier.max(layer.len() as u64);
        meter.stats.depth = depth;
        match goal_test(domain, pack, layer, at_goal, &mut meter, &mut goals) {
            Ok(found) => goal_states += found,
            Err(stop) => {
                termination = stop;
                if stop == Termination::Solved {
                    goal = goals.pop().map(|k| (k, depth));
                    goal_states += 1;
                }
                break 'walk;
            }
        }
        let rest = archived(&layers) + kept(&goals);
        let (next, generated) =
            match expand_layer(domain, pack, &mut meter, &layers, &mut slots, rest, states) {
                Ok(made) => made,
                Err(stop) => {
                    termination = stop;
                    break 'walk;
                }
            };
        meter.stats.generated += generated;
        meter.stats.duplicates += generated - next.len() as u64;
        meter.stats.completed_depth = Some(depth);
        states += next.len() as u64;
        layers.push(next);
        if layers_kept == Layers::LastTwo && d >= 1 {
            layers[d - 1] = SortedKeys::default();
        }
        depth += 1;
    }
    let frontier = layers.last().map_or(0, SortedKeys::len) as u64;
    let bytes =
        archived(&layers) + kept(&goals) + slots.iter().map(Slot::memory_bytes).sum::<u64>();
    let outcome: SearchOutcome<D::Move> =
        meter.finish(termination, None, false, frontier, states, bytes);
    SortedWalk {
        exploration: SpaceWalk {
            states,
            max_depth: per_depth.len().saturating_sub(1) as u32,
            per_depth,
            goal_states,
            termination,
            stats: outcome.stats,
            mirrored: false,
        },
        goal,
        goals,
        layers,
    }
}
