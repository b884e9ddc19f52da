//! Walks a sample of a Rush Hour family's units (every `step`-th) and prints the positions
//! walked, the time and the rate, so a whole family's time can be projected from a sample:
//!
//! ```sh
//! cargo run --release -p blockslide-core --example family_sample -- 6x6 1000
//! cargo run --release -p blockslide-core --example family_sample -- 6x6 1000 walk
//! cargo run --release -p blockslide-core --example family_sample -- 5x5w2 1
//! ```
//!
//! With no third argument each unit is walked as a family run walks it, its records and
//! their minimality included; `walk` times the walk alone. One thread. The times are wall
//! clock: on a loaded machine, run it under `/usr/bin/time` and compare its CPU time with a
//! run of step 1000000 (which walks almost nothing), the time to list the units.

use std::time::Instant;

use blockslide_core::solve::family::rushhour::RushHourFamily;
use blockslide_core::solve::family::{UnitBudget, walk_unit};

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let size = args.first().map_or("6x6", String::as_str);
    let step: usize = args
        .get(1)
        .map_or(Ok(1000), |s| s.parse())
        .map_err(|e| format!("the step: {e}"))?;
    let mode = args.get(2).map_or("full", String::as_str);
    // `5x5w2`: up to two walls.
    let (size_only, walls) = size.split_once('w').unwrap_or((size, "0"));
    let walls: usize = walls.parse().map_err(|e| format!("the walls: {e}"))?;
    let (rows, cols) = size_only
        .split_once('x')
        .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
        .ok_or_else(|| format!("a size is ROWSxCOLS, not {size}"))?;
    let family = RushHourFamily::new(rows, cols, walls).map_err(|e| e.to_string())?;
    let budget = UnitBudget::unbounded();
    let start = Instant::now();
    let (mut units, mut sampled, mut positions, mut clusters) = (0u64, 0u64, 0u64, 0u64);
    let mut walking = 0.0;
    // The sample is listed first and walked after, so that a profile of the walk is not the
    // listing's.
    let mut sample = Vec::new();
    for (index, unit) in family.units().enumerate() {
        units += 1;
        if index % step == 0 {
            sample.push((index, unit));
        }
    }
    let listed = start.elapsed().as_secs_f64();
    // By the unit's positions in powers of two: units, positions, seconds.
    let mut by_size = [(0u64, 0u64, 0f64); 40];
    for (index, unit) in sample {
        sampled += 1;
        let t = Instant::now();
        let (unit_positions, unit_clusters) = if mode == "walk" {
            let walk = family.walk(&unit);
            let positions = walk.clusters.iter().map(|c| c.states).sum::<u64>();
            (positions, walk.clusters.len() as u64)
        } else if let Some((result, _)) = walk_unit(&family, &unit, index as u64, &budget) {
            (result.positions, result.clusters)
        } else {
            (0, 0)
        };
        let seconds = t.elapsed().as_secs_f64();
        positions += unit_positions;
        clusters += unit_clusters;
        walking += seconds;
        let size = &mut by_size[unit_positions.max(1).ilog2() as usize];
        *size = (size.0 + 1, size.1 + unit_positions, size.2 + seconds);
    }
    for (bits, (units, positions, seconds)) in by_size.iter().enumerate() {
        if *units > 0 {
            println!(
                "  units of {:>8} positions or more: {units:>8} units, {positions:>11} positions, \
                 {seconds:>7.2} s ({:.2} M positions/s)",
                1u64 << bits,
                *positions as f64 / seconds / 1e6,
            );
        }
    }
    println!(
        "{size}: {units} units; sampled {sampled} (every {step}th): {clusters} clusters, \
         {positions} positions, walked in {walking:.2} s ({:.2} M positions/s), \
         {:.1} s in all ({listed:.1} s listing the units); whole family projected at {:.0} s \
         of one core",
        positions as f64 / walking / 1e6,
        start.elapsed().as_secs_f64(),
        walking * step as f64,
    );
    Ok(())
}
