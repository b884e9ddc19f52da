//! A comparison as one background task: the pairs run one after another on its thread,
//! each with its own cancel flag so that one can be skipped.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use crate::common::task::Task;
use blockslide_core::model::Puzzle;
use blockslide_core::solve::{Stats, Termination, solve};

use super::pairs::ComparePair;
use super::table::{CompareRow, SKIPPED_NOTE};
use crate::solve::search::SearchJob;

/// Progress of a comparison: which pair runs, its statistics, and the rows finished so far.
#[derive(Clone, Debug)]
pub struct CompareProgress {
    /// Index of the pair running now.
    pub current: usize,
    /// Its latest statistics.
    pub stats: Stats,
    /// The rows finished so far.
    pub done: Vec<CompareRow>,
}

/// A running comparison: progress as it goes, every row at the end.
pub type CompareTask = Task<CompareProgress, Vec<CompareRow>>;

/// One pair to run, with its request, or why it cannot run.
pub type Job = (ComparePair, Result<SearchJob, String>);

/// Starts running `jobs` on `puzzle`, in order, on a thread named "compare". Cancelling the
/// task cancels every pair not yet finished; raising the flag in `current_cancel` stops only
/// the pair running now, or the one named next (each pair's own flag is put there before
/// the progress names it).
///
/// # Errors
/// A message when the operating system refuses to start a thread.
pub fn spawn_comparison(
    ctx: &egui::Context,
    puzzle: Puzzle,
    jobs: Vec<Job>,
    current_cancel: Arc<Mutex<Arc<AtomicBool>>>,
) -> Result<CompareTask, String> {
    // Each pair gets its own flag, so Skip stops only this one. A pair's flag is put in place
    // before the progress names that pair (the first's before the thread starts), so a Skip
    // pressed once it is named stops it, never the pair that has just ended.
    let install = move |flag: &Arc<AtomicBool>| {
        if let Ok(mut current) = current_cancel.lock() {
            *current = Arc::clone(flag);
        }
    };
    let mut flag = Arc::new(AtomicBool::new(false));
    install(&flag);
    Task::spawn("compare", ctx, move |reporter| {
        let mut done: Vec<CompareRow> = Vec::new();
        for (index, (pair, request)) in jobs.into_iter().enumerate() {
            if reporter.is_cancelled() {
                done.push(CompareRow {
                    pair,
                    result: Err("cancelled".into()),
                });
                continue;
            }
            let this = std::mem::replace(&mut flag, Arc::new(AtomicBool::new(false)));
            let result = request.and_then(|request| {
                let so_far = done.clone();
                if reporter.is_cancelled() {
                    this.store(true, Ordering::Relaxed);
                }
                let control = request
                    .control()
                    .with_cancel(this)
                    .with_progress(reporter.sink(move |s: &Stats| CompareProgress {
                        current: index,
                        stats: *s,
                        done: so_far.clone(),
                    }));
                solve(&puzzle, &request.request, control)
                    .map(|mut report| {
                        // Stopped by Skip, not by cancelling the whole comparison.
                        if report.status == Termination::Cancelled && !reporter.is_cancelled() {
                            report.notes.push(SKIPPED_NOTE.to_string());
                        }
                        Arc::new(report)
                    })
                    .map_err(|e| e.to_string())
            });
            done.push(CompareRow { pair, result });
            install(&flag);
            reporter.progress(CompareProgress {
                current: index + 1,
                stats: Stats::default(),
                done: done.clone(),
            });
        }
        done
    })
}
