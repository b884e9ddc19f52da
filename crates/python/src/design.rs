//! The designer's questions: every cluster of a family of puzzles (`blockslide.family`), and
//! harder variants of a puzzle (`Puzzle.improve`).

use std::collections::VecDeque;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};

use blockslide_core::report;
use blockslide_core::solve::SearchControl;
use blockslide_core::solve::api::metric_for;
use blockslide_core::solve::design::{DesignRules, SearchOptions, improve};
use blockslide_core::solve::family::{
    ClusterRecord, FamilySpec, UnitResult, enumerate, parse_family, read_family,
};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::convert::to_python;
use crate::errors::{load_error, solve_error};
use crate::puzzle::{Puzzle, metric_named};
use crate::run::{POLL, cancellable, limits};

/// A family from a file's path or its text.
fn family_spec(py: Python<'_>, spec: &str) -> PyResult<FamilySpec> {
    let looks_like_text = spec.trim_start().starts_with('(') || spec.contains('\n');
    let read = if looks_like_text {
        parse_family(spec)
    } else {
        read_family(Path::new(spec))
    };
    read.map_err(|e| load_error(py, &e))
}

/// Clusters a walk hands over at once at most, ahead of the reader.
const AHEAD: usize = 64;

/// The solvable clusters of a family, in the family's order, as a walk on other threads
/// finds them: each a dict as the CLI's `family --json` lists it, with `puzzle`, its hardest
/// start. Ctrl-C while waiting raises `KeyboardInterrupt`; dropping the iterator (or leaving
/// the loop) stops the walk.
#[pyclass(module = "blockslide")]
pub struct FamilyClusters {
    family: FamilySpec,
    /// The walk's units' clusters, in order; `None` once the walk is over.
    receiver: Option<Mutex<mpsc::Receiver<Vec<ClusterRecord>>>>,
    pending: VecDeque<ClusterRecord>,
    cancel: Arc<AtomicBool>,
}

impl Drop for FamilyClusters {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::SeqCst);
    }
}

#[pymethods]
impl FamilyClusters {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        loop {
            if let Some(record) = self.pending.pop_front() {
                let cluster = to_python(py, &report::FamilyCluster::from(&record))?;
                let puzzle = self
                    .family
                    .puzzle(&record.board)
                    .ok()
                    .map(|inner| Puzzle { inner });
                cluster.set_item("puzzle", puzzle)?;
                return Ok(Some(cluster));
            }
            let Some(receiver) = self.receiver.take() else {
                return Ok(None);
            };
            // The receiver goes into the closure and comes back: the GIL is released while
            // the walk works.
            let (receiver, received) = py.detach(move || {
                let received = receiver
                    .lock()
                    .map_err(|_| mpsc::RecvTimeoutError::Disconnected)
                    .and_then(|r| r.recv_timeout(POLL));
                (receiver, received)
            });
            match received {
                Ok(records) => {
                    self.pending.extend(records);
                    self.receiver = Some(receiver);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    self.receiver = Some(receiver);
                    if let Err(interrupt) = py.check_signals() {
                        self.cancel.store(true, Ordering::SeqCst);
                        return Err(interrupt);
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {}
            }
        }
    }
}

/// The family `spec` (a path or a family file's text) walked on `threads` threads (0: every
/// core) within the limits: see [`FamilyClusters`].
#[pyfunction]
#[pyo3(signature = (spec, max_nodes=None, time_limit=None, threads=None))]
pub fn family_clusters(
    py: Python<'_>,
    spec: &str,
    max_nodes: Option<u64>,
    time_limit: Option<f64>,
    threads: Option<usize>,
) -> PyResult<FamilyClusters> {
    let family = family_spec(py, spec)?;
    let limits = limits(max_nodes, time_limit)?;
    let cancel = Arc::new(AtomicBool::new(false));
    let (sender, receiver) = mpsc::sync_channel(AHEAD);
    let walked = family.clone();
    let flag = Arc::clone(&cancel);
    std::thread::spawn(move || {
        let mut control = SearchControl::new(limits)
            .with_threads(threads.unwrap_or(0))
            .with_cancel(flag);
        // A reader that went away stops the walk: its clusters have nowhere to go.
        let hand_over = |unit: &UnitResult| {
            if unit.records.is_empty() {
                return Ok(());
            }
            sender.send(unit.records.clone())
        };
        // The walk's summary is the CLI's business; the reader has every cluster.
        let _ = match &walked {
            FamilySpec::RushHour(f) => enumerate(f, &mut control, 0, hand_over),
            FamilySpec::Blocks(f) => enumerate(f, &mut control, 0, hand_over),
        };
    });
    Ok(FamilyClusters {
        family,
        receiver: Some(Mutex::new(receiver)),
        pending: VecDeque::new(),
        cancel,
    })
}

#[pymethods]
impl Puzzle {
    /// Searches for harder variants of the puzzle (the CLI's `improve --json`): a dict with
    /// the search's figures and `designs`, best first, each with its hardest start's
    /// `length` and the design itself as `puzzle`. `time_limit` (seconds, default 10) and
    /// `max_candidates` bound the search; a seed and `max_candidates` make a run repeat at the
    /// same thread count.
    #[pyo3(signature = (time_limit=10.0, seed=0, keep=5, max_candidates=None, metric=None, threads=None))]
    #[expect(
        clippy::too_many_arguments,
        reason = "the keyword arguments of the Python API"
    )]
    fn improve<'py>(
        &self,
        py: Python<'py>,
        time_limit: f64,
        seed: u64,
        keep: usize,
        max_candidates: Option<u64>,
        metric: Option<&str>,
        threads: Option<usize>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let metric = metric_for(&self.inner, metric.map(metric_named).transpose()?);
        let rules = DesignRules::for_design(&self.inner, metric);
        let options = SearchOptions {
            seed,
            keep: keep.max(1),
            max_candidates,
            ..SearchOptions::default()
        };
        let limits = limits(None, Some(time_limit))?;
        let threads = threads.unwrap_or(0);
        let (puzzle, design_rules, design_options) =
            (self.inner.clone(), rules.clone(), options.clone());
        let answer = cancellable(py, move |cancel| {
            let control = SearchControl::new(limits)
                .with_threads(threads)
                .with_cancel(cancel);
            improve(&puzzle, &design_rules, &design_options, &control, None)
        })?;
        let found = answer.map_err(|e| solve_error(py, &e))?;
        let dict = to_python(py, &report::DesignSearch::new(&found, &rules, &options))?
            .cast_into::<PyDict>()
            .map_err(PyErr::from)?;
        if let Some(designs) = dict.get_item("designs")? {
            for (entry, design) in designs.try_iter()?.zip(&found.designs) {
                entry?.set_item(
                    "puzzle",
                    Puzzle {
                        inner: design.puzzle.clone(),
                    },
                )?;
            }
        }
        Ok(dict)
    }
}
