//! Painting a design: pieces drawn cell by cell or in one stroke, walls, the eraser, the
//! eyedropper, quick strokes that keep every cell, resizing the board, a tile template, and
//! Klotski drawn from an empty board.

use blockslide_app::app::App;
use blockslide_app::command::Mode;
use blockslide_app::common::board::{BOARD_LABEL, cell_center};
use blockslide_core::model::file::load;
use blockslide_core::model::{Cell, Puzzle};
use egui::{Event, Key, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::driver::{
    board_point, bundled, button, cell_pos, click_cell, click_cell_with, empty_board, flat_shapes,
    fresh_harness, harness, menu, select_piece, shape_of, t, type_path, walls,
};

/// Drags with the primary button through the given cells.
fn drag_through(h: &mut Harness<'_, App>, cells: &[(usize, usize)]) {
    let p = h.state().document().puzzle();
    let (rows, cols) = (p.rows, p.cols);
    let rect = h.get_by_label(BOARD_LABEL).rect();
    let at = |(r, c): (usize, usize)| cell_center(rect, rows, cols, r, c);
    h.hover_at(at(cells[0]));
    h.run();
    h.drag_at(at(cells[0]));
    h.run();
    for &cell in &cells[1..] {
        h.hover_at(at(cell));
        h.run();
    }
    h.drop_at(at(*cells.last().unwrap()));
    h.run();
}

#[test]
fn paint_a_new_2x2_piece_by_clicking_four_cells_then_undo_and_redo() {
    let mut h = fresh_harness(Puzzle::empty(4, 5));
    h.run();
    button(&h, "New piece").click();
    h.run();
    for (r, c) in [(1, 1), (1, 2), (2, 1), (2, 2)] {
        click_cell(&mut h, r, c);
    }
    let p = h.state().document().puzzle().clone();
    assert_eq!(p.pieces().len(), 1);
    assert_eq!(shape_of(&p, t("A")), [(1, 1), (1, 2), (2, 1), (2, 2)]);
    assert!(
        p.styles[&t("A")].color.is_some(),
        "a new piece gets a palette colour"
    );

    // Undo the four clicks with Ctrl+Z, one cell at a time.
    for left in (0..4).rev() {
        h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
        h.run();
        assert_eq!(shape_of(h.state().document().puzzle(), t("A")).len(), left);
    }
    assert_eq!(*h.state().document().puzzle(), Puzzle::empty(4, 5));
    // Redo with Ctrl+Shift+Z, Ctrl+Y and the Edit menu.
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, egui::Key::Z);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Y);
    h.run();
    menu(&mut h, "Edit", "Redo");
    menu(&mut h, "Edit", "Redo");
    assert_eq!(*h.state().document().puzzle(), p);
    assert!(!h.state().document().can_redo());
}

#[test]
fn one_stroke_of_the_new_piece_tool_draws_one_piece_and_is_one_undo_step() {
    let mut h = fresh_harness(Puzzle::empty(3, 3));
    h.run();
    button(&h, "Draw new piece  (N)").click();
    h.run();
    drag_through(&mut h, &[(0, 0), (0, 1), (0, 2)]);
    drag_through(&mut h, &[(2, 0), (2, 1)]);
    let p = h.state().document().puzzle().clone();
    assert_eq!(shape_of(&p, t("A")), [(0, 0), (0, 1), (0, 2)]);
    assert_eq!(shape_of(&p, t("B")), [(2, 0), (2, 1)]);
    assert_ne!(p.styles[&t("A")].color, p.styles[&t("B")].color);
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert!(shape_of(h.state().document().puzzle(), t("B")).is_empty());
    assert_eq!(shape_of(h.state().document().puzzle(), t("A")).len(), 3);
}

#[test]
fn right_click_erases_and_walls_eyedropper_and_move_work() {
    let mut h = fresh_harness(bundled("klotski.ron"));
    h.run();
    click_cell_with(&mut h, (4, 0), PointerButton::Secondary, Modifiers::NONE);
    assert_eq!(h.state().document().puzzle().cell(4, 0), Cell::Empty);
    // Wall tool by keyboard shortcut.
    h.key_press(egui::Key::W);
    h.run();
    click_cell(&mut h, 4, 0);
    assert_eq!(h.state().document().puzzle().cell(4, 0), Cell::Wall);
    // Eyedropper picks G, then painting uses it.
    button(&h, "Eyedropper  (I)").click();
    h.run();
    click_cell(&mut h, 3, 1);
    click_cell(&mut h, 4, 1);
    assert_eq!(
        h.state().document().puzzle().cell(4, 1),
        Cell::Piece(t("G"))
    );
    // Move J left by one cell.
    h.key_press(egui::Key::M);
    h.run();
    drag_through(&mut h, &[(4, 3), (4, 2)]);
    assert_eq!(
        h.state().document().puzzle().cell(4, 2),
        Cell::Piece(t("J"))
    );
    assert_eq!(h.state().document().puzzle().cell(4, 3), Cell::Empty);
}

#[test]
fn resizing_keeps_what_still_fits() {
    let mut h = fresh_harness(bundled("klotski.ron"));
    h.run();
    h.get_by_label("Rows").set_value_accesskit(3.0);
    h.run();
    let p = h.state().document().puzzle().clone();
    assert_eq!((p.rows, p.cols), (3, 4));
    assert_eq!(p.board_rows(), ["B A A C", "B A A C", "D E E F"]);
    h.get_by_label("Columns").set_value_accesskit(6.0);
    h.run();
    let p = h.state().document().puzzle().clone();
    assert_eq!((p.rows, p.cols), (3, 6));
    assert_eq!(p.board_rows()[0], "B A A C . .");
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::Z);
    h.run();
    assert_eq!(
        *h.state().document().puzzle(),
        bundled("klotski.ron"),
        "one undo restores the board"
    );
    // Shrinking and growing back in a row loses nothing, and is one undo step.
    h.get_by_label("Rows").set_value_accesskit(2.0);
    h.run();
    h.get_by_label("Rows").set_value_accesskit(5.0);
    h.run();
    assert_eq!(*h.state().document().puzzle(), bundled("klotski.ron"));
}

#[test]
fn a_tile_template_is_a_solvable_tile_puzzle() {
    let mut h = fresh_harness(Puzzle::empty(2, 2));
    h.run();
    menu(&mut h, "File", "New…");
    button(&h, "Tile puzzle").click();
    h.run();
    button(&h, "Create").click();
    h.run();
    let p = h.state().document().puzzle().clone();
    let layout = blockslide_core::model::tiles::tile_layout(&p).expect("a tile puzzle");
    assert!(blockslide_core::model::tiles::is_solvable(&layout));
    h.get_by_label_contains("solvable (parity");
}

#[test]
fn draw_klotski_from_an_empty_board_set_its_goal_and_save() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("drawn.ron");
    let mut h = fresh_harness(Puzzle::empty(5, 4));
    h.run();
    h.key_press(egui::Key::N);
    h.run();
    let pieces: [&[(usize, usize)]; 10] = [
        &[(0, 0), (1, 0)],
        // "Draw new piece" spans a rectangle from the pressed cell to the released one.
        &[(0, 1), (1, 2)],
        &[(0, 3), (1, 3)],
        &[(2, 0), (3, 0)],
        &[(2, 1), (2, 2)],
        &[(2, 3), (3, 3)],
        &[(3, 1)],
        &[(3, 2)],
        &[(4, 0)],
        &[(4, 3)],
    ];
    for cells in pieces {
        drag_through(&mut h, cells);
    }
    let drawn = h.state().document().puzzle().clone();
    assert_eq!(
        drawn.board_rows(),
        ["A B B C", "A B B C", "D E E F", "D G H F", "I . . J"]
    );
    button(&h, "Goal").click();
    h.run();
    select_piece(&mut h, "B");
    h.key_press(egui::Key::B);
    h.run();
    drag_through(&mut h, &[(3, 1), (3, 2), (4, 2), (4, 1)]);
    let p = h.state().document().puzzle().clone();
    assert_eq!(
        p.goal_rows(),
        [". . . .", ". . . .", ". . . .", ". B B .", ". B B ."]
    );
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::S);
    h.run();
    type_path(&mut h, &path, "Save");
    assert_eq!(load(&path).unwrap(), p);
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

#[test]
fn a_quick_wall_stroke_paints_from_the_pressed_cell_on() {
    let mut h = harness(empty_board(32, 32), Mode::Start, [1400.0, 900.0]);
    h.key_press(Key::W);
    h.run_ok();
    // Along row 5 from column 2 to column 12, sampled every three cells or so.
    quick_stroke(&mut h, &[(2.5, 5.5), (5.2, 5.5), (8.7, 5.4), (12.5, 5.5)]);
    let expected: Vec<(usize, usize)> = (2..=12).map(|c| (5, c)).collect();
    assert_eq!(walls(&h), expected);
}

#[test]
fn a_quick_diagonal_stroke_starts_where_pressed_and_leaves_no_diagonal_gaps() {
    let mut h = harness(empty_board(32, 32), Mode::Start, [1400.0, 900.0]);
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

#[test]
fn the_pointer_over_a_piece_outlines_the_piece_not_a_square_across_it() {
    let mut h = harness(bundled("klotski.ron"), Mode::Start, [1400.0, 900.0]);
    // A, the 2x2 block, covers rows 0-1 and columns 1-2.
    let at = cell_pos(&h, 0, 1);
    h.hover_at(at);
    h.run_ok();
    let hover = egui::Color32::from_white_alpha(200);
    let shapes = flat_shapes(&h.output().shapes);
    let squares = shapes
        .iter()
        .filter(
            |s| matches!(s, egui::Shape::Rect(r) if r.stroke.color == hover && r.rect.contains(at)),
        )
        .count();
    assert_eq!(squares, 0, "a cell's square drawn across the piece");
    let outline = shapes
        .iter()
        .filter(|s| matches!(s, egui::Shape::LineSegment { stroke, .. } if stroke.color == hover))
        .count();
    assert!(outline >= 4, "the piece's outline: {outline} sides");
}
