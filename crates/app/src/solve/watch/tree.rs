//! The Watch view's search tree: the nodes so far laid out by depth (pan with a drag, zoom
//! with Ctrl + scroll), coloured by their fate, the node expanded last and the one selected
//! marked apart, the solution path drawn once the goal is reached, a click selecting a node;
//! and the small boards and figures the other panels share.
//!
//! Every leaf takes a column as wide as the widest move label, and each label sits above
//! its own node, so no two labels share a place; the zoom is held to a range where nodes stay
//! visible and boards legible, and fitting a tree too big for that folds it to the way to the
//! node that matters (the goal, else the node expanded last) and the moves beside it.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::Arc;

use egui::{Color32, FontId, Pos2, Rect, Sense, Stroke, Ui, Vec2, pos2, vec2};

use crate::command::{Command, SolveCommand, WatchCommand};
use crate::common::colors::{piece_color, text_color_on, to_color32};
use crate::common::format::count_short;
use blockslide_core::model::{Cell, Puzzle};
use blockslide_core::solve::Algorithm;
use blockslide_core::solve::observe::Fate;
use blockslide_core::solve::trace::{Replay, Trace, TraceEvent};

use super::Watching;
use super::scene::{self, SceneView};

const EXPANDED: Color32 = Color32::from_rgb(52, 120, 200);
const FRONTIER: Color32 = Color32::from_rgb(230, 150, 30);
const DISCARDED: Color32 = Color32::from_rgb(150, 150, 150);
pub(super) const GOAL: Color32 = Color32::from_rgb(40, 160, 70);
/// The node expanded last: a red square.
const CURRENT: Color32 = Color32::from_rgb(210, 50, 50);
/// The node the student selected: a violet ring, a shape and colour of its own so it is
/// never mistaken for the node expanded last.
const SELECTED: Color32 = Color32::from_rgb(150, 60, 220);

/// The font of the move labels on the edges.
const LABEL_FONT: f32 = 11.0;
/// The room between a label and its node, clear of the marks around the node.
const LABEL_GAP: f32 = 9.0;
/// The long side of a board in the tree (its cells take ~16 points on the 8-puzzle, so tile
/// numbers are legible at zoom 1).
const THUMB: f32 = 48.0;
/// The zoom range: out to where a dot is still a few pixels (a board still a small board),
/// in to where a board fills a good part of the view.
const ZOOM_MAX: f32 = 3.0;
const ZOOM_MIN_DOTS: f32 = 0.25;
const ZOOM_MIN_BOARDS: f32 = 0.4;
/// Labels are drawn only at zooms where they are at least ~6 pixels high.
const LABEL_ZOOM: f32 = 0.55;
/// The least zoom a fitted view takes: labels legible (and, with boards, tile numbers).
const READABLE_DOTS: f32 = 0.65;
const READABLE_BOARDS: f32 = 0.75;

/// The least height of a tree's canvas: a few levels of nodes with their labels.
pub(super) const TREE_MIN_HEIGHT: f32 = 120.0;

/// The note over a tree cut short: which nodes it shows (`compact`: in a line that fits a
/// narrow column, the sentence on hover). Nothing when the tree is whole, or `folded`.
pub(super) fn cut_note_ui(ui: &mut Ui, w: &Watching, compact: bool, folded: bool) {
    let layout = &w.view.layout;
    // A folded tree shows no cut: the line under it says what it shows.
    if !layout.cut || folded {
        return;
    }
    let note = format!(
        "The tree shows its first {} nodes, and the paths to the goal, the node expanded last \
         and the one selected.",
        layout.most
    );
    if compact {
        ui.weak(format!("First {} nodes shown", layout.most))
            .on_hover_text(note);
    } else {
        ui.weak(note);
    }
}

/// The "Fit the tree" button, drawn with the tree(s), so it scrolls into view with them when
/// an unfolded frontier or board pushes them down.
pub(super) fn fit_button(ui: &mut Ui) -> egui::Response {
    ui.button("Fit the tree").on_hover_text(
        "Show the whole tree; one too big to show readably is folded to the way to the \
             goal (or to the node expanded last) and the moves beside it. Drag to pan, \
             Ctrl + scroll to zoom.",
    )
}

/// The tree of `w` in a pan-and-zoom canvas reported as `name` (its legend and its note on a
/// tree cut short are drawn apart, by [`legend_ui`] and [`cut_note_ui`], so that two trees
/// side by side can share one legend and keep their notes level).
pub(super) fn tree_ui(
    ui: &mut Ui,
    w: &Watching,
    thumbnails: bool,
    scene: &mut SceneView,
    name: &str,
    commands: &mut Vec<Command>,
) {
    let trace = &w.trace;
    let view = &w.view;
    let font = FontId::proportional(LABEL_FONT);
    let node_size = if thumbnails {
        thumb_size(trace, THUMB)
    } else {
        Vec2::splat(14.0)
    };
    // A column is as wide as a node and as the widest label, so neighbours never overprint;
    // a row leaves a band above each node for its label. Fitting the tree may squeeze the
    // columns down to a node's width (the labels that no longer fit are left to the nodes'
    // hover text) or stretch columns and rows to fill the canvas.
    let row = node_size.y + LABEL_FONT + 30.0;
    let least = vec2(node_size.x + 4.0, row);
    let (min_zoom, readable) = if thumbnails {
        (ZOOM_MIN_BOARDS, READABLE_BOARDS)
    } else {
        (ZOOM_MIN_DOTS, READABLE_DOTS)
    };
    // The root's centre sits half a column in and a label band down.
    let top = LABEL_FONT + LABEL_GAP + 8.0 + node_size.y * 0.5;
    let frame = egui::Frame::canvas(ui.style());
    let room = (ui.available_size() - frame.total_margin().sum()).max(vec2(0.0, TREE_MIN_HEIGHT));
    // Asked to fit a tree too big to show readably, the view shows it folded: decided by
    // the room the canvas is given, so the taller canvas below never unfolds it again.
    if scene.fitting() {
        scene.folded = !scene::fits(grid_of(&view.layout) * least, room, min_zoom);
    }
    let layout = if scene.folded {
        &view.folded
    } else {
        &view.layout
    };
    // The folded tree's note takes a line under it, never the tree's room.
    let note_height = if scene.folded { NOTE_HEIGHT } else { 0.0 };
    let grid = grid_of(layout);
    // Taller than its room where that makes the fitted tree readable (a deep way to the
    // goal beside another at 800x600): the page scrolls to the rest.
    let height = readable_height(grid, least, room - vec2(0.0, note_height), readable)
        .map_or(room.y, |h| room.y.max(h + note_height));
    let canvas = frame.show(ui, |ui| {
        ui.set_min_height(height);
        let whole_view = vec2(ui.available_size_before_wrap().x, height);
        let viewport = whole_view - vec2(0.0, note_height);
        let natural = vec2(node_size.x.max(widest(ui, layout, &font)) + 10.0, row);
        let spacing = scene.spacing((natural, least), grid, viewport, min_zoom);
        let size = grid * spacing;
        let origin = vec2(spacing.x * 0.5, top);
        let at = |p: &Placed| origin + vec2(p.x * spacing.x, p.depth as f32 * spacing.y);
        let focus = layout
            .focus
            .map_or(Pos2::ZERO + origin, |i| Pos2::ZERO + at(&layout.placed[i]));
        let root = layout
            .placed
            .iter()
            .find(|p| p.parent.is_none())
            .map_or(Pos2::ZERO + origin, |p| Pos2::ZERO + at(p));
        scene.follow(
            Rect::from_min_size(Pos2::ZERO, size),
            viewport,
            (readable, min_zoom),
            focus,
            root,
        );
        let zoom = (viewport / scene.rect.size())
            .min_elem()
            .clamp(min_zoom, ZOOM_MAX);
        let labels = zoom >= LABEL_ZOOM;
        // The wheel scrolls the page the tree is on, not the tree (dragging pans it, Ctrl +
        // wheel zooms it): held back from the scene, then given back for the page.
        let wheel = ui.input(|i| i.smooth_scroll_delta);
        ui.ctx().input_mut(|i| i.smooth_scroll_delta = Vec2::ZERO);
        ui.allocate_ui(viewport, |ui| {
            egui::Scene::new()
                .zoom_range(min_zoom..=ZOOM_MAX)
                .show(ui, &mut scene.rect, |ui| {
                    let (_, area) = ui.allocate_space(size);
                    let at = |p: &Placed| area.min + at(p);
                    // An edge ends above its node's label, or at the node when the zoom
                    // leaves labels out.
                    let band = if labels { LABEL_FONT + LABEL_GAP } else { 0.0 };
                    let ends = (node_size.y * 0.5, node_size.y * 0.5 + band);
                    paint_edges(ui.painter(), layout, &view.solution, at, ends);
                    let nodes = NodeMarks {
                        w,
                        node_size,
                        thumbnails,
                        labels: labels.then_some(&font),
                        label_room: spacing.x - 4.0,
                    };
                    for p in &layout.placed {
                        nodes.draw(ui, p, at(p), commands);
                    }
                });
        });
        ui.ctx().input_mut(|i| i.smooth_scroll_delta += wheel);
        if scene.folded {
            fold_note_ui(ui, w.replay.goal().is_some(), scene.partial);
        }
    });
    // The canvas, in the window's coordinates (the scene's own bounds are the drawing's).
    canvas
        .response
        .widget_info(|| egui::WidgetInfo::labeled(egui::accesskit::Role::Canvas, true, name));
}

/// The height of the line under a folded tree.
const NOTE_HEIGHT: f32 = 20.0;

/// The most a tree's canvas grows past its room to show the fitted tree readably.
const TREE_MAX_HEIGHT: f32 = 1200.0;

/// The columns and levels of `layout`'s grid.
fn grid_of(layout: &TreeLayout) -> Vec2 {
    vec2((layout.width as f32).max(1.0), layout.depth as f32 + 1.0)
}

/// The height a drawing of `grid` columns and levels at its `least` spacing needs to be
/// shown whole at the `readable` zoom in a canvas of `room`, when the room alone fits it
/// whole only below [`LABEL_ZOOM`], where its move labels and counts are left out; `None`
/// if the room shows them already, or if its width or [`TREE_MAX_HEIGHT`] keeps it below
/// the `readable` zoom (more height would only show it whole at a smaller zoom, where the
/// fit shows the part that matters readably instead).
fn readable_height(grid: Vec2, least: Vec2, room: Vec2, readable: f32) -> Option<f32> {
    let margin = 16.0;
    let zoom = (room - Vec2::splat(margin)) / (grid * least);
    let height = grid.y * least.y * readable + margin;
    (zoom.y < LABEL_ZOOM && zoom.x >= readable && height <= TREE_MAX_HEIGHT).then_some(height)
}

/// The edges of `layout`, each from `ends.0` under its parent's centre (drawn at `at`) to
/// `ends.1` above its node's, the solution's thick in the goal's colour.
fn paint_edges(
    painter: &egui::Painter,
    layout: &TreeLayout,
    solution: &std::collections::HashSet<usize>,
    at: impl Fn(&Placed) -> Pos2,
    ends: (f32, f32),
) {
    for p in &layout.placed {
        if let Some(parent) = p.parent.map(|i| &layout.placed[i]) {
            let a = at(parent) + vec2(0.0, ends.0);
            let b = at(p) - vec2(0.0, ends.1);
            let stroke = if solution.contains(&p.node) {
                Stroke::new(4.0, GOAL)
            } else {
                Stroke::new(1.0, DISCARDED)
            };
            painter.line_segment([a, b], stroke);
        }
    }
}

/// The line under a folded tree: what it shows (the way to the goal if `goal`, else to the
/// node expanded last), and, if `partial`, that the rest is beyond the canvas's edges.
fn fold_note_ui(ui: &mut Ui, goal: bool, partial: bool) {
    let canvas = ui.min_rect();
    let line = Rect::from_min_max(
        pos2(canvas.left() + 4.0, canvas.bottom() - NOTE_HEIGHT),
        canvas.right_bottom(),
    );
    let to = if goal {
        "the goal"
    } else {
        "the node expanded last"
    };
    let rest = if partial {
        " Only the part around it fits: drag to see the rest."
    } else {
        ""
    };
    ui.put(
        line,
        egui::Label::new(egui::RichText::new(format!("Folded to the way to {to}")).weak())
            .truncate(),
    )
    .on_hover_text(format!(
        "The whole tree is too big to show readably here. Fitted, it shows the way from the \
         root to {to}, with the moves beside it at each level; \"+N\" under a node counts \
         the nodes folded below it.{rest} Drag to pan, Ctrl + scroll to zoom."
    ));
}

/// The width of the widest move label of `layout` in `font` (each distinct label measured
/// once).
fn widest(ui: &Ui, layout: &TreeLayout, font: &FontId) -> f32 {
    // Measured in a fixed order: measuring lays glyphs into the font atlas, and an order that
    // changed from run to run moved them there and changed a few anti-aliased text pixels.
    let labels: std::collections::BTreeSet<&str> =
        layout.placed.iter().map(|p| p.label.as_str()).collect();
    labels
        .into_iter()
        .map(|label| {
            ui.painter()
                .layout_no_wrap(label.to_string(), font.clone(), Color32::WHITE)
                .size()
                .x
        })
        .fold(0.0, f32::max)
}

/// How the tree's nodes are drawn at this step and zoom.
struct NodeMarks<'a> {
    w: &'a Watching,
    node_size: Vec2,
    thumbnails: bool,
    /// The labels' font, when the zoom makes them legible.
    labels: Option<&'a FontId>,
    /// The widest label drawn: a column's width less a gap, so neighbours never overprint.
    label_room: f32,
}

impl NodeMarks<'_> {
    /// Draws `p` at `center` with its label, its colour and its marks (solution path, expanded
    /// last, selected), and makes it clickable.
    fn draw(&self, ui: &Ui, p: &Placed, center: Pos2, commands: &mut Vec<Command>) {
        let (w, node_size, node) = (self.w, self.node_size, p.node);
        let trace = &w.trace;
        let painter = ui.painter();
        let color = node_color(w, node, trace.nodes[node].fate);
        if let Some(font) = self.labels.filter(|_| !p.label.is_empty()) {
            let text = ui.visuals().text_color();
            let galley = painter.layout_no_wrap(p.label.clone(), font.clone(), text);
            // A label too wide for a squeezed column is left to the node's hover text.
            if galley.size().x <= self.label_room {
                let spot = Rect::from_center_size(
                    center - vec2(0.0, node_size.y * 0.5 + LABEL_FONT * 0.5 + LABEL_GAP),
                    galley.size(),
                );
                painter.rect_filled(spot.expand(1.0), 2.0, ui.visuals().extreme_bg_color);
                painter.galley(spot.min, galley, text);
            }
        }
        if let Some(font) = self.labels.filter(|_| p.folded > 0) {
            let hidden = format!("+{}", count_short(p.folded));
            let galley =
                painter.layout_no_wrap(hidden, font.clone(), ui.visuals().weak_text_color());
            if galley.size().x <= self.label_room {
                let at = center + vec2(-galley.size().x * 0.5, node_size.y * 0.5 + 3.0);
                painter.galley(at, galley, Color32::PLACEHOLDER);
            }
        }
        let rect = Rect::from_center_size(center, node_size);
        if self.thumbnails {
            paint_thumbnail(ui, rect, trace.start(), &p.cells);
            painter.rect_stroke(
                rect.expand(2.0),
                2.0,
                Stroke::new(3.0, color),
                egui::StrokeKind::Outside,
            );
        } else {
            painter.circle_filled(center, 6.0, color);
        }
        if w.view.solution.contains(&node) {
            painter.rect_stroke(
                rect.expand(5.0),
                4.0,
                Stroke::new(2.0, GOAL),
                egui::StrokeKind::Outside,
            );
        }
        if w.replay.current() == Some(node) {
            painter.rect_stroke(
                rect.expand(if self.thumbnails { 6.0 } else { 4.0 }),
                2.0,
                Stroke::new(2.5, CURRENT),
                egui::StrokeKind::Outside,
            );
        }
        if w.selected == Some(node) {
            let radius = rect.size().max_elem() * 0.5 * std::f32::consts::SQRT_2 + 7.0;
            painter.circle_stroke(center, radius, Stroke::new(3.0, SELECTED));
        }
        let mut figures = node_figures(trace, node, &p.label);
        if p.folded > 0 {
            let _ = write!(figures, " · {} nodes folded below", p.folded);
        }
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
        if response.on_hover_text(figures).clicked() {
            commands.push(SolveCommand::Watch(WatchCommand::Select(node)).into());
        }
    }
}

/// The colour of `node` (which became of `fate` when generated) in the tree.
fn node_color(w: &Watching, node: usize, fate: Fate) -> Color32 {
    if w.replay.goal() == Some(node) {
        GOAL
    } else if matches!(fate, Fate::Duplicate | Fate::Pruned | Fate::DeadEnd) {
        DISCARDED
    } else if w.replay.is_expanded(node) {
        EXPANDED
    } else if w.view.in_frontier.contains(&node) {
        FRONTIER
    } else {
        // Queued once, then dropped: a stale entry, or an iteration's path left behind.
        DISCARDED
    }
}

/// What the colours and marks of the tree mean (the solution path faint until there is one). Each
/// mark and its label are one item, so a narrow view wraps between items, never between a
/// mark and what it means. A `compact` legend names each thing in a word (the rest on hover),
/// to take less room in a narrow centre. Returns the legend's response.
pub(super) fn legend_ui(ui: &mut Ui, solution: bool, compact: bool) -> egui::Response {
    let word = |full: &'static str, short: &'static str, more: &'static str| {
        if compact {
            (short, Some(more))
        } else {
            (full, None)
        }
    };
    let (frontier, frontier_more) = word("in the frontier", "frontier", "In the frontier");
    let (discarded, discarded_more) = word(
        "discarded (duplicate or beyond the bound)",
        "discarded",
        "Discarded: a duplicate, or beyond the bound",
    );
    let (solution_path, solution_more) = word("solution path", "solution", "The solution path");
    ui.horizontal_wrapped(|ui| {
        for (color, what, more) in [
            (EXPANDED, "expanded", None),
            (FRONTIER, frontier, frontier_more),
            (DISCARDED, discarded, discarded_more),
            (GOAL, "goal", None),
        ] {
            let item = legend_item(ui, Vec2::splat(12.0), what, |painter, mark| {
                painter.circle_filled(mark.center(), 5.0, color);
            });
            if let Some(more) = more {
                item.on_hover_text(more);
            }
        }
        legend_item(ui, Vec2::splat(14.0), "expanded last", |painter, mark| {
            painter.rect_stroke(
                mark.shrink(1.5),
                1.0,
                Stroke::new(2.0, CURRENT),
                egui::StrokeKind::Inside,
            );
        });
        legend_item(ui, Vec2::splat(14.0), "selected", |painter, mark| {
            painter.circle_stroke(mark.center(), 5.5, Stroke::new(2.5, SELECTED));
        });
        // Shown from the start, faint until there is a solution, so the legend keeps its
        // size and nothing under it moves when the goal is reached.
        let color = if solution {
            GOAL
        } else {
            GOAL.gamma_multiply(0.35)
        };
        let item = legend_item(ui, vec2(18.0, 12.0), solution_path, |painter, mark| {
            painter.line_segment(
                [mark.left_center(), mark.right_center()],
                Stroke::new(4.0, color),
            );
        });
        let more = solution_more.unwrap_or("The solution path");
        item.on_hover_text(if solution {
            more.to_string()
        } else {
            format!("{more}, drawn once the goal is reached")
        });
    })
    .response
}

/// One legend item: a mark of `mark_size` drawn by `paint`, then `what` it means, placed as
/// one piece and reported as a label; returns its response.
fn legend_item(
    ui: &mut Ui,
    mark_size: Vec2,
    what: &str,
    paint: impl FnOnce(&egui::Painter, Rect),
) -> egui::Response {
    let galley = egui::WidgetText::from(what).into_galley(
        ui,
        Some(egui::TextWrapMode::Extend),
        f32::INFINITY,
        egui::TextStyle::Body,
    );
    let gap = ui.spacing().item_spacing.x;
    let size = vec2(
        mark_size.x + gap + galley.size().x,
        mark_size.y.max(galley.size().y),
    );
    let (rect, response) = ui.allocate_exact_size(size, Sense::hover());
    response.widget_info(|| egui::WidgetInfo::labeled(egui::accesskit::Role::Label, true, what));
    if ui.is_rect_visible(rect) {
        let center = rect.left_center() + vec2(mark_size.x / 2.0, 0.0);
        let mark = Rect::from_center_size(center, mark_size);
        paint(ui.painter(), mark);
        let text_at = pos2(mark.right() + gap, rect.center().y - galley.size().y / 2.0);
        ui.painter()
            .galley(text_at, galley, ui.visuals().text_color());
    }
    response
}

/// A node placed in the tree drawing.
pub(super) struct Placed {
    pub(super) node: usize,
    /// Its column (a parent sits midway over its children's).
    pub(super) x: f32,
    depth: u32,
    /// The parent's index among the placed nodes.
    pub(super) parent: Option<usize>,
    /// Its first and last children among the placed nodes.
    children: Option<(usize, usize)>,
    /// Its board.
    cells: Vec<Cell>,
    /// The move that made it, in words.
    label: String,
    /// How many nodes below it a folded tree hides.
    pub(super) folded: usize,
}

/// The tree drawing of a step.
pub(super) struct TreeLayout {
    pub(super) placed: Vec<Placed>,
    /// Columns (leaves) and the deepest depth.
    pub(super) width: usize,
    depth: u32,
    /// Whether nodes were left out (beyond the first `most`).
    cut: bool,
    most: usize,
    /// The placed node a fitted view centres on: the goal, else the node expanded last.
    focus: Option<usize>,
}

/// The nodes of the current tree generated so far (of the current iteration, for IDDFS and
/// IDA*): the first and the last, `None` before the first root.
pub(super) fn tree_range(trace: &Trace, replay: &Replay<Arc<Trace>>) -> Option<(usize, usize)> {
    // Nodes are numbered in the order their events come, and an iteration's nodes follow
    // its root, so the nodes so far of the current tree are one range.
    let events = &trace.events[..replay.step()];
    let last = events.iter().rev().find_map(|e| match *e {
        TraceEvent::Root { node } | TraceEvent::Generated { node, .. } => Some(node),
        _ => None,
    })?;
    let tree = trace.nodes[last].tree;
    let first = trace.nodes[..=last].partition_point(|n| n.tree < tree);
    Some((first, last))
}

/// Lays out the nodes generated so far (of the current iteration, for IDDFS and IDA*): the
/// first `most` of them, and the paths to the goal, the node expanded last and `selected`.
/// Every leaf gets the next column, every parent the middle of its children's, depth
/// downwards. Iterative, since a depth-first tree may be thousands of nodes deep.
pub(super) fn layout_tree(
    trace: &Trace,
    replay: &Replay<Arc<Trace>>,
    selected: Option<usize>,
    most: usize,
) -> TreeLayout {
    let Some((first, last)) = tree_range(trace, replay) else {
        return place(trace, replay, &[], |_| 0, false, most);
    };
    let tree = trace.nodes[last].tree;
    let mut shown: Vec<usize> = (first..=last.min(first + most - 1)).collect();
    let cut = last + 1 - first > most;
    if cut {
        let mut extra: Vec<usize> = [replay.goal(), replay.current(), selected]
            .into_iter()
            .flatten()
            .filter(|&n| n <= last && trace.nodes[n].tree == tree)
            .flat_map(|n| trace.path(n))
            .filter(|&n| n >= first + most)
            .collect();
        // A path is drawn only while it stays within the drawing's budget.
        extra.sort_unstable();
        extra.dedup();
        extra.truncate(most);
        shown.extend(extra);
        shown.sort_unstable();
        shown.dedup();
    }
    place(trace, replay, &shown, |_| 0, cut, most)
}

/// Places `shown` (sorted node indices): every leaf in the next column, every parent in the
/// middle of its children's, depth downwards; `folded` counts the nodes hidden under each.
pub(super) fn place(
    trace: &Trace,
    replay: &Replay<Arc<Trace>>,
    shown: &[usize],
    folded: impl Fn(usize) -> usize,
    cut: bool,
    most: usize,
) -> TreeLayout {
    let mut children: HashMap<usize, Vec<usize>> = HashMap::new();
    let mut roots = Vec::new();
    let is_shown = |n: usize| shown.binary_search(&n).is_ok();
    for &node in shown {
        match trace.nodes[node].parent_index() {
            Some(p) if is_shown(p) => children.entry(p).or_default().push(node),
            _ => roots.push(node),
        }
    }
    // Pre-order, children in the order they were generated.
    let mut placed: Vec<Placed> = Vec::with_capacity(shown.len());
    let mut stack: Vec<(usize, Option<usize>)> = roots.iter().rev().map(|&r| (r, None)).collect();
    let (mut column, mut deepest) = (0usize, 0u32);
    while let Some((node, parent)) = stack.pop() {
        let index = placed.len();
        let (depth, mut cells) = match parent {
            Some(p) => (placed[p].depth + 1, placed[p].cells.clone()),
            None => (0, trace.cells(node)),
        };
        let label = match parent {
            Some(p) => {
                trace.apply_changes(node, &mut cells);
                trace.move_words(&placed[p].cells, &cells)
            }
            None => trace.label(node),
        };
        deepest = deepest.max(depth);
        let kids = children.get(&node).map_or(&[][..], Vec::as_slice);
        let x = if kids.is_empty() {
            column += 1;
            (column - 1) as f32
        } else {
            0.0
        };
        if let Some(p) = parent {
            let span = placed[p].children.get_or_insert((index, index));
            span.1 = index;
        }
        placed.push(Placed {
            node,
            x,
            depth,
            parent,
            children: None,
            cells,
            label,
            folded: folded(node),
        });
        stack.extend(kids.iter().rev().map(|&k| (k, Some(index))));
    }
    // Children come after their parent in pre-order, so backwards every parent finds its
    // children placed.
    for i in (0..placed.len()).rev() {
        if let Some((a, b)) = placed[i].children {
            placed[i].x = f32::midpoint(placed[a].x, placed[b].x);
        }
    }
    let find = |n: Option<usize>| n.and_then(|n| placed.iter().position(|p| p.node == n));
    let focus = find(replay.goal()).or_else(|| find(replay.current()));
    TreeLayout {
        placed,
        width: column,
        depth: deepest,
        cut,
        most,
        focus,
    }
}

/// A node's figures as the view shows them, `label` its move: `g 3 · h 5 · f 8 · 2 down`.
pub(super) fn node_figures(trace: &Trace, node: usize, label: &str) -> String {
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
    if !label.is_empty() {
        let _ = write!(text, " · {label}");
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
    let p = trace.start();
    let cell = long / p.rows.max(p.cols).max(1) as f32;
    vec2(cell * p.cols as f32, cell * p.rows as f32)
}

/// A small drawing of the board `cells` of `puzzle` in `rect`: one square a cell, pieces in
/// their colours, tile numbers where they fit.
pub(super) fn paint_thumbnail(ui: &Ui, rect: Rect, puzzle: &Puzzle, cells: &[Cell]) {
    let painter = ui.painter();
    painter.rect_filled(rect, 1.0, ui.visuals().extreme_bg_color);
    let cell = rect.width() / puzzle.cols.max(1) as f32;
    for (i, c) in cells.iter().enumerate() {
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
