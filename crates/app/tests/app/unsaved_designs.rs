//! UI tests of designs the app makes for the user (issue 40, item 12): a harder design, an
//! analysis's hardest start or a family's puzzle opened as a new design is work the user has
//! not saved, so it is guarded like an edited design until it is saved, and the status bar
//! says it is modified.
//!
//! Searches run on background threads, so the tests step frames until a condition holds,
//! with a generous timeout (and never assert on timing).

use crate::driver::{self, PATIENCE, bundled, button, keys, menu};

use std::path::Path;

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use blockslide_app::app::App;
use blockslide_app::app::dialogs::PATH_FIELD_LABEL;
use blockslide_app::command::{Mode, ToolWindow};
use blockslide_app::solve::family::listing::Listing;
use blockslide_app::solve::{family, harder};
use blockslide_core::model::file;

/// Clicks the button labelled `label`, scrolling it into view first.
fn press(h: &mut Harness<'static, App>, label: &str) {
    h.get_by_role_and_label(Role::Button, label).scroll_to_me();
    h.run_ok();
    h.get_by_role_and_label(Role::Button, label).click();
    h.run_ok();
}

/// Whether the status bar says the design is modified.
fn shows_modified(h: &Harness<'static, App>) -> bool {
    h.query_by_label("modified").is_some()
}

/// Ctrl+W asks about unsaved changes; Cancel keeps the design as it is.
fn close_asks_first(h: &mut Harness<'static, App>) {
    let before = h.state().document().puzzle().clone();
    keys(h, Modifiers::COMMAND, Key::W);
    h.get_by_label("Unsaved changes");
    button(h, "Cancel").click();
    h.run_ok();
    assert!(h.query_by_label("Unsaved changes").is_none());
    assert_eq!(*h.state().document().puzzle(), before);
}

/// Types `path` into the typed path's field in place of its text, and presses `action`.
fn type_path(h: &mut Harness<'static, App>, path: &Path, action: &str) {
    h.get_by_label(PATH_FIELD_LABEL).click();
    h.run_ok();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label(PATH_FIELD_LABEL)
        .type_text(&path.display().to_string());
    h.run_ok();
    button(h, action).click();
    h.run_ok();
}

#[test]
fn a_harder_design_opened_as_new_is_not_replaced_by_a_familys_puzzle_unasked() {
    let tiny = bundled("blocks-tiny.ron");
    let mut h = driver::harness(tiny.clone(), Mode::Start, [1280.0, 800.0]);
    // Analyze > Make it harder…, a short search, and its best design opened beside.
    keys(&mut h, Modifiers::NONE, Key::F6);
    press(&mut h, harder::HARDER_LABEL);
    h.get_by_label("Time budget").set_value_accesskit(2.0);
    h.get_by_label("Seed").set_value_accesskit(7.0);
    h.run_ok();
    press(&mut h, harder::RUN_LABEL);
    driver::wait_for(&mut h, PATIENCE, "the design search", |app| {
        app.solve_view().harder_view().outcome().is_some()
    });
    h.run_ok();
    assert!(!shows_modified(&h), "the bundled design as it was opened");
    press(&mut h, harder::results::OPEN_LABEL);
    let designed = h.state().document().puzzle().clone();
    assert_ne!(designed, tiny);
    assert!(h.state().document().path().is_none());
    h.get_by_label("not saved yet");
    assert!(shows_modified(&h), "a design never saved is work to keep");

    // Make it harder closed (its designs stay for later), View > Families…, the smallest
    // family listed, and its first puzzle opened as a new design: the harder design is not
    // dropped before the user answers.
    h.state_mut().set_window_open(ToolWindow::Harder, false);
    h.run_ok();
    menu(&mut h, "View", "Families…");
    press(&mut h, family::RUN_LABEL);
    driver::wait_for(&mut h, PATIENCE, "the family", |app| {
        app.solve_view()
            .family_view()
            .listing()
            .is_some_and(Listing::is_complete)
    });
    h.run_ok();
    let first = h
        .query_all_by(|n| {
            n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with("Puzzle "))
        })
        .next()
        .and_then(|n| n.accesskit_node().label())
        .expect("a puzzle in the table");
    h.get_by_role_and_label(Role::Button, &first).click();
    h.run_ok();
    // Neither "Open as a new design" nor "Play" nor "A random puzzle" drops it unasked.
    for label in [family::OPEN_LABEL, family::PLAY_LABEL, family::RANDOM_LABEL] {
        press(&mut h, label);
        h.get_by_label("Unsaved changes");
        button(&h, "Cancel").click();
        h.run_ok();
        assert_eq!(*h.state().document().puzzle(), designed, "{label}");
    }

    // Discarded by choice, the family's puzzle opens, and is guarded in its turn.
    press(&mut h, family::OPEN_LABEL);
    button(&h, "Discard changes").click();
    h.run_ok();
    let opened = h.state().document().puzzle().clone();
    assert_ne!(opened, designed);
    assert_eq!((opened.rows, opened.cols), (4, 4));
    assert!(shows_modified(&h));
    close_asks_first(&mut h);
}

#[test]
fn a_hardest_start_opened_as_new_is_guarded_until_it_is_saved() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = driver::harness(bundled("blocks-tiny.ron"), Mode::Start, [1400.0, 1000.0]);
    driver::analyze(&mut h);
    press(&mut h, "Open as a new design");
    let opened = h.state().document().puzzle().clone();
    assert!(opened.name.contains("hardest start"), "{}", opened.name);
    assert!(shows_modified(&h));
    close_asks_first(&mut h);

    // An edit undone leaves it a design never saved, still guarded.
    menu(&mut h, "Edit", "Clear board");
    assert_ne!(*h.state().document().puzzle(), opened);
    keys(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(*h.state().document().puzzle(), opened);
    assert!(shows_modified(&h));
    close_asks_first(&mut h);

    // Saved, it is a file like any other: nothing to ask, and Close leaves an empty design.
    let path = dir.path().join("hardest.ron");
    keys(&mut h, Modifiers::COMMAND, Key::S);
    type_path(&mut h, &path, "Save");
    assert_eq!(file::load(&path).unwrap(), opened);
    assert!(!shows_modified(&h));
    keys(&mut h, Modifiers::COMMAND, Key::W);
    assert!(h.query_by_label("Unsaved changes").is_none());
    assert_ne!(*h.state().document().puzzle(), opened);
}
