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

use crate::cli::{BenchArgs, EXIT_ERROR, EXIT_OK};

/// The suites this file runs.
pub const SUITES: &[&str] = &["analyze"];

/// Runs one suite from [`SUITES`].
pub fn run_suite(suite: &str, args: &BenchArgs) -> u8 {
    match analyze_suite(args) {
        Ok(()) => EXIT_OK,
        Err(message) => {
            eprintln!("blockslide bench {suite}: {message}");
            EXIT_ERROR
        }
    }
}

fn bundled(file: &str) -> Result<Puzzle, String> {
    let bundled = find(file).ok_or_else(|| format!("{file} is not in the library"))?;
    parse(bundled.text).map_err(|e| e.to_string())
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// Runs `f` `runs` times; the median seconds and the last result.
fn measure<T>(runs: usize, mut f: impl FnMut() -> Result<T, String>) -> Result<(f64, T), String> {
    let mut seconds = Vec::with_capacity(runs);
    let mut last = None;
    for _ in 0..runs.max(1) {
        let started = Instant::now();
        let value = f()?;
        seconds.push(started.elapsed().as_secs_f64());
        last = Some(value);
    }
    // Invariant: at least one run, so `last` is set.
    Ok((median(seconds), last.expect("at least one run")))
}

/// The components analysed: Klotski in every metric, and the cluster of the hardest Rush Hour
/// position (2,332 positions) in its slide metric.
const COMPONENTS: [(&str, &str, &[Metric]); 2] = [
    ("klotski", "klotski.ron", &Metric::ALL),
    ("rush-hour", "rush-hour-hardest.ron", &[Metric::Slide]),
];

fn analyze_suite(args: &BenchArgs) -> Result<(), String> {
    let _runs = args.runs.max(1);
    for (name, file, metrics) in COMPONENTS {
        analyze_component(name, &bundled(file)?, metrics, args)?;
    }
    explore_piece_set(&bundled("klotski.ron")?, args)
}

/// One line per metric: the component of `puzzle` analysed.
fn analyze_component(
    name: &str,
    puzzle: &Puzzle,
    metrics: &[Metric],
    args: &BenchArgs,
) -> Result<(), String> {
    let runs = args.runs.max(1);
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
        if args.json {
            let line = serde_json::json!({
                "suite": "analyze", "what": "component", "puzzle": name,
                "metric": metric.name(), "positions": report.component,
                "start_distance": distance, "hardest": hardest,
                "optimal_solutions": solutions, "median_seconds": secs,
                "peak_memory_bytes": report.stats.peak_memory_bytes, "runs": runs,
            });
            println!("{line}");
        } else {
            println!(
                "analyze component {name:<9} {:<5} {} positions  start {distance:>3}  hardest {hardest:>3}  {solutions} optimal solutions  median {:>8.3} ms  peak {:.2} MB  ({runs} runs)",
                metric.name(),
                report.component,
                secs * 1e3,
                report.stats.peak_memory_bytes as f64 / f64::from(1 << 20),
            );
        }
    }
    Ok(())
}

/// The Klotski piece set explored in the move metric.
fn explore_piece_set(puzzle: &Puzzle, args: &BenchArgs) -> Result<(), String> {
    let runs = args.runs.max(1);
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
    if args.json {
        let line = serde_json::json!({
            "suite": "analyze", "what": "piece-set", "puzzle": "klotski",
            "metric": metric.name(), "arrangements": report.arrangements,
            "components": report.components, "solvable_components": report.solvable_components,
            "hardest": hardest, "median_seconds": secs,
            "peak_memory_bytes": report.stats.peak_memory_bytes, "runs": runs,
        });
        println!("{line}");
    } else {
        println!(
            "analyze piece set klotski {:<5} {} arrangements  {} components ({} with a goal)  hardest {hardest}  median {:>8.3} ms  peak {:.2} MB  ({runs} runs)",
            metric.name(),
            report.arrangements,
            report.components,
            report.solvable_components,
            secs * 1e3,
            report.stats.peak_memory_bytes as f64 / f64::from(1 << 20),
        );
    }
    Ok(())
}
