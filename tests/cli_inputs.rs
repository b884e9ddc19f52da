//! The command line on hostile input: files that are not regular or too large, batch lists
//! with a byte-order mark or CR-only lines, and user text that must not reach the terminal
//! raw.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn blockslide(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_blockslide"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

/// Runs the binary and kills it if it runs longer than `limit` (then fails the test).
fn blockslide_within(args: &[&str], limit: Duration) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_blockslide"))
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
    for command in ["check", "solve", "count", "batch"] {
        let out = blockslide_within(&[command, path], Duration::from_secs(10));
        assert_eq!(out.status.code(), Some(1), "{command}");
        let text = stdout(&out) + &stderr(&out);
        assert!(text.contains("more than the 4 MiB"), "{command}: {text}");
    }
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
    let out = blockslide(&["batch", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("line 2:"), "{}", stderr(&out));
}
