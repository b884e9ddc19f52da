//! UI tests of the defects left when the app was tried again as a new user would, in real
//! windows of 800x600 and 1400x900: moves cut short in the playback's list, a heuristic plot
//! without numbers on its axes, exports of bundled puzzles, side panels of changing width,
//! and in Watch, a choice that moved and a tree left panned at the goal.
//!
//! Searches run on background threads, so the tests step frames until a condition holds,
//! with a generous timeout (and never assert on timing).

use crate::gui_support;

use std::path::Path;
use std::time::Duration;

use egui::accesskit::Role;
use egui::{Key, Modifiers, Rect, Shape};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use blockslide_app::app::App;
use blockslide_app::app::dialogs::PATH_FIELD_LABEL;
use blockslide_app::command::Mode;
use blockslide_app::common::board::BOARD_LABEL;
use blockslide_app::solve::playback::ui::H_PLOT_LABEL;
use blockslide_core::model::Puzzle;
use blockslide_core::model::library;

/// A generous bound for background work in a debug build on a busy machine.
const PATIENCE: Duration = Duration::from_mins(3);

/// The two window sizes of the retrial.
const SIZES: [[f32; 2]; 2] = [[800.0, 600.0], [1400.0, 900.0]];

/// Every text painted in the last frame, nested shapes included, with where it was painted.
fn texts(h: &Harness<'static, App>) -> Vec<(Rect, std::sync::Arc<egui::Galley>)> {
    fn add(shape: &Shape, out: &mut Vec<(Rect, std::sync::Arc<egui::Galley>)>) {
        match shape {
            Shape::Vec(inner) => inner.iter().for_each(|s| add(s, out)),
            Shape::Text(text) => out.push((text.visual_bounding_rect(), text.galley.clone())),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for clipped in &h.output().shapes {
        add(&clipped.shape, &mut out);
    }
    out
}

/// The app on `puzzle` in the Solve tab after F5 (solve and play) and the heuristic plot.
fn solved(puzzle: Puzzle, size: [f32; 2]) -> Harness<'static, App> {
    let mut h = gui_support::harness(puzzle, Mode::Start, size);
    h.key_press(Key::F5);
    h.run_ok();
    gui_support::wait_for(&mut h, PATIENCE, "the solve and its plot", |app| {
        app.solve_view()
            .playback()
            .is_some_and(|p| p.h_path().is_some() && p.truth().is_some())
    });
    h.run_ok();
    h
}

#[test]
fn the_playback_lists_every_move_in_full_beside_the_board() {
    for size in SIZES {
        let mut h = solved(gui_support::bundled("eight-31a.ron"), size);
        let moves = h.state().solve_view().playback().expect("a solution").len();
        // Stepped through with the arrow key, the list follows, showing every move.
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..=moves {
            for (_, galley) in texts(&h) {
                if galley.text().contains("(tile") {
                    assert!(
                        !galley.elided,
                        "{:?} is cut short at {size:?}",
                        galley.text()
                    );
                    seen.insert(galley.text().to_string());
                }
            }
            h.key_press(Key::ArrowDown);
            h.run_ok();
        }
        assert_eq!(seen.len(), moves, "every move was shown at {size:?}");
        // The list keeps to its side of the board.
        let board = h.get_by_label(BOARD_LABEL).rect();
        let heading = h.get_by_label("Moves").rect();
        assert!(board.right() < heading.left(), "{board:?} {heading:?}");
        assert!(board.width() > 120.0, "the board keeps room: {board:?}");
    }
}

/// The numbers painted on the heuristic plot's axes: those on the y axis (one above another)
/// and those on the x axis (side by side), read from the painted texts between the plot's
/// title and the note under it.
fn plot_numbers(h: &Harness<'static, App>) -> (Vec<u32>, Vec<u32>) {
    let title = h
        .get_all_by_label_contains("Heuristic along the solution")
        .next()
        .expect("the plot's title")
        .rect();
    let note = h
        .get_all_by_label_contains("True distance")
        .next()
        .expect("the note under the plot")
        .rect();
    // Beside the plot in a tall window, under it in a short one.
    let export = h.get_by_label("Export").rect();
    let beside = export.top() < note.top();
    // The solver panel's figures lie right of its heading.
    let panel = h.get_by_label("Solver").rect().left();
    let numbers: Vec<(Rect, u32)> = texts(h)
        .into_iter()
        .filter(|(at, _)| {
            at.top() > title.bottom()
                && at.bottom() < note.top()
                && at.right() < panel
                && (!beside || at.right() < export.left())
        })
        .filter_map(|(at, galley)| Some((at, galley.text().trim().parse().ok()?)))
        .collect();
    // The y axis's numbers end at the plot's left edge; the x axis's are on its lowest line.
    let left = numbers
        .iter()
        .map(|(at, _)| at.left())
        .fold(f32::MAX, f32::min);
    let low = numbers
        .iter()
        .map(|(at, _)| at.bottom())
        .fold(f32::MIN, f32::max);
    let column = |near: &dyn Fn(&Rect) -> bool| {
        let mut values: Vec<u32> = numbers
            .iter()
            .filter(|(at, _)| near(at))
            .map(|(_, n)| *n)
            .collect();
        values.sort_unstable();
        values.dedup();
        values
    };
    (
        column(&|at| at.left() - left < 20.0 && low - at.bottom() > 4.0),
        column(&|at| (low - at.bottom()).abs() < 4.0),
    )
}

#[test]
fn the_heuristic_plot_of_the_8_puzzle_numbers_both_axes() {
    for size in SIZES {
        let mut h = solved(gui_support::bundled("eight-31a.ron"), size);
        // A short window folds the plot away: unfolded, as the user does.
        if h.query_by_label(H_PLOT_LABEL).is_none() {
            h.get_all_by_label_contains("Heuristic along the solution")
                .next()
                .expect("the folded plot's title")
                .click();
            h.run_ok();
            // Scrolled down to the note under the plot, so its axes are in view.
            h.get_all_by_label_contains("True distance")
                .next()
                .expect("the note under the plot")
                .scroll_to_me();
            h.run_ok();
        }
        let moves = h.state().solve_view().playback().expect("a solution").len() as u32;
        let (y, x) = plot_numbers(&h);
        assert!(
            y.len() >= 3 && y[0] == 0 && *y.last().unwrap() <= moves,
            "y axis at {size:?}: {y:?}"
        );
        assert!(
            x.len() >= 3 && x[0] == 0 && *x.last().unwrap() <= moves,
            "x axis at {size:?}: {x:?}"
        );
    }
}

/// Greedy search's solution of a Rush Hour board is far longer than its heuristic ever
/// gets: the plot's height follows the lines, not the solution's length, so they are not
/// flattened against the bottom.
#[test]
fn the_heuristic_plot_of_a_long_greedy_solution_is_as_high_as_its_lines() {
    let mut h = gui_support::harness(
        gui_support::bundled("rush-hour-halfway.ron"),
        Mode::Solve,
        [1400.0, 900.0],
    );
    h.state_mut()
        .solve_view_mut()
        .panel_mut()
        .settings
        .algorithm = Some(blockslide_core::solve::Algorithm::Greedy);
    h.run_ok();
    h.get_by_label("Solve the puzzle").click();
    gui_support::wait_for(&mut h, PATIENCE, "the solve and its plot", |app| {
        app.solve_view()
            .playback()
            .is_some_and(|p| p.h_path().is_some() && p.truth().is_some())
    });
    h.run_ok();
    let playback = h.state().solve_view().playback().expect("a solution");
    let moves = playback.len() as u32;
    let highest = *playback.h_path().unwrap().values.iter().max().unwrap();
    let (y, x) = plot_numbers(&h);
    let top = *y.last().expect("numbers on the y axis");
    assert!(
        top * 4 < moves,
        "the y axis reaches {top} for {moves} moves (h at most {highest})"
    );
    assert!(
        *x.last().expect("numbers on the x axis") * 2 > moves,
        "x axis {x:?}"
    );
}

/// The typed path dialog's text.
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
    h.get_by_role_and_label(Role::Button, action).click();
    h.run_ok();
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
    let mut app = gui_support::app(Puzzle::empty(3, 3));
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
    gui_support::wait_for(&mut h, PATIENCE, "the solve", |app| {
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
    gui_support::wait_for(&mut h, PATIENCE, "the animation", |app| {
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

/// The right panel's edge: the resize handle farthest right (the left panel's and the move
/// list's lie left of it).
fn right_panel_edge(h: &Harness<'static, App>) -> f32 {
    h.query_all_by_role_and_label(Role::Splitter, "Resize panel")
        .map(|n| n.rect().center().x)
        .max_by(f32::total_cmp)
        .expect("the right panel is shown")
}

/// Clicks the tab `tab` and returns where the right panel's edge is then.
fn edge_in_tab(h: &mut Harness<'static, App>, tab: &str) -> f32 {
    h.get_by_role_and_label(Role::Button, tab).click();
    h.run_ok();
    right_panel_edge(h)
}

#[test]
fn the_right_panel_is_as_wide_in_every_tab_and_a_resize_carries_over() {
    const TABS: [&str; 4] = ["Start", "Goal", "Solve", "Play"];
    for size in SIZES {
        let mut h = gui_support::harness(gui_support::bundled("klotski.ron"), Mode::Start, size);
        let edges: Vec<f32> = TABS.iter().map(|tab| edge_in_tab(&mut h, tab)).collect();
        assert!(
            edges.iter().all(|e| (e - edges[0]).abs() < 0.5),
            "at {size:?}: {edges:?}"
        );
        // Dragged 40 points narrower in the Start tab (the window may allow it no wider), it is
        // as narrow in the other tabs.
        let at = egui::pos2(edge_in_tab(&mut h, "Start"), size[1] / 2.0);
        h.hover_at(at);
        h.step();
        h.drag_at(at);
        h.step();
        for k in 1..=4 {
            h.hover_at(at + egui::vec2(10.0 * k as f32, 0.0));
            h.step();
        }
        h.drop_at(at + egui::vec2(40.0, 0.0));
        h.run_ok();
        let dragged = right_panel_edge(&h);
        assert!(dragged > at.x + 20.0, "the drag resized it: {dragged}");
        for tab in TABS {
            let edge = edge_in_tab(&mut h, tab);
            assert!((edge - dragged).abs() < 0.5, "{tab} at {size:?}: {edge}");
        }
    }
}

/// Opens the combo box labelled `combo` and clicks its entry `entry`.
fn choose(h: &mut Harness<'static, App>, combo: &str, entry: &str) {
    h.get_by_role_and_label(Role::ComboBox, combo).click();
    h.run_ok();
    h.get_by_role_and_label(Role::Button, entry).click();
    h.run_ok();
}

/// The app on the bundled 8-puzzle with 16 moves in the Watch view at `size`, breadth-first
/// search in the solver panel.
fn watch_view(size: [f32; 2]) -> Harness<'static, App> {
    let mut h = gui_support::harness(gui_support::bundled("eight-16.ron"), Mode::Solve, size);
    h.state_mut()
        .solve_view_mut()
        .panel_mut()
        .settings
        .algorithm = Some(blockslide_core::solve::Algorithm::Bfs);
    h.run_ok();
    h.get_by_role_and_label(Role::Button, "Watch").click();
    h.run_ok();
    h
}

#[test]
fn choosing_what_to_compare_with_never_moves_the_choice() {
    let mut h = watch_view([800.0, 600.0]);
    let combo = |h: &Harness<'static, App>| {
        h.get_by_role_and_label(Role::ComboBox, "Compare with")
            .rect()
    };
    let before = combo(&h);
    for other in ["Iterative deepening", "A*", "nothing"] {
        choose(&mut h, "Compare with", other);
        assert_eq!(combo(&h), before, "after choosing {other}");
    }
}

#[test]
fn run_to_the_goal_refits_both_trees_even_one_panned_at_800x600() {
    let mut h = watch_view([800.0, 600.0]);
    choose(&mut h, "Compare with", "A*");
    h.get_by_label("Watch Breadth-first and A*").click();
    h.run_ok();
    for _ in 0..3 {
        h.get_by_label("Step ›").click();
        h.run_ok();
    }
    // The student pans the first tree to look around.
    let tree = h.get_by_label("Search tree of Breadth-first").rect();
    let from = egui::pos2(tree.center().x, tree.top() + 40.0);
    h.hover_at(from);
    h.step();
    h.drag_at(from);
    h.step();
    for k in 1..=4 {
        h.hover_at(from + egui::vec2(15.0 * k as f32, 10.0 * k as f32));
        h.step();
    }
    h.drop_at(from + egui::vec2(60.0, 40.0));
    h.run_ok();
    let watch = |h: &Harness<'static, App>| {
        let watch = h.state().solve_view().watch();
        (watch.tree_view().1, watch.compared_tree_view().1)
    };
    assert_ne!(watch(&h), (true, true), "a tree was panned");
    h.get_by_label("Run to the goal »").click();
    h.run_ok();
    assert_eq!(watch(&h), (true, true), "both trees are fitted at the goal");
}
