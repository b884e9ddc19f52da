//! The object of `improve --json` and `generate rushhour|FILE --json`: what the design search
//! found.

use std::path::PathBuf;

use blockslide_core::solve::design::{DesignRules, SearchOptions, SearchReport};
use serde::Serialize;

/// One design found.
#[derive(Serialize)]
struct Design {
    file: Option<String>,
    length: u32,
    component: u64,
    pieces: usize,
    walls: usize,
    optimal_solutions: String,
    decisions: u32,
    changes: Vec<String>,
    found_after: f64,
    board: Vec<String>,
}

/// What a design search was asked: its rules and options, the command's name, and the files
/// its designs were written to (in the report's order).
pub struct ReportContext<'a> {
    /// The rules the search kept to (its metric).
    pub rules: &'a DesignRules,
    /// The options it ran with (objective, strategy, seed).
    pub options: &'a SearchOptions,
    /// The files written, one per design from the first; fewer when not written.
    pub files: &'a [PathBuf],
    /// `improve` or `generate`.
    pub command: &'static str,
}

/// The search's report: its status, figures and designs.
#[derive(Serialize)]
pub struct DesignReport {
    command: &'static str,
    status: String,
    metric: &'static str,
    objective: &'static str,
    strategy: &'static str,
    seed: u64,
    original: Option<u32>,
    candidates: u64,
    candidates_per_second: f64,
    seconds: f64,
    designs: Vec<Design>,
    timeline: Vec<(f64, u32)>,
}

impl DesignReport {
    /// The object for `report`, found under `context`.
    pub fn new(report: &SearchReport, context: &ReportContext<'_>) -> DesignReport {
        DesignReport {
            command: context.command,
            status: report.status.name().to_string(),
            metric: context.rules.metric.name(),
            objective: context.options.objective.name(),
            strategy: context.options.strategy.name(),
            seed: context.options.seed,
            original: report.original,
            candidates: report.candidates,
            candidates_per_second: report.candidates as f64 / report.seconds.max(1e-9),
            seconds: report.seconds,
            designs: report
                .designs
                .iter()
                .enumerate()
                .map(|(i, d)| Design {
                    file: context.files.get(i).map(|f| f.display().to_string()),
                    length: d.length,
                    component: d.component,
                    pieces: d.pieces,
                    walls: d.walls,
                    optimal_solutions: d.proof.solutions.to_string(),
                    decisions: d.proof.decisions,
                    changes: d.changes.clone(),
                    found_after: d.found_after,
                    board: d.puzzle.board_rows(),
                })
                .collect(),
            timeline: report.timeline.clone(),
        }
    }
}
