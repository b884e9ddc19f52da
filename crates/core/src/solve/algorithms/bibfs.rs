//! Bidirectional breadth-first search: one BFS from the start and one from the goal state,
//! each advancing a whole layer at a time (the smaller frontier first), until they meet.
//!
//! It needs a single, complete goal state (every piece placed), which
//! [`Domain::goal_state`] provides or explains why
//! not. Moves are reversible, so the backward search uses the same move generator, and the
//! second half of the path is rebuilt by finding, between each pair of consecutive states, the
//! move that links them.
//!
//! Optimality: before a layer is expanded no path of length `df + db` exists (the depths of
//! the two frontiers); every meeting found while expanding the layer is then at most one
//! longer, and the shortest of them is taken after the whole layer is done.
//! `expanded` counts expansions on both sides; `goal_tests` counts the meeting checks.

use super::common::{Insert, Meter, SearchTree, move_between};
use crate::solve::core::Reason;
use crate::solve::core::{Domain, SearchControl, SearchOutcome, Termination};
use crate::solve::observe::{BACKWARD, Fate, NoObserver, Observer};

/// Bidirectional BFS: breadth-first layers from the start and from the goal state in turn,
/// until they meet.
///
/// - `domain` is the puzzle: its start, goal test, moves and state encoding.
///   Its moves must be reversible, as those of the block and tile domains are.
/// - `control` carries the limits, the cancel flag and the progress sink; it is checked at
///   least every [`CHECK_EVERY`](crate::solve::core::CHECK_EVERY) expansions.
///
/// Returns a [`SearchOutcome`] whose path, when solved, is shortest (flagged optimal).
///
/// A returned path holds the moves from the start to a goal state, the start excluded: it is
/// empty when the start is already a goal, and replaying it with [`Domain::apply`] from the
/// start ends in a state that passes [`Domain::is_goal`].
///
/// # Errors
/// The reason, when the domain has no single goal state (the algorithm does not apply).
pub fn bibfs<D: Domain>(
    domain: &D,
    control: &mut SearchControl,
) -> Result<SearchOutcome<D::Move>, Reason> {
    bibfs_observed(domain, control, &mut NoObserver)
}

/// [`bibfs`], reporting every step to `observer` (see [`crate::solve::observe`]); the
/// backward tree's node ids carry [`BACKWARD`].
///
/// # Errors
/// As [`bibfs`].
#[expect(
    clippy::too_many_lines,
    reason = "one search loop, read top to bottom; its parts share the two trees and frontiers"
)]
pub(crate) fn bibfs_observed<D: Domain, O: Observer<D::Move>>(
    domain: &D,
    control: &mut SearchControl,
    observer: &mut O,
) -> Result<SearchOutcome<D::Move>, Reason> {
    let goal = domain.goal_state()?;
    let mut meter = Meter::start(control);
    let mut trees = [SearchTree::new(domain), SearchTree::new(domain)];
    let mut frontiers: [Vec<u32>; 2] = [
        vec![trees[0].root(domain.start())],
        vec![trees[1].root(goal.clone())],
    ];
    observer.root(0, 0);
    observer.root(BACKWARD, 0);
    let tag = [0, BACKWARD];
    let mut depths = [0u32; 2];
    let memory = |t: &[SearchTree<D::State, D::Move>; 2], f: &[Vec<u32>; 2]| {
        t[0].memory_bytes() + t[1].memory_bytes() + ((f[0].len() + f[1].len()) * 4) as u64
    };
    let mut moves = Vec::new();
    let mut next = Vec::new();
    let mut termination = Termination::Unsolvable;
    // the best meeting: (total length, forward node, backward node)
    let mut best: Option<(u32, u32, u32)> = None;
    meter.stats.goal_tests += 1;
    if domain.start() == goal {
        observer.goal(0);
        best = Some((0, 0, 0));
    } else {
        meter.stats.completed_depth = Some(0);
    }
    'search: while best.is_none() && !frontiers[0].is_empty() && !frontiers[1].is_empty() {
        let side = usize::from(frontiers[1].len() < frontiers[0].len());
        let other = 1 - side;
        let layer = std::mem::take(&mut frontiers[side]);
        for (i, &id) in layer.iter().enumerate() {
            let frontier = (layer.len() - i + next.len() + frontiers[other].len()) as u64;
            let stored = trees[0].len() + trees[1].len();
            if let Some(stop) = meter.tick(frontier, stored, memory(&trees, &frontiers)) {
                termination = stop;
                frontiers[side] = layer[i..].to_vec();
                frontiers[side].append(&mut next);
                break 'search;
            }
            observer.expanded(id | tag[side], depths[side], 0, frontier);
            let state = trees[side].node(id).state.clone();
            let g = depths[side] + 1;
            let stats = &mut meter.stats;
            stats.expanded += 1;
            moves.clear();
            domain.moves(&state, &mut moves);
            for &mv in &moves {
                stats.generated += 1;
                let child = domain.apply(&state, mv);
                match trees[side].insert(child, id, Some(mv), g) {
                    Insert::Seen(seen) => {
                        observer.generated(
                            id | tag[side],
                            seen | tag[side],
                            mv,
                            g,
                            0,
                            Fate::Duplicate,
                        );
                        stats.duplicates += 1;
                    }
                    Insert::New(child_id) => {
                        observer.generated(
                            id | tag[side],
                            child_id | tag[side],
                            mv,
                            g,
                            0,
                            Fate::Queued,
                        );
                        next.push(child_id);
                        stats.goal_tests += 1;
                        let child = &trees[side].node(child_id).state;
                        if let Some(meet) = trees[other].find(child) {
                            let total = g + trees[other].node(meet).g;
                            if best.is_none_or(|(b, _, _)| total < b) {
                                observer.goal(child_id | tag[side]);
                                best = Some(if side == 0 {
                                    (total, child_id, meet)
                                } else {
                                    (total, meet, child_id)
                                });
                            }
                        }
                    }
                }
            }
        }
        depths[side] += 1;
        frontiers[side] = std::mem::take(&mut next);
        let stats = &mut meter.stats;
        stats.depth = depths[0] + depths[1];
        stats.completed_depth = Some(stats.depth - 1);
    }
    let mut path = None;
    if let Some((_, fwd, bwd)) = best {
        termination = Termination::Solved;
        let mut p = trees[0].path(fwd);
        let back = trees[1].states_to(bwd);
        for pair in back.windows(2).rev() {
            let mv = move_between(domain, &pair[1], &pair[0], &mut moves).ok_or(
                "a move of this puzzle cannot be undone, so bidirectional search does not apply",
            )?;
            p.push(mv);
        }
        path = Some(p);
    }
    let frontier = (frontiers[0].len() + frontiers[1].len()) as u64;
    let stored = trees[0].len() + trees[1].len();
    let memory = memory(&trees, &frontiers);
    Ok(meter.finish(termination, path, true, frontier, stored, memory))
}
