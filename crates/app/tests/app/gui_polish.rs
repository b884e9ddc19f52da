//! UI tests of defects found by trying the app as a new user would: drags in Play that
//! counted several steps, paint strokes that lost cells, and solutions thrown away by edits
//! that do not change the puzzle.

use crate::gui_support;

use egui::accesskit::Role;
use egui::{Event, Key, Modifiers, PointerButton, Pos2, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use blockslide_app::app::dialogs::PATH_FIELD_LABEL;
use blockslide_app::app::{self as gui_app, App, SOLVE_AND_PLAY_LABEL};
use blockslide_app::command::{Command, Mode, Tool};
use blockslide_app::common::board::{BOARD_LABEL, cell_center};
use blockslide_app::common::format;
use blockslide_app::solve::compare::{ComparePair, CompareRow};
use blockslide_app::solve::panel::Outcome;
use blockslide_app::solve::play::PlayedStep;
use blockslide_app::solve::playback::{Playback, Truth};
use blockslide_core::model::{Cell, Dir, Metric, Puzzle, Token};
use blockslide_core::solve::{self as api, Algorithm, SearchControl, SolveRequest};

fn harness(puzzle: Puzzle, mode: Mode) -> Harness<'static, App> {
    gui_support::harness(puzzle, mode, [1400.0, 900.0])
}

fn board_cell(h: &Harness<'static, App>, rows: usize, cols: usize, r: usize, c: usize) -> Pos2 {
    let rect = h.get_by_label(BOARD_LABEL).rect();
    cell_center(rect, rows, cols, r, c)
}

fn played(h: &Harness<'static, App>) -> Vec<PlayedStep> {
    h.state().solve_view().play().unwrap().history().to_vec()
}

/// Presses at `from`, moves the pointer to `to` a few points a frame, holds it there for
/// several frames, then releases it.
fn drag_and_hold(h: &mut Harness<'static, App>, from: Pos2, to: Pos2) {
    h.hover_at(from);
    h.step();
    h.drag_at(from);
    h.step();
    for k in 1..=16 {
        h.hover_at(from + (to - from) * (k as f32 / 16.0));
        h.step();
    }
    for _ in 0..8 {
        h.step();
    }
    h.drop_at(to);
    h.step();
    h.run_ok();
}

#[test]
fn a_drag_held_at_half_a_cell_makes_at_most_one_step_and_never_bounces() {
    // 1 2 3 / 4 5 6 / . 7 8: tile 7 can slide left into the blank (and that does not solve
    // the puzzle, which would stop play).
    let puzzle = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 0, 7, 8], None).unwrap();
    let mut h = harness(puzzle, Mode::Play);
    let from = board_cell(&h, 3, 3, 2, 1);
    let cell = h.get_by_label(BOARD_LABEL).rect().width() / 3.0;
    drag_and_hold(&mut h, from, from - vec2(cell / 2.0, 0.0));
    let steps = played(&h);
    assert!(
        steps.len() <= 1,
        "half a cell made {} steps: {steps:?}",
        steps.len()
    );
    assert!(
        steps
            .iter()
            .all(|s| s.piece == Token::number(7) && s.dir == Dir::Left),
        "{steps:?}"
    );
}

#[test]
fn a_drag_held_one_cell_away_makes_exactly_one_step() {
    let puzzle = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 0, 7, 8], None).unwrap();
    let mut h = harness(puzzle, Mode::Play);
    let from = board_cell(&h, 3, 3, 2, 1);
    let to = board_cell(&h, 3, 3, 2, 0);
    drag_and_hold(&mut h, from, to);
    assert_eq!(
        played(&h),
        [PlayedStep {
            piece: Token::number(7),
            dir: Dir::Left
        }]
    );
    h.get_by_label("1 step");
}

/// The point at `(x, y)` in cells (fractions allowed) from the board's top-left corner.
fn board_point(h: &Harness<'static, App>, x: f32, y: f32) -> Pos2 {
    let p = h.state().document().puzzle();
    let rect = h.get_by_label(BOARD_LABEL).rect();
    let size = vec2(rect.width() / p.cols as f32, rect.height() / p.rows as f32);
    rect.min + vec2(x * size.x, y * size.y)
}

/// A quick stroke: the press and the pointer's samples `(x, y)` (in cells) all arrive
/// within one frame, as they do when the hand is faster than the frame rate (the harness's
/// own `hover_at` and `drag_at` would give each its own frame); the button is released on a
/// later frame.
fn quick_stroke(h: &mut Harness<'static, App>, samples: &[(f32, f32)]) {
    let points: Vec<Pos2> = samples.iter().map(|&(x, y)| board_point(h, x, y)).collect();
    h.hover_at(points[0]);
    h.step();
    let events = &mut h.input_mut().events;
    events.push(Event::PointerButton {
        pos: points[0],
        button: PointerButton::Primary,
        pressed: true,
        modifiers: Modifiers::NONE,
    });
    events.extend(points[1..].iter().map(|&p| Event::PointerMoved(p)));
    h.step();
    h.drop_at(*points.last().unwrap());
    h.step();
    h.run_ok();
}

/// A stroke with each of the pointer's samples `(x, y)` (in cells) on a frame of its own.
fn stroke(h: &mut Harness<'static, App>, samples: &[(f32, f32)]) {
    let points: Vec<Pos2> = samples.iter().map(|&(x, y)| board_point(h, x, y)).collect();
    h.hover_at(points[0]);
    h.drag_at(points[0]);
    for &p in &points[1..] {
        h.hover_at(p);
    }
    h.drop_at(*points.last().unwrap());
    h.step();
    h.run_ok();
}

fn empty_board(rows: usize, cols: usize) -> Puzzle {
    let row = vec!["."; cols].join(" ");
    Puzzle::from_rows(&vec![row; rows], &[]).unwrap()
}

fn walls(h: &Harness<'static, App>) -> Vec<(usize, usize)> {
    let p = h.state().document().puzzle();
    (0..p.rows)
        .flat_map(|r| (0..p.cols).map(move |c| (r, c)))
        .filter(|&(r, c)| p.cell(r, c) == Cell::Wall)
        .collect()
}

#[test]
fn a_quick_wall_stroke_paints_from_the_pressed_cell_on() {
    let mut h = harness(empty_board(32, 32), Mode::Start);
    h.key_press(Key::W);
    h.run_ok();
    // Along row 5 from column 2 to column 12, sampled every three cells or so.
    quick_stroke(&mut h, &[(2.5, 5.5), (5.2, 5.5), (8.7, 5.4), (12.5, 5.5)]);
    let expected: Vec<(usize, usize)> = (2..=12).map(|c| (5, c)).collect();
    assert_eq!(walls(&h), expected);
}

#[test]
fn a_quick_diagonal_stroke_starts_where_pressed_and_leaves_no_diagonal_gaps() {
    let mut h = harness(empty_board(32, 32), Mode::Start);
    h.key_press(Key::W);
    h.run_ok();
    quick_stroke(&mut h, &[(2.5, 2.5), (6.5, 6.8), (10.5, 10.5)]);
    let painted = walls(&h);
    assert!(painted.contains(&(2, 2)), "the pressed cell: {painted:?}");
    assert!(painted.contains(&(10, 10)), "the last cell: {painted:?}");
    // Every painted cell but the first touches an earlier one along a side.
    let mut reached = vec![(2, 2)];
    let mut rest: Vec<(usize, usize)> = painted.into_iter().filter(|&c| c != (2, 2)).collect();
    while let Some(i) = rest.iter().position(|&(r, c)| {
        reached
            .iter()
            .any(|&(r2, c2)| r.abs_diff(r2) + c.abs_diff(c2) == 1)
    }) {
        reached.push(rest.swap_remove(i));
    }
    assert!(rest.is_empty(), "cells joined only at a corner: {rest:?}");
}

fn select_piece(h: &mut Harness<'static, App>, token: &str) {
    let named = format!("{token}  ");
    h.get_by(move |n| {
        n.role() == Role::Button
            && n.label()
                .is_some_and(|l| l == token || l.starts_with(&named))
    })
    .click();
    h.run_ok();
}

#[test]
fn a_goal_stroke_that_turns_a_corner_paints_the_corner_cell() {
    let mut rows = vec![". . . . . . . ."; 8];
    rows[7] = "A . . . . . . .";
    let mut h = harness(Puzzle::from_rows(&rows, &[]).unwrap(), Mode::Goal);
    select_piece(&mut h, "A");
    h.key_press(Key::B);
    h.run_ok();
    // Right along row 0, cutting the corner at (0, 3) on the way down column 3; one frame
    // ends in (0, 2) and the next starts in (1, 3).
    stroke(&mut h, &[(0.5, 0.5), (2.9, 0.5), (3.5, 1.1), (3.5, 3.5)]);
    let p = h.state().document().puzzle();
    let named: Vec<(usize, usize)> = (0..p.rows * p.cols)
        .filter(|&i| p.goal.cells[i] == Some(Token::new("A").unwrap()))
        .map(|i| (i / p.cols, i % p.cols))
        .collect();
    assert_eq!(
        named,
        [(0, 0), (0, 1), (0, 2), (0, 3), (1, 3), (2, 3), (3, 3)]
    );
}

/// Steps frames until `done` holds for the app, panicking after two minutes.
fn wait_for(h: &mut Harness<'static, App>, what: &str, done: impl Fn(&App) -> bool) {
    gui_support::wait_for(h, std::time::Duration::from_mins(2), what, done);
    h.run_ok();
}

/// Clicks the text field labelled `label` in the properties and types `text` at its end.
fn type_into(h: &mut Harness<'static, App>, label: &str, text: &str) {
    h.get_by_label(label).click();
    h.run_ok();
    h.get_by_label(label).type_text(text);
    h.run_ok();
}

/// Carries out `command` as the app does after its panels have drawn, then draws.
fn apply(h: &mut Harness<'static, App>, command: Command) {
    let ctx = h.ctx.clone();
    h.state_mut().apply(command, &ctx);
    h.run_ok();
}

fn has_results(app: &App) -> bool {
    let view = app.solve_view();
    view.playback().is_some()
        && view.panel().outcome().is_some()
        && !view.compare().rows().is_empty()
}

#[test]
fn renaming_the_puzzle_or_writing_notes_keeps_the_solution_and_the_comparison() {
    // The 2x3 seed without the bundled file's name and notes, so that typing fills empty
    // fields.
    let puzzle = Puzzle::tiles(2, 3, &[5, 4, 2, 1, 3, 0], None).unwrap();
    let mut h = harness(puzzle, Mode::Solve);
    h.get_by_label("Solve the puzzle").click();
    h.step();
    wait_for(&mut h, "the solve", |app| {
        app.solve_view().playback().is_some()
    });
    // The solver panel scrolls: the summary can push the comparison's controls down.
    h.get_by_label("Run comparison").scroll_to_me();
    h.run_ok();
    h.get_by_label("Run comparison").click();
    h.step();
    wait_for(&mut h, "the comparison", |app| {
        !app.solve_view().compare().is_running() && !app.solve_view().compare().rows().is_empty()
    });
    assert!(has_results(h.state()));

    h.get_by_label("Start").click();
    h.run_ok();
    type_into(&mut h, "Name", "Seed");
    type_into(&mut h, "Notes", "From the seeds' set.");
    let p = h.state().document().puzzle();
    assert_eq!(
        (p.name.as_str(), p.notes.as_str()),
        ("Seed", "From the seeds' set.")
    );
    h.get_by_label("Solve").click();
    h.run_ok();
    assert!(
        has_results(h.state()),
        "the name and notes do not change what is solved"
    );

    // Undoing the notes keeps them too; a change of metric is a change to the puzzle.
    apply(&mut h, Command::Undo);
    assert_eq!(h.state().document().puzzle().notes, "");
    assert!(has_results(h.state()));
    apply(&mut h, Command::SetMetric(Some(Metric::Move)));
    assert!(h.state().solve_view().playback().is_none());
    assert!(h.state().solve_view().compare().rows().is_empty());
}

/// Clicks the middle of cell `(r, c)` of the board.
fn click_cell(h: &mut Harness<'static, App>, r: usize, c: usize) {
    let p = h.state().document().puzzle();
    let (rows, cols) = (p.rows, p.cols);
    let at = board_cell(h, rows, cols, r, c);
    h.hover_at(at);
    h.drag_at(at);
    h.drop_at(at);
    h.run_ok();
}

#[test]
fn the_wall_tool_gives_way_to_paint_in_the_goal_tab_and_says_why() {
    let mut rows = vec![". . . ."; 4];
    rows[0] = "A . . .";
    let mut h = harness(Puzzle::from_rows(&rows, &[]).unwrap(), Mode::Start);
    h.key_press(Key::W);
    h.run_ok();
    h.key_press(Key::F2);
    h.run_ok();
    assert_eq!(h.state().mode(), Mode::Goal);
    assert_eq!(h.state().tool(), Tool::Paint);
    assert!(
        h.state().status().contains("Wall"),
        "{}",
        h.state().status()
    );

    // The Wall key in the Goal tab says where walls are drawn instead of doing nothing.
    h.key_press(Key::W);
    h.run_ok();
    assert_eq!(h.state().tool(), Tool::Paint);
    assert!(
        h.state().status().contains("Start tab"),
        "{}",
        h.state().status()
    );
    // A click with the piece selected paints the goal.
    select_piece(&mut h, "A");
    click_cell(&mut h, 3, 3);
    let p = h.state().document().puzzle();
    assert_eq!(p.goal.cells[15], Some(Token::new("A").unwrap()));
}

#[test]
fn a_message_leaves_the_status_bar_when_the_tab_changes() {
    let mut h = harness(empty_board(4, 4), Mode::Start);
    h.key_press(Key::W);
    h.run_ok();
    click_cell(&mut h, 1, 1);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run_ok();
    h.get_by_label("Undid Paint walls");
    h.key_press(Key::F3);
    h.run_ok();
    assert!(h.query_by_label("Undid Paint walls").is_none());
}

#[test]
fn one_piece_is_counted_as_one_piece() {
    let puzzle = Puzzle::from_rows(&["A . .", ". # ."], &[]).unwrap();
    let h = harness(puzzle, Mode::Start);
    h.get_by_label("1 piece, 4 empty cells, 1 wall");
}

#[test]
fn a_file_error_counts_rows_from_one_like_the_status_bar() {
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("ragged.ron");
    std::fs::write(
        &path,
        "(\n    format: 1,\n    board: [\"A A .\", \". .\"],\n)\n",
    )
    .unwrap();
    let mut h = harness(empty_board(2, 2), Mode::Start);
    apply(&mut h, Command::OpenPath(path));
    let (_, message) = h.state().error_message().expect("an error dialog");
    assert!(
        message.contains("row 2 has 2 cells but row 1 has 3"),
        "{message}"
    );
}

#[test]
fn opening_a_puzzle_from_the_library_closes_the_library() {
    let mut h = harness(empty_board(2, 2), Mode::Start);
    apply(&mut h, Command::ShowLibrary(true));
    assert!(h.state().library_open());
    h.get_all_by_label("Open").next().unwrap().click();
    h.run_ok();
    assert!(!h.state().library_open());
    assert_ne!(
        h.state().document().puzzle().rows,
        2,
        "a bundled puzzle opened"
    );
}

#[test]
fn heuristics_are_listed_by_name_with_the_solver_id_as_a_tooltip() {
    let puzzle = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 0, 7, 8], None).unwrap();
    let mut h = harness(puzzle, Mode::Solve);
    h.get_by_role_and_label(Role::ComboBox, "Heuristic").click();
    h.run_ok();
    assert!(h.query_by_label("manhattan").is_none());
    let entry = h.get_by_role_and_label(Role::Button, "Manhattan distance");
    entry.hover();
    h.run_steps(8);
    h.get_by_label("`manhattan`: sum of each tile's row and column distance to its goal cell");
    // The comparison's pairs name them the same way.
    h.key_press(Key::Escape);
    h.run_ok();
    h.get_by_label("Remove A* + Manhattan distance");
    assert!(h.query_by_label_contains("+ manhattan").is_none());
}

#[test]
fn f5_in_the_start_tab_solves_and_plays_the_solution_to_the_end() {
    let puzzle = gui_support::bundled("two-by-three.ron");
    let mut h = harness(puzzle.clone(), Mode::Start);
    h.key_press(Key::F5);
    h.step();
    assert_eq!(h.state().mode(), Mode::Solve);
    wait_for(&mut h, "the solution to play", |app| {
        app.solve_view()
            .playback()
            .is_some_and(Playback::is_playing)
    });
    wait_for(&mut h, "the playback to reach the goal", |app| {
        app.solve_view()
            .playback()
            .is_some_and(|p| !p.is_playing() && p.index() == p.len())
    });
    let end = h
        .state()
        .solve_view()
        .playback()
        .unwrap()
        .position()
        .clone();
    assert!(puzzle.goal_satisfied_by(&end.cells));
}

#[test]
fn the_solve_and_play_button_works_from_the_goal_tab() {
    let puzzle = Puzzle::tiles(2, 2, &[1, 2, 0, 3], None).unwrap();
    let mut h = harness(puzzle, Mode::Goal);
    h.get_by_label(SOLVE_AND_PLAY_LABEL).click();
    h.step();
    assert_eq!(h.state().mode(), Mode::Solve);
    wait_for(&mut h, "the solution to play", |app| {
        app.solve_view()
            .playback()
            .is_some_and(|p| p.is_playing() || p.index() == p.len())
    });
}

fn big_board() -> Puzzle {
    let mut rows = vec![vec!["."; 32].join(" "); 32];
    rows[0] = format!("A {}", vec!["."; 31].join(" "));
    Puzzle::from_rows(&rows, &[]).unwrap()
}

fn cell_side(h: &Harness<'static, App>) -> f32 {
    h.get_by_label(BOARD_LABEL).rect().width() / 32.0
}

#[test]
fn in_a_small_window_the_board_keeps_room_and_the_panels_collapse() {
    let mut h = gui_support::harness(big_board(), Mode::Start, [800.0, 600.0]);
    let with_panels = cell_side(&h);
    assert!(with_panels >= 10.0, "cells of {with_panels} px");
    h.key_press(Key::F9);
    h.run_ok();
    let alone = cell_side(&h);
    assert!(alone >= 14.0, "cells of {alone} px without the panels");
    assert!(h.query_by_label("Tools").is_none(), "the tools are hidden");
    // The button beside the tabs brings them back.
    h.get_by_label(gui_app::PANELS_LABEL).click();
    h.run_ok();
    h.get_by_label("Tools");
}

#[test]
fn in_a_small_window_the_playback_controls_and_export_fit_beside_the_solver() {
    let puzzle = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 0, 7, 8], None).unwrap();
    // The smallest window the app allows.
    let mut h = gui_support::harness(puzzle, Mode::Solve, [720.0, 480.0]);
    h.get_by_label("Solve the puzzle").click();
    h.step();
    wait_for(&mut h, "the solve", |app| {
        app.solve_view().playback().is_some()
    });
    let side = h.get_by_label("Solve the puzzle").rect().min.x;
    for label in ["Last", "Move", "of 2", "Copy moves as text", "Copy as JSON"] {
        let rect = h.get_by_label(label).rect();
        assert!(
            rect.max.x <= side && rect.max.y <= 480.0,
            "{label} at {rect:?} is cut off (the solver panel starts at x = {side})"
        );
    }
}

#[test]
fn the_comparison_table_writes_fast_times_and_long_lengths_readably() {
    // DFS wanders: on the 8-puzzle its solution runs to thousands of steps.
    let puzzle = gui_support::bundled("eight-31a.ron");
    let rows: Vec<CompareRow> = [Algorithm::Dfs, Algorithm::Astar]
        .into_iter()
        .map(|algorithm| {
            let request = SolveRequest {
                algorithm,
                metric: Some(Metric::Step),
                ..crate::fixtures::request()
            };
            let mut report = api::solve(
                &puzzle,
                &request,
                SearchControl::new(blockslide_core::solve::Limits::default()),
            )
            .unwrap();
            // A run well under a millisecond, as A* on a small board is.
            report.stats.elapsed = std::time::Duration::from_micros(42);
            CompareRow {
                pair: ComparePair::new(algorithm, None),
                result: Ok(std::sync::Arc::new(report)),
            }
        })
        .collect();
    let dfs_length = rows[0].result.as_ref().unwrap().length().unwrap();
    assert!(dfs_length >= 1000, "DFS found {dfs_length} steps");
    let mut h = harness(puzzle.clone(), Mode::Solve);
    let ctx = h.ctx.clone();
    h.state_mut()
        .solve_view_mut()
        .show_comparison(&puzzle, rows, &ctx);
    h.run_ok();
    h.get_by_label(&format::thousands(dfs_length as u64));
    assert_eq!(h.get_all_by_label("0.042").count(), 2);
    assert!(h.query_by_label("0.0").is_none());
}

#[test]
fn a_greedy_solution_plots_the_true_distance_not_the_moves_left() {
    // The 8-puzzle's hardest start: 31 steps at best, many more for Greedy.
    let puzzle = gui_support::bundled("eight-31a.ron");
    let mut h = harness(puzzle, Mode::Solve);
    h.get_by_role_and_label(Role::ComboBox, "Algorithm").click();
    h.run_ok();
    h.get_by_role_and_label(Role::Button, "Greedy best-first")
        .click();
    h.run_ok();
    h.get_by_role_and_label(Role::ComboBox, "Heuristic").click();
    h.run_ok();
    h.get_by_role_and_label(Role::Button, "Manhattan distance")
        .click();
    h.run_ok();
    h.get_by_label("Solve the puzzle").click();
    h.step();
    wait_for(&mut h, "the solve and its true distances", |app| {
        app.solve_view()
            .playback()
            .is_some_and(|p| p.truth().is_some() && p.h_path().is_some())
    });
    let playback = h.state().solve_view().playback().unwrap();
    let shown = playback.len();
    assert!(!playback.report().optimal && shown > 31, "{shown} steps");
    let Some(Truth::Exact { distances, mapped }) = playback.truth() else {
        panic!("{:?}", playback.truth());
    };
    assert!(mapped);
    assert_eq!(
        distances[0], 31,
        "the start is 31 steps from the goal, not {shown}"
    );
    h.get_by_label_contains("True distance: exact at every position");
}

/// The app with `folder` as the user's puzzles folder (the Library's).
fn harness_with_folder(puzzle: Puzzle, folder: &std::path::Path) -> Harness<'static, App> {
    let mut app = gui_support::app(puzzle);
    app.set_library_folder(Some(folder.to_path_buf()));
    let mut h = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_eframe(|_| app);
    h.run_ok();
    h
}

fn path_field(h: &Harness<'static, App>) -> String {
    h.get_by_label(PATH_FIELD_LABEL).value().unwrap_or_default()
}

#[test]
fn the_typed_open_dialog_starts_in_the_puzzles_folder_takes_typing_and_lists_its_files() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("puzzles");
    std::fs::create_dir(&folder).unwrap();
    let kept = Puzzle::tiles(2, 2, &[1, 2, 0, 3], None).unwrap();
    blockslide_core::model::file::save(&folder.join("little.ron"), &kept).unwrap();
    let mut h = harness_with_folder(empty_board(3, 3), &folder);
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run_ok();
    let start = path_field(&h);
    assert_eq!(
        std::path::Path::new(&start),
        folder.as_path(),
        "the field starts at the folder: {start}"
    );
    // Typing goes to the field at once.
    h.event(Event::Text("li".into()));
    h.run_ok();
    assert!(path_field(&h).ends_with("li"), "{}", path_field(&h));
    // The folder's file that matches is listed; a click opens it.
    h.get_by_label("little.ron").click();
    h.run_ok();
    assert_eq!(h.state().document().puzzle().cells, kept.cells);
    assert_eq!(
        h.state().document().path(),
        Some(folder.join("little.ron").as_path())
    );
}

#[test]
fn the_typed_save_dialog_suggests_a_full_path_in_the_puzzles_folder_and_says_where() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("puzzles");
    let mut puzzle = empty_board(3, 3);
    puzzle.name = "My Puzzle".into();
    let mut h = harness_with_folder(puzzle, &folder);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    h.run_ok();
    let target = folder.join("my-puzzle.ron");
    assert_eq!(path_field(&h), target.display().to_string());
    h.key_press(Key::Enter);
    h.run_ok();
    assert!(target.exists(), "saved to {}", target.display());
    h.get_by_label_contains(&format!("Saved to {}", target.display()));
}

/// Opens the menu `menu` and clicks its entry `entry`.
fn menu(h: &mut Harness<'static, App>, menu: &str, entry: &str) {
    h.get_by_role_and_label(Role::Button, menu).click();
    h.run_ok();
    h.get_by_role_and_label(Role::Button, entry).click();
    h.run_ok();
}

#[test]
fn the_help_menu_lists_the_shortcuts_explains_the_metrics_and_has_an_about_box() {
    let mut h = harness(empty_board(3, 3), Mode::Start);
    menu(&mut h, "Help", "Keyboard shortcuts");
    h.get_by_label("solve with the solver's settings and play the solution");
    h.get_by_label("F5");
    menu(&mut h, "Help", "Metrics and statistics");
    h.get_by_label_contains("one piece moves one cell");
    menu(&mut h, "Help", "About Blockslide");
    h.get_by_label(&format!("Blockslide {}", env!("CARGO_PKG_VERSION")));
    // Its window closes like any other.
    h.get_by_label("Close window").click();
    h.run_ok();
    assert!(h.query_by_label_contains("Blockslide 0").is_none());
}

#[test]
fn library_cards_show_the_size_and_the_known_optimal_lengths() {
    let mut h = harness(empty_board(2, 2), Mode::Start);
    h.key_press_modifiers(Modifiers::COMMAND, Key::L);
    h.run_ok();
    h.get_by_label("Optimal: 81 moves (move), 90 (slide), 116 (step)");
    assert_eq!(h.get_all_by_label("Optimal: 31 moves").count(), 2);
    assert!(h.get_all_by_label("5x4, 10 pieces").count() >= 1);
}

#[test]
fn a_click_on_a_tile_in_line_with_the_gap_slides_the_tiles_between_as_in_tathams_fifteen() {
    // 1 2 3 / 4 5 6 / . 7 8: a click on 8 slides 7 and 8 left, which solves it.
    let puzzle = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 0, 7, 8], None).unwrap();
    let mut h = harness(puzzle, Mode::Play);
    click_cell(&mut h, 2, 2);
    let seven_eight = [Token::number(7), Token::number(8)].map(|piece| PlayedStep {
        piece,
        dir: Dir::Left,
    });
    assert_eq!(played(&h), seven_eight);
    assert!(h.state().solve_view().play().unwrap().is_solved());
    // A tile out of line with the gap does nothing.
    let puzzle = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 0, 7, 8], None).unwrap();
    let mut h = harness(puzzle, Mode::Play);
    click_cell(&mut h, 0, 1);
    assert!(played(&h).is_empty());
}

#[test]
fn arrow_keys_move_the_tile_by_the_gap_undo_and_redo_and_the_best_result_is_kept() {
    // 1 2 3 / 4 5 6 / 7 . 8: Left moves 8, the tile right of the gap, and solves it.
    let puzzle = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8], None).unwrap();
    let mut h = harness(puzzle.clone(), Mode::Play);
    assert_eq!(h.state().solve_view().play().unwrap().selected(), None);
    h.key_press(Key::ArrowLeft);
    h.run_ok();
    assert_eq!(
        played(&h),
        [PlayedStep {
            piece: Token::number(8),
            dir: Dir::Left
        }]
    );
    h.key_press(Key::U);
    h.run_ok();
    assert!(played(&h).is_empty());
    h.get_by_label("Redo").click();
    h.run_ok();
    assert_eq!(played(&h).len(), 1);
    assert!(h.state().solve_view().play().unwrap().is_solved());
    h.get_by_label_contains("Solved in 1 step");

    // The record survives a relaunch and shows beside the counter.
    let mut storage = gui_support::MemoryStorage::default();
    h.state().save_session(&mut storage);
    drop(h);
    let mut app = gui_support::app(puzzle);
    app.restore_session(&storage);
    app.set_mode(Mode::Play);
    let mut h = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_eframe(|_| app);
    h.run_ok();
    h.get_by_label_contains("Best: 1 step in 0:0");
}

#[test]
fn a_pattern_database_solve_counts_its_preparation_apart_from_the_search_time() {
    let puzzle = gui_support::bundled("eight-31a.ron");
    let mut h = harness(puzzle, Mode::Solve);
    h.get_by_role_and_label(Role::ComboBox, "Algorithm").click();
    h.run_ok();
    h.get_by_role_and_label(Role::Button, "A*").click();
    h.run_ok();
    h.get_by_label("Solve the puzzle").click();
    h.step();
    wait_for(&mut h, "the solve", |app| {
        app.solve_view().panel().outcome().is_some()
    });
    let prepared = h
        .state()
        .solve_view()
        .panel()
        .prepared()
        .expect("the pattern database's time is known");
    h.get_by_label_contains("Preparation: ");
    h.get_by_label_contains("not counted in Time");
    let Some(Outcome::Report(report)) = h.state().solve_view().panel().outcome() else {
        panic!("a report");
    };
    assert!(report.heuristic.starts_with("pdb"), "{}", report.heuristic);
    assert!(prepared > std::time::Duration::ZERO);
}

#[test]
fn a_solution_is_saved_as_json_and_as_an_animation_with_its_progress_shown() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("puzzles");
    std::fs::create_dir(&folder).unwrap();
    let mut puzzle = gui_support::bundled("two-by-three.ron");
    puzzle.name = "Seeds".into();
    let mut h = harness_with_folder(puzzle, &folder);
    h.key_press(Key::F3);
    h.run_ok();
    h.get_by_label("Solve the puzzle").click();
    h.step();
    wait_for(&mut h, "the solve", |app| {
        app.solve_view().playback().is_some()
    });
    let moves = h.state().solve_view().playback().unwrap().len();

    h.get_by_label("Save as JSON…").click();
    h.run_ok();
    // An unsaved design exports beside the puzzles folder, in a folder of its own.
    let exports = dir.path().join("exports");
    let json_path = exports.join("seeds.json");
    assert_eq!(path_field(&h), json_path.display().to_string());
    h.key_press(Key::Enter);
    h.run_ok();
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json_path).unwrap()).unwrap();
    assert_eq!(
        json["moves"].as_array().map(Vec::len),
        Some(moves),
        "{json}"
    );
    h.get_by_label_contains("Exported the solution to");

    h.get_by_label("Save animation…").click();
    h.run_ok();
    h.key_press(Key::Enter);
    // One frame only: running frames until the app settles would wait out the render.
    h.step();
    assert!(
        h.state().export_progress().is_some(),
        "rendering in the background"
    );
    wait_for(&mut h, "the animation", |app| {
        app.export_progress().is_none()
    });
    let apng = std::fs::read(exports.join("seeds-solution.png")).unwrap();
    let reader = png::Decoder::new(std::io::Cursor::new(apng))
        .read_info()
        .unwrap();
    assert_eq!(
        reader
            .info()
            .animation_control
            .map(|a| a.num_frames as usize),
        Some(moves + 1)
    );
    assert!(h.state().error_message().is_none());
}
