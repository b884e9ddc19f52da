//! Pictures drawn in software, pixel by pixel, for files: an RGB canvas that fills
//! rectangles and writes text in a small 5x7 bitmap font. The app's exported animations and
//! the Python package's animated PNGs draw with it, so their frames agree and render on any
//! machine, in any thread, without a GUI or an image library.

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
}
