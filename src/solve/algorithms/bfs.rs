//! Breadth-first search, and two whole-space tools built on the same layered walk:
//! [`explore`] (size of the reachable space, states per depth) and [`distance_map`] (true
//! distance to the goal of every reachable state, which the heuristic tests check against).
//!
//! [`bfs`] is a graph search: a state is stored the first time it is generated and later
//! copies are discarded as duplicates. The goal test is made when a node is taken from the
//! queue, as in the seed notebooks, so `expanded` counts what the notebooks call "states
//! explored" (the goal node included). On the 2x3 notebook instance (`5 4 2 / 1 3 0`) the
//! notebook explored 53 states, and so does this BFS on the tile domain; on other domains the
//! count can differ by the order in which moves are listed, which decides how many states of
//! the goal's layer are taken before the goal.

use std::collections::VecDeque;
use std::hash::Hash;

use hashbrown::hash_table::HashTable;
use rustc_hash::FxHashMap;
use serde::Serialize;

use super::common::{Insert, Meter, SLOT_BYTES, SearchTree, hash_of, intern, lookup};
use crate::solve::core::{CHECK_EVERY, Domain, SearchControl, SearchOutcome, Stats, Termination};

/// Breadth-first search from `domain`'s start.
///
/// - `domain` is the puzzle: its start, goal test, moves and state encoding.
/// - `control` carries the limits, the cancel flag and the progress sink; it is checked at
///   least every [`CHECK_EVERY`] expansions.
///
/// Returns a [`SearchOutcome`] whose path, when solved, is shortest (flagged optimal: every
/// move costs 1); on a limit, `stats.completed_depth` is the deepest layer whose states were
/// all goal-tested.
///
/// A returned path holds the moves from the start to a goal state, the start excluded: it is
/// empty when the start is already a goal, and replaying it with [`Domain::apply`] from the
/// start ends in a state that passes [`Domain::is_goal`].
pub fn bfs<D: Domain>(domain: &D, control: &mut SearchControl) -> SearchOutcome<D::Move> {
    let mut meter = Meter::start(control);
    let mut tree = SearchTree::new(domain);
    let mut queue: VecDeque<u32> = VecDeque::new();
    queue.push_back(tree.root(domain.start()));
    let queue_bytes = |q: &VecDeque<u32>| (q.capacity() * size_of::<u32>()) as u64;
    let mut moves = Vec::new();
    let mut termination = Termination::Unsolvable;
    let mut found = None;
    while let Some(&id) = queue.front() {
        if let Some(stop) = meter.tick(
            queue.len() as u64,
            tree.len(),
            tree.memory_bytes() + queue_bytes(&queue),
        ) {
            termination = stop;
            break;
        }
        queue.pop_front();
        let (state, g) = {
            let node = tree.node(id);
            (node.state.clone(), node.g)
        };
        let stats = &mut meter.stats;
        stats.expanded += 1;
        stats.goal_tests += 1;
        if g > stats.depth {
            stats.depth = g;
            stats.completed_depth = Some(g - 1);
        }
        if domain.is_goal(&state) {
            termination = Termination::Solved;
            found = Some(id);
            break;
        }
        moves.clear();
        domain.moves(&state, &mut moves);
        for &mv in &moves {
            stats.generated += 1;
            match tree.insert(domain.apply(&state, mv), id, Some(mv), g + 1) {
                Insert::New(child) => queue.push_back(child),
                Insert::Seen(_) => stats.duplicates += 1,
            }
        }
    }
    if termination == Termination::Unsolvable {
        meter.stats.completed_depth = Some(meter.stats.depth);
    }
    let memory = tree.memory_bytes() + queue_bytes(&queue);
    let path = found.map(|id| tree.path(id));
    meter.finish(
        termination,
        path,
        true,
        queue.len() as u64,
        tree.len(),
        memory,
    )
}

/// The reachable state space from the start, layer by layer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Exploration {
    /// Distinct reachable states (so far, when a limit stopped the walk).
    pub states: u64,
    /// States at each distance from the start (`per_depth[0] == 1`).
    pub per_depth: Vec<u64>,
    /// The farthest distance from the start reached.
    pub max_depth: u32,
    /// Reachable states that satisfy the goal.
    pub goal_states: u64,
    /// `Unsolvable` when the whole space was walked ("space exhausted"), else the limit.
    pub termination: Termination,
    /// Search statistics (`expanded` = states walked, `completed_depth` = last full layer).
    pub stats: Stats,
}

/// Every state reachable from the start, numbered in breadth-first order (so each layer is a
/// contiguous range of numbers), with an index from state to number.
struct Space<S> {
    states: Vec<S>,
    index: HashTable<u32>,
}

impl<S: Eq + Hash> Space<S> {
    /// The number of `state`, if it was reached.
    fn find(&self, state: &S) -> Option<u32> {
        lookup(&self.index, &self.states, |s| s, state)
    }

    /// Adds `state` unless present; whether it was new.
    #[inline(always)]
    fn insert(&mut self, state: S) -> bool {
        if self.index.len() == self.index.capacity() {
            // Grow fourfold rather than twofold: each growth rehashes every stored state, and
            // fewer, larger steps halve that work on big spaces.
            let more = (self.index.len() * 3).max(1024);
            let states = &self.states;
            self.index.reserve(more, |&i| hash_of(&states[i as usize]));
            self.states.reserve(more);
        }
        let new = intern(&mut self.index, &self.states, |s| s, &state).is_err();
        if new {
            self.states.push(state);
        }
        new
    }
}

/// Walks the whole space reachable from the start, layer by layer. Returns the states and the
/// exploration figures.
fn walk<D: Domain>(domain: &D, control: &mut SearchControl) -> (Space<D::State>, Exploration) {
    let mut meter = Meter::start(control);
    let state_bytes = domain.state_bytes().max(size_of::<D::State>()) as u64;
    let per_state = state_bytes + SLOT_BYTES;
    let mut space = Space {
        states: Vec::new(),
        index: HashTable::new(),
    };
    space.insert(domain.start());
    let mut per_depth = Vec::new();
    let mut goal_states = 0;
    let mut moves = Vec::new();
    let mut termination = Termination::Unsolvable;
    let (mut layer_start, mut depth) = (0usize, 0u32);
    let mut at = 0usize;
    'walk: while layer_start < space.states.len() {
        let layer_end = space.states.len();
        per_depth.push((layer_end - layer_start) as u64);
        meter.stats.depth = depth;
        while at < layer_end {
            let stored = space.states.len() as u64;
            let frontier = stored - at as u64;
            if let Some(stop) = meter.tick(frontier, stored, stored * per_state) {
                termination = stop;
                break 'walk;
            }
            let state = space.states[at].clone();
            at += 1;
            let stats = &mut meter.stats;
            stats.expanded += 1;
            stats.goal_tests += 1;
            if domain.is_goal(&state) {
                goal_states += 1;
            }
            moves.clear();
            domain.moves(&state, &mut moves);
            for &mv in &moves {
                stats.generated += 1;
                if !space.insert(domain.apply(&state, mv)) {
                    stats.duplicates += 1;
                }
            }
        }
        meter.stats.completed_depth = Some(depth);
        layer_start = layer_end;
        depth += 1;
    }
    let states = space.states.len() as u64;
    let frontier = states - at as u64;
    let outcome: SearchOutcome<D::Move> = meter.finish(
        termination,
        None,
        false,
        frontier,
        states,
        states * per_state,
    );
    let exploration = Exploration {
        states,
        max_depth: per_depth.len().saturating_sub(1) as u32,
        per_depth,
        goal_states,
        termination,
        stats: outcome.stats,
    };
    (space, exploration)
}

/// Enumerates every state reachable from `domain`'s start: how many there are, how many at
/// each distance, the farthest distance, and how many satisfy the goal.
///
/// On a limit, the figures cover the layers walked so far and `termination` names the limit;
/// a complete walk ends with `Termination::Unsolvable` ("search space exhausted").
pub fn explore<D: Domain>(domain: &D, control: &mut SearchControl) -> Exploration {
    walk(domain, control).1
}

/// The true distance to the nearest goal of every reachable state that can reach a goal.
///
/// Enumerates the space from the start, then runs a multi-source BFS from every goal state
/// (moves are reversible, so distances from the goals are distances to them). States that
/// cannot reach a goal are absent. This is the yardstick of every heuristic-admissibility
/// test.
///
/// # Errors
/// The termination reason when a limit or cancellation stopped the enumeration.
pub fn distance_map<D: Domain>(
    domain: &D,
    control: &mut SearchControl,
) -> Result<FxHashMap<D::State, u32>, Termination> {
    let (space, exploration) = walk(domain, control);
    if exploration.termination != Termination::Unsolvable {
        return Err(exploration.termination);
    }
    const UNKNOWN: u32 = u32::MAX;
    let mut dist = vec![UNKNOWN; space.states.len()];
    let mut queue = VecDeque::new();
    for (id, state) in space.states.iter().enumerate() {
        if domain.is_goal(state) {
            dist[id] = 0;
            queue.push_back(id as u32);
        }
    }
    let mut moves = Vec::new();
    let mut countdown = CHECK_EVERY;
    while let Some(id) = queue.pop_front() {
        countdown -= 1;
        if countdown == 0 {
            countdown = CHECK_EVERY;
            if control.is_cancelled() {
                return Err(Termination::Cancelled);
            }
            if control.elapsed() >= control.limits.max_time {
                return Err(Termination::TimeLimit);
            }
        }
        let state = &space.states[id as usize];
        let d = dist[id as usize];
        moves.clear();
        domain.moves(state, &mut moves);
        for &mv in &moves {
            // every neighbour of a reachable state is reachable, so it has a number
            if let Some(child) = space.find(&domain.apply(state, mv))
                && dist[child as usize] == UNKNOWN
            {
                dist[child as usize] = d + 1;
                queue.push_back(child);
            }
        }
    }
    let map: FxHashMap<D::State, u32> = space
        .states
        .into_iter()
        .zip(dist)
        .filter(|&(_, d)| d != UNKNOWN)
        .collect();
    Ok(map)
}
