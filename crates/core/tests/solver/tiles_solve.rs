//! Solving tile puzzles: the seeds' instances at their optimal lengths through the front
//! door, every solution replayed on the model; IDA* on one and two threads; the tile path
//! agreeing with the general block engine on optimal lengths.

use std::sync::atomic::AtomicBool;

use blockslide_core::model::tiles::{TileLayout, blank_last_goal, scramble, tile_layout};
use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::algorithms::{bfs, idastar::idastar};
use blockslide_core::solve::api::{self, Algorithm, SolveRequest, verify_solution};
use blockslide_core::solve::blocks::BlockDomain;
use blockslide_core::solve::core::{Limits, SearchControl, Stats, Termination};
use blockslide_core::solve::tiles::{PatternDatabases, TileDomain, TileHeuristic};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::fixtures::bundled;

fn control() -> SearchControl {
    SearchControl::new(Limits::default())
}

fn puzzle(rows: usize, cols: usize, start: &[u32]) -> Puzzle {
    Puzzle::tiles(rows, cols, start, None).unwrap()
}

/// Solves through the front door and checks the report against the model.
fn solve(p: &Puzzle, algorithm: Algorithm, heuristic: &str, threads: usize) -> usize {
    let request = SolveRequest {
        algorithm,
        heuristic: Some(heuristic.to_string()),
        ..crate::fixtures::request()
    };
    let report = api::solve(p, &request, control().with_threads(threads)).unwrap();
    assert_eq!(
        report.status,
        Termination::Solved,
        "{algorithm} {heuristic}"
    );
    verify_solution(p, &report.moves).unwrap();
    let blank = report
        .blank_moves
        .clone()
        .expect("tile puzzles report blank moves");
    assert_eq!(blank.len(), report.moves.len());
    assert!(blank.chars().all(|c| "udlr".contains(c)));
    report.length().unwrap()
}

/// The seeds' 8-puzzles, bundled, with their optimal lengths.
const EIGHT: [(&str, usize); 7] = [
    ("eight-1.ron", 1),
    ("eight-6.ron", 6),
    ("eight-16.ron", 16),
    ("eight-14.ron", 14),
    ("eight-24.ron", 24),
    ("eight-31a.ron", 31),
    ("eight-31b.ron", 31),
];

#[test]
fn the_2x3_notebook_instance_takes_8_moves_by_every_optimal_route() {
    let p = bundled("two-by-three.ron");
    for algorithm in [
        Algorithm::Bfs,
        Algorithm::Ucs,
        Algorithm::Iddfs,
        Algorithm::Bibfs,
    ] {
        assert_eq!(solve(&p, algorithm, "zero", 1), 8, "{algorithm}");
    }
    for h in ["misplaced", "manhattan", "linear-conflict"] {
        for algorithm in [Algorithm::Astar, Algorithm::Idastar] {
            assert_eq!(solve(&p, algorithm, h, 1), 8, "{algorithm} {h}");
        }
    }
    assert_eq!(solve(&p, Algorithm::Idastar, "manhattan", 2), 8);
}

#[test]
fn the_seeds_8_puzzles_at_their_optimal_lengths() {
    for (name, length) in EIGHT {
        let p = bundled(name);
        assert_eq!(solve(&p, Algorithm::Idastar, "linear-conflict", 1), length);
        assert_eq!(solve(&p, Algorithm::Idastar, "linear-conflict", 2), length);
        assert_eq!(solve(&p, Algorithm::Astar, "manhattan", 1), length);
    }
}

#[test]
fn the_exact_8_puzzle_database_walks_straight_to_the_goal() {
    let dir = tempfile::tempdir().unwrap();
    for (name, length) in EIGHT {
        let p = bundled(name);
        let layout = tile_layout(&p).unwrap();
        let d = TileDomain::new(&layout).unwrap();
        let partition = PatternDatabases::default_partition(&d);
        let (pdb, _) = PatternDatabases::load_or_build(
            &d,
            &partition,
            Some(dir.path()),
            &AtomicBool::new(false),
        )
        .unwrap();
        let h = TileHeuristic::PatternDb(std::sync::Arc::new(pdb));
        let out = idastar(&d, &h, &mut control().with_threads(1));
        let path = out.path.unwrap();
        assert_eq!(path.len(), length);
        verify_solution(&p, &d.piece_moves(&path)).unwrap();
        // a perfect heuristic expands only the solution path
        assert_eq!(out.stats.expanded as usize, length);
        assert_eq!(out.stats.completed_depth, None);
    }
}

#[test]
fn middle_state_4_is_unsolvable_without_search() {
    let p = puzzle(
        4,
        4,
        &[1, 2, 3, 4, 5, 6, 7, 8, 0, 9, 10, 11, 12, 13, 14, 15],
    );
    let request = SolveRequest {
        algorithm: Algorithm::Idastar,
        heuristic: Some("manhattan".into()),
        ..crate::fixtures::request()
    };
    let report = api::solve(&p, &request, control()).unwrap();
    assert_eq!(report.status, Termination::Unsolvable);
    assert_eq!(report.stats.expanded, 0);
}

#[test]
fn a_15_puzzle_in_a_few_moves_and_a_limit_on_a_hard_one() {
    let goal = blank_last_goal(4, 4);
    let mut rng = ChaCha8Rng::seed_from_u64(15);
    let start = scramble(4, 4, &goal, 20, &mut rng);
    let layout = TileLayout {
        rows: 4,
        cols: 4,
        start: start.clone(),
        goal: goal.clone(),
        tokens: Vec::new(),
    };
    let d = TileDomain::new(&layout).unwrap();
    let one = idastar(
        &d,
        &TileHeuristic::LinearConflict,
        &mut control().with_threads(1),
    );
    let two = idastar(
        &d,
        &TileHeuristic::LinearConflict,
        &mut control().with_threads(2),
    );
    let (a, b) = (one.path.unwrap(), two.path.unwrap());
    assert_eq!(a.len(), b.len());
    assert!(a.len() <= 20);
    let model = Puzzle::tiles(
        4,
        4,
        &start.iter().map(|&t| u32::from(t)).collect::<Vec<_>>(),
        None,
    )
    .unwrap();
    for path in [&a, &b] {
        verify_solution(&model, &d.piece_moves(path)).unwrap();
    }
    // Korf's instance 1 (57 moves) is far out of reach of Manhattan in 20,000 nodes
    let korf = TileLayout {
        rows: 4,
        cols: 4,
        start: vec![14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3],
        goal: (0..16).collect(),
        tokens: Vec::new(),
    };
    let d = TileDomain::new(&korf).unwrap();
    for threads in [1, 2] {
        let mut limited = SearchControl::new(Limits {
            max_nodes: 20_000,
            ..Limits::default()
        })
        .with_threads(threads);
        let out = idastar(&d, &TileHeuristic::Manhattan, &mut limited);
        assert_eq!(out.termination, Termination::NodeLimit);
        assert!(out.path.is_none());
        assert!(out.stats.completed_depth.unwrap() >= 41);
    }
}

/// Optimal length by BFS on the block engine, which knows nothing about tiles.
fn block_engine_length(p: &Puzzle) -> Option<usize> {
    let d = BlockDomain::new(p, Metric::Step).unwrap();
    bfs::bfs(&d, &mut control()).path.map(|path| path.len())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn the_tile_path_agrees_with_the_block_engine(
        seed in any::<u64>(),
        shape in 0usize..4,
        k in 0u32..16,
    ) {
        let (rows, cols) = [(2, 2), (2, 3), (3, 2), (3, 3)][shape];
        let goal = blank_last_goal(rows, cols);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let start: Vec<u32> = scramble(rows, cols, &goal, k, &mut rng)
            .into_iter()
            .map(u32::from)
            .collect();
        let p = puzzle(rows, cols, &start);
        let blocks = block_engine_length(&p);
        let tiles = solve(&p, Algorithm::Idastar, "linear-conflict", 1);
        prop_assert_eq!(blocks, Some(tiles));
        prop_assert!(tiles <= k as usize);
    }
}

/// `solve` with IDA* (or IDDFS) and a node limit of N expands exactly N nodes, and on two
/// threads (Korf's first instance under Manhattan distance has rounds big enough to be
/// shared) reports what one thread does: the same status and statistics, but time and
/// memory.
#[test]
fn idastar_and_iddfs_expand_exactly_the_node_limit_on_any_threads() {
    let blank_first: Vec<u32> = (0..16).collect();
    let korf1 = Puzzle::tiles(
        4,
        4,
        &[14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3],
        Some(&blank_first),
    )
    .unwrap();
    let cases = [
        (Algorithm::Idastar, "manhattan", 1),
        (Algorithm::Idastar, "manhattan", 4_321),
        (Algorithm::Idastar, "manhattan", 150_001),
        (Algorithm::Iddfs, "zero", 99_999),
    ];
    for (algorithm, heuristic, max_nodes) in cases {
        let request = SolveRequest {
            algorithm,
            heuristic: Some(heuristic.into()),
            ..crate::fixtures::request()
        };
        let report = |threads| {
            let control = SearchControl::new(Limits {
                max_nodes,
                ..Limits::default()
            })
            .with_threads(threads);
            let report = api::solve(&korf1, &request, control).unwrap();
            let stats = Stats {
                elapsed: std::time::Duration::ZERO,
                peak_memory_bytes: 0,
                ..report.stats
            };
            (report.status, stats)
        };
        let one = report(1);
        assert_eq!(one.0, Termination::NodeLimit, "{algorithm} {max_nodes}");
        assert_eq!(one.1.expanded, max_nodes, "{algorithm}");
        assert_eq!(report(2), one, "{algorithm} {max_nodes} on two threads");
    }
}
