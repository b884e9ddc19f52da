//! The `suggest` benchmark suite: where the next edit of Klotski (the bundled file) should go,
//! every one-step edit analysed (`blockslide suggest`), in each metric, on two threads (the
//! machine of the floor: 3 s per metric on 2 cores, release build). One line per
//! metric: the edits, the design's hardest start and the best edit's, the median wall-clock
//! time over `--runs`.

use std::time::Instant;

use blockslide_core::model::file::parse;
use blockslide_core::model::library::find;
use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::core::{Limits, SearchControl};
use blockslide_core::solve::design::{SuggestRules, suggest};

use super::measure::median;
use crate::cli::error::CliError;
use crate::cli::flags::BenchArgs;
use crate::cli::render::json;

/// The suites this file runs.
pub const SUITES: &[&str] = &["suggest"];

/// The threads every run takes: the floor is set for two cores.
const THREADS: usize = 2;

/// Runs the suite of [`SUITES`].
///
/// # Errors
/// The bundled puzzle missing, or suggestions refused or stopped by a limit.
pub fn run_suite(args: &BenchArgs) -> Result<(), CliError> {
    let file = "klotski.ron";
    let bundled = find(file).ok_or_else(|| format!("{file} is not in the library"))?;
    let puzzle: Puzzle = parse(bundled.text).map_err(|e| e.to_string())?;
    let runs = args.runs;
    for metric in Metric::ALL {
        let mut seconds = Vec::with_capacity(runs);
        let mut last = None;
        for _ in 0..runs {
            let control = SearchControl::new(Limits::default()).with_threads(THREADS);
            let started = Instant::now();
            let report = suggest(&puzzle, &SuggestRules::new(metric), &control, None)
                .map_err(|e| e.to_string())?;
            seconds.push(started.elapsed().as_secs_f64());
            if !report.complete() {
                return Err(format!("the suggestions stopped: {}", report.status.name()).into());
            }
            last = Some(report);
        }
        // Invariant: `runs >= 1` (`--runs` is parsed as 1 or more), so `last` is set.
        let report = last.expect("at least one run");
        let secs = median(seconds);
        let best = report.suggestions.first().and_then(|s| s.figures.hardest);
        if args.print.json {
            json::print(&json::BenchSuggest {
                best_hardest: best,
                edits: report.analysed,
                hardest: report.current.hardest,
                median_seconds: secs,
                metric: metric.name(),
                puzzle: "klotski",
                runs,
                suite: "suggest",
                threads: THREADS,
            })?;
        } else {
            let figure = |v: Option<u32>| v.map_or_else(|| "none".to_string(), |v| v.to_string());
            outln!(
                "suggest klotski {:<5} {} edits  hardest {} -> best {}  median {:>8.3} ms  ({THREADS} threads, {runs} runs)",
                metric.name(),
                report.analysed,
                figure(report.current.hardest),
                figure(best),
                secs * 1e3,
            )?;
        }
    }
    Ok(())
}
