//! Positions of a puzzle's start component with the positions one legal move leads to: what
//! another implementation of the move rules (the web page's player) is checked against.

use rustc_hash::FxHashSet;

use crate::model::{Cell, Metric, Puzzle};
use crate::report::web::{PositionMoves, PositionSample};
use crate::solve::puzzle_domain::PuzzleDomain;

use super::prepare::check_valid;
use super::request::{SolveError, metric_for};
use super::{Job, with_counting_domain};

/// The most positions [`positions_with_moves`] walks before it samples: a larger component is
/// sampled from the first this many positions of its walk.
pub const WALK_LIMIT: usize = 1_000_000;

/// [`positions_with_moves`]'s job.
struct SampleJob<'a> {
    puzzle: &'a Puzzle,
    limit: usize,
}

impl Job for SampleJob<'_> {
    type Output = (Vec<PositionMoves>, bool);

    fn run<D: PuzzleDomain>(self, domain: &D) -> Result<Self::Output, SolveError> {
        // The walk, breadth first: `order` is the queue and, once walked, the positions by
        // their distance from the start.
        let mut seen: FxHashSet<D::State> = FxHashSet::default();
        let mut order = vec![domain.start()];
        seen.insert(domain.start());
        let mut moves = Vec::new();
        let mut next = 0;
        while next < order.len() && order.len() < WALK_LIMIT {
            moves.clear();
            domain.moves(&order[next], &mut moves);
            for &mv in &moves {
                let after = domain.apply(&order[next], mv);
                if seen.insert(after.clone()) {
                    order.push(after);
                }
            }
            next += 1;
        }
        let whole = next == order.len();
        // Evenly spread over the walk, so that the sample reaches from the start to the
        // component's far end (an exit's goal positions, in a puzzle with one).
        let take = self.limit.min(order.len());
        let rows = |state: &D::State| domain.position(self.puzzle, state).board_rows();
        let sample = (0..take)
            .map(|i| {
                let state = &order[i * order.len() / take];
                moves.clear();
                domain.moves(state, &mut moves);
                PositionMoves {
                    board: rows(state),
                    successors: moves
                        .iter()
                        .map(|&mv| rows(&domain.apply(state, mv)))
                        .collect(),
                }
            })
            .collect();
        Ok((sample, whole && take == order.len()))
    }
}

/// `limit` positions of `puzzle`'s start component (all of them when it is smaller), each with
/// the positions every legal move in `metric` (or the puzzle's own) leads to, as the engine
/// generates them.
///
/// - The positions are spread evenly over a breadth-first walk of the component (its first
///   [`WALK_LIMIT`] positions when it is larger), the start first, so that they range from
///   the start to the farthest positions.
/// - The walk runs on the engine that counts the documented positions (pieces of one kind
///   taken for one another, pieces of different kinds kept apart).
///
/// # Errors
/// [`SolveError`] when the puzzle is invalid or the engine cannot hold it.
pub fn positions_with_moves(
    puzzle: &Puzzle,
    metric: Option<Metric>,
    limit: usize,
) -> Result<PositionSample, SolveError> {
    check_valid(puzzle)?;
    let metric = metric_for(puzzle, metric);
    let (positions, whole_component) =
        with_counting_domain(puzzle, metric, SampleJob { puzzle, limit })?;
    let kinds = puzzle
        .cells
        .iter()
        .filter_map(|c| match c {
            Cell::Piece(t) => Some((t.to_string(), puzzle.kind_of(*t))),
            _ => None,
        })
        .collect();
    Ok(PositionSample {
        metric,
        whole_component,
        kinds,
        positions,
    })
}
