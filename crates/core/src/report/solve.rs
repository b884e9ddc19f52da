//! The objects of one search: a solve, a count, and the heuristics a puzzle offers.

use crate::solve::core::Reason;
use serde::Serialize;

use crate::model::Metric;
use crate::solve::api::{CountReport, SolveReport};
use crate::solve::core::HeuristicInfo;

use super::common::{Move, PeakMemory, moves};

/// A solve's report (the CLI's `solve --json`).
///
/// Its keys, in order: `algorithm`, `blank_moves` (tile puzzles only: the key is absent
/// otherwise), `completed_depth`, `depth`, `duplicates`, `expanded`, `frontier`,
/// `generated`, `goal_tests`, `heuristic`, `length`, `max_frontier`, `metric`, `moves`,
/// `nodes_per_second`, `notes`, `optimal`, `peak_memory_bytes`, `peak_memory_estimated`,
/// `puzzle`, `puzzle_type`, `seconds`, `status`, `steps`, `stored`. `length` and `steps`
/// are `null` unless solved.
#[derive(Clone, Debug, Serialize)]
pub struct Solve<'a> {
    algorithm: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    blank_moves: Option<&'a str>,
    completed_depth: Option<u32>,
    depth: u32,
    duplicates: u64,
    expanded: u64,
    frontier: u64,
    generated: u64,
    goal_tests: u64,
    heuristic: &'a str,
    length: Option<usize>,
    max_frontier: u64,
    metric: &'static str,
    moves: Vec<Move<'a>>,
    nodes_per_second: f64,
    notes: &'a [String],
    optimal: bool,
    #[serde(flatten)]
    memory: PeakMemory,
    puzzle: &'a str,
    puzzle_type: &'static str,
    seconds: f64,
    status: &'static str,
    steps: Option<usize>,
    stored: u64,
}

impl Solve<'_> {
    /// The report with `memory` as its peak memory instead of the search's estimate.
    #[must_use]
    pub fn with_peak_memory(mut self, memory: PeakMemory) -> Self {
        self.memory = memory;
        self
    }
}

impl<'a> From<&'a SolveReport> for Solve<'a> {
    fn from(r: &'a SolveReport) -> Self {
        let s = &r.stats;
        Solve {
            algorithm: r.algorithm.name(),
            blank_moves: r.blank_moves.as_deref(),
            completed_depth: s.completed_depth,
            depth: s.depth,
            duplicates: s.duplicates,
            expanded: s.expanded,
            frontier: s.frontier,
            generated: s.generated,
            goal_tests: s.goal_tests,
            heuristic: &r.heuristic,
            length: r.length(),
            max_frontier: s.max_frontier,
            metric: r.metric.name(),
            moves: moves(&r.moves),
            nodes_per_second: s.nodes_per_second(),
            notes: &r.notes,
            optimal: r.optimal,
            memory: PeakMemory::estimated(s.peak_memory_bytes),
            puzzle: &r.puzzle,
            puzzle_type: r.puzzle_type.name(),
            seconds: s.elapsed.as_secs_f64(),
            status: r.status.name(),
            steps: r.steps(),
            stored: s.stored,
        }
    }
}

/// One heuristic a puzzle offers (`reason` is why it does not apply, or `null`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Heuristic<'a> {
    admissible: bool,
    applicable: bool,
    description: &'a str,
    name: &'a str,
    reason: Option<&'a str>,
}

/// The heuristics of one puzzle, in the order the solver lists them.
pub fn heuristics(infos: &[HeuristicInfo]) -> Vec<Heuristic<'_>> {
    infos
        .iter()
        .map(|h| Heuristic {
            admissible: h.admissible,
            applicable: h.applicable.is_ok(),
            description: &h.description,
            name: &h.name,
            reason: h.applicable.as_ref().err().map(Reason::as_str),
        })
        .collect()
}

/// The heuristics of both engines, for a listing without a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AllHeuristics<'a> {
    /// Of block puzzles.
    pub blocks: Vec<Heuristic<'a>>,
    /// Of tile puzzles.
    pub tiles: Vec<Heuristic<'a>>,
}

/// A count of a puzzle's reachable states (the CLI's `count --json`).
#[derive(Clone, Debug, Serialize)]
pub struct Count<'a> {
    complete: bool,
    expanded: u64,
    goal_states: u64,
    max_depth: u32,
    metric: &'static str,
    mirrored: bool,
    #[serde(flatten)]
    memory: PeakMemory,
    per_depth: &'a [u64],
    puzzle: &'a str,
    seconds: f64,
    states: u64,
    states_per_second: f64,
    /// `counted` when the whole space was walked, else the limit that stopped the walk.
    status: &'static str,
}

impl<'a> Count<'a> {
    /// The object for `report`, a count of the puzzle `name` in `metric`.
    pub fn new(name: &'a str, metric: Metric, report: &'a CountReport) -> Self {
        let complete = report.complete();
        Count {
            complete,
            expanded: report.stats.expanded,
            goal_states: report.goal_states,
            max_depth: report.max_depth,
            metric: metric.name(),
            mirrored: report.mirrored,
            memory: PeakMemory::estimated(report.stats.peak_memory_bytes),
            per_depth: &report.per_depth,
            puzzle: name,
            seconds: report.stats.elapsed.as_secs_f64(),
            states: report.states,
            states_per_second: report.states_per_second(),
            status: if complete {
                "counted"
            } else {
                report.status.name()
            },
        }
    }

    /// The object with `memory` as its peak memory instead of the walk's estimate.
    #[must_use]
    pub fn with_peak_memory(mut self, memory: PeakMemory) -> Self {
        self.memory = memory;
        self
    }
}
