//! Building one pattern table: a breadth-first search over (placement of the pattern's tiles,
//! region of the blank) from the goal, in parallel over the frontier, within a budget of time,
//! memory and cancellation.

use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU32, AtomicUsize, Ordering};
use std::time::Instant;

use crate::model::text::bytes;
use crate::solve::core::Termination;
use crate::solve::tiles::TileDomain;

/// Bits per cell in a packed placement, and the largest pattern that packs into a `u64`.
pub(super) const CELL_BITS: u32 = 5;
pub(super) const CELL_MASK: u64 = (1 << CELL_BITS) - 1;

/// Largest table (in entries) the automatic partition uses per pattern.
pub(super) const MAX_ENTRIES: u64 = 8_000_000;

/// Largest table (in entries) the large automatic partition uses per pattern.
pub(super) const MAX_LARGE_ENTRIES: u64 = 60_000_000;

/// Largest table (in entries) a custom partition may ask for.
pub(super) const MAX_TABLE: u64 = 600_000_000;

/// Marks an entry not reached yet during the build.
pub(super) const UNSET: u8 = u8::MAX;

/// Tables of more entries than this are stored at 4 bits per entry (see `Table::Nibbles`):
/// the 8-tile table of the 4x4 and the 6-tile tables of the 5x5. Smaller ones keep a byte
/// per entry, as their lookup is a little faster.
pub(super) const COMPACT_ABOVE: u64 = 100_000_000;

/// The largest half-excess over the Manhattan distance a compact table holds.
pub(super) const MAX_DELTA: u8 = 15;

/// What building pattern databases may spend: the caller's cancel flag, a deadline, and a
/// memory budget for the tables and the build's working memory together.
#[derive(Clone, Copy)]
pub struct BuildBudget<'a> {
    /// Raised (from any thread) to stop the build.
    pub cancel: &'a AtomicBool,
    /// The build stops when this instant passes (`None`: no deadline).
    pub deadline: Option<Instant>,
    /// The most bytes the tables plus the working memory of the table being built may take.
    pub max_memory_bytes: u64,
    /// Told the fraction of the tables built so far, after each level of a build (on the
    /// building thread).
    pub progress: Option<&'a (dyn Fn(f64) + Sync)>,
}

impl std::fmt::Debug for BuildBudget<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BuildBudget")
            .field("cancel", &self.cancel)
            .field("deadline", &self.deadline)
            .field("max_memory_bytes", &self.max_memory_bytes)
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

impl<'a> BuildBudget<'a> {
    /// A budget limited only by `cancel`.
    pub fn unlimited(cancel: &'a AtomicBool) -> Self {
        BuildBudget {
            cancel,
            deadline: None,
            max_memory_bytes: u64::MAX,
            progress: None,
        }
    }

    /// Why the build must stop now, if it must.
    pub(super) fn exceeded(&self) -> Option<PdbError> {
        if self.cancel.load(Ordering::Relaxed) {
            return Some(PdbError::Cancelled);
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some(PdbError::TimeLimit);
        }
        None
    }
}

impl<'a> From<&'a AtomicBool> for BuildBudget<'a> {
    fn from(cancel: &'a AtomicBool) -> Self {
        BuildBudget::unlimited(cancel)
    }
}

/// Why pattern databases could not be had.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PdbError {
    /// The board or the partition does not allow pattern databases.
    #[error("{0}")]
    NotBuildable(String),
    /// The cancel flag was raised during a build.
    #[error("cancelled while building a pattern database")]
    Cancelled,
    /// The deadline passed during a build.
    #[error("the time limit ran out while building a pattern database")]
    TimeLimit,
    /// The tables would take more memory than the budget allows.
    #[error(
        "the pattern database needs about {} to build, more than the memory limit of {}",
        bytes(*.needed),
        bytes(*.limit)
    )]
    MemoryLimit {
        /// The estimated bytes (the tables plus the build's working memory so far).
        needed: u64,
        /// The budget's bytes.
        limit: u64,
    },
}

impl PdbError {
    /// The search status this error stands for, when it is a limit or a cancellation rather
    /// than a refusal.
    pub fn termination(&self) -> Option<Termination> {
        match self {
            PdbError::NotBuildable(_) => None,
            PdbError::Cancelled => Some(Termination::Cancelled),
            PdbError::TimeLimit => Some(Termination::TimeLimit),
            PdbError::MemoryLimit { .. } => Some(Termination::MemoryLimit),
        }
    }
}

/// Entries of a table of `k` tiles on `n` cells: n! / (n-k)!.
pub(super) fn table_len(n: usize, k: usize) -> u64 {
    (0..k).map(|i| (n - i) as u64).product()
}

/// Whether a table of `k` tiles on `n` cells is stored at 4 bits per entry.
pub(super) fn is_compact(n: usize, k: usize) -> bool {
    table_len(n, k) > COMPACT_ABOVE
}

/// The index of a placement: the cells of the pattern's tiles as a partial permutation,
/// ranked in mixed radix `n, n-1, ...` (each digit counts the free cells below the tile's).
#[inline(always)]
pub(super) fn rank(cells: &[u8], n: usize) -> usize {
    let mut index = 0usize;
    for (i, &c) in cells.iter().enumerate() {
        // comparisons beat a software popcount on baseline x86-64
        let below: usize = cells[..i].iter().map(|&p| usize::from(p < c)).sum();
        index = index * (n - i) + (c as usize - below);
    }
    index
}

/// Neighbour masks of each cell.
pub(super) fn neighbor_masks(domain: &TileDomain) -> Vec<u32> {
    (0..domain.cells())
        .map(|c| {
            crate::model::Dir::ALL
                .iter()
                .filter_map(|&d| domain.neighbor(c, d))
                .fold(0u32, |m, x| m | 1 << x)
        })
        .collect()
}

/// The cells reachable from `from` through cells in `free`.
#[inline]
pub(super) fn region(from: usize, free: u32, neighbors: &[u32]) -> u32 {
    let mut region = 1u32 << from;
    let mut todo = region;
    while todo != 0 {
        let c = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        let grow = neighbors[c] & free & !region;
        region |= grow;
        todo |= grow;
    }
    region
}

/// Bits per placement in a build's visited bitmap: one per blank cell, packed several
/// placements to a word on small boards (the table's random accesses dominate the build, so
/// smaller is faster).
pub(super) fn lane_bits(n: usize) -> usize {
    if n <= 8 {
        8
    } else if n <= 16 {
        16
    } else {
        32
    }
}

/// Bytes of the visited bitmap of a build of `len` placements on `n` cells.
pub(super) fn visited_bytes(n: usize, len: u64) -> u64 {
    len.div_ceil(32 / lane_bits(n) as u64) * 4
}

/// Builds one pattern's table by breadth-first search from the goal, level by level, the
/// levels' work split across the available cores.
///
/// `kept` is the bytes of tables already held: with the table, its bitmap and the
/// frontiers, they must stay within `budget`'s memory, checked as the frontiers grow. The
/// cancel flag and the deadline are checked every few thousand placements.
#[expect(
    clippy::too_many_lines,
    reason = "one parallel breadth-first build; its workers share the frontier and the budget"
)]
///
/// `filled` is told how many of the table's entries have their distance, after each level.
pub(super) fn build_table(
    domain: &TileDomain,
    tiles: &[u8],
    budget: &BuildBudget<'_>,
    kept: u64,
    filled: &dyn Fn(u64),
) -> Result<Vec<u8>, PdbError> {
    /// Placements handed to a worker at a time.
    const CHUNK: usize = 4096;
    /// Most items in a block of the next frontier (8 MB).
    const MAX_BLOCK: usize = 1 << 20;
    let n = domain.cells();
    let k = tiles.len();
    let len = table_len(n, k) as usize;
    let neighbors = neighbor_masks(domain);
    // a block holds what one chunk can make, and small tables get small blocks
    let block_items = (len / 8).clamp(CHUNK * k * 4, MAX_BLOCK.max(CHUNK * k * 4));
    let full = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
    // the table, its bitmap and the tables already built: fixed for the whole build
    let fixed = kept + len as u64 + visited_bytes(n, len as u64);
    let item_bytes = std::mem::size_of::<u64>() as u64;
    let dist: Vec<AtomicU8> = (0..len).map(|_| AtomicU8::new(UNSET)).collect();
    let lane_bits = lane_bits(n);
    let lane_shift = (32 / lane_bits).trailing_zeros();
    let visited: Vec<AtomicU32> = (0..len.div_ceil(32 / lane_bits))
        .map(|_| AtomicU32::new(0))
        .collect();
    let slot = |index: usize| {
        let lane = index & ((1 << lane_shift) - 1);
        (&visited[index >> lane_shift], (lane * lane_bits) as u32)
    };
    // Frontier items hold the placement itself (5 bits per cell) and the blank's cell, so
    // expanding one needs no unranking.
    let pack = |cells: &[u8], blank: u8| {
        cells
            .iter()
            .rev()
            .fold(0u64, |acc, &c| acc << CELL_BITS | u64::from(c))
            << CELL_BITS
            | u64::from(blank)
    };
    let goal_cells: Vec<u8> = tiles
        .iter()
        .map(|&t| domain.goal_cell(t as usize) as u8)
        .collect();
    // The frontier is a list of blocks of at most BLOCK items, each filled by one worker: a
    // level's items are never copied into one vector, and no vector grows by doubling, so
    // the memory counted is the memory held.
    let mut frontier: Vec<Vec<u64>> = vec![vec![pack(&goal_cells, domain.goal_cell(0) as u8)]];
    let threads = std::thread::available_parallelism()
        .map_or(1, std::num::NonZero::get)
        .min(8);
    let mut level: u8 = 0;
    // Why the workers stopped early, shared so every worker sees it at its next chunk.
    let stop: std::sync::Mutex<Option<PdbError>> = std::sync::Mutex::new(None);
    let stopped = AtomicBool::new(false);
    let set = AtomicUsize::new(0);
    while frontier.iter().any(|block| !block.is_empty()) {
        if let Some(why) = budget.exceeded() {
            return Err(why);
        }
        // (block, first item) of each chunk of work
        let chunks: Vec<(usize, usize)> = frontier
            .iter()
            .enumerate()
            .flat_map(|(b, block)| (0..block.len()).step_by(CHUNK).map(move |i| (b, i)))
            .collect();
        let held: usize = frontier.iter().map(Vec::capacity).sum();
        let next_chunk = AtomicUsize::new(0);
        // blocks made this level by all workers, for the memory check
        let made = AtomicUsize::new(0);
        let halt = |why: PdbError| {
            let mut slot = stop
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            slot.get_or_insert(why);
            stopped.store(true, Ordering::Relaxed);
        };
        let expand = || {
            let mut blocks: Vec<Vec<u64>> = Vec::new();
            let mut out: Vec<u64> = Vec::new();
            let mut cells = [0u8; 32];
            let mut newly_set = 0usize;
            loop {
                if stopped.load(Ordering::Relaxed) {
                    break;
                }
                if let Some(why) = budget.exceeded() {
                    halt(why);
                    break;
                }
                let Some(&(block, start)) = chunks.get(next_chunk.fetch_add(1, Ordering::Relaxed))
                else {
                    break;
                };
                let block = &frontier[block];
                // a chunk makes at most `k * 4` items per item: room for them all
                if out.len() + CHUNK * k * 4 > out.capacity() {
                    if !out.is_empty() {
                        blocks.push(std::mem::take(&mut out));
                    }
                    out = Vec::with_capacity(block_items);
                    let total = made.fetch_add(1, Ordering::Relaxed) + 1;
                    let needed = fixed + (held + total * block_items) as u64 * item_bytes;
                    if needed > budget.max_memory_bytes {
                        halt(PdbError::MemoryLimit {
                            needed,
                            limit: budget.max_memory_bytes,
                        });
                        break;
                    }
                }
                for &item in &block[start..(start + CHUNK).min(block.len())] {
                    let blank = (item & CELL_MASK) as usize;
                    let placement = &mut cells[..k];
                    for (i, c) in placement.iter_mut().enumerate() {
                        *c = (item >> (CELL_BITS * (i as u32 + 1)) & CELL_MASK) as u8;
                    }
                    let index = rank_unrolled(placement, n);
                    let (word, shift) = slot(index);
                    if word.load(Ordering::Relaxed) & (1 << (blank as u32 + shift)) != 0 {
                        continue;
                    }
                    let occupied = placement.iter().fold(0u32, |m, &c| m | 1 << c);
                    let reach = region(blank, full & !occupied, &neighbors);
                    let before = word.fetch_or(reach << shift, Ordering::Relaxed);
                    if before & (reach << shift) != 0 {
                        continue;
                    }
                    if dist[index].load(Ordering::Relaxed) == UNSET {
                        dist[index].store(level, Ordering::Relaxed);
                        newly_set += 1;
                    }
                    for i in 0..k {
                        let from = placement[i];
                        let mut into = neighbors[from as usize] & reach;
                        while into != 0 {
                            let to = into.trailing_zeros() as u8;
                            into &= into - 1;
                            placement[i] = to;
                            let child = rank_unrolled(placement, n);
                            let (word, shift) = slot(child);
                            if word.load(Ordering::Relaxed) & (1 << (u32::from(from) + shift)) == 0
                            {
                                out.push(pack(placement, from));
                            }
                            placement[i] = from;
                        }
                    }
                }
            }
            if !out.is_empty() {
                blocks.push(out);
            }
            set.fetch_add(newly_set, Ordering::Relaxed);
            blocks
        };
        let next: Vec<Vec<u64>> = if threads > 1 && chunks.len() > 4 {
            std::thread::scope(|s| {
                let handles: Vec<_> = (0..threads).map(|_| s.spawn(expand)).collect();
                handles
                    .into_iter()
                    .flat_map(|h| h.join().expect("pattern database workers do not panic"))
                    .collect()
            })
        } else {
            expand()
        };
        if let Some(why) = stop
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take()
        {
            return Err(why);
        }
        filled(set.load(Ordering::Relaxed) as u64);
        frontier = next;
        level = level
            .checked_add(1)
            .filter(|&l| l < UNSET)
            .ok_or_else(|| PdbError::NotBuildable("a pattern database level overflowed".into()))?;
    }
    Ok(dist.into_iter().map(AtomicU8::into_inner).collect())
}

/// [`rank`] with the common pattern sizes unrolled (the table build ranks every child).
#[inline(always)]
pub(super) fn rank_unrolled(cells: &[u8], n: usize) -> usize {
    #[inline(always)]
    fn fixed<const K: usize>(cells: &[u8], n: usize) -> usize {
        let mut a = [0u8; K];
        a.copy_from_slice(cells);
        rank(&a, n)
    }
    match cells.len() {
        3 => fixed::<3>(cells, n),
        4 => fixed::<4>(cells, n),
        5 => fixed::<5>(cells, n),
        6 => fixed::<6>(cells, n),
        7 => fixed::<7>(cells, n),
        8 => fixed::<8>(cells, n),
        _ => rank(cells, n),
    }
}
