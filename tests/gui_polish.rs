//! UI tests of defects found by trying the app as a new user would: drags in Play that
//! counted several steps, paint strokes that lost cells, and solutions thrown away by edits
//! that do not change the puzzle.

#![cfg(feature = "gui")]

use egui::{Pos2, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use blockslide::gui::app::App;
use blockslide::gui::command::Mode;
use blockslide::gui::common::board::{BOARD_LABEL, cell_center};
use blockslide::gui::solve::play::PlayedStep;
use blockslide::model::{Dir, Puzzle, Token};

fn harness(puzzle: Puzzle, mode: Mode) -> Harness<'static, App> {
    let mut app = App::new_for_test(puzzle);
    app.set_mode(mode);
    let mut h = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_eframe(|_| app);
    h.run_ok();
    h
}

fn board_cell(h: &Harness<'static, App>, rows: usize, cols: usize, r: usize, c: usize) -> Pos2 {
    let rect = h.get_by_label(BOARD_LABEL).rect();
    cell_center(rect, rows, cols, r, c)
}

fn played(h: &Harness<'static, App>) -> Vec<PlayedStep> {
    h.state().solve_view().play().unwrap().history().to_vec()
}

/// Presses at `from`, moves the pointer to `to` a few points a frame, holds it there for
/// several frames, then releases it.
fn drag_and_hold(h: &mut Harness<'static, App>, from: Pos2, to: Pos2) {
    h.hover_at(from);
    h.step();
    h.drag_at(from);
    h.step();
    for k in 1..=16 {
        h.hover_at(from + (to - from) * (k as f32 / 16.0));
        h.step();
    }
    for _ in 0..8 {
        h.step();
    }
    h.drop_at(to);
    h.step();
    h.run_ok();
}

#[test]
fn a_drag_held_at_half_a_cell_makes_at_most_one_step_and_never_bounces() {
    // 1 2 3 / 4 5 6 / . 7 8: tile 7 can slide left into the blank (and that does not solve
    // the puzzle, which would stop play).
    let puzzle = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 0, 7, 8], None).unwrap();
    let mut h = harness(puzzle, Mode::Play);
    let from = board_cell(&h, 3, 3, 2, 1);
    let cell = h.get_by_label(BOARD_LABEL).rect().width() / 3.0;
    drag_and_hold(&mut h, from, from - vec2(cell / 2.0, 0.0));
    let steps = played(&h);
    assert!(
        steps.len() <= 1,
        "half a cell made {} steps: {steps:?}",
        steps.len()
    );
    assert!(
        steps
            .iter()
            .all(|s| s.piece == Token::number(7) && s.dir == Dir::Left),
        "{steps:?}"
    );
}

#[test]
fn a_drag_held_one_cell_away_makes_exactly_one_step() {
    let puzzle = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 0, 7, 8], None).unwrap();
    let mut h = harness(puzzle, Mode::Play);
    let from = board_cell(&h, 3, 3, 2, 1);
    let to = board_cell(&h, 3, 3, 2, 0);
    drag_and_hold(&mut h, from, to);
    assert_eq!(
        played(&h),
        [PlayedStep {
            piece: Token::number(7),
            dir: Dir::Left
        }]
    );
    h.get_by_label("1 step");
}
