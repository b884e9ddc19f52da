//! Puzzle families: pieces locked to one axis and zones only some pieces may enter. The block
//! engine is checked against a walk over model positions (the model's own `Puzzle::step`,
//! which knows the rules), every optimal algorithm agrees, solutions replay under the rules,
//! no reachable position breaks a rule, the heuristics stay admissible, and Rush Hour boards
//! give the answers of Fogleman's database.

use crate::blocks_support;

use blocks_support::*;
use blockslide_core::model::rushhour;
use blockslide_core::model::{Axis, Metric, Puzzle};
use blockslide_core::solve::algorithms::bfs::{bfs, count_space, distance_map};
use blockslide_core::solve::blocks::{BlockDomain, BlockHeuristic};
use blockslide_core::solve::core::{Heuristic, Limits, SearchControl};
use blockslide_core::solve::{Algorithm, SolveRequest};
use proptest::prelude::*;

/// Fogleman's hardest position: 60 moves, a cluster of 2,332 positions.
const HARDEST: &str = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM";
/// A 54-move position with a cluster of 1,845.
const FIFTY_FOUR: &str = "BBBKCCDDoKoLIAAKoLIoJEEMFFJooMooxoHH";

/// Kuhn's augmenting path from placed piece `p`: whether `p` can be matched to a start
/// piece it fits (`fits[p][s]`), rematching others as needed (`owner[s]` holds the match).
fn augment(p: usize, fits: &[Vec<bool>], owner: &mut [Option<usize>], seen: &mut [bool]) -> bool {
    for s in 0..owner.len() {
        if fits[p][s] && !seen[s] {
            seen[s] = true;
            if owner[s].is_none_or(|q| augment(q, fits, owner, seen)) {
                owner[s] = Some(p);
                return true;
            }
        }
    }
    false
}

/// Whether every piece of `position` obeys the rules of `start`: axis-locked pieces stay in
/// their row or column, and no piece covers a cell of a zone closed to it. Interchangeable
/// pieces (same shape) may have traded labels in the engine's position, so the check asks for
/// a matching of placed pieces to start pieces of their shape under whose rules they stand.
fn obeys_rules(start: &Puzzle, position: &Puzzle) -> bool {
    let starts = start.pieces();
    let placed = position.pieces();
    let shape = |cells: &[(usize, usize)]| {
        let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
        let mut s: Vec<_> = cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
        s.sort_unstable();
        s
    };
    // Whether a piece standing on `cells` obeys the rules of start piece `s`.
    let under = |cells: &[(usize, usize)], s: &blockslide_core::model::PieceCells| {
        let (r0, c0) = s.cells[0];
        let along = match start.axis_of(s.token) {
            Axis::Free => true,
            Axis::Horizontal => cells[0].0 == r0,
            Axis::Vertical => cells[0].1 == c0,
        };
        let zones_ok = cells.iter().all(|&(r, c)| {
            start.zones.iter().all(|z| {
                !z.cells[r * start.cols + c]
                    || z.allow.iter().any(|right| match right {
                        blockslide_core::model::ZoneRight::Piece(t) => *t == s.token,
                        blockslide_core::model::ZoneRight::Kind(k) => *k == start.kind_of(s.token),
                    })
            })
        });
        shape(cells) == shape(&s.cells) && along && zones_ok
    };
    let fits: Vec<Vec<bool>> = placed
        .iter()
        .map(|p| starts.iter().map(|s| under(&p.cells, s)).collect())
        .collect();
    let mut owner = vec![None; starts.len()];
    placed.len() == starts.len()
        && (0..placed.len()).all(|p| augment(p, &fits, &mut owner, &mut vec![false; starts.len()]))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// The engine's reachable positions, goal positions and shortest solution are the model's.
    #[test]
    fn the_engine_agrees_with_the_model_under_the_rules(seed in any::<u64>()) {
        let puzzle = random_family_puzzle(seed);
        for metric in Metric::ALL {
            let domain = walks_agree_with_the_model(&puzzle, metric)?;
            for state in all_states(&domain) {
                prop_assert!(obeys_rules(&puzzle, &domain.position(&state)), "in {}", metric);
            }
        }
    }

    /// Every admissible heuristic is a lower bound on every position, under the rules.
    #[test]
    fn heuristics_stay_admissible_under_the_rules(seed in any::<u64>()) {
        let puzzle = random_family_puzzle(seed);
        for metric in Metric::ALL {
            let domain = BlockDomain::new(&puzzle, metric).unwrap();
            let dist = distance_map(&domain, &mut control()).unwrap();
            for h in BlockHeuristic::ALL.into_iter().filter(|h| h.is_admissible()) {
                let ready = ready(h, &domain);
                for (state, &d) in &dist {
                    let est = ready.estimate(&domain, state);
                    prop_assert!(est <= d, "{} says {} at {} in {}", h.name(), est, d, metric);
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// BFS, A*, IDA*, bidirectional BFS and the rest agree; every solution replays under the
    /// rules.
    #[test]
    fn every_algorithm_agrees_under_the_rules(seed in any::<u64>()) {
        check_algorithms(&random_family_puzzle(seed))?;
    }
}

#[test]
fn fogleman_answers_lengths_and_cluster_sizes() {
    for (board, length, cluster) in [(HARDEST, 60, 2332), (FIFTY_FOUR, 54, 1845)] {
        let puzzle = rushhour::parse(board).unwrap();
        assert_eq!(puzzle.metric, Some(Metric::Slide));
        for algorithm in [Algorithm::Bfs, Algorithm::Astar, Algorithm::Bibfs] {
            let request = SolveRequest {
                algorithm,
                ..crate::fixtures::request()
            };
            let report = blockslide_core::solve::solve(
                &puzzle,
                &request,
                SearchControl::new(Limits::default()),
            );
            let report = match (algorithm, report) {
                // The Rush Hour goal places only the red car: no single goal state.
                (Algorithm::Bibfs, Err(e)) => {
                    assert!(e.to_string().contains("single"), "{e}");
                    continue;
                }
                (_, r) => r.unwrap(),
            };
            assert_eq!(report.length(), Some(length), "{board} {algorithm}");
            assert!(report.optimal);
            replay(&puzzle, &report.moves, Metric::Slide);
        }
        let count = blockslide_core::solve::count(
            &puzzle,
            Metric::Slide,
            SearchControl::new(Limits::default()),
        )
        .unwrap();
        assert_eq!(count.states, cluster, "{board}");
        let (states, _, nearest) = naive_walk(&puzzle, Metric::Slide);
        assert_eq!(
            (states, nearest),
            (cluster, Some(length as u32)),
            "the model agrees"
        );
    }
}

#[test]
fn rush_hour_strings_round_trip() {
    for board in [HARDEST, FIFTY_FOUR, "ooooooooooooAAoooooooooooooooooooooo"] {
        let puzzle = rushhour::parse(board).unwrap();
        assert_eq!(rushhour::to_string(&puzzle).unwrap(), board);
        let again = blockslide_core::model::file::parse(
            &blockslide_core::model::file::to_ron_string(&puzzle),
        )
        .unwrap();
        assert_eq!(again, puzzle, "the puzzle file keeps axes, goal and metric");
        assert_eq!(
            puzzle.axis_of(blockslide_core::model::Token::new("A").unwrap()),
            Axis::Horizontal
        );
    }
    // `.` reads as empty; it is written back as `o`.
    let dotted = HARDEST.replace('o', ".");
    assert_eq!(
        rushhour::to_string(&rushhour::parse(&dotted).unwrap()).unwrap(),
        HARDEST
    );
}

#[test]
fn malformed_rush_hour_strings_are_refused_with_the_place() {
    let cases = [
        ("IBBxoo", "36 characters"),
        (&*format!("{HARDEST}o"), "this one has 37"),
        (
            &*HARDEST.replacen('o', "?", 1),
            "character 5 (row 1, column 5) is `?`",
        ),
        (&*HARDEST.replacen('o', "b", 1), "is `b`"),
        (&*HARDEST.replace('A', "o"), "no red car"),
        (
            "AoooooAoooooBBoooooooooooooooooooooo",
            "red car `A` must lie along its row",
        ),
        (
            "ABoooooBoooooooooooooooooooooooAAooo",
            "vehicle `A` is not a straight line",
        ),
        (
            "AAooooooBoooooooooooooooooooooooooBo",
            "vehicle `B` is not a straight line",
        ),
    ];
    for (text, expected) in cases {
        let e = rushhour::parse(text).unwrap_err().to_string();
        assert!(e.contains(expected), "{text}: {e}");
    }
    let mut not_six = rushhour::parse(HARDEST).unwrap();
    not_six.rows = 5;
    not_six.cells.truncate(30);
    assert!(
        rushhour::to_string(&not_six)
            .unwrap_err()
            .to_string()
            .contains("square boards")
    );
}

#[test]
fn a_wall_between_the_red_car_and_the_exit_is_refused_with_its_place() {
    // The red car `A` of HARDEST is on row 3, columns 2-3, with `L` then two empty cells to
    // its right. A wall where the car must end made a file whose goal is on a wall (refused by
    // `check`); a wall before that made an unsolvable one. Both are refused when read, at the
    // first wall.
    let row = |r: &str| format!("{}{r}{}", &HARDEST[..12], &HARDEST[18..]);
    assert_eq!(row("JAALoo"), HARDEST);
    for (board, position, column) in [
        (row("JAALox"), 18, 6),
        (row("JAALxo"), 17, 5),
        ("ooooooooooooAAxooooooooooooooooooooo".to_string(), 15, 3),
    ] {
        let e = rushhour::parse(&board).unwrap_err();
        assert_eq!(
            e,
            rushhour::RushHourError::BlockedExit {
                position,
                row: 3,
                column
            },
            "{board}"
        );
        assert!(
            e.to_string().starts_with(&format!(
                "character {position} (row 3, column {column}) is a wall `x` between the red car"
            )),
            "{e}"
        );
    }
    // Walls elsewhere, left of the red car included, are fine.
    let left = "ooooooooooooxAAoooooooooooooooooooox";
    let puzzle = rushhour::parse(left).unwrap();
    assert!(blockslide_core::model::validate::is_valid(&puzzle));
    assert_eq!(rushhour::to_string(&puzzle).unwrap(), left);
}

#[test]
fn only_what_the_notation_holds_is_exported() {
    let hardest = rushhour::parse(HARDEST).unwrap();
    let token = |t: &str| blockslide_core::model::Token::new(t).unwrap();
    let refused = |change: &dyn Fn(&mut Puzzle), expected: &str| {
        let mut p = hardest.clone();
        change(&mut p);
        let e = rushhour::to_string(&p).unwrap_err().to_string();
        assert!(
            e.starts_with("this puzzle cannot be written as a Rush Hour board: "),
            "{e}"
        );
        assert!(e.contains(expected), "{expected}: {e}");
    };
    refused(
        &|p| {
            p.zones.push(blockslide_core::model::Zone {
                name: token("z"),
                cells: (0..36).map(|i| i == 5).collect(),
                allow: vec![blockslide_core::model::ZoneRight::Piece(token("B"))],
            });
        },
        "it has zones",
    );
    refused(&|p| p.metric = None, "it names no metric");
    refused(
        &|p| p.metric = Some(Metric::Step),
        "counted in the step metric",
    );
    // The red car at the left edge, or anywhere in its row.
    refused(
        &|p| {
            p.goal.cells[2 * 6 + 4] = None;
            p.goal.cells[2 * 6 + 5] = None;
            p.goal.cells[2 * 6] = Some(token("A"));
        },
        "its goal is not the red car `A` at the exit",
    );
    refused(
        &|p| p.goal.anywhere = true,
        "its goal is not the red car `A` at the exit",
    );
    refused(
        &|p| p.goal.cells[0] = Some(token("I")),
        "its goal is not the red car `A` at the exit",
    );
    refused(
        &|p| p.styles.get_mut(&token("B")).unwrap().axis = Axis::Free,
        "piece `B` is not locked to the axis of its length",
    );
    refused(
        &|p| {
            for t in ["B", "D"] {
                p.styles.get_mut(&token(t)).unwrap().kind = Some("car".into());
            }
        },
        "pieces `B` and `D` share the kind \"car\"",
    );
    refused(
        &|p| p.cells[2 * 6 + 5] = blockslide_core::model::Cell::Wall,
        "is a wall `x` between the red car `A` and the exit",
    );
    // What the notation holds is written whatever else the puzzle says: the move metric
    // (the same as slides for locked vehicles), a goal naming only the exit cell, names and
    // colours, a kind of one vehicle.
    let mut same = hardest.clone();
    same.metric = Some(Metric::Move);
    same.goal.cells[2 * 6 + 4] = None;
    same.name = "renamed".into();
    same.styles.get_mut(&token("B")).unwrap().kind = Some("car".into());
    assert_eq!(rushhour::to_string(&same).unwrap(), HARDEST);
}

#[test]
fn an_axis_lock_removes_the_other_directions_in_every_metric() {
    // A horizontal domino on an empty 3x3 board: 6 placements free, its row's 2 when locked
    // to the horizontal axis, its columns' 3 when locked to the vertical one.
    let mut p = puzzle(&["A A .", ". . .", ". . ."], &[]);
    for (axis, expected) in [(Axis::Free, 6), (Axis::Horizontal, 2), (Axis::Vertical, 3)] {
        p.styles
            .entry(blockslide_core::model::Token::new("A").unwrap())
            .or_default()
            .axis = axis;
        for metric in Metric::ALL {
            let e = count_space(&BlockDomain::new(&p, metric).unwrap(), &mut control());
            assert_eq!(e.states, expected, "{axis} in {metric}");
        }
    }
}

#[test]
fn the_library_puzzles_of_families_have_the_lengths_their_notes_give() {
    let cases: [(&str, &[(Metric, usize)]); 6] = [
        (
            "klotski-exit.ron",
            &[(Metric::Move, 81), (Metric::Slide, 91), (Metric::Step, 117)],
        ),
        (
            "force-field.ron",
            &[(Metric::Move, 14), (Metric::Slide, 19), (Metric::Step, 29)],
        ),
        ("rush-hour-warm-up.ron", &[(Metric::Slide, 15)]),
        ("rush-hour-halfway.ron", &[(Metric::Slide, 40)]),
        ("rush-hour-54.ron", &[(Metric::Slide, 54)]),
        ("rush-hour-hardest.ron", &[(Metric::Slide, 60)]),
    ];
    for (file, lengths) in cases {
        let puzzle = crate::fixtures::bundled(file);
        for &(metric, length) in lengths {
            let domain = BlockDomain::new(&puzzle, metric).unwrap();
            let path = bfs(&domain, &mut control()).path.unwrap();
            assert_eq!(path.len(), length, "{file} in {metric}");
            assert!(
                puzzle.notes.contains(&length.to_string()),
                "{file}: notes give {length}"
            );
            replay_path(&puzzle, &domain, &path, metric);
        }
    }
}

#[test]
fn the_hardest_position_is_the_hardest_start_of_its_cluster() {
    // Fogleman: the hardest position is itself its cluster's hardest start (60 moves), and
    // analysing any other position of the cluster finds a 60-move hardest start.
    let halfway = crate::fixtures::bundled("rush-hour-halfway.ron");
    for (puzzle, start) in [(rushhour::parse(HARDEST).unwrap(), 60), (halfway, 40)] {
        let report = blockslide_core::solve::api::analyze(
            &puzzle,
            Metric::Slide,
            SearchControl::new(Limits::default()),
        )
        .unwrap();
        assert!(report.complete());
        assert_eq!(report.component, 2332);
        assert_eq!(report.start_distance, Some(start));
        let hardest = report.hardest.unwrap();
        assert_eq!(hardest.distance, 60);
        assert_eq!(hardest.count, 1, "one hardest position");
        let again = blockslide_core::solve::solve(
            &hardest.position,
            &SolveRequest {
                algorithm: Algorithm::Bfs,
                ..crate::fixtures::request()
            },
            SearchControl::new(Limits::default()),
        )
        .unwrap();
        assert_eq!(again.length(), Some(60));
        assert_eq!(
            rushhour::to_string(&hardest.position).map(|s| s.len()),
            Ok(36),
            "the hardest start is a Rush Hour board"
        );
    }
}
