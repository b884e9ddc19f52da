//! Play with the solver's help: "solve from here" plays an optimal rest of the game step by step
//! and can be stopped, a game finished with help is marked so, the end says how many moves
//! above the optimum, a refused drag says what holds the piece, and a message never outlives
//! the next action.
//!
//! Background searches here are small; the timeout only keeps a broken test from hanging.

use std::time::{Duration, Instant};

use blockslide_app::command::Mode;
use blockslide_app::solve::play::SOLVE_FROM_HERE_LABEL;
use blockslide_core::model::{Axis, Dir, Metric, Puzzle, Token};
use blockslide_core::solve::{self as api, Algorithm, Limits, SearchControl, SolveRequest};
use egui::{Key, Modifiers};
use egui_kittest::kittest::{NodeT, Queryable};

use crate::driver::{
    PATIENCE, bundled, choose, click_cell, drag_cells, game, harness, keys, wait_for,
};

/// The optimal length of `puzzle` in `metric`, by breadth-first search.
fn bfs_length(puzzle: &Puzzle, metric: Metric) -> usize {
    let request = SolveRequest {
        algorithm: Algorithm::Bfs,
        metric: Some(metric),
        ..blockslide_testkit::request()
    };
    api::solve(puzzle, &request, SearchControl::new(Limits::default()))
        .expect("a valid puzzle")
        .length()
        .expect("a solvable puzzle")
}

/// `A B .` over an empty row; B moves only sideways.
fn two_blocks() -> Puzzle {
    let mut p = Puzzle::from_rows(&["A B .", ". . ."], &[". . .", "A . ."]).unwrap();
    p.styles.entry(Token::new("B").unwrap()).or_default().axis = Axis::Horizontal;
    p
}

#[test]
fn solve_from_here_plays_an_optimal_rest_step_by_step_and_marks_the_game() {
    // 5 4 2 / 1 3 .: the player slides the 3 right, then lets the solver finish.
    let puzzle = bundled("two-by-three.ron");
    let mut h = harness(puzzle.clone(), Mode::Play, [1400.0, 900.0]);
    assert_eq!(h.state().solve_view().metric(), Metric::Step);
    click_cell(&mut h, 1, 1);
    let middle = game(&h).position().clone();
    assert_eq!(game(&h).history().len(), 1);
    let rest = bfs_length(&middle, Metric::Step);

    h.get_by_label(SOLVE_FROM_HERE_LABEL).click();
    h.step();
    // Move by move: never more than one step a frame, and never a jump to the goal.
    let start = Instant::now();
    let mut seen = 1;
    while !game(&h).is_solved() {
        assert!(start.elapsed() < PATIENCE, "timed out waiting for the goal");
        h.step();
        let now = game(&h).history().len();
        assert!(
            now <= seen + 1,
            "the solver made {} steps in a frame",
            now - seen
        );
        seen = now;
        std::thread::sleep(Duration::from_millis(5));
    }
    h.run_ok();
    assert!(!game(&h).is_solver_playing());
    assert_eq!(
        game(&h).history().len(),
        1 + rest,
        "the solver's rest is optimal"
    );
    wait_for(&mut h, PATIENCE, "the optimal length", |app| {
        app.solve_view().play().unwrap().optimal_length().is_some()
    });
    h.get_by_label_contains(&format!("Solved with help: the solver played {rest} steps"));
    h.get_by_label_contains(&format!("Solved in {} steps", 1 + rest));
}

/// The solver plays a whole game of the 2x3 slider counted in slides: the end counts its
/// part in slides too, and praises no game the solver played.
#[test]
fn a_game_the_solver_played_is_counted_in_the_games_metric_and_not_praised() {
    let puzzle = bundled("two-by-three.ron");
    let slides = bfs_length(&puzzle, Metric::Slide);
    let mut h = harness(puzzle, Mode::Play, [1400.0, 900.0]);
    choose(&mut h, "Count moves as", "slide (straight line)");
    assert_eq!(h.state().solve_view().metric(), Metric::Slide);
    h.get_by_label(SOLVE_FROM_HERE_LABEL).click();
    h.step();
    let start = Instant::now();
    while !game(&h).is_solved() {
        assert!(start.elapsed() < PATIENCE, "timed out waiting for the goal");
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    wait_for(&mut h, PATIENCE, "the optimal length", |app| {
        app.solve_view().play().unwrap().optimal_length().is_some()
    });
    h.get_by_label_contains(&format!("Solved in {slides} slides (optimal is {slides})"));
    h.get_by_label_contains(&format!(
        "Solved with help: the solver played {slides} slides"
    ));
    assert!(h.query_by_label_contains("an optimal game").is_none());
}

#[test]
fn stop_takes_the_game_back_from_the_solver() {
    let puzzle = bundled("eight-16.ron");
    let mut h = harness(puzzle, Mode::Play, [1400.0, 900.0]);
    h.get_by_label(SOLVE_FROM_HERE_LABEL).click();
    h.step();
    wait_for(&mut h, PATIENCE, "the solver's second step", |app| {
        app.solve_view().play().unwrap().history().len() >= 2
    });
    h.get_by_label("Stop").click();
    h.run_ok();
    let stopped = game(&h).history().len();
    for _ in 0..8 {
        h.step();
    }
    h.run_ok();
    assert!(!game(&h).is_solver_playing());
    assert_eq!(game(&h).history().len(), stopped, "no step after Stop");
    assert!(!game(&h).is_solved());
    assert!(
        !h.get_by_label(SOLVE_FROM_HERE_LABEL)
            .accesskit_node()
            .is_disabled()
    );
}

#[test]
fn a_game_finished_with_a_hint_is_marked() {
    // 1 2 3 / 4 . 5: one step from the goal.
    let puzzle = Puzzle::tiles(2, 3, &[1, 2, 3, 4, 0, 5], None).unwrap();
    let mut h = harness(puzzle, Mode::Play, [1400.0, 900.0]);
    keys(&mut h, Modifiers::NONE, Key::H);
    wait_for(&mut h, PATIENCE, "the hint", |app| {
        app.solve_view().play().unwrap().hint().is_some()
    });
    let hint = game(&h).hint().unwrap();
    assert_eq!(
        (hint.first.piece, hint.first.steps.as_slice()),
        (Token::number(5), &[Dir::Left][..])
    );
    // The tile right of the gap moves left.
    keys(&mut h, Modifiers::NONE, Key::ArrowLeft);
    assert!(game(&h).is_solved());
    h.get_by_label_contains("Solved with 1 hint");
}

#[test]
fn a_game_played_by_hand_says_how_many_moves_above_the_optimum() {
    // 1 2 3 / . 4 5: two steps from the goal; the player wanders for two more.
    let puzzle = Puzzle::tiles(2, 3, &[1, 2, 3, 0, 4, 5], None).unwrap();
    let optimum = bfs_length(&puzzle, Metric::Step);
    let mut h = harness(puzzle, Mode::Play, [1400.0, 900.0]);
    // Down brings the 1 down into the gap, Up takes it back; Left twice slides 4 and 5.
    for key in [Key::ArrowDown, Key::ArrowUp, Key::ArrowLeft, Key::ArrowLeft] {
        keys(&mut h, Modifiers::NONE, key);
    }
    assert!(game(&h).is_solved());
    assert_eq!(game(&h).history().len(), 4);
    wait_for(&mut h, PATIENCE, "the optimal length", |app| {
        app.solve_view().play().unwrap().optimal_length().is_some()
    });
    h.run_ok();
    assert_eq!(game(&h).optimal_length(), Some(optimum));
    let above = 4 - optimum;
    h.get_by_label_contains(&format!(
        "Solved in 4 steps (optimal is {optimum}): {above} steps above the optimum"
    ));
    assert!(
        h.query_by_label_contains("Solved with").is_none(),
        "no help was used"
    );
}

#[test]
fn an_illegal_drag_says_what_holds_the_piece() {
    let puzzle = two_blocks();
    let mut h = harness(puzzle.clone(), Mode::Play, [1400.0, 900.0]);
    drag_cells(&mut h, (0, 0), (0, 1));
    assert_eq!(game(&h).position(), &puzzle, "a blocked drag moves nothing");
    assert_eq!(
        game(&h).message(),
        Some("Piece `A` cannot move right: blocked by `B`")
    );
    // Shown without the backticks, the names in the code style.
    h.get_by_label("Piece A cannot move right: blocked by B");
    // Off the axis: said above the board, not only in the status bar.
    drag_cells(&mut h, (0, 1), (1, 1));
    assert_eq!(game(&h).position(), &puzzle);
    let message = game(&h).message().unwrap_or_default();
    assert!(
        message.contains("only along its horizontal axis"),
        "{message}"
    );
}

#[test]
fn a_message_is_gone_after_the_next_action() {
    let puzzle = two_blocks();
    let mut h = harness(puzzle, Mode::Play, [1400.0, 900.0]);
    drag_cells(&mut h, (0, 0), (0, 1));
    assert!(game(&h).message().is_some());
    // A hint is the next action: the hint shows, not the refusal before it.
    keys(&mut h, Modifiers::NONE, Key::H);
    wait_for(&mut h, PATIENCE, "the hint", |app| {
        app.solve_view().play().unwrap().hint().is_some()
    });
    assert_eq!(game(&h).message(), None);
    h.get_by_label_contains("Hint: move");
    assert!(h.query_by_label_contains("blocked by").is_none());

    // A refusal, then a legal move: the refusal goes.
    drag_cells(&mut h, (0, 0), (0, 1));
    assert!(game(&h).message().is_some());
    drag_cells(&mut h, (0, 0), (1, 0));
    assert_eq!(game(&h).history().len(), 1);
    assert_eq!(game(&h).message(), None);
    assert!(h.query_by_label_contains("blocked by").is_none());
}
