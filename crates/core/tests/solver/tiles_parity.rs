//! Solvability by parity (`is_solvable`) against two oracles that share nothing with it: a
//! breadth-first search over model positions (`Puzzle::can_step` and `Puzzle::step`, the
//! rules of the game) on every arrangement of the small boards, the 8-puzzle's included;
//! and the textbook rule (inversions counted pair by pair, plus the blank's row on boards
//! of even width) on random arrangements of boards up to 6x6. `is_solvable` decomposes the
//! permutation into cycles and compares with the blank's Manhattan distance, so neither
//! oracle repeats its arithmetic. Then the seedable instance generators.

use std::collections::{HashMap, HashSet, VecDeque};

use blockslide_core::model::tiles::{
    TileLayout, blank_first_goal, blank_last_goal, is_solvable, random_solvable, scramble,
    tile_layout,
};
use blockslide_core::model::{Cell, Dir, Puzzle, Token};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::fixtures::bundled;

fn layout(rows: usize, cols: usize, start: &[u16], goal: &[u16]) -> TileLayout {
    TileLayout {
        rows,
        cols,
        start: start.to_vec(),
        goal: goal.to_vec(),
        tokens: Vec::new(),
    }
}

/// Every arrangement reachable from `goal` on a `rows` x `cols` board (row-major, 0 = the
/// blank), by a breadth-first search over model positions: a tile moves where
/// `Puzzle::can_step` lets it and `Puzzle::step` moves it. No tile-engine code and none of
/// `is_solvable`'s arithmetic: the set is what the rules of the game allow.
fn reachable_by_the_model(rows: usize, cols: usize, goal: &[u16]) -> HashSet<Vec<u16>> {
    let numbers: Vec<u32> = goal.iter().map(|&t| u32::from(t)).collect();
    let start = Puzzle::tiles(rows, cols, &numbers, None).expect("a permutation of the board");
    // A tile's token is read back as the number the goal gave the cell it starts on.
    let number_of: HashMap<Token, u16> = start
        .cells
        .iter()
        .zip(goal)
        .filter_map(|(cell, &number)| match cell {
            Cell::Piece(token) => Some((*token, number)),
            Cell::Empty | Cell::Wall => None,
        })
        .collect();
    let read = |p: &Puzzle| -> Vec<u16> {
        p.cells
            .iter()
            .map(|cell| match cell {
                Cell::Piece(token) => number_of[token],
                Cell::Empty | Cell::Wall => 0,
            })
            .collect()
    };
    let mut seen = HashSet::from([read(&start)]);
    let mut queue = VecDeque::from([start]);
    while let Some(p) = queue.pop_front() {
        for &token in number_of.keys() {
            for dir in Dir::ALL {
                if p.can_step(token, dir) {
                    let mut next = p.clone();
                    next.step(token, dir).expect("the model allowed the step");
                    if seen.insert(read(&next)) {
                        queue.push_back(next);
                    }
                }
            }
        }
    }
    seen
}

/// The textbook rule for boards at least 2x2 (Johnson and Story, 1879): a blank move across
/// a row keeps the tiles' reading order and the blank's row; a move up or down carries one
/// tile past the `cols - 1` others between its two cells, which changes the number of
/// inversions by `cols - 1` (mod 2), and changes the blank's row by one. So the inversions,
/// plus the blank's row when `cols` is even, keep their parity, and the positions with the
/// goal's parity are exactly those that reach it.
fn textbook_solvable(cols: usize, start: &[u16], goal: &[u16]) -> bool {
    let invariant = |cells: &[u16]| {
        let tiles: Vec<u16> = cells.iter().copied().filter(|&t| t != 0).collect();
        let inversions: usize = (0..tiles.len())
            .map(|i| tiles[i + 1..].iter().filter(|&&t| t < tiles[i]).count())
            .sum();
        let blank_row = cells.iter().position(|&t| t == 0).expect("one blank") / cols;
        let row_term = if cols.is_multiple_of(2) { blank_row } else { 0 };
        (inversions + row_term) % 2
    };
    invariant(start) == invariant(goal)
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
            let reach = reachable_by_the_model(rows, cols, &goal);
            let mut solvable = 0;
            for p in permutations(rows * cols) {
                let s = is_solvable(&layout(rows, cols, &p, &goal));
                assert_eq!(s, reach.contains(&p), "{rows}x{cols} {p:?} to {goal:?}");
                if rows > 1 && cols > 1 {
                    assert_eq!(s, textbook_solvable(cols, &p, &goal), "{rows}x{cols} {p:?}");
                }
                solvable += usize::from(s);
            }
            assert_eq!(solvable, reach.len());
        }
    }
}

#[test]
fn the_2x3_space_has_360_states_and_the_8_puzzle_181440() {
    assert_eq!(
        reachable_by_the_model(2, 3, &blank_last_goal(2, 3)).len(),
        360
    );
    let goal = blank_last_goal(3, 3);
    let eight = reachable_by_the_model(3, 3, &goal);
    assert_eq!(eight.len(), 181_440);
    for p in permutations(9) {
        assert_eq!(
            is_solvable(&layout(3, 3, &p, &goal)),
            eight.contains(&p),
            "{p:?}"
        );
    }
}

#[test]
fn known_answers() {
    let tiles = |rows, cols, start: &[u32]| {
        tile_layout(&Puzzle::tiles(rows, cols, start, None).unwrap()).unwrap()
    };
    assert!(is_solvable(
        &tile_layout(&bundled("two-by-three.ron")).unwrap()
    ));
    assert!(is_solvable(
        &tile_layout(&bundled("eight-31a.ron")).unwrap()
    ));
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
    fn parity_agrees_with_the_textbook_rule_on_boards_up_to_6x6(
        seed in any::<u64>(),
        rows in 2usize..=6,
        cols in 2usize..=6,
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut start: Vec<u16> = (0..(rows * cols) as u16).collect();
        let mut goal = start.clone();
        start.shuffle(&mut rng);
        goal.shuffle(&mut rng);
        prop_assert_eq!(
            is_solvable(&layout(rows, cols, &start, &goal)),
            textbook_solvable(cols, &start, &goal),
            "{}x{} {:?} to {:?}", rows, cols, start, goal
        );
    }

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
