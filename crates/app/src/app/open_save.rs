//! Opening and saving puzzle files: a path typed or picked, a bundled puzzle's text, Save
//! As with a suggested name, and reverting to the saved file.

use std::path::{Path, PathBuf};

use egui::Context;

use super::App;
use super::dialogs::{ErrorDialog, PathPrompt, PathPurpose};
use super::document::Document;
use super::file_dialogs::Picked;
use crate::command::Mode;
use crate::editor::edit;
use blockslide_core::model::Puzzle;
use blockslide_core::model::file::{self, LoadError};

impl App {
    /// Opens a file; on failure the design stays as it is and an error dialog explains.
    pub(super) fn open_path(&mut self, path: PathBuf) {
        match file::load(&path) {
            Ok(puzzle) => {
                // The file's name: its whole path is in the status bar's file segment.
                let message = format!("Opened {}", file_name(&path));
                self.recent.remember(&path);
                self.doc = Document::from_file(puzzle, path);
                self.after_open(&message);
            }
            Err(_) if self.recent.contains(&path) && !path.exists() => {
                self.recent.check();
                self.status = format!("Could not open {}", file_name(&path));
                self.dialogs.missing_recent = Some(path);
            }
            Err(e) => self.show_load_error(&path.display().to_string(), &e),
        }
    }

    /// Reads the design's file again as one undoable step, dropping the changes since it was
    /// saved; on failure the design stays as it is and an error dialog explains.
    pub(super) fn revert_to_saved(&mut self) {
        let Some(path) = self.doc.path().map(Path::to_path_buf) else {
            return;
        };
        match file::load(&path) {
            Ok(puzzle) => {
                self.doc.replace("Revert to saved", puzzle);
                self.doc.mark_saved(path.clone());
                self.status = format!("Reverted to {}", path.display());
            }
            Err(e) => {
                self.dialogs.error = Some(ErrorDialog {
                    title: "Could not revert to saved".into(),
                    message: format!(
                        "{}:\n{e}\n\nYour current design is unchanged.",
                        path.display()
                    ),
                });
            }
        }
    }

    pub(super) fn after_open(&mut self, message: &str) {
        // The library window would cover the puzzle just chosen from it.
        self.view.library_open = false;
        // A metric chosen for the last design is no reason to count this one so.
        self.solve.follow_metric_of(self.doc.puzzle());
        // Its pieces are listed in their own order, not after the last design's.
        self.editor.start_over();
        // A design is first seen as it starts, whichever tab showed the last one; the Goal
        // tab would show only its goal.
        self.mode = Mode::Start;
        self.status = message.to_string();
    }

    pub(super) fn show_load_error(&mut self, source: &str, e: &LoadError) {
        self.dialogs.error = Some(ErrorDialog {
            title: "Could not open the puzzle".into(),
            message: format!("{source}:\n{e}\n\nYour current design is unchanged."),
        });
        self.status = format!("Could not open {source}");
    }

    pub(super) fn save_to(&mut self, path: PathBuf, ctx: &Context) {
        let path = if path.extension().is_none() {
            path.with_extension("ron")
        } else {
            path
        };
        if let Some(parent) = path.parent()
            && !parent.as_os_str().is_empty()
            && !parent.exists()
            && self.library.folder() == Some(parent)
            && let Err(e) = std::fs::create_dir_all(parent)
        {
            self.save_failed(&path, &e);
            return;
        }
        let savable = edit::savable(self.doc.puzzle());
        let left_out = self.doc.puzzle().zones.len() - savable.zones.len();
        match file::save(&path, &savable) {
            Ok(()) => {
                let note = match left_out {
                    0 => String::new(),
                    1 => " (1 zone without cells left out)".to_string(),
                    n => format!(" ({n} zones without cells left out)"),
                };
                // The full path, so a relative one typed in is found again.
                let shown = std::path::absolute(&path).unwrap_or_else(|_| path.clone());
                self.status = format!("Saved to {}{note}", shown.display());
                self.recent.remember(&path);
                self.doc.mark_saved(path);
                if let Some(next) = self.after_save.take() {
                    self.apply_unguarded(*next, ctx);
                }
            }
            Err(e) => self.save_failed(&path, &e),
        }
    }

    /// Asks where to save `designs` (Make it harder's "Save all"): the first design's file,
    /// the others beside it, numbered on.
    pub(super) fn save_designs(&mut self, designs: Vec<Puzzle>) {
        let Some(first) = designs.first() else {
            return;
        };
        let name = format!(
            "{}-1.ron",
            suggested_file_name(first)
                .trim_end_matches(".ron")
                .trim_end_matches(|c: char| c.is_ascii_digit() || c == '-')
        );
        let folder = self.document_folder();
        self.designs_to_save = designs;
        match self.files.pick_save(folder.as_deref(), &name) {
            Picked::Path(path) => self.save_designs_to(&path),
            Picked::Unavailable => {
                let suggested = match &folder {
                    Some(folder) => folder.join(&name),
                    None => std::path::absolute(&name).unwrap_or_else(|_| name.clone().into()),
                };
                let listed = suggested.parent().map(Path::to_path_buf);
                self.dialogs.path_prompt = Some(
                    PathPrompt::new(
                        PathPurpose::SaveDesigns,
                        suggested.display().to_string(),
                        listed,
                    )
                    .with_home(self.home.as_deref()),
                );
            }
            Picked::Cancelled => self.designs_to_save.clear(),
        }
    }

    /// Saves the designs "Save all" asked for: the first to `first`, the others beside it
    /// with the number at the end of its name counted on (`tiny-harder-1.ron`,
    /// `tiny-harder-2.ron`, ...). Stops at the first file that cannot be written, and says
    /// which.
    pub(super) fn save_designs_to(&mut self, first: &Path) {
        let designs = std::mem::take(&mut self.designs_to_save);
        let first = if first.extension().is_none() {
            first.with_extension("ron")
        } else {
            first.to_path_buf()
        };
        let folder = first.parent().map(Path::to_path_buf).unwrap_or_default();
        let stem = first
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let base = stem.trim_end_matches(|c: char| c.is_ascii_digit());
        let base = if base.len() == stem.len() {
            format!("{stem}-")
        } else {
            base.to_string()
        };
        let mut written = Vec::new();
        for (i, design) in designs.iter().enumerate() {
            let path = folder.join(format!("{base}{}.ron", i + 1));
            if let Err(e) = file::save(&path, design) {
                self.save_failed(&path, &e);
                return;
            }
            written.push(path);
        }
        if let (Some(first), Some(last)) = (written.first(), written.last()) {
            let shown = std::path::absolute(first).unwrap_or_else(|_| first.clone());
            self.status = format!(
                "Saved {} designs: {} to {}",
                written.len(),
                shown.display(),
                last.file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
            );
        }
    }

    pub(super) fn save_failed(&mut self, path: &Path, e: &std::io::Error) {
        self.after_save = None;
        // The app never overwrites a read-only file (it is meant to be kept): say what to do.
        let hint = match file::SaveRefusal::of(e) {
            Some(file::SaveRefusal::ReadOnly) => {
                "\n\nMake the file writable, or save under another name with File > Save As…"
            }
            _ => "",
        };
        self.dialogs.error = Some(ErrorDialog {
            title: "Could not save".into(),
            message: format!(
                "{}: {e}\n\nNothing was written; the design is unchanged.{hint}",
                path.display()
            ),
        });
    }

    /// Opens a puzzle from `text` (a bundled one, say); on failure the design stays as it is
    /// and an error dialog explains.
    pub(super) fn open_text(&mut self, source: &str, text: &str) {
        match file::parse(text) {
            Ok(puzzle) => {
                self.doc = Document::new(puzzle);
                self.after_open(&format!("Opened {source} from the library"));
            }
            Err(e) => self.show_load_error(source, &e),
        }
    }

    /// The folder of the document's file, else the user's puzzles folder: where Save as,
    /// "Save all…" and Open trace… start.
    pub(super) fn document_folder(&self) -> Option<PathBuf> {
        self.doc
            .path()
            .and_then(Path::parent)
            .or_else(|| self.library.folder())
            .map(Path::to_path_buf)
    }

    /// The folder the Open dialog starts in: that of the file opened or saved last, while it
    /// is there, else the user's puzzles folder (the one the Library lists).
    fn open_folder(&self) -> Option<PathBuf> {
        self.recent
            .paths()
            .first()
            .and_then(|p| p.parent())
            .filter(|f| f.is_dir())
            .or_else(|| self.library.folder())
            .map(Path::to_path_buf)
    }

    /// Asks for a file and opens it; without file dialogs, asks for a typed path.
    pub(super) fn open(&mut self) {
        let folder = self.open_folder();
        match self.files.pick_open(folder.as_deref()) {
            Picked::Path(path) => self.open_path(path),
            Picked::Unavailable => self.prompt_for_file(PathPurpose::Open, folder),
            Picked::Cancelled => {}
        }
    }

    /// Asks for a file to open for `purpose` by its typed path (when there are no file
    /// dialogs), the path started with `folder`.
    pub(super) fn prompt_for_file(&mut self, purpose: PathPurpose, folder: Option<PathBuf>) {
        let text = folder.as_deref().map_or_else(String::new, |f| {
            format!("{}{}", f.display(), std::path::MAIN_SEPARATOR)
        });
        self.dialogs.path_prompt =
            Some(PathPrompt::new(purpose, text, folder).with_home(self.home.as_deref()));
    }

    /// Asks for a file and saves there; without file dialogs, asks for a typed path.
    pub(super) fn save_as(&mut self, ctx: &Context) {
        let name = suggested_file_name(self.doc.puzzle());
        let folder = self.document_folder();
        match self.files.pick_save(folder.as_deref(), &name) {
            Picked::Path(path) => self.save_to(path, ctx),
            Picked::Unavailable => {
                // A full path, so the user sees where the file goes: the design's own file,
                // else the puzzles folder, else the working folder.
                let suggested = match (self.doc.path(), &folder) {
                    (Some(path), _) => path.to_path_buf(),
                    (None, Some(folder)) => free_name(&folder.join(&name)),
                    (None, None) => free_name(
                        &std::path::absolute(&name).unwrap_or_else(|_| name.clone().into()),
                    ),
                };
                let listed = suggested.parent().map(Path::to_path_buf);
                self.dialogs.path_prompt = Some(
                    PathPrompt::new(PathPurpose::Save, suggested.display().to_string(), listed)
                        .with_own(self.doc.path())
                        .with_home(self.home.as_deref()),
                );
            }
            Picked::Cancelled => self.after_save = None,
        }
    }
}

/// The file name the design is saved under by default: its name in lower case, each run of
/// other characters than letters and digits one dash ("Rush Hour: warm-up" is
/// `rush-hour-warm-up.ron`).
pub(super) fn suggested_file_name(puzzle: &Puzzle) -> String {
    let mut stem = String::new();
    for c in puzzle.name.trim().to_lowercase().chars() {
        if c.is_alphanumeric() {
            stem.push(c);
        } else if !stem.ends_with('-') {
            stem.push('-');
        }
    }
    let stem = stem.trim_matches('-');
    if stem.is_empty() {
        "puzzle.ron".into()
    } else {
        format!("{stem}.ron")
    }
}

/// `path`, or if a file is there already the first of `name-2.ron`, `name-3.ron`, … that is
/// free: a new design's suggested name never points at another file.
fn free_name(path: &Path) -> PathBuf {
    if !path.exists() {
        return path.to_path_buf();
    }
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let extension = path
        .extension()
        .map(|x| format!(".{}", x.to_string_lossy()))
        .unwrap_or_default();
    // A folder holds fewer files than `usize` numbers: one of them is free.
    (2..=usize::MAX)
        .map(|n| path.with_file_name(format!("{stem}-{n}{extension}")))
        .find(|candidate| !candidate.exists())
        .unwrap_or_else(|| path.to_path_buf())
}

/// The last part of `path`, the file's name, as a message names a file the status bar's
/// file segment shows whole (the whole path if it has no name).
pub(super) fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |name| name.to_string_lossy().into_owned(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_suggested_name_has_one_dash_for_each_run_of_punctuation_and_spaces() {
        let named = |name: &str| {
            let mut p = Puzzle::tiles(2, 2, &[1, 2, 3, 0], None).unwrap();
            p.name = name.to_string();
            suggested_file_name(&p)
        };
        assert_eq!(named("Rush Hour: warm-up"), "rush-hour-warm-up.ron");
        assert_eq!(named("  Klotski (Huarong Dao) "), "klotski-huarong-dao.ron");
        assert_eq!(named("?!"), "puzzle.ron");
    }
}
