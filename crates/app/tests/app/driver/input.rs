//! What a user does to the app: clicks and drags on the board's cells, buttons, menus, combo
//! boxes, keys and typed paths, each followed by the frames the app needs to answer.

use std::path::Path;

use blockslide_app::app::App;
use blockslide_app::app::dialogs::PATH_FIELD_LABEL;
use blockslide_app::common::board::{BOARD_LABEL, cell_center};
use blockslide_core::model::Dir;
use egui::accesskit::Role;
use egui::{Event, Key, Modifiers, PointerButton, Pos2, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

/// The centre of cell `(r, c)` of the board shown.
pub fn cell_pos(h: &Harness<'static, App>, r: usize, c: usize) -> Pos2 {
    let p = h.state().document().puzzle();
    cell_center(h.get_by_label(BOARD_LABEL).rect(), p.rows, p.cols, r, c)
}

/// The centre of cell `(r, c)` of a `rows` x `cols` board shown.
pub fn board_cell(h: &Harness<'static, App>, rows: usize, cols: usize, r: usize, c: usize) -> Pos2 {
    let rect = h.get_by_label(BOARD_LABEL).rect();
    cell_center(rect, rows, cols, r, c)
}

/// The point at `(x, y)` in cells (fractions allowed) from the board's top-left corner.
pub fn board_point(h: &Harness<'static, App>, x: f32, y: f32) -> Pos2 {
    let p = h.state().document().puzzle();
    let rect = h.get_by_label(BOARD_LABEL).rect();
    let size = vec2(rect.width() / p.cols as f32, rect.height() / p.rows as f32);
    rect.min + vec2(x * size.x, y * size.y)
}

/// Presses the primary button at `at` and releases it there, as a mouse click does.
pub fn click_at(h: &mut Harness<'static, App>, at: Pos2) {
    h.hover_at(at);
    h.step();
    h.drag_at(at);
    h.step();
    h.drop_at(at);
    h.step();
    h.run_ok();
}

/// Presses and releases the primary button over cell `(r, c)` of the board shown.
pub fn click_cell(h: &mut Harness<'static, App>, r: usize, c: usize) {
    let at = cell_pos(h, r, c);
    click_at(h, at);
}

/// Presses and releases `button` over cell `(r, c)` of the board holding `modifiers`, as
/// separate events (a right click erases, Shift adds to a selection).
pub fn click_cell_with(
    h: &mut Harness<'_, App>,
    (r, c): (usize, usize),
    button: PointerButton,
    modifiers: Modifiers,
) {
    let p = h.state().document().puzzle();
    let (rows, cols) = (p.rows, p.cols);
    let pos = cell_center(h.get_by_label(BOARD_LABEL).rect(), rows, cols, r, c);
    h.hover_at(pos);
    h.run();
    for pressed in [true, false] {
        h.event(Event::PointerButton {
            pos,
            button,
            pressed,
            modifiers,
        });
        h.run();
    }
}

/// Drags with the primary button from `from` to `to` in small steps.
pub fn drag(h: &mut Harness<'static, App>, from: Pos2, to: Pos2) {
    h.hover_at(from);
    h.step();
    h.drag_at(from);
    h.step();
    for k in 1..=6 {
        h.hover_at(from + (to - from) * (k as f32 / 6.0));
        h.step();
    }
    h.drop_at(to);
    h.step();
    h.run_ok();
}

/// Drags with the primary button from cell `from` to cell `to` in small steps.
pub fn drag_cells(h: &mut Harness<'static, App>, from: (usize, usize), to: (usize, usize)) {
    let (from, to) = (cell_pos(h, from.0, from.1), cell_pos(h, to.0, to.1));
    drag(h, from, to);
}

/// A stroke with each of the pointer's samples `(x, y)` (in cells) on a frame of its own.
pub fn stroke(h: &mut Harness<'static, App>, samples: &[(f32, f32)]) {
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

/// Two clicks at `pos` in one frame, as egui sees a double click (the harness's frames are a
/// quarter second apart, longer than egui's double-click time).
pub fn double_click(h: &mut Harness<'_, App>, pos: egui::Pos2) {
    h.hover_at(pos);
    h.step();
    for _ in 0..2 {
        for pressed in [true, false] {
            h.input_mut().events.push(Event::PointerButton {
                pos,
                button: PointerButton::Primary,
                pressed,
                modifiers: Modifiers::NONE,
            });
        }
    }
    h.step();
    h.run();
}

/// The button labelled `label`.
pub fn button<'a>(h: &'a Harness<'_, App>, label: &'a str) -> egui_kittest::Node<'a> {
    h.get_by_role_and_label(Role::Button, label)
}

/// The button whose label starts with `start` (a menu entry, followed by its shortcut).
pub fn button_starting<'a>(h: &'a Harness<'_, App>, start: &'a str) -> egui_kittest::Node<'a> {
    h.get_by(move |n| n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with(start)))
}

/// Clicks the widget labelled `label` and lets the app answer.
pub fn press(h: &mut Harness<'static, App>, label: &str) {
    h.get_by_label(label).click();
    h.run_ok();
}

/// Clicks the button labelled `label`, scrolling it into view first.
pub fn press_button(h: &mut Harness<'static, App>, label: &str) {
    h.get_by_role_and_label(Role::Button, label).scroll_to_me();
    h.run_ok();
    h.get_by_role_and_label(Role::Button, label).click();
    h.run_ok();
}

/// Clicks the button `label`, the one drawn highest if there are several (the Play tab and
/// the playback's Play button).
pub fn click_highest(h: &mut Harness<'static, App>, label: &str) {
    h.query_all_by_role_and_label(Role::Button, label)
        .min_by(|a, b| a.rect().top().total_cmp(&b.rect().top()))
        .unwrap_or_else(|| panic!("no button {label}"))
        .click();
    h.run_ok();
}

/// Opens the menu `menu` and clicks its entry starting with `entry`.
pub fn menu(h: &mut Harness<'static, App>, menu: &str, entry: &str) {
    button(h, menu).click();
    h.run_ok();
    button_starting(h, entry).click();
    h.run_ok();
}

/// Opens the menu `name`, then clicks the entries `path` in turn (submenus, then an entry),
/// each found by how its label starts (entries also show their shortcut).
pub fn menu_path(h: &mut Harness<'static, App>, name: &str, path: &[&str]) {
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

/// Opens the combo box labelled `combo` and clicks its entry `entry`.
pub fn choose(h: &mut Harness<'static, App>, combo: &str, entry: &str) {
    h.get_by_role_and_label(Role::ComboBox, combo).click();
    h.run_ok();
    button(h, entry).click();
    h.run_ok();
}

/// Presses `key` with `modifiers`, and lets the app answer.
pub fn keys(h: &mut Harness<'static, App>, modifiers: Modifiers, key: Key) {
    h.key_press_modifiers(modifiers, key);
    h.run_ok();
}

/// The arrow key that moves a piece (or, in a tile puzzle, the tile by the gap) towards
/// `dir`.
pub fn arrow(dir: Dir) -> Key {
    match dir {
        Dir::Up => Key::ArrowUp,
        Dir::Down => Key::ArrowDown,
        Dir::Left => Key::ArrowLeft,
        Dir::Right => Key::ArrowRight,
    }
}

/// Selects the piece `token` in the palette (its button reads the token, or the token and
/// the piece's name).
pub fn select_piece(h: &mut Harness<'static, App>, token: &str) {
    let named = format!("{token}  ");
    h.get_by(move |n| {
        n.role() == Role::Button
            && n.label()
                .is_some_and(|l| l == token || l.starts_with(&named))
    })
    .click();
    h.run_ok();
}

/// Replaces the typed path dialog's text with `path` and clicks `action`.
pub fn type_path(h: &mut Harness<'static, App>, path: &Path, action: &str) {
    h.get_by_label(PATH_FIELD_LABEL).click();
    h.run_ok();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label(PATH_FIELD_LABEL)
        .type_text(&path.display().to_string());
    h.run_ok();
    button(h, action).click();
    h.run_ok();
}

/// Saves the design to `path` with File > Save As… and the typed path.
pub fn save_as(h: &mut Harness<'static, App>, path: &Path) {
    keys(h, Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    type_path(h, path, "Save");
    assert!(path.exists(), "saved to {}", path.display());
}

/// Opens the file `name` listed in the Open dialog, with a double click as a user does.
pub fn open_listed(h: &mut Harness<'static, App>, name: &str) {
    let at = h.get_by_label(name).rect().center();
    double_click(h, at);
}
