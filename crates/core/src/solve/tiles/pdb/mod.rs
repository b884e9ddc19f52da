//! Additive disjoint pattern databases for tile puzzles (Korf and Felner, 2002).
//!
//! The tiles are split into disjoint patterns. For each pattern, a table holds, for every
//! placement of its tiles, the fewest moves *of those tiles* needed to bring them to their goal
//! cells, the other tiles being indistinguishable and their moves free. Because each move
//! moves one tile, the tables' values add up to an admissible estimate. When the board is
//! square and the blank's goal cell lies on the main diagonal, the position mirrored about
//! that diagonal (with tiles renamed so the goal maps onto itself) is exactly as far from the
//! goal, so the maximum of the normal and the mirrored sums is admissible too.
//!
//! A table is built by a breadth-first search over (placement, region of the blank) from the
//! goal: moving the blank within its region of non-pattern cells is free, moving a pattern
//! tile into the region costs one. Tables are cached on disk (see [`cache_dir`]) under
//! versioned names, with a checksum, and written atomically; a file that does not verify is
//! rebuilt.
//!
//! Tables of more than 100 million entries (Korf and Felner's 7-8 on the 4x4, their 6-6-6-6
//! on the 5x5) are stored at 4 bits per entry: half the moves beyond the pattern tiles'
//! Manhattan distance, which the lookup adds back. Their build scans bitmaps of the
//! frontier instead of keeping lists of it, so its memory is fixed and known before it
//! starts.

use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Instant;

use super::{TileDomain, TileState};

mod build;
mod cache;
mod estimate;
mod scan;

use build::{
    MAX_DELTA, MAX_ENTRIES, MAX_LARGE_ENTRIES, MAX_TABLE, UNSET, build_table, rank, table_len,
    visited_bytes,
};
use cache::{CacheKey, CacheMiss, read_table, usable_cache_dir, write_table};
use scan::{build_compact_table, scan_build_bytes};

pub use build::{BuildBudget, PdbError};

/// The largest pattern whose packed placement fits a `u64`.
const MAX_PATTERN: usize = 11;

/// One pattern: its tiles and its table.
#[derive(Debug)]
struct Pattern {
    /// The pattern's tiles, in table order.
    tiles: Vec<u8>,
    /// For the mirrored lookup: the tile whose mirrored position stands for `tiles[i]`.
    mirrored_sources: Vec<u8>,
    /// Moves of the pattern's tiles, indexed by [`rank`] of their cells.
    table: Table,
}

/// How a pattern's table holds its values.
#[derive(Debug)]
enum Table {
    /// One byte per entry: the moves themselves.
    Bytes(Vec<u8>),
    /// Two entries per byte, the low nibble first: half the moves beyond the pattern tiles'
    /// Manhattan distance (the two always differ by an even number, as each move changes
    /// one tile's distance by one), at most [`MAX_DELTA`]: a larger one is stored as
    /// [`MAX_DELTA`], which only lowers the estimate.
    Nibbles {
        /// The packed half-excesses.
        packed: Vec<u8>,
        /// `manhattan[i * cells + cell]`: the Manhattan distance of the pattern's `i`-th
        /// tile on `cell` from its goal cell.
        manhattan: Vec<u8>,
    },
}

impl Table {
    /// The bytes the table takes.
    fn bytes(&self) -> usize {
        match self {
            Table::Bytes(t) => t.len(),
            Table::Nibbles { packed, .. } => packed.len(),
        }
    }

    /// The largest value the table can give (an upper bound for compact tables).
    fn max_value(&self, cells: usize) -> u32 {
        match self {
            Table::Bytes(t) => t
                .iter()
                .filter(|&&v| v != UNSET)
                .map(|&v| u32::from(v))
                .max()
                .unwrap_or(0),
            Table::Nibbles { manhattan, .. } => {
                let worst: u32 = manhattan
                    .chunks(cells)
                    .map(|tile| tile.iter().map(|&d| u32::from(d)).max().unwrap_or(0))
                    .sum();
                worst + 2 * u32::from(MAX_DELTA)
            }
        }
    }
}

/// Gives each set of tables its own memo tag (see `TileState`'s memo).
static NEXT_TAG: AtomicU32 = AtomicU32::new(1);

/// A set of additive pattern databases for one board and goal.
#[derive(Debug)]
pub struct PatternDatabases {
    cells: usize,
    patterns: Vec<Pattern>,
    /// The memo tag of this set; 0 when the values do not fit a memo (then every estimate
    /// looks up every table).
    tag: u32,
    /// `pattern_of[tile]`: the pattern holding `tile` (`u8::MAX` for the blank).
    pattern_of: Vec<u8>,
    /// `mirrored_pattern_of[tile]`: the pattern whose mirrored lookup reads `tile`'s cell.
    mirrored_pattern_of: Vec<u8>,
    /// `transpose[cell]`: the cell mirrored about the main diagonal, when mirroring applies.
    transpose: Option<Vec<u8>>,
    /// Bits per value in a state's memo: as many as two values per pattern leave room for,
    /// at most 8.
    memo_bits: u32,
    sizes: Vec<usize>,
    bytes: usize,
}

/// How a set of tables was obtained, for the user's notes.
#[derive(Clone, Debug, Default)]
pub struct BuildReport {
    /// Tables loaded from the cache.
    pub loaded: usize,
    /// Tables built now.
    pub built: usize,
    /// Seconds spent loading and building.
    pub seconds: f64,
    /// Cache files that failed verification and were rebuilt.
    pub rejected: Vec<String>,
    /// A problem writing the cache (the tables still work).
    pub write_error: Option<String>,
    /// Why the cache could not be used at all (the tables were built in memory).
    pub cache_unavailable: Option<String>,
}

impl PatternDatabases {
    /// The automatic partition for `domain`. On 4x4 with the blank's goal in a corner, the
    /// 6-6-3 split that measured best on Korf's instances (two 3x2 blocks beside the blank's
    /// corner, the last row's other three cells; half the nodes of row bands). Otherwise tiles
    /// in the reading order of their goal cells, cut into groups as large as a table of at
    /// most 8 million entries allows (8 on 3x3, 5-5-5-5-4 on 5x5, 7-4 on 3x4).
    pub fn default_partition(domain: &TileDomain) -> Vec<Vec<u8>> {
        corner_partition(domain, 4, SIX_SIX_THREE)
            .unwrap_or_else(|| reading_order_partition(domain, MAX_ENTRIES))
    }

    /// A stronger partition for `domain`, with larger tables: fewer nodes searched for a
    /// longer first build and more memory. On 4x4 with the blank's goal in a corner, 7-6-2
    /// (the 6-6-3 split with one more tile in the first group: about 45% fewer nodes on
    /// Korf's instances, a 58 MB table built in under a minute); otherwise groups as large as
    /// a table of at most 60 million entries allows.
    pub fn large_partition(domain: &TileDomain) -> Vec<Vec<u8>> {
        corner_partition(domain, 4, SEVEN_SIX_TWO)
            .unwrap_or_else(|| reading_order_partition(domain, MAX_LARGE_ENTRIES))
    }

    /// The strongest partition offered for `domain`, with the largest tables (stored at 4
    /// bits per entry). With the blank's goal in a corner: on 4x4, Korf and Felner's 7-8
    /// (the first two rows' seven tiles, the last two rows' eight; a 260 MB table of 8
    /// tiles); on 5x5, their 6-6-6-6 (four 64 MB tables of 6 tiles). Otherwise the same as
    /// [`PatternDatabases::large_partition`].
    pub fn strongest_partition(domain: &TileDomain) -> Vec<Vec<u8>> {
        corner_partition(domain, 4, SEVEN_EIGHT)
            .or_else(|| corner_partition(domain, 5, SIX_SIX_SIX_SIX))
            .unwrap_or_else(|| Self::large_partition(domain))
    }

    /// The partitions whose estimates `pdb-max` takes the maximum of, each with its mirrored
    /// lookup, on boards where two different ones of moderate size exist: with the blank's
    /// goal in a corner, on 4x4 the 6-6-3 and the 7-6-2 splits, on 5x5 the 5-5-5-5-4 of
    /// the goal's reading order and `FIVE_BLOCKS`. `None` elsewhere.
    pub fn max_partitions(domain: &TileDomain) -> Option<Vec<Vec<Vec<u8>>>> {
        if let Some(first) = corner_partition(domain, 4, SIX_SIX_THREE) {
            return Some(vec![first, corner_partition(domain, 4, SEVEN_SIX_TWO)?]);
        }
        let blocks = corner_partition(domain, 5, FIVE_BLOCKS)?;
        Some(vec![reading_order_partition(domain, MAX_ENTRIES), blocks])
    }

    /// Loads from `cache` (a folder the caller chooses; `None` builds in memory and caches
    /// nothing) or builds the tables of `partition` for `domain`, within `budget` (a cancel
    /// flag alone, `&AtomicBool`, converts into an unlimited budget). A table built with a
    /// cache is written there for the next run.
    ///
    /// # Errors
    /// [`PdbError::NotBuildable`] when the board is too large for pattern databases or the
    /// partition is not a set of disjoint tiles; [`PdbError::MemoryLimit`] before anything
    /// is built when the tables would not fit the budget (or during a build, when its
    /// working memory outgrows it); [`PdbError::Cancelled`] and [`PdbError::TimeLimit`]
    /// within milliseconds of the flag or the deadline. A stopped build writes nothing.
    pub fn load_or_build<'a>(
        domain: &TileDomain,
        partition: &[Vec<u8>],
        cache: Option<&Path>,
        budget: impl Into<BuildBudget<'a>>,
    ) -> Result<(PatternDatabases, BuildReport), PdbError> {
        Self::load_or_build_stored(domain, partition, cache, false, budget.into())
    }

    /// Like [`PatternDatabases::load_or_build`], with every table stored at 4 bits per
    /// entry, as only the largest tables are otherwise: for checking the compact tables on
    /// boards small enough to search completely. Cached under other names than byte
    /// tables.
    ///
    /// # Errors
    /// As [`PatternDatabases::load_or_build`].
    #[cfg(feature = "testing")]    pub fn load_or_build_compact<'a>(
        domain: &TileDomain,
        partition: &[Vec<u8>],
        cache: Option<&Path>,
        budget: impl Into<BuildBudget<'a>>,
    ) -> Result<(PatternDatabases, BuildReport), PdbError> {
        Self::load_or_build_stored(domain, partition, cache, true, budget.into())
    }

    fn load_or_build_stored(
        domain: &TileDomain,
        partition: &[Vec<u8>],
        cache: Option<&Path>,
        all_compact: bool,
        budget: BuildBudget<'_>,
    ) -> Result<(PatternDatabases, BuildReport), PdbError> {
        let n = domain.cells();
        check_partition(n, partition)?;
        let started = Instant::now();
        let mut report = BuildReport::default();
        let cache = match cache.map(usable_cache_dir).transpose() {
            Ok(dir) => dir,
            Err(why) => {
                report.cache_unavailable = Some(why);
                None
            }
        };
        check_memory(domain, partition, cache, all_compact, &budget)?;
        let transpose = mirror_map(domain);
        // Progress counts the entries of the tables to build (a cached table loads in
        // moments and is not counted).
        let to_build: u64 = partition
            .iter()
            .filter(|tiles| {
                let key = CacheKey::new(domain, tiles, all_compact);
                !cache.is_some_and(|dir| key.cached_file_fits(&dir.join(key.file_name())))
            })
            .map(|g| table_len(n, g.len()))
            .sum::<u64>()
            .max(1);
        let mut built_entries = 0u64;
        let mut patterns: Vec<Pattern> = Vec::with_capacity(partition.len());
        for tiles in partition {
            let key = CacheKey::new(domain, tiles, all_compact);
            let path = cache.map(|d| d.join(key.file_name()));
            let manhattan: Vec<u8> = tiles
                .iter()
                .flat_map(|&t| (0..n).map(move |c| domain.manhattan(t as usize, c) as u8))
                .collect();
            let cached = match path.as_deref().map(|p| read_table(p, &key)) {
                Some(Ok(table)) => Some(table),
                Some(Err(CacheMiss::Absent)) | None => None,
                Some(Err(CacheMiss::Invalid(why))) => {
                    report.rejected.push(why);
                    None
                }
            };
            let stored = if let Some(table) = cached {
                report.loaded += 1;
                table
            } else {
                let kept: u64 = patterns.iter().map(|p| p.table.bytes() as u64).sum();
                let filled = |entries: u64| {
                    if let Some(progress) = budget.progress {
                        progress(((built_entries + entries) as f64 / to_build as f64).min(1.0));
                    }
                };
                let table = if key.compact {
                    build_compact_table(domain, tiles, &budget, kept, &manhattan, &filled)?
                } else {
                    build_table(domain, tiles, &budget, kept, &filled)?
                };
                built_entries += table_len(n, tiles.len());
                report.built += 1;
                if let Some(p) = &path
                    && let Err(e) = write_table(p, &key, &table)
                {
                    report.write_error = Some(format!("{}: {e}", p.display()));
                }
                table
            };
            let table = if key.compact {
                Table::Nibbles {
                    packed: stored,
                    manhattan,
                }
            } else {
                Table::Bytes(stored)
            };
            let mirrored_sources = match &transpose {
                Some(t) => tiles
                    .iter()
                    .map(|&u| {
                        // the tile that the mirror renames to `u`
                        let mirrored_goal = t[domain.goal_cell(u as usize)] as usize;
                        domain.goal()[mirrored_goal] as u8
                    })
                    .collect(),
                None => Vec::new(),
            };
            patterns.push(Pattern {
                tiles: tiles.clone(),
                mirrored_sources,
                table,
            });
        }
        report.seconds = started.elapsed().as_secs_f64();
        Ok((PatternDatabases::assemble(n, patterns, transpose), report))
    }

    /// The tables `patterns` of a board of `n` cells, with the lookups that find each tile's
    /// pattern (and its mirror image's, under `transpose`).
    fn assemble(n: usize, patterns: Vec<Pattern>, transpose: Option<Vec<u8>>) -> Self {
        let sizes = patterns.iter().map(|p| p.tiles.len()).collect();
        let bytes = patterns.iter().map(|p| p.table.bytes()).sum();
        let mut pattern_of = vec![u8::MAX; n];
        let mut mirrored_pattern_of = vec![u8::MAX; n];
        for (i, p) in patterns.iter().enumerate() {
            for &t in &p.tiles {
                pattern_of[t as usize] = i as u8;
            }
            for &t in &p.mirrored_sources {
                mirrored_pattern_of[t as usize] = i as u8;
            }
        }
        let memo_bits = (64 / (2 * patterns.len().max(1)) as u32).min(8);
        let fits = memo_bits >= 4
            && patterns
                .iter()
                .all(|p| p.table.max_value(n) < 1 << memo_bits);
        let tag = if fits {
            NEXT_TAG.fetch_add(1, Ordering::Relaxed).max(1)
        } else {
            0
        };
        PatternDatabases {
            cells: n,
            patterns,
            tag,
            pattern_of,
            mirrored_pattern_of,
            transpose,
            memo_bits,
            sizes,
            bytes,
        }
    }

    /// The pattern sizes, e.g. `[6, 6, 3]`.
    pub fn sizes(&self) -> &[usize] {
        &self.sizes
    }

    /// Whether the mirrored lookup is used.
    pub fn mirrored(&self) -> bool {
        self.transpose.is_some()
    }

    /// Total size of the tables in bytes.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// The admissible estimate for `state`.
    #[inline]
    pub fn estimate(&self, state: &TileState) -> u32 {
        match state.small_positions() {
            Some(pos) => self.estimate_with(state, |t| pos[t]),
            None => self.estimate_with(state, |t| state.cell_of(t) as u8),
        }
    }

    /// The admissible estimate for `state`, leaving its memo as it is (for a second set of
    /// tables beside one that keeps its values there).
    #[inline]
    pub(crate) fn estimate_without_memo(&self, state: &TileState) -> u32 {
        match state.small_positions() {
            Some(pos) => self.sums(|t| pos[t]).0,
            None => self.sums(|t| state.cell_of(t) as u8).0,
        }
    }

    /// The estimate for `child`, reached from `parent` by moving `tile`: only the two
    /// lookups that involve `tile` are made when `parent` holds this set's memo.
    #[inline]
    pub fn estimate_child(&self, parent: &TileState, child: &TileState, tile: usize) -> u32 {
        let (Some(values), Some(pos)) = (
            parent.memo().get(self.tag).filter(|_| self.tag != 0),
            child.small_positions(),
        ) else {
            return self.estimate(child);
        };
        let cell_of = |t: usize| pos[t];
        // a partition need not cover every tile: moving an uncovered one changes nothing
        let mut values = values;
        let p = self.pattern_of[tile] as usize;
        if p < self.patterns.len() {
            values = set_field(values, p, self.memo_bits, self.normal_value(p, cell_of));
        }
        if let Some(transpose) = &self.transpose {
            let q = self.mirrored_pattern_of[tile] as usize;
            if q < self.patterns.len() {
                let v = self.mirrored_value(q, transpose, cell_of);
                values = set_field(values, self.patterns.len() + q, self.memo_bits, v);
            }
        }
        child.memo().set(self.tag, values);
        self.estimate_from_fields(values)
    }

    #[inline(always)]
    fn normal_value(&self, p: usize, cell_of: impl Fn(usize) -> u8) -> u32 {
        let pattern = &self.patterns[p];
        lookup(&pattern.tiles, &pattern.table, self.cells, cell_of)
    }

    #[inline(always)]
    fn mirrored_value(&self, p: usize, transpose: &[u8], cell_of: impl Fn(usize) -> u8) -> u32 {
        let pattern = &self.patterns[p];
        let mirrored = |t: usize| transpose[cell_of(t) as usize];
        lookup(
            &pattern.mirrored_sources,
            &pattern.table,
            self.cells,
            mirrored,
        )
    }

    /// The estimate from memo fields: max of the normal and the mirrored sums.
    #[inline]
    fn estimate_from_fields(&self, values: u64) -> u32 {
        let k = self.patterns.len();
        let bits = self.memo_bits;
        let field = |i: usize| ((values >> (i as u32 * bits)) & ((1 << bits) - 1)) as u32;
        let normal: u32 = (0..k).map(field).sum();
        let mirrored: u32 = (k..2 * k).map(field).sum();
        normal.max(mirrored)
    }

    #[inline(always)]
    fn estimate_with(&self, state: &TileState, cell_of: impl Fn(usize) -> u8 + Copy) -> u32 {
        let (estimate, values) = self.sums(cell_of);
        if self.tag != 0 {
            state.memo().set(self.tag, values);
        }
        estimate
    }

    /// The max of the normal and mirrored sums, and every value as memo fields.
    #[inline(always)]
    fn sums(&self, cell_of: impl Fn(usize) -> u8 + Copy) -> (u32, u64) {
        let k = self.patterns.len();
        let mut values = 0u64;
        let mut normal = 0u32;
        for p in 0..k {
            let v = self.normal_value(p, cell_of);
            normal += v;
            values = set_field(values, p, self.memo_bits, v);
        }
        let mut mirrored = 0u32;
        if let Some(transpose) = &self.transpose {
            for p in 0..k {
                let v = self.mirrored_value(p, transpose, cell_of);
                mirrored += v;
                values = set_field(values, k + p, self.memo_bits, v);
            }
        }
        (normal.max(mirrored), values)
    }
}

/// Tiles in the reading order of their goal cells, cut into groups as large as a table of at
/// most `max_entries` allows.
fn reading_order_partition(domain: &TileDomain, max_entries: u64) -> Vec<Vec<u8>> {
    let n = domain.cells();
    let mut k = 1;
    while k < n - 1 && table_len(n, k + 1) <= max_entries {
        k += 1;
    }
    let mut tiles: Vec<u8> = (1..n as u8).collect();
    tiles.sort_by_key(|&t| domain.goal_cell(t as usize));
    tiles.chunks(k).map(<[u8]>::to_vec).collect()
}

/// Goal cells of a partition with the blank's goal in the top-left corner.
type Groups = [&'static [(usize, usize)]];

/// Two 3x2 blocks beside the blank's corner and the last row's other three cells.
const SIX_SIX_THREE: &Groups = &[
    &[(0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0)],
    &[(0, 2), (0, 3), (1, 2), (1, 3), (2, 2), (2, 3)],
    &[(3, 1), (3, 2), (3, 3)],
];

/// [`SIX_SIX_THREE`] with the last row's second cell moved into the first group.
const SEVEN_SIX_TWO: &Groups = &[
    &[(0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1)],
    &[(0, 2), (0, 3), (1, 2), (1, 3), (2, 2), (2, 3)],
    &[(3, 2), (3, 3)],
];

/// Korf and Felner's 7-8 split of the 4x4: the first two rows' tiles, the last two rows'.
const SEVEN_EIGHT: &Groups = &[
    &[(0, 1), (0, 2), (0, 3), (1, 0), (1, 1), (1, 2), (1, 3)],
    &[
        (2, 0),
        (2, 1),
        (2, 2),
        (2, 3),
        (3, 0),
        (3, 1),
        (3, 2),
        (3, 3),
    ],
];

/// A 5-5-5-5-4 split of the 5x5 across the rows, unlike the reading order's row bands (whose
/// mirrored lookup already reads the column bands): two 2x3 blocks less a corner along the
/// top, five cells down the left, a 2x3 block less a corner in the middle, and the last
/// row's other four cells.
const FIVE_BLOCKS: &Groups = &[
    &[(0, 1), (0, 2), (1, 0), (1, 1), (1, 2)],
    &[(0, 3), (0, 4), (1, 3), (1, 4), (2, 4)],
    &[(2, 0), (2, 1), (3, 0), (3, 1), (4, 0)],
    &[(2, 2), (2, 3), (3, 2), (3, 3), (3, 4)],
    &[(4, 1), (4, 2), (4, 3), (4, 4)],
];

/// Korf and Felner's 6-6-6-6 split of the 5x5 (their figure 5): six cells by the blank's
/// corner, and three 2x3 blocks (the first two rows' right, the last two rows' left, the
/// last two columns' lower).
const SIX_SIX_SIX_SIX: &Groups = &[
    &[(0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (2, 2)],
    &[(0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4)],
    &[(3, 0), (3, 1), (3, 2), (4, 0), (4, 1), (4, 2)],
    &[(2, 3), (2, 4), (3, 3), (3, 4), (4, 3), (4, 4)],
];

/// A partition of the `size` x `size` board drawn for the blank's goal in the top-left
/// corner, mirrored to the corner the goal actually uses; `None` unless the board is that
/// size with the blank's goal in a corner.
fn corner_partition(domain: &TileDomain, size: usize, groups: &Groups) -> Option<Vec<Vec<u8>>> {
    if domain.rows() != size || domain.cols() != size {
        return None;
    }
    let last = size - 1;
    let blank = domain.goal_cell(0);
    let (flip_rows, flip_cols) = match (blank / size, blank % size) {
        (0, 0) => (false, false),
        (0, c) if c == last => (false, true),
        (r, 0) if r == last => (true, false),
        (r, c) if r == last && c == last => (true, true),
        _ => return None,
    };
    let cell = |(r, c): (usize, usize)| {
        let r = if flip_rows { last - r } else { r };
        let c = if flip_cols { last - c } else { c };
        r * size + c
    };
    Some(
        groups
            .iter()
            .map(|g| g.iter().map(|&rc| domain.goal()[cell(rc)] as u8).collect())
            .collect(),
    )
}

/// The table entry for the cells of `tiles`, with the common pattern sizes unrolled (the
/// lookup is the search's innermost work).
#[inline(always)]
fn lookup(tiles: &[u8], table: &Table, n: usize, cell_of: impl Fn(usize) -> u8) -> u32 {
    #[inline(always)]
    fn fixed<const K: usize>(
        tiles: &[u8],
        table: &Table,
        n: usize,
        cell_of: impl Fn(usize) -> u8,
    ) -> u32 {
        let mut cells = [0u8; K];
        for (c, &t) in cells.iter_mut().zip(tiles) {
            *c = cell_of(t as usize);
        }
        value(table, &cells, n)
    }
    match tiles.len() {
        3 => fixed::<3>(tiles, table, n, cell_of),
        4 => fixed::<4>(tiles, table, n, cell_of),
        5 => fixed::<5>(tiles, table, n, cell_of),
        6 => fixed::<6>(tiles, table, n, cell_of),
        7 => fixed::<7>(tiles, table, n, cell_of),
        8 => fixed::<8>(tiles, table, n, cell_of),
        k => {
            let mut cells = [0u8; 32];
            for (c, &t) in cells.iter_mut().zip(tiles) {
                *c = cell_of(t as usize);
            }
            value(table, &cells[..k], n)
        }
    }
}

/// The moves of a pattern whose tiles stand on `cells`.
#[inline(always)]
fn value(table: &Table, cells: &[u8], n: usize) -> u32 {
    let index = rank(cells, n);
    match table {
        Table::Bytes(t) => u32::from(t[index]),
        Table::Nibbles { packed, manhattan } => {
            let half_excess = (packed[index >> 1] >> ((index & 1) * 4)) & 0xf;
            let distance: u32 = cells
                .iter()
                .enumerate()
                .map(|(i, &c)| u32::from(manhattan[i * n + c as usize]))
                .sum();
            distance + 2 * u32::from(half_excess)
        }
    }
}

/// `values` with memo field `i` (of `bits` bits) set to `v`.
#[inline(always)]
fn set_field(values: u64, i: usize, bits: u32, v: u32) -> u64 {
    let shift = i as u32 * bits;
    (values & !(((1 << bits) - 1) << shift)) | (u64::from(v) << shift)
}
/// Refuses a partition whose tables cannot be built on a board of `n` cells: a board over 32
/// cells, an empty or oversized group, or tiles that are not distinct tiles of the board.
fn check_partition(n: usize, partition: &[Vec<u8>]) -> Result<(), PdbError> {
    if n > 32 {
        return Err(PdbError::NotBuildable(format!(
            "pattern databases need a board of at most 32 cells; this one has {n}"
        )));
    }
    for group in partition {
        if group.is_empty() || group.len() > MAX_PATTERN || table_len(n, group.len()) > MAX_TABLE {
            return Err(PdbError::NotBuildable(format!(
                "a pattern of {} tiles on {n} cells is not buildable here (at most {} \
                 million entries per table)",
                group.len(),
                MAX_TABLE / 1_000_000
            )));
        }
    }
    let mut seen = vec![false; n];
    for &t in partition.iter().flatten() {
        let t = t as usize;
        if t == 0 || t >= n || seen[t] {
            return Err(PdbError::NotBuildable(format!(
                "tile {t} is not a distinct tile of this board"
            )));
        }
        seen[t] = true;
    }
    Ok(())
}

/// Refuses up front a build that cannot fit `budget`'s memory: every table, plus the working
/// memory of the largest build (a cache file of the right size will most likely load
/// instead). A byte table's build grows its frontiers beyond this, and checks them as they
/// grow.
fn check_memory(
    domain: &TileDomain,
    partition: &[Vec<u8>],
    cache: Option<&Path>,
    all_compact: bool,
    budget: &BuildBudget<'_>,
) -> Result<(), PdbError> {
    let n = domain.cells();
    let tables: u64 = partition
        .iter()
        .map(|g| {
            let key = CacheKey::new(domain, g, all_compact);
            key.stored_len() as u64
        })
        .sum();
    let largest_build = partition
        .iter()
        .filter_map(|tiles| {
            let key = CacheKey::new(domain, tiles, all_compact);
            if cache.is_some_and(|dir| key.cached_file_fits(&dir.join(key.file_name()))) {
                return None;
            }
            let len = table_len(n, tiles.len());
            Some(if key.compact {
                scan_build_bytes(n, len) - key.stored_len() as u64
            } else {
                visited_bytes(n, len)
            })
        })
        .max()
        .unwrap_or(0);
    let needed = tables + largest_build;
    if needed > budget.max_memory_bytes {
        return Err(PdbError::MemoryLimit {
            needed,
            limit: budget.max_memory_bytes,
        });
    }
    Ok(())
}

/// The diagonal mirror of the board's cells, when the board is square and the blank's goal
/// cell is on the diagonal (so mirroring and renaming tiles maps the goal onto itself).
fn mirror_map(domain: &TileDomain) -> Option<Vec<u8>> {
    let (rows, cols) = (domain.rows(), domain.cols());
    let blank = domain.goal_cell(0);
    if rows != cols || blank / cols != blank % cols {
        return None;
    }
    Some(
        (0..rows * cols)
            .map(|c| ((c % cols) * cols + c / cols) as u8)
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::cache::checksum;
    use super::*;

    #[test]
    fn rank_numbers_every_placement_once() {
        let n = 7;
        let mut seen = vec![false; table_len(n, 3) as usize];
        for a in 0..n as u8 {
            for b in (0..n as u8).filter(|&b| b != a) {
                for c in (0..n as u8).filter(|&c| c != a && c != b) {
                    let i = rank(&[a, b, c], n);
                    assert!(!seen[i]);
                    seen[i] = true;
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn checksum_sees_every_byte() {
        let a = vec![0u8; 17];
        let mut b = a.clone();
        b[16] = 1;
        assert_ne!(checksum(&a), checksum(&b));
        assert_ne!(checksum(&a[..16]), checksum(&a));
    }
}
