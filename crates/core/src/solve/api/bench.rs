//! The block engine's kernels as `blockslide bench` times them, on the engine itself rather
//! than through the front door, so that a measurement stays comparable from one version to the
//! next: the whole-space walk with its domain built beforehand, and A* with a named heuristic,
//! the domain and the heuristic's tables built inside the timed run.

use crate::model::{Metric, Puzzle};
use crate::solve::algorithms::{SpaceWalk, astar};
use crate::solve::blocks::{BlockDomain, BlockHeuristic, count_space, heuristic};
use crate::solve::core::{SearchControl, Stats, Termination};

use super::request::SolveError;

/// A block puzzle's whole-space walk, its domain built once, so that each run times the walk
/// alone (`bench klotski-bfs`).
pub struct BlockWalk {
    domain: BlockDomain,
}

impl BlockWalk {
    /// The walk of `puzzle`'s space in `metric`.
    ///
    /// # Errors
    /// [`SolveError::Unsupported`] when the block engine cannot hold the puzzle.
    pub fn new(puzzle: &Puzzle, metric: Metric) -> Result<BlockWalk, SolveError> {
        let domain = BlockDomain::new(puzzle, metric).map_err(SolveError::unsupported)?;
        Ok(BlockWalk { domain })
    }

    /// Walks every state the start reaches (pieces of one kind merged), under `control`.
    pub fn run(&self, control: &mut SearchControl) -> SpaceWalk {
        count_space(&self.domain, control)
    }
}

/// The block heuristics `bench classics` compares: the default and the strongest.
pub fn classic_heuristics() -> [&'static str; 2] {
    [BlockHeuristic::ALL[0].name(), BlockHeuristic::Max.name()]
}

/// What one A* run of [`block_astar`] found.
#[derive(Clone, Debug)]
pub struct AstarRun {
    /// Why the search stopped.
    pub termination: Termination,
    /// The moves of the solution found (0 when none).
    pub length: usize,
    /// Whether the length is proved shortest.
    pub optimal: bool,
    /// The search's statistics.
    pub stats: Stats,
}

/// A* on the block engine with the heuristic called `name`, as one timed unit: the domain, the
/// heuristic (its pattern database included) and the search (`bench classics`).
///
/// # Errors
/// [`SolveError::Unsupported`] when the engine cannot hold the puzzle,
/// [`SolveError::NotApplicable`] for an unknown or inapplicable heuristic.
pub fn block_astar(
    puzzle: &Puzzle,
    metric: Metric,
    name: &str,
    control: &mut SearchControl,
) -> Result<AstarRun, SolveError> {
    let domain = BlockDomain::new(puzzle, metric).map_err(SolveError::unsupported)?;
    let h = heuristic(&domain, name, control).map_err(SolveError::not_applicable)?;
    let outcome = astar(&domain, &h, 1.0, control);
    Ok(AstarRun {
        termination: outcome.termination,
        length: outcome.path.as_ref().map_or(0, Vec::len),
        optimal: outcome.optimal,
        stats: outcome.stats,
    })
}
