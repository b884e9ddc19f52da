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
    let text = std::fs::read_to_string(&path).unwrap();
    let events: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let count = |kind: &str| events.iter().filter(|e| e["event"] == kind).count() as u64;
    assert_eq!(count("expanded"), report["expanded"].as_u64().unwrap());
    assert_eq!(count("generated"), report["generated"].as_u64().unwrap());
    assert_eq!(count("goal"), 1);
    let goal = events.iter().find(|e| e["event"] == "goal").unwrap();
    assert_eq!(goal["board"], serde_json::json!(["1 2 3", "4 5 ."]));
}

#[test]
fn a_trace_that_cannot_be_written_is_a_clear_error() {
    let puzzle = crate::fixtures::saved("two-by-three.ron");
    let out = solve_traced(
        &puzzle,
        &[],
        std::path::Path::new("/nonexistent-dir/t.jsonl"),
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot write the trace"));
}
