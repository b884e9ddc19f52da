//! Two searches watched side by side: choosing what to compare with (every disabled choice says
//! why), stepping together, each with its counters, its tree and its frontier, the trees level
//! and legible, and both in view at 800x600.

use blockslide_app::app::App;
use blockslide_app::command::Mode;
use blockslide_app::solve::watch::Watching;
use blockslide_core::solve::Algorithm;
use egui::Rect;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable, by};

use crate::driver::{
    assert_all_inside, bfs_beside_astar, bundled, button, choose, click_at, click_highest, harness,
    press, right_panel_edge, tree_nodes, watch_view,
};

/// Breadth-first search beside A* on the 14-move 8-puzzle at 800x600, run to the goal and
/// fitted: each tree, folded to the way to the goal, is shown whole at a zoom where its move
/// labels and "+N" counts are drawn (the canvas taller than the room left, the page
/// scrolled to it), not only the levels around the root.
#[test]
fn two_folded_trees_side_by_side_at_800x600_show_the_way_to_the_goal_readably() {
    let mut h = bfs_beside_astar(bundled("eight-14.ron"), None, [800.0, 600.0]);
    press(&mut h, "Run to the goal »");
    press(&mut h, "Fit the tree");
    let watch = h.state().solve_view().watch();
    let goals = [watch.watching(), watch.compared()].map(|w| {
        w.and_then(|w| w.replay().goal())
            .expect("both reach the goal")
    });
    let views = [watch.tree_view().0, watch.compared_tree_view().0];
    let canvases: Vec<egui::Rect> = h
        .query_all(by().role(Role::Canvas))
        .map(|c| c.rect())
        .collect();
    assert_eq!(canvases.len(), 2);
    for index in 0..2 {
        let (canvas, view) = (canvases[index], views[index]);
        // The page scrolled to show the whole canvas, above the status bar.
        assert!(
            canvas.top() > 0.0 && canvas.bottom() < 580.0,
            "tree {index} in the window: {canvas:?}"
        );
        let zoom = (canvas.width() / view.width()).min(canvas.height() / view.height());
        assert!(
            zoom >= 0.6,
            "tree {index} at zoom {zoom}: {canvas:?} shows {view:?}"
        );
        let nodes = tree_nodes(&h, index);
        let goal = format!("Tree node {}: ", goals[index]);
        let (_, goal) = nodes
            .iter()
            .find(|(label, _)| label.starts_with(&goal))
            .expect("the goal is drawn");
        assert!(
            view.contains_rect(*goal),
            "tree {index}: the goal {goal:?} in {view:?}"
        );
    }
}

/// Two trees side by side at 800x600 with boards in them, after a few steps: each fitted
/// tree is drawn at a zoom where the boards' numbers are legible (folded if need be), not
/// shrunk whole to specks.
#[test]
fn boards_in_two_trees_side_by_side_stay_legible_as_they_grow() {
    let mut h = bfs_beside_astar(bundled("eight-14.ron"), None, [800.0, 600.0]);
    h.get_by_label("Boards in the tree").click();
    h.run_ok();
    for _ in 0..3 {
        press(&mut h, "Step ›");
    }
    let watch = h.state().solve_view().watch();
    let views = [watch.tree_view(), watch.compared_tree_view()];
    let canvases: Vec<egui::Rect> = h
        .query_all(by().role(Role::Canvas))
        .map(|c| c.rect())
        .collect();
    for (index, (view, fitted)) in views.into_iter().enumerate() {
        assert!(fitted);
        let canvas = canvases[index];
        let zoom = (canvas.width() / view.width()).min(canvas.height() / view.height());
        assert!(
            zoom >= 0.7,
            "tree {index} at zoom {zoom}: {canvas:?} shows {view:?}"
        );
    }
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

/// The two trees side by side: breadth-first search's, then A*'s.
fn trees(h: &Harness<'static, App>) -> (Rect, Rect) {
    (
        h.get_by_label("Search tree of Breadth-first").rect(),
        h.get_by_label("Search tree of A*").rect(),
    )
}

#[test]
fn side_by_side_trees_start_level_whatever_is_selected_or_said() {
    for size in [[800.0, 600.0], [1400.0, 900.0]] {
        let mut h = bfs_beside_astar(bundled("eight-16.ron"), Some("Manhattan distance"), size);
        for _ in 0..3 {
            press(&mut h, "Step ›");
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
            press(&mut h, "Step ›");
            assert_level(&h, &format!("{size:?} stepping"));
        }
        let watch = h.state().solve_view().watch();
        assert!(watch.compared().unwrap().replay().goal().is_some());
        assert!(watch.watching().unwrap().replay().goal().is_none());
    }
}

#[test]
fn side_by_side_columns_unfold_their_frontier_and_expanded_board_at_800x600() {
    let mut h = bfs_beside_astar(
        bundled("eight-16.ron"),
        Some("Manhattan distance"),
        [800.0, 600.0],
    );
    for _ in 0..3 {
        press(&mut h, "Step ›");
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
    click_at(&mut h, first);
    let board = h
        .query_all(by().label("Expanded board"))
        .map(|n| n.rect())
        .max_by(|a, b| a.min.x.total_cmp(&b.min.x))
        .expect("the second column's board switch");
    click_at(&mut h, board.center());
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

#[test]
fn every_disabled_choice_to_compare_with_says_why() {
    let klotski = bundled("klotski.ron");
    let mut h = harness(klotski.clone(), Mode::Solve, [1400.0, 900.0]);
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

#[test]
fn choosing_what_to_compare_with_never_moves_the_choice() {
    let mut h = watch_view(bundled("eight-16.ron"), Algorithm::Bfs, [800.0, 600.0]);
    let combo = |h: &Harness<'static, App>| {
        h.get_by_role_and_label(Role::ComboBox, "Compare with")
            .rect()
    };
    let before = combo(&h);
    for other in ["Iterative deepening", "A*", "nothing"] {
        choose(&mut h, "Compare with", other);
        assert_eq!(combo(&h), before, "after choosing {other}");
    }
}

#[test]
fn run_to_the_goal_refits_both_trees_even_one_panned_at_800x600() {
    let mut h = watch_view(bundled("eight-16.ron"), Algorithm::Bfs, [800.0, 600.0]);
    choose(&mut h, "Compare with", "A*");
    h.get_by_label("Watch Breadth-first and A*").click();
    h.run_ok();
    for _ in 0..3 {
        h.get_by_label("Step ›").click();
        h.run_ok();
    }
    // The student pans the first tree to look around.
    let tree = h.get_by_label("Search tree of Breadth-first").rect();
    let from = egui::pos2(tree.center().x, tree.top() + 40.0);
    h.hover_at(from);
    h.step();
    h.drag_at(from);
    h.step();
    for k in 1..=4 {
        h.hover_at(from + egui::vec2(15.0 * k as f32, 10.0 * k as f32));
        h.step();
    }
    h.drop_at(from + egui::vec2(60.0, 40.0));
    h.run_ok();
    let watch = |h: &Harness<'static, App>| {
        let watch = h.state().solve_view().watch();
        (watch.tree_view().1, watch.compared_tree_view().1)
    };
    assert_ne!(watch(&h), (true, true), "a tree was panned");
    h.get_by_label("Run to the goal »").click();
    h.run_ok();
    assert_eq!(watch(&h), (true, true), "both trees are fitted at the goal");
}

#[test]
fn the_heuristics_to_compare_with_are_offered_before_a_first_watch() {
    let mut h = watch_view(bundled("eight-16.ron"), Algorithm::Bfs, [800.0, 600.0]);
    h.get_by_role_and_label(Role::ComboBox, "Compare with")
        .click();
    h.run_ok();
    click_highest(&mut h, "A*");
    h.get_by_role_and_label(Role::ComboBox, "Heuristic to compare with")
        .click();
    h.run_ok();
    click_highest(&mut h, "Manhattan distance");
    click_highest(&mut h, "Watch Breadth-first and A*");
    let watch = h.state().solve_view().watch();
    let astar = watch
        .compared()
        .expect("A* is watched beside breadth-first");
    assert_eq!(astar.report().heuristic, "manhattan");
}

#[test]
fn fit_the_tree_shows_every_node_and_label_of_klotski_side_by_side() {
    for (size, steps) in [([800.0, 600.0], 12), ([1400.0, 900.0], 15)] {
        let mut h = bfs_beside_astar(bundled("klotski.ron"), None, size);
        for _ in 0..steps {
            press(&mut h, "Step ›");
        }
        press(&mut h, "Fit the tree");
        let watch = h.state().solve_view().watch();
        let (bfs, bfs_fitted) = watch.tree_view();
        let (astar, astar_fitted) = watch.compared_tree_view();
        assert!(bfs_fitted && astar_fitted);
        let what = format!("{size:?} after {steps} steps");
        assert_all_inside(&h, 0, bfs, &what);
        assert_all_inside(&h, 1, astar, &what);
    }
}

#[test]
fn the_selected_board_beside_another_tree_is_readable_on_hover_at_800x600() {
    let mut h = bfs_beside_astar(bundled("klotski.ron"), None, [800.0, 600.0]);
    for _ in 0..3 {
        press(&mut h, "Step ›");
    }
    let canvases = |h: &Harness<'static, App>| -> Vec<f32> {
        h.query_all(by().role(Role::Canvas))
            .map(|c| c.rect().min.y)
            .collect()
    };
    let before = canvases(&h);
    h.query_all_by_label_contains("Tree node 0:")
        .next()
        .expect("the first tree's root")
        .click_accesskit();
    h.run_ok();
    assert_eq!(canvases(&h), before, "selecting a node moved a tree");
    h.get_by_label("Selected board").hover();
    h.run_steps(8);
    let big = h.get_by_label("Selected board, enlarged").rect();
    assert!(big.width().max(big.height()) >= 100.0, "{big:?}");
    h.get_by_label_contains("Path: ");
    assert_eq!(canvases(&h), before, "hovering moved a tree");
}

/// The steps taken together before the why-this-node lines are read.
const N: usize = 6;

/// Panics unless both searches show whole, side by side, inside the window as first drawn
/// (no scrolling): each tree left of the right panel with at least 120 points of it above the
/// status bar (a fitted tree that is readable only taller runs on below, the page scrolling
/// to it), both level, its counters, its headings and its "why this node" line (or its goal note)
/// above it, in its own column, under one legend for both.
fn assert_side_by_side(h: &Harness<'static, App>, what: &str) {
    let right = right_panel_edge(h);
    let bottom = h.get_by_label("not saved yet").rect().min.y;
    let controls = h.get_by_role_and_label(Role::Button, "Step ›").rect().max.y;
    let bfs = h.get_by_label("Search tree of Breadth-first").rect();
    let astar = h.get_by_label("Search tree of A*").rect();
    for tree in [bfs, astar] {
        assert!(
            tree.min.x >= 0.0 && tree.max.x <= right && tree.min.y > controls,
            "{what}: a tree at {tree:?} is not between the controls and the right panel"
        );
        assert!(
            bottom - tree.min.y >= 120.0,
            "{what}: too little of a tree at {tree:?} shows above the status bar at {bottom}"
        );
    }
    assert!(
        (bfs.min.y - astar.min.y).abs() < 1.0,
        "{what}: the trees at {bfs:?} and {astar:?} are not level"
    );
    assert!(
        bfs.max.x <= astar.min.x,
        "{what}: the trees at {bfs:?} and {astar:?} are not side by side"
    );
    // One legend for both trees, above them.
    let legend: Vec<_> = h
        .query_all_by_label("expanded last")
        .map(|n| n.rect())
        .collect();
    assert_eq!(legend.len(), 1, "{what}: legends at {legend:?}");
    let legend = legend[0];
    assert!(legend.min.y > controls && legend.max.y < bfs.min.y.min(astar.min.y));
    // Each column's texts under the legend ("expanded" names a legend item too), the first
    // search's then the second's, lie above its tree and between its edges.
    let columns = [(bfs, 0), (astar, 1)];
    for name in [
        "now",
        "whole run",
        "expanded",
        "generated",
        "duplicates",
        "max frontier",
    ] {
        let shown: Vec<_> = h
            .query_all(by().role(Role::Label).label(name))
            .map(|n| n.rect())
            .filter(|text| text.min.y > legend.max.y)
            .collect();
        assert_eq!(shown.len(), 2, "{what}: {name:?} is shown {shown:?}");
        let mut shown = shown;
        shown.sort_by(|a, b| a.min.x.total_cmp(&b.min.x));
        for ((tree, i), text) in columns.into_iter().zip(shown) {
            assert!(
                text.min.x >= tree.min.x - 1.0
                    && text.max.x <= tree.max.x + 1.0
                    && text.min.y > controls
                    && text.max.y <= tree.min.y,
                "{what}: {name:?} of search {i} at {text:?} is not above its tree at {tree:?}"
            );
        }
    }
    // The why lines, or once the goal is reached the notes that say so.
    let whys: Vec<_> = h
        .query_all(by().role(Role::Label).label_contains("next: "))
        .chain(h.query_all(by().role(Role::Label).label_contains("Goal: ")))
        .map(|n| n.rect())
        .collect();
    assert_eq!(whys.len(), 2, "{what}: the why lines and notes {whys:?}");
    for why in whys {
        let (tree, _) = columns
            .into_iter()
            .find(|(tree, _)| why.center().x > tree.min.x && why.center().x < tree.max.x)
            .unwrap_or_else(|| panic!("{what}: a why line at {why:?} is in no column"));
        assert!(
            why.max.x <= tree.max.x + 1.0 && why.max.y <= tree.min.y,
            "{what}: a why line at {why:?} overlaps its tree at {tree:?}"
        );
    }
}

/// Panics unless every control is within the centre's width, `right` its right edge, as the
/// view is first drawn (with no sideways scrolling).
fn assert_within(h: &Harness<'static, App>, what: &str, right: f32, controls: &[(Role, &str)]) {
    for &(role, label) in controls {
        // The lowest match: the tab row above has a Play button of its own.
        let rect = h
            .query_all(by().role(role).label_contains(label))
            .map(|n| n.rect())
            .max_by(|a, b| a.min.y.total_cmp(&b.min.y))
            .unwrap_or_else(|| panic!("{what}: no {label:?}"));
        assert!(
            rect.min.x >= -0.5 && rect.max.x <= right + 0.5,
            "{what}: {label:?} at {rect:?} reaches past the centre's right edge at {right}"
        );
    }
}

/// The two searches watched: breadth-first, then A*.
fn sides<'h>(h: &'h Harness<'static, App>) -> (&'h Watching, &'h Watching) {
    let watch = h.state().solve_view().watch();
    let bfs = watch.watching().expect("breadth-first is watched");
    let astar = watch.compared().expect("A* is watched beside it");
    (bfs, astar)
}

#[test]
fn bfs_and_astar_step_together_and_astar_reaches_the_goal_with_fewer_expansions() {
    let mut h = bfs_beside_astar(
        bundled("eight-16.ron"),
        Some("Manhattan distance"),
        [1400.0, 900.0],
    );
    let (bfs, astar) = sides(&h);
    assert_eq!(bfs.trace().algorithm, Algorithm::Bfs);
    assert_eq!(astar.trace().algorithm, Algorithm::Astar);
    assert_eq!(astar.report().heuristic, "manhattan");
    assert_eq!(
        (
            bfs.replay().counters().expanded,
            astar.replay().counters().expanded
        ),
        (0, 0)
    );
    // Both trees and both counter tables are shown, each tree under its own legend.
    assert!(h.query_by_label("Search tree of Breadth-first").is_some());
    assert!(h.query_by_label("Search tree of A*").is_some());
    assert_eq!(h.query_all_by_label("max frontier").count(), 2);
    assert_eq!(h.query_all_by_label("expanded last").count(), 2);

    for n in 1..=N {
        press(&mut h, "Step ›");
        let (bfs, astar) = sides(&h);
        for w in [bfs, astar] {
            let expected = n.min(w.steps()) as u64;
            assert_eq!(
                w.replay().counters().expanded,
                expected,
                "{} after {n} steps together",
                w.trace().algorithm
            );
        }
    }
    assert!(h.query_by_label_contains(&format!("Step {N} of")).is_some());

    // The why-this-node lines: f = g + h for A*, the depth for breadth-first search, each
    // shown under its own search.
    let (bfs, astar) = sides(&h);
    let (bfs_why, astar_why) = (
        bfs.view().why_next().to_string(),
        astar.view().why_next().to_string(),
    );
    let next = astar.view().frontier()[0];
    let node = &astar.trace().nodes[next];
    let sum = format!("next: g {} + h {} = f {}", node.g, node.h, node.g + node.h);
    assert!(astar_why.starts_with(&sum), "{astar_why}");
    assert!(
        astar_why.contains("the lowest f in the frontier"),
        "{astar_why}"
    );
    let others = astar.view().frontier().len() - 1;
    assert!(
        astar_why.contains(&format!("({others} others")),
        "{astar_why}"
    );
    assert!(bfs_why.starts_with("next: depth "), "{bfs_why}");
    assert!(bfs_why.contains("the first in the queue"), "{bfs_why}");
    for why in [&bfs_why, &astar_why] {
        assert!(h.query_by_label(why).is_some(), "{why} is shown");
    }

    // Step back: both go back one expansion together.
    press(&mut h, "‹ Step back");
    let (bfs, astar) = sides(&h);
    assert_eq!(bfs.replay().counters().expanded, (N - 1) as u64);
    assert_eq!(
        astar.replay().counters().expanded,
        (N - 1).min(astar.steps()) as u64
    );

    press(&mut h, "Run to the goal »");
    let (bfs, astar) = sides(&h);
    for w in [bfs, astar] {
        assert!(
            w.replay().goal().is_some(),
            "{} reached its goal",
            w.trace().algorithm
        );
    }
    let (b, a) = (
        bfs.replay().counters().expanded,
        astar.replay().counters().expanded,
    );
    assert!(a < b, "A* expanded {a}, breadth-first {b}");
    // Each says when it reached the goal.
    for expanded in [a, b] {
        assert!(
            h.query_by_label_contains(&format!(
                "Goal reached: a solution of 16 steps, after {expanded} expansions"
            ))
            .is_some(),
            "the goal after {expanded} expansions is shown"
        );
    }
    assert_eq!(
        h.query_all_by_label_contains("The goal is reached").count(),
        2
    );
}

#[test]
fn a_node_clicked_in_the_second_tree_is_selected_there() {
    let mut h = bfs_beside_astar(
        bundled("eight-6.ron"),
        Some("Manhattan distance"),
        [1400.0, 900.0],
    );
    press(&mut h, "Step ›");
    let (_, astar) = sides(&h);
    let child = (0..astar.trace().nodes.len())
        .find(|&n| astar.trace().nodes[n].parent == Some(0))
        .expect("the root has a child");
    // Node numbers repeat across the two trees; the second tree's node is the last listed.
    let label = format!("Tree node {child}:");
    let node = h
        .query_all_by_label_contains(&label)
        .last()
        .expect("the second tree shows the node");
    node.click_accesskit();
    h.run_ok();
    let (bfs, astar) = sides(&h);
    assert_eq!(astar.selected(), Some(child));
    assert_eq!(bfs.selected(), None);
}

#[test]
fn at_800x600_every_watch_control_is_inside_the_window_without_sideways_scrolling() {
    let controls = [
        (Role::Button, "Watch Breadth-first"),
        (Role::ComboBox, "Compare with"),
        (Role::CheckBox, "Boards in the tree"),
        (Role::Button, "Fit the tree"),
        (Role::Button, "« Restart"),
        (Role::Button, "‹ Step back"),
        (Role::Button, "Step ›"),
        (Role::Button, "Play"),
        (Role::Slider, "Speed"),
        (Role::Button, "Run to the goal »"),
        (Role::Label, "Step 3 of "),
        (Role::Label, "next: "),
    ];
    // Two searches side by side, then one.
    let mut h = bfs_beside_astar(
        bundled("eight-16.ron"),
        Some("Manhattan distance"),
        [800.0, 600.0],
    );
    for _ in 0..3 {
        press(&mut h, "Step ›");
    }
    let right = right_panel_edge(&h);
    assert!(right < 800.0);
    let mut compared = controls.to_vec();
    compared.extend([
        (Role::ComboBox, "Heuristic to compare with"),
        (Role::Canvas, "Search tree of Breadth-first"),
        (Role::Canvas, "Search tree of A*"),
    ]);
    assert_within(&h, "BFS beside A* at 800x600", right, &compared);

    choose(&mut h, "Compare with", "nothing");
    press(&mut h, "Watch Breadth-first");
    for _ in 0..3 {
        press(&mut h, "Step ›");
    }
    assert!(h.state().solve_view().watch().compared().is_none());
    let mut single = controls.to_vec();
    single.extend([(Role::Canvas, "Search tree")]);
    assert_within(&h, "BFS alone at 800x600", right, &single);
}

#[test]
fn at_800x600_both_searches_show_side_by_side_with_their_trees_in_view() {
    let mut h = bfs_beside_astar(
        bundled("eight-16.ron"),
        Some("Manhattan distance"),
        [800.0, 600.0],
    );
    assert_side_by_side(&h, "at the start");
    for _ in 0..4 {
        press(&mut h, "Step ›");
    }
    assert_side_by_side(&h, "after 4 steps");
    // At the goal each search says so in a line, and the legend shows the solution path.
    press(&mut h, "Run to the goal »");
    let (bfs, astar) = sides(&h);
    for w in [bfs, astar] {
        let expanded = w.replay().counters().expanded;
        h.get_by_label(&format!("Goal: 16 steps, after {expanded} expansions"));
    }
    assert!(h.query_by_label("solution").is_some());
    assert_side_by_side(&h, "at the goal");
}

/// Both frontiers unfolded at 800x600: both trees still start in view, with room to read
/// them, and the "next »" lines wrap inside their columns instead of being cut at the edge.
#[test]
fn both_frontiers_unfolded_at_800x600_leave_both_trees_in_view() {
    let mut h = bfs_beside_astar(
        bundled("eight-16.ron"),
        Some("Manhattan distance"),
        [800.0, 600.0],
    );
    for _ in 0..3 {
        press(&mut h, "Step ›");
    }
    let toggles: Vec<Rect> = h
        .query_all(by().label_contains("Frontier ("))
        .map(|n| n.rect())
        .collect();
    for toggle in toggles {
        click_at(&mut h, toggle.center());
    }
    assert_level(&h, "both frontiers unfolded");
    let bottom = h.get_by_label("not saved yet").rect().min.y;
    let (bfs_tree, astar_tree) = trees(&h);
    for tree in [bfs_tree, astar_tree] {
        assert!(
            tree.min.y + 100.0 <= bottom,
            "{tree:?} starts below {bottom}"
        );
    }
    for next in h.query_all(by().label_contains("next » ")) {
        let at = next.rect();
        let column = if at.center().x < astar_tree.min.x {
            bfs_tree
        } else {
            astar_tree
        };
        assert!(at.max.x <= column.max.x + 1.0, "{at:?} past {column:?}");
    }
}
