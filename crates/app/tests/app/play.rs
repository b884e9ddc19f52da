//! The Play tab: legal and refused moves by drag, click and arrow key, undo and redo (Ctrl+Z and
//! Backspace take back moves, never design edits), the game's end, its header and buttons
//! keeping their place, the clock, and hints: where they show and how their arrow is drawn.

use blockslide_app::app::App;
use blockslide_app::command::Mode;
use blockslide_app::common::board::BOARD_LABEL;
use blockslide_app::solve::play::{Play, PlayedStep};
use blockslide_core::model::{Cell, Dir, Metric, Puzzle, Token, file};
use blockslide_core::solve::{self as api, Algorithm, Limits, SearchControl, SolveRequest};
use egui::accesskit::Role;
use egui::{Key, Modifiers, Pos2, vec2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use crate::driver::{
    MemoryStorage, PATIENCE, SIZES, arrow, board_cell, bundled, button, button_starting, cells_of,
    click_cell, drag_cells, flat_shapes, game, harness, keys, menu, test_app, wait_for,
};

/// Klotski played at 800x600 (counted in moves, so the header shows the steps too): ten
/// steps of one piece, back and forth, leave the board where it was and every figure of the
/// header on one line ("(10 steps)" never broken over two).
#[test]
fn the_play_header_keeps_its_lines_as_the_counts_grow_at_800x600() {
    let mut h = harness(bundled("klotski.ron"), Mode::Play, [800.0, 600.0]);
    let board = h.get_by_label(BOARD_LABEL).rect();
    click_cell(&mut h, 4, 3);
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

/// A game taken back to its start has not begun: the clock reads 0:00 and waits for the
/// next move.
#[test]
fn undoing_every_move_stops_the_play_clock() {
    let mut h = harness(bundled("two-by-three.ron"), Mode::Play, [1400.0, 900.0]);
    click_cell(&mut h, 1, 1);
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

/// A hint asked for at the start, a move, then the move taken back: the start's hint stays
/// unshown until asked for again.
#[test]
fn a_hint_is_shown_only_where_it_was_asked_for_not_on_coming_back() {
    let mut h = harness(bundled("two-by-three.ron"), Mode::Play, [1400.0, 900.0]);
    h.key_press(Key::H);
    h.run_ok();
    wait_for(&mut h, PATIENCE, "the hint", |app| {
        app.solve_view().play().unwrap().hint().is_some()
    });
    h.run_ok();
    h.get_by_label_contains("Hint: move");
    click_cell(&mut h, 1, 1);
    h.key_press(Key::U);
    h.run_ok();
    assert!(h.state().solve_view().play().unwrap().history().is_empty());
    assert!(h.query_by_label_contains("Hint: move").is_none());
    h.key_press(Key::H);
    h.run_ok();
    h.get_by_label_contains("Hint: move");
}

/// The steps made in the Play tab's game.
fn moves_played(h: &Harness<'static, App>) -> usize {
    h.state()
        .solve_view()
        .play()
        .expect("a game")
        .history()
        .len()
}

#[test]
fn in_play_ctrl_z_and_the_edit_menu_take_back_moves_and_leave_the_design_alone() {
    // A must reach the bottom-right corner.
    let puzzle =
        Puzzle::from_rows(&["A . .", ". . .", ". . ."], &[". . .", ". . .", ". . A"]).unwrap();
    let mut h = harness(puzzle, Mode::Start, [1400.0, 900.0]);
    // An edit of the design first: a wall in the middle.
    h.key_press(Key::W);
    h.run_ok();
    click_cell(&mut h, 1, 1);
    let designed = h.state().document().puzzle().clone();
    assert_eq!(designed.cell(1, 1), Cell::Wall);

    // In Play, pick A up and move it right.
    h.key_press(Key::F4);
    h.run_ok();
    click_cell(&mut h, 0, 0);
    h.key_press(Key::ArrowRight);
    h.run_ok();
    assert_eq!(moves_played(&h), 1);

    // Ctrl+Z takes the move back; the wall stays, and so does the game.
    keys(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(*h.state().document().puzzle(), designed, "the wall stays");
    assert!(h.state().document().can_undo());
    assert_eq!(moves_played(&h), 0, "the move is taken back");
    // Ctrl+Y and Ctrl+Shift+Z make it again.
    keys(&mut h, Modifiers::COMMAND, Key::Y);
    assert_eq!(moves_played(&h), 1);
    keys(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(moves_played(&h), 0);
    keys(&mut h, Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    assert_eq!(moves_played(&h), 1);

    // The Edit menu says what it undoes here, and does it.
    menu(&mut h, "Edit", "Undo move");
    assert_eq!(moves_played(&h), 0);
    button(&h, "Edit").click();
    h.run_ok();
    assert!(
        button_starting(&h, "Undo move")
            .accesskit_node()
            .is_disabled(),
        "no move left to take back"
    );
    button_starting(&h, "Redo move").click();
    h.run_ok();
    assert_eq!(moves_played(&h), 1);
    assert_eq!(*h.state().document().puzzle(), designed);

    // Back in the editor, Ctrl+Z undoes the wall.
    h.key_press(Key::F1);
    h.run_ok();
    keys(&mut h, Modifiers::COMMAND, Key::Z);
    assert_eq!(h.state().document().puzzle().cell(1, 1), Cell::Empty);
}

/// Presses at `from`, moves the pointer to `to` a few points a frame, holds it there for
/// several frames, then releases it.
fn drag_and_hold(h: &mut Harness<'static, App>, from: Pos2, to: Pos2) {
    h.hover_at(from);
    h.step();
    h.drag_at(from);
    h.step();
    for k in 1..=16 {
        h.hover_at(from + (to - from) * (k as f32 / 16.0));
        h.step();
    }
    for _ in 0..8 {
        h.step();
    }
    h.drop_at(to);
    h.step();
    h.run_ok();
}

fn played(h: &Harness<'static, App>) -> Vec<PlayedStep> {
    h.state().solve_view().play().unwrap().history().to_vec()
}

#[test]
fn a_drag_held_at_half_a_cell_makes_at_most_one_step_and_never_bounces() {
    // 1 2 3 / 4 5 6 / . 7 8: tile 7 can slide left into the blank (and that does not solve
    // the puzzle, which would stop play).
    let puzzle = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 0, 7, 8], None).unwrap();
    let mut h = harness(puzzle, Mode::Play, [1400.0, 900.0]);
    let from = board_cell(&h, 3, 3, 2, 1);
    let cell = h.get_by_label(BOARD_LABEL).rect().width() / 3.0;
    drag_and_hold(&mut h, from, from - vec2(cell / 2.0, 0.0));
    let steps = played(&h);
    assert!(
        steps.len() <= 1,
        "half a cell made {} steps: {steps:?}",
        steps.len()
    );
    assert!(
        steps
            .iter()
            .all(|s| s.piece == Token::number(7) && s.dir == Dir::Left),
        "{steps:?}"
    );
}

#[test]
fn a_drag_held_one_cell_away_makes_exactly_one_step() {
    let puzzle = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 0, 7, 8], None).unwrap();
    let mut h = harness(puzzle, Mode::Play, [1400.0, 900.0]);
    let from = board_cell(&h, 3, 3, 2, 1);
    let to = board_cell(&h, 3, 3, 2, 0);
    drag_and_hold(&mut h, from, to);
    assert_eq!(
        played(&h),
        [PlayedStep {
            piece: Token::number(7),
            dir: Dir::Left,
            by_solver: false,
        }]
    );
    h.get_by_label("1 step");
}

#[test]
fn a_click_on_a_tile_in_line_with_the_gap_slides_the_tiles_between_as_in_tathams_fifteen() {
    // 1 2 3 / 4 5 6 / . 7 8: a click on 8 slides 7 and 8 left, which solves it.
    let puzzle = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 0, 7, 8], None).unwrap();
    let mut h = harness(puzzle, Mode::Play, [1400.0, 900.0]);
    click_cell(&mut h, 2, 2);
    let seven_eight = [Token::number(7), Token::number(8)].map(|piece| PlayedStep {
        piece,
        dir: Dir::Left,
        by_solver: false,
    });
    assert_eq!(played(&h), seven_eight);
    assert!(h.state().solve_view().play().unwrap().is_solved());
    // A tile out of line with the gap does nothing.
    let puzzle = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 0, 7, 8], None).unwrap();
    let mut h = harness(puzzle, Mode::Play, [1400.0, 900.0]);
    click_cell(&mut h, 0, 1);
    assert!(played(&h).is_empty());
}

#[test]
fn arrow_keys_move_the_tile_by_the_gap_undo_and_redo_and_the_best_result_is_kept() {
    // 1 2 3 / 4 5 6 / 7 . 8: Left moves 8, the tile right of the gap, and solves it.
    let puzzle = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8], None).unwrap();
    let mut h = harness(puzzle.clone(), Mode::Play, [1400.0, 900.0]);
    assert_eq!(h.state().solve_view().play().unwrap().selected(), None);
    h.key_press(Key::ArrowLeft);
    h.run_ok();
    assert_eq!(
        played(&h),
        [PlayedStep {
            piece: Token::number(8),
            dir: Dir::Left,
            by_solver: false,
        }]
    );
    h.key_press(Key::U);
    h.run_ok();
    assert!(played(&h).is_empty());
    h.get_by_label("Redo").click();
    h.run_ok();
    assert_eq!(played(&h).len(), 1);
    assert!(h.state().solve_view().play().unwrap().is_solved());
    h.get_by_label_contains("Solved in 1 step");

    // The record survives a relaunch and shows beside the counter.
    let mut storage = MemoryStorage::default();
    h.state().save_session(&mut storage);
    drop(h);
    let mut app = test_app(puzzle);
    app.restore_session(&storage);
    app.set_mode(Mode::Play);
    let mut h = Harness::builder()
        .with_size([1400.0, 900.0])
        .build_eframe(|_| app);
    h.run_ok();
    h.get_by_label_contains("Best: 1 step in 0:0");
}

/// The unit steps of a shortest solution of the tile puzzle `puzzle`.
fn shortest_steps(puzzle: &Puzzle) -> Vec<Dir> {
    let request = SolveRequest {
        algorithm: Algorithm::Bfs,
        ..blockslide_testkit::request()
    };
    api::solve(puzzle, &request, SearchControl::new(Limits::default()))
        .expect("a valid puzzle")
        .moves
        .into_iter()
        .flat_map(|m| m.steps)
        .collect()
}

#[test]
fn the_play_board_never_moves_when_the_game_ends() {
    for size in SIZES {
        let puzzle = bundled("eight-6.ron");
        let steps = shortest_steps(&puzzle);
        let mut h = harness(puzzle, Mode::Play, size);
        let board = |h: &Harness<'static, App>| h.get_by_label(BOARD_LABEL).rect();
        let before = board(&h);
        let (last, played) = steps.split_last().expect("a puzzle not yet solved");
        for &dir in played {
            h.key_press(arrow(dir));
            h.run_ok();
            assert_eq!(board(&h), before, "after a move at {size:?}");
        }
        // A hint for the last move, so the end says both how long the game was and that
        // it had help.
        h.key_press(Key::H);
        h.run_ok();
        wait_for(&mut h, PATIENCE, "the hint", |app| {
            app.solve_view().play().unwrap().hint().is_some()
        });
        assert_eq!(board(&h), before, "with the hint at {size:?}");
        h.key_press(arrow(*last));
        h.run_ok();
        let game = h.state().solve_view().play().unwrap();
        assert!(game.is_solved(), "the game is over at {size:?}");
        assert_eq!(board(&h), before, "at the end at {size:?}");
        wait_for(&mut h, PATIENCE, "the optimal length", |app| {
            app.solve_view().play().unwrap().optimal_length().is_some()
        });
        // Optimal, but with help: no praise.
        h.get_by_label_contains("Solved in 6 steps (optimal is 6)");
        assert!(h.query_by_label_contains("an optimal game").is_none());
        h.get_by_label_contains("Solved with 1 hint");
        assert_eq!(board(&h), before, "with the optimum at {size:?}");
    }
}

#[test]
fn the_hint_arrow_leaves_the_tiles_number_readable() {
    // 1 2 3 / 4 . 5: the hint moves tile 5 left.
    let puzzle = blockslide_core::model::Puzzle::tiles(2, 3, &[1, 2, 3, 4, 0, 5], None).unwrap();
    let mut h = harness(puzzle, Mode::Play, [1400.0, 900.0]);
    h.key_press(egui::Key::H);
    h.step();
    wait_for(&mut h, PATIENCE, "the hint", |app| {
        app.solve_view().play().unwrap().hint().is_some()
    });
    h.run_ok();
    let shapes = flat_shapes(&h.output().shapes);
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
fn the_play_buttons_keep_their_place_as_the_count_grows() {
    // 1 2 3 / 4 5 6 / 7 . 8: the blank moves about freely.
    let puzzle =
        blockslide_core::model::Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8], None).unwrap();
    let mut h = harness(puzzle, Mode::Play, [800.0, 600.0]);
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
fn the_hint_arrow_of_a_wide_piece_points_its_way_at_full_length() {
    let puzzle = blockslide_core::model::Puzzle::from_rows(&["A A A ."], &[". A A A"]).unwrap();
    let mut h = harness(puzzle, Mode::Play, [800.0, 600.0]);
    h.key_press(egui::Key::H);
    h.step();
    wait_for(&mut h, PATIENCE, "the hint", |app| {
        app.solve_view().play().unwrap().hint().is_some()
    });
    h.run_ok();
    let cell = h.get_by_label(BOARD_LABEL).rect().width() / 4.0;
    let gold = egui::Color32::from_rgb(0xff, 0xd0, 0x00);
    let shaft = flat_shapes(&h.output().shapes)
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
fn a_piece_selected_before_solve_from_here_does_not_stay_marked_while_the_solver_plays() {
    let mut h = harness(bundled("klotski.ron"), Mode::Play, [1400.0, 900.0]);
    // G, a soldier, selected by a click.
    let g = cells_of(&h, blockslide_core::model::Token::new("G").unwrap())[0];
    click_cell(&mut h, g.0, g.1);
    assert_eq!(
        h.state().solve_view().play().unwrap().selected(),
        Some(blockslide_core::model::Token::new("G").unwrap())
    );
    button(&h, blockslide_app::solve::play::SOLVE_FROM_HERE_LABEL).click();
    h.step();
    wait_for(&mut h, PATIENCE, "a few of the solver's moves", |app| {
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

#[test]
fn an_arrow_key_that_moves_nothing_in_play_says_why() {
    // The gap top right: no tile is to its right to move left.
    let puzzle = Puzzle::tiles(3, 3, &[1, 2, 0, 3, 4, 5, 6, 7, 8], None).unwrap();
    let mut h = harness(puzzle, Mode::Play, [1400.0, 900.0]);
    keys(&mut h, Modifiers::NONE, Key::ArrowLeft);
    assert!(
        h.state()
            .status()
            .contains("No tile can move left: the gap is at the right edge."),
        "{}",
        h.state().status()
    );
    let mut h = harness(bundled("klotski.ron"), Mode::Play, [1400.0, 900.0]);
    keys(&mut h, Modifiers::NONE, Key::ArrowDown);
    assert!(
        h.state().status().contains("Click a piece first"),
        "{}",
        h.state().status()
    );
}

#[test]
fn play_mode_makes_legal_moves_refuses_illegal_ones_and_undoes() {
    // 5 4 2
    // 1 3 .
    let puzzle = bundled("two-by-three.ron");
    let mut h = harness(puzzle.clone(), Mode::Play, [1400.0, 900.0]);
    let tile = |n: u32| Token::number(n);

    // Click tile 3, next to the blank: it slides into it, as in Tatham's Fifteen, with no
    // selection to make first.
    click_cell(&mut h, 1, 1);
    assert_eq!(h.state().solve_view().play().unwrap().selected(), None);
    let mut expected = puzzle.clone();
    expected.step(tile(3), Dir::Right).unwrap();
    assert_eq!(h.state().solve_view().play().unwrap().position(), &expected);
    h.get_by_label("1 step");

    // Drag tile 4 down into the blank the 3 left behind.
    let from = board_cell(&h, 2, 3, 0, 1);
    let to = board_cell(&h, 2, 3, 1, 1);
    h.hover_at(from);
    h.step();
    h.drag_at(from);
    h.step();
    for k in 1..=4 {
        h.hover_at(from + (to - from) * (k as f32 / 4.0));
        h.step();
    }
    h.drop_at(to);
    h.step();
    h.run_ok();
    expected.step(tile(4), Dir::Down).unwrap();
    assert_eq!(h.state().solve_view().play().unwrap().position(), &expected);
    h.get_by_label("2 steps");

    // Tile 5 cannot move up (off the board): a drag up is refused, nothing changes.
    let from = board_cell(&h, 2, 3, 0, 0);
    let up = from - (to - board_cell(&h, 2, 3, 0, 1));
    h.hover_at(from);
    h.step();
    h.drag_at(from);
    h.step();
    for k in 1..=4 {
        h.hover_at(from + (up - from) * (k as f32 / 4.0));
        h.step();
    }
    h.drop_at(up);
    h.step();
    h.run_ok();
    let game = h.state().solve_view().play().unwrap();
    assert_eq!(game.position(), &expected);
    assert_eq!(game.history().len(), 2);
    h.get_by_label_contains("cannot move up");

    // Undo takes back the drag.
    h.get_by_label("Undo").click();
    h.run_ok();
    let mut after_undo = puzzle.clone();
    after_undo.step(tile(3), Dir::Right).unwrap();
    assert_eq!(
        h.state().solve_view().play().unwrap().position(),
        &after_undo
    );
    h.get_by_label("1 step");

    // A hint is an optimal first move from here: making it leaves one move fewer to go.
    h.get_by_label("Hint").click();
    h.step();
    wait_for(&mut h, PATIENCE, "the hint", |app| {
        app.solve_view().play().unwrap().hint().is_some()
    });
    h.run_ok();
    let hint = h.state().solve_view().play().unwrap().hint().unwrap();
    h.get_by_label_contains("Hint: move");
    let mut next = after_undo.clone();
    for &d in &hint.first.steps {
        next.step(hint.first.piece, d)
            .expect("the hinted move is legal");
    }
    let request = SolveRequest {
        algorithm: Algorithm::Astar,
        metric: Some(Metric::Step),
        ..blockslide_testkit::request()
    };
    let from_here = api::solve(
        &after_undo,
        &request,
        SearchControl::new(blockslide_core::solve::Limits::default()),
    )
    .unwrap();
    let from_next = api::solve(
        &next,
        &request,
        SearchControl::new(blockslide_core::solve::Limits::default()),
    )
    .unwrap();
    assert_eq!(hint.remaining, from_here.length().unwrap());
    assert_eq!(from_next.length().unwrap() + 1, hint.remaining);
}

#[test]
fn playing_the_2x3_to_the_goal_says_solved_with_the_optimal_length() {
    // 1 2 3 / 4 . 5: one move (tile 5 left) from the goal.
    let puzzle = Puzzle::tiles(2, 3, &[1, 2, 3, 4, 0, 5], None).unwrap();
    let mut h = harness(puzzle, Mode::Play, [1400.0, 900.0]);
    click_cell(&mut h, 1, 2);
    h.key_press(Key::ArrowLeft);
    h.step();
    wait_for(&mut h, PATIENCE, "the optimal length", |app| {
        app.solve_view().play().unwrap().optimal_length().is_some()
    });
    h.run_ok();
    assert!(h.state().solve_view().play().unwrap().is_solved());
    h.get_by_label_contains("Solved in 1 step (optimal is 1)");
}

#[test]
fn after_a_hint_the_arrow_keys_move_the_hinted_piece() {
    let puzzle = Puzzle::from_rows(&["A . .", ". . ."], &[". . .", ". . A"]).unwrap();
    let mut h = harness(puzzle, Mode::Start, [1400.0, 900.0]);
    keys(&mut h, Modifiers::NONE, Key::F4);
    keys(&mut h, Modifiers::NONE, Key::H);
    wait_for(&mut h, PATIENCE, "the hint", |app| {
        app.solve_view().play().and_then(Play::hint).is_some()
    });
    let hint = game(&h).hint().unwrap().first;
    assert_eq!(game(&h).selected(), Some(hint.piece), "the hint selects");
    keys(&mut h, Modifiers::NONE, arrow(hint.steps[0]));
    assert_eq!(game(&h).history().len(), 1, "the arrow moved the piece");
    assert_eq!(game(&h).history()[0].piece, hint.piece);
}

#[test]
fn backspace_takes_back_a_whole_slide() {
    let puzzle = file::parse(
        r#"(format: 1, name: "Long", metric: Slide, board: ["A . . .", ". . . ."],
            goal: (anywhere: false, cells: [". . . .", ". . . A"]))"#,
    )
    .unwrap();
    let mut h = harness(puzzle.clone(), Mode::Play, [1400.0, 900.0]);
    drag_cells(&mut h, (0, 0), (0, 2));
    assert_eq!(game(&h).history().len(), 2, "one slide of two cells");
    keys(&mut h, Modifiers::NONE, Key::Backspace);
    assert!(game(&h).history().is_empty(), "{:?}", game(&h).history());
    assert_eq!(game(&h).position(), &puzzle);
    keys(&mut h, Modifiers::NONE, Key::R);
    assert_eq!(game(&h).history().len(), 2, "redo makes the slide again");
    let a = Token::new("A").unwrap();
    assert!(game(&h).history().iter().all(|s| s.piece == a));
}
