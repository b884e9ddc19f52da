//! `blockslide family`: the known answers, identical files at any thread count, filters,
//! formats, and a stopped run resumed to the uninterrupted run's file.

use crate::cli_support::{blockslide, blockslide_exits};

fn summary(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["family", "rushhour", "--json", "-q"];
    all.extend_from_slice(args);
    let out = blockslide_exits(&all, 0);
    let text = String::from_utf8_lossy(&out.stdout);
    // Without -o the listing comes first; the summary is the last line.
    serde_json::from_str(text.lines().last().unwrap_or_default()).expect("a JSON summary")
}

#[test]
fn the_4x4_family_has_the_known_answers() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("4x4.jsonl");
    let v = summary(&["--size", "4x4", "-o", out.to_str().unwrap()]);
    assert_eq!(v["clusters"], 880);
    assert_eq!(v["solvable_clusters"], 493);
    assert_eq!(v["solvable_positions"], 6_892);
    assert_eq!(v["hardest"], 7);
    assert_eq!(v["clusters_by_moves"][7], 3);
    assert_eq!(v["complete"], true);
    let listing = std::fs::read_to_string(&out).unwrap();
    assert_eq!(listing.lines().count(), 493);
    // Only the listing is left: the run's record and partial file are gone.
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, vec!["4x4.jsonl".to_string()]);
}

#[test]
fn threads_write_the_same_bytes_in_both_formats() {
    let dir = tempfile::tempdir().unwrap();
    for format in ["jsonl", "fogleman"] {
        let files: Vec<Vec<u8>> = ["1", "2", "5"]
            .iter()
            .map(|threads| {
                let path = dir.path().join(format!("{format}-{threads}"));
                blockslide_exits(
                    &[
                        "family",
                        "rushhour",
                        "--size",
                        "4x5",
                        "--max-walls",
                        "1",
                        "--format",
                        format,
                        "--threads",
                        threads,
                        "-q",
                        "-o",
                        path.to_str().unwrap(),
                    ],
                    0,
                );
                std::fs::read(&path).unwrap()
            })
            .collect();
        assert!(!files[0].is_empty());
        assert_eq!(files[0], files[1], "{format}");
        assert_eq!(files[0], files[2], "{format}");
    }
}

#[test]
fn fogleman_lines_open_and_solve_in_their_moves() {
    let out = blockslide_exits(
        &[
            "family",
            "rushhour",
            "--size",
            "5x5",
            "--format",
            "fogleman",
            "--min-moves",
            "19",
            "-q",
        ],
        0,
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert!(!lines.is_empty());
    for line in lines.iter().take(3) {
        let fields: Vec<&str> = line.split(' ').collect();
        assert_eq!(fields.len(), 3, "{line}");
        let moves: usize = fields[0].parse().unwrap();
        assert!(moves >= 19, "{line}");
        let solved = blockslide_exits(&["solve", "--rushhour", fields[1], "--json"], 0);
        let v: serde_json::Value = serde_json::from_slice(&solved.stdout).unwrap();
        assert_eq!(v["length"], moves, "{line}");
        let counted = blockslide_exits(&["count", "--rushhour", fields[1], "--json"], 0);
        let v: serde_json::Value = serde_json::from_slice(&counted.stdout).unwrap();
        assert_eq!(v["states"].to_string(), fields[2], "{line}");
    }
}

#[test]
fn filters_keep_what_they_say() {
    let all = summary(&["--size", "4x4"]);
    let out = blockslide_exits(
        &[
            "family",
            "rushhour",
            "--size",
            "4x4",
            "--min-moves",
            "6",
            "--minimal-only",
            "-q",
        ],
        0,
    );
    let text = String::from_utf8_lossy(&out.stdout);
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(v["moves"].as_u64().unwrap() >= 6, "{line}");
        assert_eq!(v["minimal"], true, "{line}");
    }
    assert!(text.lines().count() as u64 <= all["minimal"].as_u64().unwrap());
}

#[test]
fn a_stopped_run_resumes_to_the_same_file() {
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole.jsonl");
    let args = [
        "family",
        "rushhour",
        "--size",
        "4x5",
        "--max-walls",
        "1",
        "-q",
    ];
    let mut first = args.to_vec();
    first.extend(["-o", whole.to_str().unwrap()]);
    blockslide_exits(&first, 0);
    // A node limit stops the run part way, as a time limit or Ctrl-C would.
    let part = dir.path().join("part.jsonl");
    let mut stopped = args.to_vec();
    stopped.extend(["-o", part.to_str().unwrap(), "--max-nodes", "20000"]);
    blockslide_exits(&stopped, 3);
    assert!(!part.exists(), "the listing appears only when complete");
    assert!(dir.path().join("part.jsonl.resume").exists());
    let mut resumed = args.to_vec();
    resumed.extend(["-o", part.to_str().unwrap(), "--resume"]);
    blockslide_exits(&resumed, 0);
    assert_eq!(
        std::fs::read(&whole).unwrap(),
        std::fs::read(&part).unwrap()
    );
    // Resuming another family's run is refused.
    blockslide_exits(&stopped, 3);
    let mut other = vec!["family", "rushhour", "--size", "4x4", "-q", "--resume"];
    other.extend(["-o", part.to_str().unwrap()]);
    let out = blockslide_exits(&other, 1);
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("continues another run"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn bad_families_are_refused() {
    for (args, needle) in [
        (vec!["--size", "9x9"], "3 to 8 cells a side"),
        (vec!["--size", "7x7"], "at most 42 cells"),
        (vec!["--size", "six"], "ROWSxCOLS"),
        (vec!["--size", "4x4", "--primary-row", "5"], "row 5"),
        (vec!["--max-walls", "9"], "max-walls"),
    ] {
        let mut all = vec!["family", "rushhour"];
        all.extend(args.iter().copied());
        let out = blockslide(&all);
        assert_eq!(out.status.code(), Some(1), "{all:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{all:?}: {err}");
    }
}

#[test]
fn a_block_family_file_runs_alike_on_any_number_of_threads() {
    let family = crate::fixtures::repository().join("families/small-blocks.ron");
    let family = family.to_str().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let files: Vec<Vec<u8>> = ["1", "2"]
        .iter()
        .map(|threads| {
            let path = dir.path().join(format!("blocks-{threads}.jsonl"));
            let out = blockslide_exits(
                &[
                    "family",
                    family,
                    "--threads",
                    threads,
                    "--json",
                    "-q",
                    "-o",
                    path.to_str().unwrap(),
                ],
                0,
            );
            let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(v["complete"], true);
            let listing = std::fs::read(&path).unwrap();
            assert_eq!(
                String::from_utf8_lossy(&listing).lines().count() as u64,
                v["solvable_clusters"].as_u64().unwrap()
            );
            listing
        })
        .collect();
    assert_eq!(files[0], files[1]);
    // Fogleman's lines are Rush Hour boards; the preset's options do not shape a file.
    let out = blockslide_exits(&["family", family, "--format", "fogleman"], 1);
    assert!(String::from_utf8_lossy(&out.stderr).contains("Rush Hour boards only"));
    let out = blockslide_exits(&["family", family, "--max-walls", "2"], 1);
    assert!(String::from_utf8_lossy(&out.stderr).contains("says everything itself"));
    let out = blockslide_exits(&["family", "klotski"], 1);
    assert!(String::from_utf8_lossy(&out.stderr).contains("no family"));
}

#[test]
fn a_rush_hour_family_file_is_the_preset() {
    let file = dir_with(
        "rush.ron",
        "(format: 1, kind: RushHour, board: (rows: 4, columns: 4), primary_row: 3, max_walls: 1)",
    );
    let from_file = blockslide_exits(&["family", file.1.to_str().unwrap(), "-q"], 0);
    let preset = blockslide_exits(
        &[
            "family",
            "rushhour",
            "--size",
            "4x4",
            "--max-walls",
            "1",
            "-q",
        ],
        0,
    );
    assert!(!from_file.stdout.is_empty());
    assert_eq!(from_file.stdout, preset.stdout);
}

fn dir_with(name: &str, text: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

#[cfg(unix)]
#[test]
fn the_listing_is_saved_as_other_files_are() {
    use std::os::unix::fs::{FileTypeExt as _, PermissionsExt as _, symlink};
    let dir = tempfile::tempdir().unwrap();
    let args = ["family", "rushhour", "--size", "4x4", "-q", "-o"];
    // A read-only file is refused unless --force, and keeps its mode when replaced.
    let kept = dir.path().join("kept.jsonl");
    std::fs::write(&kept, "mine\n").unwrap();
    std::fs::set_permissions(&kept, std::fs::Permissions::from_mode(0o444)).unwrap();
    let mut run = args.to_vec();
    run.push(kept.to_str().unwrap());
    let out = blockslide_exits(&run, 1);
    assert!(String::from_utf8_lossy(&out.stderr).contains("--force"));
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "mine\n");
    run.push("--force");
    blockslide_exits(&run, 0);
    assert_eq!(std::fs::read_to_string(&kept).unwrap().lines().count(), 493);
    let mode = std::fs::metadata(&kept).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o444);
    // A link is written through and stays a link.
    let target = dir.path().join("target.jsonl");
    std::fs::write(&target, "old\n").unwrap();
    let link = dir.path().join("link.jsonl");
    symlink(&target, &link).unwrap();
    let mut run = args.to_vec();
    run.push(link.to_str().unwrap());
    blockslide_exits(&run, 0);
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        std::fs::read_to_string(&target).unwrap().lines().count(),
        493
    );
    // A device is refused, and left as it was.
    let device = dir.path().join("null");
    symlink("/dev/null", &device).unwrap();
    let mut run = args.to_vec();
    run.push(device.to_str().unwrap());
    let out = blockslide_exits(&run, 1);
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a regular file"));
    assert!(
        std::fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device()
    );
}

/// A run of the 4x5 family with up to one wall, stopped part way by a node limit: its
/// arguments and the listing's path, with `FILE.part` and `FILE.resume` left in `dir`.
fn stopped_run(dir: &std::path::Path) -> (Vec<String>, std::path::PathBuf) {
    let part = dir.join("part.jsonl");
    let args: Vec<String> = [
        "family",
        "rushhour",
        "--size",
        "4x5",
        "--max-walls",
        "1",
        "-q",
        "-o",
        part.to_str().unwrap(),
    ]
    .iter()
    .map(ToString::to_string)
    .collect();
    let mut stopped: Vec<&str> = args.iter().map(String::as_str).collect();
    stopped.extend(["--max-nodes", "20000"]);
    blockslide_exits(&stopped, 3);
    (args, part)
}

/// Resumes the run of `args`, expecting exit 1 with `needle` in the message, and no listing.
fn resume_refused(args: &[String], part: &std::path::Path, needle: &str) {
    let mut resumed: Vec<&str> = args.iter().map(String::as_str).collect();
    resumed.push("--resume");
    let out = blockslide_exits(&resumed, 1);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(needle), "{err}");
    assert!(
        !part.exists(),
        "no listing is made from a partial file it cannot trust"
    );
}

#[test]
fn a_resume_refuses_a_partial_listing_shorter_than_its_record() {
    for cut in [0, 1, 49] {
        let dir = tempfile::tempdir().unwrap();
        let (args, part) = stopped_run(dir.path());
        let partial = dir.path().join("part.jsonl.part");
        let len = std::fs::metadata(&partial).unwrap().len();
        assert!(len > 100, "the stopped run listed something");
        let file = std::fs::OpenOptions::new()
            .write(true)
            .open(&partial)
            .unwrap();
        // `cut` 0 empties the file, as a crash before anything reached the disk would.
        file.set_len(if cut == 0 { 0 } else { len - cut }).unwrap();
        resume_refused(&args, &part, "cut short");
    }
}

#[test]
fn a_resume_refuses_a_partial_listing_changed_since_its_record() {
    let dir = tempfile::tempdir().unwrap();
    let (args, part) = stopped_run(dir.path());
    let partial = dir.path().join("part.jsonl.part");
    let mut bytes = std::fs::read(&partial).unwrap();
    let at = bytes.len() / 2;
    bytes[at] = if bytes[at] == b'1' { b'2' } else { b'1' };
    std::fs::write(&partial, &bytes).unwrap();
    resume_refused(&args, &part, "does not hold what its record");
}

#[test]
fn a_resume_refuses_a_record_whose_counters_were_edited() {
    for (field, value) in [
        ("units", serde_json::json!(u64::MAX)),
        ("clusters", serde_json::json!(1)),
        ("bytes", serde_json::json!(99_999_999_999_u64)),
        ("bytes", serde_json::json!(100)),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let (args, part) = stopped_run(dir.path());
        let record = dir.path().join("part.jsonl.resume");
        let mut value_of: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
        value_of[field] = value.clone();
        std::fs::write(&record, value_of.to_string()).unwrap();
        resume_refused(&args, &part, "does not match its own checksum");
        let partial = dir.path().join("part.jsonl.part");
        assert!(
            std::fs::metadata(&partial).unwrap().len() < 1 << 30,
            "{field} = {value}: nothing was written past the partial listing"
        );
    }
}

#[cfg(unix)]
#[test]
fn a_resume_refuses_a_partial_listing_that_is_a_fifo_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let (args, part) = stopped_run(dir.path());
    let partial = dir.path().join("part.jsonl.part");
    std::fs::remove_file(&partial).unwrap();
    let status = std::process::Command::new("mkfifo")
        .arg(&partial)
        .status()
        .unwrap();
    assert!(status.success());
    // Opening a FIFO for reading would block for ever: the refusal comes first.
    resume_refused(&args, &part, "not a regular file");
}
