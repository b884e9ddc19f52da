//! The editor driven as a user would, headless (`egui_kittest`, no rendering): painting a
//! piece, undo/redo, resizing, painting a goal, saving and opening files, a malformed file,
//! the unsaved-changes guard, the library, the session kept across relaunches, and the mode
//! tabs.
use crate::gui_support;
use crate::gui_support::{button, button_starting};
use gui_support::bundled;

use std::path::Path;

use blockslide_app::app::App;
use blockslide_app::command::Mode;
use blockslide_app::common::board::{BOARD_LABEL, cell_center};
use blockslide_core::model::file::load;
use blockslide_core::model::{Cell, Puzzle, Token};
use egui::accesskit::Role;
use egui::{Event, Modifiers, PointerButton};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

fn harness(puzzle: Puzzle) -> Harness<'static, App> {
    Harness::builder()
        .with_size([1280.0, 800.0])
        .with_max_steps(16)
        .build_eframe(move |_| gui_support::app(puzzle))
}

fn t(s: &str) -> Token {
    Token::new(s).unwrap()
}

/// Presses and releases `button` over cell `(r, c)` of the board.
fn click_cell_with(h: &mut Harness<'_, App>, r: usize, c: usize, button: PointerButton) {
    let p = h.state().document().puzzle();
    let (rows, cols) = (p.rows, p.cols);
    let rect = h.get_by_label(BOARD_LABEL).rect();
    let pos = cell_center(rect, rows, cols, r, c);
    h.hover_at(pos);
    h.run();
    for pressed in [true, false] {
        h.event(Event::PointerButton {
            pos,
            button,
            pressed,
            modifiers: Modifiers::NONE,
        });
        h.run();
    }
}

fn click_cell(h: &mut Harness<'_, App>, r: usize, c: usize) {
    click_cell_with(h, r, c, PointerButton::Primary);
}

/// Drags with the primary button through the given cells.
fn drag_cells(h: &mut Harness<'_, App>, cells: &[(usize, usize)]) {
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

fn menu(h: &mut Harness<'_, App>, menu: &str, item: &str) {
    button(h, menu).click();
    h.run();
    button_starting(h, item).click();
    h.run();
}

/// Selects a piece in the palette.
fn select_piece(h: &mut Harness<'_, App>, token: &str) {
    let exact = token.to_string();
    let named = format!("{token}  ");
    h.get_by(move |n| {
        n.role() == Role::Button
            && n.label()
                .is_some_and(|l| l == exact || l.starts_with(&named))
    })
    .click();
    h.run();
}

fn type_path(h: &mut Harness<'_, App>, path: &Path, action: &str) {
    let field = h.get_by_label("File path:");
    field.click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::A);
    h.get_by_label("File path:")
        .type_text(&path.display().to_string());
    h.run();
    button(h, action).click();
    h.run();
}

fn shape_of(p: &Puzzle, token: Token) -> Vec<(usize, usize)> {
    p.pieces()
        .into_iter()
        .find(|x| x.token == token)
        .map(|x| x.cells)
        .unwrap_or_default()
}

#[test]
fn paint_a_new_2x2_piece_by_clicking_four_cells_then_undo_and_redo() {
    let mut h = harness(Puzzle::empty(4, 5));
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
    let mut h = harness(Puzzle::empty(3, 3));
    h.run();
    button(&h, "Draw new piece  (N)").click();
    h.run();
    drag_cells(&mut h, &[(0, 0), (0, 1), (0, 2)]);
    drag_cells(&mut h, &[(2, 0), (2, 1)]);
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
    let mut h = harness(bundled("klotski.ron"));
    h.run();
    click_cell_with(&mut h, 4, 0, PointerButton::Secondary);
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
    drag_cells(&mut h, &[(4, 3), (4, 2)]);
    assert_eq!(
        h.state().document().puzzle().cell(4, 2),
        Cell::Piece(t("J"))
    );
    assert_eq!(h.state().document().puzzle().cell(4, 3), Cell::Empty);
}

#[test]
fn resizing_keeps_what_still_fits() {
    let mut h = harness(bundled("klotski.ron"));
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
fn rename_and_delete_a_piece() {
    let mut h = harness(bundled("klotski.ron"));
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
fn paint_a_goal_in_the_goal_tab() {
    let mut h = harness(bundled("klotski.ron"));
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
    click_cell_with(&mut h, 1, 1, PointerButton::Secondary);
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
fn save_to_a_typed_path_and_open_it_back() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("my-klotski.ron");
    let mut h = harness(bundled("klotski.ron"));
    h.run();
    click_cell_with(&mut h, 4, 0, PointerButton::Secondary);
    let designed = h.state().document().puzzle().clone();
    assert!(h.state().document().is_modified());

    menu(&mut h, "File", "Save As");
    type_path(&mut h, &path, "Save");
    assert_eq!(load(&path).unwrap(), designed);
    assert!(!h.state().document().is_modified());
    assert_eq!(h.state().document().path(), Some(path.as_path()));

    // Change the design, then open the saved file: the guard asks first.
    click_cell_with(&mut h, 4, 3, PointerButton::Secondary);
    menu(&mut h, "File", "Open…");
    button(&h, "Discard changes").click();
    h.run();
    type_path(&mut h, &path, "Open");
    assert_eq!(*h.state().document().puzzle(), designed);
    assert!(!h.state().document().is_modified());
}

#[test]
fn a_malformed_file_shows_its_error_and_keeps_the_design() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("broken.ron");
    std::fs::write(&path, "(\n  version: 1,\n  board: [\"A A\", \"A\"],\n").unwrap();
    let mut h = harness(bundled("klotski.ron"));
    h.run();
    let before = h.state().document().puzzle().clone();
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::O);
    h.run();
    type_path(&mut h, &path, "Open");
    let (title, message) = h.state().error_message().expect("an error dialog");
    assert!(title.contains("Could not open"), "{title}");
    assert!(
        message.contains("line"),
        "the message gives the line: {message}"
    );
    h.get_by_label_contains("unchanged");
    assert_eq!(*h.state().document().puzzle(), before);
    button(&h, "OK").click();
    h.run();
    assert!(h.state().error_message().is_none());
}

#[test]
fn the_unsaved_changes_guard_protects_new() {
    let mut h = harness(bundled("klotski.ron"));
    h.run();
    click_cell_with(&mut h, 0, 0, PointerButton::Secondary);
    let edited = h.state().document().puzzle().clone();
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::N);
    h.run();
    button(&h, "Create").click();
    h.run();
    h.get_by_label("Unsaved changes");
    button(&h, "Cancel").click();
    h.run();
    assert_eq!(*h.state().document().puzzle(), edited);
    // Again, and this time discard: a new empty board.
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::N);
    h.run();
    button(&h, "Create").click();
    h.run();
    button(&h, "Discard changes").click();
    h.run();
    let p = h.state().document().puzzle();
    assert!(p.pieces().is_empty());
    assert_eq!((p.rows, p.cols), (4, 4));
}

#[test]
fn tabs_switch_between_start_and_goal() {
    let mut h = harness(bundled("klotski.ron"));
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
fn a_tile_template_is_a_solvable_tile_puzzle() {
    let mut h = harness(Puzzle::empty(2, 2));
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
    let mut h = harness(Puzzle::empty(5, 4));
    h.run();
    h.key_press(egui::Key::N);
    h.run();
    let pieces: [&[(usize, usize)]; 10] = [
        &[(0, 0), (1, 0)],
        &[(0, 1), (0, 2), (1, 2), (1, 1)],
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
        drag_cells(&mut h, cells);
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
    drag_cells(&mut h, &[(3, 1), (3, 2), (4, 2), (4, 1)]);
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

#[test]
fn the_design_survives_quit_and_relaunch() {
    let mut h = harness(bundled("klotski.ron"));
    h.run();
    click_cell_with(&mut h, 4, 0, PointerButton::Secondary);
    button(&h, "Goal").click();
    h.run();
    let designed = h.state().document().puzzle().clone();
    let mut storage = gui_support::MemoryStorage::default();
    h.state().save_session(&mut storage);
    drop(h);

    let mut relaunched = gui_support::app(Puzzle::empty(1, 1));
    relaunched.restore_session(&storage);
    assert_eq!(*relaunched.document().puzzle(), designed);
    assert!(relaunched.document().is_modified(), "never saved to a file");
    assert_eq!(relaunched.mode(), Mode::Goal);
}

#[test]
fn the_library_lists_bundled_and_own_puzzles_and_opens_them() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("puzzles");
    let mut app = gui_support::app(Puzzle::empty(3, 3));
    app.set_library_folder(Some(folder.clone()));
    let mut h = Harness::builder()
        .with_size([1280.0, 800.0])
        .with_max_steps(16)
        .with_step_dt(0.05)
        .build_eframe(move |_| app);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::L);
    h.run();
    // Double-click a bundled classic: it opens.
    let at = h
        .get_by_role_and_label(Role::Button, "Klotski (Huarong Dao)")
        .rect()
        .center();
    gui_support::double_click(&mut h, at);
    assert_eq!(*h.state().document().puzzle(), bundled("klotski.ron"));
    assert!(
        !h.state().library_open(),
        "the library gives way to the board"
    );

    // Save the design into the personal folder, then open it from there.
    click_cell_with(&mut h, 4, 0, PointerButton::Secondary);
    let edited = h.state().document().puzzle().clone();
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::L);
    h.run();
    h.get_by_label("Save the design here as").scroll_to_me();
    h.run();
    h.get_by_label("Save the design here as").click();
    h.run();
    h.get_by_label("Save the design here as")
        .type_text("my klotski");
    h.run();
    h.get_all_by_role_and_label(Role::Button, "Save")
        .last()
        .unwrap()
        .click();
    h.run();
    let saved = folder.join("my-klotski.ron");
    assert_eq!(load(&saved).unwrap(), edited);
    assert_eq!(h.state().document().path(), Some(saved.as_path()));
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::N);
    h.run();
    button(&h, "Create").click();
    h.run();
    assert!(h.state().document().puzzle().pieces().is_empty());
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::L);
    h.run();
    h.get_all_by_role_and_label(Role::Button, "Klotski (Huarong Dao)")
        .last()
        .unwrap()
        .scroll_to_me();
    h.run();
    let at = h
        .get_all_by_role_and_label(Role::Button, "Klotski (Huarong Dao)")
        .last()
        .unwrap()
        .rect()
        .center();
    gui_support::double_click(&mut h, at);
    assert_eq!(*h.state().document().puzzle(), edited);
}

#[test]
fn arrow_keys_move_the_selected_piece_and_recent_files_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("moved.ron");
    let mut h = harness(bundled("klotski.ron"));
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
