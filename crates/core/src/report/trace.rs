//! A recorded search written out: one object per event, each with its node's figures, move
//! and board (the CLI's `solve --trace FILE`, one object a line).

use serde::Serialize;

use crate::solve::observe::Fate;
use crate::solve::trace::{Trace, TraceEvent};

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

/// `trace`'s events as they are written out, in order.
pub fn trace_lines(trace: &Trace) -> impl Iterator<Item = TraceLine> + '_ {
    trace
        .events
        .iter()
        .map(|event| TraceLine::new(trace, event))
}
