//! Blockslide's desktop app (eframe/egui), over the core library `blockslide_core`.
//!
//! The folders follow the window's two halves, with what both need below them:
//!
//! - [`app`]: the window (layout, menu and status bars, dialogs, the library), the open
//!   [`app::document::Document`] with undo, the session kept between launches, and the one
//!   place where commands are applied.
//! - [`editor`]: the Start and Goal tabs: the editing canvas, tools, properties, and the
//!   edits themselves.
//! - [`solve`]: the Solve and Play tabs: the solver panel, comparison, playback and play;
//!   the Analyze window (how hard the design and its piece set are); the Make it harder
//!   window (a search for harder variants of the design); and the Families window
//!   (every puzzle of a Rush Hour family, to browse and play).
//! - [`command`]: what panels ask for. Panels draw from the state and queue commands; the
//!   app applies them after every panel has drawn.
//! - [`common`]: the board widget, piece colours, and background tasks.
//!
//! Imports point down only: `app` uses `editor` and `solve`, which use `command` and
//! `common`; `editor` and `solve` never use each other.

#![forbid(missing_docs)]

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

pub mod app;
pub mod command;
pub mod common;
pub mod editor;
pub mod solve;

use app::App;
use app::screenshot::{self, ScreenshotJob};

/// Opens the app window, optionally on `file`; with `screenshot`, saves a PNG of the first
/// fully drawn frame there and exits. The solver caches pattern databases in `pdb_cache`.
///
/// # Errors
/// A message for the user when no window can be opened (for example, no display), or when
/// the screenshot could not be taken or written.
pub fn run(
    file: Option<PathBuf>,
    screenshot: Option<PathBuf>,
    pdb_cache: Option<PathBuf>,
) -> Result<(), String> {
    if cfg!(target_os = "linux")
        && std::env::var_os("DISPLAY").is_none_or(|d| d.is_empty())
        && std::env::var_os("WAYLAND_DISPLAY").is_none_or(|d| d.is_empty())
    {
        return Err(no_display("neither DISPLAY nor WAYLAND_DISPLAY is set"));
    }
    let taking_screenshot = screenshot.is_some();
    if taking_screenshot && let Some(path) = &file {
        blockslide_core::model::file::load(path).map_err(|e| match e.line {
            Some(_) => e.in_file(path).to_string(),
            // Errors without a position (an unreadable file) already name the file.
            None => e.message,
        })?;
    }
    let result: screenshot::ScreenshotResult = Arc::new(Mutex::new(None));
    let job = screenshot.map(|path| ScreenshotJob::new(path, Arc::clone(&result)));
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("Blockslide")
        // The desktop entry's name (packaging/), so launchers group the window with its icon:
        // it is the Wayland app_id and the X11 WM_CLASS.
        .with_app_id(APP_ID)
        .with_inner_size([1280.0, 800.0])
        .with_min_inner_size([720.0, 480.0]);
    // The icon is a PNG compiled in, so it decodes; were it ever not to, the window would keep
    // the desktop's default icon rather than fail to open.
    if let Ok(icon) = eframe::icon_data::from_png_bytes(WINDOW_ICON) {
        viewport = viewport.with_icon(icon);
    }
    let options = eframe::NativeOptions {
        viewport,
        persist_window: !taking_screenshot,
        // eframe would keep the state in a folder named for the app id; it stays in the
        // folder it had before the id was the desktop entry's, so no one loses theirs.
        persistence_path: eframe::storage_dir(STORAGE_NAME).map(|dir| dir.join("app.ron")),
        ..Default::default()
    };
    eframe::run_native(
        "Blockslide",
        options,
        Box::new(move |cc| Ok(Box::new(App::new(cc, file, job, pdb_cache)))),
    )
    .map_err(|e| no_display(&e.to_string()))?;
    if taking_screenshot {
        let outcome = result
            .lock()
            .map_err(|_| "the screenshot was lost".to_string())?
            .take();
        return outcome.unwrap_or_else(|| Err("the window closed before the screenshot".into()));
    }
    Ok(())
}

/// The application ID: the desktop entry's, icon's and metainfo's name (packaging/).
pub const APP_ID: &str = "org.blockslide.Blockslide";

/// The name of the folder the app's state is saved in (`~/.local/share/blockslide` on Linux).
const STORAGE_NAME: &str = "blockslide";

/// The window's icon: the project's icon (`packaging/icons/`, drawn as an SVG), at 256 pixels.
const WINDOW_ICON: &[u8] =
    include_bytes!("../../../packaging/icons/hicolor/256x256/apps/org.blockslide.Blockslide.png");

fn no_display(detail: &str) -> String {
    format!(
        "cannot open the Blockslide window ({detail}).\n\
         The desktop app needs a graphical display (X11 or Wayland). The command-line tools \
         work without one: see `blockslide --help`."
    )
}

#[cfg(test)]
mod tests {
    use super::APP_ID;

    /// Launchers tell which desktop entry a window belongs to by its class (X11) or app id
    /// (Wayland), and show the entry's icon for it: both name the application ID.
    #[test]
    fn the_window_is_named_as_its_desktop_entry() {
        let entry = include_str!("../../../packaging/org.blockslide.Blockslide.desktop");
        for key in ["StartupWMClass", "Icon"] {
            let line = format!("{key}={APP_ID}");
            assert!(
                entry.lines().any(|l| l == line),
                "the desktop entry lacks `{line}`:\n{entry}"
            );
        }
    }
}
