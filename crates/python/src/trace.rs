//! Traces of a search written in Python: `TraceWriter` records it event by event with the
//! core's `TraceBuilder` and writes the CLI's trace format (the core's `report::trace_lines`),
//! and `read_trace` reads such a file back as the app's Watch view does.

use std::path::PathBuf;
use std::str::FromStr;

use blockslide_core::model::file::{SaveOptions, save_text};
use blockslide_core::report::trace_lines;
use blockslide_core::solve::api::Algorithm;
use blockslide_core::solve::observe::Fate;
use blockslide_core::solve::recorded::{
    TraceBuilder, TraceEntry, TraceError, read_trace as read_core,
};
use blockslide_core::solve::trace::TraceEvent;
use pyo3::exceptions::{PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::puzzle::Puzzle;
use crate::space::{Space, State};

fn algorithm_named(name: &str) -> PyResult<Algorithm> {
    Algorithm::from_str(name).map_err(PyValueError::new_err)
}

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
    /// A trace of `algorithm`'s search (its CLI name, e.g. `bfs`) of `puzzle`.
    #[new]
    fn new(puzzle: &Puzzle, algorithm: &str) -> PyResult<TraceWriter> {
        Ok(TraceWriter {
            builder: Some(TraceBuilder::new(
                &puzzle.inner,
                algorithm_named(algorithm)?,
            )),
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
        lines(builder)
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

/// The lines of the trace `builder` holds so far.
fn lines(builder: &TraceBuilder) -> PyResult<String> {
    // The builder is kept for more events: its trace is made from a copy.
    let trace = builder.snapshot();
    let mut out = String::new();
    for line in trace_lines(&trace) {
        let json = serde_json::to_string(&line)
            .map_err(|e| PyRuntimeError::new_err(format!("a trace line did not serialize: {e}")))?;
        out.push_str(&json);
        out.push('\n');
    }
    Ok(out)
}

/// Reads a trace file (the path, or its text) of `algorithm`'s search of `puzzle` as the
/// app's Watch view reads it, and returns what it holds: `events`, `nodes`, `expanded`,
/// `generated`, `duplicates`, `goal` (whether it reached a goal) and `path_length` (the
/// goal node's depth).
#[pyfunction]
pub fn read_trace<'py>(
    py: Python<'py>,
    puzzle: &Puzzle,
    algorithm: &str,
    trace: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let text = if trace.contains('\n') || trace.trim_start().starts_with('{') {
        trace.to_string()
    } else {
        std::fs::read_to_string(trace).map_err(|e| PyOSError::new_err(format!("{trace}: {e}")))?
    };
    let mut entries = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let entry: TraceEntry = serde_json::from_str(line)
            .map_err(|e| PyValueError::new_err(format!("line {}: {e}", i + 1)))?;
        entries.push((i + 1, entry));
    }
    let read = read_core(&puzzle.inner, algorithm_named(algorithm)?, entries)
        .map_err(|e| trace_error(&e))?;
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
