//! A recorded search written out: a first line saying what was searched (the puzzle, the
//! algorithm, its heuristic and metric), then one object per event, each with its node's
//! figures, move and board (the CLI's `solve --trace FILE` and the Python package's
//! `Recorder`, one object a line).

use serde::Serialize;

use crate::model::Metric;
use crate::model::file::to_ron_string;
use crate::solve::observe::Fate;
use crate::solve::trace::{Trace, TraceEvent};

/// The version of the trace file format a [`TraceHeader`] names. A reader refuses a file of
/// a later version, whose lines it may misread.
pub const TRACE_FORMAT_VERSION: u32 = 1;

/// The first line of a trace file: what was searched, so that a reader (the app's File >
/// Open trace…) needs nothing but the file. Its keys: `algorithm` (the CLI's name),
/// `event` (`search`), `heuristic` (only for the algorithms that use one), `metric`,
/// `puzzle` (the start puzzle as a puzzle file's text) and `version`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TraceHeader {
    algorithm: &'static str,
    event: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    heuristic: Option<String>,
    metric: &'static str,
    puzzle: String,
    version: u32,
}

impl TraceHeader {
    /// The header of `trace`, a search counted in `metric` with `heuristic` (by name; left
    /// out for an algorithm that uses none).
    pub fn new(trace: &Trace, heuristic: Option<&str>, metric: Metric) -> TraceHeader {
        TraceHeader {
            algorithm: trace.algorithm.name(),
            event: "search",
            heuristic: heuristic
                .filter(|_| trace.algorithm.uses_heuristic())
                .map(str::to_string),
            metric: metric.name(),
            puzzle: to_ron_string(trace.start()),
            version: TRACE_FORMAT_VERSION,
        }
    }
}

/// One line of a trace file: its header, or one of its events.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum TraceFileLine {
    /// The first line.
    Header(TraceHeader),
    /// Every other line.
    Event(TraceLine),
}

/// One event of a trace as it is written out. Its keys, in alphabetical order as the lines
/// were first written: `backward` (only when true), `board` (not for `expanded`), `bound`
/// (`bound-raised` only), `event`, `f` (for the algorithms that order their frontier by a
/// priority), `fate` (`generated` only), `frontier` (`expanded` only), then the node's `g`,
/// `h`, `move`, `node`, `parent`, `tree` (absent for `bound-raised`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TraceLine {
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    backward: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    board: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bound: Option<u32>,
    event: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    f: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fate: Option<Fate>,
    #[serde(skip_serializing_if = "Option::is_none")]
    frontier: Option<u32>,
    #[serde(flatten)]
    node: Option<TraceLineNode>,
}

/// The node an event names, as its line writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
struct TraceLineNode {
    g: u32,
    h: u32,
    #[serde(rename = "move")]
    label: String,
    node: usize,
    parent: Option<u32>,
    tree: u32,
}

impl TraceLine {
    /// The line of `event`, one of `trace`'s events.
    pub fn new(trace: &Trace, event: &TraceEvent) -> TraceLine {
        let mut line = TraceLine {
            backward: false,
            board: None,
            bound: None,
            event: event.name(),
            f: None,
            fate: None,
            frontier: None,
            node: None,
        };
        match *event {
            TraceEvent::BoundRaised { bound } => line.bound = Some(bound),
            TraceEvent::Expanded { frontier, .. } => line.frontier = Some(frontier),
            TraceEvent::Generated { fate, .. } => line.fate = Some(fate),
            TraceEvent::Root { .. } | TraceEvent::Goal { .. } => {}
        }
        if let Some(node) = event.node() {
            let n = &trace.nodes[node];
            line.backward = n.backward;
            line.f = trace.priority(n.g, n.h);
            if !matches!(event, TraceEvent::Expanded { .. }) {
                line.board = Some(trace.position(node).board_rows());
            }
            line.node = Some(TraceLineNode {
                g: n.g,
                h: n.h,
                label: trace.label(node),
                node,
                parent: n.parent,
                tree: n.tree,
            });
        }
        line
    }
}

/// The lines of `trace`'s file, in order: its [`TraceHeader`] (with `heuristic` and
/// `metric`, see [`TraceHeader::new`]), then its events. Every front end that writes a trace
/// file (the CLI, the Python package) writes these, one JSON object a line.
pub fn trace_file<'a>(
    trace: &'a Trace,
    heuristic: Option<&str>,
    metric: Metric,
) -> impl Iterator<Item = TraceFileLine> + 'a {
    std::iter::once(TraceFileLine::Header(TraceHeader::new(
        trace, heuristic, metric,
    )))
    .chain(trace_lines(trace).map(TraceFileLine::Event))
}

/// `trace`'s events as they are written out, in order.
pub fn trace_lines(trace: &Trace) -> impl Iterator<Item = TraceLine> + '_ {
    trace
        .events
        .iter()
        .map(|event| TraceLine::new(trace, event))
}
