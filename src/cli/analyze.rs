//! `blockslide analyze`: the component of a puzzle's start (identical pieces merged) in one
//! metric: its size and goal positions, the start's distance to the goal, every position's
//! distance to the nearest goal as a histogram, the hardest starts (one shown as a board, and
//! written as a puzzle file with `--write-hardest`), the number of distinct shortest solutions,
//! and along one of them how many moves keep it shortest at each position (1 = forced).
//!
//! `--json` prints one object ([`json::Analyze`]): `{"choices":[..],"complete":..,
//! "component":..,"expanded":..,"forced_moves":..,"goal_positions":..,
//! "hardest":{"board":[..],"count":..,"distance":..},"histogram":[..],"metric":..,
//! "notes":[..],"optimal_solutions":"..","optimal_solutions_saturated":..,
//! "peak_memory_bytes":..,"puzzle":..,"puzzle_type":..,"seconds":..,
//! "solution":[{"piece":..,"steps":[..]}],"start_distance":..,"status":..}`
//! (`optimal_solutions` is a decimal string: it may exceed 64 bits; unknown figures are
//! `null`).
//!
//! Exit codes, as `count`: 0 analysed (the whole component), 1 error, 3 a limit stopped the
//! analysis (the figures then cover what was finished; the notes say what was not).

use std::fmt::Write as _;
use std::path::PathBuf;

use clap::Args;

use blockslide_core::model::file::{load, save};
use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::api::{AnalyzeReport, HardestPosition, analyze, metric_for};

use super::args::{Choice, names};
use super::{CliError, EXIT_ERROR, EXIT_LIMIT, EXIT_OK, LimitArgs, json};
use blockslide_core::model::text::bytes;

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
    /// Resource limits (for the whole analysis).
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// Runs `blockslide analyze`.
///
/// # Errors
/// An unreadable or invalid puzzle or option, a hardest start that cannot be written, or none
/// to write (exit 3 when a limit stopped the analysis before it found one).
pub fn run(args: &AnalyzeArgs) -> Result<u8, CliError> {
    let metric = args.metric.clone().transpose()?;
    let path = &args.file;
    let puzzle = load(path).map_err(|e| e.in_file(path).to_string())?;
    let metric = metric_for(&puzzle, metric);
    let (control, line) = args.limits.control("analysing")?;
    let report = analyze(&puzzle, metric, control).map_err(|e| e.to_string())?;
    drop(line);
    if args.json {
        json::print(&json::Analyze::from(&report));
    } else {
        print!("{}", text(&report));
    }
    if let Some(out) = &args.write_hardest {
        let Some(hardest) = &report.hardest else {
            let (code, why) = if report.complete() {
                (EXIT_ERROR, "no goal position is reachable")
            } else {
                (EXIT_LIMIT, "the analysis did not finish")
            };
            return Err(CliError::with_code(
                code,
                format!("no hardest start to write to {}: {why}", out.display()),
            ));
        };
        let puzzle = hardest_puzzle(&report.puzzle, hardest, report.metric.name());
        save(out, &puzzle).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    }
    Ok(if report.complete() {
        EXIT_OK
    } else {
        EXIT_LIMIT
    })
}

/// The puzzle file of a hardest start: the original with the pieces moved, its name and
/// notes saying where it came from.
pub(super) fn hardest_puzzle(name: &str, hardest: &HardestPosition, metric: &str) -> Puzzle {
    let mut puzzle = hardest.position.clone();
    let title = if name.is_empty() { "puzzle" } else { name };
    puzzle.name = format!("{title}: a hardest start ({} {metric})", hardest.distance);
    puzzle.notes = format!(
        "One of the {} positions farthest from the goal ({} moves in the {metric} metric) in a \
         component of {} positions, found by `blockslide`.",
        hardest.count, hardest.distance, hardest.component
    );
    puzzle
}

fn text(report: &AnalyzeReport) -> String {
    let mut out = String::new();
    let title = if report.puzzle.is_empty() {
        "puzzle"
    } else {
        &report.puzzle
    };
    // Writing to a String cannot fail.
    let _ = writeln!(out, "{title}, {} metric", report.metric);
    for note in &report.notes {
        let _ = writeln!(out, "note: {note}");
    }
    let _ = writeln!(
        out,
        "component:         {} positions (identical pieces merged)",
        report.component
    );
    let _ = writeln!(out, "goal positions:    {}", report.goal_positions);
    if let Some(d) = report.start_distance {
        let _ = writeln!(out, "start distance:    {d}");
    }
    if let Some(count) = report.solutions {
        let forced = report.choices.iter().filter(|&&c| c == 1).count();
        let _ = writeln!(out, "optimal solutions: {count}");
        let _ = writeln!(
            out,
            "along one of them: {forced} of {} moves forced; choices at each position: {}",
            report.choices.len(),
            report
                .choices
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        );
    }
    if let Some(h) = &report.hardest {
        let _ = writeln!(
            out,
            "hardest starts:    {} moves from the goal, {} positions; one of them:",
            h.distance, h.count
        );
        for row in h.position.board_rows() {
            let _ = writeln!(out, "    {row}");
        }
    }
    let _ = writeln!(
        out,
        "time:              {:.3} s, peak memory {}",
        report.stats.elapsed.as_secs_f64(),
        bytes(report.stats.peak_memory_bytes)
    );
    if !report.histogram.is_empty() {
        let _ = writeln!(out, "positions by distance to the goal:");
        let widest = report.histogram.iter().copied().max().unwrap_or(1).max(1);
        for (depth, &n) in report.histogram.iter().enumerate() {
            let bar = "#".repeat(((n as f64 / widest as f64) * 40.0).ceil() as usize);
            let _ = writeln!(out, "{depth:>5} {n:>10} {bar}");
        }
    }
    out
}
