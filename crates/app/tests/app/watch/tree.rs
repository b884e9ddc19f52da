//! The Watch view's tree: fitted on its root when a watch starts, "Fit the tree" showing a deep
//! or wide tree whole or folded to the way to the goal, the selected node and the last
//! expanded marked apart, and the tree staying put when a node is selected or the wheel
//! scrolls the page.

use blockslide_app::app::App;
use blockslide_core::solve::Algorithm;
use egui::Rect;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable, by};

use crate::driver::{
    assert_all_inside, bfs_beside_astar, bundled, button, click_at, press, tree_node_rects,
    tree_nodes, watch_view,
};

/// Breadth-first search watched alone to the goal of the 16-move 8-puzzle, then fitted, at
/// both sizes: the folded tree shows its root and its goal together at a readable zoom, the
/// levels between them that do not fit left out and counted.
#[test]
fn fit_the_tree_shows_the_root_and_the_goal_of_a_deep_way_together() {
    for size in [[800.0, 600.0], [1400.0, 900.0]] {
        let mut h = watch_view(bundled("eight-16.ron"), Algorithm::Bfs, size);
        press(&mut h, "Watch Breadth-first");
        press(&mut h, "Run to the goal »");
        press(&mut h, "Fit the tree");
        let watch = h.state().solve_view().watch();
        let goal = watch
            .watching()
            .and_then(|w| w.replay().goal())
            .expect("the goal is reached");
        let (view, _) = watch.tree_view();
        let canvas = h.get_by_role_and_label(Role::Canvas, "Search tree").rect();
        let zoom = (canvas.width() / view.width()).min(canvas.height() / view.height());
        assert!(
            zoom >= 0.6,
            "{size:?}: zoom {zoom}, {canvas:?} shows {view:?}"
        );
        let nodes = tree_nodes(&h, 0);
        for wanted in [0, goal] {
            let (_, node) = nodes
                .iter()
                .find(|(label, _)| label.starts_with(&format!("Tree node {wanted}: ")))
                .expect("drawn");
            assert!(
                view.contains_rect(*node),
                "{size:?}: node {wanted} at {node:?} in {view:?}"
            );
        }
        let gap = h.get_by_label_contains("Way left out: ").rect();
        assert!(view.contains_rect(gap), "{size:?}: the gap's note in view");
    }
}

#[test]
fn fit_the_tree_shows_a_wide_tree_whole_with_its_root() {
    let mut h = watch_view(bundled("eight-14.ron"), Algorithm::Bfs, [1400.0, 900.0]);
    press(&mut h, "Watch Breadth-first");
    for _ in 0..24 {
        press(&mut h, "Step ›");
    }
    press(&mut h, "Fit the tree");
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
fn selecting_a_watched_node_leaves_the_tree_where_it_was() {
    let mut h = watch_view(bundled("eight-14.ron"), Algorithm::Bfs, [1400.0, 900.0]);
    press(&mut h, "Watch Breadth-first");
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
    let mut h = watch_view(bundled("eight-14.ron"), Algorithm::Bfs, [1400.0, 900.0]);
    press(&mut h, "Watch Breadth-first");
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
fn a_lone_watch_shows_its_growing_tree_without_fitting_at_both_sizes() {
    for file in ["klotski.ron", "rush-hour-halfway.ron", "eight-14.ron"] {
        for size in [[800.0, 600.0], [1400.0, 900.0]] {
            let mut h = watch_view(bundled(file), blockslide_core::solve::Algorithm::Bfs, size);
            press(&mut h, "Watch Breadth-first");
            for _ in 0..5 {
                press(&mut h, "Step ›");
            }
            let (view, _) = h.state().solve_view().watch().tree_view();
            let nodes: Vec<egui::Rect> = h
                .query_all(egui_kittest::kittest::by().label_contains("Tree node "))
                .map(|n| n.rect())
                .collect();
            let shown = nodes.iter().filter(|n| view.contains_rect(**n)).count();
            assert!(
                shown * 2 >= nodes.len() && shown > 3,
                "{file} at {size:?}: {shown} of {} nodes in the view {view:?}",
                nodes.len()
            );
        }
    }
}

#[test]
fn the_wheel_over_a_tree_scrolls_the_page_not_the_tree() {
    let mut h = watch_view(
        bundled("klotski.ron"),
        blockslide_core::solve::Algorithm::Bfs,
        [800.0, 600.0],
    );
    press(&mut h, "Watch Breadth-first");
    for _ in 0..5 {
        press(&mut h, "Step ›");
    }
    let wheel = |h: &mut egui_kittest::Harness<'static, blockslide_app::app::App>| {
        h.event(egui::Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: egui::vec2(0.0, -400.0),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Unknown,
            modifiers: egui::Modifiers::NONE,
        });
        h.run_ok();
    };
    // The page scrolled to its end first, over the counters, where a page can't scroll on.
    h.hover_at(h.get_by_label("Step ›").rect().center());
    h.run_ok();
    for _ in 0..5 {
        wheel(&mut h);
    }
    let (before, _) = h.state().solve_view().watch().tree_view();
    let canvas = h
        .query_all(egui_kittest::kittest::by().role(Role::Canvas))
        .map(|c| c.rect())
        .next()
        .expect("the tree's canvas");
    h.hover_at(canvas.center());
    h.run_ok();
    wheel(&mut h);
    let (after, _) = h.state().solve_view().watch().tree_view();
    assert_eq!(after, before, "the wheel panned the tree");
}

#[test]
fn fit_the_tree_at_the_goal_shows_the_tree_whole_or_folded_to_the_way_to_the_goal() {
    for size in [[800.0, 600.0], [1400.0, 900.0]] {
        let mut h = bfs_beside_astar(bundled("klotski.ron"), None, size);
        press(&mut h, "Run to the goal »");
        press(&mut h, "Fit the tree");
        let watch = h.state().solve_view().watch();
        let goals = [watch.watching(), watch.compared()].map(|w| {
            w.and_then(|w| w.replay().goal())
                .expect("both reach the goal")
        });
        for (index, (view, fitted)) in [watch.tree_view(), watch.compared_tree_view()]
            .into_iter()
            .enumerate()
        {
            assert!(fitted);
            let what = format!("{size:?} at the goal");
            let canvas = h
                .query_all(by().role(Role::Canvas))
                .map(|c| c.rect())
                .nth(index)
                .expect("a canvas a tree");
            let nodes = tree_node_rects(&h, index);
            let note = h
                .query_all(by().label_contains("Folded to the way to the goal"))
                .map(|n| n.rect())
                .find(|n| canvas.contains_rect(*n));
            let Some(note) = note else {
                // Shown whole: every node inside.
                assert_all_inside(&h, index, view, &what);
                continue;
            };
            // Folded: a few nodes (the way and the moves beside it) with the goal among them,
            // readable (no more than 1/0.65 of the canvas's width of drawing in view), hanging
            // from its root.
            assert!(nodes.len() < 2000, "{what}: {} nodes folded", nodes.len());
            assert!(
                h.query_all(by().label_contains(&format!("Tree node {}: ", goals[index])))
                    .next()
                    .is_some(),
                "{what}: the goal is drawn"
            );
            let root = nodes[0];
            assert!(
                view.contains_rect(root),
                "{what}: the root {root:?} in {view:?}"
            );
            assert!(
                view.width() <= canvas.width() / 0.64,
                "{what}: {view:?} {canvas:?}"
            );
            assert!(note.height() > 5.0);
        }
    }
}

/// The tree of a search that reached the goal, folded in a canvas too small for it whole:
/// the line saying so sits under the tree, clear of every node, and every node off the way
/// to the goal says how many nodes it hides.
#[test]
fn a_folded_tree_keeps_its_note_clear_and_counts_what_it_hides() {
    let mut h = bfs_beside_astar(bundled("eight-14.ron"), None, [800.0, 600.0]);
    press(&mut h, "Run to the goal »");
    press(&mut h, "Fit the tree");
    let canvas = h
        .query_all(by().role(Role::Canvas))
        .map(|c| c.rect())
        .next()
        .expect("the first tree's canvas");
    let note = h
        .query_all(by().label_contains("Folded to the way to the goal"))
        .map(|n| n.rect())
        .find(|n| canvas.contains_rect(*n))
        .expect("breadth-first search's tree of the 8-puzzle is folded at 800x600");
    let (view, _) = h.state().solve_view().watch().tree_view();
    // The drawing's points shown map onto the canvas above the note.
    let scale = (note.min.y - canvas.min.y) / view.height();
    let folded = h
        .query_all(by().label_contains("nodes folded below"))
        .count();
    assert!(folded > 0, "nodes off the way say what they hide");
    for node in tree_node_rects(&h, 0) {
        let on_canvas = canvas.min.y + (node.max.y - view.min.y) * scale;
        if view.contains_rect(node) {
            assert!(
                on_canvas <= note.min.y + 0.5,
                "{node:?} under the note {note:?}"
            );
        }
    }
}

#[test]
fn fit_the_tree_stays_in_view_with_the_trees_when_their_headers_unfold() {
    let mut h = bfs_beside_astar(bundled("klotski.ron"), None, [800.0, 600.0]);
    for _ in 0..3 {
        press(&mut h, "Step ›");
    }
    let first_frontier = h
        .query_all(by().label_contains("Frontier ("))
        .map(|n| n.rect())
        .min_by(|a, b| a.min.x.total_cmp(&b.min.x))
        .expect("the first column's frontier switch");
    click_at(&mut h, first_frontier.center());
    let board = h
        .query_all(by().label("Expanded board"))
        .map(|n| n.rect())
        .max_by(|a, b| a.min.x.total_cmp(&b.min.x))
        .expect("the second column's board switch");
    click_at(&mut h, board.center());
    h.get_by_label("Search tree of A*").scroll_to_me();
    h.run_ok();
    let tree = h.get_by_label("Search tree of A*").rect();
    let fit = button(&h, "Fit the tree").rect();
    // Below the view's tabs, where the scrolled view begins.
    let top = button(&h, "Watch").rect().max.y;
    assert!(
        fit.min.y >= top && fit.max.y <= tree.min.y && tree.min.y - fit.max.y < 40.0,
        "the button at {fit:?}, the tree at {tree:?}"
    );
    button(&h, "Fit the tree").click();
    h.run_ok();
    assert!(h.state().solve_view().watch().tree_view().1);
}

fn start(h: &mut Harness<'static, App>, button: &str) {
    h.get_by_label(button).click();
    h.run_ok();
}

/// The app on the bundled `file` in the Watch tab, the solver panel set to `algorithm`.
fn watch_tab(file: &str, algorithm: Algorithm) -> Harness<'static, App> {
    watch_view(bundled(file), algorithm, [1400.0, 900.0])
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
