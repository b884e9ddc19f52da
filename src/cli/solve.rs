//! `blockslide solve`: solves a puzzle file, or a tile puzzle given inline with `--tiles`.
//!
//! Text output is a readable summary: the status, the length in the metric and in unit
//! steps, whether it is guaranteed optimal, every statistic, and the moves (for tile puzzles
//! also the blank's moves in the seeds' `udlr` letters). `--json` prints one object (see
//! [`json::Solve`]). `--list-heuristics` lists the heuristics and exits (with `--json`: an
//! array for the puzzle, or `{"blocks": [..], "tiles": [..]}` without one).
//!
//! `--trace FILE.jsonl` also writes every step of the search, one JSON object a line (see
//! [`blockslide_core::solve::trace::Trace::to_json_lines`]), saved as puzzle files are
//! ([`save_text`]: atomically, so a trace that cannot be written leaves the file as it was).
//! The report is printed all the same, with a line on standard error saying why the trace was
//! not written (with `--json`, the object's `trace` says what became of it).
//!
//! Exit codes: 0 solved, 1 error (also when the report was printed but the trace asked for
//! could not be written), 2 unsolvable, 3 a limit was hit (the trace's cap among them) or the
//! search was cancelled (or a depth-capped DFS found nothing within its cap).

use std::fmt::Write as _;

use blockslide_core::model::file::{SaveOptions, save_text};
use blockslide_core::model::text::{echo, echo_message};
use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::api::watch;
use blockslide_core::solve::trace::DEFAULT_EVENT_CAP;
use blockslide_core::solve::{
    HeuristicInfo, SolveError, SolveReport, Termination, heuristics_for, solve,
};

use super::error::{CliError, EXIT_LIMIT, EXIT_OK, EXIT_UNSOLVABLE};
use super::flags::SolveArgs;
use super::json;
use super::search::{pdb_cache, request};
use super::source::solve_source;

/// Runs `blockslide solve`.
///
/// # Errors
/// An unreadable or invalid puzzle or option, or a puzzle the solver refuses.
pub fn run(args: &SolveArgs) -> Result<u8, CliError> {
    let metric = args.metric.clone().transpose()?;
    let Some(loaded) = solve_source(args)? else {
        print_all_heuristics(args.search.json)?;
        return Ok(EXIT_OK);
    };
    let puzzle = &loaded.puzzle;
    let metric_used = blockslide_core::solve::api::metric_for(puzzle, metric);
    if args.list_heuristics {
        print_heuristics(
            &heuristics_for(puzzle, metric_used, pdb_cache().as_deref()),
            args.search.json,
        )?;
        return Ok(EXIT_OK);
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
            let written = save_text(path, &watched.trace.to_json_lines(), SaveOptions::default());
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
    let printed = if args.search.json {
        let trace = trace
            .as_ref()
            .map(|(path, events, error)| json::TraceFile::new(path, *events, error.as_ref()));
        json::print(&json::Solve::from(&report).with_trace(trace))
    } else {
        out!("{}", summary(&report))
    };
    // The user asked for a file and did not get it: an error, though the report is there;
    // said even when standard output failed, so that neither failure hides the other.
    let trace_error = trace.and_then(|(path, _, error)| {
        error.map(|e| format!("the trace was not written: {}: {e}", path.display()))
    });
    match (printed, trace_error) {
        (Ok(()), None) => Ok(exit_code(report.status)),
        (Ok(()), Some(message)) => Err(CliError::from(message)),
        (Err(e), None) => Err(e),
        (Err(e), Some(message)) => Err(e.after(&message)),
    }
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

fn print_heuristics(infos: &[HeuristicInfo], as_json: bool) -> Result<(), CliError> {
    if as_json {
        return json::print(&json::heuristics(infos));
    }
    let default = blockslide_core::solve::api::default_heuristic(infos);
    for h in infos {
        let mut flags = Vec::new();
        if h.name == default {
            flags.push("default");
        }
        if !h.admissible {
            flags.push("not admissible");
        }
        let flags = if flags.is_empty() {
            String::new()
        } else {
            format!(" ({})", flags.join(", "))
        };
        outln!("{:<16} {}{flags}", h.name, h.description)?;
        if let Err(reason) = &h.applicable {
            outln!("{:<16} not applicable: {reason}", "")?;
        }
    }
    Ok(())
}

/// Without a puzzle: the heuristics of both engines (with `as_json`, one
/// [`json::AllHeuristics`] object).
fn print_all_heuristics(as_json: bool) -> Result<(), CliError> {
    let eight = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 7, 8, 0], None)
        .expect("a 3x3 board with nine numbers is well formed");
    let blocks = Puzzle::from_rows(&["A A .", ". B ."], &[". . .", ". A A"])
        .expect("the example block rows are well formed");
    let tiles = heuristics_for(&eight, Metric::Step, pdb_cache().as_deref());
    let blocks = heuristics_for(&blocks, Metric::Step, None);
    if as_json {
        return json::print(&json::AllHeuristics {
            blocks: json::heuristics(&blocks),
            tiles: json::heuristics(&tiles),
        });
    }
    outln!("Tile puzzles:")?;
    print_heuristics(&tiles, false)?;
    outln!("\nBlock puzzles:")?;
    print_heuristics(&blocks, false)
}

/// The human-readable summary of a report.
fn summary(report: &SolveReport) -> String {
    let mut out = String::new();
    let s = &report.stats;
    let name = if report.puzzle.is_empty() {
        "(unnamed)".to_string()
    } else {
        echo(&report.puzzle)
    };
    let _ = writeln!(out, "Puzzle:      {name} ({})", report.puzzle_type.name());
    let heuristic = if report.algorithm.uses_heuristic() {
        format!(", heuristic {}", echo(&report.heuristic))
    } else {
        String::new()
    };
    let _ = writeln!(
        out,
        "Search:      {}{heuristic}, metric {}",
        report.algorithm.title(),
        report.metric
    );
    let status = match (report.length(), report.steps()) {
        (Some(length), Some(steps)) => format!(
            "solved in {length} {} ({steps} unit step{}), {}",
            if length == 1 { "move" } else { "moves" },
            if steps == 1 { "" } else { "s" },
            if report.optimal {
                "optimal"
            } else {
                "not guaranteed optimal"
            }
        ),
        _ => match report.status {
            Termination::Unsolvable => "unsolvable: no sequence of moves reaches the goal".into(),
            Termination::NodeLimit => "stopped: node limit reached".into(),
            Termination::TimeLimit => "stopped: time limit reached".into(),
            Termination::MemoryLimit => "stopped: memory limit reached".into(),
            Termination::Cancelled => "cancelled".into(),
            Termination::DepthLimit => "no solution within the depth cap".into(),
            Termination::TraceLimit => "stopped: the trace is full".into(),
            Termination::Solved => "solved".into(),
        },
    };
    let _ = writeln!(out, "Status:      {status}");
    for note in &report.notes {
        let _ = writeln!(out, "Note:        {}", echo_message(note));
    }
    let _ = writeln!(out, "Statistics:");
    let rows: [(&str, String); 12] = [
        ("nodes expanded", s.expanded.to_string()),
        ("nodes generated", s.generated.to_string()),
        ("duplicates discarded", s.duplicates.to_string()),
        ("goal tests", s.goal_tests.to_string()),
        ("max frontier", s.max_frontier.to_string()),
        ("left in frontier", s.frontier.to_string()),
        ("states stored", s.stored.to_string()),
        ("peak memory", json::PeakMemory::text(s.peak_memory_bytes)),
        ("time", format!("{:.3} s", s.elapsed.as_secs_f64())),
        ("nodes per second", format!("{:.0}", s.nodes_per_second())),
        ("depth / bound reached", s.depth.to_string()),
        (
            "last complete depth",
            s.completed_depth
                .map_or_else(|| "-".to_string(), |d| d.to_string()),
        ),
    ];
    for (label, value) in rows {
        let _ = writeln!(out, "  {label:<22} {value}");
    }
    if let Some(blank) = &report.blank_moves {
        let _ = writeln!(out, "Blank moves: {blank}");
    }
    if !report.moves.is_empty() {
        let _ = writeln!(out, "Moves:");
        for (i, m) in report.moves.iter().enumerate() {
            let steps: Vec<&str> = m.steps.iter().map(|d| d.word()).collect();
            let _ = writeln!(out, "  {:>4}. {} {}", i + 1, m.piece, steps.join(" "));
        }
    }
    out
}
