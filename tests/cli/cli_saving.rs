//! What saving does to what is already at the path (`import -o`, `analyze --write-hardest`,
//! `explore --write-top`): only regular files are replaced; devices, FIFOs and standard
//! streams are written in place; read-only files need `--force`; links in the `--write-top`
//! folder are never followed; a `--write-top` folder holds one run's set, with its summary;
//! output paths are checked before the work and written before the report.

#![cfg(unix)]

use std::ffi::CString;
use std::fs::File;
use std::os::unix::ffi::OsStrExt as _;
use std::os::unix::fs::{FileTypeExt as _, MetadataExt as _, PermissionsExt as _, symlink};
use std::path::Path;
use std::process::{Output, Stdio};

use blockslide_core::model::Metric;
use blockslide_core::model::file::load;

use crate::cli_support::{blockslide, blockslide_exits, command};
use crate::fixtures::saved;

const RUSH_HOUR: &str = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM";

fn text(path: &Path) -> &str {
    path.to_str().expect("the tests' paths are UTF-8")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// `blockslide import rushhour RUSH_HOUR -o PATH` and `extra`.
fn import_to(path: &Path, extra: &[&str]) -> Output {
    let mut args = vec!["import", "rushhour", RUSH_HOUR, "-o", text(path)];
    args.extend_from_slice(extra);
    blockslide(&args)
}

fn c_path(path: &Path) -> CString {
    CString::new(path.as_os_str().as_bytes()).unwrap()
}

fn mkfifo(path: &Path) {
    let name = c_path(path);
    // SAFETY: `name` is a NUL-terminated path that outlives the call.
    assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o644) }, 0, "mkfifo");
}

fn is_char_device(path: &Path) -> bool {
    std::fs::symlink_metadata(path)
        .unwrap()
        .file_type()
        .is_char_device()
}

fn set_mode(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

#[test]
fn a_link_to_a_device_is_written_through_and_the_device_stays_one() {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("link.ron");
    symlink("/dev/null", &link).unwrap();
    blockslide_exits(&["import", "rushhour", RUSH_HOUR, "-o", text(&link)], 0);
    assert!(is_char_device(Path::new("/dev/null")));
    assert_eq!(std::fs::read_link(&link).unwrap(), Path::new("/dev/null"));

    // A device node of our own (the null device again), named directly: only root may make
    // one.
    let node = dir.path().join("null");
    let name = c_path(&node);
    // SAFETY: `name` is a NUL-terminated path that outlives the call.
    let made = unsafe { libc::mknod(name.as_ptr(), libc::S_IFCHR | 0o666, libc::makedev(1, 3)) };
    if made != 0 {
        eprintln!(
            "note: skipped writing to a device node of the test's own: mknod needs root ({})",
            std::io::Error::last_os_error()
        );
        return;
    }
    let out = import_to(&node, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(is_char_device(&node), "the device node was replaced");
}

#[test]
fn a_fifo_is_written_into_and_stays_a_fifo() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo.ron");
    mkfifo(&fifo);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    let out = import_to(&fifo, &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    // Checked before waiting for the reader, which waits for ever if the FIFO was replaced.
    assert!(
        std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo()
    );
    let read = reader.join().unwrap();
    assert!(read.contains("axis: Horizontal"), "{read}");
}

#[test]
fn standard_streams_are_written_where_the_shell_opened_them() {
    let dir = tempfile::tempdir().unwrap();
    // `-o /dev/stdout > out.ron`: the shell's file gets the puzzle and is not swapped for
    // another (its inode stays).
    let out_file = dir.path().join("out.ron");
    let inode = {
        let file = File::create(&out_file).unwrap();
        let inode = file.metadata().unwrap().ino();
        let out = command()
            .args(["import", "rushhour", RUSH_HOUR, "-o", "/dev/stdout"])
            .stdout(Stdio::from(file))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        inode
    };
    assert_eq!(std::fs::metadata(&out_file).unwrap().ino(), inode);
    assert!(load(&out_file).is_ok());
    // `-o /dev/stderr 2> err.ron` likewise, and into a pipe.
    let err_file = dir.path().join("err.ron");
    let file = File::create(&err_file).unwrap();
    let inode = file.metadata().unwrap().ino();
    let out = command()
        .args(["import", "rushhour", RUSH_HOUR, "-o", "/dev/stderr"])
        .stderr(Stdio::from(file))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(std::fs::metadata(&err_file).unwrap().ino(), inode);
    let written = std::fs::read_to_string(&err_file).unwrap();
    assert!(written.contains("axis: Horizontal"), "{written}");
    let out = blockslide_exits(&["import", "rushhour", RUSH_HOUR, "-o", "/dev/stdout"], 0);
    assert!(String::from_utf8_lossy(&out.stdout).contains("axis: Horizontal"));
}

#[test]
fn a_read_only_file_is_refused_without_force_by_every_command_that_saves() {
    let dir = tempfile::tempdir().unwrap();
    let kept = dir.path().join("kept.ron");
    std::fs::write(&kept, "old").unwrap();
    set_mode(&kept, 0o444);
    let out = import_to(&kept, &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("kept.ron: the file is read-only; pass --force to replace it"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "old");

    // analyze and explore refuse it before their work: no report is printed.
    let small = saved("blocks-small.ron");
    let out = blockslide_exits(
        &["analyze", text(&small), "--write-hardest", text(&kept)],
        1,
    );
    assert!(out.stdout.is_empty(), "refused before the analysis");
    assert!(stderr(&out).contains("--force"), "{}", stderr(&out));
    let top = dir.path().join("top");
    std::fs::create_dir(&top).unwrap();
    std::fs::write(top.join("hardest-1.ron"), "old").unwrap();
    set_mode(&top.join("hardest-1.ron"), 0o444);
    let out = blockslide_exits(&["explore", text(&small), "--write-top", text(&top)], 1);
    assert!(out.stdout.is_empty(), "refused before the exploration");
    assert!(stderr(&out).contains("read-only"), "{}", stderr(&out));

    // --force replaces it; the file stays read-only.
    let out = import_to(&kept, &["--force"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(load(&kept).is_ok());
    assert_eq!(
        std::fs::metadata(&kept).unwrap().permissions().mode() & 0o777,
        0o444
    );
    blockslide_exits(
        &[
            "explore",
            text(&small),
            "--write-top",
            text(&top),
            "--force",
        ],
        0,
    );
    assert!(load(&top.join("hardest-1.ron")).is_ok());
}

#[test]
fn force_is_documented_in_the_help_of_every_command_that_saves() {
    for command in ["import", "analyze", "explore"] {
        let out = blockslide_exits(&[command, "--help"], 0);
        let help = String::from_utf8_lossy(&out.stdout);
        assert!(help.contains("--force"), "{command}: {help}");
    }
}

#[test]
fn a_folder_is_named_as_such() {
    let dir = tempfile::tempdir().unwrap();
    let out = import_to(dir.path(), &[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("it is a folder"), "{}", stderr(&out));
    let out = command()
        .current_dir(dir.path())
        .args(["import", "rushhour", RUSH_HOUR, "-o", "."])
        .output()
        .unwrap();
    assert!(
        stderr(&out).contains(".: it is a folder"),
        "{}",
        stderr(&out)
    );
    assert!(!stderr(&out).contains("busy"));
}

#[test]
fn output_paths_are_checked_before_the_work() {
    let dir = tempfile::tempdir().unwrap();
    let small = saved("blocks-small.ron");
    let missing = dir.path().join("missing").join("h.ron");
    let out = blockslide_exits(
        &["analyze", text(&small), "--write-hardest", text(&missing)],
        1,
    );
    assert!(out.stdout.is_empty(), "refused before the analysis");
    assert!(
        stderr(&out).contains("missing does not exist; create it first"),
        "{}",
        stderr(&out)
    );
    let out = import_to(&missing, &[]);
    assert!(
        stderr(&out).contains("missing does not exist"),
        "{}",
        stderr(&out)
    );
    let file = dir.path().join("file.ron");
    std::fs::write(&file, "mine").unwrap();
    let out = blockslide_exits(&["explore", text(&small), "--write-top", text(&file)], 1);
    assert!(out.stdout.is_empty(), "refused before the exploration");
    assert!(stderr(&out).contains("not a folder"), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "mine");
}

#[test]
fn the_files_are_written_before_the_report() {
    let dir = tempfile::tempdir().unwrap();
    let small = saved("blocks-small.ron");
    let hardest = dir.path().join("h.ron");
    let top = dir.path().join("top");
    for args in [
        vec!["analyze", text(&small), "--write-hardest", text(&hardest)],
        vec!["explore", text(&small), "--write-top", text(&top)],
    ] {
        let full = File::create("/dev/full").expect("/dev/full opens");
        let out = command()
            .args(&args)
            .stdout(Stdio::from(full))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    }
    assert!(load(&hardest).is_ok(), "analyze wrote its file");
    assert!(
        load(&top.join("hardest-1.ron")).is_ok(),
        "explore wrote its files"
    );
}

#[test]
fn the_hardest_start_is_written_in_the_metric_analysed() {
    let dir = tempfile::tempdir().unwrap();
    let hardest = dir.path().join("h.ron");
    let klotski = saved("klotski.ron");
    blockslide_exits(
        &[
            "analyze",
            text(&klotski),
            "--metric",
            "step",
            "--write-hardest",
            text(&hardest),
        ],
        0,
    );
    let written = load(&hardest).unwrap();
    assert!(written.name.ends_with("step)"), "{}", written.name);
    assert_eq!(
        written.metric,
        Some(Metric::Step),
        "the file's metric: Move before"
    );
}

#[test]
fn write_top_replaces_a_link_planted_in_the_folder_and_keeps_its_target() {
    let dir = tempfile::tempdir().unwrap();
    let victim = dir.path().join("victim.ron");
    std::fs::write(&victim, "mine").unwrap();
    let top = dir.path().join("top");
    std::fs::create_dir(&top).unwrap();
    symlink(&victim, top.join("hardest-1.ron")).unwrap();
    symlink(&victim, top.join("blockslide-explore.json")).unwrap();
    let small = saved("blocks-small.ron");
    blockslide_exits(
        &[
            "explore",
            text(&small),
            "--top",
            "1",
            "--write-top",
            text(&top),
        ],
        0,
    );
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "mine");
    for name in ["hardest-1.ron", "blockslide-explore.json"] {
        let entry = std::fs::symlink_metadata(top.join(name)).unwrap();
        assert!(entry.is_file(), "{name} is a file of its own now");
    }
    assert!(load(&top.join("hardest-1.ron")).is_ok());
}

/// The names in `dir`, sorted.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn summary(dir: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(dir.join("blockslide-explore.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn write_top_leaves_one_run_in_the_folder_and_says_which() {
    let dir = tempfile::tempdir().unwrap();
    let top = dir.path().join("top");
    let small = saved("blocks-small.ron");
    let explore = |extra: &[&str], code: i32| {
        let mut args = vec!["explore", text(&small), "--write-top", text(&top)];
        args.extend_from_slice(extra);
        blockslide_exits(&args, code)
    };
    explore(&["--metric", "move", "--top", "3"], 0);
    std::fs::write(top.join("hardest-7.ron"), "the user's own").unwrap();
    std::fs::write(top.join("notes.txt"), "the user's own").unwrap();
    assert_eq!(
        names(&top),
        [
            "blockslide-explore.json",
            "hardest-1.ron",
            "hardest-2.ron",
            "hardest-3.ron",
            "hardest-7.ron",
            "notes.txt"
        ]
    );

    // Fewer, in another metric: the earlier run's third file goes, the user's files stay.
    explore(&["--metric", "step", "--top", "2"], 0);
    assert_eq!(
        names(&top),
        [
            "blockslide-explore.json",
            "hardest-1.ron",
            "hardest-2.ron",
            "hardest-7.ron",
            "notes.txt"
        ]
    );
    let run = summary(&top);
    assert_eq!(run["source"], text(&small));
    assert_eq!(run["puzzle"], "Sliding blocks: small");
    assert_eq!(run["metric"], "step");
    assert_eq!(run["complete"], true);
    assert_eq!(
        run["files"],
        serde_json::json!(["hardest-1.ron", "hardest-2.ron"])
    );
    assert_eq!(run["hardest"].as_array().unwrap().len(), 2);

    // Stopped by a limit: the files say they are partial, and so does the summary.
    explore(
        &["--metric", "step", "--top", "3", "--max-nodes", "1200"],
        3,
    );
    let run = summary(&top);
    assert_eq!(run["complete"], false);
    assert_eq!(run["status"], "node-limit");
    let files = run["files"].as_array().unwrap();
    assert!(!files.is_empty() && files.len() < 3, "{run}");
    for file in files {
        let written = load(&top.join(file.as_str().unwrap())).unwrap();
        assert!(written.name.contains("partial result"), "{}", written.name);
        assert!(
            written.notes.starts_with("Partial result"),
            "{}",
            written.notes
        );
    }
    assert!(!top.join("hardest-3.ron").exists());
    assert_eq!(
        std::fs::read_to_string(top.join("hardest-7.ron")).unwrap(),
        "the user's own"
    );

    // Stopped before any result: nothing written, the folder not even created.
    let fresh = dir.path().join("fresh");
    let out = blockslide_exits(
        &[
            "explore",
            text(&small),
            "--max-nodes",
            "100",
            "--write-top",
            text(&fresh),
        ],
        3,
    );
    assert!(!fresh.exists());
    assert!(stderr(&out).contains("wrote nothing"), "{}", stderr(&out));
}
