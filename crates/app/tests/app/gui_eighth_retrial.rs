//! The eighth new user's defects: two folded trees side by side in a small window, readable.

use blockslide_app::app::App;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable, by};

use crate::gui_support::{self, bundled};

/// The rects of the `index`th tree's nodes (in the drawing's points), the root first.
fn tree_nodes(h: &Harness<'static, App>, index: usize) -> Vec<(String, egui::Rect)> {
    let mut trees: Vec<Vec<(String, egui::Rect)>> = Vec::new();
    for node in h.query_all(by().label_contains("Tree node ")) {
        let label = node.accesskit_node().label().unwrap_or_default();
        if label.starts_with("Tree node 0:") {
            trees.push(Vec::new());
        }
        trees
            .last_mut()
            .expect("a root first")
            .push((label, node.rect()));
    }
    trees.swap_remove(index)
}

/// Breadth-first search beside A* on the 14-move 8-puzzle at 800x600, run to the goal and
/// fitted: each tree, folded to the way to the goal, is shown whole at a zoom where its move
/// labels and "+N" counts are drawn (the canvas taller than the room left, the page
/// scrolling), not only the levels around the root.
#[test]
fn two_folded_trees_side_by_side_at_800x600_show_the_way_to_the_goal_readably() {
    let mut h = gui_support::bfs_beside_astar(bundled("eight-14.ron"), None, [800.0, 600.0]);
    gui_support::press(&mut h, "Run to the goal »");
    gui_support::press(&mut h, "Fit the tree");
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
        assert!(
            canvas.top() < 560.0,
            "tree {index} starts in the window: {canvas:?}"
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
