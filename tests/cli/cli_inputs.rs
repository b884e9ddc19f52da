//! The command line on hostile input: files that are not regular or too large, batch lists
//! with a byte-order mark or CR-only lines, and user text that must not reach the terminal
//! raw.

use crate::cli_support::{blockslide, blockslide_exits};
use std::path::Path;

use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

/// Runs the binary and kills it if it runs longer than `limit` (then fails the test).
fn blockslide_within(args: &[&str], limit: Duration) -> Output {
    let mut child = crate::cli_support::command()
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let started = Instant::now();
    while child.try_wait().expect("the child can be polled").is_none() {
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("`blockslide {}` ran longer than {limit:?}", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("the output is collected")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[cfg(unix)]
fn mkfifo(path: &Path) {
    let c_path = std::ffi::CString::new(path.to_str().expect("a UTF-8 temp path")).unwrap();
    // SAFETY: `c_path` is a NUL-terminated path that outlives the call.
    assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0);
}

#[cfg(unix)]
#[test]
fn fifos_and_devices_are_refused_by_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("input");
    mkfifo(&fifo);
    let fifo = fifo.to_str().unwrap();
    for args in [
        vec!["check", fifo],
        vec!["solve", fifo],
        vec!["count", fifo],
        vec!["batch", fifo],
        vec!["check", "/dev/zero"],
        vec!["batch", "/dev/zero"],
    ] {
        let out = blockslide_within(&args, Duration::from_secs(10));
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let text = stdout(&out) + &stderr(&out);
        assert!(text.contains("not a regular file"), "{args:?}: {text}");
    }
}

#[test]
fn oversized_files_are_refused_by_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.ron");
    std::fs::File::create(&path)
        .unwrap()
        .set_len(3 << 30)
        .unwrap();
    let path = path.to_str().unwrap();
    for (command, limit) in [
        ("check", "the 4 MiB a puzzle file may have"),
        ("solve", "the 4 MiB a puzzle file may have"),
        ("count", "the 4 MiB a puzzle file may have"),
        // A batch list is named as such (it was called "a puzzle file"), with its own limit.
        ("batch", "the 64 MiB a batch list may have"),
    ] {
        let out = blockslide_within(&[command, path], Duration::from_secs(10));
        assert_eq!(out.status.code(), Some(1), "{command}");
        let text = stdout(&out) + &stderr(&out);
        assert!(
            text.contains(&format!("more than {limit}")),
            "{command}: {text}"
        );
    }
}

#[test]
fn batch_lists_are_bounded_by_their_instances() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("list.txt");
    // Over 4 MiB (the old limit of lists, as of puzzle files) but under 100,000 instances.
    let line = "5 4 2 1 3 0 8\n";
    let text = "# a comment line that makes the list longer than four mebibytes\n".repeat(70_000)
        + &line.repeat(10);
    assert!(text.len() > 4 << 20);
    std::fs::write(&path, &text).unwrap();
    let list = path.to_str().unwrap();
    let out = blockslide_exits(&["batch", list, "--size", "2x3", "--json"], 0);
    assert_eq!(stdout(&out).lines().count(), 11);
    // One instance more than 100,000 is refused at its line, before any search.
    std::fs::write(&path, line.repeat(100_001)).unwrap();
    let out = blockslide_within(&["batch", list, "--size", "2x3"], Duration::from_secs(30));
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).is_empty());
    assert_eq!(
        stderr(&out),
        "blockslide batch: line 100001: a batch list holds at most 100,000 instances; split \
         the list\n"
    );
}

#[test]
fn utf16_files_are_refused_as_not_utf8() {
    // Without a byte-order mark, UTF-16 of ASCII text is valid UTF-8 with a NUL in every other
    // byte: it reached the parser, which refused it with a syntax error.
    let text = std::fs::read_to_string(crate::fixtures::saved("eight-1.ron")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("utf16.ron");
    let bytes: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    std::fs::write(&path, bytes).unwrap();
    let file = path.to_str().unwrap();
    for command in ["check", "solve", "count"] {
        let out = blockslide_exits(&[command, file], 1);
        let text = stdout(&out) + &stderr(&out);
        assert!(
            text.contains(&format!(
                "{file}:1:2: {}the file is not UTF-8 text: it looks like UTF-16",
                if command == "check" { "error: " } else { "" }
            )),
            "{command}: {text}"
        );
    }
}

#[test]
fn tile_numbers_beyond_any_board_are_too_large_not_malformed() {
    let out = blockslide_exits(&["solve", "--tiles", "4294967296 1 2 0"], 1);
    assert_eq!(
        stderr(&out),
        "blockslide solve: --tiles: `4294967296` is too large; a tile board has at most 1,000 \
         cells, so its tiles are 1 to 999 (0 is the blank)\n"
    );
    let out = blockslide_exits(&["solve", "--tiles", "1 2 3 x"], 1);
    assert!(
        stderr(&out).contains("`x` is not a whole number"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn batch_lists_with_a_byte_order_mark_or_cr_lines_are_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("list.txt");
    let list = "\u{feff}# two instances\r1 2 3 4 5 6 7 0 8 1\r\r1 2 3 4 5 6 0 7 8 2\r";
    std::fs::write(&path, list).unwrap();
    let out = blockslide(&["batch", path.to_str().unwrap(), "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["line"], 2);
    assert_eq!(lines[1]["line"], 4);
    assert_eq!(lines[2]["summary"]["solved"], 2);
    // An error is reported on its own line, not on line 1.
    std::fs::write(&path, "1 2 3 4 5 6 7 0 8\r1 2 3 4 5 6 7 8 8\r").unwrap();
    let out = blockslide_exits(&["batch", path.to_str().unwrap()], 1);
    assert!(stderr(&out).contains("line 2:"), "{}", stderr(&out));
}

#[test]
fn tile_lists_with_a_repeated_number_or_no_blank_are_clear_errors() {
    let cases = [
        (
            vec!["--tiles", "1 1 2 3 4 5 6 7 0"],
            "--tiles holds 1 twice",
        ),
        (vec!["--tiles", "1 2 3 4 5 6 7 8 9"], "--tiles has no 0"),
        (
            vec![
                "--tiles",
                "1 2 3 4 5 6 7 8 0",
                "--goal",
                "1 2 3 4 5 6 7 8 8",
            ],
            "--goal has no 0",
        ),
        (
            vec![
                "--tiles",
                "1 2 3 4 5 6 7 0 8",
                "--goal",
                "1 2 3 4 4 6 7 8 0",
            ],
            "--goal holds 4 twice",
        ),
        (vec!["--tiles", "1 2 3 4 5 6 7 0 12"], "--tiles holds 12"),
    ];
    for (tiles, expected) in cases {
        let mut args = vec!["solve"];
        args.extend(tiles);
        let out = blockslide(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stdout(&out));
        assert!(
            stderr(&out).contains(expected),
            "{args:?}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn custom_pattern_groups_are_accepted_by_solve_as_by_batch() {
    let cache = tempfile::tempdir().unwrap();
    let heuristic = "pdb:1,2,3,4/5,6,7,8";
    let out = crate::cli_support::command()
        .args([
            "solve",
            "--tiles",
            "4 1 3 0 2 6 7 5 8",
            "--heuristic",
            heuristic,
        ])
        .args(["--json"])
        .env("BLOCKSLIDE_CACHE_DIR", cache.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["heuristic"], heuristic);
    assert_eq!(v["optimal"], true);
    let list = cache.path().join("list.txt");
    std::fs::write(&list, "4 1 3 0 2 6 7 5 8\n").unwrap();
    let out = crate::cli_support::command()
        .args(["batch", list.to_str().unwrap(), "--heuristic", heuristic])
        .env("BLOCKSLIDE_CACHE_DIR", cache.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // A malformed partition is refused by both, with the reason.
    for args in [
        vec![
            "solve",
            "--tiles",
            "4 1 3 0 2 6 7 5 8",
            "--heuristic",
            "pdb:1,1/5",
        ],
        vec!["batch", list.to_str().unwrap(), "--heuristic", "pdb:1,1/5"],
    ] {
        let out = blockslide(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(stderr(&out).contains("tile 1 twice"), "{}", stderr(&out));
    }
}

/// Whether `text` holds a byte that would drive the terminal (C0 controls other than the
/// line ends of the output itself, DEL, or the 8-bit C1 introducer of an escape).
fn has_raw_control(text: &str) -> bool {
    text.chars()
        .any(|c| c.is_control() && c != '\n' || ('\u{80}'..='\u{9f}').contains(&c))
}

#[test]
fn untrusted_text_reaches_the_terminal_escaped_and_shortened() {
    let dir = tempfile::tempdir().unwrap();
    // A name that clears the screen, with a NUL, on a valid puzzle.
    let named = dir.path().join("named.ron");
    std::fs::write(
        &named,
        "(format: 1, name: \"evil\\u{1b}[2J\\u{0}name\", board: [\"A .\"], \
         goal: (cells: [\". A\"]))",
    )
    .unwrap();
    for args in [
        vec!["solve", named.to_str().unwrap()],
        vec!["count", named.to_str().unwrap()],
    ] {
        let out = blockslide(&args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        let text = stdout(&out);
        assert!(!has_raw_control(&text), "{args:?}: {text:?}");
        assert!(
            text.contains("evil\\u{1b}[2J\\u{0}name"),
            "{args:?}: {text}"
        );
    }
    // A piece key and a colour with escapes, reported by `check` and `solve`.
    let bad = dir.path().join("bad.ron");
    std::fs::write(
        &bad,
        "(format: 1, board: [\"A .\"], pieces: { \"A\": (color: \"\\u{1b}]0;pwned\\u{7}\") })",
    )
    .unwrap();
    for args in [
        vec!["check", bad.to_str().unwrap()],
        vec!["solve", bad.to_str().unwrap()],
    ] {
        let out = blockslide(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let text = stdout(&out) + &stderr(&out);
        assert!(!has_raw_control(&text), "{args:?}: {text:?}");
        assert!(text.contains("\\u{1b}]0;pwned\\u{7}"), "{args:?}: {text}");
    }
    // A megabyte-long token in a batch list, and tokens as long as an argument may be, are
    // echoed in part, with their length.
    let list = dir.path().join("list.txt");
    std::fs::write(&list, format!("1 2 3 {}\n", "x".repeat(1 << 20))).unwrap();
    let token = "x".repeat(100_000);
    let tiles = format!("1 2 3 {token}");
    for args in [
        vec!["batch", list.to_str().unwrap()],
        vec!["solve", "--tiles", tiles.as_str()],
        vec!["solve", "--tiles", "1 2 3 0", "--heuristic", token.as_str()],
    ] {
        let out = blockslide(&args);
        assert_eq!(out.status.code(), Some(1));
        let text = stderr(&out);
        assert!(text.len() < 10_000, "{} bytes", text.len());
        assert!(text.contains("characters in all)"), "{text}");
    }
}

#[test]
fn a_time_limit_beyond_any_clock_names_the_maximum() {
    let out = blockslide_exits(&["solve", "--tiles", "1 2 3 0", "--time-limit", "1e300"], 1);
    let text = stderr(&out);
    assert!(
        text.contains(&format!("from 0 to {}", Duration::MAX.as_secs())),
        "{text}"
    );
    assert!(!text.contains(">= 0"), "{text}");
}

/// The peak memory a report gives is the process's own, as the kernel counts it: no more than
/// what the parent sees when it reaps the child, and not a stub.
#[cfg(target_os = "linux")]
#[test]
#[expect(
    clippy::zombie_processes,
    reason = "the child is reaped by `wait4`, which also reports its peak memory"
)]
fn reported_peak_memory_is_the_kernels() {
    use std::io::Read as _;
    let klotski = concat!(env!("CARGO_MANIFEST_DIR"), "/saved_puzzles/klotski.ron");
    let mut child = crate::cli_support::command()
        .args(["count", klotski, "--json"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let mut text = String::new();
    child
        .stdout
        .take()
        .expect("piped")
        .read_to_string(&mut text)
        .unwrap();
    let pid = libc::pid_t::try_from(child.id()).expect("a process id fits pid_t");
    let mut status = 0;
    // SAFETY: an all-zero `rusage` is a valid value of this plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is this test's own child, not yet reaped, and both pointers are to live
    // locals.
    let reaped = unsafe { libc::wait4(pid, &raw mut status, 0, &raw mut usage) };
    assert_eq!(reaped, pid);
    let kernel = u64::try_from(usage.ru_maxrss).unwrap_or(0) * 1024;
    let v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(v["peak_memory_estimated"], false);
    let reported = v["peak_memory_bytes"].as_u64().expect("bytes");
    // The kernel's figure for the child also holds what the child took over from this test
    // process when it was spawned (sharing its memory until it ran the binary); the child's
    // own high-water mark is never more, and the walk's tables are in it.
    assert!(
        (2 << 20..=kernel).contains(&reported),
        "reported {reported}, kernel {kernel}"
    );
}
