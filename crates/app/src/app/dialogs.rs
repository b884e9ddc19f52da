//! The app's small modal dialogs: a typed file path (when no file dialog is available), an
//! error message, the "unsaved changes" and "revert to saved" questions, and a recent file
//! that is gone.

use std::path::{Path, PathBuf};

use egui::{Context, Id, Key, Modal, Modifiers, RichText};

use crate::command::{Command, ExportFormat};
use crate::common::message::message_job;

/// What a typed path is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathPurpose {
    /// Open the file.
    Open,
    /// Open a trace file: watch the search it records beside Blockslide's.
    OpenTrace,
    /// Save to the file.
    Save,
    /// Save several designs, the first to the file and the others beside it.
    SaveDesigns,
    /// Export the solution shown to the file.
    Export(ExportFormat),
}

/// A request for a typed file path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathPrompt {
    /// What the path is for.
    pub purpose: PathPurpose,
    /// The text typed so far.
    pub text: String,
    /// The folder whose files the dialog lists: where the suggested path points.
    pub folder: Option<PathBuf>,
    /// The files in `folder` of the kind the purpose reads or writes, read when the dialog
    /// opened.
    pub files: Vec<PathBuf>,
    /// Whether the field has been given the keyboard (once, when the dialog opens).
    pub focused: bool,
    /// The text the dialog opened with. The list narrows to the typed name only once the user
    /// changes it: a suggested name matches no file yet, and would hide the whole folder.
    suggested: String,
    /// The extension of the files listed: the suggested name's (an animation may be a GIF or
    /// a PNG), else the purpose's.
    extension: String,
    /// The file saving there may replace without asking: the design's own.
    own: Option<PathBuf>,
    /// An existing file the user was asked about replacing: saving there again replaces it.
    replacing: Option<PathBuf>,
    /// The user's home folder, which `~` names in the typed text.
    home: Option<PathBuf>,
}

impl PathPrompt {
    /// A prompt for `purpose` starting with `text`, listing the files of `folder` that the
    /// purpose reads or writes (reads the folder: call it when applying commands, not while
    /// drawing).
    pub fn new(purpose: PathPurpose, text: String, folder: Option<PathBuf>) -> Self {
        let extension =
            named_extension(&text).map_or_else(|| purpose.extension().to_string(), str::to_string);
        let files = folder
            .as_deref()
            .map_or_else(Vec::new, |f| files_in(f, &extension));
        PathPrompt {
            purpose,
            suggested: text.clone(),
            text,
            folder,
            files,
            focused: false,
            extension,
            own: None,
            replacing: None,
            home: None,
        }
    }

    /// The same prompt, reading `~` and `~/` at the start of the typed text as `home`, as a
    /// desktop's file dialog does (`None`: as typed).
    #[must_use]
    pub fn with_home(mut self, home: Option<&Path>) -> Self {
        self.home = home.map(Path::to_path_buf);
        self
    }

    /// The path the typed text names, `~` read as the home folder.
    fn typed(&self) -> PathBuf {
        expand_home(self.text.trim(), self.home.as_deref())
    }

    /// The same prompt, saving over `own` (the design's own file) without asking.
    #[must_use]
    pub fn with_own(mut self, own: Option<&Path>) -> Self {
        self.own = own.map(Path::to_path_buf);
        self
    }

    /// The file the typed text saves to: with the suggested name's extension when it has
    /// none, as saving adds it (an animation's the format chosen). `None` for Open, which
    /// replaces nothing.
    fn target(&self) -> Option<PathBuf> {
        if matches!(self.purpose, PathPurpose::Open | PathPurpose::OpenTrace) {
            return None;
        }
        let typed = self.typed();
        Some(if typed.extension().is_none() {
            typed.with_extension(&self.extension)
        } else {
            typed
        })
    }

    /// The existing file, not the design's own, that saving to the typed path would replace.
    fn would_replace(&self) -> Option<PathBuf> {
        self.target()
            .filter(|t| t.is_file() && self.own.as_deref() != Some(t.as_path()))
    }

    /// Lists `folder` instead, once the user typed its path: the user goes there.
    fn list(&mut self, folder: &Path) {
        if self.folder.as_deref() != Some(folder) {
            self.files = files_in(folder, &self.extension);
            self.folder = Some(folder.to_path_buf());
        }
    }

    /// The folder the typed text names, if it names one that exists: the text itself when it
    /// is a folder ("puzzles/"), else the folder of the file it names.
    fn typed_folder(&self) -> Option<PathBuf> {
        let typed = self.typed();
        if typed.is_dir() {
            return Some(typed);
        }
        typed
            .parent()
            .filter(|p| !p.as_os_str().is_empty() && p.is_dir())
            .map(Path::to_path_buf)
    }

    /// What the listed files are, in a sentence: "puzzles", ".gif files".
    fn files_noun(&self) -> String {
        match self.purpose {
            PathPurpose::Open | PathPurpose::Save | PathPurpose::SaveDesigns => "puzzles".into(),
            PathPurpose::Export(_) | PathPurpose::OpenTrace => format!(".{} files", self.extension),
        }
    }
}

impl PathPurpose {
    /// The dialog's title and its button's.
    fn title(self) -> (&'static str, &'static str) {
        match self {
            PathPurpose::Open => ("Open puzzle", "Open"),
            PathPurpose::OpenTrace => ("Open a recorded search", "Open"),
            PathPurpose::Save => ("Save puzzle", "Save"),
            PathPurpose::SaveDesigns => ("Save the designs", "Save all"),
            PathPurpose::Export(ExportFormat::Tree) => ("Export the search tree", "Save"),
            PathPurpose::Export(ExportFormat::Frontier) => ("Export the frontier", "Save"),
            PathPurpose::Export(_) => ("Export the solution", "Save"),
        }
    }

    /// The extension of the files the purpose reads or writes.
    fn extension(self) -> &'static str {
        match self {
            PathPurpose::Open | PathPurpose::Save | PathPurpose::SaveDesigns => "ron",
            PathPurpose::OpenTrace => "jsonl",
            PathPurpose::Export(format) => format.extension(),
        }
    }
}

/// The extension of the file `text` names: none when it names a folder ("first.last/"), whose
/// name's dot is no extension.
fn named_extension(text: &str) -> Option<&str> {
    let path = Path::new(text);
    if text.ends_with(std::path::MAIN_SEPARATOR) || text.ends_with('/') || path.is_dir() {
        return None;
    }
    path.extension().and_then(|x| x.to_str())
}

/// `text` as a path, a leading `~` or `~/` read as `home` (a path like `~user/` is left as
/// typed, as is everything when there is no home folder).
fn expand_home(text: &str, home: Option<&Path>) -> PathBuf {
    let Some(home) = home else {
        return PathBuf::from(text);
    };
    if text == "~" {
        return home.to_path_buf();
    }
    match text
        .strip_prefix("~/")
        .or_else(|| text.strip_prefix(&format!("~{}", std::path::MAIN_SEPARATOR)))
    {
        // `join` of an empty rest ends the folder with a separator: it is still a folder.
        Some(rest) => home.join(rest),
        None => PathBuf::from(text),
    }
}

/// The files of `folder` whose extension is `extension`, sorted.
fn files_in(folder: &Path, extension: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(folder)
        .into_iter()
        .flatten()
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| *x == *extension))
        .collect();
    files.sort();
    files
}

/// The accessible name of the typed path's text field.
pub const PATH_FIELD_LABEL: &str = "File path:";

/// An error to show until the user dismisses it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ErrorDialog {
    /// A short title ("Could not open puzzle").
    pub title: String,
    /// What went wrong and where.
    pub message: String,
}

/// The open dialogs (at most one of each).
#[derive(Debug, Default)]
pub struct Dialogs {
    /// A typed path is being asked for.
    pub path_prompt: Option<PathPrompt>,
    /// An error is shown.
    pub error: Option<ErrorDialog>,
    /// This command waits for an answer about unsaved changes.
    pub unsaved: Option<Box<Command>>,
    /// Reverting to this file waits for the user to confirm dropping the changes.
    pub revert: Option<PathBuf>,
    /// This recent file was not found: keep it on the list, or take it off?
    pub missing_recent: Option<PathBuf>,
}

impl Dialogs {
    /// Whether any dialog is open (the editor ignores shortcuts then).
    pub fn any_open(&self) -> bool {
        self.path_prompt.is_some()
            || self.error.is_some()
            || self.unsaved.is_some()
            || self.revert.is_some()
            || self.missing_recent.is_some()
    }

    /// Shows the open dialogs, queueing what the user chose.
    pub fn show(&mut self, ctx: &Context, design: &str, commands: &mut Vec<Command>) {
        self.show_unsaved(ctx, design, commands);
        self.show_revert(ctx, design, commands);
        self.show_path_prompt(ctx, commands);
        self.show_missing_recent(ctx, commands);
        self.show_error(ctx);
    }

    fn show_revert(&mut self, ctx: &Context, design: &str, commands: &mut Vec<Command>) {
        let Some(path) = self.revert.as_ref() else {
            return;
        };
        let mut answer = None;
        let modal = Modal::new(Id::unique("revert_dialog")).show(ctx, |ui| {
            ui.set_width(380.0);
            ui.heading("Revert to saved");
            ui.label(format!(
                "Drop the changes to \"{design}\" and read {} again?",
                path.display()
            ));
            ui.weak("Edit > Undo brings the changes back.");
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                if ui.button("Revert").clicked() {
                    answer = Some(true);
                }
                if ui.button("Cancel").clicked() {
                    answer = Some(false);
                }
            });
        });
        if modal.should_close() {
            answer = Some(false);
        }
        if let Some(revert) = answer {
            self.revert = None;
            if revert {
                commands.push(Command::Force(Box::new(Command::RevertToSaved)));
            }
        }
    }

    fn show_missing_recent(&mut self, ctx: &Context, commands: &mut Vec<Command>) {
        let Some(path) = self.missing_recent.as_ref() else {
            return;
        };
        let mut answer = None;
        let modal = Modal::new(Id::unique("missing_recent_dialog")).show(ctx, |ui| {
            ui.set_max_width(520.0);
            ui.heading(RichText::new("File not found").color(ui.visuals().error_fg_color));
            ui.add_space(4.0);
            ui.label(format!(
                "{} is not there any more: it was moved, renamed or deleted.\n\nYour current \
                 design is unchanged.",
                path.display()
            ));
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                // Taking it off is what is usually wanted, so Enter does it.
                if ui.button("Remove from recent files").clicked() || enter_pressed(ui) {
                    answer = Some(true);
                }
                if ui.button("Keep").clicked() {
                    answer = Some(false);
                }
            });
        });
        if modal.should_close() {
            answer = Some(false);
        }
        if let Some(forget) = answer
            && let Some(path) = self.missing_recent.take()
            && forget
        {
            commands.push(Command::ForgetRecent(path));
        }
    }

    fn show_unsaved(&mut self, ctx: &Context, design: &str, commands: &mut Vec<Command>) {
        let Some(pending) = self.unsaved.as_ref() else {
            return;
        };
        let quitting = matches!(**pending, Command::Quit);
        let mut answer = None;
        let modal = Modal::new(Id::unique("unsaved_dialog")).show(ctx, |ui| {
            ui.set_width(380.0);
            ui.heading("Unsaved changes");
            ui.label(format!(
                "\"{design}\" has changes that are not saved to a file."
            ));
            if quitting {
                ui.weak("The design is also kept for your next launch either way.");
            }
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                // Enter saves, the first and safest answer, as in a desktop's dialog.
                if ui
                    .button("Save")
                    .on_hover_text("Save, then continue (Enter)")
                    .clicked()
                    || enter_pressed(ui)
                {
                    answer = Some(true);
                }
                let discard = if quitting {
                    "Quit without saving"
                } else {
                    "Discard changes"
                };
                if ui.button(discard).clicked() {
                    answer = Some(false);
                }
                if ui.button("Cancel").clicked() {
                    self.unsaved = None;
                }
            });
        });
        if modal.should_close() {
            self.unsaved = None;
        }
        if let Some(save) = answer
            && let Some(pending) = self.unsaved.take()
        {
            commands.push(if save {
                Command::SaveThen(pending)
            } else {
                Command::Force(pending)
            });
        }
    }

    fn show_path_prompt(&mut self, ctx: &Context, commands: &mut Vec<Command>) {
        let Some(prompt) = self.path_prompt.as_mut() else {
            return;
        };
        let (title, action) = prompt.purpose.title();
        let mut done = None;
        let modal = Modal::new(Id::unique("path_dialog")).show(ctx, |ui| {
            ui.set_width(460.0);
            ui.heading(title);
            ui.label("No file dialog is available here; type the file's path, or pick a file.");
            let label = ui.label(PATH_FIELD_LABEL);
            let edit = ui.add(
                egui::TextEdit::singleline(&mut prompt.text)
                    .desired_width(f32::INFINITY)
                    .hint_text("puzzles/my-puzzle.ron"),
            );
            let edit = edit.labelled_by(label.id);
            if !prompt.focused {
                // The user types at once, without clicking the field first.
                edit.request_focus();
                // The field's state outlives the dialog: without this, the cursor would sit
                // where the last dialog's path ended, in the middle of this one's.
                let mut state = egui::TextEdit::load_state(ui.ctx(), edit.id).unwrap_or_default();
                let end = egui::text::CCursor::new(prompt.text.chars().count());
                state
                    .cursor
                    .set_char_range(Some(egui::text::CCursorRange::one(end)));
                state.store(ui.ctx(), edit.id);
                prompt.focused = true;
            }
            let entered = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            // A folder typed is listed, as the user goes there (read once a folder, not a
            // frame).
            if edit.changed()
                && let Some(folder) = prompt.typed_folder()
            {
                prompt.list(&folder);
            }
            if let Some((picked, double)) = files_ui(ui, prompt) {
                prompt.text = picked.display().to_string();
                // As in a desktop's file dialog: a click picks the file, a double click
                // opens it. Saving over a file takes the Save button, never a double click.
                if double && matches!(prompt.purpose, PathPurpose::Open | PathPurpose::OpenTrace) {
                    done = Some(true);
                }
            }
            ui.add_space(6.0);
            // Asked once the user pressed Save on an existing file: the next press replaces it.
            let asked = prompt.replacing.is_some() && prompt.replacing == prompt.target();
            if asked {
                let name = prompt
                    .replacing
                    .as_deref()
                    .and_then(Path::file_name)
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    format!("\"{name}\" already exists. Replace it, or type another name."),
                );
            }
            let action = if asked { "Replace" } else { action };
            ui.horizontal(|ui| {
                let ok = ui.add_enabled(!prompt.text.trim().is_empty(), egui::Button::new(action));
                if ok.clicked() || (entered && !prompt.text.trim().is_empty()) {
                    // A folder is gone into, as a file dialog does, not opened as a file.
                    let typed = prompt.typed();
                    if typed.is_dir() {
                        prompt.list(&typed);
                        let folder = typed.display().to_string();
                        prompt.text = if folder.ends_with(std::path::MAIN_SEPARATOR) {
                            folder
                        } else {
                            format!("{folder}{}", std::path::MAIN_SEPARATOR)
                        };
                        prompt.focused = false;
                    } else if let Some(existing) = prompt.would_replace()
                        && !asked
                    {
                        // Never replaced unasked: the user confirms with a second press.
                        prompt.replacing = Some(existing);
                    } else {
                        done = Some(true);
                    }
                }
                if ui.button("Cancel").clicked() {
                    done = Some(false);
                }
            });
        });
        if modal.should_close() {
            done = Some(false);
        }
        if let Some(ok) = done
            && let Some(prompt) = self.path_prompt.take()
            && ok
        {
            let path = prompt.typed();
            commands.push(match prompt.purpose {
                // Unsaved changes were already settled when "Open" was chosen.
                PathPurpose::Open => Command::Force(Box::new(Command::OpenPath(path))),
                // Unsaved changes are asked about once the file is read, and only if its
                // puzzle is not the design.
                PathPurpose::OpenTrace => Command::OpenTracePath(path),
                PathPurpose::Save => Command::SaveTo(path),
                PathPurpose::SaveDesigns => Command::SaveDesignsTo(path),
                PathPurpose::Export(format) => Command::ExportTo(format, path),
            });
        }
    }

    fn show_error(&mut self, ctx: &Context) {
        let Some(error) = self.error.as_ref() else {
            return;
        };
        let mut close = false;
        let modal = Modal::new(Id::unique("error_dialog")).show(ctx, |ui| {
            ui.set_max_width(520.0);
            ui.heading(RichText::new(&error.title).color(ui.visuals().error_fg_color));
            ui.add_space(4.0);
            ui.label(message_job(ui.style(), &error.message, None));
            ui.add_space(6.0);
            if ui.button("OK").clicked() || enter_pressed(ui) {
                close = true;
            }
        });
        if close || modal.should_close() {
            self.error = None;
        }
    }
}

/// Whether Enter was pressed this frame, taking the key so nothing else acts on it: a
/// message's dialog closes with Enter as with OK (and Escape, as every modal does).
fn enter_pressed(ui: &egui::Ui) -> bool {
    ui.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Enter))
}

/// The listed folder's files, narrowed once the user types to those whose names start as
/// the typed name does; returns the one clicked, and whether it was double-clicked. The file
/// the text names is shown selected.
fn files_ui(ui: &mut egui::Ui, prompt: &PathPrompt) -> Option<(PathBuf, bool)> {
    let folder = prompt.folder.as_deref()?;
    let typed = prompt.typed();
    let typed = typed.as_path();
    // Narrowed only while a name is being typed: a file picked from the list, or a folder
    // typed, keeps it whole.
    let picked = prompt.files.iter().any(|p| p.as_path() == typed)
        || prompt.text.ends_with(std::path::MAIN_SEPARATOR);
    let prefix = if prompt.text != prompt.suggested && typed.parent() == Some(folder) && !picked {
        typed
            .file_name()
            .map(|n| n.to_string_lossy().to_lowercase())
            .unwrap_or_default()
    } else {
        String::new()
    };
    let matching: Vec<&PathBuf> = prompt
        .files
        .iter()
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().to_lowercase().starts_with(&prefix))
        })
        .collect();
    ui.add_space(4.0);
    let noun = prompt.files_noun();
    if prompt.files.is_empty() {
        ui.weak(format!("No {noun} in {} yet.", folder.display()));
        return None;
    }
    ui.weak(format!("The {noun} in {}:", folder.display()));
    let mut picked = None;
    // As wide as the dialog: shrunk to the widest name, its scroll bar would lie over the
    // end of that name.
    egui::ScrollArea::vertical()
        .id_salt("path dialog files")
        .auto_shrink([false, true])
        .max_height(160.0)
        .show(ui, |ui| {
            // Rows the list's width, as in a file dialog: a click anywhere on one picks it.
            ui.with_layout(egui::Layout::top_down_justified(egui::Align::Min), |ui| {
                for path in matching {
                    let name = path
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    let entry = ui
                        .selectable_label(path.as_path() == typed, name)
                        .on_hover_text(path.display().to_string());
                    if entry.clicked() || entry.double_clicked() {
                        picked = Some((path.clone(), entry.double_clicked()));
                    }
                }
            });
        });
    picked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_leading_tilde_is_the_home_folder() {
        let home = Path::new("/home/first.last");
        let expand = |text| expand_home(text, Some(home));
        assert_eq!(expand("~"), home);
        assert_eq!(expand("~/mine.ron"), home.join("mine.ron"));
        assert_eq!(expand("~/"), home.join(""));
        assert_eq!(expand("~bob/mine.ron"), Path::new("~bob/mine.ron"));
        assert_eq!(expand("puzzles/~/x.ron"), Path::new("puzzles/~/x.ron"));
        assert_eq!(expand_home("~/mine.ron", None), Path::new("~/mine.ron"));
    }

    #[test]
    fn a_folders_dot_is_no_extension() {
        assert_eq!(named_extension("/home/first.last/"), None);
        assert_eq!(named_extension("/tmp/tmp.EB6wM7dLVz/"), None);
        assert_eq!(named_extension("/home/first.last/anim.gif"), Some("gif"));
        assert_eq!(named_extension("/home/first.last/mine"), None);
    }
}
