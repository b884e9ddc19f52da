//! UI tests of defects found by trying the app as a new user would, around solving and
//! files: solutions thrown away by edits that do not change the puzzle, the solver's and the
//! comparison's wording, small windows, the typed file dialogs, the menus and exports.

use crate::gui_polish::{empty_board, harness};
use crate::gui_support;

use egui::accesskit::Role;
use egui::{Event, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use blockslide_app::app::dialogs::PATH_FIELD_LABEL;
use blockslide_app::app::{self as gui_app, App, SOLVE_AND_PLAY_LABEL};
use blockslide_app::command::{Command, Mode};
use blockslide_app::common::board::BOARD_LABEL;
use blockslide_app::common::format;
use blockslide_app::solve::compare::{ComparePair, CompareRow};
use blockslide_app::solve::panel::Outcome;
use blockslide_app::solve::playback::{Playback, Truth};
use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::{self as api, Algorithm, SearchControl, SolveRequest};

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
    // The folder's file that matches is listed; a click picks it, leaving the design as it
    // was, and a double click opens it.
    h.get_by_label("little.ron").click();
    h.run_ok();
    assert!(path_field(&h).ends_with("little.ron"), "{}", path_field(&h));
    assert_ne!(h.state().document().puzzle().cells, kept.cells);
    gui_support::open_listed(&mut h, "little.ron");
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
    h.get_by_label("Solve with the solver's settings and play the solution");
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
