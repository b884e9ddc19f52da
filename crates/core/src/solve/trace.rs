//! A recorded search, for watching it step by step: the events an [`Observer`] heard, the
//! tree of positions they name, and [`Replay`], which walks the events in order and keeps
//! the frontier, the counters and the tree as they were after each step.
//!
//! The frontier is rebuilt from the events with the algorithm's own discipline (first in
//! first out for breadth-first search, last in first out for depth-first search, the
//! priority and tie-breaks of the best-first loop), so the entry the replay says comes next
//! can be checked against the node the algorithm really expanded next.
//!
//! [`Observer`]: crate::solve::observe::Observer

use std::collections::VecDeque;

use serde::Serialize;

use crate::model::Puzzle;
use crate::solve::algorithms::Algorithm;
use crate::solve::observe::Fate;

/// The most events a watched search records by default; a search that would make more is
/// stopped after its last expansion that fits (see [`watch`](crate::solve::api::watch)).
pub const DEFAULT_EVENT_CAP: usize = 20_000;

/// One node of a recorded search tree (a node of the algorithm, or a successor it discarded).
#[derive(Clone, Debug)]
pub struct TraceNode {
    /// The node it was generated from (`None` for a root).
    pub parent: Option<usize>,
    /// The move from the parent, in words (`7 left`, `B down 2`); empty for a root.
    pub label: String,
    /// Cost of the path from its root.
    pub g: u32,
    /// The heuristic's estimate (0 for algorithms that use none).
    pub h: u32,
    /// What became of it when it was generated (`Queued` for a root).
    pub fate: Fate,
    /// Which tree it belongs to: the iteration of IDDFS and IDA* (0 for other algorithms).
    pub tree: u32,
    /// Whether it grows from the goal (the backward half of bidirectional search).
    pub backward: bool,
    /// The position.
    pub position: Puzzle,
}

/// One event of a recorded search, naming nodes by their index in [`Trace::nodes`].
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum TraceEvent {
    /// A search (or an iteration) starts at this root.
    Root {
        /// The root.
        node: usize,
    },
    /// IDDFS or IDA* starts an iteration with this bound.
    BoundRaised {
        /// The bound on depth (IDDFS) or on f = g + h (IDA*).
        bound: u32,
    },
    /// A node is taken from the frontier and expanded.
    Expanded {
        /// The node.
        node: usize,
        /// The frontier's size just before.
        frontier: u64,
    },
    /// A successor is generated.
    Generated {
        /// The successor.
        node: usize,
        /// What became of it.
        fate: Fate,
    },
    /// A node satisfies the goal (where the two searches meet, for bidirectional search).
    Goal {
        /// The node.
        node: usize,
    },
}

/// A recorded search.
#[derive(Clone, Debug)]
pub struct Trace {
    /// The algorithm that ran.
    pub algorithm: Algorithm,
    /// Weighted A*'s weight (1 for every other algorithm).
    pub weight: f64,
    /// Every node the events name.
    pub nodes: Vec<TraceNode>,
    /// The events, in the order the algorithm made them.
    pub events: Vec<TraceEvent>,
    /// Whether the search was stopped because the trace was full (its report's status is
    /// then [`TraceLimit`](crate::solve::Termination::TraceLimit)). The events are still
    /// every step of the run, which simply ended there.
    pub truncated: bool,
}

impl Trace {
    /// The value the algorithm orders its frontier by, for a node with cost `g` and estimate
    /// `h`: g for uniform cost, h for greedy, g + w·h for A* (w = 1), weighted A* and IDA*,
    /// `None` for the algorithms that take no priority (breadth- and depth-first).
    pub fn priority(&self, g: u32, h: u32) -> Option<f64> {
        match self.algorithm {
            Algorithm::Ucs => Some(f64::from(g)),
            Algorithm::Greedy => Some(f64::from(h)),
            Algorithm::Astar | Algorithm::Idastar => Some(f64::from(g + h)),
            Algorithm::Wastar => Some(f64::from(g) + self.weight * f64::from(h)),
            Algorithm::Bfs | Algorithm::Dfs | Algorithm::Iddfs | Algorithm::Bibfs => None,
        }
    }

    /// Whether nodes `a` and `b` have equal priority in a priority frontier, so that only the
    /// tie-break decides between them.
    pub fn tied(&self, a: usize, b: usize) -> bool {
        let (na, nb) = (&self.nodes[a], &self.nodes[b]);
        matches!(
            self.algorithm,
            Algorithm::Ucs | Algorithm::Greedy | Algorithm::Astar | Algorithm::Wastar
        ) && self.priority(na.g, na.h) == self.priority(nb.g, nb.h)
    }

    /// How the frontier of this algorithm orders its entries and breaks ties, in words.
    pub fn discipline(&self) -> &'static str {
        match self.algorithm {
            Algorithm::Bfs => "queue: first in, first out",
            Algorithm::Dfs => "stack: last in, first out",
            Algorithm::Ucs => "priority queue on g; ties first in, first out",
            Algorithm::Greedy => "priority queue on h; ties: deeper first, then first in",
            Algorithm::Astar | Algorithm::Wastar => {
                "priority queue on f; ties: deeper first, then first in"
            }
            Algorithm::Iddfs => "path stack under a depth bound",
            Algorithm::Idastar => "path stack under an f bound; siblings by smaller h first",
            Algorithm::Bibfs => "two queues, one layer at a time, the smaller side first",
        }
    }

    /// The events as JSON lines (one object per event, each node's figures, move and board
    /// written out), for scripts and for showing a search elsewhere.
    pub fn to_json_lines(&self) -> String {
        let mut out = String::new();
        for event in &self.events {
            let mut value = serde_json::to_value(event).unwrap_or_default();
            if let (Some(object), Some(node)) = (value.as_object_mut(), event_node(event)) {
                let n = &self.nodes[node];
                object.insert("parent".into(), serde_json::json!(n.parent));
                object.insert("move".into(), serde_json::json!(n.label));
                object.insert("g".into(), serde_json::json!(n.g));
                object.insert("h".into(), serde_json::json!(n.h));
                if let Some(f) = self.priority(n.g, n.h) {
                    object.insert("f".into(), serde_json::json!(f));
                }
                object.insert("tree".into(), serde_json::json!(n.tree));
                if n.backward {
                    object.insert("backward".into(), serde_json::json!(true));
                }
                if !matches!(event, TraceEvent::Expanded { .. }) {
                    object.insert("board".into(), serde_json::json!(n.position.board_rows()));
                }
            }
            out.push_str(&value.to_string());
            out.push('\n');
        }
        out
    }
}

/// The node an event names, if any.
fn event_node(event: &TraceEvent) -> Option<usize> {
    match *event {
        TraceEvent::Root { node }
        | TraceEvent::Expanded { node, .. }
        | TraceEvent::Generated { node, .. }
        | TraceEvent::Goal { node } => Some(node),
        TraceEvent::BoundRaised { .. } => None,
    }
}

/// The counters a search keeps, as they stood after some number of events.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Nodes expanded.
    pub expanded: u64,
    /// Successors generated.
    pub generated: u64,
    /// Successors discarded because their state was already seen.
    pub duplicates: u64,
    /// Largest frontier seen.
    pub max_frontier: u64,
}

/// A frontier entry's order: the priority, the tie-break, then insertion order.
#[derive(Clone, Copy, Debug)]
struct Entry {
    node: usize,
    key: f64,
    tie: u32,
    seq: u64,
}

/// The state of a watched search after some of its events: replays events one by one.
#[derive(Clone, Debug)]
pub struct Replay<'t> {
    trace: &'t Trace,
    /// Events applied so far.
    step: usize,
    counters: Counters,
    /// The frontier: queue or stack in algorithm order, or priority entries.
    entries: Vec<Entry>,
    /// Bidirectional search: each side's waiting layer, and the layer being expanded.
    sides: [VecDeque<usize>; 2],
    layer: VecDeque<usize>,
    next_layer: Vec<usize>,
    active: Option<usize>,
    /// Depth-first iterations: where the next child of the node just expanded goes.
    mark: usize,
    seq: u64,
    /// The node expanded last, and the current bound of an iterative search.
    current: Option<usize>,
    bound: Option<u32>,
    goal: Option<usize>,
    /// For every node: whether it has been expanded (within its tree).
    expanded: Vec<bool>,
}

impl<'t> Replay<'t> {
    /// The search before its first event.
    pub fn new(trace: &'t Trace) -> Self {
        Replay {
            trace,
            step: 0,
            counters: Counters::default(),
            entries: Vec::new(),
            sides: [VecDeque::new(), VecDeque::new()],
            layer: VecDeque::new(),
            next_layer: Vec::new(),
            active: None,
            mark: 0,
            seq: 0,
            current: None,
            bound: None,
            goal: None,
            expanded: vec![false; trace.nodes.len()],
        }
    }

    /// The search after its first `step` events (at most all of them).
    pub fn at(trace: &'t Trace, step: usize) -> Self {
        let mut replay = Replay::new(trace);
        while replay.step < step.min(trace.events.len()) {
            replay.apply_next();
        }
        replay
    }

    /// Events applied so far.
    pub fn step(&self) -> usize {
        self.step
    }

    /// The counters so far.
    pub fn counters(&self) -> Counters {
        self.counters
    }

    /// The node expanded last.
    pub fn current(&self) -> Option<usize> {
        self.current
    }

    /// The bound of the current iteration (IDDFS, IDA*).
    pub fn bound(&self) -> Option<u32> {
        self.bound
    }

    /// The goal node, once reached.
    pub fn goal(&self) -> Option<usize> {
        self.goal
    }

    /// Whether `node` has been expanded.
    pub fn is_expanded(&self, node: usize) -> bool {
        self.expanded[node]
    }

    /// Applies the next event; returns it (`None` at the end).
    pub fn apply_next(&mut self) -> Option<TraceEvent> {
        let event = *self.trace.events.get(self.step)?;
        self.step += 1;
        match event {
            TraceEvent::BoundRaised { bound } => {
                self.bound = Some(bound);
                self.entries.clear();
                self.current = None;
            }
            TraceEvent::Root { node } => self.push(node, false),
            TraceEvent::Expanded { node, frontier } => {
                self.counters.expanded += 1;
                self.counters.max_frontier = self.counters.max_frontier.max(frontier);
                self.take(node);
                self.expanded[node] = true;
                self.current = Some(node);
            }
            TraceEvent::Generated { node, fate } => {
                self.counters.generated += 1;
                match fate {
                    Fate::Duplicate => self.counters.duplicates += 1,
                    Fate::Queued => self.push(node, false),
                    Fate::Reopened => self.push(node, true),
                    Fate::Pruned | Fate::DeadEnd => {}
                }
            }
            TraceEvent::Goal { node } => self.goal = Some(node),
        }
        Some(event)
    }

    /// Whether the frontier takes the smallest priority first.
    fn prioritised(&self) -> bool {
        matches!(
            self.trace.algorithm,
            Algorithm::Ucs | Algorithm::Greedy | Algorithm::Astar | Algorithm::Wastar
        )
    }

    /// Adds `node` to the frontier; a `reopened` node's older entry is stale (the algorithm
    /// skips it), so it is dropped.
    fn push(&mut self, node: usize, reopened: bool) {
        let n = &self.trace.nodes[node];
        match self.trace.algorithm {
            Algorithm::Bibfs => {
                if self.active.is_none() && n.parent.is_none() {
                    self.sides[usize::from(n.backward)].push_back(node);
                } else {
                    self.next_layer.push(node);
                }
            }
            Algorithm::Iddfs | Algorithm::Idastar => {
                let at = self.mark.min(self.entries.len());
                let entry = self.entry(node);
                self.entries.insert(at, entry);
            }
            _ => {
                if reopened {
                    let same = |e: &Entry| same_node(self.trace, e.node, node);
                    self.entries.retain(|e| !same(e));
                }
                let entry = self.entry(node);
                self.entries.push(entry);
            }
        }
    }

    fn entry(&mut self, node: usize) -> Entry {
        let n = &self.trace.nodes[node];
        self.seq += 1;
        let tie = match self.trace.algorithm {
            Algorithm::Ucs => 0,
            _ => u32::MAX - n.g,
        };
        Entry {
            node,
            key: self.trace.priority(n.g, n.h).unwrap_or(0.0),
            tie,
            seq: self.seq,
        }
    }

    /// Removes `node` from the frontier as the algorithm takes it.
    fn take(&mut self, node: usize) {
        if self.trace.algorithm == Algorithm::Bibfs {
            if self.layer.is_empty() {
                self.start_layer();
            }
            if let Some(i) = self.layer.iter().position(|&n| n == node) {
                self.layer.remove(i);
            }
            return;
        }
        if let Some(i) = self.entries.iter().position(|e| e.node == node) {
            self.entries.remove(i);
            self.mark = self.entries.len();
        }
    }

    /// Bidirectional search finishes a layer and begins the next, on the smaller side.
    fn start_layer(&mut self) {
        if let Some(side) = self.active {
            self.sides[side] = self.next_layer.drain(..).collect();
        }
        let side = usize::from(self.sides[1].len() < self.sides[0].len());
        self.active = Some(side);
        self.layer = std::mem::take(&mut self.sides[side]);
    }

    /// The frontier in the order the algorithm will take it (the first is next).
    pub fn frontier(&self) -> Vec<usize> {
        match self.trace.algorithm {
            Algorithm::Bfs => self.entries.iter().map(|e| e.node).collect(),
            Algorithm::Bibfs => {
                let mut upcoming = self.clone();
                if upcoming.layer.is_empty() {
                    upcoming.start_layer();
                }
                let side = upcoming.active.unwrap_or(0);
                let mut out: Vec<usize> = upcoming.layer.iter().copied().collect();
                out.extend(upcoming.next_layer.iter().copied());
                out.extend(upcoming.sides[1 - side].iter().copied());
                out
            }
            _ if self.prioritised() => {
                let mut entries = self.entries.clone();
                entries.sort_by(|a, b| {
                    a.key
                        .total_cmp(&b.key)
                        .then(a.tie.cmp(&b.tie))
                        .then(a.seq.cmp(&b.seq))
                });
                entries.iter().map(|e| e.node).collect()
            }
            _ => self.entries.iter().rev().map(|e| e.node).collect(),
        }
    }

    /// The node the algorithm's discipline says comes next.
    pub fn next(&self) -> Option<usize> {
        self.frontier().first().copied()
    }
}

/// Whether two tree nodes stand for the same node of the algorithm (a reopened node appears
/// again in the tree): same tree, same position, both queued or reopened.
fn same_node(trace: &Trace, a: usize, b: usize) -> bool {
    let (na, nb) = (&trace.nodes[a], &trace.nodes[b]);
    na.tree == nb.tree && na.backward == nb.backward && na.position.cells == nb.position.cells
}
