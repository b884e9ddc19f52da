//! The design search as a background task: the core's [`improve`] on the solver's threads,
//! its status forwarded to the window with the timeline of the best design drawn from it.
//!
//! The core reports every few dozen candidates, thousands of times a second on a small
//! puzzle; the task forwards a report a few times a second, and at once when the best design
//! changes, so the window's timeline misses no step.

use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use blockslide_core::model::Puzzle;
use blockslide_core::solve::SolveError;
use blockslide_core::solve::design::{
    DesignRules, FoundDesign, SearchOptions, SearchReport, SearchStatus, improve,
};

use super::compare::{OriginalFigures, original_figures};
use crate::common::task::Task;
use crate::solve::budget::Budget;

/// How often a report reaches the window when the best design has not changed.
const SEND_EVERY: Duration = Duration::from_millis(50);

/// The longest the original's own analysis takes after the search (its figures are then
/// bounds).
const ORIGINAL_TIME: Duration = Duration::from_secs(10);

/// Where a running design search stands.
#[derive(Clone, Debug, Default)]
pub struct Progress {
    /// Candidates evaluated so far.
    pub candidates: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The best design so far.
    pub best: Option<FoundDesign>,
    /// Designs kept so far.
    pub kept: usize,
    /// The original's hardest start, once the search has measured it.
    pub original: Option<u32>,
    /// Each time the best design changed: seconds into the search, its length.
    pub timeline: Vec<(f64, u32)>,
}

impl Progress {
    /// Takes in a status of the core; returns whether the best design changed.
    fn absorb(&mut self, status: &SearchStatus) -> bool {
        self.candidates = status.candidates;
        self.elapsed = status.elapsed;
        self.kept = status.kept;
        let Some(best) = &status.best else {
            return false;
        };
        let same = |old: &FoundDesign| (old.found_at, old.length) == (best.found_at, best.length);
        if self.best.as_ref().is_some_and(same) {
            return false;
        }
        // The search offers the original at its hardest start before any chain runs, as
        // candidate 0: its length is the one to beat.
        if best.found_at == 0 {
            self.original.get_or_insert(best.length);
        }
        self.timeline
            .push((status.elapsed.as_secs_f64(), best.length));
        self.best = Some(best.clone());
        true
    }
}

/// A design search to run.
#[derive(Clone, Debug)]
pub struct DesignJob {
    /// The design to start from.
    pub puzzle: Puzzle,
    /// What may change.
    pub rules: DesignRules,
    /// The objective and seed.
    pub options: SearchOptions,
    /// The time budget, the node and memory limits of each candidate's analysis, and the
    /// worker threads, each running its own chain.
    pub budget: Budget,
}

/// A running design search: progress is [`Progress`]; a cancelled search still returns its
/// report, with the designs found so far, and the original's own figures.
pub type DesignTask = Task<Progress, Result<(SearchReport, OriginalFigures), SolveError>>;

/// Starts `job` on a thread named "design", which runs the chains on threads of their own,
/// then measures the original for the side-by-side comparison (within the limits of one
/// candidate's analysis, whether or not the search was cancelled: it is one more analysis of
/// a design of the size the search judged thousands of).
///
/// # Errors
/// A message when the operating system refuses to start a thread.
pub fn spawn_search(ctx: &egui::Context, job: DesignJob) -> Result<DesignTask, String> {
    job.budget.spawn("design", ctx, move |reporter, control| {
        // Called from every chain's thread: the lock keeps the timeline in order.
        let live: Mutex<(Progress, Option<Instant>)> = Mutex::default();
        let forward = |status: &SearchStatus| {
            let mut live = live.lock().unwrap_or_else(PoisonError::into_inner);
            let (progress, sent) = &mut *live;
            let changed = progress.absorb(status);
            if changed || sent.is_none_or(|t| t.elapsed() >= SEND_EVERY) {
                *sent = Some(Instant::now());
                reporter.progress(progress.clone());
            }
        };
        let report = improve(
            &job.puzzle,
            &job.rules,
            &job.options,
            &control,
            Some(&forward),
        )?;
        let limits = blockslide_core::solve::Limits {
            max_time: ORIGINAL_TIME,
            ..job.budget.limits
        };
        Ok((
            report,
            original_figures(&job.puzzle, job.rules.metric, limits),
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::harder::found_design as found;

    fn status(candidates: u64, best: Option<FoundDesign>) -> SearchStatus {
        SearchStatus {
            candidates,
            elapsed: Duration::from_millis(candidates),
            best,
            kept: 1,
        }
    }

    #[test]
    fn the_first_best_is_the_original_and_each_new_best_is_a_step() {
        let mut progress = Progress::default();
        assert!(progress.absorb(&status(0, Some(found(10, &[], 0)))));
        assert_eq!(progress.original, Some(10));
        assert!(!progress.absorb(&status(32, Some(found(10, &[], 0)))));
        assert_eq!(progress.candidates, 32);
        assert!(progress.absorb(&status(40, Some(found(14, &[], 40)))));
        assert_eq!(progress.original, Some(10));
        assert_eq!(progress.timeline, [(0.0, 10), (0.04, 14)]);
    }

    #[test]
    fn without_the_original_no_length_is_taken_for_it() {
        let mut progress = Progress::default();
        assert!(!progress.absorb(&status(5, None)));
        assert!(progress.absorb(&status(9, Some(found(7, &[], 9)))));
        assert_eq!(progress.original, None);
    }
}
