//! Native file dialogs behind a small trait, so tests never open one and the app stays usable
//! where no desktop portal exists.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// What a file dialog returned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Picked {
    /// The user chose this file.
    Path(PathBuf),
    /// The user closed the dialog without choosing.
    Cancelled,
    /// No dialog could be shown (no desktop portal): the app asks for a typed path instead.
    Unavailable,
}

/// Opens "open" and "save" dialogs.
pub trait FileDialogs {
    /// Asks for a puzzle file to open, starting in `folder` when given.
    fn pick_open(&mut self, folder: Option<&Path>) -> Picked;
    /// Asks where to save, suggesting `file_name` in `folder`.
    fn pick_save(&mut self, folder: Option<&Path>, file_name: &str) -> Picked;
    /// Asks for a trace file (`.jsonl`) to open, starting in `folder` when given.
    fn pick_trace(&mut self, folder: Option<&Path>) -> Picked;
}

/// The system's dialogs through rfd's xdg-desktop-portal backend.
///
/// rfd answers `None` both when the user cancels and when no portal is running. A portal that
/// is missing answers within milliseconds, while a person needs far longer to cancel, so a
/// `None` faster than [`RfdDialogs::UNAVAILABLE_WITHIN`] is taken as "unavailable"; from then
/// on this session uses the typed path without trying again.
#[derive(Debug, Default)]
pub struct RfdDialogs {
    unavailable: bool,
}

impl RfdDialogs {
    /// A `None` answer faster than this means no dialog was shown.
    pub const UNAVAILABLE_WITHIN: Duration = Duration::from_millis(250);

    fn ask(&mut self, dialog: impl FnOnce() -> Option<PathBuf>) -> Picked {
        if self.unavailable {
            return Picked::Unavailable;
        }
        let started = Instant::now();
        match dialog() {
            Some(path) => Picked::Path(path),
            None if started.elapsed() < Self::UNAVAILABLE_WITHIN => {
                self.unavailable = true;
                Picked::Unavailable
            }
            None => Picked::Cancelled,
        }
    }
}

fn dialog(folder: Option<&Path>) -> rfd::FileDialog {
    let mut d = rfd::FileDialog::new().add_filter("Blockslide puzzle", &["ron"]);
    if let Some(folder) = folder {
        d = d.set_directory(folder);
    }
    d
}

impl FileDialogs for RfdDialogs {
    fn pick_open(&mut self, folder: Option<&Path>) -> Picked {
        self.ask(|| dialog(folder).set_title("Open puzzle").pick_file())
    }

    fn pick_save(&mut self, folder: Option<&Path>, file_name: &str) -> Picked {
        self.ask(|| {
            dialog(folder)
                .set_title("Save puzzle")
                .set_file_name(file_name)
                .set_can_create_directories(true)
                .save_file()
        })
    }

    fn pick_trace(&mut self, folder: Option<&Path>) -> Picked {
        self.ask(|| {
            let mut d = rfd::FileDialog::new()
                .add_filter("Blockslide trace", &["jsonl"])
                .set_title("Open a recorded search");
            if let Some(folder) = folder {
                d = d.set_directory(folder);
            }
            d.pick_file()
        })
    }
}

/// No dialogs at all: every request is answered with [`Picked::Unavailable`], so the app asks
/// for a typed path. Used by tests and headless runs.
#[derive(Debug, Default, Clone, Copy)]
pub struct NoDialogs;

impl FileDialogs for NoDialogs {
    fn pick_open(&mut self, _folder: Option<&Path>) -> Picked {
        Picked::Unavailable
    }

    fn pick_save(&mut self, _folder: Option<&Path>, _file_name: &str) -> Picked {
        Picked::Unavailable
    }

    fn pick_trace(&mut self, _folder: Option<&Path>) -> Picked {
        Picked::Unavailable
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_instant_none_means_no_dialog_for_the_rest_of_the_session() {
        let mut dialogs = RfdDialogs::default();
        let chosen = PathBuf::from("a.ron");
        assert_eq!(
            dialogs.ask(|| Some(chosen.clone())),
            Picked::Path(chosen.clone())
        );
        assert_eq!(dialogs.ask(|| None), Picked::Unavailable);
        // From now on no dialog is even tried.
        assert_eq!(dialogs.ask(|| Some(chosen.clone())), Picked::Unavailable);
        assert_eq!(NoDialogs.pick_open(None), Picked::Unavailable);
    }
}
