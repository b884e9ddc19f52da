//! The command line: it parses the flags ([`flags`]), hands them to the subcommand's module,
//! and prints the error a subcommand returns; nothing else lives here, and no module imports
//! from here.
//!
//! The conventions at the CLI's edge, each kept in one place: exit codes and [`CliError`] in
//! [`error`]; every flag in [`flags`]; limits, threads and Ctrl-C in [`search`]; the puzzle a
//! command reads in [`source`]; every report, as text or JSON, in [`render`]; writing to standard output
//! in [`output`]; byte sizes and digit grouping for people are the core's (`model::text`).

#[macro_use]
mod output;

mod analyze;
mod batch;
mod bench;
mod check;
mod count;
mod error;
mod explore;
mod export;
mod family;
mod flags;
mod generate;
mod improve;
mod made_to_order;
mod progress;
mod render;
mod rushhour;
mod save;
mod search;
mod solve;
mod source;
mod suggest;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory as _, FromArgMatches as _};

use error::{CliError, EXIT_ERROR, EXIT_OK};
use flags::{Cli, Command};
use render::Report;

/// Parses the command line, runs it, and prints its error if it returns one: the one place
/// that prints a command's error and picks the exit code.
///
/// Argument errors exit with [`EXIT_ERROR`] (clap's own code, 2, would read as "unsolvable");
/// `--help` and `--version` exit with 0.
pub fn run() -> ExitCode {
    let parsed = Cli::command().try_get_matches().and_then(|matches| {
        let cli = Cli::from_arg_matches(&matches)?;
        // The name clap matched, to head the command's error messages.
        Ok((cli, matches.subcommand_name().map(str::to_string)))
    });
    let (cli, name) = match parsed {
        Ok(parsed) => parsed,
        Err(error) => {
            let code = if error.use_stderr() {
                EXIT_ERROR
            } else {
                EXIT_OK
            };
            // Nothing useful is left to do if the terminal is gone.
            let _ = error.print();
            return ExitCode::from(code);
        }
    };
    // The desktop app prints nothing; every subcommand reports on standard output.
    let open = if cli.command.is_some() {
        output::check_stdout_open()
    } else {
        Ok(())
    };
    let result = open.and_then(|()| match cli.command {
        Some(Command::Check(args)) => check::run(&args).print(),
        Some(Command::Solve(args)) => solve::run(&args).and_then(Report::print),
        Some(Command::Count(args)) => count::run(&args).and_then(Report::print),
        Some(Command::Batch(args)) => batch::run(&args),
        Some(Command::Generate(args)) => generate::run(&args),
        Some(Command::Bench(args)) => bench::run(&args),
        Some(Command::Import(args)) => rushhour::import(&args),
        Some(Command::Export(args)) => export::run(&args),
        Some(Command::Analyze(args)) => analyze::run(&args).and_then(Report::print),
        Some(Command::Explore(args)) => explore::run(&args).and_then(Report::print),
        Some(Command::Family(args)) => family::run(&args),
        Some(Command::Improve(args)) => improve::run(&args).and_then(Report::print),
        Some(Command::Suggest(args)) => suggest::run(&args).and_then(Report::print),
        None => open_app(cli.file, cli.screenshot),
    });
    ExitCode::from(result.unwrap_or_else(|error| error.report(name.as_deref())))
}

#[cfg(feature = "gui")]
fn open_app(file: Option<PathBuf>, screenshot: Option<PathBuf>) -> Result<u8, CliError> {
    blockslide_app::run(file, screenshot, search::pdb_cache())?;
    Ok(EXIT_OK)
}

#[cfg(not(feature = "gui"))]
fn open_app(_file: Option<PathBuf>, _screenshot: Option<PathBuf>) -> Result<u8, CliError> {
    Err(CliError::from(
        "this binary was built without the desktop app (feature `gui`); use a subcommand \
         (see `blockslide --help`), or rebuild with default features"
            .to_string(),
    ))
}
