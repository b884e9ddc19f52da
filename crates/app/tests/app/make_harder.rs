//! The Make it harder window: opened from the Analyze window, a small block puzzle searched for
//! a few seconds, its best design used and undone; a cancelled search that keeps its designs
//! and opens one beside the original; no design search on a numbered-tile puzzle.
//!
//! Searches run on background threads, so the tests step frames until a condition holds,
//! with a generous timeout (and never assert on timing).

use blockslide_app::app::App;
use blockslide_app::command::{Mode, ToolWindow};
use blockslide_app::solve::harder::results::{
    OPEN_LABEL, ORIGINAL_LABEL, SAVE_ALL_LABEL, USE_LABEL,
};
use blockslide_app::solve::harder::{CANCEL_LABEL, HARDER_LABEL, HarderView, RUN_LABEL};
use blockslide_core::model::Metric;
use blockslide_core::model::file;
use blockslide_core::model::validate::{Severity, validate};
use blockslide_core::solve::Termination;
use blockslide_core::solve::api::analyze;
use blockslide_core::solve::design::SearchReport;
use blockslide_core::solve::{Limits, SearchControl};
use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use crate::driver::{PATIENCE, bundled, click_at, harness, press_button, type_path, wait_for};

fn harder(app: &App) -> &HarderView {
    app.solve_view().harder_view()
}

/// F6 opens the Analyze window, and its "Make it harder…" the window of that name.
fn open_harder(h: &mut Harness<'static, App>) {
    h.key_press(Key::F6);
    h.run_ok();
    assert!(h.state().analysis_open());
    press_button(h, HARDER_LABEL);
    assert!(h.state().harder_open());
}

/// The report of the last search, once it ended.
fn report(app: &App) -> Option<&SearchReport> {
    harder(app)
        .outcome()
        .map(|outcome| &outcome.as_ref().expect("the search ran").report)
}

/// Sets the search's time budget and seed, and presses Run.
fn run(h: &mut Harness<'static, App>, seconds: f64, seed: f64) {
    h.get_by_label("Time budget").set_value_accesskit(seconds);
    h.get_by_label("Seed").set_value_accesskit(seed);
    h.run_ok();
    let form = harder(h.state())
        .form()
        .expect("the window drew its choices");
    assert_eq!((form.seconds, form.seed), (seconds as u64, seed as u64));
    press_button(h, RUN_LABEL);
    assert!(harder(h.state()).is_running());
}

#[test]
fn a_small_block_puzzle_made_harder_is_used_in_one_step_and_undone() {
    let tiny = bundled("blocks-tiny.ron");
    let mut h = harness(tiny.clone(), Mode::Start, [1280.0, 800.0]);
    open_harder(&mut h);
    run(&mut h, 2.0, 7.0);
    h.get_by_label_contains("Searching…");
    wait_for(&mut h, PATIENCE, "the design search", |app| {
        report(app).is_some()
    });
    h.run_ok();

    // The search ran its time and found a design whose hardest start is farther from the
    // goal than the original's; the window says by how much, and shows it first.
    let report = report(h.state()).unwrap().clone();
    assert_eq!(report.status, Termination::TimeLimit);
    let original = report.original.expect("the original was measured");
    let best = report.designs.first().expect("a design was kept").clone();
    assert!(best.length > original, "{} ≤ {original}", best.length);
    h.get_by_label(&format!(
        "{} steps, {} more than the original",
        best.length,
        best.length - original
    ));
    h.get_by_label(&format!("Show design 1, {} steps", best.length));
    h.get_by_label("Preview of design 1");

    // "Save all…" writes every design kept, numbered from 1, as files that validate and whose
    // hardest start an analysis of its own confirms.
    let folder = tempfile::tempdir().unwrap();
    press_button(&mut h, SAVE_ALL_LABEL);
    type_path(&mut h, &folder.path().join("tiny-harder-1.ron"), "Save all");
    for (i, found) in report.designs.iter().enumerate() {
        let path = folder.path().join(format!("tiny-harder-{}.ron", i + 1));
        let saved = file::load(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            validate(&saved)
                .iter()
                .all(|d| d.severity != Severity::Error),
            "{} validates",
            path.display()
        );
        let analysis = analyze(&saved, Metric::Step, SearchControl::new(Limits::default()))
            .expect("a saved design analyses");
        assert_eq!(
            analysis.hardest.map(|h| h.distance),
            Some(found.length),
            "{}",
            path.display()
        );
    }
    assert!(
        h.state().status().contains("Saved"),
        "{}",
        h.state().status()
    );

    // "Use this design" makes it the document's design in one undoable edit, keeping its name.
    press_button(&mut h, USE_LABEL);
    let doc = h.state().document();
    assert_eq!(doc.puzzle().cells, best.puzzle.cells);
    assert_ne!(doc.puzzle(), &tiny);
    assert_eq!(doc.puzzle().name, tiny.name);
    assert_eq!(doc.puzzle().goal, tiny.goal);
    assert_eq!(doc.undo_label(), Some("Use a harder design"));
    assert!(h.state().status().contains("Ctrl+Z"));
    // The designs found stay with the document, to be tried one after another (they were
    // once dropped with the design they were searched from).
    assert_eq!(report_designs(h.state()), report.designs.len());

    // A click anywhere on a row selects it, here on its last cell.
    assert!(report.designs.len() > 1, "the search keeps several designs");
    click_row(&mut h, 2);
    assert_eq!(harder(h.state()).selected(), 1);
    h.get_by_label("Preview of design 2");

    // "Use the original" brings the original back, as one more edit.
    press_button(&mut h, ORIGINAL_LABEL);
    assert_eq!(h.state().document().puzzle(), &tiny);
    assert_eq!(report_designs(h.state()), report.designs.len());

    // Ctrl+Z steps back through both.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run_ok();
    assert_eq!(h.state().document().puzzle().cells, best.puzzle.cells);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run_ok();
    assert_eq!(h.state().document().puzzle(), &tiny);
    assert!(!h.state().document().can_undo());
}

/// How many designs the window lists.
fn report_designs(app: &App) -> usize {
    report(app).map_or(0, |r| r.designs.len())
}

/// Clicks the last cell of row `number` of the designs kept (not its number).
fn click_row(h: &mut Harness<'static, App>, number: usize) {
    let row = h
        .get_by(|n| {
            n.label()
                .is_some_and(|l| l.starts_with(&format!("Show design {number},")))
        })
        .rect();
    let last = h
        .query_all_by(|n| n.role() == Role::Button)
        .map(|n| n.rect())
        .filter(|r| (r.center().y - row.center().y).abs() < 2.0 && r.min.x > row.max.x)
        .max_by(|a, b| a.min.x.total_cmp(&b.min.x))
        .expect("the row has cells");
    click_at(h, last.center());
}

#[test]
fn a_cancelled_search_keeps_its_designs_and_opens_one_beside_the_original() {
    let tiny = bundled("blocks-tiny.ron");
    let mut h = harness(tiny.clone(), Mode::Start, [1280.0, 800.0]);
    open_harder(&mut h);
    run(&mut h, 600.0, 3.0);
    wait_for(&mut h, PATIENCE, "a harder design", |app| {
        harder(app).progress().is_some_and(|p| {
            p.original
                .zip(p.best.as_ref())
                .is_some_and(|(original, best)| best.length > original)
        })
    });
    press_button(&mut h, CANCEL_LABEL);
    wait_for(&mut h, PATIENCE, "the search to stop", |app| {
        report(app).is_some()
    });
    h.run_ok();
    let report = report(h.state()).unwrap().clone();
    assert_eq!(report.status, Termination::Cancelled);
    h.get_by_label_contains("Cancelled");
    let best = report.designs.first().expect("a design was kept").clone();
    assert!(best.length > report.original.unwrap());

    // "Open as a new design" opens it as a document of its own, named for where it came
    // from, its verified length in the notes (a title never states a length an edit may
    // change).
    press_button(&mut h, OPEN_LABEL);
    let doc = h.state().document();
    assert_eq!(doc.puzzle().cells, best.puzzle.cells);
    assert_eq!(doc.puzzle().name, format!("{}, harder design 1", tiny.name));
    assert!(
        doc.puzzle().notes.contains(&format!(
            "its hardest start is {} steps from the goal",
            best.length
        )),
        "{}",
        doc.puzzle().notes
    );
    assert!(!doc.puzzle().name.contains("steps"));
    assert!(!doc.can_undo());
    assert!(doc.path().is_none());
    // The designs stay listed for the next one to try; closing and opening the window keeps
    // them too.
    assert_eq!(report_designs(h.state()), report.designs.len());
    h.key_press(Key::Escape);
    h.state_mut().set_window_open(ToolWindow::Harder, false);
    h.run_ok();
    h.state_mut().set_window_open(ToolWindow::Harder, true);
    h.run_ok();
    assert_eq!(report_designs(h.state()), report.designs.len());
    h.get_by_label("Preview of design 1");
}

#[test]
fn numbered_tiles_have_no_design_search() {
    let mut h = harness(bundled("eight-1.ron"), Mode::Start, [1280.0, 800.0]);
    h.key_press(Key::F6);
    h.run_ok();
    let button = h.get_by_role_and_label(Role::Button, HARDER_LABEL);
    assert!(button.accesskit_node().is_disabled());
}
