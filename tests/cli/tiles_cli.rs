//! `blockslide generate` and `blockslide batch` end to end: the line format, JSON lines, the
//! summary, known lengths, exit codes. Pattern databases go to a temporary cache.

use std::path::Path;
use std::process::Output;

use blockslide_core::model::Puzzle;
use blockslide_core::solve::api::verify_solution;

use crate::cli_support;
use cli_support::piece_moves;

fn blockslide(args: &[&str], cache: &Path) -> Output {
    crate::cli_support::command()
        .args(args)
        .env("BLOCKSLIDE_CACHE_DIR", cache)
        .output()
        .expect("the binary runs")
}

fn json_lines(output: &Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

#[test]
fn generate_is_seeded_and_batch_solves_what_it_prints() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["generate", "--size", "3x3", "--count", "12", "--seed", "9"];
    let a = blockslide(&args, dir.path());
    assert!(a.status.success());
    assert_eq!(a.stdout, blockslide(&args, dir.path()).stdout);
    let text = String::from_utf8(a.stdout).unwrap();
    assert_eq!(text.lines().count(), 12);
    for line in text.lines() {
        let mut nums: Vec<u32> = line.split(' ').map(|s| s.parse().unwrap()).collect();
        nums.sort_unstable();
        assert_eq!(nums, (0..9).collect::<Vec<_>>());
    }
    let file = dir.path().join("eight.txt");
    std::fs::write(&file, &text).unwrap();
    let out = blockslide(
        &[
            "batch",
            file.to_str().unwrap(),
            "--heuristic",
            "manhattan",
            "--json",
        ],
        dir.path(),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 13);
    for l in &lines[..12] {
        assert_eq!(l["status"], "solved");
        assert!(l["length"].as_u64().unwrap() <= 31);
        assert!(l["match"].is_null());
    }
    // IDA* in batch agrees with A* in `solve` on the optimal length, and `solve`'s moves
    // replay on the model
    for (line, batch) in text.lines().zip(&lines).take(3) {
        let out = blockslide(
            &[
                "solve",
                "--tiles",
                line,
                "--heuristic",
                "manhattan",
                "--json",
            ],
            dir.path(),
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["length"], batch["length"], "{line}");
        let start: Vec<u32> = line.split(' ').map(|s| s.parse().unwrap()).collect();
        let puzzle = Puzzle::tiles(3, 3, &start, None).unwrap();
        verify_solution(&puzzle, &piece_moves(&v)).unwrap();
    }
    let summary = &lines[12]["summary"];
    assert_eq!(summary["solved"], 12);
    assert_eq!(summary["algorithm"], "idastar");
    assert_eq!(summary["all_matched"], true);
}

#[test]
fn known_lengths_are_checked_and_a_mismatch_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("known.txt");
    // the seeds' 2x3 instance (8 moves) and a scramble of the blank-first goal
    std::fs::write(&file, "5 4 2 1 3 0 8\n1 2 0 3 4 5 1\n").unwrap();
    let ok = blockslide(
        &[
            "batch",
            file.to_str().unwrap(),
            "--size",
            "2x3",
            "--heuristic",
            "linear-conflict",
            "--json",
        ],
        dir.path(),
    );
    // the second line is one move from the blank-first goal, not from the default
    // blank-last one, so its known length must not match
    let lines = json_lines(&ok);
    assert_eq!(lines[0]["length"], 8);
    assert_eq!(lines[0]["match"], true);
    assert_eq!(lines[1]["match"], false);
    assert_eq!(ok.status.code(), Some(1));
    // with the blank-first goal the second line is one move away
    std::fs::write(&file, "0 2 1 3 4 5\n1 0 2 3 4 5 1\n").unwrap();
    let out = blockslide(
        &[
            "batch",
            file.to_str().unwrap(),
            "--size",
            "2x3",
            "--blank-first",
            "--json",
        ],
        dir.path(),
    );
    let lines = json_lines(&out);
    assert_eq!(lines[0]["status"], "unsolvable");
    assert_eq!(lines[1]["length"], 1);
    assert_eq!(lines[1]["match"], true);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn bad_input_is_an_error_with_a_line_number() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.txt");
    std::fs::write(&file, "1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 8 8\n").unwrap();
    let out = blockslide(&["batch", file.to_str().unwrap()], dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 2"));
    let out = blockslide(&["generate", "--size", "0x4"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    // the search options are checked as `solve` checks them
    std::fs::write(&file, "1 2 3 4 5 6 7 0 8\n").unwrap();
    for option in [
        ["--weight", "0.5"],
        ["--time-limit", "inf"],
        ["--algorithm", "quantum"],
    ] {
        let out = blockslide(
            &["batch", file.to_str().unwrap(), option[0], option[1]],
            dir.path(),
        );
        assert_eq!(out.status.code(), Some(1), "{option:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("blockslide batch: "), "{option:?}: {err}");
        assert!(!err.contains("panicked"), "{option:?}: {err}");
    }
}

#[test]
fn the_largest_tile_board_is_generated_and_solved_end_to_end() {
    // A tile board has at most 1,000 cells and sides of at most 32: 31x32 (992 cells, tiles
    // up to 991) is the largest. `generate` prints it and `batch` solves what it printed.
    let dir = tempfile::tempdir().unwrap();
    let generated = blockslide(
        &[
            "generate",
            "--size",
            "31x32",
            "--scramble",
            "3",
            "--seed",
            "5",
        ],
        dir.path(),
    );
    assert!(generated.status.success());
    let text = String::from_utf8(generated.stdout).unwrap();
    let mut nums: Vec<u32> = text
        .split_whitespace()
        .map(|s| s.parse().unwrap())
        .collect();
    nums.sort_unstable();
    assert_eq!(nums, (0..992).collect::<Vec<_>>());
    let file = dir.path().join("big.txt");
    std::fs::write(&file, &text).unwrap();
    let out = blockslide(
        &[
            "batch",
            file.to_str().unwrap(),
            "--size",
            "31x32",
            "--heuristic",
            "manhattan",
            "--json",
        ],
        dir.path(),
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = json_lines(&out);
    assert_eq!(lines[0]["status"], "solved");
    assert!(lines[0]["length"].as_u64().unwrap() <= 3);
}

#[test]
fn boards_larger_than_4x4_default_to_ida_star_and_say_why() {
    let dir = tempfile::tempdir().unwrap();
    // The choice depends on the board, not the position: the solved 5x5 board will do.
    let tiles = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 0";
    let goal_side = blockslide(
        &[
            "solve",
            "--tiles",
            tiles,
            "--size",
            "5x5",
            "--heuristic",
            "manhattan",
            "--json",
        ],
        dir.path(),
    );
    let v: serde_json::Value = serde_json::from_slice(&goal_side.stdout).unwrap();
    assert_eq!(v["algorithm"], "idastar");
    assert!(
        v["notes"][0].as_str().unwrap().contains("IDA* chosen"),
        "{}",
        v["notes"]
    );
    // Named explicitly, the algorithm is the user's and no reason is given.
    let named = blockslide(
        &[
            "solve",
            "--tiles",
            tiles,
            "--size",
            "5x5",
            "--heuristic",
            "manhattan",
            "--algorithm",
            "astar",
            "--json",
        ],
        dir.path(),
    );
    let v: serde_json::Value = serde_json::from_slice(&named.stdout).unwrap();
    assert_eq!(v["algorithm"], "astar");
    assert!(!v["notes"].to_string().contains("IDA* chosen"));
    // 4x4 keeps A*.
    let fifteen = blockslide(
        &[
            "solve",
            "--tiles",
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15",
            "--heuristic",
            "manhattan",
            "--json",
        ],
        dir.path(),
    );
    let v: serde_json::Value = serde_json::from_slice(&fifteen.stdout).unwrap();
    assert_eq!(v["algorithm"], "astar");
}

#[test]
fn solve_says_what_the_first_build_of_its_tables_takes_before_it_starts() {
    let cache = tempfile::tempdir().unwrap();
    let args = [
        "solve",
        "--tiles",
        "8 6 7 2 5 4 3 0 1",
        "--size",
        "3x3",
        "--heuristic",
        "pdb",
        "--json",
    ];
    let first = blockslide(&args, cache.path());
    assert!(first.status.success());
    let said = String::from_utf8_lossy(&first.stderr);
    assert!(
        said.contains("not cached yet; first build of 1 table (0.4 million entries): roughly"),
        "{said}"
    );
    let again = blockslide(&args, cache.path());
    assert!(again.status.success());
    let said = String::from_utf8_lossy(&again.stderr);
    assert!(!said.contains("not cached yet"), "{said}");
}

#[test]
fn solve_takes_korfs_blank_first_goal() {
    let dir = tempfile::tempdir().unwrap();
    // One move from 0 1 2 / 3 4 5 / 6 7 8, and a long way from the blank-last goal.
    let tiles = "1 0 2 3 4 5 6 7 8";
    let solve = |extra: &[&str]| {
        let mut args = vec!["solve", "--tiles", tiles, "-a", "astar", "--json"];
        args.extend_from_slice(extra);
        blockslide(&args, dir.path())
    };
    let first = solve(&["--blank-first"]);
    assert!(first.status.success(), "{first:?}");
    assert_eq!(json_lines(&first)[0]["length"], 1);
    let spelled = solve(&["--goal", "0 1 2 3 4 5 6 7 8"]);
    assert_eq!(json_lines(&spelled)[0]["length"], 1);
    let last = solve(&[]);
    assert!(json_lines(&last)[0]["length"].as_u64().unwrap() > 1);
    let both = solve(&["--blank-first", "--goal", "0 1 2 3 4 5 6 7 8"]);
    assert!(!both.status.success());
    assert!(String::from_utf8_lossy(&both.stderr).contains("--goal"));
}
