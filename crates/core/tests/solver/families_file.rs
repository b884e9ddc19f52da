//! Format version 2: axis locks and zones in files. Round trips, version 1 files unchanged,
//! and every new error, from loading and from validation, with its message and position.

use blockslide_core::model::file::{parse, to_ron_string};
use blockslide_core::model::validate::{FindingKind, validate_text};
use blockslide_core::model::{Axis, Puzzle, Token, Zone, ZoneRight};

/// A 3x4 puzzle file of format `format` with `extra` fields after the goal.
fn file(format: u32, pieces: &str, extra: &str) -> String {
    format!(
        "(\n    format: {format},\n    board: [\n        \"A A . B\",\n        \". . . B\",\n        \"C . . .\",\n    ],\n    goal: (\n        cells: [\n            \". . . .\",\n            \". . . .\",\n            \". . A A\",\n        ],\n    ),\n{pieces}{extra})\n"
    )
}

const ZONES: &str = "    zones: (\n        grid: [\n            \". . . .\",\n            \". . x .\",\n            \". . x x\",\n        ],\n        allow: { \"x\": [Piece(\"A\")] },\n    ),\n";

fn load_error(text: &str) -> (String, Option<usize>, Option<usize>) {
    let e = parse(text).unwrap_err();
    (e.message, e.line, e.column)
}

#[test]
fn format_two_round_trips_and_format_one_stays_one() {
    let text = file(2, "    pieces: { \"A\": (axis: Horizontal) },\n", ZONES);
    let puzzle = parse(&text).unwrap();
    let a = Token::new("A").unwrap();
    assert_eq!(puzzle.axis_of(a), Axis::Horizontal);
    assert_eq!(puzzle.zones.len(), 1);
    assert_eq!(puzzle.zones[0].allow, vec![ZoneRight::Piece(a)]);
    assert_eq!(puzzle.zones[0].cells.iter().filter(|&&c| c).count(), 3);
    let written = to_ron_string(&puzzle);
    assert!(written.contains("format: 2"), "{written}");
    assert_eq!(parse(&written).unwrap(), puzzle);
    // The same puzzle without the new fields is written as version 1 and reads back.
    let mut plain = puzzle.clone();
    plain.zones.clear();
    plain.styles.clear();
    let written = to_ron_string(&plain);
    assert!(written.contains("format: 1"), "{written}");
    assert_eq!(parse(&written).unwrap(), plain);
    // A version 1 file loads as it always did.
    let old = parse(&file(1, "", "")).unwrap();
    assert!(!old.has_movement_rules());
    assert_eq!(
        to_ron_string(&old),
        to_ron_string(&parse(&to_ron_string(&old)).unwrap())
    );
}

#[test]
fn zones_admit_pieces_and_kinds_and_cells_in_no_zone_are_free() {
    let mut puzzle = Puzzle::from_rows(&["A B .", ". . ."], &[]).unwrap();
    let (a, b) = (Token::new("A").unwrap(), Token::new("B").unwrap());
    puzzle.styles.entry(b).or_default().kind = Some("guard".into());
    puzzle.zones.push(Zone {
        name: Token::new("g").unwrap(),
        cells: vec![false, false, true, false, false, true],
        allow: vec![ZoneRight::Kind("guard".into())],
    });
    assert!(!puzzle.may_cover(a, 2) && puzzle.may_cover(b, 2));
    assert!(puzzle.may_cover(a, 3), "no zone there");
    let written = to_ron_string(&puzzle);
    assert!(written.contains("Kind(\"guard\")"), "{written}");
    assert_eq!(parse(&written).unwrap(), puzzle);
}

#[test]
fn new_fields_in_a_version_one_file_are_refused_at_their_place() {
    let (message, line, column) =
        load_error(&file(1, "    pieces: { \"A\": (axis: Vertical) },\n", ""));
    assert!(message.contains("needs `format: 2`"), "{message}");
    assert_eq!((line, column), (Some(15), Some(27)));
    let (message, line, _) = load_error(&file(1, "", ZONES));
    assert!(message.contains("zones need `format: 2`"), "{message}");
    assert_eq!(line, Some(15));
}

#[test]
fn malformed_zones_are_refused_with_line_and_column() {
    let with = |zones: &str| file(2, "", zones);
    let cases: [(&str, &str, (usize, usize)); 6] = [
        (
            "    zones: (grid: [\". . . .\", \". . y .\", \". . . .\"], allow: {}),\n",
            "zone `y` is drawn but has no `allow` entry",
            (15, 36),
        ),
        (
            "    zones: (grid: [\". . . .\", \". . . .\", \". . . .\"], allow: { \"q\": [] }),\n",
            "`q` has an `allow` entry but is not drawn",
            (15, 63),
        ),
        (
            "    zones: (grid: [\". . . .\", \". # . .\", \". . . .\"], allow: {}),\n",
            "`#` marks walls on the board, not zones",
            (15, 34),
        ),
        (
            "    zones: (grid: [\". . .\", \". . .\", \". . .\"], allow: {}),\n",
            "the zone grid is 3x3 but the board is 3x4",
            (15, 19),
        ),
        (
            "    zones: (grid: [\"x . . .\", \". . . .\", \". . . .\"], allow: { \"x\": [Piece(\"a b\")] }),\n",
            "zone `x`: `a b` is not a piece token",
            (15, 69),
        ),
        (
            "    zones: (grid: [\"x . . .\", \". . . .\", \". . . .\"], allow: { \"x\": [Kind(\" \")] }),\n",
            "zone `x`: a kind needs a name",
            (15, 69),
        ),
    ];
    for (zones, expected, (line, column)) in cases {
        let (message, l, c) = load_error(&with(zones));
        assert!(message.contains(expected), "{zones}: {message}");
        assert_eq!((l, c), (Some(line), Some(column)), "{zones}: {message}");
    }
}

#[test]
fn every_new_validation_finding_points_at_its_place() {
    let check = |text: &str, kind: FindingKind, expected: &str, at: (usize, usize)| {
        let report = validate_text(text);
        let finding = report
            .diagnostics
            .iter()
            .find(|d| d.kind == kind)
            .unwrap_or_else(|| panic!("no {kind:?} in {:?}", report.diagnostics));
        assert!(finding.message.contains(expected), "{}", finding.message);
        assert_eq!(
            (finding.line, finding.column),
            (Some(at.0), Some(at.1)),
            "{kind:?}"
        );
    };
    // A zone admitting a piece and a kind that are not on the board.
    let zones = "    zones: (\n        grid: [\"x . . .\", \". . . .\", \". . . .\"],\n        allow: { \"x\": [Piece(\"A\"), Piece(\"Z\"), Kind(\"ghost\")] },\n    ),\n";
    check(
        &file(2, "", zones),
        FindingKind::ZoneUnknownRight,
        "admits piece `Z`, but no such piece",
        (17, 36),
    );
    // B starts in a zone only A may enter.
    let zones = "    zones: (\n        grid: [\". . . .\", \". . . x\", \". . . .\"],\n        allow: { \"x\": [Piece(\"A\")] },\n    ),\n";
    check(
        &file(2, "", zones),
        FindingKind::StartInClosedZone,
        "piece `B` starts in zone `x`, which is closed to it",
        (5, 16),
    );
    // The goal puts A in a zone only B may enter.
    let zones = "    zones: (\n        grid: [\". . . .\", \". . . .\", \". . . x\"],\n        allow: { \"x\": [Piece(\"B\")] },\n    ),\n";
    check(
        &file(2, "", zones),
        FindingKind::GoalInClosedZone,
        "the goal puts piece `A` in zone `x`",
        (12, 20),
    );
    // Two pieces of one kind with different axes.
    let pieces = "    pieces: {\n        \"B\": (kind: \"k\", axis: Vertical),\n        \"C\": (kind: \"k\", axis: Horizontal),\n    },\n";
    check(
        &file(2, pieces, ""),
        FindingKind::KindAxes,
        "different axes",
        (17, 9),
    );
    // Two pieces of one kind, one of them admitted to a zone by name.
    let pieces =
        "    pieces: {\n        \"B\": (kind: \"k\"),\n        \"C\": (kind: \"k\"),\n    },\n";
    let zones = "    zones: (\n        grid: [\". . . .\", \". . . .\", \"x . . .\"],\n        allow: { \"x\": [Piece(\"C\")] },\n    ),\n";
    check(
        &file(2, pieces, zones),
        FindingKind::KindZones,
        "may enter different zones",
        (17, 9),
    );
}

#[test]
fn a_zone_listed_twice_in_allow_is_refused_at_its_second_key() {
    // The force field of `saved_puzzles/force-field.ron` listed twice: serde's map kept the
    // last list, so the file loaded as a field open to the red block or closed to every piece
    // (unsolvable), whichever was written last.
    let text = std::fs::read_to_string(crate::fixtures::saved("force-field.ron")).unwrap();
    let once = "            \"f\": [Piece(\"A\")],\n";
    assert!(text.contains(once));
    for second in ["            \"f\": [],\n", once] {
        let twice = text.replace(once, &format!("{once}{second}"));
        let (message, line, column) = load_error(&twice);
        assert_eq!(
            message,
            "zones: `f` is listed twice in `allow`; merge its lists into one"
        );
        // The line after the first entry, counted from 1.
        let first = twice.lines().position(|l| l == once.trim_end()).unwrap();
        assert_eq!((line, column), (Some(first + 2), Some(13)), "{second}");
    }
    // The same key spelled with an escape is the same key.
    let zones = "    zones: (grid: [\". . . .\", \". . x .\", \". . x x\"], allow: { \"x\": [], \"\\u{78}\": [] }),\n";
    let (message, line, column) = load_error(&file(2, "", zones));
    assert!(message.contains("`x` is listed twice"), "{message}");
    assert_eq!(
        (line, column),
        (Some(15), zones.find("\"\\u").map(|c| c + 1))
    );
    // `Some(...)` around the zones: still at the second key.
    let wrapped = file(
        2,
        "",
        "    zones: Some((\n        grid: [\". . . .\", \". . x .\", \". . x x\"],\n        allow: { \"x\": [], \"x\": [Piece(\"A\")] },\n    )),\n",
    );
    let (message, line, column) = load_error(&wrapped);
    assert!(message.contains("`x` is listed twice"), "{message}");
    assert_eq!((line, column), (Some(17), Some(27)));
}
