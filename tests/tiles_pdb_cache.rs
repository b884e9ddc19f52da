//! The pattern database cache: tables are written once and loaded afterwards; a corrupt,
//! truncated or foreign file is detected and rebuilt, never trusted; a build can be cancelled.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use blockslide::model::tiles::{TileLayout, blank_first_goal};
use blockslide::solve::core::Domain;
use blockslide::solve::tiles::{PatternDatabases, TileDomain};

fn domain() -> TileDomain {
    let goal = blank_first_goal(3, 3);
    TileDomain::new(&TileLayout {
        rows: 3,
        cols: 3,
        start: goal.clone(),
        goal,
        tokens: Vec::new(),
    })
    .unwrap()
}

const PARTITION: [&[u8]; 2] = [&[1, 2, 3, 4], &[5, 6, 7, 8]];

fn load(dir: &Path) -> (PatternDatabases, blockslide::solve::tiles::BuildReport) {
    let partition: Vec<Vec<u8>> = PARTITION.iter().map(|p| p.to_vec()).collect();
    PatternDatabases::load_or_build_in(&domain(), &partition, Some(dir), &AtomicBool::new(false))
        .unwrap()
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    v.sort();
    v
}

/// Estimates of every state reachable within a few moves, to compare table sets.
fn sample(p: &PatternDatabases) -> Vec<u32> {
    let d = domain();
    let mut states = vec![d.start()];
    let mut moves = Vec::new();
    for i in 0..2000 {
        let s = states[i].clone();
        moves.clear();
        d.moves(&s, &mut moves);
        for &m in &moves {
            states.push(d.apply(&s, m));
        }
    }
    states.iter().map(|s| p.estimate(s)).collect()
}

#[test]
fn tables_are_cached_and_loaded() {
    let dir = tempfile::tempdir().unwrap();
    let (built, report) = load(dir.path());
    assert_eq!((report.built, report.loaded), (2, 0));
    assert!(report.write_error.is_none());
    let names = files(dir.path());
    assert_eq!(names.len(), 2);
    let name = names[0].file_name().unwrap().to_string_lossy().to_string();
    assert!(name.starts_with("tiles-pdb-v1-3x3-b0-"), "{name}");
    let (loaded, report) = load(dir.path());
    assert_eq!((report.built, report.loaded), (0, 2));
    assert!(report.rejected.is_empty());
    assert_eq!(sample(&built), sample(&loaded));
}

/// A named way to damage a cache file.
type Damage = (&'static str, fn(&mut Vec<u8>));

#[test]
fn corrupt_truncated_and_foreign_files_are_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    let (good, _) = load(dir.path());
    let expected = sample(&good);
    let damages: [Damage; 5] = [
        ("flipped byte in the table", |b| {
            let i = b.len() - 10;
            b[i] ^= 0x01;
        }),
        ("truncated", |b| b.truncate(b.len() / 2)),
        ("extended", |b| b.extend_from_slice(&[0; 8])),
        ("empty", |b| b.clear()),
        ("bad magic", |b| b[0] = b'X'),
    ];
    for (what, damage) in damages {
        let victim = &files(dir.path())[1];
        let mut bytes = fs::read(victim).unwrap();
        damage(&mut bytes);
        fs::write(victim, &bytes).unwrap();
        let (rebuilt, report) = load(dir.path());
        assert_eq!((report.built, report.loaded), (1, 1), "{what}");
        assert_eq!(report.rejected.len(), 1, "{what}");
        assert_eq!(sample(&rebuilt), expected, "{what}");
        // the rebuilt file was written back and verifies again
        let (_, again) = load(dir.path());
        assert_eq!((again.built, again.loaded), (0, 2), "{what}");
    }
}

#[test]
fn a_raised_cancel_flag_stops_the_build() {
    let dir = tempfile::tempdir().unwrap();
    let partition: Vec<Vec<u8>> = PARTITION.iter().map(|p| p.to_vec()).collect();
    let cancel = AtomicBool::new(true);
    let err = PatternDatabases::load_or_build_in(&domain(), &partition, Some(dir.path()), &cancel)
        .unwrap_err();
    assert!(err.contains("cancelled"), "{err}");
    assert!(files(dir.path()).is_empty());
}

#[test]
fn an_unwritable_cache_still_gives_working_tables() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("not-a-directory");
    fs::write(&blocker, b"x").unwrap();
    let (p, report) = load(&blocker);
    assert_eq!(report.built, 2);
    assert!(report.write_error.is_some());
    assert_eq!(p.estimate(&domain().start()), 0);
}
