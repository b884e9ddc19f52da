//! A solve as a background task. The solver panel's searches, and Play's hints and optimal
//! lengths, all run this way.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use super::budget::Budget;
use crate::common::task::Task;
use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::{
    Limits, Preparation, SearchControl, SolveError, SolveReport, SolveRequest, Stats,
    api::default_algorithm, solve,
};

/// What a running solve reports: first how far its preparation (a pattern database being
/// built) has got, then the search's statistics.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SearchProgress {
    /// The heuristic's tables are being loaded or built.
    Preparing(Preparation),
    /// The search is under way.
    Searching {
        /// The search's statistics (its time excludes the preparation's).
        stats: Stats,
        /// How long the preparation took, when the heuristic had tables to load or build.
        prepared: Option<Duration>,
    },
}

impl SearchProgress {
    /// The search's statistics, once it searches.
    pub fn stats(&self) -> Option<Stats> {
        match self {
            SearchProgress::Searching { stats, .. } => Some(*stats),
            SearchProgress::Preparing(_) => None,
        }
    }
}

/// A search as the app runs it: what to search for, and the budget it runs within, which
/// the core takes on its [`SearchControl`] alone ([`SearchJob::control`]).
#[derive(Clone, Debug, PartialEq)]
pub struct SearchJob {
    /// What to search for.
    pub request: SolveRequest,
    /// The search's limits and worker threads.
    pub budget: Budget,
}

impl SearchJob {
    /// A control with the job's limits and threads, a fresh cancel flag and no progress sink.
    pub fn control(&self) -> SearchControl {
        self.budget.control()
    }
}

/// A running solve: its progress is [`SearchProgress`], its result the solver's answer.
pub type SearchTask = Task<SearchProgress, Result<SolveReport, SolveError>>;

/// Starts solving `puzzle` as `job` says, on a thread named after `name` ("solve", "hint").
/// Cancelling or dropping the task stops the search.
///
/// # Errors
/// A message when the operating system refuses to start a thread.
pub fn spawn_search(
    name: &str,
    ctx: &egui::Context,
    puzzle: Puzzle,
    job: SearchJob,
) -> Result<SearchTask, String> {
    job.budget.spawn(name, ctx, move |reporter, control| {
        // The search's reports carry the preparation's time, so the last one tells both.
        let prepared = Arc::new(Mutex::new(None));
        let seen = Arc::clone(&prepared);
        let control = control
            .with_progress(reporter.sink(move |s: &Stats| SearchProgress::Searching {
                stats: *s,
                prepared: *seen.lock().unwrap_or_else(PoisonError::into_inner),
            }))
            .with_preparation_progress(reporter.sink(move |p: &Preparation| {
                *prepared.lock().unwrap_or_else(PoisonError::into_inner) = Some(p.elapsed);
                SearchProgress::Preparing(*p)
            }));
        solve(&puzzle, &job.request, control)
    })
}

/// The search for an optimal solution of `puzzle` in `metric`, for hints and the optimal
/// length in Play: the solver's default algorithm for the puzzle (every default is optimal)
/// with its best admissible heuristic (pattern databases cached in `pdb_cache`), on one
/// thread, for two minutes at most.
pub fn optimal_search(puzzle: &Puzzle, metric: Metric, pdb_cache: Option<PathBuf>) -> SearchJob {
    SearchJob {
        request: SolveRequest {
            algorithm: default_algorithm(puzzle).0,
            metric: Some(metric),
            pdb_cache,
            ..SolveRequest::default()
        },
        budget: Budget {
            limits: Limits {
                max_time: Duration::from_mins(2),
                ..Limits::default()
            },
            threads: 1,
        },
    }
}
