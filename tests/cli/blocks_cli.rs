//! `blockslide count` end to end: text and JSON output on the bundled Klotski, and the exit
//! codes (0 counted, 1 error, 3 limit).

use std::process::Command;

use crate::fixtures::saved;

fn blockslide() -> Command {
    crate::cli_support::command()
}

#[test]
fn count_pennant_json() {
    let out = blockslide()
        .arg("count")
        .arg(saved("pennant.ron"))
        .args(["--metric", "step", "--json"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["states"], 1398);
    assert_eq!(v["metric"], "step");
    assert_eq!(v["complete"], true);
    let per_depth: Vec<u64> = v["per_depth"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert_eq!(per_depth.iter().sum::<u64>(), 1398);
    assert_eq!(per_depth[0], 1);
    assert_eq!(
        v["max_depth"].as_u64().unwrap() as usize,
        per_depth.len() - 1
    );
    assert!(v["goal_states"].as_u64().unwrap() > 0);
}

#[test]
fn count_klotski_text() {
    let out = blockslide()
        .arg("count")
        .arg(saved("klotski.ron"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("states:      25955"), "{text}");
    assert!(text.contains("goal states: 964"), "{text}");
    assert!(text.contains("states per depth:"), "{text}");
}

#[test]
fn count_exit_codes() {
    let limited = blockslide()
        .arg("count")
        .arg(saved("klotski.ron"))
        .args(["--max-nodes", "100", "--json"])
        .output()
        .unwrap();
    assert_eq!(limited.status.code(), Some(3));
    let v: serde_json::Value = serde_json::from_slice(&limited.stdout).unwrap();
    assert_eq!(v["status"], "node-limit");
    assert_eq!(v["complete"], false);

    let missing = blockslide()
        .args(["count", "no-such-file.ron"])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(1));
    assert!(!missing.stderr.is_empty());

    let bad_metric = blockslide()
        .arg("count")
        .arg(saved("klotski.ron"))
        .args(["--metric", "hop"])
        .output()
        .unwrap();
    assert_eq!(bad_metric.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad_metric.stderr).contains("step, slide or move"));
}
