//! What building a set of pattern databases will take, told before the build starts: the
//! tables not yet cached, their entries, size, the memory of the build and a rough CPU time
//! (a [`BuildEstimate`], which every floor may read).

use std::path::Path;
use std::time::Duration;

use crate::solve::estimate::BuildEstimate;

use super::build::{table_len, visited_bytes};
use super::cache::CacheKey;
use super::scan::scan_build_bytes;
use super::{PatternDatabases, TileDomain};

/// CPU time per table entry, as measured on a loaded 2-core desktop (Korf and Felner's 7-8
/// for the 4x4 took 287 s of CPU for 577 million entries, their 6-6-6-6 for the 5x5 279 s
/// for 510 million; the small byte tables build a little faster per entry).
const CPU_PER_ENTRY: Duration = Duration::from_nanos(550);

impl PatternDatabases {
    /// What building `partition`'s tables for `domain` will take, with the cache in `cache`
    /// (`None`: nothing is cached); `None` when every table is cached already (a cached file
    /// of the right size counts: its contents are checked when it loads, and rebuilt if they
    /// do not verify).
    pub fn build_estimate(
        domain: &TileDomain,
        partition: &[Vec<u8>],
        cache: Option<&Path>,
    ) -> Option<BuildEstimate> {
        let n = domain.cells();
        let keys: Vec<CacheKey> = partition
            .iter()
            .map(|tiles| CacheKey::new(domain, tiles, false))
            .collect();
        let missing: Vec<&CacheKey> = keys
            .iter()
            .filter(|key| {
                !cache.is_some_and(|dir| key.cached_file_fits(&dir.join(key.file_name())))
            })
            .collect();
        if missing.is_empty() {
            return None;
        }
        let entries: u64 = missing.iter().map(|key| table_len(n, key.tiles())).sum();
        let working = missing
            .iter()
            .map(|key| {
                let len = table_len(n, key.tiles());
                if key.compact {
                    scan_build_bytes(n, len) - key.stored_len() as u64
                } else {
                    visited_bytes(n, len)
                }
            })
            .max()
            .unwrap_or(0);
        let all_tables: u64 = keys.iter().map(|key| key.stored_len() as u64).sum();
        Some(BuildEstimate {
            tables: missing.len(),
            entries,
            cpu: CPU_PER_ENTRY.mul_f64(entries as f64),
            stored_bytes: missing.iter().map(|key| key.stored_len() as u64).sum(),
            peak_bytes: all_tables + working,
        })
    }
}

#[cfg(test)]
mod tests {
    use std::fs::File;

    use super::*;
    use crate::model::tiles::TileLayout;
    use crate::solve::tiles::heuristics;

    /// The 15-puzzle with Korf's goal, the blank first.
    fn korf_layout() -> TileLayout {
        let goal: Vec<u16> = (0..16).collect();
        TileLayout {
            rows: 4,
            cols: 4,
            start: goal.clone(),
            goal,
            tokens: Vec::new(),
        }
    }

    /// Puts a file of the right name and size for each table of `partition` in `dir`, as a
    /// finished build leaves them (sparse: what is checked before loading is the size).
    fn fake_cache(domain: &TileDomain, partition: &[Vec<u8>], dir: &Path) {
        for tiles in partition {
            let key = CacheKey::new(domain, tiles, false);
            let len = key.stored_len();
            let file = File::create(dir.join(key.file_name())).unwrap();
            file.set_len((key.header(len, 0).len() + len) as u64)
                .unwrap();
        }
    }

    #[test]
    fn the_first_build_of_the_7_8_tables_is_told_before_it_starts() {
        let domain = TileDomain::new(&korf_layout()).unwrap();
        let partition = PatternDatabases::strongest_partition(&domain);
        let empty = tempfile::tempdir().unwrap();
        let estimate =
            PatternDatabases::build_estimate(&domain, &partition, Some(empty.path())).unwrap();
        assert_eq!(estimate.tables, 2);
        // 16·15·…·10 entries for the 7 tiles, 16·15·…·9 for the 8.
        assert_eq!(estimate.entries, 57_657_600 + 518_918_400);
        assert_eq!(estimate.stored_bytes, 57_657_600 + 518_918_400 / 2);
        assert!(estimate.peak_bytes > estimate.stored_bytes);
        let minutes = estimate.cpu.as_secs_f64() / 60.0;
        assert!((3.0..10.0).contains(&minutes), "{minutes} min");
        let line = estimate.describe();
        assert!(line.starts_with("first build of 2 tables (576.6 million entries): roughly "));
        assert!(line.contains(" of CPU, 302.4 MiB cached, "), "{line}");
        assert_eq!(
            PatternDatabases::build_estimate(&domain, &partition, None),
            Some(estimate),
            "without a cache everything is built"
        );
    }

    #[test]
    fn the_strongest_tables_become_the_default_once_cached() {
        let layout = korf_layout();
        let domain = TileDomain::new(&layout).unwrap();
        let partition = PatternDatabases::strongest_partition(&domain);
        let dir = tempfile::tempdir().unwrap();
        let before = heuristics(&layout, Some(dir.path()));
        assert_eq!(before[0].name, "pdb");
        let strong = before.iter().find(|h| h.name == "pdb-strong").unwrap();
        assert!(
            strong
                .description
                .contains("not built here yet: first build of 2 tables"),
            "{}",
            strong.description
        );
        fake_cache(&domain, &partition, dir.path());
        assert!(PatternDatabases::build_estimate(&domain, &partition, Some(dir.path())).is_none());
        let after = heuristics(&layout, Some(dir.path()));
        assert_eq!(after[0].name, "pdb-strong");
        assert!(after[0].description.contains("cached here"));
        assert_eq!(after.len(), before.len());
        // A table of the wrong size is no cache: it would be rebuilt.
        let key = CacheKey::new(&domain, &partition[1], false);
        File::options()
            .write(true)
            .open(dir.path().join(key.file_name()))
            .unwrap()
            .set_len(1000)
            .unwrap();
        let estimate =
            PatternDatabases::build_estimate(&domain, &partition, Some(dir.path())).unwrap();
        assert_eq!(estimate.tables, 1);
        assert_eq!(heuristics(&layout, Some(dir.path()))[0].name, "pdb");
    }

    #[test]
    fn boards_without_stronger_tables_keep_their_order() {
        let goal: Vec<u16> = (0..9).collect();
        let layout = TileLayout {
            rows: 3,
            cols: 3,
            start: goal.clone(),
            goal,
            tokens: Vec::new(),
        };
        let infos = heuristics(&layout, None);
        assert_eq!(infos[0].name, "pdb");
        let strong = infos.iter().find(|h| h.name == "pdb-strong").unwrap();
        assert!(!strong.description.contains("not built here yet"));
        // nor two partitions for `pdb-max`, which the 4x4 has
        let max = |infos: &[crate::solve::core::HeuristicInfo]| {
            infos
                .iter()
                .find(|h| h.name == "pdb-max")
                .unwrap()
                .applicable
                .clone()
        };
        assert!(max(&infos).is_err());
        assert_eq!(max(&heuristics(&korf_layout(), None)), Ok(()));
    }
}
