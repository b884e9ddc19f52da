//! The front door for batches of numbered-tile layouts that share a board and a goal (the
//! CLI's `batch`, the benchmarks): the request is checked and its heuristic chosen and built
//! once, then every start is solved with it. Layouts are bare numbers, so boards whose tiles
//! no piece token can spell (a 32x32 board has tile 1023) are solved too.

use crate::model::tiles::TileLayout;
use crate::solve::algorithms;
use crate::solve::core::{Domain, HeuristicError, SearchControl, Stats, Termination};
use crate::solve::puzzle_domain::PuzzleDomain;
use crate::solve::tiles::{TileDomain, TileHeuristic};

use super::prepare::{check_request, choose_heuristic, run_options};
use super::request::{SolveError, SolveRequest};

/// A request prepared for many starts on one board with one goal.
#[derive(Debug)]
pub struct TileBatch {
    request: SolveRequest,
    rows: usize,
    cols: usize,
    goal: Vec<u16>,
    heuristic_name: String,
    heuristic: TileHeuristic,
}

/// Why a [`TileBatch`] could not be prepared.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BatchError {
    /// The goal or the request does not apply.
    #[error(transparent)]
    Refused(#[from] SolveError),
    /// A limit or the cancel flag stopped building the heuristic's tables.
    #[error("stopped ({}) while building the heuristic's tables", .0.name())]
    Stopped(Termination),
}

/// How one start of a [`TileBatch`] ended.
#[derive(Clone, Debug)]
pub struct TileOutcome {
    /// Why the search stopped (`Unsolvable` without search when parity says so).
    pub status: Termination,
    /// The solution's length, when solved (checked to replay from the start to the goal).
    pub length: Option<usize>,
    /// Whether the answer is exact: a solution guaranteed shortest, or unsolvability decided
    /// by parity.
    pub optimal: bool,
    /// Search statistics (zero when parity decided).
    pub stats: Stats,
}

impl TileBatch {
    /// Checks `request` and builds its heuristic (the best one when it names none) for a
    /// `rows` x `cols` board whose goal is `goal` (row-major, 0 the blank), within
    /// `control`'s limits and cancel flag (tightened to the request's). What the user should
    /// know about the preparation (a pattern database built or loaded, or why it stopped)
    /// goes to `notes`.
    ///
    /// # Errors
    /// [`BatchError::Refused`] when the goal is not a permutation of the board's numbers or
    /// the request does not apply (unknown heuristic, bad weight); [`BatchError::Stopped`]
    /// when a limit or the cancel flag stopped building the heuristic's tables.
    pub fn new(
        rows: usize,
        cols: usize,
        goal: &[u16],
        request: &SolveRequest,
        control: &mut SearchControl,
        notes: &mut Vec<String>,
    ) -> Result<TileBatch, BatchError> {
        check_request(request)?;
        let domain = TileDomain::new(&TileLayout::numbered(rows, cols, goal, goal))
            .map_err(SolveError::unsupported)?
            .with_pdb_cache(request.pdb_cache.clone());
        let infos = domain.heuristics(request.heuristic.as_deref());
        let heuristic_name = choose_heuristic(request, &infos, notes)?;
        let heuristic = domain
            .heuristic(&heuristic_name, control, notes)
            .map_err(|e| match e {
                HeuristicError::Stopped(status) => BatchError::Stopped(status),
                HeuristicError::NotApplicable(why) => SolveError::NotApplicable(why).into(),
            })?;
        Ok(TileBatch {
            request: request.clone(),
            rows,
            cols,
            goal: goal.to_vec(),
            heuristic_name,
            heuristic,
        })
    }

    /// The heuristic every start is solved with.
    pub fn heuristic(&self) -> &str {
        &self.heuristic_name
    }

    /// Solves from `start` (row-major, 0 the blank) under `control` (its limits tightened to
    /// the request's). A solution is replayed and checked to end on the goal.
    ///
    /// # Errors
    /// [`SolveError`] when `start` is not a permutation of the board's numbers, the algorithm
    /// does not apply, or (an internal error) a solution does not replay to the goal.
    pub fn solve(
        &self,
        start: &[u16],
        mut control: SearchControl,
    ) -> Result<TileOutcome, SolveError> {
        let layout = TileLayout::numbered(self.rows, self.cols, start, &self.goal);
        let domain = TileDomain::new(&layout).map_err(SolveError::unsupported)?;
        if domain.unsolvable_without_search().is_some() {
            return Ok(TileOutcome {
                status: Termination::Unsolvable,
                length: None,
                optimal: true,
                stats: Stats::default(),
            });
        }
        algorithms::applicable(self.request.algorithm, &domain)
            .map_err(SolveError::not_applicable)?;
        let outcome = domain.search(
            self.request.algorithm,
            &self.heuristic,
            &run_options(&self.request),
            &mut control,
        );
        let length = match &outcome.path {
            Some(path) if outcome.termination == Termination::Solved => {
                let reached = domain.replay(&domain.start(), path);
                let goal = domain.goal_state().map_err(SolveError::unsupported)?;
                if reached != Some(goal) {
                    return Err(SolveError::Unsupported(
                        "internal error: a solution did not replay to the goal".into(),
                    ));
                }
                Some(path.len())
            }
            _ => None,
        };
        Ok(TileOutcome {
            status: outcome.termination,
            length,
            optimal: outcome.optimal,
            stats: outcome.stats,
        })
    }
}
