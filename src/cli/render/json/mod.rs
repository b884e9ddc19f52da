//! Every `--json` output of the CLI, and the one convention for writing it ([`print()`]: one
//! compact object per line).
//!
//! The objects of the core's reports (a solve, a count, an analysis, an exploration, a
//! validation, a family's run and clusters, a design search, the heuristics, a trace's
//! events) are the core's own ([`blockslide_core::report`]), shared with every front end. This
//! module adds what only the CLI knows: the process's measured peak memory in place of the
//! search's estimate (`peak_memory_estimated` says which), the file a report is about or was
//! written to, what became of a trace file. The batch's and the benchmarks' lines are the
//! CLI's own measurements and stay here.
//!
//! A struct's fields are serialized in the order they are declared, and that order is part of
//! the output: alphabetical for the objects first written with `serde_json::json!` (which
//! sorts the keys), as declared for the others.

use std::path::Path;

use blockslide_core::model::Metric;
use blockslide_core::model::validate::TextReport;
use blockslide_core::report::{self, Validation};
use blockslide_core::solve::api::{AnalyzeReport, CountReport, ExploreReport};
use blockslide_core::solve::family::FamilySummary;
use blockslide_core::solve::trace::Trace;
use blockslide_core::solve::{SolveReport, Termination};
use serde::Serialize;

use super::peak_memory;
use crate::cli::error::CliError;

mod bench;
mod design;

pub use bench::*;
pub use blockslide_core::report::{AllHeuristics, FamilyCluster, heuristics};
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

/// `solve --json`: the core's report of one search, with the process's peak memory and, for
/// `solve --trace`, what became of the trace file.
#[derive(Serialize)]
pub struct Solve<'a> {
    #[serde(flatten)]
    report: report::Solve<'a>,
    /// What became of the trace file; `solve --trace` only (the key is absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    trace: Option<TraceFile>,
}

impl<'a> Solve<'a> {
    /// The object for `report`, and what became of its trace file (`None`: no trace was
    /// asked for).
    pub fn new(report: &'a SolveReport, trace: Option<TraceFile>) -> Self {
        Solve {
            report: report::Solve::from(report)
                .with_peak_memory(peak_memory::of(report.stats.peak_memory_bytes)),
            trace,
        }
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

/// `count --json`: the count of the puzzle `name` in `metric`, with the process's peak memory.
pub fn count<'a>(name: &'a str, metric: Metric, report: &'a CountReport) -> report::Count<'a> {
    report::Count::new(name, metric, report)
        .with_peak_memory(peak_memory::of(report.stats.peak_memory_bytes))
}

/// `analyze --json`, with the process's peak memory.
pub fn analyze(report: &AnalyzeReport) -> report::Analyze<'_> {
    report::Analyze::from(report).with_peak_memory(peak_memory::of(report.stats.peak_memory_bytes))
}

/// `explore --json`, with the process's peak memory.
pub fn explore(report: &ExploreReport) -> report::Explore<'_> {
    report::Explore::from(report).with_peak_memory(peak_memory::of(report.stats.peak_memory_bytes))
}

/// `family --json`: the summary of a run of the family named `family` that ended with
/// `status` after `seconds`, with the process's peak memory (`peak_memory_bytes` the run's
/// estimate).
pub fn family_run<'a>(
    family: &'a str,
    summary: &'a FamilySummary,
    status: Termination,
    seconds: f64,
    peak_memory_bytes: u64,
) -> report::FamilyRun<'a> {
    report::FamilyRun::new(family, summary, status, seconds, peak_memory_bytes)
        .with_peak_memory(peak_memory::of(peak_memory_bytes))
}

/// `check --json`: one file, its path before the core's validation.
#[derive(Serialize)]
pub struct CheckedFile<'a> {
    file: String,
    #[serde(flatten)]
    validation: Validation<'a>,
}

impl<'a> CheckedFile<'a> {
    /// The object for the file at `path` and its report.
    pub fn new(path: &Path, report: &'a TextReport) -> Self {
        CheckedFile {
            file: path.display().to_string(),
            validation: Validation::from(report),
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

/// `solve --trace FILE`: what was searched (the [`report::TraceHeader`], with the run's
/// `heuristic` and `metric`), then the trace's events, one object a line
/// ([`report::TraceLine`]).
pub fn trace(trace: &Trace, heuristic: &str, metric: Metric) -> String {
    let mut out = String::new();
    for line in report::trace_file(trace, Some(heuristic), metric) {
        out.push_str(&to_line(&line));
        out.push('\n');
    }
    out
}

/// `value` as one line of compact JSON, without a line break.
pub fn to_line<T: Serialize>(value: &T) -> String {
    // Invariant: as for `print`, these structs always serialize.
    serde_json::to_string(value).expect("the CLI's JSON outputs always serialize")
}
