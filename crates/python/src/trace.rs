//! Traces of a search written in Python: `TraceWriter` records it event by event with the
//! core's `TraceBuilder` and writes the CLI's trace format (the core's `report::trace_file`:
//! a first line naming the puzzle, the algorithm, its heuristic and metric, then the events),
//! `read_trace_file` reads such a file back as the app's File > Open trace… does (the core's
//! `read_trace_file`), and `read_trace` reads its events for a puzzle and algorithm given.

use std::path::PathBuf;

use blockslide_core::model::Metric;
use blockslide_core::model::file::{SaveOptions, save_text};
use blockslide_core::report::trace_file;
use blockslide_core::solve::api::metric_for;
use blockslide_core::solve::observe::Fate;
use blockslide_core::solve::recorded::{
    TraceBuilder, TraceError, read_trace as read_core, read_trace_file as read_file, trace_entries,
};
use blockslide_core::solve::trace::{Trace, TraceEvent, WATCH_EVENT_CAP};
use pyo3::exceptions::{PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::puzzle::{Puzzle, algorithm_named};
use crate::space::{Space, State};

fn trace_error(e: &TraceError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A fate by the name trace files give it.
fn fate_named(name: &str) -> PyResult<Fate> {
    Ok(match name {
        "queued" => Fate::Queued,
        "duplicate" => Fate::Duplicate,
        "reopened" => Fate::Reopened,
        "pruned" => Fate::Pruned,
        "dead-end" => Fate::DeadEnd,
        other => {
            return Err(PyValueError::new_err(format!(
                "unknown fate `{other}`; choose one of queued, duplicate, reopened, pruned, dead-end"
            )));
        }
    })
}

/// Records a search event by event and writes it in Blockslide's trace format.
#[pyclass(module = "blockslide")]
pub struct TraceWriter {
    builder: Option<TraceBuilder>,
    /// The heuristic the search orders its frontier by, named in the file's first line.
    heuristic: Option<String>,
    /// The metric its costs are counted in, named in the file's first line.
    metric: Metric,
}

impl TraceWriter {
    fn builder(&mut self) -> PyResult<&mut TraceBuilder> {
        self.builder
            .as_mut()
            .ok_or_else(|| PyRuntimeError::new_err("the trace was already written"))
    }
}

#[pymethods]
impl TraceWriter {
    /// A trace of `algorithm`'s search (its CLI name, e.g. `bfs`) of `puzzle`, counted in
    /// `metric` (`None`: the puzzle's own, else `step`), ordered by `heuristic` (by name, for
    /// the algorithms that use one): the file's first line names all four.
    #[new]
    #[pyo3(signature = (puzzle, algorithm, metric=None, heuristic=None))]
    fn new(
        puzzle: &Puzzle,
        algorithm: &str,
        metric: Option<&str>,
        heuristic: Option<String>,
    ) -> PyResult<TraceWriter> {
        let metric = match metric {
            None => None,
            Some(name) => Some(
                Metric::ALL
                    .into_iter()
                    .find(|m| m.name() == name)
                    .ok_or_else(|| {
                        PyValueError::new_err(format!(
                            "unknown metric `{name}`; choose one of step, slide, move"
                        ))
                    })?,
            ),
        };
        Ok(TraceWriter {
            builder: Some(TraceBuilder::new(
                &puzzle.inner,
                algorithm_named(algorithm)?,
            )),
            heuristic,
            metric: metric_for(&puzzle.inner, metric),
        })
    }

    /// A search starts at `state` (of `space`) with estimate `h`: returns its node.
    fn root(&mut self, space: &Space, state: &State, h: u32) -> PyResult<usize> {
        let cells = space.cells(state);
        self.builder()?.root(&cells, h).map_err(|e| trace_error(&e))
    }

    /// Node `node` is expanded, the frontier holding `frontier` entries just before.
    fn expanded(&mut self, node: usize, frontier: u32) -> PyResult<()> {
        self.builder()?
            .expanded(node, frontier)
            .map_err(|e| trace_error(&e))
    }

    /// A successor `state` of node `parent` is generated with cost `g`, estimate `h` and
    /// `fate` (`queued`, `duplicate`, ...): returns its node.
    #[pyo3(signature = (parent, space, state, g, h, fate="queued"))]
    fn generated(
        &mut self,
        parent: usize,
        space: &Space,
        state: &State,
        g: u32,
        h: u32,
        fate: &str,
    ) -> PyResult<usize> {
        let fate = fate_named(fate)?;
        let cells = space.cells(state);
        self.builder()?
            .generated(parent, &cells, g, h, fate)
            .map_err(|e| trace_error(&e))
    }

    /// Node `node` satisfies the goal.
    fn goal(&mut self, node: usize) -> PyResult<()> {
        self.builder()?.goal(node).map_err(|e| trace_error(&e))
    }

    /// An iteration (IDDFS, IDA*) starts with `bound`.
    fn bound_raised(&mut self, bound: u32) -> PyResult<()> {
        self.builder()?
            .bound_raised(bound)
            .map_err(|e| trace_error(&e))
    }

    /// How many events are recorded.
    fn __len__(&self) -> usize {
        self.builder.as_ref().map_or(0, TraceBuilder::len)
    }

    /// The trace file's text: one JSON object a line, as the CLI's `solve --trace` writes.
    fn text(&self) -> PyResult<String> {
        let builder = self
            .builder
            .as_ref()
            .ok_or_else(|| PyRuntimeError::new_err("the trace was already written"))?;
        lines(builder, self.heuristic.as_deref(), self.metric)
    }

    /// Writes the trace file at `path` (atomically).
    #[expect(
        clippy::needless_pass_by_value,
        reason = "PyO3 hands arguments over by value"
    )]
    fn save(&self, path: PathBuf) -> PyResult<()> {
        let text = self.text()?;
        save_text(&path, &text, SaveOptions::default())
            .map_err(|e| PyOSError::new_err(format!("{}: {e}", path.display())))
    }
}

/// The lines of the trace `builder` holds so far, the first naming the search (`heuristic`
/// and `metric`).
fn lines(builder: &TraceBuilder, heuristic: Option<&str>, metric: Metric) -> PyResult<String> {
    // The builder is kept for more events: its trace is made from a copy.
    let trace = builder.snapshot();
    let mut out = String::new();
    for line in trace_file(&trace, heuristic, metric) {
        let json = serde_json::to_string(&line)
            .map_err(|e| PyRuntimeError::new_err(format!("a trace line did not serialize: {e}")))?;
        out.push_str(&json);
        out.push('\n');
    }
    Ok(out)
}

/// The text of `trace`: the file at that path, or the text itself.
fn trace_text(trace: &str) -> PyResult<String> {
    if trace.contains('\n') || trace.trim_start().starts_with('{') {
        Ok(trace.to_string())
    } else {
        std::fs::read_to_string(trace).map_err(|e| PyOSError::new_err(format!("{trace}: {e}")))
    }
}

/// What `trace` holds, as a dict: `events`, `nodes`, `expanded`, `generated`, `duplicates`,
/// `goal` (whether it reached a goal) and `path_length` (the goal node's depth).
fn summary<'py>(py: Python<'py>, read: &Trace) -> PyResult<Bound<'py, PyDict>> {
    let count = |f: &dyn Fn(&TraceEvent) -> bool| read.events.iter().filter(|e| f(e)).count();
    let goal = read.events.iter().find_map(|e| match e {
        TraceEvent::Goal { node } => Some(*node),
        _ => None,
    });
    let dict = PyDict::new(py);
    dict.set_item("events", read.events.len())?;
    dict.set_item("nodes", read.nodes.len())?;
    dict.set_item(
        "expanded",
        count(&|e| matches!(e, TraceEvent::Expanded { .. })),
    )?;
    dict.set_item(
        "generated",
        count(&|e| matches!(e, TraceEvent::Generated { .. })),
    )?;
    dict.set_item(
        "duplicates",
        count(&|e| {
            matches!(
                e,
                TraceEvent::Generated {
                    fate: Fate::Duplicate,
                    ..
                }
            )
        }),
    )?;
    dict.set_item("goal", goal.is_some())?;
    dict.set_item("path_length", goal.map(|g| read.path(g).len() - 1))?;
    Ok(dict)
}

/// Reads a trace file (the path, or its text) of `algorithm`'s search of `puzzle` (its
/// first line, naming the search, is skipped) and returns what it holds: `events`, `nodes`,
/// `expanded`, `generated`, `duplicates`, `goal` (whether it reached a goal) and
/// `path_length` (the goal node's depth).
#[pyfunction]
pub fn read_trace<'py>(
    py: Python<'py>,
    puzzle: &Puzzle,
    algorithm: &str,
    trace: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let entries = trace_entries(&trace_text(trace)?).map_err(|e| trace_error(&e))?;
    let read = read_core(&puzzle.inner, algorithm_named(algorithm)?, entries)
        .map_err(|e| trace_error(&e))?;
    summary(py, &read)
}

/// Reads a whole trace file (the path, or its text) as the app's File > Open trace… reads
/// it, needing nothing else: returns what [`read_trace`] returns and `puzzle`, `algorithm`,
/// `heuristic` (`None` for an algorithm that uses none) and `metric`, as its first line names
/// them. A trace longer than the app's Watch view holds is refused, naming the cap.
#[pyfunction]
pub fn read_trace_file<'py>(py: Python<'py>, trace: &str) -> PyResult<Bound<'py, PyDict>> {
    let entries = trace_entries(&trace_text(trace)?).map_err(|e| trace_error(&e))?;
    let read = read_file(entries, WATCH_EVENT_CAP).map_err(|e| trace_error(&e))?;
    let dict = summary(py, &read.trace)?;
    dict.set_item("puzzle", Puzzle { inner: read.puzzle })?;
    dict.set_item("algorithm", read.algorithm.name())?;
    dict.set_item("heuristic", read.heuristic)?;
    dict.set_item("metric", read.metric.name())?;
    Ok(dict)
}
