//! The pieces every graph-search algorithm shares: the node arena with parent links (for
//! path reconstruction), the visited map, memory accounting, and the [`Meter`] that counts
//! statistics and talks to [`SearchControl`].
//!
//! Keeping these in one place is what lets each algorithm file contain only its own loop.

use std::hash::{BuildHasher, Hash};

use hashbrown::hash_table::{Entry, HashTable};
use rustc_hash::FxBuildHasher;

use crate::solve::core::{CHECK_EVERY, Domain, SearchControl, SearchOutcome, Stats, Termination};

/// Marks the root's parent link.
pub(crate) const NO_PARENT: u32 = u32::MAX;

/// One node of a search tree: a state, how it was reached, and its depth (path cost).
pub(crate) struct Node<S, M> {
    /// The state.
    pub state: S,
    /// Index of the parent node, or [`NO_PARENT`] for the root.
    pub parent: u32,
    /// The move from the parent (`None` for the root).
    pub mv: Option<M>,
    /// Cost of the best known path from the root (every move costs 1).
    pub g: u32,
}

/// What [`SearchTree::insert`] found.
pub(crate) enum Insert {
    /// The state was new; it is stored under this index.
    New(u32),
    /// The state was already stored under this index.
    Seen(u32),
}

/// The search tree of a graph search: every stored node, and an index from state to node, so
/// each distinct state is stored once (the "visited" or "closed plus open" set).
///
/// The index is a table of node numbers hashed by their nodes' states, so a state is kept only
/// in the node arena: a stored state costs its own bytes plus a few for the parent link and
/// the table slot.
pub(crate) struct SearchTree<S, M> {
    nodes: Vec<Node<S, M>>,
    index: HashTable<u32>,
    bytes_per_node: u64,
}

/// Bytes one table slot costs: the `u32`, one control byte, and the 1/8 of slots a `SwissTable`
/// keeps empty at full load.
pub(crate) const SLOT_BYTES: u64 = (size_of::<u32>() as u64 * 8).div_ceil(7) + 1;

/// The hash of a state (the same everywhere in the core).
#[inline]
pub(crate) fn hash_of<S: Hash>(state: &S) -> u64 {
    FxBuildHasher.hash_one(state)
}

/// Looks `state` up in `index`, a table of positions in `items` hashed by `key(item)`.
/// Returns `Ok(position)` when it is there, else records it at position `items.len()` (the
/// caller then pushes the item) and returns `Err(items.len())`.
#[inline]
pub(crate) fn intern<T, S: Hash + Eq>(
    index: &mut HashTable<u32>,
    items: &[T],
    key: impl Fn(&T) -> &S,
    state: &S,
) -> Result<u32, u32> {
    let next = items.len() as u32;
    match index.entry(
        hash_of(state),
        |&i| key(&items[i as usize]) == state,
        |&i| hash_of(key(&items[i as usize])),
    ) {
        Entry::Occupied(e) => Ok(*e.get()),
        Entry::Vacant(e) => {
            e.insert(next);
            Err(next)
        }
    }
}

/// The position of `state` in `items` through `index` (see [`intern`]), if present.
pub(crate) fn lookup<T, S: Hash + Eq>(
    index: &HashTable<u32>,
    items: &[T],
    key: impl Fn(&T) -> &S,
    state: &S,
) -> Option<u32> {
    index
        .find(hash_of(state), |&i| key(&items[i as usize]) == state)
        .copied()
}

impl<S: Clone + Eq + Hash, M: Copy> SearchTree<S, M> {
    /// An empty tree for `domain`'s states.
    pub fn new<D: Domain<State = S, Move = M>>(domain: &D) -> Self {
        let state_bytes = domain.state_bytes().max(size_of::<S>());
        let node_extra = size_of::<Node<S, M>>() - size_of::<S>();
        SearchTree {
            nodes: Vec::new(),
            index: HashTable::new(),
            bytes_per_node: (state_bytes + node_extra) as u64 + SLOT_BYTES,
        }
    }

    /// Stores the root.
    pub fn root(&mut self, state: S) -> u32 {
        match self.insert(state, NO_PARENT, None, 0) {
            Insert::New(id) | Insert::Seen(id) => id,
        }
    }

    /// Stores `state` reached from `parent` by `mv` at cost `g`, unless it is already stored.
    pub fn insert(&mut self, state: S, parent: u32, mv: Option<M>, g: u32) -> Insert {
        match intern(&mut self.index, &self.nodes, |n| &n.state, &state) {
            Ok(id) => Insert::Seen(id),
            Err(id) => {
                self.nodes.push(Node {
                    state,
                    parent,
                    mv,
                    g,
                });
                Insert::New(id)
            }
        }
    }

    /// The node stored under `id`.
    pub fn node(&self, id: u32) -> &Node<S, M> {
        &self.nodes[id as usize]
    }

    /// The index of `state`, if stored.
    pub fn find(&self, state: &S) -> Option<u32> {
        lookup(&self.index, &self.nodes, |n| &n.state, state)
    }

    /// Records a cheaper path to node `id`: through `parent` by `mv`, at cost `g`.
    pub(crate) fn reparent(&mut self, id: u32, parent: u32, mv: M, g: u32) {
        let node = &mut self.nodes[id as usize];
        node.parent = parent;
        node.mv = Some(mv);
        node.g = g;
    }

    /// The moves from the root to node `id`, by following parent links.
    pub fn path(&self, id: u32) -> Vec<M> {
        let mut moves = Vec::new();
        let mut at = id;
        while let Some(mv) = self.nodes[at as usize].mv {
            moves.push(mv);
            at = self.nodes[at as usize].parent;
        }
        moves.reverse();
        moves
    }

    /// The states from the root to node `id`, root first.
    pub(crate) fn states_to(&self, id: u32) -> Vec<S> {
        let mut states = Vec::new();
        let mut at = id;
        loop {
            let node = &self.nodes[at as usize];
            states.push(node.state.clone());
            if node.parent == NO_PARENT {
                break;
            }
            at = node.parent;
        }
        states.reverse();
        states
    }

    /// Distinct states stored.
    pub fn len(&self) -> u64 {
        self.nodes.len() as u64
    }

    /// Estimated bytes of the arena and the visited map.
    pub(crate) fn memory_bytes(&self) -> u64 {
        self.len() * self.bytes_per_node
    }
}

/// Counts statistics for one search, checks limits and cancellation, and reports progress.
///
/// Call [`Meter::tick`] once before each expansion: it checks the node and memory limits
/// every time (cheap arithmetic) and calls [`SearchControl::checkpoint`] (time limit, cancel
/// flag, progress) every [`CHECK_EVERY`] expansions.
pub(crate) struct Meter<'c> {
    control: &'c mut SearchControl,
    /// The statistics so far.
    pub stats: Stats,
    countdown: u64,
}

impl<'c> Meter<'c> {
    /// Starts the clock of `control` and begins counting.
    pub fn start(control: &'c mut SearchControl) -> Self {
        control.start_clock();
        Self::resume(control)
    }

    /// Begins counting afresh on `control`'s running clock: a later phase of one task (the
    /// walk back from the goals of a distance map) stays within the time the task was given.
    pub(crate) fn resume(control: &'c mut SearchControl) -> Self {
        Meter {
            control,
            stats: Stats::default(),
            countdown: 0,
        }
    }

    /// Updates the frontier and storage figures, and checks whether the search must stop
    /// before its next expansion.
    ///
    /// The peaks are kept on every call; the current frontier and storage are written when
    /// they are reported (every [`CHECK_EVERY`] calls, on a limit, and by [`Meter::finish`]),
    /// so the common call is two maxima and one branch.
    #[inline]
    pub fn tick(&mut self, frontier: u64, stored: u64, memory_bytes: u64) -> Option<Termination> {
        let stats = &mut self.stats;
        stats.max_frontier = stats.max_frontier.max(frontier);
        stats.peak_memory_bytes = stats.peak_memory_bytes.max(memory_bytes);
        self.countdown = self.countdown.wrapping_sub(1);
        let due = self.countdown == u64::MAX
            || stats.expanded >= self.control.limits.max_nodes
            || memory_bytes > self.control.limits.max_memory_bytes;
        if due {
            return self.report(frontier, stored, memory_bytes);
        }
        None
    }

    /// [`Meter::tick`] for a batch of expansions already counted in `stats`: always checks
    /// the clock, the cancel flag and the limits, and reports progress when due. The frontier
    /// is reported as the current one but left out of `max_frontier`: a batch ends at a point
    /// that depends on how the work was cut among threads, and the walk keeps the maximum at
    /// its fixed points instead.
    pub(crate) fn check_between(
        &mut self,
        frontier: u64,
        stored: u64,
        memory_bytes: u64,
    ) -> Option<Termination> {
        self.stats.peak_memory_bytes = self.stats.peak_memory_bytes.max(memory_bytes);
        self.countdown = u64::MAX;
        self.report(frontier, stored, memory_bytes)
    }

    /// Expansions left before the node limit.
    pub(crate) fn nodes_left(&self) -> u64 {
        self.control
            .limits
            .max_nodes
            .saturating_sub(self.stats.expanded)
    }

    /// Threads the search may use (at least 1).
    pub fn threads(&self) -> usize {
        self.control.threads()
    }

    /// The memory limit of the search, for checks made before memory is taken.
    pub(crate) fn memory_limit(&self) -> u64 {
        self.control.limits.max_memory_bytes
    }

    /// The rare part of [`Meter::tick`]: records the current figures, checks the limits and,
    /// every [`CHECK_EVERY`] calls, the clock, the cancel flag and progress.
    #[cold]
    fn report(&mut self, frontier: u64, stored: u64, memory_bytes: u64) -> Option<Termination> {
        let stats = &mut self.stats;
        stats.frontier = frontier;
        stats.stored = stored;
        if stats.expanded >= self.control.limits.max_nodes {
            return Some(Termination::NodeLimit);
        }
        if memory_bytes > self.control.limits.max_memory_bytes {
            return Some(Termination::MemoryLimit);
        }
        if self.countdown == u64::MAX {
            self.countdown = CHECK_EVERY;
            return self.control.checkpoint(stats, memory_bytes);
        }
        None
    }

    /// Ends the search: records the final frontier and storage, sends the final progress
    /// report, and builds the outcome. `optimal` is cleared unless the search solved.
    pub fn finish<M>(
        self,
        termination: Termination,
        path: Option<Vec<M>>,
        optimal: bool,
        frontier: u64,
        stored: u64,
        memory_bytes: u64,
    ) -> SearchOutcome<M> {
        let mut stats = self.stats;
        stats.frontier = frontier;
        stats.max_frontier = stats.max_frontier.max(frontier);
        stats.stored = stored;
        stats.peak_memory_bytes = stats.peak_memory_bytes.max(memory_bytes);
        if let Some(p) = &path {
            stats.depth = p.len() as u32;
        }
        self.control.finish(&mut stats);
        let solved = termination == Termination::Solved;
        SearchOutcome {
            termination,
            path: if solved { path } else { None },
            stats,
            optimal: optimal && solved,
        }
    }
}

/// Finds a move from `from` to `to` (a neighbour), for rebuilding paths found from the goal
/// side: moves are reversible, so the backward search's parent links name states, not moves.
pub(crate) fn move_between<D: Domain>(
    domain: &D,
    from: &D::State,
    to: &D::State,
    buf: &mut Vec<D::Move>,
) -> Option<D::Move> {
    buf.clear();
    domain.moves(from, buf);
    buf.iter()
        .copied()
        .find(|&mv| domain.apply(from, mv) == *to)
}
