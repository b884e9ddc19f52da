//! The frame every tool window shares, in the manner of egui's demo app (its `Demo` and
//! `View` traits): a window names itself ([`ToolWindow`]), says where it goes and how large
//! it may be ([`ToolWindowView::place`]), and draws its contents ([`ToolWindowView::ui`]);
//! [`show`] does the rest the same way for each: the title and close button, drawing only
//! while open, the [`Command::ShowWindow`] that closing queues, and the repaints that keep a
//! running job's elapsed time ticking. Whether each window is open lives in one place,
//! [`OpenWindows`], which the app owns.

use std::time::Duration;

use egui::{Context, Rect, Ui};

use super::design::Design;
use super::settings::SolverSettings;
use crate::command::{Command, ToolWindow};

/// The text of the Analyze window's button that opens the Make it harder window.
pub const HARDER_LABEL: &str = "Make it harder…";

/// How often a window whose job runs redraws between the job's reports: its elapsed time
/// ticks even when the job is quiet.
const TICK: Duration = Duration::from_millis(100);

/// Which tool windows are open: the one place that says so.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpenWindows {
    analyze: bool,
    harder: bool,
    families: bool,
}

impl OpenWindows {
    /// Whether `window` shows.
    pub fn is_open(self, window: ToolWindow) -> bool {
        match window {
            ToolWindow::Analyze => self.analyze,
            ToolWindow::Harder => self.harder,
            ToolWindow::Families => self.families,
        }
    }

    /// Shows or hides `window`.
    pub fn set(&mut self, window: ToolWindow, open: bool) {
        let flag = match window {
            ToolWindow::Analyze => &mut self.analyze,
            ToolWindow::Harder => &mut self.harder,
            ToolWindow::Families => &mut self.families,
        };
        *flag = open;
    }
}

/// What a tool window draws with: the open design, the solver's settings (the Analyze window
/// changes the metric and limits there), and, when the side panel shows, that panel's and the
/// centre's rectangles (the Analyze window opens over the panel, off the board).
pub struct Surroundings<'a> {
    /// The open design.
    pub design: Design<'a>,
    /// The solver panel's settings.
    pub settings: &'a mut SolverSettings,
    /// The right-hand panel and the centre, when the panel shows.
    pub beside: Option<(Rect, Rect)>,
}

/// A tool window's own part; [`show`] draws the frame around it.
pub trait ToolWindowView {
    /// Which window this is.
    const ID: ToolWindow;

    /// Places and sizes `window` (titled, with its close button) for this frame.
    fn place<'open>(
        &mut self,
        ctx: &Context,
        around: &Surroundings<'_>,
        window: egui::Window<'open>,
    ) -> egui::Window<'open>;

    /// Draws the contents and queues what the user asks for.
    fn ui(&mut self, ui: &mut Ui, around: &mut Surroundings<'_>, commands: &mut Vec<Command>);

    /// Whether the window's background job runs.
    fn is_busy(&self) -> bool;

    /// Called in each frame the window is closed.
    fn hidden(&mut self) {}
}

/// Draws `view`'s window when `open`, in `around`; closing it queues
/// [`Command::ShowWindow`].
pub fn show<V: ToolWindowView>(
    ctx: &Context,
    view: &mut V,
    open: bool,
    around: &mut Surroundings<'_>,
    commands: &mut Vec<Command>,
) {
    if !open {
        view.hidden();
        return;
    }
    let mut still_open = true;
    let window = egui::Window::new(V::ID.title()).open(&mut still_open);
    view.place(ctx, around, window)
        .show(ctx, |ui| view.ui(ui, around, commands));
    if !still_open {
        commands.push(Command::ShowWindow(V::ID, false));
    }
    if view.is_busy() {
        ctx.request_repaint_after(TICK);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_window_opens_and_closes_alone() {
        let all = [
            ToolWindow::Analyze,
            ToolWindow::Harder,
            ToolWindow::Families,
        ];
        for window in all {
            let mut open = OpenWindows::default();
            open.set(window, true);
            for other in all {
                assert_eq!(open.is_open(other), other == window, "{window:?} {other:?}");
            }
            open.set(window, false);
            assert_eq!(open, OpenWindows::default());
        }
    }
}
