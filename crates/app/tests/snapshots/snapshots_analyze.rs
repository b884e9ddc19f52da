//! Pixel snapshots of the Analyze window: Klotski's analysis, with the histogram of
//! distances (the start's bar picked out), the choices along one optimal solution and the
//! hardest start; in a large window and at 800x600.
//!
//! The analysis comes from the real solver; only its wall-clock time is pinned, so the
//! picture is the same on every run. Create or update it with
//! `UPDATE_SNAPSHOTS=1 cargo test --features snapshots --test snapshots_analyze`.

use std::time::Duration;

use egui_kittest::Harness;

use blockslide_app::app::App;
use blockslide_app::command::Mode;
use blockslide_core::model::{Metric, file, library};
use blockslide_core::solve::api::analyze;
use blockslide_core::solve::{Limits, SearchControl};

/// The Analyze window open on Klotski's analysis in a window of `size`.
fn analysed(size: [f32; 2]) -> Harness<'static, App> {
    let entry = library::bundled()
        .into_iter()
        .find(|b| b.file_name == "klotski.ron")
        .expect("Klotski is bundled");
    let klotski = file::parse(entry.text).expect("bundled puzzles parse");
    let mut report = analyze(
        &klotski,
        Metric::Move,
        SearchControl::new(Limits::default()),
    )
    .expect("Klotski analyses");
    report.stats.elapsed = Duration::from_millis(240);
    let mut app = App::new_for_test(klotski);
    app.set_mode(Mode::Start);
    app.solve_view_mut()
        .analyze_view_mut()
        .show_analysis(report);
    let mut h = Harness::builder()
        .with_size(size)
        .wgpu()
        .build_eframe(|_| app);
    h.run_ok();
    h.key_press(egui::Key::F6);
    h.run_ok();
    assert!(h.state().analysis_open());
    h
}

#[test]
fn analyze_window_with_the_histogram_of_klotski() {
    analysed([1400.0, 960.0]).snapshot("analyze_klotski");
}

#[test]
fn analyze_window_at_800x600() {
    analysed([800.0, 600.0]).snapshot("analyze_klotski_800x600");
}
