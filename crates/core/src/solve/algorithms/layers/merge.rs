//! The layer being made: each thread's sorted runs of successors, merged into one set on
//! every thread, the key range cut into a few parts per thread, each a segment of the set.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::collections::binary_heap::PeekMut;

use super::keys::{
    BLOCK, Key, KeyRange, PartWriter, Room, Segment, SortedKeys, chain_bound, widest_varint,
};
use super::on_threads_pulled;
use super::sort::{Sizing, SortSpace};

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

/// One thread's part of the layer being made: the runs of successors it found since the last
/// merge, each sorted without repeats, side by side in one buffer, and the space to sort the
/// next. The walk's thread makes the room for each share (see the module docs), and keeps
/// it from batch to batch; the thread only fills it.
pub(super) struct Slot<K> {
    pub(super) pending: Vec<K>,
    /// Where each run of `pending` ends.
    pub(super) ends: Vec<usize>,
    pub(super) space: SortSpace<K>,
}

impl<K: Key> Slot<K> {
    pub(super) fn new() -> Self {
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

    pub(super) fn memory_bytes(&self) -> u64 {
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
pub(super) struct NextLayer<K> {
    pub(super) merged: SortedKeys<K>,
    pub(super) slots: Vec<Slot<K>>,
    /// Keys in the runs.
    pub(super) held: usize,
    /// The [`chain_bound`]s of the runs, summed.
    chains: usize,
    /// The fewest successors held in runs before they are merged.
    first_merge: usize,
    /// Threads a merge runs on.
    threads: usize,
    /// Keys a merge takes from which it runs on every thread.
    parallel_from: usize,
}

/// [`NextLayer`]'s fewest successors held in runs before they are merged.
pub(super) const FIRST_MERGE: usize = 1 << 20;

impl<K: Key> NextLayer<K> {
    /// An empty layer, whose runs go to `slots` (emptied by a [`NextLayer::finish`]),
    /// merged on `threads` threads.
    pub(super) fn new(first_merge: usize, slots: Vec<Slot<K>>, threads: usize) -> Self {
        NextLayer {
            merged: SortedKeys::default(),
            slots,
            held: 0,
            chains: 0,
            first_merge,
            threads: threads.max(1),
            parallel_from: PARALLEL_MERGE_FROM,
        }
    }

    /// States in the layer so far (those merged, and at most as many again in the runs).
    pub(super) fn len(&self) -> usize {
        self.merged.len() + self.held
    }

    /// Bytes the layer holds once its slots are resized for shares with room for `rooms`
    /// successors and the others for none (see [`Slot::grown_bytes`]), and the most that
    /// growing one of them holds besides for a moment.
    pub(super) fn grown_bytes(&self, rooms: &[usize], sizing: Sizing) -> (u64, u64) {
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
    pub(super) fn resize(&mut self, rooms: &[usize], sizing: Sizing) {
        while self.slots.len() < rooms.len() {
            self.slots.push(Slot::new());
        }
        for (i, slot) in self.slots.iter_mut().enumerate() {
            slot.resize(rooms.get(i).copied().unwrap_or(0), sizing);
        }
    }

    /// Counts a run of `keys` keys, whose chain is bounded by `chain`, added to a slot.
    pub(super) fn add(&mut self, keys: usize, chain: usize) {
        self.held += keys;
        self.chains += chain;
    }

    /// Whether the runs hold enough keys to be merged.
    pub(super) fn due(&self) -> bool {
        self.held >= (self.merged.len() / 2).max(self.first_merge)
    }

    /// The bytes a merge takes beside what the layer holds, were `more_runs` runs of
    /// `more_keys` keys in all added first: the room of the new merged set (see [`Room`]),
    /// and what cutting it into one part per thread may add (see [`Share::of`]).
    pub(super) fn merge_bytes(&self, more_keys: usize, more_runs: usize) -> u64 {
        // A run's chain bound is at most the widest varint for each key but its first, and
        // two more.
        let widest = widest_varint::<K>();
        let chains = self.chains + (more_keys + 2 * more_runs) * widest;
        let merged = &self.merged;
        let room = Room::of_union(merged, 0..merged.blocks(), self.held + more_keys, chains);
        // Each cut may split a block of the merged set (counted in the parts on both sides of
        // it) and each run (two more varints for joining each piece in), and leave a block
        // part-full; each part joins its blocks in with one varint more.
        let runs = self.slots.iter().map(|s| s.ends.len()).sum::<usize>() + more_runs;
        let parts = self.parts_for(merged.len() + self.held + more_keys);
        let slack = if parts > 1 {
            Room {
                blocks: 3 * parts,
                bytes: parts * ((BLOCK + 2) * widest + 2 * widest * runs),
            }
        } else {
            Room::default()
        };
        room.memory_bytes::<K>() + slack.memory_bytes::<K>()
    }

    /// Merges every run into the merged set, removing the states of `older` layers (read
    /// alongside, once), in [`NextLayer::merge_bytes`] beside what the layer holds: on every
    /// thread, each taking the keys of one range (see [`cuts`]) into a part of the new set.
    pub(super) fn merge(&mut self, older: &[&SortedKeys<K>]) {
        let runs: Vec<&[K]> = self.slots.iter().flat_map(Slot::runs).collect();
        let merged = &self.merged;
        let parts = self.parts_for(merged.len() + self.held);
        let ranges = KeyRange::between(&cuts(merged, older, &runs, parts));
        let shares = on_threads_pulled(ranges, self.threads, |range| {
            Share::of(merged, &runs, range)
        });
        let rooms: Vec<Room> = shares.iter().map(|s| s.room).collect();
        debug_assert!(
            rooms.iter().map(|r| r.memory_bytes::<K>()).sum::<u64>() <= self.merge_bytes(0, 0),
            "the merge takes no more than the walk counted"
        );
        // The parts' memory taken here, on the walk's thread (see the module docs).
        let writers = rooms.iter().map(|&room| PartWriter::with_room(room));
        let work: Vec<_> = shares.into_iter().zip(writers).collect();
        let parts = on_threads_pulled(work, self.threads, |(share, out)| {
            share.merge(merged, older, out)
        });
        self.merged = SortedKeys::join(parts);
        for slot in &mut self.slots {
            slot.pending.clear();
            slot.ends.clear();
        }
        self.held = 0;
        self.chains = 0;
    }

    /// The parts a merge of `keys` keys (merged and in runs) is cut into: one per thread and
    /// a few more when it is big enough to run on every thread, else one.
    fn parts_for(&self, keys: usize) -> usize {
        if self.threads > 1 && keys >= self.parallel_from {
            self.threads * PARTS_PER_THREAD
        } else {
            1
        }
    }

    pub(super) fn memory_bytes(&self) -> u64 {
        self.merged.memory_bytes() + self.slots.iter().map(Slot::memory_bytes).sum::<u64>()
    }

    /// The next layer, once every run is merged, and the slots, empty, for the layer after
    /// it (their buffers kept: allocating and freeing them anew for each layer left the
    /// allocator's heap full of holes).
    pub(super) fn finish(self) -> (SortedKeys<K>, Vec<Slot<K>>) {
        debug_assert!(self.held == 0, "every run is merged");
        (self.merged, self.slots)
    }
}

/// Parts a merge is cut into per thread, each thread taking the next part as it is free: the
/// cost of a part depends on how many of its keys are repeats, which is not known before.
const PARTS_PER_THREAD: usize = 8;

/// Keys a merge takes (merged and in runs) from which it runs on every thread: below, the
/// threads' start would cost more than they save.
const PARALLEL_MERGE_FROM: usize = 1 << 16;

/// Keys that cut the work of a merge into `parts` ranges of about as much work each,
/// ascending: the keys of `merged`, of the `older` layers read alongside and of the `runs`
/// are a step of work each. Weighted quantiles of samples of all, each standing for the keys
/// up to the next.
fn cuts<K: Key>(
    merged: &SortedKeys<K>,
    older: &[&SortedKeys<K>],
    runs: &[&[K]],
    parts: usize,
) -> Vec<K> {
    if parts <= 1 {
        return Vec::new();
    }
    let sets = std::iter::once(merged).chain(older.iter().copied());
    let total = sets.clone().map(SortedKeys::len).sum::<usize>()
        + runs.iter().map(|r| r.len()).sum::<usize>();
    let step = (total / (parts * 64)).max(1);
    let every = step.div_ceil(BLOCK);
    let mut samples: Vec<(K, usize)> = sets
        .flat_map(|set| {
            (0..set.blocks())
                .step_by(every)
                .map(move |b| (set.first_of(b), set.keys_in(b..b + every)))
        })
        .collect();
    for run in runs {
        samples.extend(run.chunks(step).map(|chunk| (chunk[0], chunk.len())));
    }
    samples.sort_unstable();
    let mut cuts = Vec::with_capacity(parts - 1);
    let mut below = 0;
    for (key, weight) in samples {
        if cuts.len() + 1 < parts && below >= total * (cuts.len() + 1) / parts {
            cuts.push(key);
        }
        below += weight;
    }
    cuts.dedup();
    cuts
}

/// One part of a merge: the keys of `range` of the merged set and of the runs, and the room
/// they reserve.
struct Share<'r, K> {
    range: KeyRange<K>,
    /// The pieces of the runs within the range.
    runs: Vec<&'r [K]>,
    room: Room,
}

impl<'r, K: Key> Share<'r, K> {
    /// The part of the union of `merged` and `runs` within `range`. Its room is the room of
    /// the union of the blocks that hold the range's keys of `merged` (see [`Room::of_union`])
    /// with the pieces of the runs; summed over the parts, it passes the room of the whole by
    /// at most what [`NextLayer::merge_bytes`] adds for cutting.
    fn of(merged: &SortedKeys<K>, runs: &[&'r [K]], range: KeyRange<K>) -> Self {
        let blocks = merged.blocks_of(&range);
        let runs: Vec<&[K]> = runs.iter().map(|run| range.of(run)).collect();
        let keys = runs.iter().map(|r| r.len()).sum();
        let chains = runs.iter().map(|r| chain_bound(r)).sum();
        let room = Room::of_union(merged, blocks, keys, chains);
        Share { range, runs, room }
    }

    /// Writes the keys of the share to `out`, each once, less those of the `older` layers
    /// (read alongside, once).
    fn merge(
        self,
        merged: &SortedKeys<K>,
        older: &[&SortedKeys<K>],
        mut out: PartWriter<K>,
    ) -> Segment<K> {
        let range = self.range;
        let mut fresh = Union::new(self.runs).peekable();
        let mut older: Vec<_> = older
            .iter()
            .map(|set| set.keys_within(&range).peekable())
            .collect();
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
        for k in merged.keys_within(&range) {
            while let Some(f) = fresh.next_if(|&f| f < k) {
                keep(f);
            }
            fresh.next_if_eq(&k);
            keep(k);
        }
        fresh.for_each(&mut keep);
        out.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    /// An empty layer merging on `threads` threads however few keys it merges.
    fn layer<K: Key>(first_merge: usize, threads: usize) -> NextLayer<K> {
        let mut next = NextLayer::new(first_merge, Vec::new(), threads);
        next.parallel_from = 0;
        next
    }

    #[test]
    fn a_next_layer_is_the_union_of_its_runs_less_the_older_layers() {
        for threads in [1, 2, 5] {
            union_less_older(threads);
        }
    }

    /// Runs that overlap each other and the older layers, two a batch, merged every few
    /// batches and at the last, on `threads` threads.
    fn union_less_older(threads: usize) {
        let older = SortedKeys::from_sorted(&(0..300u64).map(|i| i * 10).collect::<Vec<_>>());
        let mut next = layer(50, threads);
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
            for threads in [1, 2, 5] {
                check_on(&keys, threads);
            }
        }
        fn check_on<K: Key>(keys: impl Fn(u32) -> K, threads: usize) {
            let mut next = layer(600, threads);
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
