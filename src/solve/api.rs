//! The front door of the solver, used by the CLI and the GUI: solve a [`Puzzle`] with a named
//! algorithm and heuristic, count its state space, list the choices that apply to it.
//!
//! It validates the puzzle, answers unsolvable tile puzzles by parity without searching,
//! routes tile puzzles to the tile fast path and everything else to the block engine, and
//! turns the domain's moves into concrete piece moves that replay on the model.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::model::{Dir, Metric, Puzzle, PuzzleType, Token};
use crate::solve::core::{Limits, SearchControl, Stats, Termination};

/// The search algorithms, by their stable CLI names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// Breadth-first search (graph search).
    Bfs,
    /// Depth-first search (graph search, optional depth cap).
    Dfs,
    /// Uniform-cost search.
    Ucs,
    /// Greedy best-first search on the heuristic alone.
    Greedy,
    /// A* search.
    Astar,
    /// Weighted A*: f = g + w·h.
    Wastar,
    /// Iterative-deepening depth-first search.
    Iddfs,
    /// Iterative-deepening A*.
    Idastar,
    /// Bidirectional breadth-first search (needs a complete goal state).
    Bibfs,
}

impl Algorithm {
    /// Every algorithm, in the order menus list them.
    pub const ALL: [Algorithm; 9] = [
        Algorithm::Bfs,
        Algorithm::Dfs,
        Algorithm::Ucs,
        Algorithm::Greedy,
        Algorithm::Astar,
        Algorithm::Wastar,
        Algorithm::Iddfs,
        Algorithm::Idastar,
        Algorithm::Bibfs,
    ];

    /// The stable CLI name (`bfs`, `astar`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Bfs => "bfs",
            Algorithm::Dfs => "dfs",
            Algorithm::Ucs => "ucs",
            Algorithm::Greedy => "greedy",
            Algorithm::Astar => "astar",
            Algorithm::Wastar => "wastar",
            Algorithm::Iddfs => "iddfs",
            Algorithm::Idastar => "idastar",
            Algorithm::Bibfs => "bibfs",
        }
    }

    /// A human title ("Weighted A*").
    pub fn title(self) -> &'static str {
        match self {
            Algorithm::Bfs => "Breadth-first",
            Algorithm::Dfs => "Depth-first",
            Algorithm::Ucs => "Uniform cost",
            Algorithm::Greedy => "Greedy best-first",
            Algorithm::Astar => "A*",
            Algorithm::Wastar => "Weighted A*",
            Algorithm::Iddfs => "Iterative deepening",
            Algorithm::Idastar => "IDA*",
            Algorithm::Bibfs => "Bidirectional BFS",
        }
    }

    /// Whether the algorithm uses a heuristic at all.
    pub fn uses_heuristic(self) -> bool {
        matches!(
            self,
            Algorithm::Greedy | Algorithm::Astar | Algorithm::Wastar | Algorithm::Idastar
        )
    }
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Algorithm {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Algorithm::ALL
            .into_iter()
            .find(|a| a.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
                format!("unknown algorithm `{s}`; choose one of {}", names.join(", "))
            })
    }
}

/// Everything a solve needs besides the puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveRequest {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// A heuristic name from [`heuristics_for`]; `None` picks the best admissible one.
    pub heuristic: Option<String>,
    /// Weighted A*'s weight (w >= 1).
    pub weight: f64,
    /// The move metric; `None` uses the puzzle's own, else `step`.
    pub metric: Option<Metric>,
    /// DFS's depth cap, if any.
    pub depth_cap: Option<u32>,
    /// Worker threads for algorithms that can use several (IDA* on tiles); 0 = all cores.
    pub threads: usize,
    /// Resource limits.
    pub limits: Limits,
}

impl Default for SolveRequest {
    fn default() -> Self {
        SolveRequest {
            algorithm: Algorithm::Astar,
            heuristic: None,
            weight: 1.0,
            metric: None,
            depth_cap: None,
            threads: 1,
            limits: Limits::default(),
        }
    }
}

/// One move of a concrete piece, with the unit steps it is made of.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceMove {
    /// The piece that moves (its real token, even when identical pieces were merged).
    pub piece: Token,
    /// The unit steps, in order; one for the step metric, several for slide and move.
    pub steps: Vec<Dir>,
}

/// A heuristic's name, description, and whether it applies to a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeuristicInfo {
    /// The stable name (`zero`, `manhattan`, `pdb`, ...).
    pub name: String,
    /// A one-line description for menus and tooltips.
    pub description: String,
    /// Whether it never overestimates in the given metric.
    pub admissible: bool,
    /// `Err(reason)` when it cannot be used on this puzzle.
    pub applicable: Result<(), String>,
}

/// The full result of a solve, as the CLI prints it and the GUI shows it.
#[derive(Clone, Debug)]
pub struct SolveReport {
    /// The puzzle's name.
    pub puzzle: String,
    /// Tiles or blocks (which engine ran).
    pub puzzle_type: PuzzleType,
    /// The algorithm that ran.
    pub algorithm: Algorithm,
    /// The heuristic that ran (`zero` for uninformed algorithms).
    pub heuristic: String,
    /// The metric lengths are counted in.
    pub metric: Metric,
    /// Why the search stopped.
    pub status: Termination,
    /// Whether the solution is guaranteed shortest in `metric`.
    pub optimal: bool,
    /// The solution's moves, when solved.
    pub moves: Vec<PieceMove>,
    /// For tile puzzles: the directions the blank moves (`"drul"`), as in the seeds.
    pub blank_moves: Option<String>,
    /// Search statistics.
    pub stats: Stats,
    /// Notes for the user (weight > 1 is not optimal, pattern database build time, ...).
    pub notes: Vec<String>,
}

impl SolveReport {
    /// Solution length in the metric, when solved.
    pub fn length(&self) -> Option<usize> {
        (self.status == Termination::Solved).then_some(self.moves.len())
    }

    /// Solution length in unit steps, when solved.
    pub fn steps(&self) -> Option<usize> {
        (self.status == Termination::Solved).then(|| self.moves.iter().map(|m| m.steps.len()).sum())
    }
}

/// The size of a reachable state space.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CountReport {
    /// Reachable states (identical pieces merged).
    pub states: u64,
    /// The farthest distance from the start.
    pub max_depth: u32,
    /// States at each distance from the start.
    pub per_depth: Vec<u64>,
    /// States that satisfy the goal (0 when the puzzle has no goal).
    pub goal_states: u64,
    /// Why the count stopped (`Unsolvable` here means "space exhausted", i.e. complete).
    pub status: Termination,
    /// Search statistics.
    pub stats: Stats,
}

/// Why a solve could not start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The puzzle does not validate.
    #[error("the puzzle is not valid: {0}")]
    Invalid(String),
    /// The algorithm/heuristic/metric combination does not apply.
    #[error("{0}")]
    NotApplicable(String),
}

/// The heuristics for `puzzle` in `metric`, applicable or not (with the reason).
pub fn heuristics_for(puzzle: &Puzzle, metric: Metric) -> Vec<HeuristicInfo> {
    let _ = (puzzle, metric);
    Vec::new()
}

/// Solves `puzzle` as `request` says, under `control`'s limits, progress sink and cancel flag.
///
/// # Errors
/// [`SolveError`] when the puzzle is invalid or the request does not apply to it. An
/// unsolvable puzzle is not an error: the report's status says `Unsolvable`.
pub fn solve(
    puzzle: &Puzzle,
    request: &SolveRequest,
    control: SearchControl,
) -> Result<SolveReport, SolveError> {
    let _ = (puzzle, request, control);
    Err(SolveError::NotApplicable("the solver is not built yet".into()))
}

/// Counts the states reachable from `puzzle`'s start in `metric`.
///
/// # Errors
/// [`SolveError::Invalid`] when the puzzle does not validate.
pub fn count(
    puzzle: &Puzzle,
    metric: Metric,
    control: SearchControl,
) -> Result<CountReport, SolveError> {
    let _ = (puzzle, metric, control);
    Err(SolveError::NotApplicable("counting is not built yet".into()))
}
