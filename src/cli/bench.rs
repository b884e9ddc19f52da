//! `blockslide bench`: built-in benchmarks that print medians, for numbers that whole-program
//! runs can quote (criterion benches in `benches/` cover the hot loops).
//!
//! Each suite prints one line per measurement; with `--json`, one object per line (the
//! `Bench*` structs of [`render::json`](super::render::json)).

use super::error::{CliError, EXIT_OK};
use super::flags::BenchArgs;

mod analysis;
mod big;
mod blocks;
mod design;
mod measure;
mod suggest;
mod tiles;

/// Runs `blockslide bench`.
///
/// # Errors
/// An unknown suite (the suites named before it have run), or the first suite that fails,
/// named in the message.
pub fn run(args: &BenchArgs) -> Result<u8, CliError> {
    let all: Vec<&str> = blocks::SUITES
        .iter()
        .chain(tiles::SUITES)
        .chain(analysis::SUITES)
        .chain(suggest::SUITES)
        .copied()
        .collect();
    let chosen: Vec<&str> = if args.suites.is_empty() {
        all.clone()
    } else {
        args.suites.iter().map(String::as_str).collect()
    };
    let known: Vec<&str> = all
        .iter()
        .chain(big::SUITES)
        .chain(design::SUITES)
        .copied()
        .collect();
    for suite in &chosen {
        let result = if big::SUITES.contains(suite) {
            // Minutes per puzzle: only when named.
            big::run_suite(args)
        } else if design::SUITES.contains(suite) {
            // Minutes per target too: only when named.
            design::run_suite(suite, args)
        } else if blocks::SUITES.contains(suite) {
            blocks::run_suite(suite, args)
        } else if tiles::SUITES.contains(suite) {
            tiles::run_suite(suite, args)
        } else if analysis::SUITES.contains(suite) {
            analysis::run_suite(args)
        } else if suggest::SUITES.contains(suite) {
            suggest::run_suite(args)
        } else {
            return Err(CliError::from(format!(
                "unknown suite `{suite}`; choose from {}",
                known.join(", ")
            )));
        };
        result.map_err(|e| e.in_part(suite))?;
    }
    Ok(EXIT_OK)
}
