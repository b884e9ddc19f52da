//! Benchmark suites for the tile engine (IDA* on the tile domain, pattern databases from the
//! user's cache, built on first use):
//!
//! - `eight`: the seeds' 8-puzzles and 200 random ones, per heuristic: median time per
//!   instance and the slowest instance.
//! - `korf100`: Korf's 100 15-puzzles on one thread: median total time, nodes generated per
//!   instance and per second; every length is checked against the known optimum.
//! - `korf100-mt`: the same on one thread and on all cores (at least two), and the speed-up.
//! - `korf100-large`: `korf100` with the larger pattern databases (`pdb-large`).
//! - `korf100-strong`: `korf100` with the strongest pattern databases (`pdb-strong`, 7-8).
//! - `korf100-max`: `korf100` with the max of the 6-6-3 and 7-6-2 estimates (`pdb-max`).
//! - `tiles5x5`: 24-puzzles scrambled by 60 random moves (fixed seed), solved optimally.

use std::time::Instant;

use blockslide_core::model::tiles::{blank_first_goal, blank_last_goal, random_solvable, scramble};
use blockslide_core::solve::api::TileBatch;
use blockslide_core::solve::core::{Limits, SearchControl, Termination};
use blockslide_core::solve::{Algorithm, SolveRequest};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::measure::median;
use crate::cli::batch::{Instance, parse_instances};
use crate::cli::error::CliError;
use crate::cli::flags::BenchArgs;
use crate::cli::render::json;
use crate::cli::search::pdb_cache;

/// The suites this file runs.
pub const SUITES: &[&str] = &[
    "eight",
    "korf100",
    "korf100-mt",
    "korf100-large",
    "korf100-strong",
    "korf100-max",
    "tiles5x5",
];

/// Korf's 100 instances (blank-first goal), with their optimal lengths.
const KORF100: &str = include_str!("../../../tests/data/korf100.txt");

/// The seeds' 8-puzzles with their optimal lengths.
const EIGHT: [([u16; 9], usize); 7] = [
    ([1, 2, 3, 4, 5, 0, 7, 8, 6], 1),
    ([2, 3, 0, 1, 4, 6, 7, 5, 8], 6),
    ([4, 2, 3, 7, 0, 5, 8, 6, 1], 16),
    ([1, 2, 3, 4, 0, 5, 6, 7, 8], 14),
    ([3, 2, 7, 4, 8, 1, 0, 6, 5], 24),
    ([8, 6, 7, 2, 5, 4, 3, 0, 1], 31),
    ([6, 4, 7, 8, 5, 0, 3, 2, 1], 31),
];

/// Runs one suite from [`SUITES`].
///
/// # Errors
/// A heuristic that cannot be made ready, a search that stops or finds a length other than
/// the known one, or a suite not in [`SUITES`].
pub fn run_suite(suite: &str, args: &BenchArgs) -> Result<(), CliError> {
    match suite {
        "eight" => eight(args),
        "korf100" => korf(args, suite, "pdb", &[1]),
        "korf100-mt" => {
            let cores = std::thread::available_parallelism().map_or(2, |n| n.get().max(2));
            korf(args, suite, "pdb", &[1, cores])
        }
        "korf100-large" => korf(args, suite, "pdb-large", &[1]),
        "korf100-strong" => korf(args, suite, "pdb-strong", &[1]),
        "korf100-max" => korf(args, suite, "pdb-max", &[1]),
        "tiles5x5" => five(args),
        _ => Err(format!("suite `{suite}` is not a tile suite").into()),
    }
}

/// Prepares IDA* with the heuristic `name` for the goal (loading or building its tables),
/// printing the tables' note.
fn prepare(rows: usize, cols: usize, goal: &[u16], name: &str) -> Result<TileBatch, String> {
    let request = SolveRequest {
        algorithm: Algorithm::Idastar,
        heuristic: Some(name.to_string()),
        pdb_cache: pdb_cache(),
        ..SolveRequest::default()
    };
    let mut notes = Vec::new();
    let mut control = SearchControl::new(Limits::default());
    let batch = TileBatch::new(rows, cols, goal, &request, &mut control, &mut notes);
    for note in notes {
        errln!("{note}");
    }
    batch.map_err(|e| e.to_string())
}

/// One pass over `instances` on `threads` threads: per instance (seconds, generated); errors
/// on a wrong length.
fn pass(
    batch: &mut TileBatch,
    instances: &[Instance],
    threads: usize,
) -> Result<Vec<(f64, u64)>, String> {
    instances
        .iter()
        .map(|inst| {
            let started = Instant::now();
            let r = batch
                .solve(
                    &inst.start,
                    SearchControl::new(Limits::default()).with_threads(threads),
                )
                .map_err(|e| format!("line {}: {e}", inst.line))?;
            let secs = started.elapsed().as_secs_f64();
            if r.status != Termination::Solved {
                return Err(format!("line {}: {}", inst.line, r.status.name()));
            }
            if let (Some(k), Some(l)) = (inst.known, r.length)
                && k != l
            {
                return Err(format!("line {}: length {l}, known optimum {k}", inst.line));
            }
            Ok((secs, r.stats.generated))
        })
        .collect()
}

fn eight(args: &BenchArgs) -> Result<(), CliError> {
    let runs = args.runs;
    let goal = blank_last_goal(3, 3);
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let mut instances: Vec<Instance> = EIGHT
        .iter()
        .enumerate()
        .map(|(i, (s, k))| Instance {
            line: i + 1,
            start: s.to_vec(),
            known: Some(*k),
        })
        .collect();
    for i in 0..200 {
        instances.push(Instance {
            line: EIGHT.len() + i + 1,
            start: random_solvable(3, 3, &goal, &mut rng),
            known: None,
        });
    }
    for name in ["pdb", "linear-conflict", "manhattan"] {
        let mut h = prepare(3, 3, &goal, name)?;
        let mut per_instance = vec![Vec::with_capacity(runs); instances.len()];
        let mut generated = 0;
        for _ in 0..runs {
            let results = pass(&mut h, &instances, 1)?;
            generated = results.iter().map(|r| r.1).sum::<u64>();
            for (i, (secs, _)) in results.into_iter().enumerate() {
                per_instance[i].push(secs);
            }
        }
        let medians: Vec<f64> = per_instance.into_iter().map(median).collect();
        let slowest = medians.iter().copied().fold(0.0, f64::max);
        let typical = median(medians.clone());
        if args.print.json {
            json::print(&json::BenchEight {
                generated,
                heuristic: name,
                instances: instances.len(),
                median_seconds_per_instance: typical,
                runs,
                slowest_median_seconds: slowest,
                suite: "eight",
            })?;
        } else {
            outln!(
                "eight {name:<16} {} instances  median {:>8.1} us/instance  slowest {:>8.1} us  {generated} generated  ({runs} runs)",
                instances.len(),
                typical * 1e6,
                slowest * 1e6
            )?;
        }
    }
    Ok(())
}

fn korf(
    args: &BenchArgs,
    suite: &str,
    heuristic: &str,
    thread_counts: &[usize],
) -> Result<(), CliError> {
    let runs = args.runs;
    let (_, mut instances) = parse_instances(KORF100, Some((4, 4)))?;
    if let Some(limit) = args.limit {
        instances.truncate(limit);
    }
    let goal = blank_first_goal(4, 4);
    let prepared = Instant::now();
    let mut h = prepare(4, 4, &goal, heuristic)?;
    let prepare_seconds = prepared.elapsed().as_secs_f64();
    // Thread counts take turns within each run, so a busy moment of a shared machine does
    // not fall on one of them only.
    let mut totals = vec![Vec::with_capacity(runs); thread_counts.len()];
    let mut per_instance = vec![Vec::new(); thread_counts.len()];
    for _ in 0..runs {
        for (i, &threads) in thread_counts.iter().enumerate() {
            let results = pass(&mut h, &instances, threads)?;
            totals[i].push(results.iter().map(|r| r.0).sum::<f64>());
            per_instance[i] = results.iter().map(|r| r.1).collect::<Vec<u64>>();
        }
    }
    let mut base = None;
    for (i, &threads) in thread_counts.iter().enumerate() {
        let per_instance = std::mem::take(&mut per_instance[i]);
        let generated: u64 = per_instance.iter().sum();
        let total = median(std::mem::take(&mut totals[i]));
        let speedup = base.map(|b: f64| b / total);
        base.get_or_insert(total);

        let n = instances.len();
        if args.print.json {
            json::print(&json::BenchKorf {
                generated,
                generated_per_instance: generated / n.max(1) as u64,
                generated_per_second: generated as f64 / total.max(1e-9),
                heuristic_seconds: prepare_seconds,
                instances: n,
                median_total_seconds: total,
                per_instance_generated: per_instance,
                runs,
                speedup,
                suite,
                threads,
            })?;
        } else {
            outln!(
                "{suite} threads {threads}: {n} instances all optimal  median total {total:>7.3} s  \
                 {:.0} generated/instance  {:.1} M generated/s{}  ({heuristic} ready in {prepare_seconds:.2} s, {runs} runs)",
                generated as f64 / n.max(1) as f64,
                generated as f64 / total.max(1e-9) / 1e6,
                speedup.map_or_else(String::new, |s| format!("  speed-up {s:.2}x")),
            )?;
        }
    }
    Ok(())
}

/// The random moves that scramble each `tiles5x5` instance.
const SCRAMBLE: u32 = 60;

fn five(args: &BenchArgs) -> Result<(), CliError> {
    let runs = args.runs;
    let goal = blank_last_goal(5, 5);
    let mut rng = ChaCha8Rng::seed_from_u64(24);
    let count = args.limit.unwrap_or(10);
    let instances: Vec<Instance> = (0..count)
        .map(|i| Instance {
            line: i + 1,
            start: scramble(5, 5, &goal, SCRAMBLE, &mut rng),
            known: None,
        })
        .collect();
    let prepared = Instant::now();
    let mut h = prepare(5, 5, &goal, "pdb")?;
    let prepare_seconds = prepared.elapsed().as_secs_f64();
    let mut totals = Vec::with_capacity(runs);
    let mut worst = Vec::with_capacity(runs);
    let mut generated = 0u64;
    for _ in 0..runs {
        let results = pass(&mut h, &instances, 1)?;
        totals.push(results.iter().map(|r| r.0).sum::<f64>());
        worst.push(results.iter().map(|r| r.0).fold(0.0, f64::max));
        generated = results.iter().map(|r| r.1).sum();
    }
    let (total, slowest) = (median(totals), median(worst));
    if args.print.json {
        json::print(&json::BenchFive {
            generated,
            heuristic_seconds: prepare_seconds,
            instances: count,
            median_total_seconds: total,
            runs,
            scramble: SCRAMBLE,
            slowest_seconds: slowest,
            suite: "tiles5x5",
        })?;
    } else {
        outln!(
            "tiles5x5 {count} instances scrambled by {SCRAMBLE}  median total {total:>7.3} s  slowest {slowest:.3} s  \
             {generated} generated  (pdb ready in {prepare_seconds:.2} s, {runs} runs)"
        )?;
    }
    Ok(())
}
