//! Files and their dialogs: the typed Open and Save dialogs (their lists, suggested paths and
//! typing), saving over a file or a read-only one, a malformed file, the unsaved-changes
//! question, Close, Revert to Saved and Open Recent, the New dialog, and the design kept across
//! a relaunch.

use std::os::unix::fs::PermissionsExt as _;
use std::path::Path;

use blockslide_app::app::App;
use blockslide_app::app::dialogs::PATH_FIELD_LABEL;
use blockslide_app::app::new_dialog::NewPuzzleForm;
use blockslide_app::command::{Command, Mode};
use blockslide_app::common::board::{BOARD_LABEL, cell_center};
use blockslide_core::model::file::load;
use blockslide_core::model::{Cell, Puzzle, file};
use egui::accesskit::Role;
use egui::{Event, Key, Modifiers, PointerButton, Rect};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use crate::driver::{
    MemoryStorage, apply, bundled, button, click_at, click_cell_with, empty_board, fresh_harness,
    harness, harness_in, keys, menu, open_listed, path_field, puzzles_folder, save_as, test_app,
    type_path,
};

#[test]
fn save_to_a_typed_path_and_open_it_back() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("my-klotski.ron");
    let mut h = fresh_harness(bundled("klotski.ron"));
    h.run();
    click_cell_with(&mut h, (4, 0), PointerButton::Secondary, Modifiers::NONE);
    let designed = h.state().document().puzzle().clone();
    assert!(h.state().document().is_modified());

    menu(&mut h, "File", "Save As");
    type_path(&mut h, &path, "Save");
    assert_eq!(load(&path).unwrap(), designed);
    assert!(!h.state().document().is_modified());
    assert_eq!(h.state().document().path(), Some(path.as_path()));

    // Change the design, then open the saved file: the guard asks first.
    click_cell_with(&mut h, (4, 3), PointerButton::Secondary, Modifiers::NONE);
    menu(&mut h, "File", "Open…");
    button(&h, "Discard changes").click();
    h.run();
    type_path(&mut h, &path, "Open");
    assert_eq!(*h.state().document().puzzle(), designed);
    assert!(!h.state().document().is_modified());
}

#[test]
fn a_malformed_file_shows_its_error_and_keeps_the_design() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("broken.ron");
    std::fs::write(&path, "(\n  version: 1,\n  board: [\"A A\", \"A\"],\n").unwrap();
    let mut h = fresh_harness(bundled("klotski.ron"));
    h.run();
    let before = h.state().document().puzzle().clone();
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::O);
    h.run();
    type_path(&mut h, &path, "Open");
    let (title, message) = h.state().error_message().expect("an error dialog");
    assert!(title.contains("Could not open"), "{title}");
    assert!(
        message.contains("line"),
        "the message gives the line: {message}"
    );
    h.get_by_label_contains("unchanged");
    assert_eq!(*h.state().document().puzzle(), before);
    button(&h, "OK").click();
    h.run();
    assert!(h.state().error_message().is_none());
}

#[test]
fn the_unsaved_changes_guard_protects_new() {
    let mut h = fresh_harness(bundled("klotski.ron"));
    h.run();
    click_cell_with(&mut h, (0, 0), PointerButton::Secondary, Modifiers::NONE);
    let edited = h.state().document().puzzle().clone();
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::N);
    h.run();
    button(&h, "Create").click();
    h.run();
    h.get_by_label("Unsaved changes");
    button(&h, "Cancel").click();
    h.run();
    assert_eq!(*h.state().document().puzzle(), edited);
    // Again, and this time discard: a new empty board.
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::N);
    h.run();
    button(&h, "Create").click();
    h.run();
    button(&h, "Discard changes").click();
    h.run();
    let p = h.state().document().puzzle();
    assert!(p.pieces().is_empty());
    assert_eq!((p.rows, p.cols), (4, 4));
}

#[test]
fn the_design_survives_quit_and_relaunch() {
    let mut h = fresh_harness(bundled("klotski.ron"));
    h.run();
    click_cell_with(&mut h, (4, 0), PointerButton::Secondary, Modifiers::NONE);
    button(&h, "Goal").click();
    h.run();
    let designed = h.state().document().puzzle().clone();
    let mut storage = MemoryStorage::default();
    h.state().save_session(&mut storage);
    drop(h);

    let mut relaunched = test_app(Puzzle::empty(1, 1));
    relaunched.restore_session(&storage);
    assert_eq!(*relaunched.document().puzzle(), designed);
    assert!(relaunched.document().is_modified(), "never saved to a file");
    assert_eq!(relaunched.mode(), Mode::Goal);
}

/// Paints a wall on cell `(r, c)` with the Wall tool (W), a change to the design.
fn paint_wall(h: &mut Harness<'static, App>, r: usize, c: usize) {
    keys(h, Modifiers::NONE, Key::W);
    let p = h.state().document().puzzle();
    let at = cell_center(h.get_by_label(BOARD_LABEL).rect(), p.rows, p.cols, r, c);
    h.hover_at(at);
    h.run_ok();
    h.drag_at(at);
    h.run_ok();
    h.drop_at(at);
    h.run_ok();
    assert_eq!(h.state().document().puzzle().cell(r, c), Cell::Wall);
}

#[test]
fn the_save_dialog_lists_the_puzzles_already_in_the_folder() {
    let dir = tempfile::tempdir().unwrap();
    let folder = puzzles_folder(&dir);
    for name in ["first.ron", "second.ron"] {
        file::save(&folder.join(name), &empty_board(2, 2)).unwrap();
    }
    let mut puzzle = empty_board(3, 3);
    puzzle.name = "My Puzzle".into();
    let mut h = harness_in(puzzle, Mode::Start, &folder, [1400.0, 900.0]);
    keys(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    assert_eq!(
        path_field(&h),
        folder.join("my-puzzle.ron").display().to_string()
    );
    // The suggested name matches no file, yet the folder's puzzles are all listed.
    h.get_by_label(&format!("The puzzles in {}:", folder.display()));
    h.get_by_label("second.ron");
    // A click on one takes its name, to save over it.
    h.get_by_label("first.ron").click();
    h.run_ok();
    assert_eq!(
        path_field(&h),
        folder.join("first.ron").display().to_string()
    );
}

#[test]
fn enter_or_escape_closes_the_error_dialog() {
    let dir = tempfile::tempdir().unwrap();
    let folder = puzzles_folder(&dir);
    std::fs::write(folder.join("broken.ron"), "not a puzzle").unwrap();
    let mut h = harness_in(empty_board(3, 3), Mode::Start, &folder, [1400.0, 900.0]);
    for key in [Key::Enter, Key::Escape] {
        keys(&mut h, Modifiers::COMMAND, Key::O);
        open_listed(&mut h, "broken.ron");
        let (title, _) = h.state().error_message().expect("an error is shown");
        assert_eq!(title, "Could not open the puzzle");
        h.key_press(key);
        h.run_ok();
        assert_eq!(h.state().error_message(), None, "{key:?} closes it");
        assert!(h.query_by_label("Could not open the puzzle").is_none());
    }
}

#[test]
fn a_puzzle_opened_from_the_goal_tab_is_shown_at_its_start() {
    let dir = tempfile::tempdir().unwrap();
    let folder = puzzles_folder(&dir);
    file::save(&folder.join("little.ron"), &empty_board(2, 2)).unwrap();
    let mut h = harness_in(empty_board(3, 3), Mode::Goal, &folder, [1400.0, 900.0]);
    keys(&mut h, Modifiers::COMMAND, Key::O);
    open_listed(&mut h, "little.ron");
    assert_eq!(h.state().document().puzzle().rows, 2);
    assert_eq!(h.state().mode(), Mode::Start);
}

#[test]
fn close_asks_about_unsaved_changes_then_leaves_an_empty_design() {
    let mut h = harness(bundled("klotski.ron"), Mode::Start, [1400.0, 900.0]);
    paint_wall(&mut h, 4, 1);
    keys(&mut h, Modifiers::COMMAND, Key::W);
    // Nothing is dropped before the user answers.
    h.get_by_label("Unsaved changes");
    assert_eq!(h.state().document().puzzle().cell(4, 1), Cell::Wall);
    button(&h, "Discard changes").click();
    h.run_ok();
    let doc = h.state().document();
    assert_eq!(*doc.puzzle(), NewPuzzleForm::default().build());
    assert!(!doc.is_modified() && doc.path().is_none());
    h.get_by_label_contains("Closed Klotski");
    // Closing the empty design asks nothing.
    menu(&mut h, "File", "Close");
    assert!(h.query_by_label("Unsaved changes").is_none());
}

#[test]
fn revert_to_saved_asks_then_restores_the_file_and_can_be_undone() {
    let dir = tempfile::tempdir().unwrap();
    let folder = puzzles_folder(&dir);
    let mut h = harness_in(
        bundled("klotski.ron"),
        Mode::Start,
        &folder,
        [1400.0, 900.0],
    );
    let path = folder.join("klotski.ron");
    save_as(&mut h, &path);
    let saved = h.state().document().puzzle().clone();
    // With no change since the save there is nothing to revert.
    button(&h, "File").click();
    h.run_ok();
    assert!(
        button(&h, "Revert to Saved…")
            .accesskit_node()
            .is_disabled()
    );
    button(&h, "File").click();
    h.run_ok();

    paint_wall(&mut h, 4, 1);
    menu(&mut h, "File", "Revert to Saved…");
    h.get_by_label("Revert to saved");
    button(&h, "Cancel").click();
    h.run_ok();
    assert_eq!(h.state().document().puzzle().cell(4, 1), Cell::Wall);

    menu(&mut h, "File", "Revert to Saved…");
    button(&h, "Revert").click();
    h.run_ok();
    let doc = h.state().document();
    assert_eq!(*doc.puzzle(), saved);
    assert!(!doc.is_modified());
    assert_eq!(doc.path(), Some(path.as_path()));
    // The dropped changes come back with Undo.
    keys(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(h.state().document().puzzle().cell(4, 1), Cell::Wall);
}

#[test]
fn open_recent_marks_a_deleted_file_missing_and_offers_to_remove_it() {
    let dir = tempfile::tempdir().unwrap();
    let folder = puzzles_folder(&dir);
    let mut h = harness_in(empty_board(3, 3), Mode::Start, &folder, [1400.0, 900.0]);
    let (gone, kept) = (folder.join("gone.ron"), folder.join("kept.ron"));
    save_as(&mut h, &gone);
    save_as(&mut h, &kept);
    std::fs::remove_file(&gone).unwrap();
    menu(&mut h, "File", "Open Recent");
    // Each with its folder, as two designs may share a file name.
    button(&h, "kept.ron  (puzzles)");
    button(&h, "gone.ron  (puzzles) (missing)").click();
    h.run_ok();
    h.get_by_label("File not found");
    h.get_by_label_contains("is not there any more");
    assert_eq!(h.state().document().path(), Some(kept.as_path()));
    button(&h, "Remove from recent files").click();
    h.run_ok();
    assert!(h.query_by_label("File not found").is_none());
    menu(&mut h, "File", "Open Recent");
    button(&h, "kept.ron  (puzzles)");
    assert!(
        h.query_by(
            |n| n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with("gone.ron"))
        )
        .is_none()
    );
}

#[test]
fn open_starts_in_the_folder_of_the_file_used_last() {
    let dir = tempfile::tempdir().unwrap();
    let folder = puzzles_folder(&dir);
    let elsewhere = dir.path().join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    let there = elsewhere.join("there.ron");
    file::save(&there, &empty_board(2, 2)).unwrap();
    let mut h = harness_in(empty_board(3, 3), Mode::Start, &folder, [1400.0, 900.0]);
    let sep = std::path::MAIN_SEPARATOR;
    // Nothing opened yet: the puzzles folder.
    keys(&mut h, Modifiers::COMMAND, Key::O);
    assert_eq!(path_field(&h), format!("{}{sep}", folder.display()));
    type_path(&mut h, &there, "Open");
    assert_eq!(h.state().document().path(), Some(there.as_path()));
    // Then the folder of the file opened, as where a user goes on looking.
    keys(&mut h, Modifiers::COMMAND, Key::O);
    let canonical = std::fs::canonicalize(&elsewhere).unwrap();
    assert_eq!(path_field(&h), format!("{}{sep}", canonical.display()));
}

/// The Open dialog's list of many files is as wide as the dialog, a row a file: its scroll
/// bar, at the dialog's right edge, never lies over the end of the longest name.
#[test]
fn the_open_dialogs_scroll_bar_leaves_the_names_clear() {
    let dir = tempfile::tempdir().unwrap();
    let folder = puzzles_folder(&dir);
    for i in 0..10 {
        file::save(&folder.join(format!("p{i}.ron")), &empty_board(2, 2)).unwrap();
    }
    let long = "bad-missing-comma.ron";
    file::save(&folder.join(long), &empty_board(2, 2)).unwrap();
    let mut h = harness_in(empty_board(3, 3), Mode::Start, &folder, [1400.0, 900.0]);
    keys(&mut h, Modifiers::COMMAND, Key::O);
    let field = h.get_by_label(PATH_FIELD_LABEL).rect();
    let row = h.get_by_label(long).rect();
    let font = egui::TextStyle::Body.resolve(&h.ctx.global_style());
    let text = h.ctx.fonts_mut(|f| {
        f.layout_no_wrap(long.into(), font, egui::Color32::WHITE)
            .size()
            .x
    });
    // The row reaches the dialog's right edge, where the bar is; the name ends far before.
    assert!(
        row.max.x >= field.max.x - 20.0 && row.min.x + text + 40.0 < field.max.x,
        "{long} in a row at {row:?}, the dialog's field at {field:?}"
    );
}

/// Enter in the unsaved-changes question saves, its first answer: a design never saved
/// asks where, in the Save dialog.
#[test]
fn enter_in_the_unsaved_changes_question_saves() {
    let dir = tempfile::tempdir().unwrap();
    let folder = puzzles_folder(&dir);
    let mut h = harness_in(
        bundled("klotski.ron"),
        Mode::Start,
        &folder,
        [1400.0, 900.0],
    );
    paint_wall(&mut h, 4, 1);
    keys(&mut h, Modifiers::COMMAND, Key::W);
    h.get_by_label("Unsaved changes");
    h.key_press(Key::Enter);
    h.run_ok();
    assert!(h.query_by_label("Unsaved changes").is_none());
    h.get_by_label("Save puzzle");
    assert_eq!(h.state().document().puzzle().cell(4, 1), Cell::Wall);
}

/// In the Open dialog a file picked with a click keeps the whole list in view (a misclick is
/// undone with another click); a folder typed lists its puzzles, and Enter on it goes into
/// it rather than failing to open a folder.
#[test]
fn the_open_dialog_keeps_its_list_and_goes_into_a_typed_folder() {
    let dir = tempfile::tempdir().unwrap();
    let folder = puzzles_folder(&dir);
    for name in ["first.ron", "second.ron"] {
        file::save(&folder.join(name), &empty_board(2, 2)).unwrap();
    }
    let other = dir.path().join("other");
    std::fs::create_dir(&other).unwrap();
    file::save(&other.join("elsewhere.ron"), &empty_board(3, 3)).unwrap();
    let mut h = harness_in(empty_board(3, 3), Mode::Start, &folder, [1400.0, 900.0]);
    keys(&mut h, Modifiers::COMMAND, Key::O);
    h.get_by_label("first.ron").click();
    h.run_ok();
    h.get_by_label("second.ron");
    // A folder typed, then Enter: its puzzles are listed, and nothing failed to open.
    h.get_by_label(PATH_FIELD_LABEL).click();
    h.run_ok();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label(PATH_FIELD_LABEL)
        .type_text(&other.display().to_string());
    h.run_ok();
    h.get_by_label("elsewhere.ron");
    h.key_press(Key::Enter);
    h.run_ok();
    assert_eq!(h.state().error_message(), None);
    h.get_by_label("elsewhere.ron");
    open_listed(&mut h, "elsewhere.ron");
    assert_eq!(
        h.state().document().path(),
        Some(other.join("elsewhere.ron").as_path())
    );
}

/// Save As onto another existing file asks first: the first Save says the file exists and
/// turns into Replace, leaving the file as it was; Replace then saves over it. A new
/// design's suggested name is one no file has.
#[test]
fn saving_over_another_file_asks_first_and_a_new_name_is_free() {
    let dir = tempfile::tempdir().unwrap();
    let folder = puzzles_folder(&dir);
    let kept = folder.join("kept.ron");
    file::save(&kept, &empty_board(2, 2)).unwrap();
    let before = std::fs::read_to_string(&kept).unwrap();
    let mut h = harness_in(
        bundled("klotski.ron"),
        Mode::Start,
        &folder,
        [1400.0, 900.0],
    );
    keys(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    type_path(&mut h, &kept, "Save");
    h.get_by_label_contains("\"kept.ron\" already exists");
    assert_eq!(
        std::fs::read_to_string(&kept).unwrap(),
        before,
        "not replaced unasked"
    );
    button(&h, "Replace").click();
    h.run_ok();
    assert_ne!(std::fs::read_to_string(&kept).unwrap(), before);
    assert_eq!(h.state().document().path(), Some(kept.as_path()));

    // A new design named as a file there: the suggestion takes the next free name.
    let taken = folder.join("puzzle.ron");
    file::save(&taken, &empty_board(2, 2)).unwrap();
    let mut h = harness_in(empty_board(3, 3), Mode::Start, &folder, [1400.0, 900.0]);
    keys(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    let suggested = path_field(&h);
    assert_ne!(Path::new(&suggested), taken.as_path(), "{suggested}");
    assert!(!Path::new(&suggested).exists(), "{suggested}");
}

/// The input field (not its caption) named `label`.
fn field_rect(h: &Harness<'static, App>, label: &str) -> Rect {
    h.get_by(|n| n.label().as_deref() == Some(label) && n.role() != Role::Label)
        .rect()
}

#[test]
fn typing_into_a_clicked_size_field_replaces_its_value_and_create_keeps_it() {
    let mut h = harness(Puzzle::empty(4, 4), Mode::Start, [1400.0, 900.0]);
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run_ok();
    let rows = field_rect(&h, "Rows:").center();
    click_at(&mut h, rows);
    h.event(egui::Event::Text("3".into()));
    h.run_ok();
    h.key_press(Key::Tab);
    h.run_ok();
    let cols = field_rect(&h, "Columns:").center();
    click_at(&mut h, cols);
    h.event(egui::Event::Text("5".into()));
    h.run_ok();
    let create = h
        .get_by_role_and_label(Role::Button, "Create")
        .rect()
        .center();
    click_at(&mut h, create);
    let p = h.state().document().puzzle();
    assert_eq!((p.rows, p.cols), (3, 5));
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
    let mut h = harness(empty_board(2, 2), Mode::Start, [1400.0, 900.0]);
    apply(&mut h, Command::OpenPath(path));
    let (_, message) = h.state().error_message().expect("an error dialog");
    assert!(
        message.contains("row 2 has 2 cells but row 1 has 3"),
        "{message}"
    );
}

#[test]
fn the_typed_open_dialog_starts_in_the_puzzles_folder_takes_typing_and_lists_its_files() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("puzzles");
    std::fs::create_dir(&folder).unwrap();
    let kept = Puzzle::tiles(2, 2, &[1, 2, 0, 3], None).unwrap();
    blockslide_core::model::file::save(&folder.join("little.ron"), &kept).unwrap();
    let mut h = harness_in(empty_board(3, 3), Mode::Start, &folder, [1400.0, 900.0]);
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
    open_listed(&mut h, "little.ron");
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
    let mut h = harness_in(puzzle, Mode::Start, &folder, [1400.0, 900.0]);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    h.run_ok();
    let target = folder.join("my-puzzle.ron");
    assert_eq!(path_field(&h), target.display().to_string());
    h.key_press(Key::Enter);
    h.run_ok();
    assert!(target.exists(), "saved to {}", target.display());
    h.get_by_label_contains(&format!("Saved to {}", target.display()));
}

#[test]
fn saving_onto_a_read_only_file_is_refused_with_a_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kept.ron");
    std::fs::write(&path, "old").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    let mut h = harness(bundled("klotski.ron"), Mode::Start, [1200.0, 800.0]);
    let ctx = h.ctx.clone();
    h.state_mut().apply(Command::SaveTo(path.clone()), &ctx);
    h.run_ok();
    let (title, message) = h.state().error_message().expect("an error dialog");
    assert_eq!(title, "Could not save");
    assert!(
        message.contains("kept.ron: the file is read-only"),
        "{message}"
    );
    assert!(message.contains("Save As"), "says what to do: {message}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
}

#[test]
fn a_key_pressed_in_the_new_puzzle_dialog_leaves_the_editor_behind_it_alone() {
    let mut h = harness(bundled("klotski.ron"), Mode::Start, [1400.0, 900.0]);
    let tool = h.state().tool();
    menu(&mut h, "File", "New…");
    assert_ne!(
        blockslide_app::command::Tool::Move,
        tool,
        "the test starts with another tool"
    );
    keys(
        &mut h,
        egui::Modifiers::NONE,
        blockslide_app::command::Tool::Move.key(),
    );
    assert_eq!(
        h.state().tool(),
        tool,
        "a key behind the dialog changed the tool"
    );
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
