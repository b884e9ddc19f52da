//! Greedy best-first search: always expands the node whose heuristic estimate is smallest,
//! ignoring the cost so far. Fast when the heuristic is good, never guaranteed shortest.
//!
//! Graph search: a state already stored is never queued again. Ties between equal estimates
//! go to the deeper node. The 2x3 notebook's greedy search with Manhattan distance explored 9
//! states and found the optimal 8 moves there; so does ours.

use super::best_first::{Priority, best_first};
use crate::solve::core::{Domain, Heuristic, SearchControl, SearchOutcome};

/// Greedy best-first search from `domain`'s start guided by `heuristic`. Returns a legal
/// path, never flagged optimal.
pub fn greedy<D: Domain, H: Heuristic<D>>(
    domain: &D,
    heuristic: &H,
    control: &mut SearchControl,
) -> SearchOutcome<D::Move> {
    best_first(domain, heuristic, Priority::Estimate, false, control)
}
