//! Traces made outside the engine: a trace file read back is the trace that was written
//! (every event, every node's board and figures), and a search written against
//! `StateSpace`, recorded with `TraceBuilder`, reads back the same way.

use std::collections::{HashSet, VecDeque};

use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::report::trace_lines;
use blockslide_core::solve::api::{Algorithm, SolveRequest, StateSpace, solve, watch};
use blockslide_core::solve::observe::Fate;
use blockslide_core::solve::recorded::{TraceBuilder, TraceEntry, TraceError, read_trace};
use blockslide_core::solve::trace::{Trace, TraceEvent};
use blockslide_core::solve::{Limits, SearchControl, Termination};

use crate::fixtures::bundled;

/// `trace` as the CLI's `solve --trace` writes it.
fn file_text(trace: &Trace) -> String {
    trace_lines(trace)
        .map(|line| serde_json::to_string(&line).expect("trace lines serialize") + "\n")
        .collect()
}

/// A trace file's lines as the reader takes them, each with its line number.
fn entries(text: &str) -> Vec<(usize, TraceEntry)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| (i + 1, serde_json::from_str(line).expect("a trace line")))
        .collect()
}

/// Every node's board, parent and figures, and every event.
fn same(a: &Trace, b: &Trace) {
    assert_eq!(a.events, b.events);
    assert_eq!(a.nodes.len(), b.nodes.len());
    for i in 0..a.nodes.len() {
        assert_eq!(a.cells(i), b.cells(i), "node {i}'s board");
        let (x, y) = (&a.nodes[i], &b.nodes[i]);
        assert_eq!(
            (x.parent, x.g, x.h, x.fate),
            (y.parent, y.g, y.h, y.fate),
            "node {i}"
        );
    }
}

#[test]
fn an_engine_trace_reads_back_as_written() {
    for (name, algorithm) in [
        ("two-by-three.ron", Algorithm::Bfs),
        ("two-by-three.ron", Algorithm::Astar),
        ("blocks-tiny.ron", Algorithm::Dfs),
    ] {
        let puzzle = bundled(name);
        let request = SolveRequest {
            algorithm,
            ..crate::fixtures::request()
        };
        let watched = watch(
            &puzzle,
            &request,
            SearchControl::new(Limits::default()),
            100_000,
        )
        .expect("the request applies");
        let read =
            read_trace(&puzzle, algorithm, entries(&file_text(&watched.trace))).expect("reads");
        same(&watched.trace, &read);
    }
}

/// A breadth-first search written against `StateSpace`, as a student writes one, recorded.
#[expect(
    clippy::mutable_key_type,
    reason = "a tile state's memo is a cache, left out of its hash and equality"
)]
fn students_bfs(puzzle: &Puzzle) -> (Trace, usize) {
    let space = StateSpace::new(puzzle, Some(Metric::Step), None, None).expect("space");
    let mut builder = TraceBuilder::new(puzzle, Algorithm::Bfs);
    let start = space.start();
    let root = builder
        .root(&space.position(&start).cells, 0)
        .expect("room");
    let mut depth = vec![0u32];
    let mut frontier = VecDeque::from([(start.clone(), root)]);
    let mut seen = HashSet::from([start]);
    while let Some((state, node)) = frontier.pop_front() {
        builder
            .expanded(node, frontier.len() as u32 + 1)
            .expect("room");
        for mv in space.moves(&state) {
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

#[test]
fn a_students_search_recorded_reads_back_and_finds_the_optimal_length() {
    for name in ["two-by-three.ron", "two-ls-meet.ron"] {
        let puzzle = bundled(name);
        let (trace, length) = students_bfs(&puzzle);
        let engine = solve(
            &puzzle,
            &SolveRequest {
                algorithm: Algorithm::Bfs,
                metric: Some(Metric::Step),
                ..crate::fixtures::request()
            },
            SearchControl::new(Limits::default()),
        )
        .expect("solves");
        assert_eq!(engine.status, Termination::Solved);
        assert_eq!(Some(length), engine.length(), "{name}");
        let read = read_trace(&puzzle, Algorithm::Bfs, entries(&file_text(&trace))).expect("reads");
        same(&trace, &read);
        let goal = read.events.iter().find_map(|e| match e {
            TraceEvent::Goal { node } => Some(*node),
            _ => None,
        });
        assert_eq!(goal.map(|g| read.path(g).len() - 1), Some(length));
    }
}

#[test]
fn state_space_moves_replay_on_the_model() {
    // Identical pieces are merged in the engine's states; the moves still name real pieces.
    let puzzle = bundled("two-ls-meet.ron");
    let space = StateSpace::new(&puzzle, Some(Metric::Slide), None, None).expect("space");
    let mut state = space.start();
    let mut model = puzzle.clone();
    for step in 0..40 {
        let moves = space.moves(&state);
        assert!(!moves.is_empty());
        let mv = &moves[step * 7 % moves.len()];
        model = blockslide_core::model::replay(&model, std::slice::from_ref(&mv.piece_move))
            .expect("the move is legal on the model");
        state = space.apply(&state, mv);
        assert_eq!(space.position(&state).cells, model.cells, "step {step}");
    }
}

#[test]
fn a_broken_trace_is_refused_at_its_line() {
    let puzzle = bundled("two-by-three.ron");
    let text = file_text(&students_bfs(&puzzle).0);
    let mut lines: Vec<&str> = text.lines().collect();
    lines.insert(3, r#"{"event":"expanded","node":999,"frontier":1}"#);
    let broken = lines.join("\n");
    assert_eq!(
        read_trace(&puzzle, Algorithm::Bfs, entries(&broken)).err(),
        Some(TraceError::UnknownNode {
            event: 4,
            node: 999
        })
    );
    let garbage = read_trace(&puzzle, Algorithm::Bfs, entries("{\"event\": \"warp\"}\n"));
    assert!(matches!(garbage, Err(TraceError::Line { line: 1, .. })));
}
