//! Walks a sample of a Rush Hour family's units (every `step`-th) and prints the positions
//! walked, the time and the rate, so a whole family's time can be projected from a sample:
//!
//! ```sh
//! cargo run --release -p blockslide-core --example family_sample -- 6x6 1000
//! cargo run --release -p blockslide-core --example family_sample -- 6x6 1000 walk
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
    let (rows, cols) = size
        .split_once('x')
        .and_then(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
        .ok_or_else(|| format!("a size is ROWSxCOLS, not {size}"))?;
    let family = RushHourFamily::new(rows, cols, 0).map_err(|e| e.to_string())?;
    let budget = UnitBudget::unbounded();
    let start = Instant::now();
    let (mut units, mut sampled, mut positions, mut clusters) = (0u64, 0u64, 0u64, 0u64);
    let mut walking = 0.0;
    for (index, unit) in family.units().enumerate() {
        units += 1;
        if index % step != 0 {
            continue;
        }
        sampled += 1;
        let t = Instant::now();
        if mode == "walk" {
            let walk = family.walk(&unit);
            positions += walk.clusters.iter().map(|c| c.states).sum::<u64>();
            clusters += walk.clusters.len() as u64;
        } else if let Some((result, _)) = walk_unit(&family, &unit, index as u64, &budget) {
            positions += result.positions;
            clusters += result.clusters;
        }
        walking += t.elapsed().as_secs_f64();
    }
    println!(
        "{size}: {units} units; sampled {sampled} (every {step}th): {clusters} clusters, \
         {positions} positions, walked in {walking:.2} s ({:.2} M positions/s), \
         {:.1} s in all; whole family projected at {:.0} s of one core",
        positions as f64 / walking / 1e6,
        start.elapsed().as_secs_f64(),
        walking * step as f64,
    );
    Ok(())
}
