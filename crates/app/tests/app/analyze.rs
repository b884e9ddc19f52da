//! The Analyze window: analysing a design, making its hardest position the start and checking
//! it with the solver, exploring a piece set, cancelling a long analysis; the figures and
//! charts it shows, and where the window opens and how wide it is at 800x600 and 1400x900.
//!
//! Analyses run on background threads, so the tests step frames until a condition holds,
//! with a generous timeout (and never assert on timing).

use blockslide_app::app::App;
use blockslide_app::command::Mode;
use blockslide_app::common::board::BOARD_LABEL;
use blockslide_app::solve::analyze::AnalyzeTab;
use blockslide_app::solve::analyze::charts::{CHOICES_LABEL, HISTOGRAM_LABEL};
use blockslide_app::solve::analyze::results::{MAKE_START, PREVIOUS_START_NOTE};
use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::Termination;
use blockslide_core::solve::api::{AnalyzeReport, ExploreReport};
use egui::accesskit::Role;
use egui::{Key, Pos2, Rect};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable, by};

use crate::driver::{
    PATIENCE, analyze, assert_clear, bundled, button, drag, harness, keys, press_button, text_of,
    wait_for,
};

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

/// A small piece set: a vertical domino to bring to the bottom right, a horizontal domino and
/// a single cell on a 3×3 board.
fn small_piece_set() -> Puzzle {
    let mut p = Puzzle::from_rows(&["A B B", "A . .", "C . ."], &[". . .", ". . A", ". . A"])
        .expect("valid rows");
    p.name = "Trio".into();
    p
}

#[test]
fn klotski_made_into_its_hardest_start_solves_in_the_hardest_distance() {
    let klotski = bundled("klotski.ron");
    let mut h = harness(klotski.clone(), Mode::Start, [1400.0, 1000.0]);

    // View > Analyze… opens the window; Klotski counts in moves, and the window says so.
    h.get_by_role_and_label(Role::Button, "View").click();
    h.run_ok();
    h.get_by(|n| n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with("Analyze")))
        .click();
    h.run_ok();
    assert!(h.state().analysis_open());
    assert_eq!(h.state().solve_view().metric(), Metric::Move);
    press_button(&mut h, "Analyze the design");
    wait_for(&mut h, PATIENCE, "the analysis of Klotski", |app| {
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
    press_button(&mut h, MAKE_START);
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
    wait_for(&mut h, PATIENCE, "the solve of the hardest start", |app| {
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

#[test]
fn exploring_a_piece_set_lists_hardest_starts_and_one_click_opens_one() {
    let puzzle = small_piece_set();
    let mut h = harness(puzzle.clone(), Mode::Start, [1400.0, 1000.0]);
    h.key_press(Key::F6);
    h.run_ok();
    assert!(h.state().analysis_open());
    h.get_by_role_and_label(Role::Button, "Piece set").click();
    h.run_ok();
    assert_eq!(
        h.state().solve_view().analyze_view().tab(),
        AnalyzeTab::PieceSet
    );
    press_button(&mut h, "Explore the piece set");
    wait_for(&mut h, PATIENCE, "the exploration", |app| {
        exploration(app).is_some()
    });
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
    let mut h = harness(tiles, Mode::Solve, [1400.0, 1000.0]);
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

    press_button(&mut h, "Analyze the design");
    assert!(h.state().solve_view().analyze_view().is_analyzing());
    h.get_by_label_contains("Analyzing…");
    press_button(&mut h, "Cancel the analysis");
    wait_for(&mut h, PATIENCE, "the cancelled analysis", |app| {
        analysis(app).is_some()
    });
    h.run_ok();
    let report = analysis(h.state()).unwrap();
    assert_eq!(report.status, Termination::Cancelled);
    assert!(!report.complete());
    assert!(report.hardest.is_none());
    h.get_by_label("Analysis cancelled: the figures below are partial");
}

/// The Analyze window at 800x600 reaches down to the status bar: no line of the panel under
/// it peeks out below its frame.
#[test]
fn the_analyze_window_reaches_the_status_bar_at_800x600() {
    let mut h = harness(bundled("klotski.ron"), Mode::Start, [800.0, 600.0]);
    h.key_press(Key::F6);
    h.run_ok();
    let window = h.get_by_role_and_label(Role::Window, "Analyze").rect();
    let bar = h.get_by_label("not saved yet").rect();
    assert!(
        window.max.y >= bar.min.y - 8.0 && window.max.y <= bar.max.y,
        "{window:?} above the status bar at {bar:?}"
    );
}

/// After "Make this the start" the analysis kept on screen is of the previous start, and
/// says so: the hardest start is harder than the previous start, not than "the start".
#[test]
fn after_make_this_the_start_the_kept_figures_name_the_previous_start() {
    let mut h = harness(bundled("eight-14.ron"), Mode::Start, [1400.0, 900.0]);
    analyze(&mut h);
    let before = h
        .get_by_label_contains("harder than the start.")
        .accesskit_node()
        .label()
        .unwrap_or_default();
    button(&h, "Make this the start").click();
    h.run_ok();
    let after = h.get_by_label_contains("harder than the previous start.");
    assert_eq!(
        after.accesskit_node().label().unwrap_or_default(),
        before.replace("the start", "the previous start")
    );
    assert!(
        h.query_by_label_contains("harder than the start.")
            .is_none()
    );
}

#[test]
fn the_analysis_charts_legends_sit_clear_of_their_bars() {
    let mut h = harness(bundled("two-by-three.ron"), Mode::Start, [1400.0, 1000.0]);
    analyze(&mut h);
    assert_clear(&h, HISTOGRAM_LABEL, "positions");
    assert_clear(&h, CHOICES_LABEL, "forced");
    assert_clear(&h, CHOICES_LABEL, "a choice");
}

#[test]
fn at_800x600_the_analyze_windows_tabs_and_figures_wrap_inside_it() {
    let mut h = harness(bundled("klotski.ron"), Mode::Start, [800.0, 600.0]);
    analyze(&mut h);
    let window = h.get_by_role_and_label(Role::Window, "Analyze").rect();
    let inside = |what: &str, rect: Rect| {
        assert!(
            rect.min.x >= window.min.x && rect.max.x <= window.max.x,
            "{what} at {rect:?} runs past the window at {window:?}"
        );
    };
    for tab in ["This start", "Piece set", "Make it harder…"] {
        inside(tab, h.get_by_label(tab).rect());
    }
    for figure in ["such position", "are forced"] {
        let node = h.get_by_label_contains(figure);
        node.scroll_to_me();
        inside(figure, node.rect());
    }
}

#[test]
fn the_analyze_window_opens_beside_the_board() {
    for size in [[800.0, 600.0], [1400.0, 900.0]] {
        let mut h = harness(bundled("klotski.ron"), Mode::Start, size);
        h.get_by_role_and_label(Role::Button, "View").click();
        h.run_ok();
        h.get_by(|n| {
            n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with("Analyze"))
        })
        .click();
        h.run_ok();
        let board = h.get_by_label(BOARD_LABEL).rect();
        let window = h.get_by_role_and_label(Role::Window, "Analyze").rect();
        assert!(
            !window.intersects(board),
            "at {size:?} the window {window:?} covers the board {board:?}"
        );
        let app = Rect::from_min_size(Pos2::ZERO, size.into());
        assert!(app.contains_rect(window), "at {size:?}: {window:?}");
    }
}

#[test]
fn the_analyze_window_moved_by_its_title_goes_off_the_board_when_the_app_grows() {
    let mut h = harness(bundled("klotski.ron"), Mode::Start, [800.0, 600.0]);
    analyze(&mut h);
    // The user nudges the window by its title bar, as one does with a mouse.
    let title = h.get_by_role_and_label(Role::Window, "Analyze").rect();
    let grip = egui::pos2(title.center().x, title.min.y + 10.0);
    drag(&mut h, grip, grip + egui::vec2(-6.0, 4.0));
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

#[test]
fn the_analyze_windows_charts_and_legends_fit_it_at_800x600() {
    use blockslide_app::solve::analyze::charts::{CHOICES_LABEL, HISTOGRAM_LABEL};
    let mut h = harness(
        bundled("rush-hour-halfway.ron"),
        Mode::Start,
        [800.0, 600.0],
    );
    analyze(&mut h);
    let window = h.get_by_role_and_label(Role::Window, "Analyze").rect();
    for label in [HISTOGRAM_LABEL, CHOICES_LABEL] {
        let chart = h.get_by_label(label);
        chart.scroll_to_me();
        h.run_ok();
        let chart = h.get_by_label(label).rect();
        assert!(
            chart.min.x >= window.min.x && chart.max.x <= window.max.x,
            "{label} at {chart:?}, the window at {window:?}"
        );
    }
    let start = h.get_by_label_contains("the start (").rect();
    assert!(
        start.max.x <= window.max.x,
        "the legend's {start:?} in {window:?}"
    );
}

#[test]
fn the_analyze_window_leaves_a_wide_board_clear_at_1400x900() {
    for file in ["rush-hour-halfway.ron", "klotski.ron"] {
        let mut h = harness(bundled(file), Mode::Start, [1400.0, 900.0]);
        keys(&mut h, egui::Modifiers::NONE, egui::Key::F6);
        let window = h.get_by_role_and_label(Role::Window, "Analyze").rect();
        let board = h.get_by_label(BOARD_LABEL).rect();
        assert!(
            !window.intersects(board.expand(4.0)),
            "{file}: {window:?} over the board {board:?}"
        );
    }
}

/// The Analyze window, and the board it must keep clear of.
fn analyze_and_board(h: &Harness<'static, App>) -> (Rect, Rect) {
    (
        h.get_by_role_and_label(Role::Window, "Analyze").rect(),
        h.get_by_label(BOARD_LABEL).rect(),
    )
}

#[test]
fn the_analyze_window_is_wide_enough_for_its_figures_and_off_the_board() {
    let mut h = harness(bundled("klotski.ron"), Mode::Start, [800.0, 600.0]);
    analyze(&mut h);
    let (window, board) = analyze_and_board(&h);
    assert!(
        !window.intersects(board),
        "{window:?} over the board {board:?}"
    );
    // Each figure in a line of its own: the start's distance, at least, is not wrapped.
    let start = h
        .query_all(by().label_contains(" from the goal"))
        .find(|n| text_of(n).is_some_and(|t| t.starts_with(|c: char| c.is_ascii_digit())))
        .expect("the start's distance")
        .rect();
    let line = h.get_by_label("The start").rect().height();
    assert!(start.height() < line * 1.5, "{start:?}: wrapped");
    // The same session at 1400x900: wider, and still off the board.
    h.set_size(egui::vec2(1400.0, 900.0));
    h.run_ok();
    let (wider, board) = analyze_and_board(&h);
    assert!(
        !wider.intersects(board),
        "{wider:?} over the board {board:?}"
    );
    assert!(wider.width() >= 380.0, "{wider:?}");
    assert!(
        wider.width() > window.width() + 100.0,
        "{wider:?} {window:?}"
    );
}

#[test]
fn making_the_hardest_start_keeps_the_analysis_and_shows_the_new_start() {
    let puzzle = bundled("two-by-three.ron");
    let mut h = harness(puzzle.clone(), Mode::Start, [1400.0, 900.0]);
    h.key_press(Key::F6);
    h.run_ok();
    button(&h, "Analyze the design").click();
    h.run_ok();
    wait_for(&mut h, PATIENCE, "the analysis", |app| {
        app.solve_view().analyze_view().analysis().is_some()
    });
    h.run_ok();
    let report = h
        .state()
        .solve_view()
        .analyze_view()
        .analysis()
        .unwrap()
        .clone()
        .expect("the analysis ran");
    let hardest = report.hardest.clone().expect("a complete analysis");
    assert!(Some(hardest.distance) > report.start_distance);

    button(&h, MAKE_START).click();
    h.run_ok();
    assert_eq!(h.state().document().puzzle().cells, hardest.position.cells);
    assert!(h.state().status().contains("hardest position"));
    // The notes, which gave the old start's optimum, say the start changed.
    let notes = &h.state().document().puzzle().notes;
    assert!(notes.starts_with(puzzle.notes.trim_end()), "{notes}");
    assert!(
        notes.ends_with(&format!(
            "The start is a hardest position, found by Analyze: {} steps from the goal. What \
             the notes above say of the optimum was of an earlier start.",
            hardest.distance
        )),
        "{notes}"
    );
    // The figures stay, marked as of the previous start...
    let view = h.state().solve_view().analyze_view();
    assert!(view.is_of_previous_start());
    let kept = view.analysis().unwrap().clone().unwrap();
    assert_eq!(kept.start_distance, report.start_distance);
    // ...and the window stays open beside the board with the new start, its numbers there,
    // saying which start they are of.
    let window = h
        .ctx
        .memory(|m| m.area_rect(h.state().solve_view().analyze_view().window_id()))
        .expect("the window is shown");
    let board = h.get_by_label(BOARD_LABEL).rect();
    assert!(!window.intersects(board), "{window:?} over {board:?}");
    h.get_by_label(PREVIOUS_START_NOTE);
    h.get_by_label("Positions in reach");
    assert!(
        h.get_by_role_and_label(Role::Button, MAKE_START)
            .accesskit_node()
            .is_disabled()
    );
}

#[test]
fn a_single_hardest_start_is_one_such_position() {
    let puzzle = Puzzle::from_rows(&["A . ."], &[". . A"]).unwrap();
    let mut h = harness(puzzle, Mode::Start, [1400.0, 1000.0]);
    analyze(&mut h);
    h.get_by_label_contains("(1 such position)");
    assert!(h.query_by_label_contains("such positions").is_none());
}
