//! Pixel snapshots of a student's search opened with File > Open trace… (issue 37): a
//! breadth-first search recorded as the Python package's `Recorder` records one, with a
//! mistake, watched beside Blockslide's own, at the first difference (said above the two,
//! ringed in both trees), in a large window and at 800x600.
//!
//! Create or update the pictures with
//! `UPDATE_SNAPSHOTS=1 cargo test --features snapshots --test snapshots watch_recorded`.

use egui::Key;
use egui::Modifiers;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use blockslide_app::app::App;
use blockslide_app::app::dialogs::PATH_FIELD_LABEL;
use blockslide_app::command::Mode;
use blockslide_core::model::Metric;
use blockslide_testkit::bundled;
use blockslide_testkit::students::{students_bfs, trace_file_text};

/// The app in a window of `size` with the student's search (its successors reversed at its
/// fifth expansion) opened beside Blockslide's, at their first difference.
fn at_the_difference(size: [f32; 2], name: &str) {
    let dir = tempfile::tempdir().unwrap();
    let (trace, _) = students_bfs(&bundled("two-by-three.ron"), Metric::Step, Some(5));
    let path = dir.path().join("student.jsonl");
    std::fs::write(&path, trace_file_text(&trace, None, Metric::Step)).unwrap();
    let mut app = App::new_for_test(bundled("two-by-three.ron"));
    app.set_mode(Mode::Start);
    let mut h = Harness::builder()
        .with_size(size)
        .wgpu()
        .build_eframe(|_| app);
    h.run_ok();
    h.get_by_label("File").click();
    h.run_ok();
    h.get_by_label("Open trace…").click();
    h.run_ok();
    h.get_by_label(PATH_FIELD_LABEL).click();
    h.run_ok();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label(PATH_FIELD_LABEL)
        .type_text(&path.display().to_string());
    h.run_ok();
    h.get_by_label("Open").click();
    h.run_ok();
    let step = h
        .state()
        .solve_view()
        .watch()
        .difference()
        .expect("the mistake is found")
        .step;
    h.get_by_label(&format!("Go to step {step}")).click();
    h.run_ok();
    h.snapshot(name);
}

#[test]
fn a_students_search_beside_blockslides_at_the_first_difference() {
    at_the_difference([1400.0, 900.0], "watch_recorded_difference");
}

#[test]
fn a_students_search_beside_blockslides_at_800x600() {
    at_the_difference([800.0, 600.0], "watch_recorded_800x600");
}
