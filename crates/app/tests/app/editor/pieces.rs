//! The pieces of a design: renaming and deleting one, the piece list in the order pieces were
//! drawn, selecting several with a rubber band or Shift, moving them with the mouse or the
//! arrow keys, pasting where the pointer is, and how a selected or hovered piece is outlined.

use blockslide_app::app::App;
use blockslide_app::command::{Mode, Tool};
use blockslide_app::common::board::{BOARD_LABEL, cell_center, cell_rect};
use blockslide_core::model::{Puzzle, Token};
use egui::accesskit::Role;
use egui::{Event, Key, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use crate::driver::{
    SIZES, bundled, button, cell_pos, cells_of, click_cell, click_highest, drag_cells,
    fresh_harness, harness, keys, menu, select_piece, shape_of, strokes, t, type_path,
};

#[test]
fn rename_and_delete_a_piece() {
    let mut h = fresh_harness(bundled("klotski.ron"));
    h.run();
    select_piece(&mut h, "E");
    h.get_by_label("Token").click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::A);
    h.get_by_label("Token").type_text("GY");
    h.key_press(egui::Key::Enter);
    h.run();
    let p = h.state().document().puzzle().clone();
    assert_eq!(p.board_rows()[2], "D  GY GY F");
    assert_eq!(p.styles[&t("GY")].name.as_deref(), Some("Guan Yu"));
    // A taken token is refused with a message.
    h.get_by_label("Token").click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::A);
    h.get_by_label("Token").type_text("A");
    h.key_press(egui::Key::Enter);
    h.run();
    h.get_by_label_contains("already called");
    assert_eq!(*h.state().document().puzzle(), p);
    button(&h, "Delete piece").click();
    h.run();
    assert!(shape_of(h.state().document().puzzle(), t("GY")).is_empty());
}

#[test]
fn arrow_keys_move_the_selected_piece_and_recent_files_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("moved.ron");
    let mut h = fresh_harness(bundled("klotski.ron"));
    h.run();
    select_piece(&mut h, "J");
    h.key_press(egui::Key::ArrowLeft);
    h.run();
    h.key_press(egui::Key::ArrowUp);
    h.run(); // blocked by H: nothing happens
    let p = h.state().document().puzzle().clone();
    assert_eq!(p.board_rows()[4], "I . J .");
    assert_eq!(p.board_rows()[3], "D G H F");

    menu(&mut h, "File", "Save As");
    type_path(&mut h, &path, "Save");
    menu(&mut h, "File", "New…");
    button(&h, "Create").click();
    h.run();
    assert!(h.state().document().puzzle().pieces().is_empty());
    button(&h, "File").click();
    h.run();
    button(&h, "Open Recent").click();
    h.run();
    // The entry names the file and its folder.
    let folder = dir
        .path()
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    button(&h, &format!("moved.ron  ({folder})")).click();
    h.run();
    assert_eq!(*h.state().document().puzzle(), p);
}

#[test]
fn one_piece_is_counted_as_one_piece() {
    let puzzle = Puzzle::from_rows(&["A . .", ". # ."], &[]).unwrap();
    let h = harness(puzzle, Mode::Start, [1400.0, 900.0]);
    h.get_by_label("1 piece, 4 empty cells, 1 wall");
}

/// The selection's yellow, as the board outlines a selected or hinted piece.
const SELECTION: egui::Color32 = egui::Color32::from_rgb(0xff, 0xd0, 0x00);

/// The distance from `p` to the segment from `a` to `b`.
fn distance_to_segment(p: Pos2, [a, b]: [Pos2; 2]) -> f32 {
    let ab = b - a;
    let t = ((p - a).dot(ab) / ab.length_sq().max(f32::EPSILON)).clamp(0.0, 1.0);
    (a + ab * t).distance(p)
}

#[test]
fn a_selected_piece_is_outlined_without_a_seam_at_its_cells_joins() {
    for size in SIZES {
        let mut h = harness(bundled("klotski.ron"), Mode::Start, size);
        // Cao Cao, the 2x2 block in rows 1-2 and columns 2-3, picked with the eyedropper.
        click_highest(&mut h, "Eyedropper  (I)");
        let board = h.get_by_label(BOARD_LABEL).rect();
        let (rows, cols) = (5, 4);
        let at = cell_center(board, rows, cols, 0, 1);
        h.hover_at(at);
        h.step();
        h.drag_at(at);
        h.step();
        h.drop_at(at);
        h.run_ok();
        let piece = cell_rect(board, rows, cols, 0, 1).union(cell_rect(board, rows, cols, 1, 2));
        let strokes = strokes(&h, SELECTION);
        // Every point of the piece's edge, its corners and the joins of its cells included,
        // is under the outline's stroke.
        let covered = |p: Pos2| {
            strokes
                .iter()
                .any(|(ends, width)| distance_to_segment(p, *ends) <= width / 2.0 + 0.05)
        };
        let (w, h_) = (piece.width() as usize, piece.height() as usize);
        let edge = (0..=w)
            .flat_map(|x| [(x as f32, 0.0), (x as f32, piece.height())])
            .chain((0..=h_).flat_map(|y| [(0.0, y as f32), (piece.width(), y as f32)]));
        let gaps: Vec<Pos2> = edge
            .map(|(x, y)| piece.min + egui::vec2(x, y))
            .filter(|&p| !covered(p))
            .collect();
        assert!(gaps.is_empty(), "at {size:?} the outline misses {gaps:?}");
    }
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

fn move_tool_harness(puzzle: Puzzle) -> Harness<'static, App> {
    let mut h = harness(puzzle, Mode::Start, [1280.0, 800.0]);
    keys(&mut h, Modifiers::NONE, Tool::Move.key());
    h
}

fn selected(h: &Harness<'static, App>) -> Vec<Token> {
    h.state().selected_pieces()
}

#[test]
fn a_rubber_band_selects_the_pieces_it_touches_and_they_move_together() {
    let klotski = bundled("klotski.ron");
    let mut h = move_tool_harness(klotski.clone());
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
    let mut h = move_tool_harness(bundled("klotski.ron"));
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
    let mut h = move_tool_harness(bundled("klotski.ron"));
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
    let mut h = move_tool_harness(Puzzle::empty(4, 4));
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

/// The piece list's tokens, top to bottom.
fn piece_list(h: &egui_kittest::Harness<'static, blockslide_app::app::App>) -> Vec<String> {
    let puzzle = h.state().document().puzzle();
    let tokens: Vec<String> = puzzle
        .pieces()
        .iter()
        .map(|p| p.token.to_string())
        .collect();
    let mut rows: Vec<(f32, String)> = h
        .query_all(egui_kittest::kittest::by().role(Role::Button))
        .filter_map(|n| {
            let label = n.accesskit_node().label()?;
            let first = label.split_whitespace().next()?.to_string();
            tokens.contains(&first).then(|| (n.rect().min.y, first))
        })
        .collect();
    rows.sort_by(|a, b| a.0.total_cmp(&b.0));
    rows.into_iter().map(|(_, t)| t).collect()
}

#[test]
fn a_designs_piece_list_keeps_its_own_order_whatever_was_open_before() {
    use blockslide_app::command::Command;
    let mut h = harness(
        bundled("rush-hour-warm-up.ron"),
        Mode::Start,
        [1400.0, 900.0],
    );
    let first = piece_list(&h);
    let mut sorted = first.clone();
    sorted.sort();
    assert_eq!(first, sorted);
    let ctx = h.ctx.clone();
    // A board with no car C, then the warm-up again.
    let without_c =
        blockslide_core::model::rushhour::parse("BBoooDoooooDooooAAoooooooooooooooooo").unwrap();
    for puzzle in [without_c, bundled("rush-hour-warm-up.ron")] {
        h.state_mut().apply(
            Command::OpenPuzzle {
                puzzle: Box::new(puzzle),
                source: "the library".into(),
                play: false,
            },
            &ctx,
        );
        h.run_ok();
    }
    assert_eq!(piece_list(&h), first);
}

#[test]
fn the_piece_list_keeps_drawing_order_through_a_rename_and_a_reused_token() {
    let mut h = harness(Puzzle::empty(4, 4), Mode::Start, [1400.0, 900.0]);
    for row in 0..3 {
        keys(&mut h, Modifiers::NONE, Tool::NewPiece.key());
        drag_cells(&mut h, (row, 0), (row, 1));
    }
    // A becomes Z; the next piece drawn gets the free token A, yet comes last.
    keys(&mut h, Modifiers::NONE, Tool::Move.key());
    click_cell(&mut h, 0, 0);
    let ctx = h.ctx.clone();
    h.state_mut().apply(
        blockslide_app::command::Command::RenamePiece {
            from: t("A"),
            to: "Z".into(),
        },
        &ctx,
    );
    h.run_ok();
    keys(&mut h, Modifiers::NONE, Tool::NewPiece.key());
    drag_cells(&mut h, (3, 0), (3, 1));
    assert_eq!(cells_of(&h, t("A")), [(3, 0), (3, 1)]);
    let rows: Vec<f32> = ["Z", "B", "C", "A"]
        .iter()
        .map(|&token| {
            h.get_by(|n| n.role() == Role::Button && n.label().as_deref() == Some(token))
                .rect()
                .min
                .y
        })
        .collect();
    assert!(rows.is_sorted(), "{rows:?}: Z, B, C, A from the top");
}

#[test]
fn every_selected_piece_is_marked_in_the_piece_list() {
    let mut h = harness(bundled("klotski.ron"), Mode::Start, [1400.0, 900.0]);
    keys(&mut h, Modifiers::NONE, Tool::Move.key());
    drag_cells(&mut h, (4, 1), (3, 2));
    assert_eq!(h.state().selected_pieces(), [t("G"), t("H")]);
    for token in ["G", "H"] {
        let row = h.get_by(|n| {
            n.role() == Role::Button
                && n.label()
                    .is_some_and(|l| l.split_whitespace().next() == Some(token))
        });
        assert_eq!(
            row.accesskit_node().toggled(),
            Some(egui::accesskit::Toggled::True),
            "{token}"
        );
    }
    h.get_by_label_contains("2 pieces selected");
}

#[test]
fn a_drag_with_draw_new_piece_makes_the_rectangle_it_spans() {
    let mut h = move_tool_harness(Puzzle::empty(4, 4));
    // One diagonal drag from the top left corner: a 2x2 piece, not the cells passed over (an
    // L once).
    keys(&mut h, Modifiers::NONE, Tool::NewPiece.key());
    drag_cells(&mut h, (0, 0), (1, 1));
    let pieces = h.state().document().puzzle().pieces();
    assert_eq!(pieces.len(), 1, "one piece");
    assert_eq!(pieces[0].cells, [(0, 0), (0, 1), (1, 0), (1, 1)]);
    // Dragged back up and left, it is the same rectangle, from the other corner: a 2x3.
    keys(&mut h, Modifiers::NONE, Tool::NewPiece.key());
    drag_cells(&mut h, (3, 3), (2, 1));
    let pieces = h.state().document().puzzle().pieces();
    assert_eq!(pieces.len(), 2, "two pieces");
    assert_eq!(
        pieces[1].cells,
        [(2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (3, 3)]
    );
    // The whole rectangle is one undo step.
    keys(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(h.state().document().puzzle().pieces().len(), 1);
}

#[test]
fn the_new_pieces_size_shows_while_it_is_dragged() {
    let mut h = move_tool_harness(Puzzle::empty(4, 4));
    keys(&mut h, Modifiers::NONE, Tool::NewPiece.key());
    let (from, to) = (cell_pos(&h, 0, 0), cell_pos(&h, 1, 2));
    h.hover_at(from);
    h.step();
    h.drag_at(from);
    h.step();
    for k in 1..=4 {
        h.hover_at(from + (to - from) * (k as f32 / 4.0));
        h.step();
    }
    // Still held: nothing drawn yet, and the rectangle's size, three columns by two rows, is
    // written over it.
    assert!(h.state().document().puzzle().pieces().is_empty());
    let texts: Vec<String> = crate::driver::letter_texts(&h)
        .into_iter()
        .map(|(_, galley)| galley.text().to_string())
        .collect();
    assert!(texts.iter().any(|t| t == "3 × 2"), "{texts:?}");
    h.drop_at(to);
    h.step();
    h.run_ok();
    let pieces = h.state().document().puzzle().pieces();
    assert_eq!(pieces.len(), 1);
    assert_eq!(pieces[0].cells.len(), 6);
}

#[test]
fn shift_keeps_painting_the_cells_a_new_piece_stroke_passes() {
    let mut h = move_tool_harness(Puzzle::empty(4, 4));
    keys(&mut h, Modifiers::NONE, Tool::NewPiece.key());
    drag_holding(&mut h, (0, 0), (0, 3), Modifiers::SHIFT);
    drag_holding(&mut h, (0, 3), (2, 3), Modifiers::SHIFT);
    let pieces = h.state().document().puzzle().pieces();
    assert_eq!(pieces.len(), 2, "each stroke a new piece");
    assert_eq!(pieces[0].cells, [(0, 0), (0, 1), (0, 2)]);
    assert_eq!(pieces[1].cells, [(0, 3), (1, 3), (2, 3)]);
}
