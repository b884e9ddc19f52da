//! UI tests of the defects a new user met in a real window, a fifth time: two searches
//! watched side by side whose trees started at different heights, "Fit the tree" cutting a
//! wide tree's sides off, no frontier beside a comparison, a chart bar with no name, the
//! comparison table's scroll bar over its last row, a pair added twice, disabled choices
//! with no reason, chart legends over the data, the Analyze window cut off at 800x600, and
//! the solver panel's pickers cut short and under its scroll bar.

use std::time::Duration;

use crate::gui_support;
use crate::gui_support::{button, choose};

use gui_support::bundled;

use egui::Rect;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable, by};

use blockslide_app::app::App;
use blockslide_app::command::Mode;
use blockslide_app::solve::analyze::charts::{CHOICES_LABEL, HISTOGRAM_LABEL};
use blockslide_app::solve::playback::ui::H_PLOT_LABEL;
use blockslide_core::solve::Algorithm;
use blockslide_core::solve::api::heuristic_title;

/// A generous bound for background work in a debug build on a busy machine.
const PATIENCE: Duration = Duration::from_mins(3);

/// The two trees side by side: breadth-first search's, then A*'s.
fn trees(h: &Harness<'static, App>) -> (Rect, Rect) {
    (
        h.get_by_label("Search tree of Breadth-first").rect(),
        h.get_by_label("Search tree of A*").rect(),
    )
}

/// Panics unless both trees start at the same height.
fn assert_level(h: &Harness<'static, App>, what: &str) {
    let (bfs, astar) = trees(h);
    assert!(
        (bfs.min.y - astar.min.y).abs() < 0.5,
        "{what}: the trees start at {} and {}",
        bfs.min.y,
        astar.min.y
    );
}

#[test]
fn side_by_side_trees_start_level_whatever_is_selected_or_said() {
    for size in [[800.0, 600.0], [1400.0, 900.0]] {
        let mut h = gui_support::bfs_beside_astar(
            bundled("eight-16.ron"),
            Some("Manhattan distance"),
            size,
        );
        for _ in 0..3 {
            gui_support::press(&mut h, "Step ›");
        }
        assert_level(&h, &format!("{size:?} after 3 steps"));
        // A*'s why line is longer than breadth-first search's.
        let watch = h.state().solve_view().watch();
        let (bfs, astar) = (watch.watching().unwrap(), watch.compared().unwrap());
        assert!(astar.view().why_next().len() > bfs.view().why_next().len());
        let before = trees(&h);
        // A node clicked in the first tree only.
        h.query_all_by_label_contains("Tree node 0:")
            .next()
            .expect("the first tree's root")
            .click_accesskit();
        h.run_ok();
        let watch = h.state().solve_view().watch();
        assert_eq!(watch.watching().unwrap().selected(), Some(0));
        assert_eq!(watch.compared().unwrap().selected(), None);
        assert_eq!(
            trees(&h),
            before,
            "at {size:?} selecting a node moved a tree"
        );
        // On to where A* has reached its goal and breadth-first search has not: one column
        // says so, the other still gives its next node.
        let goal = h
            .state()
            .solve_view()
            .watch()
            .compared()
            .unwrap()
            .goal_step();
        while h.state().solve_view().watch().shared_step().0 <= goal {
            gui_support::press(&mut h, "Step ›");
            assert_level(&h, &format!("{size:?} stepping"));
        }
        let watch = h.state().solve_view().watch();
        assert!(watch.compared().unwrap().replay().goal().is_some());
        assert!(watch.watching().unwrap().replay().goal().is_none());
    }
}

#[test]
fn fit_the_tree_shows_a_wide_tree_whole_with_its_root() {
    let mut h = gui_support::watch_view(bundled("eight-14.ron"), Algorithm::Bfs, [1400.0, 900.0]);
    gui_support::press(&mut h, "Watch Breadth-first");
    for _ in 0..24 {
        gui_support::press(&mut h, "Step ›");
    }
    gui_support::press(&mut h, "Fit the tree");
    let (view, fitted) = h.state().solve_view().watch().tree_view();
    assert!(fitted);
    // Nodes report their rects in the drawing's coordinates, as the view does.
    let nodes: Vec<Rect> = h
        .query_all(by().label_contains("Tree node "))
        .map(|n| n.rect())
        .collect();
    assert!(nodes.len() > 40, "{} nodes", nodes.len());
    for node in nodes {
        assert!(
            view.contains_rect(node),
            "the node at {node:?} is outside the fitted view {view:?}"
        );
    }
}

#[test]
fn side_by_side_columns_unfold_their_frontier_and_expanded_board_at_800x600() {
    let mut h = gui_support::bfs_beside_astar(
        bundled("eight-16.ron"),
        Some("Manhattan distance"),
        [800.0, 600.0],
    );
    for _ in 0..3 {
        gui_support::press(&mut h, "Step ›");
    }
    let frontier = |h: &Harness<'static, App>| {
        let mut toggles: Vec<_> = h
            .query_all(by().label_contains("Frontier ("))
            .map(|n| n.rect())
            .collect();
        toggles.sort_by(|a, b| a.min.x.total_cmp(&b.min.x));
        toggles
    };
    assert_eq!(frontier(&h).len(), 2, "one frontier switch a column");
    // The first column's frontier, and the second's expanded board.
    let first = frontier(&h)[0].center();
    gui_support::click_at(&mut h, first);
    let board = h
        .query_all(by().label("Expanded board"))
        .map(|n| n.rect())
        .max_by(|a, b| a.min.x.total_cmp(&b.min.x))
        .expect("the second column's board switch");
    gui_support::click_at(&mut h, board.center());
    assert_level(&h, "unfolded");
    let (bfs_tree, astar_tree) = trees(&h);
    // Breadth-first search's frontier, next first, above its tree.
    let next = h.get_by_label_contains("next » ").rect();
    assert!(next.max.x <= bfs_tree.max.x + 1.0 && next.max.y <= bfs_tree.min.y);
    // A*'s node expanded last, above its tree.
    let expanded = h
        .get_by_label_contains("Expanded last: the board after")
        .rect();
    assert!(expanded.min.x >= astar_tree.min.x - 1.0 && expanded.max.y <= astar_tree.min.y);
    // The trees keep a readable height, reachable by scrolling the view down.
    for tree in [bfs_tree, astar_tree] {
        assert!(tree.height() >= 120.0, "{tree:?}");
    }
    h.get_by_label("Search tree of A*").scroll_to_me();
    h.run_ok();
    let (_, astar_tree) = trees(&h);
    let bottom = h.get_by_label("not saved yet").rect().min.y;
    assert!(astar_tree.min.y < bottom, "{astar_tree:?}");
}

/// Runs the seeds' comparison on the bundled 2x3 puzzle at 800x600 and shows its results.
fn compared_2x3() -> Harness<'static, App> {
    let mut h = gui_support::harness(bundled("two-by-three.ron"), Mode::Solve, [800.0, 600.0]);
    gui_support::run_seeds_comparison(&mut h);
    button(&h, "Compare").click();
    h.run_ok();
    h
}

#[test]
fn every_bar_of_the_comparison_charts_has_its_name() {
    let h = compared_2x3();
    let names = ["BFS", "DFS", "UCS", "Greedy", "A*", "IDA*"];
    let mut shown = Vec::new();
    for name in names {
        let rects: Vec<Rect> = h
            .query_all(by().role(Role::Label).label(name))
            .map(|n| n.rect())
            .collect();
        assert_eq!(
            rects.len(),
            2,
            "{name} under a bar of each chart: {rects:?}"
        );
        shown.extend(rects);
    }
    // No two names overlap.
    for (i, a) in shown.iter().enumerate() {
        for b in &shown[i + 1..] {
            assert!(!a.intersects(*b), "{a:?} overlaps {b:?}");
        }
    }
}

#[test]
fn the_comparison_tables_scroll_bar_leaves_its_last_row_clear() {
    let h = compared_2x3();
    let rows = h.state().solve_view().compare().rows();
    let status = rows.last().unwrap().cells()[8].clone();
    let last = h
        .query_all(by().role(Role::Label).label(&status))
        .map(|n| n.rect().max.y)
        .fold(0.0, f32::max);
    let below = h
        .get_by_label("Click a row to play its solution back.")
        .rect()
        .min
        .y;
    let bar = h.ctx.global_style().spacing.scroll.bar_width;
    assert!(
        below - last >= bar,
        "the last row ends at {last}, the table at {below}: no room for a bar {bar} wide"
    );
}

#[test]
fn a_pair_already_listed_cannot_be_added_again_and_says_so() {
    let mut h = gui_support::harness(bundled("eight-14.ron"), Mode::Solve, [1400.0, 900.0]);
    h.get_by_label("Classic six").click();
    h.run_ok();
    let pairs = h.state().solve_view().compare().pairs.len();
    choose(&mut h, "Add", "Breadth-first");
    let plus = h.get_by_role_and_label(Role::Button, "+");
    assert!(plus.accesskit_node().is_disabled());
    plus.hover();
    h.run_steps(8);
    h.get_by_label("Breadth-first is already listed");
    h.get_by_role_and_label(Role::Button, "+").click();
    h.run_ok();
    assert_eq!(h.state().solve_view().compare().pairs.len(), pairs);
    // A pair not listed is added.
    choose(&mut h, "Add", "Bidirectional BFS");
    let plus = h.get_by_role_and_label(Role::Button, "+");
    assert!(!plus.accesskit_node().is_disabled());
    plus.click();
    h.run_ok();
    assert_eq!(h.state().solve_view().compare().pairs.len(), pairs + 1);
}

#[test]
fn every_disabled_choice_to_compare_with_says_why() {
    let klotski = bundled("klotski.ron");
    let mut h = gui_support::harness(klotski.clone(), Mode::Solve, [1400.0, 900.0]);
    button(&h, "Watch").click();
    h.run_ok();
    let revision = h.state().document().revision();
    let reasons: Vec<(Algorithm, String)> = h
        .state_mut()
        .solve_view_mut()
        .panel_mut()
        .availability(revision, &klotski)
        .algorithms
        .iter()
        .filter_map(|(a, applies)| applies.clone().err().map(|why| (*a, why)))
        .collect();
    assert!(!reasons.is_empty(), "Klotski's partial goal rules some out");
    for (algorithm, why) in reasons {
        h.get_by_role_and_label(Role::ComboBox, "Compare with")
            .click();
        h.run_ok();
        let entry = h.get_by_role_and_label(Role::Button, algorithm.title());
        assert!(entry.accesskit_node().is_disabled(), "{algorithm}");
        entry.hover();
        h.run_steps(8);
        h.get_by_label(&why);
        h.key_press(egui::Key::Escape);
        h.run_ok();
    }
}

/// Panics unless the legend item `name` lies outside the plot named `plot`.
fn assert_clear(h: &Harness<'static, App>, plot: &str, name: &str) {
    let plot = h.get_by_label(plot).rect();
    let item = h.get_by_role_and_label(Role::Label, name);
    assert!(
        !item.rect().intersects(plot),
        "the legend's {name:?} at {:?} covers the plot at {plot:?}",
        item.rect()
    );
}

#[test]
fn the_playback_charts_legend_sits_clear_of_its_lines() {
    let mut h = gui_support::harness(bundled("eight-14.ron"), Mode::Solve, [1400.0, 900.0]);
    h.state_mut()
        .solve_view_mut()
        .panel_mut()
        .settings
        .algorithm = Some(Algorithm::Astar);
    h.run_ok();
    h.get_by_label("Solve the puzzle").click();
    gui_support::wait_for(&mut h, PATIENCE, "the heuristic along the path", |app| {
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
fn the_analysis_charts_legends_sit_clear_of_their_bars() {
    let mut h = gui_support::harness(bundled("two-by-three.ron"), Mode::Start, [1400.0, 1000.0]);
    gui_support::analyze(&mut h);
    assert_clear(&h, HISTOGRAM_LABEL, "positions");
    assert_clear(&h, CHOICES_LABEL, "forced");
    assert_clear(&h, CHOICES_LABEL, "a choice");
}

#[test]
fn at_800x600_the_analyze_windows_tabs_and_figures_wrap_inside_it() {
    let mut h = gui_support::harness(bundled("klotski.ron"), Mode::Start, [800.0, 600.0]);
    gui_support::analyze(&mut h);
    let window = h.get_by_role_and_label(Role::Window, "Analyze").rect();
    let inside = |what: &str, rect: Rect| {
        assert!(
            rect.min.x >= window.min.x && rect.max.x <= window.max.x,
            "{what} at {rect:?} runs past the window at {window:?}"
        );
    };
    for tab in ["This start", "Piece set", "Make it harder…"] {
        inside(tab, h.get_by_label(tab).rect());
    }
    for figure in ["such position", "are forced"] {
        let node = h.get_by_label_contains(figure);
        node.scroll_to_me();
        inside(figure, node.rect());
    }
}

/// The right edge of the side panel's contents in a window `width` points wide: the window's
/// edge less the panel's margin.
fn side_edge(h: &Harness<'static, App>, width: f32) -> f32 {
    let style = h.ctx.global_style();
    width - f32::from(egui::Frame::side_top_panel(&style).inner_margin.right)
}

#[test]
fn the_solver_pickers_show_their_choices_whole_and_clear_of_the_scroll_bar() {
    for size in [[800.0, 600.0], [1400.0, 900.0]] {
        // Klotski left automatic: "Automatic (Breadth-first)".
        let h = gui_support::harness(bundled("klotski.ron"), Mode::Solve, size);
        let style = h.ctx.global_style();
        let spacing = &style.spacing;
        let font = egui::TextStyle::Button.resolve(&style);
        let edge = side_edge(&h, size[0]);
        for name in ["Metric", "Algorithm", "Heuristic"] {
            let combo = h.get_by_role_and_label(Role::ComboBox, name);
            let text = combo.accesskit_node().value().expect("the choice shown");
            let needed = h
                .ctx
                .debug_painter()
                .layout_no_wrap(text.clone(), font.clone(), egui::Color32::WHITE)
                .size()
                .x
                + spacing.icon_width
                + spacing.icon_spacing
                + 2.0 * spacing.button_padding.x;
            let rect = combo.rect();
            assert!(
                rect.width() + 0.5 >= needed,
                "at {size:?} {name} shows {text:?} in {} points of the {needed} it needs",
                rect.width()
            );
            assert!(
                rect.right() <= edge - spacing.scroll.bar_width + 0.5,
                "at {size:?} {name} at {rect:?} reaches under the scroll bar at {edge}"
            );
        }
    }
}
