//! The seventh new user's defects, in a real window's sizes: the Rush Hour playback board
//! kept large at 800x600 (the heuristic plot folds away there and the export buttons go in
//! rows).

use blockslide_app::command::Mode;
use blockslide_app::common::board::BOARD_LABEL;
use blockslide_app::solve::playback::ui::H_PLOT_LABEL;
use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT, Queryable};

use crate::gui_support::{self, PATIENCE, bundled, button};

#[test]
fn the_rush_hour_playback_board_keeps_most_of_a_small_window_and_the_plot_unfolds() {
    let mut h = gui_support::harness(
        bundled("rush-hour-warm-up.ron"),
        Mode::Solve,
        [800.0, 600.0],
    );
    button(&h, "Solve the puzzle").click();
    h.step();
    gui_support::wait_for(&mut h, PATIENCE, "the solve", |app| {
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
    let mut h = gui_support::harness(
        bundled("rush-hour-warm-up.ron"),
        Mode::Solve,
        [1400.0, 900.0],
    );
    button(&h, "Solve the puzzle").click();
    h.step();
    gui_support::wait_for(&mut h, PATIENCE, "the plot", |app| {
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
fn the_analyze_window_moved_by_its_title_goes_off_the_board_when_the_app_grows() {
    let mut h = gui_support::harness(bundled("klotski.ron"), Mode::Start, [800.0, 600.0]);
    gui_support::analyze(&mut h);
    // The user nudges the window by its title bar, as one does with a mouse.
    let title = h.get_by_role_and_label(Role::Window, "Analyze").rect();
    let grip = egui::pos2(title.center().x, title.min.y + 10.0);
    gui_support::drag(&mut h, grip, grip + egui::vec2(-6.0, 4.0));
    // A real window draws a frame or two on a resize, not the many a test harness runs.
    h.set_size(egui::vec2(1400.0, 900.0));
    h.step();
    h.step();
    let window = h.get_by_role_and_label(Role::Window, "Analyze").rect();
    let board = h.get_by_label(BOARD_LABEL).rect();
    // Over the right-hand panel again, at the window's right edge, where it first opened.
    assert!(
        window.min.x >= board.max.x && window.max.x > 1300.0,
        "{window:?} not over the panel right of the board {board:?}"
    );
}

/// Runs the seeds' comparison on the bundled 2x3 puzzle in a window of `size` and shows its
/// results.
fn compared_2x3(size: [f32; 2]) -> egui_kittest::Harness<'static, blockslide_app::app::App> {
    let mut h = gui_support::harness(bundled("two-by-three.ron"), Mode::Solve, size);
    gui_support::run_seeds_comparison(&mut h);
    button(&h, "Compare").click();
    h.run_ok();
    h
}

#[test]
fn the_comparison_charts_and_their_bar_names_are_in_view_without_scrolling_at_800x600() {
    let h = compared_2x3([800.0, 600.0]);
    let bottom = h.get_by_label("not saved yet").rect().min.y;
    for name in ["BFS", "DFS", "UCS", "Greedy", "A*", "IDA*"] {
        for r in h
            .query_all(egui_kittest::kittest::by().role(Role::Label).label(name))
            .map(|n| n.rect())
        {
            assert!(
                r.max.y <= bottom,
                "{name} at {r:?}, below the view's end at {bottom}"
            );
        }
    }
}

#[test]
fn while_a_move_glides_the_counter_and_the_move_list_name_the_same_move() {
    let puzzle =
        blockslide_core::model::Puzzle::from_rows(&["A . . ."], &[". . . A"]).expect("valid rows");
    let mut h = gui_support::harness(puzzle, Mode::Solve, [1400.0, 900.0]);
    button(&h, "View").click();
    h.run_ok();
    h.get_by_role_and_label(Role::CheckBox, "Animations")
        .click();
    h.run_ok();
    h.key_press(egui::Key::Escape);
    h.run_ok();
    assert!(h.state().animations());
    button(&h, "Solve the puzzle").click();
    gui_support::wait_for(&mut h, PATIENCE, "the solve", |app| {
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
fn the_hint_arrow_leaves_the_tiles_number_readable() {
    // 1 2 3 / 4 . 5: the hint moves tile 5 left.
    let puzzle = blockslide_core::model::Puzzle::tiles(2, 3, &[1, 2, 3, 4, 0, 5], None).unwrap();
    let mut h = gui_support::harness(puzzle, Mode::Play, [1400.0, 900.0]);
    h.key_press(egui::Key::H);
    h.step();
    gui_support::wait_for(&mut h, PATIENCE, "the hint", |app| {
        app.solve_view().play().unwrap().hint().is_some()
    });
    h.run_ok();
    let shapes = gui_support::flat_shapes(&h.output().shapes);
    let number = shapes
        .iter()
        .find_map(|s| match s {
            egui::Shape::Text(t) if t.galley.text() == "5" => {
                Some(egui::Rect::from_min_size(t.pos, t.galley.size()))
            }
            _ => None,
        })
        .expect("tile 5's number");
    let gold = egui::Color32::from_rgb(0xff, 0xd0, 0x00);
    let arrow: Vec<[egui::Pos2; 2]> = shapes
        .iter()
        .filter_map(|s| match s {
            egui::Shape::LineSegment { points, stroke } if stroke.color == gold => Some(*points),
            _ => None,
        })
        .collect();
    assert!(!arrow.is_empty(), "the hint's arrow is drawn");
    for [a, b] in arrow {
        // Sampled along the segment: no point of it on the number.
        for k in 0..=20 {
            let p = a + (b - a) * (k as f32 / 20.0);
            assert!(
                !number.contains(p),
                "the arrow {a:?}-{b:?} crosses {number:?}"
            );
        }
    }
}

#[test]
fn a_pieces_label_sits_on_its_own_colour_over_the_goals_outline() {
    // Klotski's goal for A (the bottom middle) has its outline's edge through E's middle.
    let h = gui_support::harness(bundled("klotski.ron"), Mode::Start, [1400.0, 900.0]);
    let shapes = gui_support::flat_shapes(&h.output().shapes);
    let e = shapes
        .iter()
        .position(|s| matches!(s, egui::Shape::Text(t) if t.galley.text() == "E"))
        .expect("E's label");
    let egui::Shape::Text(text) = &shapes[e] else {
        unreachable!()
    };
    let letters = egui::Rect::from_min_size(text.pos, text.galley.size());
    let fill =
        blockslide_app::common::colors::to_color32(blockslide_app::common::colors::piece_color(
            h.state().document().puzzle(),
            blockslide_core::model::Token::new("E").unwrap(),
        ));
    // Painted just before the letters and after the outline: a patch of E's colour.
    match &shapes[e - 1] {
        egui::Shape::Rect(patch) => {
            assert!(
                patch.rect.contains_rect(letters),
                "{patch:?} under {letters:?}"
            );
            assert_eq!(patch.fill, fill);
        }
        other => panic!("{other:?} under E's label"),
    }
}

#[test]
fn the_play_buttons_keep_their_place_as_the_count_grows() {
    // 1 2 3 / 4 5 6 / 7 . 8: the blank moves about freely.
    let puzzle =
        blockslide_core::model::Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8], None).unwrap();
    let mut h = gui_support::harness(puzzle, Mode::Play, [800.0, 600.0]);
    let undo = |h: &egui_kittest::Harness<'static, blockslide_app::app::App>| {
        h.get_by_role_and_label(Role::Button, "Undo").rect()
    };
    let before = undo(&h);
    for key in [egui::Key::ArrowDown, egui::Key::ArrowUp] {
        h.key_press(key);
        h.run_ok();
        assert_eq!(undo(&h), before, "after {key:?}");
    }
}

#[test]
fn the_shortcuts_window_opened_small_shows_every_key_once_the_app_is_large() {
    let mut h = gui_support::shortcuts([800.0, 600.0]);
    h.set_size(egui::vec2(1400.0, 900.0));
    h.run_ok();
    let window = h
        .get_by_role_and_label(Role::Window, "Keyboard shortcuts")
        .rect();
    for label in [
        "Quit",
        "Hold to outline the goal of a tile puzzle",
        "A hint",
    ] {
        let rect = h.get_by_label(label).rect();
        assert!(
            window.contains_rect(rect),
            "{label} at {rect:?} is outside the window {window:?}"
        );
    }
}

/// The piece list's tokens, top to bottom.
fn piece_list(h: &egui_kittest::Harness<'static, blockslide_app::app::App>) -> Vec<String> {
    let puzzle = h.state().document().puzzle();
    let tokens: Vec<String> = puzzle
        .pieces()
        .iter()
        .map(|p| p.token.to_string())
        .collect();
    let mut rows: Vec<(f32, String)> = h
        .query_all(egui_kittest::kittest::by().role(Role::Button))
        .filter_map(|n| {
            let label = n.accesskit_node().label()?;
            let first = label.split_whitespace().next()?.to_string();
            tokens.contains(&first).then(|| (n.rect().min.y, first))
        })
        .collect();
    rows.sort_by(|a, b| a.0.total_cmp(&b.0));
    rows.into_iter().map(|(_, t)| t).collect()
}

#[test]
fn a_designs_piece_list_keeps_its_own_order_whatever_was_open_before() {
    use blockslide_app::command::Command;
    let mut h = gui_support::harness(
        bundled("rush-hour-warm-up.ron"),
        Mode::Start,
        [1400.0, 900.0],
    );
    let first = piece_list(&h);
    let mut sorted = first.clone();
    sorted.sort();
    assert_eq!(first, sorted);
    let ctx = h.ctx.clone();
    // A board with no car C, then the warm-up again.
    let without_c =
        blockslide_core::model::rushhour::parse("BBoooDoooooDooooAAoooooooooooooooooo").unwrap();
    for puzzle in [without_c, bundled("rush-hour-warm-up.ron")] {
        h.state_mut().apply(
            Command::OpenPuzzle {
                puzzle: Box::new(puzzle),
                source: "the library".into(),
                play: false,
            },
            &ctx,
        );
        h.run_ok();
    }
    assert_eq!(piece_list(&h), first);
}

#[test]
fn a_comparison_shows_the_pair_running_in_the_centre_and_a_skipped_pair_says_so() {
    // Breadth-first, depth-first and uniform-cost search each run until a limit on the
    // 15-puzzle.
    let mut h = gui_support::harness(bundled("fifteen-korf-1.ron"), Mode::Solve, [1400.0, 900.0]);
    button(&h, "Compare").click();
    h.run_ok();
    button(&h, "Classic six").click();
    h.run_ok();
    button(&h, "Run comparison").click();
    h.step();
    gui_support::wait_for(&mut h, PATIENCE, "the first pair under way", |app| {
        app.solve_view().compare().is_running()
    });
    h.run_ok();
    let edge = h
        .query_all_by_role_and_label(Role::Splitter, "Resize panel")
        .map(|n| n.rect().center().x)
        .fold(f32::INFINITY, f32::min);
    // The progress line, a label whose text is its value: "k/6: <pair> · n expanded".
    let running: Vec<(egui::Rect, usize)> = h
        .query_all(egui_kittest::kittest::by().role(Role::Label))
        .filter_map(|n| {
            let node = n.accesskit_node();
            let text = node.label().or_else(|| node.value())?;
            let (k, _) = text.split_once("/6: ")?;
            Some((n.rect(), k.parse().ok()?))
        })
        .collect();
    let &(_, k) = running
        .iter()
        .find(|(r, _)| r.max.x < edge)
        .unwrap_or_else(|| panic!("the running pair named in the centre: {running:?}"));
    button(&h, "Skip").click();
    h.step();
    // The pair running then (the one named, or the next if that one just reached its limit)
    // ends as skipped.
    let skipped = |app: &blockslide_app::app::App| {
        app.solve_view()
            .compare()
            .rows()
            .iter()
            .position(|r| r.cells()[8] == "skipped")
    };
    gui_support::wait_for(&mut h, PATIENCE, "the skipped pair's row", |app| {
        skipped(app).is_some()
    });
    button(&h, "Cancel comparison").click();
    h.step();
    gui_support::wait_for(&mut h, PATIENCE, "the comparison's end", |app| {
        !app.solve_view().compare().is_running()
    });
    h.run_ok();
    let at = skipped(h.state()).expect("a skipped row");
    assert!(at + 1 >= k, "row {at} skipped, the pair named was {k}");
    let rows = h.state().solve_view().compare().rows();
    assert_eq!(
        rows.iter().filter(|r| r.cells()[8] == "skipped").count(),
        1,
        "the others cancelled with the comparison or finished"
    );
}

#[test]
fn the_solver_panel_shows_the_figures_of_a_comparison_row_played_back() {
    let mut h = gui_support::harness(bundled("two-by-three.ron"), Mode::Solve, [1400.0, 900.0]);
    gui_support::run_seeds_comparison(&mut h);
    button(&h, "Compare").click();
    h.run_ok();
    h.get_by_role_and_label(Role::Link, "Greedy best-first")
        .click();
    h.run_ok();
    let report = h
        .state()
        .solve_view()
        .playback()
        .expect("the row played back")
        .report()
        .clone();
    assert_eq!(report.algorithm, blockslide_core::solve::Algorithm::Greedy);
    let Some(blockslide_app::solve::panel::Outcome::Report(shown)) =
        h.state().solve_view().panel().outcome()
    else {
        panic!("no figures in the panel");
    };
    assert_eq!(shown.algorithm, blockslide_core::solve::Algorithm::Greedy);
}

#[test]
fn the_analyze_windows_charts_and_legends_fit_it_at_800x600() {
    use blockslide_app::solve::analyze::charts::{CHOICES_LABEL, HISTOGRAM_LABEL};
    let mut h = gui_support::harness(
        bundled("rush-hour-halfway.ron"),
        Mode::Start,
        [800.0, 600.0],
    );
    gui_support::analyze(&mut h);
    let window = h.get_by_role_and_label(Role::Window, "Analyze").rect();
    for label in [HISTOGRAM_LABEL, CHOICES_LABEL] {
        let chart = h.get_by_label(label);
        chart.scroll_to_me();
        h.run_ok();
        let chart = h.get_by_label(label).rect();
        assert!(
            chart.min.x >= window.min.x && chart.max.x <= window.max.x,
            "{label} at {chart:?}, the window at {window:?}"
        );
    }
    let start = h.get_by_label_contains("the start (").rect();
    assert!(
        start.max.x <= window.max.x,
        "the legend's {start:?} in {window:?}"
    );
}

#[test]
fn the_families_window_opens_below_the_tab_row_and_inside_the_app() {
    use blockslide_app::app::{PANELS_LABEL, SOLVE_AND_PLAY_LABEL};
    for size in [[800.0, 600.0], [1400.0, 900.0]] {
        let mut h = gui_support::harness(bundled("klotski.ron"), Mode::Start, size);
        button(&h, "View").click();
        h.run_ok();
        button(&h, "Families…").click();
        h.run_ok();
        let window = h.get_by_role_and_label(Role::Window, "Families").rect();
        let app = egui::Rect::from_min_size(egui::Pos2::ZERO, size.into());
        assert!(app.contains_rect(window), "{window:?} in {size:?}");
        for control in [
            "Start",
            "Goal",
            "Solve",
            "Play",
            SOLVE_AND_PLAY_LABEL,
            PANELS_LABEL,
        ] {
            let r = h
                .query_all_by_role_and_label(Role::Button, control)
                .map(|n| n.rect())
                .min_by(|a, b| a.min.y.total_cmp(&b.min.y))
                .expect("the tab row's button");
            assert!(!r.intersects(window), "{control} at {r:?} under {window:?}");
        }
    }
}

#[test]
fn a_lone_watch_shows_its_growing_tree_without_fitting_at_both_sizes() {
    for file in ["klotski.ron", "rush-hour-halfway.ron", "eight-14.ron"] {
        for size in [[800.0, 600.0], [1400.0, 900.0]] {
            let mut h = gui_support::watch_view(
                bundled(file),
                blockslide_core::solve::Algorithm::Bfs,
                size,
            );
            gui_support::press(&mut h, "Watch Breadth-first");
            for _ in 0..5 {
                gui_support::press(&mut h, "Step ›");
            }
            let (view, _) = h.state().solve_view().watch().tree_view();
            let nodes: Vec<egui::Rect> = h
                .query_all(egui_kittest::kittest::by().label_contains("Tree node "))
                .map(|n| n.rect())
                .collect();
            let shown = nodes.iter().filter(|n| view.contains_rect(**n)).count();
            assert!(
                shown * 2 >= nodes.len() && shown > 3,
                "{file} at {size:?}: {shown} of {} nodes in the view {view:?}",
                nodes.len()
            );
        }
    }
}

#[test]
fn the_pointer_over_a_piece_outlines_the_piece_not_a_square_across_it() {
    let mut h = gui_support::harness(bundled("klotski.ron"), Mode::Start, [1400.0, 900.0]);
    // A, the 2x2 block, covers rows 0-1 and columns 1-2.
    let at = gui_support::cell_pos(&h, 0, 1);
    h.hover_at(at);
    h.run_ok();
    let hover = egui::Color32::from_white_alpha(200);
    let shapes = gui_support::flat_shapes(&h.output().shapes);
    let squares = shapes
        .iter()
        .filter(
            |s| matches!(s, egui::Shape::Rect(r) if r.stroke.color == hover && r.rect.contains(at)),
        )
        .count();
    assert_eq!(squares, 0, "a cell's square drawn across the piece");
    let outline = shapes
        .iter()
        .filter(|s| matches!(s, egui::Shape::LineSegment { stroke, .. } if stroke.color == hover))
        .count();
    assert!(outline >= 4, "the piece's outline: {outline} sides");
}

#[test]
fn the_hint_arrow_of_a_wide_piece_points_its_way_at_full_length() {
    let puzzle = blockslide_core::model::Puzzle::from_rows(&["A A A ."], &[". A A A"]).unwrap();
    let mut h = gui_support::harness(puzzle, Mode::Play, [800.0, 600.0]);
    h.key_press(egui::Key::H);
    h.step();
    gui_support::wait_for(&mut h, PATIENCE, "the hint", |app| {
        app.solve_view().play().unwrap().hint().is_some()
    });
    h.run_ok();
    let cell = h.get_by_label(BOARD_LABEL).rect().width() / 4.0;
    let gold = egui::Color32::from_rgb(0xff, 0xd0, 0x00);
    let shaft = gui_support::flat_shapes(&h.output().shapes)
        .into_iter()
        .find_map(|s| match s {
            egui::Shape::LineSegment { points, stroke } if stroke.color == gold => Some(points),
            _ => None,
        })
        .expect("the hint's arrow");
    let run = shaft[1].x - shaft[0].x;
    assert!(
        run >= 0.6 * cell,
        "the arrow runs {run} points right, a cell is {cell}"
    );
}

#[test]
fn a_one_cell_piece_on_a_rush_hour_board_says_the_board_is_now_a_block_puzzle() {
    let mut h = gui_support::harness(
        bundled("rush-hour-warm-up.ron"),
        Mode::Start,
        [1400.0, 900.0],
    );
    button(&h, "Draw new piece  (N)").click();
    h.run_ok();
    let p = h.state().document().puzzle().clone();
    let (r, c) = (0..p.rows)
        .flat_map(|r| (0..p.cols).map(move |c| (r, c)))
        .find(|&(r, c)| p.cell(r, c) == blockslide_core::model::Cell::Empty)
        .expect("an empty cell");
    gui_support::click_cell(&mut h, r, c);
    let status = h.state().status().to_string();
    assert!(status.contains("block puzzle"), "{status}");
}

#[test]
fn the_wheel_over_a_tree_scrolls_the_page_not_the_tree() {
    let mut h = gui_support::watch_view(
        bundled("klotski.ron"),
        blockslide_core::solve::Algorithm::Bfs,
        [800.0, 600.0],
    );
    gui_support::press(&mut h, "Watch Breadth-first");
    for _ in 0..5 {
        gui_support::press(&mut h, "Step ›");
    }
    let wheel = |h: &mut egui_kittest::Harness<'static, blockslide_app::app::App>| {
        h.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, -400.0),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Unknown,
            modifiers: egui::Modifiers::NONE,
        });
        h.run_ok();
    };
    // The page scrolled to its end first, over the counters, where a page can't scroll on.
    h.hover_at(h.get_by_label("Step ›").rect().center());
    h.run_ok();
    for _ in 0..5 {
        wheel(&mut h);
    }
    let (before, _) = h.state().solve_view().watch().tree_view();
    let canvas = h
        .query_all(egui_kittest::kittest::by().role(Role::Canvas))
        .map(|c| c.rect())
        .next()
        .expect("the tree's canvas");
    h.hover_at(canvas.center());
    h.run_ok();
    wheel(&mut h);
    let (after, _) = h.state().solve_view().watch().tree_view();
    assert_eq!(after, before, "the wheel panned the tree");
}

#[test]
fn a_key_pressed_in_the_new_puzzle_dialog_leaves_the_editor_behind_it_alone() {
    let mut h = gui_support::harness(bundled("klotski.ron"), Mode::Start, [1400.0, 900.0]);
    let tool = h.state().tool();
    gui_support::menu(&mut h, "File", "New…");
    assert_ne!(
        blockslide_app::command::Tool::Move,
        tool,
        "the test starts with another tool"
    );
    gui_support::keys(
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
fn a_wall_is_neither_named_nor_dont_care_in_the_goal() {
    let puzzle =
        blockslide_core::model::Puzzle::from_rows(&["A . #", ". . ."], &[". A .", ". . ."])
            .expect("valid rows");
    let mut h = gui_support::harness(puzzle, Mode::Goal, [1400.0, 900.0]);
    // Six cells: one named, one a wall, four free.
    h.get_by_label("1 cell named, 4 don't care");
    h.hover_at(gui_support::cell_pos(&h, 0, 2));
    h.run_ok();
    h.get_by_label_contains("row 1, column 3: wall");
}

#[test]
fn the_watch_controls_stay_in_view_with_the_tree_at_800x600() {
    let mut h = gui_support::watch_view(
        bundled("eight-14.ron"),
        blockslide_core::solve::Algorithm::Bfs,
        [800.0, 600.0],
    );
    gui_support::press(&mut h, "Watch Breadth-first");
    for _ in 0..5 {
        gui_support::press(&mut h, "Step ›");
    }
    // Scrolled down to the tree's bottom, as the student does to see it.
    let canvas = h
        .query_all(egui_kittest::kittest::by().role(Role::Canvas))
        .next()
        .expect("the tree's canvas");
    canvas.scroll_to_me();
    h.run_ok();
    let step = h.get_by_label("Step ›").rect();
    let tree = h
        .query_all(egui_kittest::kittest::by().role(Role::Canvas))
        .map(|c| c.rect())
        .next()
        .expect("the tree's canvas");
    let window = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(800.0, 600.0));
    assert!(window.contains_rect(step), "Step at {step:?}");
    assert!(
        tree.bottom() <= 600.0 && tree.top() > step.bottom(),
        "the tree at {tree:?} under Step at {step:?}"
    );
}

#[test]
fn the_analyze_window_leaves_a_wide_board_clear_at_1400x900() {
    for file in ["rush-hour-halfway.ron", "klotski.ron"] {
        let mut h = gui_support::harness(bundled(file), Mode::Start, [1400.0, 900.0]);
        gui_support::keys(&mut h, egui::Modifiers::NONE, egui::Key::F6);
        let window = h.get_by_role_and_label(Role::Window, "Analyze").rect();
        let board = h.get_by_label(BOARD_LABEL).rect();
        assert!(
            !window.intersects(board.expand(4.0)),
            "{file}: {window:?} over the board {board:?}"
        );
    }
}

#[test]
fn an_empty_comparison_offers_to_run_its_pairs_in_the_centre_at_800x600() {
    let mut h = gui_support::harness(bundled("two-by-three.ron"), Mode::Solve, [800.0, 600.0]);
    button(&h, "Compare").click();
    h.run_ok();
    let pairs = h.state().solve_view().compare().pairs.len();
    let run = format!("Run the {pairs} pairs");
    let at = h.get_by_role_and_label(Role::Button, &run).rect();
    assert!(at.max.y <= 600.0 && at.max.x <= 560.0, "{run} at {at:?}");
    // In the middle of the view left of the solver panel (its left edge at 560), where the
    // table will be, not in a corner.
    assert!(
        (at.center().x - 280.0).abs() < 30.0 && at.min.y > 200.0,
        "{run} at {at:?}"
    );
    button(&h, &run).click();
    h.step();
    gui_support::wait_for(&mut h, PATIENCE, "the comparison", |app| {
        !app.solve_view().compare().is_running() && !app.solve_view().compare().rows().is_empty()
    });
    assert_eq!(h.state().solve_view().compare().rows().len(), pairs);
}

#[test]
fn reaching_the_goal_moves_nothing_under_the_pointer_in_watch() {
    for size in [[800.0, 600.0], [1400.0, 900.0]] {
        let mut h = gui_support::watch_view(
            bundled("eight-14.ron"),
            blockslide_core::solve::Algorithm::Bfs,
            size,
        );
        gui_support::press(&mut h, "Watch Breadth-first");
        gui_support::press(&mut h, "Step ›");
        let fit = h.get_by_label("Fit the tree").rect();
        gui_support::press(&mut h, "Run to the goal »");
        assert_eq!(h.get_by_label("Fit the tree").rect(), fit, "at {size:?}");
    }
}

#[test]
fn the_first_step_of_a_watch_moves_nothing_below_it_at_800x600() {
    let mut h = gui_support::watch_view(
        bundled("eight-14.ron"),
        blockslide_core::solve::Algorithm::Bfs,
        [800.0, 600.0],
    );
    gui_support::press(&mut h, "Watch Breadth-first");
    let fit = h.get_by_label("Fit the tree").rect();
    gui_support::press(&mut h, "Step ›");
    assert_eq!(h.get_by_label("Fit the tree").rect(), fit);
}

#[test]
fn a_piece_selected_before_solve_from_here_does_not_stay_marked_while_the_solver_plays() {
    let mut h = gui_support::harness(bundled("klotski.ron"), Mode::Play, [1400.0, 900.0]);
    // G, a soldier, selected by a click.
    let g = gui_support::cells_of(&h, blockslide_core::model::Token::new("G").unwrap())[0];
    gui_support::click_cell(&mut h, g.0, g.1);
    assert_eq!(
        h.state().solve_view().play().unwrap().selected(),
        Some(blockslide_core::model::Token::new("G").unwrap())
    );
    button(&h, blockslide_app::solve::play::SOLVE_FROM_HERE_LABEL).click();
    h.step();
    gui_support::wait_for(&mut h, PATIENCE, "a few of the solver's moves", |app| {
        app.solve_view().play().unwrap().history().len() >= 3
    });
    let game = h.state().solve_view().play().unwrap();
    let last = game.history().last().map(|m| m.piece);
    let selected = game.selected();
    assert!(
        selected.is_none() || selected == last,
        "{selected:?} stays selected while the solver moved {last:?}"
    );
    button(&h, "Stop").click();
    h.run_ok();
}
