//! A* and weighted A*: best-first on f = g + w·h.
//!
//! With w = 1 and an admissible heuristic the first goal taken from the queue is at the
//! shortest distance; a node reached again by a cheaper path is re-queued, so this holds even
//! for admissible heuristics that are not consistent. With w > 1 the search is greedier,
//! stores fewer states, and its answer is at most w times the shortest but not guaranteed
//! shortest, so it is reported not optimal.
//!
//! The goal test is made when a node is taken from the queue; ties in f go to the deeper node.
//! On the 2x3 notebook instance the notebook's A* with Manhattan distance explored 9 states;
//! so does ours (the exact count depends on move order among ties).

use super::best_first::{Priority, best_first};
use crate::solve::core::{Domain, Heuristic, SearchControl, SearchOutcome};
use crate::solve::observe::{NoObserver, Observer};

/// A* (`weight` = 1) or weighted A* (`weight` > 1): best-first search on
/// f = g + `weight` x h, from `domain`'s start.
///
/// - `domain` is the puzzle: its start, goal test, moves and state encoding.
/// - `heuristic` estimates the moves left from a state.
/// - `weight` multiplies the estimate; weights below 1 (or not finite) are treated as 1.
/// - `control` carries the limits, the cancel flag and the progress sink; it is checked at
///   least every [`CHECK_EVERY`](crate::solve::core::CHECK_EVERY) expansions.
///
/// Returns a [`SearchOutcome`]: the path when solved, the statistics, and the termination
/// reason. The path is flagged optimal iff the heuristic is admissible and the weight is 1. On
/// a limit with an admissible heuristic and weight 1, `stats.completed_depth` is a proven lower
/// bound minus one: no solution is shorter than `completed_depth + 1`.
///
/// A returned path holds the moves from the start to a goal state, the start excluded: it is
/// empty when the start is already a goal, and replaying it with [`Domain::apply`] from the
/// start ends in a state that passes [`Domain::is_goal`].
pub fn astar<D: Domain, H: Heuristic<D>>(
    domain: &D,
    heuristic: &H,
    weight: f64,
    control: &mut SearchControl,
) -> SearchOutcome<D::Move> {
    astar_observed(domain, heuristic, weight, control, &mut NoObserver)
}

/// [`astar`], reporting every step to `observer` (see [`crate::solve::observe`]).
pub(crate) fn astar_observed<D: Domain, H: Heuristic<D>, O: Observer<D::Move>>(
    domain: &D,
    heuristic: &H,
    weight: f64,
    control: &mut SearchControl,
    observer: &mut O,
) -> SearchOutcome<D::Move> {
    let weight = if weight.is_finite() && weight > 1.0 {
        weight
    } else {
        1.0
    };
    let optimal = weight <= 1.0 && heuristic.admissible();
    best_first(
        domain,
        heuristic,
        Priority::Weighted(weight),
        optimal,
        control,
        observer,
    )
}
