//! Shared helpers of the app's UI tests: a bundled puzzle, the real app in a headless
//! harness, and waiting for background work by stepping frames.

#![allow(
    dead_code,
    reason = "each test file uses a different subset of the helpers"
)]

use std::time::{Duration, Instant};

use blockslide_app::app::App;
use blockslide_app::command::Mode;
use blockslide_app::common::board::{BOARD_LABEL, cell_center};
use blockslide_core::model::{Puzzle, Token};
use blockslide_core::solve::Algorithm;
use egui::accesskit::Role;
use egui::{Event, Key, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable, by};

pub use crate::fixtures::bundled;

/// The app for a test on `puzzle` (see [`App::new_for_test`]), its pattern databases cached
/// in the tests' folder inside `target/`, never the user's.
pub fn app(puzzle: Puzzle) -> App {
    let mut app = App::new_for_test(puzzle);
    app.set_pdb_cache(Some(crate::fixtures::pdb_cache()));
    app
}

/// The app on `puzzle` in `mode`, in a headless window of `size` points, after its first
/// frames.
pub fn harness(puzzle: Puzzle, mode: Mode, size: [f32; 2]) -> Harness<'static, App> {
    let mut app = app(puzzle);
    app.set_mode(mode);
    let mut h = Harness::builder().with_size(size).build_eframe(|_| app);
    h.run_ok();
    h
}

/// The centre of cell `(r, c)` of the board shown.
pub fn cell_pos(h: &Harness<'static, App>, r: usize, c: usize) -> Pos2 {
    let p = h.state().document().puzzle();
    cell_center(h.get_by_label(BOARD_LABEL).rect(), p.rows, p.cols, r, c)
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

/// Drags with the primary button from cell `from` to cell `to` in small steps.
pub fn drag_cells(h: &mut Harness<'static, App>, from: (usize, usize), to: (usize, usize)) {
    let (from, to) = (cell_pos(h, from.0, from.1), cell_pos(h, to.0, to.1));
    drag(h, from, to);
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

/// The button labelled `label`.
pub fn button<'a>(h: &'a Harness<'_, App>, label: &'a str) -> egui_kittest::Node<'a> {
    h.get_by_role_and_label(Role::Button, label)
}

/// The button whose label starts with `start` (a menu entry, followed by its shortcut).
pub fn button_starting<'a>(h: &'a Harness<'_, App>, start: &'a str) -> egui_kittest::Node<'a> {
    h.get_by(move |n| n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with(start)))
}

/// Opens the menu `menu` and clicks its entry starting with `entry`.
pub fn menu(h: &mut Harness<'static, App>, menu: &str, entry: &str) {
    button(h, menu).click();
    h.run_ok();
    button_starting(h, entry).click();
    h.run_ok();
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

/// Steps frames until `done` holds for the app, then one more; panics after `patience`
/// (background work never has its timing asserted).
pub fn wait_for(
    h: &mut Harness<'static, App>,
    patience: Duration,
    what: &str,
    done: impl Fn(&App) -> bool,
) {
    let start = Instant::now();
    while !done(h.state()) {
        assert!(start.elapsed() < patience, "timed out waiting for {what}");
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    h.step();
}

/// Clicks the widget labelled `label` and lets the app answer.
pub fn press(h: &mut Harness<'static, App>, label: &str) {
    h.get_by_label(label).click();
    h.run_ok();
}

/// The app on `puzzle` in a window of `size`, its solver set to `algorithm`, in the Watch
/// view (nothing watched yet).
pub fn watch_view(puzzle: Puzzle, algorithm: Algorithm, size: [f32; 2]) -> Harness<'static, App> {
    let mut h = harness(puzzle, Mode::Solve, size);
    h.state_mut()
        .solve_view_mut()
        .panel_mut()
        .settings
        .algorithm = Some(algorithm);
    h.run_ok();
    button(&h, "Watch").click();
    h.run_ok();
    h
}

/// The app on `puzzle` in a window of `size`, in the Watch view: breadth-first search
/// watched alone, then A* (with `heuristic` when given) chosen to compare with, and both
/// watched from their start.
pub fn bfs_beside_astar(
    puzzle: Puzzle,
    heuristic: Option<&str>,
    size: [f32; 2],
) -> Harness<'static, App> {
    let mut h = watch_view(puzzle, Algorithm::Bfs, size);
    press(&mut h, "Watch Breadth-first");
    choose(&mut h, "Compare with", "A*");
    if let Some(heuristic) = heuristic {
        choose(&mut h, "Heuristic to compare with", heuristic);
    }
    press(&mut h, "Watch Breadth-first and A*");
    h
}

/// How long the UI tests wait for background work (solves, analyses, comparisons) before
/// they fail; never a timing goal.
pub const PATIENCE: Duration = Duration::from_mins(3);

/// Opens the Analyze window from the View menu, analyses the design, and waits for the
/// results.
pub fn analyze(h: &mut Harness<'static, App>) {
    menu(h, "View", "Analyze");
    button(h, "Analyze the design").click();
    h.run_ok();
    wait_for(h, PATIENCE, "the analysis", |app| {
        app.solve_view().analyze_view().analysis().is_some()
    });
    h.run_ok();
}

/// Picks the seeds' set of pairs in the Compare panel, runs the comparison, and waits for
/// its rows.
pub fn run_seeds_comparison(h: &mut Harness<'static, App>) {
    h.get_by_label("Classic six").click();
    h.run_ok();
    h.get_by_label("Run comparison").scroll_to_me();
    h.run_ok();
    h.get_by_label("Run comparison").click();
    h.step();
    wait_for(h, PATIENCE, "the comparison", |app| {
        !app.solve_view().compare().is_running() && !app.solve_view().compare().rows().is_empty()
    });
}

/// The cells of the piece `token` in the design's start position, in reading order.
pub fn cells_of(h: &Harness<'static, App>, token: Token) -> Vec<(usize, usize)> {
    h.state()
        .document()
        .puzzle()
        .pieces()
        .into_iter()
        .find(|p| p.token == token)
        .map(|p| p.cells)
        .unwrap_or_default()
}

/// eframe's key-value storage, in memory: a session saved and restored without a disk.
#[derive(Default)]
pub struct MemoryStorage(std::collections::HashMap<String, String>);

impl eframe::Storage for MemoryStorage {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.to_string(), value);
    }
    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn flush(&mut self) {}
}

/// Every shape of the last frame, nested ones included, in painting order.
pub fn flat_shapes(shapes: &[egui::epaint::ClippedShape]) -> Vec<egui::Shape> {
    fn add(shape: &egui::Shape, out: &mut Vec<egui::Shape>) {
        if let egui::Shape::Vec(inner) = shape {
            for s in inner {
                add(s, out);
            }
        } else {
            out.push(shape.clone());
        }
    }
    let mut out = Vec::new();
    for clipped in shapes {
        add(&clipped.shape, &mut out);
    }
    out
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

/// Opens the file `name` listed in the Open dialog, with a double click as a user does.
pub fn open_listed(h: &mut Harness<'static, App>, name: &str) {
    let at = h.get_by_label(name).rect().center();
    double_click(h, at);
}

/// The labels and rects (in the drawing's points) of the Watch view's `index`th tree's nodes,
/// the root first.
pub fn tree_nodes(h: &Harness<'static, App>, index: usize) -> Vec<(String, egui::Rect)> {
    let mut trees: Vec<Vec<(String, egui::Rect)>> = Vec::new();
    for node in h.query_all(by().label_contains("Tree node ")) {
        let label = node.accesskit_node().label().unwrap_or_default();
        if label.starts_with("Tree node 0:") {
            trees.push(Vec::new());
        }
        trees
            .last_mut()
            .expect("a root first")
            .push((label, node.rect()));
    }
    trees.swap_remove(index)
}

/// The app on a 3x3 slider in a window of `size`, the shortcuts window opened from the Help
/// menu.
pub fn shortcuts(size: [f32; 2]) -> Harness<'static, App> {
    let puzzle = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8], None).unwrap();
    let mut h = harness(puzzle, Mode::Start, size);
    h.get_by_role_and_label(Role::Button, "Help").click();
    h.run_ok();
    h.get_by_role_and_label(Role::Button, "Keyboard shortcuts")
        .click();
    h.run_ok();
    h
}
