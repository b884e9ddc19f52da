//! Block heuristics: every admissible one is a lower bound on every state of full small
//! spaces in all three metrics (true distances by BFS from the goal side), the seeds'
//! heuristics are dominated by the heuristic the docs name, the notebook's `h2` is shown not
//! to be admissible, and A* with each admissible heuristic finds optimal, replayable solutions.

use crate::blocks_support;
use crate::fixtures::bundled;

use blocks_support::*;
use blockslide_core::model::{Cell, Metric, Puzzle, Token};
use blockslide_core::solve::algorithms::astar::astar;
use blockslide_core::solve::algorithms::bfs::{bfs, distance_map};
use blockslide_core::solve::blocks::{BlockDomain, BlockHeuristic, heuristic, heuristics};
use blockslide_core::solve::core::{Domain, Heuristic, Termination};

fn admissible_on(puzzle: &Puzzle, metric: Metric) -> usize {
    let domain = BlockDomain::new(puzzle, metric).unwrap();
    let dist = distance_map(&domain, &mut control()).unwrap();
    assert!(!dist.is_empty());
    let relaxed = ready(BlockHeuristic::Relaxed, &domain);
    let admissible: Vec<_> = BlockHeuristic::ALL
        .into_iter()
        .filter(|h| h.is_admissible())
        .map(|h| (h, ready(h, &domain)))
        .collect();
    for (state, &d) in &dist {
        let r = relaxed.estimate(&domain, state);
        for (h, ready) in &admissible {
            let h = *h;
            let e = ready.estimate(&domain, state);
            assert!(
                e <= d,
                "{}: {} > true distance {d} in {metric}",
                h.name(),
                e
            );
            let stronger = [BlockHeuristic::Max, BlockHeuristic::PatternDatabase];
            assert!(
                e <= r || stronger.contains(&h),
                "relaxed dominates {}",
                h.name()
            );
            if h == BlockHeuristic::Max {
                assert!(e >= r, "max is at least relaxed");
            }
        }
    }
    dist.len()
}

#[test]
fn admissible_on_small_spaces_in_every_metric() {
    for metric in Metric::ALL {
        for puzzle in [
            bundled("blocks-small.ron"),
            bundled("pennant.ron"),
            kinds_puzzle(),
            walled_puzzle(),
        ] {
            admissible_on(&puzzle, metric);
        }
    }
}

#[test]
#[ignore = "slow: release suite"]
fn admissible_on_seed_and_classic_spaces_in_every_metric() {
    for metric in Metric::ALL {
        assert_eq!(admissible_on(&bundled("klotski.ron"), metric), 25_955);
        for puzzle in [
            bundled("two-ls-meet.ron"),
            bundled("blocks-big.ron"),
            bundled("blocks-hard.ron"),
            bundled("century.ron"),
        ] {
            admissible_on(&puzzle, metric);
        }
    }
}

/// Two goal pieces of one kind (any of the three dominoes may stand in for either), one of
/// them named only partly, and a blocker.
fn kinds_puzzle() -> Puzzle {
    use blockslide_core::model::PieceStyle;
    let mut p = puzzle(
        &["A A . .", "B B C .", "D D C .", ". . . ."],
        &[". . . .", ". . X X", ". . Y .", ". . . ."],
    );
    p.goal.cells = p
        .goal
        .cells
        .iter()
        .map(|c| c.map(|t| Token::new(if t.as_str() == "X" { "A" } else { "B" }).unwrap()))
        .collect();
    for t in ["A", "B", "D"] {
        let style = PieceStyle {
            kind: Some("domino".into()),
            ..PieceStyle::default()
        };
        p.styles.insert(Token::new(t).unwrap(), style);
    }
    p
}

/// Walls inside the board and an L that must travel around them.
fn walled_puzzle() -> Puzzle {
    puzzle(
        &["L . . #", "L L . .", "# . 1 2", ". . . ."],
        &[". . . .", ". . . .", ". . L .", ". . L L"],
    )
}

#[test]
fn the_small_test_puzzles_are_solvable() {
    for puzzle in [kinds_puzzle(), walled_puzzle()] {
        for metric in Metric::ALL {
            let domain = BlockDomain::new(&puzzle, metric).unwrap();
            let outcome = bfs(&domain, &mut control());
            assert_eq!(outcome.termination, Termination::Solved);
            replay_path(&puzzle, &domain, &outcome.path.unwrap(), metric);
        }
    }
}

fn cells_of(p: &Puzzle, token: &str) -> Vec<(usize, usize)> {
    let t = Cell::Piece(Token::new(token).unwrap());
    (0..p.cells.len())
        .filter(|&i| p.cells[i] == t)
        .map(|i| (i / p.cols, i % p.cols))
        .collect()
}

/// The notebook's `red_right_heuristic + purple_heuristic`.
fn red_and_purple(p: &Puzzle) -> u32 {
    let red = cells_of(p, "1")[0].1;
    let (r, c) = cells_of(p, "6")[0];
    (6 - red + r + c) as u32
}

#[test]
#[ignore = "slow: release suite"]
fn goal_distance_dominates_the_sliding_blocks_notebook_heuristics() {
    let puzzle = bundled("blocks-hard.ron");
    let domain = BlockDomain::new(&puzzle, Metric::Step).unwrap();
    let dist = distance_map(&domain, &mut control()).unwrap();
    let goal_distance = ready(BlockHeuristic::GoalDistance, &domain);
    for state in dist.keys() {
        let ours = goal_distance.estimate(&domain, state);
        assert!(ours >= red_and_purple(&domain.position(state)));
    }
}

/// The two-L's notebook's `h1` and `h2`.
fn notebook_h1_h2(p: &Puzzle) -> (u32, u32) {
    let twos = cells_of(p, "2");
    let sevens = cells_of(p, "7");
    let h1 = twos[0].0.abs_diff(sevens[0].0) + twos[0].1.abs_diff(sevens[0].1) - 1;
    let (r0, r1) = (twos[1].0.min(sevens[1].0), twos[1].0.max(sevens[1].0));
    let (c0, c1) = (twos[1].1.min(sevens[1].1), twos[1].1.max(sevens[1].1));
    let mut h2 = 0;
    for r in r0..=r1 {
        for c in c0..=c1 {
            if let Cell::Piece(t) = p.cell(r, c)
                && t.as_str() != "2"
                && t.as_str() != "7"
            {
                h2 += 1;
            }
        }
    }
    (h1 as u32, h2)
}

#[test]
fn between_overestimates_on_a_small_board() {
    // X and Y must stand side by side. `between` counts the four cells of 8 and 9 in the
    // rectangle from X to Y, but three steps do it: 9 down, X down, Y left.
    let mut p = puzzle(&["X 8 8", "9 9 Y", ". . ."], &["X Y .", ". . .", ". . ."]);
    p.goal.anywhere = true;
    let domain = BlockDomain::new(&p, Metric::Step).unwrap();
    let between = heuristic(&domain, "between", &control()).unwrap();
    assert_eq!(between.estimate(&domain, &domain.start()), 4);
    let outcome = bfs(&domain, &mut control());
    assert_eq!(outcome.path.as_ref().unwrap().len(), 3);
    replay_path(&p, &domain, &outcome.path.unwrap(), Metric::Step);
}

#[test]
#[ignore = "slow: release suite"]
fn two_ls_h1_is_dominated_and_h2_is_between_and_not_admissible() {
    let puzzle = bundled("two-ls-meet.ron");
    let domain = BlockDomain::new(&puzzle, Metric::Step).unwrap();
    let between = heuristic(&domain, "between", &control()).unwrap();
    assert!(!between.admissible());
    let dist = distance_map(&domain, &mut control()).unwrap();
    let mut overestimates = 0;
    let goal_distance = ready(BlockHeuristic::GoalDistance, &domain);
    for (state, &d) in &dist {
        let (h1, h2) = notebook_h1_h2(&domain.position(state));
        assert!(h1 <= goal_distance.estimate(&domain, state));
        assert_eq!(between.estimate(&domain, state), h2);
        if h2 > d {
            overestimates += 1;
        }
    }
    assert!(overestimates > 0, "h2 should overestimate somewhere");
}

fn astar_is_optimal_on(puzzles: &[Puzzle]) {
    for metric in Metric::ALL {
        for puzzle in puzzles {
            let domain = BlockDomain::new(puzzle, metric).unwrap();
            let shortest = bfs(&domain, &mut control()).path.unwrap().len();
            for h in BlockHeuristic::ALL
                .into_iter()
                .filter(|h| h.is_admissible())
            {
                let outcome = astar(&domain, &ready(h, &domain), 1.0, &mut control());
                assert_eq!(outcome.termination, Termination::Solved);
                assert!(outcome.optimal);
                let path = outcome.path.unwrap();
                assert_eq!(path.len(), shortest, "{} in {metric}", h.name());
                replay_path(puzzle, &domain, &path, metric);
            }
        }
    }
}

#[test]
fn astar_with_each_admissible_heuristic_is_optimal() {
    astar_is_optimal_on(&[
        bundled("blocks-small.ron"),
        bundled("pennant.ron"),
        kinds_puzzle(),
        walled_puzzle(),
    ]);
}

#[test]
#[ignore = "slow: release suite"]
fn astar_with_each_admissible_heuristic_is_optimal_on_the_seeds() {
    astar_is_optimal_on(&[
        bundled("blocks-big.ron"),
        bundled("blocks-hard.ron"),
        bundled("two-ls-meet.ron"),
        bundled("klotski.ron"),
    ]);
}

#[test]
fn heuristic_list_and_lookup() {
    let list = heuristics(&bundled("klotski.ron"), Metric::Move);
    assert_eq!(list[0].name, "relaxed");
    assert!(list[0].admissible && list[0].applicable.is_ok());
    let between = list.iter().find(|h| h.name == "between").unwrap();
    assert!(!between.admissible);
    assert!(
        between.applicable.is_err(),
        "Klotski's goal names one piece"
    );
    let domain = BlockDomain::new(&bundled("klotski.ron"), Metric::Move).unwrap();
    assert!(heuristic(&domain, "between", &control()).is_err());
    let unknown = heuristic(&domain, "manhattan", &control()).unwrap_err();
    assert!(unknown.contains("goal-distance"), "{unknown}");
    for h in BlockHeuristic::ALL {
        assert_eq!(
            heuristic(&domain, h.name(), &control()).is_ok(),
            h != BlockHeuristic::Between
        );
    }
    // A broken puzzle: every entry says why.
    let mut bad = bundled("klotski.ron");
    bad.goal.cells[0] = Some(Token::new("Z").unwrap());
    assert!(
        heuristics(&bad, Metric::Step)
            .iter()
            .all(|h| h.applicable.is_err())
    );
}

#[test]
fn heuristics_on_the_start_of_klotski() {
    let domain = BlockDomain::new(&bundled("klotski.ron"), Metric::Step).unwrap();
    let start = domain.start();
    let estimate = |h: BlockHeuristic| ready(h, &domain).estimate(&domain, &start);
    // A must go down 3 rows; G and H cover goal cells and each needs one step to clear them.
    assert_eq!(estimate(BlockHeuristic::GoalDistance), 3);
    assert_eq!(estimate(BlockHeuristic::Blockers), 2);
    assert_eq!(estimate(BlockHeuristic::Relaxed), 5);
    // The pattern database keeps A, E and the four verticals, and sees much further.
    let pattern_database = ready(BlockHeuristic::PatternDatabase, &domain);
    let pdb = pattern_database.estimate(&domain, &start);
    assert!(pdb > 5, "pdb says {pdb}");
    assert_eq!(estimate(BlockHeuristic::Max), pdb);
    assert!(pattern_database.pattern_database_states().unwrap() > 1000);
}
