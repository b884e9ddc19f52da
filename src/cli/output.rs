//! Writing the report: every line a command prints to standard output goes through
//! `outln!` or `out!`, and every note to standard error through `errln!`.
//!
//! Standard output can fail: a full disk (`> /dev/full`), a reader that went away (`| head`).
//! `println!` panics then; here the write returns a [`CliError`] the command passes on with
//! `?`, so it stops at once and exits with [`EXIT_ERROR`] and one line on standard error.
//! Each write is flushed, so the error surfaces at the line that failed, not at exit, where
//! Rust would drop it silently.
//!
//! Standard error is where errors go; when it fails too, there is nobody left to tell, so
//! `errln!` ignores its failures rather than panic.

use std::fmt;
use std::io::{self, Write as _};

use super::error::{CliError, EXIT_ERROR};

/// Writes `args` to standard output and flushes it.
///
/// # Errors
/// A [`CliError`] (exit 1) naming what went wrong: standard output closed or full.
pub fn write(args: fmt::Arguments<'_>) -> Result<(), CliError> {
    let mut stdout = io::stdout().lock();
    stdout
        .write_fmt(args)
        .and_then(|()| stdout.flush())
        .map_err(|e| stdout_error(&e))
}

/// Writes `args` to standard error, ignoring a failure (see the module's docs).
pub fn write_err(args: fmt::Arguments<'_>) {
    let mut stderr = io::stderr().lock();
    let _ = stderr.write_fmt(args).and_then(|()| stderr.flush());
}

/// The error for a failed write to standard output, said as the user sees it.
fn stdout_error(e: &io::Error) -> CliError {
    let message = match e.kind() {
        io::ErrorKind::BrokenPipe => {
            "standard output was closed before the report was written".to_string()
        }
        io::ErrorKind::StorageFull => {
            "cannot write the report: standard output is full (no space left on device)".to_string()
        }
        _ => format!("cannot write the report to standard output: {e}"),
    };
    CliError::with_code(EXIT_ERROR, message)
}

/// `print!` for reports: returns `Result<(), CliError>` instead of panicking.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::output::write(format_args!($($arg)*))
    };
}

/// `println!` for reports: returns `Result<(), CliError>` instead of panicking.
macro_rules! outln {
    () => {
        $crate::cli::output::write(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::cli::output::write(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `eprintln!` that never panics: a failure to write to standard error is ignored.
macro_rules! errln {
    ($($arg:tt)*) => {
        $crate::cli::output::write_err(format_args!("{}\n", format_args!($($arg)*)))
    };
}
