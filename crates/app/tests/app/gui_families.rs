//! Puzzle families in the app, driven as a user would (headless `egui_kittest`): locking a
//! piece to an axis and painting a zone in the editor, then solving; importing a Rush Hour
//! board in Fogleman's notation and playing its solution back; playing with cars that move
//! only along their axes; managing zones and saving them.
use crate::gui_support;
use crate::gui_support::{button, button_starting, choose, drag};

use std::path::Path;
use std::time::Duration;

use blockslide_app::app::App;
use blockslide_app::command::{Mode, Tool};
use blockslide_app::common::board::{BOARD_LABEL, cell_center};
use blockslide_app::common::colors::color_every_piece;
use blockslide_core::model::file::load;
use blockslide_core::model::{Axis, Cell, Dir, Metric, Puzzle, Token, Zone, ZoneRight, rushhour};
use blockslide_core::solve::{self as api, SearchControl, SolveRequest, Termination};
use egui::accesskit::Role;
use egui::{Event, Key, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

/// A generous bound for background work in a debug build on a busy machine.
const PATIENCE: Duration = Duration::from_mins(2);

/// Rush Hour, 54 slides from the goal (Fogleman's database).
const RUSH_HOUR_54: &str = "BBBKCCDDoKoLIAAKoLIoJEEMFFJooMooxoHH";

fn harness(puzzle: Puzzle, mode: Mode) -> Harness<'static, App> {
    gui_support::harness(puzzle, mode, [1400.0, 900.0])
}

fn t(s: &str) -> Token {
    Token::new(s).unwrap()
}

/// Steps frames until `done` holds for the app, panicking after [`PATIENCE`].
fn wait_for(h: &mut Harness<'static, App>, what: &str, done: impl Fn(&App) -> bool) {
    gui_support::wait_for(h, PATIENCE, what, done);
    h.run_ok();
}

fn cell_pos(h: &Harness<'_, App>, puzzle: &Puzzle, r: usize, c: usize) -> Pos2 {
    let rect = h.get_by_label(BOARD_LABEL).rect();
    cell_center(rect, puzzle.rows, puzzle.cols, r, c)
}

/// Presses and releases the primary button over cell `(r, c)` of the design's board.
fn click_cell(h: &mut Harness<'static, App>, r: usize, c: usize) {
    let puzzle = h.state().document().puzzle().clone();
    let pos = cell_pos(h, &puzzle, r, c);
    h.hover_at(pos);
    h.run_ok();
    for pressed in [true, false] {
        h.event(Event::PointerButton {
            pos,
            button: PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
        h.run_ok();
    }
}

fn menu(h: &mut Harness<'static, App>, menu: &str, item: &str) {
    button(h, menu).click();
    h.run_ok();
    button_starting(h, item).click();
    h.run_ok();
}

/// Replaces the text of the field labelled `label` with `text`.
fn type_into(h: &mut Harness<'static, App>, label: &str, text: &str) {
    h.get_by_label(label).click();
    h.run_ok();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label(label).type_text(text);
    h.run_ok();
}

fn type_path(h: &mut Harness<'static, App>, path: &Path, action: &str) {
    type_into(h, "File path:", &path.display().to_string());
    button(h, action).click();
    h.run_ok();
}

fn undo(h: &mut Harness<'static, App>) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run_ok();
}

fn optimal_length(puzzle: &Puzzle) -> usize {
    let request = SolveRequest {
        metric: Some(Metric::Step),
        ..crate::fixtures::request()
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

/// Starts a search in the Solve tab and waits for its playback.
fn solve(h: &mut Harness<'static, App>) {
    h.get_by_label("Solve the puzzle").click();
    wait_for(h, "the solve", |app| app.solve_view().playback().is_some());
}

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

#[test]
fn set_an_axis_and_paint_a_zone_in_the_editor_then_solve() {
    let mut h = harness(detour(), Mode::Start);
    let free = optimal_length(&detour());

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
    solve(&mut h);
    let playback = h.state().solve_view().playback().unwrap();
    assert!(playback.verified(), "the solution replays under the rules");
    assert_eq!(playback.len(), optimal_length(&designed));
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
    let mut h = harness(Puzzle::empty(3, 3), Mode::Start);
    menu(&mut h, "File", "New…");
    button(&h, "Rush Hour").click();
    h.run_ok();
    // A mistyped board says why, and cannot be created.
    type_into(&mut h, "Fogleman string (optional):", "BBBKCCDDoKoL");
    h.get_by_label_contains("has 36 characters");
    assert!(button(&h, "Create").accesskit_node().is_disabled());
    // A line of Fogleman's database (moves, board, cluster size) imports its board.
    type_into(
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
    solve(&mut h);
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
    let mut h = harness(p.clone(), Mode::Play);
    let game = |h: &Harness<'static, App>| {
        let game = h.state().solve_view().play().unwrap();
        (game.position().cells.clone(), game.history().len())
    };

    // Select the car; up is across its axis: nothing is tried, the status bar says why.
    let car = cell_pos(&h, &p, 2, 0);
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
    let truck = cell_pos(&h, &p, 5, 3);
    let up = cell_pos(&h, &p, 3, 3);
    drag(&mut h, truck, up);
    assert_eq!(game(&h), (p.cells.clone(), 0));
    assert!(h.state().status().contains("horizontal axis"));
    let left = cell_pos(&h, &p, 5, 2);
    drag(&mut h, truck, left + (up - truck) * 0.3);
    let mut expected = p.clone();
    expected.step(t("B"), Dir::Left).unwrap();
    assert_eq!(game(&h), (expected.cells, 1));
}

#[test]
fn zones_are_created_renamed_deleted_undone_and_saved() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("exit.ron");
    let mut h = harness(detour(), Mode::Start);
    button(&h, "New zone").click();
    h.run_ok();
    assert_eq!(h.state().tool(), Tool::Zone);
    assert_eq!(h.state().document().puzzle().zones.len(), 1);
    click_cell(&mut h, 2, 3);
    type_into(&mut h, "Zone name", "ex");
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
    let pos = cell_pos(&h, &puzzle, 2, 3);
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
    let mut h = harness(Puzzle::empty(3, 3), Mode::Start);
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
    let from = cell_pos(&h, &empty, 1, 3);
    let to = cell_pos(&h, &empty, 3, 3);
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
    solve(&mut h);
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
