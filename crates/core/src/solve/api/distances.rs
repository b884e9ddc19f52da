//! True distances to the goal along a solution: exact when the start's component is small
//! enough to map within the caller's limits.

use crate::model::{Metric, PieceMove, Puzzle};
use crate::solve::algorithms::bfs::distance_map;
use crate::solve::core::SearchControl;
use crate::solve::puzzle_domain::PuzzleDomain;

use super::prepare::check_valid;
use super::request::{SolveError, metric_for};
use super::{Job, states_along, with_domain};

/// [`distances_along`]'s job.
struct DistancesJob<'a> {
    moves: &'a [PieceMove],
    control: SearchControl,
}

impl Job for DistancesJob<'_> {
    type Output = Option<Vec<u32>>;

    fn run<D: PuzzleDomain>(mut self, domain: &D) -> Result<Option<Vec<u32>>, SolveError> {
        let states = states_along(domain, self.moves)?;
        let Ok(map) = distance_map(domain, &mut self.control) else {
            return Ok(None);
        };
        // A state absent from the map cannot reach a goal; a solution's states all can, so
        // only moves that are not a solution meet one, and they get no distances.
        Ok(states.iter().map(|s| map.get(s).copied()).collect())
    }
}

/// The true distance to the nearest goal position of every position along `moves` (a
/// solution from the start of `puzzle`, as in [`super::SolveReport::moves`]), start first:
/// `moves.len() + 1` values, in `metric` (or the puzzle's own).
///
/// - `control`'s limits bound the walks that map the start's component (every position's
///   distance to the goal): they decide what "small enough" is.
///
/// Returns `None` when a limit or the cancel flag stopped the map (the space is too large:
/// solve optimally instead, and read distances along that solution), or when `moves` is not
/// a solution.
///
/// # Errors
/// [`SolveError`] when the puzzle is invalid or `moves` is not a legal sequence of this
/// puzzle's moves in the metric.
pub fn distances_along(
    puzzle: &Puzzle,
    metric: Option<Metric>,
    moves: &[PieceMove],
    control: SearchControl,
) -> Result<Option<Vec<u32>>, SolveError> {
    check_valid(puzzle)?;
    let metric = metric_for(puzzle, metric);
    with_domain(puzzle, metric, None, DistancesJob { moves, control })
}
