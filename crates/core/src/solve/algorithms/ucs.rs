//! Uniform-cost search: best-first on path cost g. Every move costs 1 in every metric, so it
//! takes states in the same order as breadth-first search and returns a shortest path; it is
//! here because the seeds teach it, and its statistics (a priority queue instead of a FIFO)
//! are what users compare.
//!
//! The 2x3 notebook's UCS explored 49 states against its BFS's 53 because Python's heap broke
//! ties between equal costs by comparing state tuples; ours breaks them first-in first-out, so
//! its count is the same as our BFS's (53 there).

use super::best_first::{Priority, best_first};
use crate::solve::core::{Domain, SearchControl, SearchOutcome, Zero};
use crate::solve::observe::{NoObserver, Observer};

/// Uniform-cost search from `domain`'s start (every move costs 1).
///
/// - `domain` is the puzzle: its start, goal test, moves and state encoding.
/// - `control` carries the limits, the cancel flag and the progress sink; it is checked at
///   least every [`CHECK_EVERY`](crate::solve::core::CHECK_EVERY) expansions.
///
/// Returns a [`SearchOutcome`] whose path, when solved, is shortest (flagged optimal); on a
/// limit, `stats.completed_depth` is the largest cost whose states were all expanded.
///
/// A returned path holds the moves from the start to a goal state, the start excluded: it is
/// empty when the start is already a goal, and replaying it with [`Domain::apply`] from the
/// start ends in a state that passes [`Domain::is_goal`].
pub fn ucs<D: Domain>(domain: &D, control: &mut SearchControl) -> SearchOutcome<D::Move> {
    ucs_observed(domain, control, &mut NoObserver)
}

/// [`ucs`], reporting every step to `observer` (see [`crate::solve::observe`]).
pub(crate) fn ucs_observed<D: Domain, O: Observer<D::Move>>(
    domain: &D,
    control: &mut SearchControl,
    observer: &mut O,
) -> SearchOutcome<D::Move> {
    best_first(domain, &Zero, Priority::Cost, true, control, observer)
}
