//! Breadth-first search, and the whole-space tools built on one layered walk: [`count_space`]
//! (size of the reachable space, states per depth), [`walk_from`] (the same from several
//! roots at once, handing every state and its distance to a visitor) and [`distance_map`]
//! (true distance to the goal of every reachable state, which the heuristic tests check
//! against). Every walk honours the control's limits, progress and cancel flag.
//!
//! The walk is frontier search: moves are reversible, so it keeps only the last three layers
//! in its visited table, and its memory follows the widest layers instead of the whole space
//! (Klotski's 25,955 states are walked with at most a few thousand stored). It asks the
//! domain for successor positions ([`Domain::successors`]), not moves, and tells it each
//! state's parent, which the domain may leave out.
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

use hashbrown::hash_table::{Entry, HashTable};
use rustc_hash::FxHashMap;
use serde::Serialize;

use super::common::{Insert, Meter, SearchTree, hash_of};
use crate::solve::core::{Domain, SearchControl, SearchOutcome, Stats, Termination};
use crate::solve::observe::{Fate, NoObserver, Observer};

/// Breadth-first search from `domain`'s start.
///
/// - `domain` is the puzzle: its start, goal test, moves and state encoding.
/// - `control` carries the limits, the cancel flag and the progress sink; it is checked at
///   least every [`CHECK_EVERY`](crate::solve::core::CHECK_EVERY) expansions.
///
/// Returns a [`SearchOutcome`] whose path, when solved, is shortest (flagged optimal: every
/// move costs 1); on a limit, `stats.completed_depth` is the deepest layer whose states were
/// all goal-tested.
///
/// A returned path holds the moves from the start to a goal state, the start excluded: it is
/// empty when the start is already a goal, and replaying it with [`Domain::apply`] from the
/// start ends in a state that passes [`Domain::is_goal`].
pub fn bfs<D: Domain>(domain: &D, control: &mut SearchControl) -> SearchOutcome<D::Move> {
    bfs_observed(domain, control, &mut NoObserver)
}

/// [`bfs`], reporting every step to `observer` (see [`crate::solve::observe`]).
pub(crate) fn bfs_observed<D: Domain, O: Observer<D::Move>>(
    domain: &D,
    control: &mut SearchControl,
    observer: &mut O,
) -> SearchOutcome<D::Move> {
    let mut meter = Meter::start(control);
    let mut tree = SearchTree::new(domain);
    let mut queue: VecDeque<u32> = VecDeque::new();
    queue.push_back(tree.root(domain.start()));
    observer.root(0, 0);
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
        observer.expanded(id, tree.node(id).g, 0, queue.len() as u64);
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
            observer.goal(id);
            termination = Termination::Solved;
            found = Some(id);
            break;
        }
        moves.clear();
        domain.moves(&state, &mut moves);
        for &mv in &moves {
            stats.generated += 1;
            match tree.insert(domain.apply(&state, mv), id, Some(mv), g + 1) {
                Insert::New(child) => {
                    observer.generated(id, child, mv, g + 1, 0, Fate::Queued);
                    queue.push_back(child);
                }
                Insert::Seen(seen) => {
                    observer.generated(id, seen, mv, g + 1, 0, Fate::Duplicate);
                    stats.duplicates += 1;
                }
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
pub struct SpaceWalk {
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
    /// Whether the walk expanded one position of each mirror pair (the domain is symmetric
    /// and so are the roots): the counts above still cover every state, while `stats`
    /// count the work done.
    pub mirrored: bool,
}

/// The states a visited table of `len` states holds after [`remember`] grows it: hashbrown
/// keeps a power of two of buckets, 7/8 of them usable.
fn grown_table_capacity(len: usize) -> usize {
    let wanted = len + (len * 3).max(1024);
    (wanted * 8 / 7).next_power_of_two() / 8 * 7
}

/// Adds `state` to `table` unless present; whether it was new.
#[inline(always)]
fn remember<S: Clone + Eq + Hash>(table: &mut HashTable<S>, state: &S) -> bool {
    if table.len() == table.capacity() {
        // Grow fourfold rather than twofold: each growth rehashes every stored state, and
        // fewer, larger steps halve that work on big spaces.
        let more = (table.len() * 3).max(1024);
        table.reserve(more, hash_of);
    }
    match table.entry(hash_of(state), |s| s == state, hash_of) {
        Entry::Occupied(_) => false,
        Entry::Vacant(e) => {
            e.insert(state.clone());
            true
        }
    }
}

/// One layer of a walk: its states, and for each the index of its parent in the layer
/// before ([`ROOT`] for the start), and in a mirrored walk its mirror image.
struct Layer<S> {
    states: Vec<S>,
    parents: Vec<u32>,
    images: Vec<S>,
}

/// The parent index of the start, which has none.
const ROOT: u32 = u32::MAX;

impl<S> Layer<S> {
    fn new() -> Self {
        Layer {
            states: Vec::new(),
            parents: Vec::new(),
            images: Vec::new(),
        }
    }

    fn len(&self) -> usize {
        self.states.len()
    }

    /// Room for entries, in states (with their images) and parent indices.
    fn capacity(&self) -> (usize, usize) {
        (
            self.states.capacity() + self.images.capacity(),
            self.parents.capacity(),
        )
    }

    fn clear(&mut self) {
        self.states.clear();
        self.parents.clear();
        self.images.clear();
    }
}

/// Walks the whole space reachable from `roots`, layer by layer (layer `d` holds the states
/// whose nearest root is `d` moves away), handing every state to `visit` with its distance and
/// whether it satisfies the goal, and returns the exploration figures.
///
/// This is frontier search: moves are reversible, so the successors of a state at depth `d`
/// lie at depth `d - 1`, `d` or `d + 1`, and the visited table only ever holds those three
/// layers (layer `d - 1` is dropped once layer `d` is expanded). Memory follows the widest
/// layers, not the whole space. Each state also knows its parent, which the domain may leave
/// out of its successors (it is always a duplicate).
///
/// When the domain has a mirror ([`Domain::mirror`]) and the roots are closed under it, the
/// space is too, and a state's mirror image lies as far from the roots as the state: the
/// layers then hold one position of each mirror pair, the table holds both (so either one
/// generated is a duplicate), and the image is visited and counted beside the position.
/// The counts and visits are those of the plain walk, for about half the expansions.
fn walk<D: Domain>(
    domain: &D,
    roots: Vec<D::State>,
    meter: Meter<'_>,
    visit: impl FnMut(&D::State, u32, bool),
) -> SpaceWalk {
    let state_bytes = domain.state_bytes().max(size_of::<D::State>()) as u64;
    let mut table = HashTable::new();
    let mut layer = Layer::new();
    let mut termination = Termination::Unsolvable;
    // Even the first table must fit.
    let first = grown_table_capacity(0) as u64 * (state_bytes + 1) * 8 / 7
        + roots.len() as u64 * (state_bytes + 4);
    if first > meter.memory_limit() {
        termination = Termination::MemoryLimit;
    }
    for root in roots
        .into_iter()
        .filter(|_| termination != Termination::MemoryLimit)
    {
        if remember(&mut table, &root) {
            layer.states.push(root);
            layer.parents.push(ROOT);
        }
    }
    let mirrored = !layer.states.is_empty()
        && layer.states.iter().all(|root| {
            domain
                .mirror(root)
                .is_some_and(|image| table.find(hash_of(&image), |s| *s == image).is_some())
        });
    let roots_weight = layer.len() as u64;
    if mirrored {
        // One root of each pair stays in the layer.
        let roots = std::mem::take(&mut layer.states);
        let mut kept: HashTable<D::State> = HashTable::new();
        layer.parents.clear();
        for root in roots {
            let image = domain.mirror(&root).unwrap_or_else(|| root.clone());
            if kept.find(hash_of(&image), |s| *s == image).is_none() {
                remember(&mut kept, &root);
                layer.states.push(root);
                layer.parents.push(ROOT);
                layer.images.push(image);
            }
        }
    }
    let start = Start {
        table,
        roots: layer,
        roots_weight,
        termination,
    };
    // Two copies of the walk's loop, so that a walk without a mirror pays nothing for it.
    if mirrored {
        walk_layers::<D, true>(domain, start, meter, visit)
    } else {
        walk_layers::<D, false>(domain, start, meter, visit)
    }
}

/// What [`walk`] hands [`walk_layers`]: the table with the roots, the layer of roots (one of
/// each mirror pair when mirrored), the states they stand for, and whether the roots already
/// crossed the memory limit.
struct Start<S> {
    table: HashTable<S>,
    roots: Layer<S>,
    roots_weight: u64,
    termination: Termination,
}

/// The layers of [`walk`], from its roots; with `MIRRORED`, each layer holds one position of
/// each mirror pair and the table both.
#[expect(
    clippy::too_many_lines,
    reason = "the walk's loop, read top to bottom; its parts share the table and the layers"
)]
fn walk_layers<D: Domain, const MIRRORED: bool>(
    domain: &D,
    start: Start<D::State>,
    mut meter: Meter<'_>,
    mut visit: impl FnMut(&D::State, u32, bool),
) -> SpaceWalk {
    let state_bytes = domain.state_bytes().max(size_of::<D::State>()) as u64;
    // A table slot is a state and a control byte (with 1/8 of the slots kept empty); a layer
    // entry is a state and a parent index.
    let table_bytes =
        |table: &HashTable<D::State>| table.capacity() as u64 * (state_bytes + 1) * 8 / 7;
    let layer_bytes = |layers: &[&Layer<D::State>]| {
        layers
            .iter()
            .map(|l| {
                let (states, parents) = l.capacity();
                states as u64 * state_bytes + parents as u64 * 4
            })
            .sum::<u64>()
    };
    let Start {
        mut table,
        roots: mut layer,
        roots_weight,
        mut termination,
    } = start;
    let mut older = Layer::new();
    // The number of states each layer stands for (with their mirror images).
    let mut layer_weight = roots_weight;
    let mut next = Layer::new();
    let mut next_weight = 0u64;
    let mut per_depth = Vec::new();
    let mut states = layer_weight;
    let mut goal_states = 0;
    // A new state takes one slot of the table, or two with its mirror image.
    let per_child = if MIRRORED { 2 } else { 1 };
    let mut moves = Vec::new();
    let mut children = Vec::new();
    let mut depth = 0u32;
    'walk: while layer.len() > 0 {
        per_depth.push(layer_weight);
        meter.stats.depth = depth;
        let held = layer_bytes(&[&older, &layer]);
        let mut stored_bytes = table_bytes(&table);
        for (i, (state, &parent)) in layer.states.iter().zip(&layer.parents).enumerate() {
            let frontier = (layer.len() - i + next.len()) as u64;
            let bytes = stored_bytes + held + layer_bytes(&[&next]);
            if let Some(stop) = meter.tick(frontier, table.len() as u64, bytes) {
                termination = stop;
                break 'walk;
            }
            // A root stands in for its own missing parent: no state is its own successor.
            let known = match parent {
                ROOT => state,
                p => &older.states[p as usize],
            };
            children.clear();
            let skipped = domain.successors(state, known, &mut moves, &mut children);
            let (before, room) = (next.len(), table.capacity() - table.len());
            // Stop before a growth of the table or the next layer would cross the memory
            // limit, not after (a table grows fourfold at once).
            let layer_room = next.states.capacity() - next.len();
            let slots = children.len() * per_child;
            if slots > room || children.len() > layer_room {
                let table_after = if slots > room {
                    grown_table_capacity(table.len()) as u64 * (state_bytes + 1) * 8 / 7
                } else {
                    stored_bytes
                };
                let layer_after = if children.len() > layer_room {
                    let entries = (next.states.capacity() * 2).max(next.len() + children.len());
                    entries as u64 * (state_bytes * per_child as u64 + 4)
                } else {
                    layer_bytes(&[&next])
                };
                if table_after + held + layer_after > meter.memory_limit() {
                    termination = Termination::MemoryLimit;
                    break 'walk;
                }
            }
            let stats = &mut meter.stats;
            stats.expanded += 1;
            stats.goal_tests += 1;
            let is_goal = domain.is_goal(state);
            goal_states += u64::from(is_goal);
            visit(state, depth, is_goal);
            if let Some(image) = layer
                .images
                .get(i)
                .filter(|&image| MIRRORED && image != state)
            {
                stats.goal_tests += 1;
                let is_goal = domain.is_goal(image);
                goal_states += u64::from(is_goal);
                visit(image, depth, is_goal);
            }
            for child in &children {
                if remember(&mut table, child) {
                    next_weight += 1;
                    if MIRRORED && let Some(image) = domain.mirror(child) {
                        // The table is closed under the mirror, so a new state's image is
                        // new too (unless it is the state itself).
                        next_weight += u64::from(remember(&mut table, &image));
                        next.images.push(image);
                    }
                    next.states.push(child.clone());
                    next.parents.push(i as u32);
                }
            }
            // The table grows only when more states arrive than it had room for.
            if slots > room {
                stored_bytes = table_bytes(&table);
            }
            let generated = children.len() as u64 + skipped;
            stats.generated += generated;
            stats.duplicates += generated - (next.len() - before) as u64;
        }
        meter.stats.completed_depth = Some(depth);
        states += next_weight;
        layer_weight = next_weight;
        next_weight = 0;
        // No successor of layer `d + 1` lies in layer `d - 1`.
        let forget = |table: &mut HashTable<D::State>, state: &D::State| {
            if let Ok(entry) = table.find_entry(hash_of(state), |s| s == state) {
                entry.remove();
            }
        };
        for state in &older.states {
            forget(&mut table, state);
        }
        if MIRRORED {
            for image in &older.images {
                forget(&mut table, image);
            }
        }
        older.clear();
        std::mem::swap(&mut older, &mut layer);
        std::mem::swap(&mut layer, &mut next);
        depth += 1;
    }
    let frontier = (layer.len() + next.len()) as u64;
    let bytes = table_bytes(&table) + layer_bytes(&[&older, &layer, &next]);
    let outcome: SearchOutcome<D::Move> = meter.finish(
        termination,
        None,
        false,
        frontier,
        table.len() as u64,
        bytes,
    );
    SpaceWalk {
        states,
        max_depth: per_depth.len().saturating_sub(1) as u32,
        per_depth,
        goal_states,
        termination,
        stats: outcome.stats,
        mirrored: MIRRORED,
    }
}

/// Enumerates every state reachable from `domain`'s start: how many there are, how many at
/// each distance, the farthest distance, and how many satisfy the goal.
///
/// On a limit, the figures cover the layers walked so far and `termination` names the limit;
/// a complete walk ends with `Termination::Unsolvable` ("search space exhausted").
pub fn count_space<D: Domain>(domain: &D, control: &mut SearchControl) -> SpaceWalk {
    walk(
        domain,
        vec![domain.start()],
        Meter::start(control),
        |_, _, _| {},
    )
}

/// Walks every state reachable from any of `roots` (a multi-source breadth-first search),
/// handing each to `visit` once with its distance to the nearest root and whether it satisfies
/// the goal, and returns the figures of the walk (`per_depth` counts states by that distance).
///
/// Moves are reversible, so from the goal states as roots the distances are every state's
/// distance to its nearest goal. On a limit, the layers walked so far have been visited and
/// `termination` names the limit; a complete walk ends with `Termination::Unsolvable`.
pub fn walk_from<D: Domain>(
    domain: &D,
    roots: Vec<D::State>,
    control: &mut SearchControl,
    visit: impl FnMut(&D::State, u32, bool),
) -> SpaceWalk {
    walk(domain, roots, Meter::start(control), visit)
}

/// The true distance to the nearest goal of every reachable state that can reach a goal.
///
/// Walks the space from the start to find the goal states, then walks again from all of them
/// at once (moves are reversible, so distances from the goals are distances to them), both
/// walks within `control`'s limits, progress and cancel flag (the second on the first's
/// clock). States that cannot reach a goal are absent. This is the yardstick of every
/// heuristic-admissibility test.
///
/// # Errors
/// The termination reason when a limit or cancellation stopped either walk.
pub fn distance_map<D: Domain>(
    domain: &D,
    control: &mut SearchControl,
) -> Result<FxHashMap<D::State, u32>, Termination> {
    let mut goals = Vec::new();
    let forth = walk(
        domain,
        vec![domain.start()],
        Meter::start(control),
        |state, _, is_goal| {
            if is_goal {
                goals.push(state.clone());
            }
        },
    );
    if forth.termination != Termination::Unsolvable {
        return Err(forth.termination);
    }
    let mut dist: FxHashMap<D::State, u32> = FxHashMap::default();
    let back = walk(domain, goals, Meter::resume(control), |state, d, _| {
        dist.insert(state.clone(), d);
    });
    if back.termination != Termination::Unsolvable {
        return Err(back.termination);
    }
    Ok(dist)
}

/// [`walk_from`] as a later phase of a task already under way: the walk runs on
/// `control`'s running clock instead of restarting it, so the task as a whole stays within
/// its time limit (its statistics still count this walk alone).
pub(crate) fn walk_from_resumed<D: Domain>(
    domain: &D,
    roots: Vec<D::State>,
    control: &mut SearchControl,
    visit: impl FnMut(&D::State, u32, bool),
) -> SpaceWalk {
    walk(domain, roots, Meter::resume(control), visit)
}
