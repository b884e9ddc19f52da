//! A solve as a background task. The solver panel's searches, and Play's hints and optimal
//! lengths, all run this way.

use std::time::Duration;

use crate::gui::common::task::Task;
use crate::model::tiles::tile_layout;
use crate::model::{Metric, Puzzle};
use crate::solve::{
    Algorithm, Limits, SearchControl, SolveError, SolveReport, SolveRequest, Stats, solve,
};

/// A running solve: its progress is the search's statistics, its result the solver's answer.
pub type SearchTask = Task<Stats, Result<SolveReport, SolveError>>;

/// Starts solving `puzzle` as `request` says, on a thread named after `name` ("solve",
/// "hint"). Cancelling or dropping the task stops the search.
///
/// # Errors
/// A message when the operating system refuses to start a thread.
pub fn spawn_search(
    name: &str,
    ctx: &egui::Context,
    puzzle: Puzzle,
    request: SolveRequest,
) -> Result<SearchTask, String> {
    Task::spawn(name, ctx, move |reporter| {
        let control = SearchControl::new(request.limits)
            .with_cancel(reporter.cancel_flag())
            .with_progress(reporter.sink(|s: &Stats| *s));
        solve(&puzzle, &request, control)
    })
}

/// The request for an optimal solution of `puzzle` in `metric`, for hints and the optimal
/// length in Play: IDA* on tile puzzles of 16 cells or more (little memory), A* otherwise,
/// each with the solver's best admissible heuristic, for two minutes at most.
pub fn optimal_request(puzzle: &Puzzle, metric: Metric) -> SolveRequest {
    let algorithm = if tile_layout(puzzle).is_some() && puzzle.rows * puzzle.cols >= 16 {
        Algorithm::Idastar
    } else {
        Algorithm::Astar
    };
    SolveRequest {
        algorithm,
        metric: Some(metric),
        limits: Limits {
            max_time: Duration::from_mins(2),
            ..Limits::default()
        },
        ..SolveRequest::default()
    }
}
