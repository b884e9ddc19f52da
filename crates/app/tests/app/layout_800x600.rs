//! The app's layout in the smallest window it is meant to work in, 800x600, and in a large one,
//! 1400x900. In every tab, in the Watch, Playback and Compare views of Solve and in every
//! window, the key controls lie inside the window, apart from each other, and on their own side
//! of the right panel's edge (scrolled into view where their panel or view scrolls); each tab
//! is clicked where it is drawn; and the tabs and the right panel stay in place and keep their
//! width from tab to tab and from puzzle to puzzle.

use std::sync::Arc;

use Control::{Containing, Named};
use blockslide_app::app::{self as gui_app, App, PANELS_LABEL, SOLVE_AND_PLAY_LABEL};
use blockslide_app::command::{Command, Mode, ToolWindow};
use blockslide_app::common::board::BOARD_LABEL;
use blockslide_app::solve::compare::{CompareRow, seed_pairs};
use blockslide_app::solve::{family, harder};
use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::{self as api, Algorithm, Limits, SearchControl, SolveRequest};
use egui::accesskit::Role;
use egui::{Key, Pos2, Rect};
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};

use crate::driver::{
    PATIENCE, SIZES, apply, bundled, click_highest, harness, press_button, right_panel_edge,
    wait_for,
};

/// A control, by its role and accessible name, or by part of its text (a counter, a row of
/// the move list).
#[derive(Clone, Copy, Debug)]
enum Control {
    Named(Role, &'static str),
    Containing(&'static str),
}

/// The solver panel's controls.
const SOLVER: [Control; 3] = [
    Named(Role::Button, "Solve the puzzle"),
    Named(Role::Button, "Cancel"),
    Named(Role::Button, "Run comparison"),
];

/// The Playback, Compare and Watch buttons atop the Solve tab.
const SOLVE_VIEWS: [Control; 3] = [
    Named(Role::Button, "Playback"),
    Named(Role::Button, "Compare"),
    Named(Role::Button, "Watch"),
];

/// The tab row's controls, in every tab.
const TAB_ROW: [Control; 6] = [
    Named(Role::Button, "Start"),
    Named(Role::Button, "Goal"),
    Named(Role::Button, "Solve"),
    Named(Role::Button, "Play"),
    Named(Role::Button, SOLVE_AND_PLAY_LABEL),
    Named(Role::Button, PANELS_LABEL),
];

/// What one view shows below the tab row, and where: the controls of the centre (and of the
/// left panel, which the centre never reaches over), and the right panel's heading and
/// controls.
struct View {
    name: &'static str,
    centre: Vec<Control>,
    side_heading: &'static str,
    side: Vec<Control>,
}

impl View {
    fn new(name: &'static str, centre: &[Control], side_heading: &'static str) -> Self {
        View {
            name,
            centre: centre.to_vec(),
            side_heading,
            side: Vec::new(),
        }
    }

    fn side(mut self, side: &[Control]) -> Self {
        self.side = side.to_vec();
        self
    }
}

/// Panics unless no two of `controls` overlap (sharing an edge is fine).
fn assert_apart(h: &Harness<'static, App>, what: &str, controls: &[Control]) {
    let rects: Vec<(Control, Rect)> = controls.iter().map(|&c| (c, rect(h, c))).collect();
    for (i, (a, ra)) in rects.iter().enumerate() {
        for (b, rb) in &rects[i + 1..] {
            let overlap = ra.intersect(*rb);
            assert!(
                overlap.width() <= 0.5 || overlap.height() <= 0.5,
                "{what}: {a:?} at {ra:?} overlaps {b:?} at {rb:?}"
            );
        }
    }
}

/// Scrolls `control` into view and panics unless it then lies inside `area`.
fn assert_reachable(h: &mut Harness<'static, App>, what: &str, control: Control, area: Rect) {
    find(h, control).scroll_to_me();
    h.run_ok();
    let r = rect(h, control);
    assert!(
        area.expand(0.5).contains_rect(r),
        "{what}: {control:?} at {r:?} is outside {area:?}"
    );
}

/// The centre and the right panel of `h`'s window of `size`, below the tab row.
fn centre_and_side(h: &Harness<'static, App>, size: [f32; 2]) -> (Rect, Rect) {
    let window = Rect::from_min_size(Pos2::ZERO, size.into());
    let below_tabs = TAB_ROW
        .iter()
        .map(|&tab| rect(h, tab).max.y)
        .fold(0.0, f32::max);
    let (_, below) = window.split_top_bottom_at_y(below_tabs);
    below.split_left_right_at_x(right_panel_edge(h))
}

/// Checks `view` as `h` shows it in a window of `size`: all its controls apart, then each
/// scrolled into view in turn and inside its part of the window.
fn check(h: &mut Harness<'static, App>, size: [f32; 2], view: &View) {
    let what = format!("{} at {}x{}", view.name, size[0], size[1]);
    let heading = Named(Role::Label, view.side_heading);
    let all: Vec<Control> = TAB_ROW
        .iter()
        .chain(&view.centre)
        .chain(&view.side)
        .copied()
        .chain([heading])
        .collect();
    // The panels as first drawn: a panel scrolled by an earlier check has its heading above
    // its top, hidden there, yet reported where it would be drawn.
    find(h, heading).scroll_to_me();
    h.run_ok();
    assert_apart(h, &what, &all);
    let edge = right_panel_edge(h);
    let heading_at = rect(h, heading).min.x;
    assert!(
        edge < heading_at,
        "{what}: the right panel's content starts at x = {heading_at}, left of its edge at {edge}"
    );
    let window = Rect::from_min_size(Pos2::ZERO, size.into());
    let (centre, side) = centre_and_side(h, size);
    for control in TAB_ROW {
        assert_reachable(h, &what, control, window);
    }
    for &control in &view.centre {
        assert_reachable(h, &what, control, centre);
    }
    for &control in &view.side {
        assert_reachable(h, &what, control, side);
    }
}

/// Checks a window of the app, `title`: inside the app's window, its controls inside it and
/// apart.
fn check_window(h: &mut Harness<'static, App>, size: [f32; 2], title: &str, controls: &[Control]) {
    let what = format!("the {title} window at {}x{}", size[0], size[1]);
    let app = Rect::from_min_size(Pos2::ZERO, size.into());
    let window = h.get_by_role_and_label(Role::Window, title).rect();
    assert!(app.contains_rect(window), "{what} at {window:?} is cut off");
    let controls: Vec<Control> = controls
        .iter()
        .copied()
        .chain([Named(Role::Button, "Close window")])
        .collect();
    assert_apart(h, &what, &controls);
    for &control in &controls {
        assert_reachable(h, &what, control, window);
    }
}

/// The node of `control`; of several with one name (the Play tab and the playback's Play
/// button), the one drawn highest.
fn find<'h>(h: &'h Harness<'static, App>, control: Control) -> egui_kittest::Node<'h> {
    let nodes: Vec<_> = match control {
        Named(role, label) => h.query_all_by_role_and_label(role, label).collect(),
        Containing(text) => h.query_all_by_label_contains(text).collect(),
    };
    nodes
        .into_iter()
        .min_by(|a, b| a.rect().min.y.total_cmp(&b.rect().min.y))
        .unwrap_or_else(|| panic!("no {control:?} in the window"))
}

fn klotski() -> Puzzle {
    bundled("klotski.ron")
}

fn rect(h: &Harness<'static, App>, control: Control) -> Rect {
    find(h, control).rect()
}

/// Where the four tabs are drawn.
fn tab_rects(h: &Harness<'static, App>) -> Vec<Rect> {
    TAB_ROW[..4].iter().map(|&tab| rect(h, tab)).collect()
}

/// The 2x3 slider, its solver set to A* with Manhattan distance.
fn two_by_three(size: [f32; 2]) -> Harness<'static, App> {
    let mut h = harness(bundled("two-by-three.ron"), Mode::Solve, size);
    let settings = &mut h.state_mut().solve_view_mut().panel_mut().settings;
    settings.algorithm = Some(Algorithm::Astar);
    settings.heuristic = Some("manhattan".into());
    h.run_ok();
    h
}

#[test]
fn the_editor_tabs_keep_their_controls_in_the_window_and_apart() {
    let editor = [
        Named(Role::Grid, BOARD_LABEL),
        Named(Role::Button, "Paint  (B)"),
        Named(Role::Button, "New piece"),
    ];
    let properties = [
        Named(Role::TextInput, "Name"),
        Named(Role::Button, "Copy start to goal"),
        Named(Role::Button, "Clear goal"),
    ];
    for size in SIZES {
        for (mode, name) in [(Mode::Start, "Start"), (Mode::Goal, "Goal")] {
            let mut h = harness(klotski(), mode, size);
            check(
                &mut h,
                size,
                &View::new(name, &editor, "Puzzle").side(&properties),
            );
        }
    }
}

#[test]
fn the_solve_tab_keeps_playback_and_the_solver_in_the_window_and_apart() {
    let playback = [
        Named(Role::Grid, BOARD_LABEL),
        Named(Role::Button, "First"),
        Named(Role::Button, "Previous"),
        Named(Role::Button, "Next"),
        Named(Role::Button, "Last"),
        Named(Role::Slider, "Move"),
        Named(Role::Label, "Moves"),
        Containing("   1. "),
        Named(Role::Button, "Copy moves as text"),
        Named(Role::Button, "Copy as JSON"),
        Named(Role::Button, "Save moves as text…"),
        Named(Role::Button, "Save as JSON…"),
        Named(Role::Button, "Save animation…"),
    ];
    for size in SIZES {
        let puzzle = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 0, 7, 8], None).unwrap();
        let mut h = harness(puzzle, Mode::Solve, size);
        let before = [SOLVE_VIEWS.as_slice(), &[Named(Role::Grid, BOARD_LABEL)]].concat();
        check(
            &mut h,
            size,
            &View::new("Solve", &before, "Solver").side(&SOLVER),
        );
        h.get_by_label("Solve the puzzle").click();
        h.step();
        wait_for(&mut h, PATIENCE, "the solve", |app| {
            app.solve_view().playback().is_some()
        });
        let centre = [SOLVE_VIEWS.as_slice(), &playback].concat();
        check(
            &mut h,
            size,
            &View::new("Playback", &centre, "Solver").side(&SOLVER),
        );
    }
}

#[test]
fn the_watch_and_compare_views_keep_their_controls_in_the_window_and_apart() {
    for size in SIZES {
        let mut h = two_by_three(size);
        press_button(&mut h, "Watch");
        press_button(&mut h, "Watch A*");
        for _ in 0..3 {
            press_button(&mut h, "Step ›");
        }
        let watch = [
            Named(Role::Button, "Watch A*"),
            Named(Role::Button, "‹ Step back"),
            Named(Role::Button, "Step ›"),
            Named(Role::Button, "Run to the goal »"),
            Containing("Step 3 of "),
        ];
        let centre = [SOLVE_VIEWS.as_slice(), &watch].concat();
        check(
            &mut h,
            size,
            &View::new("Watch", &centre, "Solver").side(&SOLVER),
        );
        let puzzle = h.state().document().puzzle().clone();
        let rows = seed_pairs()
            .into_iter()
            .map(|pair| {
                let request = SolveRequest {
                    algorithm: pair.algorithm,
                    heuristic: pair.heuristic.clone(),
                    metric: Some(Metric::Step),
                    ..SolveRequest::default()
                };
                let report = api::solve(&puzzle, &request, SearchControl::new(Limits::default()));
                CompareRow {
                    result: Ok(Arc::new(report.expect("solves"))),
                    pair,
                }
            })
            .collect();
        let ctx = h.ctx.clone();
        h.state_mut()
            .solve_view_mut()
            .show_comparison(&puzzle, rows, &ctx);
        h.run_ok();
        check(
            &mut h,
            size,
            &View::new("Compare", &SOLVE_VIEWS, "Solver").side(&SOLVER),
        );
    }
}

#[test]
fn the_play_tab_keeps_its_controls_in_the_window_and_apart() {
    let game = [
        Named(Role::Grid, BOARD_LABEL),
        Named(Role::Button, "Undo"),
        Named(Role::Button, "Redo"),
        Named(Role::Button, "Restart"),
        Named(Role::Button, "Hint"),
    ];
    for size in SIZES {
        let mut h = harness(klotski(), Mode::Play, size);
        check(
            &mut h,
            size,
            &View::new("Play", &game, "Play").side(&[Named(Role::ComboBox, "Count moves as")]),
        );
    }
}

#[test]
fn every_window_fits_with_its_controls_apart() {
    for size in SIZES {
        let mut h = harness(klotski(), Mode::Start, size);
        h.key_press(egui::Key::F6);
        h.run_ok();
        check_window(
            &mut h,
            size,
            "Analyze",
            &[
                Named(Role::ComboBox, "Analysis metric"),
                Named(Role::Button, "This start"),
                Named(Role::Button, "Piece set"),
                Named(Role::Button, harder::HARDER_LABEL),
                Named(Role::Button, "Analyze the design"),
                Named(Role::Button, "Cancel the analysis"),
            ],
        );
        press_button(&mut h, harder::HARDER_LABEL);
        apply(&mut h, Command::ShowWindow(ToolWindow::Analyze, false));
        check_window(
            &mut h,
            size,
            "Make it harder",
            &[
                Named(Role::Button, harder::RUN_LABEL),
                Named(Role::Button, harder::CANCEL_LABEL),
            ],
        );

        let mut h = harness(klotski(), Mode::Start, size);
        apply(&mut h, Command::ShowWindow(ToolWindow::Families, true));
        check_window(
            &mut h,
            size,
            "Families",
            &[
                Named(Role::Button, family::RUN_LABEL),
                Named(Role::Button, family::CANCEL_LABEL),
                Named(Role::Button, family::RESUME_LABEL),
            ],
        );

        let mut h = harness(klotski(), Mode::Start, size);
        press_button(&mut h, "Help");
        press_button(&mut h, "Keyboard shortcuts");
        check_window(&mut h, size, "Keyboard shortcuts", &[]);
    }
}

#[test]
fn each_tab_is_clicked_where_it_is_drawn_and_the_tabs_never_move() {
    let tiles = bundled("eight-31a.ron");
    for size in SIZES {
        let mut h = harness(klotski(), Mode::Start, size);
        let home = tab_rects(&h);
        let mut edges = Vec::new();
        for (puzzle, name) in [(None, "Klotski"), (Some(tiles.clone()), "the 8-puzzle")] {
            if let Some(puzzle) = puzzle {
                apply(&mut h, Command::New(Box::new(puzzle)));
            }
            for (i, mode) in [Mode::Goal, Mode::Solve, Mode::Play, Mode::Start]
                .into_iter()
                .enumerate()
            {
                // A pointer click at the tab's centre, so a tab drawn under another widget
                // would not switch.
                find(&h, TAB_ROW[(i + 1) % 4]).click();
                h.run_ok();
                assert_eq!(h.state().mode(), mode, "{name} at {size:?}");
                assert_eq!(
                    tab_rects(&h),
                    home,
                    "the tabs moved in {mode:?} on {name} at {size:?}"
                );
                edges.push((mode, right_panel_edge(&h)));
            }
        }
        // The right panel keeps its width from one puzzle to the next.
        let (klotski_edges, tiles_edges) = edges.split_at(4);
        assert_eq!(klotski_edges, tiles_edges, "at {size:?}");
    }
}

fn big_board() -> Puzzle {
    let mut rows = vec![vec!["."; 32].join(" "); 32];
    rows[0] = format!("A {}", vec!["."; 31].join(" "));
    Puzzle::from_rows(&rows, &[]).unwrap()
}

fn cell_side(h: &Harness<'static, App>) -> f32 {
    h.get_by_label(BOARD_LABEL).rect().width() / 32.0
}

#[test]
fn in_a_small_window_the_board_keeps_room_and_the_panels_collapse() {
    let mut h = harness(big_board(), Mode::Start, [800.0, 600.0]);
    let with_panels = cell_side(&h);
    assert!(with_panels >= 10.0, "cells of {with_panels} px");
    h.key_press(Key::F9);
    h.run_ok();
    let alone = cell_side(&h);
    assert!(alone >= 14.0, "cells of {alone} px without the panels");
    assert!(h.query_by_label("Tools").is_none(), "the tools are hidden");
    // The button beside the tabs brings them back.
    h.get_by_label(gui_app::PANELS_LABEL).click();
    h.run_ok();
    h.get_by_label("Tools");
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
        let mut h = harness(bundled("klotski.ron"), Mode::Start, size);
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

/// Panics unless everything drawn in the right panel of `h`'s window of `width` ends inside
/// the panel's frame, so nothing is cut at the window's edge.
fn assert_side_fits(h: &Harness<'static, App>, width: f32, what: &str) {
    let edge = right_panel_edge(h);
    let margin = egui::Frame::side_top_panel(&h.ctx.global_style())
        .inner_margin
        .right;
    let inside = width - f32::from(margin) + 0.5;
    let cut: Vec<String> = h
        .query_all(By::new().predicate(|n| n.bounding_box().is_some()))
        .filter(|n| n.rect().left() > edge && n.rect().right() > inside)
        .map(|n| {
            let node = n.accesskit_node();
            format!(
                "{:?} {:?} {:?} at {:?}",
                node.role(),
                node.label(),
                node.value(),
                n.rect()
            )
        })
        .collect();
    assert!(cut.is_empty(), "{what}: cut at the window's edge: {cut:#?}");
}

#[test]
fn every_right_panel_fits_its_width_at_800x600() {
    let [width, height] = SIZES[0];
    for puzzle in ["klotski.ron", "eight-16.ron"] {
        let mut h = harness(bundled(puzzle), Mode::Start, [width, height]);
        let check = |h: &mut Harness<'static, App>, clicks: &[&str]| {
            for label in clicks {
                click_highest(h, label);
            }
            assert_side_fits(h, width, &format!("{puzzle} after {clicks:?}"));
        };
        check(&mut h, &[]);
        check(&mut h, &["Goal"]);
        check(&mut h, &["Solve", "Playback"]);
        check(&mut h, &["Compare"]);
        check(&mut h, &["Watch"]);
        check(&mut h, &["Play"]);
        // The longest names the solver panel shows: a greedy search, its heuristic to add.
        click_highest(&mut h, "Solve");
        h.get_by_role_and_label(Role::ComboBox, "Algorithm").click();
        h.run_ok();
        click_highest(&mut h, "Greedy best-first");
        h.get_by_role_and_label(Role::ComboBox, "Add").click();
        h.run_ok();
        h.query_all_by_role_and_label(Role::Button, "Greedy best-first")
            .last()
            .expect("the algorithm to add")
            .click();
        h.run_ok();
        assert_side_fits(&h, width, &format!("{puzzle} with greedy search chosen"));
    }
}
