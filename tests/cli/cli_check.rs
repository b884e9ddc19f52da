//! `blockslide check`: text and JSON output, exit codes, and the whole library.

use std::path::PathBuf;
use std::process::Output;

use serde_json::Value;

use crate::fixtures::repository;

/// A file of the `check` command's test data (`tests/data/check/`).
fn data(name: &str) -> PathBuf {
    crate::fixtures::data("check").join(name)
}

/// Runs `blockslide check ARGS` from the repository's root, so that paths read as they are
/// written here.
fn check(args: &[&str]) -> Output {
    crate::cli_support::command()
        .current_dir(repository())
        .arg("check")
        .args(args)
        .output()
        .unwrap()
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn json_lines(out: &Output) -> Vec<Value> {
    stdout(out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn saved_puzzles() -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(repository().join("saved_puzzles"))
        .unwrap()
        .map(|e| format!("saved_puzzles/{}", e.unwrap().file_name().to_string_lossy()))
        .filter(|n| {
            std::path::Path::new(n)
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("ron"))
        })
        .collect();
    files.sort();
    files
}

#[test]
fn the_whole_library_passes() {
    let files = saved_puzzles();
    let args: Vec<&str> = files.iter().map(String::as_str).collect();
    let out = check(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), files.len());
    assert!(
        text.contains("saved_puzzles/klotski.ron: OK (blocks, 5x4, 10 pieces)"),
        "{text}"
    );
    assert!(
        text.contains("saved_puzzles/eight-16.ron: OK (tiles, 3x3, 8 pieces)"),
        "{text}"
    );
}

#[test]
fn json_has_the_documented_shape() {
    let out = check(&[
        "--json",
        "saved_puzzles/klotski.ron",
        "saved_puzzles/eight-6.ron",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["file"], "saved_puzzles/klotski.ron");
    assert_eq!(lines[0]["valid"], true);
    assert_eq!(lines[0]["puzzle_type"], "blocks");
    assert_eq!(lines[0]["errors"], Value::Array(vec![]));
    assert_eq!(lines[0]["warnings"], Value::Array(vec![]));
    assert_eq!(lines[1]["puzzle_type"], "tiles");
    let keys: Vec<&str> = lines[0]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let mut expected = vec!["errors", "file", "puzzle_type", "valid", "warnings"];
    let mut got = keys.clone();
    got.sort_unstable();
    expected.sort_unstable();
    assert_eq!(got, expected);
    // The fields come in the documented order.
    assert!(stdout(&out).starts_with("{\"file\":"), "{}", stdout(&out));
}

#[test]
fn invalid_files_exit_1_with_positions() {
    let ragged = data("ragged.ron");
    let out = check(&[ragged.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stdout(&out),
        format!(
            "{}:6:13: error: row 2 has 2 cells but row 1 has 3\n",
            ragged.display()
        )
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("1 of 1 file is invalid"), "{stderr}");

    let out = check(&["--json", ragged.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let line = &json_lines(&out)[0];
    assert_eq!(line["valid"], false);
    assert_eq!(line["puzzle_type"], Value::Null);
    assert_eq!(
        line["errors"][0]["message"],
        "row 2 has 2 cells but row 1 has 3"
    );
    assert_eq!(line["errors"][0]["line"], 6);
    assert_eq!(line["errors"][0]["column"], 13);
}

#[test]
fn one_bad_file_among_good_ones_fails_the_run() {
    let parity = data("unsolvable-parity.ron");
    let out = check(&[
        "--json",
        "saved_puzzles/klotski.ron",
        parity.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(lines[0]["valid"], true);
    assert_eq!(lines[1]["valid"], false);
    assert_eq!(lines[1]["puzzle_type"], "tiles");
    let message = lines[1]["errors"][0]["message"].as_str().unwrap();
    assert!(
        message.starts_with("this tile puzzle cannot be solved"),
        "{message}"
    );
}

#[test]
fn warnings_do_not_fail() {
    let stuck = data("stuck.ron");
    let out = check(&["--json", stuck.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let line = &json_lines(&out)[0];
    assert_eq!(line["valid"], true);
    assert_eq!(line["errors"], Value::Array(vec![]));
    assert_eq!(
        line["warnings"][0]["message"],
        "nothing can move: no piece has room to step in any direction"
    );
    let out = check(&[stuck.to_str().unwrap()]);
    let text = stdout(&out);
    assert!(text.contains(": OK (blocks, 2x2, 4 pieces)"), "{text}");
    assert!(text.contains(":4:12: warning: nothing can move"), "{text}");
}

#[test]
fn future_versions_are_refused_clearly() {
    let future = data("future-version.ron");
    let out = check(&[future.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout(&out).contains(
            ":2:13: error: this file uses format version 3, but this version of Blockslide reads \
             format versions 1 to 2"
        ),
        "{}",
        stdout(&out)
    );
}

#[test]
fn unreadable_files_are_reported_without_panic() {
    let out = check(&["no/such/file.ron", "saved_puzzles/klotski.ron"]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.starts_with("no/such/file.ron: error: cannot read no/such/file.ron:"),
        "{text}"
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(!stderr.contains("panicked"), "{stderr}");

    let out = check(&[
        "--json",
        data("not-utf8.ron").to_str().unwrap(),
        "saved_puzzles",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2);
    assert!(
        lines[0]["errors"][0]["message"]
            .as_str()
            .unwrap()
            .contains("is not UTF-8 text: ")
    );
    assert_eq!(lines[0]["errors"][0]["line"], 3);
    assert!(
        lines[1]["errors"][0]["message"]
            .as_str()
            .unwrap()
            .starts_with("cannot read saved_puzzles")
    );
}

#[test]
fn check_needs_a_file() {
    let out = check(&[]);
    // A usage error is an error (1), never the "unsolvable" code (2).
    assert_eq!(out.status.code(), Some(1), "usage error");
    assert!(String::from_utf8(out.stderr).unwrap().contains("Usage"));
}

#[test]
fn the_seeds_unsolvable_middle_state_is_refused_instantly() {
    let file = data("middle-state-4.ron");
    let out = check(&["--json", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let line = &json_lines(&out)[0];
    assert_eq!(line["puzzle_type"], "tiles");
    assert_eq!(line["errors"].as_array().unwrap().len(), 1);
    let message = line["errors"][0]["message"].as_str().unwrap();
    assert!(message.contains("opposite permutation parity"), "{message}");
}

#[test]
fn a_zone_listed_twice_is_refused_at_its_second_key() {
    // `saved_puzzles/force-field.ron` with its force field listed twice: the last list won,
    // so the file checked as valid and solved as another puzzle (or not at all).
    let text = std::fs::read_to_string(repository().join("saved_puzzles/force-field.ron")).unwrap();
    let once = "            \"f\": [Piece(\"A\")],\n";
    let twice = text.replace(once, &format!("{once}            \"f\": [],\n"));
    let line = 1 + twice
        .lines()
        .position(|l| l == "            \"f\": [],")
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("force-field.ron");
    std::fs::write(&path, &twice).unwrap();
    let file = path.to_str().unwrap();
    let out = check(&[file]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert_eq!(
        stdout(&out),
        format!(
            "{file}:{line}:13: error: zones: `f` is listed twice in `allow`; merge its lists into one\n"
        )
    );
    // `solve` refuses it the same way.
    let out = crate::cli_support::blockslide(&["solve", file]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!("{file}:{line}:13: zones: `f` is listed twice")),
        "{stderr}"
    );
}
