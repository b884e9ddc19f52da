//! UI tests of issue 25's export and help: an animation saved as an animated PNG and as a GIF
//! with the chosen cell size, frames and captions; the getting-started page on the first
//! launch only; and the shortcuts window with Play's keys in aligned columns.

use std::io::Cursor;
use std::path::Path;
use std::time::Duration;

use egui::Key;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use image::{AnimationDecoder, Frame};

use blockslide_app::app::App;
use blockslide_app::app::dialogs::PATH_FIELD_LABEL;
use blockslide_app::app::help::STEP_PICTURES;
use blockslide_app::command::Mode;
use blockslide_app::solve::play;
use blockslide_app::solve::playback::animation::{
    AnimationFormat, AnimationOptions, CAPTION_HEIGHT, FramePer, MARGIN,
};
use blockslide_app::solve::playback::ui::ANIMATION_OPTIONS_LABEL;
use blockslide_core::model::{Puzzle, file};

use crate::gui_support::{self, MemoryStorage};

/// The app on `puzzle` in the Solve tab, saving into `folder`.
fn harness_in(puzzle: Puzzle, folder: &Path, size: [f32; 2]) -> Harness<'static, App> {
    let mut app = gui_support::app(puzzle);
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
    gui_support::wait_for(h, Duration::from_mins(2), "the animation", |app| {
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

/// Whether the strip under the board holds any ink: the caption is drawn.
fn captioned(frame: &Frame) -> bool {
    let picture = frame.buffer();
    let background = picture.get_pixel(0, picture.height() - 1).0;
    let top = picture.height() - CAPTION_HEIGHT as u32;
    (top..picture.height())
        .flat_map(|y| (0..picture.width()).map(move |x| (x, y)))
        .any(|(x, y)| picture.get_pixel(x, y).0 != background)
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
    let mut h = harness_in(puzzle, dir.path(), [1400.0, 900.0]);
    h.get_by_label("Solve the puzzle").click();
    h.step();
    gui_support::wait_for(&mut h, Duration::from_mins(2), "the solve", |app| {
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

#[test]
fn the_getting_started_page_opens_on_the_first_launch_and_not_on_the_second() {
    let mut storage = MemoryStorage::default();
    let mut app = gui_support::app(blockslide_app::app::default_puzzle());
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

    let mut app = gui_support::app(blockslide_app::app::default_puzzle());
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

/// The left edges of the labels `texts` (each may be shown more than once).
fn lefts(h: &Harness<'static, App>, texts: &[&str]) -> Vec<f32> {
    texts
        .iter()
        .flat_map(|t| h.get_all_by_label(t).map(|n| n.rect().min.x))
        .collect()
}

/// Whether the left edges `xs` line up (to within a pixel's rounding).
fn in_line(xs: &[f32]) -> bool {
    xs.iter().all(|x| (x - xs[0]).abs() < 0.5)
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
    // Everywhere, playback and Play on the left; the editor and Watch on the right.
    let left_keys = [
        "F1 · F2 · F3 · F4",
        "F6",
        "F9",
        "Space",
        "Home · End",
        "Backspace · U",
        "Click",
    ];
    let right_keys = ["B", "N", "W", "Delete", "Drag from empty", "Ctrl+scroll"];
    let descriptions = [
        "Play or pause",
        "Undo a move",
        "Redo a move",
        "Close the puzzle",
    ];

    let h = gui_support::shortcuts([1400.0, 900.0]);
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
    let h = gui_support::shortcuts([800.0, 600.0]);
    let all = lefts(&h, &[left_keys.as_slice(), &keys].concat());
    assert!(in_line(&all), "{all:?}");
    let whats = lefts(&h, &descriptions);
    assert!(in_line(&whats), "{whats:?}");
    assert!(
        h.get_by_label("A hint").rect().min.y > 600.0,
        "the window scrolls"
    );
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
    let mut h = harness_in(puzzle, dir.path(), [1400.0, 900.0]);
    h.get_by_label("Solve the puzzle").click();
    h.step();
    gui_support::wait_for(&mut h, Duration::from_mins(2), "the solve", |app| {
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
