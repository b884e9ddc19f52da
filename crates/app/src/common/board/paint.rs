//! Painting the board: cells, walls, pieces as merged rounded shapes with their token, the
//! goal's "don't care" hatching, zones, axis marks and exits, and the optional outlines and
//! highlights.

use egui::{
    Align2, Color32, CornerRadius, FontId, Pos2, Rect, Shape, Stroke, StrokeKind, Ui, Vec2, pos2,
    vec2,
};

use super::strokes::{arrowhead, hatch, outline};
use super::{Board, CellPos, GOAL_KEY, Layer, cell_at, cell_rect};
use crate::common::colors::{piece_color, text_color_on, to_color32, zone_color};
use blockslide_core::model::tiles::tile_layout;
use blockslide_core::model::{Axis, Cell, Color, Dir, Puzzle, Token};
use blockslide_core::model::{palette, raster};

/// The room beside the frame where exits are drawn, in points.
pub const EXIT_SPACE: f32 = 28.0;

pub use blockslide_core::model::goal::{Exit, exits};

/// Background of the board frame (the colours are the core's, shared with the web page).
const FRAME: Color32 = shared(palette::FRAME);
/// An empty cell.
const EMPTY: Color32 = shared(palette::EMPTY);
/// A "don't care" goal cell.
const DONT_CARE: Color32 = shared(palette::DONT_CARE);
/// A wall.
const WALL: Color32 = shared(palette::WALL);
/// Highlighted cells (validation findings).
const HIGHLIGHT: Color32 = Color32::from_rgb(0xe0, 0x20, 0x20);
/// The highlighted piece (a hint).
const PIECE_HIGHLIGHT: Color32 = Color32::from_rgb(0xff, 0xd0, 0x00);
/// An exit's opening and arrow.
const EXIT: Color32 = shared(palette::EXIT);
/// The lines hatching a wall.
const WALL_HATCH: Color32 = shared(palette::WALL_HATCH);
/// The goal's dashed outline.
const GOAL_OUTLINE: Color32 = shared(palette::GOAL_OUTLINE);

/// A colour of the core's board palette, in egui's type (in a constant).
const fn shared(c: Color) -> Color32 {
    Color32::from_rgb(c.r, c.g, c.b)
}

impl Board<'_> {
    /// Paints the board in `rect` with cells `cell` points wide, outlining `hovered`.
    pub(super) fn paint(&self, ui: &Ui, rect: Rect, cell: f32, hovered: Option<CellPos>) {
        let painter = ui.painter_at(rect.expand(8.0 + EXIT_SPACE));
        let puzzle = self.puzzle;
        let (rows, cols) = (puzzle.rows, puzzle.cols);
        let radius = (cell * 0.16).clamp(1.0, 12.0);
        painter.rect_filled(
            rect.expand(5.0),
            CornerRadius::same(radius as u8 + 3),
            FRAME,
        );
        self.paint_exits(&painter, rect, cell);

        self.paint_cells(&painter, rect, cell);
        self.paint_zone_tints(&painter, rect, cell);

        let token_at = |r: usize, c: usize| -> Option<Token> {
            match self.layer {
                Layer::Start => match puzzle.cell(r, c) {
                    Cell::Piece(t) => Some(t),
                    _ => None,
                },
                Layer::Goal => goal_at(puzzle, r, c),
            }
        };
        let offset_of = |t: Token| -> Vec2 {
            self.offsets
                .iter()
                .rev()
                .find(|(o, _)| *o == t)
                .map_or(Vec2::ZERO, |(_, v)| *v * cell)
        };
        let groups = groups(rows, cols, &token_at);
        let gap = (cell * 0.06).clamp(1.0, 4.0);
        let geometry = PieceGeometry {
            rect,
            rows,
            cols,
            cell,
            radius,
            gap,
        };
        // Still pieces first, then the goal outline and their labels, then moving pieces on
        // top of everything.
        let (moving, still): (Vec<_>, Vec<_>) = groups
            .iter()
            .partition(|(t, _)| offset_of(*t) != Vec2::ZERO);
        let draw_labels = |token: Token, labels: Vec<Label>| {
            for label in labels {
                // On a patch of the piece's own colour, so the goal's dashed outline never
                // runs through the letters.
                let galley = painter.layout_no_wrap(
                    token.as_str().to_string(),
                    FontId::proportional(label.size),
                    label.color,
                );
                let at = Align2::CENTER_CENTER
                    .anchor_size(label.at, galley.size())
                    .min;
                let patch = Rect::from_min_size(at, galley.size()).expand(label.size * 0.12);
                painter.rect_filled(patch, label.size * 0.2, label.fill);
                painter.galley(at, galley, label.color);
            }
        };
        let still_labels: Vec<_> = still
            .iter()
            .map(|(token, cells)| {
                let labels = self.paint_piece(&painter, &geometry, *token, cells, Vec2::ZERO);
                (*token, labels)
            })
            .collect();
        if self.goal_outline
            && self.layer == Layer::Start
            && outline_goal(
                tile_layout(puzzle).is_some(),
                ui.input(|i| i.key_down(GOAL_KEY)),
            )
        {
            self.paint_goal_outline(&painter, rect, cell);
        }
        for (token, labels) in still_labels {
            draw_labels(token, labels);
        }
        // Zone outlines and names go over the pieces standing in them, under moving ones.
        self.paint_zone_marks(&painter, rect, cell);
        for (token, cells) in &moving {
            let labels = self.paint_piece(&painter, &geometry, *token, cells, offset_of(*token));
            draw_labels(*token, labels);
        }
        if let Some(token) = self.highlighted_piece
            && let Some((_, cells)) = groups.iter().find(|(t, _)| *t == token)
        {
            let shift = offset_of(token);
            outline(
                &painter,
                rect,
                rows,
                cols,
                cells,
                shift,
                Stroke::new(3.0, PIECE_HIGHLIGHT),
            );
        }
        self.paint_marks(&painter, rect, hovered);
    }

    /// Whether `token`'s piece is drawn shifted from its cells (see [`Board::piece_offset`]).
    fn is_moving(&self, token: Token) -> bool {
        self.offsets
            .iter()
            .rev()
            .find(|(t, _)| *t == token)
            .is_some_and(|(_, offset)| *offset != Vec2::ZERO)
    }

    /// Outlines the highlighted cells and the cell under the pointer.
    fn paint_marks(&self, painter: &egui::Painter, rect: Rect, hovered: Option<CellPos>) {
        let (rows, cols) = (self.puzzle.rows, self.puzzle.cols);
        let highlighted: Vec<CellPos> = self
            .highlighted_cells
            .iter()
            .copied()
            .filter(|&(r, c)| r < rows && c < cols)
            .collect();
        outline(
            painter,
            rect,
            rows,
            cols,
            &highlighted,
            Vec2::ZERO,
            Stroke::new(3.0, HIGHLIGHT),
        );
        // The hovered cell, or the whole piece covering it: a cell's square drawn over a
        // piece would cut it with lines.
        let hover = Stroke::new(2.0, Color32::from_white_alpha(200));
        // The piece drawn at a cell: the start's, or in the Goal tab the goal's.
        let piece_at = |r: usize, c: usize| match self.layer {
            Layer::Start => match self.puzzle.cell(r, c) {
                Cell::Piece(t) => Some(t),
                _ => None,
            },
            Layer::Goal => goal_at(self.puzzle, r, c),
        };
        match hovered.map(|(r, c)| (r, c, piece_at(r, c))) {
            Some((_, _, Some(token))) => {
                let cells: Vec<CellPos> = (0..rows)
                    .flat_map(|r| (0..cols).map(move |c| (r, c)))
                    .filter(|&(r, c)| piece_at(r, c) == Some(token))
                    .collect();
                outline(painter, rect, rows, cols, &cells, Vec2::ZERO, hover);
            }
            Some((r, c, None)) => {
                painter.rect_stroke(
                    cell_rect(rect, rows, cols, r, c),
                    CornerRadius::same(2),
                    hover,
                    StrokeKind::Inside,
                );
            }
            None => {}
        }
    }

    /// The background of every cell: empty, "don't care" and wall cells.
    fn paint_cells(&self, painter: &egui::Painter, rect: Rect, cell: f32) {
        let puzzle = self.puzzle;
        let (rows, cols) = (puzzle.rows, puzzle.cols);
        let goal_layer = self.layer == Layer::Goal;
        for r in 0..rows {
            for c in 0..cols {
                let cr = cell_rect(rect, rows, cols, r, c);
                let inner = cr.shrink(cell * 0.03);
                match puzzle.cell(r, c) {
                    Cell::Wall => {
                        painter.rect_filled(cr, 0.0, WALL);
                        hatch(painter, cr, WALL_HATCH, cell / 5.0);
                    }
                    start if goal_layer && goal_at(puzzle, r, c).is_none() => {
                        painter.rect_filled(inner, CornerRadius::same(2), DONT_CARE);
                        hatch(painter, inner, Color32::from_gray(0xc2), cell / 6.0);
                        // The start position shows through faintly, so the goal is not
                        // painted blind.
                        if let Cell::Piece(t) = start {
                            let color = to_color32(piece_color(puzzle, t));
                            painter.rect_filled(
                                inner,
                                CornerRadius::same(2),
                                color.gamma_multiply(0.25),
                            );
                            painter.text(
                                inner.center(),
                                Align2::CENTER_CENTER,
                                t.as_str(),
                                FontId::proportional((cell * 0.3).clamp(6.0, 18.0)),
                                Color32::from_black_alpha(110),
                            );
                        }
                    }
                    // Under a piece the tray shows through the gaps between pieces; a cell a
                    // piece is sliding out of (playback, a drag) is empty already.
                    Cell::Piece(t) if !goal_layer && !self.is_moving(t) => {}
                    _ if goal_layer => {}
                    Cell::Empty | Cell::Piece(_) => {
                        painter.rect_filled(inner, CornerRadius::same(2), EMPTY);
                    }
                }
            }
        }
    }

    /// Paints one piece (merged rounded cells with a rim) shifted by `shift` points; returns
    /// where its labels go, their size and colour (one per connected part).
    fn paint_piece(
        &self,
        painter: &egui::Painter,
        g: &PieceGeometry,
        token: Token,
        cells: &[CellPos],
        shift: Vec2,
    ) -> Vec<Label> {
        let PieceGeometry {
            rect,
            rows,
            cols,
            cell,
            radius,
            gap,
        } = *g;
        let mut labels = Vec::new();
        let fill = to_color32(piece_color(self.puzzle, token));
        let rim = fill.gamma_multiply(0.62).to_opaque();
        let same = |r: usize, c: usize, dr: i32, dc: i32| {
            let (nr, nc) = (r as i32 + dr, c as i32 + dc);
            nr >= 0
                && nc >= 0
                && (nr as usize) < rows
                && (nc as usize) < cols
                && cells.contains(&(nr as usize, nc as usize))
        };
        // Each cell's shape reaches its neighbours of the same piece, so the cells merge
        // into one rounded shape; a darker copy one point larger below it is the rim.
        for (layer_color, inset) in [(rim, 0.0), (fill, 1.2)] {
            for &(r, c) in cells {
                let cr = cell_rect(rect, rows, cols, r, c).translate(shift);
                let (up, down) = (same(r, c, -1, 0), same(r, c, 1, 0));
                let (left, right) = (same(r, c, 0, -1), same(r, c, 0, 1));
                let edge = |joined: bool| if joined { 0.0 } else { gap + inset };
                let shape_rect = Rect::from_min_max(
                    pos2(cr.min.x + edge(left), cr.min.y + edge(up)),
                    pos2(cr.max.x - edge(right), cr.max.y - edge(down)),
                );
                let r_px = (radius - inset).max(0.0) as u8;
                let round = |a: bool, b: bool| if a || b { 0 } else { r_px };
                let corners = CornerRadius {
                    nw: round(up, left),
                    ne: round(up, right),
                    sw: round(down, left),
                    se: round(down, right),
                };
                painter.rect_filled(shape_rect, corners, layer_color);
            }
        }
        let size = cell * if token.as_str().len() > 2 { 0.32 } else { 0.42 };
        let axis = self.puzzle.axis_of(token);
        // A piece drawn in several parts (while it is being edited) is labelled, and its
        // axis marked, on each part.
        for part in components(cells) {
            let at = label_position(rect, rows, cols, &part);
            if axis != Axis::Free {
                let ends = axis_ends(rect, rows, cols, &part, at, axis, gap);
                let color = text_color_on(fill).gamma_multiply(0.6);
                for (tip, dir) in ends {
                    arrowhead(
                        painter,
                        tip + shift,
                        dir,
                        (cell * 0.11).clamp(3.0, 10.0),
                        color,
                    );
                }
            }
            if size >= 6.0 {
                labels.push(Label {
                    at: at + shift,
                    size,
                    color: text_color_on(fill),
                    fill,
                });
            }
        }
        labels
    }

    /// Tints the cells of every zone in its colour (over empty and "don't care" cells; the
    /// pieces painted later cover it).
    fn paint_zone_tints(&self, painter: &egui::Painter, rect: Rect, cell: f32) {
        let (rows, cols) = (self.puzzle.rows, self.puzzle.cols);
        for (z, zone) in self.puzzle.zones.iter().enumerate() {
            let tint = zone_color(z).gamma_multiply(0.32);
            for (i, _) in zone
                .cells
                .iter()
                .enumerate()
                .filter(|(_, in_zone)| **in_zone)
            {
                if i >= rows * cols || self.puzzle.cells[i] == Cell::Wall {
                    continue;
                }
                let cr = cell_rect(rect, rows, cols, i / cols, i % cols).shrink(cell * 0.03);
                painter.rect_filled(cr, CornerRadius::same(2), tint);
            }
        }
    }

    /// Outlines every zone in its colour and labels each of its parts with its name, over the
    /// pieces, so a zone stays visible under the pieces standing in it.
    fn paint_zone_marks(&self, painter: &egui::Painter, rect: Rect, cell: f32) {
        let (rows, cols) = (self.puzzle.rows, self.puzzle.cols);
        let font = FontId::proportional((cell * 0.2).clamp(8.0, 14.0));
        for (z, zone) in self.puzzle.zones.iter().enumerate() {
            let color = zone_color(z);
            let width = if self.highlighted_zone == Some(zone.name) {
                (cell * 0.07).clamp(3.0, 5.0)
            } else {
                (cell * 0.04).clamp(1.5, 3.0)
            };
            let cells: Vec<CellPos> = (0..rows * cols)
                .filter(|&i| zone.cells.get(i) == Some(&true))
                .map(|i| (i / cols, i % cols))
                .collect();
            outline(
                painter,
                rect,
                rows,
                cols,
                &cells,
                Vec2::ZERO,
                Stroke::new(width, color),
            );
            for part in components(&cells) {
                let (r, c) = part[0];
                let corner = cell_rect(rect, rows, cols, r, c).min + Vec2::splat(4.0);
                let galley =
                    painter.layout_no_wrap(zone.name.to_string(), font.clone(), Color32::WHITE);
                let pill = Rect::from_min_size(corner, galley.size() + vec2(6.0, 2.0));
                painter.rect_filled(pill, CornerRadius::same(3), color);
                painter.galley(pill.min + vec2(3.0, 1.0), galley, Color32::WHITE);
            }
        }
    }

    /// Draws each exit: an opening in the frame beside the piece's goal cells and an arrow
    /// pointing out of the board.
    fn paint_exits(&self, painter: &egui::Painter, rect: Rect, cell: f32) {
        let (rows, cols) = (self.puzzle.rows, self.puzzle.cols);
        for exit in exits(self.puzzle) {
            let (r, c) = match exit.side {
                Dir::Left => (exit.line, 0),
                Dir::Right => (exit.line, cols - 1),
                Dir::Up => (0, exit.line),
                Dir::Down => (rows - 1, exit.line),
            };
            let cr = cell_rect(rect, rows, cols, r, c);
            let (dr, dc) = exit.side.delta();
            let out = vec2(dc as f32, dr as f32);
            // The opening: the frame's strip beside the cell, in the exit's colour.
            let inset = cell * 0.12;
            let strip = match exit.side {
                Dir::Right => Rect::from_min_max(
                    pos2(cr.max.x, cr.min.y + inset),
                    pos2(cr.max.x + 6.0, cr.max.y - inset),
                ),
                Dir::Left => Rect::from_min_max(
                    pos2(cr.min.x - 6.0, cr.min.y + inset),
                    pos2(cr.min.x, cr.max.y - inset),
                ),
                Dir::Down => Rect::from_min_max(
                    pos2(cr.min.x + inset, cr.max.y),
                    pos2(cr.max.x - inset, cr.max.y + 6.0),
                ),
                Dir::Up => Rect::from_min_max(
                    pos2(cr.min.x + inset, cr.min.y - 6.0),
                    pos2(cr.max.x - inset, cr.min.y),
                ),
            };
            painter.rect_filled(strip, 0.0, EXIT);
            let edge = cr.center()
                + out * (cr.width() * 0.5 * out.x.abs() + cr.height() * 0.5 * out.y.abs());
            let tip = edge + out * (EXIT_SPACE - 1.0);
            let head = (cell * 0.25).clamp(6.0, 12.0);
            painter.line_segment([edge + out * 7.0, tip - out * head], Stroke::new(4.0, EXIT));
            arrowhead(painter, tip, exit.side, head, EXIT);
        }
    }

    fn paint_goal_outline(&self, painter: &egui::Painter, rect: Rect, cell: f32) {
        let puzzle = self.puzzle;
        let (rows, cols) = (puzzle.rows, puzzle.cols);
        let stroke = Stroke::new(2.0, GOAL_OUTLINE);
        let dash = (cell / 8.0).max(2.0);
        for r in 0..rows {
            for c in 0..cols {
                let Some(t) = goal_at(puzzle, r, c) else {
                    continue;
                };
                // Only cells the goal still wants changed are outlined: where the start
                // position already agrees there is nothing to point out.
                let wanted = |r: usize, c: usize| {
                    goal_at(puzzle, r, c) == Some(t) && puzzle.cell(r, c) != Cell::Piece(t)
                };
                if !wanted(r, c) {
                    continue;
                }
                let cr = cell_rect(rect, rows, cols, r, c).shrink(cell * 0.12);
                let differs = |dr: i32, dc: i32| {
                    let (nr, nc) = (r as i32 + dr, c as i32 + dc);
                    nr < 0
                        || nc < 0
                        || nr as usize >= rows
                        || nc as usize >= cols
                        || !wanted(nr as usize, nc as usize)
                };
                let x0 = if differs(0, -1) {
                    cr.min.x
                } else {
                    cr.min.x - cell * 0.12
                };
                let x1 = if differs(0, 1) {
                    cr.max.x
                } else {
                    cr.max.x + cell * 0.12
                };
                let y0 = if differs(-1, 0) {
                    cr.min.y
                } else {
                    cr.min.y - cell * 0.12
                };
                let y1 = if differs(1, 0) {
                    cr.max.y
                } else {
                    cr.max.y + cell * 0.12
                };
                let mut segments = Vec::new();
                if differs(-1, 0) {
                    segments.push([pos2(x0, cr.min.y), pos2(x1, cr.min.y)]);
                }
                if differs(1, 0) {
                    segments.push([pos2(x0, cr.max.y), pos2(x1, cr.max.y)]);
                }
                if differs(0, -1) {
                    segments.push([pos2(cr.min.x, y0), pos2(cr.min.x, y1)]);
                }
                if differs(0, 1) {
                    segments.push([pos2(cr.max.x, y0), pos2(cr.max.x, y1)]);
                }
                for seg in segments {
                    painter.extend(Shape::dashed_line(&seg, stroke, dash, dash * 0.7));
                }
            }
        }
    }
}

/// Where and how big the board's cells are, for painting pieces.
#[derive(Clone, Copy)]
struct PieceGeometry {
    rect: Rect,
    rows: usize,
    cols: usize,
    cell: f32,
    radius: f32,
    gap: f32,
}

/// A piece's label: where its centre goes, its font size, its colour and the piece's fill
/// under it.
struct Label {
    at: Pos2,
    size: f32,
    color: Color32,
    fill: Color32,
}

/// Whether to outline the goal: always for block puzzles, and for tile puzzles only while
/// [`GOAL_KEY`] is held, since every tile out of place would carry an outline and their goal
/// is the familiar order.
fn outline_goal(tiles: bool, goal_key_held: bool) -> bool {
    !tiles || goal_key_held
}

/// The goal token at `(r, c)`, if the goal names one.
fn goal_at(puzzle: &Puzzle, r: usize, c: usize) -> Option<Token> {
    puzzle
        .goal
        .cells
        .get(r * puzzle.cols + c)
        .copied()
        .flatten()
}

/// Cells grouped by token, in reading order of each token's first cell.
fn groups(
    rows: usize,
    cols: usize,
    token_at: &impl Fn(usize, usize) -> Option<Token>,
) -> Vec<(Token, Vec<CellPos>)> {
    let mut out: Vec<(Token, Vec<CellPos>)> = Vec::new();
    let mut index: std::collections::BTreeMap<Token, usize> = std::collections::BTreeMap::new();
    for r in 0..rows {
        for c in 0..cols {
            if let Some(t) = token_at(r, c) {
                let k = *index.entry(t).or_insert_with(|| {
                    out.push((t, Vec::new()));
                    out.len() - 1
                });
                out[k].1.push((r, c));
            }
        }
    }
    out
}

/// The 4-connected parts of a set of cells, each in reading order.
fn components(cells: &[CellPos]) -> Vec<Vec<CellPos>> {
    let mut seen = vec![false; cells.len()];
    let mut parts = Vec::new();
    for start in 0..cells.len() {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut part = vec![cells[start]];
        let mut i = 0;
        while i < part.len() {
            let (r, c) = part[i];
            for (j, &(r2, c2)) in cells.iter().enumerate() {
                if !seen[j] && r.abs_diff(r2) + c.abs_diff(c2) == 1 {
                    seen[j] = true;
                    part.push((r2, c2));
                }
            }
            i += 1;
        }
        part.sort_unstable();
        parts.push(part);
    }
    parts
}

/// Where a piece's token goes on a board drawn in `rect`: the core's placement (inside the
/// piece, an L's in its corner cell), shared with the exported animation and the Python
/// package's pictures.
pub fn label_position(rect: Rect, rows: usize, cols: usize, cells: &[CellPos]) -> Pos2 {
    let [x, y] = raster::label_position(
        cells,
        [rect.min.x, rect.min.y],
        [rect.max.x, rect.max.y],
        rows,
        cols,
    );
    pos2(x, y)
}

/// Where a part of an axis-locked piece shows its axis: the two ends of the part's cells on
/// the line through its label along the axis, as arrowhead tips and the way they point.
fn axis_ends(
    rect: Rect,
    rows: usize,
    cols: usize,
    part: &[CellPos],
    label: Pos2,
    axis: Axis,
    gap: f32,
) -> Vec<(Pos2, Dir)> {
    let Some((lr, lc)) = cell_at(rect, rows, cols, label) else {
        return Vec::new();
    };
    let (w, h) = (rect.width() / cols as f32, rect.height() / rows as f32);
    let horizontal = axis == Axis::Horizontal;
    let along: Vec<usize> = part
        .iter()
        .filter(|&&(r, c)| if horizontal { r == lr } else { c == lc })
        .map(|&(r, c)| if horizontal { c } else { r })
        .collect();
    let (Some(&first), Some(&last)) = (along.iter().min(), along.iter().max()) else {
        return Vec::new();
    };
    if horizontal {
        let inset = gap + w * 0.1;
        let low = cell_rect(rect, rows, cols, lr, first).min.x + inset;
        let high = cell_rect(rect, rows, cols, lr, last).max.x - inset;
        vec![
            (pos2(low, label.y), Dir::Left),
            (pos2(high, label.y), Dir::Right),
        ]
    } else {
        let inset = gap + h * 0.1;
        let low = cell_rect(rect, rows, cols, first, lc).min.y + inset;
        let high = cell_rect(rect, rows, cols, last, lc).max.y - inset;
        vec![
            (pos2(label.x, low), Dir::Up),
            (pos2(label.x, high), Dir::Down),
        ]
    }
}

#[cfg(test)]
mod tests {
    use egui::{pos2, vec2};

    use super::*;

    #[test]
    fn tile_goals_are_outlined_only_on_demand() {
        assert!(outline_goal(false, false));
        assert!(!outline_goal(true, false));
        assert!(outline_goal(true, true));
    }

    #[test]
    fn split_pieces_have_one_label_per_part() {
        let parts = components(&[(0, 0), (0, 1), (1, 3), (2, 1), (2, 3)]);
        assert_eq!(
            parts,
            [vec![(0, 0), (0, 1)], vec![(1, 3), (2, 3)], vec![(2, 1)]]
        );
    }

    #[test]
    fn labels_sit_on_their_piece() {
        let rect = Rect::from_min_size(Pos2::ZERO, vec2(300.0, 300.0));
        // An L: the bounding-box centre (1, 1) is not part of it.
        let cells = [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)];
        let at = label_position(rect, 3, 3, &cells);
        assert!(cells.contains(&cell_at(rect, 3, 3, at).expect("on the board")));
        // A small L: the centre is the corner of four cells, one of them empty. The label
        // goes in the middle of the L's corner cell, off every line between cells.
        let cells = [(0, 0), (0, 1), (1, 1)];
        assert_eq!(label_position(rect, 3, 3, &cells), pos2(150.0, 50.0));
        // A domino's centre lies on the line between its cells, both its own: it stays.
        assert_eq!(
            label_position(rect, 3, 3, &[(0, 0), (0, 1)]),
            pos2(100.0, 50.0)
        );
    }
}
