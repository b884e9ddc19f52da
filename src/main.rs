//! The `blockslide` binary: the desktop app when run without a subcommand, and the CLI
//! (`check`, `solve`, `count`, `batch`, `generate`, `bench`) for scripts and benchmarks.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::run()
}
