//! The flags of the design search (`improve`, and `generate` from a source) and of `suggest`,
//! with the one parser of the change names they share (`--allow`).

use std::collections::BTreeSet;
use std::path::PathBuf;

use blockslide_core::model::Metric;
use blockslide_core::solve::design::{Change, Objective, Strategy};
use clap::Args;

use super::shared::{
    ForceArgs, JsonOutput, LimitArgs, MaxMemory, OutputPath, Quiet, Threads, TimeLimit,
};
use super::values::{Choice, counts, names};

/// The changes `--allow` names (`improve`, `generate`, `suggest`).
///
/// # Errors
/// A message naming the first unknown change and the names there are.
pub fn parse_allow(names: &[String]) -> Result<BTreeSet<Change>, String> {
    names
        .iter()
        .map(|name| name.parse::<Change>().map_err(|e| format!("--allow: {e}")))
        .collect()
}

/// `--time-limit` of a design search, an anytime search with a default budget.
const TIME_LIMIT: &str = "Seconds to search [default: 60 for improve, 600 for generate]";
/// `--max-memory` of a design search.
const MAX_MEMORY: &str = "Stop when the search would use more than this many mebibytes";
/// `--threads` of a design search: each thread runs a chain of its own.
const THREADS: &str = "Worker threads, each running its own chain; 0 = every core; at most 64";
/// `--quiet` of a design search.
const QUIET: &str = "Draw no progress line";

/// The options of a design search that `improve` and `generate` share. The budget's flags are
/// the shared ones ([`super::shared`]), in the design search's words.
#[derive(Debug, Args, Clone)]
#[command(
    mut_arg("time_limit", |a| a.help(TIME_LIMIT)),
    mut_arg("max_memory", |a| a.help(MAX_MEMORY)),
    mut_arg("threads", |a| a.help(THREADS)),
    mut_arg("quiet", |a| a.help(QUIET)),
)]
pub struct DesignArgs {
    /// What may change, comma-separated: move, add, remove, reshape, walls [default:
    /// move,add,remove,reshape].
    #[arg(long, value_delimiter = ',')]
    pub allow: Option<Vec<String>>,
    /// Shapes added pieces take, comma-separated: `RxC` rectangles or drawn shapes (`xx/x.`:
    /// rows of `x` and `.` split by `/`), each optionally `:h` or `:v` to lock it to an axis
    /// [default: Rush Hour's 1x2 and 1x3 cars on Rush Hour boards, else the puzzle's own
    /// shapes].
    #[arg(long, value_delimiter = ',')]
    pub palette: Option<Vec<String>>,
    /// The most pieces a design may have, the goal's included [default: 13 on a 6x6 Rush Hour
    /// board, scaled by area on others; else two more than the puzzle has].
    #[arg(long, value_parser = counts::<usize>(1, 1000))]
    pub max_pieces: Option<usize>,
    /// The most walls a design may have [default: as many as the puzzle has]; more than 0
    /// allows walls to change unless `--allow` lists the changes.
    #[arg(long, value_parser = counts::<usize>(0, 1024))]
    pub max_walls: Option<usize>,
    /// Pieces (by name) and cells (`ROW:COLUMN`, from 1) no change may touch,
    /// comma-separated.
    #[arg(long, value_delimiter = ',')]
    pub lock: Vec<String>,
    /// How moves are counted (default: the puzzle's metric, else step).
    #[arg(long, value_parser = names::<Metric>())]
    pub metric: Option<Choice<Metric>>,
    /// What to maximise.
    #[arg(long, value_parser = names::<Objective>())]
    pub objective: Option<Choice<Objective>>,
    /// How the search moves.
    #[arg(long, value_parser = names::<Strategy>())]
    pub strategy: Option<Choice<Strategy>>,
    /// Seconds to search [default: 60 for improve, 600 for generate].
    #[command(flatten)]
    pub time: TimeLimit,
    /// Stop after this many candidates (with a seed, a run that repeats at the same --threads).
    #[arg(long, value_name = "N")]
    pub max_candidates: Option<u64>,
    /// The most positions one candidate's component (a Rush Hour design's: its unit, every
    /// placement of its vehicles along their lines) is walked for (bigger ones are passed by).
    #[arg(long, value_name = "N", default_value_t = 2_000_000)]
    pub candidate_nodes: u64,
    /// Stop when the search would use more than this many mebibytes.
    #[command(flatten)]
    pub memory: MaxMemory,
    /// Worker threads, each running its own chain.
    #[command(flatten)]
    pub threads: Threads,
    /// Random seed [default: a random one, printed].
    #[arg(long)]
    pub seed: Option<u64>,
    /// Draw no progress line.
    #[command(flatten)]
    pub quiet: Quiet,
}

/// `improve -o`: the folder of the designs, required.
const IMPROVE_OUTPUT: &str = "The folder the best designs are written into (created if missing)";

/// Arguments of `improve`.
#[derive(Debug, Args)]
#[command(mut_arg("output", |a| a.help(IMPROVE_OUTPUT).value_name("DIR").required(true)))]
pub struct ImproveArgs {
    /// The puzzle file (.ron) to start from.
    pub file: PathBuf,
    /// `-o DIR`.
    #[command(flatten)]
    pub output: OutputPath,
    /// How many distinct designs to keep and write (1 to 100).
    #[arg(long, default_value_t = 5, value_parser = counts::<usize>(1, 100))]
    pub keep: usize,
    /// Start every chain from a random design (the original filled at random) rather than
    /// from the original.
    #[arg(long)]
    pub random_start: bool,
    /// Stop as soon as a design whose hardest start needs at least N moves is found (exit 0).
    #[arg(long, value_name = "N")]
    pub stop_at: Option<u32>,
    /// The search's options.
    #[command(flatten)]
    pub design: DesignArgs,
    /// Replacing read-only files in DIR.
    #[command(flatten)]
    pub force: ForceArgs,
    /// `--json`.
    #[command(flatten)]
    pub print: JsonOutput,
}

/// `suggest -o`: the folder of the edited designs.
const SUGGEST_OUTPUT: &str = "Write each listed edit as a puzzle file (suggestion-1.ron, the \
                              best, ...) and suggestions.json into this folder (created if \
                              missing)";
/// `suggest --max-nodes`: each edit's analysis is bounded on its own.
const SUGGEST_NODES: &str = "Stop each edit's analysis after this many expanded nodes (its \
                             figures are then lower bounds, marked \"at least\")";
/// `suggest --time-limit`: the whole run.
const SUGGEST_TIME: &str = "Stop after this many seconds: the edits not analysed by then are \
                            listed last, their figures unknown";
/// `suggest --threads`: edits analysed at once.
const SUGGEST_THREADS: &str = "Edits analysed at once, each on a thread of its own; 0, the \
                               default, is every core; at most 64. The figures do not depend \
                               on it";
/// `suggest --json`.
const SUGGEST_JSON: &str = "Print one JSON object: the design's figures and the listed edits";

/// Arguments of `suggest`.
#[derive(Debug, Args)]
#[command(
    mut_arg("output", |a| a.help(SUGGEST_OUTPUT).value_name("DIR")),
    mut_arg("max_nodes", |a| a.help(SUGGEST_NODES)),
    mut_arg("time_limit", |a| a.help(SUGGEST_TIME)),
    mut_arg("threads", |a| a.help(SUGGEST_THREADS)),
    mut_arg("json", |a| a.help(SUGGEST_JSON)),
)]
pub struct SuggestArgs {
    /// The puzzle file (.ron) whose one-step edits are analysed.
    pub file: PathBuf,
    /// How moves are counted (default: the puzzle's metric, else step).
    #[arg(long, value_parser = names::<Metric>())]
    pub metric: Option<Choice<Metric>>,
    /// The edits to try, comma-separated: walls (a wall added on an empty cell or removed),
    /// remove (a piece), move (a piece to another place it fits), add (a 1x1 piece) [default:
    /// all four].
    #[arg(long, value_delimiter = ',')]
    pub allow: Option<Vec<String>>,
    /// Pieces (by name) and cells (`ROW:COLUMN`, from 1) no edit may touch, comma-separated.
    #[arg(long, value_delimiter = ',')]
    pub lock: Vec<String>,
    /// List (and write, with -o) only the N best edits [default: every edit].
    #[arg(long, value_name = "N", value_parser = counts::<usize>(1, 1_000_000))]
    pub top: Option<usize>,
    /// Resource limits.
    #[command(flatten)]
    pub limits: LimitArgs,
    /// `-o DIR`.
    #[command(flatten)]
    pub output: OutputPath,
    /// Replacing read-only files in DIR, and removing an earlier run's files beyond --top.
    #[command(flatten)]
    pub force: ForceArgs,
    /// `--json`.
    #[command(flatten)]
    pub print: JsonOutput,
}
