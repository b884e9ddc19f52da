//! `blockslide analyze`: the component of a puzzle's start (identical pieces merged) in one
//! metric: its size and goal positions, the start's distance to the goal, every position's
//! distance to the nearest goal as a histogram, the hardest starts (one shown as a board, and
//! written as a puzzle file with `--write-hardest`), the number of distinct shortest solutions,
//! and along one of them how many moves keep it shortest at each position (1 = forced).
//!
//! `--json` prints one object: `{"puzzle":..,"puzzle_type":..,"metric":..,"status":..,
//! "complete":..,"component":..,"goal_positions":..,"start_distance":..,"histogram":[..],
//! "hardest":{"distance":..,"count":..,"board":[..]},"optimal_solutions":"..",
//! "optimal_solutions_saturated":..,"solution":[{"piece":..,"steps":[..]}],"choices":[..],
//! "forced_moves":..,"notes":[..],"expanded":..,"seconds":..,"peak_memory_bytes":..}`
//! (`optimal_solutions` is a decimal string: it may exceed 64 bits; unknown figures are
//! `null`).
//!
//! Exit codes, as `count`: 0 analysed (the whole component), 1 error, 3 a limit stopped the
//! analysis (the figures then cover what was finished; the notes say what was not).

use std::fmt::Write as _;
use std::path::PathBuf;

use clap::Args;

use blockslide_core::model::Puzzle;
use blockslide_core::model::file::{load, save};
use blockslide_core::solve::api::{AnalyzeReport, HardestPosition, analyze, metric_for};

use super::{EXIT_ERROR, EXIT_LIMIT, EXIT_OK, LimitArgs, parse_metric};

/// Arguments of `analyze`.
#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// A puzzle file (.ron).
    pub file: PathBuf,
    /// step, slide or move (default: the file's metric, else step).
    #[arg(long)]
    pub metric: Option<String>,
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
pub fn run(args: &AnalyzeArgs) -> u8 {
    match try_run(args) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("blockslide analyze: {message}");
            EXIT_ERROR
        }
    }
}

fn try_run(args: &AnalyzeArgs) -> Result<u8, String> {
    let metric = args.metric.as_deref().map(parse_metric).transpose()?;
    let path = &args.file;
    let puzzle = load(path).map_err(|e| e.in_file(path).to_string())?;
    let metric = metric_for(&puzzle, metric);
    let (control, line) = args.limits.control("analysing")?;
    let report = analyze(&puzzle, metric, control).map_err(|e| e.to_string())?;
    drop(line);
    if args.json {
        println!("{}", json(&report));
    } else {
        print!("{}", text(&report));
    }
    if let Some(out) = &args.write_hardest {
        let Some(hardest) = &report.hardest else {
            eprintln!(
                "blockslide analyze: no hardest start to write to {}: {}",
                out.display(),
                if report.complete() {
                    "no goal position is reachable"
                } else {
                    "the analysis did not finish"
                }
            );
            return Ok(if report.complete() {
                EXIT_ERROR
            } else {
                EXIT_LIMIT
            });
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

fn json(report: &AnalyzeReport) -> serde_json::Value {
    let status = if report.complete() {
        "analyzed"
    } else {
        report.status.name()
    };
    serde_json::json!({
        "puzzle": report.puzzle,
        "puzzle_type": report.puzzle_type.name(),
        "metric": report.metric.name(),
        "status": status,
        "complete": report.complete(),
        "component": report.component,
        "goal_positions": report.goal_positions,
        "start_distance": report.start_distance,
        "histogram": report.histogram,
        "hardest": report.hardest.as_ref().map(|h| serde_json::json!({
            "distance": h.distance,
            "count": h.count,
            "board": h.position.board_rows(),
        })),
        "optimal_solutions": report.solutions.map(|s| s.value.to_string()),
        "optimal_solutions_saturated": report.solutions.map(|s| s.saturated),
        "solution": report.solution.iter().map(|m| serde_json::json!({
            "piece": m.piece.to_string(),
            "steps": m.steps.iter().map(|d| d.word()).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "choices": report.choices,
        "forced_moves": report.choices.iter().filter(|&&c| c == 1).count(),
        "notes": report.notes,
        "expanded": report.stats.expanded,
        "seconds": report.stats.elapsed.as_secs_f64(),
        "peak_memory_bytes": report.stats.peak_memory_bytes,
    })
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
        "time:              {:.3} s, peak memory {:.1} MB",
        report.stats.elapsed.as_secs_f64(),
        report.stats.peak_memory_bytes as f64 / f64::from(1 << 20)
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
