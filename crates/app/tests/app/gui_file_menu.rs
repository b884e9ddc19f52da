//! UI tests of the File menu and its dialogs as a new user met them (issue 25): Save and
//! Export list the folder's files, exports go to a folder of their own, Enter closes an error,
//! the goal's counts agree with their number, a puzzle opens in the Start tab, and Close,
//! Revert to Saved and Open Recent (missing files marked) work.

use crate::gui_support;
use crate::gui_support::{button, keys, menu};

use std::path::{Path, PathBuf};
use std::time::Duration;

use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use blockslide_app::app::App;
use blockslide_app::app::dialogs::PATH_FIELD_LABEL;
use blockslide_app::app::new_dialog::NewPuzzleForm;
use blockslide_app::command::Mode;
use blockslide_app::common::board::{BOARD_LABEL, cell_center};
use blockslide_core::model::{Cell, Puzzle, file};

/// The app on `puzzle` in `mode`, with `folder` as the user's puzzles folder (the Library's).
fn harness_in(puzzle: Puzzle, mode: Mode, folder: &Path) -> Harness<'static, App> {
    let mut app = gui_support::app(puzzle);
    app.set_library_folder(Some(folder.to_path_buf()));
    app.set_mode(mode);
    let mut h = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_eframe(|_| app);
    h.run_ok();
    h
}

/// A temporary home with a `puzzles` folder in it; the folder's path.
fn puzzles_folder(dir: &tempfile::TempDir) -> PathBuf {
    let folder = dir.path().join("puzzles");
    std::fs::create_dir(&folder).unwrap();
    folder
}

fn empty_board(rows: usize, cols: usize) -> Puzzle {
    let row = vec!["."; cols].join(" ");
    Puzzle::from_rows(&vec![row; rows], &[]).unwrap()
}

fn path_field(h: &Harness<'static, App>) -> String {
    h.get_by_label(PATH_FIELD_LABEL).value().unwrap_or_default()
}

/// Replaces the typed path dialog's text with `path` and clicks `action`.
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

/// Saves the design to `path` with File > Save As… and the typed path.
fn save_as(h: &mut Harness<'static, App>, path: &Path) {
    keys(h, Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    type_path(h, path, "Save");
    assert!(path.exists(), "saved to {}", path.display());
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
    let mut h = harness_in(puzzle, Mode::Start, &folder);
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

/// Solves the design in the Solve tab and waits for the solution's playback.
fn solve(h: &mut Harness<'static, App>) {
    keys(h, Modifiers::NONE, Key::F3);
    h.get_by_label("Solve the puzzle").click();
    h.step();
    gui_support::wait_for(h, Duration::from_mins(1), "the solve", |app| {
        app.solve_view().playback().is_some()
    });
}

#[test]
fn exports_default_to_a_folder_of_their_own_which_an_export_into_it_makes() {
    let dir = tempfile::tempdir().unwrap();
    let folder = puzzles_folder(&dir);
    let mut h = harness_in(
        gui_support::bundled("two-by-three.ron"),
        Mode::Start,
        &folder,
    );
    // A design never saved: beside the puzzles folder, not in it.
    assert_eq!(h.state().export_folder(), Some(dir.path().join("exports")));
    // A saved one: beside its file, in a folder named after it.
    save_as(&mut h, &folder.join("seeds.ron"));
    let exports = folder.join("seeds-exports");
    assert_eq!(h.state().export_folder(), Some(exports.clone()));
    solve(&mut h);
    h.get_by_label("Save as JSON…").click();
    h.run_ok();
    let target = exports.join("seeds.json");
    type_path(&mut h, &target, "Save");
    assert!(target.exists(), "exported to {}", target.display());
    assert_eq!(h.state().error_message(), None);
}

#[test]
fn the_export_dialog_suggests_the_exports_folder_and_lists_its_files() {
    let dir = tempfile::tempdir().unwrap();
    let folder = puzzles_folder(&dir);
    let mut h = harness_in(
        gui_support::bundled("two-by-three.ron"),
        Mode::Start,
        &folder,
    );
    save_as(&mut h, &folder.join("seeds.ron"));
    let exports = folder.join("seeds-exports");
    std::fs::create_dir(&exports).unwrap();
    std::fs::write(exports.join("older.json"), "{}").unwrap();
    solve(&mut h);
    h.get_by_label("Save as JSON…").click();
    h.run_ok();
    let suggested = path_field(&h);
    assert_eq!(
        Path::new(&suggested).parent(),
        Some(exports.as_path()),
        "{suggested}"
    );
    h.get_by_label("older.json");
    h.key_press(Key::Enter);
    h.run_ok();
    assert!(Path::new(&suggested).exists());
    // Nothing but puzzles among the puzzles.
    let among_puzzles: Vec<_> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file() && p.extension().is_none_or(|x| x != "ron"))
        .collect();
    assert!(among_puzzles.is_empty(), "{among_puzzles:?}");
}

#[test]
fn enter_or_escape_closes_the_error_dialog() {
    let dir = tempfile::tempdir().unwrap();
    let folder = puzzles_folder(&dir);
    std::fs::write(folder.join("broken.ron"), "not a puzzle").unwrap();
    let mut h = harness_in(empty_board(3, 3), Mode::Start, &folder);
    for key in [Key::Enter, Key::Escape] {
        keys(&mut h, Modifiers::COMMAND, Key::O);
        gui_support::open_listed(&mut h, "broken.ron");
        let (title, _) = h.state().error_message().expect("an error is shown");
        assert_eq!(title, "Could not open the puzzle");
        h.key_press(key);
        h.run_ok();
        assert_eq!(h.state().error_message(), None, "{key:?} closes it");
        assert!(h.query_by_label("Could not open the puzzle").is_none());
    }
}

#[test]
fn the_goal_counts_one_cell_named_and_many_cells() {
    let one = Puzzle::from_rows(&["A . .", ". . ."], &[". . A", ". . ."]).unwrap();
    let h = gui_support::harness(one, Mode::Start, [1400.0, 900.0]);
    h.get_by_label("1 cell named, 5 don't care");
    let two = Puzzle::from_rows(&["A A .", ". . ."], &[". A A", ". . ."]).unwrap();
    let h = gui_support::harness(two, Mode::Start, [1400.0, 900.0]);
    h.get_by_label("2 cells named, 4 don't care");
}

#[test]
fn a_puzzle_opened_from_the_goal_tab_is_shown_at_its_start() {
    let dir = tempfile::tempdir().unwrap();
    let folder = puzzles_folder(&dir);
    file::save(&folder.join("little.ron"), &empty_board(2, 2)).unwrap();
    let mut h = harness_in(empty_board(3, 3), Mode::Goal, &folder);
    keys(&mut h, Modifiers::COMMAND, Key::O);
    gui_support::open_listed(&mut h, "little.ron");
    assert_eq!(h.state().document().puzzle().rows, 2);
    assert_eq!(h.state().mode(), Mode::Start);
}

#[test]
fn close_asks_about_unsaved_changes_then_leaves_an_empty_design() {
    let mut h = gui_support::harness(
        gui_support::bundled("klotski.ron"),
        Mode::Start,
        [1400.0, 900.0],
    );
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
    let mut h = harness_in(gui_support::bundled("klotski.ron"), Mode::Start, &folder);
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
    let mut h = harness_in(empty_board(3, 3), Mode::Start, &folder);
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
    let mut h = harness_in(empty_board(3, 3), Mode::Start, &folder);
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
    let mut h = harness_in(empty_board(3, 3), Mode::Start, &folder);
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
    let mut h = harness_in(gui_support::bundled("klotski.ron"), Mode::Start, &folder);
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
    let mut h = harness_in(empty_board(3, 3), Mode::Start, &folder);
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
    gui_support::open_listed(&mut h, "elsewhere.ron");
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
    let mut h = harness_in(gui_support::bundled("klotski.ron"), Mode::Start, &folder);
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
    let mut h = harness_in(empty_board(3, 3), Mode::Start, &folder);
    keys(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    let suggested = path_field(&h);
    assert_ne!(Path::new(&suggested), taken.as_path(), "{suggested}");
    assert!(!Path::new(&suggested).exists(), "{suggested}");
}
