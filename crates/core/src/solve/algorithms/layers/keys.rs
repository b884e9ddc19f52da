//! Packed states and the sets the layers are made of: keys sorted and delta-coded in blocks,
//! made in parts side by side (a few per thread), each part kept as a segment of the set.

use std::fmt::Debug;
use std::ops::Range;

/// Digits of the radix sort ([`Key::digit`]): 11 bits, so a 64-bit key takes 6 passes over
/// the data (8-bit digits, more passes, measured a few percent slower).
pub(super) const RADIX: usize = 1 << 11;

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

/// The most keys a block of a [`SortedKeys`] holds: a lookup binary-searches the blocks' first
/// keys and decodes at most this many differences; batches of work are whole blocks.
pub(super) const BLOCK: usize = 64;

/// A set of distinct keys, sorted and delta-coded: per block of `BLOCK` keys, the first key
/// in full and the others as LEB128 varints of their differences. A set made in parts side by
/// side (one or a few per thread, see [`PartWriter`]) keeps each part as a segment of its own,
/// in ascending order: joining them needs no copy, and a part's room never written is never
/// touched. Blocks are numbered across the segments; each segment's last block may hold fewer
/// keys.
#[derive(Debug)]
pub(crate) struct SortedKeys<K> {
    /// The first segment: most sets have only this one (those made on one thread, and small
    /// ones), and then hold nothing beside it (a walk keeps a set a layer, small ones many).
    head: Segment<K>,
    /// The other segments, in order.
    tail: Vec<Segment<K>>,
}

/// One part of a [`SortedKeys`]: full blocks but the last.
#[derive(Debug)]
pub(super) struct Segment<K> {
    /// The number of the segment's first block in the set.
    first_block: usize,
    /// The rank of the segment's first key in the set.
    first_rank: usize,
    firsts: Vec<K>,
    /// Where each block's differences start in `bytes`.
    offsets: Vec<u64>,
    bytes: Vec<u8>,
    len: usize,
}

impl<K> Default for Segment<K> {
    fn default() -> Self {
        Segment {
            first_block: 0,
            first_rank: 0,
            firsts: Vec::new(),
            offsets: Vec::new(),
            bytes: Vec::new(),
            len: 0,
        }
    }
}

impl<K: Key> Segment<K> {
    /// Keys in the segment's block `b`.
    fn keys_in_block(&self, b: usize) -> usize {
        (self.len - b * BLOCK).min(BLOCK)
    }

    /// Where the differences of block `b` start (the bytes' length past the last block).
    fn offset(&self, b: usize) -> usize {
        self.offsets
            .get(b)
            .map_or(self.bytes.len(), |&o| o as usize)
    }

    fn memory_bytes(&self) -> u64 {
        (self.firsts.capacity() * size_of::<K>()
            + self.offsets.capacity() * size_of::<u64>()
            + self.bytes.capacity()) as u64
    }
}

impl<K: Key> Default for SortedKeys<K> {
    fn default() -> Self {
        SortedKeys {
            head: Segment::default(),
            tail: Vec::new(),
        }
    }
}

impl<K: Key> SortedKeys<K> {
    /// The set of `keys`, which must be strictly ascending.
    pub(crate) fn from_sorted(keys: &[K]) -> SortedKeys<K> {
        let mut writer = PartWriter::with_room(Room {
            blocks: keys.len().div_ceil(BLOCK),
            bytes: chain_bound(keys),
        });
        for &k in keys {
            writer.push(k);
        }
        SortedKeys::join(vec![writer.finish()])
    }

    /// The set of the keys of `parts`, made apart in ascending order (every key of a part
    /// below every key of the next), each part's vectors shrunk to what it holds.
    pub(super) fn join(parts: Vec<Segment<K>>) -> SortedKeys<K> {
        let mut parts: Vec<Segment<K>> = parts.into_iter().filter(|p| p.len > 0).collect();
        let (mut blocks, mut rank) = (0, 0);
        for part in &mut parts {
            part.firsts.shrink_to_fit();
            part.offsets.shrink_to_fit();
            part.bytes.shrink_to_fit();
            (part.first_block, part.first_rank) = (blocks, rank);
            (blocks, rank) = (blocks + part.firsts.len(), rank + part.len);
        }
        if parts.is_empty() {
            return SortedKeys::default();
        }
        let head = parts.remove(0);
        parts.shrink_to_fit();
        SortedKeys { head, tail: parts }
    }

    /// Segments of the set (one, maybe empty, for a set made in one part).
    fn segment_count(&self) -> usize {
        1 + self.tail.len()
    }

    /// Segment `s`.
    fn segment(&self, s: usize) -> &Segment<K> {
        if s == 0 {
            &self.head
        } else {
            &self.tail[s - 1]
        }
    }

    /// The last segment.
    fn last(&self) -> &Segment<K> {
        self.tail.last().unwrap_or(&self.head)
    }

    /// The segments whose first key passes `below` (a test true up to some key, then false).
    fn segments_below(&self, below: impl Fn(&K) -> bool) -> usize {
        match self.head.firsts.first() {
            Some(first) if below(first) => 1 + self.tail.partition_point(|s| below(&s.firsts[0])),
            _ => 0,
        }
    }

    /// Whether `key` is in the set.
    pub fn contains(&self, key: K) -> bool {
        let Some(s) = self.segments_below(|&first| first <= key).checked_sub(1) else {
            return false;
        };
        let segment = self.segment(s);
        let b = segment.first_block + segment.firsts.partition_point(|&f| f <= key) - 1;
        self.decode(b..b + 1)
            .take_while(|&k| k <= key)
            .any(|k| k == key)
    }

    /// Keys in the set.
    pub fn len(&self) -> usize {
        let last = self.last();
        last.first_rank + last.len
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes the set holds.
    pub(crate) fn memory_bytes(&self) -> u64 {
        let tail = (self.tail.capacity() * size_of::<Segment<K>>()) as u64;
        let segments = std::iter::once(&self.head).chain(&self.tail);
        tail + segments.map(Segment::memory_bytes).sum::<u64>()
    }

    /// Blocks of the set.
    pub(super) fn blocks(&self) -> usize {
        let last = self.last();
        last.first_block + last.firsts.len()
    }

    /// The segment holding block `b` (below [`SortedKeys::blocks`]).
    fn segment_of(&self, b: usize) -> usize {
        self.tail.partition_point(|s| s.first_block <= b)
    }

    /// The rank of the first key of block `b` (the set's length past the last block).
    fn rank(&self, b: usize) -> usize {
        if b >= self.blocks() {
            return self.len();
        }
        let segment = self.segment(self.segment_of(b));
        segment.first_rank + (b - segment.first_block) * BLOCK
    }

    /// Where the differences of block `b` start within its segment, as `(segment, offset)`
    /// (past the last block: the last segment's end).
    fn offset(&self, b: usize) -> (usize, usize) {
        if b >= self.blocks() {
            return (self.segment_count() - 1, self.last().bytes.len());
        }
        let s = self.segment_of(b);
        let segment = self.segment(s);
        (s, segment.offset(b - segment.first_block))
    }

    /// Keys in `blocks`.
    pub(super) fn keys_in(&self, blocks: Range<usize>) -> usize {
        let end = blocks.end.min(self.blocks());
        self.rank(end) - self.rank(blocks.start.min(end))
    }

    /// Bytes of differences in `blocks`.
    pub(super) fn bytes_in(&self, blocks: Range<usize>) -> usize {
        let end = blocks.end.min(self.blocks());
        let start = blocks.start.min(end);
        let ((first, from), (last, to)) = (self.offset(start), self.offset(end));
        if first == last {
            return to - from;
        }
        // From `start` to its segment's end, the segments between whole, the last one's start.
        let between: usize = (first + 1..last).map(|s| self.segment(s).bytes.len()).sum();
        self.segment(first).bytes.len() - from + between + to
    }

    /// The blocks whose first key is at most `key` (`or_equal`) or below it.
    fn blocks_below(&self, key: K, or_equal: bool) -> usize {
        let below = |f: &K| if or_equal { *f <= key } else { *f < key };
        match self.segments_below(below).checked_sub(1) {
            None => 0,
            Some(s) => {
                let segment = self.segment(s);
                segment.first_block + segment.firsts.partition_point(below)
            }
        }
    }

    /// The blocks that hold every key of the set in `range` (and maybe others).
    pub(super) fn blocks_of(&self, range: &KeyRange<K>) -> Range<usize> {
        let start = range
            .low
            .map_or(0, |low| self.blocks_below(low, true).saturating_sub(1));
        let end = range
            .high
            .map_or(self.blocks(), |high| self.blocks_below(high, false));
        start..end.max(start)
    }

    /// The keys of the set in `range`, ascending.
    pub(super) fn keys_within<'s>(
        &'s self,
        range: &KeyRange<K>,
    ) -> impl Iterator<Item = K> + use<'s, K> {
        let KeyRange { low, high } = *range;
        self.decode(self.blocks_of(range))
            .skip_while(move |&k| low.is_some_and(|low| k < low))
            .take_while(move |&k| high.is_none_or(|high| k < high))
    }

    /// The first key of block `b`.
    pub(super) fn first_of(&self, b: usize) -> K {
        let segment = self.segment(self.segment_of(b));
        segment.firsts[b - segment.first_block]
    }

    /// The keys of `blocks`, ascending.
    pub(super) fn decode(&self, blocks: Range<usize>) -> Decode<'_, K> {
        let end = blocks.end.min(self.blocks());
        let block = blocks.start.min(end);
        Decode {
            set: self,
            block,
            end,
            segment: if block < end {
                self.segment_of(block)
            } else {
                0
            },
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

/// The keys from `low` (included) to `high` (excluded); `None` leaves that side open.
#[derive(Clone, Copy, Debug)]
pub(super) struct KeyRange<K> {
    pub low: Option<K>,
    pub high: Option<K>,
}

impl<K: Key> KeyRange<K> {
    /// The ranges between consecutive `cuts` (ascending), from the lowest key to the highest.
    pub(super) fn between(cuts: &[K]) -> Vec<KeyRange<K>> {
        let lows = std::iter::once(None).chain(cuts.iter().copied().map(Some));
        let highs = cuts.iter().copied().map(Some).chain(std::iter::once(None));
        lows.zip(highs)
            .map(|(low, high)| KeyRange { low, high })
            .collect()
    }

    /// The part of the ascending `keys` within the range.
    pub(super) fn of<'k>(&self, keys: &'k [K]) -> &'k [K] {
        let start = self.low.map_or(0, |low| keys.partition_point(|&k| k < low));
        let end = self
            .high
            .map_or(keys.len(), |high| keys.partition_point(|&k| k < high));
        &keys[start..end.max(start)]
    }
}

/// What a part of a set reserves: its most blocks and bytes of differences.
///
/// A merge reserves an upper bound on what its union takes, so that its memory never grows
/// (a vector that grows may hold twice what it needs) and a walk can count the merge before
/// making it. The bound comes from the *chain* of a sorted set, the varints of the differences
/// between all its consecutive keys, block boundaries ignored; a set's bytes of differences
/// are at most its chain (a block's first key is held in full instead). The chain of a union
/// is at most the chains of its parts together and two varints of the widest kind: each
/// difference of the union lies within a difference of one part, which no other difference of
/// the union is charged to, but for those that run past a part's last key. Removing keys
/// (those of the older layers) never lengthens a chain: the varint of a sum is no longer than
/// those of its parts together.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Room {
    pub blocks: usize,
    pub bytes: usize,
}

/// Bytes of the longest varint of a difference of `K`s (10 for a `u64`).
pub(super) fn widest_varint<K: Key>() -> usize {
    K::BITS.div_ceil(7) as usize
}

/// Bytes of the varint of `value`.
#[inline]
fn varint_len(value: u128) -> usize {
    (128 - value.leading_zeros()).max(1).div_ceil(7) as usize
}

/// An upper bound on the chain (see [`Room`]) of the union of ascending `keys` with other
/// sets: their own chain, and two varints of the widest kind for joining them in.
pub(super) fn chain_bound<K: Key>(keys: &[K]) -> usize {
    let chain: usize = keys
        .windows(2)
        .map(|pair| varint_len(pair[1].wide() - pair[0].wide()))
        .sum();
    chain + 2 * widest_varint::<K>()
}

impl Room {
    /// Room for the keys of `blocks` of `set` with others of `keys` keys in all, whose chains
    /// are bounded by `chains` (see [`chain_bound`]), less any keys. The chain of the blocks
    /// is bounded by their bytes and the widest varint for each block's first key and one
    /// more to join them in.
    pub(super) fn of_union<K: Key>(
        set: &SortedKeys<K>,
        blocks: Range<usize>,
        keys: usize,
        chains: usize,
    ) -> Room {
        Room {
            blocks: (set.keys_in(blocks.clone()) + keys).div_ceil(BLOCK),
            bytes: set.bytes_in(blocks.clone())
                + (blocks.len() + 1) * widest_varint::<K>()
                + chains,
        }
    }

    /// Bytes of a set with this room.
    pub(super) fn memory_bytes<K: Key>(self) -> u64 {
        (self.blocks * (size_of::<K>() + size_of::<u64>()) + self.bytes) as u64
    }
}

/// Writes one part of a set, a [`Segment`], from keys pushed in strictly ascending order (and
/// above those of the parts before), in the room reserved for it: its vectors are allocated at
/// their full room when the writer is made (on the walk's thread, whichever thread writes),
/// and never grow.
pub(super) struct PartWriter<K> {
    part: Segment<K>,
    last: u128,
    room: Room,
}

impl<K: Key> PartWriter<K> {
    /// A writer for a part within `room`.
    pub(super) fn with_room(room: Room) -> Self {
        PartWriter {
            part: Segment {
                first_block: 0,
                first_rank: 0,
                firsts: Vec::with_capacity(room.blocks),
                offsets: Vec::with_capacity(room.blocks),
                bytes: Vec::with_capacity(room.bytes),
                len: 0,
            },
            last: 0,
            room,
        }
    }

    #[inline]
    pub(super) fn push(&mut self, key: K) {
        let part = &mut self.part;
        if part.len.is_multiple_of(BLOCK) {
            part.firsts.push(key);
            part.offsets.push(part.bytes.len() as u64);
        } else {
            debug_assert!(key.wide() > self.last, "keys strictly ascend");
            put_varint(&mut part.bytes, key.wide() - self.last);
        }
        self.last = key.wide();
        part.len += 1;
    }

    /// The part written.
    pub(super) fn finish(self) -> Segment<K> {
        debug_assert!(
            self.part.firsts.len() <= self.room.blocks && self.part.bytes.len() <= self.room.bytes,
            "the room holds the part"
        );
        self.part
    }
}

/// The keys of a range of blocks of a [`SortedKeys`], decoded in order.
pub(super) struct Decode<'s, K> {
    set: &'s SortedKeys<K>,
    block: usize,
    end: usize,
    /// The segment of `block`.
    segment: usize,
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
            let bytes = &self.set.segment(self.segment).bytes;
            let (delta, used) = get_varint(&bytes[self.pos..]);
            self.pos += used;
            self.at += delta;
            return Some(K::from_wide(self.at));
        }
        if self.block >= self.end {
            return None;
        }
        let set = self.set;
        while self.segment + 1 < set.segment_count()
            && set.segment(self.segment + 1).first_block <= self.block
        {
            self.segment += 1;
        }
        let segment = set.segment(self.segment);
        let b = self.block - segment.first_block;
        self.block += 1;
        self.left = segment.keys_in_block(b) - 1;
        self.at = segment.firsts[b].wide();
        self.pos = segment.offsets[b] as usize;
        Some(segment.firsts[b])
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

    /// A set joined from parts of every size (empty, part of a block, blocks and a part)
    /// holds exactly their keys, finds each, counts the keys of any run of blocks, and gives
    /// the keys of any range.
    #[test]
    fn parts_made_apart_join_into_one_set() {
        let keys: Vec<u64> = (0..1000u64).map(|i| i * i * 7 + i).collect();
        let cuts = [0usize, 0, 5, 64, 64, 200, 393, 1000, 1000];
        let parts: Vec<Segment<u64>> = cuts
            .windows(2)
            .map(|w| {
                let part = &keys[w[0]..w[1]];
                let mut writer = PartWriter::with_room(Room {
                    blocks: part.len().div_ceil(BLOCK),
                    bytes: chain_bound(part),
                });
                for &k in part {
                    writer.push(k);
                }
                writer.finish()
            })
            .collect();
        let set = SortedKeys::join(parts);
        assert_eq!(set.len(), keys.len());
        assert!(set.iter().eq(keys.iter().copied()));
        let mut ranked = 0;
        for b in 0..set.blocks() {
            let block: Vec<u64> = set.decode(b..b + 1).collect();
            assert_eq!(block[0], set.first_of(b));
            assert_eq!(set.keys_in(0..b), ranked);
            assert_eq!(block[..], keys[ranked..ranked + block.len()]);
            ranked += block.len();
        }
        assert_eq!(set.keys_in(0..set.blocks()), keys.len());
        for &k in &keys {
            assert!(set.contains(k), "{k}");
            assert!(!set.contains(k + 1), "{}", k + 1);
        }
        assert!(!set.contains(0u64.wrapping_sub(1)));
        let whole: usize = (0..set.blocks()).map(|b| set.bytes_in(b..b + 1)).sum();
        assert_eq!(set.bytes_in(0..set.blocks()), whole);
        for (low, high) in [
            (None, None),
            (Some(8), Some(30)),
            (Some(9), Some(2_000_000)),
            (Some(900_000), None),
            (None, Some(5)),
        ] {
            let range = KeyRange { low, high };
            let expected: Vec<u64> = range.of(&keys).to_vec();
            assert_eq!(set.keys_within(&range).collect::<Vec<_>>(), expected);
        }
    }
}
