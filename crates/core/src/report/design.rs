//! The object of a design search: its status, figures and the designs it found.

use std::path::PathBuf;

use serde::Serialize;

use crate::solve::design::{DesignRules, SearchOptions, SearchReport};

/// One design a search found. `file` is where a front end saved it, `null` until it says so
/// ([`DesignSearch::with_files`]).
#[derive(Clone, Debug, Serialize)]
pub struct FoundDesign {
    file: Option<String>,
    length: u32,
    component: u64,
    pieces: usize,
    walls: usize,
    optimal_solutions: String,
    decisions: u32,
    changes: Vec<String>,
    found_after: f64,
    found_at: u64,
    board: Vec<String>,
}

/// A design search's report: its status, figures and designs (the CLI's `improve --json`
/// and `generate --json`, after the command's name).
#[derive(Clone, Debug, Serialize)]
pub struct DesignSearch {
    status: String,
    metric: &'static str,
    objective: &'static str,
    strategy: &'static str,
    seed: u64,
    original: Option<u32>,
    candidates: u64,
    candidates_per_second: f64,
    seconds: f64,
    designs: Vec<FoundDesign>,
    timeline: Vec<(f64, u32)>,
}

impl DesignSearch {
    /// The object for `report`, found under `rules` (its metric) and `options` (objective,
    /// strategy, seed).
    pub fn new(report: &SearchReport, rules: &DesignRules, options: &SearchOptions) -> Self {
        DesignSearch {
            status: report.status.name().to_string(),
            metric: rules.metric.name(),
            objective: options.objective.name(),
            strategy: options.strategy.name(),
            seed: options.seed,
            original: report.original,
            candidates: report.candidates,
            candidates_per_second: report.candidates as f64 / report.seconds.max(1e-9),
            seconds: report.seconds,
            designs: report
                .designs
                .iter()
                .map(|d| FoundDesign {
                    file: None,
                    length: d.length,
                    component: d.component,
                    pieces: d.pieces,
                    walls: d.walls,
                    optimal_solutions: d.proof.solutions.to_string(),
                    decisions: d.proof.decisions,
                    changes: d.changes.clone(),
                    found_after: d.found_after,
                    found_at: d.found_at,
                    board: d.puzzle.board_rows(),
                })
                .collect(),
            timeline: report.timeline.clone(),
        }
    }

    /// The object with the files its designs were saved to, one per design from the first
    /// (fewer when not all were saved).
    #[must_use]
    pub fn with_files(mut self, files: &[PathBuf]) -> Self {
        for (design, file) in self.designs.iter_mut().zip(files) {
            design.file = Some(file.display().to_string());
        }
        self
    }
}
