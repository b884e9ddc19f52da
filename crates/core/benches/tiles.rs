//! Criterion benchmarks of the tile fast path: IDA* per heuristic on the hardest 8-puzzles,
//! the pattern-database IDA* on a few of Korf's 15-puzzles (one and two threads), the
//! heuristics' incremental updates, and a pattern database build.
//!
//! Run with `cargo bench --no-default-features --bench tiles`. Pattern databases are cached
//! under the target directory (shared with the release test suite).

use std::hint::black_box;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use blockslide_core::model::tiles::{TileLayout, blank_first_goal, blank_last_goal};
use blockslide_core::solve::algorithms::idastar::idastar;
use blockslide_core::solve::core::{Domain, Heuristic, Limits, SearchControl, Termination};
use blockslide_core::solve::tiles::{PatternDatabases, TileDomain, TileHeuristic};
use criterion::{Criterion, criterion_group, criterion_main};

fn control() -> SearchControl {
    SearchControl::new(Limits::default())
}

fn domain(rows: usize, cols: usize, start: &[u16], goal: Vec<u16>) -> TileDomain {
    TileDomain::new(&TileLayout {
        rows,
        cols,
        start: start.to_vec(),
        goal,
        tokens: Vec::new(),
    })
    .expect("valid benchmark instances")
}

fn pdb(d: &TileDomain) -> TileHeuristic {
    let cache = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("pdb-cache");
    let partition = PatternDatabases::default_partition(d);
    let (p, _) =
        PatternDatabases::load_or_build(d, &partition, Some(&cache), &AtomicBool::new(false))
            .expect("the tables build");
    TileHeuristic::PatternDb(Arc::new(p))
}

fn solve(d: &TileDomain, h: &TileHeuristic, threads: usize, length: usize) {
    let out = idastar(d, h, &mut control().with_threads(threads));
    assert_eq!(out.termination, Termination::Solved);
    assert_eq!(out.path.map(|p| p.len()), Some(length));
}

fn eight_puzzle(c: &mut Criterion) {
    let hardest = domain(3, 3, &[8, 6, 7, 2, 5, 4, 3, 0, 1], blank_last_goal(3, 3));
    let mut group = c.benchmark_group("eight-31-moves");
    for h in [
        TileHeuristic::Manhattan,
        TileHeuristic::LinearConflict,
        pdb(&hardest),
    ] {
        group.bench_function(h.name(), |b| {
            b.iter(|| solve(black_box(&hardest), &h, 1, 31));
        });
    }
    group.finish();
}

fn fifteen_puzzle(c: &mut Criterion) {
    let korf: [([u16; 16], usize); 3] = [
        ([14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3], 57),
        ([13, 5, 4, 10, 9, 12, 8, 14, 2, 3, 7, 1, 0, 15, 11, 6], 55),
        ([4, 7, 14, 13, 10, 3, 9, 12, 11, 5, 6, 15, 1, 2, 8, 0], 56),
    ];
    let goal = blank_first_goal(4, 4);
    let h = pdb(&domain(4, 4, &goal, goal.clone()));
    let mut group = c.benchmark_group("korf-1-2-5");
    group.sample_size(10);
    for threads in [1, 2] {
        group.bench_function(format!("pdb-{threads}-threads"), |b| {
            b.iter(|| {
                for (start, length) in &korf {
                    solve(&domain(4, 4, start, goal.clone()), &h, threads, *length);
                }
            });
        });
    }
    group.finish();
}

fn heuristic_updates(c: &mut Criterion) {
    let goal = blank_first_goal(4, 4);
    let d = domain(
        4,
        4,
        &[14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3],
        goal.clone(),
    );
    let start = d.start();
    let mut moves = Vec::new();
    d.moves(&start, &mut moves);
    let children: Vec<_> = moves.iter().map(|&m| (m, d.apply(&start, m))).collect();
    let mut group = c.benchmark_group("estimate-children");
    for h in [
        TileHeuristic::Manhattan,
        TileHeuristic::LinearConflict,
        pdb(&d),
    ] {
        let parent_h = h.estimate(&d, &start);
        group.bench_function(h.name(), |b| {
            b.iter(|| {
                children
                    .iter()
                    .map(|(m, child)| h.estimate_child(&d, &start, parent_h, *m, black_box(child)))
                    .sum::<u32>()
            });
        });
    }
    group.finish();
}

fn database_build(c: &mut Criterion) {
    let goal = blank_last_goal(3, 3);
    let d = domain(3, 3, &goal, goal.clone());
    let partition = PatternDatabases::default_partition(&d);
    let mut group = c.benchmark_group("pdb-build");
    group.sample_size(10);
    group.bench_function("8-puzzle-all-tiles", |b| {
        b.iter(|| {
            PatternDatabases::load_or_build(&d, &partition, None, &AtomicBool::new(false))
                .expect("the table builds")
                .0
                .bytes()
        });
    });
    group.finish();
}

criterion_group!(
    benches,
    eight_puzzle,
    fifteen_puzzle,
    heuristic_updates,
    database_build
);
criterion_main!(benches);
