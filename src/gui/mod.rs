//! The desktop app (eframe/egui).
//!
//! - [`app`]: the window layout, mode tabs, and where commands are applied.
//! - [`board`]: the board widget every mode uses.
//! - [`document`]: the open design with undo/redo.
//! - [`editor`], [`edit`]: editing the board; [`tools_panel`], [`properties_panel`],
//!   [`menu_bar`], [`status_bar`], [`library_panel`], [`new_dialog`], [`dialogs`]: one panel
//!   per file; [`command`]: what panels ask for.
//! - [`file_dialogs`]: native file dialogs behind a trait; [`screenshot`]: `--screenshot`.
//! - [`solve_view`]: the Solve and Play tabs, made of [`solver_panel`] (pickers, progress,
//!   summary), [`compare`] (insight table and charts), [`playback`] and [`play`]; background
//!   searches run as a [`task`]; [`solve_format`] writes numbers, times and sizes.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

pub mod app;
pub mod board;
pub mod colors;
pub mod command;
pub mod dialogs;
pub mod document;
pub mod edit;
pub mod editor;
pub mod file_dialogs;
pub mod library_panel;
pub mod menu_bar;
pub mod new_dialog;
pub mod properties_panel;
pub mod screenshot;
pub mod status_bar;
pub mod tools_panel;

// Issue 6 (solver panel, comparison, playback, play): see `solve_view`.
pub mod compare;
pub mod play;
pub mod playback;
pub mod solve_format;
pub mod solve_view;
pub mod solver_panel;
pub mod task;

use app::App;
use screenshot::ScreenshotJob;

/// Opens the app window, optionally on `file`; with `screenshot`, saves a PNG of the first
/// fully drawn frame there and exits.
///
/// # Errors
/// A message for the user when no window can be opened (for example, no display), or when
/// the screenshot could not be taken or written.
pub fn run(file: Option<PathBuf>, screenshot: Option<PathBuf>) -> Result<(), String> {
    if cfg!(target_os = "linux")
        && std::env::var_os("DISPLAY").is_none_or(|d| d.is_empty())
        && std::env::var_os("WAYLAND_DISPLAY").is_none_or(|d| d.is_empty())
    {
        return Err(no_display("neither DISPLAY nor WAYLAND_DISPLAY is set"));
    }
    if screenshot.is_some()
        && let Some(path) = &file
    {
        crate::model::file::load(path).map_err(|e| match (e.line, e.column) {
            (Some(l), Some(c)) => {
                format!("{} (line {l}, column {c}): {}", path.display(), e.message)
            }
            // Errors without a position (an unreadable file) already name the file.
            _ => e.message,
        })?;
    }
    let result: screenshot::ScreenshotResult = Arc::new(Mutex::new(None));
    let job = screenshot
        .clone()
        .map(|path| ScreenshotJob::new(path, Arc::clone(&result)));
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Blockslide")
            .with_app_id("blockslide")
            .with_inner_size([1280.0, 800.0])
            .with_min_inner_size([720.0, 480.0]),
        persist_window: screenshot.is_none(),
        ..Default::default()
    };
    eframe::run_native(
        "Blockslide",
        options,
        Box::new(move |cc| Ok(Box::new(App::new(cc, file, job)))),
    )
    .map_err(|e| no_display(&e.to_string()))?;
    if screenshot.is_some() {
        let outcome = result
            .lock()
            .map_err(|_| "the screenshot was lost".to_string())?
            .take();
        return outcome.unwrap_or_else(|| Err("the window closed before the screenshot".into()));
    }
    Ok(())
}

fn no_display(detail: &str) -> String {
    format!(
        "cannot open the Blockslide window ({detail}).\n\
         The desktop app needs a graphical display (X11 or Wayland). The command-line tools \
         work without one: see `blockslide --help`."
    )
}
