//! Watching a search: the trace of a watched run comes from the real algorithm, so its
//! counters end where a normal run's statistics end, and replaying its expansions in order
//! follows the algorithm's frontier discipline.

use blockslide_core::model::Puzzle;
use blockslide_core::solve::api::{Algorithm, SolveRequest, solve, watch};
use blockslide_core::solve::observe::Fate;
use blockslide_core::solve::trace::{Replay, Trace, TraceEvent};
use blockslide_core::solve::{Limits, SearchControl, Termination};

use crate::fixtures::bundled;

fn request(algorithm: Algorithm) -> SolveRequest {
    SolveRequest {
        algorithm,
        weight: if algorithm == Algorithm::Wastar {
            2.0
        } else {
            1.0
        },
        ..crate::fixtures::request()
    }
}

/// Enough room for every run below to finish (IDDFS on the tiny block puzzle makes the most).
const ROOM: usize = 1_000_000;

fn watched(puzzle: &Puzzle, algorithm: Algorithm) -> Trace {
    let watched = watch(
        puzzle,
        &request(algorithm),
        SearchControl::new(Limits::default()),
        ROOM,
    )
    .expect("the request applies");
    assert!(!watched.trace.truncated, "{algorithm}: the trace fits");
    assert_eq!(watched.report.status, Termination::Solved, "{algorithm}");
    watched.trace
}

#[test]
fn final_counters_equal_a_normal_runs_statistics() {
    for name in ["two-by-three.ron", "blocks-tiny.ron"] {
        let puzzle = bundled(name);
        for algorithm in Algorithm::ALL {
            let trace = watched(&puzzle, algorithm);
            let normal = solve(
                &puzzle,
                &request(algorithm),
                SearchControl::new(Limits::default()),
            )
            .expect("solves");
            let counters = Replay::at(&trace, trace.events.len()).counters();
            let stats = normal.stats;
            assert_eq!(
                (
                    counters.expanded,
                    counters.generated,
                    counters.duplicates,
                    counters.max_frontier
                ),
                (
                    stats.expanded,
                    stats.generated,
                    stats.duplicates,
                    stats.max_frontier
                ),
                "{name} {algorithm}"
            );
            assert!(counters.expanded > 0, "{name} {algorithm}");
        }
    }
}

#[test]
fn every_expansion_is_the_one_the_frontier_discipline_puts_first() {
    for name in ["two-by-three.ron", "blocks-tiny.ron"] {
        let puzzle = bundled(name);
        for algorithm in Algorithm::ALL {
            let trace = watched(&puzzle, algorithm);
            let mut replay = Replay::new(&trace);
            let mut checked = 0;
            for (i, event) in trace.events.iter().enumerate() {
                if let TraceEvent::Expanded { node, .. } = *event {
                    let next = replay.next();
                    assert_eq!(
                        next,
                        Some(node),
                        "{name} {algorithm}: event {i} expands {node}, the frontier says {next:?}"
                    );
                    checked += 1;
                }
                replay.apply_next();
            }
            assert!(checked > 0, "{name} {algorithm}");
        }
    }
}

/// The discipline in its textbook form, read off the events alone.
#[test]
fn bfs_is_fifo_dfs_is_lifo_and_astar_takes_f_in_order() {
    let puzzle = bundled("two-by-three.ron");
    // BFS: nodes are expanded in the order they were queued.
    let trace = watched(&puzzle, Algorithm::Bfs);
    let queued: Vec<usize> = trace
        .events
        .iter()
        .filter_map(|e| match *e {
            TraceEvent::Root { node }
            | TraceEvent::Generated {
                node,
                fate: Fate::Queued,
            } => Some(node),
            _ => None,
        })
        .collect();
    let expanded = expansions(&trace);
    assert_eq!(expanded[..], queued[..expanded.len()]);
    // DFS: each expansion takes the most recently queued node still waiting.
    let trace = watched(&puzzle, Algorithm::Dfs);
    let mut stack = Vec::new();
    for event in &trace.events {
        match *event {
            TraceEvent::Root { node }
            | TraceEvent::Generated {
                node,
                fate: Fate::Queued,
            } => {
                stack.push(node);
            }
            TraceEvent::Expanded { node, .. } => assert_eq!(stack.pop(), Some(node)),
            _ => {}
        }
    }
    // A* with Manhattan distance (consistent): f never decreases.
    let trace = watched(&puzzle, Algorithm::Astar);
    let fs: Vec<u32> = expansions(&trace)
        .iter()
        .map(|&n| trace.nodes[n].g + trace.nodes[n].h)
        .collect();
    assert!(fs.windows(2).all(|w| w[0] <= w[1]), "{fs:?}");
    assert!(fs.len() > 1);
}

fn expansions(trace: &Trace) -> Vec<usize> {
    trace
        .events
        .iter()
        .filter_map(|e| match *e {
            TraceEvent::Expanded { node, .. } => Some(node),
            _ => None,
        })
        .collect()
}

#[test]
fn iterative_searches_raise_their_bound_and_start_a_new_tree() {
    let trace = watched(&bundled("two-by-three.ron"), Algorithm::Iddfs);
    let bounds: Vec<u32> = trace
        .events
        .iter()
        .filter_map(|e| match *e {
            TraceEvent::BoundRaised { bound } => Some(bound),
            _ => None,
        })
        .collect();
    assert!(
        bounds.len() > 1 && bounds.windows(2).all(|w| w[0] < w[1]),
        "{bounds:?}"
    );
    assert_eq!(bounds[0], 0, "IDDFS starts at depth 0");
    assert_eq!(
        *bounds.last().unwrap(),
        8,
        "the last bound is the optimal length"
    );
    let last_tree = trace.nodes.iter().map(|n| n.tree).max().unwrap();
    assert_eq!(last_tree as usize, bounds.len() - 1);
}

#[test]
fn a_search_too_big_to_watch_stops_at_the_cap() {
    let puzzle = bundled("eight-31a.ron");
    let watched = watch(
        &puzzle,
        &request(Algorithm::Bfs),
        SearchControl::new(Limits::default()),
        500,
    )
    .expect("applies");
    assert!(watched.trace.truncated);
    assert_eq!(watched.trace.events.len(), 500);
    assert_eq!(watched.report.status, Termination::Cancelled);
}

#[test]
fn every_node_is_drawn_in_the_position_its_move_makes() {
    let trace = watched(&bundled("two-by-three.ron"), Algorithm::Astar);
    let root = &trace.nodes[0];
    assert_eq!(root.position.board_rows(), ["5 4 2", "1 3 ."]);
    let child = trace.nodes.iter().find(|n| n.parent == Some(0)).unwrap();
    // From `5 4 2 / 1 3 .` the blank's neighbours 2 (above) and 3 (left) can move.
    assert!(
        ["2 down", "3 right"].contains(&child.label.as_str()),
        "{}",
        child.label
    );
    let json = trace.to_json_lines();
    assert_eq!(json.lines().count(), trace.events.len());
    let first: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    assert_eq!(first["event"], "root");
    assert_eq!(first["board"][0], "5 4 2");
}
