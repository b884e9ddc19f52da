//! The Make it harder window: opened from the Analyze window, a small block puzzle searched for
//! a few seconds, its best design used and undone; a cancelled search that keeps its designs
//! and opens one beside the original; no design search on a numbered-tile puzzle.
//!
//! Searches run on background threads, so the tests step frames until a condition holds,
//! with a generous timeout (and never assert on timing).

use blockslide_app::app::App;
use blockslide_app::command::{Mode, ToolWindow};
use blockslide_app::common::format::amount;
use blockslide_app::solve::harder::compare::{CLEAR_LABEL, Pick, SIDE_BY_SIDE_LABEL};
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

use crate::driver::{
    PATIENCE, bundled, click_at, harness, press_button, type_path, wait_for, wait_for_label,
};

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

/// Runs a search of `seed` that stops after `candidates` candidates (a time budget it never
/// reaches), and waits for its report.
fn run_candidates(h: &mut Harness<'static, App>, candidates: f64, seed: f64) -> SearchReport {
    for (field, value) in [
        ("Candidates", candidates),
        ("Time budget", 600.0),
        ("Seed", seed),
    ] {
        h.get_by(|n| n.label().as_deref() == Some(field) && n.role() != Role::Label)
            .set_value_accesskit(value);
    }
    h.run_ok();
    let form = harder(h.state())
        .form()
        .expect("the window drew its choices");
    assert_eq!(
        (form.candidates, form.seed),
        (candidates as u64, seed as u64)
    );
    // A short run may end within the frames that answer the click.
    press_button(h, RUN_LABEL);
    wait_for(h, PATIENCE, "the design search", |app| {
        report(app).is_some()
    });
    h.run_ok();
    report(h.state()).unwrap().clone()
}

/// The designs of a report: each one's length, cells and candidate number.
fn designs_of(report: &SearchReport) -> Vec<(u32, Vec<blockslide_core::model::Cell>, u64)> {
    report
        .designs
        .iter()
        .map(|d| (d.length, d.puzzle.cells.clone(), d.found_at))
        .collect()
}

#[test]
fn a_seed_and_a_candidate_limit_find_the_same_designs_again_as_the_window_says() {
    let mut h = harness(bundled("blocks-tiny.ron"), Mode::Start, [1280.0, 800.0]);
    // The run and its repeat on the same number of threads (the solver's Threads).
    h.state_mut().solve_view_mut().panel_mut().settings.threads = 2;
    open_harder(&mut h);
    // Where the seed is set, the window says what repeats a run.
    h.get_by(|n| n.label().as_deref() == Some("Seed") && n.role() != Role::Label)
        .hover();
    wait_for_label(
        &mut h,
        "The same seed with a candidate limit (not a time budget) finds the same designs \
         again, at the same number of threads (the solver's Threads)",
    );
    let first = run_candidates(&mut h, 150.0, 5.0);
    assert_eq!(first.status, Termination::NodeLimit);
    assert_eq!(first.candidates, 150);
    assert!(!first.designs.is_empty());
    let again = run_candidates(&mut h, 150.0, 5.0);
    assert_eq!(designs_of(&again), designs_of(&first));
    // Another seed searches elsewhere (the seed reaches the search).
    let other = run_candidates(&mut h, 150.0, 6.0);
    assert_ne!(designs_of(&other), designs_of(&first));
}

/// Panics unless the comparison of the original and the first two designs of `report` (a
/// search of `tiny`) shows their figures: the hardest starts (the original's as the search
/// measured it), and the original's length and positions, from an analysis of its own.
fn assert_figures_shown(
    h: &Harness<'static, App>,
    tiny: &blockslide_core::model::Puzzle,
    report: &SearchReport,
) {
    let metric = Metric::Step;
    let original = analyze(tiny, metric, SearchControl::new(Limits::default())).unwrap();
    assert_eq!(
        original.hardest.as_ref().map(|h| h.distance),
        report.original
    );
    for (name, figure) in [
        (
            "original's hardest start",
            amount(metric, report.original.unwrap()),
        ),
        (
            "original's length",
            amount(metric, original.start_distance.unwrap()),
        ),
        (
            "original's positions",
            blockslide_core::model::text::thousands(original.component),
        ),
        (
            "design 1's hardest start",
            amount(metric, report.designs[0].length),
        ),
        (
            "design 2's hardest start",
            amount(metric, report.designs[1].length),
        ),
    ] {
        assert!(
            h.query_all_by_label(&figure).next().is_some(),
            "the {name}, {figure}, is shown"
        );
    }
}

/// Ticks (or unticks) `pick` for the comparison, scrolling its check box into view first.
fn tick(h: &mut Harness<'static, App>, pick: Pick) {
    let label = pick.label();
    h.get_by_role_and_label(Role::CheckBox, &label)
        .scroll_to_me();
    h.run_ok();
    h.get_by_role_and_label(Role::CheckBox, &label).click();
    h.run_ok();
}

#[test]
fn ticked_designs_and_the_original_are_compared_side_by_side_inside_a_small_window() {
    let tiny = bundled("blocks-tiny.ron");
    let size = [800.0, 600.0];
    let mut h = harness(tiny.clone(), Mode::Start, size);
    h.state_mut().solve_view_mut().panel_mut().settings.threads = 1;
    open_harder(&mut h);
    let report = run_candidates(&mut h, 300.0, 7.0);
    assert!(report.designs.len() > 2, "{} designs", report.designs.len());
    h.get_by_label_contains("Tick designs above");

    // The original and the first two designs ticked: a column each, in that order.
    let picks = [Pick::Original, Pick::Design(0), Pick::Design(1)];
    for pick in picks {
        tick(&mut h, pick);
    }
    assert_eq!(
        harder(h.state())
            .compared()
            .iter()
            .copied()
            .collect::<Vec<_>>(),
        picks
    );
    h.get_by_label(SIDE_BY_SIDE_LABEL);
    let boards: Vec<egui::Rect> = ["original", "design 1", "design 2"]
        .iter()
        .map(|name| h.get_by_label(&format!("Board of {name}")).rect())
        .collect();
    assert!(
        boards
            .windows(2)
            .all(|w| w[0].max.x < w[1].min.x && (w[0].center().y - w[1].center().y).abs() < 1.0),
        "side by side: {boards:?}"
    );
    assert_figures_shown(&h, &tiny, &report);
    // What changed, in words.
    for change in report.designs[0]
        .changes
        .iter()
        .chain(&report.designs[1].changes)
    {
        assert!(
            h.query_all_by_label(change).next().is_some(),
            "{change:?} is shown"
        );
    }

    // Every design ticked: the table scrolls sideways inside the window, which stays inside
    // the app's.
    for i in 2..report.designs.len() {
        tick(&mut h, Pick::Design(i));
    }
    let window = h
        .get_by_role_and_label(Role::Window, "Make it harder")
        .rect();
    // Within half a point: the window's edge is drawn on the app's.
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, size.into()).expand(0.5);
    assert!(screen.contains_rect(window), "{window:?} inside {screen:?}");
    let first = h.get_by_label("Board of original").rect();
    assert!(window.contains_rect(first), "{first:?} inside {window:?}");
    // The last column is reached by scrolling the table, and is then inside the window.
    let last = format!("Board of design {}", report.designs.len());
    h.get_by_label(&last).scroll_to_me();
    h.run_ok();
    let window = h
        .get_by_role_and_label(Role::Window, "Make it harder")
        .rect();
    let last = h.get_by_label(&last).rect();
    assert!(screen.contains_rect(window), "{window:?} inside {screen:?}");
    assert!(
        window.expand(1.0).contains_rect(last),
        "{last:?} inside {window:?}"
    );

    // The comparison stays while a design is opened beside the original, and Clear empties
    // it.
    press_button(&mut h, OPEN_LABEL);
    assert_eq!(harder(h.state()).compared().len(), report.designs.len() + 1);
    h.get_by_role_and_label(Role::Button, CLEAR_LABEL)
        .scroll_to_me();
    h.run_ok();
    press_button(&mut h, CLEAR_LABEL);
    assert!(harder(h.state()).compared().is_empty());
}

#[test]
fn the_new_pieces_palette_offers_each_shape_once_beside_its_picture() {
    use blockslide_app::solve::harder::form::shape_picture_label;
    use blockslide_core::model::Axis;
    use blockslide_core::solve::design::PaletteShape;

    // Klotski's pieces have kinds, and the small blocks offered beside its own shapes are the
    // same four shapes: each was once listed twice (2x1, 1x1, 1x2, then 1x1, 2x1, 2x2).
    let klotski = bundled("klotski.ron");
    let mut h = harness(klotski.clone(), Mode::Start, [1280.0, 800.0]);
    open_harder(&mut h);
    let names: Vec<String> = harder(h.state())
        .form()
        .expect("the window drew its choices")
        .palette
        .iter()
        .map(|(shape, _)| shape.to_string())
        .collect();
    let mut distinct = names.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), names.len(), "each shape once: {names:?}");
    for piece in klotski.pieces() {
        let own = PaletteShape::new(&piece.cells, Axis::Free).to_string();
        assert!(
            names.contains(&own),
            "{own} of {} in {names:?}",
            piece.token
        );
    }
    for name in &names {
        let boxes: Vec<egui::Rect> = h
            .query_all_by_role_and_label(Role::CheckBox, name)
            .map(|n| n.rect())
            .collect();
        assert_eq!(boxes.len(), 1, "one check box {name}");
        let picture = h
            .get_by_role_and_label(Role::Image, &shape_picture_label(name))
            .rect();
        assert!(
            picture.min.x >= boxes[0].max.x - 1.0
                && (picture.center().y - boxes[0].center().y).abs() < boxes[0].height(),
            "the picture of {name} at {picture:?} beside its box at {:?}",
            boxes[0]
        );
    }
}
