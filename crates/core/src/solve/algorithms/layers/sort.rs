//! Sorting a thread's successors: a radix sort that drops repeats, in working memory kept
//! from batch to batch.

use super::keys::{Key, RADIX};

/// How the buffers of the slots are sized for a batch.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Sizing {
    /// Grown geometrically (the runs they hold are copied a few times at most), never shrunk.
    Grow,
    /// Grown to exactly what the batch needs, never shrunk: memory is tight, and buffers
    /// resized at every batch would leave the allocator's heap full of holes.
    Keep,
    /// Exactly what the batch needs, shrunk if need be: memory is tighter still.
    Exact,
}

/// The radix sort's working memory: a second buffer for the keys, and the counts of every
/// digit sorted.
pub(super) struct SortSpace<K> {
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
    pub(super) fn grown_bytes(&self, keys: usize, sizing: Sizing) -> u64 {
        let (spare, counts) = self.capacities(keys, sizing);
        (spare * size_of::<K>() + counts * size_of::<[u32; RADIX]>()) as u64
    }

    /// Resizes the space for `keys` keys (see [`SortSpace::capacities`]). Neither buffer's
    /// contents need be kept, so a new buffer replaces the old one, freed first.
    pub(super) fn resize(&mut self, keys: usize, sizing: Sizing) {
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
    pub(super) fn memory_bytes(&self) -> u64 {
        self.grown_bytes(0, Sizing::Keep)
    }
}

/// Keys from which [`sort_dedup`] sorts by radix rather than by comparison.
const RADIX_FROM: usize = 4096;

/// Sorts `keys` ascending and moves one of each to the front, in order: a least-significant-
/// digit radix sort over the digits in which the keys differ (a comparison sort for short
/// runs), in `space`. Returns how many distinct keys there are.
pub(super) fn sort_dedup<K: Key>(keys: &mut [K], space: &mut SortSpace<K>) -> usize {
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
