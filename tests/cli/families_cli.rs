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
    assert!(String::from_utf8_lossy(&out.stderr).contains("not 6x6"));
}
