//! The Watch view's search tree: the nodes so far laid out by depth (pan with a drag, zoom
//! with Ctrl + scroll), coloured by their fate, the node expanded last and the one selected
//! marked apart, the solution path drawn once the goal is reached, a click selecting a node;
//! and the small boards and figures the other panels share.
//!
//! Every leaf takes a column as wide as the widest move label, and each label sits above
//! its own node, so no two labels share a place; the zoom is held to a range where nodes stay
//! visible and boards legible, and fitting a tree too big for that folds it to the way to the
//! node that matters (the goal, else the node expanded last) and the moves beside it.

use std::fmt::Write as _;

use egui::{Color32, FontId, Pos2, Rect, Sense, Stroke, Ui, Vec2, pos2, vec2};

use crate::command::{Command, SolveCommand, WatchCommand};
use crate::common::colors::{piece_color, text_color_on, to_color32};
use crate::common::format::count_short;
use blockslide_core::model::{Cell, Puzzle};
use blockslide_core::solve::Algorithm;
use blockslide_core::solve::observe::Fate;
use blockslide_core::solve::trace::Trace;

use super::Watching;
use super::fold;
use super::layout::{Placed, TreeLayout};
use super::scene::{self, SceneView};

const EXPANDED: Color32 = Color32::from_rgb(52, 120, 200);
const FRONTIER: Color32 = Color32::from_rgb(230, 150, 30);
const DISCARDED: Color32 = Color32::from_rgb(150, 150, 150);
pub(super) const GOAL: Color32 = Color32::from_rgb(40, 160, 70);
/// The colour the first difference is marked in, in both trees and in its sentence.
pub(super) const DIFFERENCE: Color32 = Color32::from_rgb(230, 60, 40);
/// The node expanded last: a red square.
pub(super) const CURRENT: Color32 = Color32::from_rgb(210, 50, 50);
/// The node the student selected: a violet ring, a shape and colour of its own so it is
/// never mistaken for the node expanded last.
pub(super) const SELECTED: Color32 = Color32::from_rgb(150, 60, 220);

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
    let view = &w.view;
    let g = Geometry::new(&w.trace, thumbnails);
    let frame = egui::Frame::canvas(ui.style());
    let margins = frame.total_margin().sum();
    let room = (ui.available_size() - margins).max(vec2(0.0, TREE_MIN_HEIGHT));
    // Asked to fit a tree too big to show readably, the view shows it folded: decided by
    // the room the canvas is given, so the taller canvas below never unfolds it again. Dots
    // stay visible down to the zoom range's end; boards only down to where their numbers
    // are legible.
    if scene.fitting() {
        let least_zoom = if g.thumbnails { g.readable } else { g.min_zoom };
        scene.folded = !scene::fits(grid_of(&view.layout) * g.least, room, least_zoom);
    }
    let whole = if scene.folded {
        &view.folded
    } else {
        &view.layout
    };
    // The folded tree's note takes a line under it, never the tree's room.
    let note_height = if scene.folded { NOTE_HEIGHT } else { 0.0 };
    // A canvas too low for a few readable levels (two trees side by side at 800x600) grows
    // as far as the part of the page in view: the page scrolls to it.
    let visible = ui.clip_rect().height() - margins.y - 8.0;
    let height = g
        .grown_height(
            grid_of(whole),
            room - vec2(0.0, note_height),
            visible - note_height,
        )
        .map_or(room.y, |h| room.y.max(h + note_height));
    // A folded way still too deep for the canvas at a readable zoom leaves out its middle
    // levels, so the root and the goal show together (decided at the fit, like the fold).
    if scene.fitting() {
        scene.levels = g.levels_at(height - note_height, FOLDED_ZOOM.max(g.readable));
    }
    let elided = if scene.folded {
        fold::elide(whole, scene.levels)
    } else {
        None
    };
    let (layout, gap) = elided
        .as_ref()
        .map_or((whole, None), |(layout, gap)| (layout, Some(*gap)));
    let canvas = frame.show(ui, |ui| {
        ui.set_min_height(height);
        let viewport = vec2(ui.available_size_before_wrap().x, height - note_height);
        draw_tree(ui, (w, layout, gap), &g, scene, viewport, commands);
        if scene.folded {
            fold_note_ui(ui, w.replay.goal().is_some(), scene.partial);
        }
    });
    if std::mem::take(&mut scene.reveal) {
        canvas.response.scroll_to_me(None);
    }
    // The canvas, in the window's coordinates (the scene's own bounds are the drawing's).
    canvas
        .response
        .widget_info(|| egui::WidgetInfo::labeled(egui::accesskit::Role::Canvas, true, name));
}

/// The sizes a tree is drawn with: its nodes', its rows' and columns' least, its zooms.
struct Geometry {
    /// Whether nodes are drawn as boards.
    thumbnails: bool,
    node_size: Vec2,
    /// The least room between columns and between levels.
    least: Vec2,
    /// The zoom range's end, and the least zoom a fitted view takes.
    min_zoom: f32,
    readable: f32,
}

impl Geometry {
    fn new(trace: &Trace, thumbnails: bool) -> Self {
        let node_size = if thumbnails {
            thumb_size(trace, THUMB)
        } else {
            Vec2::splat(14.0)
        };
        // A column is as wide as a node and as the widest label, so neighbours never
        // overprint; a row leaves a band above each node for its label. Fitting the tree may
        // squeeze the columns down to a node's width (the labels that no longer fit are left
        // to the nodes' hover text) or stretch columns and rows to fill the canvas.
        let least = vec2(node_size.x + 4.0, node_size.y + LABEL_FONT + 30.0);
        let (min_zoom, readable) = if thumbnails {
            (ZOOM_MIN_BOARDS, READABLE_BOARDS)
        } else {
            (ZOOM_MIN_DOTS, READABLE_DOTS)
        };
        Geometry {
            thumbnails,
            node_size,
            least,
            min_zoom,
            readable,
        }
    }

    /// How many levels a viewport `height` points high shows at the readable zoom.
    fn levels_in(&self, height: f32) -> u32 {
        self.levels_at(height, self.readable)
    }

    /// How many levels a viewport `height` points high shows at `zoom`.
    fn levels_at(&self, height: f32, zoom: f32) -> u32 {
        ((height - FIT_MARGIN) / (self.least.y * zoom)).max(0.0) as u32
    }

    /// The height, at most `cap`, a canvas of `room` needs to show a drawing of `grid`
    /// columns and levels whole at the readable zoom, or as many levels as `cap` allows;
    /// `None` if `room` shows [`MIN_LEVELS`] readable levels already, or if the drawing's
    /// width keeps it below the readable zoom (more height would not make it larger).
    fn grown_height(&self, grid: Vec2, room: Vec2, cap: f32) -> Option<f32> {
        let zoom_across = (room.x - FIT_MARGIN) / (grid.x * self.least.x);
        let needed = grid.y * self.least.y * self.readable + FIT_MARGIN;
        (self.levels_in(room.y) < MIN_LEVELS && zoom_across >= self.readable)
            .then_some(needed.min(cap))
    }
}

/// The margin a fitted drawing keeps inside its viewport, above and below together (see
/// `SceneView::follow`).
const FIT_MARGIN: f32 = 16.0;

/// The zoom a folded way is fitted at when its middle is left out: its moves and counts
/// comfortably legible, a few levels fewer than the least readable zoom would show.
const FOLDED_ZOOM: f32 = 0.85;

/// The fewest readable levels a tree's canvas shows before it grows past its room.
const MIN_LEVELS: u32 = 7;

/// Draws `layout` (with `gap`, the middle of its way left out) in a pan-and-zoom scene of
/// `viewport` points, fitted unless the student moved `scene`; a click on a node queues its
/// selection.
fn draw_tree(
    ui: &mut Ui,
    (w, layout, gap): (&Watching, &TreeLayout, Option<fold::Gap>),
    g: &Geometry,
    scene: &mut SceneView,
    viewport: Vec2,
    commands: &mut Vec<Command>,
) {
    let font = FontId::proportional(LABEL_FONT);
    let node_size = g.node_size;
    let grid = grid_of(layout);
    // The root's centre sits half a column in and a label band down.
    let top = LABEL_FONT + LABEL_GAP + 8.0 + node_size.y * 0.5;
    let natural = vec2(node_size.x.max(widest(ui, layout, &font)) + 10.0, g.least.y);
    let spacing = scene.spacing((natural, g.least), grid, viewport, g.min_zoom);
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
        (g.readable, g.min_zoom),
        focus,
        root,
    );
    let zoom = (viewport / scene.rect.size())
        .min_elem()
        .clamp(g.min_zoom, ZOOM_MAX);
    let labels = zoom >= LABEL_ZOOM;
    // The wheel scrolls the page the tree is on, not the tree (dragging pans it, Ctrl +
    // wheel zooms it): held back from the scene, then given back for the page.
    let wheel = ui.input(|i| i.smooth_scroll_delta);
    ui.ctx().input_mut(|i| i.smooth_scroll_delta = Vec2::ZERO);
    ui.allocate_ui(viewport, |ui| {
        egui::Scene::new()
            .zoom_range(g.min_zoom..=ZOOM_MAX)
            .show(ui, &mut scene.rect, |ui| {
                let (_, area) = ui.allocate_space(size);
                let at = |p: &Placed| area.min + at(p);
                // An edge ends above its node's label, or at the node when the zoom leaves
                // labels out.
                let band = if labels { LABEL_FONT + LABEL_GAP } else { 0.0 };
                let ends = (node_size.y * 0.5, node_size.y * 0.5 + band);
                paint_edges(ui.painter(), layout, &w.view.solution, at, ends);
                if let Some(gap) = gap {
                    gap_ui(ui, (layout, gap), &w.view.solution, at, ends);
                }
                let nodes = NodeMarks {
                    w,
                    node_size,
                    thumbnails: g.thumbnails,
                    labels: labels.then_some(&font),
                    label_room: spacing.x - 4.0,
                };
                for p in &layout.placed {
                    nodes.draw(ui, p, at(p), commands);
                }
            });
    });
    ui.ctx().input_mut(|i| i.smooth_scroll_delta += wheel);
}

/// The way's middle left out of a folded tree (`gap` in `layout`): a dashed stretch of the way
/// from the last node above it, in the solution's colour if the way is the solution's, to a
/// note of how many levels and nodes it stands for, and from there the edges to the nodes
/// below it (the next node of the way and the moves beside it).
fn gap_ui(
    ui: &Ui,
    (layout, gap): (&TreeLayout, fold::Gap),
    solution: &std::collections::HashSet<usize>,
    at: impl Fn(&Placed) -> Pos2,
    ends: (f32, f32),
) {
    // The way runs down the root's column.
    let Some(root) = layout.placed.first() else {
        return;
    };
    let on_way = |p: &&Placed| (p.x - root.x).abs() < 1e-3;
    let Some(above) = layout
        .placed
        .iter()
        .filter(on_way)
        .find(|p| p.depth + 1 == gap.level)
    else {
        return;
    };
    // Below the gap, the nodes hang from a node left out: none has a parent placed.
    let below: Vec<&Placed> = layout
        .placed
        .iter()
        .filter(|p| p.parent.is_none() && p.depth == gap.level + 1)
        .collect();
    let Some(next) = below.iter().copied().find(on_way) else {
        return;
    };
    let painter = ui.painter();
    let text = format!("{} levels, {} nodes", gap.levels, count_short(gap.nodes));
    let galley = painter.layout_no_wrap(
        text,
        FontId::proportional(LABEL_FONT),
        ui.visuals().weak_text_color(),
    );
    let (top, bottom) = (at(above), at(next));
    let spot = Rect::from_center_size(pos2(top.x, f32::midpoint(top.y, bottom.y)), galley.size());
    let way = if solution.contains(&next.node) {
        GOAL
    } else {
        DISCARDED
    };
    painter.extend(egui::Shape::dashed_line(
        &[top + vec2(0.0, ends.0), spot.center_top()],
        Stroke::new(2.0, way),
        6.0,
        5.0,
    ));
    for p in below {
        let stroke = if solution.contains(&p.node) {
            Stroke::new(4.0, GOAL)
        } else {
            Stroke::new(1.0, DISCARDED)
        };
        painter.line_segment([spot.center_bottom(), at(p) - vec2(0.0, ends.1)], stroke);
    }
    painter.rect_filled(spot.expand(2.0), 2.0, ui.visuals().extreme_bg_color);
    painter.galley(spot.min, galley, Color32::PLACEHOLDER);
    ui.interact(spot, ui.scope_id().with("way left out"), Sense::hover())
        .on_hover_text(format!(
            "{} levels of the way are left out here, with the {} nodes beside and below \
             them, so that both its ends show. A taller canvas (a larger window, or F9 to \
             hide the panels) shows more of it.",
            gap.levels, gap.nodes
        ))
        .widget_info(|| {
            egui::WidgetInfo::labeled(
                egui::accesskit::Role::Note,
                true,
                format!("Way left out: {} levels, {} nodes", gap.levels, gap.nodes),
            )
        });
}

/// The height of the line under a folded tree.
const NOTE_HEIGHT: f32 = 20.0;

/// The columns and levels of `layout`'s grid.
fn grid_of(layout: &TreeLayout) -> Vec2 {
    vec2((layout.width as f32).max(1.0), layout.depth as f32 + 1.0)
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
            let galley = painter.layout_no_wrap(hidden, font.clone(), ui.visuals().text_color());
            if galley.size().x <= self.label_room {
                let at = center + vec2(-galley.size().x * 0.5, node_size.y * 0.5 + 3.0);
                // On a patch of the canvas, clear of the edges passing under it.
                let patch = Rect::from_min_size(at, galley.size()).expand(1.0);
                painter.rect_filled(patch, 2.0, ui.visuals().extreme_bg_color);
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
        if w.marked == Some(node) {
            // A square, unlike the selection's ring: the two often fall on one node.
            let mark = Stroke::new(3.0, DIFFERENCE);
            let room = if self.thumbnails { 10.0 } else { 9.0 };
            painter.rect_stroke(rect.expand(room), 0.0, mark, egui::StrokeKind::Outside);
        }
        if w.selected == Some(node) {
            if self.thumbnails {
                // Round-cornered around a board, within the room under its label: a circle
                // around a square would cross the label.
                let ring = Stroke::new(2.5, SELECTED);
                painter.rect_stroke(rect.expand(6.5), 6.0, ring, egui::StrokeKind::Outside);
            } else {
                let radius = rect.size().max_elem() * 0.5 * std::f32::consts::SQRT_2 + 7.0;
                painter.circle_stroke(center, radius, Stroke::new(3.0, SELECTED));
            }
        }
        let mut figures = node_figures(trace, node, &p.label);
        if w.marked == Some(node) {
            figures.push_str(" · the first difference");
        }
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
pub(super) fn node_color(w: &Watching, node: usize, fate: Fate) -> Color32 {
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
