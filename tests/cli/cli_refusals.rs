//! `check` refuses every puzzle that `solve` would refuse for the puzzle itself, and `solve`
//! and `count` report what they refuse at a line and column, as `check` does.

use crate::cli_support::blockslide;
use std::path::{Path, PathBuf};

use blockslide_core::model::file::save;
use blockslide_core::model::{Cell, Puzzle, Token};

fn token(text: &str) -> Token {
    Token::new(text).expect("a valid token")
}

/// Saves `puzzle` as `name` in `dir`.
fn saved(dir: &Path, name: &str, puzzle: &Puzzle) -> PathBuf {
    let path = dir.join(name);
    save(&path, puzzle).unwrap();
    path
}

/// Puzzles that validate but that the block engine cannot take.
fn engine_refusals(dir: &Path) -> Vec<(PathBuf, &'static str)> {
    // 1,023 pieces on a 32x32 board, one cell each.
    let mut crowded = Puzzle::empty(32, 32);
    for i in 0..32 * 32 - 1 {
        let name: String = [i / 676, i / 26 % 26, i % 26]
            .iter()
            .map(|&d| char::from(b'A' + d as u8))
            .collect();
        crowded.cells[i] = Cell::Piece(token(&name));
    }
    crowded.goal.cells[0] = Some(token("AAA"));
    // 65 pieces, one more than the engine handles.
    let mut many = Puzzle::empty(9, 9);
    for i in 0..65 {
        many.cells[i] = Cell::Piece(token(&format!("p{i}")));
    }
    many.goal.cells[80] = Some(token("p0"));
    // 30 distinct single cells on 32x32: a state wider than the engine's 256 bits.
    let mut wide = Puzzle::empty(32, 32);
    for i in 0..30 {
        wide.cells[i * 2] = Cell::Piece(token(&format!("q{i}")));
    }
    wide.goal.cells[1] = Some(token("q0"));
    vec![
        (saved(dir, "crowded.ron", &crowded), "1023 pieces"),
        (saved(dir, "many.ron", &many), "at most 64"),
        (saved(dir, "wide.ron", &wide), "bits"),
    ]
}

#[test]
fn check_refuses_what_solve_refuses_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    for (path, reason) in engine_refusals(dir.path()) {
        let file = path.to_str().unwrap();
        let solved = blockslide(&["solve", file]);
        assert_eq!(solved.status.code(), Some(1), "{file}");
        let solve_error = String::from_utf8_lossy(&solved.stderr);
        assert!(solve_error.contains(reason), "{solve_error}");
        let checked = blockslide(&["check", file]);
        assert_eq!(checked.status.code(), Some(1), "{file}");
        let check_output = String::from_utf8_lossy(&checked.stdout);
        assert!(check_output.contains("error:"), "{check_output}");
        assert!(check_output.contains(reason), "{check_output}");
        // at the board (line 4 of a saved file), as `FILE:LINE:COLUMN:`
        assert!(
            check_output.contains(&format!("{file}:4:12: error: the solver cannot take")),
            "{check_output}"
        );
        assert!(
            solve_error.contains(&format!("{file}:4:12: ")),
            "{solve_error}"
        );
        let json = blockslide(&["check", file, "--json"]);
        let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
        assert_eq!(v["valid"], false);
    }
}

#[test]
fn solve_and_count_report_validation_errors_at_their_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("split.ron");
    std::fs::write(
        &path,
        "(format: 1,\n board: [\n  \"A . A\",\n  \"B B .\",\n ],\n goal: (cells: [\". . .\", \". A .\"]))\n",
    )
    .unwrap();
    let file = path.to_str().unwrap();
    let checked = String::from_utf8_lossy(&blockslide(&["check", file]).stdout).into_owned();
    let first = checked.lines().next().unwrap();
    assert!(first.starts_with(&format!("{file}:3:")), "{checked}");
    let located = first.split(": error: ").next().unwrap();
    for command in ["solve", "count"] {
        let out = blockslide(&[command, file]);
        assert_eq!(out.status.code(), Some(1), "{command}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains(&format!("{located}: piece `A` is in 2 separate parts")),
            "{command}: {stderr}"
        );
    }
}

#[test]
fn every_valid_bundled_puzzle_still_checks() {
    for puzzle in blockslide_core::model::library::bundled() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("puzzle.ron");
        std::fs::write(&path, puzzle.text).unwrap();
        let out = blockslide(&["check", path.to_str().unwrap()]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
}

#[test]
fn every_count_is_range_checked_when_the_command_line_is_read() {
    // `bench eight --runs 18446744073709551615` panicked ("capacity overflow") and `--runs
    // 1000000000000` aborted; `--limit 0` ran everything and `--threads 1000` was taken.
    // Each is now refused by clap, naming the range, before any work (exit 1).
    let cases: [(&[&str], &str); 10] = [
        (
            &["bench", "eight", "--runs", "18446744073709551615"],
            "is not in 1..=1000",
        ),
        (
            &["bench", "eight", "--runs", "1000000000000"],
            "is not in 1..=1000",
        ),
        (&["bench", "eight", "--runs", "0"], "is not in 1..=1000"),
        (&["bench", "eight", "--limit", "0"], "is not in 1..=1000"),
        (
            &["bench", "tiles5x5", "--limit", "1000000000000"],
            "is not in 1..=1000",
        ),
        (&["bench", "big", "--threads", "1000"], "is not in 0..=64"),
        (
            &["generate", "--count", "18446744073709551615"],
            "is not in 1..=100000",
        ),
        (
            &["generate", "--scramble", "4294967295"],
            "is not in 0..=1000000",
        ),
        (
            &["solve", "x.ron", "--max-memory", "18446744073709551615"],
            "is not in 0..=17592186044415",
        ),
        (&["explore", "x.ron", "--top", "1001"], "is not in 0..=1000"),
    ];
    for (args, expected) in cases {
        let out = blockslide(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("error: invalid value"), "{args:?}: {err}");
        assert!(err.contains(expected), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn one_tile_board_limit_for_generate_solve_and_batch() {
    // `generate --size 32x32` printed instances that `solve --tiles` refused (1,000 cells at
    // most) and `batch` took. All three now take at most 1,000 cells, and say so.
    let expected = "a 32x32 board has 1,024 cells, and a tile board has at most 1,000";
    let out = blockslide(&["generate", "--size", "32x32", "--seed", "1"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(expected), "{err}");
    let tiles: Vec<String> = (1..1024).chain([0]).map(|n: u32| n.to_string()).collect();
    let tiles = tiles.join(" ");
    let out = blockslide(&["solve", "--tiles", &tiles, "--size", "32x32"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(expected), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("big.txt");
    std::fs::write(&list, format!("{tiles}\n")).unwrap();
    for size in [None, Some("32x32")] {
        let mut args = vec!["batch", list.to_str().unwrap()];
        args.extend(size.map(|s| ["--size", s]).into_iter().flatten());
        let out = blockslide(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(expected), "{args:?}: {err}");
    }
    // The largest board within the limit is generated and read back.
    let out = blockslide(&["generate", "--size", "31x32", "--seed", "1"]);
    assert_eq!(out.status.code(), Some(0));
    let line = String::from_utf8(out.stdout).unwrap();
    assert_eq!(line.split_whitespace().count(), 992);
}
