//! The `analyze` benchmark suite: the designer's analyses on Klotski (the bundled file).
//!
//! - Klotski's component analysed in each metric (`analyze`: two walks, the distance map, the
//!   shortest-path count and one solution), the median wall-clock time over `--runs`; the
//!   floor to hold is 50 ms per metric.
//! - Klotski's piece set explored in the move metric (`explore`: 65,880 arrangements, every
//!   component walked); the floor to hold is one second.

use std::time::Instant;

use blockslide_core::model::file::parse;
use blockslide_core::model::library::find;
use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::api::{analyze, explore};
use blockslide_core::solve::core::{Limits, SearchControl};

use super::measure::median;
use crate::cli::error::CliError;
use crate::cli::flags::BenchArgs;
use crate::cli::render::json;
use blockslide_core::model::text::bytes;

/// The suites this file runs.
pub const SUITES: &[&str] = &["analyze"];

/// Runs the suite of [`SUITES`].
///
/// # Errors
/// An analysis that fails or stops.
pub fn run_suite(args: &BenchArgs) -> Result<(), CliError> {
    for (name, file, metrics) in COMPONENTS {
        analyze_component(name, &bundled(file)?, metrics, args)?;
    }
    explore_piece_set(&bundled("klotski.ron")?, args)
}

fn bundled(file: &str) -> Result<Puzzle, String> {
    let bundled = find(file).ok_or_else(|| format!("{file} is not in the library"))?;
    parse(bundled.text).map_err(|e| e.to_string())
}

/// Runs `f` `runs` times (at least once, as `--runs` is parsed); the median seconds and the
/// last result.
fn measure<T>(runs: usize, mut f: impl FnMut() -> Result<T, String>) -> Result<(f64, T), String> {
    let mut seconds = Vec::with_capacity(runs);
    let mut last = None;
    for _ in 0..runs {
        let started = Instant::now();
        let value = f()?;
        seconds.push(started.elapsed().as_secs_f64());
        last = Some(value);
    }
    // Invariant: `runs >= 1` (`--runs` is parsed as 1 or more), so `last` is set.
    Ok((median(seconds), last.expect("at least one run")))
}

/// The components analysed: Klotski in every metric, and the cluster of the hardest Rush Hour
/// position (2,332 positions) in its slide metric.
const COMPONENTS: [(&str, &str, &[Metric]); 2] = [
    ("klotski", "klotski.ron", &Metric::ALL),
    ("rush-hour", "rush-hour-hardest.ron", &[Metric::Slide]),
];

/// One line per metric: the component of `puzzle` analysed.
fn analyze_component(
    name: &str,
    puzzle: &Puzzle,
    metrics: &[Metric],
    args: &BenchArgs,
) -> Result<(), CliError> {
    let runs = args.runs;
    for &metric in metrics {
        let (secs, report) = measure(runs, || {
            let control = SearchControl::new(Limits::default());
            let report = analyze(puzzle, metric, control).map_err(|e| e.to_string())?;
            if report.complete() {
                Ok(report)
            } else {
                Err(format!("the analysis stopped: {}", report.status.name()))
            }
        })?;
        let distance = report.start_distance.unwrap_or_default();
        let hardest = report.hardest.as_ref().map_or(0, |h| h.distance);
        let solutions = report.solutions.map(|s| s.to_string()).unwrap_or_default();
        if args.print.json {
            json::print(&json::BenchComponent {
                hardest,
                median_seconds: secs,
                metric: metric.name(),
                optimal_solutions: solutions,
                peak_memory_bytes: report.stats.peak_memory_bytes,
                positions: report.component,
                puzzle: name,
                runs,
                start_distance: distance,
                suite: "analyze",
                what: "component",
            })?;
        } else {
            outln!(
                "analyze component {name:<9} {:<5} {} positions  start {distance:>3}  hardest {hardest:>3}  {solutions} optimal solutions  median {:>8.3} ms  peak {}  ({runs} runs)",
                metric.name(),
                report.component,
                secs * 1e3,
                bytes(report.stats.peak_memory_bytes),
            )?;
        }
    }
    Ok(())
}

/// The Klotski piece set explored in the move metric.
fn explore_piece_set(puzzle: &Puzzle, args: &BenchArgs) -> Result<(), CliError> {
    let runs = args.runs;
    let metric = Metric::Move;
    let (secs, report) = measure(runs, || {
        let control = SearchControl::new(Limits::default());
        let report = explore(puzzle, metric, 5, control).map_err(|e| e.to_string())?;
        if report.complete() {
            Ok(report)
        } else {
            Err(format!("the exploration stopped: {}", report.status.name()))
        }
    })?;
    let hardest = report.hardest.first().map_or(0, |h| h.distance);
    if args.print.json {
        json::print(&json::BenchPieceSet {
            arrangements: report.arrangements,
            components: report.components,
            hardest,
            median_seconds: secs,
            metric: metric.name(),
            peak_memory_bytes: report.stats.peak_memory_bytes,
            puzzle: "klotski",
            runs,
            solvable_components: report.solvable_components,
            suite: "analyze",
            what: "piece-set",
        })?;
    } else {
        outln!(
            "analyze piece set klotski {:<5} {} arrangements  {} components ({} with a goal)  hardest {hardest}  median {:>8.3} ms  peak {}  ({runs} runs)",
            metric.name(),
            report.arrangements,
            report.components,
            report.solvable_components,
            secs * 1e3,
            bytes(report.stats.peak_memory_bytes),
        )?;
    }
    Ok(())
}
