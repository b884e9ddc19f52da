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

use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU32, AtomicUsize, Ordering};
use std::time::{Duration, Instant, SystemTime};

use super::{TileDomain, TileState};
use crate::model::file::open_regular;
use crate::solve::core::Termination;

/// The environment variable that overrides the cache directory (tests, CI).
pub const CACHE_DIR_ENV: &str = "BLOCKSLIDE_CACHE_DIR";

/// Version of the table file format and of the build; bump when either changes.
const FORMAT_VERSION: u32 = 1;

const MAGIC: &[u8; 8] = b"BSPDBv1\0";

/// Largest table (in entries) the automatic partition uses per pattern.
const MAX_ENTRIES: u64 = 8_000_000;

/// Largest table (in entries) the large automatic partition uses per pattern.
const MAX_LARGE_ENTRIES: u64 = 60_000_000;

/// Bits per cell in a packed placement, and the largest pattern that packs into a `u64`.
const CELL_BITS: u32 = 5;
const CELL_MASK: u64 = (1 << CELL_BITS) - 1;
const MAX_PATTERN: usize = 11;

/// Largest table (in entries) a custom partition may ask for.
const MAX_TABLE: u64 = 600_000_000;

/// Marks an entry not reached yet during the build.
const UNSET: u8 = u8::MAX;

/// The prefix of the cache's temporary files. Each is created exclusively under an
/// unpredictable name and renamed over its table when complete; one left behind by a killed
/// process is removed by a later run once it is older than [`STALE_TEMP_AGE`].
const TEMP_PREFIX: &str = ".tiles-pdb-tmp-";

/// How old a temporary file must be before it counts as abandoned: far longer than any
/// table takes to write.
const STALE_TEMP_AGE: Duration = Duration::from_hours(1);

/// What building pattern databases may spend: the caller's cancel flag, a deadline, and a
/// memory budget for the tables and the build's working memory together.
#[derive(Clone, Copy, Debug)]
pub struct BuildBudget<'a> {
    /// Raised (from any thread) to stop the build.
    pub cancel: &'a AtomicBool,
    /// The build stops when this instant passes (`None`: no deadline).
    pub deadline: Option<Instant>,
    /// The most bytes the tables plus the working memory of the table being built may take.
    pub max_memory_bytes: u64,
}

impl<'a> BuildBudget<'a> {
    /// A budget limited only by `cancel`.
    pub fn unlimited(cancel: &'a AtomicBool) -> Self {
        BuildBudget {
            cancel,
            deadline: None,
            max_memory_bytes: u64::MAX,
        }
    }

    /// Why the build must stop now, if it must.
    fn exceeded(&self) -> Option<PdbError> {
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
    /// The tables would take more memory than the budget allows (shown in MB of 2^20
    /// bytes, the unit of `--max-memory`).
    #[error(
        "the pattern database needs about {:.1} MB to build, more than the memory limit of {:.1} MB",
        *.needed as f64 / f64::from(1 << 20),
        *.limit as f64 / f64::from(1 << 20)
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

/// Where pattern databases are cached: `$BLOCKSLIDE_CACHE_DIR` when set, else the user's cache
/// directory (for example `~/.cache/blockslide` on Linux). `None` when neither exists.
pub fn cache_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os(CACHE_DIR_ENV)
        && !dir.is_empty()
    {
        return Some(PathBuf::from(dir));
    }
    directories::ProjectDirs::from("", "", "blockslide").map(|d| d.cache_dir().to_path_buf())
}

/// One pattern: its tiles and its table.
#[derive(Debug)]
struct Pattern {
    /// The pattern's tiles, in table order.
    tiles: Vec<u8>,
    /// For the mirrored lookup: the tile whose mirrored position stands for `tiles[i]`.
    mirrored_sources: Vec<u8>,
    /// Moves of the pattern's tiles, indexed by [`rank`] of their cells.
    table: Vec<u8>,
}

/// Gives each set of tables its own memo tag (see `TileState`'s memo).
static NEXT_TAG: AtomicU32 = AtomicU32::new(1);

/// Bits per value in a state's memo.
const MEMO_BITS: u32 = 6;

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
        corner_partition_4x4(domain, &SIX_SIX_THREE)
            .unwrap_or_else(|| reading_order_partition(domain, MAX_ENTRIES))
    }

    /// A stronger partition for `domain`, with larger tables: fewer nodes searched for a
    /// longer first build and more memory. On 4x4 with the blank's goal in a corner, 7-6-2
    /// (the 6-6-3 split with one more tile in the first group: about 45% fewer nodes on
    /// Korf's instances, a 58 MB table built in under a minute); otherwise groups as large as
    /// a table of at most 60 million entries allows.
    pub fn large_partition(domain: &TileDomain) -> Vec<Vec<u8>> {
        corner_partition_4x4(domain, &SEVEN_SIX_TWO)
            .unwrap_or_else(|| reading_order_partition(domain, MAX_LARGE_ENTRIES))
    }

    /// Loads (from the cache) or builds the tables of `partition` for `domain`, within
    /// `budget` (a cancel flag alone, `&AtomicBool`, converts into an unlimited budget).
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
        budget: impl Into<BuildBudget<'a>>,
    ) -> Result<(PatternDatabases, BuildReport), PdbError> {
        Self::load_or_build_in(domain, partition, cache_dir().as_deref(), budget)
    }

    /// Like [`PatternDatabases::load_or_build`], with the cache in `cache` (`None`: build
    /// in memory, cache nothing).
    ///
    /// # Errors
    /// As [`PatternDatabases::load_or_build`].
    #[expect(
        clippy::too_many_lines,
        reason = "each table loaded, checked or built in turn, with its note"
    )]
    pub fn load_or_build_in<'a>(
        domain: &TileDomain,
        partition: &[Vec<u8>],
        cache: Option<&Path>,
        budget: impl Into<BuildBudget<'a>>,
    ) -> Result<(PatternDatabases, BuildReport), PdbError> {
        let budget = budget.into();
        let n = domain.cells();
        if n > 32 {
            return Err(PdbError::NotBuildable(format!(
                "pattern databases need a board of at most 32 cells; this one has {n}"
            )));
        }
        for group in partition {
            if group.is_empty()
                || group.len() > MAX_PATTERN
                || table_len(n, group.len()) > MAX_TABLE
            {
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
        let started = Instant::now();
        let mut report = BuildReport::default();
        let cache = match cache.map(usable_cache_dir).transpose() {
            Ok(dir) => dir,
            Err(why) => {
                report.cache_unavailable = Some(why);
                None
            }
        };
        // Refuse up front what cannot fit: every table, plus the bitmap of the largest table
        // that must be built (a cache file of the right size will most likely load instead).
        let tables: u64 = partition.iter().map(|g| table_len(n, g.len())).sum();
        let largest_build = partition
            .iter()
            .filter(|tiles| {
                let key = CacheKey::new(domain, tiles);
                !cache.is_some_and(|dir| key.cached_file_fits(&dir.join(key.file_name())))
            })
            .map(|g| table_len(n, g.len()))
            .max()
            .unwrap_or(0);
        let needed = tables + visited_bytes(n, largest_build);
        if needed > budget.max_memory_bytes {
            return Err(PdbError::MemoryLimit {
                needed,
                limit: budget.max_memory_bytes,
            });
        }
        let transpose = mirror_map(domain);
        let mut patterns: Vec<Pattern> = Vec::with_capacity(partition.len());
        for tiles in partition {
            let key = CacheKey::new(domain, tiles);
            let path = cache.map(|d| d.join(key.file_name()));
            let cached = match path.as_deref().map(|p| read_table(p, &key)) {
                Some(Ok(table)) => Some(table),
                Some(Err(CacheMiss::Absent)) | None => None,
                Some(Err(CacheMiss::Invalid(why))) => {
                    report.rejected.push(why);
                    None
                }
            };
            let table = if let Some(table) = cached {
                report.loaded += 1;
                table
            } else {
                let kept: u64 = patterns.iter().map(|p| p.table.len() as u64).sum();
                let table = build_table(domain, tiles, &budget, kept)?;
                report.built += 1;
                if let Some(p) = &path
                    && let Err(e) = write_table(p, &key, &table)
                {
                    report.write_error = Some(format!("{}: {e}", p.display()));
                }
                table
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
        let sizes = patterns.iter().map(|p| p.tiles.len()).collect();
        let bytes = patterns.iter().map(|p| p.table.len()).sum();
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
        let fits = 2 * patterns.len() as u32 * MEMO_BITS <= 64
            && patterns.iter().all(|p| {
                p.table
                    .iter()
                    .all(|&v| v == UNSET || u32::from(v) < 1 << MEMO_BITS)
            });
        let tag = if fits {
            NEXT_TAG.fetch_add(1, Ordering::Relaxed).max(1)
        } else {
            0
        };
        Ok((
            PatternDatabases {
                cells: n,
                patterns,
                tag,
                pattern_of,
                mirrored_pattern_of,
                transpose,
                sizes,
                bytes,
            },
            report,
        ))
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
            values = set_field(values, p, self.normal_value(p, cell_of));
        }
        if let Some(transpose) = &self.transpose {
            let q = self.mirrored_pattern_of[tile] as usize;
            if q < self.patterns.len() {
                let v = self.mirrored_value(q, transpose, cell_of);
                values = set_field(values, self.patterns.len() + q, v);
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
        let field = |i: usize| ((values >> (i as u32 * MEMO_BITS)) & ((1 << MEMO_BITS) - 1)) as u32;
        let normal: u32 = (0..k).map(field).sum();
        let mirrored: u32 = (k..2 * k).map(field).sum();
        normal.max(mirrored)
    }

    #[inline(always)]
    fn estimate_with(&self, state: &TileState, cell_of: impl Fn(usize) -> u8 + Copy) -> u32 {
        let k = self.patterns.len();
        let mut values = 0u64;
        let mut normal = 0u32;
        for p in 0..k {
            let v = self.normal_value(p, cell_of);
            normal += v;
            values = set_field(values, p, v);
        }
        let mut mirrored = 0u32;
        if let Some(transpose) = &self.transpose {
            for p in 0..k {
                let v = self.mirrored_value(p, transpose, cell_of);
                mirrored += v;
                values = set_field(values, k + p, v);
            }
        }
        if self.tag != 0 {
            state.memo().set(self.tag, values);
        }
        normal.max(mirrored)
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

/// Goal cells of a 4x4 partition with the blank's goal in the top-left corner.
type Groups = [&'static [(usize, usize)]; 3];

/// Two 3x2 blocks beside the blank's corner and the last row's other three cells.
const SIX_SIX_THREE: Groups = [
    &[(0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0)],
    &[(0, 2), (0, 3), (1, 2), (1, 3), (2, 2), (2, 3)],
    &[(3, 1), (3, 2), (3, 3)],
];

/// [`SIX_SIX_THREE`] with the last row's second cell moved into the first group.
const SEVEN_SIX_TWO: Groups = [
    &[(0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1)],
    &[(0, 2), (0, 3), (1, 2), (1, 3), (2, 2), (2, 3)],
    &[(3, 2), (3, 3)],
];

/// A 4x4 partition drawn for the blank's goal in the top-left corner, mirrored to the corner
/// the goal actually uses; `None` unless the board is 4x4 with the blank's goal in a corner.
fn corner_partition_4x4(domain: &TileDomain, groups: &Groups) -> Option<Vec<Vec<u8>>> {
    if domain.rows() != 4 || domain.cols() != 4 {
        return None;
    }
    let blank = domain.goal_cell(0);
    let (flip_rows, flip_cols) = match (blank / 4, blank % 4) {
        (0, 0) => (false, false),
        (0, 3) => (false, true),
        (3, 0) => (true, false),
        (3, 3) => (true, true),
        _ => return None,
    };
    let cell = |(r, c): (usize, usize)| {
        let r = if flip_rows { 3 - r } else { r };
        let c = if flip_cols { 3 - c } else { c };
        r * 4 + c
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
fn lookup(tiles: &[u8], table: &[u8], n: usize, cell_of: impl Fn(usize) -> u8) -> u32 {
    #[inline(always)]
    fn fixed<const K: usize>(
        tiles: &[u8],
        table: &[u8],
        n: usize,
        cell_of: impl Fn(usize) -> u8,
    ) -> u32 {
        let mut cells = [0u8; K];
        for (c, &t) in cells.iter_mut().zip(tiles) {
            *c = cell_of(t as usize);
        }
        u32::from(table[rank(&cells, n)])
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
            u32::from(table[rank(&cells[..k], n)])
        }
    }
}

/// [`rank`] with the common pattern sizes unrolled (the table build ranks every child).
#[inline(always)]
fn rank_unrolled(cells: &[u8], n: usize) -> usize {
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

/// `values` with memo field `i` set to `v`.
#[inline(always)]
fn set_field(values: u64, i: usize, v: u32) -> u64 {
    let shift = i as u32 * MEMO_BITS;
    (values & !(((1 << MEMO_BITS) - 1) << shift)) | (u64::from(v) << shift)
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

/// Entries of a table of `k` tiles on `n` cells: n! / (n-k)!.
fn table_len(n: usize, k: usize) -> u64 {
    (0..k).map(|i| (n - i) as u64).product()
}

/// The index of a placement: the cells of the pattern's tiles as a partial permutation,
/// ranked in mixed radix `n, n-1, ...` (each digit counts the free cells below the tile's).
#[inline(always)]
fn rank(cells: &[u8], n: usize) -> usize {
    let mut index = 0usize;
    for (i, &c) in cells.iter().enumerate() {
        // comparisons beat a software popcount on baseline x86-64
        let below: usize = cells[..i].iter().map(|&p| usize::from(p < c)).sum();
        index = index * (n - i) + (c as usize - below);
    }
    index
}

/// Neighbour masks of each cell.
fn neighbor_masks(domain: &TileDomain) -> Vec<u32> {
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
fn region(from: usize, free: u32, neighbors: &[u32]) -> u32 {
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
fn lane_bits(n: usize) -> usize {
    if n <= 8 {
        8
    } else if n <= 16 {
        16
    } else {
        32
    }
}

/// Bytes of the visited bitmap of a build of `len` placements on `n` cells.
fn visited_bytes(n: usize, len: u64) -> u64 {
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
fn build_table(
    domain: &TileDomain,
    tiles: &[u8],
    budget: &BuildBudget<'_>,
    kept: u64,
) -> Result<Vec<u8>, PdbError> {
    /// Placements handed to a worker at a time.
    const CHUNK: usize = 4096;
    let n = domain.cells();
    let k = tiles.len();
    let len = table_len(n, k) as usize;
    let neighbors = neighbor_masks(domain);
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
    let mut frontier: Vec<u64> = vec![pack(&goal_cells, domain.goal_cell(0) as u8)];
    let threads = std::thread::available_parallelism()
        .map_or(1, std::num::NonZero::get)
        .min(8);
    let mut level: u8 = 0;
    // Why the workers stopped early, shared so every worker sees it at its next chunk.
    let stop: std::sync::Mutex<Option<PdbError>> = std::sync::Mutex::new(None);
    let stopped = AtomicBool::new(false);
    while !frontier.is_empty() {
        if let Some(why) = budget.exceeded() {
            return Err(why);
        }
        let next_chunk = AtomicUsize::new(0);
        // items made this level by all workers, for the memory check
        let made = AtomicUsize::new(0);
        let halt = |why: PdbError| {
            let mut slot = stop
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            slot.get_or_insert(why);
            stopped.store(true, Ordering::Relaxed);
        };
        let expand = || {
            let mut out = Vec::new();
            let mut cells = [0u8; 32];
            loop {
                if stopped.load(Ordering::Relaxed) {
                    break;
                }
                if let Some(why) = budget.exceeded() {
                    halt(why);
                    break;
                }
                // This level's and the next level's items, counted by allocated capacity.
                let before = out.capacity();
                let start = next_chunk.fetch_add(CHUNK, Ordering::Relaxed);
                if start >= frontier.len() {
                    break;
                }
                for &item in &frontier[start..(start + CHUNK).min(frontier.len())] {
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
                let total = made.fetch_add(out.capacity() - before, Ordering::Relaxed)
                    + (out.capacity() - before);
                // The workers' items are copied into one next frontier while they are still
                // held: count them twice.
                let needed = fixed + (frontier.capacity() + 2 * total) as u64 * item_bytes;
                if needed > budget.max_memory_bytes {
                    halt(PdbError::MemoryLimit {
                        needed,
                        limit: budget.max_memory_bytes,
                    });
                    break;
                }
            }
            out
        };
        let next: Vec<u64> = if threads > 1 && frontier.len() > 4 * CHUNK {
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
        frontier = next;
        level = level
            .checked_add(1)
            .filter(|&l| l < UNSET)
            .ok_or_else(|| PdbError::NotBuildable("a pattern database level overflowed".into()))?;
    }
    Ok(dist.into_iter().map(AtomicU8::into_inner).collect())
}

/// What identifies a table: the board, the blank's goal cell and the pattern tiles' goal
/// cells (tile numbers themselves do not matter).
struct CacheKey {
    rows: usize,
    cols: usize,
    blank: usize,
    goal_cells: Vec<u8>,
}

impl CacheKey {
    fn new(domain: &TileDomain, tiles: &[u8]) -> CacheKey {
        CacheKey {
            rows: domain.rows(),
            cols: domain.cols(),
            blank: domain.goal_cell(0),
            goal_cells: tiles
                .iter()
                .map(|&t| domain.goal_cell(t as usize) as u8)
                .collect(),
        }
    }

    fn file_name(&self) -> String {
        let cells: Vec<String> = self.goal_cells.iter().map(u8::to_string).collect();
        format!(
            "tiles-pdb-v{FORMAT_VERSION}-{}x{}-b{}-{}.bin",
            self.rows,
            self.cols,
            self.blank,
            cells.join(".")
        )
    }

    /// Whether `path` is a regular file of this table's size (its contents are checked when
    /// it is read).
    fn cached_file_fits(&self, path: &Path) -> bool {
        let len = table_len(self.rows * self.cols, self.goal_cells.len()) as usize;
        let expected = (self.header(len, 0).len() + len) as u64;
        fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() == expected)
    }

    fn header(&self, len: usize, checksum: u64) -> Vec<u8> {
        let mut h = Vec::with_capacity(64);
        h.extend_from_slice(MAGIC);
        h.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        for v in [self.rows, self.cols, self.blank, self.goal_cells.len()] {
            h.extend_from_slice(&(v as u32).to_le_bytes());
        }
        h.extend_from_slice(&self.goal_cells);
        h.extend_from_slice(&(len as u64).to_le_bytes());
        h.extend_from_slice(&checksum.to_le_bytes());
        h
    }
}

/// FNV-1a over 8-byte words (the tail padded with zeros): fast, and stable across versions.
fn checksum(data: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut chunks = data.chunks_exact(8);
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().expect("chunks of 8 bytes"));
        hash = (hash ^ word).wrapping_mul(0x0100_0000_01b3);
    }
    let mut tail = [0u8; 8];
    tail[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    hash = (hash ^ u64::from_le_bytes(tail)).wrapping_mul(0x0100_0000_01b3);
    hash ^ data.len() as u64
}

enum CacheMiss {
    Absent,
    Invalid(String),
}

/// The cache directory, when it can be used: it may be missing (it is created on the first
/// write) but not something else. Stale temporary files in it are removed.
///
/// # Errors
/// Why the cache cannot be used, for the user's notes.
fn usable_cache_dir(dir: &Path) -> Result<&Path, String> {
    match fs::metadata(dir) {
        Ok(meta) if !meta.is_dir() => Err(format!("{} is not a directory", dir.display())),
        Ok(_) => {
            remove_stale_temp_files(dir);
            Ok(dir)
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(dir),
        Err(e) => Err(format!("{}: {e}", dir.display())),
    }
}

/// Removes temporary files that a killed process left in the cache: regular files (never
/// followed symlinks) named with [`TEMP_PREFIX`] and older than [`STALE_TEMP_AGE`]. A file
/// that cannot be removed is left for the next run; nothing here affects the tables.
fn remove_stale_temp_files(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let now = SystemTime::now();
    for entry in entries.flatten() {
        if !entry.file_name().to_string_lossy().starts_with(TEMP_PREFIX) {
            continue;
        }
        let Ok(meta) = entry.path().symlink_metadata() else {
            continue;
        };
        let stale = meta
            .modified()
            .ok()
            .and_then(|m| now.duration_since(m).ok())
            .is_some_and(|age| age > STALE_TEMP_AGE);
        if meta.is_file() && stale {
            let _ = fs::remove_file(entry.path());
        }
    }
}

fn read_table(path: &Path, key: &CacheKey) -> Result<Vec<u8>, CacheMiss> {
    let invalid = |why: &str| CacheMiss::Invalid(format!("{}: {why}", path.display()));
    // Only a regular file of exactly the expected size is read: a FIFO, a device or a huge
    // file is refused before reading.
    let (file, size) = match open_regular(path) {
        Ok(opened) => opened,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Err(CacheMiss::Absent),
        Err(e) => return Err(invalid(&e.to_string())),
    };
    let n = key.rows * key.cols;
    let len = table_len(n, key.goal_cells.len()) as usize;
    let header_len = key.header(len, 0).len();
    if size != (header_len + len) as u64 {
        return Err(invalid("wrong size (truncated or not a table)"));
    }
    let mut bytes = vec![0u8; header_len + len];
    file.take(size)
        .read_exact(&mut bytes)
        .map_err(|e| invalid(&e.to_string()))?;
    let (header, table) = bytes.split_at(header_len);
    if header != key.header(len, checksum(table)).as_slice() {
        return Err(invalid("header or checksum does not match"));
    }
    bytes.drain(..header_len);
    Ok(bytes)
}

/// Writes a table to `path` atomically: into a temporary file created exclusively, under an
/// unpredictable name, in the same directory (so no symlink planted there is followed), then
/// renamed over `path`. On any error the temporary file is removed.
fn write_table(path: &Path, key: &CacheKey, table: &[u8]) -> io::Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let mut temp = tempfile::Builder::new()
        .prefix(TEMP_PREFIX)
        .tempfile_in(dir)?;
    temp.write_all(&key.header(table.len(), checksum(table)))?;
    temp.write_all(table)?;
    temp.as_file().sync_all()?;
    temp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
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
