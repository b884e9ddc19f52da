//! Family files: a valid file of each kind, the documented examples, and every error with its
//! message and its line and column.

use blockslide_core::model::{Axis, Metric};
use blockslide_core::solve::family::blocks::BlockFamily;
use blockslide_core::solve::family::file::{FamilySpec, parse_family, read_family};
use blockslide_core::solve::family::rushhour::{RushHourFamily, RushHourRules};

/// A 3x3 block family, one line a field (line numbers in the comments).
const BLOCKS: &str = r###"(
    format: 1,
    kind: Blocks,
    board: (rows: 3, columns: 3),
    shapes: {
        "goal": (cells: ["##"]),
        "cell": (cells: ["#"], max: 2),
    },
    goal: (piece: "goal", at: (row: 3, column: 2)),
    max_walls: 1,
)"###;

const RUSH_HOUR: &str = r"(
    format: 1,
    kind: RushHour,
    board: (rows: 5, columns: 5),
    primary_row: 2,
    max_walls: 1,
    rules: (no_full_rows: false),
)";

/// `BLOCKS` with line `line` (from 1) replaced by `with`.
fn blocks_with(line: usize, with: &str) -> String {
    let mut lines: Vec<&str> = BLOCKS.lines().collect();
    lines[line - 1] = with;
    lines.join("\n")
}

/// `RUSH_HOUR` with line `line` replaced.
fn rush_hour_with(line: usize, with: &str) -> String {
    let mut lines: Vec<&str> = RUSH_HOUR.lines().collect();
    lines[line - 1] = with;
    lines.join("\n")
}

/// The error of `text`: its message and position.
fn error(text: &str) -> (String, usize, usize) {
    let e = parse_family(text).expect_err(text);
    (e.message, e.line.unwrap_or(0), e.column.unwrap_or(0))
}

/// Asserts that `text` is refused at `line`:`column` with a message containing `words`.
fn refused(text: &str, words: &str, line: usize, column: usize) {
    let (message, l, c) = error(text);
    assert!(message.contains(words), "{message:?} should say {words:?}");
    assert_eq!((l, c), (line, column), "{message}\n{text}");
}

#[test]
fn a_block_family_file_loads() {
    let Ok(FamilySpec::Blocks(family)) = parse_family(BLOCKS) else {
        panic!("{:?}", parse_family(BLOCKS));
    };
    assert_eq!((family.rows, family.cols), (3, 3));
    assert_eq!(family.metric, Metric::Move);
    assert_eq!(family.goal_shape, 0);
    assert_eq!(family.goal_at, (2, 1));
    assert_eq!(family.max_walls, 1);
    let names: Vec<&str> = family.shapes.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["goal", "cell"]);
    assert_eq!(family.shapes[0].cells, vec![(0, 0), (0, 1)]);
    assert_eq!((family.shapes[0].min, family.shapes[0].max), (1, 1));
    assert_eq!((family.shapes[1].min, family.shapes[1].max), (0, 2));
    assert_eq!(family.shapes[1].axis, Axis::Free);
    // Every optional field written, with comments, `Some`, a struct name and gaps in a shape.
    let full = r###"Family(
        format: 1, kind: Blocks, metric: Some(Step),   // counted in steps
        board: Board(rows: 2, columns: 4),
        shapes: {
            "car": (cells: ["# #"], axis: Horizontal, min: 0, max: 1),
            "ell": (cells: ["#.", "##"], axis: Free, max: 1),
            "a": (cells: ["#"], min: 1, max: 1),
        },
        goal: (piece: "a", at: (row: 1, column: 4)),
        max_walls: 0, max_pieces: 2,
    )"###;
    let Ok(FamilySpec::Blocks(family)) = parse_family(full) else {
        panic!("{:?}", parse_family(full));
    };
    assert_eq!(family.metric, Metric::Step);
    assert_eq!(family.max_pieces, 2);
    assert_eq!(family.goal_shape, 2);
    assert_eq!(family.shapes[0].axis, Axis::Horizontal);
    assert_eq!(family.shapes[1].cells, vec![(0, 0), (1, 0), (1, 1)]);
}

#[test]
fn a_rush_hour_family_file_loads() {
    let expected = RushHourFamily {
        rows: 5,
        cols: 5,
        primary_row: 1,
        max_walls: 1,
        rules: RushHourRules {
            no_full_rows: false,
            ..RushHourRules::default()
        },
    };
    assert_eq!(parse_family(RUSH_HOUR), Ok(FamilySpec::RushHour(expected)));
    // Fogleman's family in one line: the defaults are his.
    let short = "(format: 1, kind: RushHour, board: (rows: 6, columns: 6))";
    assert_eq!(
        parse_family(short),
        Ok(FamilySpec::RushHour(RushHourFamily::new(6, 6, 0).unwrap()))
    );
}

#[test]
fn the_documented_examples_load() {
    let docs = include_str!("../../../../docs/file-format.md");
    let section = docs.split("## Family files").nth(1).expect("the section");
    let mut kinds = Vec::new();
    for block in section.split("```ron").skip(1) {
        let text = block.split("```").next().unwrap();
        match parse_family(text) {
            Ok(FamilySpec::Blocks(f)) => kinds.push(format!("blocks {}x{}", f.rows, f.cols)),
            Ok(FamilySpec::RushHour(f)) => kinds.push(format!("rush hour {}x{}", f.rows, f.cols)),
            Err(e) => panic!("{e}\n{text}"),
        }
    }
    assert!(kinds.contains(&"blocks 5x4".to_string()), "{kinds:?}");
    assert!(
        kinds.iter().any(|k| k.starts_with("rush hour")),
        "{kinds:?}"
    );
}

#[test]
fn a_family_file_is_read_from_disk() {
    let dir = std::env::temp_dir().join(format!("blockslide-family-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("f.ron");
    std::fs::write(&path, RUSH_HOUR).unwrap();
    assert!(matches!(read_family(&path), Ok(FamilySpec::RushHour(_))));
    let e = read_family(&dir).unwrap_err();
    assert!(e.message.contains("directory"), "{}", e.message);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn records_open_as_puzzles_of_the_family() {
    let Ok(spec @ FamilySpec::Blocks(_)) = parse_family(BLOCKS) else {
        panic!()
    };
    let puzzle = spec.puzzle("B../.x./AAC").unwrap();
    assert_eq!(puzzle.board_rows(), ["B . .", ". # .", "A A C"]);
    assert_eq!(puzzle.goal_rows(), [". . .", ". . .", ". A A"]);
    for (board, words) in [
        ("B../.../AA", "3 rows of 3 cells"),
        ("B../.../AA?", "not a cell"),
        ("BB./.../AA.", "no shape"),
        ("B../C../AAD", "3 pieces of shape `cell`"),
        ("x../x../AA.", "2 walls"),
        ("B../.../AAA", "the cells of no shape"),
        ("B../x../...", "no goal piece"),
    ] {
        let e = spec.puzzle(board).unwrap_err();
        assert!(e.as_str().contains(words), "{board}: {e}");
    }
    let FamilySpec::Blocks(family) = spec else {
        unreachable!()
    };
    assert!(
        family
            .puzzle("B../.../xA.")
            .unwrap_err()
            .as_str()
            .contains("no shape")
    );
    let rush = parse_family(RUSH_HOUR).unwrap();
    assert!(rush.puzzle("oooooAAoooooooooooooooooo").is_ok());
    assert!(rush.puzzle("AA").is_err());
}

#[test]
fn syntax_errors_and_versions_have_positions() {
    refused(
        &blocks_with(3, "    kind: Blocks"),
        "a comma is missing after this value (before `board` on line 4)",
        3,
        17,
    );
    refused(
        &blocks_with(2, "    // no format"),
        "missing `format: 1,`",
        1,
        1,
    );
    refused(&blocks_with(2, "    format: 2,"), "format version 2", 2, 13);
    refused(
        &blocks_with(2, "    format: 0,"),
        "unknown format version 0",
        2,
        13,
    );
    refused(&blocks_with(3, "    kind: Sokoban,"), "Sokoban", 3, 11);
    refused(&blocks_with(3, ""), "missing `kind: Blocks`", 1, 1);
    let puzzle = "(format: 1, board: [\"A .\"])";
    refused(puzzle, "puzzle file", 1, 1);
    refused(
        &format!("{BLOCKS} x"),
        "there is text after the end of the family, which ends with the `)` at line 11, \
         column 1: found x; delete it",
        11,
        3,
    );
}

#[test]
fn syntax_errors_say_what_the_family_file_should_have() {
    refused(
        &blocks_with(6, r##"        "goal": (cells: ["#" "#"]),"##),
        "a comma is missing after this value (before the next item of `cells` on line 6)",
        6,
        29,
    );
    refused(
        &blocks_with(2, r#"    format: "one","#),
        "format should be a whole number (1), found the string \"one\"",
        2,
        13,
    );
    refused(
        &blocks_with(3, "    kind: 3,"),
        "kind should be one of `Blocks`, `RushHour`, written without quotes, found 3",
        3,
        11,
    );
    refused(
        &blocks_with(4, "    board: 3,"),
        "board should be fields in parentheses, like (rows: 5, columns: 4), found 3",
        4,
        12,
    );
    refused(
        &blocks_with(9, r#"    goal: (piece: "goal", at: 3),"#),
        "at should be fields in parentheses, like (row: 4, column: 2), found 3",
        9,
        31,
    );
    refused(
        &rush_hour_with(7, "    rules: (no_full_rows: no),"),
        "no_full_rows should be true or false, found no",
        7,
        27,
    );
    let cut = &BLOCKS[..BLOCKS.len() - 3];
    refused(
        cut,
        "the file ends before the family does (is it cut short?)",
        10,
        17,
    );
}

#[test]
fn unknown_and_missing_fields_have_positions() {
    refused(
        &blocks_with(10, "    walls: 1,"),
        "unknown field `walls` in the family",
        10,
        5,
    );
    refused(
        &blocks_with(7, r##"        "cell": (cells: ["#"], most: 2),"##),
        "unknown field `most` in a `shapes` entry",
        7,
        32,
    );
    refused(
        &blocks_with(9, r#"    goal: (piece: "goal", at: (row: 3, col: 2)),"#),
        "unknown field `col` in the goal's `at`",
        9,
        40,
    );
    refused(
        &blocks_with(9, r#"    goal: (piece: "goal"),"#),
        "missing field `at` in the goal",
        9,
        25,
    );
    refused(
        &blocks_with(4, "    board: (rows: 3, columns: 3, rows: 3),"),
        "`rows` is written twice in the board",
        4,
        34,
    );
    refused(
        &rush_hour_with(7, "    rules: (no_full_rows: false, exit: true),"),
        "unknown field `exit` in the rules",
        7,
        34,
    );
    refused(
        &rush_hour_with(7, r"    shapes: {},"),
        "unknown field `shapes` in the family",
        7,
        5,
    );
}

#[test]
fn shape_errors_point_at_the_shape() {
    refused(
        &blocks_with(7, r##"        "goal": (cells: ["#"], max: 2),"##),
        "`goal` is written twice",
        7,
        9,
    );
    refused(
        &blocks_with(7, r##"        "cell": (cells: ["#", "o"], max: 2),"##),
        "`o` is not a shape cell",
        7,
        32,
    );
    refused(
        &blocks_with(7, r##"        "cell": (cells: ["#.#"], max: 1),"##),
        "separate parts",
        7,
        25,
    );
    refused(
        &blocks_with(7, r#"        "cell": (cells: ["..."], max: 1),"#),
        "no cells",
        7,
        25,
    );
    // Gaps only, wider or taller than the board: still a shape without cells.
    refused(
        &blocks_with(7, r#"        "cell": (cells: ["...."], max: 1),"#),
        "shape `cell` has no cells",
        7,
        25,
    );
    refused(
        &blocks_with(
            7,
            r#"        "cell": (cells: [".", ".", ".", "."], max: 1),"#,
        ),
        "shape `cell` has no cells",
        7,
        25,
    );
    refused(
        &blocks_with(7, r#####"        "cell": (cells: ["####"], max: 1),"#####),
        "wider than the board's 3 columns",
        7,
        30,
    );
    refused(
        &blocks_with(
            7,
            r##"        "cell": (cells: ["#", "#", "#", "#"], max: 1),"##,
        ),
        "taller than the board's 3 rows",
        7,
        41,
    );
    refused(
        &blocks_with(7, r##"        "cell": (cells: ["#"], min: 3, max: 2),"##),
        "min 3 above max 2",
        7,
        37,
    );
    refused(
        &blocks_with(7, r##"        "cell": (cells: ["#"]),"##),
        "has no `max`",
        7,
        9,
    );
    refused(
        &blocks_with(
            7,
            r##"        "cell": (cells: ["#"], max: 2), "dot": (cells: ["#"], max: 1),"##,
        ),
        "shapes `cell` and `dot` have the same cells",
        7,
        41,
    );
    refused(
        &blocks_with(7, r##"        "cell": (cells: ["#"], min: 8, max: 8),"##),
        "cover 10 cells, more than the board's 9",
        5,
        13,
    );
}

#[test]
fn goal_errors_point_at_the_goal() {
    refused(
        &blocks_with(9, r#"    goal: (piece: "big", at: (row: 3, column: 2)),"#),
        "the goal piece `big` is not one of the shapes (`goal`, `cell`)",
        9,
        19,
    );
    refused(
        &blocks_with(9, r#"    goal: (piece: "goal", at: (row: 3, column: 3)),"#),
        "does not fit",
        9,
        31,
    );
    refused(
        &blocks_with(9, r#"    goal: (piece: "goal", at: (row: 0, column: 1)),"#),
        "count from 1",
        9,
        37,
    );
    refused(
        &blocks_with(6, r###"        "goal": (cells: ["##"], min: 0),"###),
        "exactly one goal piece",
        6,
        38,
    );
    refused(
        &blocks_with(6, r###"        "goal": (cells: ["##"], max: 2),"###),
        "exactly one goal piece",
        6,
        38,
    );
}

#[test]
fn limits_point_at_their_field() {
    refused(
        &blocks_with(4, "    board: (rows: 9, columns: 8),"),
        "1 to 64 cells",
        4,
        12,
    );
    refused(
        &blocks_with(10, "    max_walls: 5,"),
        "at most 4 walls",
        10,
        16,
    );
    refused(
        &blocks_with(10, "    max_pieces: 27,"),
        "max_pieces is 27",
        10,
        17,
    );
    refused(
        &blocks_with(10, "    max_walls: -1,"),
        "max_walls should be a whole number (0 or more), found -1",
        10,
        16,
    );
    let big = r##"(
    format: 1,
    kind: Blocks,
    board: (rows: 8, columns: 8),
    shapes: {"goal": (cells: ["#"]), "cell": (cells: ["#"], max: 20)},
    goal: (piece: "goal", at: (row: 8, column: 8)),
)"##;
    refused(big, "(1 goal, 5 cell) may have up to", 5, 13);
    let sets = r####"(format: 1, kind: Blocks, board: (rows: 8, columns: 8), shapes: {
    "goal": (cells: ["#"]),
    "a": (cells: ["##"], max: 20), "b": (cells: ["#", "#"], max: 20),
    "c": (cells: ["###"], max: 20), "d": (cells: ["#", "#", "#"], max: 20),
    "e": (cells: ["##", "##"], max: 20),
}, goal: (piece: "goal", at: (row: 1, column: 1)))"####;
    refused(sets, "combinations", 1, 65);
    refused(
        &rush_hour_with(4, "    board: (rows: 9, columns: 6),"),
        "3 to 8 cells a side",
        4,
        12,
    );
    refused(
        &rush_hour_with(5, "    primary_row: 0,"),
        "count from 1",
        5,
        18,
    );
    refused(
        &rush_hour_with(5, "    primary_row: 6,"),
        "row 6 is not on a board of 5 rows",
        5,
        18,
    );
    refused(
        &rush_hour_with(6, "    max_walls: 5,"),
        "at most 4 walls",
        6,
        16,
    );
}

#[test]
fn a_family_built_in_code_is_checked_the_same_way() {
    let Ok(FamilySpec::Blocks(family)) = parse_family(BLOCKS) else {
        panic!()
    };
    let bad = BlockFamily {
        goal_shape: 5,
        ..family.clone()
    };
    assert!(bad.validate().unwrap_err().to_string().contains("shape 5"));
    let no_shapes = BlockFamily {
        shapes: Vec::new(),
        ..family
    };
    assert!(no_shapes.validate().is_err());
}
