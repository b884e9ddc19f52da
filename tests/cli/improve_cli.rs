//! `blockslide improve` and `blockslide generate rushhour`: designs written as puzzle files
//! that load back and whose reported lengths a fresh solve confirms, repeatable runs, bands
//! held, and bad options refused with a clear message.

use crate::cli_support::{blockslide, blockslide_exits};

/// The shortest solution's length by `solve --algorithm bfs --json`.
fn solved(path: &str) -> u64 {
    let out = blockslide_exits(&["solve", path, "--algorithm", "bfs", "--json"], 0);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    v["length"].as_u64().expect("a length")
}

fn rush_hour_4x4(dir: &std::path::Path) -> String {
    let path = dir.join("base.ron");
    blockslide_exits(
        &[
            "import",
            "rushhour",
            "ooooAAoooooooooo",
            "-o",
            path.to_str().unwrap(),
        ],
        0,
    );
    path.to_str().unwrap().to_string()
}

#[test]
fn improve_writes_proved_designs_that_load_back() {
    let dir = tempfile::tempdir().unwrap();
    let base = rush_hour_4x4(dir.path());
    let out = dir.path().join("harder");
    let search = || {
        let out = blockslide_exits(
            &[
                "improve",
                &base,
                "-o",
                out.to_str().unwrap(),
                "--random-start",
                "--seed",
                "3",
                "--threads",
                "1",
                "--max-candidates",
                "3000",
                "--max-pieces",
                "8",
                "--json",
                "-q",
            ],
            0,
        );
        serde_json::from_slice::<serde_json::Value>(&out.stdout).expect("JSON")
    };
    let v = search();
    assert_eq!(v["status"], "node-limit");
    assert_eq!(v["candidates"], 3000);
    let designs = v["designs"].as_array().expect("designs");
    assert!(!designs.is_empty());
    for d in designs {
        let file = d["file"].as_str().expect("a file");
        blockslide_exits(&["check", file], 0);
        assert_eq!(solved(file), d["length"].as_u64().unwrap(), "{file}");
    }
    // The same seed on one thread writes the same designs.
    let w = search();
    let boards = |v: &serde_json::Value| {
        v["designs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["board"].clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(boards(&v), boards(&w));
}

#[test]
fn generate_rushhour_prints_proved_puzzles_in_the_band() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("made");
    let run = blockslide_exits(
        &[
            "generate",
            "rushhour",
            "--size",
            "4x4",
            "--primary-row",
            "2",
            "--moves",
            "5..6",
            "--count",
            "3",
            "--seed",
            "9",
            "--max-candidates",
            "50000",
            "--max-pieces",
            "8",
            "-o",
            out.to_str().unwrap(),
            "-q",
        ],
        0,
    );
    let text = String::from_utf8_lossy(&run.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    for (i, line) in lines.iter().enumerate() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let moves: u64 = fields[0].parse().unwrap();
        assert!((5..=6).contains(&moves), "{line}");
        // Each line's board imports, and its file solves in the stated moves.
        blockslide_exits(&["import", "rushhour", fields[1]], 0);
        let file = out.join(format!("puzzle-{}.ron", i + 1));
        assert_eq!(solved(file.to_str().unwrap()), moves);
    }
}

#[test]
fn bad_design_options_are_refused_clearly() {
    let dir = tempfile::tempdir().unwrap();
    let base = rush_hour_4x4(dir.path());
    let out = dir.path().join("o");
    for (args, words) in [
        (vec!["--allow", "move,fly"], "unknown change `fly`"),
        (vec!["--palette", "x./.x"], "not one connected piece"),
        (vec!["--palette", "1x3:d"], "an axis is"),
        (vec!["--lock", "9:9"], "off the 4x4 board"),
        (vec!["--lock", "Q"], "no piece `Q`"),
        (vec!["--objective", "fun"], "unknown objective"),
    ] {
        let mut all = vec!["improve", base.as_str(), "-o", out.to_str().unwrap()];
        all.extend(args);
        let run = blockslide_exits(&all, 1);
        let err = String::from_utf8_lossy(&run.stderr);
        assert!(err.contains(words), "{err}");
    }
    let run = blockslide(&["generate", "rushhour", "--count", "2"]);
    assert_eq!(run.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&run.stderr).contains("--moves"));
    let run = blockslide(&["generate", "rushhour", "--moves", "9..3"]);
    assert!(String::from_utf8_lossy(&run.stderr).contains("empty"));
}

#[test]
fn generate_from_a_family_file_keeps_its_board_and_shapes() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("made");
    let family = concat!(env!("CARGO_MANIFEST_DIR"), "/families/small-blocks.ron");
    let run = blockslide_exits(
        &[
            "generate",
            family,
            "--moves",
            "8..12",
            "--count",
            "3",
            "--seed",
            "1",
            "--max-candidates",
            "100000",
            "-o",
            out.to_str().unwrap(),
            "--json",
            "-q",
        ],
        0,
    );
    let v: serde_json::Value = serde_json::from_slice(&run.stdout).expect("JSON");
    let designs = v["designs"].as_array().expect("designs");
    assert_eq!(designs.len(), 3);
    for d in designs {
        let length = d["length"].as_u64().unwrap();
        assert!((8..=12).contains(&length));
        let board: Vec<&str> = d["board"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap())
            .collect();
        // The family's 3x4 board; its 2x2 block, dominoes and squares only.
        assert_eq!(board.len(), 3);
        assert!(board.iter().all(|r| r.split_whitespace().count() == 4));
        let file = d["file"].as_str().unwrap();
        assert_eq!(solved(file), length, "{file}");
    }
}
