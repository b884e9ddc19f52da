//! The block engine behind the front door: its heuristics, and every search and walk run on
//! the narrowest states that hold the puzzle.

use crate::model::{PieceMove, Puzzle, PuzzleType};
use crate::solve::algorithms::{Algorithm, RunOptions, SpaceWalk};
use crate::solve::analysis::Analysis;
use crate::solve::core::{
    HeuristicError, HeuristicInfo, SearchControl, SearchOutcome, Termination,
};
use crate::solve::observe::Observer;
use crate::solve::puzzle_domain::PuzzleDomain;

use super::domain::BlockDomain;
use super::heuristics::{self, BlockEstimator};
use super::narrow;

impl PuzzleDomain for BlockDomain {
    type Heuristic = BlockEstimator;

    const TYPE: PuzzleType = PuzzleType::Blocks;

    fn heuristics(&self, _requested: Option<&str>) -> Vec<HeuristicInfo> {
        heuristics::infos(self)
    }

    fn position(&self, _puzzle: &Puzzle, state: &Self::State) -> Puzzle {
        BlockDomain::position(self, state)
    }

    fn analyze(&self, control: &mut SearchControl) -> Analysis<Self::State, Self::Move> {
        super::analyze(self, control)
    }

    fn heuristic(
        &self,
        name: &str,
        control: &mut SearchControl,
        _notes: &mut Vec<String>,
    ) -> Result<BlockEstimator, HeuristicError> {
        heuristics::heuristic(self, name, control).map_err(|why| {
            // The pattern database's build reports a cancel as a failure to build.
            if control.is_cancelled() {
                HeuristicError::Stopped(Termination::Cancelled)
            } else {
                HeuristicError::NotApplicable(why.into())
            }
        })
    }

    fn piece_moves(&self, path: &[Self::Move]) -> Vec<PieceMove> {
        BlockDomain::piece_moves(self, path)
    }

    fn search_observed<O: Observer<Self::Move>>(
        &self,
        algorithm: Algorithm,
        heuristic: &BlockEstimator,
        options: &RunOptions,
        control: &mut SearchControl,
        observer: &mut O,
    ) -> SearchOutcome<Self::Move> {
        narrow::run(algorithm, self, heuristic, options, control, observer)
    }

    fn count_space(&self, control: &mut SearchControl) -> SpaceWalk {
        narrow::count_space(self, control)
    }
}
