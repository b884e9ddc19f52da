//! The flags of `family`, and of the processes that share a run (feature `distributed`).

#[cfg(feature = "distributed")]
use std::path::PathBuf;

use clap::{Args, ValueEnum};

use super::shared::{ForceArgs, JsonOutput, LimitArgs, OutputPath};

/// `family -o`: the listing, written by way of a partial file and a resume record.
const FAMILY_OUTPUT: &str = "Write the listing to FILE (by way of FILE.part and FILE.resume \
                             while it runs); default: standard output";

/// `family --json`: the listing stays as `--format` says; the summary is JSON.
const FAMILY_JSON: &str = "Print a JSON summary at the end instead of the text one";

/// Arguments of `family`.
#[derive(Debug, Args)]
#[command(
    mut_arg("json", |a| a.help(FAMILY_JSON)),
    mut_arg("output", |a| a.help(FAMILY_OUTPUT).value_name("FILE")),
)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "command-line flags, each an independent switch"
)]
pub struct FamilyArgs {
    /// The family: `rushhour` (a preset, shaped by the options below) or a family file
    /// (.ron, see docs/file-format.md), which says everything itself.
    #[arg(value_name = "FAMILY")]
    pub family: String,
    /// The board, `ROWSxCOLS` (3 to 8 a side, at most 42 cells).
    #[arg(long, default_value = "6x6", value_name = "ROWSxCOLS")]
    pub size: String,
    /// The most walls (single fixed cells) a layout has.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=4))]
    pub max_walls: u8,
    /// The primary car's row, counted from 1 at the top (default: the third).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=8))]
    pub primary_row: Option<u8>,
    /// Let the primary car's row hold other horizontal vehicles, and walls right of the car
    /// (Fogleman's rule keeps it clear).
    #[arg(long)]
    pub allow_busy_primary_row: bool,
    /// Let a row be covered completely by horizontal vehicles and walls (Fogleman's rule
    /// leaves such rows out: they never move).
    #[arg(long)]
    pub allow_full_rows: bool,
    /// Let a column be covered completely by vertical vehicles.
    #[arg(long)]
    pub allow_full_columns: bool,
    /// How each solvable cluster is written.
    #[arg(long, value_enum, default_value_t = Format::Jsonl)]
    pub format: Format,
    /// Only clusters whose hardest start needs at least N moves.
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub min_moves: u32,
    /// Only clusters whose hardest start is minimal (every other vehicle is needed).
    #[arg(long)]
    pub minimal_only: bool,
    /// `-o FILE`.
    #[command(flatten)]
    pub output: OutputPath,
    /// Continue the stopped run of the same family into the same FILE.
    #[arg(long, requires = "output")]
    pub resume: bool,
    /// Replacing a read-only FILE.
    #[command(flatten)]
    pub force: ForceArgs,
    /// Resource limits; without `--time-limit` or `--max-nodes` the run goes on to the end.
    #[command(flatten)]
    pub limits: LimitArgs,
    /// `--json`.
    #[command(flatten)]
    pub print: JsonOutput,
    /// The processes sharing the run.
    #[cfg(feature = "distributed")]
    #[command(flatten)]
    pub cluster: ClusterArgs,
}

/// How a cluster is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One JSON object a line: moves, states, histogram, board, minimal, pieces, walls.
    Jsonl,
    /// Fogleman's database lines: moves (two digits), the board, the cluster's size.
    Fogleman,
}

#[cfg(feature = "distributed")]
/// Which processes share a `family` run.
#[derive(Debug, Args)]
pub struct ClusterArgs {
    /// Share the run among N processes, on this machine or others (see "Across machines" in
    /// docs/cli.md): start the same command in each, with the same --threads and its own
    /// --process. Process 0 writes the listing.
    #[arg(
        long,
        default_value_t = 1,
        value_name = "N",
        value_parser = clap::value_parser!(u16).range(1..),
        requires = "output"
    )]
    pub processes: u16,
    /// This process's number among the N, from 0.
    #[arg(long, default_value_t = 0, value_name = "I")]
    pub process: u16,
    /// The processes' addresses, one `host:port` a line, process 0's first (timely's host
    /// file; each process listens at its own line). Default: localhost:2101, localhost:2102, ...
    #[arg(long, value_name = "FILE")]
    pub hostfile: Option<PathBuf>,
    /// How long a process waits for the others to answer before it gives up and exits 1
    /// (seconds, 1 to 86,400).
    #[arg(
        long,
        default_value_t = 120,
        value_name = "SECONDS",
        value_parser = clap::value_parser!(u64).range(1..=86_400)
    )]
    pub connect_timeout: u64,
}
