//! Every report the subcommands print, rendered once: as text for people ([`text`]) or as
//! one JSON object a line for scripts ([`json`]).
//!
//! A subcommand that finds one thing (`check`, `solve`, `count`, `analyze`, `explore`,
//! `improve`, `suggest`) is a function from its flags to a [`Report`], which the dispatcher
//! prints. The subcommands that stream (`family`'s listing, `generate`'s lines, `batch`'s and `bench`'s
//! rows, `import` and `export`'s converted file) print as they go, through the same
//! renderers, so that a long run shows its work and never holds it all.

pub mod json;
mod peak_memory;
pub mod text;

use serde::Serialize;

use super::error::CliError;

/// What a subcommand found, rendered as the user asked (text or JSON), with its exit code,
/// for the dispatcher to print.
#[derive(Debug)]
#[must_use = "a report is printed by the dispatcher"]
pub struct Report {
    /// The text or the JSON line, with its line break.
    body: String,
    code: u8,
    /// A failure found after the report was made (a trace file asked for and not written):
    /// said after the report, which is printed all the same.
    then: Option<CliError>,
}

impl Report {
    /// The report `json()` makes with `--json` (one line), else `text()`, exiting with `code`.
    pub fn pick<T: Serialize>(
        as_json: bool,
        text: impl FnOnce() -> String,
        json: impl FnOnce() -> T,
        code: u8,
    ) -> Report {
        Report::exiting(code).and(as_json, text, json)
    }

    /// An empty report that exits with `code`, for [`Report::and`] to fill.
    pub fn exiting(code: u8) -> Report {
        Report {
            body: String::new(),
            code,
            then: None,
        }
    }

    /// This report followed by another finding: `json()` with `--json` (one line more), else
    /// `text()`.
    pub fn and<T: Serialize>(
        mut self,
        as_json: bool,
        text: impl FnOnce() -> String,
        json: impl FnOnce() -> T,
    ) -> Report {
        if as_json {
            self.body.push_str(&json::to_line(&json()));
            self.body.push('\n');
        } else {
            self.body.push_str(&text());
        }
        self
    }

    /// This report, exiting with `code` instead.
    pub fn exiting_with(mut self, code: u8) -> Report {
        self.code = code;
        self
    }

    /// This report, followed by the error `then` when there is one.
    pub fn then(mut self, then: Option<CliError>) -> Report {
        self.then = then;
        self
    }

    /// Prints the report on standard output and gives its exit code, or the error found after
    /// it; a failure to print and that error are both said, neither hiding the other.
    ///
    /// # Errors
    /// Standard output failing, or the error found after the report.
    pub fn print(self) -> Result<u8, CliError> {
        match (out!("{}", self.body), self.then) {
            (Ok(()), None) => Ok(self.code),
            (Ok(()), Some(then)) => Err(then),
            (Err(e), None) => Err(e),
            (Err(e), Some(then)) => Err(e.after(then.message())),
        }
    }
}
