//! Writing the report: every line a command prints to standard output goes through
//! `outln!` or `out!`, and every note to standard error through `errln!`.
//!
//! Standard output can fail: a full disk (`> /dev/full`), a reader that went away (`| head`),
//! or it is closed from the start (`>&-`, see [`check_stdout_open`]).
//! `println!` panics then; here the write returns a [`CliError`] the command passes on with
//! `?`, so it stops at once and exits with [`EXIT_ERROR`] and one line on standard error.
//! Each write is flushed, so the error surfaces at the line that failed, not at exit, where
//! Rust would drop it silently.
//!
//! Standard error is where errors go; when it fails too, there is nobody left to tell, so
//! `errln!` ignores its failures rather than panic.

use std::fmt;
use std::io::{self, Write as _};
#[cfg(target_os = "linux")]
use std::sync::atomic::{AtomicBool, Ordering};

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

/// Checks that standard output was open when the process started, before a subcommand runs.
///
/// A closed descriptor 1 (`blockslide ... >&-`) cannot be caught when writing: before `main`
/// Rust's runtime opens `/dev/null` in its place (so that a file opened later cannot take it),
/// and every report written there vanishes without an error. So the descriptor is looked at
/// before the runtime starts ([`record_stdout`]) and the answer checked here.
///
/// # Errors
/// A [`CliError`] (exit 1) saying standard output is closed.
pub fn check_stdout_open() -> Result<(), CliError> {
    #[cfg(target_os = "linux")]
    if STDOUT_CLOSED_AT_START.load(Ordering::Relaxed) {
        return Err(CliError::with_code(
            EXIT_ERROR,
            "standard output is closed, so the report would be lost; redirect it to a file or \
             to /dev/null instead",
        ));
    }
    Ok(())
}

/// Whether descriptor 1 was closed when the process started (see [`check_stdout_open`]).
#[cfg(target_os = "linux")]
static STDOUT_CLOSED_AT_START: AtomicBool = AtomicBool::new(false);

/// Records whether descriptor 1 is closed; called by the loader before Rust's runtime starts.
#[cfg(target_os = "linux")]
extern "C" fn record_stdout() {
    // SAFETY: `fcntl(F_GETFD)` only reads the flags of a descriptor of this process; it
    // fails (with EBADF) only when the descriptor is not open.
    let closed = unsafe { libc::fcntl(libc::STDOUT_FILENO, libc::F_GETFD) } == -1;
    STDOUT_CLOSED_AT_START.store(closed, Ordering::Relaxed);
}

/// [`record_stdout`] among the functions the loader runs before `main` (and so before the
/// runtime replaces a closed descriptor 1).
#[cfg(target_os = "linux")]
#[used]
// SAFETY: an `.init_array` entry is a function pointer the loader calls once, before `main`,
// with the C calling convention; `record_stdout` is such a function and touches nothing that
// needs the runtime.
#[unsafe(link_section = ".init_array")]
static RECORD_STDOUT: extern "C" fn() = record_stdout;

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
