//! The analysis and the exploration as background tasks: each runs the solver's walk on its
//! own thread, reports the walk's statistics as it goes, and stops when cancelled or dropped.

use crate::common::task::Task;
use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::api::{AnalyzeReport, ExploreReport, analyze, explore};
use blockslide_core::solve::{SolveError, Stats};

use crate::solve::budget::Budget;

/// A running analysis of the start's component: progress is the current walk's statistics.
pub type AnalysisTask = Task<Stats, Result<AnalyzeReport, SolveError>>;

/// A running exploration of the piece set: progress is the current walk's statistics.
pub type ExplorationTask = Task<Stats, Result<ExploreReport, SolveError>>;

/// Starts analysing `puzzle`'s component in `metric` within `budget`, on a thread named
/// "analyze" (the walks of a big component on the budget's workers).
///
/// # Errors
/// A message when the operating system refuses to start a thread.
pub fn spawn_analysis(
    ctx: &egui::Context,
    puzzle: Puzzle,
    metric: Metric,
    budget: Budget,
) -> Result<AnalysisTask, String> {
    budget.spawn("analyze", ctx, move |reporter, control| {
        let control = control.with_progress(reporter.sink(|s: &Stats| *s));
        analyze(&puzzle, metric, control)
    })
}

/// Starts exploring `puzzle`'s piece set in `metric` within `budget`'s limits, keeping the
/// hardest start of the `top` hardest solvable components, on a thread named "explore". The
/// exploration takes one thread, whatever the budget's.
///
/// # Errors
/// A message when the operating system refuses to start a thread.
pub fn spawn_exploration(
    ctx: &egui::Context,
    puzzle: Puzzle,
    metric: Metric,
    top: usize,
    budget: Budget,
) -> Result<ExplorationTask, String> {
    let budget = Budget {
        threads: 1,
        ..budget
    };
    budget.spawn("explore", ctx, move |reporter, control| {
        let control = control.with_progress(reporter.sink(|s: &Stats| *s));
        explore(&puzzle, metric, top, control)
    })
}
