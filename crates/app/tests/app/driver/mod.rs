//! The driver of the app's UI tests: the real app in a headless `egui_kittest` harness, and
//! what a user does to it (clicks, drags, keys, menus, combo boxes, typed paths), what the
//! tests read back from a frame (texts, shapes, tree nodes), and waiting for background work
//! by stepping frames. Every test file drives the app through these helpers.

use std::path::Path;
use std::time::{Duration, Instant};

use blockslide_app::app::App;
use blockslide_app::command::{Command, Mode};
use blockslide_core::model::Puzzle;
use blockslide_core::solve::Algorithm;
use blockslide_core::solve::api::AnalyzeReport;
use egui::Key;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

mod input;
mod puzzles;
mod read;

pub use blockslide_testkit::bundled;
pub use input::{
    arrow, board_cell, board_point, button, button_starting, cell_pos, choose, click_at,
    click_cell, click_cell_with, click_highest, double_click, drag, drag_cells, keys, menu,
    menu_path, open_listed, press, press_button, save_as, select_piece, stroke, type_path,
};
pub use puzzles::{empty_board, goal_on_a_wall, hard_fifteen, puzzles_folder, t};
pub use read::{
    assert_all_inside, assert_clear, cells_of, flat_shapes, game, letter_texts, path_field,
    right_panel_edge, shape_of, strokes, text_of, tree_node_rects, tree_nodes, walls,
};

/// How long the UI tests wait for background work (solves, analyses, comparisons) before
/// they fail; never a timing goal.
pub const PATIENCE: Duration = Duration::from_mins(3);

/// The two window sizes the layout checks use: the smallest the app is meant to work in, and
/// a large one.
pub const SIZES: [[f32; 2]; 2] = [[800.0, 600.0], [1400.0, 900.0]];

/// The app for a test on `puzzle` (see [`App::new_for_test`]), its pattern databases cached
/// in the tests' folder inside `target/`, never the user's.
pub fn test_app(puzzle: Puzzle) -> App {
    let mut app = App::new_for_test(puzzle);
    app.set_pdb_cache(Some(blockslide_testkit::pdb_cache()));
    app
}

/// The app on `puzzle` in `mode`, in a headless window of `size` points, after its first
/// frames.
pub fn harness(puzzle: Puzzle, mode: Mode, size: [f32; 2]) -> Harness<'static, App> {
    let mut app = test_app(puzzle);
    app.set_mode(mode);
    let mut h = Harness::builder().with_size(size).build_eframe(|_| app);
    h.run_ok();
    h
}

/// The app on `puzzle` in `mode`, with `folder` as the user's puzzles folder.
pub fn harness_in(
    puzzle: Puzzle,
    mode: Mode,
    folder: &Path,
    size: [f32; 2],
) -> Harness<'static, App> {
    let mut app = test_app(puzzle);
    app.set_library_folder(Some(folder.to_path_buf()));
    app.set_mode(mode);
    let mut h = Harness::builder().with_size(size).build_eframe(|_| app);
    h.run_ok();
    h
}

/// The app on `puzzle` in the Start tab of a 1280x800 window, before its first frame, with at
/// most 16 frames to settle after each input (the editor's tests call `run`, which fails past
/// them).
pub fn fresh_harness(puzzle: Puzzle) -> Harness<'static, App> {
    Harness::builder()
        .with_size([1280.0, 800.0])
        .with_max_steps(16)
        .build_eframe(move |_| test_app(puzzle))
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

/// Waits for the design panel's figures of the design as it is now, without pressing
/// anything; returns the design and its figures.
pub fn panel_figures(h: &mut Harness<'static, App>) -> (Puzzle, AnalyzeReport) {
    wait_for(h, PATIENCE, "the design's figures", |app| {
        app.design_panel()
            .report_of(app.document().solvable_revision())
            .is_some()
    });
    h.run_ok();
    let app = h.state();
    let shown = app
        .design_panel()
        .report_of(app.document().solvable_revision())
        .cloned()
        .expect("the figures came");
    (app.document().puzzle().clone(), shown)
}

/// Steps frames until a node labelled `label` shows, as a tooltip does once the pointer has
/// rested on its widget (in real time: a few frames, more on a busy machine); panics after
/// ten seconds.
pub fn wait_for_label(h: &mut Harness<'static, App>, label: &str) {
    let start = Instant::now();
    while h.query_by_label(label).is_none() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "no {label:?} shown"
        );
        h.step();
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Steps frames until `done` holds for the app, panicking after [`PATIENCE`], then runs
/// frames until the app has nothing left to draw.
pub fn wait_and_run(h: &mut Harness<'static, App>, what: &str, done: impl Fn(&App) -> bool) {
    wait_for(h, PATIENCE, what, done);
    h.run_ok();
}

/// Carries out `command` as the app does after its panels have drawn, then draws.
pub fn apply(h: &mut Harness<'static, App>, command: Command) {
    let ctx = h.ctx.clone();
    h.state_mut().apply(command, &ctx);
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

/// Runs the seeds' comparison on the bundled 2x3 puzzle in a window of `size` and shows its
/// results.
pub fn compared_2x3(size: [f32; 2]) -> Harness<'static, App> {
    let mut h = harness(bundled("two-by-three.ron"), Mode::Solve, size);
    run_seeds_comparison(&mut h);
    button(&h, "Compare").click();
    h.run_ok();
    h
}

/// The app on `puzzle` in the Solve tab after F5 (solve and play) and the heuristic plot.
pub fn solved(puzzle: Puzzle, size: [f32; 2]) -> Harness<'static, App> {
    let mut h = harness(puzzle, Mode::Start, size);
    h.key_press(Key::F5);
    h.run_ok();
    wait_for(&mut h, PATIENCE, "the solve and its plot", |app| {
        app.solve_view()
            .playback()
            .is_some_and(|p| p.h_path().is_some() && p.truth().is_some())
    });
    h.run_ok();
    h
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
