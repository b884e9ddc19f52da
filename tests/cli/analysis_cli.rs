//! `blockslide analyze` and `blockslide explore` end to end: the JSON objects, the puzzle files
//! they write, limits and exit codes, and errors.

use crate::cli_support::{blockslide, blockslide_exits};
use std::path::Path;
use std::process::Output;

use blockslide_core::model::file::load;
use blockslide_testkit::arrangements::all_arrangements;

use crate::cli_support;
use crate::fixtures::{bundled, saved};
use cli_support::piece_moves;

fn json(output: &Output) -> serde_json::Value {
    let text = String::from_utf8_lossy(&output.stdout);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

fn text(path: &Path) -> &str {
    path.to_str().expect("the tests' paths are UTF-8")
}

#[test]
fn analyze_json_reports_the_component_and_its_hardest_start_which_it_writes() {
    let small = bundled("blocks-small.ron");
    let file = saved("blocks-small.ron");
    let dir = tempfile::tempdir().unwrap();
    let hardest_file = dir.path().join("hardest.ron");
    let out = blockslide(&[
        "analyze",
        text(&file),
        "--metric",
        "slide",
        "--json",
        "--write-hardest",
        text(&hardest_file),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out);
    assert_eq!(v["status"], "analyzed");
    assert_eq!(v["complete"], true);
    assert_eq!(v["metric"], "slide");
    assert_eq!(v["start_distance"], 30, "the notebook's known optimum");
    let histogram: Vec<u64> = serde_json::from_value(v["histogram"].clone()).unwrap();
    assert_eq!(
        histogram.iter().sum::<u64>(),
        v["component"].as_u64().unwrap()
    );
    let distance = v["hardest"]["distance"].as_u64().unwrap();
    assert_eq!(histogram.len() as u64, distance + 1);
    let solutions: u128 = v["optimal_solutions"].as_str().unwrap().parse().unwrap();
    assert!(solutions >= 1);
    assert_eq!(v["optimal_solutions_saturated"], false);
    let solution = piece_moves(&serde_json::json!({ "moves": v["solution"] }));
    assert_eq!(solution.len(), 30);
    blockslide_core::solve::api::verify_solution(&small, &solution).unwrap();
    let choices = v["choices"].as_array().unwrap();
    assert_eq!(choices.len(), 30);
    let forced = choices.iter().filter(|c| c.as_u64() == Some(1)).count();
    assert_eq!(v["forced_moves"], forced);

    let written = load(&hardest_file).unwrap();
    assert_eq!(written.goal, small.goal, "the goal is the original's");
    assert_eq!(
        written.styles, small.styles,
        "the styles are the original's"
    );
    let again = json(&blockslide(&[
        "analyze",
        text(&hardest_file),
        "--metric",
        "slide",
        "--json",
    ]));
    assert_eq!(again["start_distance"].as_u64(), Some(distance));
    assert_eq!(again["component"], v["component"]);
}

#[test]
fn analyze_text_shows_the_summary_and_the_histogram() {
    let file = saved("klotski.ron");
    let out = blockslide_exits(&["analyze", text(&file), "--metric", "move"], 0);
    let stdout = String::from_utf8_lossy(&out.stdout);
    for expected in [
        "25955 positions",
        "start distance:    81",
        "optimal solutions:",
        "hardest starts:",
        "positions by distance to the goal:",
    ] {
        assert!(
            stdout.contains(expected),
            "missing {expected:?} in\n{stdout}"
        );
    }
}

#[test]
fn analyze_stopped_by_a_limit_exits_3_and_says_what_is_missing() {
    let file = saved("klotski.ron");
    let out = blockslide_exits(
        &[
            "analyze",
            text(&file),
            "--metric",
            "move",
            "--max-nodes",
            "1000",
            "--json",
        ],
        3,
    );
    let v = json(&out);
    assert_eq!(v["status"], "node-limit");
    assert_eq!(v["complete"], false);
    assert!(v["hardest"].is_null() && v["optimal_solutions"].is_null());
    assert!(v["notes"][0].as_str().unwrap().contains("at least"), "{v}");
}

#[test]
fn explore_json_counts_arrangements_and_writes_the_hardest_starts() {
    let small = bundled("blocks-small.ron");
    let file = saved("blocks-small.ron");
    let dir = tempfile::tempdir().unwrap();
    let top_dir = dir.path().join("top");
    let out = blockslide(&[
        "explore",
        text(&file),
        "--metric",
        "move",
        "--top",
        "2",
        "--json",
        "--write-top",
        text(&top_dir),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out);
    assert_eq!(v["status"], "explored");
    let arrangements = all_arrangements(&small).len() as u64;
    assert_eq!(v["arrangements"].as_u64(), Some(arrangements));
    let hardest = v["hardest"].as_array().unwrap();
    assert_eq!(hardest.len(), 2);
    for (i, h) in hardest.iter().enumerate() {
        let written = load(&top_dir.join(format!("hardest-{}.ron", i + 1))).unwrap();
        assert_eq!(written.goal, small.goal);
        let start = json(&blockslide(&[
            "analyze",
            text(&top_dir.join(format!("hardest-{}.ron", i + 1))),
            "--metric",
            "move",
            "--json",
        ]));
        assert_eq!(start["start_distance"], h["distance"]);
        assert_eq!(start["component"], h["component"]);
    }
}

#[test]
fn explore_refuses_a_tile_puzzle_with_exit_1() {
    let file = saved("two-by-three.ron");
    let out = blockslide_exits(&["explore", text(&file)], 1);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("numbered-tile"), "{stderr}");
}

#[test]
fn a_zero_time_limit_stops_both_commands_with_exit_3() {
    let file = saved("klotski.ron");
    for command in ["analyze", "explore"] {
        let out = blockslide(&[command, text(&file), "--time-limit", "0", "--json"]);
        assert_eq!(out.status.code(), Some(3), "{command}");
        let v = json(&out);
        assert_eq!(v["status"], "time-limit", "{command}");
        assert_eq!(v["complete"], false, "{command}");
        assert!(!v["notes"].as_array().unwrap().is_empty(), "{command}");
    }
}
