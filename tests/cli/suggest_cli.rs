//! `blockslide suggest`: every edit it lists (written with `-o DIR`, loaded back) agrees with
//! an independent `blockslide analyze --json` of the edited puzzle, on several puzzles in every
//! metric; `-o DIR` keeps the saving rules of every `-o DIR`; a bounded run is marked not
//! exact; bad input gets a clear error.

use std::path::Path;

use serde_json::Value;

use crate::cli_support::{blockslide, blockslide_exits};

/// A small design with walls, a kind shared by two 1x1 pieces and a goal.
const WALLED: &str = r#"(
    format: 1,
    name: "Walled",
    board: [
        "A A . #",
        "B . C .",
        "D . # E",
    ],
    goal: (
        anywhere: false,
        cells: [
            ". . . .",
            ". . A A",
            ". . . .",
        ],
    ),
    pieces: {
        "C": (kind: "soldier"),
        "E": (kind: "soldier"),
    },
)
"#;

fn json(out: &std::process::Output) -> Value {
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

fn repo(path: &str) -> String {
    format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))
}

/// The puzzles checked: small enough to analyse every edit in a debug build.
fn puzzles(dir: &Path) -> Vec<String> {
    let walled = dir.join("walled.ron");
    std::fs::write(&walled, WALLED).unwrap();
    let rush = dir.join("rush.ron");
    blockslide_exits(
        &[
            "import",
            "rushhour",
            "ooBoAABooooCoooC",
            "-o",
            rush.to_str().unwrap(),
        ],
        0,
    );
    vec![
        walled.display().to_string(),
        rush.display().to_string(),
        repo("saved_puzzles/blocks-tiny.ron"),
    ]
}

#[test]
fn every_listed_edit_agrees_with_analyze_in_every_metric() {
    let dir = tempfile::tempdir().unwrap();
    for (p, puzzle) in puzzles(dir.path()).iter().enumerate() {
        for metric in ["step", "slide", "move"] {
            let out = dir.path().join(format!("out-{p}-{metric}"));
            let out_str = out.to_str().unwrap();
            let report = json(&blockslide_exits(
                &[
                    "suggest", puzzle, "--metric", metric, "-o", out_str, "--json", "-q",
                ],
                0,
            ));
            assert_eq!(report["complete"], true);
            let listed: Vec<Value> = serde_json::from_str(
                &std::fs::read_to_string(out.join("suggestions.json")).unwrap(),
            )
            .unwrap();
            assert!(!listed.is_empty(), "{puzzle} has edits");
            assert_eq!(
                listed.len(),
                report["suggestions"].as_array().unwrap().len()
            );
            let current = json(&blockslide_exits(
                &["analyze", puzzle, "--metric", metric, "--json", "-q"],
                0,
            ));
            assert_eq!(report["current"]["hardest"], current["hardest"]["distance"]);
            assert_eq!(report["current"]["start_length"], current["start_distance"]);
            let mut last: Option<(bool, i64, i64)> = None;
            for edit in &listed {
                let what = format!("{puzzle}, {metric}: {}", edit["edit"]);
                assert!(
                    edit["edit"].as_str().is_some_and(|e| !e.is_empty()),
                    "{what}"
                );
                let file = out.join(edit["file"].as_str().expect("a file"));
                let file = file.to_str().unwrap();
                blockslide_exits(&["check", file], 0);
                // The edited puzzle analysed on its own, as a user would.
                let a = blockslide(&["analyze", file, "--metric", metric, "--json", "-q"]);
                let a = json(&a);
                assert_eq!(edit["exact"], a["complete"], "{what}");
                assert_eq!(edit["hardest"], a["hardest"]["distance"], "{what}");
                assert_eq!(edit["start_length"], a["start_distance"], "{what}");
                assert_eq!(edit["component"], a["component"], "{what}");
                let rank = (
                    !edit["hardest"].is_null(),
                    edit["hardest"].as_i64().unwrap_or(-1),
                    edit["start_length"].as_i64().unwrap_or(-1),
                );
                assert!(last.is_none_or(|l| l >= rank), "best first: {what}");
                last = Some(rank);
            }
        }
    }
}

#[test]
fn top_lists_the_best_and_text_shows_the_change() {
    let puzzle = repo("saved_puzzles/blocks-tiny.ron");
    let all = json(&blockslide_exits(&["suggest", &puzzle, "--json", "-q"], 0));
    let top = json(&blockslide_exits(
        &["suggest", &puzzle, "--top", "2", "--json", "-q"],
        0,
    ));
    let all = all["suggestions"].as_array().unwrap();
    assert!(all.len() > 2);
    assert_eq!(top["suggestions"].as_array().unwrap()[..], all[..2]);
    let text = blockslide_exits(&["suggest", &puzzle, "--top", "2", "-q"], 0);
    let text = String::from_utf8(text.stdout).unwrap();
    let first = all[0]["edit"].as_str().unwrap();
    assert!(
        text.contains(&format!("1. {first}: hardest start ")),
        "{text}"
    );
    assert!(text.contains(" -> "), "{text}");
    assert!(!text.contains("3. "), "{text}");
}

#[test]
fn output_folder_holds_this_runs_files_alone() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = repo("saved_puzzles/blocks-tiny.ron");
    let out = dir.path().join("out");
    let out_str = out.to_str().unwrap();
    blockslide_exits(&["suggest", &puzzle, "--top", "4", "-o", out_str, "-q"], 0);
    let names = |dir: &Path| {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    assert_eq!(
        names(&out),
        [
            "suggestion-1.ron",
            "suggestion-2.ron",
            "suggestion-3.ron",
            "suggestion-4.ron",
            "suggestions.json"
        ]
    );
    // Fewer this time: the earlier run's files beyond them are refused, then removed with
    // --force.
    let refused = blockslide_exits(&["suggest", &puzzle, "--top", "2", "-o", out_str, "-q"], 1);
    let message = String::from_utf8_lossy(&refused.stderr);
    assert!(
        message.contains("suggestion-3.ron, suggestion-4.ron from an earlier run"),
        "{message}"
    );
    assert!(message.contains("--force"), "{message}");
    blockslide_exits(
        &[
            "suggest", &puzzle, "--top", "2", "-o", out_str, "-q", "--force",
        ],
        0,
    );
    assert_eq!(
        names(&out),
        ["suggestion-1.ron", "suggestion-2.ron", "suggestions.json"]
    );
    let listed: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(out.join("suggestions.json")).unwrap())
            .unwrap();
    let files: Vec<&str> = listed.iter().map(|e| e["file"].as_str().unwrap()).collect();
    assert_eq!(files, ["suggestion-1.ron", "suggestion-2.ron"]);
    // A file where the folder should be.
    let file = dir.path().join("a-file");
    std::fs::write(&file, "x").unwrap();
    let out = blockslide_exits(&["suggest", &puzzle, "-o", file.to_str().unwrap(), "-q"], 1);
    let message = String::from_utf8_lossy(&out.stderr);
    assert!(message.contains("not a folder"), "{message}");
}

#[test]
fn a_bounded_run_is_marked_not_exact() {
    let puzzle = repo("saved_puzzles/klotski.ron");
    let out = blockslide_exits(
        &["suggest", &puzzle, "--max-nodes", "200", "--json", "-q"],
        3,
    );
    let report = json(&out);
    assert_eq!(report["complete"], false);
    assert_eq!(report["status"], "node-limit");
    assert_eq!(report["current"]["exact"], false);
    let edits = report["suggestions"].as_array().unwrap();
    assert!(!edits.is_empty());
    // Some edits are settled within the limit (a board filled up has no move), not all.
    assert!(edits.iter().any(|e| e["exact"] == false));
    let text = blockslide_exits(&["suggest", &puzzle, "--max-nodes", "200", "-q"], 3);
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("lower bounds"), "{text}");
}

#[test]
fn bad_input_gets_a_clear_error() {
    let puzzle = repo("saved_puzzles/blocks-tiny.ron");
    for (args, expected) in [
        (
            vec!["suggest", puzzle.as_str(), "--allow", "walls,wings"],
            "--allow: unknown change `wings`; choose from move, add, remove, reshape, walls",
        ),
        (
            vec!["suggest", puzzle.as_str(), "--allow", "reshape"],
            "`reshape` is no one-step edit of suggest",
        ),
        (
            vec!["suggest", "no-such-puzzle.ron"],
            "no-such-puzzle.ron: cannot read",
        ),
        (
            vec!["suggest", puzzle.as_str(), "--lock", "Z"],
            "--lock: the puzzle has no piece `Z`",
        ),
    ] {
        let out = blockslide_exits(&args, 1);
        let message = String::from_utf8_lossy(&out.stderr);
        assert!(message.contains(expected), "{args:?}: {message}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn allow_and_lock_hold_for_every_edit_listed() {
    let dir = tempfile::tempdir().unwrap();
    let walled = dir.path().join("walled.ron");
    std::fs::write(&walled, WALLED).unwrap();
    let walled = walled.to_str().unwrap();
    let report = json(&blockslide_exits(
        &["suggest", walled, "--allow", "walls,add", "--json", "-q"],
        0,
    ));
    let edits = report["suggestions"].as_array().unwrap();
    assert!(edits.iter().any(|e| e["change"] == "walls"));
    assert!(edits.iter().any(|e| e["change"] == "add"));
    assert!(
        edits
            .iter()
            .all(|e| e["change"] == "walls" || e["change"] == "add")
    );
    // B locked, and the cell at row 1, column 3: B stays, the cell stays empty.
    let report = json(&blockslide_exits(
        &["suggest", walled, "--lock", "B,1:3", "--json", "-q"],
        0,
    ));
    let edits = report["suggestions"].as_array().unwrap();
    assert!(!edits.is_empty());
    for edit in edits {
        let board: Vec<&str> = edit["board"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap())
            .collect();
        let cells: Vec<Vec<&str>> = board
            .iter()
            .map(|r| r.split_whitespace().collect())
            .collect();
        assert_eq!(cells[1][0], "B", "{}", edit["edit"]);
        assert_eq!(cells[0][2], ".", "{}", edit["edit"]);
    }
}
