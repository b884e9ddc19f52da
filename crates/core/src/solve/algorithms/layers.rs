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
//! that thread, the sorted runs then merged all at once, and the states of the two layers
//! before subtracted by a merge (moves are reversible, so a successor of layer `d` lies in
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

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::collections::binary_heap::PeekMut;
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

/// What a [`Builder`] reserves for a set: its blocks and its bytes of differences.
///
/// A merge reserves an upper bound on what its union takes, so that its vectors never grow
/// (a vector that grows may hold twice what it needs) and a walk can count the merge before
/// making it. The bound comes from the *chain* of a sorted set, the varints of the differences
/// between all its consecutive keys, block boundaries ignored; a set's bytes of differences
/// are at most its chain (a block's first key is held in full instead). The chain of a union
/// is at most the chains of its parts together and two varints of the widest kind: each
/// difference of the union lies within a difference of one part, which no other difference of
/// the union is charged to, but for those that run past a part's last key. Removing keys
/// (those of the older layers) never lengthens a chain: the varint of a sum is no longer than
/// those of its parts together.
#[derive(Clone, Copy, Debug)]
struct Room {
    blocks: usize,
    bytes: usize,
}

/// Bytes of the longest varint of a difference of `K`s (10 for a `u64`).
fn widest_varint<K: Key>() -> usize {
    K::BITS.div_ceil(7) as usize
}

/// Bytes of the varint of `value`.
#[inline]
fn varint_len(value: u128) -> usize {
    (128 - value.leading_zeros()).max(1).div_ceil(7) as usize
}

/// An upper bound on the chain (see [`Room`]) of the union of ascending `keys` with other
/// sets: their own chain, and two varints of the widest kind for joining them in.
fn chain_bound<K: Key>(keys: &[K]) -> usize {
    let chain: usize = keys
        .windows(2)
        .map(|pair| varint_len(pair[1].wide() - pair[0].wide()))
        .sum();
    chain + 2 * widest_varint::<K>()
}

impl Room {
    /// Room for the union of `set` with runs of `keys` keys in all, whose chains are bounded
    /// by `chains` (see [`chain_bound`]), less any keys. The chain of `set` is bounded by its
    /// bytes and the widest varint for each block's first key.
    fn of_union<K: Key>(set: &SortedKeys<K>, keys: usize, chains: usize) -> Room {
        Room {
            blocks: (set.len() + keys).div_ceil(BLOCK),
            bytes: set.bytes.len() + set.blocks() * widest_varint::<K>() + chains,
        }
    }

    /// Bytes of a set with this room.
    fn memory_bytes<K: Key>(self) -> u64 {
        (self.blocks * (size_of::<K>() + size_of::<u64>()) + self.bytes) as u64
    }
}

impl<K: Key> Builder<K> {
    /// A builder with `room` reserved.
    fn with_room(room: Room) -> Self {
        Builder {
            set: SortedKeys {
                firsts: Vec::with_capacity(room.blocks),
                offsets: Vec::with_capacity(room.blocks),
                bytes: Vec::with_capacity(room.bytes),
                len: 0,
            },
            last: 0,
        }
    }

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

/// The radix sort's working memory: a second buffer for the keys, and the counts of every
/// digit sorted.
struct SortSpace<K> {
    spare: Vec<K>,
    counts: Vec<[u32; RADIX]>,
}

impl<K> Default for SortSpace<K> {
    fn default() -> Self {
        SortSpace {
            spare: Vec::new(),
            counts: Vec::new(),
        }
    }
}

impl<K: Key> SortSpace<K> {
    /// The most digits a key has.
    const DIGITS: usize = K::BITS.div_ceil(RADIX.trailing_zeros()) as usize;

    /// The capacities of the spare keys and of the counts for sorting `keys` keys (none
    /// for fewer than [`RADIX_FROM`], sorted by comparison in place), sized as `sizing`
    /// says (grown to exactly what is needed, their contents need not be kept).
    fn capacities(&self, keys: usize, sizing: Sizing) -> (usize, usize) {
        let need = if keys < RADIX_FROM {
            (0, 0)
        } else {
            (keys, Self::DIGITS)
        };
        if sizing == Sizing::Exact {
            return need;
        }
        (
            self.spare.capacity().max(need.0),
            self.counts.capacity().max(need.1),
        )
    }

    /// Bytes the space holds once resized for `keys` keys (see [`SortSpace::capacities`]).
    fn grown_bytes(&self, keys: usize, sizing: Sizing) -> u64 {
        let (spare, counts) = self.capacities(keys, sizing);
        (spare * size_of::<K>() + counts * size_of::<[u32; RADIX]>()) as u64
    }

    /// Resizes the space for `keys` keys (see [`SortSpace::capacities`]). Neither buffer's
    /// contents need be kept, so a new buffer replaces the old one, freed first.
    fn resize(&mut self, keys: usize, sizing: Sizing) {
        let (spare, counts) = self.capacities(keys, sizing);
        if self.spare.capacity() != spare {
            self.spare = Vec::new();
            self.spare.reserve_exact(spare);
        }
        if self.counts.capacity() != counts {
            self.counts = Vec::new();
            self.counts.reserve_exact(counts);
        }
    }

    /// Bytes the space holds.
    fn memory_bytes(&self) -> u64 {
        self.grown_bytes(0, Sizing::Keep)
    }
}

/// Keys from which [`sort_dedup`] sorts by radix rather than by comparison.
const RADIX_FROM: usize = 4096;

/// Sorts `keys` ascending and moves one of each to the front, in order: a least-significant-
/// digit radix sort over the digits in which the keys differ (a comparison sort for short
/// runs), in `space`. Returns how many distinct keys there are.
fn sort_dedup<K: Key>(keys: &mut [K], space: &mut SortSpace<K>) -> usize {
    // The counts are 32-bit: a run of 4 billion keys (never met: a batch makes a few million)
    // takes the comparison sort.
    if keys.len() < RADIX_FROM || u32::try_from(keys.len()).is_err() {
        keys.sort_unstable();
    } else {
        // Only the digits in which some key differs from the first need sorting: the high
        // bits of a puzzle's packed states often never change, nor do some fields in a batch.
        let first = keys[0].wide();
        let varying = keys.iter().fold(0u128, |m, k| m | (k.wide() ^ first));
        let step = RADIX.trailing_zeros();
        let mut digits = [0u32; 128usize.div_ceil(RADIX.trailing_zeros() as usize)];
        let mut used = 0;
        for shift in (0..128 - varying.leading_zeros()).step_by(step as usize) {
            if (varying >> shift) & (RADIX as u128 - 1) != 0 {
                digits[used] = shift;
                used += 1;
            }
        }
        let digits = &digits[..used];
        // Every digit's counts in one read of the keys rather than one read per digit.
        let counts = &mut space.counts;
        counts.clear();
        counts.resize(digits.len(), [0; RADIX]);
        for k in keys.iter() {
            for (c, &shift) in counts.iter_mut().zip(digits) {
                c[k.digit(shift)] += 1;
            }
        }
        let spare = &mut space.spare;
        spare.clear();
        spare.resize(keys.len(), keys[0]);
        let mut in_spare = false;
        for (c, &shift) in counts.iter_mut().zip(digits) {
            let mut sum = 0;
            for n in c.iter_mut() {
                (*n, sum) = (sum, sum + *n);
            }
            let (from, to) = if in_spare {
                (&spare[..], &mut *keys)
            } else {
                (&*keys, &mut spare[..])
            };
            for &k in from {
                let slot = &mut c[k.digit(shift)];
                to[*slot as usize] = k;
                *slot += 1;
            }
            in_spare = !in_spare;
        }
        if in_spare {
            keys.copy_from_slice(spare);
        }
    }
    let mut kept = 0;
    for i in 0..keys.len() {
        if kept == 0 || keys[i] != keys[kept - 1] {
            keys[kept] = keys[i];
            kept += 1;
        }
    }
    kept
}

/// The keys of several ascending runs of distinct keys, ascending and each once: a merge of
/// all the runs at once, on a heap of their next keys, so that merging needs no buffer
/// beside the runs and the set it makes.
struct Union<'r, K> {
    runs: Vec<&'r [K]>,
    heads: BinaryHeap<Reverse<(K, usize)>>,
    last: Option<K>,
}

impl<'r, K: Key> Union<'r, K> {
    fn new(runs: Vec<&'r [K]>) -> Self {
        let heads = runs
            .iter()
            .enumerate()
            .filter_map(|(i, run)| run.first().map(|&k| Reverse((k, i))))
            .collect();
        Union {
            runs,
            heads,
            last: None,
        }
    }
}

impl<K: Key> Iterator for Union<'_, K> {
    type Item = K;

    fn next(&mut self) -> Option<K> {
        loop {
            let mut top = self.heads.peek_mut()?;
            let Reverse((k, i)) = *top;
            let run = &mut self.runs[i];
            *run = &run[1..];
            match run.first() {
                Some(&next) => *top = Reverse((next, i)),
                None => {
                    PeekMut::pop(top);
                }
            }
            if self.last != Some(k) {
                self.last = Some(k);
                return Some(k);
            }
        }
    }
}

/// How the buffers of the slots are sized for a batch.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Sizing {
    /// Grown geometrically (the runs they hold are copied a few times at most), never shrunk.
    Grow,
    /// Grown to exactly what the batch needs, never shrunk: memory is tight, and buffers
    /// resized at every batch would leave the allocator's heap full of holes.
    Keep,
    /// Exactly what the batch needs, shrunk if need be: memory is tighter still.
    Exact,
}

/// One thread's part of the layer being made: the runs of successors it found since the last
/// merge, each sorted without repeats, side by side in one buffer, and the space to sort the
/// next. The walk's thread makes the room for each share (see the module docs), and keeps
/// it from batch to batch; the thread only fills it.
struct Slot<K> {
    pending: Vec<K>,
    /// Where each run of `pending` ends.
    ends: Vec<usize>,
    space: SortSpace<K>,
}

impl<K: Key> Slot<K> {
    fn new() -> Self {
        Slot {
            pending: Vec::new(),
            ends: Vec::new(),
            space: SortSpace::default(),
        }
    }

    /// The capacity of `pending` for a share with room for `room` successors beside the
    /// runs, sized as `sizing` says.
    fn pending_for(&self, room: usize, sizing: Sizing) -> usize {
        let (need, capacity) = (self.pending.len() + room, self.pending.capacity());
        match sizing {
            Sizing::Exact => need,
            Sizing::Keep => need.max(capacity),
            Sizing::Grow if need <= capacity => capacity,
            Sizing::Grow => need.max(2 * capacity),
        }
    }

    /// Bytes the slot holds once resized for a share with room for `room` successors, and
    /// the bytes its growing holds besides for a moment (the old buffer of the runs while
    /// they are copied to the new).
    fn grown_bytes(&self, room: usize, sizing: Sizing) -> (u64, u64) {
        let capacity = self.pending_for(room, sizing);
        let moving = if capacity > self.pending.capacity() {
            self.pending.capacity()
        } else {
            0
        };
        let ends = self.ends_for() * size_of::<usize>();
        let grown =
            (capacity * size_of::<K>() + ends) as u64 + self.space.grown_bytes(room, sizing);
        (grown, (moving * size_of::<K>()) as u64)
    }

    /// Resizes the slot for a share with room for `room` successors (see
    /// [`Slot::grown_bytes`]).
    fn resize(&mut self, room: usize, sizing: Sizing) {
        let capacity = self.pending_for(room, sizing);
        if capacity > self.pending.capacity() {
            self.pending.reserve_exact(capacity - self.pending.len());
        } else {
            self.pending.shrink_to(capacity);
        }
        self.ends.reserve_exact(self.ends_for() - self.ends.len());
        self.space.resize(room, sizing);
    }

    /// The capacity of `ends` with room for one more run (grown geometrically).
    fn ends_for(&self) -> usize {
        let (len, capacity) = (self.ends.len(), self.ends.capacity());
        if len < capacity {
            capacity
        } else {
            len + len.max(4)
        }
    }

    /// The runs, in the order they were made.
    fn runs(&self) -> impl Iterator<Item = &[K]> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts.zip(&self.ends).map(|(a, &b)| &self.pending[a..b])
    }

    fn memory_bytes(&self) -> u64 {
        (self.pending.capacity() * size_of::<K>() + self.ends.capacity() * size_of::<usize>())
            as u64
            + self.space.memory_bytes()
    }
}

/// The successors found so far for the next layer: those merged so far, kept as a
/// [`SortedKeys`] (a few bytes each), and the sorted runs of successors found since, held in
/// one [`Slot`] per thread, which are merged in (without repeats) once they hold half as many
/// keys as the merged set, so each key is merged a few times at most. The states of the older
/// layers are removed once, at the end.
struct NextLayer<K> {
    merged: SortedKeys<K>,
    slots: Vec<Slot<K>>,
    /// Keys in the runs.
    held: usize,
    /// The [`chain_bound`]s of the runs, summed.
    chains: usize,
    /// The fewest successors held in runs before they are merged.
    first_merge: usize,
}

/// [`NextLayer`]'s fewest successors held in runs before they are merged.
const FIRST_MERGE: usize = 1 << 20;

impl<K: Key> NextLayer<K> {
    /// An empty layer, whose runs go to `slots` (emptied by a [`NextLayer::finish`]).
    fn new(first_merge: usize, slots: Vec<Slot<K>>) -> Self {
        NextLayer {
            merged: SortedKeys::default(),
            slots,
            held: 0,
            chains: 0,
            first_merge,
        }
    }

    /// States in the layer so far (those merged, and at most as many again in the runs).
    fn len(&self) -> usize {
        self.merged.len() + self.held
    }

    /// Bytes the layer holds once its slots are resized for shares with room for `rooms`
    /// successors and the others for none (see [`Slot::grown_bytes`]), and the most that
    /// growing one of them holds besides for a moment.
    fn grown_bytes(&self, rooms: &[usize], sizing: Sizing) -> (u64, u64) {
        let (mut grown, mut moving) = (self.merged.memory_bytes(), 0);
        for (i, slot) in self.slots.iter().enumerate() {
            let (bytes, move_bytes) = slot.grown_bytes(rooms.get(i).copied().unwrap_or(0), sizing);
            grown += bytes;
            moving = moving.max(move_bytes);
        }
        for &room in rooms.iter().skip(self.slots.len()) {
            grown += Slot::<K>::new().grown_bytes(room, sizing).0;
        }
        (grown, moving)
    }

    /// Resizes the slots for shares with room for `rooms` successors, and the others for
    /// none.
    fn resize(&mut self, rooms: &[usize], sizing: Sizing) {
        while self.slots.len() < rooms.len() {
            self.slots.push(Slot::new());
        }
        for (i, slot) in self.slots.iter_mut().enumerate() {
            slot.resize(rooms.get(i).copied().unwrap_or(0), sizing);
        }
    }

    /// Counts a run of `keys` keys, whose chain is bounded by `chain`, added to a slot.
    fn add(&mut self, keys: usize, chain: usize) {
        self.held += keys;
        self.chains += chain;
    }

    /// Whether the runs hold enough keys to be merged.
    fn due(&self) -> bool {
        self.held >= (self.merged.len() / 2).max(self.first_merge)
    }

    /// The bytes a merge takes beside what the layer holds, were `more_runs` runs of
    /// `more_keys` keys in all added first: the room of the new merged set (see [`Room`]).
    fn merge_bytes(&self, more_keys: usize, more_runs: usize) -> u64 {
        // A run's chain bound is at most the widest varint for each key but its first, and
        // two more.
        let chains = self.chains + (more_keys + 2 * more_runs) * widest_varint::<K>();
        Room::of_union(&self.merged, self.held + more_keys, chains).memory_bytes::<K>()
    }

    /// Merges every run into the merged set, removing the states of `older` layers (read
    /// alongside, once), in [`NextLayer::merge_bytes`] beside what the layer holds.
    fn merge(&mut self, older: &[&SortedKeys<K>]) {
        let room = Room::of_union(&self.merged, self.held, self.chains);
        let mut out = Builder::with_room(room);
        let runs: Vec<&[K]> = self.slots.iter().flat_map(Slot::runs).collect();
        let mut fresh = Union::new(runs).peekable();
        let mut older: Vec<_> = older.iter().map(|set| set.iter().peekable()).collect();
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
        for k in self.merged.iter() {
            while let Some(f) = fresh.next_if(|&f| f < k) {
                keep(f);
            }
            fresh.next_if_eq(&k);
            keep(k);
        }
        fresh.for_each(&mut keep);
        debug_assert!(
            out.set.memory_bytes() <= room.memory_bytes::<K>(),
            "the room holds the union"
        );
        self.merged = out.finish();
        for slot in &mut self.slots {
            slot.pending.clear();
            slot.ends.clear();
        }
        self.held = 0;
        self.chains = 0;
    }

    fn memory_bytes(&self) -> u64 {
        self.merged.memory_bytes() + self.slots.iter().map(Slot::memory_bytes).sum::<u64>()
    }

    /// The next layer, once every run is merged, and the slots, empty, for the layer after
    /// it (their buffers kept: allocating and freeing them anew for each layer left the
    /// allocator's heap full of holes).
    fn finish(self) -> (SortedKeys<K>, Vec<Slot<K>>) {
        debug_assert!(self.held == 0, "every run is merged");
        (self.merged, self.slots)
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
    if let ([share], [slot, ..]) = (shares, &mut *slots) {
        return vec![expand_share(domain, layer, share.clone(), slot, pack)];
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = shares
            .iter()
            .zip(slots)
            .map(|(share, slot)| {
                scope.spawn(move || expand_share(domain, layer, share.clone(), slot, pack))
            })
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
        BATCH_BLOCKS
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
    let mut next = NextLayer::new(FIRST_MERGE, std::mem::take(slots));
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
        if let Some(stop) = meter.check(frontier as u64, states, bytes.max(peak)) {
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
        // A fixed pseudo-random sequence with repeats, long enough for the radix path, and
        // its tail alone (an odd number of digits, so the keys end in the spare buffer).
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let keys: Vec<u64> = (0..20_000)
            .map(|i| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if i % 3 == 0 { x % 5000 } else { x >> (i % 40) }
            })
            .collect();
        for (from, wide) in [(0, 1u64 << 40), (5000, 1 << 22), (15_500, u64::MAX)] {
            let mut keys: Vec<u64> = keys[from..].iter().map(|k| k % wide).collect();
            let mut expected = keys.clone();
            expected.sort_unstable();
            expected.dedup();
            let distinct = sort_dedup(&mut keys, &mut SortSpace::default());
            assert_eq!(keys[..distinct], expected);
        }
    }

    /// Adds `runs` to `next` as a walk's batch does, one per slot, and merges when due or at
    /// the end (`older` given); checks the bytes held never pass those the batch planned.
    fn add_batch<K: Key>(
        next: &mut NextLayer<K>,
        runs: &[Vec<K>],
        older: Option<&[&SortedKeys<K>]>,
    ) {
        let rooms: Vec<usize> = runs.iter().map(Vec::len).collect();
        let (grown, moving) = next.grown_bytes(&rooms, Sizing::Grow);
        let planned = grown + moving.max(next.merge_bytes(rooms.iter().sum(), runs.len()));
        next.resize(&rooms, Sizing::Grow);
        assert_eq!(next.memory_bytes(), grown);
        for (slot, run) in next.slots.iter_mut().zip(runs) {
            slot.pending.extend_from_slice(run);
            slot.ends.push(slot.pending.len());
            next.held += run.len();
            next.chains += chain_bound(run);
        }
        assert_eq!(
            next.memory_bytes(),
            grown,
            "the slots had room for the runs"
        );
        if older.is_some() || next.due() {
            let counted = next.memory_bytes() + next.merge_bytes(0, 0);
            assert!(
                counted <= planned,
                "{counted} bytes counted, {planned} planned"
            );
            next.merge(older.unwrap_or_default());
        }
    }

    #[test]
    fn a_next_layer_is_the_union_of_its_runs_less_the_older_layers() {
        // Runs that overlap each other and the older layers, two a batch, merged every few
        // batches and at the last.
        let older = SortedKeys::from_sorted(&(0..300u64).map(|i| i * 10).collect::<Vec<_>>());
        let mut next = NextLayer::new(50, Vec::new());
        let mut expected = std::collections::BTreeSet::new();
        for r in 0..20u64 {
            let runs: Vec<Vec<u64>> = (0..2)
                .map(|half| {
                    let mut run: Vec<u64> = (0..30)
                        .map(|i| ((2 * r + half) * 37 + i * 13) % 3000)
                        .collect();
                    run.sort_unstable();
                    run.dedup();
                    run
                })
                .collect();
            for run in &runs {
                expected.extend(run.iter().filter(|k| *k % 10 != 0).copied());
            }
            add_batch(&mut next, &runs, (r == 19).then_some(&[&older][..]));
        }
        let (layer, _) = next.finish();
        assert_eq!(
            layer.iter().collect::<Vec<_>>(),
            expected.into_iter().collect::<Vec<_>>()
        );
    }

    /// The room a merge reserves holds the union however far apart the keys lie, runs
    /// interleaved with each other and with the merged set: differences of every length, up
    /// to the widest. (The merge asserts that its builder never outgrew the room.)
    #[test]
    fn a_merge_stays_within_its_room() {
        fn check<K: Key>(keys: impl Fn(u32) -> K) {
            let mut next = NextLayer::new(600, Vec::new());
            let mut expected = std::collections::BTreeSet::new();
            for r in 0..12u32 {
                let runs: Vec<Vec<K>> = (0..3)
                    .map(|part| {
                        let mut run: Vec<K> =
                            (0..100).map(|i| keys(i * 36 + r * 3 + part)).collect();
                        run.sort_unstable();
                        run.dedup();
                        run
                    })
                    .collect();
                expected.extend(runs.iter().flatten().copied());
                add_batch(&mut next, &runs, (r == 11).then_some(&[][..]));
            }
            assert!(next.finish().0.iter().eq(expected));
        }
        // Scattered over the whole range by a multiplicative hash.
        check(|i| u64::from(i).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        check(|i| u128::from(i).wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835));
        // Powers of two and their neighbours: differences of every length.
        check(|i| 1u64.rotate_left(i % 64).wrapping_add(u64::from(i / 64)));
        check(|i| 1u128.rotate_left(i % 128).wrapping_sub(u128::from(i / 128)));
    }

    #[test]
    fn the_union_of_runs_is_every_key_once_ascending() {
        let runs: Vec<Vec<u64>> = (1..=5u64)
            .map(|step| (0..200).map(|i| i * step).collect())
            .chain([Vec::new(), vec![7]])
            .collect();
        let expected: std::collections::BTreeSet<u64> = runs.iter().flatten().copied().collect();
        let union = Union::new(runs.iter().map(Vec::as_slice).collect());
        assert!(union.eq(expected));
    }
}
