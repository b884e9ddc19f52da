//! Pictures drawn in software for files (a solution's animation frames, a Watch tree or
//! frontier as PNG for slides): an RGB canvas with filled rectangles, lines, discs and rings,
//! and text in the core's small 5x7 bitmap font (`blockslide_core::model::raster`), so they render on any machine and in any thread.

use blockslide_core::model::raster::{glyph, text_width};
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
