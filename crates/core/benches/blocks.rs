//! Criterion benchmarks of the block domain's hot loops on Klotski, in each metric: move
//! generation plus `apply` over every reachable state (the domain's share of a BFS), the goal
//! test, the default heuristic, and a whole-space walk with the search core's explorer.
//!
//! Run with `cargo bench --no-default-features --bench blocks`.

use std::hint::black_box;

use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::algorithms::bfs::{count_space, distance_map};
use blockslide_core::solve::blocks::{BlockDomain, BlockHeuristic, BlockState};
use blockslide_core::solve::core::{Domain, Heuristic, Limits, SearchControl};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn klotski() -> Puzzle {
    Puzzle::from_rows(
        &["B A A C", "B A A C", "D E E F", "D G H F", "I . . J"],
        &[". . . .", ". . . .", ". . . .", ". A A .", ". A A ."],
    )
    .expect("Klotski is well formed")
}

fn control() -> SearchControl {
    SearchControl::new(Limits::default())
}

fn blocks(c: &mut Criterion) {
    let puzzle = klotski();
    for metric in Metric::ALL {
        let domain = BlockDomain::new(&puzzle, metric).expect("Klotski builds");
        let states: Vec<BlockState> = distance_map(&domain, &mut control())
            .expect("the space is small")
            .into_keys()
            .collect();
        let mut group = c.benchmark_group(format!("klotski-{}", metric.name()));
        group.throughput(Throughput::Elements(states.len() as u64));
        group.bench_function("moves", |b| {
            let mut moves = Vec::new();
            b.iter(|| {
                let mut n = 0;
                for s in &states {
                    moves.clear();
                    domain.moves(s, &mut moves);
                    n += moves.len();
                }
                n
            });
        });
        group.bench_function("moves+apply", |b| {
            let mut moves = Vec::new();
            b.iter(|| {
                let mut acc = 0u64;
                for s in &states {
                    moves.clear();
                    domain.moves(s, &mut moves);
                    for &m in &moves {
                        acc = acc.wrapping_add(u64::from(black_box(domain.apply(s, m)) == *s));
                    }
                }
                acc
            });
        });
        group.bench_function("is_goal", |b| {
            b.iter(|| states.iter().filter(|s| domain.is_goal(s)).count());
        });
        let relaxed = BlockHeuristic::Relaxed
            .ready(&domain, &control())
            .expect("relaxed applies");
        group.bench_function("heuristic-relaxed", |b| {
            b.iter(|| {
                states
                    .iter()
                    .map(|s| u64::from(relaxed.estimate(&domain, s)))
                    .sum::<u64>()
            });
        });
        group.bench_function("explore", |b| {
            b.iter(|| count_space(&domain, &mut control()).states);
        });
        group.finish();
    }
}

criterion_group!(benches, blocks);
criterion_main!(benches);
