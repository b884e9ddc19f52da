//! When the report cannot be written: standard output full (`> /dev/full`) or closed (the
//! reader went away), standard error full. Every subcommand ends with exit 1 and one line on
//! standard error (when it works), never a panic.

use std::fs::File;
use std::process::{Output, Stdio};

use crate::cli_support::command;
use crate::fixtures::repository;

/// Subcommands that print a report, each quick on a small puzzle.
fn reporting_commands() -> Vec<Vec<String>> {
    let file = |name: &str| {
        repository()
            .join("saved_puzzles")
            .join(name)
            .display()
            .to_string()
    };
    let words = |line: &str| line.split(' ').map(str::to_string).collect::<Vec<_>>();
    let mut commands = vec![
        words("solve --list-heuristics"),
        vec![
            "solve".into(),
            "--tiles".into(),
            "1 2 3 4 5 0".into(),
            "--size".into(),
            "2x3".into(),
        ],
        words("generate --size 3x3 --count 3 --seed 1"),
        words("import rushhour IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"),
    ];
    for name in ["klotski.ron", "eight-14.ron", "two-by-three.ron"] {
        commands.push(vec!["check".into(), file(name)]);
    }
    for sub in ["solve", "count", "analyze"] {
        for json in [false, true] {
            let mut line = vec![sub.to_string(), file("two-by-three.ron")];
            if json {
                line.push("--json".into());
            }
            commands.push(line);
        }
    }
    commands.push(vec!["explore".into(), file("blocks-tiny.ron")]);
    commands.push(vec![
        "export".into(),
        "rushhour".into(),
        file("rush-hour-54.ron"),
    ]);
    commands
}

fn run_with(args: &[String], stdout: Stdio, stderr: Stdio) -> Output {
    command()
        .args(args)
        .stdout(stdout)
        .stderr(stderr)
        .output()
        .expect("the binary runs")
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_standard_output_is_one_clear_error() {
    for args in reporting_commands() {
        let full = File::create("/dev/full").expect("/dev/full opens");
        let out = run_with(&args, Stdio::from(full), Stdio::piped());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 1, "{args:?}: {err}");
        assert!(
            lines[0].contains("standard output is full"),
            "{args:?}: {err}"
        );
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_standard_error_does_not_panic() {
    // Each of these writes its error to standard error: a missing file, a bad option value.
    for args in [
        vec!["solve", "no-such-file.ron"],
        vec!["check", "no-such-file.ron"],
        vec!["count", "no-such-file.ron"],
        vec!["solve", "--tiles", "1 2 3", "--size", "9x9"],
    ] {
        let args: Vec<String> = args.into_iter().map(str::to_string).collect();
        let full = File::create("/dev/full").expect("/dev/full opens");
        let out = run_with(&args, Stdio::piped(), Stdio::from(full));
        assert_eq!(out.status.code(), Some(1), "{args:?}");
    }
    // With standard output full as well, the exit code still says what happened.
    let args = vec!["solve".to_string(), "--list-heuristics".to_string()];
    let out = run_with(
        &args,
        Stdio::from(File::create("/dev/full").unwrap()),
        Stdio::from(File::create("/dev/full").unwrap()),
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_closed_output_pipe_is_one_clear_error() {
    use std::io::Read as _;
    // More than a pipe holds (64 KiB): while another test's child is between its fork and its
    // exec it briefly holds the reading end too, and a small report could land in the pipe's
    // buffer; a large one meets the closed pipe whatever the timing.
    let mut child = command()
        .args([
            "generate", "--size", "3x3", "--count", "20000", "--seed", "1",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    // Close the reading end before the program writes: its writes hit a broken pipe.
    drop(child.stdout.take());
    let mut err = String::new();
    child
        .stderr
        .take()
        .expect("stderr is piped")
        .read_to_string(&mut err)
        .expect("stderr is readable");
    let status = child.wait().expect("the program ends");
    assert_eq!(status.code(), Some(1), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("standard output was closed"), "{err}");
}

/// Runs `blockslide ARGS` with file descriptor 1 closed, as `blockslide ARGS >&-` does
/// (`Stdio::null()` is an open descriptor, not a closed one).
#[cfg(target_os = "linux")]
fn run_with_stdout_closed(args: &[String]) -> Output {
    use std::os::unix::process::CommandExt as _;
    let mut command = command();
    command.args(args).stderr(Stdio::piped());
    // SAFETY: the closure runs in the child between fork and exec and only calls `close`,
    // which is async-signal-safe; closing descriptor 1 touches nothing of the parent.
    unsafe {
        command.pre_exec(|| {
            libc::close(libc::STDOUT_FILENO);
            Ok(())
        });
    }
    command.output().expect("the binary runs")
}

#[cfg(target_os = "linux")]
#[test]
fn a_closed_standard_output_is_one_clear_error() {
    let file = |name: &str| {
        repository()
            .join("saved_puzzles")
            .join(name)
            .display()
            .to_string()
    };
    let words = |line: &str| line.split(' ').map(str::to_string).collect::<Vec<_>>();
    let dir = tempfile::tempdir().unwrap();
    let listing = dir.path().join("family.jsonl");
    for args in [
        words("family rushhour --size 4x4 -q"),
        // With -o as well: the listing would be written, its summary lost.
        vec![
            "family".into(),
            "rushhour".into(),
            "--size".into(),
            "3x3".into(),
            "-q".into(),
            "--json".into(),
            "-o".into(),
            listing.display().to_string(),
        ],
        words("generate --size 3x3 --count 3 --seed 1"),
        vec!["solve".into(), file("two-by-three.ron")],
        vec!["count".into(), file("two-by-three.ron")],
    ] {
        let out = run_with_stdout_closed(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("standard output is closed"), "{args:?}: {err}");
    }
    assert!(
        !listing.exists(),
        "nothing is written when the run is refused"
    );
}
