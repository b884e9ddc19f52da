//! The Edit menu's design edits: clearing the board, copying, cutting and pasting pieces (also
//! into another design, a pasted copy in a colour of its own), rotating a piece and mirroring
//! the whole design, each one undo step.

use blockslide_app::app::App;
use blockslide_app::command::{Command, Mode, Tool};
use blockslide_core::model::{Axis, Cell, Puzzle};
use egui::{Key, Modifiers, PointerButton};
use egui_kittest::Harness;

use crate::driver::{bundled, cells_of, click_cell, click_cell_with, harness, keys, menu_path, t};

#[test]
fn clear_board_empties_it_and_undo_brings_everything_back() {
    let klotski = bundled("klotski.ron");
    let mut h = harness(klotski.clone(), Mode::Start, [1280.0, 800.0]);
    menu_path(&mut h, "Edit", &["Clear board"]);
    let p = h.state().document().puzzle();
    assert!(p.cells.iter().all(|c| *c == Cell::Empty));
    assert!(p.goal.is_empty(), "the goal named the pieces removed");
    assert_eq!((p.rows, p.cols), (klotski.rows, klotski.cols));
    keys(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(*h.state().document().puzzle(), klotski, "one undo step");
}

#[test]
fn shift_clicked_pieces_copy_and_paste_into_another_design() {
    let mut h = harness(bundled("klotski.ron"), Mode::Start, [1280.0, 800.0]);
    keys(&mut h, Modifiers::NONE, Tool::Move.key());
    click_cell_with(&mut h, (3, 1), PointerButton::Primary, Modifiers::NONE);
    click_cell_with(&mut h, (3, 2), PointerButton::Primary, Modifiers::SHIFT);
    keys(&mut h, Modifiers::COMMAND, Key::C);
    assert!(
        h.state().status().contains("pieces G, H"),
        "{}",
        h.state().status()
    );

    let ctx = h.ctx.clone();
    h.state_mut().apply(
        Command::OpenPuzzle {
            puzzle: Box::new(bundled("rush-hour-warm-up.ron")),
            source: "the library".into(),
            play: false,
        },
        &ctx,
    );
    h.run();
    let before = h.state().document().puzzle().clone();
    // With the pointer off the board, the pieces go where they were copied from. Row 3,
    // columns 1 and 2 are not both free, so they go to the first free place, with fresh
    // tokens as the design has its own G and H.
    h.hover_at(egui::pos2(2.0, 400.0));
    h.run();
    keys(&mut h, Modifiers::COMMAND, Key::V);
    assert_eq!(cells_of(&h, t("J")), [(0, 4)]);
    assert_eq!(cells_of(&h, t("K")), [(0, 5)]);
    assert!(h.state().status().contains("Pasted pieces J, K"));
    keys(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(
        *h.state().document().puzzle(),
        before,
        "a paste is one undo step"
    );
}

#[test]
fn cut_removes_the_piece_and_undo_puts_it_back() {
    let klotski = bundled("klotski.ron");
    let mut h = harness(klotski.clone(), Mode::Start, [1280.0, 800.0]);
    keys(&mut h, Modifiers::NONE, Tool::Move.key());
    click_cell_with(&mut h, (0, 1), PointerButton::Primary, Modifiers::NONE);
    keys(&mut h, Modifiers::COMMAND, Key::X);
    let p = h.state().document().puzzle();
    assert!(!p.cells.contains(&Cell::Piece(t("A"))));
    assert!(p.goal.is_empty(), "its goal cells went with it");
    keys(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(*h.state().document().puzzle(), klotski);
    // What was cut pastes back where it was, now free again after a second cut.
    keys(&mut h, Modifiers::COMMAND, Key::Y);
    keys(&mut h, Modifiers::COMMAND, Key::V);
    assert_eq!(cells_of(&h, t("A")), [(0, 1), (0, 2), (1, 1), (1, 2)]);
}

#[test]
fn r_rotates_the_selected_piece_and_says_why_when_it_does_not_fit() {
    let mut truck = Puzzle::from_rows(&[". . . .", "A A A .", ". . . ."], &[]).expect("rows");
    truck.styles.entry(t("A")).or_default().axis = Axis::Horizontal;
    let mut h = harness(truck, Mode::Start, [1280.0, 800.0]);
    keys(&mut h, Modifiers::NONE, Tool::Move.key());
    click_cell_with(&mut h, (1, 0), PointerButton::Primary, Modifiers::NONE);
    keys(&mut h, Modifiers::NONE, Key::R);
    assert_eq!(cells_of(&h, t("A")), [(0, 1), (1, 1), (2, 1)]);
    let p = h.state().document().puzzle();
    assert_eq!(
        p.axis_of(t("A")),
        Axis::Vertical,
        "a truck stood up moves up and down"
    );
    keys(&mut h, Modifiers::SHIFT, Key::R);
    assert_eq!(cells_of(&h, t("A")), [(1, 0), (1, 1), (1, 2)]);

    let mut h = harness(bundled("klotski.ron"), Mode::Start, [1280.0, 800.0]);
    keys(&mut h, Modifiers::NONE, Tool::Move.key());
    click_cell_with(&mut h, (2, 1), PointerButton::Primary, Modifiers::NONE);
    let before = h.state().document().puzzle().clone();
    keys(&mut h, Modifiers::NONE, Key::R);
    assert_eq!(*h.state().document().puzzle(), before);
    assert!(
        h.state().status().contains("would overlap piece G"),
        "{}",
        h.state().status()
    );
}

#[test]
fn mirroring_the_whole_design_takes_the_goal_along() {
    let klotski = bundled("klotski.ron");
    let mut h = harness(klotski.clone(), Mode::Start, [1280.0, 800.0]);
    menu_path(&mut h, "Edit", &["Whole design", "Mirror top"]);
    let p = h.state().document().puzzle();
    let goal_cells: Vec<usize> = (0..p.goal.cells.len())
        .filter(|&i| p.goal.cells[i] == Some(t("A")))
        .collect();
    assert_eq!(goal_cells, [1, 2, 5, 6], "the goal moved to the top");
    assert_eq!(cells_of(&h, t("A")), [(3, 1), (3, 2), (4, 1), (4, 2)]);
    menu_path(&mut h, "Edit", &["Whole design", "Rotate clockwise"]);
    let p = h.state().document().puzzle();
    assert_eq!((p.rows, p.cols), (4, 5), "rows and columns swap");
    keys(&mut h, Modifiers::COMMAND, Key::Z);
    keys(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(*h.state().document().puzzle(), klotski);
}

#[test]
fn a_pasted_copy_gets_a_colour_of_its_own_unless_it_is_of_a_kind() {
    let colour = |h: &Harness<'static, App>, token: &str| {
        blockslide_app::common::colors::piece_color(h.state().document().puzzle(), t(token))
    };
    // A is its own kind: its copy, B, must not pass for a piece alike.
    let mut one = Puzzle::from_rows(&["A . .", "A . .", ". . ."], &[]).unwrap();
    let green = blockslide_core::model::Color {
        r: 0x2e,
        g: 0xa0,
        b: 0x43,
    };
    one.styles.entry(t("A")).or_default().color = Some(green);
    let mut h = harness(one, Mode::Start, [1400.0, 900.0]);
    keys(&mut h, Modifiers::NONE, Tool::Move.key());
    click_cell(&mut h, 0, 0);
    keys(&mut h, Modifiers::COMMAND, Key::C);
    h.hover_at(egui::pos2(2.0, 400.0));
    keys(&mut h, Modifiers::COMMAND, Key::V);
    assert_eq!(h.state().selected_pieces(), [t("B")]);
    assert_ne!(colour(&h, "B"), green, "two pieces apart, told apart");

    // Klotski's G is one of four soldiers, one kind in one colour: its copy stays one.
    let mut h = harness(bundled("klotski.ron"), Mode::Start, [1400.0, 900.0]);
    keys(&mut h, Modifiers::NONE, Tool::Move.key());
    click_cell(&mut h, 3, 1);
    keys(&mut h, Modifiers::COMMAND, Key::C);
    h.hover_at(egui::pos2(2.0, 400.0));
    keys(&mut h, Modifiers::COMMAND, Key::V);
    let pasted = h.state().selected_pieces();
    assert_eq!(
        colour(&h, pasted[0].as_str()),
        colour(&h, "G"),
        "a soldier pasted is still a soldier"
    );
}
