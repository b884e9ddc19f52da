//! Traces made outside the engine's searches: a search written elsewhere (a student's, in the
//! Python package) recorded event by event with [`TraceBuilder`], and a trace file read back
//! with [`read_trace`], so the app's Watch view can play either as it plays its own.
//!
//! A trace file is the one the CLI's `solve --trace` writes: one JSON object a line, as
//! [`report::trace_file`](crate::report::trace_file) makes them, the first naming the puzzle,
//! the algorithm, its heuristic and metric, so [`read_trace_file`] needs nothing but the file
//! ([`read_trace`] is given the puzzle and the algorithm, and skips that line). The core reads
//! no JSON text itself: a front end parses each line into a [`TraceEntry`] (it is
//! `Deserialize`) and hands the entries over.
//!
//! [`first_difference`] finds where a search recorded elsewhere first parts from the engine's
//! own run of the same algorithm: the step whose expanded position, or whose positions put
//! on the frontier, differ.

use rustc_hash::FxHashMap;
use serde::Deserialize;

use crate::model::file::parse;
use crate::model::{Cell, Metric, Puzzle};
use crate::report::TRACE_FORMAT_VERSION;
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
    /// A line that is not JSON.
    #[error("line {line}, column {column}: {message}")]
    Json {
        /// The 1-based line.
        line: usize,
        /// The 1-based column in that line.
        column: usize,
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

    /// The same builder, holding at most `cap` events (fewer than Watch holds: a file read
    /// for a purpose of its own).
    #[must_use]
    pub fn with_cap(mut self, cap: usize) -> TraceBuilder {
        self.cap = cap;
        self
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
    algorithm: Option<String>,
    heuristic: Option<String>,
    metric: Option<String>,
    puzzle: Option<String>,
    version: Option<u32>,
}

/// A trace file's lines (blank ones skipped), each parsed, with its 1-based line: what
/// [`read_trace`] and [`read_trace_file`] take.
///
/// # Errors
/// [`TraceError::Json`] at the first line that is not JSON, with the file's line and column
/// (not those of the line alone).
pub fn trace_entries(text: &str) -> Result<Vec<(usize, TraceEntry)>, TraceError> {
    let mut entries = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let entry = serde_json::from_str(line).map_err(|e| {
            let message = e.to_string();
            TraceError::Json {
                line: i + 1,
                column: e.column(),
                message: message
                    .rsplit_once(" at line ")
                    .map_or(&*message, |(what, _)| what)
                    .to_string(),
            }
        })?;
        entries.push((i + 1, entry));
    }
    Ok(entries)
}

/// The trace of `algorithm`'s search of `start` that a trace file's `entries` describe (each
/// with its 1-based line in the file), as the CLI's `solve --trace` and the Python package's
/// `Recorder` write them. The file's first line, saying what was searched, is skipped: the
/// caller says it.
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
        if line.event != "search" {
            read_event(&mut builder, number, &line)?;
        }
    }
    Ok(builder.finish())
}

/// A search read from a trace file: what was searched, as its first line says, and the trace.
#[derive(Clone, Debug)]
pub struct RecordedSearch {
    /// The puzzle searched, at its start.
    pub puzzle: Puzzle,
    /// The algorithm the search implements.
    pub algorithm: Algorithm,
    /// Its heuristic by name, for an algorithm that uses one (`None`: the file names none).
    pub heuristic: Option<String>,
    /// The metric its costs are counted in.
    pub metric: Metric,
    /// Every event.
    pub trace: Trace,
}

/// The search a whole trace file's `entries` describe (each with its 1-based line in the
/// file): its first line names the puzzle, the algorithm, its heuristic and metric (see
/// [`report::TraceHeader`](crate::report::TraceHeader)), the others are its events. At most
/// `cap` events are read ([`WATCH_EVENT_CAP`] for the app's Watch view).
///
/// # Errors
/// [`TraceError::Line`] when the file is empty, does not start with that line, names a later
/// version of the format, an unknown algorithm or metric, or a puzzle that does not read (with
/// the puzzle's own line and column); then as [`read_trace`], and [`TraceError::TooLong`]
/// beyond `cap` events.
pub fn read_trace_file(
    entries: impl IntoIterator<Item = (usize, TraceEntry)>,
    cap: usize,
) -> Result<RecordedSearch, TraceError> {
    let mut entries = entries.into_iter();
    let Some((number, first)) = entries.next() else {
        return Err(TraceError::Line {
            line: 1,
            message: "the file is empty: a trace file starts with a `search` line".into(),
        });
    };
    let at = |message: String| TraceError::Line {
        line: number,
        message,
    };
    if first.event != "search" {
        return Err(at(format!(
            "a trace file starts with a `search` line naming the puzzle and the algorithm, \
             not a `{}` event (write the trace again with `blockslide solve --trace` or \
             `blockslide.Recorder`)",
            first.event
        )));
    }
    let need = |what: &Option<String>, name: &str| {
        what.clone()
            .ok_or_else(|| at(format!("the `search` line needs `{name}`")))
    };
    let version = first
        .version
        .ok_or_else(|| at("the `search` line needs `version`".into()))?;
    if version > TRACE_FORMAT_VERSION {
        return Err(at(format!(
            "the file is of version {version} of the trace format; this Blockslide reads \
             version {TRACE_FORMAT_VERSION} and older"
        )));
    }
    let algorithm: Algorithm = need(&first.algorithm, "algorithm")?.parse().map_err(at)?;
    let metric_name = need(&first.metric, "metric")?;
    let metric = Metric::ALL
        .into_iter()
        .find(|m| m.name() == metric_name)
        .ok_or_else(|| {
            at(format!(
                "unknown metric `{metric_name}`; choose one of step, slide, move"
            ))
        })?;
    let puzzle = parse(&need(&first.puzzle, "puzzle")?)
        .map_err(|e| at(format!("the puzzle it names does not read: {e}")))?;
    let mut builder = TraceBuilder::new(&puzzle, algorithm).with_cap(cap);
    for (number, line) in entries {
        read_event(&mut builder, number, &line)?;
    }
    Ok(RecordedSearch {
        heuristic: first.heuristic.filter(|_| algorithm.uses_heuristic()),
        puzzle,
        algorithm,
        metric,
        trace: builder.finish(),
    })
}

/// Adds the event of `line`, the file's line `number`, to `builder`.
fn read_event(
    builder: &mut TraceBuilder,
    number: usize,
    line: &TraceEntry,
) -> Result<(), TraceError> {
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
        "search" => return Err(at("a trace file has one `search` line, its first".into())),
        other => return Err(at(format!("unknown event `{other}`"))),
    }
    Ok(())
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

/// Where a search recorded elsewhere (a student's) first parts from the engine's own run of
/// the same algorithm on the same puzzle (see [`first_difference`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceDifference {
    /// The step (expansions made, counted from 1) at which the two first differ.
    pub step: usize,
    /// The node that differs in each trace, the recorded search's then the engine's: the
    /// node expanded at that step, or the successor put on the frontier that differs (the
    /// node expanded, for the search that put nothing there).
    pub nodes: [usize; 2],
    /// What differs, in words.
    pub words: String,
}

/// One step of a trace: the node expanded, then the successors its expansion put on the
/// frontier, in order.
struct Step {
    expanded: usize,
    queued: Vec<usize>,
    /// Whether the search stopped at a goal it generated in this step, its last: what it
    /// would have put on the frontier after the goal is not known.
    cut: bool,
}

/// `trace`'s steps, in order.
fn steps(trace: &Trace) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    for event in &trace.events {
        match *event {
            TraceEvent::Expanded { node, .. } => steps.push(Step {
                expanded: node,
                queued: Vec::new(),
                cut: false,
            }),
            TraceEvent::Goal { .. } => {
                if let Some(step) = steps.last_mut() {
                    step.cut = true;
                }
            }
            TraceEvent::Generated {
                node,
                fate: Fate::Queued | Fate::Reopened,
            } => {
                if let Some(step) = steps.last_mut() {
                    step.queued.push(node);
                }
            }
            _ => {}
        }
    }
    steps
}

/// `node` of `trace` in words: the move that made it and the board it leads to.
fn node_words(trace: &Trace, node: usize) -> String {
    let board = trace.position(node).board_rows().join(" / ");
    match trace.label(node) {
        label if label.is_empty() => format!("the start ({board})"),
        label => format!("{label} (giving {board})"),
    }
}

/// The first step at which `theirs`, a search recorded elsewhere, and `ours`, the engine's
/// run of the same algorithm on the same puzzle, differ: the position expanded, or the
/// positions put on the frontier (in order: with the same discipline, the frontiers are the
/// same as long as these are). Only the steps both made are compared: `None` when they agree
/// on every one (one of them may go on further, say expanding on after the other stopped at
/// the goal it generated).
pub fn first_difference(theirs: &Trace, ours: &Trace) -> Option<TraceDifference> {
    let (a, b) = (steps(theirs), steps(ours));
    for (k, (x, y)) in a.iter().zip(&b).enumerate() {
        let step = k + 1;
        if theirs.cells(x.expanded) != ours.cells(y.expanded) {
            return Some(TraceDifference {
                step,
                nodes: [x.expanded, y.expanded],
                words: format!(
                    "Step {step}: your search expanded {}; Blockslide's expanded {}.",
                    node_words(theirs, x.expanded),
                    node_words(ours, y.expanded)
                ),
            });
        }
        for i in 0..x.queued.len().max(y.queued.len()) {
            let (p, q) = (x.queued.get(i).copied(), y.queued.get(i).copied());
            let words = match (p, q) {
                (Some(p), Some(q)) if theirs.cells(p) == ours.cells(q) => continue,
                // One search stopped at the goal mid-expansion: the rest is not a difference.
                (Some(_), None) if y.cut => continue,
                (None, Some(_)) if x.cut => continue,
                (Some(p), Some(q)) => format!(
                    "Step {step}: expanding the same position, your search put {} on the \
                     frontier as successor {} where Blockslide's put {}.",
                    node_words(theirs, p),
                    i + 1,
                    node_words(ours, q)
                ),
                (Some(p), None) => format!(
                    "Step {step}: your search put {} on the frontier; Blockslide's put only {} \
                     successor{} there.",
                    node_words(theirs, p),
                    y.queued.len(),
                    if y.queued.len() == 1 { "" } else { "s" }
                ),
                (None, Some(q)) => format!(
                    "Step {step}: Blockslide's search put {} on the frontier; yours put only {} \
                     successor{} there.",
                    node_words(ours, q),
                    x.queued.len(),
                    if x.queued.len() == 1 { "" } else { "s" }
                ),
                (None, None) => continue,
            };
            return Some(TraceDifference {
                step,
                nodes: [p.unwrap_or(x.expanded), q.unwrap_or(y.expanded)],
                words,
            });
        }
    }
    None
}
