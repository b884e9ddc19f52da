//! The Edit menu's design edits driven as a user would, headless: clearing the board,
//! selecting several pieces, copying, cutting and pasting them (also into another design),
//! rotating a piece and mirroring the whole design, each one undo step.
use crate::gui_support::{self, bundled, cells_of};

use blockslide_app::app::App;
use blockslide_app::command::{Command, Mode, Tool};
use blockslide_app::common::board::{BOARD_LABEL, cell_center};
use blockslide_core::model::{Axis, Cell, Puzzle, Token};
use egui::accesskit::Role;
use egui::{Event, Key, Modifiers, PointerButton};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn harness(puzzle: Puzzle) -> Harness<'static, App> {
    gui_support::harness(puzzle, Mode::Start, [1280.0, 800.0])
}

fn t(s: &str) -> Token {
    Token::new(s).expect("valid token")
}

/// Clicks cell `(r, c)` of the board holding `modifiers`.
fn click_cell(h: &mut Harness<'static, App>, (r, c): (usize, usize), modifiers: Modifiers) {
    let p = h.state().document().puzzle();
    let (rows, cols) = (p.rows, p.cols);
    let pos = cell_center(h.get_by_label(BOARD_LABEL).rect(), rows, cols, r, c);
    h.hover_at(pos);
    h.run();
    for pressed in [true, false] {
        h.event(Event::PointerButton {
            pos,
            button: PointerButton::Primary,
            pressed,
            modifiers,
        });
        h.run();
    }
}

fn press(h: &mut Harness<'static, App>, modifiers: Modifiers, key: Key) {
    h.key_press_modifiers(modifiers, key);
    h.run();
}

/// Opens the menu `name`, then clicks the entries `path` in turn (submenus, then an entry),
/// each found by how its label starts (entries also show their shortcut).
fn menu(h: &mut Harness<'static, App>, name: &str, path: &[&str]) {
    h.get_by_role_and_label(Role::Button, name).click();
    h.run();
    for &entry in path {
        h.get_by(move |n| {
            n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with(entry))
        })
        .click();
        h.run();
    }
}

#[test]
fn clear_board_empties_it_and_undo_brings_everything_back() {
    let klotski = bundled("klotski.ron");
    let mut h = harness(klotski.clone());
    menu(&mut h, "Edit", &["Clear board"]);
    let p = h.state().document().puzzle();
    assert!(p.cells.iter().all(|c| *c == Cell::Empty));
    assert!(p.goal.is_empty(), "the goal named the pieces removed");
    assert_eq!((p.rows, p.cols), (klotski.rows, klotski.cols));
    press(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(*h.state().document().puzzle(), klotski, "one undo step");
}

#[test]
fn shift_clicked_pieces_copy_and_paste_into_another_design() {
    let mut h = harness(bundled("klotski.ron"));
    press(&mut h, Modifiers::NONE, Tool::Move.key());
    click_cell(&mut h, (3, 1), Modifiers::NONE);
    click_cell(&mut h, (3, 2), Modifiers::SHIFT);
    press(&mut h, Modifiers::COMMAND, Key::C);
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
    press(&mut h, Modifiers::COMMAND, Key::V);
    assert_eq!(cells_of(&h, t("J")), [(0, 4)]);
    assert_eq!(cells_of(&h, t("K")), [(0, 5)]);
    assert!(h.state().status().contains("Pasted pieces J, K"));
    press(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(
        *h.state().document().puzzle(),
        before,
        "a paste is one undo step"
    );
}

#[test]
fn cut_removes_the_piece_and_undo_puts_it_back() {
    let klotski = bundled("klotski.ron");
    let mut h = harness(klotski.clone());
    press(&mut h, Modifiers::NONE, Tool::Move.key());
    click_cell(&mut h, (0, 1), Modifiers::NONE);
    press(&mut h, Modifiers::COMMAND, Key::X);
    let p = h.state().document().puzzle();
    assert!(!p.cells.contains(&Cell::Piece(t("A"))));
    assert!(p.goal.is_empty(), "its goal cells went with it");
    press(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(*h.state().document().puzzle(), klotski);
    // What was cut pastes back where it was, now free again after a second cut.
    press(&mut h, Modifiers::COMMAND, Key::Y);
    press(&mut h, Modifiers::COMMAND, Key::V);
    assert_eq!(cells_of(&h, t("A")), [(0, 1), (0, 2), (1, 1), (1, 2)]);
}

#[test]
fn r_rotates_the_selected_piece_and_says_why_when_it_does_not_fit() {
    let mut truck = Puzzle::from_rows(&[". . . .", "A A A .", ". . . ."], &[]).expect("rows");
    truck.styles.entry(t("A")).or_default().axis = Axis::Horizontal;
    let mut h = harness(truck);
    press(&mut h, Modifiers::NONE, Tool::Move.key());
    click_cell(&mut h, (1, 0), Modifiers::NONE);
    press(&mut h, Modifiers::NONE, Key::R);
    assert_eq!(cells_of(&h, t("A")), [(0, 1), (1, 1), (2, 1)]);
    let p = h.state().document().puzzle();
    assert_eq!(
        p.axis_of(t("A")),
        Axis::Vertical,
        "a truck stood up moves up and down"
    );
    press(&mut h, Modifiers::SHIFT, Key::R);
    assert_eq!(cells_of(&h, t("A")), [(1, 0), (1, 1), (1, 2)]);

    let mut h = harness(bundled("klotski.ron"));
    press(&mut h, Modifiers::NONE, Tool::Move.key());
    click_cell(&mut h, (2, 1), Modifiers::NONE);
    let before = h.state().document().puzzle().clone();
    press(&mut h, Modifiers::NONE, Key::R);
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
    let mut h = harness(klotski.clone());
    menu(&mut h, "Edit", &["Whole design", "Mirror top"]);
    let p = h.state().document().puzzle();
    let goal_cells: Vec<usize> = (0..p.goal.cells.len())
        .filter(|&i| p.goal.cells[i] == Some(t("A")))
        .collect();
    assert_eq!(goal_cells, [1, 2, 5, 6], "the goal moved to the top");
    assert_eq!(cells_of(&h, t("A")), [(3, 1), (3, 2), (4, 1), (4, 2)]);
    menu(&mut h, "Edit", &["Whole design", "Rotate clockwise"]);
    let p = h.state().document().puzzle();
    assert_eq!((p.rows, p.cols), (4, 5), "rows and columns swap");
    press(&mut h, Modifiers::COMMAND, Key::Z);
    press(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(*h.state().document().puzzle(), klotski);
}
