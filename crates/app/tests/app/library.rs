//! The Library: the bundled puzzles and the user's own listed with their size, known optimal
//! lengths and thumbnails, and opening one.

use blockslide_app::app::App;
use blockslide_app::command::{Command, Mode};
use blockslide_core::model::Puzzle;
use blockslide_core::model::file::load;
use egui::accesskit::Role;
use egui::{Key, Modifiers, PointerButton};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use crate::driver::{
    apply, bundled, button, click_cell_with, double_click, empty_board, harness, menu, test_app,
};

#[test]
fn the_library_lists_bundled_and_own_puzzles_and_opens_them() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("puzzles");
    let mut app = test_app(Puzzle::empty(3, 3));
    app.set_library_folder(Some(folder.clone()));
    let mut h = Harness::builder()
        .with_size([1280.0, 800.0])
        .with_max_steps(16)
        .with_step_dt(0.05)
        .build_eframe(move |_| app);
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::L);
    h.run();
    // Double-click a bundled classic: it opens.
    let at = h
        .get_by_role_and_label(Role::Button, "Klotski (Huarong Dao)")
        .rect()
        .center();
    double_click(&mut h, at);
    assert_eq!(*h.state().document().puzzle(), bundled("klotski.ron"));
    assert!(
        !h.state().library_open(),
        "the library gives way to the board"
    );

    // Save the design into the personal folder, then open it from there.
    click_cell_with(&mut h, (4, 0), PointerButton::Secondary, Modifiers::NONE);
    let edited = h.state().document().puzzle().clone();
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::L);
    h.run();
    h.get_by_label("Save the design here as").scroll_to_me();
    h.run();
    h.get_by_label("Save the design here as").click();
    h.run();
    h.get_by_label("Save the design here as")
        .type_text("my klotski");
    h.run();
    h.get_all_by_role_and_label(Role::Button, "Save")
        .last()
        .unwrap()
        .click();
    h.run();
    let saved = folder.join("my-klotski.ron");
    assert_eq!(load(&saved).unwrap(), edited);
    assert_eq!(h.state().document().path(), Some(saved.as_path()));
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::N);
    h.run();
    button(&h, "Create").click();
    h.run();
    assert!(h.state().document().puzzle().pieces().is_empty());
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::L);
    h.run();
    h.get_all_by_role_and_label(Role::Button, "Klotski (Huarong Dao)")
        .last()
        .unwrap()
        .scroll_to_me();
    h.run();
    let at = h
        .get_all_by_role_and_label(Role::Button, "Klotski (Huarong Dao)")
        .last()
        .unwrap()
        .rect()
        .center();
    double_click(&mut h, at);
    assert_eq!(*h.state().document().puzzle(), edited);
}

#[test]
fn opening_a_puzzle_from_the_library_closes_the_library() {
    let mut h = harness(empty_board(2, 2), Mode::Start, [1400.0, 900.0]);
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
fn library_cards_show_the_size_and_the_known_optimal_lengths() {
    let mut h = harness(empty_board(2, 2), Mode::Start, [1400.0, 900.0]);
    h.key_press_modifiers(Modifiers::COMMAND, Key::L);
    h.run_ok();
    h.get_by_label("Optimal: 81 moves (move), 90 (slide), 116 (step)");
    assert_eq!(h.get_all_by_label("Optimal: 31 moves").count(), 2);
    assert!(h.get_all_by_label("5x4, 10 pieces").count() >= 1);
}

#[test]
fn library_thumbnails_of_rush_hour_are_as_large_as_the_others() {
    let mut h = harness(bundled("klotski.ron"), Mode::Start, [1400.0, 900.0]);
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
