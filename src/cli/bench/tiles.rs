//! Benchmark suites for the tiles engine.

use crate::cli::{BenchArgs, EXIT_ERROR};

/// The suites this file runs.
pub const SUITES: &[&str] = &[];

/// Runs one suite from [`SUITES`].
pub fn run_suite(suite: &str, _args: &BenchArgs) -> u8 {
    eprintln!("blockslide bench: suite `{suite}` is not available yet");
    EXIT_ERROR
}
