//! UI tests of the typed path dialog (issue 40, items 13 and 14): it lists the puzzles of a
//! folder whose name has a dot, and understands `~` and `~/` as the home folder in every
//! typed path (open, save, export), as a desktop's file dialog does.
//!
//! The app is given a temporary folder as its home, never the user's.

use crate::driver::{self, button, keys};

use std::path::{Path, PathBuf};
use std::time::Duration;

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use blockslide_app::app::App;
use blockslide_app::app::dialogs::PATH_FIELD_LABEL;
use blockslide_app::command::Mode;
use blockslide_core::model::{Puzzle, file};

/// The app on a small block puzzle in `mode`, its home folder `home`.
fn harness(mode: Mode, home: Option<PathBuf>) -> Harness<'static, App> {
    let mut app = driver::test_app(driver::bundled("blocks-tiny.ron"));
    app.set_home(home);
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
    driver::bundled("klotski.ron")
}

#[test]
fn the_open_dialog_lists_the_puzzles_of_a_folder_with_a_dot_in_its_name() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("first.last");
    std::fs::create_dir(&folder).unwrap();
    file::save(&folder.join("klotski.ron"), &other_puzzle()).unwrap();
    let mut h = harness(Mode::Start, None);

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
    driver::open_listed(&mut h, "klotski.ron");
    assert_eq!(*h.state().document().puzzle(), other_puzzle());
    assert_eq!(
        h.state().document().path(),
        Some(folder.join("klotski.ron").as_path())
    );
}

#[test]
fn a_tilde_names_the_home_folder_when_saving_and_opening() {
    let home = tempfile::tempdir().unwrap();
    let home = home.path().join("first.last");
    std::fs::create_dir(&home).unwrap();
    file::save(&home.join("klotski.ron"), &other_puzzle()).unwrap();
    let mut h = harness(Mode::Start, Some(home.clone()));
    let design = h.state().document().puzzle().clone();

    // Save As "~/mine.ron" saves in the home folder, never in a folder named "~".
    keys(&mut h, Modifiers::COMMAND, Key::S);
    type_path(&mut h, "~/mine.ron", "Save");
    assert_eq!(error(&h), None);
    let saved = home.join("mine.ron");
    assert_eq!(file::load(&saved).unwrap(), design);
    assert_eq!(h.state().document().path(), Some(saved.as_path()));
    assert!(h.state().status().contains(&saved.display().to_string()));

    // "~" alone goes into the home folder and lists its puzzles; "~/klotski" opens one.
    keys(&mut h, Modifiers::COMMAND, Key::O);
    type_path(&mut h, "~", "Open");
    assert_eq!(error(&h), None);
    h.get_by_label("mine.ron");
    h.get_by_label("klotski.ron");
    type_path(&mut h, "~/klotski.ron", "Open");
    assert_eq!(error(&h), None);
    assert_eq!(*h.state().document().puzzle(), other_puzzle());
    assert_eq!(
        h.state().document().path(),
        Some(home.join("klotski.ron").as_path())
    );
    assert!(!Path::new("~").exists());
}

#[test]
fn a_tilde_names_the_home_folder_when_exporting() {
    let home = tempfile::tempdir().unwrap();
    let mut h = harness(Mode::Solve, Some(home.path().to_path_buf()));
    h.get_by_label("Solve the puzzle").click();
    h.step();
    driver::wait_for(&mut h, Duration::from_mins(2), "the solve", |app| {
        app.solve_view().playback().is_some()
    });
    h.run_ok();
    h.get_by_label("Save moves as text…").click();
    h.run_ok();
    type_path(&mut h, "~/moves.txt", "Save");
    assert_eq!(error(&h), None);
    let moves = std::fs::read_to_string(home.path().join("moves.txt")).unwrap();
    assert!(!moves.is_empty());
    assert!(!Path::new("~").exists(), "no folder named ~ was made");
}
