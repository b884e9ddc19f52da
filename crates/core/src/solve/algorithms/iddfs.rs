//! Iterative-deepening depth-first search: depth-first searches with depth limits 0, 1, 2,
//! ..., the first goal found being at the shortest depth. Memory is linear in the depth.
//!
//! IDDFS is IDA* with the zero heuristic (its f-bound is then exactly the depth limit), so it
//! runs [`idastar`] with [`Zero`] rather than keeping a second copy of the deepening loop:
//! both get the same tuning (no allocation per node, no immediate move reversal, no state
//! revisited along the current path) and the same statistics. `stats.depth` is the depth
//! limit being searched and `stats.completed_depth` the last limit searched completely.
//!
//! Like the notebook's iterative deepening it keeps no visited set, so it re-expands states
//! reached by several paths: on the 8-puzzle it expands far more nodes than BFS, and it
//! proves a puzzle unsolvable only by exhausting every cycle-free path.

use super::idastar::{idastar, idastar_observed};
use crate::solve::core::{Domain, SearchControl, SearchOutcome, Termination, Zero};
use crate::solve::observe::Observer;

/// Iterative-deepening DFS from `domain`'s start: depth-first searches with depth limits 0,
/// 1, 2, ... until one finds a goal.
///
/// - `domain` is the puzzle: its start, goal test, moves and state encoding.
/// - `control` carries the limits, the worker threads (1: none spawned), the cancel flag and
///   the progress sink; it is checked at least every
///   [`CHECK_EVERY`](crate::solve::core::CHECK_EVERY) expansions, and the node limit before
///   every expansion (as [`idastar`] does).
///
/// Returns a [`SearchOutcome`] whose path, when solved, is shortest (flagged optimal); on a
/// limit, `stats.completed_depth` is the last depth limit searched completely. The path and
/// the statistics (but the time and the memory) do not depend on the number of threads.
///
/// A returned path holds the moves from the start to a goal state, the start excluded: it is
/// empty when the start is already a goal, and replaying it with [`Domain::apply`] from the
/// start ends in a state that passes [`Domain::is_goal`].
pub fn iddfs<D: Domain>(domain: &D, control: &mut SearchControl) -> SearchOutcome<D::Move> {
    let mut outcome = idastar(domain, &Zero, control);
    outcome.optimal = outcome.termination == Termination::Solved;
    outcome
}

/// [`iddfs`], reporting every step to `observer` (see [`crate::solve::observe`]): each depth
/// limit begins with [`Observer::bound_raised`]. An active observer makes it run on one
/// thread.
pub(crate) fn iddfs_observed<D: Domain, O: Observer<D::Move>>(
    domain: &D,
    control: &mut SearchControl,
    observer: &mut O,
) -> SearchOutcome<D::Move> {
    let mut outcome = idastar_observed(domain, &Zero, control, observer);
    outcome.optimal = outcome.termination == Termination::Solved;
    outcome
}
