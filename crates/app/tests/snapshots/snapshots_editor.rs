//! Pixel snapshots of the editor (software rendering through Mesa's Vulkan driver).
//! Update with `UPDATE_SNAPSHOTS=1 cargo test --features snapshots --test snapshots_editor`.
use blockslide_app::app::{App, default_puzzle};
use blockslide_app::common::board::{BOARD_LABEL, cell_center};
use blockslide_core::model::{Cell, Puzzle, Token};
use egui::accesskit::Role;
use egui::{Event, Modifiers, PointerButton};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

fn harness(puzzle: Puzzle) -> Harness<'static, App> {
    let mut h = Harness::builder()
        .with_size([1280.0, 800.0])
        .with_max_steps(16)
        .build_eframe(move |_| App::new_for_test(puzzle));
    h.run();
    h
}

fn click_cell(h: &mut Harness<'_, App>, r: usize, c: usize) {
    let p = h.state().document().puzzle();
    let (rows, cols) = (p.rows, p.cols);
    let pos = cell_center(h.get_by_label(BOARD_LABEL).rect(), rows, cols, r, c);
    h.hover_at(pos);
    h.run();
    for pressed in [true, false] {
        h.event(Event::PointerButton {
            pos,
            button: PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
        h.run();
    }
    h.remove_cursor();
    h.run();
}

#[test]
fn klotski_start_and_goal() {
    let mut h = harness(default_puzzle());
    h.snapshot("editor_klotski_start");
    h.get_by_role_and_label(Role::Button, "Goal").click();
    h.run();
    h.remove_cursor();
    h.run();
    h.snapshot("editor_klotski_goal");
}

#[test]
fn an_unsolvable_tile_puzzle_says_so() {
    // Two tiles swapped: the parity check refuses it.
    let p = Puzzle::tiles(3, 3, &[2, 1, 3, 4, 5, 6, 7, 8, 0], None).unwrap();
    let mut h = harness(p);
    h.snapshot("editor_tiles_unsolvable");
}

#[test]
fn a_design_with_walls_a_selection_and_a_highlighted_finding() {
    let t = |s: &str| Token::new(s).unwrap();
    let mut p = Puzzle::from_rows(
        &[
            "# # # # # #",
            "# A A . B #",
            "# A . . B #",
            "# . C C . #",
            "# # # . # #",
        ],
        &[
            ". . . . . .",
            ". . . . . .",
            ". . . . . .",
            ". . . A A .",
            ". . . . . .",
        ],
    )
    .unwrap();
    // A second, detached part of C: validation reports a split piece.
    p.set_cell(1, 3, Cell::Piece(t("C")));
    p.name = "Work in progress".into();
    let mut h = harness(p);
    h.get_by_role_and_label(Role::Button, "Eyedropper  (I)")
        .click();
    h.run();
    click_cell(&mut h, 1, 1);
    let finding = h
        .get_by(|n| n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with("Error:")));
    finding.click();
    h.run();
    h.remove_cursor();
    h.run();
    h.snapshot("editor_work_in_progress");
}

#[test]
fn the_library_window() {
    let mut h = harness(default_puzzle());
    h.key_press_modifiers(Modifiers::COMMAND, egui::Key::L);
    h.run();
    h.snapshot("editor_library");
}

#[test]
fn klotski_with_its_design_figures() {
    let mut h = harness(default_puzzle());
    // The tests' app starts with the panel off; View > Design figures shows it.
    h.get_by_role_and_label(Role::Button, "View").click();
    h.run();
    h.get_by_label(blockslide_app::app::menu_bar::DESIGN_FIGURES_ENTRY)
        .click();
    // Steps, not `run`: the panel's analysis keeps frames coming until its figures are in.
    h.step();
    h.key_press(egui::Key::Escape);
    let started = std::time::Instant::now();
    // The figures, then the suggestions (every one-step edit), so the picture is the same
    // whatever the machine's speed.
    while h
        .state()
        .design_panel()
        .suggestions_of(h.state().document().solvable_revision())
        .is_none()
    {
        assert!(
            started.elapsed() < std::time::Duration::from_mins(2),
            "the design figures and suggestions never came"
        );
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    h.remove_cursor();
    for _ in 0..4 {
        h.step();
    }
    h.snapshot("editor_klotski_design_figures");
}
