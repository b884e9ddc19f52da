//! `family --processes`: the listing that two local processes write together over timely
//! dataflow is byte for byte the one a single process writes, in both formats, at one and two
//! threads a process, and across stops and `--resume`, by two processes or one. Every process
//! runs under a deadline and is killed when a test fails, so a run that never ends fails
//! instead of hanging.

use std::fmt::Write as _;
use std::fs::File;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Child;
use std::time::{Duration, Instant};

use crate::cli_support::{blockslide_exits, command};

/// The family of every test: 4x4 boards with up to one wall (about 7,000 clusters, 0.1 s).
const FAMILY: [&str; 6] = ["family", "rushhour", "--size", "4x4", "--max-walls", "1"];

/// How long a run of two processes may take: timely retries a connection once a second, and a
/// debug binary on a busy machine is slow; past it the run has hung.
const DEADLINE: Duration = Duration::from_mins(2);

/// A hostfile for `processes` processes on this machine, at ports free when it is written.
fn hostfile(dir: &Path, processes: usize) -> PathBuf {
    // All bound at once so that they differ, then let go for the processes to bind.
    let listeners: Vec<TcpListener> = (0..processes)
        .map(|_| TcpListener::bind("127.0.0.1:0").expect("a free port"))
        .collect();
    let mut text = String::new();
    for listener in &listeners {
        writeln!(text, "127.0.0.1:{}", listener.local_addr().unwrap().port()).unwrap();
    }
    let path = dir.join("hosts");
    std::fs::write(&path, text).unwrap();
    path
}

/// A process of a shared run, killed if the test ends before it does.
struct Process {
    child: Child,
    /// Where its standard output and error go, to show when the test fails.
    logs: [PathBuf; 2],
}

impl Drop for Process {
    fn drop(&mut self) {
        // Fails only when it already ended.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Process {
    fn logs(&self) -> String {
        let mut text = String::new();
        for path in &self.logs {
            let log = std::fs::read_to_string(path).unwrap();
            writeln!(text, "--- {}\n{log}", path.display()).unwrap();
        }
        text
    }
}

/// Runs `blockslide ARGS --processes N --process I --hostfile H` as N local processes, in
/// `dir`, and returns each one's exit code and standard error; fails, showing every process's
/// output, if one outlives [`DEADLINE`].
fn shared(dir: &Path, processes: usize, args: &[&str]) -> Vec<(Option<i32>, String)> {
    let hosts = hostfile(dir, processes);
    let count = processes.to_string();
    let mut running: Vec<Process> = (0..processes)
        .map(|i| {
            let logs = ["out", "err"].map(|stream| dir.join(format!("process-{i}.{stream}")));
            let child = command()
                .current_dir(dir)
                .args(args)
                .args(["--processes", &count, "--process", &i.to_string()])
                .arg("--hostfile")
                .arg(&hosts)
                .stdout(File::create(&logs[0]).unwrap())
                .stderr(File::create(&logs[1]).unwrap())
                .spawn()
                .expect("the binary runs");
            Process { child, logs }
        })
        .collect();
    let started = Instant::now();
    let mut codes = vec![None; processes];
    while codes.iter().any(Option::is_none) {
        for (code, process) in codes.iter_mut().zip(&mut running) {
            if code.is_none() {
                *code = process
                    .child
                    .try_wait()
                    .unwrap()
                    .map(|status| status.code());
            }
        }
        if started.elapsed() > DEADLINE {
            let logs: String = running.iter().map(Process::logs).collect();
            panic!(
                "`blockslide {}` outlived {DEADLINE:?}\n{logs}",
                args.join(" ")
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    running
        .iter()
        .zip(codes)
        .map(|(process, code)| {
            let err = std::fs::read_to_string(&process.logs[1]).unwrap();
            (code.flatten(), err)
        })
        .collect()
}

/// Checks every process of a shared run exited with its code in `codes`.
fn exited(results: &[(Option<i32>, String)], codes: &[&[i32]]) {
    for (i, ((code, err), allowed)) in results.iter().zip(codes).enumerate() {
        assert!(
            code.is_some_and(|c| allowed.contains(&c)),
            "process {i} exited with {code:?}, not one of {allowed:?}\n{err}"
        );
    }
}

/// The family's listing as one process writes it, with `options`.
fn alone(dir: &Path, options: &[&str]) -> Vec<u8> {
    let file = dir.join("alone.txt");
    let mut args = FAMILY.to_vec();
    args.extend(options);
    args.extend(["--quiet", "-o", file.to_str().unwrap()]);
    blockslide_exits(&args, 0);
    std::fs::read(&file).unwrap()
}

#[test]
fn two_processes_write_the_bytes_one_process_writes() {
    for format in ["jsonl", "fogleman"] {
        for threads in ["1", "2"] {
            let dir = tempfile::tempdir().unwrap();
            let options = ["--format", format, "--threads", threads];
            let expected = alone(dir.path(), &options);
            assert!(expected.len() > 10_000, "the listing has its clusters");
            let mut args = FAMILY.to_vec();
            args.extend(options);
            args.extend(["--quiet", "-o", "shared.txt"]);
            exited(&shared(dir.path(), 2, &args), &[&[0], &[0]]);
            let written = std::fs::read(dir.path().join("shared.txt")).unwrap();
            assert!(
                written == expected,
                "--format {format} --threads {threads}: two processes wrote {} bytes that \
                 differ from the {} one process writes",
                written.len(),
                expected.len()
            );
            // Process 1 writes nothing, and process 0 leaves nothing but the listing.
            let mut left: Vec<String> = std::fs::read_dir(dir.path())
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .filter(|name| name.contains("shared"))
                .collect();
            left.sort();
            assert_eq!(left, ["shared.txt"]);
        }
    }
}

#[test]
fn a_shared_run_stopped_by_a_limit_resumes_to_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let options = ["--threads", "2"];
    let expected = alone(dir.path(), &options);
    let mut args = FAMILY.to_vec();
    args.extend(options);
    args.extend(["--quiet", "-o", "shared.txt"]);
    // The limit counts positions on process 0; process 1 may finish its share first.
    let mut limited = args.clone();
    limited.extend(["--max-nodes", "5000"]);
    let results = shared(dir.path(), 2, &limited);
    exited(&results, &[&[3], &[0, 3]]);
    assert!(results[0].1.contains("--resume"), "{}", results[0].1);
    assert!(!dir.path().join("shared.txt").exists());
    // One process goes on with the run two started, and stops again; two finish it.
    args.push("--resume");
    let file = dir.path().join("shared.txt");
    let mut alone = FAMILY.to_vec();
    alone.extend([
        "--threads",
        "1",
        "--quiet",
        "--resume",
        "--max-nodes",
        "20000",
    ]);
    alone.extend(["-o", file.to_str().unwrap()]);
    blockslide_exits(&alone, 3);
    assert!(!file.exists());
    exited(&shared(dir.path(), 2, &args), &[&[0], &[0]]);
    let written = std::fs::read(&file).unwrap();
    assert!(written == expected, "the resumed listing differs");
}

#[test]
fn processes_that_run_different_families_stop_with_the_reason() {
    // Process 1 is given no walls: another family.
    processes_that_differ_stop_with_the_reason(
        (&FAMILY, &[]),
        (&FAMILY[..4], &[]),
        &["up to 0 walls", "up to 1 wall"],
    );
}

#[test]
fn processes_with_different_threads_stop_with_the_reason() {
    // Timely needs as many workers on every process: this once ended in a panic inside timely
    // ("MergeQueue poisoned") and a resume that failed the same way.
    processes_that_differ_stop_with_the_reason(
        (&FAMILY, &["--threads", "2"]),
        (&FAMILY, &["--threads", "1"]),
        &["2 thread(s) a process", "1 thread(s) a process"],
    );
}

/// Starts process 0 with `first` (family and options) and process 1 with `second`, and checks
/// both exit 1 saying the processes run different things, each naming every one of `named`.
fn processes_that_differ_stop_with_the_reason(
    first: (&[&str], &[&str]),
    second: (&[&str], &[&str]),
    named: &[&str],
) {
    let dir = tempfile::tempdir().unwrap();
    let hosts = hostfile(dir.path(), 2);
    let hosts = hosts.to_str().unwrap();
    let common = ["--quiet", "-o", "shared.txt", "--processes", "2"];
    let args = |(family, options): (&[&str], &[&str]), process: &str| -> Vec<String> {
        let tail = ["--process", process, "--hostfile", hosts];
        family
            .iter()
            .chain(options)
            .chain(&common)
            .chain(&tail)
            .map(|word| (*word).to_string())
            .collect()
    };
    let spawn = |args: &[String], name: &str| {
        let logs = ["out", "err"].map(|stream| dir.path().join(format!("{name}.{stream}")));
        let child = command()
            .current_dir(dir.path())
            .args(args)
            .stdout(File::create(&logs[0]).unwrap())
            .stderr(File::create(&logs[1]).unwrap())
            .spawn()
            .expect("the binary runs");
        Process { child, logs }
    };
    let mut running = [
        spawn(&args(first, "0"), "zero"),
        spawn(&args(second, "1"), "one"),
    ];
    let started = Instant::now();
    for process in &mut running {
        let status = loop {
            if let Some(status) = process.child.try_wait().unwrap() {
                break status;
            }
            assert!(started.elapsed() < DEADLINE, "{}", process.logs());
            std::thread::sleep(Duration::from_millis(20));
        };
        let logs = process.logs();
        assert_eq!(status.code(), Some(1), "{logs}");
        assert!(
            logs.contains("the processes run different things"),
            "{logs}"
        );
        for words in named {
            assert!(logs.contains(words), "{words:?} not in:\n{logs}");
        }
        assert!(!logs.contains("panicked"), "{logs}");
    }
}

#[test]
fn a_shared_run_is_refused_without_a_file_or_with_a_process_out_of_range() {
    let mut args = FAMILY.to_vec();
    args.extend(["--processes", "2"]);
    let out = blockslide_exits(&args, 1);
    assert!(String::from_utf8_lossy(&out.stderr).contains("--output"));
    args.extend(["-o", "unused.txt", "--process", "2"]);
    let out = blockslide_exits(&args, 1);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("numbered 0 to 1"), "{err}");
}

#[test]
fn a_block_family_spread_over_two_processes_writes_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let family = concat!(env!("CARGO_MANIFEST_DIR"), "/families/small-blocks.ron");
    let single = dir.path().join("alone.jsonl");
    blockslide_exits(
        &[
            "family",
            family,
            "--threads",
            "2",
            "--quiet",
            "-o",
            single.to_str().unwrap(),
        ],
        0,
    );
    let expected = std::fs::read(&single).unwrap();
    assert!(!expected.is_empty(), "the listing has its clusters");
    let args = [
        "family",
        family,
        "--threads",
        "1",
        "--quiet",
        "-o",
        "shared.jsonl",
    ];
    exited(&shared(dir.path(), 2, &args), &[&[0], &[0]]);
    let written = std::fs::read(dir.path().join("shared.jsonl")).unwrap();
    assert!(
        written == expected,
        "two processes wrote other bytes than one"
    );
}

#[test]
fn a_shared_run_that_cannot_start_leaves_no_file_behind() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("listing.jsonl");
    let bad_hosts = dir.path().join("hosts.txt");
    std::fs::write(&bad_hosts, "localhost:2101\nlocalhost:99999\n").unwrap();
    for (hostfile, needle) in [
        (dir.path().join("missing.txt"), "cannot read --hostfile"),
        (bad_hosts, "no process address"),
    ] {
        let mut args = FAMILY.to_vec();
        args.extend(["--processes", "2", "--process", "0", "-o"]);
        args.push(out.to_str().unwrap());
        args.extend(["--hostfile", hostfile.to_str().unwrap()]);
        let result = blockslide_exits(&args, 1);
        let err = String::from_utf8_lossy(&result.stderr);
        assert!(err.contains(needle), "{err}");
        let left: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name.starts_with("listing"))
            .collect();
        assert!(left.is_empty(), "stray files: {left:?}");
    }
}

#[test]
fn a_process_whose_others_never_answer_gives_up_after_its_connect_timeout() {
    let dir = tempfile::tempdir().unwrap();
    // Process 0 is never started: process 1 waits for it in vain.
    let hosts = hostfile(dir.path(), 2);
    let mut args = FAMILY.to_vec();
    args.extend(["--processes", "2", "--process", "1", "-o", "unused.jsonl"]);
    args.extend([
        "--hostfile",
        hosts.to_str().unwrap(),
        "--connect-timeout",
        "2",
    ]);
    let started = Instant::now();
    let out = blockslide_exits(&args, 1);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--connect-timeout"), "{err}");
    assert!(
        started.elapsed() < Duration::from_mins(1),
        "it gave up in time"
    );
}
