//! Property tests of the block engine on random small puzzles, against a walk over the model
//! that shares no code with the domain: same reachable merged positions, same goal positions,
//! same optimal length; the goal check agrees with an independent one on every position;
//! every admissible heuristic is a lower bound on every position; solutions replay.

use crate::blocks_support;

use blocks_support::*;
use blockslide_core::model::Metric;
use blockslide_core::solve::algorithms::bfs::distance_map;
use blockslide_core::solve::blocks::{BlockDomain, BlockHeuristic};
use blockslide_core::solve::core::{Domain, Heuristic};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn domain_agrees_with_the_model(seed in any::<u64>()) {
        let puzzle = random_puzzle(seed);
        for metric in Metric::ALL {
            let domain = walks_agree_with_the_model(&puzzle, metric)?;
            let (mut moves, mut made, mut applied) = (Vec::new(), Vec::new(), Vec::new());
            for state in all_states(&domain) {
                // The successors a walk takes (from the step kernel where there is one) are
                // the moves applied one by one; the state itself is never its own successor.
                made.clear();
                prop_assert_eq!(domain.successors(&state, &state, &mut moves, &mut made), 0);
                moves.clear();
                domain.moves(&state, &mut moves);
                applied.clear();
                applied.extend(moves.iter().map(|&mv| domain.apply(&state, mv)));
                made.sort_unstable();
                applied.sort_unstable();
                prop_assert_eq!(&made, &applied, "successors in {}", metric);
                let position = domain.position(&state);
                prop_assert_eq!(domain.is_goal(&state), position.goal_satisfied());
                prop_assert_eq!(domain.is_goal(&state), reference_goal(&position));
            }
            let dist = distance_map(&domain, &mut control()).unwrap();
            let admissible: Vec<_> = BlockHeuristic::ALL
                .into_iter()
                .filter(|h| h.is_admissible())
                .map(|h| (h, ready(h, &domain)))
                .collect();
            for (state, &d) in &dist {
                for (h, ready) in &admissible {
                    let est = ready.estimate(&domain, state);
                    prop_assert!(est <= d, "{} says {} at true distance {} ({})", h.name(), est, d, metric);
                }
            }
        }
    }
}

/// A random puzzle whose goal is a complete position (every piece placed): the start after a
/// random walk of unit steps.
fn complete_goal_puzzle(seed: u64) -> blockslide_core::model::Puzzle {
    use blockslide_core::model::{Cell, Dir};
    let mut p = random_puzzle(seed);
    let mut q = p.clone();
    let mut rng = blocks_support::Rng::new(seed.rotate_left(17));
    let tokens: Vec<_> = p.pieces().iter().map(|x| x.token).collect();
    for _ in 0..12 {
        let t = tokens[rng.below(tokens.len())];
        let _ = q.step(t, Dir::ALL[rng.below(4)]);
    }
    p.goal.anywhere = false;
    p.goal.cells = q
        .cells
        .iter()
        .map(|c| match c {
            Cell::Piece(t) => Some(*t),
            _ => None,
        })
        .collect();
    p
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20))]

    /// BFS, UCS, A*, IDA*, IDDFS and bidirectional BFS agree on the optimal length; greedy,
    /// weighted A* and DFS find legal solutions; all of them replay on the model.
    #[test]
    fn every_algorithm_solves_block_puzzles(seed in any::<u64>()) {
        check_algorithms(&random_puzzle(seed))?;
        let complete = complete_goal_puzzle(seed);
        prop_assert!(BlockDomain::new(&complete, Metric::Step).unwrap().goal_state().is_ok());
        check_algorithms(&complete)?;
    }
}
