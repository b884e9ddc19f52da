//! Saving the solution shown in playback to a file: text, the CLI's JSON, or an animation
//! (animated PNG or GIF, drawn with the playback's animation options) rendered in the
//! background with its progress in the status bar. Paths go through the checks of a
//! puzzle's safe save, so a refused one (a folder, a read-only file) is reported before any
//! work, and text is replaced atomically as a puzzle file is.

use std::path::{Path, PathBuf};

use blockslide_core::model::file::{self, SaveOptions};
use egui::Context;

use super::App;
use super::dialogs::{ErrorDialog, PathPrompt, PathPurpose};
use super::file_dialogs::Picked;
use crate::command::ExportFormat;
use crate::common::task::{Poll, Task};
use crate::solve::playback::animation::{AnimationFormat, AnimationOptions, render_animation};
use crate::solve::playback::{solution_json, solution_text};

/// An animation being rendered: its progress (0 to 1), then the file written or why not.
pub type ExportTask = Task<f32, Result<PathBuf, String>>;

/// The accessible name of the animation's progress bar.
pub const EXPORT_PROGRESS_LABEL: &str = "Rendering the animation";

impl App {
    /// Asks where to save the solution shown as `format` (a typed path without file
    /// dialogs), then saves it.
    pub(super) fn export_solution(&mut self, format: ExportFormat, ctx: &Context) {
        if self.solve.playback().is_none() {
            self.status = "Solve the puzzle first: there is no solution to export.".into();
            return;
        }
        let stem = super::apply::suggested_file_name(self.doc.puzzle());
        let stem = stem.trim_end_matches(".ron");
        let suffix = if format == ExportFormat::Animation {
            "-solution"
        } else {
            ""
        };
        let extension = match format {
            ExportFormat::Animation => AnimationOptions::load(ctx).format.extension(),
            _ => format.extension(),
        };
        let name = format!("{stem}{suffix}.{extension}");
        // Exports go to a folder of their own, never among the puzzle files; a system dialog
        // opens where that folder will be until the first export makes it.
        let folder = self.export_folder();
        let opens_in = folder
            .as_deref()
            .filter(|f| f.is_dir())
            .or_else(|| folder.as_deref().and_then(Path::parent));
        match self.files.pick_save(opens_in, &name) {
            Picked::Path(path) => {
                if self.make_export_folder(&path) {
                    self.export_to(format, path, ctx);
                }
            }
            Picked::Unavailable => {
                let suggested = folder.as_ref().map_or_else(
                    || std::path::absolute(&name).unwrap_or_else(|_| name.clone().into()),
                    |f| f.join(&name),
                );
                self.dialogs.path_prompt = Some(PathPrompt::new(
                    PathPurpose::Export(format),
                    suggested.display().to_string(),
                    folder,
                ));
            }
            Picked::Cancelled => {}
        }
    }

    /// Saves the solution shown to `path` as `format`: at once for text and JSON, in the
    /// background for an animation. An animation is a GIF when `path` ends in `.gif`, an
    /// animated PNG when it ends in `.png`, else the format chosen in its options.
    pub(super) fn export_to(&mut self, format: ExportFormat, path: PathBuf, ctx: &Context) {
        let Some(playback) = self.solve.playback() else {
            return;
        };
        let mut options = AnimationOptions::load(ctx);
        let path = match (format, path.extension()) {
            (ExportFormat::Animation, None) => path.with_extension(options.format.extension()),
            (_, None) => path.with_extension(format.extension()),
            (_, Some(_)) => path,
        };
        // Refused paths (a folder, a read-only file, a missing folder) are told before an
        // animation renders for nothing.
        if let Err(e) = file::check_save_path(&path, SaveOptions::default()) {
            self.export_failed(&format!("{}: {e}", path.display()));
            return;
        }
        let report = playback.report().clone();
        let text = match format {
            ExportFormat::Text => solution_text(&report),
            ExportFormat::Json => solution_json(&report),
            ExportFormat::Animation => {
                options.format = AnimationFormat::of_path(&path).unwrap_or(options.format);
                let puzzle = self.doc.puzzle().clone();
                let target = path.clone();
                match Task::spawn("export", ctx, move |reporter| {
                    let cancel = reporter.cancel_flag();
                    let bytes = render_animation(
                        &puzzle,
                        &report.moves,
                        &options,
                        &|f| reporter.progress(f),
                        &cancel,
                    )?;
                    std::fs::write(&target, bytes)
                        .map_err(|e| format!("{}: {e}", target.display()))?;
                    Ok(target)
                }) {
                    Ok(task) => {
                        self.export = Some(task);
                        self.status = format!("Rendering the animation to {}…", path.display());
                    }
                    Err(e) => self.export_failed(&e),
                }
                return;
            }
        };
        match file::save_text(&path, &text, SaveOptions::default()) {
            Ok(()) => self.exported(&path),
            Err(e) => self.export_failed(&format!("{}: {e}", path.display())),
        }
    }

    /// Takes the animation's result once it is rendered. Call once a frame.
    pub(super) fn poll_export(&mut self) {
        let Some(task) = self.export.as_mut() else {
            return;
        };
        match task.poll() {
            Poll::Running => {}
            Poll::Done(result) => {
                self.export = None;
                match result {
                    Ok(path) => self.exported(&path),
                    Err(e) => self.export_failed(&e),
                }
            }
            Poll::Lost(e) => {
                self.export = None;
                self.export_failed(&e);
            }
        }
    }

    /// The animation's progress (0 to 1) while it renders.
    pub fn export_progress(&self) -> Option<f32> {
        self.export
            .as_ref()
            .map(|t| t.progress().copied().unwrap_or(0.0))
    }

    fn exported(&mut self, path: &Path) {
        let shown = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        self.status = format!("Exported the solution to {}", shown.display());
    }

    fn export_failed(&mut self, why: &str) {
        self.dialogs.error = Some(ErrorDialog {
            title: "Could not export the solution".into(),
            message: format!("{why}\n\nNothing else changed."),
        });
    }
}
