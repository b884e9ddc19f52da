//! The app's small modal dialogs: a typed file path (when no file dialog is available), an
//! error message, and the "unsaved changes" question.

use egui::{Context, Id, Modal, RichText};

use crate::gui::command::Command;

/// What a typed path is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathPurpose {
    /// Open the file.
    Open,
    /// Save to the file.
    Save,
}

/// A request for a typed file path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathPrompt {
    /// What the path is for.
    pub purpose: PathPurpose,
    /// The text typed so far.
    pub text: String,
}

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
}

impl Dialogs {
    /// Whether any dialog is open (the editor ignores shortcuts then).
    pub fn any_open(&self) -> bool {
        self.path_prompt.is_some() || self.error.is_some() || self.unsaved.is_some()
    }

    /// Shows the open dialogs, queueing what the user chose.
    pub fn show(&mut self, ctx: &Context, design: &str, commands: &mut Vec<Command>) {
        self.show_unsaved(ctx, design, commands);
        self.show_path_prompt(ctx, commands);
        self.show_error(ctx);
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
                if ui
                    .button("Save")
                    .on_hover_text("Save, then continue")
                    .clicked()
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
        let (title, action) = match prompt.purpose {
            PathPurpose::Open => ("Open puzzle", "Open"),
            PathPurpose::Save => ("Save puzzle", "Save"),
        };
        let mut done = None;
        let modal = Modal::new(Id::unique("path_dialog")).show(ctx, |ui| {
            ui.set_width(460.0);
            ui.heading(title);
            ui.label("No file dialog is available here; type the file's path.");
            let label = ui.label("File path:");
            let edit = ui.add(
                egui::TextEdit::singleline(&mut prompt.text)
                    .desired_width(f32::INFINITY)
                    .hint_text("puzzles/my-puzzle.ron"),
            );
            let edit = edit.labelled_by(label.id);
            let entered = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                let ok = ui.add_enabled(!prompt.text.trim().is_empty(), egui::Button::new(action));
                if ok.clicked() || (entered && !prompt.text.trim().is_empty()) {
                    done = Some(true);
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
            let path = std::path::PathBuf::from(prompt.text.trim());
            commands.push(match prompt.purpose {
                // Unsaved changes were already settled when "Open" was chosen.
                PathPurpose::Open => Command::Force(Box::new(Command::OpenPath(path))),
                PathPurpose::Save => Command::SaveTo(path),
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
            ui.label(&error.message);
            ui.add_space(6.0);
            if ui.button("OK").clicked() {
                close = true;
            }
        });
        if close || modal.should_close() {
            self.error = None;
        }
    }
}
