//! Criterion benchmarks of the search core over the real domains: whole-space breadth-first
//! walks (states per second), and time per solve of the classics with A*, BFS and
//! bidirectional BFS.
//!
//! Run with `cargo bench --no-default-features --bench algorithms`.

use std::hint::black_box;
use std::path::PathBuf;

use blockslide_core::model::tiles::tile_layout;
use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::algorithms::{astar, bfs, bibfs, count_space};
use blockslide_core::solve::blocks::{self, BlockDomain};
use blockslide_core::solve::core::{Limits, SearchControl, Termination};
use blockslide_core::solve::tiles::TileDomain;
use criterion::{Criterion, criterion_group, criterion_main};

fn control() -> SearchControl {
    SearchControl::new(Limits::default())
}

fn saved(name: &str) -> Puzzle {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../saved_puzzles")
        .join(name);
    blockslide_core::model::file::load(&path).expect("the bundled puzzles load")
}

fn tiles(rows: usize, cols: usize, cells: &[u32]) -> TileDomain {
    let puzzle = Puzzle::tiles(rows, cols, cells, None).expect("sizes match");
    TileDomain::new(&tile_layout(&puzzle).expect("a tile puzzle")).expect("a valid layout")
}

fn whole_spaces(c: &mut Criterion) {
    let mut group = c.benchmark_group("explore");
    for metric in Metric::ALL {
        let domain = BlockDomain::new(&saved("klotski.ron"), metric).expect("klotski builds");
        group.bench_function(format!("klotski-{metric}"), |b| {
            b.iter(|| {
                let e = count_space(black_box(&domain), &mut control());
                assert_eq!(e.states, 25_955);
            });
        });
    }
    let century = BlockDomain::new(&saved("century.ron"), Metric::Step).expect("century builds");
    group.bench_function("century-step", |b| {
        b.iter(|| count_space(black_box(&century), &mut control()).states);
    });
    let eight = tiles(3, 3, &[1, 2, 3, 4, 5, 6, 7, 8, 0]);
    group.sample_size(10);
    group.bench_function("eight-puzzle", |b| {
        b.iter(|| {
            let e = count_space(black_box(&eight), &mut control());
            assert_eq!(e.states, 181_440);
        });
    });
    group.finish();
}

fn classics(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    group.sample_size(20);
    for (file, metric, length) in [
        ("klotski.ron", Metric::Move, 81),
        ("klotski.ron", Metric::Step, 116),
        ("century.ron", Metric::Move, 99),
        ("blocks-hard.ron", Metric::Step, 36),
    ] {
        let puzzle = saved(file);
        let domain = BlockDomain::new(&puzzle, metric).expect("the classic builds");
        let heuristic =
            blocks::heuristic(&domain, "relaxed", &SearchControl::new(Limits::default()))
                .expect("relaxed applies");
        let name = file.trim_end_matches(".ron");
        group.bench_function(format!("astar-{name}-{metric}"), |b| {
            b.iter(|| {
                let out = astar(black_box(&domain), &heuristic, 1.0, &mut control());
                assert_eq!(out.path.map(|p| p.len()), Some(length));
            });
        });
        group.bench_function(format!("bfs-{name}-{metric}"), |b| {
            b.iter(|| {
                let out = bfs(black_box(&domain), &mut control());
                assert_eq!(out.path.map(|p| p.len()), Some(length));
            });
        });
    }
    let hardest = tiles(3, 3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]);
    group.bench_function("bfs-eight-31", |b| {
        b.iter(|| bfs(black_box(&hardest), &mut control()).termination);
    });
    group.bench_function("bibfs-eight-31", |b| {
        b.iter(|| {
            let out = bibfs(black_box(&hardest), &mut control()).expect("tiles have a goal state");
            assert_eq!(out.termination, Termination::Solved);
        });
    });
    group.finish();
}

criterion_group!(benches, whole_spaces, classics);
criterion_main!(benches);
