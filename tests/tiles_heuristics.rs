//! Every tile heuristic is admissible: checked against true distances (breadth-first search
//! from the goal) on the full 2x3 and 8-puzzle spaces, with both goal conventions; the
//! incremental updates agree with a full recomputation; a complete pattern database is exact.
//!
//! `TileState` holds a heuristic memo behind atomics that hashing and equality ignore, so
//! using it as a map key is sound; clippy's `mutable_key_type` cannot see that.
#![expect(
    clippy::mutable_key_type,
    reason = "TileState's memo is not part of its key"
)]

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use blockslide::model::Dir;
use blockslide::model::tiles::{TileLayout, blank_first_goal, blank_last_goal};
use blockslide::solve::algorithms::distance_map;
use blockslide::solve::core::{Domain, Heuristic, Limits, SearchControl};
use blockslide::solve::tiles::{PatternDatabases, TileDomain, TileHeuristic, TileState};
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
        PatternDatabases::load_or_build_in(d, partition, Some(dir.path()), &cancel).unwrap();
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
    let err = blockslide::solve::tiles::heuristic(&d, "euclid", &cancel, &mut notes).unwrap_err();
    assert!(err.contains("manhattan"), "{err}");
    // custom pattern groups are checked before anything is built
    for bad in ["pdb:1,2,x", "pdb:1,2/2,3", "pdb:1,9", "pdb:"] {
        let err = blockslide::solve::tiles::heuristic(&d, bad, &cancel, &mut notes).unwrap_err();
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
    let infos = blockslide::solve::tiles::heuristics(&layout);
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
    assert_eq!(blockslide::solve::tiles::heuristics(&small)[0].name, "pdb");
    assert!(
        blockslide::solve::tiles::heuristics(&small)
            .iter()
            .all(|h| h.admissible)
    );
}
