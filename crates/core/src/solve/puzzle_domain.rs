//! What every puzzle domain offers the front door ([`crate::solve::api`]), so that one generic
//! path serves every request: list its heuristics, build one by name, turn its moves into
//! moves of concrete pieces, and run searches and walks (a domain may run them on a faster
//! view of itself, as the block engine does with its narrow states and word kernel), analyse
//! the start's component, and show its states as positions of the puzzle.

use crate::model::{PieceMove, Puzzle, PuzzleType};
use crate::solve::algorithms::{self, Algorithm, RunOptions, SpaceWalk};
use crate::solve::analysis::{Analysis, analyze_component};
use crate::solve::core::{
    Domain, Heuristic, HeuristicError, HeuristicInfo, SearchControl, SearchOutcome,
};
use crate::solve::estimate::BuildEstimate;
use crate::solve::observe::{NoObserver, Observer};

/// A [`Domain`] the front door can drive from a puzzle to a report.
pub trait PuzzleDomain: Domain + Sized {
    /// The heuristic this domain's searches use, ready to estimate.
    type Heuristic: Heuristic<Self>;

    /// Which engine the domain is (reported to the user).
    const TYPE: PuzzleType;

    /// Every heuristic of the domain, applicable or not (with the reason); the first
    /// admissible, applicable one is the default. `requested` is the name a request asks
    /// for: a domain whose heuristics take parameters in their names (tile pattern groups,
    /// `pdb:1,2,3/4,5,6`) lists it too.
    fn heuristics(&self, requested: Option<&str>) -> Vec<HeuristicInfo>;

    /// The heuristic called `name`, ready to use. Building it (a pattern database) honours
    /// `control`'s limits and cancel flag, and the time it takes is taken off the time limit
    /// the search then has; what the user should know about the build (time, size, cache)
    /// goes to `notes`.
    ///
    /// # Errors
    /// [`HeuristicError::NotApplicable`] for an unknown or inapplicable name or a build that
    /// cannot be made, [`HeuristicError::Stopped`] when a limit or the cancel flag stopped the
    /// build.
    fn heuristic(
        &self,
        name: &str,
        control: &mut SearchControl,
        notes: &mut Vec<String>,
    ) -> Result<Self::Heuristic, HeuristicError>;

    /// A solution `path` (moves of this domain from its start) as moves of concrete pieces
    /// with their unit steps, which replay on the model.
    fn piece_moves(&self, path: &[Self::Move]) -> Vec<PieceMove>;

    /// The path as the directions the blank moves (`"drul"`), where the domain has a blank.
    fn blank_moves(&self, path: &[Self::Move]) -> Option<String> {
        let _ = path;
        None
    }

    /// What building heuristic `name`'s tables will take before a search can start, told
    /// before it starts: `None` when it has no tables or they are all cached.
    fn build_estimate(&self, name: &str) -> Option<BuildEstimate> {
        let _ = name;
        None
    }

    /// Advice for a search with heuristic `used` that a limit stopped, when a stronger
    /// heuristic (tables not built yet) would have searched far fewer nodes.
    fn stronger_heuristic_note(&self, used: &str) -> Option<String> {
        let _ = used;
        None
    }

    /// Why the goal cannot be reached, when the domain can tell without searching.
    fn unsolvable_without_search(&self) -> Option<&'static str> {
        None
    }

    /// Runs `algorithm` from the start (see [`algorithms::run`]).
    fn search(
        &self,
        algorithm: Algorithm,
        heuristic: &Self::Heuristic,
        options: &RunOptions,
        control: &mut SearchControl,
    ) -> SearchOutcome<Self::Move> {
        self.search_observed(algorithm, heuristic, options, control, &mut NoObserver)
    }

    /// Runs `algorithm` from the start, reporting every step to `observer` (see
    /// [`algorithms::run_observed`]). A domain that searches on a faster view of itself
    /// passes the observer on to that search: the events are the real run's, and their
    /// moves are this domain's.
    fn search_observed<O: Observer<Self::Move>>(
        &self,
        algorithm: Algorithm,
        heuristic: &Self::Heuristic,
        options: &RunOptions,
        control: &mut SearchControl,
        observer: &mut O,
    ) -> SearchOutcome<Self::Move> {
        algorithms::run_observed(algorithm, self, heuristic, options, control, observer)
    }

    /// Walks the whole space reachable from the start (see [`algorithms::count_space`]).
    fn count_space(&self, control: &mut SearchControl) -> SpaceWalk {
        algorithms::count_space(self, control)
    }

    /// The analysis of the start's component (see [`analyze_component`]); a domain with a
    /// faster way of its own uses it.
    fn analyze(&self, control: &mut SearchControl) -> Analysis<Self::State, Self::Move> {
        analyze_component(self, control)
    }

    /// `puzzle` (the one the domain was built from) with its pieces where `state` has them.
    fn position(&self, puzzle: &Puzzle, state: &Self::State) -> Puzzle;
}
