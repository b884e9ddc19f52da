//! `blockslide analyze`: the component of a puzzle's start (identical pieces merged) in one
//! metric: its size and goal positions, the start's distance to the goal, every position's
//! distance to the nearest goal as a histogram, the hardest starts (one shown as a board, and
//! written as a puzzle file with `--write-hardest`), the number of distinct shortest solutions,
//! and along one of them how many moves keep it shortest at each position (1 = forced).
//!
//! `--json` prints one object ([`json::analyze`]): `{"choices":[..],"complete":..,
//! "component":..,"expanded":..,"forced_moves":..,"goal_positions":..,
//! "hardest":{"board":[..],"count":..,"distance":..},"histogram":[..],"metric":..,
//! "notes":[..],"optimal_solutions":"..","optimal_solutions_saturated":..,
//! "peak_memory_bytes":..,"peak_memory_estimated":..,"puzzle":..,"puzzle_type":..,"seconds":..,
//! "solution":[{"piece":..,"steps":[..]}],"start_distance":..,"status":..}`
//! (`optimal_solutions` is a decimal string: it may exceed 64 bits; unknown figures are
//! `null`).
//!
//! Exit codes, as `count`: 0 analysed (the whole component), 1 error, 3 a limit stopped the
//! analysis (the figures then cover what was finished; the notes say what was not).
//!
//! The file `--write-hardest` names is checked before the analysis and written before the
//! report, so a bad path fails at once and a failing standard output loses no file. This
//! module also holds the file of a hardest start ([`hardest_puzzle`]), which `explore` writes
//! too.

use std::path::Path;

use blockslide_core::model::file::{SaveOptions, check_save_path, save_with};
use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::Termination;
use blockslide_core::solve::api::{AnalyzeReport, HardestPosition, analyze, metric_for};

use super::error::{CliError, EXIT_ERROR, EXIT_LIMIT, EXIT_OK};
use super::flags::AnalyzeArgs;
use super::render::{Report, json, text};
use super::save::save_error;
use super::source::read_puzzle;

/// Runs `blockslide analyze`.
///
/// # Errors
/// An unreadable or invalid puzzle or option, a hardest start that cannot be written, or none
/// to write (exit 3 when a limit stopped the analysis before it found one).
pub fn run(args: &AnalyzeArgs) -> Result<Report, CliError> {
    let metric = args.metric.clone().transpose()?;
    let path = &args.file;
    let puzzle = read_puzzle(path)?;
    let metric = metric_for(&puzzle, metric);
    let options = args.force.options();
    if let Some(out) = &args.write_hardest {
        // Before the analysis, which may take long: a path that cannot be written fails now.
        check_save_path(out, options).map_err(|e| save_error(out, &e))?;
    }
    let (control, line) = args.limits.control("analysing")?;
    let report = analyze(&puzzle, metric, control).map_err(|e| e.to_string())?;
    drop(line);
    // The file before the report, so it is written whatever happens to standard output; the
    // report is printed even when the file could not be, and the error follows it.
    let written = match &args.write_hardest {
        Some(out) => write_hardest(out, &report, options),
        None => Ok(()),
    };
    let code = if report.complete() {
        EXIT_OK
    } else {
        EXIT_LIMIT
    };
    Ok(Report::pick(
        args.print.json,
        || text::analyze(&report),
        || json::analyze(&report),
        code,
    )
    .then(written.err()))
}

/// Writes the report's hardest start to `out`.
///
/// # Errors
/// A file that cannot be written, or no hardest start to write (exit 3 when a limit stopped
/// the analysis before it found one).
fn write_hardest(out: &Path, report: &AnalyzeReport, options: SaveOptions) -> Result<(), CliError> {
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
    // The hardest start of the start's component is exact once found, even when a limit
    // stopped a later phase (the solution count): it is not partial.
    let puzzle = hardest_puzzle(&report.puzzle, hardest, report.metric, None);
    save_with(out, &puzzle, options).map_err(|e| save_error(out, &e))?;
    Ok(())
}

/// The words every hardest start's notes end with (since before `--write-top` wrote a
/// summary): `explore --write-top` knows the files it may remove by them.
pub(super) const FOUND_BY: &str = "found by `blockslide`";

/// The puzzle file of a hardest start: the original with the pieces moved, in the `metric`
/// it was found in (so `solve` counts as the analysis did), its name and notes saying where
/// it came from. `stopped` is what stopped a search before it saw every component (`explore`
/// under a limit): the start is then the hardest of its own component only, and its name and
/// notes say it is a partial result.
pub(super) fn hardest_puzzle(
    name: &str,
    hardest: &HardestPosition,
    metric: Metric,
    stopped: Option<Termination>,
) -> Puzzle {
    let mut puzzle = hardest.position.clone();
    puzzle.metric = Some(metric);
    let title = if name.is_empty() { "puzzle" } else { name };
    let (distance, count, component) = (hardest.distance, hardest.count, hardest.component);
    let metric = metric.name();
    let found = format!(
        "{count} positions farthest from the goal ({distance} moves in the {metric} metric) in \
         a component of {component} positions, {FOUND_BY}."
    );
    match stopped {
        None => {
            puzzle.name = format!("{title}: a hardest start ({distance} {metric})");
            puzzle.notes = format!("One of the {found}");
        }
        Some(status) => {
            let why = match status {
                Termination::NodeLimit => "the node limit",
                Termination::TimeLimit => "the time limit",
                Termination::MemoryLimit => "the memory limit",
                Termination::Cancelled => "Ctrl-C",
                other => other.name(),
            };
            puzzle.name = format!(
                "{title}: partial result, a hard start ({distance} {metric}; stopped by {why})"
            );
            puzzle.notes = format!(
                "Partial result: the exploration was stopped by {why} before it saw every \
                 arrangement, so harder starts may exist. This start is one of the {found}"
            );
        }
    }
    puzzle
}
