//! Greedy best-first search: always expands the node whose heuristic estimate is smallest,
//! ignoring the cost so far. Fast when the heuristic is good, never guaranteed shortest.
//!
//! Graph search: a state already stored is never queued again. Ties between equal estimates
//! go to the deeper node. The 2x3 notebook's greedy search with Manhattan distance explored 9
//! states and found the optimal 8 moves there; so does ours.

use super::best_first::{Priority, best_first};
use crate::solve::core::{Domain, Heuristic, SearchControl, SearchOutcome};
use crate::solve::observe::{NoObserver, Observer};

/// Greedy best-first search from `domain`'s start: always expands the state with the smallest
/// estimate.
///
/// - `domain` is the puzzle: its start, goal test, moves and state encoding.
/// - `heuristic` estimates the moves left from a state.
/// - `control` carries the limits, the cancel flag and the progress sink; it is checked at
///   least every [`CHECK_EVERY`](crate::solve::core::CHECK_EVERY) expansions.
///
/// Returns a [`SearchOutcome`] whose path, when solved, is legal but never flagged optimal.
///
/// A returned path holds the moves from the start to a goal state, the start excluded: it is
/// empty when the start is already a goal, and replaying it with [`Domain::apply`] from the
/// start ends in a state that passes [`Domain::is_goal`].
pub fn greedy<D: Domain, H: Heuristic<D>>(
    domain: &D,
    heuristic: &H,
    control: &mut SearchControl,
) -> SearchOutcome<D::Move> {
    greedy_observed(domain, heuristic, control, &mut NoObserver)
}

/// [`greedy`], reporting every step to `observer` (see [`crate::solve::observe`]).
pub(crate) fn greedy_observed<D: Domain, H: Heuristic<D>, O: Observer<D::Move>>(
    domain: &D,
    heuristic: &H,
    control: &mut SearchControl,
    observer: &mut O,
) -> SearchOutcome<D::Move> {
    best_first(
        domain,
        heuristic,
        Priority::Estimate,
        false,
        control,
        observer,
    )
}
