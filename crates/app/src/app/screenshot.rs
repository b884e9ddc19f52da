//! `blockslide --screenshot OUT.png`: wait until the window is fully drawn, capture it,
//! save a PNG, and close.

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};

use egui::{ColorImage, Context, ViewportCommand};

/// Frames to draw before capturing: fonts, panel sizes and layout settle in the first few.
const SETTLE_FRAMES: u32 = 6;
/// Frames to wait for the capture before giving up.
const GIVE_UP_FRAMES: u32 = 600;

/// Where the outcome of a screenshot run is reported to the caller of `run`.
pub type ScreenshotResult = Arc<Mutex<Option<Result<(), String>>>>;

/// A screenshot to take once the window is drawn.
#[derive(Debug)]
pub struct ScreenshotJob {
    path: PathBuf,
    frames: u32,
    requested: bool,
    sender: Sender<Arc<ColorImage>>,
    receiver: Receiver<Arc<ColorImage>>,
    result: ScreenshotResult,
}

impl ScreenshotJob {
    /// A job saving to `path` and reporting to `result`.
    pub fn new(path: PathBuf, result: ScreenshotResult) -> Self {
        let (sender, receiver) = channel();
        ScreenshotJob {
            path,
            frames: 0,
            requested: false,
            sender,
            receiver,
            result,
        }
    }

    /// Advances the job by one frame; returns true when it is finished (the window is then
    /// asked to close).
    pub fn step(&mut self, ctx: &Context) -> bool {
        self.frames += 1;
        ctx.request_repaint();
        if self.frames >= SETTLE_FRAMES && !self.requested {
            let sender = self.sender.clone();
            let repaint = ctx.clone();
            ctx.request_screenshot(move |image| {
                // The receiver lives as long as the app; a failed send means it is closing.
                let _ = sender.send(image);
                repaint.request_repaint();
            });
            self.requested = true;
        }
        let outcome = match self.receiver.try_recv() {
            Ok(image) => Some(save_png(&self.path, &image)),
            Err(_) if self.frames > GIVE_UP_FRAMES => {
                Some(Err("the window never delivered a screenshot".to_string()))
            }
            Err(_) => None,
        };
        let Some(outcome) = outcome else {
            return false;
        };
        if let Ok(mut slot) = self.result.lock() {
            *slot = Some(outcome);
        }
        ctx.send_viewport_cmd(ViewportCommand::Close);
        true
    }
}

/// Writes `image` as a PNG file.
///
/// # Errors
/// A message naming the file when encoding or writing fails.
pub fn save_png(path: &std::path::Path, image: &ColorImage) -> Result<(), String> {
    let [width, height] = image.size;
    let bytes: Vec<u8> = image
        .pixels
        .iter()
        .flat_map(egui::Color32::to_srgba_unmultiplied)
        .collect();
    image::save_buffer_with_format(
        path,
        &bytes,
        width as u32,
        height as u32,
        image::ExtendedColorType::Rgba8,
        image::ImageFormat::Png,
    )
    .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_png_round_trips_its_pixels() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let path = dir.path().join("shot.png");
        let mut image = ColorImage::filled([3, 2], egui::Color32::from_rgb(10, 20, 30));
        image.pixels[4] = egui::Color32::from_rgb(200, 100, 50);
        save_png(&path, &image).expect("written");
        let back = image::open(&path).expect("a PNG").to_rgba8();
        assert_eq!(back.dimensions(), (3, 2));
        assert_eq!(back.get_pixel(1, 1).0, [200, 100, 50, 255]);
        assert_eq!(back.get_pixel(0, 0).0, [10, 20, 30, 255]);
        let err = save_png(&dir.path().join("no/such/folder/x.png"), &image);
        assert!(err.is_err_and(|e| e.contains("cannot write")));
    }
}
