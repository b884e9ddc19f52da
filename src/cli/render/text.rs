//! Every report as people read it: the text the subcommands print (`--json` prints the
//! objects of [`super::json`] instead). Each function renders one report into a string, which
//! the subcommand writes at once; writing to a `String` cannot fail, so the results of
//! `writeln!` here are ignored.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use blockslide_core::model::Metric;
use blockslide_core::model::Puzzle;
use blockslide_core::model::text::{echo, echo_message, thousands};
use blockslide_core::model::validate::{Severity, TextReport};
use blockslide_core::solve::api::{AnalyzeReport, CountReport, ExploreReport};
use blockslide_core::solve::design::{
    DesignRules, Figures, SearchOptions, SearchReport, SuggestReport, Suggestion,
};
use blockslide_core::solve::family::FamilySummary;
use blockslide_core::solve::{HeuristicInfo, SolveReport, Termination};

use super::peak_memory;

/// `solve`: the summary of a search, its statistics and its moves.
pub fn solve(report: &SolveReport) -> String {
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
        ("peak memory", peak_memory::text(s.peak_memory_bytes)),
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

/// `solve --list-heuristics`: one line per heuristic, and one more for each that does not
/// apply, saying why.
pub fn heuristics(infos: &[HeuristicInfo]) -> String {
    let mut out = String::new();
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
        let _ = writeln!(out, "{:<16} {}{flags}", h.name, h.description);
        if let Err(reason) = &h.applicable {
            let _ = writeln!(out, "{:<16} not applicable: {reason}", "");
        }
    }
    out
}

/// `count`: the space's size, goal states and depth, and a histogram of states per depth;
/// `complete` when the whole space was walked.
pub fn count(name: &str, metric: Metric, report: &CountReport, complete: bool) -> String {
    let mut out = String::new();
    let title = if name.is_empty() {
        "puzzle".to_string()
    } else {
        echo(name)
    };
    // Writing to a String cannot fail.
    let _ = writeln!(out, "{title}, {metric} metric");
    if !complete {
        let _ = writeln!(
            out,
            "stopped early ({}): the figures cover the layers walked so far",
            report.status.name()
        );
    }
    let _ = writeln!(
        out,
        "states:      {} (identical pieces merged)",
        report.states
    );
    let _ = writeln!(out, "goal states: {}", report.goal_states);
    let _ = writeln!(out, "max depth:   {}", report.max_depth);
    let _ = writeln!(
        out,
        "time:        {:.3} s ({:.0} states/s), peak memory {}",
        report.stats.elapsed.as_secs_f64(),
        report.states_per_second(),
        peak_memory::text(report.stats.peak_memory_bytes)
    );
    if report.mirrored {
        let _ = writeln!(
            out,
            "symmetry:    left-right: {} positions expanded, each standing for itself and its \
             mirror image",
            report.stats.expanded
        );
    }
    let _ = writeln!(out, "states per depth:");
    let widest = report.per_depth.iter().copied().max().unwrap_or(1).max(1);
    for (depth, &n) in report.per_depth.iter().enumerate() {
        let bar = "#".repeat(((n as f64 / widest as f64) * 40.0).ceil() as usize);
        let _ = writeln!(out, "{depth:>5} {n:>10} {bar}");
    }
    out
}

/// `analyze`: the component, its hardest starts and a histogram of distances to the goal.
pub fn analyze(report: &AnalyzeReport) -> String {
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
        peak_memory::text(report.stats.peak_memory_bytes)
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

/// `explore`: the arrangements and components of a piece set, and its hardest starts.
pub fn explore(report: &ExploreReport) -> String {
    let mut out = String::new();
    let title = if report.puzzle.is_empty() {
        "puzzle"
    } else {
        &report.puzzle
    };
    // Writing to a String cannot fail.
    let _ = writeln!(out, "{title}: its piece set, {} metric", report.metric);
    for note in &report.notes {
        let _ = writeln!(out, "note: {note}");
    }
    let _ = writeln!(
        out,
        "arrangements:        {} (identical pieces merged)",
        report.arrangements
    );
    let _ = writeln!(out, "components:          {}", report.components);
    let _ = writeln!(out, "with a goal:         {}", report.solvable_components);
    let _ = writeln!(out, "goal arrangements:   {}", report.goal_arrangements);
    let _ = writeln!(
        out,
        "time:                {:.3} s, peak memory {}",
        report.stats.elapsed.as_secs_f64(),
        peak_memory::text(report.stats.peak_memory_bytes)
    );
    for (i, h) in report.hardest.iter().enumerate() {
        let _ = writeln!(
            out,
            "hardest #{}: {} moves from the goal ({} such positions, component of {}):",
            i + 1,
            h.distance,
            h.count,
            h.component
        );
        for row in h.position.board_rows() {
            let _ = writeln!(out, "    {row}");
        }
    }
    out
}

/// `check`: a valid file's line, and one line per finding, at its line and column.
pub fn checked_file(path: &Path, report: &TextReport) -> String {
    let mut out = String::new();
    let file = echo(&path.display().to_string());
    if report.is_valid()
        && let Some(puzzle) = &report.puzzle
    {
        let kind = report.puzzle_type.map_or("blocks", |t| t.name());
        let pieces = puzzle.pieces().len();
        let _ = writeln!(
            out,
            "{file}: OK ({kind}, {}x{}, {pieces} piece{})",
            puzzle.rows,
            puzzle.cols,
            if pieces == 1 { "" } else { "s" }
        );
    }
    for d in &report.diagnostics {
        let level = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let message = echo_message(&d.message);
        let _ = match (d.line, d.column) {
            (Some(line), Some(column)) => {
                writeln!(out, "{file}:{line}:{column}: {level}: {message}")
            }
            (Some(line), None) => writeln!(out, "{file}:{line}: {level}: {message}"),
            _ => writeln!(out, "{file}: {level}: {message}"),
        };
    }
    out
}

/// `family`: the summary, for standard error (standard output may carry the listing).
/// `resumable` says whether the run kept a record to resume (it wrote to `-o FILE`).
pub fn family(
    identity: &str,
    summary: &FamilySummary,
    termination: Termination,
    seconds: f64,
    stats: &blockslide_core::solve::Stats,
    resumable: bool,
) -> String {
    let mut lines = vec![format!("family: {identity}")];
    if termination != Termination::Solved {
        let hint = if resumable {
            "resume with --resume"
        } else {
            "without -o nothing is kept to resume; run again with -o FILE to be able to resume"
        };
        lines.push(format!("stopped: {} ({hint})", termination.name()));
    }
    lines.push(format!(
        "clusters: {} ({} solvable, {} minimal), positions: {} ({} in solvable clusters)",
        thousands(summary.clusters),
        thousands(summary.solvable),
        thousands(summary.minimal),
        thousands(summary.positions),
        thousands(summary.solvable_positions)
    ));
    if let Some(hardest) = summary.hardest() {
        lines.push(format!(
            "hardest start: {hardest} moves ({} cluster{})",
            summary.by_moves[hardest],
            if summary.by_moves[hardest] == 1 {
                ""
            } else {
                "s"
            }
        ));
    }
    lines.push(format!(
        "time: {seconds:.2} s, peak memory {}",
        peak_memory::text(stats.peak_memory_bytes)
    ));
    lines.join("\n")
}

/// `improve` and `generate` from a source: the search's figures, then each design found
/// (with its file, when written) and what changed.
pub fn design_report(
    report: &SearchReport,
    rules: &DesignRules,
    options: &SearchOptions,
    files: &[PathBuf],
) -> String {
    let rate = report.candidates as f64 / report.seconds.max(1e-9);
    let mut out = String::new();
    let original = report
        .original
        .map_or_else(|| "no hardest start".to_string(), |l| format!("{l} moves"));
    let _ = writeln!(
        out,
        "{} candidates in {:.1} s ({rate:.0}/s, {} metric, objective {}, strategy {}, seed {}); \
         {}; the original: {original}",
        report.candidates,
        report.seconds,
        rules.metric.name(),
        options.objective.name(),
        options.strategy.name(),
        options.seed,
        stop_words(report.status)
    );
    for (i, d) in report.designs.iter().enumerate() {
        let file = files
            .get(i)
            .map_or_else(String::new, |f| format!("  {}", f.display()));
        let _ = writeln!(
            out,
            "{:>3} moves  {:>8} positions  {:>2} pieces  {} walls  {} decisions  found after \
             {:.1} s (candidate {}){file}",
            d.length, d.component, d.pieces, d.walls, d.proof.decisions, d.found_after, d.found_at
        );
        for change in &d.changes {
            let _ = writeln!(out, "      {change}");
        }
    }
    if report.designs.is_empty() {
        let _ = writeln!(out, "no design with a reachable goal was found");
    }
    out
}

/// How a design search ended, in words.
pub fn stop_words(status: Termination) -> &'static str {
    match status {
        Termination::Cancelled => "stopped by Ctrl-C",
        Termination::NodeLimit => "candidate limit reached",
        Termination::Solved => "target reached",
        _ => "time limit reached",
    }
}

/// `suggest`: the design's own figures, then one line per listed edit (`top`, best first)
/// with what it does, and what was not analysed.
pub fn suggestions(design: &Puzzle, report: &SuggestReport, top: &[Suggestion]) -> String {
    let mut out = String::new();
    let name = if design.name.is_empty() {
        "the design"
    } else {
        design.name.as_str()
    };
    let now = &report.current;
    let _ = writeln!(
        out,
        "{}, {} metric: hardest start {}, start {}, {}{} positions",
        echo(name),
        report.metric.name(),
        figure(now.hardest, now, "no goal reachable"),
        figure(now.start_length, now, "unsolvable"),
        if now.exact { "" } else { "at least " },
        thousands(now.component)
    );
    let total = report.suggestions.len() + report.refused.len();
    let _ = writeln!(
        out,
        "{total} one-step edits, {} analysed in {:.2} s; {}best first:",
        report.analysed,
        report.elapsed.as_secs_f64(),
        if top.len() == report.suggestions.len() {
            String::new()
        } else {
            format!("the {} ", top.len())
        }
    );
    let width = top.len().to_string().len();
    for (i, suggestion) in top.iter().enumerate() {
        let _ = writeln!(
            out,
            "{:>width$}. {}: {}",
            i + 1,
            echo(&suggestion.words),
            suggestion_figures(&suggestion.figures, now)
        );
    }
    for (edit, reason) in &report.refused {
        let _ = writeln!(
            out,
            "not analysed: {}: {}",
            echo(edit),
            echo_message(reason)
        );
    }
    if !report.complete() {
        let _ = writeln!(
            out,
            "{}: figures marked \"at least\" are lower bounds",
            limit_words(report.status)
        );
    }
    out
}

/// What an edit does, from the design's figures `was` to `now`: `hardest start 93 -> 101
/// moves, start 81 -> 85 moves`; a lower bound reads `at least`, an edit whose figures a
/// limit left unknown `unknown (time limit reached)`.
pub fn suggestion_figures(now: &Figures, was: &Figures) -> String {
    if !now.exact && now.solvable.is_none() && now.hardest.is_none() {
        return format!("unknown ({})", limit_words(now.status));
    }
    if now.solvable == Some(false) {
        return "unsolvable, no goal position reachable".to_string();
    }
    format!(
        "hardest start {} -> {} moves, start {} -> {} moves",
        bare(was.hardest, was),
        bare(now.hardest, now),
        bare(was.start_length, was),
        bare(now.start_length, now)
    )
}

/// A figure of `figures` without its unit: `93`, `at least 93`, `none`.
fn bare(value: Option<u32>, figures: &Figures) -> String {
    match value {
        Some(v) if figures.exact => v.to_string(),
        Some(v) => format!("at least {v}"),
        None if figures.exact => "none".to_string(),
        None => "unknown".to_string(),
    }
}

/// A figure of `figures` with its unit: `93 moves`, `at least 93 moves`, `missing` when it is
/// known there is none.
fn figure(value: Option<u32>, figures: &Figures, missing: &str) -> String {
    match value {
        Some(_) => format!("{} moves", bare(value, figures)),
        None if figures.exact => missing.to_string(),
        None => "unknown".to_string(),
    }
}

/// Why an analysis stopped early, in words.
fn limit_words(status: Termination) -> &'static str {
    match status {
        Termination::Cancelled => "stopped by Ctrl-C",
        Termination::NodeLimit => "node limit reached",
        Termination::MemoryLimit => "memory limit reached",
        _ => "time limit reached",
    }
}
