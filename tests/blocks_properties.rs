//! Property tests of the block engine on random small puzzles, against a walk over the model
//! that shares no code with the domain: same reachable merged positions, same goal positions,
//! same optimal length; the goal check agrees with an independent one on every position;
//! every admissible heuristic is a lower bound on every position; solutions replay.

mod blocks_support;

use blockslide::model::Metric;
use blockslide::solve::algorithms::bfs::{bfs, distance_map, explore};
use blockslide::solve::blocks::{BlockDomain, BlockHeuristic};
use blockslide::solve::core::{Domain, Heuristic, Termination};
use blocks_support::*;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn domain_agrees_with_the_model(seed in any::<u64>()) {
        let puzzle = random_puzzle(seed);
        for metric in Metric::ALL {
            let domain = BlockDomain::new(&puzzle, metric).unwrap();
            let (states, goals, nearest) = naive_walk(&puzzle, metric);
            let e = explore(&domain, &mut control());
            prop_assert_eq!(e.states, states, "states in {}", metric);
            prop_assert_eq!(e.goal_states, goals, "goal states in {}", metric);
            let outcome = bfs(&domain, &mut control());
            match nearest {
                Some(d) => {
                    prop_assert_eq!(outcome.termination, Termination::Solved);
                    let path = outcome.path.unwrap();
                    prop_assert_eq!(path.len() as u32, d);
                    replay_path(&puzzle, &domain, &path, metric);
                }
                None => prop_assert_eq!(outcome.termination, Termination::Unsolvable),
            }
            let dist = distance_map(&domain, &mut control()).unwrap();
            for (state, &d) in &dist {
                let position = domain.position(state);
                prop_assert_eq!(domain.is_goal(state), position.goal_satisfied());
                prop_assert_eq!(domain.is_goal(state), reference_goal(&position));
                for h in BlockHeuristic::ALL.into_iter().filter(|h| h.is_admissible()) {
                    let est = h.estimate(&domain, state);
                    prop_assert!(est <= d, "{} says {} at true distance {} ({})", h.name(), est, d, metric);
                }
            }
        }
    }
}
