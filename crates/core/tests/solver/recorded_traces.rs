//! Traces made outside the engine: a trace file read back is the trace that was written
//! (every event, every node's board and figures), and a search written against
//! `StateSpace`, recorded with `TraceBuilder`, reads back the same way. A whole file names
//! its search, so it reads back alone; and a student's search is compared step by step with
//! the engine's.

use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::report::trace_lines;
use blockslide_core::solve::api::{Algorithm, SolveRequest, StateSpace, solve, watch};
use blockslide_core::solve::recorded::{
    TraceDifference, TraceEntry, TraceError, first_difference, read_trace, read_trace_file,
};
use blockslide_core::solve::trace::WATCH_EVENT_CAP;
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

/// A student's breadth-first search in the step metric, recorded.
fn students_bfs(puzzle: &Puzzle) -> (Trace, usize) {
    crate::fixtures::students::students_bfs(puzzle, Metric::Step, None)
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

/// The engine's own breadth-first search of `puzzle` in the step metric, watched.
fn engines_bfs(puzzle: &Puzzle) -> Trace {
    let request = SolveRequest {
        algorithm: Algorithm::Bfs,
        metric: Some(Metric::Step),
        ..crate::fixtures::request()
    };
    watch(
        puzzle,
        &request,
        SearchControl::new(Limits::default()),
        WATCH_EVENT_CAP,
    )
    .expect("the request applies")
    .trace
}

#[test]
fn a_trace_file_names_its_search_and_reads_back_alone() {
    let puzzle = bundled("two-by-three.ron");
    let request = SolveRequest {
        algorithm: Algorithm::Astar,
        heuristic: Some("manhattan".into()),
        ..crate::fixtures::request()
    };
    let watched = watch(
        &puzzle,
        &request,
        SearchControl::new(Limits::default()),
        100_000,
    )
    .expect("the request applies");
    let text = crate::fixtures::students::trace_file_text(
        &watched.trace,
        Some(&watched.report.heuristic),
        watched.report.metric,
    );
    let read = read_trace_file(entries(&text), WATCH_EVENT_CAP).expect("reads");
    assert_eq!(read.puzzle, puzzle);
    assert_eq!(read.algorithm, Algorithm::Astar);
    assert_eq!(read.heuristic.as_deref(), Some("manhattan"));
    assert_eq!(read.metric, watched.report.metric);
    same(&watched.trace, &read.trace);
    // `read_trace`, told the puzzle and the algorithm, skips the first line.
    same(
        &watched.trace,
        &read_trace(&puzzle, Algorithm::Astar, entries(&text)).expect("reads"),
    );
}

#[test]
fn a_trace_file_is_refused_at_its_line_when_it_does_not_name_its_search() {
    let puzzle = bundled("two-by-three.ron");
    let (trace, _) = students_bfs(&puzzle);
    // Events alone, as trace files were written before they named their search.
    let old = read_trace_file(entries(&file_text(&trace)), WATCH_EVENT_CAP);
    assert!(
        matches!(&old, Err(TraceError::Line { line: 1, message }) if message.contains("`search` line")),
        "{old:?}"
    );
    let text = crate::fixtures::students::trace_file_text(&trace, None, Metric::Step);
    let (first, events) = text.split_once('\n').unwrap();
    let mut search: serde_json::Value = serde_json::from_str(first).unwrap();
    search["puzzle"] = "(name: \"cut short\", board: [".into();
    let broken_puzzle = format!("{search}\n{events}");
    let refused = read_trace_file(entries(&broken_puzzle), WATCH_EVENT_CAP);
    assert!(
        matches!(&refused, Err(TraceError::Line { line: 1, message }) if message.contains("puzzle")),
        "{refused:?}"
    );
    let later = text.replacen("\"version\":1", "\"version\":99", 1);
    let refused = read_trace_file(entries(&later), WATCH_EVENT_CAP).err();
    assert!(
        refused
            .as_ref()
            .is_some_and(|e| e.to_string().contains("version 99")),
        "{refused:?}"
    );
    assert!(read_trace_file(Vec::new(), WATCH_EVENT_CAP).is_err());
}

#[test]
fn a_trace_longer_than_the_cap_is_refused_naming_the_cap() {
    let puzzle = bundled("two-by-three.ron");
    let (trace, _) = students_bfs(&puzzle);
    let text = crate::fixtures::students::trace_file_text(&trace, None, Metric::Step);
    let cap = trace.events.len() - 1;
    let refused = read_trace_file(entries(&text), cap).err();
    assert_eq!(refused, Some(TraceError::TooLong { cap }));
    assert!(refused.unwrap().to_string().contains(&cap.to_string()));
    assert!(read_trace_file(entries(&text), trace.events.len()).is_ok());
}

/// The successors each expansion of `trace` put on the frontier, by step (from 1).
fn queued_by_step(trace: &Trace) -> Vec<usize> {
    let mut counts = Vec::new();
    for event in &trace.events {
        match event {
            TraceEvent::Expanded { .. } => counts.push(0),
            TraceEvent::Generated {
                fate: blockslide_core::solve::observe::Fate::Queued,
                ..
            } => *counts.last_mut().expect("after an expansion") += 1,
            _ => {}
        }
    }
    counts
}

#[test]
fn a_students_bfs_agrees_with_the_engines_and_a_mistake_is_found_at_its_step() {
    for name in ["two-by-three.ron", "two-ls-meet.ron"] {
        let puzzle = bundled(name);
        let engine = engines_bfs(&puzzle);
        let (right, _) = students_bfs(&puzzle);
        assert_eq!(first_difference(&right, &engine), None, "{name}");
        // The mistake shows at the first expansion from the third on that puts two or more
        // positions on the frontier: reversed, their order differs.
        let queued = queued_by_step(&right);
        let step = (3..=queued.len())
            .find(|&k| queued[k - 1] >= 2)
            .expect("a step with two successors");
        let (wrong, _) = crate::fixtures::students::students_bfs(&puzzle, Metric::Step, Some(step));
        let found: TraceDifference = first_difference(&wrong, &engine).expect("a difference");
        assert_eq!(found.step, step, "{name}: {}", found.words);
        assert!(
            found.words.starts_with(&format!("Step {step}: ")),
            "{}",
            found.words
        );
        assert!(found.words.contains("frontier"), "{}", found.words);
        // The nodes marked are the successors that differ, children of the node expanded.
        let [theirs, ours] = found.nodes;
        assert_ne!(wrong.cells(theirs), engine.cells(ours));
        assert_eq!(
            wrong.cells(wrong.nodes[theirs].parent.unwrap() as usize),
            engine.cells(engine.nodes[ours].parent.unwrap() as usize)
        );
    }
}

/// A line that is not JSON is refused at the file's line and the column in that line (blank
/// lines counted), as the app and the Python package report it.
#[test]
fn a_line_that_is_not_json_is_refused_at_its_line_and_column() {
    use blockslide_core::solve::recorded::{TraceError, trace_entries};
    let text = "{\"event\":\"search\"}\n\n{\"event\": x}\n";
    let Err(TraceError::Json {
        line,
        column,
        message,
    }) = trace_entries(text)
    else {
        panic!("the third line is not JSON");
    };
    assert_eq!((line, column), (3, 11), "{message}");
    assert!(message.starts_with("expected value"), "{message}");
    let read =
        trace_entries("{\"event\":\"search\"}\n\n{\"event\":\"expand\"}\n").expect("JSON lines");
    assert_eq!(read.iter().map(|(l, _)| *l).collect::<Vec<_>>(), [1, 3]);
}
