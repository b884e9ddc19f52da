//! Every `--json` output of the CLI, each a struct that derives `Serialize`: one place to read
//! what a script gets, and the one convention for writing it ([`print()`]: one compact object
//! per line).
//!
//! A struct's fields are serialized in the order they are declared, and that order is part of
//! the output. Most of these objects were first written with `serde_json::json!`, which sorts
//! the keys (`serde_json` is built without `preserve_order`), so their fields are declared in
//! alphabetical order to keep the bytes scripts already read. `check`'s objects always had a
//! declared order, kept as it was.
//!
//! Numbers keep their types: counts are integers, times and rates `f64` (written with a
//! fraction, `0.0`; a rate that is not finite is written `null`, as `serde_json` writes it).

use std::path::Path;

use blockslide_core::model::validate::{Diagnostic, TextReport};
use blockslide_core::model::{Metric, PieceMove};
use blockslide_core::solve::api::{AnalyzeReport, CountReport, ExploreReport, HardestPosition};
use blockslide_core::solve::core::Reason;
use blockslide_core::solve::{HeuristicInfo, SolveReport};

pub use super::peak_memory::PeakMemory;
use serde::Serialize;

use crate::cli::error::CliError;

mod bench;
mod design;

pub use bench::*;
pub use design::{DesignReport, ReportContext};

/// Prints `value` as one line of compact JSON.
///
/// # Errors
/// Standard output failed (see the `output` module).
pub fn print<T: Serialize>(value: &T) -> Result<(), CliError> {
    // Invariant: these structs hold strings, numbers, booleans and lists of them, and no map
    // with non-string keys, so serializing cannot fail.
    let line = serde_json::to_string(value).expect("the CLI's JSON outputs always serialize");
    outln!("{line}")
}

/// One move of a solution: the piece and its unit steps (`"up"`, `"down"`, ...).
#[derive(Serialize)]
pub struct Move<'a> {
    piece: &'a str,
    steps: Vec<&'static str>,
}

impl<'a> From<&'a PieceMove> for Move<'a> {
    fn from(m: &'a PieceMove) -> Self {
        Move {
            piece: m.piece.as_str(),
            steps: m.steps.iter().map(|d| d.word()).collect(),
        }
    }
}

fn moves(moves: &[PieceMove]) -> Vec<Move<'_>> {
    moves.iter().map(Move::from).collect()
}

/// `solve --json`: the report of one search.
#[derive(Serialize)]
pub struct Solve<'a> {
    algorithm: &'static str,
    /// The blank's moves in `udlr` letters; tile puzzles only (the key is absent otherwise).
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
    /// What became of the trace file; `solve --trace` only (the key is absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    trace: Option<TraceFile>,
}

impl Solve<'_> {
    /// The report with what became of its trace file (`None`: no trace was asked for).
    pub fn with_trace(mut self, trace: Option<TraceFile>) -> Self {
        self.trace = trace;
        self
    }
}

/// `solve --trace FILE --json`: what became of the trace file.
#[derive(Serialize)]
pub struct TraceFile {
    /// Why it was not written, leaving the file at `file` as it was; `null` when it was.
    error: Option<String>,
    /// The events of the search, which the file holds one a line.
    events: usize,
    file: String,
    written: bool,
}

impl TraceFile {
    /// The trace of `events` events meant for `path`, and the error that kept it from being
    /// written, if any.
    pub fn new(path: &Path, events: usize, error: Option<&std::io::Error>) -> Self {
        TraceFile {
            error: error.map(ToString::to_string),
            events,
            file: path.display().to_string(),
            written: error.is_none(),
        }
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
            memory: PeakMemory::of(s.peak_memory_bytes),
            puzzle: &r.puzzle,
            puzzle_type: r.puzzle_type.name(),
            seconds: s.elapsed.as_secs_f64(),
            status: r.status.name(),
            steps: r.steps(),
            stored: s.stored,
            trace: None,
        }
    }
}

/// `solve --list-heuristics --json`: one heuristic (`reason` is why it does not apply, or
/// `null`).
#[derive(Serialize)]
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

/// `solve --list-heuristics --json` without a puzzle: the heuristics of both engines.
#[derive(Serialize)]
pub struct AllHeuristics<'a> {
    /// Of block puzzles.
    pub blocks: Vec<Heuristic<'a>>,
    /// Of tile puzzles.
    pub tiles: Vec<Heuristic<'a>>,
}

/// `count --json`.
#[derive(Serialize)]
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
    /// The object for `report`, a count of the puzzle `name` in `metric`; `complete` when the
    /// whole space was walked.
    pub fn new(name: &'a str, metric: Metric, report: &'a CountReport, complete: bool) -> Self {
        Count {
            complete,
            expanded: report.stats.expanded,
            goal_states: report.goal_states,
            max_depth: report.max_depth,
            metric: metric.name(),
            mirrored: report.mirrored,
            memory: PeakMemory::of(report.stats.peak_memory_bytes),
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
}

/// `analyze --json`'s hardest starts: one of them as board rows, their distance and number.
#[derive(Serialize)]
pub struct Hardest {
    board: Vec<String>,
    count: u64,
    distance: u32,
}

/// `analyze --json`.
#[derive(Serialize)]
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
            memory: PeakMemory::of(r.stats.peak_memory_bytes),
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

/// `explore --json`'s hardest start of one component.
#[derive(Serialize)]
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

/// `explore --json`.
#[derive(Serialize)]
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
            memory: PeakMemory::of(r.stats.peak_memory_bytes),
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

/// One finding in `check --json` (fields in this order).
#[derive(Serialize)]
pub struct Finding<'a> {
    message: &'a str,
    line: Option<usize>,
    column: Option<usize>,
    /// The board cells involved, as `[row, col]`.
    cells: &'a [(usize, usize)],
}

impl<'a> From<&'a Diagnostic> for Finding<'a> {
    fn from(d: &'a Diagnostic) -> Self {
        Finding {
            message: &d.message,
            line: d.line,
            column: d.column,
            cells: &d.cells,
        }
    }
}

/// `check --json`: one file (fields in this order).
#[derive(Serialize)]
pub struct CheckedFile<'a> {
    file: String,
    valid: bool,
    puzzle_type: Option<&'static str>,
    errors: Vec<Finding<'a>>,
    warnings: Vec<Finding<'a>>,
}

impl<'a> CheckedFile<'a> {
    /// The object for the file at `path` and its report.
    pub fn new(path: &Path, report: &'a TextReport) -> Self {
        CheckedFile {
            file: path.display().to_string(),
            valid: report.is_valid(),
            puzzle_type: report
                .puzzle_type
                .map(blockslide_core::model::PuzzleType::name),
            errors: report.errors().map(Finding::from).collect(),
            warnings: report.warnings().map(Finding::from).collect(),
        }
    }
}

/// `batch --json`: one instance.
#[derive(Serialize)]
pub struct BatchInstance {
    /// Expanded nodes.
    pub expanded: u64,
    /// Generated nodes.
    pub generated: u64,
    /// 1-based index among the file's instances.
    pub instance: usize,
    /// The known optimal length the line gives.
    pub known: Option<usize>,
    /// The length found.
    pub length: Option<usize>,
    /// 1-based line in the file.
    pub line: usize,
    /// What an unfinished IDA* proved: no solution is shorter.
    pub lower_bound: Option<u32>,
    /// Whether the length found is the known one (`null` when either is missing).
    #[serde(rename = "match")]
    pub matched: Option<bool>,
    /// Whether the length is guaranteed optimal.
    pub optimal: bool,
    /// Seconds searching.
    pub seconds: f64,
    /// How the search ended.
    pub status: &'static str,
}

/// `batch --json`'s last line: `{"summary": {..}}`.
#[derive(Serialize)]
pub struct BatchSummaryLine<'a> {
    /// The summary.
    pub summary: BatchSummary<'a>,
}

/// The totals of a batch.
#[derive(Serialize)]
pub struct BatchSummary<'a> {
    /// The algorithm's name.
    pub algorithm: &'static str,
    /// No known length was contradicted.
    pub all_matched: bool,
    /// Expanded nodes, all instances.
    pub expanded: u64,
    /// Generated nodes, all instances.
    pub generated: u64,
    /// Generated nodes per second searching.
    pub generated_per_second: f64,
    /// The heuristic's name.
    pub heuristic: &'a str,
    /// Seconds to load or build the heuristic.
    pub heuristic_seconds: f64,
    /// Instances in the file.
    pub instances: usize,
    /// Instances whose length was checked against a known one.
    pub known_checked: usize,
    /// Instances a limit stopped.
    pub limited: usize,
    /// Instances whose length differs from the known one.
    pub mismatched: usize,
    /// Seconds searching, all instances.
    pub seconds: f64,
    /// Instances solved.
    pub solved: usize,
    /// Worker threads per search.
    pub threads: usize,
    /// Instances proven unsolvable.
    pub unsolvable: usize,
}

/// `value` as one line of compact JSON, without a line break.
pub fn to_line<T: Serialize>(value: &T) -> String {
    // Invariant: as for `print`, these structs always serialize.
    serde_json::to_string(value).expect("the CLI's JSON outputs always serialize")
}

/// One solvable cluster of `family --format jsonl`.
#[derive(Serialize)]
pub struct FamilyCluster<'a> {
    moves: u32,
    states: u64,
    histogram: &'a [u64],
    board: &'a str,
    minimal: bool,
    pieces: usize,
    walls: usize,
}

impl<'a> From<&'a blockslide_core::solve::family::ClusterRecord> for FamilyCluster<'a> {
    fn from(r: &'a blockslide_core::solve::family::ClusterRecord) -> Self {
        FamilyCluster {
            moves: r.moves,
            states: r.states,
            histogram: &r.histogram,
            board: &r.board,
            minimal: r.minimal,
            pieces: r.pieces,
            walls: r.walls,
        }
    }
}

/// `family --json`: the run's summary.
#[derive(Serialize)]
pub struct FamilyRun<'a> {
    family: &'a str,
    status: &'static str,
    complete: bool,
    units: u64,
    clusters: u64,
    solvable_clusters: u64,
    positions: u64,
    solvable_positions: u64,
    minimal: u64,
    /// `clusters_by_moves[m]`: solvable clusters whose hardest start needs `m` moves.
    clusters_by_moves: &'a [u64],
    hardest: Option<usize>,
    seconds: f64,
    #[serde(flatten)]
    memory: PeakMemory,
}

impl<'a> FamilyRun<'a> {
    /// The summary of a run of `family` that ended with `status`.
    pub fn new(
        family: &'a str,
        summary: &'a blockslide_core::solve::family::FamilySummary,
        status: blockslide_core::solve::Termination,
        seconds: f64,
        peak_memory_bytes: u64,
    ) -> Self {
        FamilyRun {
            family,
            status: status.name(),
            complete: status == blockslide_core::solve::Termination::Solved,
            units: summary.units,
            clusters: summary.clusters,
            solvable_clusters: summary.solvable,
            positions: summary.positions,
            solvable_positions: summary.solvable_positions,
            minimal: summary.minimal,
            clusters_by_moves: &summary.by_moves,
            hardest: summary.hardest(),
            seconds,
            memory: PeakMemory::of(peak_memory_bytes),
        }
    }
}
