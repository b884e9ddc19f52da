//! The bundled classics through the front door, with the optimal lengths of the project's
//! known-answers table (computed by independent breadth-first searches): every solution is
//! replayed on the model, optimal algorithms agree, and the block engine's bidirectional
//! search is refused with a reason when the goal names only some pieces.

use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::api::{self, Algorithm, SolveRequest, verify_solution};
use blockslide_core::solve::core::{Limits, SearchControl, Termination};

use crate::fixtures::bundled;

fn solve(
    puzzle: &Puzzle,
    algorithm: Algorithm,
    metric: Metric,
    heuristic: Option<&str>,
) -> api::SolveReport {
    let request = SolveRequest {
        algorithm,
        metric: Some(metric),
        heuristic: heuristic.map(str::to_string),
        ..crate::fixtures::request()
    };
    let report = api::solve(puzzle, &request, SearchControl::new(Limits::default()))
        .unwrap_or_else(|e| panic!("{algorithm}: {e}"));
    assert_eq!(report.status, Termination::Solved, "{algorithm}");
    verify_solution(puzzle, &report.moves).unwrap_or_else(|e| panic!("{algorithm}: {e}"));
    report
}

/// Checks an optimal solve: the length, the flag, and that unit steps are counted too.
fn check(file: &str, algorithm: Algorithm, metric: Metric, heuristic: Option<&str>, length: usize) {
    let report = solve(&bundled(file), algorithm, metric, heuristic);
    assert_eq!(report.length(), Some(length), "{file} {algorithm} {metric}");
    assert!(report.optimal, "{file} {algorithm} {metric}");
    assert!(report.steps() >= report.length());
}

#[test]
fn seed_block_puzzles_by_bfs_and_astar() {
    check("blocks-big.ron", Algorithm::Bfs, Metric::Step, None, 25);
    check("blocks-big.ron", Algorithm::Astar, Metric::Step, None, 25);
    check("blocks-hard.ron", Algorithm::Astar, Metric::Step, None, 36);
}

#[test]
fn klotski_in_three_metrics_by_astar() {
    check("klotski.ron", Algorithm::Astar, Metric::Move, None, 81);
    check("klotski.ron", Algorithm::Astar, Metric::Slide, None, 90);
    check("klotski.ron", Algorithm::Astar, Metric::Step, None, 116);
}

#[test]
fn pennant_by_astar_and_bfs() {
    check("pennant.ron", Algorithm::Astar, Metric::Move, None, 59);
    check("pennant.ron", Algorithm::Bfs, Metric::Slide, None, 62);
    check("pennant.ron", Algorithm::Ucs, Metric::Step, None, 83);
}

#[test]
fn partial_goals_refuse_bidirectional_search_with_a_reason() {
    let request = SolveRequest {
        algorithm: Algorithm::Bibfs,
        ..crate::fixtures::request()
    };
    let err = api::solve(
        &bundled("klotski.ron"),
        &request,
        SearchControl::new(Limits::default()),
    )
    .unwrap_err();
    assert!(err.to_string().contains("bidirectional"), "{err}");
}

#[test]
fn eight_puzzles_agree_across_optimal_algorithms() {
    for (file, length) in [
        ("eight-1.ron", 1),
        ("eight-6.ron", 6),
        ("eight-14.ron", 14),
        ("eight-16.ron", 16),
        ("eight-24.ron", 24),
    ] {
        for algorithm in [Algorithm::Astar, Algorithm::Idastar, Algorithm::Bibfs] {
            check(
                file,
                algorithm,
                Metric::Step,
                Some("linear-conflict"),
                length,
            );
        }
    }
}

#[test]
fn the_two_hardest_eight_puzzles_are_31() {
    for file in ["eight-31a.ron", "eight-31b.ron"] {
        check(file, Algorithm::Bibfs, Metric::Step, None, 31);
        check(file, Algorithm::Astar, Metric::Step, Some("manhattan"), 31);
    }
}

#[test]
fn greedy_dfs_and_weighted_astar_are_legal_but_not_flagged_optimal() {
    let klotski = bundled("klotski.ron");
    for (algorithm, heuristic) in [
        (Algorithm::Greedy, None),
        (Algorithm::Dfs, None),
        (Algorithm::Wastar, None),
    ] {
        let request = SolveRequest {
            algorithm,
            heuristic,
            weight: 3.0,
            metric: Some(Metric::Move),
            ..crate::fixtures::request()
        };
        let report = api::solve(&klotski, &request, SearchControl::new(Limits::default())).unwrap();
        assert_eq!(report.status, Termination::Solved, "{algorithm}");
        verify_solution(&klotski, &report.moves).unwrap();
        assert!(!report.optimal, "{algorithm}");
        assert!(report.length() >= Some(81), "{algorithm}");
        assert!(
            report
                .notes
                .iter()
                .any(|n| n.contains("not guaranteed optimal"))
        );
    }
}

#[test]
#[ignore = "slow: release suite"]
fn century_in_three_metrics() {
    check("century.ron", Algorithm::Astar, Metric::Move, None, 99);
    check("century.ron", Algorithm::Astar, Metric::Slide, None, 111);
    check("century.ron", Algorithm::Bfs, Metric::Step, None, 131);
    check("blocks-hard.ron", Algorithm::Bfs, Metric::Step, None, 36);
}

#[test]
#[ignore = "slow: release suite"]
fn hardest_eight_puzzles_by_every_optimal_algorithm() {
    for file in ["eight-31a.ron", "eight-31b.ron"] {
        for algorithm in [Algorithm::Bfs, Algorithm::Ucs, Algorithm::Idastar] {
            check(file, algorithm, Metric::Step, Some("manhattan"), 31);
        }
    }
    // iterative deepening re-expands every transposition: one instance is enough
    check("eight-31a.ron", Algorithm::Iddfs, Metric::Step, None, 31);
}

#[test]
fn heuristic_along_klotski_never_overestimates_the_remaining_moves() {
    let klotski = bundled("klotski.ron");
    for metric in [Metric::Move, Metric::Step] {
        let report = solve(&klotski, Algorithm::Astar, metric, None);
        let length = report.length().unwrap();
        let request = SolveRequest {
            metric: Some(metric),
            ..crate::fixtures::request()
        };
        let h = api::heuristic_along(&klotski, &request, &report.moves).unwrap();
        assert_eq!(h.len(), length + 1);
        assert_eq!(h[length], 0);
        assert!(h[0] > 0);
        for (i, &value) in h.iter().enumerate() {
            assert!(
                value as usize <= length - i,
                "{metric}: h = {value} at move {i}"
            );
        }
    }
}
