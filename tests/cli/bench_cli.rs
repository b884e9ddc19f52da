//! `blockslide bench`: its help names every suite it runs.

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
