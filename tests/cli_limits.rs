//! Limits on the command line hold in every phase: pattern database builds, thread counts,
//! searches that exhaust their space, and Ctrl-C.

use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A command for the binary with the pattern database cache in `cache`.
fn command(args: &[&str], cache: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_blockslide"));
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
    assert!(notes.contains("memory limit of 50.0 MB"), "{notes}");
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
