//! UI tests of the design panel (issue 36): docked beside the board in the Start and Goal
//! tabs, it analyses the design after every edit, without being asked, and its figures are
//! those of `blockslide analyze` (the core's `analyze`) on the same design.
//!
//! Analyses run on a background thread, so the tests step frames until the figures of the
//! current design have come, with a generous timeout (and never assert on timing).

use crate::driver::{PATIENCE, button, click_at, click_cell, drag_cells, harness, keys, wait_for};

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use blockslide_app::app::App;
use blockslide_app::app::menu_bar::DESIGN_FIGURES_ENTRY;
use blockslide_app::command::{Mode, Tool};
use blockslide_app::common::format::amount;
use blockslide_app::solve::design_panel::DESIGN_PANEL_LABEL;
use blockslide_core::model::Puzzle;
use blockslide_core::solve::api::{AnalyzeReport, analyze, metric_for};
use blockslide_core::solve::{Limits, SearchControl};

/// Waits for the panel's figures of the design as it is now, checks them against an analysis
/// of that design made here, and checks the length is on screen; returns the figures.
fn figures_now(h: &mut Harness<'static, App>) -> AnalyzeReport {
    let (puzzle, shown) = crate::driver::panel_figures(h);
    let metric = metric_for(&puzzle, None);
    let expected = analyze(&puzzle, metric, SearchControl::new(Limits::default()))
        .expect("the drawn design is valid");
    assert_eq!(shown.status, expected.status);
    assert_eq!(shown.component, expected.component);
    assert_eq!(shown.start_distance, expected.start_distance);
    assert_eq!(shown.histogram, expected.histogram);
    assert_eq!(
        shown.hardest.as_ref().map(|h| (h.distance, h.count)),
        expected.hardest.as_ref().map(|h| (h.distance, h.count))
    );
    if let Some(length) = expected.start_distance {
        let words = amount(metric, length);
        assert!(
            h.query_all_by_label(&words).next().is_some(),
            "the panel shows {words}"
        );
    }
    shown
}

#[test]
fn every_piece_drawn_shows_the_new_length_and_hardest_start_without_asking() {
    // A 4x4 board with only the 2x2 piece that must reach the bottom right corner.
    let start = Puzzle::from_rows(
        &["A A . .", "A A . .", ". . . .", ". . . ."],
        &[". . . .", ". . . .", ". . A A", ". . A A"],
    )
    .expect("well-formed rows");
    let mut h = harness(start, Mode::Start, [1280.0, 800.0]);
    // The tests' app starts with the panel off (see `App::new_for_test`); a user's shows it.
    assert!(h.query_by_label(DESIGN_PANEL_LABEL).is_none());
    button(&h, "View").click();
    h.run_ok();
    h.get_by_label(DESIGN_FIGURES_ENTRY).click();
    h.run_ok();
    h.get_by_label(DESIGN_PANEL_LABEL);
    let mut lengths = vec![figures_now(&mut h).start_distance];

    // Pieces drawn one after another with "Draw new piece", nothing else pressed: two
    // dominoes, then two single cells.
    let edits: [((usize, usize), (usize, usize)); 4] = [
        ((2, 0), (3, 0)),
        ((0, 2), (0, 3)),
        ((3, 2), (3, 2)),
        ((2, 3), (2, 3)),
    ];
    for (from, to) in edits {
        keys(&mut h, Modifiers::NONE, Tool::NewPiece.key());
        if from == to {
            click_cell(&mut h, from.0, from.1);
        } else {
            drag_cells(&mut h, from, to);
        }
        lengths.push(figures_now(&mut h).start_distance);
    }
    assert!(
        lengths.windows(2).any(|w| w[0] != w[1]),
        "the pieces changed the length: {lengths:?}"
    );
    assert!(lengths.iter().all(Option::is_some), "{lengths:?}");

    // Undo is an edit like any other: the figures follow it back.
    keys(&mut h, Modifiers::COMMAND, Key::Z);
    let undone = figures_now(&mut h);
    assert_eq!(undone.start_distance, lengths[3]);
}

/// Once the figures are in, every one-step edit is tried: the best are listed in words, the
/// board is marked where a wall or a 1x1 piece (or a removal) would change the hardest start,
/// and a click on a listed edit makes it as one undo step, the figures following.
#[test]
fn the_suggestions_list_the_best_edits_mark_the_board_and_a_click_makes_one() {
    let start = Puzzle::from_rows(
        &["A A . .", "A A . .", "B . . .", "B . C ."],
        &[". . . .", ". . . .", ". . A A", ". . A A"],
    )
    .expect("well-formed rows");
    let mut h = harness(start, Mode::Start, [1280.0, 800.0]);
    button(&h, "View").click();
    h.run_ok();
    h.get_by_label(DESIGN_FIGURES_ENTRY).click();
    h.step();
    let before = figures_now(&mut h);
    wait_for(&mut h, PATIENCE, "the suggestions", |app| {
        app.design_panel()
            .suggestions_of(app.document().solvable_revision())
            .is_some()
    });
    h.run_ok();
    let app = h.state();
    let revision = app.document().solvable_revision();
    let report = app
        .design_panel()
        .suggestions_of(revision)
        .expect("the suggestions")
        .clone();
    // Each suggestion's figures are the core's analysis of its design.
    for suggestion in &report.suggestions {
        let metric = metric_for(&suggestion.design, None);
        let expected = analyze(
            &suggestion.design,
            metric,
            SearchControl::new(Limits::default()),
        );
        if let Ok(expected) = expected {
            assert_eq!(
                suggestion.figures.hardest,
                expected.hardest.map(|h| h.distance),
                "{}",
                suggestion.words
            );
        }
    }
    let harder: Vec<_> = report
        .suggestions
        .iter()
        .filter(|s| s.figures.hardest > before.hardest.as_ref().map(|h| h.distance))
        .collect();
    assert!(!harder.is_empty(), "some edit makes it harder");
    assert!(
        !app.design_panel()
            .marks(revision, app.document().puzzle())
            .is_empty(),
        "the board is marked"
    );

    // The best one, listed in words, is made by a click, in one undo step.
    let best = harder[0];
    let words = h
        .query_all_by(|n| {
            n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with(&best.words))
        })
        .next()
        .expect("the best edit is listed")
        .rect();
    click_at(&mut h, words.center());
    assert_eq!(h.state().document().puzzle().cells, best.design.cells);
    let after = figures_now(&mut h);
    assert_eq!(after.hardest.map(|h| h.distance), best.figures.hardest);
    keys(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(figures_now(&mut h).start_distance, before.start_distance);
}

/// Pieces of one shape without a kind are told apart, which multiplies the positions (a
/// drawn Klotski counts 576 times the bundled file's, past the panel's budget): the panel
/// names them, and one click gives each shape's pieces one kind, after which the figures are
/// the analysis of the design with identical pieces, its length unchanged.
#[test]
fn pieces_of_one_shape_told_apart_are_named_and_made_one_kind_with_a_click() {
    use blockslide_app::solve::design_panel::ONE_KIND_LABEL;
    let start = Puzzle::from_rows(
        &["B A A C", "B A A C", ". E E .", "G . . H"],
        &[". . . .", ". . . .", ". A A .", ". A A ."],
    )
    .expect("well-formed rows");
    let mut h = harness(start.clone(), Mode::Start, [1280.0, 800.0]);
    button(&h, "View").click();
    h.run_ok();
    h.get_by_label(DESIGN_FIGURES_ENTRY).click();
    h.run_ok();
    let apart = figures_now(&mut h);
    h.get_by_label_contains("Told apart, each its own kind: B, C (2x1); G, H (1x1)");
    button(&h, ONE_KIND_LABEL).click();
    h.run_ok();
    let design = h.state().document().puzzle().clone();
    let kind = |token: &str| design.kind_of(blockslide_core::model::Token::new(token).unwrap());
    assert_eq!(
        (kind("B"), kind("C")),
        ("2x1".to_string(), "2x1".to_string())
    );
    assert_eq!(
        (kind("G"), kind("H")),
        ("1x1".to_string(), "1x1".to_string())
    );
    assert_eq!(
        kind("E"),
        start.kind_of(blockslide_core::model::Token::new("E").unwrap())
    );
    let merged = figures_now(&mut h);
    assert_eq!(merged.start_distance, apart.start_distance);
    assert!(
        merged.component < apart.component,
        "{} < {}",
        merged.component,
        apart.component
    );
    assert!(h.query_by_label_contains("Told apart").is_none());
    // One undo step takes every kind back.
    keys(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(h.state().document().puzzle().styles, start.styles);
    assert_eq!(figures_now(&mut h).component, apart.component);

    // Rush Hour's cars, locked to their axes, seldom trade places: none is named.
    let mut h = harness(
        crate::driver::bundled("rush-hour-warm-up.ron"),
        Mode::Start,
        [1280.0, 800.0],
    );
    button(&h, "View").click();
    h.run_ok();
    h.get_by_label(DESIGN_FIGURES_ENTRY).click();
    h.run_ok();
    figures_now(&mut h);
    assert!(h.query_by_label_contains("Told apart").is_none());
}

/// With no goal every position would be one: the panel says what to do instead of figures of
/// 0 moves.
#[test]
fn a_design_without_a_goal_is_asked_for_one() {
    let start = Puzzle::from_rows(&["A A .", ". . ."], &[". . .", ". . ."]).expect("rows");
    let mut h = harness(start, Mode::Start, [1280.0, 800.0]);
    button(&h, "View").click();
    h.run_ok();
    h.get_by_label(DESIGN_FIGURES_ENTRY).click();
    h.run_ok();
    h.get_by_label("No goal yet: paint where the pieces must end in the Goal tab (F2)");
    assert!(
        h.state()
            .design_panel()
            .report_of(h.state().document().solvable_revision())
            .is_none()
    );
}
