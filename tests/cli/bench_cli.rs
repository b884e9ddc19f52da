//! `blockslide bench`: its help names every suite it runs, and `bench suggest` measures what
//! `suggest` finds.

use crate::cli_support::blockslide_exits;

#[test]
fn bench_help_names_every_suite() {
    // The refusal of an unknown suite lists every suite `bench` knows.
    let refused = blockslide_exits(&["bench", "no-such-suite"], 1);
    let message = String::from_utf8_lossy(&refused.stderr);
    let (_, list) = message
        .split_once("choose from ")
        .expect("the refusal lists the suites");
    let help = blockslide_exits(&["bench", "--help"], 0);
    let help = String::from_utf8_lossy(&help.stdout);
    let suites: Vec<&str> = list.trim().split(", ").collect();
    assert!(suites.contains(&"design-6x6"), "{list}");
    for suite in suites {
        assert!(
            help.split(|c: char| !(c.is_alphanumeric() || c == '-'))
                .any(|word| word == suite),
            "`bench --help` does not name the suite {suite}:\n{help}"
        );
    }
}

#[test]
fn bench_suggest_measures_every_edit_of_klotski_in_every_metric() {
    let out = blockslide_exits(&["bench", "suggest", "--runs", "1", "--json"], 0);
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    let metrics: Vec<&str> = lines
        .iter()
        .map(|l| l["metric"].as_str().unwrap())
        .collect();
    assert_eq!(metrics, ["step", "slide", "move"]);
    let klotski = format!("{}/saved_puzzles/klotski.ron", env!("CARGO_MANIFEST_DIR"));
    for line in &lines {
        let metric = line["metric"].as_str().unwrap();
        let run = blockslide_exits(
            &["suggest", &klotski, "--metric", metric, "--json", "-q"],
            0,
        );
        let run: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
        assert_eq!(line["edits"], run["analysed"], "{metric}");
        assert_eq!(line["hardest"], run["current"]["hardest"], "{metric}");
        assert_eq!(
            line["best_hardest"], run["suggestions"][0]["hardest"],
            "{metric}"
        );
        assert_eq!(line["threads"], 2);
    }
}
