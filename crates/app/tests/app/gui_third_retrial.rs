//! UI tests of the defects a new user met in a real window: arrow keys that ignored the
//! hinted piece, a path field's cursor left where the last
//! dialog's path ended, a log axis reading "0" twice, the animation options covering "Save
//! animation…", "1 such positions", new cars coloured like a car already on the board, two
//! length rows for one metric, goal advice that sent the user to the tab they were in, and
//! an undo that took back one cell of a slide.
//!
//! Searches run on background threads, so the tests step frames until a condition holds,
//! with a generous timeout (and never assert on timing).

use crate::gui_support;
use crate::gui_support::{button, click_at, drag_cells, keys};

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use egui::accesskit::Role;
use egui::{Key, Modifiers, Shape};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use blockslide_app::app::App;
use blockslide_app::app::dialogs::PATH_FIELD_LABEL;
use blockslide_app::command::Mode;
use blockslide_app::common::colors::piece_color;
use blockslide_app::solve::compare::charts::charts_ui;
use blockslide_app::solve::compare::pairs::ComparePair;
use blockslide_app::solve::compare::table::CompareRow;
use blockslide_app::solve::play::Play;
use blockslide_app::solve::playback::ui::ANIMATION_OPTIONS_LABEL;
use blockslide_core::model::{Dir, Puzzle, Token, file};
use blockslide_core::solve::{Algorithm, SolveReport, Stats, Termination};

/// A generous bound for background work in a debug build on a busy machine.
const PATIENCE: Duration = Duration::from_mins(3);

fn harness(puzzle: Puzzle, mode: Mode) -> Harness<'static, App> {
    gui_support::harness(puzzle, mode, [1400.0, 900.0])
}

/// The app on `puzzle` in `mode`, with `folder` as the user's puzzles folder.
fn harness_in(puzzle: Puzzle, mode: Mode, folder: &Path, size: [f32; 2]) -> Harness<'static, App> {
    let mut app = gui_support::app(puzzle);
    app.set_library_folder(Some(folder.to_path_buf()));
    app.set_mode(mode);
    let mut h = Harness::builder().with_size(size).build_eframe(|_| app);
    h.run_ok();
    h
}

/// Opens the menu `menu` and clicks its entry starting with `entry`.
fn menu(h: &mut Harness<'static, App>, menu: &str, entry: &str) {
    button(h, menu).click();
    h.run_ok();
    h.get_by(|n| n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with(entry)))
        .click();
    h.run_ok();
}

fn game<'a>(h: &'a Harness<'static, App>) -> &'a Play {
    h.state()
        .solve_view()
        .play()
        .expect("the Play tab has a game")
}

fn arrow(dir: Dir) -> Key {
    match dir {
        Dir::Up => Key::ArrowUp,
        Dir::Down => Key::ArrowDown,
        Dir::Left => Key::ArrowLeft,
        Dir::Right => Key::ArrowRight,
    }
}

#[test]
fn after_a_hint_the_arrow_keys_move_the_hinted_piece() {
    let puzzle = Puzzle::from_rows(&["A . .", ". . ."], &[". . .", ". . A"]).unwrap();
    let mut h = harness(puzzle, Mode::Start);
    keys(&mut h, Modifiers::NONE, Key::F4);
    keys(&mut h, Modifiers::NONE, Key::H);
    gui_support::wait_for(&mut h, PATIENCE, "the hint", |app| {
        app.solve_view().play().and_then(Play::hint).is_some()
    });
    let hint = game(&h).hint().unwrap().first;
    assert_eq!(game(&h).selected(), Some(hint.piece), "the hint selects");
    keys(&mut h, Modifiers::NONE, arrow(hint.steps[0]));
    assert_eq!(game(&h).history().len(), 1, "the arrow moved the piece");
    assert_eq!(game(&h).history()[0].piece, hint.piece);
}

#[test]
fn every_path_dialog_types_at_the_end_of_its_suggested_path() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("puzzles");
    std::fs::create_dir(&folder).unwrap();
    let mut h = harness_in(Puzzle::empty(2, 2), Mode::Start, &folder, [1400.0, 900.0]);
    let field = |h: &Harness<'static, App>| h.get_by_label(PATH_FIELD_LABEL).value().unwrap();
    for (modifiers, what) in [
        (Modifiers::COMMAND, "Open"),
        (Modifiers::COMMAND | Modifiers::SHIFT, "Save As"),
        (Modifiers::COMMAND, "Open"),
    ] {
        keys(
            &mut h,
            modifiers,
            if what == "Open" { Key::O } else { Key::S },
        );
        let suggested = field(&h);
        h.get_by_label(PATH_FIELD_LABEL).type_text("x");
        h.run_ok();
        assert_eq!(field(&h), format!("{suggested}x"), "{what}");
        button(&h, "Cancel").click();
        h.run_ok();
    }
}

#[test]
fn a_log_time_axis_names_every_decade() {
    let row = |algorithm, millis: f64| CompareRow {
        pair: ComparePair::new(algorithm, None),
        result: Ok(Arc::new(SolveReport {
            puzzle: String::new(),
            puzzle_type: blockslide_core::model::PuzzleType::Blocks,
            algorithm,
            heuristic: "zero".into(),
            metric: blockslide_core::model::Metric::Step,
            status: Termination::Solved,
            optimal: true,
            moves: Vec::new(),
            blank_moves: None,
            stats: Stats {
                expanded: 10,
                elapsed: Duration::from_secs_f64(millis / 1e3),
                ..Stats::default()
            },
            notes: Vec::new(),
        })),
    };
    let rows = [row(Algorithm::Bfs, 0.005), row(Algorithm::Dfs, 80.0)];
    let mut h = Harness::builder()
        .with_size([900.0, 400.0])
        .build_ui(move |ui| charts_ui(ui, &rows));
    h.run();
    let mut texts = Vec::new();
    let mut stack: Vec<&Shape> = h.output().shapes.iter().map(|c| &c.shape).collect();
    while let Some(shape) = stack.pop() {
        match shape {
            Shape::Vec(inner) => stack.extend(inner),
            Shape::Text(text) => texts.push(text.galley.text().to_string()),
            _ => {}
        }
    }
    for tick in ["0.0001", "0.001", "0.01", "0.1", "1", "10"] {
        assert!(texts.iter().any(|t| t == tick), "{tick} in {texts:?}");
    }
    // The one "0" is the linear chart's of states explored.
    assert_eq!(texts.iter().filter(|t| *t == "0").count(), 1, "{texts:?}");
}

#[test]
fn the_animation_options_leave_save_animation_clickable() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = file::parse(
        r#"(format: 1, name: "Seeds", board: ["A . . .", "B . . ."],
            goal: (anywhere: false, cells: [". . . A", ". . . B"]))"#,
    )
    .unwrap();
    let mut h = harness_in(puzzle, Mode::Solve, dir.path(), [800.0, 600.0]);
    button(&h, "Solve the puzzle").click();
    h.step();
    gui_support::wait_for(&mut h, PATIENCE, "the solve", |app| {
        app.solve_view().playback().is_some()
    });
    h.get_by_label(ANIMATION_OPTIONS_LABEL).scroll_to_me();
    h.run_ok();
    h.get_by_label(ANIMATION_OPTIONS_LABEL).click();
    h.run_ok();
    let captions = h.get_by_role_and_label(Role::CheckBox, "Captions").rect();
    let save = button(&h, "Save animation…").rect();
    assert!(!captions.intersects(save), "{captions:?} over {save:?}");
    click_at(&mut h, save.center());
    assert!(
        h.query_by_label(PATH_FIELD_LABEL).is_some(),
        "the click saved the animation"
    );
}

#[test]
fn a_single_hardest_start_is_one_such_position() {
    let puzzle = Puzzle::from_rows(&["A . ."], &[". . A"]).unwrap();
    let mut h = gui_support::harness(puzzle, Mode::Start, [1400.0, 1000.0]);
    gui_support::analyze(&mut h);
    h.get_by_label_contains("(1 such position)");
    assert!(h.query_by_label_contains("such positions").is_none());
}

#[test]
fn cars_drawn_after_an_import_take_colours_not_on_the_board() {
    let mut h = harness(Puzzle::empty(2, 2), Mode::Start);
    menu(&mut h, "File", "New…");
    button(&h, "Rush Hour").click();
    h.run_ok();
    h.get_by_label("Fogleman string (optional):").click();
    h.run_ok();
    h.get_by_label("Fogleman string (optional):")
        .type_text("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM");
    h.run_ok();
    button(&h, "Create").click();
    h.run_ok();
    let imported = h.state().document().puzzle().pieces().len();
    for (from, to) in [((0, 4), (0, 5)), ((1, 1), (1, 2))] {
        button(&h, "Draw new piece  (N)").click();
        h.run_ok();
        drag_cells(&mut h, from, to);
    }
    let p = h.state().document().puzzle();
    assert_eq!(p.pieces().len(), imported + 2, "two new cars");
    let colors: Vec<_> = p.pieces().iter().map(|q| piece_color(p, q.token)).collect();
    for (i, c) in colors.iter().enumerate() {
        assert!(!colors[i + 1..].contains(c), "{c:?} twice on the board");
    }
}

#[test]
fn the_step_metric_has_one_length_row() {
    let puzzle = Puzzle::from_rows(&["A . ."], &[". . A"]).unwrap();
    let mut h = harness(puzzle, Mode::Solve);
    button(&h, "Solve the puzzle").click();
    h.step();
    gui_support::wait_for(&mut h, PATIENCE, "the solve", |app| {
        app.solve_view().playback().is_some()
    });
    h.get_by_label("Length (step)");
    assert!(h.query_by_label("Length (steps)").is_none());
}

#[test]
fn the_goal_tab_says_to_paint_on_its_board() {
    let mut h = harness(Puzzle::from_rows(&["A ."], &[]).unwrap(), Mode::Start);
    h.get_by_label_contains("open the Goal tab");
    keys(&mut h, Modifiers::NONE, Key::F2);
    h.get_by_label_contains("paint on the board");
    assert!(h.query_by_label_contains("Goal tab").is_none());
}

#[test]
fn backspace_takes_back_a_whole_slide() {
    let puzzle = file::parse(
        r#"(format: 1, name: "Long", metric: Slide, board: ["A . . .", ". . . ."],
            goal: (anywhere: false, cells: [". . . .", ". . . A"]))"#,
    )
    .unwrap();
    let mut h = harness(puzzle.clone(), Mode::Play);
    drag_cells(&mut h, (0, 0), (0, 2));
    assert_eq!(game(&h).history().len(), 2, "one slide of two cells");
    keys(&mut h, Modifiers::NONE, Key::Backspace);
    assert!(game(&h).history().is_empty(), "{:?}", game(&h).history());
    assert_eq!(game(&h).position(), &puzzle);
    keys(&mut h, Modifiers::NONE, Key::R);
    assert_eq!(game(&h).history().len(), 2, "redo makes the slide again");
    let a = Token::new("A").unwrap();
    assert!(game(&h).history().iter().all(|s| s.piece == a));
}
