//! `blockslide solve --trace FILE.jsonl`: every step of the search as JSON lines.

/// Runs `blockslide solve PUZZLE ARGS --trace TRACE`.
fn solve_traced(
    puzzle: &std::path::Path,
    args: &[&str],
    trace: &std::path::Path,
) -> std::process::Output {
    crate::cli_support::command()
        .arg("solve")
        .arg(puzzle)
        .args(args)
        .arg("--trace")
        .arg(trace)
        .output()
        .expect("the binary runs")
}

/// The events of the BFS trace at `path`, of `puzzle`'s search that printed `report`, checked
/// to start with the one line that names the search, so the file is all a reader needs.
fn bfs_events(
    path: &std::path::Path,
    puzzle: &std::path::Path,
    report: &serde_json::Value,
) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(path).unwrap();
    let events: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let search = &events[0];
    assert_eq!(search["event"], "search");
    assert_eq!(search["algorithm"], "bfs");
    assert_eq!(search["metric"], report["metric"]);
    assert!(search.get("heuristic").is_none(), "{search}");
    let written = std::fs::read_to_string(puzzle).unwrap();
    assert_eq!(
        blockslide_core::model::file::parse(search["puzzle"].as_str().unwrap()).unwrap(),
        blockslide_core::model::file::parse(&written).unwrap()
    );
    assert_eq!(events.iter().filter(|e| e["event"] == "search").count(), 1);
    events
}

#[test]
fn trace_lists_every_expansion_of_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bfs.jsonl");
    let puzzle = crate::fixtures::saved("two-by-three.ron");
    let out = solve_traced(&puzzle, &["--algorithm", "bfs", "--json"], &path);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let events = bfs_events(&path, &puzzle, &report);
    let count = |kind: &str| events.iter().filter(|e| e["event"] == kind).count() as u64;
    assert_eq!(count("expanded"), report["expanded"].as_u64().unwrap());
    assert_eq!(count("generated"), report["generated"].as_u64().unwrap());
    assert_eq!(count("goal"), 1);
    let goal = events.iter().find(|e| e["event"] == "goal").unwrap();
    assert_eq!(goal["board"], serde_json::json!(["1 2 3", "4 5 ."]));
}

/// The JSON report of a run whose trace could not be written: the report is printed all the
/// same (with what became of the trace), standard error says why, and the exit code is 1.
fn report_despite_the_trace(out: &std::process::Output) -> serde_json::Value {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("the trace was not written"), "{stderr}");
    let report: serde_json::Value =
        serde_json::from_slice(&out.stdout).expect("the report is printed");
    assert_eq!(report["status"], "solved");
    assert_eq!(report["trace"]["written"], false);
    assert!(report["trace"]["error"].is_string(), "{report}");
    report
}

#[test]
fn a_trace_that_cannot_be_written_still_prints_the_report() {
    let puzzle = crate::fixtures::saved("two-by-three.ron");
    let out = solve_traced(
        &puzzle,
        &["--json"],
        std::path::Path::new("/nonexistent-dir/t.jsonl"),
    );
    let report = report_despite_the_trace(&out);
    assert_eq!(report["length"], 8);
    assert_eq!(report["trace"]["file"], "/nonexistent-dir/t.jsonl");

    // A trace that is written says so.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.jsonl");
    let out = solve_traced(&puzzle, &["--json"], &path);
    assert!(out.status.success());
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let lines = std::fs::read_to_string(&path).unwrap().lines().count();
    assert_eq!(report["trace"]["written"], true);
    assert_eq!(report["trace"]["error"], serde_json::Value::Null);
    // One line an event, after the line naming the search.
    assert_eq!(report["trace"]["events"], lines - 1);
}

#[test]
fn a_trace_under_a_regular_file_or_onto_a_folder_fails_alone() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("not-a-folder");
    std::fs::write(&file, "kept\n").unwrap();
    let puzzle = crate::fixtures::saved("two-by-three.ron");
    for target in [file.join("t.jsonl"), dir.path().to_path_buf()] {
        let out = solve_traced(&puzzle, &["--json"], &target);
        report_despite_the_trace(&out);
    }
    // The text summary too.
    let out = solve_traced(&puzzle, &[], &file.join("t.jsonl"));
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("solved in 8 moves"));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "kept\n");
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(names.len(), 1, "nothing is left behind: {names:?}");
}

/// A write that fails midway (here: past the file-size limit, as on a full disk) leaves the
/// previous trace as it was and no temporary file.
#[cfg(unix)]
#[test]
fn a_trace_that_fails_midway_leaves_the_previous_one() {
    use std::os::unix::process::CommandExt as _;

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.jsonl");
    std::fs::write(&path, "the previous trace\n").unwrap();
    let mut command = crate::cli_support::command();
    command
        .arg("solve")
        .arg(crate::fixtures::saved("two-by-three.ron"))
        .args(["--algorithm", "bfs", "--json", "--trace"])
        .arg(&path);
    // SAFETY: between fork and exec the child only calls setrlimit and signal, which are
    // async-signal-safe. Ignoring SIGXFSZ (kept across exec) turns a write past the limit
    // into an error (EFBIG) instead of killing the process; standard output is a pipe, which
    // the limit does not apply to.
    unsafe {
        command.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: 1024,
                rlim_max: 1024,
            };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &raw const limit) != 0
                || libc::signal(libc::SIGXFSZ, libc::SIG_IGN) == libc::SIG_ERR
            {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let out = command.output().expect("the binary runs");
    report_despite_the_trace(&out);
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "the previous trace\n"
    );
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(names.len(), 1, "no temporary file is left: {names:?}");
}

/// A search too big for the trace stops after its last expansion that fits, with a status of
/// its own, and its statistics are those of the trace.
#[test]
fn a_trace_that_fills_up_stops_there_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bfs.jsonl");
    let puzzle = crate::fixtures::saved("eight-24.ron");
    let out = solve_traced(&puzzle, &["--algorithm", "bfs", "--json"], &path);
    assert_eq!(
        out.status.code(),
        Some(3),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["status"], "trace-limit");
    let events = bfs_events(&path, &puzzle, &report);
    let count = |kind: &str| events.iter().filter(|e| e["event"] == kind).count() as u64;
    assert!(events.len() <= 20_001, "{} lines", events.len());
    assert_eq!(report["trace"]["events"], events.len() - 1);
    assert_eq!(count("expanded"), report["expanded"].as_u64().unwrap());
    assert_eq!(count("generated"), report["generated"].as_u64().unwrap());
    let duplicates = events.iter().filter(|e| e["fate"] == "duplicate").count() as u64;
    assert_eq!(duplicates, report["duplicates"].as_u64().unwrap());
    let notes = report["notes"].to_string();
    assert!(notes.contains("at most 20000 events"), "{notes}");
    assert!(!notes.contains("cancelled"), "{notes}");

    let out = solve_traced(&puzzle, &["--algorithm", "bfs"], &path);
    let summary = String::from_utf8_lossy(&out.stdout);
    assert!(
        summary.contains("Status:      stopped: the trace is full"),
        "{summary}"
    );
}
