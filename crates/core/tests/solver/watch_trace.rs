//! Watching a search: the trace of a watched run comes from the real algorithm, so its
//! counters end where a normal run's statistics end, and replaying its expansions in order
//! follows the algorithm's frontier discipline.

use std::time::Duration;

use blockslide_core::model::Puzzle;
use blockslide_core::report::trace_lines;
use blockslide_core::solve::api::{Algorithm, SolveRequest, solve, watch};
use blockslide_core::solve::observe::Fate;
use blockslide_core::solve::trace::{Replay, Trace, TraceEvent};
use blockslide_core::solve::{Limits, SearchControl, Stats, Termination};

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

/// Checks that a run's statistics are its trace's counters. The largest frontier may also be
/// the one left when a limit stopped the run, which no expansion of the trace saw.
fn assert_stats_are_the_traces(trace: &Trace, stats: &Stats, context: &str) {
    let c = Replay::at(trace, trace.events.len()).counters();
    assert_eq!(
        (c.expanded, c.generated, c.duplicates),
        (stats.expanded, stats.generated, stats.duplicates),
        "{context}"
    );
    assert!(
        [c.max_frontier, c.max_frontier.max(stats.frontier)].contains(&stats.max_frontier),
        "{context}: max frontier {} in the trace, {} in the report",
        c.max_frontier,
        stats.max_frontier
    );
}

/// A search too big for its trace stops after its last expansion whose events all fit, with a
/// status of its own, and is then the run a node limit would have stopped there: the same
/// statistics, and so the trace's.
#[test]
fn a_search_too_big_to_watch_stops_where_its_trace_is_full() {
    let puzzle = bundled("eight-31a.ron");
    let cap = 500;
    let watched = watch(
        &puzzle,
        &request(Algorithm::Bfs),
        SearchControl::new(Limits::default()),
        cap,
    )
    .expect("applies");
    let (trace, report) = (&watched.trace, &watched.report);
    assert!(trace.truncated);
    assert_eq!(report.status, Termination::TraceLimit);
    assert!(trace.events.len() <= cap, "{} events", trace.events.len());
    assert_stats_are_the_traces(trace, &report.stats, "bfs");

    let limited = |max_nodes| {
        SearchControl::new(Limits {
            max_nodes,
            ..Limits::default()
        })
    };
    let expanded = report.stats.expanded;
    let stopped = solve(&puzzle, &request(Algorithm::Bfs), limited(expanded)).expect("solves");
    assert_eq!(stopped.status, Termination::NodeLimit);
    let without_time = |stats: &Stats| Stats {
        elapsed: Duration::ZERO,
        ..*stats
    };
    assert_eq!(without_time(&stopped.stats), without_time(&report.stats));
    // One expansion more would not have fitted.
    let further = watch(
        &puzzle,
        &request(Algorithm::Bfs),
        limited(expanded + 1),
        ROOM,
    )
    .expect("applies");
    assert!(further.trace.events.len() > cap);
}

/// Every algorithm that fills its trace ends with the trace's status and the trace's
/// statistics, and stops exactly where the cap says: its trace is the beginning of the whole
/// run's, up to the last expansion whose events all fit.
#[test]
fn every_algorithm_stopped_by_its_trace_has_the_statistics_of_its_trace() {
    let cap = 100;
    let mut stopped = 0;
    for name in ["eight-31a.ron", "blocks-tiny.ron"] {
        let puzzle = bundled(name);
        for algorithm in Algorithm::ALL {
            let capped = |cap| {
                watch(
                    &puzzle,
                    &request(algorithm),
                    SearchControl::new(Limits::default()),
                    cap,
                )
                .expect("applies")
            };
            let (watched, whole) = (capped(cap), capped(ROOM));
            let (trace, report) = (&watched.trace, &watched.report);
            let context = format!("{name} {algorithm}: {:?}", report.status);
            assert_stats_are_the_traces(trace, &report.stats, &context);
            assert_eq!(
                trace.truncated,
                report.status == Termination::TraceLimit,
                "{context}"
            );
            stopped += usize::from(trace.truncated);
            if whole.trace.events.len() <= cap {
                assert_eq!(trace.events, whole.trace.events, "{context}");
                assert_eq!(report.status, whole.report.status, "{context}");
                continue;
            }
            assert_eq!(report.status, Termination::TraceLimit, "{context}");
            let all = &whole.trace.events;
            assert_eq!(trace.events[..], all[..trace.events.len()], "{context}");
            // The run ends before an expansion, and that expansion's events would not fit.
            let starts: Vec<usize> = (0..all.len())
                .filter(|&i| matches!(all[i], TraceEvent::Expanded { .. }))
                .map(|i| opening(all, i))
                .chain([all.len()])
                .collect();
            let done = report.stats.expanded as usize;
            assert_eq!(trace.events.len(), starts[done], "{context}");
            assert!(starts[done + 1] > cap, "{context}");
        }
    }
    assert!(stopped >= 12, "{stopped} runs filled their trace");
}

/// Where the events of the expansion at `i` begin: at its own event, or, for the first
/// expansion of an iterative search's round, at the round's (its bound raised, its root).
fn opening(events: &[TraceEvent], i: usize) -> usize {
    match events[..i] {
        [.., TraceEvent::BoundRaised { .. }, TraceEvent::Root { .. }] => i - 2,
        _ => i,
    }
}

/// The issue's case: IDDFS and IDA* on an 8-puzzle watched with the CLI's cap of 20,000
/// events stop at the cap, not a batch of expansions later.
#[test]
fn iterative_searches_stop_at_the_clis_cap() {
    let puzzle = bundled("eight-31a.ron");
    let cap = 20_000;
    for algorithm in [Algorithm::Iddfs, Algorithm::Idastar] {
        let request = SolveRequest {
            heuristic: Some("misplaced".into()),
            ..request(algorithm)
        };
        let watched = watch(
            &puzzle,
            &request,
            SearchControl::new(Limits::default()),
            cap,
        )
        .expect("applies");
        let (trace, report) = (&watched.trace, &watched.report);
        assert_eq!(report.status, Termination::TraceLimit, "{algorithm}");
        assert!(
            trace.events.len() <= cap,
            "{algorithm}: {}",
            trace.events.len()
        );
        assert!(
            trace.events.len() > cap - 10,
            "{algorithm}: {}",
            trace.events.len()
        );
        assert_stats_are_the_traces(trace, &report.stats, &algorithm.to_string());
    }
}

#[test]
fn every_node_is_drawn_in_the_position_its_move_makes() {
    let trace = watched(&bundled("two-by-three.ron"), Algorithm::Astar);
    assert_eq!(trace.position(0).board_rows(), ["5 4 2", "1 3 ."]);
    let child = (0..trace.nodes.len())
        .find(|&n| trace.nodes[n].parent == Some(0))
        .unwrap();
    let label = trace.label(child);
    // From `5 4 2 / 1 3 .` the blank's neighbours 2 (above) and 3 (left) can move.
    assert!(["2 down", "3 right"].contains(&label.as_str()), "{label}");
    let lines: Vec<_> = trace_lines(&trace).collect();
    assert_eq!(lines.len(), trace.events.len());
    let first = serde_json::to_value(&lines[0]).unwrap();
    assert_eq!(first["event"], "root");
    assert_eq!(first["board"][0], "5 4 2");
}

#[test]
fn a_traces_lines_name_new_bounds_and_the_backward_half_as_they_always_did() {
    let lines = |algorithm| -> Vec<String> {
        let trace = watched(&bundled("two-by-three.ron"), algorithm);
        trace_lines(&trace)
            .map(|line| serde_json::to_string(&line).unwrap())
            .collect()
    };
    // A new bound is its value and the event's name, nothing of a node.
    let ida = lines(Algorithm::Idastar);
    let bound = ida.iter().find(|l| l.contains("bound-raised")).unwrap();
    assert!(bound.starts_with(r#"{"bound":"#), "{bound}");
    assert!(bound.ends_with(r#","event":"bound-raised"}"#), "{bound}");
    // The goal's half of a bidirectional search is marked first, and its lines carry no f.
    let bibfs = lines(Algorithm::Bibfs);
    let backward = bibfs
        .iter()
        .find(|l| l.contains(r#""event":"generated""#) && l.contains("backward"))
        .unwrap();
    assert!(
        backward.starts_with(r#"{"backward":true,"board":["#),
        "{backward}"
    );
    assert!(bibfs.iter().all(|l| !l.contains(r#""f":"#)));
}
