//! UI tests of defects found when the app was tried again as a new user would: Ctrl+Z in Play
//! undid an edit of the design instead of a move, a puzzle without a metric was solved in the
//! last puzzle's, and cars drawn on a Rush Hour board moved freely in a colour like the red
//! car's.

use crate::gui_support;
use crate::gui_support::{button, button_starting, click_cell, drag_cells, keys, menu};

use std::time::Duration;

use egui::accesskit::Role;
use egui::{Event, Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use blockslide_app::app::App;
use blockslide_app::command::{HelpPage, Mode};
use blockslide_app::common::colors::{APART, difference, piece_color};
use blockslide_core::model::{Axis, Cell, Metric, Puzzle, Token};

fn harness(puzzle: Puzzle, mode: Mode) -> Harness<'static, App> {
    gui_support::harness(puzzle, mode, [1400.0, 900.0])
}

fn t(s: &str) -> Token {
    Token::new(s).unwrap()
}

/// The steps made in the Play tab's game.
fn moves_played(h: &Harness<'static, App>) -> usize {
    h.state()
        .solve_view()
        .play()
        .expect("a game")
        .history()
        .len()
}

#[test]
fn in_play_ctrl_z_and_the_edit_menu_take_back_moves_and_leave_the_design_alone() {
    // A must reach the bottom-right corner.
    let puzzle =
        Puzzle::from_rows(&["A . .", ". . .", ". . ."], &[". . .", ". . .", ". . A"]).unwrap();
    let mut h = harness(puzzle, Mode::Start);
    // An edit of the design first: a wall in the middle.
    h.key_press(Key::W);
    h.run_ok();
    click_cell(&mut h, 1, 1);
    let designed = h.state().document().puzzle().clone();
    assert_eq!(designed.cell(1, 1), Cell::Wall);

    // In Play, pick A up and move it right.
    h.key_press(Key::F4);
    h.run_ok();
    click_cell(&mut h, 0, 0);
    h.key_press(Key::ArrowRight);
    h.run_ok();
    assert_eq!(moves_played(&h), 1);

    // Ctrl+Z takes the move back; the wall stays, and so does the game.
    keys(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(*h.state().document().puzzle(), designed, "the wall stays");
    assert!(h.state().document().can_undo());
    assert_eq!(moves_played(&h), 0, "the move is taken back");
    // Ctrl+Y and Ctrl+Shift+Z make it again.
    keys(&mut h, Modifiers::COMMAND, Key::Y);
    assert_eq!(moves_played(&h), 1);
    keys(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(moves_played(&h), 0);
    keys(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    assert_eq!(moves_played(&h), 1);

    // The Edit menu says what it undoes here, and does it.
    menu(&mut h, "Edit", "Undo move");
    assert_eq!(moves_played(&h), 0);
    button(&h, "Edit").click();
    h.run_ok();
    assert!(
        button_starting(&h, "Undo move")
            .accesskit_node()
            .is_disabled(),
        "no move left to take back"
    );
    button_starting(&h, "Redo move").click();
    h.run_ok();
    assert_eq!(moves_played(&h), 1);
    assert_eq!(*h.state().document().puzzle(), designed);

    // Back in the editor, Ctrl+Z undoes the wall.
    h.key_press(Key::F1);
    h.run_ok();
    keys(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(h.state().document().puzzle().cell(1, 1), Cell::Empty);
}

#[test]
fn the_shortcuts_window_says_what_undo_does_in_play_and_lists_its_keys() {
    let mut h = gui_support::harness(
        Puzzle::tiles(2, 2, &[1, 2, 0, 3], None).unwrap(),
        Mode::Play,
        [1400.0, 1400.0],
    );
    menu(&mut h, "Help", HelpPage::Shortcuts.title());
    h.get_by_label("Undo the last edit; in the Play tab, the last move");
    for (key, what) in [
        ("Backspace · U", "Undo a move"),
        ("R", "Redo a move"),
        (
            "Click",
            "On a tile in line with the gap: slide it and the tiles between into the gap",
        ),
        ("Ctrl+Z", "Undo a move, as U does"),
    ] {
        assert!(h.query_all_by_label(key).count() >= 1, "{key}");
        assert!(h.query_all_by_label(what).count() >= 1, "{what}");
    }
}

/// The solver panel's metric.
fn metric(h: &Harness<'static, App>) -> Metric {
    h.state().solve_view().metric()
}

#[test]
fn a_puzzle_without_a_metric_opened_after_klotski_is_counted_in_steps() {
    let mut h = harness(gui_support::bundled("klotski.ron"), Mode::Solve);
    assert_eq!(metric(&h), Metric::Move, "Klotski counts in moves");

    // Open the tiny block puzzle, which names no metric, with a typed path.
    keys(&mut h, Modifiers::COMMAND, Key::O);
    let path = crate::fixtures::saved("blocks-tiny.ron");
    h.event(Event::Text(path.display().to_string()));
    h.run_ok();
    h.key_press(Key::Enter);
    h.run_ok();
    assert_eq!(h.state().document().puzzle().name, "Sliding blocks: tiny");
    h.key_press(Key::F3);
    h.run_ok();
    assert_eq!(metric(&h), Metric::Step);
    h.get_by_label("Solve the puzzle").click();
    gui_support::wait_for(&mut h, Duration::from_mins(2), "the solve", |app| {
        app.solve_view().playback().is_some()
    });
    h.run_ok();
    // The notes' "Known optimal: 10 steps".
    h.get_all_by_label_contains("Solved: 10 steps")
        .next()
        .expect("the summary");

    // A metric chosen for this puzzle stays with it...
    h.get_by_role_and_label(Role::ComboBox, "Metric").click();
    h.run_ok();
    button(&h, "move (any path)").click();
    h.run_ok();
    h.key_press(Key::F1);
    h.run_ok();
    h.key_press(Key::F3);
    h.run_ok();
    assert_eq!(metric(&h), Metric::Move);

    // ...until another puzzle is opened: a new empty board names no metric either.
    menu(&mut h, "File", "New…");
    button(&h, "Empty board").click();
    h.run_ok();
    button(&h, "Create").click();
    h.run_ok();
    assert!(h.state().document().puzzle().pieces().is_empty());
    assert_eq!(metric(&h), Metric::Step);
}

#[test]
fn a_metric_chosen_for_a_puzzle_stays_with_it_after_a_relaunch() {
    let mut h = harness(gui_support::bundled("klotski.ron"), Mode::Solve);
    h.get_by_role_and_label(Role::ComboBox, "Metric").click();
    h.run_ok();
    button(&h, "step (one cell)").click();
    h.run_ok();
    let mut storage = gui_support::MemoryStorage::default();
    h.state().save_session(&mut storage);
    drop(h);

    let mut app = gui_support::app(Puzzle::empty(1, 1));
    app.restore_session(&storage);
    let mut h = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_eframe(|_| app);
    h.run_ok();
    assert_eq!(h.state().document().puzzle().metric, Some(Metric::Move));
    assert_eq!(metric(&h), Metric::Step, "no other puzzle was opened");
}

#[test]
fn cars_drawn_on_a_rush_hour_board_are_locked_along_their_length_in_colours_of_their_own() {
    let mut h = harness(Puzzle::empty(3, 3), Mode::Start);
    menu(&mut h, "File", "New…");
    button(&h, "Rush Hour").click();
    h.run_ok();
    button(&h, "Create").click();
    h.run_ok();
    let red = piece_color(h.state().document().puzzle(), t("A"));

    // A truck across the red car's row, a car below it and a truck along the top row.
    button(&h, "Draw new piece  (N)").click();
    h.run_ok();
    drag_cells(&mut h, (1, 3), (3, 3));
    assert_eq!(
        h.state().document().puzzle().axis_of(t("B")),
        Axis::Vertical
    );
    assert!(
        h.state().status().contains("only up and down"),
        "{}",
        h.state().status()
    );
    drag_cells(&mut h, (4, 0), (4, 1));
    drag_cells(&mut h, (0, 0), (0, 2));
    let p = h.state().document().puzzle().clone();
    let drawn = [
        ("B", [(1, 3), (2, 3), (3, 3)].as_slice(), Axis::Vertical),
        ("C", &[(4, 0), (4, 1)], Axis::Horizontal),
        ("D", &[(0, 0), (0, 1), (0, 2)], Axis::Horizontal),
    ];
    for (token, cells, axis) in drawn {
        let piece = p
            .pieces()
            .into_iter()
            .find(|q| q.token == t(token))
            .unwrap();
        assert_eq!(piece.cells, cells, "{token}");
        assert_eq!(p.axis_of(t(token)), axis, "{token} as drawn");
    }
    let colors: Vec<_> = drawn
        .iter()
        .map(|(token, ..)| piece_color(&p, t(token)))
        .collect();
    for (color, (token, ..)) in colors.iter().zip(drawn) {
        assert!(
            difference(*color, red) >= APART,
            "{token} in {color:?} passes for the red car"
        );
    }
    assert!(
        colors[0] != colors[1] && colors[1] != colors[2] && colors[0] != colors[2],
        "{colors:?}"
    );

    // A frees the truck just drawn (still selected), and locks it along its length again:
    // never across it, where it would be no car.
    for axis in [Axis::Free, Axis::Horizontal] {
        h.key_press(Key::A);
        h.run_ok();
        assert_eq!(h.state().document().puzzle().axis_of(t("D")), axis);
    }
}

#[test]
fn elsewhere_the_first_press_of_a_locks_a_straight_piece_along_its_length() {
    let puzzle = Puzzle::from_rows(&["A . .", "B . .", "B . ."], &[]).unwrap();
    let mut h = harness(puzzle, Mode::Start);
    let named = "B  ".to_string();
    h.get_by(move |n| {
        n.role() == Role::Button && n.label().is_some_and(|l| l == "B" || l.starts_with(&named))
    })
    .click();
    h.run_ok();
    let mut axes = Vec::new();
    for _ in 0..3 {
        h.key_press(Key::A);
        h.run_ok();
        axes.push(h.state().document().puzzle().axis_of(t("B")));
    }
    assert_eq!(axes, [Axis::Vertical, Axis::Free, Axis::Vertical]);
    // A piece drawn beside free pieces is drawn free.
    button(&h, "Draw new piece  (N)").click();
    h.run_ok();
    drag_cells(&mut h, (0, 2), (2, 2));
    assert_eq!(h.state().document().puzzle().axis_of(t("C")), Axis::Free);
}
