//! Packed states and the sets the layers are made of: keys sorted and delta-coded in blocks,
//! made in parts side by side (one per thread) and joined where they lie.

use std::fmt::Debug;
use std::ops::Range;

use super::sort::RADIX;

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

/// A set of distinct keys, sorted and delta-coded: per block of at most `BLOCK` keys, the
/// first key in full and the others as LEB128 varints of their differences. Blocks are full
/// but for the last of each part a set was made in (see [`Assembly`]): each block records the
/// rank of its first key, so parts made apart by threads join without being coded again.
#[derive(Debug)]
pub(crate) struct SortedKeys<K> {
    firsts: Vec<K>,
    /// Where each block's differences start in `bytes`.
    offsets: Vec<u64>,
    /// The rank in the set of each block's first key.
    starts: Vec<u64>,
    bytes: Vec<u8>,
    len: usize,
}

impl<K: Key> Default for SortedKeys<K> {
    fn default() -> Self {
        SortedKeys {
            firsts: Vec::new(),
            offsets: Vec::new(),
            starts: Vec::new(),
            bytes: Vec::new(),
            len: 0,
        }
    }
}

impl<K: Key> SortedKeys<K> {
    /// The set of `keys`, which must be strictly ascending.
    pub(crate) fn from_sorted(keys: &[K]) -> SortedKeys<K> {
        let room = Room {
            blocks: keys.len().div_ceil(BLOCK),
            bytes: chain_bound(keys),
        };
        let mut assembly = Assembly::new(&[room]);
        let mut writers = assembly.writers();
        let mut writer = writers.pop().expect("one part");
        for &k in keys {
            writer.push(k);
        }
        let written = writer.finish();
        assembly.join(&[written])
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
            + (self.offsets.capacity() + self.starts.capacity()) * size_of::<u64>()
            + self.bytes.capacity()) as u64
    }

    /// Blocks of the set.
    pub(super) fn blocks(&self) -> usize {
        self.firsts.len()
    }

    /// The rank of the first key of block `b` (the set's length past the last block).
    fn rank(&self, b: usize) -> usize {
        self.starts.get(b).map_or(self.len, |&s| s as usize)
    }

    /// Where the differences of block `b` start (the bytes' length past the last block).
    fn offset(&self, b: usize) -> usize {
        self.offsets
            .get(b)
            .map_or(self.bytes.len(), |&o| o as usize)
    }

    /// Keys in `blocks`.
    pub(super) fn keys_in(&self, blocks: Range<usize>) -> usize {
        let end = blocks.end.min(self.blocks());
        self.rank(end) - self.rank(blocks.start.min(end))
    }

    /// Bytes of differences in `blocks`.
    pub(super) fn bytes_in(&self, blocks: Range<usize>) -> usize {
        let end = blocks.end.min(self.blocks());
        self.offset(end) - self.offset(blocks.start.min(end))
    }

    /// The blocks that hold every key of the set in `range` (and maybe others).
    pub(super) fn blocks_of(&self, range: &KeyRange<K>) -> Range<usize> {
        let start = range.low.map_or(0, |low| {
            self.firsts.partition_point(|&f| f <= low).saturating_sub(1)
        });
        let end = range.high.map_or(self.blocks(), |high| {
            self.firsts.partition_point(|&f| f < high)
        });
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
        self.firsts[b]
    }

    /// The keys of `blocks`, ascending.
    pub(super) fn decode(&self, blocks: Range<usize>) -> Decode<'_, K> {
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
        (self.blocks * (size_of::<K>() + 2 * size_of::<u64>()) + self.bytes) as u64
    }
}

/// A set made in parts side by side, each written by a [`PartWriter`] in the room reserved for
/// it, then joined: each part moved down to follow the one before, its offsets and ranks
/// shifted. The vectors are allocated zeroed at their full room, which takes no memory until
/// written; joining moves the written bytes within them, and shrinking them gives back the
/// rest.
pub(super) struct Assembly<K> {
    set: SortedKeys<K>,
    rooms: Vec<Room>,
}

/// What a [`PartWriter`] wrote.
#[derive(Clone, Copy, Debug)]
pub(super) struct Written {
    blocks: usize,
    bytes: usize,
    len: usize,
}

impl<K: Key> Assembly<K> {
    /// Room for parts of `rooms`.
    pub(super) fn new(rooms: &[Room]) -> Self {
        let blocks = rooms.iter().map(|r| r.blocks).sum();
        let bytes = rooms.iter().map(|r| r.bytes).sum();
        Assembly {
            set: SortedKeys {
                firsts: vec![K::from_wide(0); blocks],
                offsets: vec![0; blocks],
                starts: vec![0; blocks],
                bytes: vec![0; bytes],
                len: 0,
            },
            rooms: rooms.to_vec(),
        }
    }

    /// Bytes the assembly holds (as [`Room::memory_bytes`] counts them).
    pub(super) fn memory_bytes(&self) -> u64 {
        self.set.memory_bytes()
    }

    /// A writer for each part, in order.
    pub(super) fn writers(&mut self) -> Vec<PartWriter<'_, K>> {
        let set = &mut self.set;
        let (mut firsts, mut offsets, mut starts, mut bytes) = (
            &mut set.firsts[..],
            &mut set.offsets[..],
            &mut set.starts[..],
            &mut set.bytes[..],
        );
        let mut writers = Vec::with_capacity(self.rooms.len());
        for room in &self.rooms {
            let (f, rest_f) = std::mem::take(&mut firsts).split_at_mut(room.blocks);
            let (o, rest_o) = std::mem::take(&mut offsets).split_at_mut(room.blocks);
            let (s, rest_s) = std::mem::take(&mut starts).split_at_mut(room.blocks);
            let (b, rest_b) = std::mem::take(&mut bytes).split_at_mut(room.bytes);
            (firsts, offsets, starts, bytes) = (rest_f, rest_o, rest_s, rest_b);
            writers.push(PartWriter {
                firsts: f,
                offsets: o,
                starts: s,
                bytes: b,
                blocks: 0,
                used: 0,
                len: 0,
                last: 0,
            });
        }
        writers
    }

    /// The set: the parts, as `written` (in order), joined.
    pub(super) fn join(self, written: &[Written]) -> SortedKeys<K> {
        let Assembly { mut set, rooms } = self;
        let (mut blocks, mut bytes, mut len) = (0, 0, 0);
        let (mut room_blocks, mut room_bytes) = (0, 0);
        for (w, room) in written.iter().zip(&rooms) {
            let from = room_blocks..room_blocks + w.blocks;
            set.firsts.copy_within(from.clone(), blocks);
            set.offsets.copy_within(from.clone(), blocks);
            set.starts.copy_within(from, blocks);
            for o in &mut set.offsets[blocks..blocks + w.blocks] {
                *o += bytes as u64;
            }
            for s in &mut set.starts[blocks..blocks + w.blocks] {
                *s += len as u64;
            }
            set.bytes
                .copy_within(room_bytes..room_bytes + w.bytes, bytes);
            (blocks, bytes, len) = (blocks + w.blocks, bytes + w.bytes, len + w.len);
            (room_blocks, room_bytes) = (room_blocks + room.blocks, room_bytes + room.bytes);
        }
        set.firsts.truncate(blocks);
        set.offsets.truncate(blocks);
        set.starts.truncate(blocks);
        set.bytes.truncate(bytes);
        set.firsts.shrink_to_fit();
        set.offsets.shrink_to_fit();
        set.starts.shrink_to_fit();
        set.bytes.shrink_to_fit();
        set.len = len;
        set
    }
}

/// Writes one part of an [`Assembly`] from keys pushed in strictly ascending order (and above
/// those of the parts before), in the room reserved for it; pushing past the room is a bug
/// (the room bounds the part) and panics.
pub(super) struct PartWriter<'a, K> {
    firsts: &'a mut [K],
    offsets: &'a mut [u64],
    starts: &'a mut [u64],
    bytes: &'a mut [u8],
    blocks: usize,
    used: usize,
    len: usize,
    last: u128,
}

impl<K: Key> PartWriter<'_, K> {
    #[inline]
    pub(super) fn push(&mut self, key: K) {
        if self.len.is_multiple_of(BLOCK) {
            self.firsts[self.blocks] = key;
            self.offsets[self.blocks] = self.used as u64;
            self.starts[self.blocks] = self.len as u64;
            self.blocks += 1;
        } else {
            debug_assert!(key.wide() > self.last, "keys strictly ascend");
            self.used += put_varint(&mut self.bytes[self.used..], key.wide() - self.last);
        }
        self.last = key.wide();
        self.len += 1;
    }

    /// What the part holds.
    pub(super) fn finish(self) -> Written {
        Written {
            blocks: self.blocks,
            bytes: self.used,
            len: self.len,
        }
    }
}

/// The keys of a range of blocks of a [`SortedKeys`], decoded in order.
pub(super) struct Decode<'s, K> {
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

/// Writes `value` at the start of `out` as a LEB128 varint (seven bits per byte, low bits
/// first); returns the bytes it took.
#[inline]
fn put_varint(out: &mut [u8], mut value: u128) -> usize {
    let mut i = 0;
    while value >= 0x80 {
        out[i] = (value as u8) | 0x80;
        value >>= 7;
        i += 1;
    }
    out[i] = value as u8;
    i + 1
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
        let parts: Vec<&[u64]> = cuts.windows(2).map(|w| &keys[w[0]..w[1]]).collect();
        let rooms: Vec<Room> = parts
            .iter()
            .map(|p| Room {
                blocks: p.len().div_ceil(BLOCK),
                bytes: chain_bound(p),
            })
            .collect();
        let mut assembly = Assembly::new(&rooms);
        let written: Vec<Written> = assembly
            .writers()
            .into_iter()
            .zip(&parts)
            .map(|(mut w, part)| {
                part.iter().for_each(|&k| w.push(k));
                w.finish()
            })
            .collect();
        let set = assembly.join(&written);
        assert_eq!(set.len(), keys.len());
        assert!(set.iter().eq(keys.iter().copied()));
        for (i, &k) in keys.iter().enumerate() {
            assert!(set.contains(k), "{k}");
            assert!(!set.contains(k + 1), "{}", k + 1);
            let b = set.firsts.partition_point(|&f| f <= k) - 1;
            assert!(set.keys_in(0..b) <= i && i < set.keys_in(0..b + 1));
        }
        assert_eq!(set.keys_in(0..set.blocks()), keys.len());
        for (low, high) in [
            (None, None),
            (Some(7), Some(8)),
            (Some(900), None),
            (None, Some(5)),
        ] {
            let range = KeyRange { low, high };
            let expected: Vec<u64> = range.of(&keys).to_vec();
            assert_eq!(set.keys_within(&range).collect::<Vec<_>>(), expected);
        }
    }
}
