//! `blockslide count`: the size of the state space reachable from a puzzle's start (identical
//! pieces merged), the farthest distance from the start, states per distance, and how many of
//! them satisfy the goal.
//!
//! Text output is a summary and a per-depth histogram; `--json` prints one object
//! ([`json::count`]): `{"complete":..,"expanded":..,"goal_states":..,"max_depth":..,
//! "metric":..,"mirrored":..,"peak_memory_bytes":..,"peak_memory_estimated":..,"per_depth":[..],"puzzle":..,
//! "seconds":..,"states":..,"states_per_second":..,"status":..}` (`mirrored`: the walk
//! expanded one position of each left-right mirror pair, `expanded` positions in all).
//!
//! Exit codes: 0 counted (the whole space was walked), 1 error, 3 a limit stopped the walk
//! (the figures then cover the layers walked so far).

use blockslide_core::solve::api::{count, metric_for};

use super::error::{CliError, EXIT_LIMIT, EXIT_OK};
use super::flags::CountArgs;
use super::render::{Report, json, text};
use super::source::count_source;

/// Runs `blockslide count`.
///
/// # Errors
/// An unreadable or invalid puzzle or option, or a puzzle the solver refuses.
pub fn run(args: &CountArgs) -> Result<Report, CliError> {
    let metric = args.metric.clone().transpose()?;
    let loaded = count_source(args)?;
    let puzzle = &loaded.puzzle;
    let metric = metric_for(puzzle, metric);
    let (control, line) = args.limits.control("counting")?;
    let report = count(puzzle, metric, control).map_err(|e| loaded.locate(&e))?;
    drop(line);
    Ok(Report::pick(
        args.print.json,
        || text::count(&puzzle.name, metric, &report, report.complete()),
        || json::count(&puzzle.name, metric, &report),
        if report.complete() {
            EXIT_OK
        } else {
            EXIT_LIMIT
        },
    ))
}
