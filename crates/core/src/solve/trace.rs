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

use std::borrow::Borrow;
use std::collections::VecDeque;

use rustc_hash::FxHashMap;

use crate::model::{Cell, Dir, Puzzle};
use crate::solve::algorithms::Algorithm;
use crate::solve::observe::Fate;

/// The most events a trace written out records by default (the CLI's `--trace`, whose JSON
/// lines take a few hundred bytes an event); a search that would make more is stopped after
/// its last expansion that fits (see [`watch`](crate::solve::api::watch)).
pub const DEFAULT_EVENT_CAP: usize = 20_000;

/// The most events a search watched in memory records (the app's Watch view).
///
/// It is sized so that every bundled puzzle can be watched to the goal with every algorithm
/// that solves it within a second: the largest such run, iterative deepening on the 24-move
/// 8-puzzle, makes about 8 million events. The trace is stored compactly (see [`Trace`]),
/// about 16 bytes an event, 28 a node and 4 a changed cell: some 40 to 60 bytes an event on
/// the bundled puzzles (see [`Trace::memory_bytes`]), so a full trace takes at most about
/// 600 MB.
pub const WATCH_EVENT_CAP: usize = 10_000_000;

/// One node of a recorded search tree (a node of the algorithm, or a successor it discarded).
///
/// A node does not hold its position: it holds the cells where it differs from its parent
/// (from the puzzle's start, for a root), and [`Trace::position`] rebuilds the board along
/// the path from the root. A trace of millions of nodes then takes a few dozen bytes a node.
#[derive(Clone, Debug)]
pub struct TraceNode {
    /// The node it was generated from (`None` for a root), an index in [`Trace::nodes`].
    pub parent: Option<u32>,
    /// Cost of the path from its root.
    pub g: u32,
    /// The heuristic's estimate (0 for algorithms that use none).
    pub h: u32,
    /// Which tree it belongs to: the iteration of IDDFS and IDA* (0 for other algorithms).
    pub tree: u32,
    /// What became of it when it was generated (`Queued` for a root).
    pub fate: Fate,
    /// Whether it grows from the goal (the backward half of bidirectional search).
    pub backward: bool,
    /// Where its changed cells begin in [`Trace::changes`]; they end where the next node's
    /// begin.
    pub(crate) changes: u32,
}

impl TraceNode {
    /// The parent's index in [`Trace::nodes`], if it has one.
    pub fn parent_index(&self) -> Option<usize> {
        self.parent.map(|p| p as usize)
    }
}

/// One event of a recorded search, naming nodes by their index in [`Trace::nodes`].
#[derive(Clone, Copy, Debug, PartialEq)]
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
        /// The frontier's size just before (32 bits keep an event at 16 bytes; a frontier
        /// larger than that is recorded as `u32::MAX`).
        frontier: u32,
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

impl TraceEvent {
    /// The node the event names (`None` for a new bound).
    pub fn node(&self) -> Option<usize> {
        match *self {
            TraceEvent::Root { node }
            | TraceEvent::Expanded { node, .. }
            | TraceEvent::Generated { node, .. }
            | TraceEvent::Goal { node } => Some(node),
            TraceEvent::BoundRaised { .. } => None,
        }
    }

    /// The event's name as a trace's lines write it: `root`, `bound-raised`, `expanded`,
    /// `generated`, `goal`.
    pub fn name(&self) -> &'static str {
        match self {
            TraceEvent::Root { .. } => "root",
            TraceEvent::BoundRaised { .. } => "bound-raised",
            TraceEvent::Expanded { .. } => "expanded",
            TraceEvent::Generated { .. } => "generated",
            TraceEvent::Goal { .. } => "goal",
        }
    }
}

/// A recorded search.
///
/// Stored compactly, so that a watch of millions of events fits in memory: an event names
/// its node by index, a node holds only its figures and the cells where it differs from its
/// parent, each cell as an index into a small palette of the cells the puzzle uses.
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
    /// The puzzle as it starts: the board every position is rebuilt from, and its pieces'
    /// names and colours.
    pub(crate) start: Puzzle,
    /// Every distinct cell the positions use.
    pub(crate) palette: Vec<Cell>,
    /// The nodes' changed cells: (cell index, palette index).
    pub(crate) changes: Vec<(u16, u16)>,
    /// For a node reopened with a cheaper path: the node it reopens (the algorithm drops the
    /// older frontier entry).
    pub(crate) reopens: FxHashMap<u32, u32>,
}

/// A trace's positions as they are recorded: the start, a palette of cells, and each node's
/// changed cells. [`watch`](crate::solve::api::watch) fills it node by node.
#[derive(Clone, Debug)]
pub(crate) struct Boards {
    pub(crate) start: Puzzle,
    pub(crate) palette: Vec<Cell>,
    pub(crate) changes: Vec<(u16, u16)>,
}

impl Boards {
    /// No nodes yet, on `start`'s board.
    pub(crate) fn new(start: &Puzzle) -> Self {
        Boards {
            start: start.clone(),
            palette: Vec::new(),
            changes: Vec::new(),
        }
    }

    /// Records the cells where `to` differs from `from` (boards of the same size); returns
    /// where they begin in `changes`.
    pub(crate) fn record(&mut self, from: &[Cell], to: &[Cell]) -> u32 {
        let begin = self.changes.len() as u32;
        for (i, (&before, &now)) in from.iter().zip(to).enumerate() {
            if before != now {
                let colour = self
                    .palette
                    .iter()
                    .position(|&c| c == now)
                    .unwrap_or_else(|| {
                        self.palette.push(now);
                        self.palette.len() - 1
                    });
                // Boards have at most 32 x 32 cells, so both indices fit in 16 bits.
                self.changes.push((i as u16, colour as u16));
            }
        }
        begin
    }
}

impl Trace {
    /// A trace of `nodes` and `events` whose positions `boards` holds.
    pub(crate) fn new(
        algorithm: Algorithm,
        weight: f64,
        nodes: Vec<TraceNode>,
        events: Vec<TraceEvent>,
        boards: Boards,
        reopens: FxHashMap<u32, u32>,
    ) -> Self {
        let (mut nodes, mut events, mut changes) = (nodes, events, boards.changes);
        // A trace is kept as long as it is watched: its slack would be a third of it.
        nodes.shrink_to_fit();
        events.shrink_to_fit();
        changes.shrink_to_fit();
        Trace {
            algorithm,
            weight,
            nodes,
            events,
            truncated: false,
            start: boards.start,
            palette: boards.palette,
            changes,
            reopens,
        }
    }

    /// The puzzle watched, at its start.
    pub fn start(&self) -> &Puzzle {
        &self.start
    }

    /// About how many bytes the trace takes (its events, nodes and changed cells).
    pub fn memory_bytes(&self) -> usize {
        self.events.capacity() * size_of::<TraceEvent>()
            + self.nodes.capacity() * size_of::<TraceNode>()
            + self.changes.capacity() * size_of::<(u16, u16)>()
            + self.reopens.capacity() * 2 * size_of::<(u32, u32)>()
    }

    /// The nodes from a root down to `node`, the root first.
    pub fn path(&self, node: usize) -> Vec<usize> {
        let mut path = vec![node];
        let mut at = node;
        while let Some(parent) = self.nodes[at].parent_index() {
            path.push(parent);
            at = parent;
        }
        path.reverse();
        path
    }

    /// Applies `node`'s own changes (from its parent's cells to its own) to `cells`.
    pub fn apply_changes(&self, node: usize, cells: &mut [Cell]) {
        let begin = self.nodes[node].changes as usize;
        let end = self
            .nodes
            .get(node + 1)
            .map_or(self.changes.len(), |n| n.changes as usize);
        for &(cell, colour) in &self.changes[begin..end] {
            cells[usize::from(cell)] = self.palette[usize::from(colour)];
        }
    }

    /// The cells of `node`'s position, row-major.
    pub fn cells(&self, node: usize) -> Vec<Cell> {
        let mut cells = self.start.cells.clone();
        for n in self.path(node) {
            self.apply_changes(n, &mut cells);
        }
        cells
    }

    /// `node`'s position: the puzzle with its board as the node has it.
    pub fn position(&self, node: usize) -> Puzzle {
        Puzzle {
            cells: self.cells(node),
            ..self.start.clone()
        }
    }

    /// The move from `node`'s parent to `node`, in words (`7 left`, `B down 2`); empty for a
    /// root.
    pub fn label(&self, node: usize) -> String {
        let Some(parent) = self.nodes[node].parent_index() else {
            return String::new();
        };
        let before = self.cells(parent);
        let mut after = before.clone();
        self.apply_changes(node, &mut after);
        self.move_words(&before, &after)
    }

    /// The move from the board `from` to the board `to` in words, as [`label`](Self::label)
    /// says it: for a caller that holds both boards already.
    pub fn move_words(&self, from: &[Cell], to: &[Cell]) -> String {
        move_label(from, to, self.start.cols)
    }

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
}

/// The move from the board `from` to the board `to` (`cols` columns) in words: the piece
/// whose cells changed and how far it went (`7 left`, `B down 2`, `A up 1, right 2`).
fn move_label(from: &[Cell], to: &[Cell], cols: usize) -> String {
    let Some(token) = to.iter().zip(from).find_map(|(now, before)| match now {
        Cell::Piece(t) if now != before => Some(*t),
        _ => None,
    }) else {
        return String::new();
    };
    let first = |cells: &[Cell]| cells.iter().position(|c| *c == Cell::Piece(token));
    let (Some(a), Some(b)) = (first(from), first(to)) else {
        return token.to_string();
    };
    let cols = cols.max(1) as i64;
    let (dr, dc) = (
        (b as i64 / cols) - (a as i64 / cols),
        (b as i64 % cols) - (a as i64 % cols),
    );
    let mut parts = Vec::new();
    for (delta, minus, plus) in [(dr, Dir::Up, Dir::Down), (dc, Dir::Left, Dir::Right)] {
        let dir = if delta < 0 { minus } else { plus };
        match delta.abs() {
            0 => {}
            1 => parts.push(dir.word().to_string()),
            n => parts.push(format!("{} {n}", dir.word())),
        }
    }
    format!("{token} {}", parts.join(", "))
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

/// The frontier as the algorithm keeps it, so that replaying an expansion costs what the
/// algorithm's own step costs (a watched search may have millions of them).
#[derive(Clone, Debug)]
enum Frontier {
    /// Breadth-first search: first in, first out.
    Queue(VecDeque<usize>),
    /// Depth-first search (the top last) and the iterative searches, whose path stack takes
    /// the children of the node just expanded where that node was.
    Stack(Vec<usize>),
    /// The best-first searches: every entry ever pushed, and whether each node is still
    /// waiting (an entry taken or made stale by a reopening is no longer).
    Priority {
        entries: Vec<Entry>,
        waiting: Vec<bool>,
    },
    /// Bidirectional search: each side's waiting layer, the side being expanded, its layer,
    /// and the layer it is growing.
    Layers {
        sides: [VecDeque<usize>; 2],
        active: Option<usize>,
        layer: VecDeque<usize>,
        next_layer: Vec<usize>,
    },
}

impl Frontier {
    fn for_algorithm(algorithm: Algorithm, nodes: usize) -> Self {
        match algorithm {
            Algorithm::Bfs => Frontier::Queue(VecDeque::new()),
            Algorithm::Dfs | Algorithm::Iddfs | Algorithm::Idastar => Frontier::Stack(Vec::new()),
            Algorithm::Ucs | Algorithm::Greedy | Algorithm::Astar | Algorithm::Wastar => {
                Frontier::Priority {
                    entries: Vec::new(),
                    waiting: vec![false; nodes],
                }
            }
            Algorithm::Bibfs => Frontier::Layers {
                sides: [VecDeque::new(), VecDeque::new()],
                active: None,
                layer: VecDeque::new(),
                next_layer: Vec::new(),
            },
        }
    }
}

/// Bidirectional search finishes a layer and begins the next, on the smaller side.
fn start_layer(
    sides: &mut [VecDeque<usize>; 2],
    active: &mut Option<usize>,
    layer: &mut VecDeque<usize>,
    next_layer: &mut Vec<usize>,
) {
    if let Some(side) = *active {
        sides[side] = next_layer.drain(..).collect();
    }
    let side = usize::from(sides[1].len() < sides[0].len());
    *active = Some(side);
    *layer = std::mem::take(&mut sides[side]);
}

/// The state of a watched search after some of its events: replays events one by one.
///
/// It borrows its trace (`Replay<&Trace>`) or shares it (`Replay<Arc<Trace>>`, for a view
/// that keeps the replay between frames and moves it forward step by step).
#[derive(Clone, Debug)]
pub struct Replay<T: Borrow<Trace>> {
    trace: T,
    /// Events applied so far.
    step: usize,
    counters: Counters,
    frontier: Frontier,
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

impl<T: Borrow<Trace>> Replay<T> {
    /// The search before its first event.
    pub fn new(trace: T) -> Self {
        let t = trace.borrow();
        let (frontier, nodes) = (
            Frontier::for_algorithm(t.algorithm, t.nodes.len()),
            t.nodes.len(),
        );
        Replay {
            trace,
            step: 0,
            counters: Counters::default(),
            frontier,
            mark: 0,
            seq: 0,
            current: None,
            bound: None,
            goal: None,
            expanded: vec![false; nodes],
        }
    }

    /// The search after its first `step` events (at most all of them).
    pub fn at(trace: T, step: usize) -> Self {
        let mut replay = Replay::new(trace);
        replay.advance_to(step);
        replay
    }

    /// Applies events until `step` of them are applied (at most all of them); a replay
    /// already past `step` stays where it is.
    pub fn advance_to(&mut self, step: usize) {
        let end = step.min(self.trace.borrow().events.len());
        while self.step < end {
            self.apply_next();
        }
    }

    /// The trace replayed.
    pub fn trace(&self) -> &Trace {
        self.trace.borrow()
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
        let event = *self.trace.borrow().events.get(self.step)?;
        self.step += 1;
        match event {
            TraceEvent::BoundRaised { bound } => {
                self.bound = Some(bound);
                if let Frontier::Stack(stack) = &mut self.frontier {
                    stack.clear();
                }
                self.current = None;
            }
            TraceEvent::Root { node } => self.push(node),
            TraceEvent::Expanded { node, frontier } => {
                self.counters.expanded += 1;
                self.counters.max_frontier = self.counters.max_frontier.max(u64::from(frontier));
                self.take(node);
                self.expanded[node] = true;
                self.current = Some(node);
            }
            TraceEvent::Generated { node, fate } => {
                self.counters.generated += 1;
                match fate {
                    Fate::Duplicate => self.counters.duplicates += 1,
                    Fate::Queued => self.push(node),
                    Fate::Reopened => {
                        // The older entry of the reopened node is stale (the algorithm skips
                        // it), so it is dropped.
                        if let Some(&old) = self.trace.borrow().reopens.get(&(node as u32)) {
                            self.remove(old as usize);
                        }
                        self.push(node);
                    }
                    Fate::Pruned | Fate::DeadEnd => {}
                }
            }
            TraceEvent::Goal { node } => self.goal = Some(node),
        }
        Some(event)
    }

    /// Adds `node` to the frontier.
    fn push(&mut self, node: usize) {
        let trace = self.trace.borrow();
        let n = &trace.nodes[node];
        let iterative = matches!(trace.algorithm, Algorithm::Iddfs | Algorithm::Idastar);
        let (key, tie) = (
            trace.priority(n.g, n.h).unwrap_or(0.0),
            match trace.algorithm {
                Algorithm::Ucs => 0,
                _ => u32::MAX - n.g,
            },
        );
        let root = n.parent.is_none();
        let backward = n.backward;
        match &mut self.frontier {
            Frontier::Queue(queue) => queue.push_back(node),
            Frontier::Stack(stack) if iterative => stack.insert(self.mark.min(stack.len()), node),
            Frontier::Stack(stack) => stack.push(node),
            Frontier::Priority { entries, waiting } => {
                self.seq += 1;
                entries.push(Entry {
                    node,
                    key,
                    tie,
                    seq: self.seq,
                });
                waiting[node] = true;
            }
            Frontier::Layers {
                sides,
                active,
                next_layer,
                ..
            } => {
                if active.is_none() && root {
                    sides[usize::from(backward)].push_back(node);
                } else {
                    next_layer.push(node);
                }
            }
        }
    }

    /// Removes `node` from the frontier as the algorithm takes it.
    fn take(&mut self, node: usize) {
        match &mut self.frontier {
            Frontier::Queue(queue) => {
                if queue.front() == Some(&node) {
                    queue.pop_front();
                } else {
                    self.remove(node);
                }
            }
            Frontier::Stack(stack) => {
                if let Some(i) = stack.iter().rposition(|&n| n == node) {
                    stack.remove(i);
                    self.mark = stack.len();
                }
            }
            Frontier::Priority { waiting, .. } => waiting[node] = false,
            Frontier::Layers {
                sides,
                active,
                layer,
                next_layer,
            } => {
                if layer.is_empty() {
                    start_layer(sides, active, layer, next_layer);
                }
                if let Some(i) = layer.iter().position(|&n| n == node) {
                    layer.remove(i);
                }
            }
        }
    }

    /// Drops `node` from the frontier wherever it waits.
    fn remove(&mut self, node: usize) {
        match &mut self.frontier {
            Frontier::Queue(queue) => queue.retain(|&n| n != node),
            Frontier::Stack(stack) => stack.retain(|&n| n != node),
            Frontier::Priority { waiting, .. } => waiting[node] = false,
            Frontier::Layers {
                sides,
                layer,
                next_layer,
                ..
            } => {
                for side in sides {
                    side.retain(|&n| n != node);
                }
                layer.retain(|&n| n != node);
                next_layer.retain(|&n| n != node);
            }
        }
    }

    /// The frontier in the order the algorithm will take it (the first is next).
    pub fn frontier(&self) -> Vec<usize> {
        match &self.frontier {
            Frontier::Queue(queue) => queue.iter().copied().collect(),
            Frontier::Stack(stack) => stack.iter().rev().copied().collect(),
            Frontier::Priority { entries, waiting } => {
                let mut live: Vec<Entry> = entries
                    .iter()
                    .filter(|e| waiting[e.node])
                    .copied()
                    .collect();
                live.sort_by(|a, b| {
                    a.key
                        .total_cmp(&b.key)
                        .then(a.tie.cmp(&b.tie))
                        .then(a.seq.cmp(&b.seq))
                });
                live.iter().map(|e| e.node).collect()
            }
            Frontier::Layers {
                sides,
                active,
                layer,
                next_layer,
            } => {
                let (mut sides, mut active, mut layer, mut next_layer) =
                    (sides.clone(), *active, layer.clone(), next_layer.clone());
                if layer.is_empty() {
                    start_layer(&mut sides, &mut active, &mut layer, &mut next_layer);
                }
                let side = active.unwrap_or(0);
                let mut out: Vec<usize> = layer.into_iter().collect();
                out.extend(next_layer);
                out.extend(sides[1 - side].iter().copied());
                out
            }
        }
    }

    /// The node the algorithm's discipline says comes next.
    pub fn next(&self) -> Option<usize> {
        match &self.frontier {
            Frontier::Queue(queue) => queue.front().copied(),
            Frontier::Stack(stack) => stack.last().copied(),
            _ => self.frontier().first().copied(),
        }
    }
}
