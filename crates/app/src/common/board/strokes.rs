//! The strokes the board is drawn with besides its cells: outlines round sets of cells (a
//! piece, the goal, a zone, the highlighted cells), arrowheads and hatching.

use egui::{Color32, Pos2, Rect, Shape, Stroke, Vec2, pos2, vec2};

use super::{CellPos, cell_rect};
use blockslide_core::model::Dir;

/// A filled triangle `size` points long with its tip at `tip`, pointing in `dir`.
pub(super) fn arrowhead(painter: &egui::Painter, tip: Pos2, dir: Dir, size: f32, color: Color32) {
    let (dr, dc) = dir.delta();
    let forward = vec2(dc as f32, dr as f32);
    let side = vec2(-forward.y, forward.x);
    let base = tip - forward * size;
    painter.add(Shape::convex_polygon(
        vec![tip, base + side * size * 0.8, base - side * size * 0.8],
        color,
        Stroke::NONE,
    ));
}

/// Strokes the outer edges of a set of cells as one outline, just inside them. Each side
/// runs on to meet the next: straight through a join of two cells, and to the corner where
/// the outline turns. Cells outlined each on its own leave gaps at the joins, where the
/// board's frame shows through as a seam across the piece.
pub fn outline(
    painter: &egui::Painter,
    rect: Rect,
    rows: usize,
    cols: usize,
    cells: &[CellPos],
    shift: Vec2,
    stroke: Stroke,
) {
    const INSET: f32 = 1.5;
    let has = |r: usize, c: usize, (dr, dc): (i32, i32)| {
        let (nr, nc) = (r as i32 + dr, c as i32 + dc);
        nr >= 0 && nc >= 0 && cells.contains(&(nr as usize, nc as usize))
    };
    // Each side as its outward step (row, column) and the step along it.
    let sides = [
        ((-1, 0), (0, 1)),
        ((1, 0), (0, 1)),
        ((0, -1), (1, 0)),
        ((0, 1), (1, 0)),
    ];
    for &(r, c) in cells {
        let cr = cell_rect(rect, rows, cols, r, c).translate(shift);
        let half = cr.size() / 2.0;
        for (out, along) in sides {
            if has(r, c, out) {
                continue;
            }
            // How far an end of the side reaches past the cell's corner: where the outline
            // turns round the cell, to just inside it; straight on, to the corner; where it
            // turns round a neighbour, on to the neighbour's side. A turn overlaps the next
            // side by half the stroke, so the corner is square.
            let past = |sign: i32| {
                let ahead = (along.0 * sign, along.1 * sign);
                let beyond = (ahead.0 + out.0, ahead.1 + out.1);
                match (has(r, c, ahead), has(r, c, beyond)) {
                    (false, _) => stroke.width / 2.0 - INSET,
                    (true, false) => 0.0,
                    (true, true) => INSET + stroke.width / 2.0,
                }
            };
            let o = vec2(out.1 as f32, out.0 as f32);
            let a = vec2(along.1 as f32, along.0 as f32);
            let middle = cr.center() + o * half - o * INSET;
            let length = (a * half).length();
            painter.line_segment(
                [
                    middle - a * (length + past(-1)),
                    middle + a * (length + past(1)),
                ],
                stroke,
            );
        }
    }
}

/// Thin diagonal lines across `rect`, `spacing` points apart.
pub(super) fn hatch(painter: &egui::Painter, rect: Rect, color: Color32, spacing: f32) {
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
