//! Validation: every class of finding, triggered by a crafted file, with its exact message,
//! severity, cells, and line and column in the text.

use blockslide_core::model::file::parse;
use blockslide_core::model::library::bundled;
use blockslide_core::model::validate::{
    Diagnostic, FindingKind, Severity, is_valid, validate, validate_text,
};
use blockslide_core::model::{Cell, PieceStyle, Puzzle, PuzzleType, Token};

/// The single finding of `text`.
fn only(text: &str) -> Diagnostic {
    let report = validate_text(text);
    assert_eq!(report.diagnostics.len(), 1, "{:#?}", report.diagnostics);
    report.diagnostics[0].clone()
}

fn at(d: &Diagnostic) -> (Option<usize>, Option<usize>) {
    (d.line, d.column)
}

#[test]
fn load_errors_become_findings() {
    let d = only("(\n    format: 1,\n    board: [\"A .\"\n    \"B .\"],\n)");
    assert_eq!(d.severity, Severity::Error);
    assert_eq!(
        d.message,
        "a comma is missing after this value (before the next item of `board` on line 4)"
    );
    assert_eq!(at(&d), (Some(3), Some(18)), "at the end of the first row");
    let report = validate_text("(format: 3, board: [\"A\"])");
    assert!(!report.is_valid());
    assert!(report.puzzle.is_none() && report.puzzle_type.is_none());
}

#[test]
fn piece_in_separate_parts() {
    let d = only(
        "(\n    format: 1,\n    board: [\n        \"A . A\",\n        \"B B .\",\n    ],\n    goal: (cells: [\". . .\", \". B B\"]),\n)",
    );
    assert_eq!(d.severity, Severity::Error);
    assert_eq!(
        d.message,
        "piece `A` is in 2 separate parts; the cells of one piece must touch side by side (give \
         each part its own token)"
    );
    assert_eq!(d.cells, [(0, 2), (0, 0)], "the detached part first");
    assert_eq!(at(&d), (Some(4), Some(14)));
}

#[test]
fn diagonal_cells_are_not_connected() {
    let p = Puzzle::from_rows(&["A .", ". A"], &[". .", "A ."]).unwrap();
    assert!(
        validate(&p)[0]
            .message
            .starts_with("piece `A` is in 2 separate parts")
    );
}

#[test]
fn goal_names_a_missing_piece() {
    let d = only(
        "(\n    format: 1,\n    board: [\"A .\", \". .\"],\n    goal: (cells: [\". .\", \". Z\"]),\n)",
    );
    assert_eq!(
        d.message,
        "the goal names piece `Z`, which is not on the board"
    );
    assert_eq!(d.cells, [(1, 1)]);
    assert_eq!(at(&d), (Some(4), Some(30)));
}

#[test]
fn goal_cells_one_position_cannot_cover() {
    let d = only(
        "(\n    format: 1,\n    board: [\"A A .\", \". . .\"],\n    goal: (cells: [\"A . .\", \"A . .\"]),\n)",
    );
    assert_eq!(
        d.message,
        "no position of piece `A` covers all of its goal cells (row 1 column 1, row 2 column 1) \
         at once"
    );
    assert_eq!(d.cells, [(0, 0), (1, 0)]);
    assert_eq!(at(&d), (Some(4), Some(21)));
    // Coverable by the shape in the abstract, but not inside this board's walls.
    let p = Puzzle::from_rows(&["A A .", "# . ."], &[". . .", ". A A"]).unwrap();
    assert!(is_valid(&p));
    let p = Puzzle::from_rows(&["A A .", "A A #", ". . ."], &[". . .", ". . .", ". . A"]).unwrap();
    assert_eq!(
        validate(&p)[0].message,
        "no position of piece `A` covers all of its goal cells (row 3 column 3) at once"
    );
}

#[test]
fn partial_goals_are_fine() {
    // The goal names one cell of the 2x2 block.
    let p = Puzzle::from_rows(&["A A .", "A A .", ". . ."], &[". . .", ". . .", ". . A"]).unwrap();
    assert_eq!(validate(&p), []);
}

#[test]
fn goal_on_a_wall() {
    let d = only(
        "(\n    format: 1,\n    board: [\"A . #\", \". . .\"],\n    goal: (cells: [\". . A\", \". . .\"]),\n)",
    );
    assert_eq!(
        d.message,
        "the goal puts piece `A` on a wall at row 1 column 3; nothing can ever stand on a wall"
    );
    assert_eq!(d.cells, [(0, 2)]);
    assert_eq!(at(&d), (Some(4), Some(25)));
}

#[test]
fn one_kind_two_shapes() {
    let d = only(
        "(\n    format: 1,\n    board: [\"A A .\", \"B . .\", \"B . .\"],\n    goal: (cells: [\". . .\", \". . .\", \". A A\"]),\n    pieces: { \"A\": (kind: \"domino\"), \"B\": (kind: \"domino\") },\n)",
    );
    assert_eq!(
        d.message,
        "pieces `A` and `B` are both of kind \"domino\" but have different shapes; pieces of one \
         kind must be identical"
    );
    assert_eq!(d.cells, [(1, 0), (2, 0), (0, 0), (0, 1)]);
    assert_eq!(at(&d), (Some(3), Some(23)));
}

#[test]
fn board_over_the_size_limit() {
    // Files cannot express it (the loader refuses first); puzzles built in code can.
    let mut p = Puzzle::empty(33, 2);
    p.set_cell(0, 0, Cell::Piece(Token::new("A").unwrap()));
    assert_eq!(
        validate(&p)[0].message,
        "the board is 33x2; at most 32x32 is allowed"
    );
    let mut p = Puzzle::empty(2, 2);
    p.cells.pop();
    assert_eq!(
        validate(&p)[0].message,
        "the board is 2x2 but holds 3 cells instead of 4"
    );
    let mut p = Puzzle::empty(2, 2);
    p.goal.cells.push(None);
    assert_eq!(
        validate(&p)[0].message,
        "the board is 2x2 but the goal holds 5 cells instead of 4"
    );
    assert_eq!(
        validate(&Puzzle::empty(0, 3))[0].message,
        "the board is 0x3; it needs at least one row and one column"
    );
}

#[test]
fn unsolvable_tile_parity_is_instant() {
    let d = only(
        "(\n    format: 1,\n    board: [\"2 1 3\", \"4 5 6\", \"7 8 .\"],\n    goal: (cells: [\"1 2 3\", \"4 5 6\", \"7 8 .\"]),\n)",
    );
    assert_eq!(
        d.message,
        "this tile puzzle cannot be solved: the start and the goal have opposite permutation \
         parity, so no sequence of moves joins them (swap any two tiles to fix it)"
    );
    assert_eq!(at(&d), (Some(3), Some(12)), "at the board");
    // The seeds' middle_state(4).
    let p = Puzzle::tiles(
        4,
        4,
        &[1, 2, 3, 4, 5, 6, 7, 8, 0, 9, 10, 11, 12, 13, 14, 15],
        None,
    )
    .unwrap();
    assert_eq!(validate(&p)[0].message, d.message);
    // A single row: tiles cannot pass each other.
    let p = Puzzle::tiles(1, 3, &[2, 1, 0], None).unwrap();
    assert_eq!(
        validate(&p)[0].message,
        "this tile puzzle cannot be solved: on a single row or column tiles cannot pass each \
         other, and the goal orders them differently from the start"
    );
    // Every solvable seed instance passes.
    for name in ["eight-1.ron", "eight-31a.ron", "eight-31b.ron"] {
        assert_eq!(validate(&crate::fixtures::bundled(name)), []);
    }
}

#[test]
fn tile_boards_over_a_thousand_cells_are_refused() {
    // Tiles named by three letters, as a file may name them (numbers stop at 999): a 32x32
    // tile puzzle validated, though `solve --tiles`, `batch` and `generate` refuse its size.
    let tile_puzzle = |rows: usize, cols: usize| {
        let mut p = Puzzle::empty(rows, cols);
        for i in 0..rows * cols - 1 {
            let name: String = [i / 676, i / 26 % 26, i % 26]
                .iter()
                .map(|&d| char::from(b'A' + d as u8))
                .collect();
            let token = Token::new(&name).unwrap();
            p.cells[i] = Cell::Piece(token);
            p.goal.cells[i] = Some(token);
        }
        // One move from the goal.
        p.cells.swap(rows * cols - 2, rows * cols - 1);
        p
    };
    let too_large = |d: &Diagnostic| d.kind == FindingKind::TileBoardTooLarge;
    let big = validate(&tile_puzzle(32, 32));
    let d = big.iter().find(|d| too_large(d)).expect("refused");
    assert_eq!(d.severity, Severity::Error);
    assert_eq!(
        d.message,
        "this tile puzzle has 1024 cells; a tile board has at most 1000 (tiles 1 to 999)"
    );
    let largest = tile_puzzle(31, 32);
    assert_eq!(
        blockslide_core::model::tiles::puzzle_type(&largest),
        PuzzleType::Tiles
    );
    assert!(is_valid(&largest), "{:?}", validate(&largest));
}

#[test]
fn floating_goal_that_fits_nowhere() {
    let d = only(
        "(\n    format: 1,\n    board: [\"A # B\", \"# . #\"],\n    goal: (anywhere: true, cells: [\"A .  .\", \"B . .\"]),\n)",
    );
    assert_eq!(
        d.message,
        "the floating goal pattern fits nowhere on the board: at every position some piece \
         cannot cover its goal cells without leaving the board, hitting a wall or overlapping \
         another piece"
    );
    assert_eq!(d.cells, [(0, 0), (1, 0)]);
    assert_eq!(at(&d), (Some(4), Some(37)));
    // A floating pattern whose shape the piece does not have.
    let p = {
        let mut p = Puzzle::from_rows(&["A A .", ". . ."], &["A . .", "A . ."]).unwrap();
        p.goal.anywhere = true;
        p
    };
    assert!(
        validate(&p)[0]
            .message
            .starts_with("no position of piece `A` covers")
    );
}

#[test]
fn goal_pieces_that_would_overlap() {
    let d = only(
        "(\n    format: 1,\n    board: [\"A A .\", \". . .\", \"B B .\"],\n    goal: (cells: [\". . .\", \"A . B\", \". . .\"]),\n)",
    );
    assert_eq!(
        d.message,
        "the goal cannot be met: the pieces it names cannot all stand in their goal positions at \
         once without overlapping"
    );
    assert_eq!(d.cells, [(1, 0), (1, 2)]);
}

#[test]
fn no_pieces() {
    let d = only("(\n    format: 1,\n    board: [\". .\"],\n)");
    assert_eq!(
        d.message,
        "the board has no pieces; draw at least one piece"
    );
    assert_eq!(d.severity, Severity::Error);
}

#[test]
fn nothing_can_move_is_a_warning() {
    let report = validate_text(
        "(\n    format: 1,\n    board: [\"A B\", \"C D\"],\n    goal: (cells: [\"B .\", \". .\"]),\n)",
    );
    assert!(report.is_valid());
    assert_eq!(report.diagnostics.len(), 1);
    let d = &report.diagnostics[0];
    assert_eq!(d.severity, Severity::Warning);
    assert_eq!(
        d.message,
        "nothing can move: no piece has room to step in any direction"
    );
    assert_eq!(at(d), (Some(3), Some(12)));
}

#[test]
fn empty_goal_is_a_warning() {
    let d = only("(\n    format: 1,\n    board: [\"A .\"],\n)");
    assert_eq!(d.severity, Severity::Warning);
    assert_eq!(
        d.message,
        "the goal is empty, so every position satisfies it and there is nothing to solve; mark \
         the cells the pieces must reach"
    );
}

#[test]
fn solved_start_is_a_warning() {
    let d = only("(\n    format: 1,\n    board: [\"A .\"],\n    goal: (cells: [\"A .\"]),\n)");
    assert_eq!(d.severity, Severity::Warning);
    assert_eq!(
        d.message,
        "the start already satisfies the goal: the solution is empty"
    );
    assert_eq!(at(&d), (Some(4), Some(21)));
}

#[test]
fn styles_of_absent_pieces_are_a_warning() {
    let mut p = Puzzle::from_rows(&["A ."], &[". A"]).unwrap();
    p.styles
        .insert(Token::new("Z").unwrap(), PieceStyle::default());
    let d = validate(&p);
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].severity, Severity::Warning);
    assert!(
        d[0].message
            .contains("piece `Z`, which is not on the board")
    );
    assert!(is_valid(&p));
}

#[test]
fn errors_come_before_warnings() {
    let mut p = Puzzle::from_rows(&["A . A"], &[". . ."]).unwrap();
    p.styles
        .insert(Token::new("Z").unwrap(), PieceStyle::default());
    let d = validate(&p);
    assert_eq!(d[0].severity, Severity::Error);
    assert_eq!(d.last().unwrap().severity, Severity::Warning);
}

#[test]
fn the_library_is_clean_and_typed() {
    for b in bundled() {
        let report = validate_text(b.text);
        assert!(
            report.diagnostics.is_empty(),
            "{}: {:?}",
            b.file_name,
            report.diagnostics
        );
        let expected = if b.file_name.starts_with("eight")
            || b.file_name.starts_with("fifteen")
            || b.file_name.starts_with("two-by")
        {
            PuzzleType::Tiles
        } else {
            PuzzleType::Blocks
        };
        assert_eq!(report.puzzle_type, Some(expected), "{}", b.file_name);
        assert_eq!(report.puzzle, Some(parse(b.text).unwrap()));
    }
}

#[test]
fn the_largest_boards_validate() {
    // A 31x32 tile puzzle (991 tiles) and a 32x32 block puzzle with a floating goal.
    let n = 31 * 32;
    let mut start: Vec<u32> = (1..n as u32).chain([0]).collect();
    start.swap(n - 1, n - 2);
    let p = Puzzle::tiles(31, 32, &start, None).unwrap();
    assert_eq!(
        blockslide_core::model::tiles::puzzle_type(&p),
        PuzzleType::Tiles
    );
    assert_eq!(validate(&p), []);
    // Tile numbers above 999 cannot be tokens: refused, not a panic.
    let start: Vec<u32> = (1..1024).chain([0]).collect();
    assert_eq!(
        Puzzle::tiles(32, 32, &start, None).unwrap_err().to_string(),
        "tile number 1000 cannot be a piece token: tiles are numbered up to 999, so a tile \
         board has at most 1000 cells"
    );
    assert!(Puzzle::tiles(2, 2, &[1, 2, 5000, 0], None).is_err());
    let mut rows = vec![vec!["."; 32]; 32];
    rows[0][0] = "A";
    rows[0][1] = "A";
    rows[31][31] = "B";
    let rows: Vec<String> = rows.iter().map(|r| r.join(" ")).collect();
    let mut goal = vec![vec!["."; 32]; 32];
    goal[5][5] = "A";
    goal[6][5] = "B";
    let goal: Vec<String> = goal.iter().map(|r| r.join(" ")).collect();
    let mut p = Puzzle::from_rows(&rows, &goal).unwrap();
    p.goal.anywhere = true;
    assert_eq!(validate(&p), []);
}

#[test]
fn blank_kinds_are_refused() {
    let mut p = Puzzle::from_rows(&["A B ."], &[". . A"]).unwrap();
    for tok in ["A", "B"] {
        p.styles.insert(
            Token::new(tok).unwrap(),
            blockslide_core::model::PieceStyle {
                kind: Some(" ".into()),
                ..Default::default()
            },
        );
    }
    let d = validate(&p);
    assert_eq!(d.len(), 2, "{d:?}");
    assert_eq!(
        d[0].message,
        "piece `A` has a blank kind; give the kind a name, or clear it to make the piece its own \
         kind"
    );
    assert!(!is_valid(&p));
}
