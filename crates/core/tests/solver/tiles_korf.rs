//! The release suite: the first 10 of Korf's 100 15-puzzles solved optimally with every 4x4
//! pattern database partition (default 6-6-3, large 7-6-2, strongest 7-8, and the max of
//! 6-6-3 and 7-6-2), on one and on two threads, and 24-puzzles scrambled by 60 moves.
//! Run with `cargo test --release --no-default-features -- --ignored`; the tables are built
//! once into a cache under the target directory (or `$BLOCKSLIDE_CACHE_DIR` when set: the
//! 7-8 tables take minutes to build).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use blockslide_core::model::tiles::{TileLayout, blank_first_goal, blank_last_goal, scramble};
use blockslide_core::model::{Dir, Puzzle};
use blockslide_core::solve::algorithms::idastar::idastar;
use blockslide_core::solve::api::verify_solution;
use blockslide_core::solve::core::{Domain, Heuristic, Limits, SearchControl, Termination};
use blockslide_core::solve::tiles::{PatternDatabases, TileDomain, TileHeuristic};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::fixtures::pdb_cache as cache;

/// Replays `path` on the model: every tile move is legal and the model's goal check agrees.
fn verify_on_model(
    d: &TileDomain,
    rows: usize,
    cols: usize,
    start: &[u16],
    goal: &[u16],
    path: &[Dir],
) {
    let numbers = |v: &[u16]| v.iter().map(|&t| u32::from(t)).collect::<Vec<_>>();
    let puzzle = Puzzle::tiles(rows, cols, &numbers(start), Some(&numbers(goal))).unwrap();
    verify_solution(&puzzle, &d.piece_moves(path)).unwrap();
}

fn domain(rows: usize, cols: usize, start: Vec<u16>, goal: Vec<u16>) -> TileDomain {
    TileDomain::new(&TileLayout {
        rows,
        cols,
        start,
        goal,
        tokens: Vec::new(),
    })
    .unwrap()
}

fn default_pdb(d: &TileDomain) -> TileHeuristic {
    pdb_of(d, &PatternDatabases::default_partition(d))
}

fn pdb_of(d: &TileDomain, partition: &[Vec<u8>]) -> TileHeuristic {
    let (pdb, _) =
        PatternDatabases::load_or_build(d, partition, Some(&cache()), &AtomicBool::new(false))
            .unwrap();
    assert!(pdb.mirrored());
    TileHeuristic::PatternDb(Arc::new(pdb))
}

#[test]
#[ignore = "slow: release suite"]
fn the_first_10_korf_instances_are_solved_optimally() {
    let goal = blank_first_goal(4, 4);
    first_10_korf_instances(&default_pdb(&domain(4, 4, goal.clone(), goal)));
}

#[test]
#[ignore = "slow: release suite"]
fn the_first_10_korf_instances_are_solved_optimally_with_the_large_tables() {
    let goal = blank_first_goal(4, 4);
    let d = domain(4, 4, goal.clone(), goal);
    first_10_korf_instances(&pdb_of(&d, &PatternDatabases::large_partition(&d)));
}

#[test]
#[ignore = "slow: release suite (the first build of the 7-8 tables takes minutes)"]
fn korfs_instances_with_the_strongest_tables() {
    let goal = blank_first_goal(4, 4);
    let d = domain(4, 4, goal.clone(), goal.clone());
    let partition = PatternDatabases::strongest_partition(&d);
    assert_eq!(partition.iter().map(Vec::len).collect::<Vec<_>>(), [7, 8]);
    let h = pdb_of(&d, &partition);
    // the estimate of every one of the 100 starts is at most its optimal length
    for line in include_str!("../../../../tests/data/korf100.txt").lines() {
        let nums: Vec<u16> = line
            .split_whitespace()
            .map(|s| s.parse().unwrap())
            .collect();
        let d = domain(4, 4, nums[..16].to_vec(), goal.clone());
        assert!(h.estimate(&d, &d.start()) <= u32::from(nums[16]), "{line}");
    }
    first_10_korf_instances(&h);
}

/// `pdb-max` (6-6-3 and 7-6-2 on the 4x4; two 5-5-5-5-4 splits on the 5x5): its estimate is
/// the larger of its sets', never above the optimal length of any of Korf's 100, and it
/// solves the first 10 optimally; on 24-puzzles it agrees with `pdb` on the optimal length.
#[test]
#[ignore = "slow: release suite"]
fn the_max_of_two_partitions_is_admissible_and_optimal() {
    let goal = blank_first_goal(4, 4);
    let d = domain(4, 4, goal.clone(), goal.clone());
    let partitions = PatternDatabases::max_partitions(&d).unwrap();
    let sets: Vec<TileHeuristic> = partitions.iter().map(|p| pdb_of(&d, p)).collect();
    let arcs = sets
        .iter()
        .map(|h| match h {
            TileHeuristic::PatternDb(set) => Arc::clone(set),
            other => unreachable!("{}", other.name()),
        })
        .collect();
    let max = TileHeuristic::PatternDbMax(arcs);
    let mut raised = 0;
    for line in include_str!("../../../../tests/data/korf100.txt").lines() {
        let nums: Vec<u16> = line
            .split_whitespace()
            .map(|s| s.parse().unwrap())
            .collect();
        let d = domain(4, 4, nums[..16].to_vec(), goal.clone());
        let start = d.start();
        let (a, b) = (sets[0].estimate(&d, &start), sets[1].estimate(&d, &start));
        let h = max.estimate(&d, &start);
        assert_eq!(h, a.max(b), "{line}");
        assert!(h <= u32::from(nums[16]), "{line}");
        raised += usize::from(a > b);
    }
    assert!(
        raised > 0,
        "6-6-3 never beat 7-6-2 on a start: the max would be pointless"
    );
    first_10_korf_instances(&max);
    let goal = blank_last_goal(5, 5);
    let d = domain(5, 5, goal.clone(), goal.clone());
    let partitions = PatternDatabases::max_partitions(&d).unwrap();
    let arcs = partitions
        .iter()
        .map(|p| match pdb_of(&d, p) {
            TileHeuristic::PatternDb(set) => set,
            other => unreachable!("{}", other.name()),
        })
        .collect();
    let max = TileHeuristic::PatternDbMax(arcs);
    let h = default_pdb(&d);
    let mut rng = ChaCha8Rng::seed_from_u64(25);
    for _ in 0..3 {
        let start = scramble(5, 5, &goal, 60, &mut rng);
        let d = domain(5, 5, start.clone(), goal.clone());
        let by_max = idastar(
            &d,
            &max,
            &mut SearchControl::new(Limits::default()).with_threads(2),
        );
        let by_pdb = idastar(
            &d,
            &h,
            &mut SearchControl::new(Limits::default()).with_threads(2),
        );
        let path = by_max.path.unwrap();
        assert_eq!(path.len(), by_pdb.path.unwrap().len());
        verify_on_model(&d, 5, 5, &start, &goal, &path);
    }
}

/// Solves the first 10 of Korf's instances with `h` on one and two threads: each optimal,
/// of the published length, and legal on the model.
fn first_10_korf_instances(h: &TileHeuristic) {
    let text = include_str!("../../../../tests/data/korf100.txt");
    let goal = blank_first_goal(4, 4);
    for line in text.lines().take(10) {
        let nums: Vec<u16> = line
            .split_whitespace()
            .map(|s| s.parse().unwrap())
            .collect();
        let (start, known) = (nums[..16].to_vec(), nums[16] as usize);
        let d = domain(4, 4, start.clone(), goal.clone());
        assert!(h.estimate(&d, &d.start()) as usize <= known);
        for threads in [1, 2] {
            let out = idastar(
                &d,
                h,
                &mut SearchControl::new(Limits::default()).with_threads(threads),
            );
            assert_eq!(out.termination, Termination::Solved);
            assert!(out.optimal);
            let path = out.path.unwrap();
            assert_eq!(path.len(), known, "{line} on {threads} threads");
            verify_on_model(&d, 4, 4, &start, &goal, &path);
        }
    }
}

#[test]
#[ignore = "slow: release suite"]
fn twenty_four_puzzles_scrambled_by_60_moves_are_solved_optimally() {
    let goal = blank_last_goal(5, 5);
    let h = default_pdb(&domain(5, 5, goal.clone(), goal.clone()));
    let mut rng = ChaCha8Rng::seed_from_u64(24);
    for _ in 0..5 {
        let start = scramble(5, 5, &goal, 60, &mut rng);
        let d = domain(5, 5, start.clone(), goal.clone());
        let pdb = idastar(
            &d,
            &h,
            &mut SearchControl::new(Limits::default()).with_threads(2),
        );
        let path = pdb.path.unwrap();
        assert!(path.len() <= 60);
        verify_on_model(&d, 5, 5, &start, &goal, &path);
        // an independent admissible heuristic agrees on the optimal length where it can
        // finish in reasonable time
        let mut limited = SearchControl::new(Limits {
            max_nodes: 30_000_000,
            ..Limits::default()
        })
        .with_threads(2);
        let lc = idastar(&d, &TileHeuristic::LinearConflict, &mut limited);
        if let Some(lc_path) = lc.path {
            assert_eq!(lc_path.len(), path.len());
        } else {
            assert!(lc.stats.completed_depth.unwrap() < path.len() as u32);
        }
    }
}
