//! Positions of a puzzle's start component with the positions one legal move leads to: what
//! another implementation of the move rules (the web page's player) is checked against.

use std::collections::{BTreeMap, VecDeque};

use rustc_hash::FxHashMap;
use serde::Serialize;

use crate::model::{Cell, Metric, Puzzle};
use crate::solve::puzzle_domain::PuzzleDomain;

use super::prepare::check_valid;
use super::request::{SolveError, metric_for};
use super::{Job, with_counting_domain};

/// A position and the positions its legal moves lead to, each as the file format's rows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionMoves {
    /// The position, as [`Puzzle::board_rows`] writes it.
    pub board: Vec<String>,
    /// The position after each legal move, in the engine's order; pieces of one kind may be
    /// named in any order (the engine takes them for one another).
    pub successors: Vec<Vec<String>>,
}

/// The positions [`positions_with_moves`] walked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionSample {
    /// The metric the moves are in.
    pub metric: Metric,
    /// Whether the sample is the whole component of the start.
    pub whole_component: bool,
    /// Each piece's kind (see [`Puzzle::kind_of`]): pieces of one kind are interchangeable.
    pub kinds: BTreeMap<String, String>,
    /// The positions, in breadth-first order from the start.
    pub positions: Vec<PositionMoves>,
}

/// [`positions_with_moves`]'s job.
struct SampleJob<'a> {
    puzzle: &'a Puzzle,
    limit: usize,
}

impl Job for SampleJob<'_> {
    type Output = (Vec<PositionMoves>, bool);

    fn run<D: PuzzleDomain>(self, domain: &D) -> Result<Self::Output, SolveError> {
        let rows = |state: &D::State| domain.position(self.puzzle, state).board_rows();
        let mut seen: FxHashMap<D::State, ()> = FxHashMap::default();
        let mut queue = VecDeque::from([domain.start()]);
        seen.insert(domain.start(), ());
        let mut out = Vec::new();
        let mut moves = Vec::new();
        while let Some(state) = queue.pop_front() {
            if out.len() == self.limit {
                return Ok((out, false));
            }
            moves.clear();
            domain.moves(&state, &mut moves);
            let mut successors = Vec::with_capacity(moves.len());
            for &mv in &moves {
                let next = domain.apply(&state, mv);
                successors.push(rows(&next));
                if seen.insert(next.clone(), ()).is_none() {
                    queue.push_back(next);
                }
            }
            out.push(PositionMoves {
                board: rows(&state),
                successors,
            });
        }
        Ok((out, true))
    }
}

/// The first `limit` positions of a breadth-first walk of `puzzle`'s start component (all of
/// them when it is smaller), each with the positions every legal move in `metric` (or the
/// puzzle's own) leads to, as the engine generates them.
///
/// - The walk runs on the engine that counts the documented positions (pieces of one kind
///   taken for one another, pieces of different kinds kept apart); `limit` bounds its work.
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
