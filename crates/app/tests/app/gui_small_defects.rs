//! UI tests of the smaller defects of issue 25 (defect 8), each acted out as the user met it:
//! "Make this the start" in the Analyze window, the playback's glide, the algorithm list,
//! the move list of a compared run, the heuristic plot's title, F5 with an empty goal, the
//! Library's thumbnails and stale status messages.
//!
//! Searches and analyses run on background threads, so the tests step frames until a
//! condition holds, with a generous timeout (and never assert on timing).

use crate::gui_support;
use crate::gui_support::{button, choose, menu};

use gui_support::bundled;

use std::time::{Duration, Instant};

use egui::accesskit::Role;
use egui::{Color32, Key, Pos2, Shape};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use blockslide_app::app::App;
use blockslide_app::command::Mode;
use blockslide_app::common::board::{BOARD_LABEL, cell_rect};
use blockslide_app::solve::analyze::results::{MAKE_START, PREVIOUS_START_NOTE};
use blockslide_app::solve::availability::EMPTY_GOAL;
use blockslide_app::solve::panel::Outcome;
use blockslide_app::solve::playback::Playback;
use blockslide_core::model::Puzzle;
use blockslide_core::solve::Algorithm;

/// A generous bound for background work in a debug build on a busy machine.
const PATIENCE: Duration = Duration::from_mins(3);

fn harness(puzzle: Puzzle, mode: Mode) -> Harness<'static, App> {
    gui_support::harness(puzzle, mode, [1400.0, 900.0])
}

/// Steps frames until `done` holds for the app, panicking after [`PATIENCE`].
fn wait_for(h: &mut Harness<'static, App>, what: &str, done: impl Fn(&App) -> bool) {
    gui_support::wait_for(h, PATIENCE, what, done);
}

fn solve(h: &mut Harness<'static, App>, algorithm: Algorithm) {
    button(h, "Solve the puzzle").click();
    h.run_ok();
    wait_for(h, "the solve and its heuristic plot", |app| {
        app.solve_view()
            .playback()
            .is_some_and(|p| p.report().algorithm == algorithm && p.h_path().is_some())
    });
    h.run_ok();
}

#[test]
fn making_the_hardest_start_keeps_the_analysis_and_shows_the_new_start() {
    let puzzle = bundled("two-by-three.ron");
    let mut h = harness(puzzle.clone(), Mode::Start);
    h.key_press(Key::F6);
    h.run_ok();
    button(&h, "Analyze the design").click();
    h.run_ok();
    wait_for(&mut h, "the analysis", |app| {
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

/// The fill of the topmost rectangle painted over `at` in the last frame.
fn top_fill(h: &Harness<'static, App>, at: Pos2) -> Option<Color32> {
    gui_support::flat_shapes(&h.output().shapes)
        .iter()
        .filter_map(|s| match s {
            Shape::Rect(r) if r.rect.contains(at) => Some(r.fill),
            _ => None,
        })
        .next_back()
}

#[test]
fn a_piece_gliding_in_playback_leaves_empty_cells_behind_it() {
    // One piece, one step right to its goal; the last two cells stay empty throughout.
    let puzzle = Puzzle::from_rows(&["A . . ."], &[". A . ."]).expect("valid rows");
    let mut h = harness(puzzle, Mode::Solve);
    h.get_by_role_and_label(Role::Button, "View").click();
    h.run_ok();
    h.get_by_role_and_label(Role::CheckBox, "Animations")
        .click();
    h.run_ok();
    h.key_press(Key::Escape);
    h.run_ok();
    assert!(h.state().animations());

    h.key_press(Key::F5);
    let start = Instant::now();
    loop {
        h.step();
        let offset = h
            .state()
            .solve_view()
            .playback()
            .and_then(Playback::glide_offset);
        if offset.is_some_and(|(_, o)| o.x > 0.3) {
            break;
        }
        assert!(
            start.elapsed() < PATIENCE,
            "timed out waiting for the glide"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    // Mid-glide: the cell the piece is leaving shows as empty as a cell never occupied,
    // not the dark frame under it.
    let board = h.get_by_label(BOARD_LABEL).rect();
    let empty = cell_rect(board, 1, 4, 0, 3).center();
    let left = cell_rect(board, 1, 4, 0, 0);
    let behind = Pos2::new(left.left() + 0.15 * left.width(), left.center().y);
    let empty_fill = top_fill(&h, empty).expect("an empty cell is painted");
    assert_eq!(top_fill(&h, behind), Some(empty_fill));
}

#[test]
fn the_algorithm_list_shows_every_algorithm_without_scrolling() {
    let mut h = harness(bundled("two-by-three.ron"), Mode::Solve);
    h.get_by_role_and_label(Role::ComboBox, "Algorithm").click();
    h.run_ok();
    // The last entry is clicked where it is drawn, with no scrolling first.
    button(&h, "Bidirectional BFS").click();
    h.run_ok();
    assert_eq!(
        h.state().solve_view().panel().settings.algorithm,
        Some(Algorithm::Bibfs)
    );
}

/// The move list's row whose label starts with `start`.
fn move_row<'a>(h: &'a Harness<'_, App>, start: &'a str) -> Option<egui_kittest::Node<'a>> {
    h.query_by(move |n| n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with(start)))
}

#[test]
fn a_compared_run_plays_back_from_the_start_of_its_move_list_one_line_a_move() {
    let mut h = gui_support::harness(bundled("two-by-three.ron"), Mode::Solve, [1200.0, 600.0]);
    button(&h, "Classic six").click();
    h.run_ok();
    h.get_by_label("Run comparison").click();
    h.step();
    wait_for(&mut h, "the comparison", |app| {
        !app.solve_view().compare().is_running() && !app.solve_view().compare().rows().is_empty()
    });
    h.run_ok();

    // Depth-first's long detour, played to its end: the list scrolls to its last move.
    h.get_by_role_and_label(Role::Link, "Depth-first").click();
    h.run_ok();
    let moves = h.state().solve_view().playback().expect("DFS solved").len();
    button(&h, "Last").click();
    h.run_ok();
    assert!(move_row(&h, "   0. start").is_none(), "{moves} moves fit");

    // Chosen again from the comparison, it starts at move 0, and so does its list.
    h.get_by_role_and_label(Role::Button, "Compare").click();
    h.run_ok();
    h.get_by_role_and_label(Role::Link, "Depth-first").click();
    h.run_ok();
    assert_eq!(h.state().solve_view().playback().unwrap().index(), 0);
    let start = move_row(&h, "   0. start").expect("the list shows its start");
    let line = start.rect().height();
    let first = move_row(&h, "   1. ").expect("the first move shows");
    assert!(
        first.rect().height() <= line + 0.5,
        "one line a move: {} against {line}",
        first.rect().height()
    );
    // Its tooltip gives the move whole: the row, and the tooltip beside it.
    let rows = h.query_all_by_label_contains("(tile").count();
    first.hover();
    // A tooltip waits for the pointer to rest; on a busy machine that takes a few frames more.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while h.query_all_by_label_contains("(tile").count() == rows
        && std::time::Instant::now() < deadline
    {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(h.query_all_by_label_contains("(tile").count(), rows + 1);
}

#[test]
fn the_heuristic_plot_is_titled_by_the_heuristic_the_run_used_or_none() {
    let mut h = harness(bundled("two-by-three.ron"), Mode::Solve);
    choose(&mut h, "Algorithm", "Breadth-first");
    solve(&mut h, Algorithm::Bfs);
    assert!(
        h.query_by_label_contains("Heuristic along the solution:")
            .is_none()
    );
    h.get_by_label_contains("No heuristic in this run;");

    choose(&mut h, "Algorithm", "A*");
    solve(&mut h, Algorithm::Astar);
    h.get_by_label_contains("Heuristic along the solution: ");
    assert!(
        h.query_by_label_contains("No heuristic in this run")
            .is_none()
    );
}

#[test]
fn f5_with_an_empty_goal_refuses_and_says_why() {
    let puzzle = Puzzle::from_rows(&["A . .", ". . ."], &[]).expect("valid rows");
    let mut h = harness(puzzle, Mode::Start);
    h.key_press(Key::F5);
    h.run_ok();
    assert_eq!(h.state().mode(), Mode::Solve);
    // Nothing to wait for: the refusal comes before any search.
    assert!(!h.state().solve_view().panel().is_running());
    match h.state().solve_view().panel().outcome() {
        Some(Outcome::Refused(why)) => assert_eq!(why, EMPTY_GOAL),
        other => panic!("expected a refusal, got {other:?}"),
    }
    assert!(h.state().solve_view().playback().is_none());
    // In the solver panel, and where the solution would play back.
    assert_eq!(
        h.get_all_by_label_contains("The goal is empty: paint the goal in the Goal tab")
            .count(),
        2
    );
}

#[test]
fn library_thumbnails_of_rush_hour_are_as_large_as_the_others() {
    let mut h = harness(bundled("klotski.ron"), Mode::Start);
    menu(&mut h, "File", "Library");
    assert!(h.state().library_open());
    let area = |h: &Harness<'static, App>, name: &str| {
        let rect = h.get_by_label(&format!("Preview of {name}")).rect();
        rect.width() * rect.height()
    };
    let rush_hour = area(&h, "Rush Hour: 54 moves");
    let fifteen = area(&h, "15-puzzle: a friendly start");
    let klotski = area(&h, "Klotski (Huarong Dao)");
    assert!(
        rush_hour >= 0.6 * fifteen.min(klotski),
        "Rush Hour {rush_hour} against {fifteen} and {klotski}"
    );
}

#[test]
fn a_status_message_goes_at_the_next_action() {
    let mut rows = vec![". . . ."; 4];
    rows[0] = "A . . .";
    let mut h = harness(Puzzle::from_rows(&rows, &[]).unwrap(), Mode::Start);
    // The Wall tool asked for in the Goal tab: the status bar says why it is not there.
    h.key_press(Key::F2);
    h.run_ok();
    h.key_press(Key::W);
    h.run_ok();
    assert!(
        h.state().status().contains("Wall"),
        "{}",
        h.state().status()
    );
    h.get_by_label_contains("is for the start position");

    // The next action (opening the Analyze window) leaves no message of its own, and the
    // last one's is gone.
    menu(&mut h, "View", "Analyze");
    assert!(h.state().analysis_open());
    assert_eq!(h.state().status(), "");
    assert!(
        h.query_by_label_contains("is for the start position")
            .is_none()
    );
}
