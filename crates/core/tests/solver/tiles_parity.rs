//! Solvability by parity on many board shapes, checked against breadth-first reachability on
//! the full state space of small boards, and the seedable instance generators.

use std::collections::{HashSet, VecDeque};

use blockslide_core::model::Puzzle;
use blockslide_core::model::tiles::{
    TileLayout, blank_first_goal, blank_last_goal, is_solvable, random_solvable, scramble,
    tile_layout,
};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn layout(rows: usize, cols: usize, start: &[u16], goal: &[u16]) -> TileLayout {
    TileLayout {
        rows,
        cols,
        start: start.to_vec(),
        goal: goal.to_vec(),
        tokens: Vec::new(),
    }
}

/// Every position reachable from `goal` by blank moves (independent of the solver).
fn reachable(rows: usize, cols: usize, goal: &[u16]) -> HashSet<Vec<u16>> {
    let mut seen = HashSet::from([goal.to_vec()]);
    let mut queue = VecDeque::from([goal.to_vec()]);
    while let Some(s) = queue.pop_front() {
        let b = s.iter().position(|&t| t == 0).unwrap();
        let (r, c) = (b / cols, b % cols);
        let mut next = Vec::new();
        if r > 0 {
            next.push(b - cols);
        }
        if r + 1 < rows {
            next.push(b + cols);
        }
        if c > 0 {
            next.push(b - 1);
        }
        if c + 1 < cols {
            next.push(b + 1);
        }
        for to in next {
            let mut t = s.clone();
            t.swap(b, to);
            if seen.insert(t.clone()) {
                queue.push_back(t);
            }
        }
    }
    seen
}

/// All permutations of `0..n` (Heap's algorithm).
fn permutations(n: usize) -> Vec<Vec<u16>> {
    let mut a: Vec<u16> = (0..n as u16).collect();
    let mut out = vec![a.clone()];
    let mut c = vec![0usize; n];
    let mut i = 1;
    while i < n {
        if c[i] < i {
            if i % 2 == 0 {
                a.swap(0, i);
            } else {
                a.swap(c[i], i);
            }
            out.push(a.clone());
            c[i] += 1;
            i = 1;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
    out
}

#[test]
fn parity_matches_reachability_on_every_small_shape() {
    for (rows, cols) in [(2, 2), (2, 3), (3, 2), (1, 4), (4, 1), (1, 2), (2, 4)] {
        for goal in [blank_last_goal(rows, cols), blank_first_goal(rows, cols)] {
            let reach = reachable(rows, cols, &goal);
            let mut solvable = 0;
            for p in permutations(rows * cols) {
                let s = is_solvable(&layout(rows, cols, &p, &goal));
                assert_eq!(s, reach.contains(&p), "{rows}x{cols} {p:?} to {goal:?}");
                solvable += usize::from(s);
            }
            assert_eq!(solvable, reach.len());
        }
    }
}

#[test]
fn the_2x3_space_has_360_states_and_the_8_puzzle_181440() {
    assert_eq!(reachable(2, 3, &blank_last_goal(2, 3)).len(), 360);
    let eight = reachable(3, 3, &blank_last_goal(3, 3));
    assert_eq!(eight.len(), 181_440);
    for p in eight.iter().take(5000) {
        assert!(is_solvable(&layout(3, 3, p, &blank_last_goal(3, 3))));
    }
}

#[test]
fn known_answers() {
    let tiles = |rows, cols, start: &[u32]| {
        tile_layout(&Puzzle::tiles(rows, cols, start, None).unwrap()).unwrap()
    };
    assert!(is_solvable(&tiles(2, 3, &[5, 4, 2, 1, 3, 0])));
    assert!(is_solvable(&tiles(3, 3, &[8, 6, 7, 2, 5, 4, 3, 0, 1])));
    // the seeds library's middle_state(4): the blank at the start of row 2
    let middle = tiles(
        4,
        4,
        &[1, 2, 3, 4, 5, 6, 7, 8, 0, 9, 10, 11, 12, 13, 14, 15],
    );
    assert!(!is_solvable(&middle));
    // Korf's instances are solvable to the blank-first goal, and not to the blank-last one
    let korf: Vec<u16> = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3].to_vec();
    assert!(is_solvable(&layout(4, 4, &korf, &blank_first_goal(4, 4))));
    assert!(!is_solvable(&layout(4, 4, &korf, &blank_last_goal(4, 4))));
    // 3x4: swapping two tiles of a scramble always breaks it
    let goal = blank_last_goal(3, 4);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut s = scramble(3, 4, &goal, 40, &mut rng);
    assert!(is_solvable(&layout(3, 4, &s, &goal)));
    let (a, b) = {
        let tiles: Vec<usize> = (0..12).filter(|&i| s[i] != 0).take(2).collect();
        (tiles[0], tiles[1])
    };
    s.swap(a, b);
    assert!(!is_solvable(&layout(3, 4, &s, &goal)));
}

#[test]
fn generators_are_seedable_and_solvable() {
    for (rows, cols) in [(4, 4), (3, 4), (5, 5), (1, 5), (2, 2)] {
        let goal = blank_last_goal(rows, cols);
        let draw = |seed| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            (0..20)
                .map(|_| random_solvable(rows, cols, &goal, &mut rng))
                .collect::<Vec<_>>()
        };
        let a = draw(1);
        assert_eq!(a, draw(1));
        assert_ne!(a, draw(2));
        for s in &a {
            assert!(is_solvable(&layout(rows, cols, s, &goal)), "{s:?}");
        }
    }
}

#[test]
fn random_solvable_is_uniform_on_2x2() {
    // 12 solvable positions on 2x2; 12,000 draws should hit each about 1,000 times
    let goal = blank_last_goal(2, 2);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut counts = std::collections::HashMap::new();
    for _ in 0..12_000 {
        *counts
            .entry(random_solvable(2, 2, &goal, &mut rng))
            .or_insert(0) += 1;
    }
    assert_eq!(counts.len(), 12);
    assert!(
        counts.values().all(|&c| (800..1200).contains(&c)),
        "{counts:?}"
    );
}

proptest! {
    #[test]
    fn scrambles_are_solvable_and_at_most_k_away(seed in any::<u64>(), k in 0u32..30) {
        let goal = blank_first_goal(3, 4);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let s = scramble(3, 4, &goal, k, &mut rng);
        prop_assert!(is_solvable(&layout(3, 4, &s, &goal)));
        // each blank move changes the blank's Manhattan distance by 1
        let blank = s.iter().position(|&t| t == 0).unwrap();
        prop_assert!((blank / 4 + blank % 4) as u32 <= k);
    }

    #[test]
    fn one_move_keeps_solvability_and_a_swap_flips_it(seed in any::<u64>()) {
        let goal = blank_last_goal(4, 4);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let s = random_solvable(4, 4, &goal, &mut rng);
        let b = s.iter().position(|&t| t == 0).unwrap();
        let to = if b % 4 == 0 { b + 1 } else { b - 1 };
        let mut moved = s.clone();
        moved.swap(b, to);
        prop_assert!(is_solvable(&layout(4, 4, &moved, &goal)));
        let tiles: Vec<usize> = (0..16).filter(|&i| s[i] != 0).take(2).collect();
        let mut swapped = s.clone();
        swapped.swap(tiles[0], tiles[1]);
        prop_assert!(!is_solvable(&layout(4, 4, &swapped, &goal)));
    }
}
