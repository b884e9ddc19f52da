//! Limits on the command line hold in every phase: pattern database builds, thread counts,
//! searches that exhaust their space, and Ctrl-C.

use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A command for the binary with the pattern database cache in `cache`.
fn command(args: &[&str], cache: &Path) -> Command {
    let mut command = crate::cli_support::command();
    command
        .args(args)
        .env("BLOCKSLIDE_CACHE_DIR", cache)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// Waits for `child`, killing it and failing the test after `limit`.
fn wait_within(mut child: Child, limit: Duration, what: &str) -> Output {
    let started = Instant::now();
    while child.try_wait().expect("the child can be polled").is_none() {
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what} ran longer than {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("the output is collected")
}

fn run_within(args: &[&str], cache: &Path, limit: Duration) -> Output {
    let child = command(args, cache).spawn().expect("the binary runs");
    wait_within(child, limit, &format!("`blockslide {}`", args.join(" ")))
}

fn json(out: &Output) -> serde_json::Value {
    let text = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(&text).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {text}\n{}",
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// A 15-puzzle instance 40 random moves from the goal.
const FIFTEEN: &str = "1 13 2 7 5 0 12 3 8 10 4 15 14 6 9 11";

#[test]
fn a_pattern_database_build_honours_the_memory_and_time_limits() {
    let cache = tempfile::tempdir().unwrap();
    let base = [
        "solve",
        "--tiles",
        FIFTEEN,
        "--heuristic",
        "pdb-large",
        "-a",
        "idastar",
        "--json",
    ];
    // The 7-6-2 tables need far more than 50 MB: refused before building, with the estimate.
    let mut args = base.to_vec();
    args.extend(["--time-limit", "2", "--max-memory", "50"]);
    let started = Instant::now();
    let out = run_within(&args, cache.path(), Duration::from_secs(20));
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!(out.status.code(), Some(3));
    let v = json(&out);
    assert_eq!(v["status"], "memory-limit");
    let notes = v["notes"].to_string();
    assert!(notes.contains("needs about"), "{notes}");
    assert!(notes.contains("memory limit of 50.0 MiB"), "{notes}");
    // With room in memory, the 2 s time limit stops the build (which takes far longer).
    let mut args = base.to_vec();
    args.extend(["--time-limit", "2", "--max-memory", "4000"]);
    let started = Instant::now();
    let out = run_within(&args, cache.path(), Duration::from_secs(30));
    assert!(
        started.elapsed() < Duration::from_secs(8),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(json(&out)["status"], "time-limit");
    // A stopped build leaves nothing in the cache.
    assert_eq!(std::fs::read_dir(cache.path()).unwrap().count(), 0);
}

/// Writes the 15-puzzle (a space of 10^13 states: no count finishes it) to `dir`.
fn fifteen_file(dir: &Path) -> std::path::PathBuf {
    let cells: Vec<u32> = FIFTEEN
        .split(' ')
        .map(|t| t.parse().expect("a tile number"))
        .collect();
    let puzzle = blockslide_core::model::Puzzle::tiles(4, 4, &cells, None).unwrap();
    let path = dir.join("fifteen.ron");
    blockslide_core::model::file::save(&path, &puzzle).unwrap();
    path
}

#[cfg(unix)]
fn interrupt(child: &Child) {
    let pid = libc::pid_t::try_from(child.id()).expect("a process id fits pid_t");
    // SAFETY: `kill` only sends a signal, to a child this test started and has not reaped.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGINT) }, 0);
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_count_with_its_partial_report() {
    let dir = tempfile::tempdir().unwrap();
    let file = fifteen_file(dir.path());
    let args = [
        "count",
        file.to_str().unwrap(),
        "--time-limit",
        "120",
        // Room for several seconds of walking (the optimised walk fills 1,000 MiB in about a
        // second), so the interrupt comes first.
        "--max-memory",
        "4000",
    ];
    let child = command(&args, dir.path()).spawn().expect("the binary runs");
    std::thread::sleep(Duration::from_millis(500));
    interrupt(&child);
    let out = wait_within(child, Duration::from_secs(20), "an interrupted count");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{stdout}");
    assert!(stdout.contains("stopped early (cancelled)"), "{stdout}");
    assert!(stdout.contains("states per depth:"), "{stdout}");
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_solve_and_a_batch_with_their_partial_reports() {
    let dir = tempfile::tempdir().unwrap();
    let file = fifteen_file(dir.path());
    // Breadth-first search on the 15-puzzle runs far longer than the test waits.
    let args = [
        "solve",
        file.to_str().unwrap(),
        "-a",
        "bfs",
        "--time-limit",
        "120",
        "--max-memory",
        "1000",
        "--json",
    ];
    let child = command(&args, dir.path()).spawn().expect("the binary runs");
    std::thread::sleep(Duration::from_millis(1500));
    interrupt(&child);
    let out = wait_within(child, Duration::from_secs(20), "an interrupted solve");
    assert_eq!(out.status.code(), Some(3));
    let v = json(&out);
    assert_eq!(v["status"], "cancelled");
    assert!(v["expanded"].as_u64().is_some_and(|n| n > 0), "{v}");
    // A batch: the instance in progress is reported cancelled, then the summary.
    let list = dir.path().join("list.txt");
    std::fs::write(&list, format!("{FIFTEEN}\n{FIFTEEN}\n")).unwrap();
    let args = [
        "batch",
        list.to_str().unwrap(),
        "-a",
        "iddfs",
        "--heuristic",
        "manhattan",
        "--time-limit",
        "120",
    ];
    let child = command(&args, dir.path()).spawn().expect("the binary runs");
    std::thread::sleep(Duration::from_millis(1500));
    interrupt(&child);
    let out = wait_within(child, Duration::from_secs(20), "an interrupted batch");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{stdout}");
    assert!(stdout.contains("cancelled"), "{stdout}");
    assert!(stdout.contains("solved 0/2"), "{stdout}");
}

#[cfg(unix)]
#[test]
fn a_second_ctrl_c_exits_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let file = fifteen_file(dir.path());
    let args = ["count", file.to_str().unwrap(), "--time-limit", "120"];
    let child = command(&args, dir.path()).spawn().expect("the binary runs");
    std::thread::sleep(Duration::from_millis(1500));
    interrupt(&child);
    interrupt(&child);
    let out = wait_within(child, Duration::from_secs(20), "a twice-interrupted count");
    assert_eq!(out.status.code(), Some(3));
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_family_without_output_and_says_how_to_keep_one() {
    let dir = tempfile::tempdir().unwrap();
    // The 6x6 family takes minutes; no cluster needs 99 moves, so nothing is listed and the
    // pipe never fills while the test waits.
    let args = [
        "family",
        "rushhour",
        "--size",
        "6x6",
        "--min-moves",
        "99",
        "-q",
    ];
    let child = command(&args, dir.path()).spawn().expect("the binary runs");
    std::thread::sleep(Duration::from_secs(1));
    interrupt(&child);
    let out = wait_within(child, Duration::from_secs(20), "an interrupted family");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(err.contains("stopped: cancelled"), "{err}");
    // --resume needs -o: the way to a resumable run is named instead.
    assert!(!err.contains("--resume"), "{err}");
    assert!(err.contains("run again with -o FILE"), "{err}");
}

#[cfg(unix)]
#[test]
fn ctrl_c_during_a_pattern_database_build_leaves_no_partial_file() {
    let cache = tempfile::tempdir().unwrap();
    let args = [
        "solve",
        "--tiles",
        FIFTEEN,
        "--heuristic",
        "pdb-large",
        "--time-limit",
        "120",
        "--json",
    ];
    let child = command(&args, cache.path())
        .spawn()
        .expect("the binary runs");
    std::thread::sleep(Duration::from_millis(1500));
    interrupt(&child);
    let out = wait_within(child, Duration::from_secs(20), "an interrupted build");
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(json(&out)["status"], "cancelled");
    assert_eq!(std::fs::read_dir(cache.path()).unwrap().count(), 0);
}

#[test]
fn idastar_proves_a_dead_end_block_puzzle_unsolvable() {
    // The 2x2 block cannot pass the one-cell gap in the wall.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("gap.ron");
    std::fs::write(
        &file,
        r#"(format: 1, board: [
            "A A . # . . .",
            "A A . . . . .",
            "B C . # . . .",
            "D E . # . . .",
        ], goal: (cells: [
            ". . . . . A A",
            ". . . . . A A",
            ". . . . . . .",
            ". . . . . . .",
        ]))"#,
    )
    .unwrap();
    for threads in ["1", "2"] {
        let args = [
            "solve",
            file.to_str().unwrap(),
            "-a",
            "idastar",
            "--threads",
            threads,
            "--time-limit",
            "20",
        ];
        let out = run_within(&args, dir.path(), Duration::from_secs(30));
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(2), "{stdout}");
        assert!(stdout.contains("unsolvable"), "{stdout}");
        assert!(!stdout.contains("1073741"), "{stdout}");
    }
}

#[test]
fn thread_counts_beyond_the_maximum_are_refused_and_the_maximum_is_documented() {
    let dir = tempfile::tempdir().unwrap();
    let max = blockslide_core::solve::algorithms::idastar::MAX_THREADS.to_string();
    let too_many = (blockslide_core::solve::algorithms::idastar::MAX_THREADS + 1).to_string();
    for command in ["solve", "batch"] {
        let help = run_within(&[command, "--help"], dir.path(), Duration::from_secs(10));
        let help = String::from_utf8_lossy(&help.stdout).into_owned();
        assert!(help.contains(&format!("at most {max}")), "{help}");
    }
    let out = run_within(
        &["solve", "--tiles", FIFTEEN, "--threads", &too_many],
        dir.path(),
        Duration::from_secs(10),
    );
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(&format!("0..={max}")), "{stderr}");
}

/// With address space for only a few 64 MB worker stacks (and one malloc arena, so threads
/// do not each reserve their own), the system refuses most of the threads asked for: the
/// search runs on those it got instead of panicking.
#[cfg(target_os = "linux")]
#[test]
fn a_refused_thread_means_fewer_threads_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let max = blockslide_core::solve::algorithms::idastar::MAX_THREADS.to_string();
    let child = Command::new("sh")
        .args([
            "-c",
            "ulimit -v 1000000 && exec \"$0\" \"$@\"",
            env!("CARGO_BIN_EXE_blockslide"),
            "solve",
            "--tiles",
            FIFTEEN,
            "-a",
            "idastar",
            "--heuristic",
            "manhattan",
            "--threads",
            &max,
            "--json",
        ])
        .env("MALLOC_ARENA_MAX", "1")
        .env("BLOCKSLIDE_CACHE_DIR", dir.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let out = wait_within(child, Duration::from_mins(1), "a solve short of threads");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out);
    assert_eq!(v["status"], "solved");
    assert_eq!(v["length"], 38);
}

#[test]
fn a_cache_path_that_is_a_file_means_tables_built_in_memory() {
    let dir = tempfile::tempdir().unwrap();
    let not_a_dir = dir.path().join("cache");
    std::fs::write(&not_a_dir, b"x").unwrap();
    let args = [
        "solve",
        "--tiles",
        "4 1 3 0 2 6 7 5 8",
        "--heuristic",
        "pdb",
        "--json",
    ];
    let out = run_within(&args, &not_a_dir, Duration::from_mins(1));
    assert_eq!(out.status.code(), Some(0));
    let notes = json(&out)["notes"].to_string();
    assert!(notes.contains("cache is unavailable"), "{notes}");
    assert!(notes.contains("built in memory"), "{notes}");
    assert!(!notes.contains("did not verify"), "{notes}");
}
