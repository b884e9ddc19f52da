//! Saving the solution shown in playback to a file: text, the CLI's JSON, or an animation
//! (animated PNG or GIF, drawn with the playback's animation options) rendered in the
//! background with its progress in the status bar. Paths go through the checks of a
//! puzzle's safe save, so a refused one (a folder, a read-only file) is reported before any
//! work, and text is replaced atomically as a puzzle file is.

use std::path::{Path, PathBuf};

use blockslide_core::model::file::{self, SaveOptions};
use blockslide_core::model::library;
use blockslide_core::solve::api::web::{WebOptions, page_html, web_page};
use egui::Context;

use super::App;
use super::dialogs::{ErrorDialog, PathPrompt, PathPurpose};
use super::export_task::{ExportWork, Exported, RunningExport};
use super::file_dialogs::Picked;
use super::open_save::file_name;
use crate::command::ExportFormat;
use crate::common::task::{Poll, Task};
use crate::solve::playback::animation::{AnimationFormat, AnimationOptions, render_animation};
use crate::solve::playback::{solution_json, solution_text};

impl App {
    /// Asks where to save the solution shown as `format` (a typed path without file
    /// dialogs), then saves it.
    pub(super) fn export_solution(&mut self, format: ExportFormat, ctx: &Context) {
        let watched = matches!(format, ExportFormat::Tree | ExportFormat::Frontier);
        if watched && self.solve.watch().watching().is_none() {
            self.status = "Watch a search first: there is no tree to export.".into();
            return;
        }
        if format != ExportFormat::WebPage && !watched && self.solve.playback().is_none() {
            self.status = "Solve the puzzle first: there is no solution to export.".into();
            return;
        }
        let stem = super::open_save::suggested_file_name(self.doc.puzzle());
        let stem = stem.trim_end_matches(".ron");
        let suffix = match format {
            ExportFormat::Animation => "-solution",
            ExportFormat::Tree => "-tree",
            ExportFormat::Frontier => "-frontier",
            _ => "",
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
            Picked::Path(path) => self.export_into(format, path, ctx),
            Picked::Unavailable => {
                let suggested = folder.as_ref().map_or_else(
                    || std::path::absolute(&name).unwrap_or_else(|_| name.clone().into()),
                    |f| f.join(&name),
                );
                self.dialogs.path_prompt = Some(
                    PathPrompt::new(
                        PathPurpose::Export(format),
                        suggested.display().to_string(),
                        folder,
                    )
                    .with_home(self.home.as_deref()),
                );
            }
            Picked::Cancelled => {}
        }
    }

    /// Where exported solutions go by default: a folder of their own beside the design's
    /// file (`klotski-exports/` beside `klotski.ron`), so they never mix with puzzle files.
    /// A design never saved, or opened from the file of a bundled puzzle (the app's own
    /// copy, which is no place for the user's files and may not be writable), exports to
    /// `exports/` beside the user's puzzles folder. `None` when there is neither a file nor
    /// a puzzles folder. The folder need not exist yet: an export into it makes it.
    pub fn export_folder(&self) -> Option<PathBuf> {
        match self.doc.path().filter(|path| !self.is_bundled_file(path)) {
            Some(path) => {
                let stem = path.file_stem()?.to_string_lossy();
                Some(path.with_file_name(format!("{stem}-exports")))
            }
            None => Some(self.library.folder()?.with_file_name("exports")),
        }
    }

    /// Whether `path` is a bundled puzzle's own file (in the app's `saved_puzzles/`, say):
    /// it has a bundled puzzle's name and text and is not among the user's puzzles.
    fn is_bundled_file(&self, path: &Path) -> bool {
        let bundled = path
            .file_name()
            .and_then(|name| library::find(&name.to_string_lossy()));
        bundled.is_some_and(|b| {
            path.parent() != self.library.folder()
                && std::fs::read_to_string(path).is_ok_and(|text| text == b.text)
        })
    }

    /// Saves the solution shown to `path` as `format` (see [`App::export_to`]), first
    /// making the folder it goes into when it does not exist yet: the default export folder,
    /// or one the user typed and confirmed.
    pub(super) fn export_into(&mut self, format: ExportFormat, path: PathBuf, ctx: &Context) {
        let missing = path
            .parent()
            .filter(|folder| !folder.as_os_str().is_empty() && !folder.exists())
            .map(Path::to_path_buf);
        if let Some(folder) = &missing
            && let Err(e) = std::fs::create_dir_all(folder)
        {
            self.export_failed(&format!("{}: {e}", folder.display()));
            return;
        }
        self.export_to(format, path, missing.is_some(), ctx);
    }

    /// Saves the solution shown to `path` as `format`: at once for text and JSON, in the
    /// background for an animation. An animation is a GIF when `path` ends in `.gif`, an
    /// animated PNG when it ends in `.png`, else the format chosen in its options.
    /// `made_folder`: its folder was just made for it, for the status to mention.
    fn export_to(&mut self, format: ExportFormat, path: PathBuf, made_folder: bool, ctx: &Context) {
        if format == ExportFormat::WebPage {
            self.export_web_page(path, made_folder, ctx);
            return;
        }
        if matches!(format, ExportFormat::Tree | ExportFormat::Frontier) {
            self.export_watched(format, path, made_folder);
            return;
        }
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
            // Written by `export_web_page` and `export_watched`, before a solution is looked
            // for.
            ExportFormat::WebPage | ExportFormat::Tree | ExportFormat::Frontier => return,
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
                    Ok(Exported {
                        what: "the solution",
                        path: target,
                        made_folder,
                    })
                }) {
                    Ok(task) => {
                        self.export = Some(RunningExport {
                            task,
                            work: ExportWork::Animation,
                        });
                        self.status = format!("Rendering the animation to {}…", path.display());
                    }
                    Err(e) => self.export_failed(&e),
                }
                return;
            }
        };
        match file::save_text(&path, &text, SaveOptions::default()) {
            Ok(()) => self.exported(&Exported {
                what: "the solution",
                path,
                made_folder,
            }),
            Err(e) => self.export_failed(&format!("{}: {e}", path.display())),
        }
    }

    /// Writes the design as a playable web page to `path`, in the background: the page
    /// solves the design (within the solver panel's limits) to carry its optimal solution and,
    /// for a small component, its table of distances. A design with errors is refused with
    /// the solver's message.
    fn export_web_page(&mut self, path: PathBuf, made_folder: bool, ctx: &Context) {
        let path = if path.extension().is_none() {
            path.with_extension("html")
        } else {
            path
        };
        if let Err(e) = file::check_save_path(&path, SaveOptions::default()) {
            self.export_failed(&format!("{}: {e}", path.display()));
            return;
        }
        let puzzle = self.doc.puzzle().clone();
        let options = WebOptions {
            limits: self.solve.panel().settings.limits(),
            pdb_cache: self.solve.panel().settings.pdb_cache.clone(),
            ..WebOptions::default()
        };
        let target = path.clone();
        let started = Task::spawn("web page", ctx, move |_reporter| {
            let data = web_page(&[puzzle], &options).map_err(|e| e.to_string())?;
            // Invariant: the page's data are strings, numbers and lists of them.
            let json = serde_json::to_string(&data).map_err(|e| e.to_string())?;
            file::save_text(&target, &page_html(&data, &json), SaveOptions::default())
                .map_err(|e| format!("{}: {e}", target.display()))?;
            Ok(Exported {
                what: "the web page",
                path: target,
                made_folder,
            })
        });
        match started {
            Ok(task) => {
                self.export = Some(RunningExport {
                    task,
                    work: ExportWork::WebPage,
                });
                self.status = format!("Writing the web page {}…", path.display());
            }
            Err(e) => self.export_failed(&e),
        }
    }

    /// Writes the Watch view's tree or frontier (`format`) at its step to `path`: a PNG
    /// when `path` ends in `.png`, else SVG (`.svg` added when it has no extension).
    fn export_watched(&mut self, format: ExportFormat, path: PathBuf, made_folder: bool) {
        let path = if path.extension().is_none() {
            path.with_extension("svg")
        } else {
            path
        };
        let watch = self.solve.watch();
        let (picture, what) = match format {
            ExportFormat::Frontier => (watch.frontier_picture(), "the frontier"),
            _ => (watch.tree_picture(), "the search tree"),
        };
        let Some(picture) = picture else {
            return;
        };
        let png = path
            .extension()
            .is_some_and(|x| x.eq_ignore_ascii_case("png"));
        let written = if png {
            picture.png().and_then(|bytes| {
                file::check_save_path(&path, SaveOptions::default())
                    .and_then(|()| std::fs::write(&path, bytes))
                    .map_err(|e| format!("{}: {e}", path.display()))
            })
        } else {
            file::save_text(&path, &picture.svg(), SaveOptions::default())
                .map_err(|e| format!("{}: {e}", path.display()))
        };
        match written {
            Ok(()) => self.exported(&Exported {
                what,
                path,
                made_folder,
            }),
            Err(e) => self.export_failed(&e),
        }
    }

    /// Takes the animation's result once it is rendered. Call once a frame.
    pub(super) fn poll_export(&mut self) {
        let Some(running) = self.export.as_mut() else {
            return;
        };
        match running.task.poll() {
            Poll::Running => {}
            Poll::Done(result) => {
                self.export = None;
                match result {
                    Ok(done) => self.exported(&done),
                    Err(e) => self.export_failed(&e),
                }
            }
            Poll::Lost(e) => {
                self.export = None;
                self.export_failed(&e);
            }
        }
    }

    /// The export's progress (0 to 1) while it runs (0 throughout for a web page, whose
    /// solve does not say how far it has gone).
    pub fn export_progress(&self) -> Option<f32> {
        self.export
            .as_ref()
            .map(|running| running.task.progress().copied().unwrap_or(0.0))
    }

    /// What the export running in the background makes, if one is.
    pub fn export_work(&self) -> Option<ExportWork> {
        self.export.as_ref().map(|running| running.work)
    }

    fn exported(&mut self, done: &Exported) {
        // The file and its folder by name, so the message fits the status bar.
        let shown = std::path::absolute(&done.path).unwrap_or_else(|_| done.path.clone());
        let folder = shown.parent().map(file_name).unwrap_or_default();
        let made = if done.made_folder {
            ", a folder made for it"
        } else {
            ""
        };
        self.status = format!(
            "Exported {} to {} in {folder}{made}",
            done.what,
            file_name(&shown)
        );
    }

    fn export_failed(&mut self, why: &str) {
        self.dialogs.error = Some(ErrorDialog {
            title: "Could not export the solution".into(),
            message: format!("{why}\n\nNothing else changed."),
        });
    }
}
