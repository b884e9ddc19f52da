//! The Goal tab: painting a goal (strokes, corners, the Wall tool giving way to paint), its
//! counts, how it is drawn over the pieces, switching between the Start and Goal tabs, and
//! what an empty goal or the tab's own advice says.

use blockslide_app::command::{Mode, Tool};
use blockslide_app::solve::availability::EMPTY_GOAL;
use blockslide_app::solve::panel::Outcome;
use blockslide_core::model::{Puzzle, Token};
use egui::{Key, Modifiers, PointerButton};
use egui_kittest::kittest::{NodeT, Queryable};

use crate::driver::{
    bundled, button, cell_pos, click_cell, click_cell_with, flat_shapes, fresh_harness, harness,
    keys, select_piece, stroke, t,
};

#[test]
fn paint_a_goal_in_the_goal_tab() {
    let mut h = fresh_harness(bundled("klotski.ron"));
    h.run();
    button(&h, "Goal").click();
    h.run();
    assert_eq!(h.state().mode(), Mode::Goal);
    button(&h, "Clear goal").click();
    h.run();
    assert!(h.state().document().puzzle().goal.is_empty());
    select_piece(&mut h, "A");
    h.key_press(egui::Key::B);
    h.run();
    for (r, c) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
        click_cell(&mut h, r, c);
    }
    let p = h.state().document().puzzle().clone();
    let named: Vec<usize> = (0..20).filter(|&i| p.goal.cells[i].is_some()).collect();
    assert_eq!(named, [0, 1, 4, 5]);
    assert!(p.goal.cells.iter().flatten().all(|&x| x == t("A")));
    assert_eq!(
        p.cells,
        bundled("klotski.ron").cells,
        "the start position is untouched"
    );
    // Right-click makes a goal cell "don't care" again.
    click_cell_with(&mut h, (1, 1), PointerButton::Secondary, Modifiers::NONE);
    assert_eq!(h.state().document().puzzle().goal.cells[5], None);
    // Copy start to goal, then the anywhere toggle.
    button(&h, "Copy start to goal").click();
    h.run();
    assert_eq!(h.state().document().puzzle().goal.cells[0], Some(t("B")));
    h.get_by_label("Goal may be anywhere").click();
    h.run();
    assert!(h.state().document().puzzle().goal.anywhere);
}

#[test]
fn tabs_switch_between_start_and_goal() {
    let mut h = fresh_harness(bundled("klotski.ron"));
    h.run();
    assert_eq!(h.state().mode(), Mode::Start);
    button(&h, "Goal").click();
    h.run();
    assert_eq!(h.state().mode(), Mode::Goal);
    // The wall tool belongs to the start position.
    assert!(button(&h, "Wall  (W)").accesskit_node().is_disabled());
    button(&h, "Start").click();
    h.run();
    assert_eq!(h.state().mode(), Mode::Start);
    h.key_press(egui::Key::F2);
    h.run();
    assert_eq!(h.state().mode(), Mode::Goal);
    // With no piece picked, painting the goal explains what to do and changes nothing.
    click_cell(&mut h, 0, 0);
    assert_eq!(*h.state().document().puzzle(), bundled("klotski.ron"));
    assert!(
        h.state().status().contains("pick one"),
        "{}",
        h.state().status()
    );
}

#[test]
fn the_goal_counts_one_cell_named_and_many_cells() {
    let one = Puzzle::from_rows(&["A . .", ". . ."], &[". . A", ". . ."]).unwrap();
    let h = harness(one, Mode::Start, [1400.0, 900.0]);
    h.get_by_label("1 cell named, 5 don't care");
    let two = Puzzle::from_rows(&["A A .", ". . ."], &[". A A", ". . ."]).unwrap();
    let h = harness(two, Mode::Start, [1400.0, 900.0]);
    h.get_by_label("2 cells named, 4 don't care");
}

#[test]
fn a_goal_stroke_that_turns_a_corner_paints_the_corner_cell() {
    let mut rows = vec![". . . . . . . ."; 8];
    rows[7] = "A . . . . . . .";
    let mut h = harness(
        Puzzle::from_rows(&rows, &[]).unwrap(),
        Mode::Goal,
        [1400.0, 900.0],
    );
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

#[test]
fn the_wall_tool_gives_way_to_paint_in_the_goal_tab_and_comes_back_in_the_start_tab() {
    let mut rows = vec![". . . ."; 4];
    rows[0] = "A . . .";
    let mut h = harness(
        Puzzle::from_rows(&rows, &[]).unwrap(),
        Mode::Start,
        [1400.0, 900.0],
    );
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
fn a_pieces_label_sits_on_its_own_colour_over_the_goals_outline() {
    // Klotski's goal for A (the bottom middle) has its outline's edge through E's middle.
    let h = harness(bundled("klotski.ron"), Mode::Start, [1400.0, 900.0]);
    let shapes = flat_shapes(&h.output().shapes);
    let e = shapes
        .iter()
        .position(|s| matches!(s, egui::Shape::Text(t) if t.galley.text() == "E"))
        .expect("E's label");
    let egui::Shape::Text(text) = &shapes[e] else {
        unreachable!()
    };
    let letters = egui::Rect::from_min_size(text.pos, text.galley.size());
    let fill =
        blockslide_app::common::colors::to_color32(blockslide_app::common::colors::piece_color(
            h.state().document().puzzle(),
            blockslide_core::model::Token::new("E").unwrap(),
        ));
    // Painted just before the letters and after the outline: a patch of E's colour.
    match &shapes[e - 1] {
        egui::Shape::Rect(patch) => {
            assert!(
                patch.rect.contains_rect(letters),
                "{patch:?} under {letters:?}"
            );
            assert_eq!(patch.fill, fill);
        }
        other => panic!("{other:?} under E's label"),
    }
}

#[test]
fn a_wall_is_neither_named_nor_dont_care_in_the_goal() {
    let puzzle =
        blockslide_core::model::Puzzle::from_rows(&["A . #", ". . ."], &[". A .", ". . ."])
            .expect("valid rows");
    let mut h = harness(puzzle, Mode::Goal, [1400.0, 900.0]);
    // Six cells: one named, one a wall, four free.
    h.get_by_label("1 cell named, 4 don't care");
    h.hover_at(cell_pos(&h, 0, 2));
    h.run_ok();
    h.get_by_label_contains("row 1, column 3: wall");
}

#[test]
fn f5_with_an_empty_goal_refuses_and_says_why() {
    let puzzle = Puzzle::from_rows(&["A . .", ". . ."], &[]).expect("valid rows");
    let mut h = harness(puzzle, Mode::Start, [1400.0, 900.0]);
    h.key_press(Key::F5);
    h.run_ok();
    assert_eq!(h.state().mode(), Mode::Solve);
    // Nothing to wait for: the refusal comes before any search.
    assert!(!h.state().solve_view().panel().is_running());
    match h.state().solve_view().panel().outcome() {
        Some(Outcome::Refused(why)) => assert_eq!(why, EMPTY_GOAL),
        other => panic!("expected a refusal, got {other:?}"),
    }
    assert!(h.state().solve_view().playback().is_none());
    // In the solver panel, and where the solution would play back.
    assert_eq!(
        h.get_all_by_label_contains("The goal is empty: paint the goal in the Goal tab")
            .count(),
        2
    );
}

#[test]
fn the_goal_tab_says_to_paint_on_its_board() {
    let mut h = harness(
        Puzzle::from_rows(&["A ."], &[]).unwrap(),
        Mode::Start,
        [1400.0, 900.0],
    );
    h.get_by_label_contains("open the Goal tab");
    keys(&mut h, Modifiers::NONE, Key::F2);
    h.get_by_label_contains("paint on the board");
    assert!(h.query_by_label_contains("Goal tab").is_none());
}
