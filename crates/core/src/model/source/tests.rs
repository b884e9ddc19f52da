//! Unit tests of the source scanner: rows, tokens, positions, odd text.

use super::*;

const TEXT: &str = r##"// a comment
#![enable(implicit_some)]
Puzzle(
    format: 1, /* block /* nested */ */
    board: [
        "A  B",
        r#"C "D"#,
        "E\tF",
    ],
    goal: Goal(anywhere: true, cells: [". A", "B ."]),
    pieces: { "A": (color: "#ff0000", name: "x"), "B": (kind: "k") },
)"##;

#[test]
fn finds_rows_and_tokens() {
    let map = scan(TEXT);
    assert_eq!(map.board_rows.len(), 3);
    assert_eq!(
        map.board_cell(0, 0),
        Some(TextPos {
            line: 6,
            column: 10
        })
    );
    assert_eq!(
        map.board_cell(0, 1),
        Some(TextPos {
            line: 6,
            column: 13
        })
    );
    assert_eq!(map.board_rows[1].value, "C \"D");
    assert_eq!(
        map.board_cell(1, 1),
        Some(TextPos {
            line: 7,
            column: 14
        })
    );
    assert_eq!(map.board_rows[2].value, "E\tF");
    assert_eq!(
        map.board_cell(2, 1),
        Some(TextPos {
            line: 8,
            column: 13
        })
    );
    assert_eq!(
        map.goal_cell(1, 0),
        Some(TextPos {
            line: 10,
            column: 48
        })
    );
    assert_eq!(
        map.field("format"),
        Some(TextPos {
            line: 4,
            column: 13
        })
    );
    let a = map.piece("A").unwrap();
    assert_eq!(
        a.key,
        TextPos {
            line: 11,
            column: 15
        }
    );
    assert_eq!(
        a.fields["color"],
        TextPos {
            line: 11,
            column: 28
        }
    );
    assert!(map.piece("B").is_some());
}

#[test]
fn positions_follow_line_breaks_and_escapes_inside_strings() {
    let text = "(format: 1, board: [\"A\\t B\", \"C\n  D E\"])";
    let map = scan(text);
    // after the two-character escape `\t`, the token B is at column 26
    assert_eq!(
        map.board_cell(0, 1),
        Some(TextPos {
            line: 1,
            column: 26
        })
    );
    // a raw line break inside the row string: D and E are on line 2
    assert_eq!(map.board_cell(1, 1), Some(TextPos { line: 2, column: 3 }));
    assert_eq!(map.board_cell(1, 2), Some(TextPos { line: 2, column: 5 }));
    assert_eq!(map.board_rows[1].end_pos(), TextPos { line: 2, column: 6 });
    // in a raw string, a quote and hash that do not close it are its characters
    let raw = scan("(format: 1, board: [r##\"A \"# B\"##])");
    let at = |column| Some(TextPos { line: 1, column });
    assert_eq!(raw.board_cell(0, 1), at(27));
    assert_eq!(raw.board_cell(0, 2), at(30));
}

#[test]
fn never_panics_on_odd_text() {
    for text in [
        "",
        "(",
        "\"",
        "r#\"",
        "(board: [\"",
        "/* ",
        "(a: b: c",
        "'\\",
        "#![",
    ] {
        let _ = scan(text);
    }
}

#[test]
fn finds_parts_inside_some() {
    // RON accepts `Some(...)` around an optional value; the parts inside are found as without
    // it (they used to be skipped, so errors in them fell back to the field).
    let map = scan(
        "(format: 2, board: [\"A .\"], goal: Some(Goal(cells: [\". A\"])), pieces: { \"A\": \
         (name: Some(\"a\")) }, zones: Some((grid: [\"z .\"], allow: { \"z\": [] })))",
    );
    let at = |column| Some(TextPos { line: 1, column });
    assert_eq!(map.goal_cell(0, 1), at(56));
    assert_eq!(map.piece("A").unwrap().fields.get("name").copied(), at(90));
    assert_eq!(map.zone_cell(0, 0), at(120));
    assert_eq!(map.zone_key("z"), at(136));
}
