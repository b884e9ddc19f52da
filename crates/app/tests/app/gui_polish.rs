//! UI tests of defects found by trying the app as a new user would, on the board: drags in
//! Play that counted several steps, paint strokes that lost cells, the Wall tool in the Goal
//! tab, clicks and arrow keys that slide tiles, and the status bar's messages.

use crate::gui_support;

use egui::accesskit::Role;
use egui::{Event, Key, Modifiers, PointerButton, Pos2, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use blockslide_app::app::App;
use blockslide_app::command::{Mode, Tool};
use blockslide_app::common::board::{BOARD_LABEL, cell_center};
use blockslide_app::solve::play::PlayedStep;
use blockslide_core::model::{Cell, Dir, Puzzle, Token};

/// The app on `puzzle` in `mode`, in a 1400x900 window.
pub(crate) fn harness(puzzle: Puzzle, mode: Mode) -> Harness<'static, App> {
    gui_support::harness(puzzle, mode, [1400.0, 900.0])
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
            dir: Dir::Left,
            by_solver: false,
        }]
    );
    h.get_by_label("1 step");
}

/// The point at `(x, y)` in cells (fractions allowed) from the board's top-left corner.
fn board_point(h: &Harness<'static, App>, x: f32, y: f32) -> Pos2 {
    let p = h.state().document().puzzle();
    let rect = h.get_by_label(BOARD_LABEL).rect();
    let size = vec2(rect.width() / p.cols as f32, rect.height() / p.rows as f32);
    rect.min + vec2(x * size.x, y * size.y)
}

/// A quick stroke: the press and the pointer's samples `(x, y)` (in cells) all arrive
/// within one frame, as they do when the hand is faster than the frame rate (the harness's
/// own `hover_at` and `drag_at` would give each its own frame); the button is released on a
/// later frame.
fn quick_stroke(h: &mut Harness<'static, App>, samples: &[(f32, f32)]) {
    let points: Vec<Pos2> = samples.iter().map(|&(x, y)| board_point(h, x, y)).collect();
    h.hover_at(points[0]);
    h.step();
    let events = &mut h.input_mut().events;
    events.push(Event::PointerButton {
        pos: points[0],
        button: PointerButton::Primary,
        pressed: true,
        modifiers: Modifiers::NONE,
    });
    events.extend(points[1..].iter().map(|&p| Event::PointerMoved(p)));
    h.step();
    h.drop_at(*points.last().unwrap());
    h.step();
    h.run_ok();
}

/// A stroke with each of the pointer's samples `(x, y)` (in cells) on a frame of its own.
fn stroke(h: &mut Harness<'static, App>, samples: &[(f32, f32)]) {
    let points: Vec<Pos2> = samples.iter().map(|&(x, y)| board_point(h, x, y)).collect();
    h.hover_at(points[0]);
    h.drag_at(points[0]);
    for &p in &points[1..] {
        h.hover_at(p);
    }
    h.drop_at(*points.last().unwrap());
    h.step();
    h.run_ok();
}

/// A `rows` x `cols` board with nothing on it.
pub(crate) fn empty_board(rows: usize, cols: usize) -> Puzzle {
    let row = vec!["."; cols].join(" ");
    Puzzle::from_rows(&vec![row; rows], &[]).unwrap()
}

fn walls(h: &Harness<'static, App>) -> Vec<(usize, usize)> {
    let p = h.state().document().puzzle();
    (0..p.rows)
        .flat_map(|r| (0..p.cols).map(move |c| (r, c)))
        .filter(|&(r, c)| p.cell(r, c) == Cell::Wall)
        .collect()
}

#[test]
fn a_quick_wall_stroke_paints_from_the_pressed_cell_on() {
    let mut h = harness(empty_board(32, 32), Mode::Start);
    h.key_press(Key::W);
    h.run_ok();
    // Along row 5 from column 2 to column 12, sampled every three cells or so.
    quick_stroke(&mut h, &[(2.5, 5.5), (5.2, 5.5), (8.7, 5.4), (12.5, 5.5)]);
    let expected: Vec<(usize, usize)> = (2..=12).map(|c| (5, c)).collect();
    assert_eq!(walls(&h), expected);
}

#[test]
fn a_quick_diagonal_stroke_starts_where_pressed_and_leaves_no_diagonal_gaps() {
    let mut h = harness(empty_board(32, 32), Mode::Start);
    h.key_press(Key::W);
    h.run_ok();
    quick_stroke(&mut h, &[(2.5, 2.5), (6.5, 6.8), (10.5, 10.5)]);
    let painted = walls(&h);
    assert!(painted.contains(&(2, 2)), "the pressed cell: {painted:?}");
    assert!(painted.contains(&(10, 10)), "the last cell: {painted:?}");
    // Every painted cell but the first touches an earlier one along a side.
    let mut reached = vec![(2, 2)];
    let mut rest: Vec<(usize, usize)> = painted.into_iter().filter(|&c| c != (2, 2)).collect();
    while let Some(i) = rest.iter().position(|&(r, c)| {
        reached
            .iter()
            .any(|&(r2, c2)| r.abs_diff(r2) + c.abs_diff(c2) == 1)
    }) {
        reached.push(rest.swap_remove(i));
    }
    assert!(rest.is_empty(), "cells joined only at a corner: {rest:?}");
}

fn select_piece(h: &mut Harness<'static, App>, token: &str) {
    let named = format!("{token}  ");
    h.get_by(move |n| {
        n.role() == Role::Button
            && n.label()
                .is_some_and(|l| l == token || l.starts_with(&named))
    })
    .click();
    h.run_ok();
}

#[test]
fn a_goal_stroke_that_turns_a_corner_paints_the_corner_cell() {
    let mut rows = vec![". . . . . . . ."; 8];
    rows[7] = "A . . . . . . .";
    let mut h = harness(Puzzle::from_rows(&rows, &[]).unwrap(), Mode::Goal);
    select_piece(&mut h, "A");
    h.key_press(Key::B);
    h.run_ok();
    // Right along row 0, cutting the corner at (0, 3) on the way down column 3; one frame
    // ends in (0, 2) and the next starts in (1, 3).
    stroke(&mut h, &[(0.5, 0.5), (2.9, 0.5), (3.5, 1.1), (3.5, 3.5)]);
    let p = h.state().document().puzzle();
    let named: Vec<(usize, usize)> = (0..p.rows * p.cols)
        .filter(|&i| p.goal.cells[i] == Some(Token::new("A").unwrap()))
        .map(|i| (i / p.cols, i % p.cols))
        .collect();
    assert_eq!(
        named,
        [(0, 0), (0, 1), (0, 2), (0, 3), (1, 3), (2, 3), (3, 3)]
    );
}

/// Clicks the middle of cell `(r, c)` of the board.
fn click_cell(h: &mut Harness<'static, App>, r: usize, c: usize) {
    let p = h.state().document().puzzle();
    let (rows, cols) = (p.rows, p.cols);
    let at = board_cell(h, rows, cols, r, c);
    h.hover_at(at);
    h.drag_at(at);
    h.drop_at(at);
    h.run_ok();
}

#[test]
fn the_wall_tool_gives_way_to_paint_in_the_goal_tab_and_comes_back_in_the_start_tab() {
    let mut rows = vec![". . . ."; 4];
    rows[0] = "A . . .";
    let mut h = harness(Puzzle::from_rows(&rows, &[]).unwrap(), Mode::Start);
    h.key_press(Key::W);
    h.run_ok();
    h.key_press(Key::F2);
    h.run_ok();
    assert_eq!(h.state().mode(), Mode::Goal);
    assert_eq!(h.state().tool(), Tool::Paint);
    // The tools panel shows the switch; a message about a tool the user is not using would
    // only puzzle (a new user's retrial).
    assert_eq!(h.state().status(), "");
    h.key_press(Key::F1);
    h.run_ok();
    assert_eq!(h.state().tool(), Tool::Wall, "the Start tab gives it back");
    h.key_press(Key::F2);
    h.run_ok();

    // The Wall key in the Goal tab says where walls are drawn instead of doing nothing.
    h.key_press(Key::W);
    h.run_ok();
    assert_eq!(h.state().tool(), Tool::Paint);
    assert!(
        h.state().status().contains("Start tab"),
        "{}",
        h.state().status()
    );
    // A click with the piece selected paints the goal.
    select_piece(&mut h, "A");
    click_cell(&mut h, 3, 3);
    let p = h.state().document().puzzle();
    assert_eq!(p.goal.cells[15], Some(Token::new("A").unwrap()));
}

#[test]
fn a_message_leaves_the_status_bar_when_the_tab_changes() {
    let mut h = harness(empty_board(4, 4), Mode::Start);
    h.key_press(Key::W);
    h.run_ok();
    click_cell(&mut h, 1, 1);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run_ok();
    h.get_by_label("Undid paint walls");
    h.key_press(Key::F3);
    h.run_ok();
    assert!(h.query_by_label("Undid paint walls").is_none());
}

#[test]
fn one_piece_is_counted_as_one_piece() {
    let puzzle = Puzzle::from_rows(&["A . .", ". # ."], &[]).unwrap();
    let h = harness(puzzle, Mode::Start);
    h.get_by_label("1 piece, 4 empty cells, 1 wall");
}

#[test]
fn a_click_on_a_tile_in_line_with_the_gap_slides_the_tiles_between_as_in_tathams_fifteen() {
    // 1 2 3 / 4 5 6 / . 7 8: a click on 8 slides 7 and 8 left, which solves it.
    let puzzle = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 0, 7, 8], None).unwrap();
    let mut h = harness(puzzle, Mode::Play);
    click_cell(&mut h, 2, 2);
    let seven_eight = [Token::number(7), Token::number(8)].map(|piece| PlayedStep {
        piece,
        dir: Dir::Left,
        by_solver: false,
    });
    assert_eq!(played(&h), seven_eight);
    assert!(h.state().solve_view().play().unwrap().is_solved());
    // A tile out of line with the gap does nothing.
    let puzzle = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 0, 7, 8], None).unwrap();
    let mut h = harness(puzzle, Mode::Play);
    click_cell(&mut h, 0, 1);
    assert!(played(&h).is_empty());
}

#[test]
fn arrow_keys_move_the_tile_by_the_gap_undo_and_redo_and_the_best_result_is_kept() {
    // 1 2 3 / 4 5 6 / 7 . 8: Left moves 8, the tile right of the gap, and solves it.
    let puzzle = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8], None).unwrap();
    let mut h = harness(puzzle.clone(), Mode::Play);
    assert_eq!(h.state().solve_view().play().unwrap().selected(), None);
    h.key_press(Key::ArrowLeft);
    h.run_ok();
    assert_eq!(
        played(&h),
        [PlayedStep {
            piece: Token::number(8),
            dir: Dir::Left,
            by_solver: false,
        }]
    );
    h.key_press(Key::U);
    h.run_ok();
    assert!(played(&h).is_empty());
    h.get_by_label("Redo").click();
    h.run_ok();
    assert_eq!(played(&h).len(), 1);
    assert!(h.state().solve_view().play().unwrap().is_solved());
    h.get_by_label_contains("Solved in 1 step");

    // The record survives a relaunch and shows beside the counter.
    let mut storage = gui_support::MemoryStorage::default();
    h.state().save_session(&mut storage);
    drop(h);
    let mut app = gui_support::app(puzzle);
    app.restore_session(&storage);
    app.set_mode(Mode::Play);
    let mut h = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_eframe(|_| app);
    h.run_ok();
    h.get_by_label_contains("Best: 1 step in 0:0");
}
