//! [`analyze_component`](super::analyze_component) for components of tens of millions of
//! positions: the same three phases on the sorted, delta-coded layers of
//! `crate::solve::algorithms::layers::sorted_walk`, a few bytes per position
//! and on every thread of the task, instead of hash tables of 20 to 40 bytes per position on
//! one.
//!
//! The walk back from the goal positions keeps its layers: layer `d` is the set of positions
//! at distance `d` from the nearest goal, so the layers are the distance map (a position's
//! distance is the layer that holds it), and the count of shortest solutions asks them whether
//! a successor lies one layer closer.

use super::component::{Analysis, FirstWalk, Hardest, count_solutions, empty_report};
use super::phases::{Phases, why};
use crate::solve::algorithms::layers::{AtGoal, Key, Layers, Packing, SortedKeys, sorted_walk};
use crate::solve::core::{Domain, SearchControl, Termination};

/// Analyses the component of `domain`'s start on sorted layers of keys made by `pack`, on
/// `control`'s threads, within its limits (for the whole task, on its running clock: this is
/// a later attempt of a task begun by [`analyze_component_if_small_counting`]), progress and cancel
/// flag; `first`, the findings of that attempt's first walk, spares the walk from the start.
///
/// The figures are those of [`analyze_component`] (the example of the hardest starts is the
/// one with the smallest key) and do not depend on the number of threads; the solutions are
/// counted whenever the layers and the count fit the memory limit.
///
/// [`analyze_component`]: super::analyze_component
/// [`analyze_component_if_small_counting`]: super::component::analyze_component_if_small_counting
pub(crate) fn analyze_sorted<D: Domain, K: Key>(
    domain: &D,
    control: &mut SearchControl,
    pack: &Packing<'_, D::State, K>,
    first: Option<Box<FirstWalk<D::State>>>,
) -> Analysis<D::State, D::Move> {
    let mut phases = Phases::resumed(control);
    let mut report = empty_report();
    if let Some(first) = first {
        phases.add(first.stats, 0);
        report.component = first.component;
        report.goal_positions = first.goals.len() as u64;
        let goals = first.goals.iter().map(pack.key).collect();
        drop(first);
        measure(domain, &mut phases, &mut report, goals, pack);
        report.stats = phases.finish();
        return report;
    }
    let start = domain.start();
    let forth = phases.run(0, |control| {
        let walk = sorted_walk(
            domain,
            control,
            pack,
            vec![(pack.key)(&start)],
            AtGoal::Collect,
            Layers::LastTwo,
        );
        let stats = walk.exploration.stats;
        (walk, stats)
    });
    report.component = forth.exploration.states;
    report.goal_positions = forth.exploration.goal_states;
    if forth.exploration.termination != Termination::Unsolvable {
        report.status = forth.exploration.termination;
        report.notes.push(format!(
            "the walk from the start stopped {}: the first {} layers only (the component has at \
             least {} positions); distances to the goal were not computed",
            why(report.status),
            forth.exploration.stats.completed_depth.map_or(0, |d| d + 1),
            report.component
        ));
    } else if forth.goals.is_empty() {
        report
            .notes
            .push("no goal position is reachable from the start".into());
    } else {
        measure(domain, &mut phases, &mut report, forth.goals, pack);
    }
    report.stats = phases.finish();
    report
}

/// Phases 2 and 3 on sorted layers: walks back from the `goals`, keeping every layer, then
/// counts the shortest solutions with the layers as the distance map.
fn measure<D: Domain, K: Key>(
    domain: &D,
    phases: &mut Phases<'_>,
    report: &mut Analysis<D::State, D::Move>,
    goals: Vec<K>,
    pack: &Packing<'_, D::State, K>,
) {
    let back = phases.run(0, |control| {
        let walk = sorted_walk(domain, control, pack, goals, AtGoal::Count, Layers::KeepAll);
        let stats = walk.exploration.stats;
        (walk, stats)
    });
    let exploration = &back.exploration;
    report.histogram.clone_from(&exploration.per_depth);
    let layers: &[SortedKeys<K>] = &back.layers;
    let start = domain.start();
    let start_key = (pack.key)(&start);
    report.start_distance = layers
        .iter()
        .position(|layer| layer.contains(start_key))
        .map(|d| d as u32);
    if exploration.termination != Termination::Unsolvable {
        report.status = exploration.termination;
        report.notes.push(format!(
            "the walk back from the goal positions stopped {}: distances are known for the \
             first {} layers only",
            why(exploration.termination),
            exploration.stats.completed_depth.map_or(0, |d| d + 1)
        ));
        return;
    }
    report.status = Termination::Solved;
    let farthest = exploration.max_depth;
    if let Some(example) = layers[farthest as usize].iter().next() {
        report.hardest = Some(Hardest {
            distance: farthest,
            count: layers[farthest as usize].len() as u64,
            example: (pack.unkey)(example),
        });
    }
    let Some(d) = report.start_distance else {
        return;
    };
    let held = layers.iter().map(SortedKeys::memory_bytes).sum();
    let at = |s: &D::State, d: u32| layers[d as usize].contains((pack.key)(s));
    count_solutions(domain, phases, report, &start, d, held, &at);
}
