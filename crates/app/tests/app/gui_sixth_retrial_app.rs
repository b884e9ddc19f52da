//! Defects a new user met in a real window (the sixth retrial), acted out headless: the
//! solver panel widened past the window while a pattern database was built, the playback
//! area kept its "press Solve" prompt during a solve, the piece list lost the order pieces
//! were drawn in, a multi-selection showed as one piece, pasted copies looked like one kind,
//! Play ignored an arrow key that cannot move, Open Recent named files without their folder,
//! a help page reopened where it had been scrolled, and the status bar kept the editor's cell
//! in the other tabs. (An L-shaped piece's label off the piece and an empty file's parser
//! message have unit tests of their own.)
use crate::gui_support::{self, bundled, cells_of, click_cell, drag_cells, keys};

use blockslide_app::app::App;
use blockslide_app::command::{Mode, Tool};
use blockslide_core::model::{Puzzle, Token};
use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

fn t(s: &str) -> Token {
    Token::new(s).expect("valid token")
}

#[test]
fn the_piece_list_keeps_drawing_order_through_a_rename_and_a_reused_token() {
    let mut h = gui_support::harness(Puzzle::empty(4, 4), Mode::Start, [1400.0, 900.0]);
    for row in 0..3 {
        keys(&mut h, Modifiers::NONE, Tool::NewPiece.key());
        drag_cells(&mut h, (row, 0), (row, 1));
    }
    // A becomes Z; the next piece drawn gets the free token A, yet comes last.
    keys(&mut h, Modifiers::NONE, Tool::Move.key());
    click_cell(&mut h, 0, 0);
    let ctx = h.ctx.clone();
    h.state_mut().apply(
        blockslide_app::command::Command::RenamePiece {
            from: t("A"),
            to: "Z".into(),
        },
        &ctx,
    );
    h.run_ok();
    keys(&mut h, Modifiers::NONE, Tool::NewPiece.key());
    drag_cells(&mut h, (3, 0), (3, 1));
    assert_eq!(cells_of(&h, t("A")), [(3, 0), (3, 1)]);
    let rows: Vec<f32> = ["Z", "B", "C", "A"]
        .iter()
        .map(|&token| {
            h.get_by(|n| n.role() == Role::Button && n.label().as_deref() == Some(token))
                .rect()
                .min
                .y
        })
        .collect();
    assert!(rows.is_sorted(), "{rows:?}: Z, B, C, A from the top");
}

#[test]
fn every_selected_piece_is_marked_in_the_piece_list() {
    let mut h = gui_support::harness(bundled("klotski.ron"), Mode::Start, [1400.0, 900.0]);
    keys(&mut h, Modifiers::NONE, Tool::Move.key());
    drag_cells(&mut h, (4, 1), (3, 2));
    assert_eq!(h.state().selected_pieces(), [t("G"), t("H")]);
    for token in ["G", "H"] {
        let row = h.get_by(|n| {
            n.role() == Role::Button
                && n.label()
                    .is_some_and(|l| l.split_whitespace().next() == Some(token))
        });
        assert_eq!(
            row.accesskit_node().toggled(),
            Some(egui::accesskit::Toggled::True),
            "{token}"
        );
    }
    h.get_by_label_contains("2 pieces selected");
}

#[test]
fn a_pasted_copy_gets_a_colour_of_its_own_unless_it_is_of_a_kind() {
    let colour = |h: &Harness<'static, App>, token: &str| {
        blockslide_app::common::colors::piece_color(h.state().document().puzzle(), t(token))
    };
    // A is its own kind: its copy, B, must not pass for a piece alike.
    let mut one = Puzzle::from_rows(&["A . .", "A . .", ". . ."], &[]).unwrap();
    let green = blockslide_core::model::Color {
        r: 0x2e,
        g: 0xa0,
        b: 0x43,
    };
    one.styles.entry(t("A")).or_default().color = Some(green);
    let mut h = gui_support::harness(one, Mode::Start, [1400.0, 900.0]);
    keys(&mut h, Modifiers::NONE, Tool::Move.key());
    click_cell(&mut h, 0, 0);
    keys(&mut h, Modifiers::COMMAND, Key::C);
    h.hover_at(egui::pos2(2.0, 400.0));
    keys(&mut h, Modifiers::COMMAND, Key::V);
    assert_eq!(h.state().selected_pieces(), [t("B")]);
    assert_ne!(colour(&h, "B"), green, "two pieces apart, told apart");

    // Klotski's G is one of four soldiers, one kind in one colour: its copy stays one.
    let mut h = gui_support::harness(bundled("klotski.ron"), Mode::Start, [1400.0, 900.0]);
    keys(&mut h, Modifiers::NONE, Tool::Move.key());
    click_cell(&mut h, 3, 1);
    keys(&mut h, Modifiers::COMMAND, Key::C);
    h.hover_at(egui::pos2(2.0, 400.0));
    keys(&mut h, Modifiers::COMMAND, Key::V);
    let pasted = h.state().selected_pieces();
    assert_eq!(
        colour(&h, pasted[0].as_str()),
        colour(&h, "G"),
        "a soldier pasted is still a soldier"
    );
}

#[test]
fn an_arrow_key_that_moves_nothing_in_play_says_why() {
    // The gap top right: no tile is to its right to move left.
    let puzzle = Puzzle::tiles(3, 3, &[1, 2, 0, 3, 4, 5, 6, 7, 8], None).unwrap();
    let mut h = gui_support::harness(puzzle, Mode::Play, [1400.0, 900.0]);
    keys(&mut h, Modifiers::NONE, Key::ArrowLeft);
    assert!(
        h.state()
            .status()
            .contains("No tile can move left: the gap is at the right edge."),
        "{}",
        h.state().status()
    );
    let mut h = gui_support::harness(bundled("klotski.ron"), Mode::Play, [1400.0, 900.0]);
    keys(&mut h, Modifiers::NONE, Key::ArrowDown);
    assert!(
        h.state().status().contains("Click a piece first"),
        "{}",
        h.state().status()
    );
}

#[test]
fn a_help_page_opens_at_its_top_however_it_was_left() {
    let mut h = gui_support::harness(bundled("klotski.ron"), Mode::Start, [800.0, 600.0]);
    gui_support::menu(&mut h, "Help", "Keyboard shortcuts");
    let top = h.get_by_label("Everywhere").rect().min.y;
    // Scrolled down to Play's keys, then closed.
    h.get_by_label("Play tab").scroll_to_me();
    h.run_ok();
    assert!(h.get_by_label("Everywhere").rect().min.y < top - 100.0);
    keys(&mut h, Modifiers::NONE, Key::Escape);
    let ctx = h.ctx.clone();
    h.state_mut()
        .apply(blockslide_app::command::Command::ShowHelp(None), &ctx);
    h.run_ok();
    gui_support::menu(&mut h, "Help", "Keyboard shortcuts");
    let again = h.get_by_label("Everywhere").rect().min.y;
    assert!((again - top).abs() < 0.5, "{again} against {top}");
}

#[test]
fn the_playback_area_says_a_solve_is_under_way() {
    // Korf's first 15-puzzle with Manhattan distance: minutes of search, time to look.
    let tiles = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3];
    let blank_first: Vec<u32> = (0..16).collect();
    let puzzle = Puzzle::tiles(4, 4, &tiles, Some(&blank_first)).unwrap();
    let mut h = gui_support::harness(puzzle, Mode::Solve, [1400.0, 900.0]);
    h.state_mut()
        .solve_view_mut()
        .panel_mut()
        .settings
        .heuristic = Some("manhattan".into());
    gui_support::button(&h, "Solve the puzzle").click();
    h.run_steps(3);
    h.get_by_label("Solving… the solution plays back here once it is found.");
    // The puzzle stays in view meanwhile.
    h.get_by_label(blockslide_app::common::board::BOARD_LABEL);
    assert!(
        h.query_by_label_contains("Choose an algorithm and press Solve")
            .is_none()
    );
    gui_support::button(&h, "Cancel").click();
    h.run_ok();
}

#[test]
fn the_solver_panel_stays_in_the_window_while_a_pattern_database_is_built() {
    let tiles = [14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3];
    let blank_first: Vec<u32> = (0..16).collect();
    let puzzle = Puzzle::tiles(4, 4, &tiles, Some(&blank_first)).unwrap();
    // An empty cache: the solve starts by building its tables.
    let cache = tempfile::tempdir().unwrap();
    let mut app = gui_support::app(puzzle);
    app.set_pdb_cache(Some(cache.path().to_path_buf()));
    app.set_mode(Mode::Solve);
    let size = [1400.0, 900.0];
    let mut h = Harness::builder().with_size(size).build_eframe(|_| app);
    h.run_ok();
    h.state_mut()
        .solve_view_mut()
        .panel_mut()
        .settings
        .heuristic = Some("pdb".into());
    gui_support::button(&h, "Solve the puzzle").click();
    let start = std::time::Instant::now();
    while h
        .query_by_label_contains("Building the pattern database for")
        .is_none()
    {
        assert!(start.elapsed() < gui_support::PATIENCE, "the build shows");
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    h.step();
    let label = h
        .get_by_label_contains("Building the pattern database for")
        .rect();
    let panel_heading = h.get_by_label("Solver").rect();
    assert!(label.max.x <= size[0], "{label:?} runs past the window");
    assert!(label.min.x >= panel_heading.min.x - 1.0, "{label:?}");
    gui_support::button(&h, "Cancel").click();
    h.run_ok();
}

#[test]
fn the_status_bar_forgets_the_editors_cell_in_the_other_tabs() {
    let mut h = gui_support::harness(bundled("klotski.ron"), Mode::Start, [1400.0, 900.0]);
    let at = gui_support::cell_pos(&h, 1, 0);
    h.hover_at(at);
    h.run_ok();
    h.get_by_label_contains("row 2, column 1");
    keys(&mut h, Modifiers::NONE, Key::F3);
    assert!(h.query_by_label_contains("row 2, column 1").is_none());
}
