//! Untrusted text in and out: line endings as editors count them, and user text made safe to
//! echo on a terminal.
//!
//! Puzzle files, batch lists and command-line values come from anywhere. Before a line or
//! column is computed, [`normalize`] turns every line ending into `\n`, so a position means the
//! same line an editor shows. Before user text is echoed in a human-readable message,
//! [`echo`] escapes control characters (an ANSI escape in a puzzle name must not clear the
//! screen) and shortens it (a megabyte-long token must not flood the terminal). JSON output
//! needs neither: its strings are escaped by the serializer.
//!
//! Figures for people are written one way everywhere, in the CLI, the app and the solver's
//! notes: byte sizes in binary units ([`bytes`]) and large counts with their digits grouped
//! ([`thousands`]).

use std::borrow::Cow;
use std::fmt::Write as _;

/// The most characters of a user value that [`echo`] shows; longer values are cut and say
/// how long they were.
pub const ECHO_MAX_CHARS: usize = 80;

/// The byte-order mark some editors put at the start of UTF-8 files.
const BYTE_ORDER_MARK: char = '\u{feff}';

/// `text` without a leading byte-order mark and with every line ending (`\r\n`, a lone `\r`,
/// `\n`) written as `\n`: lines are then counted the way editors count them.
///
/// Borrows `text` when there is nothing to change.
pub fn normalize(text: &str) -> Cow<'_, str> {
    let text = text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(text);
    if !text.contains('\r') {
        return Cow::Borrowed(text);
    }
    Cow::Owned(text.replace("\r\n", "\n").replace('\r', "\n"))
}

/// Whether `ch` must not reach a terminal raw: control characters (C0, DEL, C1) and the
/// invisible formatting characters that reorder or hide text (bidirectional overrides and
/// isolates, zero-width characters, the byte-order mark).
fn needs_escape(ch: char) -> bool {
    ch.is_control()
        || matches!(
            ch,
            '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}'
        )
}

/// `text` made safe to echo in a human-readable message: control and invisible formatting
/// characters written as escapes (`\n`, `\t`, `\u{1b}`, ...), and a value longer than
/// [`ECHO_MAX_CHARS`] characters cut there, with its full length appended.
///
/// Every printer and error message that repeats text the user wrote (a puzzle name, a token,
/// a path, a command-line value) passes it through here.
pub fn echo(text: &str) -> String {
    escape(text, ECHO_MAX_CHARS)
}

/// The most characters of a whole message that [`echo_message`] shows.
pub const MESSAGE_MAX_CHARS: usize = 2000;

/// A whole message made safe to print, for the last step before the terminal: [`echo`]'s
/// escaping, with room for a full message ([`MESSAGE_MAX_CHARS`] characters). Messages from
/// the solver and from other libraries may quote user text that was not shortened where it
/// was quoted; this keeps it from reaching the terminal raw or flooding it.
pub fn echo_message(text: &str) -> String {
    escape(text, MESSAGE_MAX_CHARS)
}

/// `text` with control and invisible formatting characters escaped, cut after `max_chars`
/// characters (saying how many there were in all).
fn escape(text: &str, max_chars: usize) -> String {
    let mut out = String::with_capacity(text.len().min(4 * max_chars));
    for (shown, ch) in text.chars().enumerate() {
        if shown == max_chars {
            let total = text.chars().count();
            // Writing to a String cannot fail.
            let _ = write!(out, "… ({total} characters in all)");
            return out;
        }
        match ch {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if needs_escape(c) => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out
}

/// A byte size in the largest binary unit it fills (powers of 1,024, with the IEC names):
/// `512 B`, `3.4 KiB`, `12.0 MiB`, `1.50 GiB`. The one way sizes are written for people:
/// memory limits (`--max-memory` counts MiB), peaks, tables and files alike.
pub fn bytes(n: u64) -> String {
    const KIB: f64 = 1024.0;
    let v = n as f64;
    if v < KIB {
        format!("{n} B")
    } else if v < KIB * KIB {
        format!("{:.1} KiB", v / KIB)
    } else if v < KIB * KIB * KIB {
        format!("{:.1} MiB", v / (KIB * KIB))
    } else {
        format!("{:.2} GiB", v / (KIB * KIB * KIB))
    }
}

/// `n` with its digits grouped by thousands: `1,234,567`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_counts_every_line_ending() {
        assert_eq!(normalize("a\r\nb\rc\nd"), "a\nb\nc\nd");
        assert_eq!(normalize("\u{feff}(format: 1)"), "(format: 1)");
        assert!(matches!(normalize("plain\ntext"), Cow::Borrowed(_)));
    }

    #[test]
    fn echo_escapes_and_shortens() {
        assert_eq!(echo("a\u{1b}[2Jb\0"), "a\\u{1b}[2Jb\\u{0}");
        assert_eq!(echo("tab\there\n"), "tab\\there\\n");
        assert_eq!(echo("\u{202e}evil"), "\\u{202e}evil");
        assert_eq!(echo("Klotski é"), "Klotski é");
        let long = "x".repeat(1 << 20);
        let shown = echo(&long);
        assert!(shown.len() < 200, "{}", shown.len());
        assert!(shown.ends_with(&format!("({} characters in all)", 1 << 20)));
        let message = format!("unknown heuristic `{long}`; choose one of zero, manhattan");
        let shown = echo_message(&message);
        assert!(shown.len() < MESSAGE_MAX_CHARS + 100, "{}", shown.len());
        assert_eq!(echo_message("a\u{1b}[2J"), "a\\u{1b}[2J");
    }

    #[test]
    fn sizes_are_written_in_binary_units() {
        assert_eq!(bytes(0), "0 B");
        assert_eq!(bytes(1023), "1023 B");
        assert_eq!(bytes(1024), "1.0 KiB");
        assert_eq!(bytes(1536), "1.5 KiB");
        assert_eq!(bytes(12_500_000), "11.9 MiB");
        assert_eq!(bytes(50 << 20), "50.0 MiB");
        assert_eq!(bytes(3 << 30), "3.00 GiB");
    }

    #[test]
    fn digits_are_grouped_by_thousands() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(thousands(u64::MAX), "18,446,744,073,709,551,615");
    }
}
