//! `blockslide solve` end to end: JSON schema, text summary, exit codes, errors.

use crate::cli_support::{blockslide, blockslide_exits};
use std::path::PathBuf;
use std::process::Output;

use blockslide_core::model::Puzzle;
use blockslide_core::model::file::save;
use blockslide_core::solve::api::verify_solution;

use crate::cli_support;
use cli_support::piece_moves;

fn json(output: &Output) -> serde_json::Value {
    let text = String::from_utf8_lossy(&output.stdout);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

#[test]
fn seed_2x3_json_has_the_issue_schema_and_replays() {
    let out = blockslide(&["solve", "--tiles", "5 4 2 1 3 0", "--size", "2x3", "--json"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out);
    assert_eq!(v["length"], 8);
    assert_eq!(v["steps"], 8);
    assert_eq!(v["status"], "solved");
    assert_eq!(v["algorithm"], "astar");
    assert_eq!(v["metric"], "step");
    assert_eq!(v["optimal"], true);
    for key in [
        "puzzle",
        "heuristic",
        "expanded",
        "generated",
        "duplicates",
        "max_frontier",
        "stored",
        "seconds",
        "peak_memory_bytes",
        "goal_tests",
        "frontier",
    ] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    let blank = v["blank_moves"].as_str().unwrap();
    assert_eq!(blank.len(), 8);
    assert!(blank.chars().all(|c| "udlr".contains(c)));
    let puzzle = Puzzle::tiles(2, 3, &[5, 4, 2, 1, 3, 0], None).unwrap();
    verify_solution(&puzzle, &piece_moves(&v)).unwrap();
}

#[test]
fn every_algorithm_name_works_on_the_command_line() {
    let puzzle = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 0, 5, 7, 8, 6], None).unwrap();
    for algorithm in [
        "bfs", "dfs", "ucs", "greedy", "astar", "wastar", "iddfs", "idastar", "bibfs",
    ] {
        let out = blockslide(&[
            "solve",
            "--tiles",
            "1 2 3 4 0 5 7 8 6",
            "--algorithm",
            algorithm,
            "--heuristic",
            "manhattan",
            "--weight",
            "2",
            "--json",
        ]);
        assert_eq!(out.status.code(), Some(0), "{algorithm}");
        let v = json(&out);
        assert_eq!(v["algorithm"], algorithm);
        verify_solution(&puzzle, &piece_moves(&v)).unwrap_or_else(|e| panic!("{algorithm}: {e}"));
        // the start is two moves from the goal: an optimal answer is exactly that, any other
        // at least that
        let length = v["length"].as_u64().unwrap();
        if v["optimal"] == true {
            assert_eq!(length, 2, "{algorithm}");
        } else {
            assert!(length >= 2, "{algorithm}");
        }
    }
}

#[test]
fn unsolvable_by_parity_exits_2() {
    let out = blockslide_exits(
        &[
            "solve",
            "--tiles",
            "1 2 3 4 5 6 7 8 0 9 10 11 12 13 14 15",
            "--json",
        ],
        2,
    );
    let v = json(&out);
    assert_eq!(v["status"], "unsolvable");
    assert_eq!(v["expanded"], 0);
    assert!(v["length"].is_null());
}

#[test]
fn a_node_limit_exits_3_with_statistics() {
    let out = blockslide_exits(
        &[
            "solve",
            "--tiles",
            "8 6 7 2 5 4 3 0 1",
            "--algorithm",
            "bfs",
            "--max-nodes",
            "100",
            "--json",
        ],
        3,
    );
    let v = json(&out);
    assert_eq!(v["status"], "node-limit");
    assert_eq!(v["expanded"], 100);
}

#[test]
fn a_time_limit_of_zero_exits_3() {
    let out = blockslide_exits(
        &[
            "solve",
            "--tiles",
            "8 6 7 2 5 4 3 0 1",
            "--algorithm",
            "bfs",
            "--time-limit",
            "0",
        ],
        3,
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("time limit"), "{text}");
}

#[test]
fn errors_exit_1_with_a_message_and_no_panic() {
    for args in [
        &["solve", "--tiles", "1 2 3"][..],
        &["solve", "--tiles", "1 2 3 0", "--algorithm", "quantum"],
        &["solve", "--tiles", "1 2 3 0", "--metric", "hops"],
        &["solve", "--tiles", "1 2 3 0", "--heuristic", "psychic"],
        &[
            "solve",
            "--tiles",
            "1 2 3 0",
            "--algorithm",
            "wastar",
            "--weight",
            "0.5",
        ],
        &["solve", "--tiles", "1 2 2 0"],
        &["solve", "--tiles", ""],
        &["solve", "--tiles", "1 2 3 0", "--size", "0x4"],
        &[
            "solve",
            "--tiles",
            "1 2 3 0",
            "--size",
            "99999999999x99999999999",
        ],
        &["solve", "--tiles", "1 2 3 0", "--goal", "1 2 0"],
        &["solve", "--tiles", "1 2 3 0", "--time-limit", "inf"],
        &["solve", "no/such/file.ron"],
    ] {
        let out = blockslide(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("blockslide solve: "), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn malformed_arguments_exit_1_not_the_unsolvable_code() {
    for args in [
        &["solve", "--max-nodes", "-5", "x.ron"][..],
        &["solve", "--no-such-flag"],
        &["frobnicate"],
    ] {
        let out = blockslide(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
    }
    assert_eq!(blockslide(&["--help"]).status.code(), Some(0));
    assert_eq!(blockslide(&["--version"]).status.code(), Some(0));
}

#[test]
fn text_summary_shows_status_statistics_and_moves() {
    let out = blockslide_exits(
        &[
            "solve",
            "--tiles",
            "5 4 2 1 3 0",
            "--size",
            "2x3",
            "-a",
            "bfs",
        ],
        0,
    );
    let text = String::from_utf8_lossy(&out.stdout);
    for needle in [
        "solved in 8 moves",
        "optimal",
        "nodes expanded",
        "nodes generated",
        "duplicates discarded",
        "max frontier",
        "left in frontier",
        "states stored",
        "peak memory",
        "Blank moves:",
        "Moves:",
    ] {
        assert!(text.contains(needle), "missing `{needle}` in\n{text}");
    }
}

fn block_file(dir: &tempfile::TempDir) -> PathBuf {
    let mut puzzle =
        Puzzle::from_rows(&["A A .", ". B .", ". . C"], &[". . .", ". . .", ". A A"]).unwrap();
    puzzle.name = "little".into();
    let path = dir.path().join("little.ron");
    save(&path, &puzzle).unwrap();
    path
}

#[test]
fn block_files_solve_in_every_metric_and_replay() {
    let dir = tempfile::tempdir().unwrap();
    let path = block_file(&dir);
    let file = path.to_str().unwrap();
    let puzzle = blockslide_core::model::file::load(&path).unwrap();
    let mut lengths = Vec::new();
    for metric in ["step", "slide", "move"] {
        let out = blockslide(&["solve", file, "--metric", metric, "--json"]);
        assert_eq!(out.status.code(), Some(0), "{metric}");
        let v = json(&out);
        assert_eq!(v["metric"], metric);
        assert_eq!(v["puzzle"], "little");
        assert!(v.get("blank_moves").is_none());
        verify_solution(&puzzle, &piece_moves(&v)).unwrap();
        assert!(v["steps"].as_u64() >= v["length"].as_u64());
        lengths.push(v["length"].as_u64().unwrap());
    }
    // a slide is a run of steps and a move a run of slides
    assert!(
        lengths[0] >= lengths[1] && lengths[1] >= lengths[2],
        "{lengths:?}"
    );
}

#[test]
fn bibfs_on_a_partial_goal_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = block_file(&dir);
    let out = blockslide_exits(&["solve", path.to_str().unwrap(), "-a", "bibfs"], 1);
    assert!(String::from_utf8_lossy(&out.stderr).contains("bidirectional"));
}

#[test]
fn list_heuristics_names_the_default_first() {
    let out = blockslide_exits(
        &[
            "solve",
            "--tiles",
            "1 2 3 4 0 5 7 8 6",
            "--list-heuristics",
            "--json",
        ],
        0,
    );
    let v = json(&out);
    let names: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["name"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"manhattan") && names.contains(&"zero"),
        "{names:?}"
    );
    // the first entry is admissible and applicable, and it is what a solve uses by default
    let first = &v[0];
    assert_eq!(first["admissible"], true);
    assert_eq!(first["applicable"], true);
    let solved = json(&blockslide(&[
        "solve",
        "--tiles",
        "1 2 3 4 0 5 7 8 6",
        "--json",
    ]));
    assert_eq!(solved["heuristic"], first["name"]);
    let out = blockslide_exits(&["solve", "--list-heuristics"], 0);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Tile puzzles") && text.contains("Block puzzles"));
    // without a puzzle, --json gives both engines' lists
    let out = blockslide_exits(&["solve", "--list-heuristics", "--json"], 0);
    let both = json(&out);
    for engine in ["tiles", "blocks"] {
        let list = both[engine].as_array().unwrap();
        assert!(list.iter().any(|h| h["name"] == "zero"), "{engine}");
    }
}
