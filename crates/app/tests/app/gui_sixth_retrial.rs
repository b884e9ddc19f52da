//! The sixth new user's defects, in a real window's sizes: the Watch tree fitted to its
//! canvas on Klotski (and its Fit button kept with the trees), the Analyze window's width
//! and place, the selected board beside another tree, the metric's choice cut where there
//! is room, and the comparison's progress naming the heuristic used.

use blockslide_app::app::App;
use blockslide_app::command::Mode;
use egui::Rect;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable, by};

use crate::gui_support::{self, bundled, button};
use blockslide_app::common::board::BOARD_LABEL;

/// The text of a node: its label, or a label's value.
fn text_of(node: &egui_kittest::Node<'_>) -> Option<String> {
    let node = node.accesskit_node();
    node.label().or_else(|| node.value())
}

/// The rects of the `index`th tree's nodes (each tree's root, node 0, comes first).
fn tree_nodes(h: &Harness<'static, App>, index: usize) -> Vec<Rect> {
    gui_support::tree_nodes(h, index)
        .into_iter()
        .map(|(_, rect)| rect)
        .collect()
}

/// Panics unless every node of the `index`th tree, with the band above it where its move
/// label and the end of its edge are drawn, lies inside the part of the drawing in `view`
/// (the canvas, in the drawing's points; nodes report their rects in those points).
fn assert_all_inside(h: &Harness<'static, App>, index: usize, view: Rect, what: &str) {
    let nodes = tree_nodes(h, index);
    assert!(
        nodes.len() > 5,
        "{what}: {} nodes in tree {index}",
        nodes.len()
    );
    // The narrowest column: nodes of one level are at least that far apart, and a label is
    // narrower than its column.
    let mut column = f32::INFINITY;
    for a in &nodes {
        for b in &nodes {
            let dx = (a.center().x - b.center().x).abs();
            if (a.center().y - b.center().y).abs() < 1.0 && dx > 1.0 {
                column = column.min(dx);
            }
        }
    }
    let half = if column.is_finite() {
        column / 2.0 - 5.0
    } else {
        0.0
    };
    for node in nodes {
        // The label sits above the node, and the edge ends just above the label.
        let band = Rect::from_min_max(
            egui::pos2(
                node.center().x - half.max(node.width() / 2.0),
                node.min.y - 24.0,
            ),
            node.max,
        );
        assert!(
            view.expand(0.5).contains_rect(band),
            "{what}: tree {index}'s node at {node:?} (label band {band:?}) is outside the canvas {view:?}"
        );
    }
}

#[test]
fn fit_the_tree_shows_every_node_and_label_of_klotski_side_by_side() {
    for (size, steps) in [([800.0, 600.0], 12), ([1400.0, 900.0], 15)] {
        let mut h = gui_support::bfs_beside_astar(bundled("klotski.ron"), None, size);
        for _ in 0..steps {
            gui_support::press(&mut h, "Step ›");
        }
        gui_support::press(&mut h, "Fit the tree");
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
fn fit_the_tree_at_the_goal_shows_the_tree_whole_or_folded_to_the_way_to_the_goal() {
    for size in [[800.0, 600.0], [1400.0, 900.0]] {
        let mut h = gui_support::bfs_beside_astar(bundled("klotski.ron"), None, size);
        gui_support::press(&mut h, "Run to the goal »");
        gui_support::press(&mut h, "Fit the tree");
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
            let nodes = tree_nodes(&h, index);
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
    let mut h = gui_support::bfs_beside_astar(bundled("eight-14.ron"), None, [800.0, 600.0]);
    gui_support::press(&mut h, "Run to the goal »");
    gui_support::press(&mut h, "Fit the tree");
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
    for node in tree_nodes(&h, 0) {
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
fn count_moves_as_shows_its_choice_whole() {
    for size in [[800.0, 600.0], [1400.0, 900.0]] {
        let h = gui_support::harness(bundled("klotski.ron"), Mode::Play, size);
        let combo = h
            .get_by_role_and_label(Role::ComboBox, "Count moves as")
            .rect();
        let style = h.ctx.global_style();
        let font = egui::TextStyle::Button.resolve(&style);
        // The longest choice, its arrow and its padding.
        let text = h.ctx.fonts_mut(|f| {
            f.layout_no_wrap("slide (straight line)".into(), font, egui::Color32::WHITE)
                .size()
                .x
        });
        let needed = text + style.spacing.icon_width + 2.0 * style.spacing.button_padding.x;
        assert!(
            combo.width() >= needed,
            "{size:?}: {combo:?}, {needed} needed"
        );
    }
}

#[test]
fn the_comparisons_progress_names_the_heuristic_used_and_stays_in_the_panel() {
    let mut h = gui_support::harness(bundled("klotski.ron"), Mode::Solve, [800.0, 600.0]);
    h.state_mut()
        .solve_view_mut()
        .compare_mut()
        .seconds_per_pair = 1;
    // The pair as the list names it, with the heuristic that runs on Klotski.
    let listed = h
        .query_all(by().role(Role::Label).label_contains("IDA* + "))
        .find_map(|n| text_of(&n))
        .expect("IDA* in the pair list");
    h.get_by_label("Run comparison").scroll_to_me();
    h.run_ok();
    h.get_by_label("Run comparison").click();
    let start = std::time::Instant::now();
    let progress = loop {
        h.step();
        let running = h
            .query_all(by().label_contains(" expanded"))
            .filter_map(|n| Some((text_of(&n)?, n.rect())))
            .find(|(l, _)| l.contains("IDA*"));
        if let Some(found) = running {
            break found;
        }
        assert!(start.elapsed() < gui_support::PATIENCE, "IDA* never ran");
        std::thread::sleep(std::time::Duration::from_millis(5));
    };
    assert!(
        progress.0.contains(&listed),
        "{progress:?} names {listed:?}"
    );
    // Inside the solver panel: from its controls' left edge to short of the window's.
    let left = h.get_by_label("Run comparison").rect().min.x;
    assert!(
        progress.1.min.x >= left - 1.0 && progress.1.max.x <= 800.0 - 4.0,
        "{progress:?} leaves the panel"
    );
    h.get_by_label("Cancel comparison").click();
    h.run_ok();
}

/// The Analyze window, and the board it must keep clear of.
fn analyze_and_board(h: &Harness<'static, App>) -> (Rect, Rect) {
    (
        h.get_by_role_and_label(Role::Window, "Analyze").rect(),
        h.get_by_label(BOARD_LABEL).rect(),
    )
}

#[test]
fn the_analyze_window_is_wide_enough_for_its_figures_and_off_the_board() {
    let mut h = gui_support::harness(bundled("klotski.ron"), Mode::Start, [800.0, 600.0]);
    gui_support::analyze(&mut h);
    let (window, board) = analyze_and_board(&h);
    assert!(
        !window.intersects(board),
        "{window:?} over the board {board:?}"
    );
    // Each figure in a line of its own: the start's distance, at least, is not wrapped.
    let start = h
        .query_all(by().label_contains(" from the goal"))
        .find(|n| text_of(n).is_some_and(|t| t.starts_with(|c: char| c.is_ascii_digit())))
        .expect("the start's distance")
        .rect();
    let line = h.get_by_label("The start").rect().height();
    assert!(start.height() < line * 1.5, "{start:?}: wrapped");
    // The same session at 1400x900: wider, and still off the board.
    h.set_size(egui::vec2(1400.0, 900.0));
    h.run_ok();
    let (wider, board) = analyze_and_board(&h);
    assert!(
        !wider.intersects(board),
        "{wider:?} over the board {board:?}"
    );
    assert!(wider.width() >= 380.0, "{wider:?}");
    assert!(
        wider.width() > window.width() + 100.0,
        "{wider:?} {window:?}"
    );
}

#[test]
fn the_selected_board_beside_another_tree_is_readable_on_hover_at_800x600() {
    let mut h = gui_support::bfs_beside_astar(bundled("klotski.ron"), None, [800.0, 600.0]);
    for _ in 0..3 {
        gui_support::press(&mut h, "Step ›");
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

#[test]
fn fit_the_tree_stays_in_view_with_the_trees_when_their_headers_unfold() {
    let mut h = gui_support::bfs_beside_astar(bundled("klotski.ron"), None, [800.0, 600.0]);
    for _ in 0..3 {
        gui_support::press(&mut h, "Step ›");
    }
    let first_frontier = h
        .query_all(by().label_contains("Frontier ("))
        .map(|n| n.rect())
        .min_by(|a, b| a.min.x.total_cmp(&b.min.x))
        .expect("the first column's frontier switch");
    gui_support::click_at(&mut h, first_frontier.center());
    let board = h
        .query_all(by().label("Expanded board"))
        .map(|n| n.rect())
        .max_by(|a, b| a.min.x.total_cmp(&b.min.x))
        .expect("the second column's board switch");
    gui_support::click_at(&mut h, board.center());
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
