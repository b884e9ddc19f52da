//! UI tests of Watch for teaching (issue 25): two algorithms watched side by side on the same
//! 8-puzzle, stepping together, each with its counters, its tree and its "why this node" line;
//! and the Watch controls inside an 800x600 window with no sideways scrolling.

use crate::gui_support;

use gui_support::bundled;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{Queryable, by};

use blockslide_app::app::App;
use blockslide_app::command::Mode;
use blockslide_app::solve::watch::Watching;
use blockslide_core::solve::Algorithm;

/// The app on the bundled 8-puzzle `file` in a window of `size`, its solver set to
/// breadth-first search, in the Watch view: breadth-first search watched alone, then A* with
/// Manhattan distance chosen to compare with, and both watched from their start.
fn bfs_beside_astar(file: &str, size: [f32; 2]) -> Harness<'static, App> {
    let mut h = gui_support::harness(bundled(file), Mode::Solve, size);
    {
        let settings = &mut h.state_mut().solve_view_mut().panel_mut().settings;
        settings.algorithm = Some(Algorithm::Bfs);
    }
    h.run_ok();
    h.get_by_role_and_label(Role::Button, "Watch").click();
    h.run_ok();
    press(&mut h, "Watch Breadth-first");
    choose(&mut h, "Compare with", "A*");
    choose(&mut h, "Heuristic to compare with", "Manhattan distance");
    press(&mut h, "Watch Breadth-first and A*");
    h
}

/// Opens the combo box labelled `combo` and clicks its entry `entry`.
fn choose(h: &mut Harness<'static, App>, combo: &str, entry: &str) {
    h.get_by_role_and_label(Role::ComboBox, combo).click();
    h.run_ok();
    h.get_by_role_and_label(Role::Button, entry).click();
    h.run_ok();
}

/// The steps taken together before the why-this-node lines are read.
const N: usize = 6;

/// The two searches watched: breadth-first, then A*.
fn sides<'h>(h: &'h Harness<'static, App>) -> (&'h Watching, &'h Watching) {
    let watch = h.state().solve_view().watch();
    let bfs = watch.watching().expect("breadth-first is watched");
    let astar = watch.compared().expect("A* is watched beside it");
    (bfs, astar)
}

fn press(h: &mut Harness<'static, App>, label: &str) {
    h.get_by_label(label).click();
    h.run_ok();
}

#[test]
fn bfs_and_astar_step_together_and_astar_reaches_the_goal_with_fewer_expansions() {
    let mut h = bfs_beside_astar("eight-16.ron", [1400.0, 900.0]);
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
    // Both trees and both counter tables are shown.
    assert!(h.query_by_label("Search tree of Breadth-first").is_some());
    assert!(h.query_by_label("Search tree of A*").is_some());
    assert_eq!(h.query_all_by_label("max frontier").count(), 2);

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
                "Goal reached: a solution of 16 moves, after {expanded} expansions"
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
    let mut h = bfs_beside_astar("eight-6.ron", [1400.0, 900.0]);
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
    // One search, then two side by side (stacked at this size).
    let mut h = bfs_beside_astar("eight-16.ron", [800.0, 600.0]);
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
    // Stacked: the A* tree lies below the breadth-first one.
    let tree = |name: &str| h.get_by_label(name).rect();
    assert!(
        tree("Search tree of A*").min.y > tree("Search tree of Breadth-first").max.y,
        "the two searches are stacked"
    );

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
