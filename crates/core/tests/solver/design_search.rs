//! The design search ("make it harder"): its changes keep the designer's rules, what it
//! reports is proved by an independent solve, one thread and a seed repeat a run, it reaches
//! the maximum a whole-family enumeration finds, and generations land in their band.

use std::collections::BTreeSet;

use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use blockslide_core::model::file::{parse, to_ron_string};
use blockslide_core::model::validate::is_valid;
use blockslide_core::model::{Axis, Cell, Metric, Puzzle, Token, Zone, ZoneRight, rushhour};
use blockslide_core::solve::api::analyze;
use blockslide_core::solve::design::{
    Change, DesignRules, Mutator, PaletteShape, SearchOptions, SearchReport, check_design,
    generate, improve,
};
use blockslide_core::solve::family::enumerate;
use blockslide_core::solve::family::rushhour::{RushHourFamily, RushHourRules};
use blockslide_core::solve::{Algorithm, Limits, SearchControl, SolveRequest, Termination, solve};

fn token(t: &str) -> Token {
    Token::new(t).expect("a token")
}

/// An empty Rush Hour board of `side` with the red car at the left of row `row`.
fn empty_rush_hour(side: usize, row: usize) -> Puzzle {
    let mut text = vec!['o'; side * side];
    text[row * side] = 'A';
    text[row * side + 1] = 'A';
    rushhour::parse_sized(&text.into_iter().collect::<String>(), side, side).expect("a board")
}

/// A small block puzzle with everything a rule can hold: a goal piece, a locked piece, walls,
/// a zone only `A` and `B` may enter, free and axis-locked pieces.
fn block_design() -> (Puzzle, DesignRules) {
    let mut puzzle = Puzzle::from_rows(
        &["A A . #", "B . . C", "D . . C", "D E E ."],
        &[". . . .", ". . . .", ". . . .", ". . A A"],
    )
    .expect("well formed");
    puzzle.metric = Some(Metric::Move);
    puzzle.styles.entry(token("C")).or_default().axis = Axis::Vertical;
    let mut zone = vec![false; 16];
    zone[2] = true;
    puzzle.zones.push(Zone {
        name: token("z"),
        cells: zone,
        allow: vec![ZoneRight::Piece(token("A")), ZoneRight::Piece(token("B"))],
    });
    assert!(is_valid(&puzzle), "the base design is valid");
    let mut rules = DesignRules::for_design(&puzzle, Metric::Move);
    rules.allow = Change::ALL.into();
    rules.palette = vec![
        PaletteShape::new(&[(0, 0)], Axis::Free),
        PaletteShape::car(2, Axis::Vertical),
        PaletteShape::new(&[(0, 0), (0, 1), (1, 0)], Axis::Free),
    ];
    rules.max_pieces = 7;
    rules.max_walls = 3;
    rules.locked_pieces = [token("C")].into();
    // An empty cell that must stay empty and the wall that must stay.
    rules.locked_cells = [5, 3].into();
    (puzzle, rules)
}

fn run(
    puzzle: &Puzzle,
    rules: &DesignRules,
    options: &SearchOptions,
    threads: usize,
) -> SearchReport {
    let control = SearchControl::new(Limits::default()).with_threads(threads);
    improve(puzzle, rules, options, &control, None).expect("a design search runs")
}

/// The shortest solution's length by breadth-first search, and its moves replayed to the
/// goal: the independent check of a reported length.
fn solved_length(puzzle: &Puzzle, metric: Metric) -> usize {
    let request = SolveRequest {
        algorithm: Algorithm::Bfs,
        metric: Some(metric),
        ..SolveRequest::default()
    };
    let report = solve(puzzle, &request, SearchControl::new(Limits::default())).expect("solves");
    assert_eq!(report.status, Termination::Solved);
    blockslide_core::solve::verify_solution(puzzle, &report.moves).expect("replays to the goal");
    report.length().expect("a length")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any sequence of random changes of random designs keeps the rules: the board, goal and
    /// zones, locked pieces and cells, the goal's and zones' pieces, the limits; and every
    /// design stays a valid puzzle.
    #[test]
    fn every_change_keeps_the_rules(seed in any::<u64>(), steps in 1usize..60, rush in any::<bool>()) {
        let (original, rules) = if rush {
            let mut p = empty_rush_hour(5, 2);
            p.set_cell(0, 4, Cell::Wall);
            let mut rules = DesignRules::for_design(&p, Metric::Slide);
            rules.allow = Change::ALL.into();
            rules.max_walls = 2;
            rules.locked_cells = [4, 24].into();
            (p, rules)
        } else {
            block_design()
        };
        let mutator = Mutator::new(&original, &rules);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut design = original.clone();
        for _ in 0..steps {
            if let Some((next, change)) = mutator.mutate(&design, &mut rng) {
                prop_assert!(rules.allows(change));
                design = next;
                if let Err(why) = check_design(&original, &design, &rules) {
                    prop_assert!(false, "{why} after a {change} change:\n{}", design.board_rows().join("\n"));
                }
                prop_assert!(is_valid(&design), "invalid:\n{}", design.board_rows().join("\n"));
                for t in &rules.locked_pieces {
                    let cells = |p: &Puzzle| p.pieces().into_iter().find(|q| q.token == *t).map(|q| q.cells);
                    prop_assert_eq!(cells(&design), cells(&original));
                }
            }
        }
    }
}

#[test]
fn changes_not_allowed_are_refused_by_the_check() {
    let (original, mut rules) = block_design();
    rules.allow = [Change::Move].into();
    let mut added = original.clone();
    added.set_cell(2, 2, Cell::Piece(token("F")));
    assert!(check_design(&original, &added, &rules).is_err());
    let mut walled = original.clone();
    walled.set_cell(2, 2, Cell::Wall);
    assert!(check_design(&original, &walled, &rules).is_err());
    let mut locked_moved = original.clone();
    locked_moved.set_cell(1, 3, Cell::Empty);
    locked_moved.set_cell(3, 3, Cell::Piece(token("C")));
    assert!(check_design(&original, &locked_moved, &rules).is_err());
    assert!(check_design(&original, &original, &rules).is_ok());
}

/// The largest hardest start of the 4x4 Rush Hour family with the red car on `row` and every
/// rule of Fogleman's relaxed: the space the design search explores with cars and trucks
/// only.
fn family_maximum(side: usize, row: usize) -> u32 {
    let mut family = RushHourFamily::new(side, side, 0).expect("a family");
    family.primary_row = row;
    family.rules = RushHourRules {
        primary_row_clear: false,
        no_full_rows: false,
        no_full_columns: false,
    };
    let mut control = SearchControl::new(Limits::default());
    let mut best = 0;
    enumerate(&family, &mut control, 0, |unit| {
        for record in &unit.records {
            best = best.max(record.moves);
        }
        Ok::<(), ()>(())
    })
    .expect("enumerates");
    best
}

#[test]
fn rush_hour_4x4_reaches_the_family_maximum_and_never_passes_it() {
    let base = empty_rush_hour(4, 1);
    let maximum = family_maximum(4, 1);
    let mut rules = DesignRules::for_design(&base, Metric::Slide);
    rules.max_pieces = 8;
    let options = SearchOptions {
        seed: 7,
        random_start: true,
        max_candidates: Some(4000),
        ..SearchOptions::default()
    };
    let report = run(&base, &rules, &options, 1);
    assert_eq!(report.status, Termination::NodeLimit);
    let best = report.designs.first().expect("a design");
    assert_eq!(best.length, maximum, "the family's maximum is {maximum}");
    for design in &report.designs {
        assert!(design.length <= maximum);
        assert_eq!(
            solved_length(&design.puzzle, Metric::Slide),
            design.length as usize
        );
        assert!(check_design(&base, &design.puzzle, &rules).is_ok());
    }
}

#[test]
fn reported_designs_are_proved_and_load_back() {
    let (original, rules) = block_design();
    let options = SearchOptions {
        seed: 3,
        max_candidates: Some(300),
        ..SearchOptions::default()
    };
    let report = run(&original, &rules, &options, 2);
    assert!(!report.designs.is_empty());
    let best = report.designs[0].length;
    assert!(best >= report.original.expect("the original is solvable"));
    let mut seen = BTreeSet::new();
    for design in &report.designs {
        assert!(design.length <= best, "best first");
        assert_eq!(
            solved_length(&design.puzzle, Metric::Move),
            design.length as usize
        );
        assert_eq!(design.proof.length, design.length);
        let reloaded = parse(&to_ron_string(&design.puzzle)).expect("loads back");
        assert!(is_valid(&reloaded));
        // A reported design is at its hardest start, where play may have moved the locked
        // pieces; the board, goal and zones are the original's.
        assert_eq!(reloaded.goal, original.goal);
        assert_eq!(reloaded.zones, original.zones);
        assert!(seen.insert(design.puzzle.board_rows()), "distinct designs");
    }
}

/// What tells two runs apart: each design's length, board and candidate number.
fn summary(report: &SearchReport) -> Vec<(u32, Vec<String>, u64)> {
    report
        .designs
        .iter()
        .map(|d| (d.length, d.puzzle.board_rows(), d.found_at))
        .collect()
}

#[test]
fn one_thread_and_a_seed_repeat_a_run() {
    let (original, rules) = block_design();
    let options = SearchOptions {
        seed: 11,
        max_candidates: Some(200),
        ..SearchOptions::default()
    };
    let first = run(&original, &rules, &options, 1);
    let second = run(&original, &rules, &options, 1);
    assert_eq!(first.candidates, 200);
    assert_eq!(summary(&first), summary(&second));
    let other = run(
        &original,
        &rules,
        &SearchOptions {
            seed: 12,
            ..options.clone()
        },
        1,
    );
    assert_ne!(
        summary(&first),
        summary(&other),
        "another seed searches otherwise"
    );
}

#[test]
fn a_generation_lands_in_its_band_with_distinct_proved_puzzles() {
    let base = empty_rush_hour(4, 1);
    let mut rules = DesignRules::for_design(&base, Metric::Slide);
    rules.max_pieces = 8;
    let options = SearchOptions {
        seed: 5,
        max_candidates: Some(20_000),
        ..SearchOptions::default()
    };
    let control = SearchControl::new(Limits::default()).with_threads(2);
    let report = generate(&base, &rules, 5..=6, 3, &options, &control, None).expect("generates");
    assert_eq!(report.status, Termination::Solved);
    assert_eq!(report.designs.len(), 3);
    let boards: BTreeSet<_> = report
        .designs
        .iter()
        .map(|d| d.puzzle.board_rows())
        .collect();
    assert_eq!(boards.len(), 3);
    for design in &report.designs {
        assert!((5..=6).contains(&design.length));
        assert_eq!(
            solved_length(&design.puzzle, Metric::Slide),
            design.length as usize
        );
    }
}

#[test]
fn a_cancelled_search_returns_at_once_with_what_it_found() {
    let (original, rules) = block_design();
    let control = SearchControl::new(Limits::default());
    control
        .cancel_flag()
        .store(true, std::sync::atomic::Ordering::SeqCst);
    let report =
        improve(&original, &rules, &SearchOptions::default(), &control, None).expect("runs");
    assert_eq!(report.status, Termination::Cancelled);
    assert_eq!(report.candidates, 0);
}

#[test]
fn tile_puzzles_and_empty_rules_are_refused() {
    let tiles = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8], None).expect("an 8-puzzle");
    let rules = DesignRules::for_design(&tiles, Metric::Step);
    let control = SearchControl::new(Limits::default());
    assert!(improve(&tiles, &rules, &SearchOptions::default(), &control, None).is_err());
    let (original, mut rules) = block_design();
    rules.allow.clear();
    let control = SearchControl::new(Limits::default());
    assert!(improve(&original, &rules, &SearchOptions::default(), &control, None).is_err());
}

/// Klotski's pieces, moved only, from random arrangements: the search reaches the hardest
/// arrangement `explore` finds (93 moves in the move metric).
#[test]
#[ignore = "release: about 5,000 candidates"]
fn klotski_moved_only_reaches_the_hardest_arrangement() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../saved_puzzles/klotski.ron"
    ))
    .expect("the bundled Klotski");
    let klotski = parse(&text).expect("parses");
    let mut rules = DesignRules::for_design(&klotski, Metric::Move);
    rules.allow = [Change::Move].into();
    let explored = blockslide_core::solve::api::explore(
        &klotski,
        Metric::Move,
        1,
        SearchControl::new(Limits::default()),
    )
    .expect("explores");
    let hardest = explored.hardest[0].distance;
    let options = SearchOptions {
        seed: 1,
        random_start: true,
        max_candidates: Some(3000),
        ..SearchOptions::default()
    };
    let report = run(&klotski, &rules, &options, 1);
    assert_eq!(report.designs[0].length, hardest);
}

#[test]
fn two_threads_repeat_a_rush_hour_run_from_its_seed_and_budget() {
    let base = empty_rush_hour(5, 2);
    let rules = DesignRules::for_design(&base, Metric::Slide);
    let options = SearchOptions {
        seed: 5,
        random_start: true,
        max_candidates: Some(3000),
        ..SearchOptions::default()
    };
    let first = run(&base, &rules, &options, 2);
    let second = run(&base, &rules, &options, 2);
    assert_eq!(first.candidates, 3000);
    assert_eq!(summary(&first), summary(&second));
    // Judged by its unit: each design's length and component are the solver's, from its
    // hardest start.
    for design in &first.designs {
        let analysis = analyze(
            &design.puzzle,
            Metric::Slide,
            SearchControl::new(Limits::default()),
        )
        .expect("analysed");
        assert_eq!(analysis.component, design.component);
        assert_eq!(analysis.start_distance, Some(design.length));
        assert_eq!(
            analysis.hardest.map(|h| h.distance),
            Some(design.length),
            "reported at its hardest start"
        );
    }
    // The best design's candidate number is the budget that finds it again.
    let best = first.designs.first().expect("a design");
    let again = run(
        &base,
        &rules,
        &SearchOptions {
            max_candidates: Some(best.found_at),
            ..options.clone()
        },
        2,
    );
    let found = again.designs.first().expect("a design");
    assert_eq!(
        (found.length, found.puzzle.board_rows()),
        (best.length, best.puzzle.board_rows())
    );
}
