//! Breadth-first layers of packed states kept as sorted, delta-coded keys, and the walk built
//! on them: the whole-space walk for spaces of tens of millions of states, in a few bytes per
//! state and on every core.
//!
//! The hash-table walk of [`bfs`](fn@super::bfs) holds three layers of full states in a table
//! that grows fourfold at a time, 30 to 50 bytes per held state; on a space whose layers hold
//! tens of millions of states that is gigabytes. Here a layer is a `SortedKeys`: its states'
//! keys (an injective packing of the state into a `u64` or `u128`) sorted and stored as
//! differences, typically 2 to 4 bytes per state. A layer is made by expanding the one before
//! in batches of blocks, each batch's successors sorted and deduplicated on its own thread,
//! the sorted runs then merged, and the states of the two layers before subtracted by a
//! merge (moves are reversible, so a successor of layer `d` lies in layer `d - 1`, `d` or
//! `d + 1`). Sets are unions, so the layers, the counts and the answer do not depend on the
//! number of threads or the order in which the batches finish.

use std::fmt::Debug;
use std::ops::Range;

use super::bfs::SpaceWalk;
use super::common::Meter;
use crate::solve::core::{Domain, SearchControl, SearchOutcome, Termination};

/// A packed state: a `u64` or `u128` into which a domain's states map one to one.
pub trait Key: Copy + Ord + Send + Sync + Debug + 'static {
    /// Bits of the type.
    const BITS: u32;
    /// The key as a `u128`.
    fn wide(self) -> u128;
    /// The key whose [`Key::wide`] is `wide` (which fits).
    fn from_wide(wide: u128) -> Self;
    /// Bits `shift..shift + 11` of the key, for the radix sort.
    fn digit(self, shift: u32) -> usize;
}

impl Key for u64 {
    const BITS: u32 = 64;

    #[inline]
    fn wide(self) -> u128 {
        u128::from(self)
    }

    #[inline]
    fn from_wide(wide: u128) -> Self {
        wide as u64
    }

    #[inline]
    fn digit(self, shift: u32) -> usize {
        (self >> shift) as usize & (RADIX - 1)
    }
}

impl Key for u128 {
    const BITS: u32 = 128;

    #[inline]
    fn wide(self) -> u128 {
        self
    }

    #[inline]
    fn from_wide(wide: u128) -> Self {
        wide
    }

    #[inline]
    fn digit(self, shift: u32) -> usize {
        (self >> shift) as usize & (RADIX - 1)
    }
}

/// Keys per block of a [`SortedKeys`]: a lookup binary-searches the blocks' first keys and
/// decodes at most this many differences; batches of work are whole blocks.
const BLOCK: usize = 64;

/// A set of distinct keys, sorted and delta-coded: per block of `BLOCK` keys, the first
/// key in full and the others as LEB128 varints of their differences.
#[derive(Debug)]
pub(crate) struct SortedKeys<K> {
    firsts: Vec<K>,
    offsets: Vec<u64>,
    bytes: Vec<u8>,
    len: usize,
}

impl<K: Key> Default for SortedKeys<K> {
    fn default() -> Self {
        SortedKeys {
            firsts: Vec::new(),
            offsets: Vec::new(),
            bytes: Vec::new(),
            len: 0,
        }
    }
}

impl<K: Key> SortedKeys<K> {
    /// The set of `keys`, which must be strictly ascending.
    pub(crate) fn from_sorted(keys: &[K]) -> SortedKeys<K> {
        let mut set = Builder::default();
        for &k in keys {
            set.push(k);
        }
        set.finish()
    }

    /// Whether `key` is in the set.
    pub fn contains(&self, key: K) -> bool {
        let block = self.firsts.partition_point(|&first| first <= key);
        let Some(b) = block.checked_sub(1) else {
            return false;
        };
        self.decode(b..b + 1)
            .take_while(|&k| k <= key)
            .any(|k| k == key)
    }

    /// Keys in the set.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bytes the set holds.
    pub(crate) fn memory_bytes(&self) -> u64 {
        (self.firsts.capacity() * size_of::<K>()
            + self.offsets.capacity() * size_of::<u64>()
            + self.bytes.capacity()) as u64
    }

    /// Blocks of the set.
    fn blocks(&self) -> usize {
        self.firsts.len()
    }

    /// Keys in `blocks`.
    fn keys_in(&self, blocks: Range<usize>) -> usize {
        (blocks.end * BLOCK).min(self.len) - (blocks.start * BLOCK).min(self.len)
    }

    /// The keys of `blocks`, ascending.
    fn decode(&self, blocks: Range<usize>) -> Decode<'_, K> {
        Decode {
            set: self,
            block: blocks.start,
            end: blocks.end.min(self.blocks()),
            left: 0,
            at: 0,
            pos: 0,
        }
    }

    /// Every key, ascending.
    pub fn iter(&self) -> impl Iterator<Item = K> + '_ {
        self.decode(0..self.blocks())
    }
}

/// Builds a [`SortedKeys`] from keys pushed in strictly ascending order.
struct Builder<K> {
    set: SortedKeys<K>,
    last: u128,
}

impl<K: Key> Default for Builder<K> {
    fn default() -> Self {
        Builder {
            set: SortedKeys::default(),
            last: 0,
        }
    }
}

impl<K: Key> Builder<K> {
    #[inline]
    fn push(&mut self, key: K) {
        let set = &mut self.set;
        if set.len.is_multiple_of(BLOCK) {
            set.firsts.push(key);
            set.offsets.push(set.bytes.len() as u64);
        } else {
            debug_assert!(key.wide() > self.last, "keys strictly ascend");
            put_varint(&mut set.bytes, key.wide() - self.last);
        }
        self.last = key.wide();
        set.len += 1;
    }

    fn finish(mut self) -> SortedKeys<K> {
        self.set.firsts.shrink_to_fit();
        self.set.offsets.shrink_to_fit();
        self.set.bytes.shrink_to_fit();
        self.set
    }
}

/// The keys of a range of blocks of a [`SortedKeys`], decoded in order.
struct Decode<'s, K> {
    set: &'s SortedKeys<K>,
    block: usize,
    end: usize,
    /// Keys left in the current block after `at`.
    left: usize,
    at: u128,
    pos: usize,
}

impl<K: Key> Iterator for Decode<'_, K> {
    type Item = K;

    #[inline]
    fn next(&mut self) -> Option<K> {
        if self.left > 0 {
            self.left -= 1;
            let (delta, used) = get_varint(&self.set.bytes[self.pos..]);
            self.pos += used;
            self.at += delta;
            return Some(K::from_wide(self.at));
        }
        if self.block >= self.end {
            return None;
        }
        let b = self.block;
        self.block += 1;
        self.left = self.set.keys_in(b..b + 1) - 1;
        self.at = self.set.firsts[b].wide();
        self.pos = self.set.offsets[b] as usize;
        Some(self.set.firsts[b])
    }
}

/// Appends `value` as a LEB128 varint: seven bits per byte, low bits first.
fn put_varint(out: &mut Vec<u8>, mut value: u128) {
    while value >= 0x80 {
        out.push((value as u8) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// The varint at the start of `bytes`, and how many bytes it took.
#[inline]
fn get_varint(bytes: &[u8]) -> (u128, usize) {
    // Differences almost always fit in 63 bits: gather those in a `u64` (much cheaper in
    // the walk's inner loops than `u128` shifts), and go on in `u128` only past them.
    let mut small = 0u64;
    for (i, &b) in bytes.iter().take(9).enumerate() {
        small |= u64::from(b & 0x7f) << (7 * i);
        if b & 0x80 == 0 {
            return (u128::from(small), i + 1);
        }
    }
    let mut value = u128::from(small);
    for (i, &b) in bytes.iter().enumerate().skip(9) {
        value |= u128::from(b & 0x7f) << (7 * i);
        if b & 0x80 == 0 {
            return (value, i + 1);
        }
    }
    unreachable!("a varint written by put_varint ends in a byte below 0x80")
}

/// Digits of the radix sort: 11 bits, so a 64-bit key takes 6 passes over the data (8-bit
/// digits, more passes, measured a few percent slower).
const RADIX: usize = 1 << 11;

/// Sorts `keys` ascending and removes repeats: a least-significant-digit radix sort over the
/// digits in which the keys differ (a comparison sort for short runs).
fn sort_dedup<K: Key>(keys: &mut Vec<K>) {
    // The counts are 32-bit: a run of 4 billion keys (never met: a batch makes a few million)
    // takes the comparison sort.
    if keys.len() < 4096 || u32::try_from(keys.len()).is_err() {
        keys.sort_unstable();
    } else {
        // Only the digits in which some key differs from the first need sorting: the high
        // bits of a puzzle's packed states often never change, nor do some fields in a batch.
        let first = keys[0].wide();
        let varying = keys.iter().fold(0u128, |m, k| m | (k.wide() ^ first));
        let step = RADIX.trailing_zeros();
        let digits: Vec<u32> = (0..128 - varying.leading_zeros())
            .step_by(step as usize)
            .filter(|&shift| (varying >> shift) & (RADIX as u128 - 1) != 0)
            .collect();
        // Every digit's counts in one read of the keys rather than one read per digit.
        let mut counts = vec![[0u32; RADIX]; digits.len()];
        for k in keys.iter() {
            for (c, &shift) in counts.iter_mut().zip(&digits) {
                c[k.digit(shift)] += 1;
            }
        }
        let mut from = std::mem::take(keys);
        let mut to = vec![from[0]; from.len()];
        for (c, &shift) in counts.iter_mut().zip(&digits) {
            let mut sum = 0;
            for n in c.iter_mut() {
                (*n, sum) = (sum, sum + *n);
            }
            for &k in &from {
                let slot = &mut c[k.digit(shift)];
                to[*slot as usize] = k;
                *slot += 1;
            }
            std::mem::swap(&mut from, &mut to);
        }
        *keys = from;
    }
    keys.dedup();
}

/// Merges two ascending runs of distinct keys into one, without repeats.
fn merge<K: Key>(a: &[K], b: &[K]) -> Vec<K> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => {
                out.push(a[i]);
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                out.push(b[j]);
                j += 1;
            }
            std::cmp::Ordering::Equal => {
                out.push(a[i]);
                i += 1;
                j += 1;
            }
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out
}

/// The successors found so far for the next layer: those merged so far, kept as a
/// [`SortedKeys`] (a few bytes each), and the sorted runs of successors found since, which
/// are merged in (without repeats) once they hold half as many keys as the merged set, so
/// each key is merged a few times at most while the raw runs never take more than about four
/// bytes per merged key. The states of the older layers are removed once, at the end.
struct NextLayer<K> {
    merged: SortedKeys<K>,
    runs: Vec<Vec<K>>,
    held: usize,
    /// The fewest successors held in runs before they are merged.
    first_merge: usize,
}

/// [`NextLayer`]'s fewest successors held in runs before they are merged.
const FIRST_MERGE: usize = 1 << 20;

impl<K: Key> NextLayer<K> {
    fn new(first_merge: usize) -> Self {
        NextLayer {
            merged: SortedKeys::default(),
            runs: Vec::new(),
            held: 0,
            first_merge,
        }
    }

    /// States in the layer so far (those merged, and at most as many again in the runs).
    fn len(&self) -> usize {
        self.merged.len() + self.held
    }

    fn add(&mut self, run: Vec<K>) {
        self.held += run.len();
        self.runs.push(run);
        if self.held >= (self.merged.len() / 2).max(self.first_merge) {
            self.merge(&[]);
        }
    }

    /// Merges the runs pairwise into one and merges it into the merged set; at the end of
    /// the layer (`older` given), removes the states of the older layers, once.
    fn merge(&mut self, older: &[&SortedKeys<K>]) {
        while self.runs.len() > 1 {
            let mut runs = std::mem::take(&mut self.runs).into_iter();
            while let Some(a) = runs.next() {
                match runs.next() {
                    Some(b) => self.runs.push(merge(&a, &b)),
                    None => self.runs.push(a),
                }
            }
        }
        let run = self.runs.pop().unwrap_or_default();
        let mut older: Vec<_> = older.iter().map(|set| set.iter().peekable()).collect();
        let mut out = Builder::default();
        let mut keep = |k: K| {
            // Both sides ascend, so each older layer is read once, alongside.
            let seen = older.iter_mut().any(|o| {
                while o.next_if(|&x| x < k).is_some() {}
                o.peek() == Some(&k)
            });
            if !seen {
                out.push(k);
            }
        };
        let mut fresh = run.into_iter().peekable();
        for k in self.merged.iter() {
            while let Some(f) = fresh.next_if(|&f| f < k) {
                keep(f);
            }
            fresh.next_if_eq(&k);
            keep(k);
        }
        fresh.for_each(&mut keep);
        self.merged = out.finish();
        self.held = 0;
    }

    fn memory_bytes(&self) -> u64 {
        self.merged.memory_bytes()
            + self
                .runs
                .iter()
                .map(|r| (r.capacity() * size_of::<K>()) as u64)
                .sum::<u64>()
    }

    /// The next layer, with the states of `older` removed.
    fn finish(mut self, older: &[&SortedKeys<K>]) -> SortedKeys<K> {
        self.merge(older);
        self.merged
    }
}

/// Blocks of the layer being expanded that one thread takes per batch (32,768 states).
const BATCH_BLOCKS: usize = 512;

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

/// The keys of the successors of the states in `blocks` of `layer`, sorted without repeats,
/// and how many successors there were (repeats and the parent included).
fn expand_blocks<D: Domain, K: Key>(
    domain: &D,
    layer: &SortedKeys<K>,
    blocks: Range<usize>,
    pack: &Packing<'_, D::State, K>,
) -> (Vec<K>, u64) {
    let (mut moves, mut children) = (Vec::new(), Vec::new());
    let mut out = Vec::with_capacity(layer.keys_in(blocks.clone()) * 4);
    let mut generated = 0;
    for k in layer.decode(blocks) {
        let state = (pack.unkey)(k);
        children.clear();
        // No state is its own successor: passing it as the known one leaves nothing out.
        generated += domain.successors(&state, &state, &mut moves, &mut children);
        generated += children.len() as u64;
        out.extend(children.iter().map(pack.key));
    }
    sort_dedup(&mut out);
    (out, generated)
}

/// [`expand_blocks`] on `blocks` of `layer`, shared among `threads` threads: one run of
/// successors per thread, in the order of the blocks.
fn expand_round<D: Domain, K: Key>(
    domain: &D,
    layer: &SortedKeys<K>,
    blocks: Range<usize>,
    threads: usize,
    pack: &Packing<'_, D::State, K>,
) -> Vec<(Vec<K>, u64)> {
    let share = blocks.len().div_ceil(threads).max(1);
    let ranges: Vec<Range<usize>> = blocks
        .clone()
        .step_by(share)
        .map(|b| b..(b + share).min(blocks.end))
        .collect();
    if ranges.len() == 1 {
        return vec![expand_blocks(domain, layer, blocks, pack)];
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = ranges
            .into_iter()
            .map(|r| scope.spawn(|| expand_blocks(domain, layer, r, pack)))
            .collect();
        handles
            .into_iter()
            // A panic in an expansion is a bug; pass it on rather than lose it.
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
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

/// How many blocks the next batch of a walk may take: as many as keep every thread busy,
/// within the node budget and within the memory limit with `held` bytes in use (the batch's
/// successors' keys, twice over while they are sorted, at twice the successors per state met
/// so far); `Err` with the limit that leaves no room for one block.
fn batch_blocks<K: Key>(
    meter: &Meter<'_>,
    held: u64,
    threads: usize,
) -> Result<usize, Termination> {
    let budget = (meter.nodes_left() / BLOCK as u64) as usize;
    if budget == 0 {
        return Err(Termination::NodeLimit);
    }
    let per_state = (2 * meter.stats.generated / meter.stats.expanded.max(1)).max(8);
    let per_block = BLOCK as u64 * per_state * 2 * size_of::<K>() as u64;
    match (meter.memory_limit().saturating_sub(held) / per_block) as usize {
        0 => Err(Termination::MemoryLimit),
        fits => Ok((threads * BATCH_BLOCKS).min(budget).min(fits)),
    }
}

/// Goal-tests `layer` as `at_goal` asks: `Ok` with the number of its goal states (their keys
/// pushed on `goals` for [`AtGoal::Collect`]); for [`AtGoal::Stop`], `Err` at the first goal
/// state in key order: `Solved` with its key pushed on `goals`, its layer's states up to it
/// counted as expanded, or `NodeLimit` when the node budget ends before it.
fn goal_test<D: Domain, K: Key>(
    domain: &D,
    pack: &Packing<'_, D::State, K>,
    layer: &SortedKeys<K>,
    at_goal: AtGoal,
    meter: &mut Meter<'_>,
    goals: &mut Vec<K>,
) -> Result<u64, Termination> {
    let is_goal = |k: &K| domain.is_goal(&(pack.unkey)(*k));
    match at_goal {
        AtGoal::Stop => {
            let Some((i, k)) = layer.iter().enumerate().find(|(_, k)| is_goal(k)) else {
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
            let before = goals.len();
            goals.extend(layer.iter().filter(is_goal));
            Ok((goals.len() - before) as u64)
        }
        AtGoal::Count => Ok(layer.iter().filter(is_goal).count() as u64),
    }
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
    let threads = meter.threads();
    sort_dedup(&mut roots);
    let mut layers = vec![SortedKeys::from_sorted(&roots)];
    drop(roots);
    let (mut per_depth, mut states, mut goal_states) = (Vec::new(), layers[0].len() as u64, 0);
    let mut goals = Vec::new();
    let mut termination = Termination::Unsolvable;
    let mut goal = None;
    let mut depth = 0u32;
    let kept = |goals: &Vec<K>| (goals.capacity() * size_of::<K>()) as u64;
    let archived = |layers: &[SortedKeys<K>]| -> u64 {
        layers.iter().map(SortedKeys::memory_bytes).sum::<u64>()
    };
    'walk: while !layers[depth as usize].is_empty() {
        let d = depth as usize;
        let layer = &layers[d];
        per_depth.push(layer.len() as u64);
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
        let older: Vec<&SortedKeys<K>> = layers[d.saturating_sub(1)..=d].iter().collect();
        let mut next = NextLayer::new(FIRST_MERGE);
        let mut generated = 0;
        let mut block = 0;
        while block < layer.blocks() {
            let held = archived(&layers) + next.memory_bytes() + kept(&goals);
            let take = match batch_blocks::<K>(&meter, held, threads) {
                Ok(most) => most.min(layer.blocks() - block),
                Err(stop) => {
                    termination = stop;
                    break 'walk;
                }
            };
            let runs = expand_round(domain, layer, block..block + take, threads, pack);
            let taken = layer.keys_in(block..block + take) as u64;
            meter.stats.expanded += taken;
            meter.stats.goal_tests += taken;
            for (run, made) in runs {
                generated += made;
                next.add(run);
            }
            block += take;
            let frontier = layer.keys_in(block..layer.blocks()) + next.len();
            let bytes = archived(&layers) + next.memory_bytes() + kept(&goals);
            if let Some(stop) = meter.check(frontier as u64, states, bytes) {
                termination = stop;
                break 'walk;
            }
        }
        let next = next.finish(&older);
        drop(older);
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
    let bytes = archived(&layers) + kept(&goals);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorted_keys_hold_exactly_their_keys() {
        // Gaps of every width a varint may take, and keys straddling block boundaries.
        let mut keys: Vec<u128> = (0..1000u32)
            .map(|i| u128::from(i) * u128::from(i) * 0x1_0000_0001 + u128::from(i % 7))
            .chain([u128::MAX, 1 << 100])
            .collect();
        keys.sort_unstable();
        let set = SortedKeys::from_sorted(&keys);
        assert_eq!(set.len(), keys.len());
        assert_eq!(set.iter().collect::<Vec<_>>(), keys);
        for &k in &keys {
            for probe in [k, k.wrapping_add(1), k.wrapping_sub(1)] {
                assert_eq!(set.contains(probe), keys.contains(&probe), "{probe}");
            }
        }
        assert!(!SortedKeys::<u64>::default().contains(0));
    }

    #[test]
    fn the_radix_sort_sorts_and_drops_repeats() {
        // A fixed pseudo-random sequence with repeats, long enough for the radix path.
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut keys: Vec<u64> = (0..20_000)
            .map(|i| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if i % 3 == 0 { x % 5000 } else { x >> (i % 40) }
            })
            .collect();
        let mut expected = keys.clone();
        expected.sort_unstable();
        expected.dedup();
        sort_dedup(&mut keys);
        assert_eq!(keys, expected);
    }

    #[test]
    fn a_next_layer_is_the_union_of_its_runs_less_the_older_layers() {
        // Runs that overlap each other and the older layers, merged every few runs.
        let older = SortedKeys::from_sorted(&(0..300u64).map(|i| i * 10).collect::<Vec<_>>());
        let mut next = NextLayer::new(50);
        let mut expected = std::collections::BTreeSet::new();
        for r in 0..40u64 {
            let mut run: Vec<u64> = (0..30).map(|i| (r * 37 + i * 13) % 3000).collect();
            run.sort_unstable();
            run.dedup();
            expected.extend(run.iter().filter(|k| *k % 10 != 0).copied());
            next.add(run);
        }
        let layer = next.finish(&[&older]);
        assert_eq!(
            layer.iter().collect::<Vec<_>>(),
            expected.into_iter().collect::<Vec<_>>()
        );
    }

    #[test]
    fn merging_runs_is_their_union() {
        let a: Vec<u64> = (0..500).map(|i| i * 3).collect();
        let b: Vec<u64> = (0..500).map(|i| i * 5).collect();
        let union = merge(&a, &b);
        let mut expected: Vec<u64> = a.iter().chain(&b).copied().collect();
        expected.sort_unstable();
        expected.dedup();
        assert_eq!(union, expected);
    }
}
