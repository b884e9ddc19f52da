//! A solution as an animated PNG (APNG), for slides: one frame per move, drawn in software
//! (flat cells in the pieces' colours, tokens in a small bitmap font), so it renders on any
//! machine and in a background thread.

use std::sync::atomic::{AtomicBool, Ordering};

use egui::Color32;

use crate::common::colors::{piece_color, text_color_on, to_color32};
use blockslide_core::model::{Cell, Puzzle, Token};
use blockslide_core::solve::PieceMove;

/// The side of a cell in pixels.
const CELL: usize = 48;
/// The frame around the board in pixels.
const MARGIN: usize = 10;
/// The gap between two pieces in pixels.
const GAP: usize = 3;
/// The board's frame.
const FRAME: [u8; 3] = [0x3b, 0x32, 0x2a];
/// An empty cell.
const EMPTY: [u8; 3] = [0xf4, 0xf1, 0xec];
/// A wall.
const WALL: [u8; 3] = [0x4a, 0x4a, 0x50];

/// An RGB picture being drawn.
struct Canvas {
    width: usize,
    height: usize,
    rgb: Vec<u8>,
}

impl Canvas {
    fn new(width: usize, height: usize, fill: [u8; 3]) -> Self {
        Canvas {
            width,
            height,
            rgb: fill.repeat(width * height),
        }
    }

    /// Fills the rectangle `x..x+w`, `y..y+h` (clipped to the canvas).
    fn fill(&mut self, left: usize, top: usize, width: usize, height: usize, colour: [u8; 3]) {
        for row in top..(top + height).min(self.height) {
            for col in left..(left + width).min(self.width) {
                let at = 3 * (row * self.width + col);
                self.rgb[at..at + 3].copy_from_slice(&colour);
            }
        }
    }

    /// Writes `text` centred on `(cx, cy)` in the bitmap font, each dot `scale` pixels.
    fn text(&mut self, cx: usize, cy: usize, text: &str, scale: usize, colour: [u8; 3]) {
        let glyphs: Vec<&[u8; 7]> = text.chars().map(glyph).collect();
        let width = glyphs.len() * 6 * scale - scale;
        let (x0, y0) = (
            cx.saturating_sub(width / 2),
            cy.saturating_sub(7 * scale / 2),
        );
        for (i, rows) in glyphs.iter().enumerate() {
            for (r, bits) in rows.iter().enumerate() {
                for c in 0..5 {
                    if bits >> (4 - c) & 1 == 1 {
                        let x = x0 + (i * 6 + c) * scale;
                        self.fill(x, y0 + r * scale, scale, scale, colour);
                    }
                }
            }
        }
    }
}

/// The 5x7 dots of a character (digits, letters in upper case, `_`; anything else blank).
fn glyph(ch: char) -> &'static [u8; 7] {
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
    const BLANK: [u8; 7] = [0; 7];
    match ch {
        '0'..='9' => &DIGITS[ch as usize - '0' as usize],
        'a'..='z' => &LETTERS[ch as usize - 'a' as usize],
        'A'..='Z' => &LETTERS[ch as usize - 'A' as usize],
        '_' => &UNDERSCORE,
        _ => &BLANK,
    }
}

fn rgb(c: Color32) -> [u8; 3] {
    [c.r(), c.g(), c.b()]
}

/// Draws `position` (a puzzle's start) as one frame.
fn draw(position: &Puzzle) -> Canvas {
    let (rows, cols) = (position.rows, position.cols);
    let mut canvas = Canvas::new(cols * CELL + 2 * MARGIN, rows * CELL + 2 * MARGIN, FRAME);
    let token_at = |r: usize, c: usize| match position.cell(r, c) {
        Cell::Piece(t) => Some(t),
        _ => None,
    };
    let mut labelled: Vec<Token> = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let (left, top) = (MARGIN + c * CELL, MARGIN + r * CELL);
            match position.cell(r, c) {
                Cell::Wall => canvas.fill(left, top, CELL, CELL, WALL),
                Cell::Empty => canvas.fill(left + 1, top + 1, CELL - 2, CELL - 2, EMPTY),
                Cell::Piece(token) => {
                    let colour = rgb(to_color32(piece_color(position, token)));
                    // A piece's cells join across the gap to their neighbours of the same
                    // piece, so a block reads as one shape.
                    let right = c + 1 < cols && token_at(r, c + 1) == Some(token);
                    let down = r + 1 < rows && token_at(r + 1, c) == Some(token);
                    let width = CELL - 2 * GAP;
                    let wide = width + usize::from(right) * 2 * GAP;
                    let tall = width + usize::from(down) * 2 * GAP;
                    canvas.fill(left + GAP, top + GAP, wide, width, colour);
                    canvas.fill(left + GAP, top + GAP, width, tall, colour);
                    if right && down && r + 1 < rows && token_at(r + 1, c + 1) == Some(token) {
                        canvas.fill(left + GAP, top + GAP, wide, tall, colour);
                    }
                    if !labelled.contains(&token) {
                        labelled.push(token);
                    }
                }
            }
        }
    }
    // Each piece's token at the middle of its cells.
    for t in labelled {
        let cells: Vec<usize> = (0..position.cells.len())
            .filter(|&i| position.cells[i] == Cell::Piece(t))
            .collect();
        let n = cells.len().max(1);
        let cx = cells.iter().map(|i| i % cols * CELL).sum::<usize>() / n;
        let cy = cells.iter().map(|i| i / cols * CELL).sum::<usize>() / n;
        let fill = to_color32(piece_color(position, t));
        let ink = rgb(text_color_on(fill));
        let scale = if t.as_str().len() > 2 { 2 } else { 3 };
        canvas.text(
            MARGIN + cx + CELL / 2,
            MARGIN + cy + CELL / 2,
            t.as_str(),
            scale,
            ink,
        );
    }
    canvas
}

/// The solution `moves` from `puzzle`'s start as an animated PNG that loops forever: the
/// start, then one frame per move at `moves_per_second`, the first and last frames held a
/// second longer. `progress` is told the fraction of frames done; raising `cancel` stops
/// the rendering.
///
/// # Errors
/// A message when a move does not replay, the rendering was cancelled, or the encoder
/// refused the frames.
pub fn render_apng(
    puzzle: &Puzzle,
    moves: &[PieceMove],
    moves_per_second: f32,
    progress: &dyn Fn(f32),
    cancel: &AtomicBool,
) -> Result<Vec<u8>, String> {
    let first = draw(puzzle);
    let frames = moves.len() + 1;
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, first.width as u32, first.height as u32);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let failed = |e: png::EncodingError| format!("the animation could not be encoded: {e}");
    encoder.set_animated(frames as u32, 0).map_err(failed)?;
    let mut writer = encoder.write_header().map_err(failed)?;
    // Delays in hundredths of a second.
    let step = (100.0 / moves_per_second.clamp(0.5, 20.0)).round() as u16;
    let hold = step.saturating_add(100);
    let mut position = puzzle.clone();
    for i in 0..frames {
        if cancel.load(Ordering::Relaxed) {
            return Err("cancelled".into());
        }
        if i > 0 {
            let mv = &moves[i - 1];
            for &d in &mv.steps {
                position
                    .step(mv.piece, d)
                    .map_err(|e| format!("move {i} does not replay: {e}"))?;
            }
        }
        let canvas = if i == 0 { &first } else { &draw(&position) };
        let delay = if i == 0 || i + 1 == frames {
            hold
        } else {
            step
        };
        writer.set_frame_delay(delay, 100).map_err(failed)?;
        writer.write_image_data(&canvas.rgb).map_err(failed)?;
        progress((i + 1) as f32 / frames as f32);
    }
    writer.finish().map_err(failed)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use blockslide_core::model::Dir;

    #[test]
    fn the_animation_has_a_frame_per_move_and_the_board_size() {
        let puzzle = Puzzle::tiles(2, 3, &[1, 2, 3, 4, 0, 5], None).unwrap();
        let moves = [PieceMove {
            piece: Token::number(5),
            steps: vec![Dir::Left],
        }];
        let seen = std::sync::Mutex::new(Vec::new());
        let bytes = render_apng(
            &puzzle,
            &moves,
            3.0,
            &|f| seen.lock().unwrap().push(f),
            &AtomicBool::new(false),
        )
        .unwrap();
        let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        let reader = decoder.read_info().unwrap();
        let info = reader.info();
        assert_eq!(
            (info.width as usize, info.height as usize),
            (3 * CELL + 2 * MARGIN, 2 * CELL + 2 * MARGIN)
        );
        assert_eq!(info.animation_control.map(|a| a.num_frames), Some(2));
        assert_eq!(*seen.lock().unwrap(), [0.5, 1.0]);
    }

    #[test]
    fn a_cancelled_rendering_stops() {
        let puzzle = Puzzle::tiles(2, 2, &[1, 2, 0, 3], None).unwrap();
        let result = render_apng(&puzzle, &[], 3.0, &|_| {}, &AtomicBool::new(true));
        assert_eq!(result, Err("cancelled".to_string()));
    }
}
