//! `blockslide improve`: a search of the designs around a puzzle for harder variants, and what
//! it shares with the design half of `blockslide generate` (`made_to_order.rs`) (Rush Hour puzzles, or variants of a puzzle file,
//! whose hardest start needs a number of moves in a band), on the core's design search
//! ([`blockslide_core::solve::design`]).
//!
//! `improve` writes its best designs into a folder as puzzle files (`harder-1.ron`, the best,
//! ...), each starting at its hardest start, its notes saying its length, component and what
//! changed. Reaching `--time-limit` (60 s unless given) or `--max-candidates` is the normal
//! end (exit 0); Ctrl-C keeps and writes what was found (exit 3).
//!
//! `--json` prints one object: `{"candidates":..,"candidates_per_second":..,"designs":[{"board":
//! [..],"changes":[..],"component":..,"decisions":..,"file":..,"found_after":..,"found_at":..,
//! "length":..,"optimal_solutions":"..","pieces":..,"walls":..}],"metric":..,"objective":..,
//! "original":..,"seconds":..,"status":..,"strategy":..,"timeline":[[seconds,length],..]}`.
//! `found_at` is the design's candidate number: `--max-candidates` of that number, with the
//! same seed and `--threads`, finds it again.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use blockslide_core::model::file::{check_save_path, save_with};
use blockslide_core::model::rules::Axis;
use blockslide_core::model::shape::connected;
use blockslide_core::model::token::Token;
use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::api::metric_for;
use blockslide_core::solve::design::{
    Change, DesignRules, FoundDesign, PaletteShape, SearchOptions, SearchReport, SearchStatus,
    improve,
};
use blockslide_core::solve::{SearchControl, Termination};

use super::error::{CliError, EXIT_LIMIT, EXIT_OK};
use super::flags::values::parse_size;
use super::flags::{DesignArgs, ImproveArgs, parse_allow};
use super::progress::ProgressLine;
use super::render::{Report, json, text};
use super::save::{create_folder, save_error};
use super::search::{controlled, limits};
use super::source::read_puzzle;

/// The time an anytime design search runs when `--time-limit` is not given.
const DEFAULT_SECONDS: f64 = 60.0;

/// Runs `blockslide improve`.
///
/// # Errors
/// An unreadable or invalid puzzle, a bad option, a folder or file that cannot be written.
pub fn run(args: &ImproveArgs) -> Result<Report, CliError> {
    let puzzle = read_puzzle(&args.file)?;
    let (rules, mut options, control) = setup(&puzzle, &args.design, DEFAULT_SECONDS)?;
    options.keep = args.keep;
    options.random_start = args.random_start;
    options.stop_at = args.stop_at;
    // Invariant: clap requires `-o` of `improve` (see `flags::ImproveArgs`).
    let folder = args
        .output
        .output
        .as_deref()
        .expect("clap requires improve's --output");
    create_folder(folder)?;
    for i in 1..=args.keep {
        let out = folder.join(design_name(i));
        check_save_path(&out, args.force.options()).map_err(|e| save_error(&out, &e))?;
    }
    let line = SearchLine::new(args.design.quiet.quiet, control.limits.max_time);
    let report = improve(
        &puzzle,
        &rules,
        &options,
        &control,
        Some(&|s: &SearchStatus| line.show(s)),
    )
    .map_err(|e| e.to_string())?;
    drop(line);
    let mut files = Vec::new();
    for (i, design) in report.designs.iter().enumerate() {
        let out = folder.join(design_name(i + 1));
        let file = design_file(design, &puzzle, rules.metric);
        save_with(&out, &file, args.force.options()).map_err(|e| save_error(&out, &e))?;
        files.push(out);
    }
    Ok(design_report(
        &report,
        &rules,
        &options,
        &files,
        args.print.json,
        "improve",
    )
    .exiting_with(exit_code(report.status)))
}

/// `harder-N.ron`.
fn design_name(n: usize) -> String {
    format!("harder-{n}.ron")
}

/// Exit 0 at the search's normal ends, 3 when Ctrl-C stopped it.
fn exit_code(status: Termination) -> u8 {
    if status == Termination::Cancelled {
        EXIT_LIMIT
    } else {
        EXIT_OK
    }
}

/// The rules, options and control of a design search on `puzzle` under `args`.
pub(super) fn setup(
    puzzle: &Puzzle,
    args: &DesignArgs,
    seconds: f64,
) -> Result<(DesignRules, SearchOptions, SearchControl), CliError> {
    // Either would end the search before its first candidate, with nothing to report or
    // write: refused rather than a run that looks like it found nothing.
    if args.time.time_limit == Some(0.0) {
        return Err(CliError::from(
            "--time-limit 0 leaves the design search no time, so nothing would be searched; \
             give more than 0 seconds"
                .to_string(),
        ));
    }
    if args.candidate_nodes == 0 {
        return Err(CliError::from(
            "--candidate-nodes 0 walks no design's positions, so nothing would be searched; \
             give 1 or more"
                .to_string(),
        ));
    }
    let metric = metric_for(puzzle, args.metric.clone().transpose()?);
    let mut rules = DesignRules::for_design(puzzle, metric);
    if let Some(allow) = &args.allow {
        rules.allow = parse_allow(allow)?;
    }
    if let Some(palette) = &args.palette {
        rules.palette = palette
            .iter()
            .map(|s| parse_shape(s))
            .collect::<Result<_, _>>()?;
    }
    if let Some(n) = args.max_pieces {
        rules.max_pieces = n;
    }
    if let Some(n) = args.max_walls {
        rules.max_walls = n;
        // Asking for walls allows them, unless --allow says exactly what may change.
        if n > 0 && args.allow.is_none() {
            rules.allow.insert(Change::Walls);
        }
    }
    for item in &args.lock {
        lock(
            puzzle,
            &mut rules.locked_pieces,
            &mut rules.locked_cells,
            item.trim(),
        )?;
    }
    let seed = args.seed.unwrap_or_else(|| {
        let seed = rand::random::<u64>();
        errln!("seed {seed}");
        seed
    });
    let options = SearchOptions {
        objective: args.objective.clone().transpose()?.unwrap_or_default(),
        strategy: args.strategy.clone().transpose()?.unwrap_or_default(),
        seed,
        max_candidates: args.max_candidates,
        candidate_nodes: args.candidate_nodes,
        ..SearchOptions::default()
    };
    let limits = limits(None, args.time, args.memory, Some(seconds))?;
    let control = controlled(limits, args.threads.threads);
    Ok((rules, options, control))
}

/// One `--palette` entry: `RxC` or a drawn shape, with an optional `:h`/`:v` axis.
fn parse_shape(text: &str) -> Result<PaletteShape, String> {
    let text = text.trim();
    let (body, axis) = match text.rsplit_once(':') {
        Some((body, "h" | "horizontal")) => (body, Axis::Horizontal),
        Some((body, "v" | "vertical")) => (body, Axis::Vertical),
        Some((body, "free")) => (body, Axis::Free),
        Some((_, other)) => {
            return Err(format!(
                "--palette: `{text}` ends in `:{other}`; an axis is `:h`, `:v` or `:free`"
            ));
        }
        None => (text, Axis::Free),
    };
    let cells: Vec<(usize, usize)> = if body.contains(['/', '.']) || body.chars().all(|c| c == 'x')
    {
        body.split('/')
            .enumerate()
            .flat_map(|(r, row)| {
                row.chars()
                    .enumerate()
                    .filter(|&(_, ch)| ch == 'x' || ch == '#')
                    .map(move |(c, _)| (r, c))
            })
            .collect()
    } else {
        let (h, w) = parse_size(body).map_err(|e| format!("--palette: {e}"))?;
        (0..h).flat_map(|r| (0..w).map(move |c| (r, c))).collect()
    };
    if cells.is_empty() || cells.len() > 64 {
        return Err(format!(
            "--palette: `{text}` is not a shape of 1 to 64 cells (write `1x3`, or rows of `x` \
             and `.` split by `/`, like `xx/x.`)"
        ));
    }
    if !connected(&cells) {
        return Err(format!(
            "--palette: `{text}` is not one connected piece (its cells must touch side to side)"
        ));
    }
    let shape = PaletteShape::new(&cells, axis);
    // Free pieces of one shape are alike and merged (a smaller space to walk); cars locked to
    // an axis keep a kind each, as Rush Hour's vehicles do.
    let kind = (axis == Axis::Free).then(|| format!("palette {shape}"));
    Ok(shape.with_kind(kind))
}

/// Adds one `--lock` item (`improve`, `generate`, `suggest`): a cell `ROW:COLUMN` to
/// `cells`, or a piece's name to `pieces`.
pub(super) fn lock(
    puzzle: &Puzzle,
    pieces: &mut BTreeSet<Token>,
    cells: &mut BTreeSet<usize>,
    item: &str,
) -> Result<(), String> {
    if let Some((r, c)) = item.split_once(':') {
        let (Ok(r), Ok(c)) = (r.trim().parse::<usize>(), c.trim().parse::<usize>()) else {
            return Err(format!(
                "--lock: `{item}` is not a cell ROW:COLUMN (from 1)"
            ));
        };
        if r == 0 || c == 0 || r > puzzle.rows || c > puzzle.cols {
            return Err(format!(
                "--lock: cell {r}:{c} is off the {}x{} board (rows and columns count from 1)",
                puzzle.rows, puzzle.cols
            ));
        }
        cells.insert((r - 1) * puzzle.cols + c - 1);
        return Ok(());
    }
    let token = Token::new(item).map_err(|e| format!("--lock: `{item}`: {e}"))?;
    if !puzzle.pieces().iter().any(|p| p.token == token) {
        return Err(format!("--lock: the puzzle has no piece `{item}`"));
    }
    pieces.insert(token);
    Ok(())
}

/// The puzzle file of a found design: at its hardest start, in the metric it was judged in,
/// its notes saying how hard it is and what changed.
pub(super) fn design_file(design: &FoundDesign, original: &Puzzle, metric: Metric) -> Puzzle {
    let mut puzzle = design.puzzle.clone();
    puzzle.metric = Some(metric);
    let mut notes = format!(
        "A hardest start of {} moves ({} metric, proved by a walk of its whole component of {} \
         positions; {} optimal solutions, {} decisions), {} pieces, {} walls; found by \
         `blockslide improve`.",
        design.length,
        metric.name(),
        design.component,
        design.proof.solutions,
        design.proof.decisions,
        design.pieces,
        design.walls
    );
    if design.changes.is_empty() {
        notes.push_str(" The pieces and walls of the original.");
    } else {
        let title = if original.name.is_empty() {
            "the original"
        } else {
            original.name.as_str()
        };
        let _ = write!(
            notes,
            " Changed from {title}: {}.",
            design.changes.join("; ")
        );
    }
    puzzle.notes = notes;
    puzzle
}

/// The progress line of a design search: the best length so far, candidates per second, time
/// left.
pub(super) struct SearchLine {
    bar: Option<ProgressBar>,
    limit: Duration,
}

impl SearchLine {
    pub(super) fn new(quiet: bool, limit: Duration) -> SearchLine {
        let bar = ProgressLine::wanted(quiet).then(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr_with_hz(5));
            bar.set_style(
                ProgressStyle::with_template("{spinner} {msg}")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            );
            bar.set_message("starting");
            bar.enable_steady_tick(Duration::from_millis(200));
            bar
        });
        SearchLine { bar, limit }
    }

    pub(super) fn show(&self, status: &SearchStatus) {
        let Some(bar) = &self.bar else {
            return;
        };
        let secs = status.elapsed.as_secs_f64();
        let rate = status.candidates as f64 / secs.max(1e-3);
        let best = status.best.as_ref().map(|b| b.length);
        let left = self.limit.saturating_sub(status.elapsed).as_secs();
        let best_text = best.map_or_else(|| "none yet".to_string(), |b| format!("{b} moves"));
        bar.set_message(format!(
            "best {best_text} · {} candidates · {rate:.0}/s · {} kept · {left} s left",
            status.candidates, status.kept
        ));
    }
}

impl Drop for SearchLine {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// What the search found, as text or one JSON object (exit code 0 until told otherwise).
pub(super) fn design_report(
    report: &SearchReport,
    rules: &DesignRules,
    options: &SearchOptions,
    files: &[PathBuf],
    as_json: bool,
    command: &'static str,
) -> Report {
    Report::pick(
        as_json,
        || text::design_report(report, rules, options, files),
        || {
            let context = json::ReportContext {
                rules,
                options,
                files,
                command,
            };
            json::DesignReport::new(report, &context)
        },
        EXIT_OK,
    )
}
