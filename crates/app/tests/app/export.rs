//! Exports: the exports folder and its dialog, a solution saved as JSON, an animation saved as
//! an animated PNG or a GIF with its size, frames and captions, and the animation's options.
//!
//! Solves run on background threads, so the tests step frames until a condition holds, with a
//! generous timeout (and never assert on timing).

use std::io::Cursor;
use std::path::Path;
use std::time::Duration;

use blockslide_app::app::App;
use blockslide_app::app::dialogs::PATH_FIELD_LABEL;
use blockslide_app::app::export_task::ExportWork;
use blockslide_app::command::Mode;
use blockslide_app::solve::playback::animation::{
    AnimationFormat, AnimationOptions, CAPTION_HEIGHT, FramePer, MARGIN,
};
use blockslide_app::solve::playback::ui::ANIMATION_OPTIONS_LABEL;
use blockslide_core::model::{Puzzle, file, library};
use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use image::{AnimationDecoder, Frame};

use crate::driver::{
    PATIENCE, bundled, button, click_at, harness_in, keys, path_field, puzzles_folder, save_as,
    test_app, type_path, wait_and_run, wait_for,
};

/// Whether the strip under the board holds any ink: the caption is drawn.
fn captioned(frame: &Frame) -> bool {
    let picture = frame.buffer();
    let background = picture.get_pixel(0, picture.height() - 1).0;
    let top = picture.height() - CAPTION_HEIGHT as u32;
    (top..picture.height())
        .flat_map(|y| (0..picture.width()).map(move |x| (x, y)))
        .any(|(x, y)| picture.get_pixel(x, y).0 != background)
}

/// The app on `puzzle` in the Solve tab, saving into `folder`.
fn exporting_harness(puzzle: Puzzle, folder: &Path, size: [f32; 2]) -> Harness<'static, App> {
    let mut app = test_app(puzzle);
    // The puzzles in a folder of their own: exports go beside it, inside `folder` too.
    let puzzles = folder.join("puzzles");
    std::fs::create_dir_all(&puzzles).unwrap();
    app.set_library_folder(Some(puzzles));
    app.set_mode(Mode::Solve);
    let mut h = Harness::builder().with_size(size).build_eframe(|_| app);
    h.run_ok();
    h
}

/// Clicks "Save animation…", accepts the suggested file (checked to end in `ending`) and
/// waits for the rendering; returns the file's frames, decoded by the `image` crate.
fn save_animation(h: &mut Harness<'static, App>, ending: &str) -> Vec<Frame> {
    h.get_by_label("Save animation…").click();
    h.run_ok();
    let path = h.get_by_label(PATH_FIELD_LABEL).value().unwrap_or_default();
    assert!(path.ends_with(ending), "suggested {path}");
    h.key_press(Key::Enter);
    h.step();
    wait_for(h, Duration::from_mins(2), "the animation", |app| {
        app.export_progress().is_none()
    });
    assert!(
        h.state().error_message().is_none(),
        "{:?}",
        h.state().error_message()
    );
    let bytes = std::fs::read(&path).unwrap();
    let frames = if AnimationFormat::of_path(Path::new(&path)) == Some(AnimationFormat::Gif) {
        image::codecs::gif::GifDecoder::new(Cursor::new(bytes))
            .unwrap()
            .into_frames()
    } else {
        image::codecs::png::PngDecoder::new(Cursor::new(bytes))
            .unwrap()
            .apng()
            .unwrap()
            .into_frames()
    };
    frames.collect_frames().unwrap()
}

#[test]
fn an_animation_is_saved_as_a_gif_per_step_and_an_apng_per_move_with_its_size_and_captions() {
    let dir = tempfile::tempdir().unwrap();
    // Two pieces cross the board, each in one move of three steps.
    let puzzle = file::parse(
        r#"(format: 1, name: "Seeds", metric: Move, board: ["A . . .", "B . . ."],
            goal: (anywhere: false, cells: [". . . A", ". . . B"]))"#,
    )
    .unwrap();
    let (rows, cols) = (puzzle.rows, puzzle.cols);
    let mut h = exporting_harness(puzzle, dir.path(), [1400.0, 900.0]);
    h.get_by_label("Solve the puzzle").click();
    h.step();
    wait_for(&mut h, Duration::from_mins(2), "the solve", |app| {
        app.solve_view().playback().is_some()
    });
    let report = h.state().solve_view().playback().unwrap().report().clone();
    let steps: usize = report.moves.iter().map(|m| m.steps.len()).sum();
    assert!(steps > report.moves.len(), "a move of several steps");

    // The options popup stays open while they change.
    h.get_by_label(ANIMATION_OPTIONS_LABEL).click();
    h.run_ok();
    h.get_by_role_and_label(Role::Slider, "Cell size")
        .set_value_accesskit(20.0);
    h.run_ok();
    h.get_by_role_and_label(Role::RadioButton, "GIF").click();
    h.run_ok();
    h.get_by_role_and_label(Role::RadioButton, "step").click();
    h.run_ok();
    let captions = h.get_by_role_and_label(Role::CheckBox, "Captions");
    assert_eq!(
        captions.accesskit_node().toggled(),
        Some(egui::accesskit::Toggled::True),
        "captions are on by default"
    );
    h.get_by_label(ANIMATION_OPTIONS_LABEL).click();
    h.run_ok();
    let options = AnimationOptions::load(&h.ctx);
    assert_eq!((options.cell_px, options.per), (20, FramePer::Step));

    let gif = save_animation(&mut h, "seeds-solution.gif");
    assert_eq!(gif.len(), steps + 1, "the start, then one frame per step");
    let first = gif[0].buffer();
    assert_eq!(
        [first.width() as usize, first.height() as usize],
        [
            cols * 20 + 2 * MARGIN,
            rows * 20 + 2 * MARGIN + CAPTION_HEIGHT
        ]
    );
    assert!(gif.iter().all(captioned));

    h.get_by_label(ANIMATION_OPTIONS_LABEL).click();
    h.run_ok();
    h.get_by_role_and_label(Role::RadioButton, "Animated PNG")
        .click();
    h.run_ok();
    h.get_by_role_and_label(Role::RadioButton, "move").click();
    h.run_ok();
    h.get_by_label(ANIMATION_OPTIONS_LABEL).click();
    h.run_ok();
    let apng = save_animation(&mut h, "seeds-solution.png");
    assert_eq!(apng.len(), report.moves.len() + 1, "one frame per move");
    assert_eq!(
        [
            apng[0].buffer().width() as usize,
            apng[0].buffer().height() as usize
        ],
        [first.width() as usize, first.height() as usize]
    );
    assert!(captioned(&apng[1]));
}

/// An animation saved again under its name typed without an extension: the GIF it would
/// write (the format chosen) exists, so the dialog asks before replacing it.
#[test]
fn an_animation_typed_without_its_extension_asks_before_replacing() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = file::parse(
        r#"(format: 1, name: "Seeds", metric: Move, board: ["A . . .", "B . . ."],
            goal: (anywhere: false, cells: [". . . A", ". . . B"]))"#,
    )
    .unwrap();
    let mut h = exporting_harness(puzzle, dir.path(), [1400.0, 900.0]);
    h.get_by_label("Solve the puzzle").click();
    h.step();
    wait_for(&mut h, Duration::from_mins(2), "the solve", |app| {
        app.solve_view().playback().is_some()
    });
    h.get_by_label(ANIMATION_OPTIONS_LABEL).click();
    h.run_ok();
    h.get_by_role_and_label(Role::RadioButton, "GIF").click();
    h.run_ok();
    h.get_by_label(ANIMATION_OPTIONS_LABEL).click();
    h.run_ok();
    save_animation(&mut h, "seeds-solution.gif");
    h.get_by_label("Save animation…").click();
    h.run_ok();
    let path = h.get_by_label(PATH_FIELD_LABEL).value().unwrap_or_default();
    let bare = path.trim_end_matches(".gif").to_string();
    h.get_by_label(PATH_FIELD_LABEL).click();
    h.run_ok();
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::A);
    h.get_by_label(PATH_FIELD_LABEL).type_text(&bare);
    h.run_ok();
    h.get_by_role_and_label(Role::Button, "Save").click();
    h.run_ok();
    h.get_by_label_contains("\"seeds-solution.gif\" already exists");
}

/// Solves the design in the Solve tab and waits for the solution's playback.
fn solve_in_solve_tab(h: &mut Harness<'static, App>) {
    keys(h, Modifiers::NONE, Key::F3);
    h.get_by_label("Solve the puzzle").click();
    h.step();
    wait_for(h, Duration::from_mins(1), "the solve", |app| {
        app.solve_view().playback().is_some()
    });
}

#[test]
fn exports_default_to_a_folder_of_their_own_which_an_export_into_it_makes() {
    let dir = tempfile::tempdir().unwrap();
    let folder = puzzles_folder(&dir);
    let mut h = harness_in(
        bundled("two-by-three.ron"),
        Mode::Start,
        &folder,
        [1400.0, 900.0],
    );
    // A design never saved: beside the puzzles folder, not in it.
    assert_eq!(h.state().export_folder(), Some(dir.path().join("exports")));
    // A saved one: beside its file, in a folder named after it.
    save_as(&mut h, &folder.join("seeds.ron"));
    let exports = folder.join("seeds-exports");
    assert_eq!(h.state().export_folder(), Some(exports.clone()));
    solve_in_solve_tab(&mut h);
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
        bundled("two-by-three.ron"),
        Mode::Start,
        &folder,
        [1400.0, 900.0],
    );
    save_as(&mut h, &folder.join("seeds.ron"));
    let exports = folder.join("seeds-exports");
    std::fs::create_dir(&exports).unwrap();
    std::fs::write(exports.join("older.json"), "{}").unwrap();
    solve_in_solve_tab(&mut h);
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
fn a_solution_is_saved_as_json_and_as_an_animation_with_its_progress_shown() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("puzzles");
    std::fs::create_dir(&folder).unwrap();
    let mut puzzle = bundled("two-by-three.ron");
    puzzle.name = "Seeds".into();
    let mut h = harness_in(puzzle, Mode::Start, &folder, [1400.0, 900.0]);
    h.key_press(Key::F3);
    h.run_ok();
    h.get_by_label("Solve the puzzle").click();
    h.step();
    wait_and_run(&mut h, "the solve", |app| {
        app.solve_view().playback().is_some()
    });
    let moves = h.state().solve_view().playback().unwrap().len();

    h.get_by_label("Save as JSON…").click();
    h.run_ok();
    // An unsaved design exports beside the puzzles folder, in a folder of its own.
    let exports = dir.path().join("exports");
    let json_path = exports.join("seeds.json");
    assert_eq!(path_field(&h), json_path.display().to_string());
    h.key_press(Key::Enter);
    h.run_ok();
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json_path).unwrap()).unwrap();
    assert_eq!(
        json["moves"].as_array().map(Vec::len),
        Some(moves),
        "{json}"
    );
    h.get_by_label_contains("Exported the solution to");

    h.get_by_label("Save animation…").click();
    h.run_ok();
    h.key_press(Key::Enter);
    // One frame only: running frames until the app settles would wait out the render. This
    // solution is short: on an idle machine its render can end within that frame (a second
    // pass of the frame polls it), and then the file is already there.
    h.step();
    let animation = exports.join("seeds-solution.png");
    assert!(
        h.state().export_progress().is_some() || animation.exists(),
        "rendering in the background, or done within the frame"
    );
    wait_and_run(&mut h, "the animation", |app| {
        app.export_progress().is_none()
    });
    let apng = std::fs::read(&animation).unwrap();
    let reader = png::Decoder::new(std::io::Cursor::new(apng))
        .read_info()
        .unwrap();
    assert_eq!(
        reader
            .info()
            .animation_control
            .map(|a| a.num_frames as usize),
        Some(moves + 1)
    );
    assert!(h.state().error_message().is_none());
}

#[test]
fn a_bundled_puzzle_exports_to_the_users_folder_and_a_typed_new_folder_is_made() {
    // The app's own copy of the bundled puzzles, as in a source checkout or an install.
    let dir = tempfile::tempdir().unwrap();
    let bundled = dir.path().join("app").join("saved_puzzles");
    std::fs::create_dir_all(&bundled).unwrap();
    let file = bundled.join("eight-31a.ron");
    std::fs::write(&file, library::find("eight-31a.ron").unwrap().text).unwrap();
    let puzzles = dir.path().join("home").join("puzzles");
    let mut app = test_app(Puzzle::empty(3, 3));
    app.set_library_folder(Some(puzzles.clone()));
    let mut h = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_eframe(|_| app);
    h.run_ok();

    // Opened with Ctrl+O and a typed path, solved with F5.
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run_ok();
    type_path(&mut h, &file, "Open");
    assert_eq!(h.state().document().path(), Some(file.as_path()));
    h.key_press(Key::F5);
    h.run_ok();
    wait_for(&mut h, PATIENCE, "the solve", |app| {
        app.solve_view().playback().is_some()
    });

    // The animation goes beside the user's puzzles, not among the app's files.
    h.get_by_label("Save animation…").click();
    h.run_ok();
    let suggested = path_field(&h);
    let exports = dir.path().join("home").join("exports");
    assert_eq!(Path::new(&suggested).parent(), Some(exports.as_path()));

    // A folder typed that does not exist yet is made when the user confirms.
    let target = dir.path().join("slides").join("week 3").join("eight.gif");
    type_path(&mut h, &target, "Save");
    wait_for(&mut h, PATIENCE, "the animation", |app| {
        app.export_progress().is_none()
    });
    assert_eq!(h.state().error_message(), None);
    assert!(target.is_file(), "exported to {}", target.display());
    let status = h.state().status();
    assert!(
        status.contains("in week 3, a folder made for it"),
        "{status}"
    );
    assert!(
        !bundled.join("eight-31a-exports").exists(),
        "nothing beside the app's own files"
    );
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
    wait_for(&mut h, PATIENCE, "the solve", |app| {
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

/// File > Export > Web page… writes the design as the page `blockslide export html` makes:
/// one HTML file holding the puzzle and its optimal solution, found for the page.
#[test]
fn file_export_web_page_writes_a_playable_page_with_the_optimal_solution() {
    let folder = tempfile::tempdir().unwrap();
    let mut h = exporting_harness(bundled("klotski.ron"), folder.path(), [1280.0, 800.0]);
    button(&h, "File").click();
    h.run_ok();
    button(&h, "Export").click();
    h.run_ok();
    button(&h, blockslide_app::app::menu_bar::WEB_PAGE_ENTRY).click();
    h.run_ok();
    let page = folder.path().join("klotski.html");
    h.get_by_label(PATH_FIELD_LABEL).click();
    h.run_ok();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label(PATH_FIELD_LABEL)
        .type_text(&page.display().to_string());
    h.run_ok();
    button(&h, "Save").click();
    // Frames one by one: running until the app settles would wait out the page. Solving
    // Klotski and walking its component for the page's table take far longer than two frames.
    h.step();
    h.step();
    assert_eq!(h.state().export_work(), Some(ExportWork::WebPage));
    // The bar says what is being made, not the animation's "Rendering".
    h.get_by_role_and_label(Role::ProgressIndicator, "Writing the web page");
    assert!(
        h.query_by_label("Stop rendering").is_none(),
        "the page's solve cannot be stopped part way"
    );
    wait_for(&mut h, Duration::from_mins(2), "the web page", |app| {
        app.export_progress().is_none()
    });
    h.run_ok();
    assert!(
        h.state().error_message().is_none(),
        "{:?}",
        h.state().error_message()
    );
    assert!(
        h.state().status().contains("Exported the web page"),
        "{}",
        h.state().status()
    );
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    let data = html
        .split_once("id=\"blockslide-data\">")
        .and_then(|(_, rest)| rest.split_once("</script>"))
        .map(|(json, _)| json.replace("\\u003c", "<"))
        .expect("the page's data");
    let data: serde_json::Value = serde_json::from_str(&data).unwrap();
    // Klotski's known optimum in its own metric (moves), and a solution of that length.
    assert_eq!(data["puzzles"][0]["optimal"], 81);
    assert!(data["solutions"].as_bool().unwrap());
}
