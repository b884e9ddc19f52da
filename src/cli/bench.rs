//! `blockslide bench`: built-in benchmarks that print medians, for numbers that whole-program
//! runs can quote (criterion benches in `benches/` cover the hot loops).

use super::{BenchArgs, EXIT_ERROR, EXIT_OK};

mod analysis;
mod big;
mod blocks;
mod tiles;

/// Runs `blockslide bench`.
pub fn run(args: &BenchArgs) -> u8 {
    let all: Vec<&str> = blocks::SUITES
        .iter()
        .chain(tiles::SUITES)
        .chain(analysis::SUITES)
        .copied()
        .collect();
    let chosen: Vec<&str> = if args.suites.is_empty() {
        all.clone()
    } else {
        args.suites.iter().map(String::as_str).collect()
    };
    let known: Vec<&str> = all.iter().chain(big::SUITES).copied().collect();
    for suite in &chosen {
        let code = if big::SUITES.contains(suite) {
            // Minutes per puzzle: only when named.
            big::run_suite(suite, args)
        } else if blocks::SUITES.contains(suite) {
            blocks::run_suite(suite, args)
        } else if tiles::SUITES.contains(suite) {
            tiles::run_suite(suite, args)
        } else if analysis::SUITES.contains(suite) {
            analysis::run_suite(suite, args)
        } else {
            eprintln!(
                "blockslide bench: unknown suite `{suite}`; choose from {}",
                known.join(", ")
            );
            EXIT_ERROR
        };
        if code != EXIT_OK {
            return code;
        }
    }
    EXIT_OK
}
