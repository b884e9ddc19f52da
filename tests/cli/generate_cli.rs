//! `blockslide generate rushhour` against the family's conventions (the primary car's row,
//! the lettering), and the output folder: an earlier run's puzzles, a file in the folder's
//! place, searches that could find nothing.

use std::path::Path;

use crate::cli_support::{blockslide, blockslide_exits};

/// `generate rushhour` on 4x4 with quick, repeatable options and `extra`.
fn generate_4x4(count: &str, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "generate",
        "rushhour",
        "--size",
        "4x4",
        "--moves",
        "4..6",
        "--count",
        count,
        "--seed",
        "9",
        "--threads",
        "1",
        "--max-candidates",
        "20000",
        "--max-pieces",
        "8",
        "-q",
    ];
    args.extend_from_slice(extra);
    blockslide(&args)
}

/// `board` with `A` kept and the other vehicles lettered `B`, `C`, … in the order their first
/// cell comes: Fogleman's convention, written out here independently of the program.
fn lettered_by_first_cell(board: &str) -> String {
    let mut seen: Vec<char> = Vec::new();
    board
        .chars()
        .map(|ch| match ch {
            'o' | 'x' | 'A' => ch,
            _ => {
                let i = seen.iter().position(|&c| c == ch).unwrap_or_else(|| {
                    seen.push(ch);
                    seen.len() - 1
                });
                char::from(b'B' + u8::try_from(i).unwrap())
            }
        })
        .collect()
}

#[test]
fn generated_rush_hour_boards_follow_the_family_convention() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("made");
    let run = generate_4x4("3", &["-o", out.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(0), "{run:?}");
    let text = String::from_utf8_lossy(&run.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    let mut relettered = 0;
    for (i, line) in lines.iter().enumerate() {
        let board = line.split_whitespace().nth(1).expect("a board");
        // The primary car on the third row, as `family rushhour` puts it.
        let row = board.find('A').expect("a primary car") / 4;
        assert_eq!(row, 2, "{line}");
        assert_eq!(board, lettered_by_first_cell(board), "{line}");
        // The same puzzle, as its file names its vehicles, gets the same string.
        let file = out.join(format!("puzzle-{}.ron", i + 1));
        let export = blockslide_exits(&["export", "rushhour", file.to_str().unwrap()], 0);
        let named = String::from_utf8_lossy(&export.stdout).trim().to_string();
        assert_eq!(board, lettered_by_first_cell(&named), "{line}");
        relettered += usize::from(named != board);
    }
    // The file's own names differ from the family's lettering somewhere, so the lines above
    // checked a relettering, not a copy.
    assert!(relettered > 0, "{text}");
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn an_earlier_runs_puzzles_beyond_the_count_are_refused_unless_forced() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("made");
    std::fs::create_dir(&out).unwrap();
    for name in ["puzzle-3.ron", "puzzle-7.ron", "puzzle-03.ron", "notes.txt"] {
        std::fs::write(out.join(name), "an earlier run's").unwrap();
    }
    let run = generate_4x4("2", &["-o", out.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(1), "{err}");
    assert!(err.contains("puzzle-3.ron, puzzle-7.ron"), "{err}");
    assert!(err.contains("--force"), "{err}");
    // Refused before any work: nothing written, nothing removed.
    assert_eq!(
        names(&out),
        ["notes.txt", "puzzle-03.ron", "puzzle-3.ron", "puzzle-7.ron"]
    );
    let run = generate_4x4("2", &["-o", out.to_str().unwrap(), "--force"]);
    assert_eq!(run.status.code(), Some(0), "{run:?}");
    // Only this run's puzzles are left of the names it writes; other files stay.
    assert_eq!(
        names(&out),
        ["notes.txt", "puzzle-03.ron", "puzzle-1.ron", "puzzle-2.ron"]
    );
}

#[test]
fn a_file_in_the_output_folders_place_is_refused_as_not_a_folder() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("taken.ron");
    std::fs::write(&file, "not a folder").unwrap();
    let base = dir.path().join("base.ron");
    blockslide_exits(
        &[
            "import",
            "rushhour",
            "ooooAAoooooooooo",
            "-o",
            base.to_str().unwrap(),
        ],
        0,
    );
    let mut outputs = vec![file.to_str().unwrap().to_string()];
    if Path::new("/dev/full").exists() {
        outputs.push("/dev/full".into());
    }
    for output in &outputs {
        for run in [
            generate_4x4("1", &["-o", output]),
            blockslide(&[
                "improve",
                base.to_str().unwrap(),
                "-o",
                output,
                "--max-candidates",
                "10",
                "-q",
            ]),
        ] {
            let err = String::from_utf8_lossy(&run.stderr);
            assert_eq!(run.status.code(), Some(1), "{output}: {err}");
            assert!(err.contains("not a folder"), "{output}: {err}");
        }
    }
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "not a folder");
}

#[test]
fn a_design_search_that_could_search_nothing_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().join("base.ron");
    blockslide_exits(
        &[
            "import",
            "rushhour",
            "ooooAAoooooooooo",
            "-o",
            base.to_str().unwrap(),
        ],
        0,
    );
    let out = dir.path().join("harder");
    for (option, words) in [
        (["--time-limit", "0"], "--time-limit 0"),
        (["--candidate-nodes", "0"], "--candidate-nodes 0"),
    ] {
        let mut args = vec![
            "improve",
            base.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ];
        args.extend_from_slice(&option);
        let run = blockslide(&args);
        let err = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(1), "{option:?}: {err}");
        assert!(err.contains(words), "{option:?}: {err}");
        assert!(
            err.contains("nothing would be searched"),
            "{option:?}: {err}"
        );
    }
    assert!(!out.exists(), "a refused search makes no folder");
}

#[test]
fn a_run_that_falls_short_leaves_none_of_an_earlier_runs_puzzles() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("made");
    std::fs::create_dir(&out).unwrap();
    for name in ["puzzle-1.ron", "puzzle-2.ron", "notes.txt"] {
        std::fs::write(out.join(name), "an earlier run's").unwrap();
    }
    // No 4x4 Rush Hour puzzle needs 30 moves: the candidates run out with none found.
    let run = blockslide(&[
        "generate",
        "rushhour",
        "--size",
        "4x4",
        "--moves",
        "30",
        "--count",
        "2",
        "--seed",
        "1",
        "--threads",
        "1",
        "--max-candidates",
        "50",
        "-q",
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(run.status.code(), Some(3), "{run:?}");
    // Its own numbers, which it would have replaced, are not left to pass for its puzzles.
    assert_eq!(names(&out), ["notes.txt"]);
}
