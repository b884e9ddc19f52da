//! Family rules in a design, driven as a user would: locking a piece to an axis and painting a
//! zone, then solving; importing a Rush Hour board in Fogleman's notation and playing its
//! solution back; cars that move only along their axes, drawn in colours of their own; zones
//! managed and saved.

use blockslide_app::app::App;
use blockslide_app::command::{Mode, Tool};
use blockslide_app::common::colors::{APART, color_every_piece, difference, piece_color};
use blockslide_core::model::file::load;
use blockslide_core::model::{Axis, Cell, Dir, Metric, Puzzle, Token, Zone, ZoneRight, rushhour};
use blockslide_core::solve::{self as api, SearchControl, SolveRequest, Termination};
use egui::accesskit::Role;
use egui::{Event, Key, Modifiers, PointerButton};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use crate::driver::{
    board_cell, bundled, button, choose, click_cell, drag, drag_cells, harness, menu, t, type_path,
    wait_and_run,
};

/// Rush Hour, 54 slides from the goal (Fogleman's database).
const RUSH_HOUR_54: &str = "BBBKCCDDoKoLIAAKoLIoJEEMFFJooMooxoHH";

/// `A` must reach the bottom-left corner; the 1x2 `B` stands in its way.
fn detour() -> Puzzle {
    let mut p = Puzzle::from_rows(
        &["A . . .", "B B . .", ". . . ."],
        &[". . . .", ". . . .", "A . . ."],
    )
    .unwrap();
    p.name = "Detour".into();
    p
}

/// Replaces the text of the field labelled `label` with `text`.
fn replace_text(h: &mut Harness<'static, App>, label: &str, text: &str) {
    h.get_by_label(label).click();
    h.run_ok();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label(label).type_text(text);
    h.run_ok();
}

/// Starts a search in the Solve tab and waits for its playback.
fn solve_and_wait(h: &mut Harness<'static, App>) {
    h.get_by_label("Solve the puzzle").click();
    wait_and_run(h, "the solve", |app| app.solve_view().playback().is_some());
}

fn step_length(puzzle: &Puzzle) -> usize {
    let request = SolveRequest {
        metric: Some(Metric::Step),
        ..blockslide_testkit::request()
    };
    let report = api::solve(
        puzzle,
        &request,
        SearchControl::new(blockslide_core::solve::Limits::default()),
    )
    .unwrap();
    assert_eq!(report.status, Termination::Solved);
    report.length().unwrap()
}

fn undo(h: &mut Harness<'static, App>) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run_ok();
}

#[test]
fn set_an_axis_and_paint_a_zone_in_the_editor_then_solve() {
    let mut h = harness(detour(), Mode::Start, [1400.0, 900.0]);
    let free = step_length(&detour());

    // Lock B to its row in the properties panel; the A key switches axes, one undo step each.
    button(&h, "B").click();
    h.run_ok();
    choose(&mut h, "Axis", "Horizontal (left and right)");
    assert_eq!(
        h.state().document().puzzle().axis_of(t("B")),
        Axis::Horizontal
    );
    // B lies along its row: the key frees it (never across its length).
    h.key_press(Key::A);
    h.run_ok();
    assert_eq!(h.state().document().puzzle().axis_of(t("B")), Axis::Free);
    assert!(h.state().status().contains("moves in every direction"));
    undo(&mut h);
    assert_eq!(
        h.state().document().puzzle().axis_of(t("B")),
        Axis::Horizontal
    );

    // Paint a zone with the Zone tool: without a zone selected, the first click starts one.
    button(&h, "Zone  (Z)").click();
    h.run_ok();
    assert_eq!(h.state().tool(), Tool::Zone);
    click_cell(&mut h, 1, 2);
    click_cell(&mut h, 1, 3);
    let p = h.state().document().puzzle().clone();
    assert_eq!(p.zones.len(), 1);
    let zone = &p.zones[0];
    assert_eq!(zone.name, t("a"));
    assert_eq!(
        zone.cells,
        [
            false, false, false, false, false, false, true, true, false, false, false, false
        ]
    );
    assert!(zone.allow.is_empty(), "a new zone is closed to every piece");
    h.get_by_label_contains("May enter:");

    // Closed to everyone it makes the puzzle unsolvable; let A in with its checkbox.
    h.get_by_role_and_label(Role::CheckBox, "Piece A").click();
    h.run_ok();
    let designed = h.state().document().puzzle().clone();
    assert_eq!(designed.zones[0].allow, [ZoneRight::Piece(t("A"))]);
    // Each edit was one undo step: the right, then each zone cell.
    undo(&mut h);
    assert!(h.state().document().puzzle().zones[0].allow.is_empty());
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run_ok();
    assert_eq!(*h.state().document().puzzle(), designed);

    // Solve: B may neither step down nor right into the zone, so A walks around it
    // through the zone.
    h.key_press(Key::F3);
    h.run_ok();
    assert_eq!(h.state().mode(), Mode::Solve);
    solve_and_wait(&mut h);
    let playback = h.state().solve_view().playback().unwrap();
    assert!(playback.verified(), "the solution replays under the rules");
    assert_eq!(playback.len(), step_length(&designed));
    assert!(playback.len() > free, "{} > {free}", playback.len());
    let mut position = designed.clone();
    for mv in &playback.report().moves {
        for &dir in &mv.steps {
            assert!(designed.axis_of(mv.piece).allows(dir));
            position.step(mv.piece, dir).unwrap();
            for (i, cell) in position.cells.iter().enumerate() {
                if let Cell::Piece(piece) = *cell {
                    assert!(
                        designed.may_cover(piece, i),
                        "{piece} entered a closed zone"
                    );
                }
            }
        }
    }
    assert!(designed.goal_satisfied_by(&position.cells));
}

#[test]
fn import_a_fogleman_string_and_play_the_solution_back() {
    let mut h = harness(Puzzle::empty(3, 3), Mode::Start, [1400.0, 900.0]);
    menu(&mut h, "File", "New…");
    button(&h, "Rush Hour").click();
    h.run_ok();
    // A mistyped board says why, and cannot be created.
    replace_text(&mut h, "Fogleman string (optional):", "BBBKCCDDoKoL");
    h.get_by_label_contains("has 36 characters");
    assert!(button(&h, "Create").accesskit_node().is_disabled());
    // A line of Fogleman's database (moves, board, cluster size) imports its board.
    replace_text(
        &mut h,
        "Fogleman string (optional):",
        &format!("54 {RUSH_HOUR_54} 2134"),
    );
    let vehicles = rushhour::parse(RUSH_HOUR_54).unwrap().pieces().len();
    h.get_by_label_contains(&format!("{vehicles} vehicles"));
    button(&h, "Create").click();
    h.run_ok();
    // The string names no colours: every car gets one of its own.
    let mut imported = rushhour::parse(RUSH_HOUR_54).unwrap();
    color_every_piece(&mut imported);
    assert_eq!(*h.state().document().puzzle(), imported);
    assert_eq!(imported.axis_of(t("A")), Axis::Horizontal);

    // Solving counts in the slide metric the board brings along.
    h.key_press(Key::F3);
    h.run_ok();
    assert_eq!(h.state().solve_view().metric(), Metric::Slide);
    solve_and_wait(&mut h);
    let playback = h.state().solve_view().playback().unwrap();
    assert_eq!(playback.len(), 54);
    assert!(playback.report().optimal);
    assert!(playback.verified());
    h.get_all_by_label_contains("Solved: 54 slides")
        .next()
        .unwrap();

    // Play it back one move at a time: every car moves only along its axis.
    let moves = playback.report().moves.clone();
    for (i, mv) in moves.iter().enumerate() {
        let before = h
            .state()
            .solve_view()
            .playback()
            .unwrap()
            .position()
            .clone();
        button(&h, "Next").click();
        h.run_ok();
        let playback = h.state().solve_view().playback().unwrap();
        assert_eq!(playback.index(), i + 1);
        let axis = imported.axis_of(mv.piece);
        assert_ne!(axis, Axis::Free);
        assert!(mv.steps.iter().all(|&d| axis.allows(d)));
        let mut expected = before;
        for &d in &mv.steps {
            expected.step(mv.piece, d).unwrap();
        }
        assert_eq!(playback.position(), &expected);
    }
    let end = h
        .state()
        .solve_view()
        .playback()
        .unwrap()
        .position()
        .clone();
    assert!(imported.goal_satisfied_by(&end.cells));
    h.get_by_label_contains("goal reached");
}

#[test]
fn in_play_a_car_moves_only_along_its_axis_and_pushes_against_rules_are_explained() {
    // The red car and a truck; the cell right of the car is a zone only the truck may enter.
    let mut p = rushhour::parse("ooooooooooooAAooooooooooooooooooBBBo").expect("a Rush Hour board");
    p.zones.push(Zone {
        name: t("z"),
        cells: (0..36).map(|i| i == 2 * 6 + 2).collect(),
        allow: vec![ZoneRight::Piece(t("B"))],
    });
    let mut h = harness(p.clone(), Mode::Play, [1400.0, 900.0]);
    let game = |h: &Harness<'static, App>| {
        let game = h.state().solve_view().play().unwrap();
        (game.position().cells.clone(), game.history().len())
    };

    // Select the car; up is across its axis: nothing is tried, the status bar says why.
    let car = board_cell(&h, p.rows, p.cols, 2, 0);
    h.hover_at(car);
    h.step();
    h.drag_at(car);
    h.step();
    h.drop_at(car);
    h.run_ok();
    h.key_press(Key::ArrowUp);
    h.run_ok();
    assert_eq!(game(&h), (p.cells.clone(), 0));
    assert!(
        h.state().status().contains("horizontal axis"),
        "{}",
        h.state().status()
    );
    // Right is into the zone closed to the car.
    h.key_press(Key::ArrowRight);
    h.run_ok();
    assert_eq!(game(&h), (p.cells.clone(), 0));
    assert!(
        h.state().status().contains("zone `z`"),
        "{}",
        h.state().status()
    );

    // Dragging the truck up does nothing; dragging it left, even a little crooked, slides it
    // along its row.
    let truck = board_cell(&h, p.rows, p.cols, 5, 3);
    let up = board_cell(&h, p.rows, p.cols, 3, 3);
    drag(&mut h, truck, up);
    assert_eq!(game(&h), (p.cells.clone(), 0));
    assert!(h.state().status().contains("horizontal axis"));
    let left = board_cell(&h, p.rows, p.cols, 5, 2);
    drag(&mut h, truck, left + (up - truck) * 0.3);
    let mut expected = p.clone();
    expected.step(t("B"), Dir::Left).unwrap();
    assert_eq!(game(&h), (expected.cells, 1));
}

#[test]
fn zones_are_created_renamed_deleted_undone_and_saved() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("exit.ron");
    let mut h = harness(detour(), Mode::Start, [1400.0, 900.0]);
    button(&h, "New zone").click();
    h.run_ok();
    assert_eq!(h.state().tool(), Tool::Zone);
    assert_eq!(h.state().document().puzzle().zones.len(), 1);
    click_cell(&mut h, 2, 3);
    replace_text(&mut h, "Zone name", "ex");
    h.key_press(Key::Enter);
    h.run_ok();
    assert_eq!(h.state().document().puzzle().zones[0].name, t("ex"));
    button(&h, "Zone ex").click();
    h.run_ok();
    // A second, empty zone is not saved (a file draws every zone it lists).
    button(&h, "New zone").click();
    h.run_ok();
    assert_eq!(h.state().document().puzzle().zones.len(), 2);
    menu(&mut h, "File", "Save As");
    type_path(&mut h, &path, "Save");
    assert!(h.state().status().contains("1 zone without cells left out"));
    let saved = load(&path).unwrap();
    assert_eq!(saved.zones.len(), 1);
    assert_eq!(saved.zones[0], h.state().document().puzzle().zones[0]);

    button(&h, "Delete zone").click();
    h.run_ok();
    assert_eq!(h.state().document().puzzle().zones.len(), 1);
    undo(&mut h);
    assert_eq!(h.state().document().puzzle().zones.len(), 2);
    // Right-click with the Zone tool takes a cell out of its zone.
    let puzzle = h.state().document().puzzle().clone();
    let pos = board_cell(&h, puzzle.rows, puzzle.cols, 2, 3);
    h.hover_at(pos);
    h.run_ok();
    for pressed in [true, false] {
        h.event(Event::PointerButton {
            pos,
            button: PointerButton::Secondary,
            pressed,
            modifiers: Modifiers::NONE,
        });
        h.run_ok();
    }
    assert!(!h.state().document().puzzle().zones[0].cells.contains(&true));
}

#[test]
fn draw_a_rush_hour_puzzle_by_clicking_save_it_and_solve_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("my-rush-hour.ron");
    let mut h = harness(Puzzle::empty(3, 3), Mode::Start, [1400.0, 900.0]);
    menu(&mut h, "File", "New…");
    button(&h, "Rush Hour").click();
    h.run_ok();
    h.get_by_label_contains("the red car alone");
    button(&h, "Create").click();
    h.run_ok();
    let empty = h.state().document().puzzle().clone();
    assert_eq!((empty.rows, empty.cols, empty.pieces().len()), (6, 6, 1));

    // A truck across the red car's row, drawn in one stroke: upright, as drawn.
    button(&h, "Draw new piece  (N)").click();
    h.run_ok();
    let from = board_cell(&h, empty.rows, empty.cols, 1, 3);
    let to = board_cell(&h, empty.rows, empty.cols, 3, 3);
    drag(&mut h, from, to);
    assert_eq!(
        h.state().document().puzzle().pieces()[0].cells,
        [(1, 3), (2, 3), (3, 3)]
    );
    let designed = h.state().document().puzzle().clone();
    assert_eq!(designed.axis_of(t("B")), Axis::Vertical);

    menu(&mut h, "File", "Save As");
    type_path(&mut h, &path, "Save");
    assert_eq!(load(&path).unwrap(), designed);

    // The truck drives down out of the way in one slide, then the car leaves.
    h.key_press(Key::F3);
    h.run_ok();
    solve_and_wait(&mut h);
    let playback = h.state().solve_view().playback().unwrap();
    assert!(playback.report().optimal);
    let moves: Vec<(Token, Vec<Dir>)> = playback
        .report()
        .moves
        .iter()
        .map(|m| (m.piece, m.steps.clone()))
        .collect();
    assert_eq!(
        moves,
        [
            (t("B"), vec![Dir::Down, Dir::Down]),
            (t("A"), vec![Dir::Right; 4])
        ]
    );
}

#[test]
fn cars_drawn_on_a_rush_hour_board_are_locked_along_their_length_in_colours_of_their_own() {
    let mut h = harness(Puzzle::empty(3, 3), Mode::Start, [1400.0, 900.0]);
    menu(&mut h, "File", "New…");
    button(&h, "Rush Hour").click();
    h.run_ok();
    button(&h, "Create").click();
    h.run_ok();
    let red = piece_color(h.state().document().puzzle(), t("A"));

    // A truck across the red car's row, a car below it and a truck along the top row.
    button(&h, "Draw new piece  (N)").click();
    h.run_ok();
    drag_cells(&mut h, (1, 3), (3, 3));
    assert_eq!(
        h.state().document().puzzle().axis_of(t("B")),
        Axis::Vertical
    );
    assert!(
        h.state().status().contains("only up and down"),
        "{}",
        h.state().status()
    );
    drag_cells(&mut h, (4, 0), (4, 1));
    drag_cells(&mut h, (0, 0), (0, 2));
    let p = h.state().document().puzzle().clone();
    let drawn = [
        ("B", [(1, 3), (2, 3), (3, 3)].as_slice(), Axis::Vertical),
        ("C", &[(4, 0), (4, 1)], Axis::Horizontal),
        ("D", &[(0, 0), (0, 1), (0, 2)], Axis::Horizontal),
    ];
    for (token, cells, axis) in drawn {
        let piece = p
            .pieces()
            .into_iter()
            .find(|q| q.token == t(token))
            .unwrap();
        assert_eq!(piece.cells, cells, "{token}");
        assert_eq!(p.axis_of(t(token)), axis, "{token} as drawn");
    }
    let colors: Vec<_> = drawn
        .iter()
        .map(|(token, ..)| piece_color(&p, t(token)))
        .collect();
    for (color, (token, ..)) in colors.iter().zip(drawn) {
        assert!(
            difference(*color, red) >= APART,
            "{token} in {color:?} passes for the red car"
        );
    }
    assert!(
        colors[0] != colors[1] && colors[1] != colors[2] && colors[0] != colors[2],
        "{colors:?}"
    );

    // A frees the truck just drawn (still selected), and locks it along its length again:
    // never across it, where it would be no car.
    for axis in [Axis::Free, Axis::Horizontal] {
        h.key_press(Key::A);
        h.run_ok();
        assert_eq!(h.state().document().puzzle().axis_of(t("D")), axis);
    }
}

#[test]
fn elsewhere_the_first_press_of_a_locks_a_straight_piece_along_its_length() {
    let puzzle = Puzzle::from_rows(&["A . .", "B . .", "B . ."], &[]).unwrap();
    let mut h = harness(puzzle, Mode::Start, [1400.0, 900.0]);
    let named = "B  ".to_string();
    h.get_by(move |n| {
        n.role() == Role::Button && n.label().is_some_and(|l| l == "B" || l.starts_with(&named))
    })
    .click();
    h.run_ok();
    let mut axes = Vec::new();
    for _ in 0..3 {
        h.key_press(Key::A);
        h.run_ok();
        axes.push(h.state().document().puzzle().axis_of(t("B")));
    }
    assert_eq!(axes, [Axis::Vertical, Axis::Free, Axis::Vertical]);
    // A piece drawn beside free pieces is drawn free.
    button(&h, "Draw new piece  (N)").click();
    h.run_ok();
    drag_cells(&mut h, (0, 2), (2, 2));
    assert_eq!(h.state().document().puzzle().axis_of(t("C")), Axis::Free);
}

#[test]
fn a_one_cell_piece_on_a_rush_hour_board_says_the_board_is_now_a_block_puzzle() {
    let mut h = harness(
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
    click_cell(&mut h, r, c);
    let status = h.state().status().to_string();
    assert!(status.contains("block puzzle"), "{status}");
}

#[test]
fn cars_drawn_after_an_import_take_colours_not_on_the_board() {
    let mut h = harness(Puzzle::empty(2, 2), Mode::Start, [1400.0, 900.0]);
    menu(&mut h, "File", "New…");
    button(&h, "Rush Hour").click();
    h.run_ok();
    h.get_by_label("Fogleman string (optional):").click();
    h.run_ok();
    h.get_by_label("Fogleman string (optional):")
        .type_text("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM");
    h.run_ok();
    button(&h, "Create").click();
    h.run_ok();
    let imported = h.state().document().puzzle().pieces().len();
    for (from, to) in [((0, 4), (0, 5)), ((1, 1), (1, 2))] {
        button(&h, "Draw new piece  (N)").click();
        h.run_ok();
        drag_cells(&mut h, from, to);
    }
    let p = h.state().document().puzzle();
    assert_eq!(p.pieces().len(), imported + 2, "two new cars");
    let colors: Vec<_> = p.pieces().iter().map(|q| piece_color(p, q.token)).collect();
    for (i, c) in colors.iter().enumerate() {
        assert!(!colors[i + 1..].contains(c), "{c:?} twice on the board");
    }
}
