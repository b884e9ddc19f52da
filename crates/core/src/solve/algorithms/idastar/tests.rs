//! Unit tests of IDA*: its rounds, its threads and its limits.

use super::*;
use crate::model::Puzzle;
use crate::model::tiles::tile_layout;
use crate::solve::core::{Limits, Zero};
use crate::solve::tiles::{TileDomain, TileHeuristic};
use std::sync::atomic::Ordering;
use std::time::Duration;

fn eight(start: &[u32]) -> TileDomain {
    let layout = tile_layout(&Puzzle::tiles(3, 3, start, None).unwrap()).unwrap();
    TileDomain::new(&layout).unwrap()
}

#[test]
fn seeds_eight_puzzles_at_their_lengths() {
    let cases: [(&[u32], usize); 4] = [
        (&[1, 2, 3, 4, 5, 0, 7, 8, 6], 1),
        (&[2, 3, 0, 1, 4, 6, 7, 5, 8], 6),
        (&[4, 2, 3, 7, 0, 5, 8, 6, 1], 16),
        (&[3, 2, 7, 4, 8, 1, 0, 6, 5], 24),
    ];
    for (start, len) in cases {
        let d = eight(start);
        for threads in [1, 2] {
            let mut control = SearchControl::new(Limits::default());
            let out = idastar_with(
                &d,
                &TileHeuristic::Manhattan,
                threads,
                0,
                &mut control,
                &mut NoObserver,
            );
            assert_eq!(out.termination, Termination::Solved);
            let path = out.path.unwrap();
            assert_eq!(path.len(), len);
            assert!(d.is_goal(&d.replay(&d.start(), &path).unwrap()));
            assert!(out.optimal);
            assert!(out.stats.expanded > 0 || len == 0);
        }
    }
}

#[test]
fn parallel_rounds_find_the_same_optimal_lengths() {
    let d = eight(&[8, 6, 7, 2, 5, 4, 3, 0, 1]);
    for threads in [2, 3, 8] {
        let mut control = SearchControl::new(Limits::default());
        let out = idastar_with(
            &d,
            &TileHeuristic::LinearConflict,
            threads,
            0,
            &mut control,
            &mut NoObserver,
        );
        let path = out.path.unwrap();
        assert_eq!(path.len(), 31);
        assert!(d.is_goal(&d.replay(&d.start(), &path).unwrap()));
        assert!(out.stats.generated > out.stats.expanded);
        assert_eq!(out.stats.completed_depth, Some(29));
    }
}

#[test]
fn zero_heuristic_is_iterative_deepening() {
    let d = eight(&[2, 3, 0, 1, 4, 6, 7, 5, 8]);
    let mut control = SearchControl::new(Limits::default());
    let out = idastar(&d, &Zero, &mut control);
    assert_eq!(out.path.unwrap().len(), 6);
    assert_eq!(out.stats.completed_depth, Some(5));
}

#[test]
fn splitting_for_many_threads_counts_against_the_memory_limit() {
    let fifteen = {
        let start = [1, 13, 2, 7, 5, 0, 12, 3, 8, 10, 4, 15, 14, 6, 9, 11];
        let layout = tile_layout(&Puzzle::tiles(4, 4, &start, None).unwrap()).unwrap();
        TileDomain::new(&layout).unwrap()
    };
    // Far more threads than allowed, on an uninformed search whose rounds split into
    // many subtrees: the thread count is capped, and the subtrees that feed the threads
    // count against the memory limit as the search proper does.
    let mut control = SearchControl::new(Limits {
        max_time: Duration::from_secs(20),
        max_memory_bytes: 8 << 20,
        ..Limits::default()
    });
    let started = std::time::Instant::now();
    let out = idastar_with(&fifteen, &Zero, 1000, 0, &mut control, &mut NoObserver);
    assert_eq!(out.termination, Termination::MemoryLimit);
    assert!(out.stats.peak_memory_bytes > 8 << 20);
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn the_unreachable_estimate_is_the_block_engines_dead_end() {
    assert_eq!(UNREACHABLE, crate::solve::blocks::heuristics::DEAD_END);
}

/// Positions 0 to 9 on a line, a step left or right at a time, and no goal.
struct Line;

impl Domain for Line {
    type State = u32;
    type Move = i8;
    fn start(&self) -> u32 {
        0
    }
    fn is_goal(&self, _: &u32) -> bool {
        false
    }
    fn moves(&self, state: &u32, out: &mut Vec<i8>) {
        if *state > 0 {
            out.push(-1);
        }
        if *state < 9 {
            out.push(1);
        }
    }
    fn apply(&self, state: &u32, mv: i8) -> u32 {
        state.saturating_add_signed(i32::from(mv))
    }
    fn goal_state(&self) -> Result<u32, crate::solve::core::Reason> {
        Err("the line has no goal".into())
    }
}

/// Says the goal is unreachable from position 5 on.
struct DeadFromFive;

impl Heuristic<Line> for DeadFromFive {
    fn estimate(&self, _: &Line, state: &u32) -> u32 {
        if *state >= 5 { UNREACHABLE } else { 0 }
    }
    fn admissible(&self) -> bool {
        true
    }
}

#[test]
fn dead_ends_exhaust_the_space_instead_of_raising_the_bound() {
    for threads in [1, 2] {
        let mut control = SearchControl::new(Limits::default());
        let out = idastar_with(
            &Line,
            &DeadFromFive,
            threads,
            0,
            &mut control,
            &mut NoObserver,
        );
        assert_eq!(out.termination, Termination::Unsolvable);
        // the last bound searched is a real length, not the sentinel
        assert!(
            out.stats.completed_depth.is_some_and(|d| d < 10),
            "{:?}",
            out.stats.completed_depth
        );
    }
}

#[test]
fn node_limit_and_cancel_stop_the_search() {
    let d = eight(&[8, 6, 7, 2, 5, 4, 3, 0, 1]);
    for threads in [1, 2] {
        let mut control = SearchControl::new(Limits {
            max_nodes: 5000,
            ..Limits::default()
        });
        let out = idastar_with(&d, &Zero, threads, 0, &mut control, &mut NoObserver);
        assert_eq!(out.termination, Termination::NodeLimit);
        assert!(out.stats.completed_depth.is_some());
        let control = SearchControl::new(Limits::default());
        control.cancel_flag().store(true, Ordering::Relaxed);
        let mut control = control;
        let out = idastar_with(&d, &Zero, threads, 0, &mut control, &mut NoObserver);
        assert_eq!(out.termination, Termination::Cancelled);
    }
}

/// What a thread count must not change: everything but the time and the memory.
fn counted<M>(out: &SearchOutcome<M>) -> (Termination, Option<&Vec<M>>, Stats) {
    let stats = Stats {
        elapsed: Duration::ZERO,
        peak_memory_bytes: 0,
        ..out.stats
    };
    (out.termination, out.path.as_ref(), stats)
}

/// IDA* on `d` with `h` under a node limit, on `threads` threads from the first round.
fn limited<H: Heuristic<TileDomain>>(
    d: &TileDomain,
    h: &H,
    threads: usize,
    max_nodes: u64,
) -> SearchOutcome<<TileDomain as Domain>::Move> {
    let mut control = SearchControl::new(Limits {
        max_nodes,
        ..Limits::default()
    });
    idastar_with(d, h, threads, 0, &mut control, &mut NoObserver)
}

/// Node limits that stop the 31-move 8-puzzle in every part of a round (in the top the
/// threads lay out, in a subtree, at a round's end) and limits that let it finish.
#[test]
fn the_node_limit_stops_every_thread_count_exactly_at_it() {
    let d = eight(&[8, 6, 7, 2, 5, 4, 3, 0, 1]);
    let h = TileHeuristic::Manhattan;
    let whole = limited(&d, &h, 1, u64::MAX);
    assert_eq!(whole.termination, Termination::Solved);
    let needed = whole.stats.expanded;
    let limits = (1..=40).chain((0..60).map(|i| 41 + i * 269)).chain([
        1023,
        1024,
        1025,
        needed - 1,
        needed,
        needed + 1,
    ]);
    let mut stopped = 0;
    for max_nodes in limits {
        let one = limited(&d, &h, 1, max_nodes);
        if max_nodes < needed {
            assert_eq!(one.termination, Termination::NodeLimit, "{max_nodes}");
            assert_eq!(one.stats.expanded, max_nodes);
            stopped += 1;
        } else {
            assert_eq!(counted(&one), counted(&whole), "{max_nodes}");
        }
        for threads in [2, 3, 8] {
            let many = limited(&d, &h, threads, max_nodes);
            assert_eq!(
                counted(&many),
                counted(&one),
                "{max_nodes} nodes on {threads} threads"
            );
        }
    }
    assert!(stopped > 60);
}

/// A round laid out in subtrees that the threads search: the 15-puzzle, stopped by the node
/// limit inside a round big enough to be split, and solved.
#[test]
fn subtrees_searched_by_threads_merge_into_the_one_thread_round() {
    let fifteen = |start: &[u32]| {
        let layout = tile_layout(&Puzzle::tiles(4, 4, start, None).unwrap()).unwrap();
        TileDomain::new(&layout).unwrap()
    };
    let korf1 = fifteen(&[14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3]);
    for max_nodes in [30_001, 77_777, 150_000] {
        let one = limited(&korf1, &TileHeuristic::Manhattan, 1, max_nodes);
        assert_eq!(one.stats.expanded, max_nodes);
        for threads in [2, 5] {
            let many = limited(&korf1, &TileHeuristic::Manhattan, threads, max_nodes);
            assert_eq!(counted(&many), counted(&one), "{max_nodes} on {threads}");
        }
    }
    let d = fifteen(&[1, 13, 2, 7, 5, 0, 12, 3, 8, 10, 4, 15, 14, 6, 9, 11]);
    let one = limited(&d, &TileHeuristic::LinearConflict, 1, u64::MAX);
    assert_eq!(one.termination, Termination::Solved);
    for threads in [2, 5] {
        let many = limited(&d, &TileHeuristic::LinearConflict, threads, u64::MAX);
        assert_eq!(counted(&many), counted(&one), "{threads} threads");
    }
}
