//! The app's layout (issue 25) in the smallest window it is meant to work in, 800x600, and in
//! a large one, 1400x900. In every tab, in the Watch, Playback and Compare views of Solve and
//! in every window, the key controls lie inside the window, apart from each other, and on
//! their own side of the right panel's edge (scrolled into view where their panel or view
//! scrolls); each tab is clicked where it is drawn; and the tabs and the right panel stay in
//! place from tab to tab and from puzzle to puzzle.

use crate::gui_support;

use std::sync::Arc;
use std::time::Duration;

use egui::accesskit::Role;
use egui::{Pos2, Rect};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;

use blockslide_app::app::{App, PANELS_LABEL, SOLVE_AND_PLAY_LABEL};
use blockslide_app::command::{Command, Mode, ToolWindow};
use blockslide_app::common::board::BOARD_LABEL;
use blockslide_app::solve::compare::{CompareRow, seed_pairs};
use blockslide_app::solve::{family, harder};
use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::{self as api, Algorithm, Limits, SearchControl, SolveRequest};

const SIZES: [[f32; 2]; 2] = [[800.0, 600.0], [1400.0, 900.0]];

/// A generous bound for background work in a debug build on a busy machine.
const PATIENCE: Duration = Duration::from_mins(3);

/// A control, by its role and accessible name, or by part of its text (a counter, a row of
/// the move list).
#[derive(Clone, Copy, Debug)]
enum Control {
    Named(Role, &'static str),
    Containing(&'static str),
}
use Control::{Containing, Named};

/// The tab row's controls, in every tab.
const TAB_ROW: [Control; 6] = [
    Named(Role::Button, "Start"),
    Named(Role::Button, "Goal"),
    Named(Role::Button, "Solve"),
    Named(Role::Button, "Play"),
    Named(Role::Button, SOLVE_AND_PLAY_LABEL),
    Named(Role::Button, PANELS_LABEL),
];

/// The Playback, Compare and Watch buttons atop the Solve tab.
const SOLVE_VIEWS: [Control; 3] = [
    Named(Role::Button, "Playback"),
    Named(Role::Button, "Compare"),
    Named(Role::Button, "Watch"),
];

/// The solver panel's controls.
const SOLVER: [Control; 3] = [
    Named(Role::Button, "Solve the puzzle"),
    Named(Role::Button, "Cancel"),
    Named(Role::Button, "Run comparison"),
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

fn rect(h: &Harness<'static, App>, control: Control) -> Rect {
    find(h, control).rect()
}

/// The right panel's edge: the resize handle farthest right (the left panel's and the move
/// list's lie left of it).
fn right_panel_edge(h: &Harness<'static, App>) -> f32 {
    h.query_all_by_role_and_label(Role::Splitter, "Resize panel")
        .map(|n| n.rect().center().x)
        .max_by(f32::total_cmp)
        .expect("the right panel is shown")
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

fn klotski() -> Puzzle {
    gui_support::bundled("klotski.ron")
}

/// The 2x3 slider, its solver set to A* with Manhattan distance.
fn two_by_three(size: [f32; 2]) -> Harness<'static, App> {
    let mut h = gui_support::harness(gui_support::bundled("two-by-three.ron"), Mode::Solve, size);
    let settings = &mut h.state_mut().solve_view_mut().panel_mut().settings;
    settings.algorithm = Some(Algorithm::Astar);
    settings.heuristic = Some("manhattan".into());
    h.run_ok();
    h
}

fn press(h: &mut Harness<'static, App>, label: &str) {
    h.get_by_role_and_label(Role::Button, label).scroll_to_me();
    h.run_ok();
    h.get_by_role_and_label(Role::Button, label).click();
    h.run_ok();
}

/// Carries out `command` as the app does after its panels have drawn, then draws.
fn apply(h: &mut Harness<'static, App>, command: Command) {
    let ctx = h.ctx.clone();
    h.state_mut().apply(command, &ctx);
    h.run_ok();
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
            let mut h = gui_support::harness(klotski(), mode, size);
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
        let mut h = gui_support::harness(puzzle, Mode::Solve, size);
        let before = [SOLVE_VIEWS.as_slice(), &[Named(Role::Grid, BOARD_LABEL)]].concat();
        check(
            &mut h,
            size,
            &View::new("Solve", &before, "Solver").side(&SOLVER),
        );
        h.get_by_label("Solve the puzzle").click();
        h.step();
        gui_support::wait_for(&mut h, PATIENCE, "the solve", |app| {
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
        press(&mut h, "Watch");
        press(&mut h, "Watch A*");
        for _ in 0..3 {
            press(&mut h, "Step ›");
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
        let mut h = gui_support::harness(klotski(), Mode::Play, size);
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
        let mut h = gui_support::harness(klotski(), Mode::Start, size);
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
        press(&mut h, harder::HARDER_LABEL);
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

        let mut h = gui_support::harness(klotski(), Mode::Start, size);
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

        let mut h = gui_support::harness(klotski(), Mode::Start, size);
        press(&mut h, "Help");
        press(&mut h, "Keyboard shortcuts");
        check_window(&mut h, size, "Keyboard shortcuts", &[]);
    }
}

/// Where the four tabs are drawn.
fn tab_rects(h: &Harness<'static, App>) -> Vec<Rect> {
    TAB_ROW[..4].iter().map(|&tab| rect(h, tab)).collect()
}

#[test]
fn each_tab_is_clicked_where_it_is_drawn_and_the_tabs_never_move() {
    let tiles = gui_support::bundled("eight-31a.ron");
    for size in SIZES {
        let mut h = gui_support::harness(klotski(), Mode::Start, size);
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
