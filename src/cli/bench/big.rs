//! The `big` suite: the largest classic block puzzles, solved optimally in every metric with
//! breadth-first search (the default on block puzzles), reporting per solve the wall time,
//! the CPU time of the whole process (every thread), the positions expanded and stored,
//! positions per CPU second, the peak memory and the bytes per stored position.
//!
//! The puzzles are GNOME Klotski's levels with the largest reachable spaces (`benches/big/`,
//! compiled in): Lodzianka and Pelopones, whose goals lie so far out that breadth-first
//! search stores 47 to 69 million positions, and Fortune (74.5 million reachable), Snowdrop
//! (16.2 million) and Fool (112 million), whose goals lie close to the start. Lodzianka and
//! Pelopones are also solved as written without their border of walls (`lodzianka-5x7`,
//! `pelopones-6x7`): the same puzzles, which must cost the same. The suite is
//! not part of `blockslide bench`'s default run: name it (`blockslide bench big --runs 1`,
//! `--threads N`).

use std::time::Instant;

use blockslide_core::model::Metric;
use blockslide_core::solve::Algorithm;
use blockslide_core::solve::api::{SolveRequest, solve};
use blockslide_core::solve::core::{Limits, SearchControl, Termination};

use super::measure::median;
use crate::cli::error::CliError;
use crate::cli::flags::BenchArgs;
use crate::cli::render::json;
use crate::cli::search::pdb_cache;
use blockslide_core::model::text::bytes;

/// The suites this file runs.
pub const SUITES: &[&str] = &["big"];

/// The puzzles, by name.
const PUZZLES: &[(&str, &str)] = &[
    (
        "lodzianka",
        include_str!("../../../benches/big/lodzianka.ron"),
    ),
    (
        "lodzianka-5x7",
        include_str!("../../../benches/big/lodzianka-5x7.ron"),
    ),
    (
        "pelopones",
        include_str!("../../../benches/big/pelopones.ron"),
    ),
    (
        "pelopones-6x7",
        include_str!("../../../benches/big/pelopones-6x7.ron"),
    ),
    (
        "snowdrop",
        include_str!("../../../benches/big/snowdrop.ron"),
    ),
    ("fortune", include_str!("../../../benches/big/fortune.ron")),
    ("fool", include_str!("../../../benches/big/fool.ron")),
];

/// CPU seconds the whole process has used (user and system, every thread), from Linux's
/// `/proc/self/stat` (in clock ticks of 1/100 s).
fn process_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which is in parentheses and may hold spaces).
    let rest = &text[text.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

/// Runs the suite of [`SUITES`].
///
/// # Errors
/// A puzzle that does not parse, or a search that fails or stops.
pub fn run_suite(args: &BenchArgs) -> Result<(), CliError> {
    let runs = args.runs;
    for (name, text) in PUZZLES {
        let puzzle =
            blockslide_core::model::file::parse(text).map_err(|e| format!("{name}: {e}"))?;
        for metric in Metric::ALL {
            let request = SolveRequest {
                algorithm: Algorithm::Bfs,
                metric: Some(metric),
                pdb_cache: pdb_cache(),
                ..SolveRequest::default()
            };
            let (mut walls, mut cpus) = (Vec::new(), Vec::new());
            let mut last = None;
            for _ in 0..runs {
                let cpu_before = process_cpu_seconds();
                let started = Instant::now();
                let report = solve(
                    &puzzle,
                    &request,
                    SearchControl::new(Limits::default()).with_threads(args.threads.threads),
                )
                .map_err(|e| format!("{name}: {e}"))?;
                walls.push(started.elapsed().as_secs_f64());
                if let (Some(a), Some(b)) = (cpu_before, process_cpu_seconds()) {
                    cpus.push(b - a);
                }
                if report.status != Termination::Solved {
                    return Err(format!(
                        "{name} ({metric}): the search stopped: {}",
                        report.status.name()
                    )
                    .into());
                }
                last = Some(report);
            }
            // Invariant: runs >= 1, so `last` is set.
            let report = last.expect("at least one run");
            let wall = median(walls);
            let cpu = if cpus.is_empty() { wall } else { median(cpus) };
            let stats = report.stats;
            let per_cpu_second = stats.expanded as f64 / cpu.max(1e-9);
            let bytes_per_state = stats.peak_memory_bytes as f64 / stats.stored.max(1) as f64;
            if args.print.json {
                json::print(&json::BenchBig {
                    bytes_per_stored_state: bytes_per_state,
                    expanded: stats.expanded,
                    length: report.moves.len(),
                    median_cpu_seconds: cpu,
                    median_seconds: wall,
                    metric: metric.name(),
                    optimal: report.optimal,
                    peak_memory_bytes: stats.peak_memory_bytes,
                    puzzle: name,
                    runs,
                    states_per_cpu_second: per_cpu_second,
                    stored: stats.stored,
                    suite: "big",
                    threads: args.threads.threads,
                })?;
            } else {
                outln!(
                    "big {name:<10} {:<5} length {:>3}  expanded {:>11}  stored {:>11}  median {:>7.2} s wall, {:>7.2} s cpu  {:>5.2} M states/cpu-s  peak {:>10}  {:>5.1} bytes/state  ({runs} runs, {} threads)",
                    metric.name(),
                    report.moves.len(),
                    stats.expanded,
                    stats.stored,
                    wall,
                    cpu,
                    per_cpu_second / 1e6,
                    bytes(stats.peak_memory_bytes),
                    bytes_per_state,
                    args.threads.threads,
                )?;
            }
        }
    }
    Ok(())
}
