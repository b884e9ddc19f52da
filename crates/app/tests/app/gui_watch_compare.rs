//! UI tests of Watch for teaching (issue 25): two algorithms watched side by side on the same
//! 8-puzzle, stepping together, each with its counters, its tree and its "why this node" line;
//! and the Watch controls inside an 800x600 window with no sideways scrolling.

use crate::gui_support::{self, choose};

use gui_support::bundled;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{Queryable, by};

use blockslide_app::app::App;
use blockslide_app::solve::watch::Watching;
use blockslide_core::solve::Algorithm;

/// The steps taken together before the why-this-node lines are read.
const N: usize = 6;

/// The two searches watched: breadth-first, then A*.
fn sides<'h>(h: &'h Harness<'static, App>) -> (&'h Watching, &'h Watching) {
    let watch = h.state().solve_view().watch();
    let bfs = watch.watching().expect("breadth-first is watched");
    let astar = watch.compared().expect("A* is watched beside it");
    (bfs, astar)
}

#[test]
fn bfs_and_astar_step_together_and_astar_reaches_the_goal_with_fewer_expansions() {
    let mut h = gui_support::bfs_beside_astar(
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
        gui_support::press(&mut h, "Step ›");
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
    gui_support::press(&mut h, "‹ Step back");
    let (bfs, astar) = sides(&h);
    assert_eq!(bfs.replay().counters().expanded, (N - 1) as u64);
    assert_eq!(
        astar.replay().counters().expanded,
        (N - 1).min(astar.steps()) as u64
    );

    gui_support::press(&mut h, "Run to the goal »");
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
    let mut h = gui_support::bfs_beside_astar(
        bundled("eight-6.ron"),
        Some("Manhattan distance"),
        [1400.0, 900.0],
    );
    gui_support::press(&mut h, "Step ›");
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

/// The right panel's left edge: the resize handle farthest right.
fn right_panel_edge(h: &Harness<'static, App>) -> f32 {
    h.query_all_by_role_and_label(Role::Splitter, "Resize panel")
        .map(|n| n.rect().center().x)
        .max_by(f32::total_cmp)
        .expect("the right panel is shown")
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
    let mut h = gui_support::bfs_beside_astar(
        bundled("eight-16.ron"),
        Some("Manhattan distance"),
        [800.0, 600.0],
    );
    for _ in 0..3 {
        gui_support::press(&mut h, "Step ›");
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
    gui_support::press(&mut h, "Watch Breadth-first");
    for _ in 0..3 {
        gui_support::press(&mut h, "Step ›");
    }
    assert!(h.state().solve_view().watch().compared().is_none());
    let mut single = controls.to_vec();
    single.extend([(Role::Canvas, "Search tree")]);
    assert_within(&h, "BFS alone at 800x600", right, &single);
}

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

#[test]
fn at_800x600_both_searches_show_side_by_side_with_their_trees_in_view() {
    let mut h = gui_support::bfs_beside_astar(
        bundled("eight-16.ron"),
        Some("Manhattan distance"),
        [800.0, 600.0],
    );
    assert_side_by_side(&h, "at the start");
    for _ in 0..4 {
        gui_support::press(&mut h, "Step ›");
    }
    assert_side_by_side(&h, "after 4 steps");
    // At the goal each search says so in a line, and the legend shows the solution path.
    gui_support::press(&mut h, "Run to the goal »");
    let (bfs, astar) = sides(&h);
    for w in [bfs, astar] {
        let expanded = w.replay().counters().expanded;
        h.get_by_label(&format!("Goal: 16 steps, after {expanded} expansions"));
    }
    assert!(h.query_by_label("solution").is_some());
    assert_side_by_side(&h, "at the goal");
}
