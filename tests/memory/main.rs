//! How much memory the binary takes on hostile puzzle files, measured as the kernel counts the
//! child: in a test binary of its own, because a child started by a process takes over that
//! process's high-water mark (it shares its memory until it runs the binary), and the main CLI
//! suite's process holds other tests' buffers at the same time.

#![cfg(target_os = "linux")]

use std::process::{Command, Stdio};

use blockslide_core::model::file::MAX_FILE_BYTES;

/// Runs the binary and returns its exit code and peak resident memory in bytes (from the
/// kernel's accounting of the child, `wait4`'s `ru_maxrss`, in KiB on Linux).
#[expect(
    clippy::zombie_processes,
    reason = "the child is reaped by `wait4`, which also reports its peak memory"
)]
fn peak_memory(args: &[&str]) -> (Option<i32>, u64) {
    let child = Command::new(env!("CARGO_BIN_EXE_blockslide"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the binary runs");
    let pid = libc::pid_t::try_from(child.id()).expect("a process id fits pid_t");
    let mut status = 0;
    // SAFETY: an all-zero `rusage` is a valid value of this plain C struct.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is this test's own child, not yet reaped (its `Child` is never waited
    // on), and both pointers are to live locals.
    let reaped = unsafe { libc::wait4(pid, &raw mut status, 0, &raw mut usage) };
    assert_eq!(reaped, pid);
    let code = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
    (code, u64::try_from(usage.ru_maxrss).unwrap_or(0) * 1024)
}

#[test]
fn no_puzzle_file_takes_more_than_100_mb_to_check_or_refuse() {
    let dir = tempfile::tempdir().unwrap();
    let limit = usize::try_from(MAX_FILE_BYTES).unwrap() - 200;
    let files = [
        // a million short rows, and one row of two million tokens
        (
            "short-rows",
            format!("(format: 1, board: [\n{}])", "\"A\",\n".repeat(limit / 5)),
        ),
        (
            "wide-row",
            format!("(format: 1, board: [\"{}\"])", "A ".repeat(limit / 2)),
        ),
        (
            "goal-rows",
            format!(
                "(format: 1, board: [\"A\"], goal: (cells: [\n{}]))",
                "\".\",\n".repeat(limit / 5)
            ),
        ),
        // long notes: plain, of raw line breaks, of escapes
        (
            "notes",
            format!(
                "(format: 1, board: [\"A\"], notes: \"{}\")",
                "x".repeat(limit)
            ),
        ),
        (
            "lines",
            format!(
                "(format: 1, board: [\"A\"], notes: \"{}\")",
                "\n".repeat(limit)
            ),
        ),
        (
            "escapes",
            format!(
                "(format: 1, board: [\"A\"], notes: \"{}\")",
                "\\t".repeat(limit / 2)
            ),
        ),
        (
            "cr-lines",
            format!("(format: 1,{}board: [\"A\"])", "\r".repeat(limit)),
        ),
    ];
    let mut paths = Vec::new();
    for (name, text) in files {
        assert!(text.len() as u64 <= MAX_FILE_BYTES, "{name}");
        let path = dir.path().join(format!("{name}.ron"));
        std::fs::write(&path, text).unwrap();
        paths.push(path);
    }
    let sparse = dir.path().join("sparse.ron");
    std::fs::File::create(&sparse)
        .unwrap()
        .set_len(3 << 30)
        .unwrap();
    paths.push(sparse);
    paths.push("/dev/zero".into());
    for path in &paths {
        for command in ["check", "solve"] {
            let (code, peak) = peak_memory(&[command, path.to_str().unwrap()]);
            assert!(code.is_some(), "{command} {}: killed", path.display());
            assert!(
                peak < 100 << 20,
                "{command} {}: {} MiB",
                path.display(),
                peak >> 20
            );
        }
    }
}
