//! The status bar: messages that go at the next action or with a change of tab, long messages
//! and long paths sharing the bar (the file's name kept, "modified" in view), and the cell
//! under the pointer said at the bar's end.

use blockslide_app::app::App;
use blockslide_app::command::{Command, Mode};
use blockslide_core::model::Puzzle;
use egui::{Key, Modifiers, Pos2, Rect};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::driver::{
    SIZES, bundled, cell_pos, click_cell, empty_board, harness, keys, letter_texts, menu, save_as,
};

/// Klotski in a window of `size`, saved as `name` two `folders` deep in a temporary folder
/// (gone with the returned guard).
fn saved_deep(
    size: [f32; 2],
    folders: [&str; 2],
    name: &str,
) -> (tempfile::TempDir, Harness<'static, App>) {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join(folders[0]).join(folders[1]);
    std::fs::create_dir_all(&folder).unwrap();
    let mut h = harness(bundled("klotski.ron"), Mode::Start, size);
    let ctx = h.ctx.clone();
    h.state_mut()
        .apply(Command::SaveTo(folder.join(name)), &ctx);
    (dir, h)
}

/// A long message at 800x600, with the puzzle saved deep in folders: the message shows
/// whole, the path giving up its folders (the file's name stays, the path on hover).
#[test]
fn a_long_message_shows_whole_beside_a_long_path_at_800x600() {
    let (_dir, mut h) = saved_deep(
        [800.0, 600.0],
        ["a-rather-long-folder-of-puzzles", "made-for-the-class"],
        "rush-hour-warm-up-copy.ron",
    );
    let ctx = h.ctx.clone();
    let message =
        "Solved: 81 moves, 116 steps, after 25,955 expansions in 0.12 s; no shorter solution";
    h.state_mut().apply(Command::Notify(message.into()), &ctx);
    h.run_ok();
    let shown = h.get_by_label(message).rect();
    let font = egui::TextStyle::Body.resolve(&h.ctx.global_style());
    let whole = h.ctx.fonts_mut(|f| {
        f.layout_no_wrap(message.into(), font, egui::Color32::WHITE)
            .size()
            .x
    });
    assert!(
        shown.width() >= whole - 0.5 && shown.max.x <= 800.0,
        "{shown:?} shows {whole} points of text"
    );
    h.get_by_label_contains("rush-hour-warm-up-copy.ron");
}

/// The status bar's message keeps its place when the pointer comes onto the board: the cell
/// under the pointer is said at the bar's right end.
#[test]
fn the_status_message_stays_put_as_the_pointer_crosses_the_board() {
    let mut h = harness(bundled("klotski.ron"), Mode::Start, [800.0, 600.0]);
    let ctx = h.ctx.clone();
    let message = "Painted the goal";
    h.state_mut().apply(Command::Notify(message.into()), &ctx);
    h.run_ok();
    let before = h.get_by_label(message).rect();
    let at = cell_pos(&h, 0, 0);
    h.hover_at(at);
    h.run_ok();
    let cell = h.get_by_label_contains("row 1, column 1: piece B").rect();
    let after = h.get_by_label(message).rect();
    assert_eq!(after.min, before.min, "the message moved");
    assert!(
        cell.min.x > after.max.x,
        "{cell:?} right of the message {after:?}"
    );
}

/// A design saved deep in folders, then changed: the status bar says "modified" in view,
/// apart from the path it cuts short.
#[test]
fn modified_shows_beside_a_long_path() {
    let (_dir, mut h) = saved_deep(
        [1400.0, 900.0],
        [
            "a-rather-long-folder-of-puzzles-for-the-class",
            "another-deeply-nested-subfolder-of-designs",
        ],
        "klotski-with-a-long-name-for-the-class.ron",
    );
    h.run_ok();
    h.key_press(Key::W);
    h.run_ok();
    click_cell(&mut h, 4, 1);
    assert!(h.state().document().is_modified());
    let modified = h.get_by_label("modified").rect();
    assert!(
        modified.max.x < 1400.0 && modified.min.y > 850.0,
        "{modified:?}"
    );
}

/// A path too long for the status bar's file segment keeps its end: "…/folder/file.ron".
#[test]
fn a_long_path_keeps_its_file_name_in_the_status_bar() {
    let (_dir, mut h) = saved_deep(
        [800.0, 600.0],
        [
            "a-rather-long-folder-of-puzzles-for-the-class",
            "week-three",
        ],
        "klotski-class.ron",
    );
    let ctx = h.ctx.clone();
    h.state_mut().apply(Command::Notify("Ready".into()), &ctx);
    h.run_ok();
    let sep = std::path::MAIN_SEPARATOR;
    h.get_by_label(&format!("…{sep}week-three{sep}klotski-class.ron"));
}

#[test]
fn a_message_leaves_the_status_bar_when_the_tab_changes() {
    let mut h = harness(empty_board(4, 4), Mode::Start, [1400.0, 900.0]);
    h.key_press(Key::W);
    h.run_ok();
    click_cell(&mut h, 1, 1);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run_ok();
    h.get_by_label("Undid paint walls");
    h.key_press(Key::F3);
    h.run_ok();
    assert!(h.query_by_label("Undid paint walls").is_none());
}

#[test]
fn a_long_status_message_is_cut_in_the_window_and_shown_whole_on_hover() {
    let [width, height] = SIZES[0];
    let window = Rect::from_min_size(Pos2::ZERO, [width, height].into());
    let dir = tempfile::tempdir().unwrap();
    let folder = dir
        .path()
        .join("Puzzles for the sliding-block club, autumn term, week three");
    std::fs::create_dir_all(&folder).unwrap();
    let mut h = harness(bundled("klotski.ron"), Mode::Start, [width, height]);
    save_as(
        &mut h,
        &folder.join("Klotski with the exit on the left.ron"),
    );
    let status = h.state().status().to_string();
    assert!(status.starts_with("Saved to"), "{status}");
    let painted = |h: &Harness<'static, App>| {
        letter_texts(h)
            .into_iter()
            .filter(|(_, galley)| galley.text() == status)
            .collect::<Vec<_>>()
    };
    // One line, cut short inside the window.
    let shown = painted(&h);
    let [(at, galley)] = shown.as_slice() else {
        panic!("the status is painted once: {shown:?}");
    };
    assert!(galley.elided, "{status:?} is too long for {width} points");
    assert!(window.contains_rect(*at), "{at:?} runs out of the window");
    // Pointed at, the whole message shows, inside the window.
    h.hover_at(at.center());
    h.run_ok();
    let whole: Vec<Rect> = painted(&h)
        .into_iter()
        .filter(|(_, galley)| !galley.elided)
        .map(|(at, _)| at)
        .collect();
    assert!(
        whole.iter().any(|at| window.contains_rect(*at)),
        "{status:?} is shown whole on hover: {whole:?}"
    );
}

#[test]
fn the_status_bar_forgets_the_editors_cell_in_the_other_tabs() {
    let mut h = harness(bundled("klotski.ron"), Mode::Start, [1400.0, 900.0]);
    let at = cell_pos(&h, 1, 0);
    h.hover_at(at);
    h.run_ok();
    h.get_by_label_contains("row 2, column 1");
    keys(&mut h, Modifiers::NONE, Key::F3);
    assert!(h.query_by_label_contains("row 2, column 1").is_none());
}

#[test]
fn a_status_message_goes_at_the_next_action() {
    let mut rows = vec![". . . ."; 4];
    rows[0] = "A . . .";
    let mut h = harness(
        Puzzle::from_rows(&rows, &[]).unwrap(),
        Mode::Start,
        [1400.0, 900.0],
    );
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
