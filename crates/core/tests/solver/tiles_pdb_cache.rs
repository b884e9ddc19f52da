//! The pattern database cache: tables are written once and loaded afterwards; a corrupt,
//! truncated, foreign or non-regular file is detected and rebuilt, never trusted (nor read
//! whole); temporary files are created safely and cleaned up; a build can be cancelled, and
//! honours a deadline and a memory budget.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant, SystemTime};

use blockslide_core::model::tiles::{TileLayout, blank_first_goal};
use blockslide_core::solve::core::Domain;
use blockslide_core::solve::tiles::{BuildBudget, PatternDatabases, PdbError, TileDomain};

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

type Loaded = (PatternDatabases, blockslide_core::solve::tiles::BuildReport);

fn load(dir: &Path) -> Loaded {
    let partition: Vec<Vec<u8>> = PARTITION.iter().map(|p| p.to_vec()).collect();
    PatternDatabases::load_or_build(&domain(), &partition, Some(dir), &AtomicBool::new(false))
        .unwrap()
}

/// [`load`] with the tables stored at 4 bits per entry (as the largest tables are).
fn load_compact(dir: &Path) -> Loaded {
    let partition: Vec<Vec<u8>> = PARTITION.iter().map(|p| p.to_vec()).collect();
    PatternDatabases::load_or_build_compact(
        &domain(),
        &partition,
        Some(dir),
        &AtomicBool::new(false),
    )
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
    damaged_files_are_rebuilt(load);
}

#[test]
fn compact_tables_are_cached_apart_and_damaged_ones_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    let (bytes, _) = load(dir.path());
    let (compact, report) = load_compact(dir.path());
    assert_eq!((report.built, report.loaded), (2, 0));
    assert_eq!(sample(&bytes), sample(&compact));
    assert!(compact.bytes() * 2 <= bytes.bytes() + 2);
    let names = files(dir.path());
    assert_eq!(names.len(), 4);
    let compact_files = names
        .iter()
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.starts_with("tiles-pdb4-v1-3x3-b0-")
        })
        .count();
    assert_eq!(compact_files, 2, "{names:?}");
    // each kind loads its own files
    let (_, report) = load_compact(dir.path());
    assert_eq!((report.built, report.loaded), (0, 2));
    let (_, report) = load(dir.path());
    assert_eq!((report.built, report.loaded), (0, 2));
    damaged_files_are_rebuilt(load_compact);
}

/// Damages one of the two cache files `load` writes, in several ways, and checks each time
/// that it is rejected, rebuilt to the same values and written back.
fn damaged_files_are_rebuilt(load: fn(&Path) -> Loaded) {
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
    let err = PatternDatabases::load_or_build(&domain(), &partition, Some(dir.path()), &cancel)
        .unwrap_err();
    assert_eq!(err, PdbError::Cancelled);
    assert!(files(dir.path()).is_empty());
}

#[test]
fn an_unwritable_cache_still_gives_working_tables() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("not-a-directory");
    fs::write(&blocker, b"x").unwrap();
    let (p, report) = load(&blocker);
    assert_eq!(report.built, 2);
    // A cache "directory" that is a file is unavailable: not a table that failed to verify.
    let why = report
        .cache_unavailable
        .expect("the cache is reported unavailable");
    assert!(why.contains("not a directory"), "{why}");
    assert!(report.rejected.is_empty(), "{:?}", report.rejected);
    assert_eq!(p.estimate(&domain().start()), 0);
}

/// Loads in a thread and fails the test if that takes longer than `limit`.
fn load_within(dir: &Path, limit: Duration) -> blockslide_core::solve::tiles::BuildReport {
    let (send, receive) = std::sync::mpsc::channel();
    let dir = dir.to_path_buf();
    std::thread::spawn(move || {
        let _ = send.send(load(&dir).1);
    });
    receive
        .recv_timeout(limit)
        .expect("loading does not hang or read a huge file")
}

#[test]
fn oversized_and_non_regular_cache_files_are_refused_unread() {
    let dir = tempfile::tempdir().unwrap();
    load(dir.path());
    let victim = files(dir.path())[1].clone();
    // A sparse 3 GB file: refused for its size before a byte is read.
    fs::remove_file(&victim).unwrap();
    fs::File::create(&victim).unwrap().set_len(3 << 30).unwrap();
    let started = Instant::now();
    let report = load_within(dir.path(), Duration::from_secs(30));
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!((report.built, report.loaded), (1, 1));
    assert!(
        report.rejected[0].contains("wrong size"),
        "{:?}",
        report.rejected
    );
    #[cfg(unix)]
    {
        // A symlink to an endless device, and a FIFO that no one writes.
        fs::remove_file(&victim).unwrap();
        std::os::unix::fs::symlink("/dev/zero", &victim).unwrap();
        let report = load_within(dir.path(), Duration::from_secs(30));
        assert_eq!((report.built, report.loaded), (1, 1));
        assert!(
            report.rejected[0].contains("not a regular file"),
            "{:?}",
            report.rejected
        );
        fs::remove_file(&victim).unwrap();
        let c_path = std::ffi::CString::new(victim.to_str().unwrap()).unwrap();
        // SAFETY: `c_path` is a NUL-terminated path that outlives the call.
        assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0);
        let report = load_within(dir.path(), Duration::from_secs(30));
        assert_eq!((report.built, report.loaded), (1, 1));
        assert!(
            report.rejected[0].contains("not a regular file"),
            "{:?}",
            report.rejected
        );
        // the rebuilt table replaced the FIFO and verifies
        let (_, again) = load(dir.path());
        assert_eq!((again.built, again.loaded), (0, 2));
    }
}

#[cfg(unix)]
#[test]
fn temporary_files_follow_no_planted_symlink() {
    let dir = tempfile::tempdir().unwrap();
    let outside = tempfile::tempdir().unwrap();
    let target = outside.path().join("precious");
    fs::write(&target, b"keep me").unwrap();
    // Plant symlinks under every name a predictable scheme could use for the two tables:
    // the table's own name with a `.tmp<pid>` extension.
    let probe = tempfile::tempdir().unwrap();
    load(probe.path());
    for table in files(probe.path()) {
        let name = table.file_name().unwrap().to_string_lossy().to_string();
        let planted = dir
            .path()
            .join(Path::new(&name).with_extension(format!("tmp{}", std::process::id())));
        std::os::unix::fs::symlink(&target, planted).unwrap();
    }
    let (_, report) = load(dir.path());
    assert_eq!(report.built, 2);
    assert_eq!(fs::read(&target).unwrap(), b"keep me");
    let (_, again) = load(dir.path());
    assert_eq!(again.loaded, 2);
}

#[test]
fn stale_temporary_files_are_removed_and_fresh_ones_kept() {
    let dir = tempfile::tempdir().unwrap();
    let stale = dir.path().join(".tiles-pdb-tmp-abandoned");
    let fresh = dir.path().join(".tiles-pdb-tmp-in-progress");
    let other = dir.path().join("notes.txt");
    for path in [&stale, &fresh, &other] {
        fs::write(path, b"partial").unwrap();
    }
    let two_hours_ago = SystemTime::now() - Duration::from_hours(2);
    for path in [&stale, &other] {
        fs::File::options()
            .write(true)
            .open(path)
            .unwrap()
            .set_modified(two_hours_ago)
            .unwrap();
    }
    load(dir.path());
    assert!(!stale.exists(), "an abandoned temporary file is removed");
    assert!(
        fresh.exists(),
        "another process's temporary file is left alone"
    );
    assert!(
        other.exists(),
        "files that are not the cache's are left alone"
    );
}

fn partition() -> Vec<Vec<u8>> {
    PARTITION.iter().map(|p| p.to_vec()).collect()
}

#[test]
fn a_memory_budget_too_small_is_refused_up_front_with_the_estimate() {
    let dir = tempfile::tempdir().unwrap();
    let cancel = AtomicBool::new(false);
    let budget = BuildBudget {
        max_memory_bytes: 10_000,
        ..BuildBudget::unlimited(&cancel)
    };
    let err = PatternDatabases::load_or_build(&domain(), &partition(), Some(dir.path()), budget)
        .unwrap_err();
    let PdbError::MemoryLimit { needed, limit } = err else {
        panic!("not a memory limit: {err:?}");
    };
    // two tables of 9*8*7*6 entries, at least
    assert!(needed >= 2 * 3024, "{needed}");
    assert_eq!(limit, 10_000);
    assert!(err.to_string().contains("memory limit of 9.8 KiB"), "{err}");
    assert!(files(dir.path()).is_empty());
    // Room for the tables but not for building them: refused while nothing is cached, and
    // loaded once the tables are (a build needs a bitmap as large as its table here).
    let tables = 2 * 3024;
    let tight = BuildBudget {
        max_memory_bytes: tables + 1000,
        ..BuildBudget::unlimited(&cancel)
    };
    let err = PatternDatabases::load_or_build(&domain(), &partition(), Some(dir.path()), tight)
        .unwrap_err();
    assert!(matches!(err, PdbError::MemoryLimit { .. }), "{err:?}");
    let roomy = BuildBudget {
        max_memory_bytes: 64 << 20,
        ..BuildBudget::unlimited(&cancel)
    };
    PatternDatabases::load_or_build(&domain(), &partition(), Some(dir.path()), roomy).unwrap();
    let (_, report) =
        PatternDatabases::load_or_build(&domain(), &partition(), Some(dir.path()), tight).unwrap();
    assert_eq!(report.loaded, 2);
}

#[test]
fn a_passed_deadline_stops_the_build_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let cancel = AtomicBool::new(false);
    let budget = BuildBudget {
        deadline: Some(Instant::now()),
        ..BuildBudget::unlimited(&cancel)
    };
    let err = PatternDatabases::load_or_build(&domain(), &partition(), Some(dir.path()), budget)
        .unwrap_err();
    assert_eq!(err, PdbError::TimeLimit);
    assert!(files(dir.path()).is_empty());
}

#[test]
fn a_build_reports_its_progress_level_by_level_up_to_the_whole() {
    let dir = tempfile::tempdir().unwrap();
    let cancel = AtomicBool::new(false);
    let seen = std::sync::Mutex::new(Vec::new());
    let progress = |done: f64| seen.lock().unwrap().push(done);
    let budget = BuildBudget {
        progress: Some(&progress),
        ..BuildBudget::unlimited(&cancel)
    };
    PatternDatabases::load_or_build(&domain(), &partition(), Some(dir.path()), budget).unwrap();
    let seen = seen.into_inner().unwrap();
    assert!(seen.len() > 4, "one report per level: {seen:?}");
    assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
    assert!(seen[0] < 0.5, "{seen:?}");
    assert!((seen[seen.len() - 1] - 1.0).abs() < 1e-9, "{seen:?}");
}
