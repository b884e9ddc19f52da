//! Fuzzing the loader and the checker with proptest: random bytes and random mutations of the
//! library's files never panic, and every error position lies inside the text. Also the
//! reader's refusals: files that are not regular, files over the size limit, and the text
//! conventions it accepts (a byte-order mark, CR-only and CRLF line endings).

use std::time::{Duration, Instant};

use blockslide_core::model::file::{MAX_FILE_BYTES, load, parse, read_text};
use blockslide_core::model::library::bundled;
use blockslide_core::model::validate::{Severity, validate, validate_text};
use proptest::prelude::*;

/// The lines of `text` as an editor shows them: a leading byte-order mark is not text, and
/// `\r\n`, a lone `\r` and `\n` each end a line.
fn editor_lines(text: &str) -> Vec<String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = vec![String::new()];
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                lines.push(String::new());
            }
            '\n' => lines.push(String::new()),
            c => lines.last_mut().expect("at least one line").push(c),
        }
    }
    lines
}

/// Checks that every finding's position is inside `text`.
fn check_positions(text: &str) -> Result<(), TestCaseError> {
    let report = validate_text(text);
    let lines = editor_lines(text);
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
        "\r",
        "\r\n",
        "\u{feff}",
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

/// A puzzle with an error on its fourth line, written with `ending` between lines.
fn four_lines(ending: &str) -> String {
    [
        "(",
        "    format: 1,",
        "    board: [\"A B\"],",
        "    colour: 3,",
        ")",
    ]
    .join(ending)
}

#[test]
fn every_line_ending_counts_lines_as_editors_do() {
    for ending in ["\n", "\r\n", "\r"] {
        let e = parse(&four_lines(ending)).unwrap_err();
        assert_eq!((e.line, e.column), (Some(4), Some(5)), "{ending:?}: {e:?}");
        let text = format!("(format: 1,{ending}board: [{ending}\"A .\",{ending}\". A\"])");
        let report = validate_text(&text);
        let error = report
            .errors()
            .next()
            .expect("a piece in two parts is an error");
        assert_eq!(
            (error.line, error.column),
            (Some(4), Some(4)),
            "{ending:?}: {error:?}"
        );
    }
}

#[test]
fn a_byte_order_mark_is_accepted() {
    let plain = "(format: 1, board: [\"A .\"], goal: (cells: [\". A\"]))";
    let marked = format!("\u{feff}{plain}");
    assert_eq!(parse(&marked).unwrap(), parse(plain).unwrap());
    let e = parse(&format!("\u{feff}{}", four_lines("\n"))).unwrap_err();
    assert_eq!((e.line, e.column), (Some(4), Some(5)), "{e:?}");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("marked.ron");
    std::fs::write(&path, marked.as_bytes()).unwrap();
    assert_eq!(read_text(&path).unwrap(), plain);
    assert_eq!(load(&path).unwrap(), parse(plain).unwrap());
}

#[test]
fn files_over_the_limit_are_refused_before_reading() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sparse.ron");
    // A sparse 3 GB file: reading it whole would take seconds and gigabytes.
    let file = std::fs::File::create(&path).unwrap();
    file.set_len(3 << 30).unwrap();
    drop(file);
    let started = Instant::now();
    let e = read_text(&path).unwrap_err();
    assert!(started.elapsed() < Duration::from_secs(1), "{e:?}");
    assert!(e.message.contains("3221225472 bytes"), "{}", e.message);
    assert!(e.message.contains("4 MiB"), "{}", e.message);
    // One byte over the limit is refused; the limit itself is read.
    let file = std::fs::File::create(&path).unwrap();
    file.set_len(MAX_FILE_BYTES + 1).unwrap();
    drop(file);
    assert!(read_text(&path).is_err());
    let text = " ".repeat(MAX_FILE_BYTES as usize);
    std::fs::write(&path, &text).unwrap();
    assert_eq!(read_text(&path).unwrap().len(), text.len());
}

#[test]
fn large_allowed_files_are_refused_without_building_them() {
    // Just under the limit: a million short rows, or one row of a million tokens. Both are
    // refused for the board's size, and quickly (the rows are never all held or scanned).
    let short_rows = format!(
        "(format: 1, board: [\n{}])",
        "\"A\",\n".repeat((MAX_FILE_BYTES as usize - 100) / 5)
    );
    let wide_row = format!(
        "(format: 1, board: [\"{}\"])",
        "A ".repeat((MAX_FILE_BYTES as usize - 100) / 2)
    );
    for (text, message) in [
        (short_rows, "the board has more than 32 rows"),
        (wide_row, "at most 32x32 is allowed"),
    ] {
        assert!(text.len() as u64 <= MAX_FILE_BYTES);
        let started = Instant::now();
        let e = parse(&text).unwrap_err();
        assert!(e.message.contains(message), "{}", e.message);
        assert!(e.line.is_some());
        assert!(started.elapsed() < Duration::from_secs(5));
    }
}

#[cfg(unix)]
#[test]
fn files_that_are_not_regular_are_refused_without_blocking() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("puzzle.ron");
    let c_path = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: `c_path` is a NUL-terminated path that outlives the call.
    assert_eq!(unsafe { libc::mkfifo(c_path.as_ptr(), 0o600) }, 0);
    // Opening a FIFO for reading blocks until a writer comes: run the read on a thread and
    // fail the test instead of hanging.
    let (send, receive) = std::sync::mpsc::channel();
    let path = fifo.clone();
    std::thread::spawn(move || {
        let _ = send.send(read_text(&path));
    });
    let e = receive
        .recv_timeout(Duration::from_secs(5))
        .expect("reading a FIFO returns at once")
        .unwrap_err();
    assert!(e.message.contains("not a regular file"), "{}", e.message);
    for path in [std::path::Path::new("/dev/zero"), dir.path()] {
        let e = read_text(path).unwrap_err();
        assert!(
            e.message.contains("not a regular file") || e.message.contains("a directory"),
            "{}",
            e.message
        );
    }
}
