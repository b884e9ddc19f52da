//! Building a compact (4 bits per entry) table within a fixed memory: the breadth-first
//! search keeps its frontiers as bitmaps of (placement, blank cell), scanned level by level,
//! instead of lists of items. The largest tables (8 tiles on the 4x4: 519 million
//! placements) have levels of hundreds of millions of items, which as lists would take
//! several gigabytes; as bitmaps the whole build takes three bitmaps and the table, known
//! before it starts.

use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU32, AtomicUsize, Ordering};

use crate::solve::tiles::TileDomain;

use super::build::{
    BuildBudget, MAX_DELTA, PdbError, lane_bits, neighbor_masks, rank_unrolled, region, table_len,
    visited_bytes,
};

/// Bytes a compact build of `len` placements on `n` cells needs besides the tables already
/// held: the visited, current and next bitmaps and the packed table.
pub(super) fn scan_build_bytes(n: usize, len: u64) -> u64 {
    3 * visited_bytes(n, len) + len.div_ceil(2)
}

/// The cells of the placement ranked `index` (the inverse of `rank`): each digit of the
/// mixed radix `n, n-1, ...` counts the free cells below the tile's.
#[inline]
fn unrank(mut index: usize, n: usize, cells: &mut [u8]) {
    let k = cells.len();
    let mut digits = [0usize; 32];
    for i in (0..k).rev() {
        digits[i] = index % (n - i);
        index /= n - i;
    }
    let mut used = 0u32;
    for (cell, &digit) in cells.iter_mut().zip(&digits) {
        let mut free = !used;
        for _ in 0..digit {
            free &= free - 1;
        }
        let c = free.trailing_zeros();
        *cell = c as u8;
        used |= 1 << c;
    }
}

/// Builds the compact table of `tiles`: for each placement, half its moves beyond its
/// Manhattan distance (`manhattan[i * cells + cell]` for the `i`-th tile), at most
/// [`MAX_DELTA`], two entries per byte, the low nibble first.
///
/// The levels' scans are split across the available cores; each worker owns the words of
/// the current bitmap it takes, so only it marks their placements visited. `kept` is the
/// bytes of tables already held: with this build's memory they must fit `budget`, which is
/// checked before anything is allocated. `filled` is told how many entries have their value
/// after each level.
///
/// # Errors
/// As the byte tables' build: [`PdbError::MemoryLimit`] up front, [`PdbError::Cancelled`]
/// and [`PdbError::TimeLimit`] within a chunk of the flag or the deadline.
#[expect(
    clippy::too_many_lines,
    reason = "one parallel scan per level; its workers share the bitmaps and the budget"
)]
pub(super) fn build_compact_table(
    domain: &TileDomain,
    tiles: &[u8],
    budget: &BuildBudget<'_>,
    kept: u64,
    manhattan: &[u8],
    filled: &dyn Fn(u64),
) -> Result<Vec<u8>, PdbError> {
    /// Words of the current bitmap handed to a worker at a time.
    const CHUNK: usize = 1024;
    let n = domain.cells();
    let k = tiles.len();
    let len = table_len(n, k);
    let needed = kept + scan_build_bytes(n, len);
    if needed > budget.max_memory_bytes {
        return Err(PdbError::MemoryLimit {
            needed,
            limit: budget.max_memory_bytes,
        });
    }
    let len = len as usize;
    let neighbors = neighbor_masks(domain);
    let full = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
    let lane_bits = lane_bits(n);
    let lanes_per_word = 32 / lane_bits;
    let lane_mask = if lane_bits == 32 {
        u32::MAX
    } else {
        (1u32 << lane_bits) - 1
    };
    let words = len.div_ceil(lanes_per_word);
    let bitmap = || -> Vec<AtomicU32> { (0..words).map(|_| AtomicU32::new(0)).collect() };
    let (visited, mut current, mut next) = (bitmap(), bitmap(), bitmap());
    let packed: Vec<AtomicU8> = (0..len.div_ceil(2)).map(|_| AtomicU8::new(0)).collect();
    let slot = |index: usize| {
        (
            index / lanes_per_word,
            ((index % lanes_per_word) * lane_bits) as u32,
        )
    };
    let goal: Vec<u8> = tiles
        .iter()
        .map(|&t| domain.goal_cell(t as usize) as u8)
        .collect();
    let (word, shift) = slot(rank_unrolled(&goal, n));
    current[word].store(1 << (domain.goal_cell(0) as u32 + shift), Ordering::Relaxed);
    let threads = std::thread::available_parallelism()
        .map_or(1, std::num::NonZero::get)
        .min(8);
    let set = AtomicUsize::new(0);
    let mut level: u8 = 0;
    loop {
        if let Some(why) = budget.exceeded() {
            return Err(why);
        }
        let next_chunk = AtomicUsize::new(0);
        let items = AtomicUsize::new(0);
        let stopped = AtomicBool::new(false);
        let (this, coming) = (&current, &next);
        let expand = || -> Option<PdbError> {
            let mut cells = [0u8; 32];
            let placement = &mut cells[..k];
            let (mut found, mut newly_set) = (0usize, 0usize);
            let outcome = loop {
                if stopped.load(Ordering::Relaxed) {
                    break None;
                }
                if let Some(why) = budget.exceeded() {
                    stopped.store(true, Ordering::Relaxed);
                    break Some(why);
                }
                let first = next_chunk.fetch_add(CHUNK, Ordering::Relaxed);
                if first >= words {
                    break None;
                }
                for w in first..(first + CHUNK).min(words) {
                    // taking the word clears it, ready to be the level after next
                    let word = this[w].swap(0, Ordering::Relaxed);
                    if word == 0 {
                        continue;
                    }
                    for lane in 0..lanes_per_word {
                        let shift = (lane * lane_bits) as u32;
                        let mut blanks = (word >> shift) & lane_mask;
                        if blanks == 0 {
                            continue;
                        }
                        let index = w * lanes_per_word + lane;
                        unrank(index, n, placement);
                        let occupied = placement.iter().fold(0u32, |m, &c| m | 1 << c);
                        while blanks != 0 {
                            let blank = blanks.trailing_zeros() as usize;
                            found += 1;
                            let reach = region(blank, full & !occupied, &neighbors);
                            blanks &= !reach;
                            let before = visited[w].fetch_or(reach << shift, Ordering::Relaxed);
                            if before & (reach << shift) != 0 {
                                continue;
                            }
                            if (before >> shift) & lane_mask == 0 {
                                // the placement's first visit: its distance is this level
                                let distance: u8 = placement
                                    .iter()
                                    .enumerate()
                                    .map(|(i, &c)| manhattan[i * n + c as usize])
                                    .sum();
                                // the moves exceed the distance by an even number
                                let value = ((level - distance) / 2).min(MAX_DELTA);
                                packed[index / 2]
                                    .fetch_or(value << ((index % 2) * 4), Ordering::Relaxed);
                                newly_set += 1;
                            }
                            for i in 0..k {
                                let from = placement[i];
                                let mut into = neighbors[from as usize] & reach;
                                while into != 0 {
                                    let to = into.trailing_zeros() as u8;
                                    into &= into - 1;
                                    placement[i] = to;
                                    let (word, shift) = slot(rank_unrolled(placement, n));
                                    let bit = 1 << (u32::from(from) + shift);
                                    if visited[word].load(Ordering::Relaxed) & bit == 0 {
                                        coming[word].fetch_or(bit, Ordering::Relaxed);
                                    }
                                    placement[i] = from;
                                }
                            }
                        }
                    }
                }
            };
            items.fetch_add(found, Ordering::Relaxed);
            set.fetch_add(newly_set, Ordering::Relaxed);
            outcome
        };
        let stop = if threads > 1 && words > 4 * CHUNK {
            std::thread::scope(|s| {
                let handles: Vec<_> = (0..threads).map(|_| s.spawn(expand)).collect();
                handles
                    .into_iter()
                    .find_map(|h| h.join().expect("pattern database workers do not panic"))
            })
        } else {
            expand()
        };
        if let Some(why) = stop {
            return Err(why);
        }
        if items.load(Ordering::Relaxed) == 0 {
            break;
        }
        filled(set.load(Ordering::Relaxed) as u64);
        std::mem::swap(&mut current, &mut next);
        level = level
            .checked_add(1)
            .ok_or_else(|| PdbError::NotBuildable("a pattern database level overflowed".into()))?;
    }
    Ok(packed.into_iter().map(AtomicU8::into_inner).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::tiles::pdb::build::rank;

    #[test]
    fn unrank_inverts_rank() {
        let n = 9;
        let mut cells = [0u8; 4];
        for index in 0..table_len(n, 4) as usize {
            unrank(index, n, &mut cells);
            assert_eq!(rank(&cells, n), index);
        }
    }
}
