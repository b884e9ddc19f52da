//! The playback of a solution: F5 and Solve and play, the move list, the counter and the board
//! while a move glides, the heuristic plot (its axes, title and height) and its legend, the
//! verdict of an unsolvable puzzle, and the playback's room in small and tall windows.
//!
//! Searches run on background threads, so the tests step frames until a condition holds,
//! with a generous timeout (and never assert on timing).

use std::time::{Duration, Instant};

use blockslide_app::app::{App, SOLVE_AND_PLAY_LABEL};
use blockslide_app::command::Mode;
use blockslide_app::common::board::{BOARD_LABEL, cell_rect};
use blockslide_app::solve::playback::ui::H_PLOT_LABEL;
use blockslide_app::solve::playback::{Playback, Truth};
use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::Algorithm;
use blockslide_core::solve::api::heuristic_title;
use egui::accesskit::Role;
use egui::{Color32, Key, Pos2, Rect, Shape};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use crate::driver::{
    PATIENCE, SIZES, assert_clear, bundled, button, choose, flat_shapes, harness, solved,
    wait_and_run, wait_for,
};

/// A puzzle no sequence of moves solves, solved from the Solve tab at 800x600: the verdict
/// shows where the solution would play back, not only in the solver panel.
#[test]
fn an_unsolvable_puzzle_says_so_where_the_solution_would_play() {
    // Two blocks in a row cannot pass each other.
    let puzzle = Puzzle::from_rows(&["A A . B B"], &["B B . A A"]).unwrap();
    let mut h = harness(puzzle, Mode::Solve, [800.0, 600.0]);
    button(&h, "Solve the puzzle").click();
    h.step();
    wait_for(&mut h, PATIENCE, "the verdict", |app| {
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

#[test]
fn the_playback_charts_legend_sits_clear_of_its_lines() {
    let mut h = harness(bundled("eight-14.ron"), Mode::Solve, [1400.0, 900.0]);
    h.state_mut()
        .solve_view_mut()
        .panel_mut()
        .settings
        .algorithm = Some(Algorithm::Astar);
    h.run_ok();
    h.get_by_label("Solve the puzzle").click();
    wait_for(&mut h, PATIENCE, "the heuristic along the path", |app| {
        app.solve_view()
            .playback()
            .is_some_and(|p| p.h_path().is_some())
    });
    h.run_ok();
    let path = h.state().solve_view().playback().unwrap().h_path().unwrap();
    let name = format!("h ({})", heuristic_title(&path.heuristic));
    assert_clear(&h, H_PLOT_LABEL, &name);
}

#[test]
fn f5_in_the_start_tab_solves_and_plays_the_solution_to_the_end() {
    let puzzle = bundled("two-by-three.ron");
    let mut h = harness(puzzle.clone(), Mode::Start, [1400.0, 900.0]);
    h.key_press(Key::F5);
    h.step();
    assert_eq!(h.state().mode(), Mode::Solve);
    wait_and_run(&mut h, "the solution to play", |app| {
        app.solve_view()
            .playback()
            .is_some_and(Playback::is_playing)
    });
    wait_and_run(&mut h, "the playback to reach the goal", |app| {
        app.solve_view()
            .playback()
            .is_some_and(|p| !p.is_playing() && p.index() == p.len())
    });
    let end = h
        .state()
        .solve_view()
        .playback()
        .unwrap()
        .position()
        .clone();
    assert!(puzzle.goal_satisfied_by(&end.cells));
}

#[test]
fn the_solve_and_play_button_works_from_the_goal_tab() {
    let puzzle = Puzzle::tiles(2, 2, &[1, 2, 0, 3], None).unwrap();
    let mut h = harness(puzzle, Mode::Goal, [1400.0, 900.0]);
    h.get_by_label(SOLVE_AND_PLAY_LABEL).click();
    h.step();
    assert_eq!(h.state().mode(), Mode::Solve);
    wait_and_run(&mut h, "the solution to play", |app| {
        app.solve_view()
            .playback()
            .is_some_and(|p| p.is_playing() || p.index() == p.len())
    });
}

#[test]
fn in_a_small_window_the_playback_controls_and_export_fit_beside_the_solver() {
    let puzzle = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 0, 7, 8], None).unwrap();
    // The smallest window the app allows.
    let mut h = harness(puzzle, Mode::Solve, [720.0, 480.0]);
    h.get_by_label("Solve the puzzle").click();
    h.step();
    wait_and_run(&mut h, "the solve", |app| {
        app.solve_view().playback().is_some()
    });
    let side = h.get_by_label("Solve the puzzle").rect().min.x;
    for label in ["Last", "Move", "of 2", "Copy moves as text", "Copy as JSON"] {
        let rect = h.get_by_label(label).rect();
        assert!(
            rect.max.x <= side && rect.max.y <= 480.0,
            "{label} at {rect:?} is cut off (the solver panel starts at x = {side})"
        );
    }
}

#[test]
fn a_greedy_solution_plots_the_true_distance_not_the_moves_left() {
    // The 8-puzzle's hardest start: 31 steps at best, many more for Greedy.
    let puzzle = bundled("eight-31a.ron");
    let mut h = harness(puzzle, Mode::Solve, [1400.0, 900.0]);
    h.get_by_role_and_label(Role::ComboBox, "Algorithm").click();
    h.run_ok();
    h.get_by_role_and_label(Role::Button, "Greedy best-first")
        .click();
    h.run_ok();
    h.get_by_role_and_label(Role::ComboBox, "Heuristic").click();
    h.run_ok();
    h.get_by_role_and_label(Role::Button, "Manhattan distance")
        .click();
    h.run_ok();
    h.get_by_label("Solve the puzzle").click();
    h.step();
    wait_and_run(&mut h, "the solve and its true distances", |app| {
        app.solve_view()
            .playback()
            .is_some_and(|p| p.truth().is_some() && p.h_path().is_some())
    });
    let playback = h.state().solve_view().playback().unwrap();
    let shown = playback.len();
    assert!(!playback.report().optimal && shown > 31, "{shown} steps");
    let Some(Truth::Exact { distances, mapped }) = playback.truth() else {
        panic!("{:?}", playback.truth());
    };
    assert!(mapped);
    assert_eq!(
        distances[0], 31,
        "the start is 31 steps from the goal, not {shown}"
    );
    h.get_by_label_contains("True distance: exact at every position");
}

/// Every text painted in the last frame, nested shapes included, with where it was painted.
fn painted_texts(h: &Harness<'static, App>) -> Vec<(Rect, std::sync::Arc<egui::Galley>)> {
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
    let numbers: Vec<(Rect, u32)> = painted_texts(h)
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
fn the_playback_lists_every_move_in_full_beside_the_board() {
    for size in SIZES {
        let mut h = solved(bundled("eight-31a.ron"), size);
        let moves = h.state().solve_view().playback().expect("a solution").len();
        // Stepped through with the arrow key, the list follows, showing every move.
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..=moves {
            for (_, galley) in painted_texts(&h) {
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

#[test]
fn the_heuristic_plot_of_the_8_puzzle_numbers_both_axes() {
    for size in SIZES {
        let mut h = solved(bundled("eight-31a.ron"), size);
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
    let mut h = harness(
        bundled("rush-hour-halfway.ron"),
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
    wait_for(&mut h, PATIENCE, "the solve and its plot", |app| {
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

#[test]
fn the_rush_hour_playback_board_keeps_most_of_a_small_window_and_the_plot_unfolds() {
    let mut h = harness(
        bundled("rush-hour-warm-up.ron"),
        Mode::Solve,
        [800.0, 600.0],
    );
    button(&h, "Solve the puzzle").click();
    h.step();
    wait_for(&mut h, PATIENCE, "the solve", |app| {
        app.solve_view()
            .playback()
            .is_some_and(|p| p.h_path().is_some())
    });
    h.run_ok();
    let board = h.get_by_label(BOARD_LABEL).rect();
    assert!(
        board.height() >= 260.0,
        "the 6x6 board is only {board:?} in a window 600 points high"
    );
    // Every export button is in view at once, under the board.
    for label in [
        "Copy moves as text",
        "Copy as JSON",
        "Save moves as text…",
        "Save as JSON…",
        "Save animation…",
    ] {
        let r = h.get_by_role_and_label(Role::Button, label).rect();
        assert!(
            r.min.y >= board.max.y && r.max.y <= 600.0,
            "{label:?} at {r:?}, the board at {board:?}"
        );
    }
    assert!(
        h.query_by_label(H_PLOT_LABEL).is_none(),
        "the plot is folded"
    );
    h.get_by_label_contains("along the solution").click();
    h.run_ok();
    let plot = h.get_by_label(H_PLOT_LABEL).rect();
    // Unfolded, the plot shows whole and the board keeps a readable size (six cells of 25
    // points or more).
    let board = h.get_by_label(BOARD_LABEL).rect();
    assert!(
        board.height() >= 150.0 && plot.max.y <= 600.0,
        "the board at {board:?} beside the plot at {plot:?}"
    );
}

#[test]
fn a_tall_playback_shows_the_plot_beside_the_export_buttons() {
    let mut h = harness(
        bundled("rush-hour-warm-up.ron"),
        Mode::Solve,
        [1400.0, 900.0],
    );
    button(&h, "Solve the puzzle").click();
    h.step();
    wait_for(&mut h, PATIENCE, "the plot", |app| {
        app.solve_view()
            .playback()
            .is_some_and(|p| p.h_path().is_some())
    });
    h.run_ok();
    let plot = h.get_by_label(H_PLOT_LABEL).rect();
    let save = h
        .get_by_role_and_label(Role::Button, "Save animation…")
        .rect();
    assert!(save.min.x >= plot.max.x, "{save:?} beside {plot:?}");
}

#[test]
fn while_a_move_glides_the_counter_and_the_move_list_name_the_same_move() {
    let puzzle =
        blockslide_core::model::Puzzle::from_rows(&["A . . ."], &[". . . A"]).expect("valid rows");
    let mut h = harness(puzzle, Mode::Solve, [1400.0, 900.0]);
    button(&h, "View").click();
    h.run_ok();
    h.get_by_role_and_label(Role::CheckBox, "Animations")
        .click();
    h.run_ok();
    h.key_press(egui::Key::Escape);
    h.run_ok();
    assert!(h.state().animations());
    button(&h, "Solve the puzzle").click();
    wait_for(&mut h, PATIENCE, "the solve", |app| {
        app.solve_view().playback().is_some()
    });
    h.run_ok();
    button(&h, "Next").click();
    let start = std::time::Instant::now();
    while h
        .state()
        .solve_view()
        .playback()
        .and_then(blockslide_app::solve::playback::Playback::glide_offset)
        .is_none()
    {
        assert!(
            start.elapsed() < PATIENCE,
            "timed out waiting for the glide"
        );
        h.step();
    }
    // Drawn once more mid-glide: the list's selected row is move 1, and the counter says
    // so too.
    h.step();
    assert!(
        h.state()
            .solve_view()
            .playback()
            .unwrap()
            .glide_offset()
            .is_some()
    );
    let n = h.state().solve_view().playback().unwrap().len();
    assert!(
        h.query_by_label(&format!("Move 1/{n}")).is_some(),
        "the counter"
    );
    let selected: Vec<String> = h
        .query_all(egui_kittest::kittest::by().role(Role::Button))
        .filter(|b| b.accesskit_node().toggled() == Some(egui::accesskit::Toggled::True))
        .filter_map(|b| b.accesskit_node().label())
        .filter(|l| l.trim_start().starts_with(char::is_numeric))
        .collect();
    assert!(
        selected.iter().any(|l| l.trim_start().starts_with("1.")),
        "the list's selected row: {selected:?}"
    );
}

#[test]
fn the_playback_area_says_a_solve_is_under_way() {
    // Korf's first 15-puzzle with Manhattan distance: minutes of search, time to look.
    let tiles = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3];
    let blank_first: Vec<u32> = (0..16).collect();
    let puzzle = Puzzle::tiles(4, 4, &tiles, Some(&blank_first)).unwrap();
    let mut h = harness(puzzle, Mode::Solve, [1400.0, 900.0]);
    h.state_mut()
        .solve_view_mut()
        .panel_mut()
        .settings
        .heuristic = Some("manhattan".into());
    button(&h, "Solve the puzzle").click();
    h.run_steps(3);
    h.get_by_label("Solving… the solution plays back here once it is found.");
    // The puzzle stays in view meanwhile.
    h.get_by_label(blockslide_app::common::board::BOARD_LABEL);
    assert!(
        h.query_by_label_contains("Choose an algorithm and press Solve")
            .is_none()
    );
    button(&h, "Cancel").click();
    h.run_ok();
}

fn solve_with(h: &mut Harness<'static, App>, algorithm: Algorithm) {
    button(h, "Solve the puzzle").click();
    h.run_ok();
    wait_for(h, PATIENCE, "the solve and its heuristic plot", |app| {
        app.solve_view()
            .playback()
            .is_some_and(|p| p.report().algorithm == algorithm && p.h_path().is_some())
    });
    h.run_ok();
}

/// The fill of the topmost rectangle painted over `at` in the last frame.
fn top_fill(h: &Harness<'static, App>, at: Pos2) -> Option<Color32> {
    flat_shapes(&h.output().shapes)
        .iter()
        .filter_map(|s| match s {
            Shape::Rect(r) if r.rect.contains(at) => Some(r.fill),
            _ => None,
        })
        .next_back()
}

#[test]
fn a_piece_gliding_in_playback_leaves_empty_cells_behind_it() {
    // One piece, one step right to its goal; the last two cells stay empty throughout.
    let puzzle = Puzzle::from_rows(&["A . . ."], &[". A . ."]).expect("valid rows");
    let mut h = harness(puzzle, Mode::Solve, [1400.0, 900.0]);
    h.get_by_role_and_label(Role::Button, "View").click();
    h.run_ok();
    h.get_by_role_and_label(Role::CheckBox, "Animations")
        .click();
    h.run_ok();
    h.key_press(Key::Escape);
    h.run_ok();
    assert!(h.state().animations());

    h.key_press(Key::F5);
    let start = Instant::now();
    loop {
        h.step();
        let offset = h
            .state()
            .solve_view()
            .playback()
            .and_then(Playback::glide_offset);
        if offset.is_some_and(|(_, o)| o.x > 0.3) {
            break;
        }
        assert!(
            start.elapsed() < PATIENCE,
            "timed out waiting for the glide"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    // Mid-glide: the cell the piece is leaving shows as empty as a cell never occupied,
    // not the dark frame under it.
    let board = h.get_by_label(BOARD_LABEL).rect();
    let empty = cell_rect(board, 1, 4, 0, 3).center();
    let left = cell_rect(board, 1, 4, 0, 0);
    let behind = Pos2::new(left.left() + 0.15 * left.width(), left.center().y);
    let empty_fill = top_fill(&h, empty).expect("an empty cell is painted");
    assert_eq!(top_fill(&h, behind), Some(empty_fill));
}

#[test]
fn the_heuristic_plot_is_titled_by_the_heuristic_the_run_used_or_none() {
    let mut h = harness(bundled("two-by-three.ron"), Mode::Solve, [1400.0, 900.0]);
    choose(&mut h, "Algorithm", "Breadth-first");
    solve_with(&mut h, Algorithm::Bfs);
    assert!(
        h.query_by_label_contains("Heuristic along the solution:")
            .is_none()
    );
    h.get_by_label_contains("No heuristic in this run;");

    choose(&mut h, "Algorithm", "A*");
    solve_with(&mut h, Algorithm::Astar);
    h.get_by_label_contains("Heuristic along the solution: ");
    assert!(
        h.query_by_label_contains("No heuristic in this run")
            .is_none()
    );
}

#[test]
fn klotski_bfs_in_the_move_metric_plays_back_81_moves_to_the_goal() {
    let klotski = bundled("klotski.ron");
    let mut h = harness(klotski.clone(), Mode::Solve, [1400.0, 900.0]);
    choose(&mut h, "Algorithm", "Breadth-first");
    choose(&mut h, "Metric", "move (any path)");
    assert_eq!(h.state().solve_view().metric(), Metric::Move);
    h.get_by_label("Solve the puzzle").click();
    wait_for(&mut h, PATIENCE, "the BFS solve", |app| {
        app.solve_view().playback().is_some()
    });
    h.run_ok();

    // The solver panel's summary and the playback header both say so.
    assert_eq!(h.get_all_by_label_contains("Solved: 81 moves").count(), 2);
    let playback = h.state().solve_view().playback().expect("a solution");
    assert_eq!(playback.len(), 81);
    assert!(playback.report().optimal);
    assert!(
        playback.verified(),
        "the solution replays on the model to a goal position"
    );
    h.get_by_label("Last").click();
    h.run_ok();
    // The move list scrolled to its last entry, move 81.
    h.get_by_label_contains("  81. ");
    let playback = h.state().solve_view().playback().unwrap();
    assert_eq!(playback.index(), 81);
    assert!(klotski.goal_satisfied_by(&playback.position().cells));
    h.get_by_label_contains("goal reached");

    // Step back and forth with the keyboard; animations are off in tests, so it is instant.
    h.key_press(Key::ArrowLeft);
    h.run_ok();
    assert_eq!(h.state().solve_view().playback().unwrap().index(), 80);
    assert!(
        !klotski.goal_satisfied_by(&h.state().solve_view().playback().unwrap().position().cells)
    );
    h.key_press(Key::Home);
    h.run_ok();
    assert_eq!(
        h.state().solve_view().playback().unwrap().position().cells,
        klotski.cells
    );

    // The heuristic plot arrives in the background: BFS uses none, so the best one is
    // evaluated; along an optimal path it never exceeds the moves left, and is 0 at the goal.
    wait_for(&mut h, PATIENCE, "the heuristic along the path", |app| {
        app.solve_view().playback().unwrap().h_path().is_some()
    });
    let path = h
        .state()
        .solve_view()
        .playback()
        .unwrap()
        .h_path()
        .unwrap()
        .clone();
    assert_eq!(path.values.len(), 82);
    assert_ne!(path.heuristic, "zero");
    for (i, h_value) in path.values.iter().enumerate() {
        assert!(
            *h_value as usize <= 81 - i,
            "h = {h_value} at move {i} overestimates"
        );
    }
    assert_eq!(path.values[81], 0);
    h.get_by_label_contains("along the solution");
    assert_eq!(
        h.state().solve_view().playback().unwrap().position().cells,
        klotski.cells
    );
}
