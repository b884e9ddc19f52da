//! `solve::check` says, without searching, exactly what `solve` would refuse.

use std::time::Duration;

use blockslide_core::model::file::parse;
use blockslide_core::model::{Metric, library};
use blockslide_core::solve::{Algorithm, Limits, SearchControl, SolveRequest, check, solve};

/// A request whose search stops at once, so that `solve` only shows whether it starts.
fn request(algorithm: Algorithm, heuristic: Option<&str>, metric: Metric) -> SolveRequest {
    SolveRequest {
        algorithm,
        heuristic: heuristic.map(str::to_string),
        metric: Some(metric),
        weight: 2.0,
        ..crate::fixtures::request()
    }
}

/// Limits that stop every search at once: only whether it may start is compared.
fn limits() -> Limits {
    Limits {
        max_nodes: 1,
        max_time: Duration::from_millis(200),
        ..Limits::default()
    }
}

#[test]
fn check_agrees_with_solve_on_every_bundled_puzzle_algorithm_and_heuristic() {
    let mut refused = 0;
    for bundled in library::bundled() {
        let puzzle = parse(bundled.text).unwrap();
        for metric in [Metric::Step, Metric::Move] {
            let names = blockslide_core::solve::heuristics_for(&puzzle, metric, None);
            // The cheap heuristics only: building a pattern database here would be slow.
            let mut heuristics: Vec<Option<&str>> = vec![None, Some("no-such-heuristic")];
            heuristics.extend(
                names
                    .iter()
                    .map(|h| h.name.as_str())
                    .filter(|n| !n.starts_with("pdb") && *n != "max")
                    .map(Some),
            );
            for algorithm in Algorithm::ALL {
                for &heuristic in &heuristics {
                    if heuristic.is_none()
                        && algorithm.uses_heuristic()
                        && puzzle.rows * puzzle.cols >= 16
                    {
                        continue; // the default on big tile boards is a pattern database
                    }
                    let req = request(algorithm, heuristic, metric);
                    let checked = check(&puzzle, &req);
                    let solved = solve(&puzzle, &req, SearchControl::new(limits())).map(|_| ());
                    assert_eq!(
                        checked, solved,
                        "{} {metric:?} {algorithm} {heuristic:?}",
                        bundled.file_name
                    );
                    refused += usize::from(checked.is_err());
                }
            }
        }
    }
    // The unknown heuristic name alone is refused for every informed algorithm.
    assert!(refused > 0);
}

#[test]
fn check_refuses_an_invalid_puzzle_and_a_bad_weight() {
    let klotski = crate::fixtures::bundled("klotski.ron");
    let mut req = request(Algorithm::Wastar, None, Metric::Step);
    req.weight = 0.5;
    assert!(check(&klotski, &req).is_err());
    let mut broken = klotski.clone();
    broken.cells.fill(blockslide_core::model::Cell::Empty);
    assert!(check(&broken, &request(Algorithm::Bfs, None, Metric::Step)).is_err());
}
