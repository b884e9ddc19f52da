//! The command line: argument parsing (clap) and one file per subcommand.
//!
//! Exit codes are a stable interface: 0 success (valid, solved, counted), 1 error,
//! 2 unsolvable, 3 a limit was hit or the search was cancelled.
//!
//! The conventions at the CLI's edge, each kept in one place: a subcommand returns its exit
//! code or a [`CliError`], which [`run`] alone prints; every `--json` object is a struct of
//! [`json`]; byte sizes and digit grouping for people are the core's (`model::text`).

#[macro_use]
mod output;

mod analyze;
mod args;
mod batch;
mod bench;
mod check;
mod count;
mod explore;
mod family;
#[cfg(feature = "distributed")]
mod family_distributed;
mod generate;
mod improve;
mod json;
mod made_to_order;
mod peak_memory;
mod progress;
mod rushhour;
mod solve;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use blockslide_core::model::Metric;
use blockslide_core::model::Puzzle;
use blockslide_core::model::file::{LoadError, parse, parse_with_source_map, read_text};
use blockslide_core::model::text::{echo, echo_message};
use blockslide_core::model::validate::{Diagnostic, validate_text};
use blockslide_core::solve::{Algorithm, Limits, SearchControl, SolveError};

use args::{
    Choice, MAX_BENCH_INSTANCES, MAX_MEMORY_MIB, MAX_RUNS, MAX_SCRAMBLE, counts, names, threads,
};
use blockslide_core::model::file::MAX_LIST_INSTANCES;
use clap::{Args, CommandFactory as _, FromArgMatches as _, Parser, Subcommand};
use progress::ProgressLine;

/// Success: valid, solved, counted.
pub const EXIT_OK: u8 = 0;
/// A user error or invalid input.
pub const EXIT_ERROR: u8 = 1;
/// The puzzle has no solution.
pub const EXIT_UNSOLVABLE: u8 = 2;
/// A limit was hit or the search was cancelled.
pub const EXIT_LIMIT: u8 = 3;

/// Why a subcommand stopped short: the message [`run`] prints and the exit code.
///
/// A subcommand that did its work returns its exit code instead (`Ok`), even one that reports
/// a failure in its output (an invalid file under `check --json`, an unsolvable puzzle).
#[derive(Debug)]
pub struct CliError {
    /// [`EXIT_ERROR`], or [`EXIT_LIMIT`] when a limit or Ctrl-C stopped the work.
    code: u8,
    /// The part of the subcommand that failed, named after it (`blockslide bench korf100:`).
    part: Option<String>,
    /// The message, one line per finding; printed escaped, so it may quote what the user
    /// typed as it is.
    message: String,
}

impl CliError {
    /// An error that exits with `code`.
    pub fn with_code(code: u8, message: impl Into<String>) -> CliError {
        CliError {
            code,
            part: None,
            message: message.into(),
        }
    }

    /// This error, said of `part` of the subcommand (a benchmark suite).
    #[must_use]
    pub fn in_part(mut self, part: &str) -> CliError {
        self.part = Some(part.to_string());
        self
    }

    /// Prints the error to standard error, the one place a command's error is printed: each
    /// line after `blockslide COMMAND PART: `, escaped ([`echo_message`]) because messages
    /// quote paths, values and puzzle text as the user wrote them.
    fn print(&self, command: Option<&str>) {
        let mut prefix = String::from("blockslide");
        for word in command.into_iter().chain(self.part.as_deref()) {
            prefix.push(' ');
            prefix.push_str(word);
        }
        for line in self.message.lines() {
            errln!("{prefix}: {}", echo_message(line));
        }
    }
}

impl From<String> for CliError {
    /// A user error or invalid input: exit 1.
    fn from(message: String) -> CliError {
        CliError::with_code(EXIT_ERROR, message)
    }
}

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
    Import(rushhour::ImportArgs),
    /// Write a puzzle file in another notation.
    Export(rushhour::ExportArgs),
    /// Analyse a puzzle's component: distances to the goal, hardest starts, optimal solutions.
    Analyze(analyze::AnalyzeArgs),
    /// Explore every arrangement of a block puzzle's pieces: components, hardest starts.
    Explore(explore::ExploreArgs),
    /// Every puzzle a rule set allows, in clusters, with the hardest start of each.
    Family(family::FamilyArgs),
    /// Search the designs around a puzzle for harder variants.
    Improve(improve::ImproveArgs),
}

/// Arguments of `check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Puzzle files (.ron).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Print one JSON object per file.
    #[arg(long)]
    pub json: bool,
}

/// Search options shared by `solve` and `batch`.
#[derive(Debug, Args, Clone)]
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
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
}

/// Node, time and memory limits, shared by `solve`, `batch` and `count`; what is not given
/// keeps the solver's default, so no search is unbounded.
#[derive(Debug, Args, Clone)]
pub struct LimitArgs {
    /// Stop after this many expanded nodes.
    #[arg(long)]
    pub max_nodes: Option<u64>,
    /// Stop after this many seconds.
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
    /// Stop when the search would use more than this many mebibytes (MiB, 2^20 bytes; at most
    /// 17,592,186,044,415, as many bytes as 64 bits count).
    #[arg(long, value_name = "MiB", value_parser = counts::<u64>(0, MAX_MEMORY_MIB))]
    pub max_memory: Option<u64>,
    /// Draw no progress line (one is drawn only when standard error is a terminal).
    #[arg(long, short)]
    pub quiet: bool,
    /// Worker threads for the searches that share their work (IDA* and IDDFS on tiles;
    /// breadth-first search, counting and analysing big components on block puzzles); 0, the
    /// default, is every core; at most 64. The answer and the statistics do not depend on it.
    #[arg(long, default_value_t = 0, value_parser = threads())]
    pub threads: usize,
}

impl LimitArgs {
    /// The control of one search under these limits: Ctrl-C cancels it, and a progress line
    /// for `what` ("solving", "counting") follows it on a terminal. Keep the line until the
    /// search returns, and drop it before printing.
    ///
    /// # Errors
    /// As [`LimitArgs::limits`].
    pub fn control(&self, what: &str) -> Result<(SearchControl, ProgressLine), String> {
        let limits = self.limits()?;
        Ok(self.control_within(limits, what))
    }

    /// [`LimitArgs::control`] under `limits` (already checked).
    pub fn control_within(&self, limits: Limits, what: &str) -> (SearchControl, ProgressLine) {
        let line = ProgressLine::new(what, ProgressLine::wanted(self.quiet));
        let mut control = SearchControl::new(limits)
            .with_cancel(interrupt_flag())
            .with_threads(self.threads);
        if let Some(sink) = line.sink() {
            control = control.with_progress(sink);
        }
        (control, line)
    }

    /// The solver's limits: the defaults, overridden by what was given.
    ///
    /// # Errors
    /// A message when `--time-limit` is negative, infinite or not a number.
    pub fn limits(&self) -> Result<Limits, String> {
        let mut limits = Limits::default();
        if let Some(n) = self.max_nodes {
            limits.max_nodes = n;
        }
        if let Some(seconds) = self.time_limit {
            limits.max_time = Duration::try_from_secs_f64(seconds).map_err(|_| {
                format!(
                    "--time-limit must be a number of seconds from 0 to {} (the longest time \
                     a clock can count), not {}",
                    Duration::MAX.as_secs(),
                    echo(&seconds.to_string())
                )
            })?;
        }
        if let Some(mib) = self.max_memory {
            // At most `MAX_MEMORY_MIB`, so the bytes fit.
            limits.max_memory_bytes = mib << 20;
        }
        Ok(limits)
    }
}

/// Checks that `numbers`, given by `option` for a board of `cells` cells, name each of the
/// tiles 1 to `cells - 1` and the blank (0) once, naming the first number out of place.
///
/// # Errors
/// A message naming the option and the repeated, missing or out-of-range number.
pub fn check_tile_numbers(option: &str, numbers: &[u32], cells: usize) -> Result<(), String> {
    let largest = cells.saturating_sub(1);
    if !numbers.contains(&0) {
        return Err(format!("{option} has no 0: mark the blank with 0"));
    }
    let mut seen = vec![false; cells];
    for &n in numbers {
        let Some(slot) = usize::try_from(n).ok().and_then(|i| seen.get_mut(i)) else {
            return Err(format!(
                "{option} holds {n}, but the tiles of a {cells}-cell board are 1 to {largest} \
                 (and 0 for the blank)"
            ));
        };
        if std::mem::replace(slot, true) {
            return Err(format!(
                "{option} holds {n} twice; give each of 0 to {largest} once (0 is the blank)"
            ));
        }
    }
    if let Some(missing) = seen.iter().position(|&s| !s) {
        return Err(format!(
            "{option} leaves out {missing}; give each of 0 to {largest} once"
        ));
    }
    Ok(())
}

/// A puzzle file that `solve` or `count` read, kept with its text so that what the solver
/// refuses can be reported at a line and column, as `check` reports it.
pub struct PuzzleFile {
    path: PathBuf,
    text: String,
}

/// Reads and parses a puzzle file for `solve` and `count`.
///
/// # Errors
/// The load error as `FILE:LINE:COLUMN: MESSAGE` (see [`LoadError::in_file`]).
pub fn load_puzzle(path: &Path) -> Result<(Puzzle, PuzzleFile), String> {
    let text = read_text(path).map_err(|e| e.in_file(path).to_string())?;
    let puzzle = parse(&text).map_err(|e| e.in_file(path).to_string())?;
    let file = PuzzleFile {
        path: path.to_path_buf(),
        text,
    };
    Ok((puzzle, file))
}

impl PuzzleFile {
    /// What the solver refused, one line per finding: each validation error it names, at
    /// its line and column in the file (the same finding, found again in the text, where
    /// validation knows the positions); a refusal of the engine itself (too many pieces, a
    /// state too wide) at the board.
    pub fn locate(&self, e: &SolveError) -> String {
        match e {
            SolveError::Invalid(findings) => {
                let report = validate_text(&self.text);
                let placed = |d: &Diagnostic| {
                    report
                        .errors()
                        .find(|t| t.kind == d.kind && t.message == d.message && t.cells == d.cells)
                        .map_or((None, None), |t| (t.line, t.column))
                };
                let lines: Vec<String> = findings
                    .iter()
                    .map(|d| {
                        let (line, column) = placed(d);
                        self.at(line, column, &d.message)
                    })
                    .collect();
                lines.join("\n")
            }
            SolveError::Unsupported(_) => {
                let board = parse_with_source_map(&self.text)
                    .ok()
                    .and_then(|(_, map)| map.field("board"));
                self.at(
                    board.map(|p| p.line),
                    board.map(|p| p.column),
                    &e.to_string(),
                )
            }
            SolveError::NotApplicable(_) | SolveError::Refused(_) => e.to_string(),
        }
    }

    fn at(&self, line: Option<usize>, column: Option<usize>, message: &str) -> String {
        let e = LoadError {
            message: message.to_string(),
            line,
            column,
        };
        e.in_file(&self.path).to_string()
    }
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
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
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

/// Arguments of `generate`.
#[derive(Debug, Args)]
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
    /// The red car's row, from 1 (rushhour) [default: the middle row, the third on 6x6].
    #[arg(long)]
    pub primary_row: Option<usize>,
    /// Also write each puzzle as a puzzle file (`puzzle-1.ron`, ...) into this folder.
    #[arg(short = 'o', long = "output", value_name = "DIR")]
    pub output: Option<PathBuf>,
    /// Replacing read-only files in DIR.
    #[command(flatten)]
    pub force: analyze::ForceArgs,
    /// Print one JSON object (rushhour and puzzle files).
    #[arg(long)]
    pub json: bool,
    /// The design search's options (rushhour and puzzle files; `--seed` for tiles too).
    #[command(flatten)]
    pub design: improve::DesignArgs,
}

/// Arguments of `bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Which suites to run (default: all but `big`): klotski-bfs, classics, eight, korf100,
    /// korf100-mt, korf100-large, korf100-strong, korf100-max, tiles5x5, analyze, and big (the
    /// largest block puzzles, minutes each).
    pub suites: Vec<String>,
    /// Runs per measurement (1 to 1,000); the median is reported.
    #[arg(long, default_value_t = 5, value_parser = counts::<usize>(1, MAX_RUNS))]
    pub runs: usize,
    /// Only the first N instances of instance suites (korf100, tiles5x5; 1 to 1,000).
    #[arg(long, value_name = "N", value_parser = counts::<usize>(1, MAX_BENCH_INSTANCES))]
    pub limit: Option<usize>,
    /// Worker threads for the `big` suite's searches (0 = every core; at most 64).
    #[arg(long, default_value_t = 1, value_parser = threads())]
    pub threads: usize,
    /// Print JSON lines.
    #[arg(long)]
    pub json: bool,
}

/// Parses the command line, runs it, and prints its error if it returns one: the one place
/// that prints a command's error and picks the exit code.
///
/// Argument errors exit with [`EXIT_ERROR`] (clap's own code, 2, would read as "unsolvable");
/// `--help` and `--version` exit with 0.
pub fn run() -> ExitCode {
    let parsed = Cli::command().try_get_matches().and_then(|matches| {
        let cli = Cli::from_arg_matches(&matches)?;
        // The name clap matched, to head the command's error messages.
        Ok((cli, matches.subcommand_name().map(str::to_string)))
    });
    let (cli, name) = match parsed {
        Ok(parsed) => parsed,
        Err(error) => {
            let code = if error.use_stderr() {
                EXIT_ERROR
            } else {
                EXIT_OK
            };
            // Nothing useful is left to do if the terminal is gone.
            let _ = error.print();
            return ExitCode::from(code);
        }
    };
    let result = match cli.command {
        Some(Command::Check(args)) => check::run(&args),
        Some(Command::Solve(args)) => solve::run(&args),
        Some(Command::Count(args)) => count::run(&args),
        Some(Command::Batch(args)) => batch::run(&args),
        Some(Command::Generate(args)) => generate::run(&args),
        Some(Command::Bench(args)) => bench::run(&args),
        Some(Command::Import(args)) => rushhour::import(&args),
        Some(Command::Export(args)) => rushhour::export(&args),
        Some(Command::Analyze(args)) => analyze::run(&args),
        Some(Command::Explore(args)) => explore::run(&args),
        Some(Command::Family(args)) => family::run(&args),
        Some(Command::Improve(args)) => improve::run(&args),
        None => open_app(cli.file, cli.screenshot),
    };
    ExitCode::from(result.unwrap_or_else(|error| {
        error.print(name.as_deref());
        error.code
    }))
}

/// The cancel flag that Ctrl-C raises, shared by every search the command runs.
///
/// The first Ctrl-C raises the flag: the search stops at its next checkpoint (within
/// milliseconds) and the command prints its partial statistics as for any cancelled search,
/// exiting with [`EXIT_LIMIT`]. A second Ctrl-C exits at once, for a user who does not want to
/// wait. When no handler can be installed, Ctrl-C keeps its default effect.
pub fn interrupt_flag() -> Arc<AtomicBool> {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    Arc::clone(FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let raised = Arc::clone(&flag);
        let installed = ctrlc::set_handler(move || {
            if raised.swap(true, Ordering::SeqCst) {
                std::process::exit(i32::from(EXIT_LIMIT));
            }
            errln!("blockslide: interrupted; stopping (press Ctrl-C again to quit at once)");
        });
        if let Err(e) = installed {
            errln!("blockslide: Ctrl-C will end the command without a report ({e})");
        }
        flag
    }))
}

#[cfg(feature = "gui")]
fn open_app(file: Option<PathBuf>, screenshot: Option<PathBuf>) -> Result<u8, CliError> {
    blockslide_app::run(file, screenshot, args::pdb_cache())?;
    Ok(EXIT_OK)
}

#[cfg(not(feature = "gui"))]
fn open_app(_file: Option<PathBuf>, _screenshot: Option<PathBuf>) -> Result<u8, CliError> {
    Err(CliError::from(
        "this binary was built without the desktop app (feature `gui`); use a subcommand \
         (see `blockslide --help`), or rebuild with default features"
            .to_string(),
    ))
}
