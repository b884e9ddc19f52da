//! The objects of `bench --json`: one per measurement, a line each.

use serde::Serialize;

/// `bench klotski-bfs --json`: one puzzle's space walked in one metric.
#[derive(Serialize)]
pub struct BenchWalk<'a> {
    /// Positions expanded (one of each mirror pair when `mirrored`).
    pub expanded: u64,
    /// Positions that satisfy the goal.
    pub goal_states: u64,
    /// The farthest distance from the start.
    pub max_depth: u32,
    /// CPU seconds per run, the mean.
    pub mean_cpu_seconds: f64,
    /// Wall-clock seconds per run, the median.
    pub median_seconds: f64,
    /// The metric's name.
    pub metric: &'static str,
    /// Whether the walk expanded one position of each mirror pair.
    pub mirrored: bool,
    /// The walk's peak memory.
    pub peak_memory_bytes: u64,
    /// The puzzle's name.
    pub puzzle: &'a str,
    /// Runs measured.
    pub runs: usize,
    /// Positions reachable.
    pub states: u64,
    /// Positions per CPU second.
    pub states_per_cpu_second: f64,
    /// Positions per wall-clock second.
    pub states_per_second: f64,
    /// `klotski-bfs`.
    pub suite: &'static str,
}

/// `bench classics --json`: one A* solve.
#[derive(Serialize)]
pub struct BenchClassic<'a> {
    /// `astar`.
    pub algorithm: &'static str,
    /// Expanded nodes.
    pub expanded: u64,
    /// The heuristic's name.
    pub heuristic: &'static str,
    /// The solution's length.
    pub length: usize,
    /// CPU seconds per run, the mean.
    pub mean_cpu_seconds: f64,
    /// Wall-clock seconds per run, the median.
    pub median_seconds: f64,
    /// The metric's name.
    pub metric: &'static str,
    /// Whether the length is guaranteed optimal.
    pub optimal: bool,
    /// The search's peak memory.
    pub peak_memory_bytes: u64,
    /// The puzzle's name.
    pub puzzle: &'a str,
    /// Runs measured.
    pub runs: usize,
    /// `classics`.
    pub suite: &'static str,
}

/// `bench analyze --json`: one component analysed in one metric.
#[derive(Serialize)]
pub struct BenchComponent<'a> {
    /// The largest distance to the goal.
    pub hardest: u32,
    /// Wall-clock seconds per run, the median.
    pub median_seconds: f64,
    /// The metric's name.
    pub metric: &'static str,
    /// The number of shortest solutions, in decimal.
    pub optimal_solutions: String,
    /// The analysis's peak memory.
    pub peak_memory_bytes: u64,
    /// Positions in the component.
    pub positions: u64,
    /// The puzzle's name.
    pub puzzle: &'a str,
    /// Runs measured.
    pub runs: usize,
    /// The start's distance to the goal.
    pub start_distance: u32,
    /// `analyze`.
    pub suite: &'static str,
    /// `component`.
    pub what: &'static str,
}

/// `bench analyze --json`: a piece set explored in one metric.
#[derive(Serialize)]
pub struct BenchPieceSet<'a> {
    /// Arrangements of the pieces.
    pub arrangements: u64,
    /// Components among them.
    pub components: u64,
    /// The largest distance to the goal in a solvable component.
    pub hardest: u32,
    /// Wall-clock seconds per run, the median.
    pub median_seconds: f64,
    /// The metric's name.
    pub metric: &'static str,
    /// The exploration's peak memory.
    pub peak_memory_bytes: u64,
    /// The puzzle's name.
    pub puzzle: &'a str,
    /// Runs measured.
    pub runs: usize,
    /// Components that contain a goal arrangement.
    pub solvable_components: u64,
    /// `analyze`.
    pub suite: &'static str,
    /// `piece-set`.
    pub what: &'static str,
}

/// `bench suggest --json`: every one-step edit of a design analysed in one metric.
#[derive(Serialize)]
pub struct BenchSuggest<'a> {
    /// The best edit's hardest start.
    pub best_hardest: Option<u32>,
    /// Edits analysed.
    pub edits: usize,
    /// The design's own hardest start.
    pub hardest: Option<u32>,
    /// Wall-clock seconds per run, the median.
    pub median_seconds: f64,
    /// The metric's name.
    pub metric: &'static str,
    /// The puzzle's name.
    pub puzzle: &'a str,
    /// Runs measured.
    pub runs: usize,
    /// `suggest`.
    pub suite: &'static str,
    /// Edits analysed at once.
    pub threads: usize,
}

/// `bench big --json`: one breadth-first solve of a large block puzzle.
#[derive(Serialize)]
pub struct BenchBig<'a> {
    /// Peak memory per stored position.
    pub bytes_per_stored_state: f64,
    /// Positions expanded.
    pub expanded: u64,
    /// The solution's length.
    pub length: usize,
    /// CPU seconds of the whole process per run, the median.
    pub median_cpu_seconds: f64,
    /// Wall-clock seconds per run, the median.
    pub median_seconds: f64,
    /// The metric's name.
    pub metric: &'static str,
    /// Whether the length is guaranteed optimal.
    pub optimal: bool,
    /// The search's peak memory.
    pub peak_memory_bytes: u64,
    /// The puzzle's name.
    pub puzzle: &'a str,
    /// Runs measured.
    pub runs: usize,
    /// Positions expanded per CPU second.
    pub states_per_cpu_second: f64,
    /// Positions stored.
    pub stored: u64,
    /// `big`.
    pub suite: &'static str,
    /// Worker threads asked for (0 = every core).
    pub threads: usize,
}

/// `bench eight --json`: the 8-puzzles with one heuristic.
#[derive(Serialize)]
pub struct BenchEight<'a> {
    /// Generated nodes, all instances, in the last run.
    pub generated: u64,
    /// The heuristic's name.
    pub heuristic: &'a str,
    /// Instances solved.
    pub instances: usize,
    /// The median over instances of each instance's median seconds.
    pub median_seconds_per_instance: f64,
    /// Runs measured.
    pub runs: usize,
    /// The largest of the instances' median seconds.
    pub slowest_median_seconds: f64,
    /// `eight`.
    pub suite: &'static str,
}

/// `bench korf100 --json` (and its variants): one thread count.
#[derive(Serialize)]
pub struct BenchKorf<'a> {
    /// Generated nodes, all instances.
    pub generated: u64,
    /// Generated nodes per instance, the mean (rounded down).
    pub generated_per_instance: u64,
    /// Generated nodes per second.
    pub generated_per_second: f64,
    /// Seconds to load or build the heuristic.
    pub heuristic_seconds: f64,
    /// Instances solved.
    pub instances: usize,
    /// Seconds for all instances, the median over runs.
    pub median_total_seconds: f64,
    /// Generated nodes of each instance.
    pub per_instance_generated: Vec<u64>,
    /// Runs measured.
    pub runs: usize,
    /// Against the first thread count (`null` for the first).
    pub speedup: Option<f64>,
    /// The suite's name.
    pub suite: &'a str,
    /// Worker threads.
    pub threads: usize,
}

/// `bench tiles5x5 --json`.
#[derive(Serialize)]
pub struct BenchFive {
    /// Generated nodes, all instances, in the last run.
    pub generated: u64,
    /// Seconds to load or build the heuristic.
    pub heuristic_seconds: f64,
    /// Instances solved.
    pub instances: usize,
    /// Seconds for all instances, the median over runs.
    pub median_total_seconds: f64,
    /// Runs measured.
    pub runs: usize,
    /// Random moves each instance was scrambled by.
    pub scramble: u32,
    /// The slowest instance's seconds, the median over runs.
    pub slowest_seconds: f64,
    /// `tiles5x5`.
    pub suite: &'static str,
}

/// `bench design --json`: one run.
#[derive(Serialize)]
pub struct BenchDesign<'a> {
    /// `design`.
    pub suite: &'static str,
    /// The target: `klotski-move`, `rush-hour-5x5` or `rush-hour-6x6`.
    pub target: &'a str,
    /// The strategy's name.
    pub strategy: &'static str,
    /// The run's seed.
    pub seed: u64,
    /// The length to reach.
    pub goal: u32,
    /// The best length found, if any.
    pub best: Option<u32>,
    /// Seconds until the goal was reached; `None` when it was missed.
    pub seconds_to_goal: Option<f64>,
    /// Candidates tried.
    pub candidates: u64,
    /// Candidates per second.
    pub candidates_per_second: f64,
    /// The time budget, seconds.
    pub budget_seconds: f64,
}
