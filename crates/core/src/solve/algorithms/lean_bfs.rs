//! Breadth-first search in little memory, for spaces of tens of millions of states: the
//! layered walk on sorted keys of [`layers`](super::layers), every layer kept (a few bytes per
//! state), and the path rebuilt backward from the goal through them.
//!
//! A graph search that returns a path usually stores every state with a parent link and a
//! move (about 30 bytes per state on a one-word block state, plus its hash table). Here a
//! state costs what its key takes delta-coded among its layer's sorted keys, and the path is
//! found afterwards: from the goal at depth `d`, some successor lies in layer `d - 1` (moves
//! are reversible), and so on down to the start.

use super::common::move_between;
use super::layers::{AtGoal, Key, Layers, Packing, SortedKeys, sorted_walk};
use crate::solve::core::{Domain, SearchControl, SearchOutcome, Termination};

/// Breadth-first search from `domain`'s start that stores each state as its key in sorted,
/// delta-coded layers instead of as a node with a parent link (see the module docs), on
/// `control`'s threads.
///
/// - `domain` is the puzzle; `pack` maps its states to keys one to one and back.
/// - `control` carries the limits, cancel flag, progress sink and thread count; the layers
///   count against the memory limit. The search runs on its running clock: it is always the
///   second attempt of one task, after the hash-table search outgrew its memory.
///
/// Returns a [`SearchOutcome`] whose path, when solved, is shortest (flagged optimal); the
/// path, the statistics and the termination do not depend on the number of threads. Each
/// layer is goal-tested in key order before it is expanded, so `expanded` counts every state
/// of the layers before the goal's and the goal's layer up to the goal; `stored` counts the
/// states kept.
pub(crate) fn lean_bfs<D: Domain, K: Key>(
    domain: &D,
    control: &mut SearchControl,
    pack: &Packing<'_, D::State, K>,
) -> SearchOutcome<D::Move> {
    let start = vec![(pack.key)(&domain.start())];
    let walked = sorted_walk(domain, control, pack, start, AtGoal::Stop, Layers::KeepAll);
    let mut stats = walked.exploration.stats;
    let termination = walked.exploration.termination;
    let path = match walked.goal {
        Some((goal, depth)) if termination == Termination::Solved => Some(path_back(
            domain,
            &walked.layers,
            &(pack.unkey)(goal),
            depth,
            pack,
        )),
        _ => None,
    };
    if let Some(path) = &path {
        stats.depth = path.len() as u32;
    }
    stats.elapsed = control.elapsed();
    SearchOutcome {
        termination,
        optimal: path.is_some(),
        path,
        stats,
    }
}

/// The moves of a shortest path from the start to `goal`, found at `depth`: from the goal
/// back, each state has a successor in the layer before (moves are reversible), found by its
/// key; the first one in the domain's successor order is taken, so the path is deterministic.
fn path_back<D: Domain, K: Key>(
    domain: &D,
    layers: &[SortedKeys<K>],
    goal: &D::State,
    depth: u32,
    pack: &Packing<'_, D::State, K>,
) -> Vec<D::Move> {
    let mut states = vec![goal.clone()];
    let (mut moves, mut children) = (Vec::new(), Vec::new());
    for d in (0..depth as usize).rev() {
        let here = states.last().expect("the goal is there");
        children.clear();
        // No state is its own successor, so passing `here` as the known one leaves none out.
        domain.successors(here, here, &mut moves, &mut children);
        let before = children
            .iter()
            .find(|child| layers[d].contains((pack.key)(child)))
            .expect("every state of layer d + 1 has a neighbour in layer d")
            .clone();
        states.push(before);
    }
    states.reverse();
    states
        .windows(2)
        .map(|pair| {
            move_between(domain, &pair[0], &pair[1], &mut moves)
                .expect("consecutive states of the walk are one move apart")
        })
        .collect()
}
