//! Pictures drawn in software, pixel by pixel, for files: an RGB canvas that fills
//! rectangles and writes text in a small 5x7 bitmap font. The app's exported animations and
//! the Python package's animated PNGs draw with it, so their frames agree and render on any
//! machine, in any thread, without a GUI or an image library. The goal's dashed outline is
//! drawn here too, so both outline the same cells the same way.

use std::ops::Range;

use super::{Cell, Puzzle, Token};

/// An RGB picture being drawn: `width` x `height` pixels, three bytes each, row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canvas {
    width: usize,
    height: usize,
    rgb: Vec<u8>,
}

impl Canvas {
    /// A `width` x `height` picture filled with `fill`.
    pub fn new(width: usize, height: usize, fill: [u8; 3]) -> Self {
        Canvas {
            width,
            height,
            rgb: fill.repeat(width * height),
        }
    }

    /// The width in pixels.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The height in pixels.
    pub fn height(&self) -> usize {
        self.height
    }

    /// The pixels, three bytes (red, green, blue) each, row by row from the top left.
    pub fn rgb(&self) -> &[u8] {
        &self.rgb
    }

    /// The colour of the pixel at `(x, y)`, or `None` outside the picture.
    pub fn pixel(&self, x: usize, y: usize) -> Option<[u8; 3]> {
        if x >= self.width || y >= self.height {
            return None;
        }
        let at = 3 * (y * self.width + x);
        Some([self.rgb[at], self.rgb[at + 1], self.rgb[at + 2]])
    }

    /// Fills the rectangle `left..left+width`, `top..top+height`, clipped to the picture.
    pub fn fill(&mut self, left: usize, top: usize, width: usize, height: usize, colour: [u8; 3]) {
        for row in top..top.saturating_add(height).min(self.height) {
            for col in left..left.saturating_add(width).min(self.width) {
                let at = 3 * (row * self.width + col);
                self.rgb[at..at + 3].copy_from_slice(&colour);
            }
        }
    }

    /// Paints the piece's cell at row `r`, column `c` of `position`, whose top left pixel is
    /// `(left, top)`, `cell` pixels a side, in `colour`: inset by a gap that grows with the
    /// cells (so a large picture keeps its look) and joined across it to the neighbours of the
    /// same piece, so a block reads as one shape.
    pub fn piece_cell(
        &mut self,
        position: &Puzzle,
        (r, c): (usize, usize),
        (left, top): (usize, usize),
        cell: usize,
        colour: [u8; 3],
    ) {
        let Cell::Piece(token) = position.cell(r, c) else {
            return;
        };
        let same = |r: usize, c: usize| {
            r < position.rows && c < position.cols && position.cell(r, c) == Cell::Piece(token)
        };
        let gap = (cell / 16).max(1);
        let (right, down) = (same(r, c + 1), same(r + 1, c));
        let side = cell.saturating_sub(2 * gap);
        let wide = side + usize::from(right) * 2 * gap;
        let tall = side + usize::from(down) * 2 * gap;
        self.fill(left + gap, top + gap, wide, side, colour);
        self.fill(left + gap, top + gap, side, tall, colour);
        if right && down && same(r + 1, c + 1) {
            self.fill(left + gap, top + gap, wide, tall, colour);
        }
    }

    /// Writes `text` centred on `(cx, cy)` in the bitmap font, each dot `scale` pixels; text
    /// wider than the room left of the centre starts at the left edge.
    pub fn text(&mut self, cx: usize, cy: usize, text: &str, scale: usize, colour: [u8; 3]) {
        let width = text_width(text, scale);
        let (left, top) = (
            cx.saturating_sub(width / 2),
            cy.saturating_sub(7 * scale / 2),
        );
        self.text_at(left, top, text, scale, colour);
    }

    /// Writes `caption` centred in a strip `height` pixels high from `top`, kept `margin`
    /// pixels from the sides: in large dots when they fit the width, else small ones, else only
    /// its numbers and short words ("3 of 81 A 2"), as every exported animation captions its
    /// frames.
    pub fn caption(
        &mut self,
        top: usize,
        height: usize,
        margin: usize,
        caption: &str,
        colour: [u8; 3],
    ) {
        let room = self.width.saturating_sub(2 * margin);
        let short: String = caption
            .split(' ')
            .filter(|w| w.chars().any(|c| c.is_ascii_digit()) || w.len() <= 3)
            .filter(|w| !w.eq_ignore_ascii_case("move"))
            .collect::<Vec<_>>()
            .join(" ");
        let (text, scale) = [(caption, 2), (caption, 1), (short.as_str(), 1)]
            .into_iter()
            .find(|(text, scale)| text_width(text, *scale) <= room)
            .unwrap_or((short.as_str(), 1));
        let centre = top + height.saturating_sub(margin / 2) / 2;
        self.text(self.width / 2, centre, text, scale, colour);
    }

    /// Writes `text` from its top left corner `(left, top)` in the bitmap font, each dot
    /// `scale` pixels.
    pub fn text_at(&mut self, left: usize, top: usize, text: &str, scale: usize, colour: [u8; 3]) {
        for (i, ch) in text.chars().enumerate() {
            for (r, bits) in glyph(ch).iter().enumerate() {
                for c in 0..5 {
                    if bits >> (4 - c) & 1 == 1 {
                        let x = left + (i * 6 + c) * scale;
                        self.fill(x, top + r * scale, scale, scale, colour);
                    }
                }
            }
        }
    }
}

/// The width in pixels of `text` in the bitmap font at `scale`: 5 dots a character and one
/// between characters.
pub fn text_width(text: &str, scale: usize) -> usize {
    (text.chars().count() * 6 * scale).saturating_sub(scale)
}

/// The 5x7 dots of a character, a row a byte, the leftmost dot the highest of five bits
/// (digits, letters in upper case, `_`, `·`, `*`, `-`; anything else blank).
pub fn glyph(ch: char) -> &'static [u8; 7] {
    const DIGITS: [[u8; 7]; 10] = [
        [14, 17, 19, 21, 25, 17, 14],
        [4, 12, 4, 4, 4, 4, 14],
        [14, 17, 1, 2, 4, 8, 31],
        [31, 2, 4, 2, 1, 17, 14],
        [2, 6, 10, 18, 31, 2, 2],
        [31, 16, 30, 1, 1, 17, 14],
        [6, 8, 16, 30, 17, 17, 14],
        [31, 1, 2, 4, 8, 8, 8],
        [14, 17, 17, 14, 17, 17, 14],
        [14, 17, 17, 15, 1, 2, 12],
    ];
    const LETTERS: [[u8; 7]; 26] = [
        [14, 17, 17, 31, 17, 17, 17],
        [30, 17, 17, 30, 17, 17, 30],
        [14, 17, 16, 16, 16, 17, 14],
        [28, 18, 17, 17, 17, 18, 28],
        [31, 16, 16, 30, 16, 16, 31],
        [31, 16, 16, 30, 16, 16, 16],
        [14, 17, 16, 23, 17, 17, 15],
        [17, 17, 17, 31, 17, 17, 17],
        [14, 4, 4, 4, 4, 4, 14],
        [7, 2, 2, 2, 2, 18, 12],
        [17, 18, 20, 24, 20, 18, 17],
        [16, 16, 16, 16, 16, 16, 31],
        [17, 27, 21, 21, 17, 17, 17],
        [17, 17, 25, 21, 19, 17, 17],
        [14, 17, 17, 17, 17, 17, 14],
        [30, 17, 17, 30, 16, 16, 16],
        [14, 17, 17, 17, 21, 18, 13],
        [30, 17, 17, 30, 20, 18, 17],
        [15, 16, 16, 14, 1, 1, 30],
        [31, 4, 4, 4, 4, 4, 4],
        [17, 17, 17, 17, 17, 17, 14],
        [17, 17, 17, 17, 17, 10, 4],
        [17, 17, 17, 21, 21, 21, 10],
        [17, 17, 10, 4, 10, 17, 17],
        [17, 17, 10, 4, 4, 4, 4],
        [31, 1, 2, 4, 8, 16, 31],
    ];
    const UNDERSCORE: [u8; 7] = [0, 0, 0, 0, 0, 0, 31];
    const MIDDLE_DOT: [u8; 7] = [0, 0, 0, 4, 0, 0, 0];
    const STAR: [u8; 7] = [0, 4, 21, 14, 21, 4, 0];
    const DASH: [u8; 7] = [0, 0, 0, 31, 0, 0, 0];
    const BLANK: [u8; 7] = [0; 7];
    match ch {
        '0'..='9' => &DIGITS[ch as usize - '0' as usize],
        'a'..='z' => &LETTERS[ch as usize - 'a' as usize],
        'A'..='Z' => &LETTERS[ch as usize - 'A' as usize],
        '_' => &UNDERSCORE,
        '·' => &MIDDLE_DOT,
        '*' => &STAR,
        '-' => &DASH,
        _ => &BLANK,
    }
}

/// Where a piece's label goes on a board drawn in the rectangle from `min` to `max` (its top
/// left and bottom right corners, x and y) with `rows` x `cols` cells, the piece's `cells` given as (row, column): the
/// centre of their bounding box when the piece covers the label there (the centre may lie on a
/// line between cells: every cell a quarter cell around it must be the piece's), else the
/// centre of the piece cell nearest to it, the one with the most of the piece around it among
/// equals (the corner of an L). The app's board, its exported animation and the Python
/// package's pictures all place labels with it; in `f32`, as the app's screen works.
pub fn label_position(
    cells: &[(usize, usize)],
    min: [f32; 2],
    max: [f32; 2],
    rows: usize,
    cols: usize,
) -> [f32; 2] {
    let (origin, size) = (min, [max[0] - min[0], max[1] - min[1]]);
    let cell = [size[0] / cols.max(1) as f32, size[1] / rows.max(1) as f32];
    let corner = |row: usize, col: usize| {
        [
            origin[0] + col as f32 * cell[0],
            origin[1] + row as f32 * cell[1],
        ]
    };
    let cell_centre = |row: usize, col: usize| {
        let top_left = corner(row, col);
        [
            f32::midpoint(top_left[0], top_left[0] + cell[0]),
            f32::midpoint(top_left[1], top_left[1] + cell[1]),
        ]
    };
    let cell_at = |[px, py]: [f32; 2]| {
        let inside = px >= min[0] && px <= max[0] && py >= min[1] && py <= max[1];
        if !inside || rows == 0 || cols == 0 {
            return None;
        }
        let col = ((px - origin[0]) / size[0] * cols as f32) as usize;
        let row = ((py - origin[1]) / size[1] * rows as f32) as usize;
        Some((row.min(rows - 1), col.min(cols - 1)))
    };
    let min_r = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let max_r = cells.iter().map(|c| c.0).max().unwrap_or(0);
    let min_c = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let max_c = cells.iter().map(|c| c.1).max().unwrap_or(0);
    let (first, last) = (corner(min_r, min_c), corner(max_r, max_c));
    let far = [last[0] + cell[0], last[1] + cell[1]];
    let centre = [
        f32::midpoint(first[0], far[0]),
        f32::midpoint(first[1], far[1]),
    ];
    // A cell's size as the app's screen rectangle has it (its far corner less its near one).
    let quarter = [
        ((first[0] + cell[0]) - first[0]) / 4.0,
        ((first[1] + cell[1]) - first[1]) / 4.0,
    ];
    let covered = [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)]
        .iter()
        .all(|&(dx, dy)| {
            let probe = [centre[0] + dx * quarter[0], centre[1] + dy * quarter[1]];
            cell_at(probe).is_some_and(|at| cells.contains(&at))
        });
    if covered {
        return centre;
    }
    let neighbours = |&(r, c): &(usize, usize)| {
        cells
            .iter()
            .filter(|&&(rr, cc)| r.abs_diff(rr) + c.abs_diff(cc) == 1)
            .count()
    };
    let distance = |&(r, c): &(usize, usize)| {
        let [px, py] = cell_centre(r, c);
        let (dx, dy) = (px - centre[0], py - centre[1]);
        dx * dx + dy * dy
    };
    cells
        .iter()
        .min_by(|p, q| {
            distance(p)
                .total_cmp(&distance(q))
                .then(neighbours(q).cmp(&neighbours(p)))
        })
        .map_or(centre, |&(r, c)| cell_centre(r, c))
}

/// Outlines, in dashes of `colour`, the goal cells `position` has not filled yet, as the app's
/// board does: a cell where the position already agrees with the goal has nothing to point
/// out, and the outline of neighbouring cells wanting the same piece runs on as one shape.
/// The board's top left corner is at `origin` (x, y), its cells `cell` pixels wide.
pub fn goal_outline(
    canvas: &mut Canvas,
    position: &Puzzle,
    origin: [usize; 2],
    cell: usize,
    colour: [u8; 3],
) {
    let (rows, cols) = (position.rows, position.cols);
    let goal_at = |row: usize, col: usize| position.goal.cells.get(row * cols + col).copied()?;
    let wanted = |row: usize, col: usize, piece: Token| {
        goal_at(row, col) == Some(piece) && position.cell(row, col) != Cell::Piece(piece)
    };
    let inset = cell * 12 / 100;
    let width = (cell / 24).max(2);
    let dashes = Dashes {
        dash: (cell / 8).max(2),
        period: (cell / 8).max(2) * 17 / 10,
        origin,
        colour,
    };
    for row in 0..rows {
        for col in 0..cols {
            let Some(piece) = goal_at(row, col).filter(|&p| wanted(row, col, p)) else {
                continue;
            };
            let differs = |dr: isize, dc: isize| {
                let next = row.checked_add_signed(dr).zip(col.checked_add_signed(dc));
                !next.is_some_and(|(nr, nc)| nr < rows && nc < cols && wanted(nr, nc, piece))
            };
            let corner = (origin[0] + col * cell, origin[1] + row * cell);
            // A side stops at the corner where the outline turns, and runs to the cell's
            // edge where the neighbour's side goes on.
            let span = |low: bool, high: bool| {
                (if low { inset } else { 0 })..(if high { cell - inset } else { cell })
            };
            let (xs, ys) = (
                span(differs(0, -1), differs(0, 1)),
                span(differs(-1, 0), differs(1, 0)),
            );
            let near = inset..inset + width;
            let far = cell - inset - width..cell - inset;
            if differs(-1, 0) {
                dashes.horizontal(canvas, corner, xs.clone(), near.clone());
            }
            if differs(1, 0) {
                dashes.horizontal(canvas, corner, xs, far.clone());
            }
            if differs(0, -1) {
                dashes.vertical(canvas, corner, near, ys.clone());
            }
            if differs(0, 1) {
                dashes.vertical(canvas, corner, far, ys);
            }
        }
    }
}

/// The goal outline's dash pattern: `dash` pixels inked of every `period`, counted from the
/// board's corner `origin` (x, y) so the dashes of neighbouring cells run on without a break.
struct Dashes {
    dash: usize,
    period: usize,
    origin: [usize; 2],
    colour: [u8; 3],
}

impl Dashes {
    /// Whether the pixel `at` along axis `axis` (0: x, 1: y) is inked.
    fn inked(&self, at: usize, axis: usize) -> bool {
        (at - self.origin[axis]) % self.period < self.dash
    }

    /// A dashed line across the cell whose top left pixel is `(x, y)`: its columns `xs`
    /// and rows `ys` (its thickness), counted from that pixel.
    fn horizontal(
        &self,
        canvas: &mut Canvas,
        (x, y): (usize, usize),
        xs: Range<usize>,
        ys: Range<usize>,
    ) {
        for col in xs.map(|dx| x + dx).filter(|&col| self.inked(col, 0)) {
            canvas.fill(col, y + ys.start, 1, ys.len(), self.colour);
        }
    }

    /// A dashed line down the cell whose top left pixel is `(x, y)`: its columns `xs` (its
    /// thickness) and rows `ys`, counted from that pixel.
    fn vertical(
        &self,
        canvas: &mut Canvas,
        (x, y): (usize, usize),
        xs: Range<usize>,
        ys: Range<usize>,
    ) {
        for row in ys.map(|dy| y + dy).filter(|&row| self.inked(row, 1)) {
            canvas.fill(x + xs.start, row, xs.len(), 1, self.colour);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INK: [u8; 3] = [1, 2, 3];
    const PAPER: [u8; 3] = [250, 250, 250];

    /// The inked pixels of `canvas`, as `(x, y)`.
    fn inked(canvas: &Canvas) -> Vec<(usize, usize)> {
        (0..canvas.height())
            .flat_map(|y| (0..canvas.width()).map(move |x| (x, y)))
            .filter(|&(x, y)| canvas.pixel(x, y) == Some(INK))
            .collect()
    }

    #[test]
    fn a_caption_shrinks_to_fit_then_keeps_its_numbers() {
        let ink = [0, 0, 0];
        let inked = |canvas: &Canvas| {
            (0..canvas.width())
                .filter(|&x| (0..canvas.height()).any(|y| canvas.pixel(x, y) == Some(ink)))
                .count()
        };
        let caption = "move 12 of 81 piece A";
        // Wide enough for large dots, then only for small ones, then only for the short form.
        for (width, scale, text) in [(400, 2, caption), (160, 1, caption), (80, 1, "12 of 81 A")] {
            let mut canvas = Canvas::new(width, 30, [255; 3]);
            canvas.caption(0, 30, 8, caption, ink);
            let mut expected = Canvas::new(width, 30, [255; 3]);
            expected.text(width / 2, 13, text, scale, ink);
            assert_eq!(canvas.rgb(), expected.rgb(), "{width}");
            assert!(inked(&canvas) > 0, "{width}");
        }
    }

    #[test]
    fn a_fill_covers_its_rectangle_clipped_to_the_picture() {
        let mut canvas = Canvas::new(5, 4, PAPER);
        canvas.fill(3, 2, 10, 10, INK);
        assert_eq!(inked(&canvas), [(3, 2), (4, 2), (3, 3), (4, 3)]);
        assert_eq!(canvas.rgb().len(), 5 * 4 * 3);
        assert_eq!(canvas.pixel(5, 0), None);
        // Far outside, or of a size that would overflow, nothing is drawn and nothing panics.
        canvas.fill(usize::MAX, usize::MAX, usize::MAX, 3, PAPER);
        assert_eq!(inked(&canvas).len(), 4);
    }

    #[test]
    fn a_character_is_drawn_dot_for_dot_from_its_glyph() {
        let scale = 3;
        let mut canvas = Canvas::new(20, 30, PAPER);
        canvas.text_at(1, 2, "L", scale, INK);
        // L: the left column of dots, then the bottom row.
        let mut expected: Vec<(usize, usize)> = Vec::new();
        for (r, bits) in glyph('L').iter().enumerate() {
            for c in 0..5 {
                if bits >> (4 - c) & 1 == 1 {
                    for dy in 0..scale {
                        for dx in 0..scale {
                            expected.push((1 + c * scale + dx, 2 + r * scale + dy));
                        }
                    }
                }
            }
        }
        expected.sort_by_key(|&(x, y)| (y, x));
        assert_eq!(inked(&canvas), expected);
        assert_eq!(expected.len(), (7 + 4) * scale * scale);
    }

    #[test]
    fn centred_text_is_centred_and_as_wide_as_measured() {
        let mut canvas = Canvas::new(60, 20, PAPER);
        canvas.text(30, 10, "HM", 2, INK);
        let xs: Vec<usize> = inked(&canvas).iter().map(|p| p.0).collect();
        let ys: Vec<usize> = inked(&canvas).iter().map(|p| p.1).collect();
        let (left, right) = (xs.iter().min().copied(), xs.iter().max().copied());
        assert_eq!(
            right.zip(left).map(|(r, l)| r + 1 - l),
            Some(text_width("HM", 2))
        );
        assert_eq!(left, Some(30 - text_width("HM", 2) / 2));
        let (top, bottom) = (ys.iter().min().copied(), ys.iter().max().copied());
        assert_eq!(top, Some(10 - 7));
        assert_eq!(bottom, Some(10 - 7 + 13));
    }

    #[test]
    fn letters_ignore_case_and_unknown_characters_are_blank() {
        assert_eq!(glyph('a'), glyph('A'));
        assert_ne!(glyph('A'), glyph('B'));
        assert_eq!(glyph('('), &[0; 7]);
        assert_eq!(text_width("", 4), 0);
        assert_eq!(text_width("ab", 1), 11);
        let mut canvas = Canvas::new(10, 10, PAPER);
        canvas.text(5, 5, "?", 1, INK);
        assert!(inked(&canvas).is_empty());
    }

    #[test]
    fn the_goal_outline_runs_round_the_unfilled_cells_as_one_shape() {
        // A wants the 2x1 cells of the right column; B already fills its goal cell.
        let puzzle = Puzzle::from_rows(&["A B", ". B", ". ."], &[". B", ". A", ". A"])
            .expect("a valid puzzle");
        let cell = 48;
        let mut canvas = Canvas::new(2 * cell, 3 * cell, PAPER);
        goal_outline(&mut canvas, &puzzle, [0, 0], cell, INK);
        let ink = inked(&canvas);
        let inset = cell * 12 / 100;
        let (x0, x1) = (cell + inset, 2 * cell - inset);
        let (y0, y1) = (cell + inset, 3 * cell - inset);
        assert!(!ink.is_empty());
        // Every inked pixel lies on the outline of the 1x2 block of A's goal cells ...
        for &(x, y) in &ink {
            assert!((x0..x1).contains(&x) && (y0..y1).contains(&y), "({x}, {y})");
            let edge = x < x0 + 2 || x >= x1 - 2 || y < y0 + 2 || y >= y1 - 2;
            assert!(edge, "({x}, {y}) inside the outline");
        }
        // ... in dashes: some of the top side's pixels, not all.
        let top = ink.iter().filter(|p| p.1 == y0).count();
        assert!(top > 0 && top < x1 - x0, "{top} of {}", x1 - x0);
        // And nothing between the two cells: one shape.
        assert!(
            !ink.iter()
                .any(|&(x, y)| y == 2 * cell && x > x0 + 2 && x < x1 - 2)
        );
    }

    #[test]
    fn a_label_sits_on_its_piece_off_the_lines_between_cells() {
        // In whole pixels: the board's corner at (10, 20), cells 100 pixels wide.
        let at = |cells: &[(usize, usize)]| {
            label_position(cells, [10.0, 20.0], [310.0, 320.0], 3, 3).map(|v| v.round() as i64)
        };
        // A big L: the bounding box's centre (1, 1) is not part of it; the label goes in one
        // of the L's cells.
        let cells = [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)];
        let [x, y] = at(&cells);
        let cell = (((y - 20) / 100) as usize, ((x - 10) / 100) as usize);
        assert!(cells.contains(&cell), "{cell:?}");
        // A small L: its box's centre is the corner of four cells, one empty. The label goes
        // in the middle of the L's corner cell.
        assert_eq!(at(&[(0, 0), (0, 1), (1, 1)]), [10 + 150, 20 + 50]);
        // A domino's centre lies on the line between its own two cells: it stays there.
        assert_eq!(at(&[(0, 0), (0, 1)]), [10 + 100, 20 + 50]);
        // A 2x2 block: the centre of the box.
        assert_eq!(at(&[(1, 1), (1, 2), (2, 1), (2, 2)]), [10 + 200, 20 + 200]);
    }
}
