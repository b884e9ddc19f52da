//! Pixel snapshots of every tab in the smallest window the app is meant to work in (800x600)
//! and in a large one (1400x900): Start, Goal, Solve with a solution part-way played back,
//! and Play. Nothing may be clipped or drawn over the board at either size (issue 25).
//!
//! Create or update the pictures with `UPDATE_SNAPSHOTS=1 cargo test -p blockslide-app
//! --features snapshots --test snapshots layout`.

use std::sync::Arc;
use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use blockslide_app::app::App;
use blockslide_app::command::Mode;
use blockslide_app::solve::playback::HeuristicPath;
use blockslide_core::model::{Metric, Puzzle, file, library};
use blockslide_core::solve::{self as api, Algorithm, Limits, SearchControl, SolveRequest};

const SMALL: [f32; 2] = [800.0, 600.0];
const LARGE: [f32; 2] = [1400.0, 900.0];

fn bundled(name: &str) -> Puzzle {
    let entry = library::find(name).expect("bundled");
    file::parse(entry.text).expect("bundled puzzles parse")
}

/// The app on Klotski in `mode`, in a window of `size`, after its first frames.
fn harness(mode: Mode, size: [f32; 2]) -> Harness<'static, App> {
    harness_on(bundled("klotski.ron"), mode, size)
}

/// The app on `puzzle` in `mode`, in a window of `size`, after its first frames.
fn harness_on(puzzle: Puzzle, mode: Mode, size: [f32; 2]) -> Harness<'static, App> {
    let mut app = App::new_for_test(puzzle);
    app.set_mode(mode);
    let mut h = Harness::builder()
        .with_size(size)
        .wgpu()
        .build_eframe(|_| app);
    h.run_ok();
    h
}

/// The Solve tab on Klotski with an A* solution shown at its 40th move, its time pinned so
/// the picture is the same on every run.
fn solved(size: [f32; 2]) -> Harness<'static, App> {
    solved_on(&bundled("klotski.ron"), Metric::Move, 40, size)
}

/// The Solve tab on `puzzle` with an A* solution in `metric` shown at its move `at`, its
/// time pinned so the picture is the same on every run.
fn solved_on(puzzle: &Puzzle, metric: Metric, at: usize, size: [f32; 2]) -> Harness<'static, App> {
    let request = SolveRequest {
        algorithm: Algorithm::Astar,
        metric: Some(metric),
        ..SolveRequest::default()
    };
    let mut report =
        api::solve(puzzle, &request, SearchControl::new(Limits::default())).expect("solves");
    report.stats.elapsed = Duration::from_micros(20 * report.stats.expanded.max(1));
    let heuristic = report.heuristic.clone();
    let values = api::heuristic_along(puzzle, &request, &report.moves).expect("h along the path");
    let mut h = harness_on(puzzle.clone(), Mode::Solve, size);
    h.state_mut()
        .solve_view_mut()
        .panel_mut()
        .settings
        .algorithm = Some(Algorithm::Astar);
    let ctx = h.ctx.clone();
    h.state_mut().solve_view_mut().show_run(
        puzzle,
        Arc::new(report),
        Some(HeuristicPath { heuristic, values }),
        &ctx,
    );
    h.run_ok();
    for _ in 0..at {
        h.key_press(egui::Key::ArrowRight);
        h.run_ok();
    }
    h
}

/// Snapshots `mode`'s tab at `size`; the Solve tab shows a solution part-way played back.
fn snapshot_tab(mode: Mode, tab: &str, size: [f32; 2]) {
    let mut h = if mode == Mode::Solve {
        solved(size)
    } else {
        harness(mode, size)
    };
    h.snapshot(format!("layout_{tab}_{}x{}", size[0], size[1]));
}

#[test]
fn start_at_800x600() {
    snapshot_tab(Mode::Start, "start", SMALL);
}

#[test]
fn start_at_1400x900() {
    snapshot_tab(Mode::Start, "start", LARGE);
}

#[test]
fn goal_at_800x600() {
    snapshot_tab(Mode::Goal, "goal", SMALL);
}

#[test]
fn goal_at_1400x900() {
    snapshot_tab(Mode::Goal, "goal", LARGE);
}

#[test]
fn solve_at_800x600() {
    snapshot_tab(Mode::Solve, "solve", SMALL);
}

#[test]
fn solve_at_1400x900() {
    snapshot_tab(Mode::Solve, "solve", LARGE);
}

#[test]
fn play_at_800x600() {
    snapshot_tab(Mode::Play, "play", SMALL);
}

#[test]
fn play_at_1400x900() {
    snapshot_tab(Mode::Play, "play", LARGE);
}

/// Unfolds the heuristic plot, folded in a short view.
fn unfold_the_plot(h: &mut Harness<'static, App>) {
    h.get_all_by_label_contains("along the solution")
        .next()
        .expect("the folded plot's title")
        .click();
    h.run_ok();
}

/// The Solve tab at 800x600 with the heuristic plot, folded there, unfolded.
#[test]
fn solve_with_the_plot_unfolded_at_800x600() {
    let mut h = solved([800.0, 600.0]);
    unfold_the_plot(&mut h);
    h.snapshot("layout_solve_plot_unfolded_800x600");
}

/// The Rush Hour warm-up's playback at 800x600, the plot folded, then unfolded.
#[test]
fn rush_hour_playback_at_800x600() {
    let mut h = solved_on(&bundled("rush-hour-warm-up.ron"), Metric::Slide, 5, SMALL);
    h.snapshot("layout_solve_rush_hour_800x600");
    unfold_the_plot(&mut h);
    h.snapshot("layout_solve_rush_hour_plot_unfolded_800x600");
}
