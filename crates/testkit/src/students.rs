//! A student's search, as the Python package's `Recorder` records one: a breadth-first
//! search written against the core's `StateSpace` (its moves in the engine's order),
//! recorded event by event with `TraceBuilder`, and its trace file written as the Recorder
//! writes it (the core's `report::trace_file`, one JSON object a line).

use std::collections::{HashSet, VecDeque};

use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::report::trace_file;
use blockslide_core::solve::api::{Algorithm, StateSpace};
use blockslide_core::solve::observe::Fate;
use blockslide_core::solve::recorded::TraceBuilder;
use blockslide_core::solve::trace::Trace;

/// A student's breadth-first search of `puzzle` in `metric`, recorded, and the length of the
/// solution it finds. It stops at the first goal it generates (AIMA's
/// `breadth_first_graph_search`). With `reverse_at: Some(k)`, the student's mistake: at its
/// `k`th expansion (from 1) it takes the moves in reverse order.
///
/// # Panics
/// When the puzzle is invalid or unsolvable, or the search makes more events than a trace
/// holds: fixtures are small solvable puzzles.
#[expect(
    clippy::mutable_key_type,
    reason = "a tile state's memo is a cache, left out of its hash and equality"
)]
pub fn students_bfs(puzzle: &Puzzle, metric: Metric, reverse_at: Option<usize>) -> (Trace, usize) {
    let space = StateSpace::new(puzzle, Some(metric), None, None).expect("a valid puzzle");
    let mut builder = TraceBuilder::new(puzzle, Algorithm::Bfs);
    let start = space.start();
    let root = builder
        .root(&space.position(&start).cells, 0)
        .expect("room");
    let mut depth = vec![0u32];
    let mut frontier = VecDeque::from([(start.clone(), root)]);
    let mut seen = HashSet::from([start]);
    let mut expansions = 0;
    while let Some((state, node)) = frontier.pop_front() {
        builder
            .expanded(node, u32::try_from(frontier.len() + 1).expect("small"))
            .expect("room");
        expansions += 1;
        let mut moves = space.moves(&state);
        if reverse_at == Some(expansions) {
            moves.reverse();
        }
        for mv in moves {
            let child = space.apply(&state, &mv);
            let fresh = seen.insert(child.clone());
            let fate = if fresh { Fate::Queued } else { Fate::Duplicate };
            let g = depth[node] + 1;
            let made = builder
                .generated(node, &space.position(&child).cells, g, 0, fate)
                .expect("room");
            depth.push(g);
            if fresh {
                if space.is_goal(&child) {
                    builder.goal(made).expect("room");
                    return (builder.finish(), g as usize);
                }
                frontier.push_back((child, made));
            }
        }
    }
    panic!("the puzzle is solvable");
}

/// The text of `trace`'s file, as the Python package's `Recorder` and the CLI's
/// `solve --trace` write it: its first line naming the search (`heuristic` and `metric`),
/// then one line an event.
///
/// # Panics
/// Never: trace lines always serialize.
pub fn trace_file_text(trace: &Trace, heuristic: Option<&str>, metric: Metric) -> String {
    trace_file(trace, heuristic, metric)
        .map(|line| serde_json::to_string(&line).expect("trace lines serialize") + "\n")
        .collect()
}
