//! The flags of the commands on puzzle files: `analyze`, `explore`, `import` and `export`.

use std::path::PathBuf;

use blockslide_core::model::Metric;
use clap::{Args, ValueEnum};

use super::shared::{ForceArgs, JsonOutput, LimitArgs, OutputPath};
use super::values::{Choice, MAX_TOP, counts, names};

/// Arguments of `analyze`.
#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// A puzzle file (.ron).
    pub file: PathBuf,
    /// How moves are counted (default: the file's metric, else step).
    #[arg(long, value_parser = names::<Metric>())]
    pub metric: Option<Choice<Metric>>,
    /// Write a puzzle file whose start is one of the hardest starts (goal and styles kept).
    #[arg(long, value_name = "OUT.ron")]
    pub write_hardest: Option<PathBuf>,
    /// Replacing a read-only OUT.ron.
    #[command(flatten)]
    pub force: ForceArgs,
    /// Resource limits (for the whole analysis).
    #[command(flatten)]
    pub limits: LimitArgs,
    /// `--json`.
    #[command(flatten)]
    pub print: JsonOutput,
}

/// Arguments of `explore`.
#[derive(Debug, Args)]
pub struct ExploreArgs {
    /// A block puzzle file (.ron): its board and pieces are explored, its start is not used.
    pub file: PathBuf,
    /// How moves are counted (default: the file's metric, else step).
    #[arg(long, value_parser = names::<Metric>())]
    pub metric: Option<Choice<Metric>>,
    /// How many of the hardest solvable components to report (0 to 1,000).
    #[arg(long, value_name = "N", default_value_t = 5, value_parser = counts::<usize>(0, MAX_TOP))]
    pub top: usize,
    /// Write the reported hardest starts as puzzle files `hardest-1.ron`, ... into DIR (created
    /// if missing), with `blockslide-explore.json` naming the run; an earlier run's
    /// `hardest-N.ron` files beyond them are removed (only those Blockslide wrote). Links in
    /// DIR are replaced, never followed.
    #[arg(long, value_name = "DIR")]
    pub write_top: Option<PathBuf>,
    /// Replacing read-only files in DIR.
    #[command(flatten)]
    pub force: ForceArgs,
    /// Resource limits (for the whole exploration).
    #[command(flatten)]
    pub limits: LimitArgs,
    /// `--json`.
    #[command(flatten)]
    pub print: JsonOutput,
}

/// A notation for puzzles other than Blockslide's own files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Notation {
    /// Rush Hour in Fogleman's notation: 36 characters, the 6x6 board row by row (`o` empty,
    /// `x` wall, `A` the red car, other capital letters vehicles); square boards from 3x3 to
    /// 8x8 likewise, one character per cell (as `family` writes them).
    Rushhour,
}

/// `import -o`: the puzzle file, instead of standard output.
const IMPORT_OUTPUT: &str = "Write the puzzle file here instead of printing it";

/// Arguments of `import`.
#[derive(Debug, Args)]
#[command(mut_arg("output", |a| a.help(IMPORT_OUTPUT).value_name("FILE.ron")))]
pub struct ImportArgs {
    /// The notation of TEXT.
    #[arg(value_enum)]
    pub notation: Notation,
    /// The puzzle in that notation. A Rush Hour board never starts with `-`, so text that does
    /// is read as a board (and refused at its first character) rather than as an option;
    /// `--` before TEXT also ends the options.
    #[arg(allow_hyphen_values = true)]
    pub text: String,
    /// `-o FILE.ron`.
    #[command(flatten)]
    pub output: OutputPath,
    /// Replacing a read-only FILE.ron.
    #[command(flatten)]
    pub force: ForceArgs,
}

/// What `export` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    /// Rush Hour in Fogleman's notation: 36 characters, the 6x6 board row by row (`o` empty,
    /// `x` wall, `A` the red car, other capital letters vehicles); square boards from 3x3 to
    /// 8x8 likewise, one character per cell (as `family` writes them).
    Rushhour,
    /// A playable web page: one self-contained HTML file (docs/web-page.md).
    Html,
    /// Positions of the start's component with the positions each legal move leads to, as
    /// JSON: what the web page's move rules are tested against.
    #[value(hide = true)]
    Moves,
}

/// `export -o`: the file, instead of standard output.
const EXPORT_OUTPUT: &str = "Write the output to this file instead of printing it";

/// Arguments of `export`.
#[derive(Debug, Args)]
#[command(mut_arg("output", |a| a.help(EXPORT_OUTPUT).value_name("FILE")))]
pub struct ExportArgs {
    /// What to write.
    #[arg(value_enum)]
    pub format: ExportFormat,
    /// A puzzle file (.ron).
    pub file: PathBuf,
    /// `-o FILE`.
    #[command(flatten)]
    pub output: OutputPath,
    /// Replacing a read-only FILE.
    #[command(flatten)]
    pub force: ForceArgs,
    /// html: leave out the optimal solution and the tables of distances (no hint, no "show
    /// the solution"), for competitions.
    #[arg(long)]
    pub no_solution: bool,
    /// html: more puzzles in the page, with a menu ordered by optimal length: puzzle files,
    /// or folders whose `.ron` files are all taken.
    #[arg(long, value_name = "DIR_OR_FILE", num_args = 1..)]
    pub collection: Vec<PathBuf>,
    /// html: the page's title [default: the puzzle's name].
    #[arg(long)]
    pub title: Option<String>,
    /// html: text shown under the title.
    #[arg(long)]
    pub notes: Option<String>,
    /// moves: the metric of the moves [default: the puzzle's].
    #[arg(long, hide = true, value_parser = names::<Metric>())]
    pub metric: Option<Choice<Metric>>,
    /// moves: how many positions to write at most [default: 1,000].
    #[arg(long, hide = true, value_parser = counts::<usize>(1, MAX_SAMPLE))]
    pub positions: Option<usize>,
}

/// The most positions `export moves` writes.
const MAX_SAMPLE: u64 = 1_000_000;
