//! Puzzles and folders the tests build: tokens, empty boards, a design the solver refuses, the
//! hardest of Korf's 15-puzzles, and a temporary puzzles folder.

use std::path::PathBuf;

use blockslide_core::model::{Puzzle, Token};

/// The token named `s`.
pub fn t(s: &str) -> Token {
    Token::new(s).expect("valid token")
}

/// A `rows` x `cols` board with nothing on it.
pub fn empty_board(rows: usize, cols: usize) -> Puzzle {
    let row = vec!["."; cols].join(" ");
    Puzzle::from_rows(&vec![row; rows], &[]).unwrap()
}

/// A design the solver refuses: its goal puts piece A on a wall.
pub fn goal_on_a_wall() -> Puzzle {
    Puzzle::from_rows(&["A . .", ". . #"], &[". . .", ". . A"]).unwrap()
}

/// The hardest 15-puzzle of Korf's hundred, which a debug build's IDA* cannot finish in a
/// test's time.
pub fn hard_fifteen() -> Puzzle {
    let text = std::fs::read_to_string(blockslide_testkit::data("korf100.txt"))
        .expect("korf100.txt is in tests/data");
    // The instance with the longest optimal solution: hopeless for a debug-build IDA*.
    let (numbers, _) = text
        .lines()
        .filter_map(|line| {
            let v: Vec<u32> = line
                .split_whitespace()
                .map(|x| x.parse().unwrap())
                .collect();
            (v.len() == 17).then(|| (v[..16].to_vec(), v[16]))
        })
        .max_by_key(|(_, optimal)| *optimal)
        .expect("korf100 has instances");
    let goal: Vec<u32> = (0..16).collect();
    Puzzle::tiles(4, 4, &numbers, Some(&goal)).unwrap()
}

/// A temporary home with a `puzzles` folder in it; the folder's path.
pub fn puzzles_folder(dir: &tempfile::TempDir) -> PathBuf {
    let folder = dir.path().join("puzzles");
    std::fs::create_dir(&folder).unwrap();
    folder
}
