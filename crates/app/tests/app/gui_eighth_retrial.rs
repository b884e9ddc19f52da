//! The eighth new user's defects, at 800x600: two folded trees side by side, readable; the
//! Play header steady as the counts grow.

use blockslide_app::app::App;
use blockslide_app::command::{Command, CompareCommand, Mode, SolveCommand};
use blockslide_app::common::board::BOARD_LABEL;
use blockslide_core::solve::Algorithm;
use egui::Key;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable, by};

use crate::gui_support::{self, PATIENCE, bundled, button};
use blockslide_core::model::Puzzle;

/// Breadth-first search beside A* on the 14-move 8-puzzle at 800x600, run to the goal and
/// fitted: each tree, folded to the way to the goal, is shown whole at a zoom where its move
/// labels and "+N" counts are drawn (the canvas taller than the room left, the page
/// scrolled to it), not only the levels around the root.
#[test]
fn two_folded_trees_side_by_side_at_800x600_show_the_way_to_the_goal_readably() {
    let mut h = gui_support::bfs_beside_astar(bundled("eight-14.ron"), None, [800.0, 600.0]);
    gui_support::press(&mut h, "Run to the goal »");
    gui_support::press(&mut h, "Fit the tree");
    let watch = h.state().solve_view().watch();
    let goals = [watch.watching(), watch.compared()].map(|w| {
        w.and_then(|w| w.replay().goal())
            .expect("both reach the goal")
    });
    let views = [watch.tree_view().0, watch.compared_tree_view().0];
    let canvases: Vec<egui::Rect> = h
        .query_all(by().role(Role::Canvas))
        .map(|c| c.rect())
        .collect();
    assert_eq!(canvases.len(), 2);
    for index in 0..2 {
        let (canvas, view) = (canvases[index], views[index]);
        // The page scrolled to show the whole canvas, above the status bar.
        assert!(
            canvas.top() > 0.0 && canvas.bottom() < 580.0,
            "tree {index} in the window: {canvas:?}"
        );
        let zoom = (canvas.width() / view.width()).min(canvas.height() / view.height());
        assert!(
            zoom >= 0.6,
            "tree {index} at zoom {zoom}: {canvas:?} shows {view:?}"
        );
        let nodes = gui_support::tree_nodes(&h, index);
        let goal = format!("Tree node {}: ", goals[index]);
        let (_, goal) = nodes
            .iter()
            .find(|(label, _)| label.starts_with(&goal))
            .expect("the goal is drawn");
        assert!(
            view.contains_rect(*goal),
            "tree {index}: the goal {goal:?} in {view:?}"
        );
    }
}

/// Klotski played at 800x600 (counted in moves, so the header shows the steps too): ten
/// steps of one piece, back and forth, leave the board where it was and every figure of the
/// header on one line ("(10 steps)" never broken over two).
#[test]
fn the_play_header_keeps_its_lines_as_the_counts_grow_at_800x600() {
    let mut h = gui_support::harness(bundled("klotski.ron"), Mode::Play, [800.0, 600.0]);
    let board = h.get_by_label(BOARD_LABEL).rect();
    gui_support::click_cell(&mut h, 4, 3);
    for key in [Key::ArrowLeft, Key::ArrowRight]
        .into_iter()
        .cycle()
        .take(10)
    {
        h.key_press(key);
        h.run_ok();
    }
    let steps = h.get_by_label("(10 steps)").rect();
    let line = h.get_by_label("1 move").rect().height();
    assert!(steps.height() <= line, "{steps:?} on more than a line");
    assert_eq!(h.get_by_label(BOARD_LABEL).rect(), board, "the board moved");
}

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
    let mut h = gui_support::harness(bundled("klotski.ron"), Mode::Start, size);
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

/// Breadth-first search watched alone to the goal of the 16-move 8-puzzle, then fitted, at
/// both sizes: the folded tree shows its root and its goal together at a readable zoom, the
/// levels between them that do not fit left out and counted.
#[test]
fn fit_the_tree_shows_the_root_and_the_goal_of_a_deep_way_together() {
    for size in [[800.0, 600.0], [1400.0, 900.0]] {
        let mut h = gui_support::watch_view(bundled("eight-16.ron"), Algorithm::Bfs, size);
        gui_support::press(&mut h, "Watch Breadth-first");
        gui_support::press(&mut h, "Run to the goal »");
        gui_support::press(&mut h, "Fit the tree");
        let watch = h.state().solve_view().watch();
        let goal = watch
            .watching()
            .and_then(|w| w.replay().goal())
            .expect("the goal is reached");
        let (view, _) = watch.tree_view();
        let canvas = h.get_by_role_and_label(Role::Canvas, "Search tree").rect();
        let zoom = (canvas.width() / view.width()).min(canvas.height() / view.height());
        assert!(
            zoom >= 0.6,
            "{size:?}: zoom {zoom}, {canvas:?} shows {view:?}"
        );
        let nodes = gui_support::tree_nodes(&h, 0);
        for wanted in [0, goal] {
            let (_, node) = nodes
                .iter()
                .find(|(label, _)| label.starts_with(&format!("Tree node {wanted}: ")))
                .expect("drawn");
            assert!(
                view.contains_rect(*node),
                "{size:?}: node {wanted} at {node:?} in {view:?}"
            );
        }
        let gap = h.get_by_label_contains("Way left out: ").rect();
        assert!(view.contains_rect(gap), "{size:?}: the gap's note in view");
    }
}

/// Two trees side by side at 800x600 with boards in them, after a few steps: each fitted
/// tree is drawn at a zoom where the boards' numbers are legible (folded if need be), not
/// shrunk whole to specks.
#[test]
fn boards_in_two_trees_side_by_side_stay_legible_as_they_grow() {
    let mut h = gui_support::bfs_beside_astar(bundled("eight-14.ron"), None, [800.0, 600.0]);
    h.get_by_label("Boards in the tree").click();
    h.run_ok();
    for _ in 0..3 {
        gui_support::press(&mut h, "Step ›");
    }
    let watch = h.state().solve_view().watch();
    let views = [watch.tree_view(), watch.compared_tree_view()];
    let canvases: Vec<egui::Rect> = h
        .query_all(by().role(Role::Canvas))
        .map(|c| c.rect())
        .collect();
    for (index, (view, fitted)) in views.into_iter().enumerate() {
        assert!(fitted);
        let canvas = canvases[index];
        let zoom = (canvas.width() / view.width()).min(canvas.height() / view.height());
        assert!(
            zoom >= 0.7,
            "tree {index} at zoom {zoom}: {canvas:?} shows {view:?}"
        );
    }
}

/// A puzzle no sequence of moves solves, solved from the Solve tab at 800x600: the verdict
/// shows where the solution would play back, not only in the solver panel.
#[test]
fn an_unsolvable_puzzle_says_so_where_the_solution_would_play() {
    // Two blocks in a row cannot pass each other.
    let puzzle = Puzzle::from_rows(&["A A . B B"], &["B B . A A"]).unwrap();
    let mut h = gui_support::harness(puzzle, Mode::Solve, [800.0, 600.0]);
    button(&h, "Solve the puzzle").click();
    h.step();
    gui_support::wait_for(&mut h, PATIENCE, "the verdict", |app| {
        app.solve_view().panel().outcome().is_some() && !app.solve_view().panel().is_running()
    });
    h.run_ok();
    let verdicts: Vec<egui::Rect> = h
        .query_all_by_label("Unsolvable: no reachable position satisfies the goal")
        .map(|n| n.rect())
        .collect();
    assert!(
        verdicts.iter().any(|r| r.max.x < 560.0),
        "the verdict in the centre: {verdicts:?}"
    );
    // No solution, no optimality to judge: the panel's Optimal row says neither yes nor no.
    assert!(h.query_by_label("no").is_none() && h.query_by_label("yes").is_none());
}

/// Skip pressed at once after Run, before the comparison's thread is under way, skips the
/// first pair (its flag is in place before the pair is named), and the next pair runs.
#[test]
fn skip_pressed_at_once_skips_the_first_pair() {
    let mut h = gui_support::harness(bundled("fifteen-korf-1.ron"), Mode::Solve, [1400.0, 900.0]);
    button(&h, "Compare").click();
    h.run_ok();
    button(&h, "Classic six").click();
    h.run_ok();
    let ctx = h.ctx.clone();
    h.state_mut().apply(
        Command::Solve(SolveCommand::Compare(CompareCommand::Run)),
        &ctx,
    );
    h.state_mut().apply(
        Command::Solve(SolveCommand::Compare(CompareCommand::Skip)),
        &ctx,
    );
    gui_support::wait_for(&mut h, PATIENCE, "the first row", |app| {
        !app.solve_view().compare().rows().is_empty()
    });
    let first = &h.state().solve_view().compare().rows()[0];
    assert_eq!(first.cells()[8], "skipped", "{:?}", first.cells());
    button(&h, "Cancel comparison").click();
    h.step();
    gui_support::wait_for(&mut h, PATIENCE, "the comparison's end", |app| {
        !app.solve_view().compare().is_running()
    });
}

/// The Analyze window at 800x600 reaches down to the status bar: no line of the panel under
/// it peeks out below its frame.
#[test]
fn the_analyze_window_reaches_the_status_bar_at_800x600() {
    let mut h = gui_support::harness(bundled("klotski.ron"), Mode::Start, [800.0, 600.0]);
    h.key_press(Key::F6);
    h.run_ok();
    let window = h.get_by_role_and_label(Role::Window, "Analyze").rect();
    let bar = h.get_by_label("not saved yet").rect();
    assert!(
        window.max.y >= bar.min.y - 8.0 && window.max.y <= bar.max.y,
        "{window:?} above the status bar at {bar:?}"
    );
}

/// The status bar's message keeps its place when the pointer comes onto the board: the cell
/// under the pointer is said at the bar's right end.
#[test]
fn the_status_message_stays_put_as_the_pointer_crosses_the_board() {
    let mut h = gui_support::harness(bundled("klotski.ron"), Mode::Start, [800.0, 600.0]);
    let ctx = h.ctx.clone();
    let message = "Painted the goal";
    h.state_mut().apply(Command::Notify(message.into()), &ctx);
    h.run_ok();
    let before = h.get_by_label(message).rect();
    let at = gui_support::cell_pos(&h, 0, 0);
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

/// A* watched alone to the goal at 800x600, its frontier unfolded: the list keeps a useful
/// height (the page scrolls), and at the goal no entry is called next.
#[test]
fn the_frontier_list_keeps_its_height_and_names_nothing_next_at_the_goal() {
    let mut h = gui_support::watch_view(bundled("eight-14.ron"), Algorithm::Astar, [800.0, 600.0]);
    gui_support::press(&mut h, "Watch A*");
    gui_support::press(&mut h, "Run to the goal »");
    let heading = h.get_by_label_contains("Frontier (").rect();
    let after = h
        .get_by_label("Click a node of the tree to see its board and its path from the root.")
        .rect();
    assert!(
        after.min.y - heading.max.y >= 110.0,
        "the list between {heading:?} and {after:?}"
    );
    assert!(h.query_by_label_contains("next »").is_none());
}

/// A finished comparison at 800x600: a click on any cell of a solved row plays its solution
/// back (not only on the algorithm's name), and "Run the 6 pairs" runs it again from the
/// centre.
#[test]
fn a_comparisons_rows_play_back_from_any_cell_and_it_runs_again_from_the_centre() {
    let mut h = gui_support::harness(bundled("two-by-three.ron"), Mode::Solve, [800.0, 600.0]);
    button(&h, "Compare").click();
    h.run_ok();
    let pairs = h.state().solve_view().compare().pairs.len();
    let run = format!("Run the {pairs} pairs");
    button(&h, &run).click();
    h.step();
    gui_support::wait_for(&mut h, PATIENCE, "the comparison", |app| {
        !app.solve_view().compare().is_running() && !app.solve_view().compare().rows().is_empty()
    });
    h.run_ok();
    // The breadth-first row's length, a number in the length column under its title.
    let length = h.state().solve_view().compare().rows()[0].cells()[2].clone();
    let title = h.get_by_label("# Steps in Solution").rect();
    let cell = h
        .get_all_by_label(&length)
        .map(|n| n.rect())
        .filter(|r| r.min.y > title.max.y && r.center().x < title.max.x + 4.0)
        .filter(|r| r.center().x > title.min.x - 4.0)
        .min_by(|a, b| a.min.y.total_cmp(&b.min.y))
        .expect("the first row's length");
    gui_support::click_at(&mut h, cell.center());
    assert!(h.state().solve_view().playback().is_some(), "played back");
    button(&h, "Compare").click();
    h.run_ok();
    button(&h, &run).click();
    h.step();
    assert!(h.state().solve_view().compare().is_running(), "runs again");
    gui_support::wait_for(&mut h, PATIENCE, "the second comparison", |app| {
        !app.solve_view().compare().is_running()
    });
}

/// After "Make this the start" the analysis kept on screen is of the previous start, and
/// says so: the hardest start is harder than the previous start, not than "the start".
#[test]
fn after_make_this_the_start_the_kept_figures_name_the_previous_start() {
    let mut h = gui_support::harness(bundled("eight-14.ron"), Mode::Start, [1400.0, 900.0]);
    gui_support::analyze(&mut h);
    let before = h
        .get_by_label_contains("harder than the start.")
        .accesskit_node()
        .label()
        .unwrap_or_default();
    button(&h, "Make this the start").click();
    h.run_ok();
    let after = h.get_by_label_contains("harder than the previous start.");
    assert_eq!(
        after.accesskit_node().label().unwrap_or_default(),
        before.replace("the start", "the previous start")
    );
    assert!(
        h.query_by_label_contains("harder than the start.")
            .is_none()
    );
}

/// The shortcuts at 1400x900 show whole, without scrolling, the Watch view's gestures among
/// them.
#[test]
fn the_shortcuts_show_whole_in_a_large_window() {
    let h = gui_support::shortcuts([1400.0, 900.0]);
    let window = h
        .get_by_role_and_label(Role::Window, "Keyboard shortcuts")
        .rect();
    for label in [
        "Redo a move, as R does",
        "Zoom the search tree",
        "Mirror top–bottom",
    ] {
        let rect = h.get_by_label(label).rect();
        assert!(
            window.contains_rect(rect),
            "{label} at {rect:?} is outside the window {window:?}"
        );
    }
}

/// A game taken back to its start has not begun: the clock reads 0:00 and waits for the
/// next move.
#[test]
fn undoing_every_move_stops_the_play_clock() {
    let mut h = gui_support::harness(bundled("two-by-three.ron"), Mode::Play, [1400.0, 900.0]);
    gui_support::click_cell(&mut h, 1, 1);
    for _ in 0..8 {
        h.step();
    }
    assert!(h.query_by_label("0:00").is_none(), "the clock runs");
    h.key_press(Key::U);
    for _ in 0..8 {
        h.step();
    }
    h.get_by_label("0:00");
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
    gui_support::click_cell(&mut h, 4, 1);
    assert!(h.state().document().is_modified());
    let modified = h.get_by_label("modified").rect();
    assert!(
        modified.max.x < 1400.0 && modified.min.y > 850.0,
        "{modified:?}"
    );
}

/// A design the solver refuses: its goal puts piece A on a wall.
fn goal_on_a_wall() -> Puzzle {
    Puzzle::from_rows(&["A . .", ". . #"], &[". . .", ". . A"]).unwrap()
}

/// A refusal from the core names its pieces without backticks, in the solver panel and in
/// the centre.
#[test]
fn a_refusal_names_its_pieces_without_backticks() {
    let mut h = gui_support::harness(goal_on_a_wall(), Mode::Solve, [1400.0, 900.0]);
    button(&h, "Solve the puzzle").click();
    h.run_ok();
    // A label's text is its value.
    let shown: Vec<String> = h
        .query_all(by().label_contains("piece A"))
        .filter_map(|n| n.accesskit_node().value())
        .collect();
    assert_eq!(shown.len(), 2, "{shown:?}");
    assert!(h.query_all(by().label_contains("`")).next().is_none());
}

/// A hint asked for at the start, a move, then the move taken back: the start's hint stays
/// unshown until asked for again.
#[test]
fn a_hint_is_shown_only_where_it_was_asked_for_not_on_coming_back() {
    let mut h = gui_support::harness(bundled("two-by-three.ron"), Mode::Play, [1400.0, 900.0]);
    h.key_press(Key::H);
    h.run_ok();
    gui_support::wait_for(&mut h, PATIENCE, "the hint", |app| {
        app.solve_view().play().unwrap().hint().is_some()
    });
    h.run_ok();
    h.get_by_label_contains("Hint: move");
    gui_support::click_cell(&mut h, 1, 1);
    h.key_press(Key::U);
    h.run_ok();
    assert!(h.state().solve_view().play().unwrap().history().is_empty());
    assert!(h.query_by_label_contains("Hint: move").is_none());
    h.key_press(Key::H);
    h.run_ok();
    h.get_by_label_contains("Hint: move");
}

/// On the Rush Hour warm-up, A frees a car and locks it again: the panel's rows below the
/// board's figures keep their place (the Rush Hour string's row says why there is none).
#[test]
fn freeing_a_car_moves_nothing_in_the_panel() {
    for size in [[800.0, 600.0], [1400.0, 900.0]] {
        let mut h = gui_support::harness(bundled("rush-hour-warm-up.ron"), Mode::Start, size);
        // The vertical car C, chosen in the pieces' list.
        h.get_by(|n| {
            n.role() == Role::Button && n.label().is_some_and(|l| l == "C" || l.starts_with("C  "))
        })
        .click();
        h.run_ok();
        let below = h.get_by_label("Copy start to goal").rect();
        h.key_press(Key::A);
        h.run_ok();
        assert_eq!(
            h.state()
                .document()
                .puzzle()
                .axis_of(blockslide_core::model::Token::new("C").unwrap()),
            blockslide_core::model::Axis::Free
        );
        h.get_by_label_contains("none: ");
        assert_eq!(
            h.get_by_label("Copy start to goal").rect(),
            below,
            "the panel moved at {size:?}"
        );
    }
}

/// "Run the 6 pairs" on a design the solver refuses: why is said in the centre, where the
/// button was pressed, as in the panel, and without backticks.
#[test]
fn a_refused_comparison_says_why_in_the_centre() {
    let mut h = gui_support::harness(goal_on_a_wall(), Mode::Solve, [1400.0, 900.0]);
    button(&h, "Compare").click();
    h.run_ok();
    let pairs = h.state().solve_view().compare().pairs.len();
    button(&h, &format!("Run the {pairs} pairs")).click();
    h.run_ok();
    let said: Vec<egui::Rect> = h
        .query_all(by().label_contains("on a wall"))
        .map(|n| n.rect())
        .collect();
    let run = h.get_by_label(&format!("Run the {pairs} pairs")).rect();
    assert!(
        said.iter().any(|r| r.min.y > run.max.y && r.max.x < 1040.0),
        "said under the button in the centre: {said:?}"
    );
    assert!(h.query_all(by().label_contains("`")).next().is_none());
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
