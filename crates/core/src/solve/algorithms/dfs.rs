//! Depth-first search: graph search with an explicit stack, as in the seed notebooks (a state
//! is marked visited when it is pushed, the goal test is made when it is popped). It finds a
//! legal path quickly on many puzzles, never guaranteed shortest: on the 2x3 notebook
//! instance the notebook's DFS explored 182 states and returned a 138-move path, and so does
//! this DFS on the tile domain (the exact figures depend on the order moves are listed).
//!
//! With a depth cap, nodes at the cap are not expanded, and a state reached again by a
//! shorter path is pushed again, so every state within the cap is eventually searched at its
//! shallowest depth: the search finds a path within the cap whenever one exists. When the
//! stack runs dry after the cap cut something off, the answer is
//! [`Termination::DepthLimit`], not "unsolvable".

use super::common::{Insert, Meter, SearchTree};
use crate::solve::core::{Domain, SearchControl, SearchOutcome, Termination};
use crate::solve::observe::{Fate, NoObserver, Observer};

/// Depth-first graph search from `domain`'s start: every state is expanded at most once.
///
/// - `domain` is the puzzle: its start, goal test, moves and state encoding.
/// - `depth_cap`, when given, keeps nodes at that depth from being expanded; a search that
///   finds nothing within the cap ends with `Termination::DepthLimit`, not `Unsolvable`.
/// - `control` carries the limits, the cancel flag and the progress sink; it is checked at
///   least every [`CHECK_EVERY`](crate::solve::core::CHECK_EVERY) expansions.
///
/// Returns a [`SearchOutcome`] whose path, when solved, is legal but never flagged optimal;
/// `stats.depth` is the deepest node expanded.
///
/// A returned path holds the moves from the start to a goal state, the start excluded: it is
/// empty when the start is already a goal, and replaying it with [`Domain::apply`] from the
/// start ends in a state that passes [`Domain::is_goal`].
pub fn dfs<D: Domain>(
    domain: &D,
    depth_cap: Option<u32>,
    control: &mut SearchControl,
) -> SearchOutcome<D::Move> {
    dfs_observed(domain, depth_cap, control, &mut NoObserver)
}

/// [`dfs`], reporting every step to `observer` (see [`crate::solve::observe`]).
pub(crate) fn dfs_observed<D: Domain, O: Observer<D::Move>>(
    domain: &D,
    depth_cap: Option<u32>,
    control: &mut SearchControl,
    observer: &mut O,
) -> SearchOutcome<D::Move> {
    let mut meter = Meter::start(control);
    let mut tree = SearchTree::new(domain);
    let mut stack: Vec<(u32, u32)> = vec![(tree.root(domain.start()), 0)];
    observer.root(0, 0);
    let stack_bytes = |s: &Vec<(u32, u32)>| (s.capacity() * size_of::<(u32, u32)>()) as u64;
    let mut moves = Vec::new();
    let mut termination = Termination::Unsolvable;
    let mut found = None;
    let mut cut = false;
    while let Some(&(id, g)) = stack.last() {
        if g > tree.node(id).g {
            // stale: a shorter path to this state was pushed since (depth-capped search)
            stack.pop();
            continue;
        }
        if let Some(stop) = meter.tick(
            stack.len() as u64,
            tree.len(),
            tree.memory_bytes() + stack_bytes(&stack),
        ) {
            termination = stop;
            break;
        }
        observer.expanded(id, g, 0, stack.len() as u64);
        stack.pop();
        let state = tree.node(id).state.clone();
        let stats = &mut meter.stats;
        stats.expanded += 1;
        stats.goal_tests += 1;
        stats.depth = stats.depth.max(g);
        if domain.is_goal(&state) {
            observer.goal(id);
            termination = Termination::Solved;
            found = Some(id);
            break;
        }
        if depth_cap.is_some_and(|cap| g >= cap) {
            cut = true;
            continue;
        }
        moves.clear();
        domain.moves(&state, &mut moves);
        for &mv in &moves {
            stats.generated += 1;
            match tree.insert(domain.apply(&state, mv), id, Some(mv), g + 1) {
                Insert::New(child) => {
                    observer.generated(id, child, mv, g + 1, 0, Fate::Queued);
                    stack.push((child, g + 1));
                }
                Insert::Seen(child) if depth_cap.is_some() && g + 1 < tree.node(child).g => {
                    observer.generated(id, child, mv, g + 1, 0, Fate::Reopened);
                    tree.reparent(child, id, mv, g + 1);
                    stack.push((child, g + 1));
                }
                Insert::Seen(seen) => {
                    observer.generated(id, seen, mv, g + 1, 0, Fate::Duplicate);
                    stats.duplicates += 1;
                }
            }
        }
    }
    if termination == Termination::Unsolvable && cut {
        termination = Termination::DepthLimit;
    }
    let memory = tree.memory_bytes() + stack_bytes(&stack);
    let path = found.map(|id| tree.path(id));
    meter.finish(
        termination,
        path,
        false,
        stack.len() as u64,
        tree.len(),
        memory,
    )
}
