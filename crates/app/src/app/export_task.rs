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

/// The accessible name of the animation's progress bar.
pub const EXPORT_PROGRESS_LABEL: &str = "Rendering the animation";
