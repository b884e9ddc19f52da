//! Rush Hour on the command line: import, export, `solve --rushhour`, `count --rushhour`.

use crate::cli_support::{blockslide, blockslide_exits};

const HARDEST: &str = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM";

#[test]
fn import_export_round_trip_through_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("hardest.ron");
    let out = blockslide(&["import", "rushhour", HARDEST, "-o", file.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    blockslide_exits(&["check", file.to_str().unwrap()], 0);
    let out = blockslide(&["export", "rushhour", file.to_str().unwrap()]);
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), HARDEST);
    // Printed to standard output without -o.
    let out = blockslide(&["import", "rushhour", HARDEST]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("axis: Horizontal"));
}

#[test]
fn solve_and_count_take_a_rush_hour_string() {
    let out = blockslide_exits(&["solve", "--rushhour", HARDEST, "--json"], 0);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["length"], 60);
    assert_eq!(v["optimal"], true);
    assert_eq!(v["metric"], "slide");
    let out = blockslide(&["count", "--rushhour", HARDEST, "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["states"], 2332);
}

#[test]
fn bad_strings_and_puzzles_are_refused_with_the_reason() {
    let bad = HARDEST.replacen('o', "?", 1);
    let out = blockslide_exits(&["solve", "--rushhour", &bad], 1);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("character 5 (row 1, column 5)"), "{err}");
    let out = blockslide_exits(&["import", "rushhour", "ooo"], 1);
    assert!(String::from_utf8_lossy(&out.stderr).contains("36 characters"));
    let klotski = crate::fixtures::saved("klotski.ron");
    let klotski = klotski.to_str().expect("the repository's path is UTF-8");
    let out = blockslide_exits(&["export", "rushhour", klotski], 1);
    assert!(String::from_utf8_lossy(&out.stderr).contains("square boards"));
}

/// HARDEST with a wall `x` at `column` (1-based) of the red car's row, right of the car.
fn walled(column: usize) -> String {
    let mut board = HARDEST.to_string();
    board.replace_range(12 + column - 1..12 + column, "x");
    board
}

#[test]
fn a_wall_in_the_red_cars_way_out_is_refused_alike_by_import_solve_and_count() {
    // It used to import as a file `check` refused (the goal on a wall), which `solve
    // --rushhour` called "not valid". Import, solve and count now refuse it with one message,
    // at the wall; no file is written.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("walled.ron");
    for column in [5, 6] {
        let board = walled(column);
        let expected = format!(
            "character {} (row 3, column {column}) is a wall `x` between the red car `A` and the \
             exit on the right of its row",
            12 + column
        );
        for (args, prefix) in [
            (
                vec!["import", "rushhour", &board, "-o", file.to_str().unwrap()],
                "blockslide import: ",
            ),
            (
                vec!["solve", "--rushhour", &board],
                "blockslide solve: --rushhour: ",
            ),
            (
                vec!["count", "--rushhour", &board],
                "blockslide count: --rushhour: ",
            ),
        ] {
            let out = blockslide_exits(&args, 1);
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(
                err.starts_with(&format!("{prefix}{expected}")),
                "{args:?}: {err}"
            );
        }
        assert!(!file.exists());
    }
}

#[test]
fn a_board_starting_with_a_hyphen_is_read_as_a_board() {
    // clap took it for an option (`unexpected argument '-B'`); no valid board starts with
    // `-`, so it is refused as a board, at its first character, with or without `--`.
    let board = HARDEST.replacen('I', "-", 1);
    for args in [
        vec!["import", "rushhour", &board],
        vec!["import", "rushhour", "--", &board],
    ] {
        let out = blockslide_exits(&args, 1);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with("blockslide import: character 1 (row 1, column 1) is `-`"),
            "{args:?}: {err}"
        );
    }
    // Options still read as options around it.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("hardest.ron");
    blockslide_exits(
        &["import", "rushhour", "-o", file.to_str().unwrap(), HARDEST],
        0,
    );
    assert!(file.exists());
}

#[test]
fn export_refuses_what_the_notation_cannot_hold_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let original = dir.path().join("hardest.ron");
    blockslide_exits(
        &[
            "import",
            "rushhour",
            HARDEST,
            "-o",
            original.to_str().unwrap(),
        ],
        0,
    );
    let text = std::fs::read_to_string(&original).unwrap();
    let zones = format!(
        "{}    zones: (\n        grid: [\". . . . z .\", \". . . . . .\", \". . . . . .\", \". . \
         . . . .\", \". . . . . .\", \". . . . . .\"],\n        allow: {{ \"z\": [Piece(\"B\")] \
         }},\n    ),\n)\n",
        text.trim_end().strip_suffix(')').unwrap()
    );
    let cases = [
        (
            text.replace("    metric: Slide,\n", ""),
            "it names no metric, so it is counted in steps",
        ),
        (
            text.replace("metric: Slide", "metric: Step"),
            "it is counted in the step metric",
        ),
        (
            text.replace("\". . . . A A\"", "\"A A . . . .\""),
            "its goal is not the red car `A` at the exit",
        ),
        (
            text.replace("anywhere: false", "anywhere: true"),
            "its goal is not the red car `A` at the exit",
        ),
        (
            text.replace("\"B\":   (axis: Horizontal)", "\"B\":   (name: \"free\")"),
            "piece `B` is not locked to the axis of its length",
        ),
        (zones, "it has zones"),
    ];
    let file = dir.path().join("changed.ron");
    for (changed, expected) in cases {
        assert_ne!(changed, text, "{expected}");
        std::fs::write(&file, &changed).unwrap();
        blockslide_exits(&["check", file.to_str().unwrap()], 0);
        let out = blockslide_exits(&["export", "rushhour", file.to_str().unwrap()], 1);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with(
                "blockslide export: this puzzle cannot be written as a Rush Hour board: "
            ),
            "{err}"
        );
        assert!(err.contains(expected), "{expected}: {err}");
        assert!(out.stdout.is_empty());
    }
    // A file `check` refuses is refused with `check`'s errors, at their places.
    let invalid = text.replace("\". . . . A A\"", "\". . . . Q A\"");
    std::fs::write(&file, &invalid).unwrap();
    let line = 1 + invalid
        .lines()
        .position(|l| l.contains("\". . . . Q A\""))
        .unwrap();
    let out = blockslide_exits(&["export", "rushhour", file.to_str().unwrap()], 1);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with(&format!(
            "blockslide export: {}:{line}:22: the goal names piece `Q`, which is not on the board",
            file.display()
        )),
        "{err}"
    );
    // The move metric counts as slides do for vehicles locked to their axes.
    std::fs::write(&file, text.replace("metric: Slide", "metric: Move")).unwrap();
    let out = blockslide_exits(&["export", "rushhour", file.to_str().unwrap()], 0);
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), HARDEST);
}
