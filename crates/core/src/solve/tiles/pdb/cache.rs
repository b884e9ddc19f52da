//! The on-disk cache of pattern tables: versioned file names, a header with a checksum,
//! regular files of the expected size only, atomic writes through unpredictable temporary
//! names, and stale temporary files removed.

use std::fs;
use std::io::{self, Read, Write};
use std::path::Path;
use std::time::{Duration, SystemTime};

use crate::model::file::open_regular;
use crate::solve::tiles::TileDomain;

use super::build::{is_compact, table_len};

/// Version of the table file format and of the build; bump when either changes.
const FORMAT_VERSION: u32 = 1;

const MAGIC: &[u8; 8] = b"BSPDBv1\0";

/// The magic of a compact table (4 bits per entry, see `Table::Nibbles`).
const COMPACT_MAGIC: &[u8; 8] = b"BSPDB4v1";

/// The prefix of the cache's temporary files. Each is created exclusively under an
/// unpredictable name and renamed over its table when complete; one left behind by a killed
/// process is removed by a later run once it is older than [`STALE_TEMP_AGE`].
const TEMP_PREFIX: &str = ".tiles-pdb-tmp-";

/// How old a temporary file must be before it counts as abandoned: far longer than any
/// table takes to write.
const STALE_TEMP_AGE: Duration = Duration::from_hours(1);

/// What identifies a table: the board, the blank's goal cell and the pattern tiles' goal
/// cells (tile numbers themselves do not matter).
pub(super) struct CacheKey {
    rows: usize,
    cols: usize,
    blank: usize,
    goal_cells: Vec<u8>,
    /// Whether the table is stored at 4 bits per entry.
    pub(super) compact: bool,
}

impl CacheKey {
    /// The key of the table of `tiles`, stored at 4 bits per entry when it is large or
    /// `compact` asks.
    pub(super) fn new(domain: &TileDomain, tiles: &[u8], compact: bool) -> CacheKey {
        CacheKey {
            rows: domain.rows(),
            cols: domain.cols(),
            blank: domain.goal_cell(0),
            goal_cells: tiles
                .iter()
                .map(|&t| domain.goal_cell(t as usize) as u8)
                .collect(),
            compact: compact || is_compact(domain.cells(), tiles.len()),
        }
    }

    /// The number of the table's tiles.
    pub(super) fn tiles(&self) -> usize {
        self.goal_cells.len()
    }

    /// The bytes of the table in memory and in its file.
    pub(super) fn stored_len(&self) -> usize {
        let len = table_len(self.rows * self.cols, self.goal_cells.len());
        if self.compact {
            len.div_ceil(2) as usize
        } else {
            len as usize
        }
    }

    pub(super) fn file_name(&self) -> String {
        let cells: Vec<String> = self.goal_cells.iter().map(u8::to_string).collect();
        format!(
            "tiles-pdb{}-v{FORMAT_VERSION}-{}x{}-b{}-{}.bin",
            if self.compact { "4" } else { "" },
            self.rows,
            self.cols,
            self.blank,
            cells.join(".")
        )
    }

    /// Whether `path` is a regular file of this table's size (its contents are checked when
    /// it is read).
    pub(super) fn cached_file_fits(&self, path: &Path) -> bool {
        let len = self.stored_len();
        let expected = (self.header(len, 0).len() + len) as u64;
        fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() == expected)
    }

    pub(super) fn header(&self, len: usize, checksum: u64) -> Vec<u8> {
        let mut h = Vec::with_capacity(64);
        h.extend_from_slice(if self.compact { COMPACT_MAGIC } else { MAGIC });
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
pub(super) fn checksum(data: &[u8]) -> u64 {
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

pub(super) enum CacheMiss {
    Absent,
    Invalid(String),
}

/// The cache directory, when it can be used: it may be missing (it is created on the first
/// write) but not something else. Stale temporary files in it are removed.
///
/// # Errors
/// Why the cache cannot be used, for the user's notes.
pub(super) fn usable_cache_dir(dir: &Path) -> Result<&Path, String> {
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

pub(super) fn read_table(path: &Path, key: &CacheKey) -> Result<Vec<u8>, CacheMiss> {
    let invalid = |why: &str| CacheMiss::Invalid(format!("{}: {why}", path.display()));
    // Only a regular file of exactly the expected size is read: a FIFO, a device or a huge
    // file is refused before reading.
    let (file, size) = match open_regular(path) {
        Ok(opened) => opened,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Err(CacheMiss::Absent),
        Err(e) => return Err(invalid(&e.to_string())),
    };
    let len = key.stored_len();
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
pub(super) fn write_table(path: &Path, key: &CacheKey, table: &[u8]) -> io::Result<()> {
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
