//! `blockslide solve`: solves a puzzle file, or a tile puzzle given inline with `--tiles`.
//!
//! Text output is a readable summary: the status, the length in the metric and in unit
//! steps, whether it is guaranteed optimal, every statistic, and the moves (for tile puzzles
//! also the blank's moves in the seeds' `udlr` letters). `--json` prints one object (see
//! [`json::Solve`]). `--list-heuristics` lists the heuristics and exits (with `--json`: an
//! array for the puzzle, or `{"blocks": [..], "tiles": [..]}` without one).
//!
//! `--trace FILE.jsonl` also writes every step of the search, one JSON object a line (see
//! [`json::trace`]: the core's [`TraceHeader`](blockslide_core::report::TraceHeader) naming
//! the puzzle, the algorithm, its heuristic and metric, then one of its
//! [`TraceLine`](blockslide_core::report::TraceLine)s an event), saved as puzzle files are
//! ([`save_text`]: atomically, so a trace that cannot be written leaves the file as it was).
//! The report is printed all the same, with a line on standard error saying why the trace was
//! not written (with `--json`, the object's `trace` says what became of it).
//!
//! Exit codes: 0 solved, 1 error (also when the report was printed but the trace asked for
//! could not be written), 2 unsolvable, 3 a limit was hit (the trace's cap among them) or the
//! search was cancelled (or a depth-capped DFS found nothing within its cap).

use blockslide_core::model::file::{SaveOptions, save_text};
use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::api::watch;
use blockslide_core::solve::trace::DEFAULT_EVENT_CAP;
use blockslide_core::solve::{SolveError, Termination, heuristics_for, solve};

use super::error::{CliError, EXIT_LIMIT, EXIT_OK, EXIT_UNSOLVABLE};
use super::flags::SolveArgs;
use super::render::{Report, json, text};
use super::search::{pdb_cache, request};
use super::source::solve_source;

/// Runs `blockslide solve`.
///
/// # Errors
/// An unreadable or invalid puzzle or option, or a puzzle the solver refuses.
pub fn run(args: &SolveArgs) -> Result<Report, CliError> {
    let metric = args.metric.clone().transpose()?;
    let Some(loaded) = solve_source(args)? else {
        return Ok(all_heuristics(args.search.print.json));
    };
    let puzzle = &loaded.puzzle;
    let metric_used = blockslide_core::solve::api::metric_for(puzzle, metric);
    if args.list_heuristics {
        let infos = heuristics_for(puzzle, metric_used, pdb_cache().as_deref());
        return Ok(Report::pick(
            args.search.print.json,
            || text::heuristics(&infos),
            || json::heuristics(&infos),
            EXIT_OK,
        ));
    }
    let (default, why) = blockslide_core::solve::api::default_algorithm(puzzle);
    let request = request(&args.search, metric, default)?;
    if !args.search.limits.quiet.quiet
        && let Some(estimate) = blockslide_core::solve::api::build_estimate(puzzle, &request)
    {
        // Said before the build starts: the strongest tables take minutes the first time.
        errln!(
            "blockslide solve: the pattern databases are not cached yet; {} (later solves load \
             them)",
            estimate.describe()
        );
    }
    let (control, line) = args.search.limits.control("solving")?;
    let locate = |e: SolveError| loaded.locate(&e);
    let mut trace = None;
    let mut report = match &args.trace {
        None => solve(puzzle, &request, control).map_err(locate)?,
        Some(path) => {
            let watched = watch(puzzle, &request, control, DEFAULT_EVENT_CAP).map_err(locate)?;
            let mut report = watched.report;
            if watched.trace.truncated {
                report.notes.push(format!(
                    "the trace holds at most {DEFAULT_EVENT_CAP} events, so the search was \
                     stopped after {} expansions: this puzzle is too big to trace with this \
                     algorithm; try a smaller one (the 2x3 slider, an 8-puzzle seed, the tiny or \
                     small block puzzle)",
                    report.stats.expanded
                ));
            }
            // Saved as puzzle files are (atomically: a failed write leaves the file that was
            // there); the search is done whatever becomes of it, and its report is printed.
            let text = json::trace(&watched.trace, &report.heuristic, report.metric);
            let written = save_text(path, &text, SaveOptions::default());
            trace = Some((path, watched.trace.events.len(), written.err()));
            report
        }
    };
    if let (None, Some(why)) = (&args.search.algorithm, why) {
        report
            .notes
            .insert(0, format!("{why} (ask for another with --algorithm)"));
    }
    drop(line);
    // The user asked for a file and did not get it: an error, though the report is there.
    let trace_error = trace.as_ref().and_then(|(path, _, error)| {
        error.as_ref().map(|e| {
            CliError::from(format!(
                "the trace was not written: {}: {e}",
                path.display()
            ))
        })
    });
    Ok(Report::pick(
        args.search.print.json,
        || text::solve(&report),
        || {
            let trace = trace
                .as_ref()
                .map(|(path, events, error)| json::TraceFile::new(path, *events, error.as_ref()));
            json::Solve::new(&report, trace)
        },
        exit_code(report.status),
    )
    .then(trace_error))
}

/// The exit code for a search's termination.
pub(super) fn exit_code(status: Termination) -> u8 {
    match status {
        Termination::Solved => EXIT_OK,
        Termination::Unsolvable => EXIT_UNSOLVABLE,
        Termination::NodeLimit
        | Termination::TimeLimit
        | Termination::MemoryLimit
        | Termination::Cancelled
        | Termination::DepthLimit
        | Termination::TraceLimit => EXIT_LIMIT,
    }
}

/// Without a puzzle: the heuristics of both engines (with `as_json`, one
/// [`json::AllHeuristics`] object).
fn all_heuristics(as_json: bool) -> Report {
    let eight = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 7, 8, 0], None)
        .expect("a 3x3 board with nine numbers is well formed");
    let blocks = Puzzle::from_rows(&["A A .", ". B ."], &[". . .", ". A A"])
        .expect("the example block rows are well formed");
    let tiles = heuristics_for(&eight, Metric::Step, pdb_cache().as_deref());
    let blocks = heuristics_for(&blocks, Metric::Step, None);
    Report::pick(
        as_json,
        || {
            format!(
                "Tile puzzles:\n{}\nBlock puzzles:\n{}",
                text::heuristics(&tiles),
                text::heuristics(&blocks)
            )
        },
        || json::AllHeuristics {
            blocks: json::heuristics(&blocks),
            tiles: json::heuristics(&tiles),
        },
        EXIT_OK,
    )
}
