//! The seventh new user's defects, in a real window's sizes: the Rush Hour playback board
//! kept large at 800x600 (the heuristic plot folds away there and the export buttons go in
//! rows).

use blockslide_app::command::Mode;
use blockslide_app::common::board::BOARD_LABEL;
use blockslide_app::solve::playback::ui::H_PLOT_LABEL;
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;

use crate::gui_support::{self, PATIENCE, bundled, button};

#[test]
fn the_rush_hour_playback_board_keeps_most_of_a_small_window_and_the_plot_unfolds() {
    let mut h = gui_support::harness(
        bundled("rush-hour-warm-up.ron"),
        Mode::Solve,
        [800.0, 600.0],
    );
    button(&h, "Solve the puzzle").click();
    h.step();
    gui_support::wait_for(&mut h, PATIENCE, "the solve", |app| {
        app.solve_view()
            .playback()
            .is_some_and(|p| p.h_path().is_some())
    });
    h.run_ok();
    let board = h.get_by_label(BOARD_LABEL).rect();
    assert!(
        board.height() >= 200.0,
        "the 6x6 board is only {board:?} in a window 600 points high"
    );
    // Every export button is in view at once, under the board.
    for label in [
        "Copy moves as text",
        "Copy as JSON",
        "Save moves as text…",
        "Save as JSON…",
        "Save animation…",
    ] {
        let r = h.get_by_role_and_label(Role::Button, label).rect();
        assert!(
            r.min.y >= board.max.y && r.max.y <= 600.0,
            "{label:?} at {r:?}, the board at {board:?}"
        );
    }
    assert!(
        h.query_by_label(H_PLOT_LABEL).is_none(),
        "the plot is folded"
    );
    h.get_by_label_contains("along the solution").click();
    h.run_ok();
    assert!(h.query_by_label(H_PLOT_LABEL).is_some(), "the plot unfolds");
}

#[test]
fn a_tall_playback_shows_the_plot_beside_the_export_buttons() {
    let mut h = gui_support::harness(
        bundled("rush-hour-warm-up.ron"),
        Mode::Solve,
        [1400.0, 900.0],
    );
    button(&h, "Solve the puzzle").click();
    h.step();
    gui_support::wait_for(&mut h, PATIENCE, "the plot", |app| {
        app.solve_view()
            .playback()
            .is_some_and(|p| p.h_path().is_some())
    });
    h.run_ok();
    let plot = h.get_by_label(H_PLOT_LABEL).rect();
    let save = h
        .get_by_role_and_label(Role::Button, "Save animation…")
        .rect();
    assert!(save.min.x >= plot.max.x, "{save:?} beside {plot:?}");
}

#[test]
fn the_analyze_window_moved_by_its_title_goes_off_the_board_when_the_app_grows() {
    let mut h = gui_support::harness(bundled("klotski.ron"), Mode::Start, [800.0, 600.0]);
    gui_support::analyze(&mut h);
    // The user nudges the window by its title bar, as one does with a mouse.
    let title = h.get_by_role_and_label(Role::Window, "Analyze").rect();
    let grip = egui::pos2(title.center().x, title.min.y + 10.0);
    gui_support::drag(&mut h, grip, grip + egui::vec2(-6.0, 4.0));
    // A real window draws a frame or two on a resize, not the many a test harness runs.
    h.set_size(egui::vec2(1400.0, 900.0));
    h.step();
    h.step();
    let window = h.get_by_role_and_label(Role::Window, "Analyze").rect();
    let board = h.get_by_label(BOARD_LABEL).rect();
    // Over the right-hand panel again, at the window's right edge, where it first opened.
    assert!(
        window.min.x >= board.max.x && window.max.x > 1300.0,
        "{window:?} not over the panel right of the board {board:?}"
    );
}

/// Runs the seeds' comparison on the bundled 2x3 puzzle in a window of `size` and shows its
/// results.
fn compared_2x3(size: [f32; 2]) -> egui_kittest::Harness<'static, blockslide_app::app::App> {
    let mut h = gui_support::harness(bundled("two-by-three.ron"), Mode::Solve, size);
    gui_support::run_seeds_comparison(&mut h);
    button(&h, "Compare").click();
    h.run_ok();
    h
}

#[test]
fn the_comparison_charts_and_their_bar_names_are_in_view_without_scrolling_at_800x600() {
    let h = compared_2x3([800.0, 600.0]);
    let bottom = h.get_by_label("not saved yet").rect().min.y;
    for name in ["BFS", "DFS", "UCS", "Greedy", "A*", "IDA*"] {
        for r in h
            .query_all(egui_kittest::kittest::by().role(Role::Label).label(name))
            .map(|n| n.rect())
        {
            assert!(
                r.max.y <= bottom,
                "{name} at {r:?}, below the view's end at {bottom}"
            );
        }
    }
}
