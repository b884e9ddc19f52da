//! What the app keeps of a solution export running in the background: its task and what it
//! wrote. Kept apart from the export itself (`export.rs`, methods of the app), so the app's
//! state can hold a running export without importing the code that starts it.

use std::path::PathBuf;

use crate::common::task::Task;

/// An animation being rendered: its progress (0 to 1), then the file written or why not.
pub type ExportTask = Task<f32, Result<Exported, String>>;

/// A solution written to a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exported {
    /// What was written ("the solution", "the web page").
    pub what: &'static str,
    /// The file written.
    pub path: PathBuf,
    /// Whether its folder was made for it (it did not exist yet).
    pub made_folder: bool,
}

/// An export running in the background and what it is doing.
pub struct RunningExport {
    /// The background task.
    pub task: ExportTask,
    /// What it makes, which its progress bar says.
    pub work: ExportWork,
}

/// What an export in the background makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportWork {
    /// An animation of the solution (GIF or APNG), rendered frame by frame.
    Animation,
    /// A playable web page: the design is solved for it, then the page written.
    WebPage,
}

impl ExportWork {
    /// The caption and accessible name of the export's progress bar.
    pub const fn label(self) -> &'static str {
        match self {
            Self::Animation => "Rendering the animation",
            Self::WebPage => "Writing the web page",
        }
    }

    /// Whether the work reports how far it has gone (the web page's solve does not) and
    /// stops when asked.
    pub const fn reports_progress(self) -> bool {
        matches!(self, Self::Animation)
    }
}
