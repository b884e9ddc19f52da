//! Untrusted text in and out: line endings as editors count them, and user text made safe to
//! echo on a terminal.
//!
//! Puzzle files, batch lists and command-line values come from anywhere. Before a line or
//! column is computed, [`normalize`] turns every line ending into `\n`, so a position means the
//! same line an editor shows. Before user text is echoed in a human-readable message,
//! [`echo`] escapes control characters (an ANSI escape in a puzzle name must not clear the
//! screen) and shortens it (a megabyte-long token must not flood the terminal). JSON output
//! needs neither: its strings are escaped by the serializer.

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
}
