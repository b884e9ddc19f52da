//! Pixel snapshots of the Make it harder window at the app's default size (1280x800) and at
//! 800x600: a
//! search of the Rush Hour warm-up, its best design drawn with the buttons, the figures, the
//! best length over time and the designs kept, and three of them side by side.
//!
//! The search is the real core's on one thread with a seed and a candidate limit, so it finds
//! the same designs on every run; only its times are pinned (the timeline's steps spread
//! evenly over ten seconds), so the picture is the same on every run. Create or update it with
//! `UPDATE_SNAPSHOTS=1 cargo test -p blockslide-app --features snapshots --test snapshots
//! harder`.

use std::time::Duration;

use egui_kittest::Harness;

use blockslide_app::app::App;
use blockslide_app::command::{Mode, ToolWindow};
use blockslide_core::model::{Metric, file, library};
use blockslide_core::solve::design::{DesignRules, SearchOptions, improve};
use blockslide_core::solve::{Limits, SearchControl, Termination};

/// The seconds the pinned search claims to have run.
const SECONDS: f64 = 10.0;

/// The Make it harder window open on a pinned search of the warm-up in a window of `size`.
fn harder(size: [f32; 2]) -> Harness<'static, App> {
    let entry = library::find("rush-hour-warm-up.ron").expect("the warm-up is bundled");
    let warm_up = file::parse(entry.text).expect("bundled puzzles parse");
    let rules = DesignRules::for_design(&warm_up, Metric::Slide);
    let options = SearchOptions {
        seed: 1,
        max_candidates: Some(600),
        ..SearchOptions::default()
    };
    let control = SearchControl::new(Limits {
        max_time: Duration::from_mins(5),
        ..Limits::default()
    })
    .with_threads(1);
    let mut report =
        improve(&warm_up, &rules, &options, &control, None).expect("the warm-up is a design");
    assert!(report.designs.len() > 1, "{report:?}");
    // As if the time budget had run out, at pinned times.
    report.status = Termination::TimeLimit;
    report.seconds = SECONDS;
    let steps = report.timeline.len() as f64;
    for (i, point) in report.timeline.iter_mut().enumerate() {
        point.0 = SECONDS * i as f64 / steps;
    }
    let candidates = report.candidates as f64;
    for design in &mut report.designs {
        design.found_after = SECONDS * design.found_at as f64 / candidates;
    }

    let mut app = App::new_for_test(warm_up.clone());
    app.set_mode(Mode::Start);
    app.solve_view_mut()
        .harder_view_mut()
        .show_report(report, Metric::Slide, warm_up);
    app.set_window_open(ToolWindow::Harder, true);
    let mut h = Harness::builder()
        .with_size(size)
        .wgpu()
        .build_eframe(|_| app);
    h.run_ok();
    assert!(h.state().harder_open());
    h
}

#[test]
fn harder_window_with_the_designs_of_the_rush_hour_warm_up() {
    harder([1280.0, 800.0]).snapshot("harder_rush_hour_warm_up");
}

#[test]
fn harder_window_at_800x600() {
    harder([800.0, 600.0]).snapshot("harder_rush_hour_warm_up_800x600");
}

#[test]
fn harder_designs_side_by_side_at_800x600() {
    use blockslide_app::solve::harder::compare::{Pick, SIDE_BY_SIDE_LABEL};
    use egui::accesskit::Role;
    use egui_kittest::kittest::Queryable;

    let mut h = harder([800.0, 600.0]);
    for pick in [Pick::Original, Pick::Design(0), Pick::Design(1)] {
        let label = pick.label();
        h.get_by_role_and_label(Role::CheckBox, &label)
            .scroll_to_me();
        h.run_ok();
        h.get_by_role_and_label(Role::CheckBox, &label).click();
        h.run_ok();
    }
    h.get_by_label("Board of design 2").scroll_to_me();
    h.run_ok();
    h.get_by_label(SIDE_BY_SIDE_LABEL);
    h.snapshot("harder_side_by_side_800x600");
}
