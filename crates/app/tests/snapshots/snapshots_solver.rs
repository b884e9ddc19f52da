//! Pixel snapshots of the Solve tab: the solver panel with a result, playback part-way
//! through a solution, and the comparison table and charts.
//!
//! Results come from the real solver; only their wall-clock times are pinned, so the pictures
//! are the same on every run. Create or update the pictures with
//! `UPDATE_SNAPSHOTS=1 cargo test --features snapshots --test snapshots_solver`.

use std::sync::Arc;
use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use blockslide_app::app::App;
use blockslide_app::command::Mode;
use blockslide_app::solve::compare::{CompareRow, seed_pairs};
use blockslide_app::solve::playback::HeuristicPath;
use blockslide_core::model::{Metric, Puzzle, file, library};
use blockslide_core::solve::{
    self as api, Algorithm, Limits, SearchControl, SolveReport, SolveRequest,
};

fn klotski() -> Puzzle {
    let entry = library::bundled()
        .into_iter()
        .find(|b| b.file_name == "klotski.ron")
        .expect("Klotski is bundled");
    file::parse(entry.text).expect("bundled puzzles parse")
}

/// Solves `puzzle` and pins the time to 20 µs per expansion.
fn solve_pinned(puzzle: &Puzzle, request: &SolveRequest) -> SolveReport {
    let mut report =
        api::solve(puzzle, request, SearchControl::new(Limits::default())).expect("solves");
    report.stats.elapsed = Duration::from_micros(20 * report.stats.expanded.max(1));
    report
}

fn harness(app: App) -> Harness<'static, App> {
    harness_sized(app, [1400.0, 860.0])
}

fn harness_sized(app: App, size: [f32; 2]) -> Harness<'static, App> {
    let mut h = Harness::builder()
        .with_size(size)
        .wgpu()
        .build_eframe(|_| app);
    h.run_ok();
    h
}

/// The app on Klotski's Solve tab, showing an A* solve in the move metric.
fn klotski_harness() -> Harness<'static, App> {
    let puzzle = klotski();
    let request = SolveRequest {
        algorithm: Algorithm::Astar,
        metric: Some(Metric::Move),
        ..SolveRequest::default()
    };
    let report = solve_pinned(&puzzle, &request);
    let heuristic = report.heuristic.clone();
    let values = api::heuristic_along(&puzzle, &request, &report.moves).expect("h along the path");
    let mut app = App::new_for_test(puzzle.clone());
    app.set_mode(Mode::Solve);
    // The panel shows the choice that made the result (left automatic, Klotski would run
    // breadth-first search).
    app.solve_view_mut().panel_mut().settings.algorithm = Some(Algorithm::Astar);
    let mut h = harness(app);
    let ctx = h.ctx.clone();
    h.state_mut().solve_view_mut().show_run(
        &puzzle,
        Arc::new(report),
        Some(HeuristicPath { heuristic, values }),
        &ctx,
    );
    h.run_ok();
    h
}

#[test]
fn solver_panel_with_a_result() {
    let mut h = klotski_harness();
    h.snapshot("solver_panel");
}

#[test]
fn playback_part_way_through_klotski() {
    let mut h = klotski_harness();
    // Jump to the end, then step back with the keyboard to move 40.
    h.key_press(egui::Key::End);
    h.run_ok();
    for _ in 0..41 {
        h.key_press(egui::Key::ArrowLeft);
        h.run_ok();
    }
    assert_eq!(h.state().solve_view().playback().unwrap().index(), 40);
    h.snapshot("solver_playback");
}

/// The Compare view with every seed pair's row on the 2x3 slider, in a window of `size`.
fn compared(size: [f32; 2]) -> Harness<'static, App> {
    let puzzle = Puzzle::tiles(2, 3, &[5, 4, 2, 1, 3, 0], None).unwrap();
    let rows: Vec<CompareRow> = seed_pairs()
        .into_iter()
        .map(|pair| {
            let request = SolveRequest {
                algorithm: pair.algorithm,
                heuristic: pair.heuristic.clone(),
                metric: Some(Metric::Step),
                ..SolveRequest::default()
            };
            CompareRow {
                result: Ok(Arc::new(solve_pinned(&puzzle, &request))),
                pair,
            }
        })
        .collect();
    let mut app = App::new_for_test(puzzle.clone());
    app.set_mode(Mode::Solve);
    let mut h = harness_sized(app, size);
    let ctx = h.ctx.clone();
    h.state_mut()
        .solve_view_mut()
        .show_comparison(&puzzle, rows, &ctx);
    h.run_ok();
    h
}

#[test]
fn comparison_table_and_charts() {
    compared([1400.0, 860.0]).snapshot("solver_compare");
}

#[test]
fn comparison_at_800x600() {
    compared([800.0, 600.0]).snapshot("solver_compare_800x600");
}

#[test]
fn comparison_at_1400x900() {
    compared([1400.0, 900.0]).snapshot("solver_compare_1400x900");
}

#[test]
fn playback_of_a_short_solution_has_numbered_axes() {
    let puzzle = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 0, 7, 8], None).unwrap();
    // Manhattan rather than the default pattern databases, whose note says whether their
    // table was built or loaded from the cache, and how fast: a picture must not depend on
    // what an earlier test left in the cache.
    let request = SolveRequest {
        algorithm: Algorithm::Astar,
        heuristic: Some("manhattan".into()),
        metric: Some(Metric::Step),
        ..SolveRequest::default()
    };
    let report = solve_pinned(&puzzle, &request);
    let heuristic = report.heuristic.clone();
    let values = api::heuristic_along(&puzzle, &request, &report.moves).expect("h along the path");
    let mut app = App::new_for_test(puzzle.clone());
    app.set_mode(Mode::Solve);
    // The panel shows the choices that made the result.
    let settings = &mut app.solve_view_mut().panel_mut().settings;
    settings.algorithm = Some(Algorithm::Astar);
    settings.heuristic = request.heuristic.clone();
    let mut h = harness(app);
    let ctx = h.ctx.clone();
    h.state_mut().solve_view_mut().show_run(
        &puzzle,
        Arc::new(report),
        Some(HeuristicPath { heuristic, values }),
        &ctx,
    );
    h.run_ok();
    h.snapshot("solver_playback_short");
}

/// A* with the Manhattan distance watched six steps on the 2x3 slider, with boards in its
/// tree, in a window of `size`.
fn watching(size: [f32; 2]) -> Harness<'static, App> {
    let puzzle = Puzzle::tiles(2, 3, &[5, 4, 2, 1, 3, 0], None).unwrap();
    let mut app = App::new_for_test(puzzle);
    app.set_mode(Mode::Solve);
    {
        let settings = &mut app.solve_view_mut().panel_mut().settings;
        settings.algorithm = Some(Algorithm::Astar);
        settings.heuristic = Some("manhattan".into());
    }
    let mut h = harness_sized(app, size);
    h.get_by_role_and_label(egui::accesskit::Role::Button, "Watch")
        .click();
    h.run_ok();
    h.get_by_label("Watch A*").click();
    h.run_ok();
    h.get_by_label("Boards in the tree").click();
    h.run_ok();
    for _ in 0..6 {
        h.get_by_label("Step ›").click();
        h.run_ok();
    }
    h
}

#[test]
fn watching_astar_grow_its_tree_on_the_2x3() {
    watching([1400.0, 860.0]).snapshot("solver_watch");
}

#[test]
fn watching_at_800x600() {
    watching([800.0, 600.0]).snapshot("solver_watch_800x600");
}

#[test]
fn watching_at_1400x900() {
    watching([1400.0, 900.0]).snapshot("solver_watch_1400x900");
}
