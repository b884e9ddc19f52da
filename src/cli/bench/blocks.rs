//! Benchmark suites for the block engine.
//!
//! - `klotski-bfs`: walks the whole merged state space of Klotski, Pennant and Century in
//!   each metric with the breadth-first explorer (the walk behind `blockslide count`) and
//!   reports states, the median wall-clock time and the mean CPU time over `--runs`, states
//!   per CPU second and the walk's peak memory, and whether the walk expanded one position
//!   of each mirror pair (Klotski's start is left-right symmetric).
//! - `classics`: solves the same three classics with A* in each metric, with the default
//!   block heuristic (`relaxed`) and with `max` (which adds a pattern database), and reports
//!   the median time per solve (building the domain and the heuristic included), the nodes
//!   expanded and the length.

use std::time::{Duration, Instant};

use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::api::bench::{BlockWalk, block_astar, classic_heuristics};
use blockslide_core::solve::core::{Limits, SearchControl, Termination};

use super::measure::median;
use crate::cli::error::CliError;
use crate::cli::flags::BenchArgs;
use crate::cli::render::json;
use blockslide_core::model::text::bytes;

/// The suites this file runs.
pub const SUITES: &[&str] = &["klotski-bfs", "classics"];

/// Runs one suite from [`SUITES`].
///
/// # Errors
/// A walk or a search that stops, or a suite not in [`SUITES`].
pub fn run_suite(suite: &str, args: &BenchArgs) -> Result<(), CliError> {
    match suite {
        "klotski-bfs" => klotski_bfs(args),
        "classics" => classics(args),
        _ => Err(format!("suite `{suite}` is not a block suite").into()),
    }
}

/// Klotski, Pennant and Century with their goals, as in the known answers.
fn classics_puzzles() -> Vec<(&'static str, Puzzle)> {
    let build = |board: &[&str], goal: &[&str]| {
        // Invariant: the rows below are fixed, well-formed 4x5 grids.
        Puzzle::from_rows(board, goal).expect("the built-in classics are well formed")
    };
    let bottom_middle = [". . . .", ". . . .", ". . . .", ". A A .", ". A A ."];
    vec![
        (
            "klotski",
            build(
                &["B A A C", "B A A C", "D E E F", "D G H F", "I . . J"],
                &bottom_middle,
            ),
        ),
        (
            "pennant",
            build(
                &["A A B B", "A A C C", "D E . .", "F G H H", "F G I I"],
                &[". . . .", ". . . .", ". . . .", "A A . .", "A A . ."],
            ),
        ),
        (
            "century",
            build(
                &["B A A C", "D A A E", "D F . E", "G F . H", "I I J J"],
                &bottom_middle,
            ),
        ),
    ]
}

/// CPU time this thread has run, in seconds, where the system reports it (Linux's
/// `/proc/thread-self/schedstat`). Unlike wall-clock time it does not grow while other
/// processes hold the cores, so it is the steadier figure on a shared machine.
fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanos as f64 / 1e9)
}

/// Runs `f`, returning its result, wall-clock seconds and CPU seconds (`None` when the CPU
/// clock is unavailable).
fn timed<T>(f: impl FnOnce() -> T) -> (T, f64, Option<f64>) {
    let cpu_before = thread_cpu_seconds();
    let started = Instant::now();
    let value = f();
    let wall = started.elapsed().as_secs_f64();
    let cpu = match (cpu_before, thread_cpu_seconds()) {
        (Some(a), Some(b)) if b >= a => Some(b - a),
        _ => None,
    };
    (value, wall, cpu)
}

/// The CPU seconds per run: the mean over all runs, because the kernel's CPU clock may tick
/// in milliseconds. Falls back to `wall` (the median wall time) when the clock is missing or
/// the runs were too short for it to resolve (under 50 ms in all).
fn cpu_per_run(cpu: &[Option<f64>], wall: f64) -> f64 {
    let total: Option<f64> = cpu.iter().copied().sum();
    match total {
        Some(t) if t >= 0.05 => t / cpu.len() as f64,
        _ => wall,
    }
}

fn klotski_bfs(args: &BenchArgs) -> Result<(), CliError> {
    let runs = args.runs;
    for (name, puzzle) in classics_puzzles() {
        for metric in Metric::ALL {
            let walk = BlockWalk::new(&puzzle, metric).map_err(|e| e.to_string())?;
            let mut seconds = Vec::with_capacity(runs);
            let mut cpu_seconds = Vec::with_capacity(runs);
            let mut last = None;
            for _ in 0..runs {
                let mut control = SearchControl::new(Limits::default());
                let (e, wall, cpu) = timed(|| walk.run(&mut control));
                seconds.push(wall);
                cpu_seconds.push(cpu);
                if e.termination != Termination::Unsolvable {
                    return Err(
                        format!("{name}: the walk stopped: {}", e.termination.name()).into(),
                    );
                }
                last = Some(e);
            }
            // Invariant: runs >= 1, so `last` is set.
            let e = last.expect("at least one run");
            let secs = median(seconds);
            let cpu = cpu_per_run(&cpu_seconds, secs);
            let per_second = e.states as f64 / secs.max(1e-9);
            let per_cpu_second = e.states as f64 / cpu.max(1e-9);
            if args.print.json {
                json::print(&json::BenchWalk {
                    expanded: e.stats.expanded,
                    goal_states: e.goal_states,
                    max_depth: e.max_depth,
                    mean_cpu_seconds: cpu,
                    median_seconds: secs,
                    metric: metric.name(),
                    mirrored: e.mirrored,
                    peak_memory_bytes: e.stats.peak_memory_bytes,
                    puzzle: name,
                    runs,
                    states: e.states,
                    states_per_cpu_second: per_cpu_second,
                    states_per_second: per_second,
                    suite: "klotski-bfs",
                })?;
            } else {
                outln!(
                    "klotski-bfs {name:<8} {:<5} {:>7} states  depth {:>3}  median {:>8.3} ms wall, {:>8.3} ms cpu  {:>6.2} M states/cpu-s  peak {:>9}  ({runs} runs){}",
                    metric.name(),
                    e.states,
                    e.max_depth,
                    secs * 1e3,
                    cpu * 1e3,
                    per_cpu_second / 1e6,
                    bytes(e.stats.peak_memory_bytes),
                    if e.mirrored {
                        format!("  mirror pairs walked once: {} expanded", e.stats.expanded)
                    } else {
                        String::new()
                    },
                )?;
            }
        }
    }
    Ok(())
}

fn classics(args: &BenchArgs) -> Result<(), CliError> {
    let runs = args.runs;
    let chosen = classic_heuristics();
    for (name, puzzle) in classics_puzzles() {
        for metric in Metric::ALL {
            for h in chosen {
                classic(args, runs, name, &puzzle, metric, h)?;
            }
        }
    }
    Ok(())
}

/// One line of the `classics` suite: each run builds the domain and the heuristic (so a
/// pattern database's build time is included) and solves with A*.
fn classic(
    args: &BenchArgs,
    runs: usize,
    name: &str,
    puzzle: &Puzzle,
    metric: Metric,
    h: &'static str,
) -> Result<(), CliError> {
    let mut seconds = Vec::with_capacity(runs);
    let mut cpu_seconds = Vec::with_capacity(runs);
    let mut last = None;
    for _ in 0..runs {
        let limits = Limits {
            max_time: Duration::from_mins(1),
            ..Limits::default()
        };
        let mut control = SearchControl::new(limits);
        let (outcome, wall, cpu) = timed(|| block_astar(puzzle, metric, h, &mut control));
        let outcome = outcome.map_err(|e| e.to_string())?;
        seconds.push(wall);
        cpu_seconds.push(cpu);
        if outcome.termination != Termination::Solved {
            return Err(format!("{name}: A* stopped: {}", outcome.termination.name()).into());
        }
        last = Some(outcome);
    }
    // Invariant: runs >= 1, so `last` is set.
    let outcome = last.expect("at least one run");
    let length = outcome.length;
    let secs = median(seconds);
    let cpu = cpu_per_run(&cpu_seconds, secs);
    if args.print.json {
        json::print(&json::BenchClassic {
            algorithm: "astar",
            expanded: outcome.stats.expanded,
            heuristic: h,
            length,
            mean_cpu_seconds: cpu,
            median_seconds: secs,
            metric: metric.name(),
            optimal: outcome.optimal,
            peak_memory_bytes: outcome.stats.peak_memory_bytes,
            puzzle: name,
            runs,
            suite: "classics",
        })?;
    } else {
        outln!(
            "classics    {name:<8} {:<5} A*/{:<8} length {length:>3}  expanded {:>7}  median {:>8.3} ms wall, {:>8.3} ms cpu  ({runs} runs)",
            metric.name(),
            h,
            outcome.stats.expanded,
            secs * 1e3,
            cpu * 1e3,
        )?;
    }
    Ok(())
}
