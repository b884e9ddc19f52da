//! The Watch view's search tree: the nodes so far laid out by depth (pan with a drag, zoom
//! with Ctrl + scroll), coloured by their fate, a click selecting one; and the small boards
//! and figures the other panels share.

use std::collections::HashSet;
use std::fmt::Write as _;

use egui::{Color32, Rect, Sense, Stroke, Ui, Vec2, pos2, vec2};

use crate::command::{Command, SolveCommand, WatchCommand};
use crate::common::colors::{piece_color, text_color_on, to_color32};
use blockslide_core::model::{Cell, Puzzle};
use blockslide_core::solve::Algorithm;
use blockslide_core::solve::observe::Fate;
use blockslide_core::solve::trace::{Trace, TraceEvent};

use super::{SceneView, StepView, Watching};

/// Tree nodes drawn at most.
const TREE_NODES: usize = 4000;

const EXPANDED: Color32 = Color32::from_rgb(52, 120, 200);
const FRONTIER: Color32 = Color32::from_rgb(230, 150, 30);
const DISCARDED: Color32 = Color32::from_rgb(150, 150, 150);
pub(super) const GOAL: Color32 = Color32::from_rgb(40, 160, 70);
const CURRENT: Color32 = Color32::from_rgb(210, 50, 50);

pub(super) fn tree_ui(
    ui: &mut Ui,
    w: &Watching,
    replay: &StepView,
    thumbnails: bool,
    scene: &mut SceneView,
    commands: &mut Vec<Command>,
) {
    let trace = &w.trace;
    legend_ui(ui);
    let layout = layout_tree(trace, replay, TREE_NODES);
    if layout.cut {
        ui.weak(format!("The tree shows its first {TREE_NODES} nodes."));
    }
    let spacing = if thumbnails {
        thumb_size(trace, 34.0) + vec2(26.0, 36.0)
    } else {
        vec2(26.0, 46.0)
    };
    let size = vec2(
        (layout.width as f32 + 1.0) * spacing.x,
        (layout.depth as f32 + 1.0) * spacing.y,
    );
    scene.follow(size);
    let frontier = &replay.in_frontier;
    let frame = egui::Frame::canvas(ui.style());
    frame.show(ui, |ui| {
        ui.set_min_height(ui.available_height().max(200.0));
        egui::Scene::new()
            .zoom_range(0.05..=4.0)
            .show(ui, &mut scene.rect, |ui| {
                let (_, area) = ui.allocate_space(size);
                let origin = area.min + spacing * 0.5;
                let at =
                    |x: f32, depth: u32| origin + vec2(x * spacing.x, depth as f32 * spacing.y);
                let painter = ui.painter().clone();
                for p in &layout.placed {
                    if let Some(parent) = p.parent.map(|i| &layout.placed[i]) {
                        let (a, b) = (at(parent.x, parent.depth), at(p.x, p.depth));
                        painter.line_segment([a, b], Stroke::new(1.0, DISCARDED));
                        if thumbnails || layout.placed.len() < 300 {
                            let label = &trace.nodes[p.node].label;
                            painter.text(
                                a.lerp(b, 0.55),
                                egui::Align2::CENTER_CENTER,
                                label,
                                egui::FontId::proportional(10.0),
                                ui.visuals().weak_text_color(),
                            );
                        }
                    }
                }
                for p in &layout.placed {
                    let node = p.node;
                    let n = &trace.nodes[node];
                    let color = node_color(replay, frontier, node, n.fate);
                    let center = at(p.x, p.depth);
                    let rect = if thumbnails {
                        let r = Rect::from_center_size(center, thumb_size(trace, 34.0));
                        paint_thumbnail(ui, r, &n.position);
                        painter.rect_stroke(
                            r.expand(2.0),
                            2.0,
                            Stroke::new(2.5, color),
                            egui::StrokeKind::Outside,
                        );
                        r
                    } else {
                        painter.circle_filled(center, 6.0, color);
                        Rect::from_center_size(center, Vec2::splat(14.0))
                    };
                    if replay.current() == Some(node) || w.selected == Some(node) {
                        painter.rect_stroke(
                            rect.expand(4.0),
                            3.0,
                            Stroke::new(2.0, CURRENT),
                            egui::StrokeKind::Outside,
                        );
                    }
                    let figures = node_figures(trace, node);
                    let response = ui.interact(
                        rect,
                        ui.scope_id().with(("watch node", node)),
                        Sense::click(),
                    );
                    response.widget_info(|| {
                        egui::WidgetInfo::labeled(
                            egui::accesskit::Role::Button,
                            true,
                            format!("Tree node {node}: {figures}"),
                        )
                    });
                    let response = response.on_hover_text(figures);
                    if response.clicked() {
                        commands.push(SolveCommand::Watch(WatchCommand::Select(node)).into());
                    }
                }
            });
    });
}

/// The colour of `node` (which became of `fate` when generated) in the tree.
fn node_color(replay: &StepView, frontier: &HashSet<usize>, node: usize, fate: Fate) -> Color32 {
    if replay.goal() == Some(node) {
        GOAL
    } else if matches!(fate, Fate::Duplicate | Fate::Pruned | Fate::DeadEnd) {
        DISCARDED
    } else if replay.is_expanded(node) {
        EXPANDED
    } else if frontier.contains(&node) {
        FRONTIER
    } else {
        // Queued once, then dropped: a stale entry, or an iteration's path left behind.
        DISCARDED
    }
}

/// What the colours of the tree mean.
fn legend_ui(ui: &mut Ui) {
    ui.horizontal_wrapped(|ui| {
        for (color, what) in [
            (EXPANDED, "expanded"),
            (FRONTIER, "in the frontier"),
            (DISCARDED, "discarded (duplicate or beyond the bound)"),
            (GOAL, "goal"),
            (CURRENT, "expanded last"),
        ] {
            let (dot, _) = ui.allocate_exact_size(Vec2::splat(12.0), Sense::hover());
            ui.painter().circle_filled(dot.center(), 5.0, color);
            ui.label(what);
        }
    });
}

/// A node placed in the tree drawing: its column, its depth, and its parent's place.
struct Placed {
    node: usize,
    x: f32,
    depth: u32,
    /// The parent's index among the placed nodes.
    parent: Option<usize>,
}

/// The tree drawing of the current step.
struct TreeLayout {
    placed: Vec<Placed>,
    width: usize,
    depth: u32,
    cut: bool,
}

/// Lays out the nodes generated so far (of the current iteration, for IDDFS and IDA*): every
/// leaf gets the next column, every parent the middle of its children's, depth downwards.
fn layout_tree(trace: &Trace, replay: &StepView, most: usize) -> TreeLayout {
    let events = &trace.events[..replay.step()];
    let tree = events
        .iter()
        .rev()
        .find_map(|e| match *e {
            TraceEvent::Root { node } => Some(trace.nodes[node].tree),
            _ => None,
        })
        .unwrap_or(0);
    let mut shown: Vec<usize> = Vec::new();
    for event in events {
        if let TraceEvent::Root { node } | TraceEvent::Generated { node, .. } = *event
            && trace.nodes[node].tree == tree
        {
            shown.push(node);
        }
    }
    let cut = shown.len() > most;
    shown.truncate(most);
    let mut children: std::collections::HashMap<usize, Vec<usize>> =
        std::collections::HashMap::new();
    let mut roots = Vec::new();
    for &node in &shown {
        match trace.nodes[node].parent {
            Some(p) => children.entry(p).or_default().push(node),
            None => roots.push(node),
        }
    }
    let mut placed = Vec::with_capacity(shown.len());
    let mut column = 0usize;
    let mut deepest = 0;
    for root in roots {
        place(
            root,
            0,
            None,
            &children,
            &mut column,
            &mut deepest,
            &mut placed,
        );
    }
    TreeLayout {
        placed,
        width: column,
        depth: deepest,
        cut,
    }
}

/// Places `node` at `depth` and its subtree; returns its column.
fn place(
    node: usize,
    depth: u32,
    parent: Option<usize>,
    children: &std::collections::HashMap<usize, Vec<usize>>,
    column: &mut usize,
    deepest: &mut u32,
    placed: &mut Vec<Placed>,
) -> f32 {
    *deepest = (*deepest).max(depth);
    let index = placed.len();
    placed.push(Placed {
        node,
        x: 0.0,
        depth,
        parent,
    });
    let kids = children.get(&node).map_or(&[][..], Vec::as_slice);
    let x = if kids.is_empty() {
        *column += 1;
        (*column - 1) as f32
    } else {
        let xs: Vec<f32> = kids
            .iter()
            .map(|&k| place(k, depth + 1, Some(index), children, column, deepest, placed))
            .collect();
        f32::midpoint(xs[0], xs[xs.len() - 1])
    };
    placed[index].x = x;
    x
}

/// A node's figures as the view shows them: `g 3 · h 5 · f 8 · 2 down`.
pub(super) fn node_figures(trace: &Trace, node: usize) -> String {
    let n = &trace.nodes[node];
    let mut text = format!("g {}", n.g);
    if trace.algorithm.uses_heuristic() {
        let _ = write!(text, " · h {}", n.h);
    }
    // Uniform cost orders by g and greedy search by h, both shown already.
    if !matches!(trace.algorithm, Algorithm::Ucs | Algorithm::Greedy)
        && let Some(f) = trace.priority(n.g, n.h)
    {
        let _ = write!(text, " · f {f}");
    }
    if !n.label.is_empty() {
        let _ = write!(text, " · {}", n.label);
    }
    match n.fate {
        Fate::Duplicate => text.push_str(" · duplicate"),
        Fate::Pruned => text.push_str(" · beyond the bound"),
        Fate::DeadEnd => text.push_str(" · dead end"),
        Fate::Reopened => text.push_str(" · reopened"),
        Fate::Queued => {}
    }
    text
}

/// The size of a thumbnail of the trace's board whose longer side is `long`.
pub(super) fn thumb_size(trace: &Trace, long: f32) -> Vec2 {
    let p = &trace.nodes[0].position;
    let cell = long / p.rows.max(p.cols).max(1) as f32;
    vec2(cell * p.cols as f32, cell * p.rows as f32)
}

/// A small drawing of `puzzle`'s position in `rect`: one square a cell, pieces in their
/// colours, tile numbers where they fit.
pub(super) fn paint_thumbnail(ui: &Ui, rect: Rect, puzzle: &Puzzle) {
    let painter = ui.painter();
    painter.rect_filled(rect, 1.0, ui.visuals().extreme_bg_color);
    let cell = rect.width() / puzzle.cols.max(1) as f32;
    for (i, c) in puzzle.cells.iter().enumerate() {
        let (r, col) = (i / puzzle.cols, i % puzzle.cols);
        let min = pos2(rect.min.x + col as f32 * cell, rect.min.y + r as f32 * cell);
        let square = Rect::from_min_size(min, Vec2::splat(cell)).shrink(0.5);
        match c {
            Cell::Piece(token) => {
                let fill = to_color32(piece_color(puzzle, *token));
                painter.rect_filled(square, 1.0, fill);
                if cell >= 9.0 && token.to_string().len() <= 2 {
                    painter.text(
                        square.center(),
                        egui::Align2::CENTER_CENTER,
                        token.to_string(),
                        egui::FontId::proportional(cell * 0.6),
                        text_color_on(fill),
                    );
                }
            }
            Cell::Wall => {
                painter.rect_filled(square, 0.0, ui.visuals().widgets.inactive.bg_fill);
            }
            Cell::Empty => {}
        }
    }
}
