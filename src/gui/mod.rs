//! The desktop app (eframe/egui).

use std::path::PathBuf;

/// Opens the app window, optionally on `file`; with `screenshot`, saves a PNG of the first
/// fully drawn frame there and exits.
///
/// # Errors
/// A message for the user when no window can be opened (for example, no display).
pub fn run(file: Option<PathBuf>, screenshot: Option<PathBuf>) -> Result<(), String> {
    let _ = (file, screenshot);
    Err("the desktop app is not built yet".into())
}
