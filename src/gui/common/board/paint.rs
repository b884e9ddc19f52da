//! Painting the board: cells, walls, pieces as merged rounded shapes with their token, the
//! goal's "don't care" hatching, and the optional outlines and highlights.

use egui::{
    Align2, Color32, CornerRadius, FontId, Pos2, Rect, Shape, Stroke, StrokeKind, Ui, Vec2, pos2,
};

use super::{Board, CellPos, Layer, cell_at, cell_center, cell_rect};
use crate::gui::common::colors::{piece_color, text_color_on, to_color32};
use crate::model::{Cell, Puzzle, Token};

/// Background of the board frame.
const FRAME: Color32 = Color32::from_rgb(0x3b, 0x33, 0x2c);
/// An empty cell.
const EMPTY: Color32 = Color32::from_rgb(0xf4, 0xef, 0xe6);
/// A "don't care" goal cell.
const DONT_CARE: Color32 = Color32::from_rgb(0xdd, 0xd8, 0xd0);
/// A wall.
const WALL: Color32 = Color32::from_rgb(0x4a, 0x4a, 0x50);
/// Highlighted cells (validation findings).
const HIGHLIGHT: Color32 = Color32::from_rgb(0xe0, 0x20, 0x20);
/// The highlighted piece (a hint).
const PIECE_HIGHLIGHT: Color32 = Color32::from_rgb(0xff, 0xd0, 0x00);

impl Board<'_> {
    /// Paints the board in `rect` with cells `cell` points wide, outlining `hovered`.
    pub(super) fn paint(&self, ui: &Ui, rect: Rect, cell: f32, hovered: Option<CellPos>) {
        let painter = ui.painter_at(rect.expand(8.0));
        let puzzle = self.puzzle;
        let (rows, cols) = (puzzle.rows, puzzle.cols);
        let radius = (cell * 0.16).clamp(1.0, 12.0);
        painter.rect_filled(
            rect.expand(5.0),
            CornerRadius::same(radius as u8 + 3),
            FRAME,
        );

        self.paint_cells(&painter, rect, cell);

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
        let draw_labels = |token: Token, labels: Vec<(Pos2, f32, Color32)>| {
            for (pos, size, color) in labels {
                painter.text(
                    pos,
                    Align2::CENTER_CENTER,
                    token.as_str(),
                    FontId::proportional(size),
                    color,
                );
            }
        };
        let still_labels: Vec<_> = still
            .iter()
            .map(|(token, cells)| {
                let labels = self.paint_piece(&painter, &geometry, *token, cells, Vec2::ZERO);
                (*token, labels)
            })
            .collect();
        if self.goal_outline && self.layer == Layer::Start {
            self.paint_goal_outline(&painter, rect, cell);
        }
        for (token, labels) in still_labels {
            draw_labels(token, labels);
        }
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
        if let Some((r, c)) = hovered {
            painter.rect_stroke(
                cell_rect(rect, rows, cols, r, c),
                CornerRadius::same(2),
                Stroke::new(2.0, Color32::from_white_alpha(200)),
                StrokeKind::Inside,
            );
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
                        hatch(painter, cr, Color32::from_gray(0x5c), cell / 5.0);
                    }
                    _ if goal_layer && goal_at(puzzle, r, c).is_none() => {
                        painter.rect_filled(inner, CornerRadius::same(2), DONT_CARE);
                        hatch(painter, inner, Color32::from_gray(0xc2), cell / 6.0);
                    }
                    // Under a piece the tray shows through the gaps between pieces.
                    Cell::Piece(_) if !goal_layer => {}
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
    ) -> Vec<(Pos2, f32, Color32)> {
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
        if size >= 6.0 {
            // A piece drawn in several parts (while it is being edited) is labelled on
            // each part.
            for part in components(cells) {
                let at = label_position(rect, rows, cols, &part) + shift;
                labels.push((at, size, text_color_on(fill)));
            }
        }
        labels
    }

    fn paint_goal_outline(&self, painter: &egui::Painter, rect: Rect, cell: f32) {
        let puzzle = self.puzzle;
        let (rows, cols) = (puzzle.rows, puzzle.cols);
        let stroke = Stroke::new(2.0, Color32::from_rgb(0x20, 0x20, 0x20));
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

/// Where a piece's token goes: the centre of its bounding box when that lies on the piece,
/// else the centre of the piece cell nearest to it (for L shapes and split pieces).
fn label_position(rect: Rect, rows: usize, cols: usize, cells: &[CellPos]) -> Pos2 {
    let min_r = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let max_r = cells.iter().map(|c| c.0).max().unwrap_or(0);
    let min_c = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let max_c = cells.iter().map(|c| c.1).max().unwrap_or(0);
    let a = cell_rect(rect, rows, cols, min_r, min_c);
    let b = cell_rect(rect, rows, cols, max_r, max_c);
    let centre = a.union(b).center();
    if let Some(inside) = cell_at(rect, rows, cols, centre)
        && cells.contains(&inside)
    {
        return centre;
    }
    cells
        .iter()
        .map(|&(r, c)| cell_center(rect, rows, cols, r, c))
        .min_by(|p, q| p.distance_sq(centre).total_cmp(&q.distance_sq(centre)))
        .unwrap_or(centre)
}

/// Strokes the outer edges of a set of cells.
fn outline(
    painter: &egui::Painter,
    rect: Rect,
    rows: usize,
    cols: usize,
    cells: &[CellPos],
    shift: Vec2,
    stroke: Stroke,
) {
    for &(r, c) in cells {
        let cr = cell_rect(rect, rows, cols, r, c)
            .translate(shift)
            .shrink(1.5);
        let has = |dr: i32, dc: i32| {
            let (nr, nc) = (r as i32 + dr, c as i32 + dc);
            nr >= 0 && nc >= 0 && cells.contains(&(nr as usize, nc as usize))
        };
        if !has(-1, 0) {
            painter.line_segment([cr.left_top(), cr.right_top()], stroke);
        }
        if !has(1, 0) {
            painter.line_segment([cr.left_bottom(), cr.right_bottom()], stroke);
        }
        if !has(0, -1) {
            painter.line_segment([cr.left_top(), cr.left_bottom()], stroke);
        }
        if !has(0, 1) {
            painter.line_segment([cr.right_top(), cr.right_bottom()], stroke);
        }
    }
}

/// Thin diagonal lines across `rect`, `spacing` points apart.
fn hatch(painter: &egui::Painter, rect: Rect, color: Color32, spacing: f32) {
    let painter = painter.with_clip_rect(rect);
    let spacing = spacing.max(3.0);
    let stroke = Stroke::new(1.0, color);
    let mut x = rect.min.x - rect.height();
    while x < rect.max.x {
        painter.line_segment(
            [pos2(x, rect.max.y), pos2(x + rect.height(), rect.min.y)],
            stroke,
        );
        x += spacing;
    }
}

#[cfg(test)]
mod tests {
    use egui::vec2;

    use super::*;

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
    }
}
