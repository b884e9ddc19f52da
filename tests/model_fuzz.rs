//! Fuzzing the loader and the checker with proptest: random bytes and random mutations of the
//! library's files never panic, and every error position lies inside the text.

use blockslide::model::file::parse;
use blockslide::model::library::bundled;
use blockslide::model::validate::{Severity, validate, validate_text};
use proptest::prelude::*;

/// Checks that every finding's position is inside `text`.
fn check_positions(text: &str) -> Result<(), TestCaseError> {
    let report = validate_text(text);
    let lines: Vec<&str> = text.split('\n').collect();
    for d in &report.diagnostics {
        if let Some(line) = d.line {
            prop_assert!(
                line >= 1 && line <= lines.len(),
                "line {line} of {}: {d:?}",
                lines.len()
            );
            if let Some(column) = d.column {
                let width = lines[line - 1].chars().count();
                prop_assert!(
                    column >= 1 && column <= width + 1,
                    "column {column} of {width}: {d:?}"
                );
            }
        } else {
            prop_assert!(d.column.is_none());
        }
    }
    prop_assert_eq!(
        report.puzzle.is_some(),
        parse(text).is_ok(),
        "validate_text loads exactly what parse loads"
    );
    if let Some(p) = &report.puzzle {
        // A loaded puzzle can be validated and checked against its goal without panicking.
        let errors = validate(p)
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .count();
        prop_assert_eq!(errors, report.errors().count());
        let _ = p.goal_satisfied();
    }
    Ok(())
}

/// One edit of a text.
#[derive(Clone, Debug)]
enum Edit {
    Delete { at: usize, len: usize },
    Insert { at: usize, text: String },
    Duplicate { at: usize, len: usize },
    Replace { at: usize, ch: char },
}

fn edit_strategy() -> impl Strategy<Value = Edit> {
    let piece = prop::sample::select(vec![
        "\"",
        "(",
        ")",
        "[",
        "]",
        "{",
        "}",
        ",",
        ":",
        "#",
        ".",
        " ",
        "\n",
        "A",
        "Z9",
        "format: 2",
        "axis: Horizontal",
        "zones: (grid: [\"x .\"], allow: {\"x\": [Piece(\"A\")]}),",
        "anywhere: true",
        "\\",
        "r#\"",
        "/*",
        "//",
        "é",
        "\u{0}",
        "kind: \"k\"",
        "-",
        "99999999999",
        "# # #",
        ". . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . .",
    ]);
    prop_oneof![
        (any::<usize>(), 1usize..20).prop_map(|(at, len)| Edit::Delete { at, len }),
        (any::<usize>(), piece).prop_map(|(at, t)| Edit::Insert {
            at,
            text: t.to_string()
        }),
        (any::<usize>(), 1usize..40).prop_map(|(at, len)| Edit::Duplicate { at, len }),
        (any::<usize>(), any::<char>()).prop_map(|(at, ch)| Edit::Replace { at, ch }),
    ]
}

fn apply(text: &str, edit: &Edit) -> String {
    let chars: Vec<char> = text.chars().collect();
    let n = chars.len();
    let clamp = |at: usize| if n == 0 { 0 } else { at % (n + 1) };
    let mut out: Vec<char> = chars.clone();
    match edit {
        Edit::Delete { at, len } => {
            let a = clamp(*at);
            let b = (a + len).min(n);
            out.drain(a..b);
        }
        Edit::Insert { at, text } => {
            let a = clamp(*at);
            out.splice(a..a, text.chars());
        }
        Edit::Duplicate { at, len } => {
            let a = clamp(*at);
            let b = (a + len).min(n);
            let copy: Vec<char> = chars[a..b].to_vec();
            out.splice(b..b, copy);
        }
        Edit::Replace { at, ch } => {
            if n > 0 {
                out[at % n] = *ch;
            }
        }
    }
    out.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        check_positions(&text)?;
    }

    #[test]
    fn ron_like_noise_never_panics(text in "[(){}\\[\\]\":,.# A-Z0-9a-z\n/*\\\\r]{0,200}") {
        check_positions(&text)?;
        check_positions(&format!("(format: 1, {text}"))?;
    }

    #[test]
    fn mutated_library_files_never_panic(
        file in 0..bundled().len(),
        edits in prop::collection::vec(edit_strategy(), 1..6),
    ) {
        let mut text = bundled()[file].text.to_string();
        for e in &edits {
            text = apply(&text, e);
        }
        check_positions(&text)?;
    }
}
