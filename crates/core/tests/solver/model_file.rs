//! The RON file format: round trips, atomic saving, and load errors with their exact
//! messages and positions.

use std::collections::BTreeMap;
use std::path::Path;

use blockslide_core::model::file::{LoadError, load, parse, read_text, save, to_ron_string};
use blockslide_core::model::library::bundled;
use blockslide_core::model::{Cell, Color, Metric, PieceStyle, Puzzle, Token};
use proptest::prelude::*;

fn saved_puzzles() -> Vec<(String, String)> {
    let dir = crate::fixtures::repository().join("saved_puzzles");
    let mut out: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect();
    out.sort();
    assert!(out.len() >= 16, "the library holds every seed puzzle");
    out
}

#[test]
fn every_saved_puzzle_round_trips_through_text_and_disk() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in saved_puzzles() {
        let p = parse(&text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let again = parse(&to_ron_string(&p)).unwrap();
        assert_eq!(again, p, "{name}: text round trip");
        let path = dir.path().join(&name);
        save(&path, &p).unwrap();
        assert_eq!(load(&path).unwrap(), p, "{name}: disk round trip");
    }
}

#[test]
fn saved_puzzles_are_written_in_canonical_form() {
    // The library files look exactly like what the app writes, so a save from the app
    // produces no spurious diff.
    for (name, text) in saved_puzzles() {
        let p = parse(&text).unwrap();
        assert_eq!(to_ron_string(&p), text, "{name}");
    }
}

#[test]
fn bundled_library_matches_the_folder() {
    let on_disk = saved_puzzles();
    assert_eq!(bundled().len(), on_disk.len());
    for b in bundled() {
        let (_, text) = on_disk
            .iter()
            .find(|(n, _)| n == b.file_name)
            .unwrap_or_else(|| panic!("{} is bundled but not in saved_puzzles/", b.file_name));
        assert_eq!(b.text, text);
    }
    // Classics first.
    assert_eq!(bundled()[0].file_name, "klotski.ron");
}

#[test]
fn klotski_file_has_names_colours_and_kinds() {
    let p = crate::fixtures::bundled("klotski.ron");
    assert_eq!(p.metric, Some(Metric::Move));
    let t = |s: &str| Token::new(s).unwrap();
    assert_eq!(p.styles[&t("A")].name.as_deref(), Some("Cao Cao"));
    assert_eq!(p.kind_of(t("B")), p.kind_of(t("F")));
    assert_eq!(p.kind_of(t("G")), p.kind_of(t("J")));
    assert_ne!(p.kind_of(t("A")), p.kind_of(t("E")));
}

#[test]
fn save_replaces_atomically_and_leaves_no_temporary_files() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("puzzle.ron");
    std::fs::write(&path, "old contents").unwrap();
    let p = crate::fixtures::bundled("klotski.ron");
    save(&path, &p).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), to_ron_string(&p));
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["puzzle.ron"]);
}

#[test]
fn save_into_a_missing_folder_fails_and_creates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("missing").join("puzzle.ron");
    let p = crate::fixtures::bundled("klotski.ron");
    assert!(save(&path, &p).is_err());
    assert!(!path.exists());
}

#[test]
fn load_reports_unreadable_files() {
    let e = load(Path::new("no/such/file.ron")).unwrap_err();
    assert!(
        e.message.starts_with("cannot read no/such/file.ron:"),
        "{}",
        e.message
    );
    let data = crate::fixtures::data("check/not-utf8.ron");
    let e = load(&data).unwrap_err();
    assert!(
        e.message.starts_with("the file is not UTF-8 text: "),
        "{}",
        e.message
    );
    assert_eq!((e.line, e.column), (Some(3), Some(22)));
}

fn err(text: &str) -> LoadError {
    parse(text).unwrap_err()
}

fn at(e: &LoadError) -> (Option<usize>, Option<usize>) {
    (e.line, e.column)
}

#[test]
fn syntax_errors() {
    let e = err("(\n    format: 1,\n    board: [\"A .\"\n    \"B .\"],\n)");
    assert_eq!(
        e.message,
        "a comma is missing after this value (before the next item of `board` on line 4)"
    );
    assert_eq!(at(&e), (Some(3), Some(18)));
    let e = err("(\n    format: 1,\n    board: [\"A .\"],\n    colour: \"red\",\n)");
    assert_eq!(
        e.message,
        "unknown field `colour` in the puzzle; the fields are `format`, `name`, `notes`, \
         `metric`, `board`, `goal`, `pieces`, `zones`"
    );
    assert_eq!(at(&e), (Some(4), Some(5)));
    let e = err("(\n    format: 1,\n    name: \"x\",\n)");
    assert_eq!(e.message, "missing field `board` in the puzzle");
    let e = err("(format: 1, board: [\"A\"], goal: (cells: [\"A\"], any: true))");
    assert!(
        e.message.starts_with("unknown field `any` in the goal;"),
        "{}",
        e.message
    );
    let e = err("(format: 1, board: [\"A\"], pieces: {\"A\": (colour: \"#000000\")})");
    assert!(
        e.message
            .starts_with("unknown field `colour` in a `pieces` entry;"),
        "{}",
        e.message
    );
    let e = err("(\n    format: 1,\n    metric: Teleport,\n    board: [\"A .\"],\n)");
    assert!(e.message.contains("`Teleport`"), "{}", e.message);
    assert_eq!(at(&e), (Some(3), Some(13)));
}

#[test]
fn format_versions() {
    let e = err("(\n    board: [\"A .\"],\n)");
    assert_eq!(
        e.message,
        "missing `format: 1,` at the start of the puzzle: every puzzle file names its format \
         version"
    );
    let text = std::fs::read_to_string(crate::fixtures::data("check/future-version.ron")).unwrap();
    let e = err(&text);
    assert_eq!(
        e.message,
        "this file uses format version 3, but this version of Blockslide reads format \
         versions 1 to 2; open it with a newer Blockslide"
    );
    assert_eq!(at(&e), (Some(2), Some(13)));
    let e = err("(format: 0, board: [\"A .\"])");
    assert_eq!(
        e.message,
        "unknown format version 0; this version of Blockslide reads format versions 1 to 2"
    );
    assert_eq!(at(&e), (Some(1), Some(10)));
}

#[test]
fn board_row_errors_point_into_the_row() {
    let e = err("(\n    format: 1,\n    board: [\n        \"A A .\",\n        \"B .\",\n    ],\n)");
    assert_eq!(e.message, "row 2 has 2 cells but row 1 has 3");
    assert_eq!(
        at(&e),
        (Some(5), Some(13)),
        "at the closing quote of the short row"
    );
    let e =
        err("(\n    format: 1,\n    board: [\n        \"A A .\",\n        \"B . . C\",\n    ],\n)");
    assert_eq!(e.message, "row 2 has 4 cells but row 1 has 3");
    assert_eq!(at(&e), (Some(5), Some(16)), "at the first extra token");
    let e =
        err("(\n    format: 1,\n    board: [\n        \"A A .\",\n        \"B-2 . .\",\n    ],\n)");
    assert_eq!(
        e.message,
        "row 2, column 1: piece token `B-2` may only use the characters A-Z, a-z, 0-9 and _"
    );
    assert_eq!(at(&e), (Some(5), Some(10)));
    let e = err("(\n    format: 1,\n    board: [\n        \"A A ABCD\",\n    ],\n)");
    assert_eq!(
        e.message,
        "row 1, column 3: piece token `ABCD` is longer than 3 characters"
    );
    assert_eq!(at(&e), (Some(4), Some(14)));
    let e = err("(\n    format: 1,\n    board: [\n        \"A\\t\\u{41}  Bé\",\n    ],\n)");
    assert!(e.message.contains("`Bé`"), "{}", e.message);
    assert_eq!(
        at(&e),
        (Some(4), Some(21)),
        "escapes are counted as written"
    );
    let e = err("(\n    format: 1,\n    board: [\n        \"A A .\",\n        \"   \",\n    ],\n)");
    assert_eq!(e.message, "row 2 is empty");
    assert_eq!(at(&e), (Some(5), Some(9)));
    let e = err("(\n    format: 1,\n    board: [],\n)");
    assert_eq!(e.message, "the board has no rows; write at least one row");
    assert_eq!(at(&e), (Some(3), Some(12)));
}

#[test]
fn board_size_limit() {
    let row = format!("A{}", " .".repeat(32));
    let e = err(&format!(
        "(\n    format: 1,\n    board: [\n        \"{row}\",\n    ],\n)"
    ));
    assert_eq!(e.message, "the board is 1x33; at most 32x32 is allowed");
    assert_eq!(at(&e), (Some(3), Some(12)));
    let rows = vec![format!("\"{}\"", vec!["."; 32].join(" ")); 32].join(", ");
    assert_eq!(
        parse(&format!("(format: 1, board: [{rows}])"))
            .unwrap()
            .rows,
        32
    );
}

#[test]
fn goal_grid_errors() {
    let e =
        err("(\n    format: 1,\n    board: [\"A .\", \". .\"],\n    goal: (cells: [\". A\"]),\n)");
    assert_eq!(e.message, "the goal is 1x2 but the board is 2x2");
    assert_eq!(at(&e), (Some(4), Some(19)));
    let e = err(
        "(\n    format: 1,\n    board: [\"A .\", \". .\"],\n    goal: (cells: [\". A\", \"# .\"]),\n)",
    );
    assert_eq!(
        e.message,
        "goal row 2, column 1: a goal cell cannot be a wall; use `.` for don't care"
    );
    assert_eq!(at(&e), (Some(4), Some(28)));
    let e = err(
        "(\n    format: 1,\n    board: [\"A .\", \". .\"],\n    goal: (cells: [\". A\", \"! .\"]),\n)",
    );
    assert_eq!(
        e.message,
        "goal row 2, column 1: piece token `!` may only use the characters A-Z, a-z, 0-9 and _"
    );
    assert_eq!(at(&e), (Some(4), Some(28)));
    let e = err("(format: 1, board: [\"A .\"], goal: (cells: []))");
    assert_eq!(
        e.message,
        "the goal has no rows; write 1 row of 2 cells (`.` for don't care)"
    );
}

#[test]
fn pieces_errors() {
    let e = err(
        "(\n    format: 1,\n    board: [\"A .\"],\n    pieces: {\n        \"A\": (color: \"red\"),\n    },\n)",
    );
    assert_eq!(
        e.message,
        "pieces: `A` has colour \"red\"; write colours as \"#rrggbb\" (for example \"#c0392b\")"
    );
    assert_eq!(at(&e), (Some(5), Some(22)));
    let e = err(
        "(\n    format: 1,\n    board: [\"A .\"],\n    pieces: {\n        \"Z\": (name: \"zed\"),\n    },\n)",
    );
    assert_eq!(e.message, "pieces: `Z` is not a piece on the board");
    assert_eq!(at(&e), (Some(5), Some(9)));
    let e = err(
        "(\n    format: 1,\n    board: [\"A .\"],\n    pieces: {\n        \"A\": (name: \"a\"),\n        \"A\": (color: \"#ff0000\"),\n    },\n)",
    );
    assert_eq!(
        e.message,
        "pieces: `A` is listed twice; merge its entries into one"
    );
    assert_eq!(at(&e), (Some(6), Some(9)));
    let e =
        err("(\n    format: 1,\n    board: [\"A .\"],\n    pieces: { \"A\": (kind: \"\") },\n)");
    assert_eq!(
        e.message,
        "pieces: `A` has an empty kind; give the kind a name or leave it out"
    );
    assert_eq!(at(&e), (Some(4), Some(27)));
    let e = err("(format: 1, board: [\"A .\"], pieces: { \"A-\": (name: \"a\") })");
    assert!(
        e.message.starts_with("pieces: `A-` is not a piece token:"),
        "{}",
        e.message
    );
}

#[test]
fn optional_parts_and_extensions() {
    // Comments, a struct name, raw strings, explicit Some and an enable attribute all load.
    let p = parse(
        "#![enable(implicit_some)]\n// a puzzle\nPuzzle(\n  format: 1, /* v1 */\n  \
         board: [r#\"A .\"#],\n  metric: Some(Slide),\n  pieces: {\"A\": (name: Some(\"a\"))},\n)",
    )
    .unwrap();
    assert_eq!(p.metric, Some(Metric::Slide));
    assert_eq!(
        p.styles[&Token::new("A").unwrap()].name.as_deref(),
        Some("a")
    );
    // An empty style entry is accepted and dropped.
    let p = parse("(format: 1, board: [\"A .\"], pieces: {\"A\": ()})").unwrap();
    assert!(p.styles.is_empty());
}

#[test]
fn writer_aligns_rows_and_goal() {
    let mut p = Puzzle::from_rows(&["10 1 .", "# L1 L1"], &[". 10 .", ". . ."]).unwrap();
    p.name = "Aligned \"quotes\"".into();
    let text = to_ron_string(&p);
    assert!(text.contains("\"10 1  .\""), "{text}");
    assert!(text.contains("\"#  L1 L1\""), "{text}");
    assert!(text.contains("\".  10 .\""), "{text}");
    assert_eq!(parse(&text).unwrap(), p);
}

fn token_strategy() -> impl Strategy<Value = Token> {
    prop::sample::select(vec!["A", "B", "L1", "7", "10", "z_9", "abc"])
        .prop_map(|s| Token::new(s).unwrap())
}

fn cell_strategy() -> impl Strategy<Value = Cell> {
    prop_oneof![
        3 => Just(Cell::Empty),
        1 => Just(Cell::Wall),
        4 => token_strategy().prop_map(Cell::Piece),
    ]
}

fn style_strategy() -> impl Strategy<Value = PieceStyle> {
    (
        proptest::option::of(".{0,12}"),
        proptest::option::of(any::<(u8, u8, u8)>()),
        proptest::option::of("[a-z ]{1,8}"),
    )
        .prop_filter("a style that sets something", |(n, c, k)| {
            n.is_some() || c.is_some() || k.as_ref().is_some_and(|k| !k.trim().is_empty())
        })
        .prop_map(|(name, color, kind)| PieceStyle {
            name,
            color: color.map(|(r, g, b)| Color { r, g, b }),
            kind: kind.filter(|k| !k.trim().is_empty()),
            ..PieceStyle::default()
        })
}

prop_compose! {
    fn puzzle_strategy()(rows in 1usize..6, cols in 1usize..6)(
        cells in prop::collection::vec(cell_strategy(), rows * cols),
        goal in prop::collection::vec(proptest::option::of(token_strategy()), rows * cols),
        anywhere in any::<bool>(),
        name in ".{0,20}",
        notes in ".{0,40}",
        metric in proptest::option::of(prop::sample::select(Metric::ALL.to_vec())),
        styles in prop::collection::vec(style_strategy(), 8),
        rows in Just(rows),
        cols in Just(cols),
    ) -> Puzzle {
        let mut p = Puzzle::empty(rows, cols);
        p.cells = cells;
        p.goal.cells = goal;
        p.goal.anywhere = anywhere;
        p.name = name;
        p.notes = notes;
        p.metric = metric;
        let tokens: Vec<Token> = p.pieces().iter().map(|x| x.token).collect();
        p.styles = tokens.into_iter().zip(styles).collect::<BTreeMap<_, _>>();
        p
    }
}

proptest! {
    #[test]
    fn any_puzzle_round_trips(p in puzzle_strategy()) {
        let text = to_ron_string(&p);
        let again = parse(&text).map_err(|e| TestCaseError::fail(format!("{e:?}\n{text}")))?;
        prop_assert_eq!(again, p);
    }
}

#[cfg(unix)]
#[test]
fn saving_keeps_the_mode_and_writes_through_links() {
    use std::os::unix::fs::{PermissionsExt, symlink};
    let dir = tempfile::tempdir().unwrap();
    let puzzle = Puzzle::from_rows(&["A ."], &[". A"]).unwrap();
    // Over an existing 0644 file: the mode stays.
    let plain = dir.path().join("plain.ron");
    std::fs::write(&plain, "old").unwrap();
    std::fs::set_permissions(&plain, std::fs::Permissions::from_mode(0o644)).unwrap();
    save(&plain, &puzzle).unwrap();
    let mode = std::fs::metadata(&plain).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o644);
    assert_eq!(blockslide_core::model::file::load(&plain).unwrap(), puzzle);
    // An unusual mode stays too.
    std::fs::set_permissions(&plain, std::fs::Permissions::from_mode(0o640)).unwrap();
    save(&plain, &puzzle).unwrap();
    assert_eq!(
        std::fs::metadata(&plain).unwrap().permissions().mode() & 0o777,
        0o640
    );
    // Through a symbolic link: the link stays a link and its target gets the new text.
    let target = dir.path().join("target.ron");
    std::fs::write(&target, "old").unwrap();
    let link = dir.path().join("link.ron");
    symlink(&target, &link).unwrap();
    save(&link, &puzzle).unwrap();
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(std::fs::read_link(&link).unwrap(), target);
    assert_eq!(blockslide_core::model::file::load(&target).unwrap(), puzzle);
    // A new file gets the usual mode for new files, not a temporary file's 0600.
    let fresh = dir.path().join("fresh.ron");
    save(&fresh, &puzzle).unwrap();
    let mode = std::fs::metadata(&fresh).unwrap().permissions().mode() & 0o777;
    let umask = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("Umask:"))
                .map(|v| u32::from_str_radix(v.trim(), 8).unwrap())
        })
        .unwrap_or(0o022);
    assert_eq!(
        mode,
        0o666 & !umask,
        "a new file gets the usual mode, not 0600"
    );
    // Nothing is left behind.
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| {
            Path::new(n)
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("tmp"))
        })
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn utf16_and_nul_bytes_are_refused_as_not_utf8() {
    // UTF-16 of ASCII text without a byte-order mark is valid UTF-8 (every other byte NUL):
    // it used to reach the parser and fail with a syntax error at the first NUL.
    let text = std::fs::read_to_string(crate::fixtures::saved("eight-1.ron")).unwrap();
    let little: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let big: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
    let marked: Vec<u8> = [0xff, 0xfe].into_iter().chain(little.clone()).collect();
    let mut nul = text.clone().into_bytes();
    nul.insert(text.find("8-puzzle").unwrap(), 0);
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes, why, (line, column)) in [
        ("le.ron", little, "it looks like UTF-16", (1, 2)),
        ("be.ron", big, "it looks like UTF-16", (1, 1)),
        (
            "bom.ron",
            marked,
            "it starts with a UTF-16 byte-order mark",
            (1, 1),
        ),
        ("nul.ron", nul, "it holds a NUL byte", (3, 12)),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        let e = read_text(&path).unwrap_err();
        assert!(
            e.message
                .contains(&format!("the file is not UTF-8 text: {why}")),
            "{name}: {}",
            e.message
        );
        assert_eq!(at(&e), (Some(line), Some(column)), "{name}: {}", e.message);
        assert_eq!(load(&path).unwrap_err(), e);
    }
}

#[test]
fn positions_are_found_inside_explicit_some() {
    // `Some(...)` around the goal and around a style's fields: errors point inside it, as
    // without it, not at the field.
    let goal = "  goal: Some((cells: [\". #\"])),";
    let e = err(&format!("(\n  format: 1,\n  board: [\"A .\"],\n{goal}\n)"));
    assert!(e.message.contains("cannot be a wall"), "{}", e.message);
    assert_eq!(at(&e), (Some(4), goal.find('#').map(|c| c + 1)));
    let pieces = "  pieces: { \"A\": (color: Some(\"red\")) },";
    let e = err(&format!(
        "(\n  format: 1,\n  board: [\"A .\"],\n{pieces}\n)"
    ));
    assert!(e.message.contains("has colour \"red\""), "{}", e.message);
    assert_eq!(at(&e), (Some(4), pieces.find("\"red").map(|c| c + 1)));
}

/// The message and position of `text`'s load error.
fn refusal(text: &str) -> (String, (Option<usize>, Option<usize>)) {
    let e = err(text);
    (e.message.clone(), at(&e))
}

#[test]
fn a_value_of_the_wrong_kind_names_its_field_and_what_was_found() {
    let pos = |line, column| (Some(line), Some(column));
    assert_eq!(
        refusal("(\n    format: \"one\",\n    board: [\"A .\"],\n)"),
        (
            "format should be a whole number (1 or 2), found the string \"one\"".to_string(),
            pos(2, 13)
        )
    );
    assert_eq!(
        refusal("(\n    format: -1,\n    board: [\"A .\"],\n)"),
        (
            "format should be a whole number (1 or 2), found -1".to_string(),
            pos(2, 13)
        )
    );
    assert_eq!(
        refusal("(format: 1, name: 3, board: [\"A .\"])"),
        (
            "name should be text in double quotes, found 3".to_string(),
            pos(1, 19)
        )
    );
    assert_eq!(
        refusal("(format: 1, board: \"A .\")").0,
        "board should be a list of rows in square brackets, like [\"A B\", \". .\"], found the \
         string \"A .\""
    );
    assert_eq!(
        refusal("(format: 1, board: [\"A .\", 3])"),
        (
            "each item in board should be text in double quotes, found 3".to_string(),
            pos(1, 28)
        )
    );
    assert_eq!(
        refusal("(format: 1, board: [\"A .\"], pieces: {\"A\": 3})").0,
        "the pieces entry \"A\" should be fields in parentheses, (...), found 3"
    );
    assert_eq!(
        refusal("(format: 1, metric: 3, board: [\"A .\"])").0,
        "metric should be one of `Step`, `Slide`, `Move`, written without quotes, found 3"
    );
    // A long value is cut short, and control characters are escaped, in the message.
    let long = format!("(format: \"\u{1b}{}\", board: [\"A\"])", "x".repeat(500));
    let (message, _) = refusal(&long);
    assert!(
        message
            .starts_with("format should be a whole number (1 or 2), found the string \"\\u{1b}xxx"),
        "{message}"
    );
    assert!(message.ends_with("(503 characters in all)"), "{message}");
}

#[test]
fn a_goal_flag_that_is_not_true_or_false_says_so() {
    let text = "(\n    format: 1,\n    board: [\"A .\"],\n    goal: (\n        anywhere: maybe,\n        \
                cells: [\". A\"],\n    ),\n)";
    assert_eq!(
        refusal(text),
        (
            "anywhere should be true or false, found maybe".to_string(),
            (Some(5), Some(19))
        )
    );
}

#[test]
fn a_missing_comma_is_reported_after_the_value_it_should_follow() {
    let text = "(\n    format: 1,\n    name: \"x\",\n    board: [\"A .\"],\n    notes: \"some notes \
                here\"\n    metric: Move,\n)";
    assert_eq!(
        refusal(text),
        (
            "a comma is missing after this value (before `metric` on line 6)".to_string(),
            (Some(5), Some(29))
        )
    );
    // A comment after the value is not the value.
    let text = "(\n    format: 1,\n    board: [\"A .\"],\n    goal: (\n        anywhere: true // \
                yes\n        cells: [\". A\"],\n    ),\n)";
    assert_eq!(at(&err(text)), (Some(5), Some(23)));
    let text = "(\n    format: 1,\n    board: [\"A B\"],\n    pieces: {\n        \"A\": (name: \
                \"a\")\n        \"B\": (name: \"b\"),\n    },\n)";
    assert_eq!(
        refusal(text),
        (
            "a comma is missing after this value (before \"B\" on line 6)".to_string(),
            (Some(5), Some(25))
        )
    );
    // Between list items, on one line or across lines, and in a list with no field's name.
    assert_eq!(
        refusal("(format: 1, board: [\"A\", \"B\" \"C\"])"),
        (
            "a comma is missing after this value (before the next item of `board` on line 1)"
                .to_string(),
            (Some(1), Some(29))
        )
    );
    let text = "(\n    format: 2,\n    board: [\"A\"],\n    zones: (\n        grid: [\"x\"],\n        \
                allow: { \"x\": [Piece(\"A\") Kind(\"soldier\")] },\n    ),\n)";
    assert_eq!(
        refusal(text),
        (
            "a comma is missing after this value (before the next item of the list on line 6)"
                .to_string(),
            (Some(6), Some(34))
        )
    );
}

#[test]
fn text_after_the_end_of_the_puzzle_is_reported_where_it_starts() {
    let mut lines: Vec<String> = saved_puzzles()
        .into_iter()
        .find(|(name, _)| name == "century.ron")
        .unwrap()
        .1
        .lines()
        .map(str::to_string)
        .collect();
    lines.truncate(22);
    lines.push("    pieces: { \"A\": (color: \"#c0392b\") },".to_string());
    lines.push(")".to_string());
    lines.push("  stray words".to_string());
    assert_eq!(lines.len(), 25);
    assert_eq!(
        refusal(&lines.join("\n")),
        (
            "there is text after the end of the puzzle, which ends with the `)` at line 24, \
             column 1: found stray; delete it"
                .to_string(),
            (Some(25), Some(3))
        )
    );
    // Comments and blank lines between the end and the stray text are skipped.
    let (message, pos) = refusal("(format: 1, board: [\"A\"]))\n\n// done\n  /* really */ x");
    assert_eq!(pos, (Some(1), Some(26)), "{message}");
    assert!(message.contains("found )"), "{message}");
    let (message, pos) = refusal("(format: 1, board: [\"A\"])\n\n// done\n  /* really */ x");
    assert_eq!(pos, (Some(4), Some(16)), "{message}");
}

#[test]
fn a_file_cut_short_is_reported_where_it_stops() {
    let head = "(\n    format: 1,\n    board: [\"A .\"],\n    goal: (\n        anywhere: false,\n";
    // The text stops in the indentation of line 7.
    let (message, pos) = refusal(&format!("{head}        cells: [\n            "));
    assert_eq!(pos, (Some(7), Some(13)), "{message}");
    assert_eq!(
        message,
        "the file ends before the puzzle does (is it cut short?): the `[` at line 6, column 16 \
         is not closed"
    );
    // In the middle of a word, of a string, and where the parser expects more.
    let (message, pos) =
        refusal("(\n    format: 1,\n    board: [\"A .\"],\n    goal: (\n        anywhere: fa");
    assert_eq!(pos, (Some(5), Some(21)), "{message}");
    assert!(
        message.ends_with("the `(` at line 4, column 11 is not closed"),
        "{message}"
    );
    let (message, pos) = refusal(&format!("{head}        cells: [\". A"));
    assert_eq!(pos, (Some(6), Some(21)), "{message}");
    assert!(
        message.ends_with("the string at line 6, column 17 is not closed"),
        "{message}"
    );
    let (message, pos) = refusal(&format!("{head}        cells: [\". A\"],\n    "));
    assert_eq!(pos, (Some(7), Some(5)), "{message}");
    assert!(message.contains("cut short"), "{message}");
}
