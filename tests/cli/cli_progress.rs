//! The live progress line: drawn on a terminal while a long command runs, never when the
//! output is piped or with `--quiet`.

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_blockslide");

/// A count that runs long enough for the line to be redrawn with figures.
fn long_count(extra: &str) -> String {
    let puzzle = crate::fixtures::saved("fifteen-38.ron");
    format!(
        "{BIN} count {} --max-nodes 400000 {extra}",
        puzzle.display()
    )
}

/// Runs `command` with a pseudo-terminal (util-linux's `script`), returning what the
/// terminal showed.
#[cfg(target_os = "linux")]
fn on_a_terminal(command: &str) -> String {
    let out = Command::new("script")
        .args(["-qec", command, "/dev/null"])
        .output()
        .expect("`script` (util-linux) runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[cfg(target_os = "linux")]
#[test]
fn a_terminal_sees_the_line_and_quiet_hides_it() {
    let shown = on_a_terminal(&long_count(""));
    assert!(shown.contains("counting:"), "{shown}");
    assert!(
        shown.contains(" states · "),
        "the line has figures: {shown}"
    );
    assert!(shown.contains("states:"), "the report follows: {shown}");
    let quiet = on_a_terminal(&long_count("--quiet"));
    assert!(!quiet.contains("counting:"), "{quiet}");
    assert!(quiet.contains("states:"), "{quiet}");
}

#[test]
fn piped_output_has_no_line() {
    let out = crate::cli_support::command()
        .arg("count")
        .arg(crate::fixtures::saved("fifteen-38.ron"))
        .args(["--max-nodes", "400000"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "stopped by the node limit");
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("states:"));
}
