//! UI tests of the defects a new user met in a real window, a fourth time: typing into the
//! New dialog's size fields appended to the old value, the Analyze window covered the
//! board, the Watch tree jumped down when a node was selected and "Fit the tree" cut its
//! root off, and the comparison's "Optimal" column read as "this solution was optimal".

use crate::gui_support;
use crate::gui_support::click_at;

use gui_support::bundled;

use egui::accesskit::Role;
use egui::{Key, Modifiers, Pos2, Rect};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use blockslide_app::app::App;
use blockslide_app::command::Mode;
use blockslide_app::common::board::BOARD_LABEL;
use blockslide_app::solve::compare::table::COLUMNS;
use blockslide_core::model::Puzzle;
use blockslide_core::solve::Algorithm;

/// The input field (not its caption) named `label`.
fn field_rect(h: &Harness<'static, App>, label: &str) -> Rect {
    h.get_by(|n| n.label().as_deref() == Some(label) && n.role() != Role::Label)
        .rect()
}

#[test]
fn typing_into_a_clicked_size_field_replaces_its_value_and_create_keeps_it() {
    let mut h = gui_support::harness(Puzzle::empty(4, 4), Mode::Start, [1400.0, 900.0]);
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.run_ok();
    let rows = field_rect(&h, "Rows:").center();
    click_at(&mut h, rows);
    h.event(egui::Event::Text("3".into()));
    h.run_ok();
    h.key_press(Key::Tab);
    h.run_ok();
    let cols = field_rect(&h, "Columns:").center();
    click_at(&mut h, cols);
    h.event(egui::Event::Text("5".into()));
    h.run_ok();
    let create = h
        .get_by_role_and_label(Role::Button, "Create")
        .rect()
        .center();
    click_at(&mut h, create);
    let p = h.state().document().puzzle();
    assert_eq!((p.rows, p.cols), (3, 5));
}

#[test]
fn the_analyze_window_opens_beside_the_board() {
    for size in [[800.0, 600.0], [1400.0, 900.0]] {
        let mut h = gui_support::harness(bundled("klotski.ron"), Mode::Start, size);
        h.get_by_role_and_label(Role::Button, "View").click();
        h.run_ok();
        h.get_by(|n| {
            n.role() == Role::Button && n.label().is_some_and(|l| l.starts_with("Analyze"))
        })
        .click();
        h.run_ok();
        let board = h.get_by_label(BOARD_LABEL).rect();
        let window = h.get_by_role_and_label(Role::Window, "Analyze").rect();
        assert!(
            !window.intersects(board),
            "at {size:?} the window {window:?} covers the board {board:?}"
        );
        let app = Rect::from_min_size(Pos2::ZERO, size.into());
        assert!(app.contains_rect(window), "at {size:?}: {window:?}");
    }
}

#[test]
fn selecting_a_watched_node_leaves_the_tree_where_it_was() {
    let mut h = gui_support::watch_view(bundled("eight-14.ron"), Algorithm::Bfs, [1400.0, 900.0]);
    gui_support::press(&mut h, "Watch Breadth-first");
    for _ in 0..3 {
        h.get_by_label("Step ›").click();
        h.run_ok();
    }
    let before = h.get_by_label("Search tree").rect();
    h.get_by_label_contains("Tree node 0:").click_accesskit();
    h.run_ok();
    let w = h.state().solve_view().watch().watching().unwrap();
    assert_eq!(w.selected(), Some(0), "the click selected the root");
    assert!(h.query_by_label("Selected node").is_some());
    assert_eq!(h.get_by_label("Search tree").rect(), before);
}

#[test]
fn fitting_a_deep_tree_shows_its_root() {
    let mut h = gui_support::watch_view(bundled("eight-14.ron"), Algorithm::Bfs, [1400.0, 900.0]);
    gui_support::press(&mut h, "Watch Breadth-first");
    h.get_by_label("Run to the goal »").click();
    h.run_ok();
    h.get_by_label("Fit the tree").click();
    h.run_ok();
    // A node inside the tree's scene reports its rect in the drawing's coordinates, as the
    // view does.
    let (view, fitted) = h.state().solve_view().watch().tree_view();
    assert!(fitted);
    let root = h.get_by_label_contains("Tree node 0:").rect();
    assert!(
        view.contains_rect(root),
        "the root {root:?} is inside the view {view:?}"
    );
}

#[test]
fn the_optimal_column_says_it_is_a_guarantee() {
    assert!(COLUMNS.contains(&"Guaranteed optimal"), "{COLUMNS:?}");
    assert!(!COLUMNS.contains(&"Optimal"));
}

#[test]
fn at_800x600_the_add_button_is_clear_of_the_side_panels_scroll_bar() {
    let mut h = gui_support::harness(bundled("eight-14.ron"), Mode::Solve, [800.0, 600.0]);
    h.get_by_role_and_label(Role::Button, "+").scroll_to_me();
    h.run_ok();
    // The panel's floating scroll bar is drawn, and takes clicks, over the last `bar_width`
    // points inside the panel's margin.
    let style = h.ctx.global_style();
    let edge = 800.0 - f32::from(egui::Frame::side_top_panel(&style).inner_margin.right);
    let bar = style.spacing.scroll.bar_width;
    let plus = h.get_by_role_and_label(Role::Button, "+").rect();
    assert!(
        plus.right() <= edge - bar,
        "the add button {plus:?} reaches under the scroll bar at {edge} - {bar}"
    );
}

#[test]
fn a_comparison_scrolled_sideways_keeps_its_algorithm_column() {
    let mut h = gui_support::harness(bundled("two-by-three.ron"), Mode::Solve, [800.0, 600.0]);
    gui_support::run_seeds_comparison(&mut h);
    h.get_by_role_and_label(Role::Button, "Compare").click();
    h.run_ok();
    let first = h.state().solve_view().compare().rows()[0].cells()[0].clone();
    let algorithm = h.get_by_role_and_label(Role::Link, &first).rect();
    let status = h.get_by_label("Status").rect();
    // The wheel sideways over the table's headers, as a trackpad does.
    h.hover_at(h.get_by_label("# States Explored").rect().center());
    h.run_ok();
    h.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: egui::vec2(-2000.0, 0.0),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Unknown,
        modifiers: Modifiers::NONE,
    });
    h.run_ok();
    assert!(
        h.get_by_label("Status").rect().left() < status.left(),
        "the table scrolled"
    );
    assert_eq!(
        h.get_by_role_and_label(Role::Link, &first).rect(),
        algorithm
    );
}
