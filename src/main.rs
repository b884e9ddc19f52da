//! The `blockslide` binary: the desktop app when run without a subcommand, and the CLI for
//! scripts and benchmarks: `check`, `solve`, `count`, `batch`, `generate`, `bench`, `import`,
//! `export`, `analyze` and `explore`.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::run()
}
