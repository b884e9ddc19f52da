//! The objects of the whole-space analyses: one component analysed, a piece set explored.

use serde::Serialize;

use crate::solve::api::{AnalyzeReport, ExploreReport, HardestPosition};

use super::common::{Move, PeakMemory, moves};

/// An analysis's hardest starts: one of them as board rows, their distance and number.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hardest {
    board: Vec<String>,
    count: u64,
    distance: u32,
}

/// The analysis of a start's component (the CLI's `analyze --json`).
#[derive(Clone, Debug, Serialize)]
pub struct Analyze<'a> {
    choices: &'a [u32],
    complete: bool,
    component: u64,
    expanded: u64,
    forced_moves: usize,
    goal_positions: u64,
    hardest: Option<Hardest>,
    histogram: &'a [u64],
    metric: &'static str,
    notes: &'a [String],
    /// A decimal string: the count may exceed 64 bits.
    optimal_solutions: Option<String>,
    optimal_solutions_saturated: Option<bool>,
    #[serde(flatten)]
    memory: PeakMemory,
    puzzle: &'a str,
    puzzle_type: &'static str,
    seconds: f64,
    solution: Vec<Move<'a>>,
    start_distance: Option<u32>,
    /// `analyzed` when the whole component was, else the limit that stopped the analysis.
    status: &'static str,
}

impl Analyze<'_> {
    /// The object with `memory` as its peak memory instead of the analysis's estimate.
    #[must_use]
    pub fn with_peak_memory(mut self, memory: PeakMemory) -> Self {
        self.memory = memory;
        self
    }
}

impl<'a> From<&'a AnalyzeReport> for Analyze<'a> {
    fn from(r: &'a AnalyzeReport) -> Self {
        Analyze {
            choices: &r.choices,
            complete: r.complete(),
            component: r.component,
            expanded: r.stats.expanded,
            forced_moves: r.choices.iter().filter(|&&c| c == 1).count(),
            goal_positions: r.goal_positions,
            hardest: r.hardest.as_ref().map(|h| Hardest {
                board: h.position.board_rows(),
                count: h.count,
                distance: h.distance,
            }),
            histogram: &r.histogram,
            metric: r.metric.name(),
            notes: &r.notes,
            optimal_solutions: r.solutions.map(|s| s.value.to_string()),
            optimal_solutions_saturated: r.solutions.map(|s| s.saturated),
            memory: PeakMemory::estimated(r.stats.peak_memory_bytes),
            puzzle: &r.puzzle,
            puzzle_type: r.puzzle_type.name(),
            seconds: r.stats.elapsed.as_secs_f64(),
            solution: moves(&r.solution),
            start_distance: r.start_distance,
            status: if r.complete() {
                "analyzed"
            } else {
                r.status.name()
            },
        }
    }
}

/// An exploration's hardest start of one component.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExploredHardest {
    board: Vec<String>,
    component: u64,
    count: u64,
    distance: u32,
}

impl From<&HardestPosition> for ExploredHardest {
    fn from(h: &HardestPosition) -> Self {
        ExploredHardest {
            board: h.position.board_rows(),
            component: h.component,
            count: h.count,
            distance: h.distance,
        }
    }
}

/// The exploration of every arrangement of a piece set (the CLI's `explore --json`).
#[derive(Clone, Debug, Serialize)]
pub struct Explore<'a> {
    arrangements: u64,
    complete: bool,
    components: u64,
    expanded: u64,
    goal_arrangements: u64,
    hardest: Vec<ExploredHardest>,
    metric: &'static str,
    notes: &'a [String],
    #[serde(flatten)]
    memory: PeakMemory,
    puzzle: &'a str,
    seconds: f64,
    solvable_components: u64,
    /// `explored` when every arrangement was, else the limit that stopped it.
    status: &'static str,
}

impl Explore<'_> {
    /// The object with `memory` as its peak memory instead of the exploration's estimate.
    #[must_use]
    pub fn with_peak_memory(mut self, memory: PeakMemory) -> Self {
        self.memory = memory;
        self
    }
}

impl<'a> From<&'a ExploreReport> for Explore<'a> {
    fn from(r: &'a ExploreReport) -> Self {
        Explore {
            arrangements: r.arrangements,
            complete: r.complete(),
            components: r.components,
            expanded: r.stats.expanded,
            goal_arrangements: r.goal_arrangements,
            hardest: r.hardest.iter().map(ExploredHardest::from).collect(),
            metric: r.metric.name(),
            notes: &r.notes,
            memory: PeakMemory::estimated(r.stats.peak_memory_bytes),
            puzzle: &r.puzzle,
            seconds: r.stats.elapsed.as_secs_f64(),
            solvable_components: r.solvable_components,
            status: if r.complete() {
                "explored"
            } else {
                r.status.name()
            },
        }
    }
}
