//! What a solve and a count report: the reports themselves, and how the front door fills a
//! report from a finished search. Their serializable form is in [`report`](crate::report).

use serde::Serialize;

use crate::model::{Metric, PieceMove, Puzzle, PuzzleType};
use crate::solve::algorithms::Algorithm;
use crate::solve::core::{SearchOutcome, Stats, Termination};

use super::request::{SolveRequest, metric_for};

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
    /// Reachable states (pieces of one kind merged, a piece without a kind its own kind).
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
    /// Whether the walk expanded one position of each mirror pair (the puzzle's rules and
    /// start are left-right symmetric); the counts still cover every state.
    pub mirrored: bool,
}

impl CountReport {
    /// Whether the whole space was walked (the walk ran out of states rather than into a
    /// limit).
    pub fn complete(&self) -> bool {
        self.status == Termination::Unsolvable
    }

    /// States counted per second of the walk.
    pub fn states_per_second(&self) -> f64 {
        self.states as f64 / self.stats.elapsed.as_secs_f64().max(1e-9)
    }
}

/// A hint for a player: the first move of a solution from the current position.
#[derive(Clone, Debug)]
pub struct Hint {
    /// The best next move (`None` when the position is already solved, or no solution was
    /// found: see `report.status`).
    pub next: Option<PieceMove>,
    /// The full solve from the current position.
    pub report: SolveReport,
}

/// Why a solution is not guaranteed shortest, for the report's notes.
fn not_optimal_note(request: &SolveRequest, heuristic: &str) -> String {
    match request.algorithm {
        Algorithm::Dfs => {
            "depth-first search returns the first path it finds: not guaranteed optimal".into()
        }
        Algorithm::Greedy => {
            "greedy best-first search follows the heuristic only: not guaranteed optimal".into()
        }
        Algorithm::Wastar if request.weight > 1.0 => format!(
            "weighted A* with w = {}: not guaranteed optimal (at most {} times the shortest when the heuristic is admissible)",
            request.weight, request.weight
        ),
        _ => format!("heuristic `{heuristic}` is not admissible: not guaranteed optimal"),
    }
}

/// An empty report for `puzzle` and `request`, filled in as the solve goes.
pub(super) fn new_report(
    puzzle: &Puzzle,
    request: &SolveRequest,
    puzzle_type: PuzzleType,
) -> SolveReport {
    SolveReport {
        puzzle: puzzle.name.clone(),
        puzzle_type,
        algorithm: request.algorithm,
        heuristic: "zero".into(),
        metric: metric_for(puzzle, request.metric),
        status: Termination::Unsolvable,
        optimal: false,
        moves: Vec::new(),
        blank_moves: None,
        stats: Stats::default(),
        notes: Vec::new(),
    }
}

/// Fills `report` from a finished search.
pub(super) fn record<M>(
    report: &mut SolveReport,
    request: &SolveRequest,
    outcome: &SearchOutcome<M>,
    moves: impl FnOnce(&[M]) -> Vec<PieceMove>,
) {
    report.status = outcome.termination;
    report.stats = outcome.stats;
    report.optimal = outcome.optimal;
    if let Some(path) = &outcome.path {
        report.moves = moves(path);
        if !outcome.optimal {
            let note = not_optimal_note(request, &report.heuristic);
            report.notes.push(note);
        }
    }
    if !matches!(
        outcome.termination,
        Termination::Solved | Termination::Unsolvable
    ) && let Some(depth) = outcome.stats.completed_depth
    {
        report.notes.push(format!(
            "stopped ({}) after proving no solution of length {depth} or less exists",
            outcome.termination.name()
        ));
    }
}
