//! The walks on sorted layers within their memory limit on any number of threads: the bytes
//! they count cover every thread's buffers, so that the figures, and the memory the process
//! holds in fact, do not depend on the threads.

use crate::fixtures::bundled;

use blockslide_core::model::Metric;
use blockslide_core::solve::analysis::Analysis;
use blockslide_core::solve::blocks::{self, BlockDomain, BlockMove, BlockState};
use blockslide_core::solve::core::{Limits, SearchControl, Termination};

/// The analysis of blocks-big in the move metric (860,145 positions, 62,189 of them goals)
/// within `limit` bytes on `threads` threads: its distance map outgrows the hash tables'
/// share, so it runs on sorted layers, and its walk back starts from every goal position at
/// once, a first layer of 972 blocks, which 64 threads could take in one batch.
fn analyze(threads: usize, limit: u64) -> Analysis<BlockState, BlockMove> {
    let domain = BlockDomain::new(&bundled("blocks-big.ron"), Metric::Move).unwrap();
    let limits = Limits {
        max_memory_bytes: limit,
        ..Limits::default()
    };
    blocks::analyze(
        &domain,
        &mut SearchControl::new(limits).with_threads(threads),
    )
}

/// The analysis finishes within a limit of 16 MiB on one thread and on 64, with the same
/// figures: the batches shrink to what the limit leaves, every thread's buffers counted. (The
/// first batch of the walk back on 64 threads once took the whole layer, planned on a guess of
/// 8 successors a state, and the walk stopped at the limit.)
#[test]
fn the_sorted_analysis_fits_its_memory_limit_alike_on_any_number_of_threads() {
    const LIMIT: u64 = 16 << 20;
    let one = analyze(1, LIMIT);
    assert_eq!(one.status, Termination::Solved, "{:?}", one.notes);
    assert_eq!(one.component, 860_145);
    assert!(one.solutions.is_some());
    assert!(one.stats.peak_memory_bytes <= LIMIT);
    let many = analyze(64, LIMIT);
    assert_eq!(many.status, one.status, "{:?}", many.notes);
    assert_eq!(many.histogram, one.histogram);
    assert_eq!(many.solutions, one.solutions);
    assert_eq!(many.path, one.path);
    let counts = |a: &Analysis<_, _>| {
        let s = a.stats;
        [s.expanded, s.generated, s.duplicates, s.goal_tests]
    };
    assert_eq!(counts(&many), counts(&one));
    assert!(
        many.stats.peak_memory_bytes <= LIMIT,
        "{} bytes counted",
        many.stats.peak_memory_bytes
    );
}

/// Tells the test below that it runs as its own child process, on this many threads.
#[cfg(target_os = "linux")]
const CHILD: &str = "BLOCKSLIDE_TEST_RESIDENT_THREADS";

/// A field of `/proc/self/status` in bytes (`VmRSS`, resident now; `VmHWM`, at the most).
#[cfg(target_os = "linux")]
fn resident(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status
        .lines()
        .find_map(|line| line.strip_prefix(field)?.strip_prefix(':'))
        .unwrap_or_else(|| panic!("/proc/self/status has {field}"));
    let kib: u64 = line.trim().trim_end_matches("kB").trim().parse().unwrap();
    kib << 10
}

/// On 16 threads the analysis holds no more memory than its limit of 24 MiB, everything the
/// process maps for it included (code, thread stacks), measured in a process of its own (this
/// test binary, running this test alone). The threads once allocated their buffers themselves,
/// from memory the allocator keeps for each thread once freed: 25 to 30 MiB resident on 16
/// threads, 21 MiB on one (12 to 16 MiB now).
#[cfg(target_os = "linux")]
#[test]
fn resident_memory_stays_within_the_limit_on_sixteen_threads() {
    const LIMIT: u64 = 24 << 20;
    if let Ok(threads) = std::env::var(CHILD) {
        let before = resident("VmRSS");
        let got = analyze(threads.parse().unwrap(), LIMIT);
        assert_eq!(got.status, Termination::Solved, "{:?}", got.notes);
        let held = resident("VmHWM").saturating_sub(before);
        assert!(
            held <= LIMIT,
            "{held} bytes resident for a limit of {LIMIT} on {threads} threads"
        );
        return;
    }
    let name = module_path!()
        .split_once("::")
        .map_or("", |(_, module)| module)
        .to_owned()
        + "::resident_memory_stays_within_the_limit_on_sixteen_threads";
    let child = std::process::Command::new(std::env::current_exe().unwrap())
        .args([name.as_str(), "--exact", "--test-threads=1", "--nocapture"])
        .env(CHILD, "16")
        .output()
        .unwrap();
    assert!(
        child.status.success(),
        "{}{}",
        String::from_utf8_lossy(&child.stdout),
        String::from_utf8_lossy(&child.stderr)
    );
    assert!(
        String::from_utf8_lossy(&child.stdout).contains("1 passed"),
        "the child ran the test"
    );
}
