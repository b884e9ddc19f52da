//! Every algorithm on the real domains, through the front door (`solve::api::solve`):
//! random small block puzzles in all three metrics and random 2x2, 2x3 and 3x3 tile puzzles.
//! Optimal algorithms agree with BFS on the length, the others return legal solutions, and
//! every solution is replayed on the model (`Puzzle::step`) to a position the model's goal
//! check accepts.

use blockslide_core::model::{Cell, Metric, Puzzle, Token};
use blockslide_core::solve::algorithms::{self, guarantees_optimal};
use blockslide_core::solve::api::{self, Algorithm, SolveRequest, verify_solution};
use blockslide_core::solve::blocks::BlockDomain;
use blockslide_core::solve::core::{Limits, SearchControl, Termination};
use proptest::prelude::*;

use crate::fixtures::bundled;

/// The node cap of IDDFS and IDA* in the agreement properties.
const DEEPENING_NODE_CAP: u64 = 50_000;

fn control() -> SearchControl {
    SearchControl::new(Limits::default())
}

fn request(algorithm: Algorithm, metric: Option<Metric>) -> SolveRequest {
    SolveRequest {
        algorithm,
        metric,
        weight: 1.5,
        ..crate::fixtures::request()
    }
}

/// Solves `puzzle` with every algorithm and checks them against each other and the model.
/// `deepening` says whether the iterative-deepening algorithms run too (they re-expand
/// states, so they are skipped on long or unsolvable instances to keep debug tests fast).
fn check_all(
    puzzle: &Puzzle,
    metric: Option<Metric>,
    deepening: bool,
) -> Result<(), TestCaseError> {
    let reference = api::solve(puzzle, &request(Algorithm::Bfs, metric), control())
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    for algorithm in Algorithm::ALL {
        if !deepening && matches!(algorithm, Algorithm::Iddfs | Algorithm::Idastar) {
            continue;
        }
        // Iterative deepening re-searches without a closed list: on a random block puzzle in
        // the move metric its tree can be astronomically large, so it runs under a node cap
        // and a capped run proves nothing either way.
        let deepening_cap = matches!(algorithm, Algorithm::Iddfs | Algorithm::Idastar);
        let limits = if deepening_cap {
            Limits {
                max_nodes: DEEPENING_NODE_CAP,
                ..Limits::default()
            }
        } else {
            Limits::default()
        };
        let report = match api::solve(
            puzzle,
            &request(algorithm, metric),
            SearchControl::new(limits),
        ) {
            Ok(report) => report,
            Err(e) if algorithm == Algorithm::Bibfs => {
                // only when the goal does not pin down every piece
                prop_assert!(e.to_string().contains("bidirectional"), "{}", e);
                continue;
            }
            Err(e) => return Err(TestCaseError::fail(format!("{algorithm}: {e}"))),
        };
        if deepening_cap && report.status == Termination::NodeLimit {
            continue;
        }
        prop_assert_eq!(report.status, reference.status, "{}", algorithm);
        if report.status != Termination::Solved {
            continue;
        }
        if let Err(e) = verify_solution(puzzle, &report.moves) {
            return Err(TestCaseError::fail(format!("{algorithm}: {e}")));
        }
        let admissible = !report.notes.iter().any(|n| n.contains("not admissible"));
        if guarantees_optimal(algorithm, admissible, 1.5) {
            prop_assert!(report.optimal, "{}", algorithm);
            prop_assert_eq!(report.length(), reference.length(), "{}", algorithm);
        } else {
            prop_assert!(report.length() >= reference.length(), "{}", algorithm);
        }
    }
    Ok(())
}

/// A random block puzzle: pieces of 1 to 3 cells dropped on a small board, some walls, and a
/// goal placing the first piece (and sometimes a second) somewhere it fits.
fn block_puzzle() -> impl Strategy<Value = (Puzzle, Metric)> {
    (
        2usize..=4,
        3usize..=5,
        prop::collection::vec((0usize..20, 0usize..5), 3..10),
        prop::collection::vec(0usize..20, 0..3),
        (0usize..20, 0usize..20, any::<bool>()),
        prop::sample::select(Metric::ALL.to_vec()),
    )
        .prop_map(
            |(rows, cols, drops, walls, (goal_at, second_at, two), metric)| {
                const SHAPES: [&[(usize, usize)]; 5] = [
                    &[(0, 0)],
                    &[(0, 0), (0, 1)],
                    &[(0, 0), (1, 0)],
                    &[(0, 0), (0, 1), (1, 0)],
                    &[(0, 0), (0, 1), (0, 2)],
                ];
                let mut p = Puzzle::empty(rows, cols);
                let n = rows * cols;
                for w in walls {
                    p.cells[w % n] = Cell::Wall;
                }
                let mut placed: Vec<(Token, &[(usize, usize)])> = Vec::new();
                for (at, shape) in drops {
                    let shape = SHAPES[shape];
                    let (r0, c0) = ((at % n) / cols, (at % n) % cols);
                    let cells: Option<Vec<usize>> = shape
                        .iter()
                        .map(|&(dr, dc)| {
                            let (r, c) = (r0 + dr, c0 + dc);
                            (r < rows && c < cols && p.cells[r * cols + c] == Cell::Empty)
                                .then_some(r * cols + c)
                        })
                        .collect();
                    // keep at least two empty cells so something can usually move
                    let empty = p.cells.iter().filter(|c| **c == Cell::Empty).count();
                    if let Some(cells) = cells.filter(|c| empty >= c.len() + 2) {
                        let token = Token::new(&((b'A' + placed.len() as u8) as char).to_string())
                            .expect("single letters are tokens");
                        for i in cells {
                            p.cells[i] = Cell::Piece(token);
                        }
                        placed.push((token, shape));
                    }
                }
                let mut goal_cells: Vec<usize> = Vec::new();
                let goals = if two { 2 } else { 1 };
                for (k, at) in [goal_at, second_at].into_iter().enumerate().take(goals) {
                    let Some(&(token, shape)) = placed.get(k) else {
                        break;
                    };
                    let (r0, c0) = ((at % n) / cols, (at % n) % cols);
                    let cells: Option<Vec<usize>> = shape
                        .iter()
                        .map(|&(dr, dc)| {
                            let (r, c) = (r0 + dr, c0 + dc);
                            (r < rows
                                && c < cols
                                && p.cells[r * cols + c] != Cell::Wall
                                && !goal_cells.contains(&(r * cols + c)))
                            .then_some(r * cols + c)
                        })
                        .collect();
                    if let Some(cells) = cells {
                        for i in cells {
                            p.goal.cells[i] = Some(token);
                            goal_cells.push(i);
                        }
                    }
                }
                (p, metric)
            },
        )
}

fn solvable_by_validation(p: &Puzzle) -> bool {
    blockslide_core::model::validate::is_valid(p) && !p.goal.is_empty()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn block_puzzles_agree_in_every_metric((puzzle, metric) in block_puzzle()) {
        prop_assume!(solvable_by_validation(&puzzle));
        let domain = BlockDomain::new(&puzzle, metric).map_err(TestCaseError::fail)?;
        let bfs = algorithms::bfs(&domain, &mut control());
        let short = bfs.path.as_ref().is_some_and(|p| p.len() <= 12) && bfs.stats.stored < 3000;
        check_all(&puzzle, Some(metric), short)?;
    }

    #[test]
    fn tile_puzzles_agree(
        shape in prop::sample::select(vec![(2usize, 2usize), (2, 3), (3, 2), (3, 3)]),
        scramble in prop::collection::vec(0usize..4, 0..30),
    ) {
        let (rows, cols) = shape;
        let n = rows * cols;
        let mut cells: Vec<u32> = (1..n as u32).chain([0]).collect();
        let mut blank = n - 1;
        for m in scramble {
            let (r, c) = (blank / cols, blank % cols);
            let to = match m {
                0 if r > 0 => blank - cols,
                1 if r + 1 < rows => blank + cols,
                2 if c > 0 => blank - 1,
                3 if c + 1 < cols => blank + 1,
                _ => continue,
            };
            cells.swap(blank, to);
            blank = to;
        }
        let puzzle = Puzzle::tiles(rows, cols, &cells, None).expect("sizes match");
        let reference = api::solve(&puzzle, &request(Algorithm::Bfs, None), control())
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        let short = reference.length().is_some_and(|l| l <= 14);
        check_all(&puzzle, None, short)?;
        // the general block engine agrees with the tile fast path
        let blocks = BlockDomain::new(&puzzle, Metric::Step).map_err(TestCaseError::fail)?;
        let general = algorithms::bfs(&blocks, &mut control());
        prop_assert_eq!(general.path.map(|p| p.len()), reference.length());
    }
}

#[test]
fn unsolvable_tile_parity_is_answered_without_search() {
    let puzzle = Puzzle::tiles(
        4,
        4,
        &[1, 2, 3, 4, 5, 6, 7, 8, 0, 9, 10, 11, 12, 13, 14, 15],
        None,
    )
    .unwrap();
    for algorithm in Algorithm::ALL {
        let report = api::solve(&puzzle, &request(algorithm, None), control()).unwrap();
        assert_eq!(report.status, Termination::Unsolvable, "{algorithm}");
        assert_eq!(report.stats.expanded, 0);
        assert_eq!(report.stats.generated, 0);
        assert!(report.notes.iter().any(|n| n.contains("parity")));
    }
}

#[test]
fn unsolvable_block_puzzle_exhausts_the_space() {
    // the walls in column 2 cut A off from its goal in column 3
    let puzzle = Puzzle::from_rows(&["A . # .", ". . # ."], &[". . . A", ". . . ."]).unwrap();
    // validation accepts it (the goal names a real piece on a free cell): only search can
    // tell that the wall is in the way
    let report = api::solve(&puzzle, &request(Algorithm::Bfs, None), control()).unwrap();
    assert_eq!(report.status, Termination::Unsolvable);
    assert!(report.moves.is_empty());
    // A's whole side of the wall: four cells, all of them visited
    assert_eq!(report.stats.stored, 4);
    assert_eq!(report.stats.frontier, 0);
}

#[test]
fn seed_2x3_statistics_are_comparable_to_the_notebook() {
    // the notebook: BFS 53 explored, DFS a 138-move path after 182, greedy and A* 9
    let puzzle = bundled("two-by-three.ron");
    let solve = |algorithm, heuristic: Option<&str>| {
        let request = SolveRequest {
            heuristic: heuristic.map(str::to_string),
            ..request(algorithm, None)
        };
        api::solve(&puzzle, &request, control()).unwrap()
    };
    let bfs = solve(Algorithm::Bfs, None);
    assert_eq!(bfs.length(), Some(8));
    verify_solution(&puzzle, &bfs.moves).unwrap();
    assert!(
        (45..=60).contains(&bfs.stats.expanded),
        "{}",
        bfs.stats.expanded
    );
    let astar = solve(Algorithm::Astar, Some("manhattan"));
    assert_eq!(astar.length(), Some(8));
    verify_solution(&puzzle, &astar.moves).unwrap();
    assert!(astar.stats.expanded <= 12, "{}", astar.stats.expanded);
    let dfs = solve(Algorithm::Dfs, None);
    assert!(!dfs.optimal && dfs.length() > Some(8));
    verify_solution(&puzzle, &dfs.moves).unwrap();
    assert_eq!(bfs.blank_moves.as_ref().map(String::len), Some(8));
}

#[test]
fn heuristic_along_a_solution_ends_at_zero_and_never_overestimates() {
    let puzzle = bundled("eight-16.ron");
    let req = SolveRequest {
        heuristic: Some("manhattan".into()),
        ..request(Algorithm::Astar, None)
    };
    let report = api::solve(&puzzle, &req, control()).unwrap();
    assert_eq!(report.length(), Some(16));
    verify_solution(&puzzle, &report.moves).unwrap();
    let h = api::heuristic_along(&puzzle, &req, &report.moves).unwrap();
    assert_eq!(h.len(), 17);
    assert_eq!(h[16], 0);
    for (i, &value) in h.iter().enumerate() {
        assert!(
            value as usize <= 16 - i,
            "h = {value} with {} moves left",
            16 - i
        );
    }
}

#[test]
fn hint_gives_the_first_move_of_an_optimal_solution() {
    let puzzle = bundled("eight-1.ron");
    let hint = api::hint(&puzzle, &request(Algorithm::Astar, None), control()).unwrap();
    let next = hint.next.unwrap();
    assert_eq!(next.piece, Token::number(6));
    assert_eq!(hint.report.length(), Some(1));
    assert_eq!(hint.report.moves.first(), Some(&next));
    verify_solution(&puzzle, &hint.report.moves).unwrap();
}

#[test]
fn bibfs_needs_a_complete_goal() {
    let puzzle = Puzzle::from_rows(&["A . B", ". . ."], &[". . .", ". . A"]).unwrap();
    let err = api::solve(&puzzle, &request(Algorithm::Bibfs, None), control()).unwrap_err();
    assert!(matches!(err, api::SolveError::NotApplicable(_)), "{err}");
}

#[test]
fn requests_that_do_not_apply_are_errors_not_panics() {
    let puzzle = bundled("two-by-three.ron");
    let bad_weight = SolveRequest {
        weight: 0.5,
        ..request(Algorithm::Wastar, None)
    };
    assert!(api::solve(&puzzle, &bad_weight, control()).is_err());
    let bad_heuristic = SolveRequest {
        heuristic: Some("psychic".into()),
        ..request(Algorithm::Astar, None)
    };
    let err = api::solve(&puzzle, &bad_heuristic, control()).unwrap_err();
    assert!(err.to_string().contains("manhattan"), "{err}");
    let mut invalid = puzzle.clone();
    invalid.cells = vec![Cell::Empty; 6];
    assert!(matches!(
        api::solve(&invalid, &request(Algorithm::Bfs, None), control()),
        Err(api::SolveError::Invalid(_))
    ));
}

#[test]
fn a_solve_cancelled_from_another_thread_reports_cancelled() {
    // Korf's first instance without a heuristic: far out of reach of uninformed search
    let puzzle = bundled("fifteen-korf-1.ron");
    for algorithm in [
        Algorithm::Bfs,
        Algorithm::Astar,
        Algorithm::Idastar,
        Algorithm::Bibfs,
    ] {
        let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let raiser = {
            let flag = std::sync::Arc::clone(&flag);
            std::thread::spawn(move || {
                std::thread::sleep(std::time::Duration::from_millis(40));
                flag.store(true, std::sync::atomic::Ordering::Relaxed);
            })
        };
        let req = SolveRequest {
            heuristic: Some("zero".into()),
            ..request(algorithm, None)
        };
        let report = api::solve(&puzzle, &req, control().with_cancel(flag)).unwrap();
        raiser.join().unwrap();
        assert_eq!(report.status, Termination::Cancelled, "{algorithm}");
        assert!(report.moves.is_empty() && !report.optimal);
        assert!(report.stats.expanded > 0, "{algorithm}");
    }
}

#[test]
fn a_memory_limit_through_the_front_door_is_a_clean_stop() {
    let puzzle = bundled("fifteen-korf-1.ron");
    let req = SolveRequest {
        heuristic: Some("manhattan".into()),
        ..request(Algorithm::Astar, None)
    };
    let limits = Limits {
        max_memory_bytes: 4 << 20,
        ..Limits::default()
    };
    let report = api::solve(&puzzle, &req, SearchControl::new(limits)).unwrap();
    assert_eq!(report.status, Termination::MemoryLimit);
    assert!(report.stats.peak_memory_bytes > 4 << 20);
    assert!(report.stats.completed_depth.is_some_and(|d| d < 57));
    let value = serde_json::to_value(blockslide_core::report::Solve::from(&report)).unwrap();
    assert_eq!(value["status"], "memory-limit");
    assert!(value["length"].is_null());
}
