//! UI tests of the typed path dialog (issue 40, item 13): it lists the puzzles of a folder
//! whose name has a dot.

use crate::gui_support::{self, button, keys};

use std::path::Path;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use blockslide_app::app::App;
use blockslide_app::app::dialogs::PATH_FIELD_LABEL;
use blockslide_app::command::Mode;
use blockslide_core::model::{Puzzle, file};

/// The app on a small block puzzle in `mode`.
fn harness(mode: Mode) -> Harness<'static, App> {
    let mut app = gui_support::app(gui_support::bundled("blocks-tiny.ron"));
    app.set_mode(mode);
    let mut h = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_eframe(|_| app);
    h.run_ok();
    h
}

/// Types `text` into the typed path's field in place of its text, and presses `action`.
fn type_path(h: &mut Harness<'static, App>, text: &str, action: &str) {
    h.get_by_label(PATH_FIELD_LABEL).click();
    h.run_ok();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label(PATH_FIELD_LABEL).type_text(text);
    h.run_ok();
    button(h, action).click();
    h.run_ok();
}

/// The error dialog's message, if one is shown.
fn error(h: &Harness<'static, App>) -> Option<String> {
    h.state()
        .error_message()
        .map(|(title, message)| format!("{title}: {message}"))
}

/// A puzzle other than the design, to open.
fn other_puzzle() -> Puzzle {
    gui_support::bundled("klotski.ron")
}

#[test]
fn the_open_dialog_lists_the_puzzles_of_a_folder_with_a_dot_in_its_name() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("first.last");
    std::fs::create_dir(&folder).unwrap();
    file::save(&folder.join("klotski.ron"), &other_puzzle()).unwrap();
    let mut h = harness(Mode::Start);

    // Saved there, the design's folder is where the Open dialog starts.
    keys(&mut h, Modifiers::COMMAND, Key::S);
    type_path(
        &mut h,
        &folder.join("mine.ron").display().to_string(),
        "Save",
    );
    assert_eq!(error(&h), None);
    keys(&mut h, Modifiers::COMMAND, Key::O);
    let prefilled = h.get_by_label(PATH_FIELD_LABEL).value().unwrap_or_default();
    assert_eq!(Path::new(&prefilled), folder);
    assert!(
        h.query_by_label_contains("No puzzles in").is_none(),
        "the folder's puzzles are listed"
    );
    h.get_by_label("mine.ron");
    gui_support::open_listed(&mut h, "klotski.ron");
    assert_eq!(*h.state().document().puzzle(), other_puzzle());
    assert_eq!(
        h.state().document().path(),
        Some(folder.join("klotski.ron").as_path())
    );
}
