//! Every tile heuristic is admissible: checked against true distances (breadth-first search
//! from the goal) on the full 2x3, 2x4 and 8-puzzle spaces, with both goal conventions; the
//! incremental updates agree with a full recomputation; a complete pattern database is exact;
//! compact (4-bit) tables hold the same values as byte tables, and a table's entries are the
//! true distances of its abstract problem.
//!
//! `TileState` holds a heuristic memo behind atomics that hashing and equality ignore, so
//! using it as a map key is sound; clippy's `mutable_key_type` cannot see that.
#![expect(
    clippy::mutable_key_type,
    reason = "TileState's memo is not part of its key"
)]

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use blockslide_core::model::Dir;
use blockslide_core::model::tiles::{TileLayout, blank_first_goal, blank_last_goal, scramble};
use blockslide_core::solve::algorithms::distance_map;
use std::collections::VecDeque;

use blockslide_core::solve::core::{Domain, Heuristic, Limits, SearchControl};
use blockslide_core::solve::tiles::{PatternDatabases, TileDomain, TileHeuristic, TileState};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rustc_hash::FxHashMap;

fn domain(rows: usize, cols: usize, goal: Vec<u16>) -> TileDomain {
    TileDomain::new(&TileLayout {
        rows,
        cols,
        start: goal.clone(),
        goal,
        tokens: Vec::new(),
    })
    .unwrap()
}

fn pdb(d: &TileDomain, partition: &[Vec<u8>]) -> TileHeuristic {
    let dir = tempfile::tempdir().unwrap();
    let cancel = AtomicBool::new(false);
    let (p, report) =
        PatternDatabases::load_or_build(d, partition, Some(dir.path()), &cancel).unwrap();
    assert_eq!(report.built, partition.len());
    TileHeuristic::PatternDb(Arc::new(p))
}

/// [`pdb`] with every table stored at 4 bits per entry.
fn compact_pdb(d: &TileDomain, partition: &[Vec<u8>]) -> TileHeuristic {
    let dir = tempfile::tempdir().unwrap();
    let cancel = AtomicBool::new(false);
    let (p, report) =
        PatternDatabases::load_or_build_compact(d, partition, Some(dir.path()), &cancel).unwrap();
    assert_eq!(report.built, partition.len());
    TileHeuristic::PatternDb(Arc::new(p))
}

/// Checks `h <= true distance` on every state, and (on every `child_stride`-th state) that
/// `estimate_child` equals `estimate` for every child. Returns how often `h` was exact.
fn check(d: &TileDomain, h: &TileHeuristic, child_stride: usize) -> usize {
    let mut control = SearchControl::new(Limits::default());
    check_against(d, &distance_map(d, &mut control).unwrap(), h, child_stride)
}

fn check_against(
    d: &TileDomain,
    dist: &FxHashMap<TileState, u32>,
    h: &TileHeuristic,
    child_stride: usize,
) -> usize {
    let mut exact = 0;
    let mut moves: Vec<Dir> = Vec::new();
    for (i, (state, &true_distance)) in dist.iter().enumerate() {
        let value = h.estimate(d, state);
        assert!(
            value <= true_distance,
            "{} overestimates {state:?}: {value} > {true_distance}",
            h.name()
        );
        exact += usize::from(value == true_distance);
        if i % child_stride == 0 {
            moves.clear();
            d.moves(state, &mut moves);
            for &mv in &moves {
                let child = d.apply(state, mv);
                assert_eq!(
                    h.estimate_child(d, state, value, mv, &child),
                    h.estimate(d, &child),
                    "{} incremental update from {state:?} by {mv:?}",
                    h.name()
                );
            }
        }
    }
    exact
}

#[test]
fn every_heuristic_is_admissible_on_the_full_2x3_space() {
    for goal in [
        blank_last_goal(2, 3),
        blank_first_goal(2, 3),
        vec![3, 1, 0, 5, 2, 4],
    ] {
        let d = domain(2, 3, goal);
        for h in [
            TileHeuristic::Zero,
            TileHeuristic::Misplaced,
            TileHeuristic::Manhattan,
            TileHeuristic::LinearConflict,
            pdb(&d, &[vec![1, 2], vec![3, 4, 5]]),
        ] {
            check(&d, &h, 1);
        }
        // one pattern holding every tile is the exact distance
        let all = PatternDatabases::default_partition(&d);
        assert_eq!(all.len(), 1);
        assert_eq!(all[0].len(), 5);
        assert_eq!(check(&d, &pdb(&d, &all), 1), 360);
    }
}

#[test]
fn every_heuristic_is_admissible_on_the_full_8_puzzle_space() {
    for goal in [blank_last_goal(3, 3), blank_first_goal(3, 3)] {
        let d = domain(3, 3, goal);
        let mut control = SearchControl::new(Limits::default());
        let dist = distance_map(&d, &mut control).unwrap();
        for h in [
            TileHeuristic::Misplaced,
            TileHeuristic::Manhattan,
            TileHeuristic::LinearConflict,
            pdb(&d, &[vec![1, 2, 3, 4], vec![5, 6, 7, 8]]),
            pdb(&d, &[vec![1, 5, 6], vec![2, 3, 4], vec![7, 8]]),
            // a partial partition: tiles 7 and 8 in no pattern
            pdb(&d, &[vec![1, 2, 3], vec![4, 5, 6]]),
        ] {
            check_against(&d, &dist, &h, 37);
        }
        let all = pdb(&d, &PatternDatabases::default_partition(&d));
        let exact = check_against(&d, &dist, &all, 101);
        assert_eq!(exact, 181_440);
    }
}

#[test]
fn heuristics_are_ordered_by_strength_on_the_8_puzzle() {
    let d = domain(3, 3, blank_last_goal(3, 3));
    let mut control = SearchControl::new(Limits::default());
    let dist = distance_map(&d, &mut control).unwrap();
    let sum =
        |h: &TileHeuristic| -> u64 { dist.keys().map(|s| u64::from(h.estimate(&d, s))).sum() };
    let (mis, man, lc) = (
        sum(&TileHeuristic::Misplaced),
        sum(&TileHeuristic::Manhattan),
        sum(&TileHeuristic::LinearConflict),
    );
    assert!(mis < man && man < lc, "{mis} {man} {lc}");
    assert_eq!(dist.values().max(), Some(&31));
    assert_eq!(dist.values().filter(|&&v| v == 31).count(), 2);
}

#[test]
fn misplaced_does_not_count_the_blank() {
    let d = domain(3, 3, blank_last_goal(3, 3));
    // The seeds' `out_of_place` counts differing cells, blank included, and gets 7 here;
    // six tiles (3, 7, 8, 1, 6, 5) are off their goal cells.
    let cells = [3, 2, 7, 4, 8, 1, 0, 6, 5];
    let differing = cells.iter().zip(d.goal()).filter(|(a, b)| a != b).count();
    assert_eq!(differing, 7);
    let s = d.state_of(&cells).unwrap();
    assert_eq!(TileHeuristic::Misplaced.estimate(&d, &s), 6);
    assert_eq!(
        TileHeuristic::Misplaced.estimate(&d, &d.goal_state().unwrap()),
        0
    );
}

#[test]
fn linear_conflict_counts_reversed_pairs() {
    // 2 1 in the goal row of both: Manhattan 2, one conflict adds 2
    let d = domain(3, 3, blank_last_goal(3, 3));
    let s = d.state_of(&[2, 1, 3, 4, 5, 6, 7, 8, 0]).unwrap();
    assert_eq!(TileHeuristic::Manhattan.estimate(&d, &s), 2);
    assert_eq!(TileHeuristic::LinearConflict.estimate(&d, &s), 4);
}

#[test]
fn heuristic_names_and_errors() {
    let d = domain(3, 3, blank_last_goal(3, 3));
    let cancel = AtomicBool::new(false);
    let mut notes = Vec::new();
    let err =
        blockslide_core::solve::tiles::heuristic(&d, "euclid", &cancel, &mut notes).unwrap_err();
    assert!(err.contains("manhattan"), "{err}");
    // custom pattern groups are checked before anything is built
    for bad in ["pdb:1,2,x", "pdb:1,2/2,3", "pdb:1,9", "pdb:"] {
        let err =
            blockslide_core::solve::tiles::heuristic(&d, bad, &cancel, &mut notes).unwrap_err();
        assert!(
            err.contains("tile") || err.contains("pattern"),
            "{bad}: {err}"
        );
    }
    assert!(notes.is_empty());
    let layout = TileLayout {
        rows: 6,
        cols: 6,
        start: blank_last_goal(6, 6),
        goal: blank_last_goal(6, 6),
        tokens: Vec::new(),
    };
    let infos = blockslide_core::solve::tiles::heuristics(&layout, None);
    assert_eq!(infos[0].name, "linear-conflict");
    assert!(
        infos
            .iter()
            .any(|h| h.name == "pdb" && h.applicable.is_err())
    );
    assert!(
        infos
            .iter()
            .filter(|h| h.name.starts_with("pdb"))
            .all(|h| h.applicable.is_err())
    );
    let small = TileLayout {
        rows: 4,
        cols: 4,
        ..layout
    };
    // With nothing cached: the strongest tables become the default only once cached.
    let empty = tempfile::tempdir().unwrap();
    let listed = blockslide_core::solve::tiles::heuristics(&small, Some(empty.path()));
    assert_eq!(listed[0].name, "pdb");
    assert!(
        listed
            .iter()
            .any(|h| h.name == "pdb-strong" && h.applicable.is_ok())
    );
    assert!(
        blockslide_core::solve::tiles::heuristics(&small, None)
            .iter()
            .all(|h| h.admissible)
    );
}

#[test]
fn a_search_stopped_with_weaker_tables_hears_of_the_strongest_and_their_first_build() {
    use blockslide_core::solve::tiles::stronger_tables_note;
    let empty = tempfile::tempdir().unwrap();
    let layout = |n: usize| TileLayout {
        rows: n,
        cols: n,
        start: blank_first_goal(n, n),
        goal: blank_first_goal(n, n),
        tokens: Vec::new(),
    };
    for n in [4, 5] {
        let note = stronger_tables_note(&layout(n), "pdb", Some(empty.path()))
            .expect("the strongest tables are not built in an empty cache");
        assert!(note.contains("--heuristic pdb-strong"), "{note}");
        assert!(note.contains("first build of"), "{note}");
        // Those tables searched already: nothing to advise.
        assert!(stronger_tables_note(&layout(n), "pdb-strong", Some(empty.path())).is_none());
    }
    // The 8-puzzle has no stronger tables than its large ones.
    assert!(stronger_tables_note(&layout(3), "manhattan", Some(empty.path())).is_none());
}

#[test]
fn every_heuristic_is_admissible_on_the_full_2x4_space() {
    for goal in [blank_last_goal(2, 4), blank_first_goal(2, 4)] {
        let d = domain(2, 4, goal);
        let mut control = SearchControl::new(Limits::default());
        let dist = distance_map(&d, &mut control).unwrap();
        assert_eq!(dist.len(), 20_160);
        let halves = [vec![1, 2, 3, 4], vec![5, 6, 7]];
        for h in [
            TileHeuristic::Misplaced,
            TileHeuristic::Manhattan,
            TileHeuristic::LinearConflict,
            pdb(&d, &halves),
            compact_pdb(&d, &halves),
        ] {
            check_against(&d, &dist, &h, 7);
        }
        // a pattern of every tile is exact, stored either way
        let all = vec![(1..8).collect::<Vec<u8>>()];
        assert_eq!(check_against(&d, &dist, &pdb(&d, &all), 11), 20_160);
        assert_eq!(check_against(&d, &dist, &compact_pdb(&d, &all), 11), 20_160);
    }
}

#[test]
fn compact_tables_hold_the_byte_tables_values_with_mirrored_lookups() {
    for goal in [blank_last_goal(3, 3), blank_first_goal(3, 3)] {
        let d = domain(3, 3, goal);
        let mut control = SearchControl::new(Limits::default());
        let dist = distance_map(&d, &mut control).unwrap();
        for partition in [
            vec![vec![1, 2, 3, 4], vec![5, 6, 7, 8]],
            vec![vec![1, 5, 6], vec![2, 3, 4], vec![7, 8]],
            PatternDatabases::default_partition(&d),
        ] {
            let bytes = pdb(&d, &partition);
            let nibbles = compact_pdb(&d, &partition);
            for h in [&bytes, &nibbles] {
                let TileHeuristic::PatternDb(p) = h else {
                    unreachable!("built as pattern databases")
                };
                assert!(p.mirrored(), "the goal is symmetric about the diagonal");
            }
            check_against(&d, &dist, &nibbles, 37);
            for state in dist.keys().step_by(3) {
                assert_eq!(
                    nibbles.estimate(&d, state),
                    bytes.estimate(&d, state),
                    "{partition:?} at {state:?}"
                );
            }
        }
    }
}

/// The abstract problem of `tiles` on `d`, solved independently of the table build: Dijkstra
/// (with 0-1 costs) over (cells of the tiles, blank cell) from the goal, a move of one of
/// `tiles` costing 1 and any other move 0. Returns, for each placement of the tiles, its
/// distance over the blank's cells.
fn abstract_distances(d: &TileDomain, tiles: &[u8]) -> FxHashMap<Vec<u8>, u32> {
    let (rows, cols) = (d.rows(), d.cols());
    let goal: Vec<u8> = tiles
        .iter()
        .map(|&t| d.goal_cell(t as usize) as u8)
        .collect();
    let start = (goal, d.goal_cell(0) as u8);
    let mut best: FxHashMap<(Vec<u8>, u8), u32> = FxHashMap::default();
    let mut queue = VecDeque::from([(start, 0u32)]);
    while let Some(((cells, blank), cost)) = queue.pop_front() {
        if best
            .get(&(cells.clone(), blank))
            .is_some_and(|&c| c <= cost)
        {
            continue;
        }
        best.insert((cells.clone(), blank), cost);
        let (r, c) = (blank as usize / cols, blank as usize % cols);
        let mut next = Vec::new();
        if r > 0 {
            next.push(blank - cols as u8);
        }
        if r + 1 < rows {
            next.push(blank + cols as u8);
        }
        if c > 0 {
            next.push(blank - 1);
        }
        if c + 1 < cols {
            next.push(blank + 1);
        }
        for to in next {
            // the blank swaps with whatever stands on `to`
            let mut moved = cells.clone();
            match moved.iter().position(|&x| x == to) {
                Some(i) => {
                    moved[i] = blank;
                    queue.push_back(((moved, to), cost + 1));
                }
                None => queue.push_front(((moved, to), cost)),
            }
        }
    }
    let mut out: FxHashMap<Vec<u8>, u32> = FxHashMap::default();
    for ((cells, _), cost) in best {
        let entry = out.entry(cells).or_insert(cost);
        *entry = (*entry).min(cost);
    }
    out
}

#[test]
fn table_entries_are_the_abstract_problems_true_distances() {
    // 2x4 has no mirrored lookup, so an estimate is the one table's entry
    for goal in [blank_last_goal(2, 4), blank_first_goal(2, 4)] {
        let d = domain(2, 4, goal);
        for tiles in [vec![1u8, 2, 3, 4], vec![2, 5, 7]] {
            let truth = abstract_distances(&d, &tiles);
            let partition = vec![tiles.clone()];
            let mut control = SearchControl::new(Limits::default());
            let space = distance_map(&d, &mut control).unwrap();
            for h in [pdb(&d, &partition), compact_pdb(&d, &partition)] {
                for state in space.keys() {
                    let cells: Vec<u8> = tiles
                        .iter()
                        .map(|&t| state.cell_of(t as usize) as u8)
                        .collect();
                    assert_eq!(
                        h.estimate(&d, state),
                        truth[&cells],
                        "{tiles:?} on {cells:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn the_strongest_partitions_are_korf_and_felners() {
    let four = domain(4, 4, blank_first_goal(4, 4));
    assert_eq!(
        PatternDatabases::strongest_partition(&four),
        vec![(1..8).collect::<Vec<u8>>(), (8..16).collect()]
    );
    let five = domain(5, 5, blank_first_goal(5, 5));
    assert_eq!(
        PatternDatabases::strongest_partition(&five),
        vec![
            vec![1, 5, 6, 10, 11, 12],
            vec![2, 3, 4, 7, 8, 9],
            vec![15, 16, 17, 20, 21, 22],
            vec![13, 14, 18, 19, 23, 24],
        ]
    );
    // with the blank last, the same shapes from the opposite corner cover every tile
    let last = domain(5, 5, blank_last_goal(5, 5));
    let mut tiles: Vec<u8> = PatternDatabases::strongest_partition(&last)
        .into_iter()
        .inspect(|g| assert_eq!(g.len(), 6))
        .flatten()
        .collect();
    tiles.sort_unstable();
    assert_eq!(tiles, (1..25).collect::<Vec<u8>>());
    // elsewhere it is the large partition
    let three = domain(3, 4, blank_last_goal(3, 4));
    assert_eq!(
        PatternDatabases::strongest_partition(&three),
        PatternDatabases::large_partition(&three)
    );
}

#[test]
fn compact_tables_agree_with_byte_tables_on_the_5x5() {
    // boards of more than 16 cells keep a 32-bit word of blank cells per placement while
    // building: the 24-puzzle's compact tables take that path
    let goal = blank_last_goal(5, 5);
    let d = domain(5, 5, goal.clone());
    let partition = vec![vec![1, 2, 6, 7], vec![13, 19, 24]];
    let (bytes, nibbles) = (pdb(&d, &partition), compact_pdb(&d, &partition));
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for moves in [10, 40, 200] {
        for _ in 0..200 {
            let start = scramble(5, 5, &goal, moves, &mut rng);
            let s = d.state_of(&start).unwrap();
            assert_eq!(
                nibbles.estimate(&d, &s),
                bytes.estimate(&d, &s),
                "{start:?}"
            );
        }
    }
}

/// Korf and Felner's first five 24-puzzles as the repository holds them: each a permutation
/// of 0 to 24 that parity lets reach the blank-first goal, with an optimal length that linear
/// conflict does not exceed and that has the parity of the blank's distance.
#[test]
fn the_published_24_puzzles_are_well_formed() {
    let text = include_str!("../../../../tests/data/korf-felner-24.txt");
    let goal = blank_first_goal(5, 5);
    let instances: Vec<Vec<u16>> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_whitespace().map(|t| t.parse().unwrap()).collect())
        .collect();
    assert_eq!(instances.len(), 5);
    assert_eq!(
        instances[0][..25],
        [
            14, 5, 9, 2, 18, 8, 23, 19, 12, 17, 15, 0, 10, 20, 4, 6, 11, 21, 1, 7, 24, 3, 16, 22,
            13
        ]
    );
    for numbers in instances {
        let (start, optimal) = (numbers[..25].to_vec(), u32::from(numbers[25]));
        let mut sorted = start.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, goal);
        let layout = TileLayout {
            rows: 5,
            cols: 5,
            start: start.clone(),
            goal: goal.clone(),
            tokens: Vec::new(),
        };
        assert!(
            blockslide_core::model::tiles::is_solvable(&layout),
            "{start:?}"
        );
        let d = TileDomain::new(&layout).unwrap();
        let h = TileHeuristic::LinearConflict.estimate(&d, &d.start());
        assert!(h <= optimal, "{h} > {optimal}");
        let blank = start.iter().position(|&t| t == 0).unwrap();
        assert_eq!(
            ((blank / 5) + (blank % 5)) as u32 % 2,
            optimal % 2,
            "{start:?}"
        );
    }
}

fn pdb_set(d: &TileDomain, partition: &[Vec<u8>]) -> Arc<PatternDatabases> {
    match pdb(d, partition) {
        TileHeuristic::PatternDb(set) => set,
        other => unreachable!("pdb() makes pattern databases, not {}", other.name()),
    }
}

/// `pdb-max`'s mechanism on full spaces: the max over two partitions' sets is admissible, is
/// the larger of the two sets' own estimates, and its incremental update (the first set's
/// values in the memo, the second's looked up afresh) agrees with a fresh estimate.
#[test]
fn the_max_of_two_pattern_database_sets_is_admissible_on_full_spaces() {
    for goal in [blank_last_goal(3, 3), blank_first_goal(3, 3)] {
        let d = domain(3, 3, goal);
        let mut control = SearchControl::new(Limits::default());
        let dist = distance_map(&d, &mut control).unwrap();
        let first = pdb_set(&d, &[vec![1, 2, 3, 4], vec![5, 6, 7, 8]]);
        let second = pdb_set(&d, &[vec![1, 5, 6], vec![2, 3, 4], vec![7, 8]]);
        let max = TileHeuristic::PatternDbMax(vec![Arc::clone(&first), Arc::clone(&second)]);
        check_against(&d, &dist, &max, 3);
        let mut larger = 0;
        for state in dist.keys() {
            let (a, b) = (first.estimate(state), second.estimate(state));
            assert_eq!(max.estimate(&d, state), a.max(b));
            larger += usize::from(b > a);
        }
        assert!(larger > 0, "the second set never raised the estimate");
    }
    let d = domain(2, 3, blank_last_goal(2, 3));
    let max = TileHeuristic::PatternDbMax(vec![
        pdb_set(&d, &[vec![1, 2], vec![3, 4, 5]]),
        pdb_set(&d, &[vec![1, 4], vec![2, 3, 5]]),
    ]);
    check(&d, &max, 1);
}
