//! UI tests of the Analyze window, driving the real app through `egui_kittest` as a designer
//! would: analyse a design, make its hardest position the start and check it with the solver;
//! explore a piece set and open one of its hardest starts; cancel a long analysis.
//!
//! Analyses run on background threads, so the tests step frames until a condition holds,
//! with a generous timeout (and never assert on timing).

use crate::gui_support;

use gui_support::bundled;

use std::time::Duration;

use egui::Key;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use blockslide_app::app::App;
use blockslide_app::command::Mode;
use blockslide_app::solve::analyze::AnalyzeTab;
use blockslide_app::solve::analyze::results::MAKE_START;
use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::Termination;
use blockslide_core::solve::api::{AnalyzeReport, ExploreReport};

/// A generous bound for background work in a debug build on a busy machine.
const PATIENCE: Duration = Duration::from_mins(3);

fn harness(puzzle: Puzzle, mode: Mode) -> Harness<'static, App> {
    gui_support::harness(puzzle, mode, [1400.0, 1000.0])
}

/// Steps frames until `done` holds for the app, panicking after [`PATIENCE`].
fn wait_for(h: &mut Harness<'static, App>, what: &str, done: impl Fn(&App) -> bool) {
    gui_support::wait_for(h, PATIENCE, what, done);
}

/// Clicks the button labelled `label`, scrolling it into view first.
fn press(h: &mut Harness<'static, App>, label: &str) {
    h.get_by_role_and_label(Role::Button, label).scroll_to_me();
    h.run_ok();
    h.get_by_role_and_label(Role::Button, label).click();
    h.run_ok();
}

fn analysis(app: &App) -> Option<&AnalyzeReport> {
    app.solve_view()
        .analyze_view()
        .analysis()
        .map(|outcome| outcome.as_ref().expect("the analysis ran").as_ref())
}

fn exploration(app: &App) -> Option<&ExploreReport> {
    app.solve_view()
        .analyze_view()
        .exploration()
        .map(|outcome| outcome.as_ref().expect("the exploration ran").as_ref())
}

#[test]
fn klotski_made_into_its_hardest_start_solves_in_the_hardest_distance() {
    let klotski = bundled("klotski.ron");
    let mut h = harness(klotski.clone(), Mode::Start);

    // View > Analyze… opens the window; Klotski counts in moves, and the window says so.
    h.get_by_role_and_label(Role::Button, "View").click();
    h.run_ok();
    h.get_by(|n| n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with("Analyze")))
        .click();
    h.run_ok();
    assert!(h.state().analysis_open());
    assert_eq!(h.state().solve_view().metric(), Metric::Move);
    press(&mut h, "Analyze the design");
    wait_for(&mut h, "the analysis of Klotski", |app| {
        analysis(app).is_some()
    });
    h.run_ok();

    let report = analysis(h.state()).unwrap().clone();
    assert!(report.complete(), "{:?}", report.notes);
    assert_eq!(report.start_distance, Some(81));
    assert_eq!(report.choices.len(), 81);
    let hardest = report
        .hardest
        .clone()
        .expect("a complete analysis has a hardest start");
    assert!(hardest.distance > 81);
    assert_eq!(report.histogram.len(), hardest.distance as usize + 1);
    h.get_by_label("81 moves from the goal");
    h.get_by_label_contains(&format!("{} moves (", hardest.distance));
    h.get_by_label_contains("moves are forced");
    // The hardest start is shown large enough to judge at this size (1400 wide): before, its
    // board was 88 points wide.
    let preview = h
        .get_by_label(&format!("A hardest start, {} moves", hardest.distance))
        .rect();
    assert!(preview.width() >= 120.0, "{preview:?}");

    // One click turns the design into its hardest version: the pieces move, the rest stays,
    // and the results stay too, as those of the previous start.
    press(&mut h, MAKE_START);
    assert!(h.state().solve_view().analyze_view().is_of_previous_start());
    assert_eq!(analysis(h.state()).unwrap().start_distance, Some(81));
    let design = h.state().document().puzzle().clone();
    assert_eq!(design.cells, hardest.position.cells);
    assert_ne!(design.cells, klotski.cells);
    assert_eq!(design.goal, klotski.goal);
    assert_eq!(design.name, klotski.name);
    assert_eq!(
        h.state().document().undo_label(),
        Some("Make the hardest start")
    );
    assert!(h.state().status().contains("hardest position"));

    // The solver finds the new start exactly as far from the goal as the analysis said
    // (the Analyze window, over the solver's panel, closed first).
    h.key_press(Key::F6);
    h.run_ok();
    assert!(!h.state().analysis_open());
    h.key_press(Key::F3);
    h.run_ok();
    assert_eq!(h.state().mode(), Mode::Solve);
    h.get_by_role_and_label(Role::ComboBox, "Algorithm").click();
    h.run_ok();
    h.get_by_role_and_label(Role::Button, "Breadth-first")
        .click();
    h.run_ok();
    h.get_by_label("Solve the puzzle").click();
    h.run_ok();
    wait_for(&mut h, "the solve of the hardest start", |app| {
        app.solve_view().playback().is_some()
    });
    let playback = h.state().solve_view().playback().unwrap();
    assert!(playback.report().optimal);
    assert_eq!(playback.len(), hardest.distance as usize);
    assert!(playback.verified());

    // Undo brings the drawn start back.
    h.get_by_role_and_label(Role::Button, "Edit").click();
    h.run_ok();
    h.get_by(|n| {
        n.role() == Role::Button
            && n.label()
                .is_some_and(|l| l.starts_with("Undo Make the hardest start"))
    })
    .click();
    h.run_ok();
    assert_eq!(h.state().document().puzzle().cells, klotski.cells);
}

/// A small piece set: a vertical domino to bring to the bottom right, a horizontal domino and
/// a single cell on a 3×3 board.
fn small_piece_set() -> Puzzle {
    let mut p = Puzzle::from_rows(&["A B B", "A . .", "C . ."], &[". . .", ". . A", ". . A"])
        .expect("valid rows");
    p.name = "Trio".into();
    p
}

#[test]
fn exploring_a_piece_set_lists_hardest_starts_and_one_click_opens_one() {
    let puzzle = small_piece_set();
    let mut h = harness(puzzle.clone(), Mode::Start);
    h.key_press(Key::F6);
    h.run_ok();
    assert!(h.state().analysis_open());
    h.get_by_role_and_label(Role::Button, "Piece set").click();
    h.run_ok();
    assert_eq!(
        h.state().solve_view().analyze_view().tab(),
        AnalyzeTab::PieceSet
    );
    press(&mut h, "Explore the piece set");
    wait_for(&mut h, "the exploration", |app| exploration(app).is_some());
    h.run_ok();

    let report = exploration(h.state()).unwrap().clone();
    assert!(report.complete(), "{:?}", report.notes);
    assert_eq!(report.status, Termination::Solved);
    assert!(report.arrangements > 0);
    assert!(report.solvable_components >= 1);
    assert!(!report.hardest.is_empty());
    assert!(
        report
            .hardest
            .windows(2)
            .all(|w| w[0].distance >= w[1].distance),
        "hardest first"
    );
    h.get_by_label("Arrangements");
    let first = &report.hardest[0];
    let title = format!("Hardest start 1: {} ", first.distance);
    let card =
        h.get_by(|n| n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with(&title)));
    card.scroll_to_me();
    h.run_ok();
    h.get_by(|n| n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with(&title)))
        .click();
    h.run_ok();

    // The hardest start is a new design of its own, named after where it came from; the old
    // design's results are gone.
    let doc = h.state().document();
    assert_eq!(doc.puzzle().cells, first.position.cells);
    assert_eq!(doc.puzzle().goal, puzzle.goal);
    assert!(doc.puzzle().name.starts_with("Trio, hardest start 1"));
    assert!(!doc.can_undo());
    assert!(!doc.is_modified());
    assert_eq!(h.state().mode(), Mode::Start);
    h.run_ok();
    assert!(exploration(h.state()).is_none());
}

#[test]
fn a_long_analysis_shows_progress_and_cancels_with_partial_figures() {
    // The 24-puzzle's half of 25! positions: no analysis finishes that.
    let numbers: Vec<u32> = (1..25).chain([0]).collect();
    let tiles = Puzzle::tiles(5, 5, &numbers, None).expect("a valid tile puzzle");
    let mut h = harness(tiles, Mode::Solve);
    h.key_press(Key::F6);
    h.run_ok();
    // The window's metric is the solver panel's.
    h.get_by_role_and_label(Role::ComboBox, "Analysis metric")
        .click();
    h.run_ok();
    h.get_by_role_and_label(Role::Button, "slide (straight line)")
        .click();
    h.run_ok();
    assert_eq!(h.state().solve_view().metric(), Metric::Slide);
    // Tile puzzles have no piece set to explore.
    h.get_by_role_and_label(Role::Button, "Piece set").click();
    h.run_ok();
    assert!(
        h.get_by_role_and_label(Role::Button, "Explore the piece set")
            .accesskit_node()
            .is_disabled()
    );
    h.get_by_role_and_label(Role::Button, "This start").click();
    h.run_ok();

    press(&mut h, "Analyze the design");
    assert!(h.state().solve_view().analyze_view().is_analyzing());
    h.get_by_label_contains("Analyzing…");
    press(&mut h, "Cancel the analysis");
    wait_for(&mut h, "the cancelled analysis", |app| {
        analysis(app).is_some()
    });
    h.run_ok();
    let report = analysis(h.state()).unwrap();
    assert_eq!(report.status, Termination::Cancelled);
    assert!(!report.complete());
    assert!(report.hardest.is_none());
    h.get_by_label("Analysis cancelled: the figures below are partial");
}
