//! The design search's benchmarks (`bench design`, `bench design-6x6`; named only, minutes
//! each): how soon `improve` reaches a known target from random starts, the late-acceptance
//! climb and pure random restarts side by side, the same seeds and time budget, in turn.
//!
//! - `klotski-move`: Klotski's pieces, moved only, in the move metric; the target is the
//!   hardest arrangement `explore` finds; 10 s each.
//! - `rush-hour-5x5`: an empty 5x5 Rush Hour board (the red car on the third row), cars and
//!   trucks added at will; the target is the largest hardest start of the whole family with
//!   every layout rule relaxed, as `family` enumerates it; 60 s each.
//! - `rush-hour-6x6` (`design-6x6`): a plain 6x6 start of six vehicles, up to 13, no walls;
//!   the target is 51 moves, the most any 6x6 puzzle without walls needs; 600 s each.
//!
//! `--runs N` runs seeds 1 to N; `--threads` is each search's (default 1, so that runs are
//! comparable on a busy machine). Each run stops when it reaches the target. One line per run
//! and, per target and strategy, the medians: seconds to the target (runs that missed it count
//! as the budget), best length, candidates per second.

use std::time::Duration;

use blockslide_core::model::file::parse;
use blockslide_core::model::library::find;
use blockslide_core::model::{Metric, Puzzle, rushhour};
use blockslide_core::solve::api::explore;
use blockslide_core::solve::core::{Limits, SearchControl};
use blockslide_core::solve::design::{
    Change, DesignRules, SearchOptions, SearchReport, Strategy, improve,
};
use blockslide_core::solve::family::enumerate;
use blockslide_core::solve::family::{RushHourFamily, RushHourRules};

use super::measure::median;
use crate::cli::error::CliError;
use crate::cli::flags::BenchArgs;
use crate::cli::render::json;

/// The suites this file runs.
pub const SUITES: &[&str] = &["design", "design-6x6"];

/// One target of the suite: a base design, its rules, the length to reach, the time budget.
struct Target {
    name: &'static str,
    base: Puzzle,
    rules: DesignRules,
    goal: u32,
    budget: Duration,
}

/// One strategy's runs on one target: seconds to the target (the budget when missed), best
/// lengths, candidates per second.
struct Tally {
    strategy: Strategy,
    to_goal: Vec<f64>,
    best: Vec<f64>,
    rate: Vec<f64>,
}

/// Runs `suite` (one of [`SUITES`]).
///
/// # Errors
/// A bundled puzzle missing, or a search refused.
pub fn run_suite(suite: &str, args: &BenchArgs) -> Result<(), CliError> {
    let targets = if suite == "design-6x6" {
        vec![rush_hour_6x6()?]
    } else {
        vec![klotski_moved()?, rush_hour_5x5()?]
    };
    for target in &targets {
        let mut summary: Vec<Tally> = Strategy::ALL
            .iter()
            .map(|&strategy| Tally {
                strategy,
                to_goal: Vec::new(),
                best: Vec::new(),
                rate: Vec::new(),
            })
            .collect();
        for seed in 1..=args.runs as u64 {
            // The strategies in turn for each seed: side by side on a noisy machine.
            for Tally {
                strategy,
                to_goal,
                best,
                rate,
            } in &mut summary
            {
                let report = search(target, *strategy, seed, args.threads.threads)?;
                let run = json::BenchDesign {
                    suite: "design",
                    target: target.name,
                    strategy: strategy.name(),
                    seed,
                    goal: target.goal,
                    best: report.designs.first().map(|d| d.length),
                    seconds_to_goal: report
                        .timeline
                        .iter()
                        .find(|(_, length)| *length >= target.goal)
                        .map(|(secs, _)| *secs),
                    candidates: report.candidates,
                    candidates_per_second: report.candidates as f64 / report.seconds.max(1e-9),
                    budget_seconds: target.budget.as_secs_f64(),
                };
                to_goal.push(run.seconds_to_goal.unwrap_or(run.budget_seconds));
                best.push(f64::from(run.best.unwrap_or(0)));
                rate.push(run.candidates_per_second);
                if args.print.json {
                    json::print(&run)?;
                } else {
                    let reached = run.seconds_to_goal.map_or_else(
                        || format!("missed in {:.0} s", run.budget_seconds),
                        |s| format!("reached in {s:.2} s"),
                    );
                    outln!(
                        "{:<14} {:<7} seed {seed}: best {:>3}, target {} {reached}, {} \
                         candidates ({:.0}/s)",
                        target.name,
                        run.strategy,
                        run.best.unwrap_or(0),
                        target.goal,
                        run.candidates,
                        run.candidates_per_second
                    )?;
                }
            }
        }
        if !args.print.json {
            for Tally {
                strategy,
                to_goal,
                best,
                rate,
            } in summary
            {
                outln!(
                    "{:<14} {:<7} median of {}: {:.2} s to {}, best {:.0}, {:.0} candidates/s",
                    target.name,
                    strategy.name(),
                    args.runs,
                    median(to_goal),
                    target.goal,
                    median(best),
                    median(rate)
                )?;
            }
        }
    }
    Ok(())
}

fn search(
    target: &Target,
    strategy: Strategy,
    seed: u64,
    threads: usize,
) -> Result<SearchReport, String> {
    let options = SearchOptions {
        strategy,
        seed,
        random_start: true,
        stop_at: Some(target.goal),
        ..SearchOptions::default()
    };
    let control = SearchControl::new(Limits {
        max_time: target.budget,
        ..Limits::default()
    })
    .with_threads(threads);
    improve(&target.base, &target.rules, &options, &control, None).map_err(|e| e.to_string())
}

fn klotski_moved() -> Result<Target, String> {
    let bundled = find("klotski.ron").ok_or("klotski.ron is not in the library")?;
    let base = parse(bundled.text).map_err(|e| e.to_string())?;
    let mut rules = DesignRules::for_design(&base, Metric::Move);
    rules.allow = [Change::Move].into();
    let explored = explore(
        &base,
        Metric::Move,
        1,
        SearchControl::new(Limits::default()),
    )
    .map_err(|e| e.to_string())?;
    let goal = explored
        .hardest
        .first()
        .map(|h| h.distance)
        .ok_or("explore found no hardest arrangement")?;
    Ok(Target {
        name: "klotski-move",
        base,
        rules,
        goal,
        budget: Duration::from_secs(10),
    })
}

fn rush_hour_5x5() -> Result<Target, String> {
    let mut family = RushHourFamily::new(5, 5, 0).map_err(|e| e.to_string())?;
    family.primary_row = 2;
    family.rules = RushHourRules {
        primary_row_clear: false,
        no_full_rows: false,
        no_full_columns: false,
    };
    let mut goal = 0;
    let mut control = SearchControl::new(Limits::default()).with_threads(0);
    enumerate(&family, &mut control, 0, |unit| {
        goal = unit.records.iter().map(|r| r.moves).fold(goal, u32::max);
        Ok::<(), String>(())
    })?;
    // An empty board but for the red car on the third row.
    let base =
        rushhour::parse_sized("ooooooooooAAooooooooooooo", 5, 5).map_err(|e| e.to_string())?;
    let mut rules = DesignRules::for_design(&base, Metric::Slide);
    // As many vehicles as the board can hold: the family limits none.
    rules.max_pieces = 12;
    Ok(Target {
        name: "rush-hour-5x5",
        base,
        rules,
        goal,
        budget: Duration::from_mins(1),
    })
}

/// A plain 6x6 start of six vehicles (the red car blocked by one), up to 13 vehicles, no
/// walls; the target is 51 moves, the most any 6x6 puzzle without walls needs (Collette,
/// Raskin and Servais; `family 6x6` finds it too), reached without a listing or a stored
/// puzzle.
fn rush_hour_6x6() -> Result<Target, String> {
    let base =
        rushhour::parse("BBoooCooDooCAADooooooEEEFoooooFooooo").map_err(|e| e.to_string())?;
    let mut rules = DesignRules::for_design(&base, Metric::Slide);
    rules.max_pieces = 13;
    Ok(Target {
        name: "rush-hour-6x6",
        base,
        rules,
        goal: 51,
        budget: Duration::from_mins(10),
    })
}
