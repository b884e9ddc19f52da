//! The Help menu and its windows: the getting-started page on the first launch only, the
//! keyboard shortcuts (Play's keys in aligned columns, shown whole at every size), the metrics'
//! explanation, the About box, and help pages opening at their top.

use blockslide_app::app::App;
use blockslide_app::app::help::STEP_PICTURES;
use blockslide_app::command::{HelpPage, Mode};
use blockslide_app::solve::play;
use blockslide_core::model::Puzzle;
use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::driver::{
    MemoryStorage, bundled, empty_board, harness, keys, menu, shortcuts, test_app,
};

/// The shortcuts at 1400x900 show whole, without scrolling, the Watch view's gestures among
/// them.
#[test]
fn the_shortcuts_show_whole_in_a_large_window() {
    let h = shortcuts([1400.0, 900.0]);
    let window = h
        .get_by_role_and_label(Role::Window, "Keyboard shortcuts")
        .rect();
    for label in [
        "Redo a move, as R does",
        "Zoom the search tree",
        "Mirror top–bottom",
    ] {
        let rect = h.get_by_label(label).rect();
        assert!(
            window.contains_rect(rect),
            "{label} at {rect:?} is outside the window {window:?}"
        );
    }
}

/// Whether the left edges `xs` line up (to within a pixel's rounding).
fn in_line(xs: &[f32]) -> bool {
    xs.iter().all(|x| (x - xs[0]).abs() < 0.5)
}

/// The left edges of the labels `texts` (each may be shown more than once).
fn lefts(h: &Harness<'static, App>, texts: &[&str]) -> Vec<f32> {
    texts
        .iter()
        .flat_map(|t| h.get_all_by_label(t).map(|n| n.rect().min.x))
        .collect()
}

#[test]
fn the_getting_started_page_opens_on_the_first_launch_and_not_on_the_second() {
    let mut storage = MemoryStorage::default();
    let mut app = test_app(blockslide_app::app::default_puzzle());
    app.restore_session(&storage);
    let mut h = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_eframe(|_| app);
    h.run_ok();
    h.get_by_label("Getting started");
    for picture in STEP_PICTURES {
        h.get_by_role_and_label(Role::Grid, picture);
    }
    h.get_by_label_contains("click a tile in line with the gap");
    h.state().save_session(&mut storage);

    let mut app = test_app(blockslide_app::app::default_puzzle());
    app.restore_session(&storage);
    let mut h = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_eframe(|_| app);
    h.run_ok();
    assert!(h.query_by_label("Getting started").is_none());
    // It is always in the Help menu.
    h.get_by_role_and_label(Role::Button, "Help").click();
    h.run_ok();
    h.get_by_role_and_label(Role::Button, "Getting started")
        .click();
    h.run_ok();
    h.get_by_role_and_label(Role::Grid, STEP_PICTURES[0]);
}

#[test]
fn the_shortcuts_window_lists_play_keys_in_aligned_columns_and_fits_a_large_screen() {
    // Play's keys: undo (U), redo (R) and click-to-slide.
    let keys: Vec<&str> = play::KEYS.iter().map(|(k, _)| *k).collect();
    assert!(keys.iter().any(|k| k.split(" · ").any(|k| k == "U")));
    assert!(keys.contains(&"R"));
    assert!(
        play::KEYS
            .iter()
            .any(|(_, what)| what.contains("in line with the gap"))
    );
    // Everywhere, playback and Play on the left; the editor and Watch on the right. Space,
    // Left and Right, Home and End step both a playback and a watched search: listed in both
    // halves.
    let left_keys = ["F1 · F2 · F3 · F4", "F6", "F9", "Backspace · U", "Click"];
    let right_keys = ["B", "N", "W", "Delete", "Drag from empty", "Ctrl+scroll"];
    let descriptions = [
        "Play or pause",
        "Undo a move",
        "Redo a move",
        "Close the puzzle",
    ];

    let h = shortcuts([1400.0, 900.0]);
    for key in ["Space", "Home · End"] {
        assert_eq!(
            h.get_all_by_label(key).count(),
            2,
            "{key}: playback and Watch"
        );
    }
    for (key, what) in play::KEYS {
        assert!(h.get_all_by_label(key).count() >= 1, "{key}");
        // Every description starts with a capital, as a sentence does.
        let what = format!("{}{}", what[..1].to_uppercase(), &what[1..]);
        assert!(h.get_all_by_label(&what).count() >= 1, "{what}");
    }
    h.get_by_label("Close the puzzle");
    // Two halves side by side, each with its key column at one x.
    let left = lefts(&h, &left_keys);
    let right = lefts(&h, &right_keys);
    assert!(in_line(&left), "{left:?}");
    assert!(in_line(&right), "{right:?}");
    assert!(left[0] < right[0]);
    // Nothing scrolled out of sight.
    for label in [
        "Quit",
        "Hold to outline the goal of a tile puzzle",
        "A hint",
    ] {
        let rect = h.get_by_label(label).rect();
        assert!(
            rect.max.y <= 900.0,
            "{label} at {rect:?} is below the window"
        );
    }

    // In a small window the halves stack: one key column and one description column, scrolled.
    let h = shortcuts([800.0, 600.0]);
    let all = lefts(&h, &[left_keys.as_slice(), &keys].concat());
    assert!(in_line(&all), "{all:?}");
    let whats = lefts(&h, &descriptions);
    assert!(in_line(&whats), "{whats:?}");
    assert!(
        h.get_by_label("A hint").rect().min.y > 600.0,
        "the window scrolls"
    );
}

#[test]
fn the_shortcuts_window_says_what_undo_does_in_play_and_lists_its_keys() {
    let mut h = harness(
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

#[test]
fn the_help_menu_lists_the_shortcuts_explains_the_metrics_and_has_an_about_box() {
    let mut h = harness(empty_board(3, 3), Mode::Start, [1400.0, 900.0]);
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
fn the_shortcuts_window_opened_small_shows_every_key_once_the_app_is_large() {
    let mut h = shortcuts([800.0, 600.0]);
    h.set_size(egui::vec2(1400.0, 900.0));
    h.run_ok();
    let window = h
        .get_by_role_and_label(Role::Window, "Keyboard shortcuts")
        .rect();
    for label in [
        "Quit",
        "Hold to outline the goal of a tile puzzle",
        "A hint",
    ] {
        let rect = h.get_by_label(label).rect();
        assert!(
            window.contains_rect(rect),
            "{label} at {rect:?} is outside the window {window:?}"
        );
    }
}

#[test]
fn a_help_page_opens_at_its_top_however_it_was_left() {
    let mut h = harness(bundled("klotski.ron"), Mode::Start, [800.0, 600.0]);
    menu(&mut h, "Help", "Keyboard shortcuts");
    let top = h.get_by_label("Everywhere").rect().min.y;
    // Scrolled down to Play's keys, then closed.
    h.get_by_label("Play tab").scroll_to_me();
    h.run_ok();
    assert!(h.get_by_label("Everywhere").rect().min.y < top - 100.0);
    keys(&mut h, Modifiers::NONE, Key::Escape);
    let ctx = h.ctx.clone();
    h.state_mut()
        .apply(blockslide_app::command::Command::ShowHelp(None), &ctx);
    h.run_ok();
    menu(&mut h, "Help", "Keyboard shortcuts");
    let again = h.get_by_label("Everywhere").rect().min.y;
    assert!((again - top).abs() < 0.5, "{again} against {top}");
}
