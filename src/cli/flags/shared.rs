//! The flag groups several subcommands share, each declared once: the budget of a search
//! (`--max-nodes`, `--time-limit`, `--max-memory`, `--threads`, `--quiet`) and the output
//! (`-o`, `--force`, `--json`).
//!
//! A subcommand whose words for a shared flag differ (the design search's `--threads` runs
//! chains, `bench`'s defaults to 1, `bench --json` prints lines) keeps the one declaration and rewords its help with
//! `mut_arg`, so the flag's name, parser and bounds stay in this file.

use std::path::PathBuf;

use clap::Args;

use super::values::{MAX_MEMORY_MIB, counts, threads};

/// Node, time and memory limits, and the threads and progress line of the search they bound,
/// shared by `solve`, `batch`, `count`, `analyze`, `explore` and `family`; what is not given
/// keeps the solver's default, so no search is unbounded.
#[derive(Debug, Args, Clone)]
pub struct LimitArgs {
    /// Stop after this many expanded nodes.
    #[arg(long)]
    pub max_nodes: Option<u64>,
    /// `--time-limit`.
    #[command(flatten)]
    pub time: TimeLimit,
    /// `--max-memory`.
    #[command(flatten)]
    pub memory: MaxMemory,
    /// `--quiet`.
    #[command(flatten)]
    pub quiet: Quiet,
    /// `--threads`.
    #[command(flatten)]
    pub threads: Threads,
}

/// `--time-limit`: seconds, checked (finite, not negative) where the limits are made.
#[derive(Debug, Args, Clone, Copy)]
pub struct TimeLimit {
    /// Stop after this many seconds.
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
}

/// `--max-memory`: mebibytes, at most as many as a 64-bit count of bytes holds.
#[derive(Debug, Args, Clone, Copy)]
pub struct MaxMemory {
    /// Stop when the search would use more than this many mebibytes (MiB, 2^20 bytes; at most
    /// 17,592,186,044,415, as many bytes as 64 bits count).
    #[arg(long, value_name = "MiB", value_parser = counts::<u64>(0, MAX_MEMORY_MIB))]
    pub max_memory: Option<u64>,
}

/// `--quiet`.
#[derive(Debug, Args, Clone, Copy)]
pub struct Quiet {
    /// Draw no progress line (one is drawn only when standard error is a terminal).
    #[arg(long, short)]
    pub quiet: bool,
}

/// `--threads`: 0 (every core) to the solver's most.
#[derive(Debug, Args, Clone, Copy)]
pub struct Threads {
    /// Worker threads for the searches that share their work (IDA* and IDDFS on tiles;
    /// breadth-first search, counting and analysing big components on block puzzles); 0, the
    /// default, is every core; at most 64. The answer and the statistics do not depend on it.
    #[arg(long, default_value_t = 0, value_parser = threads())]
    pub threads: usize,
}

/// `-o`/`--output`: where a command writes its files. Each command says what it writes there
/// (a file or a folder) with `mut_arg`, and `improve`, which writes nothing else, requires it.
#[derive(Debug, Args, Clone)]
pub struct OutputPath {
    /// Write the output here.
    #[arg(short = 'o', long = "output")]
    pub output: Option<PathBuf>,
}

/// `--force`, for the commands that save puzzle files.
#[derive(Debug, Args)]
pub struct ForceArgs {
    /// Replace output files that are read-only (they stay read-only); without it, such a file
    /// is refused before any work starts.
    #[arg(long)]
    pub force: bool,
}

/// `--json`: the report as JSON (see the `render::json` module) instead of text.
#[derive(Debug, Args, Clone, Copy)]
pub struct JsonOutput {
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}
