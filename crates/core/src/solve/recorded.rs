//! Traces made outside the engine's searches: a search written elsewhere (a student's, in the
//! Python package) recorded event by event with [`TraceBuilder`], and a trace file read back
//! with [`read_trace`], so the app's Watch view can play either as it plays its own.
//!
//! A trace file is the one the CLI's `solve --trace` writes: one JSON object a line, as
//! [`report::trace_lines`](crate::report::trace_lines) makes them. It names neither the
//! puzzle nor the algorithm; the reader is given both. The core reads no JSON text itself:
//! a front end parses each line into a [`TraceEntry`] (it is `Deserialize`) and hands the
//! entries over.

use rustc_hash::FxHashMap;
use serde::Deserialize;

use crate::model::{Cell, Puzzle};
use crate::solve::algorithms::Algorithm;
use crate::solve::observe::Fate;
use crate::solve::trace::{Boards, Trace, TraceEvent, TraceNode, WATCH_EVENT_CAP};

/// Why a trace could not be built or read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TraceError {
    /// More events than Watch holds.
    #[error("the trace has more than {cap} events, the most Watch holds")]
    TooLong {
        /// The cap.
        cap: usize,
    },
    /// An event names a node that was never recorded.
    #[error("event {event}: node {node} was never recorded")]
    UnknownNode {
        /// The 1-based event.
        event: usize,
        /// The node.
        node: usize,
    },
    /// A board of another size than the puzzle's.
    #[error("event {event}: the board is {rows}x{cols}; the puzzle's is {want_rows}x{want_cols}")]
    BoardSize {
        /// The 1-based event.
        event: usize,
        /// The board's rows.
        rows: usize,
        /// The board's columns.
        cols: usize,
        /// The puzzle's rows.
        want_rows: usize,
        /// The puzzle's columns.
        want_cols: usize,
    },
    /// A line that is not one of a trace's events.
    #[error("line {line}: {message}")]
    Line {
        /// The 1-based line.
        line: usize,
        /// What is wrong.
        message: String,
    },
}

/// Records a search event by event, as the engine's own searches are recorded for Watch.
///
/// Nodes are numbered from 0 in the order [`root`](Self::root) and
/// [`generated`](Self::generated) add them; every position is a board of the start puzzle's
/// size.
pub struct TraceBuilder {
    algorithm: Algorithm,
    start: Puzzle,
    nodes: Vec<TraceNode>,
    /// Every node's board: a trace made this way is at most [`WATCH_EVENT_CAP`] events.
    cells: Vec<Vec<Cell>>,
    events: Vec<TraceEvent>,
    boards: Boards,
    tree: u32,
    cap: usize,
}

impl TraceBuilder {
    /// A trace of `algorithm`'s search of `start`, with no events yet, holding at most
    /// [`WATCH_EVENT_CAP`] events.
    pub fn new(start: &Puzzle, algorithm: Algorithm) -> TraceBuilder {
        TraceBuilder {
            algorithm,
            start: start.clone(),
            nodes: Vec::new(),
            cells: Vec::new(),
            events: Vec::new(),
            boards: Boards::new(start),
            tree: 0,
            cap: WATCH_EVENT_CAP,
        }
    }

    /// How many events are recorded.
    pub fn len(&self) -> usize {
        self.events.len()
    }

    /// Whether no event is recorded yet.
    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    fn push(&mut self, event: TraceEvent) -> Result<(), TraceError> {
        if self.events.len() >= self.cap {
            return Err(TraceError::TooLong { cap: self.cap });
        }
        self.events.push(event);
        Ok(())
    }

    fn check_board(&self, board: &[Cell]) -> Result<(), TraceError> {
        if board.len() == self.start.cells.len() {
            Ok(())
        } else {
            Err(TraceError::BoardSize {
                event: self.events.len() + 1,
                rows: board.len() / self.start.cols.max(1),
                cols: self.start.cols,
                want_rows: self.start.rows,
                want_cols: self.start.cols,
            })
        }
    }

    fn check_node(&self, node: usize) -> Result<(), TraceError> {
        if node < self.nodes.len() {
            Ok(())
        } else {
            Err(TraceError::UnknownNode {
                event: self.events.len() + 1,
                node,
            })
        }
    }

    fn add(&mut self, parent: Option<usize>, board: &[Cell], g: u32, h: u32, fate: Fate) -> usize {
        let from = parent.map_or(&self.start.cells, |p| &self.cells[p]);
        let changes = self.boards.record(from, board);
        self.nodes.push(TraceNode {
            parent: parent.map(|p| p as u32),
            g,
            h,
            tree: self.tree,
            fate,
            backward: false,
            changes,
        });
        self.cells.push(board.to_vec());
        self.nodes.len() - 1
    }

    /// A search (or an iteration) starts at `board` with estimate `h`: returns its node.
    ///
    /// # Errors
    /// [`TraceError`] when the board is not the puzzle's size or the trace is full.
    pub fn root(&mut self, board: &[Cell], h: u32) -> Result<usize, TraceError> {
        self.check_board(board)?;
        let node = self.nodes.len();
        self.push(TraceEvent::Root { node })?;
        Ok(self.add(None, board, 0, h, Fate::Queued))
    }

    /// IDDFS or IDA* starts an iteration with `bound`; the nodes after it make a new tree.
    ///
    /// # Errors
    /// [`TraceError::TooLong`] when the trace is full.
    pub fn bound_raised(&mut self, bound: u32) -> Result<(), TraceError> {
        self.push(TraceEvent::BoundRaised { bound })?;
        self.tree += 1;
        Ok(())
    }

    /// `node` is taken from the frontier, which held `frontier` entries, and expanded.
    ///
    /// # Errors
    /// [`TraceError`] when the node was never recorded or the trace is full.
    pub fn expanded(&mut self, node: usize, frontier: u32) -> Result<(), TraceError> {
        self.check_node(node)?;
        self.push(TraceEvent::Expanded { node, frontier })
    }

    /// A successor of `parent` is generated: `board`, cost `g`, estimate `h`, and what
    /// became of it. Returns its node.
    ///
    /// # Errors
    /// [`TraceError`] when the parent was never recorded, the board is not the puzzle's size,
    /// or the trace is full.
    pub fn generated(
        &mut self,
        parent: usize,
        board: &[Cell],
        g: u32,
        h: u32,
        fate: Fate,
    ) -> Result<usize, TraceError> {
        self.check_node(parent)?;
        self.check_board(board)?;
        let node = self.nodes.len();
        self.push(TraceEvent::Generated { node, fate })?;
        Ok(self.add(Some(parent), board, g, h, fate))
    }

    /// `node` satisfies the goal.
    ///
    /// # Errors
    /// [`TraceError`] when the node was never recorded or the trace is full.
    pub fn goal(&mut self, node: usize) -> Result<(), TraceError> {
        self.check_node(node)?;
        self.push(TraceEvent::Goal { node })
    }

    /// The trace recorded so far, the builder kept for more events.
    pub fn snapshot(&self) -> Trace {
        Trace::new(
            self.algorithm,
            1.0,
            self.nodes.clone(),
            self.events.clone(),
            self.boards.clone(),
            FxHashMap::default(),
        )
    }

    /// The trace recorded.
    pub fn finish(self) -> Trace {
        Trace::new(
            self.algorithm,
            1.0,
            self.nodes,
            self.events,
            self.boards,
            FxHashMap::default(),
        )
    }
}

/// One line of a trace file, as [`report::TraceLine`](crate::report::TraceLine) writes it:
/// deserialize each line into one and hand them to [`read_trace`].
#[derive(Clone, Debug, Deserialize)]
pub struct TraceEntry {
    event: String,
    board: Option<Vec<String>>,
    bound: Option<u32>,
    fate: Option<Fate>,
    frontier: Option<u32>,
    g: Option<u32>,
    h: Option<u32>,
    node: Option<usize>,
    parent: Option<u32>,
}

/// The trace of `algorithm`'s search of `start` that a trace file's `entries` describe (each
/// with its 1-based line in the file), as the CLI's `solve --trace` and the Python package's
/// `Recorder` write them.
///
/// # Errors
/// [`TraceError`] at the first entry that is not an event of this puzzle's trace, and when
/// there are more events than Watch holds ([`WATCH_EVENT_CAP`]).
pub fn read_trace(
    start: &Puzzle,
    algorithm: Algorithm,
    entries: impl IntoIterator<Item = (usize, TraceEntry)>,
) -> Result<Trace, TraceError> {
    let mut builder = TraceBuilder::new(start, algorithm);
    for (number, line) in entries {
        let at = |message: String| TraceError::Line {
            line: number,
            message,
        };
        let need = |what: Option<u32>, name: &str| {
            what.ok_or_else(|| at(format!("a `{}` event needs `{name}`", line.event)))
        };
        let node = || {
            line.node
                .ok_or_else(|| at(format!("a `{}` event needs `node`", line.event)))
        };
        let board = || -> Result<Vec<Cell>, TraceError> {
            let rows = line
                .board
                .as_ref()
                .ok_or_else(|| at(format!("a `{}` event needs `board`", line.event)))?;
            Puzzle::from_rows(rows, &[])
                .map(|p| p.cells)
                .map_err(|e| at(e.to_string()))
        };
        match line.event.as_str() {
            "root" => {
                let made = builder.root(&board()?, need(line.h, "h")?)?;
                expect_node(node()?, made).map_err(at)?;
            }
            "bound-raised" => builder.bound_raised(need(line.bound, "bound")?)?,
            "expanded" => builder.expanded(node()?, need(line.frontier, "frontier")?)?,
            "generated" => {
                let parent = need(line.parent, "parent")? as usize;
                let fate = line
                    .fate
                    .ok_or_else(|| at("a `generated` event needs `fate`".into()))?;
                let made = builder.generated(
                    parent,
                    &board()?,
                    need(line.g, "g")?,
                    need(line.h, "h")?,
                    fate,
                )?;
                expect_node(node()?, made).map_err(at)?;
            }
            "goal" => builder.goal(node()?)?,
            other => return Err(at(format!("unknown event `{other}`"))),
        }
    }
    Ok(builder.finish())
}

/// Nodes are numbered in the order the events add them.
fn expect_node(written: usize, made: usize) -> Result<(), String> {
    if written == made {
        Ok(())
    } else {
        Err(format!(
            "this event adds node {made}, but the line says node {written}"
        ))
    }
}
