//! UI tests of the Watch view's tree (issue 25): a new watch starts fitted on its root, a
//! search on a bundled 8-puzzle is watched to the goal with its solution path drawn, and the
//! node selected is marked apart from the node expanded last.

use crate::gui_support;

use gui_support::bundled;

use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};

use blockslide_app::app::App;
use blockslide_core::solve::Algorithm;

/// The app on the bundled `file` in the Watch tab, the solver panel set to `algorithm`.
fn watch_tab(file: &str, algorithm: Algorithm) -> Harness<'static, App> {
    gui_support::watch_view(bundled(file), algorithm, [1400.0, 900.0])
}

fn start(h: &mut Harness<'static, App>, button: &str) {
    h.get_by_label(button).click();
    h.run_ok();
}

#[test]
fn a_new_watch_starts_fitted_on_its_root_after_the_last_was_panned() {
    let mut h = watch_tab("two-by-three.ron", Algorithm::Bfs);
    start(&mut h, "Watch Breadth-first");
    for _ in 0..8 {
        h.get_by_label("Step ›").click();
        h.run_ok();
    }
    // Pan the tree far away with a drag.
    let canvas = h.get_by_label("Search tree").rect();
    let from = canvas.center();
    h.drag_at(from);
    h.run_ok();
    for k in 1..=10 {
        h.hover_at(from + egui::vec2(-60.0 * k as f32, -40.0 * k as f32));
        h.run_ok();
    }
    h.drop_at(from + egui::vec2(-600.0, -400.0));
    h.run_ok();
    let (panned, fitted) = h.state().solve_view().watch().tree_view();
    assert!(!fitted, "the drag moved the view: {panned:?}");

    start(&mut h, "Watch Breadth-first");
    let watch = h.state().solve_view().watch();
    assert_eq!(watch.watching().unwrap().step(), 0);
    let (view, fitted) = watch.tree_view();
    assert!(fitted, "a new watch shows the fitted tree: {view:?}");
    assert_ne!(view, panned);
    // The drawing of a lone root starts at the origin; the view holds all of it.
    assert!(
        view.contains(egui::pos2(10.0, 10.0)) && view.min.y <= 0.0,
        "the root is in view: {view:?}"
    );
}

/// The case: breadth-first search on the bundled 14-move 8-puzzle used to stop at
/// the event cap 595 expansions short of the goal.
#[test]
fn bfs_on_the_14_move_8_puzzle_is_watched_to_the_goal_along_its_solution_path() {
    let mut h = watch_tab("eight-14.ron", Algorithm::Bfs);
    start(&mut h, "Watch Breadth-first");
    assert!(h.query_by_label_contains("too big to watch").is_none());
    h.get_by_label("Run to the goal »").click();
    h.run_ok();
    let w = h.state().solve_view().watch().watching().unwrap();
    assert!(!w.trace().truncated, "{} events", w.trace().events.len());
    let goal = w.replay().goal().expect("the goal is reached");
    assert_eq!(w.replay().counters().expanded, w.report().stats.expanded);
    let path = w.solution_path();
    assert_eq!(path.len(), 15, "the root and 14 moves: {path:?}");
    assert_eq!((path[0], path[14]), (0, goal));
    assert!(
        h.query_by_label_contains("Goal reached: a solution of 14 steps")
            .is_some()
    );
    assert!(h.query_by_label_contains("too big to watch").is_none());
    // The legend names the path, and every node of it is drawn, although the tree has more
    // nodes than it draws: its root and its goal, and between them every level but those a
    // tree too deep for its canvas leaves out, which it counts.
    assert!(h.query_by_label("solution path").is_some());
    let drawn = |node: usize| {
        h.query_by_label_contains(&format!("Tree node {node}:"))
            .is_some()
    };
    assert!(drawn(0) && drawn(goal), "the root and the goal are drawn");
    let left_out: usize = h
        .query_by_label_contains("Way left out: ")
        .and_then(|gap| {
            let label = gap.accesskit_node().label()?;
            label.split_whitespace().nth(3)?.parse().ok()
        })
        .unwrap_or(0);
    let shown = path.iter().filter(|&&node| drawn(node)).count();
    assert_eq!(shown + left_out, path.len(), "{left_out} levels left out");
}

#[test]
fn the_selected_node_and_the_last_expanded_are_marked_apart() {
    let mut h = watch_tab("two-by-three.ron", Algorithm::Bfs);
    start(&mut h, "Watch Breadth-first");
    for _ in 0..3 {
        h.get_by_label("Step ›").click();
        h.run_ok();
    }
    let w = h.state().solve_view().watch().watching().unwrap();
    let current = w.replay().current().expect("a node was expanded");
    h.get_by_label_contains("Tree node 0:").click_accesskit();
    h.run_ok();
    let w = h.state().solve_view().watch().watching().unwrap();
    assert_eq!(w.selected(), Some(0));
    assert_ne!(current, 0, "the root was expanded first, not last");
    // Each mark has its own entry in the legend.
    assert!(h.query_by_label("expanded last").is_some());
    assert!(h.query_by_label("selected").is_some());
    assert!(h.query_by_label("Selected node").is_some());
}
