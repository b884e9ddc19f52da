//! What the tests read back from the app and its last frame: texts, shapes and strokes as
//! painted, the Watch view's tree nodes, the right panel's edge, the design's pieces and walls,
//! and the checks several files share.

use std::sync::Arc;

use blockslide_app::app::App;
use blockslide_app::app::dialogs::PATH_FIELD_LABEL;
use blockslide_app::solve::play::Play;
use blockslide_core::model::{Cell, Puzzle, Token};
use egui::accesskit::Role;
use egui::{Galley, Pos2, Rect, Shape};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable, by};

/// The typed path dialog's text.
pub fn path_field(h: &Harness<'static, App>) -> String {
    h.get_by_label(PATH_FIELD_LABEL).value().unwrap_or_default()
}

/// The text of a node: its label, or a label's value.
pub fn text_of(node: &egui_kittest::Node<'_>) -> Option<String> {
    let node = node.accesskit_node();
    node.label().or_else(|| node.value())
}

/// Every text painted in the last frame, nested shapes included, with where its letters
/// were painted (a text wrapped after other widgets is laid out from the row's start).
pub fn letter_texts(h: &Harness<'static, App>) -> Vec<(Rect, Arc<Galley>)> {
    fn add(shape: &Shape, out: &mut Vec<(Rect, Arc<Galley>)>) {
        match shape {
            Shape::Vec(inner) => inner.iter().for_each(|s| add(s, out)),
            Shape::Text(text) => {
                let letters = text
                    .galley
                    .rows
                    .iter()
                    .flat_map(|row| {
                        row.row.glyphs.iter().map(move |glyph| {
                            glyph
                                .logical_rect()
                                .translate(text.pos.to_vec2() + row.pos.to_vec2())
                        })
                    })
                    .fold(Rect::NOTHING, Rect::union);
                out.push((letters, text.galley.clone()));
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for clipped in &h.output().shapes {
        add(&clipped.shape, &mut out);
    }
    out
}

/// Every shape of the last frame, nested ones included, in painting order.
pub fn flat_shapes(shapes: &[egui::epaint::ClippedShape]) -> Vec<egui::Shape> {
    fn add(shape: &egui::Shape, out: &mut Vec<egui::Shape>) {
        if let egui::Shape::Vec(inner) = shape {
            for s in inner {
                add(s, out);
            }
        } else {
            out.push(shape.clone());
        }
    }
    let mut out = Vec::new();
    for clipped in shapes {
        add(&clipped.shape, &mut out);
    }
    out
}

/// The straight strokes painted in the last frame in `color`: their ends and width.
pub fn strokes(h: &Harness<'static, App>, color: egui::Color32) -> Vec<([Pos2; 2], f32)> {
    fn add(shape: &Shape, color: egui::Color32, out: &mut Vec<([Pos2; 2], f32)>) {
        match shape {
            Shape::Vec(inner) => inner.iter().for_each(|s| add(s, color, out)),
            Shape::LineSegment { points, stroke } if stroke.color == color => {
                out.push((*points, stroke.width));
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for clipped in &h.output().shapes {
        add(&clipped.shape, color, &mut out);
    }
    out
}

/// The labels and rects (in the drawing's points) of the Watch view's `index`th tree's nodes,
/// the root first.
pub fn tree_nodes(h: &Harness<'static, App>, index: usize) -> Vec<(String, egui::Rect)> {
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

/// The rects of the `index`th tree's nodes (each tree's root, node 0, comes first).
pub fn tree_node_rects(h: &Harness<'static, App>, index: usize) -> Vec<Rect> {
    tree_nodes(h, index)
        .into_iter()
        .map(|(_, rect)| rect)
        .collect()
}

/// The right panel's edge: the resize handle farthest right (the left panel's and the move
/// list's lie left of it).
pub fn right_panel_edge(h: &Harness<'static, App>) -> f32 {
    h.query_all_by_role_and_label(Role::Splitter, "Resize panel")
        .map(|n| n.rect().center().x)
        .max_by(f32::total_cmp)
        .expect("the right panel is shown")
}

/// The game of the Play tab.
pub fn game<'a>(h: &'a Harness<'static, App>) -> &'a Play {
    h.state()
        .solve_view()
        .play()
        .expect("the Play tab has a game")
}

/// The cells of the piece `token` in the design's start position, in reading order.
pub fn cells_of(h: &Harness<'static, App>, token: Token) -> Vec<(usize, usize)> {
    h.state()
        .document()
        .puzzle()
        .pieces()
        .into_iter()
        .find(|p| p.token == token)
        .map(|p| p.cells)
        .unwrap_or_default()
}

/// The cells of the piece `token` in `p`, in reading order.
pub fn shape_of(p: &Puzzle, token: Token) -> Vec<(usize, usize)> {
    p.pieces()
        .into_iter()
        .find(|x| x.token == token)
        .map(|x| x.cells)
        .unwrap_or_default()
}

/// The cells of the design's start position that are walls, in reading order.
pub fn walls(h: &Harness<'static, App>) -> Vec<(usize, usize)> {
    let p = h.state().document().puzzle();
    (0..p.rows)
        .flat_map(|r| (0..p.cols).map(move |c| (r, c)))
        .filter(|&(r, c)| p.cell(r, c) == Cell::Wall)
        .collect()
}

/// Panics unless the legend item `name` lies outside the plot named `plot`.
pub fn assert_clear(h: &Harness<'static, App>, plot: &str, name: &str) {
    let plot = h.get_by_label(plot).rect();
    let item = h.get_by_role_and_label(Role::Label, name);
    assert!(
        !item.rect().intersects(plot),
        "the legend's {name:?} at {:?} covers the plot at {plot:?}",
        item.rect()
    );
}

/// Panics unless every node of the `index`th tree, with the band above it where its move
/// label and the end of its edge are drawn, lies inside the part of the drawing in `view`
/// (the canvas, in the drawing's points; nodes report their rects in those points).
pub fn assert_all_inside(h: &Harness<'static, App>, index: usize, view: Rect, what: &str) {
    let nodes = tree_node_rects(h, index);
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
