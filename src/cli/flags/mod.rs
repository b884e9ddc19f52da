//! Every flag of the command line, in clap's types: the top level and the subcommands here,
//! the groups several subcommands share in [`shared`], the values flags take in [`values`].

mod design;
mod family;
mod files;
pub mod shared;
pub mod values;

use std::path::PathBuf;

use blockslide_core::model::Metric;
use blockslide_core::model::file::MAX_LIST_INSTANCES;
use blockslide_core::solve::Algorithm;
use clap::{Args, Parser, Subcommand};

pub use design::{DesignArgs, ImproveArgs, SuggestArgs, parse_allow};
#[cfg(feature = "distributed")]
pub use family::ClusterArgs;
pub use family::{FamilyArgs, Format};
pub use files::{AnalyzeArgs, ExploreArgs, ExportArgs, ExportFormat, ImportArgs, Notation};
pub use shared::{ForceArgs, JsonOutput, LimitArgs, OutputPath, Threads};
use values::{Choice, MAX_BENCH_INSTANCES, MAX_RUNS, MAX_SCRAMBLE, counts, names};

/// Blockslide: draw sliding puzzles, solve them optimally, compare algorithms, play back.
///
/// Run without a subcommand to open the desktop app (optionally on FILE).
#[derive(Debug, Parser)]
#[command(name = "blockslide", version, args_conflicts_with_subcommands = true)]
pub struct Cli {
    /// A subcommand; without one the desktop app opens.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// A puzzle file to open in the app.
    pub file: Option<PathBuf>,
    /// Render the app with FILE loaded, save a PNG of the window to this path, and exit.
    #[arg(long, value_name = "OUT.png")]
    pub screenshot: Option<PathBuf>,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Validate puzzle files; exit 0 only if all are valid.
    Check(CheckArgs),
    /// Solve a puzzle file or a tile puzzle given inline.
    Solve(SolveArgs),
    /// Count the states reachable from a puzzle's start.
    Count(CountArgs),
    /// Solve many tile puzzles, one per line (the format of korf100.txt).
    Batch(BatchArgs),
    /// Print random tile puzzle instances, or Rush Hour and block puzzles made to a number of
    /// moves, one per line.
    Generate(GenerateArgs),
    /// Run the built-in benchmarks and print medians.
    Bench(BenchArgs),
    /// Turn a puzzle written in another notation into a puzzle file.
    Import(ImportArgs),
    /// Write a puzzle in another notation, or as a playable web page.
    Export(ExportArgs),
    /// Analyse a puzzle's component: distances to the goal, hardest starts, optimal solutions.
    Analyze(AnalyzeArgs),
    /// Explore every arrangement of a block puzzle's pieces: components, hardest starts.
    Explore(ExploreArgs),
    /// Every puzzle a rule set allows, in clusters, with the hardest start of each.
    Family(FamilyArgs),
    /// Search the designs around a puzzle for harder variants.
    Improve(ImproveArgs),
    /// Every one-step edit of a design (a wall, a piece removed or moved, a 1x1 added) with its
    /// new hardest start and start length, best first.
    Suggest(SuggestArgs),
}

/// `check --json`: an object per file.
const CHECK_JSON: &str = "Print one JSON object per file";

/// Arguments of `check`.
#[derive(Debug, Args)]
#[command(mut_arg("json", |a| a.help(CHECK_JSON)))]
pub struct CheckArgs {
    /// Puzzle files (.ron).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// `--json`.
    #[command(flatten)]
    pub print: JsonOutput,
}

/// `solve --json` and `batch --json`: an object, or one per instance and the summary.
const SEARCH_JSON: &str = "Print JSON";

/// Search options shared by `solve` and `batch`.
#[derive(Debug, Args, Clone)]
#[command(mut_arg("json", |a| a.help(SEARCH_JSON)))]
pub struct SearchArgs {
    /// The search algorithm [default for `solve`: bfs on block puzzles, astar on tile puzzles
    /// up to 4x4, idastar on larger ones; for `batch`: idastar].
    #[arg(long, short = 'a', value_parser = names::<Algorithm>())]
    pub algorithm: Option<Choice<Algorithm>>,
    /// A heuristic name (see `solve --list-heuristics`); default: the best admissible one.
    #[arg(long)]
    pub heuristic: Option<String>,
    /// Weighted A*'s weight (>= 1).
    #[arg(long, default_value_t = 1.0)]
    pub weight: f64,
    /// Depth cap for DFS.
    #[arg(long)]
    pub depth_cap: Option<u32>,
    /// Resource limits.
    #[command(flatten)]
    pub limits: LimitArgs,
    /// `--json`.
    #[command(flatten)]
    pub print: JsonOutput,
}

/// Arguments of `solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// A puzzle file (.ron); or use --tiles or --rushhour.
    #[arg(
        required_unless_present_any = ["tiles", "rushhour", "list_heuristics"],
        conflicts_with_all = ["tiles", "rushhour"]
    )]
    pub file: Option<PathBuf>,
    /// A Rush Hour board in Fogleman's notation (36 characters: `o` empty, `x` wall, `A` the
    /// red car, other letters vehicles).
    #[arg(long, conflicts_with = "tiles")]
    pub rushhour: Option<String>,
    /// A tile puzzle inline: numbers row by row, 0 = blank ("1 2 3 4 5 6 7 8 0").
    #[arg(long)]
    pub tiles: Option<String>,
    /// The goal for --tiles (default: tiles in order, blank last).
    #[arg(long, requires = "tiles")]
    pub goal: Option<String>,
    /// The goal for --tiles is 0 1 2 ... (blank first), the convention of Korf's published
    /// instances.
    #[arg(long, requires = "tiles", conflicts_with = "goal")]
    pub blank_first: bool,
    /// Board size for --tiles when it is not square, e.g. 2x3.
    #[arg(long, requires = "tiles")]
    pub size: Option<String>,
    /// How moves are counted (default: the file's metric, else step).
    #[arg(long, value_parser = names::<Metric>())]
    pub metric: Option<Choice<Metric>>,
    /// List the heuristics that apply to the puzzle and exit.
    #[arg(long)]
    pub list_heuristics: bool,
    /// Write every step of the search to this file as JSON lines (root, bound-raised,
    /// expanded, generated, goal; each with the node's g, h, f, move and board). At most
    /// 20,000 events: a bigger search is stopped there, with a message.
    #[arg(long, value_name = "FILE.jsonl")]
    pub trace: Option<PathBuf>,
    /// Search options.
    #[command(flatten)]
    pub search: SearchArgs,
}

/// Arguments of `count`.
#[derive(Debug, Args)]
pub struct CountArgs {
    /// A puzzle file (.ron); or use --rushhour.
    #[arg(required_unless_present = "rushhour", conflicts_with = "rushhour")]
    pub file: Option<PathBuf>,
    /// A Rush Hour board in Fogleman's notation (see `solve --rushhour`).
    #[arg(long)]
    pub rushhour: Option<String>,
    /// How moves are counted (default: the file's metric, else step).
    #[arg(long, value_parser = names::<Metric>())]
    pub metric: Option<Choice<Metric>>,
    /// Resource limits.
    #[command(flatten)]
    pub limits: LimitArgs,
    /// `--json`.
    #[command(flatten)]
    pub print: JsonOutput,
}

/// Arguments of `batch`.
#[derive(Debug, Args)]
pub struct BatchArgs {
    /// One instance per line: numbers separated by spaces, 0 = blank, optionally followed by
    /// the known optimal length.
    pub file: PathBuf,
    /// The goal, as numbers (default: tiles in order, blank last).
    #[arg(long, conflicts_with = "blank_first")]
    pub goal: Option<String>,
    /// The goal is 0 1 2 ... (blank first), the convention of korf100.txt.
    #[arg(long)]
    pub blank_first: bool,
    /// Board size when it is not square, e.g. 3x4.
    #[arg(long)]
    pub size: Option<String>,
    /// Search options.
    #[command(flatten)]
    pub search: SearchArgs,
}

/// `generate -o`: a folder of puzzle files, besides the lines printed.
const GENERATE_OUTPUT: &str =
    "Also write each puzzle as a puzzle file (`puzzle-1.ron`, ...) into this folder";

/// `generate --json`: only for puzzles made to a number of moves.
const GENERATE_JSON: &str = "Print one JSON object (rushhour and puzzle files)";

/// `generate --force`: read-only files, and an earlier run's files beyond `--count`.
const GENERATE_FORCE: &str = "Replace output files that are read-only (they stay read-only), \
and remove the puzzle-N.ron files beyond --count an earlier run left in DIR; without it, \
either is refused before any work starts";

/// Arguments of `generate`.
#[derive(Debug, Args)]
#[command(
    mut_arg("json", |a| a.help(GENERATE_JSON)),
    mut_arg("output", |a| a.help(GENERATE_OUTPUT).value_name("DIR")),
    mut_arg("force", |a| a.help(GENERATE_FORCE)),
)]
pub struct GenerateArgs {
    /// What to make: random tile instances (without it), `rushhour` (Rush Hour puzzles made to
    /// `--moves`), or a puzzle file whose board, goal and pieces the puzzles grow from (with
    /// `--palette` and the design options).
    pub source: Option<String>,
    /// Board size, e.g. 4x4 or 2x3 [default: 4x4 for tiles, 6x6 for rushhour].
    #[arg(long)]
    pub size: Option<String>,
    /// How many instances (1 to 100,000, the most a batch list holds).
    #[arg(long, default_value_t = 1, value_parser = counts::<usize>(1, MAX_LIST_INSTANCES as u64))]
    pub count: usize,
    /// Scramble the goal by K random moves (no immediate reversals; 0 to 1,000,000) instead of
    /// drawing a uniformly random solvable instance (tiles).
    #[arg(long, value_name = "K", value_parser = counts::<u32>(0, MAX_SCRAMBLE))]
    pub scramble: Option<u32>,
    /// Put the blank first in the goal (korf100.txt's convention; tiles).
    #[arg(long)]
    pub blank_first: bool,
    /// The number of moves the hardest start of each puzzle needs: `N` or `A..B` (rushhour
    /// and puzzle files; required there).
    #[arg(long, value_name = "A..B")]
    pub moves: Option<String>,
    /// The red car's row, from 1 (rushhour) [default: the third, as in `family rushhour`].
    #[arg(long)]
    pub primary_row: Option<usize>,
    /// `-o DIR`.
    #[command(flatten)]
    pub output: OutputPath,
    /// Replacing read-only files in DIR, removing stale ones.
    #[command(flatten)]
    pub force: ForceArgs,
    /// `--json`.
    #[command(flatten)]
    pub print: JsonOutput,
    /// The design search's options (rushhour and puzzle files; `--seed` for tiles too).
    #[command(flatten)]
    pub design: DesignArgs,
}

/// `bench --threads`: the `big` suite's alone, one by default so that runs compare.
const BENCH_THREADS: &str =
    "Worker threads for the `big` suite's searches (0 = every core; at most 64)";

/// `bench --json`: an object per measurement.
const BENCH_JSON: &str = "Print JSON lines";

/// Arguments of `bench`.
#[derive(Debug, Args)]
#[command(
    mut_arg("threads", |a| a.help(BENCH_THREADS).default_value("1")),
    mut_arg("json", |a| a.help(BENCH_JSON)),
)]
pub struct BenchArgs {
    /// Which suites to run (default: all but `big`, `design` and `design-6x6`): klotski-bfs,
    /// classics, eight, korf100, korf100-mt, korf100-large, korf100-strong, korf100-max,
    /// tiles5x5, analyze, suggest; and, only when named, big (the largest block puzzles, minutes each),
    /// design and design-6x6 (the design search reaching known targets, minutes each).
    pub suites: Vec<String>,
    /// Runs per measurement (1 to 1,000); the median is reported.
    #[arg(long, default_value_t = 5, value_parser = counts::<usize>(1, MAX_RUNS))]
    pub runs: usize,
    /// Only the first N instances of instance suites (korf100, tiles5x5; 1 to 1,000).
    #[arg(long, value_name = "N", value_parser = counts::<usize>(1, MAX_BENCH_INSTANCES))]
    pub limit: Option<usize>,
    /// Worker threads for the `big` suite's searches.
    #[command(flatten)]
    pub threads: Threads,
    /// `--json`.
    #[command(flatten)]
    pub print: JsonOutput,
}
