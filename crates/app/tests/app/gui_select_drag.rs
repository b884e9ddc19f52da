//! Working on several pieces at once with the Move tool, headless, as a user would: a rubber
//! band drawn from an empty cell selects the pieces it touches (Shift adds to them), a drag
//! or an arrow key moves them together and Delete removes them, each in one undo step, and
//! Ctrl+V pastes where the pointer is; the piece list stays in the order pieces were drawn.
use crate::gui_support::{self, bundled, cell_pos, cells_of, click_cell, drag_cells, keys};

use blockslide_app::app::App;
use blockslide_app::command::{Mode, Tool};
use blockslide_core::model::{Puzzle, Token};
use egui::accesskit::Role;
use egui::{Event, Key, Modifiers, PointerButton};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn harness(puzzle: Puzzle) -> Harness<'static, App> {
    let mut h = gui_support::harness(puzzle, Mode::Start, [1280.0, 800.0]);
    keys(&mut h, Modifiers::NONE, Tool::Move.key());
    h
}

fn t(s: &str) -> Token {
    Token::new(s).expect("valid token")
}

fn selected(h: &Harness<'static, App>) -> Vec<Token> {
    h.state().selected_pieces()
}

/// Drags from cell `from` to cell `to` holding `modifiers`, in small steps.
fn drag_holding(
    h: &mut Harness<'static, App>,
    from: (usize, usize),
    to: (usize, usize),
    modifiers: Modifiers,
) {
    let (from, to) = (cell_pos(h, from.0, from.1), cell_pos(h, to.0, to.1));
    h.hover_at(from);
    h.step();
    let button = |pos, pressed| Event::PointerButton {
        pos,
        button: PointerButton::Primary,
        pressed,
        modifiers,
    };
    h.event(button(from, true));
    h.step();
    for k in 1..=6 {
        h.hover_at(from + (to - from) * (k as f32 / 6.0));
        h.step();
    }
    h.event(button(to, false));
    h.step();
    h.run_ok();
}

#[test]
fn a_rubber_band_selects_the_pieces_it_touches_and_they_move_together() {
    let klotski = bundled("klotski.ron");
    let mut h = harness(klotski.clone());
    // From Klotski's empty cell at the bottom up over G and H.
    drag_cells(&mut h, (4, 1), (3, 2));
    assert_eq!(selected(&h), [t("G"), t("H")]);
    assert!(
        h.state().status().contains("Selected pieces G, H"),
        "{}",
        h.state().status()
    );

    // Dragging one of them takes the other along, in one undo step.
    drag_cells(&mut h, (3, 1), (4, 1));
    assert_eq!(cells_of(&h, t("G")), [(4, 1)]);
    assert_eq!(cells_of(&h, t("H")), [(4, 2)]);
    keys(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(*h.state().document().puzzle(), klotski);

    // So does an arrow key; a move one of them has no room for moves none.
    keys(&mut h, Modifiers::NONE, Key::ArrowDown);
    assert_eq!(cells_of(&h, t("G")), [(4, 1)]);
    assert_eq!(cells_of(&h, t("H")), [(4, 2)]);
    let moved = h.state().document().puzzle().clone();
    keys(&mut h, Modifiers::NONE, Key::ArrowLeft);
    assert_eq!(*h.state().document().puzzle(), moved);
    assert!(
        h.state().status().contains("Pieces G, H do not fit there"),
        "{}",
        h.state().status()
    );
}

#[test]
fn shift_adds_a_band_to_the_selection_and_a_click_on_an_empty_cell_clears_it() {
    let mut h = harness(bundled("klotski.ron"));
    click_cell(&mut h, 0, 0);
    assert_eq!(selected(&h), [t("B")]);
    // Without Shift, a band replaces the selection.
    drag_cells(&mut h, (4, 1), (4, 2));
    assert_eq!(
        selected(&h),
        Vec::<Token>::new(),
        "the band touched no piece"
    );
    click_cell(&mut h, 0, 0);
    drag_holding(&mut h, (4, 2), (3, 3), Modifiers::SHIFT);
    assert_eq!(selected(&h), [t("B"), t("H"), t("F"), t("J")]);
    // Delete removes them all, in one undo step.
    let before = h.state().document().puzzle().clone();
    keys(&mut h, Modifiers::NONE, Key::Delete);
    for gone in ["B", "H", "F", "J"] {
        assert_eq!(cells_of(&h, t(gone)), [], "{gone}");
    }
    keys(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(*h.state().document().puzzle(), before);
    click_cell(&mut h, 4, 1);
    assert_eq!(selected(&h), Vec::<Token>::new());
}

#[test]
fn ctrl_v_pastes_where_the_pointer_is() {
    let mut h = harness(bundled("klotski.ron"));
    click_cell(&mut h, 3, 1);
    keys(&mut h, Modifiers::COMMAND, Key::X);
    assert_eq!(cells_of(&h, t("G")), []);
    // Cut G leaves (3, 1), (4, 1) and (4, 2) free; the pointer goes to (4, 2).
    let at = cell_pos(&h, 4, 2);
    h.hover_at(at);
    h.run_ok();
    keys(&mut h, Modifiers::COMMAND, Key::V);
    assert_eq!(cells_of(&h, t("G")), [(4, 2)]);
    assert_eq!(selected(&h), [t("G")], "what was pasted is selected");
}

#[test]
fn the_piece_list_keeps_the_order_pieces_were_drawn_in() {
    let mut h = harness(Puzzle::empty(4, 4));
    // A at the bottom first, then B at the top: reading order would list B first.
    keys(&mut h, Modifiers::NONE, Tool::NewPiece.key());
    drag_cells(&mut h, (3, 0), (3, 1));
    keys(&mut h, Modifiers::NONE, Tool::NewPiece.key());
    drag_cells(&mut h, (0, 2), (0, 3));
    let row = |token: &str| {
        h.get_by(|n| n.role() == Role::Button && n.label().as_deref() == Some(token))
            .rect()
            .min
            .y
    };
    assert!(row("A") < row("B"), "A is listed above B");
}
