//! How a command ends: the exit codes, a stable interface (0 success, 1 error, 2 unsolvable,
//! 3 a limit was hit or the search was cancelled), and [`CliError`], the error a subcommand
//! returns and the dispatcher alone prints.

use std::io::{self, Write as _};

use blockslide_core::model::text::echo_message;

/// Success: valid, solved, counted.
pub const EXIT_OK: u8 = 0;
/// A user error or invalid input.
pub const EXIT_ERROR: u8 = 1;
/// The puzzle has no solution.
pub const EXIT_UNSOLVABLE: u8 = 2;
/// A limit was hit or the search was cancelled.
pub const EXIT_LIMIT: u8 = 3;

/// Why a subcommand stopped short: the message the dispatcher prints and the exit code.
///
/// A subcommand that did its work returns its exit code instead (`Ok`), even one that reports
/// a failure in its output (an invalid file under `check --json`, an unsolvable puzzle).
#[derive(Debug)]
pub struct CliError {
    /// [`EXIT_ERROR`], or [`EXIT_LIMIT`] when a limit or Ctrl-C stopped the work.
    code: u8,
    /// The part of the subcommand that failed, named after it (`blockslide bench korf100:`).
    part: Option<String>,
    /// The message, one line per finding; printed escaped, so it may quote what the user
    /// typed as it is.
    message: String,
}

impl CliError {
    /// An error that exits with `code`.
    pub fn with_code(code: u8, message: impl Into<String>) -> CliError {
        CliError {
            code,
            part: None,
            message: message.into(),
        }
    }

    /// This error, said of `part` of the subcommand (a benchmark suite).
    #[must_use]
    pub fn in_part(mut self, part: &str) -> CliError {
        self.part = Some(part.to_string());
        self
    }

    /// The message, one line per finding.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// This error, said after `first`, another failure of the same command.
    #[must_use]
    pub fn after(mut self, first: &str) -> CliError {
        self.message = format!("{first}\n{}", self.message);
        self
    }

    /// Prints the error to standard error and gives the exit code: the one place a command's
    /// error is printed. Each line comes after `blockslide COMMAND PART: `, escaped
    /// ([`echo_message`]) because messages quote paths, values and puzzle text as the user
    /// wrote them. Written here rather than through the `output` module, which reports its
    /// own failures as a [`CliError`]: when standard error fails too, nobody is left to tell,
    /// so the failure is ignored.
    pub fn report(&self, command: Option<&str>) -> u8 {
        let mut prefix = String::from("blockslide");
        for word in command.into_iter().chain(self.part.as_deref()) {
            prefix.push(' ');
            prefix.push_str(word);
        }
        let mut stderr = io::stderr().lock();
        for line in self.message.lines() {
            let _ = writeln!(stderr, "{prefix}: {}", echo_message(line));
        }
        let _ = stderr.flush();
        self.code
    }
}

impl From<String> for CliError {
    /// A user error or invalid input: exit 1.
    fn from(message: String) -> CliError {
        CliError::with_code(EXIT_ERROR, message)
    }
}
