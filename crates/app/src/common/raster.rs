//! Pictures drawn in software for files (a solution's animation frames, a Watch tree or
//! frontier as PNG for slides): an RGB canvas with filled rectangles, lines, discs and rings,
//! and text in a small 5x7 bitmap font, so they render on any machine and in any thread.

use egui::Color32;

/// An RGB picture being drawn.
pub struct Raster {
    width: usize,
    height: usize,
    rgb: Vec<u8>,
}

impl Raster {
    /// A `width` x `height` picture filled with `fill`.
    pub fn new(width: usize, height: usize, fill: Color32) -> Self {
        Raster {
            width,
            height,
            rgb: rgb(fill).repeat(width * height),
        }
    }

    fn put(&mut self, x: i64, y: i64, colour: [u8; 3]) {
        if x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height {
            let at = 3 * (y as usize * self.width + x as usize);
            self.rgb[at..at + 3].copy_from_slice(&colour);
        }
    }

    /// Fills the rectangle from `(x, y)`, `w` x `h` pixels, clipped to the picture.
    pub fn fill(&mut self, x: f32, y: f32, w: f32, h: f32, colour: Color32) {
        let colour = rgb(colour);
        let (x0, y0) = (x.round() as i64, y.round() as i64);
        let (x1, y1) = ((x + w).round() as i64, (y + h).round() as i64);
        for py in y0..y1 {
            for px in x0..x1 {
                self.put(px, py, colour);
            }
        }
    }

    /// The outline of the rectangle from `(x, y)`, `w` x `h`, `width` pixels thick, inside it.
    pub fn frame(&mut self, x: f32, y: f32, w: f32, h: f32, width: f32, colour: Color32) {
        self.fill(x, y, w, width, colour);
        self.fill(x, y + h - width, w, width, colour);
        self.fill(x, y, width, h, colour);
        self.fill(x + w - width, y, width, h, colour);
    }

    /// Every pixel whose centre lies between `inner` and `outer` from `(cx, cy)`.
    fn annulus(&mut self, cx: f32, cy: f32, inner: f32, outer: f32, colour: Color32) {
        let colour = rgb(colour);
        let (x0, x1) = ((cx - outer).floor() as i64, (cx + outer).ceil() as i64);
        let (y0, y1) = ((cy - outer).floor() as i64, (cy + outer).ceil() as i64);
        for py in y0..=y1 {
            for px in x0..=x1 {
                let (dx, dy) = (px as f32 + 0.5 - cx, py as f32 + 0.5 - cy);
                let d = (dx * dx + dy * dy).sqrt();
                if d <= outer && d >= inner {
                    self.put(px, py, colour);
                }
            }
        }
    }

    /// A filled disc of radius `r` around `(cx, cy)`.
    pub fn disc(&mut self, cx: f32, cy: f32, r: f32, colour: Color32) {
        self.annulus(cx, cy, 0.0, r, colour);
    }

    /// A ring of radius `r` around `(cx, cy)`, `width` pixels thick, centred on the radius.
    pub fn ring(&mut self, cx: f32, cy: f32, r: f32, width: f32, colour: Color32) {
        self.annulus(cx, cy, r - width / 2.0, r + width / 2.0, colour);
    }

    /// A line from `from` to `to`, `width` pixels thick.
    pub fn line(&mut self, from: (f32, f32), to: (f32, f32), width: f32, colour: Color32) {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let steps = dx.abs().max(dy.abs()).ceil().max(1.0) as usize;
        for i in 0..=steps {
            let t = i as f32 / steps as f32;
            let (x, y) = (from.0 + dx * t, from.1 + dy * t);
            self.fill(x - width / 2.0, y - width / 2.0, width, width, colour);
        }
    }

    /// Writes `text` centred on `(cx, cy)` in the bitmap font, each dot `scale` pixels.
    pub fn text(&mut self, cx: f32, cy: f32, text: &str, scale: usize, colour: Color32) {
        let width = text_width(text, scale) as f32;
        let (x0, y0) = (cx - width / 2.0, cy - (7 * scale) as f32 / 2.0);
        self.text_at(x0, y0, text, scale, colour);
    }

    /// Writes `text` from its top left corner `(x, y)` in the bitmap font.
    pub fn text_at(&mut self, x: f32, y: f32, text: &str, scale: usize, colour: Color32) {
        let s = scale as f32;
        for (i, ch) in text.chars().enumerate() {
            for (r, bits) in glyph(ch).iter().enumerate() {
                for c in 0..5 {
                    if bits >> (4 - c) & 1 == 1 {
                        let px = x + (i * 6 + c) as f32 * s;
                        self.fill(px, y + r as f32 * s, s, s, colour);
                    }
                }
            }
        }
    }

    /// The picture as a PNG file's bytes.
    ///
    /// # Errors
    /// The encoder's message, which writing to memory does not give in practice.
    pub fn png(&self) -> Result<Vec<u8>, String> {
        let mut bytes = Vec::new();
        let encoder = image::codecs::png::PngEncoder::new(&mut bytes);
        image::ImageEncoder::write_image(
            encoder,
            &self.rgb,
            self.width as u32,
            self.height as u32,
            image::ExtendedColorType::Rgb8,
        )
        .map_err(|e| e.to_string())?;
        Ok(bytes)
    }
}

fn rgb(c: Color32) -> [u8; 3] {
    [c.r(), c.g(), c.b()]
}

/// The width in pixels of `text` in the bitmap font at `scale`.
pub fn text_width(text: &str, scale: usize) -> usize {
    (text.chars().count() * 6 * scale).saturating_sub(scale)
}

/// The 5x7 dots of a character (digits, letters in upper case, `_`, `·`, `*`, `-`; anything
/// else blank).
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
