//! What both halves of the app use: the board widget, piece colours, words for numbers and
//! outcomes, background tasks, controls that fit a narrow panel, and charts with their
//! legends.

pub mod board;
pub mod chart_legend;
pub mod charts;
pub mod colors;
pub mod fit;
pub mod format;
pub mod marks;
pub mod message;
pub mod raster;
pub mod task;

/// Where the app's floating windows may go: below its menu bar and tab row and above its
/// status bar, which stay in reach however the app's window is sized, and for the windows of work (not help) below the
/// Solve tab's row of views too.
pub fn window_area(ctx: &egui::Context, below: Below) -> egui::Rect {
    let screen = ctx.content_rect();
    let wanted = match below {
        Below::Tabs => TABS_BOTTOM,
        Below::Views => VIEWS_BOTTOM,
    };
    let top = wanted.min(screen.bottom() - 100.0).max(screen.top());
    // Above the status bar too.
    let bottom = (screen.bottom() - STATUS_HEIGHT).max(top + 100.0);
    egui::Rect::from_min_max(
        egui::pos2(screen.left(), top),
        egui::pos2(screen.right(), bottom),
    )
}

/// The status bar's height at the bottom of the app's window.
const STATUS_HEIGHT: f32 = 26.0;

/// What a floating window keeps clear of (see [`window_area`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Below {
    /// The menu bar and the tab row.
    Tabs,
    /// Those and the Solve tab's row of views.
    Views,
}

/// The bottom of the tab row, and of the Solve tab's row of views under it.
const TABS_BOTTOM: f32 = 56.0;
const VIEWS_BOTTOM: f32 = 88.0;
