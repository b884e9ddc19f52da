//! The application: window layout, the mode tabs, and the one place where commands are
//! applied to the document and to files.
//!
//! Layout: the menu bar on top, the status bar at the bottom, and between them, in the
//! Start and Goal tabs, the tools and piece palette (left), the board (centre) and the
//! properties with live validation (right). In the Solve and Play tabs the right panel and
//! the centre belong to the solver panel (issue 6): see the marked places below.

use std::path::{Path, PathBuf};

use eframe::Storage;
use egui::{Context, Key, Ui, ViewportCommand};
use serde::{Deserialize, Serialize};

use super::board::Layer;
use super::command::{Command, Mode, Tool};
use super::dialogs::{Dialogs, ErrorDialog, PathPrompt, PathPurpose};
use super::document::Document;
use super::edit::{self, Brush};
use super::editor::EditorState;
use super::file_dialogs::{FileDialogs, NoDialogs, Picked, RfdDialogs};
use super::library_panel::{LibraryPanel, default_user_folder};
use super::menu_bar::{self, ViewSettings};
use super::new_dialog::{self, NewPuzzleForm};
use super::properties_panel::{self, Checks, PropertiesState};
use super::screenshot::ScreenshotJob;
use super::solve_view::{SolveView, SolveViewSettings};
use super::{status_bar, tools_panel};
use crate::model::file::{self, LoadError};
use crate::model::{Puzzle, Token, library};

/// What is kept between launches (eframe storage, key [`eframe::APP_KEY`]).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
struct Persisted {
    /// The design as file text.
    design: Option<String>,
    /// The file it belongs to.
    path: Option<PathBuf>,
    /// Whether it had unsaved changes.
    modified: bool,
    mode: Mode,
    tool: Tool,
    view: ViewSettings,
    new_form: NewPuzzleForm,
    /// Files opened or saved lately, newest first.
    recent: Vec<PathBuf>,
    // solver-ui (issue 6): persisted solver settings go here.
    solve: SolveViewSettings,
}

/// How many recent files the File menu lists.
const RECENT_FILES: usize = 8;

/// Gesture numbers for text fields, far above the editor's stroke numbers, so typing into
/// one field is one undo step.
const TEXT_GESTURE: u64 = 1 << 62;

/// The Blockslide app.
pub struct App {
    doc: Document,
    mode: Mode,
    editor: EditorState,
    view: ViewSettings,
    checks: Checks,
    properties: PropertiesState,
    dialogs: Dialogs,
    new_form: NewPuzzleForm,
    new_dialog_open: bool,
    library: LibraryPanel,
    files: Box<dyn FileDialogs>,
    status: String,
    persist: bool,
    style_applied: bool,
    allow_close: bool,
    after_save: Option<Box<Command>>,
    screenshot: Option<ScreenshotJob>,
    title: String,
    recent: Vec<PathBuf>,
    /// The board before a run of consecutive resizes, and the revision after the last one.
    resize_base: Option<(u64, Puzzle)>,
    // solver-ui (issue 6): fields of the Solve and Play modes go here.
    solve: SolveView,
}

/// The bundled Klotski, the design a new user sees first.
pub fn default_puzzle() -> Puzzle {
    library::bundled()
        .into_iter()
        .filter(|b| b.file_name.to_ascii_lowercase().contains("klotski"))
        .find_map(|b| file::parse(b.text).ok())
        .unwrap_or_else(klotski)
}

/// Klotski built in code, for builds whose library is missing it.
fn klotski() -> Puzzle {
    // Invariant: these rows are a valid 5x4 grid with a goal of the same size.
    let mut p = Puzzle::from_rows(
        &["B A A C", "B A A C", "D E E F", "D G H F", "I . . J"],
        &[". . . .", ". . . .", ". . . .", ". A A .", ". A A ."],
    )
    .expect("valid Klotski rows");
    p.name = "Klotski".into();
    p.notes = "Move the big square A to the bottom middle.".into();
    p.metric = Some(crate::model::Metric::Move);
    p
}

impl App {
    /// The app as the window starts it: `file` when given, else the design of the last
    /// session, else the bundled Klotski. A `screenshot` job ignores the saved session and
    /// saves nothing.
    pub fn new(
        cc: &eframe::CreationContext<'_>,
        file: Option<PathBuf>,
        screenshot: Option<ScreenshotJob>,
    ) -> App {
        let mut app = App::with_parts(
            Document::new(default_puzzle()),
            Box::new(RfdDialogs::default()),
            default_user_folder(),
        );
        app.persist = screenshot.is_none();
        app.editor.hide_hover = screenshot.is_some();
        app.screenshot = screenshot;
        if app.persist
            && let Some(storage) = cc.storage
        {
            app.restore_session(storage);
        }
        if let Some(path) = file {
            app.open_path(path);
        }
        app
    }

    /// An app for UI tests: `puzzle` loaded, animations off, nothing persisted, no file
    /// dialogs (typed paths instead) and no personal library folder.
    pub fn new_for_test(puzzle: Puzzle) -> App {
        let mut app = App::with_parts(Document::new(puzzle), Box::new(NoDialogs), None);
        app.view.animations = false;
        app
    }

    fn with_parts(doc: Document, files: Box<dyn FileDialogs>, folder: Option<PathBuf>) -> App {
        App {
            doc,
            mode: Mode::Start,
            editor: EditorState::default(),
            view: ViewSettings::default(),
            checks: Checks::default(),
            properties: PropertiesState::default(),
            dialogs: Dialogs::default(),
            new_form: NewPuzzleForm::default(),
            new_dialog_open: false,
            library: LibraryPanel::new(folder),
            files,
            status: String::new(),
            persist: false,
            style_applied: false,
            allow_close: false,
            after_save: None,
            screenshot: None,
            title: String::new(),
            recent: Vec::new(),
            resize_base: None,
            // solver-ui (issue 6): initial values of the Solve and Play fields go here.
            solve: SolveView::default(),
        }
    }

    /// Restores the design and settings of the last session from `storage` (eframe's, or a
    /// test's); keeps the current state when nothing usable is stored.
    pub fn restore_session(&mut self, storage: &dyn Storage) {
        if let Some(saved) = eframe::get_value::<Persisted>(storage, eframe::APP_KEY) {
            self.restore(saved);
        }
    }

    /// Writes the design and settings to `storage`, for [`App::restore_session`] on the next
    /// launch.
    pub fn save_session(&self, storage: &mut dyn Storage) {
        let state = Persisted {
            design: Some(file::to_ron_string(self.doc.puzzle())),
            path: self.doc.path().map(Path::to_path_buf),
            modified: self.doc.is_modified(),
            mode: self.mode,
            tool: self.editor.tool,
            view: self.view.clone(),
            new_form: self.new_form.clone(),
            recent: self.recent.clone(),
            solve: self.solve.settings(),
        };
        eframe::set_value(storage, eframe::APP_KEY, &state);
    }

    fn restore(&mut self, saved: Persisted) {
        if let Some(text) = &saved.design
            && let Ok(puzzle) = file::parse(text)
        {
            self.doc = match &saved.path {
                Some(path) if !saved.modified => Document::from_file(puzzle, path.clone()),
                _ => {
                    let mut doc = Document::new(puzzle);
                    if let Some(path) = &saved.path {
                        doc.mark_saved(path.clone());
                    }
                    doc.mark_unsaved();
                    doc
                }
            };
        }
        self.mode = saved.mode;
        self.editor.tool = saved.tool;
        self.view = saved.view;
        self.new_form = saved.new_form;
        self.recent = saved.recent;
        self.solve = SolveView::new(saved.solve);
    }

    /// The open design.
    pub fn document(&self) -> &Document {
        &self.doc
    }

    /// The active tab.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Switches tabs.
    pub fn set_mode(&mut self, mode: Mode) {
        self.mode = mode;
    }

    /// The Solve and Play tabs (solver panel, comparison, playback, game).
    pub fn solve_view(&self) -> &SolveView {
        &self.solve
    }

    /// The Solve and Play tabs, to change solver settings.
    pub fn solve_view_mut(&mut self) -> &mut SolveView {
        &mut self.solve
    }

    /// Whether animations are on (View menu); tests turn them off.
    pub fn animations(&self) -> bool {
        self.view.animations
    }

    /// The last status message ("Saved to …").
    pub fn status(&self) -> &str {
        &self.status
    }

    /// The error dialog's title and message, while one is shown.
    pub fn error_message(&self) -> Option<(&str, &str)> {
        self.dialogs
            .error
            .as_ref()
            .map(|e| (e.title.as_str(), e.message.as_str()))
    }

    /// The active editing tool.
    pub fn tool(&self) -> Tool {
        self.editor.tool
    }

    /// Replaces the file dialogs (tests pass scripted ones).
    pub fn set_file_dialogs(&mut self, files: Box<dyn FileDialogs>) {
        self.files = files;
    }

    /// Uses `folder` as the personal library folder.
    pub fn set_library_folder(&mut self, folder: Option<PathBuf>) {
        self.library = LibraryPanel::new(folder);
    }

    fn title(&self) -> String {
        let name = if self.doc.puzzle().name.is_empty() {
            "Untitled"
        } else {
            self.doc.puzzle().name.as_str()
        };
        let modified = if self.doc.is_modified() { " •" } else { "" };
        format!("{name}{modified} — Blockslide")
    }

    /// Applies one command. Only here does the app touch the document and files.
    pub fn apply(&mut self, command: Command, ctx: &Context) {
        match command {
            Command::New(_)
            | Command::Open
            | Command::OpenPath(_)
            | Command::OpenText { .. }
            | Command::Quit
                if self.doc.is_modified() && !self.allow_close =>
            {
                self.dialogs.unsaved = Some(Box::new(command));
            }
            Command::Force(inner) => self.apply_unguarded(*inner, ctx),
            other => self.apply_unguarded(other, ctx),
        }
        self.editor.sync(self.doc.puzzle());
    }

    fn apply_unguarded(&mut self, command: Command, ctx: &Context) {
        match command {
            Command::ShowNewDialog => self.new_dialog_open = true,
            Command::New(puzzle) => {
                self.doc = Document::new(*puzzle);
                self.after_open("New design");
            }
            Command::Open => match self.files.pick_open(self.library.folder()) {
                Picked::Path(path) => self.open_path(path),
                Picked::Unavailable => {
                    self.dialogs.path_prompt = Some(PathPrompt {
                        purpose: PathPurpose::Open,
                        text: String::new(),
                    });
                }
                Picked::Cancelled => {}
            },
            Command::OpenPath(path) => self.open_path(path),
            Command::OpenText { source, text } => match file::parse(&text) {
                Ok(puzzle) => {
                    self.doc = Document::new(puzzle);
                    self.after_open(&format!("Opened {source} from the library"));
                }
                Err(e) => self.show_load_error(&source, &e),
            },
            Command::Save => match self.doc.path().map(Path::to_path_buf) {
                Some(path) => self.save_to(path, ctx),
                None => self.apply_unguarded(Command::SaveAs, ctx),
            },
            Command::SaveAs => {
                let name = suggested_file_name(self.doc.puzzle());
                let folder = self
                    .doc
                    .path()
                    .and_then(Path::parent)
                    .map(Path::to_path_buf)
                    .or_else(|| self.library.folder().map(Path::to_path_buf));
                match self.files.pick_save(folder.as_deref(), &name) {
                    Picked::Path(path) => self.save_to(path, ctx),
                    Picked::Unavailable => {
                        let text = self.doc.path().map_or(name, |p| p.display().to_string());
                        self.dialogs.path_prompt = Some(PathPrompt {
                            purpose: PathPurpose::Save,
                            text,
                        });
                    }
                    Picked::Cancelled => self.after_save = None,
                }
            }
            Command::SaveTo(path) => self.save_to(path, ctx),
            Command::SaveThen(next) => {
                self.after_save = Some(next);
                self.apply_unguarded(Command::Save, ctx);
            }
            Command::Force(inner) => self.apply_unguarded(*inner, ctx),
            Command::ShowLibrary(open) => {
                if open {
                    self.library.refresh();
                }
                self.view.library_open = open;
            }
            Command::RefreshLibrary => self.library.refresh(),
            Command::Quit => {
                self.allow_close = true;
                ctx.send_viewport_cmd(ViewportCommand::Close);
            }
            Command::Undo => {
                let label = self.doc.undo_label().map(str::to_string);
                if self.doc.undo() {
                    self.status = format!("Undid {}", label.unwrap_or_default());
                }
            }
            Command::Redo => {
                let label = self.doc.redo_label().map(str::to_string);
                if self.doc.redo() {
                    self.status = format!("Redid {}", label.unwrap_or_default());
                }
            }
            Command::Stroke {
                gesture,
                layer,
                cells,
                brush,
                new_color,
            } => {
                let label = match (brush, layer) {
                    (Brush::Erase, Layer::Goal) => "Clear goal cells",
                    (Brush::Erase, Layer::Start) => "Erase",
                    (Brush::Wall, _) => "Paint walls",
                    (Brush::Piece(_), Layer::Goal) => "Paint goal",
                    (Brush::Piece(_), Layer::Start) => "Paint",
                };
                self.doc.edit_in_gesture(gesture, label, |p| {
                    for &cell in &cells {
                        edit::paint(p, layer, cell, brush);
                    }
                    if let (Brush::Piece(t), Some(color)) = (brush, new_color) {
                        p.styles.entry(t).or_default().color.get_or_insert(color);
                    }
                    edit::prune_styles(p);
                });
                if let Brush::Piece(t) = brush {
                    self.editor.selected = Some(t);
                }
            }
            Command::MovePiece {
                layer,
                token,
                dr,
                dc,
            } => {
                let mut moved = false;
                self.doc.edit(&format!("Move {token}"), |p| {
                    moved = edit::move_piece(p, layer, token, dr, dc);
                });
                if !moved {
                    self.status = format!("Piece {token} does not fit there.");
                }
            }
            Command::DeletePiece(token) => {
                self.doc
                    .edit(&format!("Delete {token}"), |p| edit::delete_piece(p, token));
                if self.editor.selected == Some(token) {
                    self.editor.selected = None;
                }
                if self.editor.pending.is_some_and(|(t, _)| t == token) {
                    self.editor.pending = None;
                }
            }
            Command::RenamePiece { from, to } => {
                let mut result = Ok(());
                self.doc.edit(&format!("Rename {from}"), |p| {
                    result = edit::rename_piece(p, from, &to);
                });
                match result {
                    Ok(()) => {
                        if let Ok(t) = Token::new(to.trim()) {
                            self.editor.selected = Some(t);
                            if self.editor.pending.is_some_and(|(p, _)| p == from) {
                                self.editor.pending = self.editor.pending.map(|(_, c)| (t, c));
                            }
                        }
                        self.properties.set_rename_error(None);
                    }
                    Err(e) => self.properties.set_rename_error(Some(e.to_string())),
                }
            }
            Command::Recolor(token, color) => {
                self.doc
                    .edit_in_gesture(TEXT_GESTURE + 10, &format!("Recolour {token}"), |p| {
                        edit::recolor_piece(p, token, color);
                    });
                if let Some((t, _)) = self.editor.pending
                    && t == token
                {
                    self.editor.pending = Some((t, color));
                }
            }
            Command::SetPieceName(token, name) => {
                self.doc
                    .edit_in_gesture(TEXT_GESTURE + 11, "Rename piece", |p| {
                        let style = p.styles.entry(token).or_default();
                        style.name = Some(name.clone()).filter(|n| !n.trim().is_empty());
                        drop_default_style(p, token);
                    });
            }
            Command::SetPieceKind(token, kind) => {
                self.doc
                    .edit_in_gesture(TEXT_GESTURE + 12, "Set piece kind", |p| {
                        let style = p.styles.entry(token).or_default();
                        style.kind = Some(kind.trim().to_string()).filter(|k| !k.is_empty());
                        drop_default_style(p, token);
                    });
            }
            Command::SetName(name) => {
                self.doc
                    .edit_in_gesture(TEXT_GESTURE + 1, "Rename puzzle", |p| p.name = name);
            }
            Command::SetNotes(notes) => {
                self.doc
                    .edit_in_gesture(TEXT_GESTURE + 2, "Edit notes", |p| p.notes = notes);
            }
            Command::SetMetric(metric) => {
                self.doc.edit("Set metric", |p| p.metric = metric);
            }
            Command::Resize { rows, cols } => {
                // Consecutive resizes start from the board before the first one, so shrinking
                // and growing back (a drag on the size field) loses nothing.
                let base = match &self.resize_base {
                    Some((revision, base)) if *revision == self.doc.revision() => base.clone(),
                    _ => self.doc.puzzle().clone(),
                };
                let mut resized = base.clone();
                edit::resize(&mut resized, rows, cols);
                self.doc
                    .edit_in_gesture(TEXT_GESTURE + 3, "Resize board", |p| *p = resized);
                self.resize_base = Some((self.doc.revision(), base));
            }
            Command::CopyStartToGoal => {
                self.doc
                    .edit("Copy start to goal", edit::copy_start_to_goal);
            }
            Command::ClearGoal => {
                self.doc.edit("Clear goal", edit::clear_goal);
            }
            Command::SetAnywhere(anywhere) => {
                self.doc
                    .edit("Goal anywhere", |p| p.goal.anywhere = anywhere);
            }
            Command::SetMode(mode) => self.mode = mode,
            Command::SetTool(tool) => self.editor.tool = tool,
            Command::Select(token) => self.editor.selected = token,
            Command::NewPiece => {
                let token = self.editor.new_piece(self.doc.puzzle());
                if self.editor.tool != Tool::NewPiece {
                    self.editor.tool = Tool::Paint;
                }
                self.status = format!("New piece {token}: paint its cells on the board.");
            }
            Command::Highlight(cells) => self.editor.highlight = cells,
            Command::Notify(message) => self.status = message,
        }
    }

    /// Opens a file; on failure the design stays as it is and an error dialog explains.
    fn open_path(&mut self, path: PathBuf) {
        match file::load(&path) {
            Ok(puzzle) => {
                let message = format!("Opened {}", path.display());
                self.remember_recent(&path);
                self.doc = Document::from_file(puzzle, path);
                self.after_open(&message);
            }
            Err(e) => self.show_load_error(&path.display().to_string(), &e),
        }
    }

    fn after_open(&mut self, message: &str) {
        self.editor.selected = None;
        self.editor.pending = None;
        self.editor.highlight.clear();
        if !self.mode.is_editing() {
            self.mode = Mode::Start;
        }
        self.status = message.to_string();
    }

    fn show_load_error(&mut self, source: &str, e: &LoadError) {
        let place = match (e.line, e.column) {
            (Some(l), Some(c)) => format!(" (line {l}, column {c})"),
            (Some(l), None) => format!(" (line {l})"),
            _ => String::new(),
        };
        self.dialogs.error = Some(ErrorDialog {
            title: "Could not open the puzzle".into(),
            message: format!(
                "{source}{place}:\n{}\n\nYour current design is unchanged.",
                e.message
            ),
        });
        self.status = format!("Could not open {source}");
    }

    fn save_to(&mut self, path: PathBuf, ctx: &Context) {
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
        match file::save(&path, self.doc.puzzle()) {
            Ok(()) => {
                self.status = format!("Saved to {}", path.display());
                self.remember_recent(&path);
                self.doc.mark_saved(path);
                if let Some(next) = self.after_save.take() {
                    self.apply_unguarded(*next, ctx);
                }
            }
            Err(e) => self.save_failed(&path, &e),
        }
    }

    /// Puts `path` first in the recent files (at most [`RECENT_FILES`]).
    fn remember_recent(&mut self, path: &Path) {
        let path = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        self.recent.retain(|p| *p != path);
        self.recent.insert(0, path);
        self.recent.truncate(RECENT_FILES);
    }

    fn save_failed(&mut self, path: &Path, e: &std::io::Error) {
        self.after_save = None;
        self.dialogs.error = Some(ErrorDialog {
            title: "Could not save".into(),
            message: format!(
                "{}: {e}\n\nNothing was written; the design is unchanged.",
                path.display()
            ),
        });
    }

    /// Keys of the editor: tools, modes, delete.
    fn editor_keys(&self, ctx: &Context, commands: &mut Vec<Command>) {
        if ctx.egui_wants_keyboard_input() || self.dialogs.any_open() {
            return;
        }
        ctx.input(|i| {
            if i.modifiers.any() {
                return;
            }
            for (key, mode) in [
                (Key::F1, Mode::Start),
                (Key::F2, Mode::Goal),
                (Key::F3, Mode::Solve),
                (Key::F4, Mode::Play),
            ] {
                if i.key_pressed(key) {
                    commands.push(Command::SetMode(mode));
                }
            }
            if !self.mode.is_editing() {
                return;
            }
            for tool in Tool::ALL {
                if i.key_pressed(tool.key()) {
                    commands.push(Command::SetTool(tool));
                }
            }
            if (i.key_pressed(Key::Delete) || i.key_pressed(Key::Backspace))
                && let Some(t) = self.editor.selected
            {
                commands.push(Command::DeletePiece(t));
            }
            if let Some(token) = self.editor.selected {
                for (key, dr, dc) in [
                    (Key::ArrowUp, -1, 0),
                    (Key::ArrowDown, 1, 0),
                    (Key::ArrowLeft, 0, -1),
                    (Key::ArrowRight, 0, 1),
                ] {
                    if i.key_pressed(key) {
                        commands.push(Command::MovePiece {
                            layer: self.mode.layer(),
                            token,
                            dr,
                            dc,
                        });
                    }
                }
            }
            if i.key_pressed(Key::Escape) {
                commands.push(Command::Select(None));
                commands.push(Command::Highlight(Vec::new()));
            }
        });
    }

    fn mode_tabs(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        ui.horizontal(|ui| {
            for mode in Mode::ALL {
                let tab = ui
                    .add(egui::Button::selectable(
                        self.mode == mode,
                        egui::RichText::new(mode.title()).size(16.0),
                    ))
                    .on_hover_text(mode.help());
                if tab.clicked() {
                    commands.push(Command::SetMode(mode));
                }
            }
            if self.mode == Mode::Goal {
                ui.separator();
                ui.weak("Hatched cells are \"don't care\".");
            }
        });
    }

    fn apply_style(&mut self, ctx: &Context) {
        let animations = self.view.animations;
        ctx.global_style_mut(|s| s.animation_time = if animations { 0.12 } else { 0.0 });
        self.style_applied = true;
    }
}

/// Removes a style left with nothing set, so files stay minimal.
fn drop_default_style(puzzle: &mut Puzzle, token: Token) {
    if puzzle.styles.get(&token).is_some_and(|s| s.is_default()) {
        puzzle.styles.remove(&token);
    }
}

fn suggested_file_name(puzzle: &Puzzle) -> String {
    let stem: String = puzzle
        .name
        .trim()
        .to_lowercase()
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect();
    let stem = stem.trim_matches('-');
    if stem.is_empty() {
        "puzzle.ron".into()
    } else {
        format!("{stem}.ron")
    }
}

impl eframe::App for App {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        if !self.style_applied {
            self.apply_style(&ctx);
        }
        if self.checks.refresh(self.doc.puzzle(), self.doc.revision()) {
            self.editor.highlight.clear();
        }
        let mut commands = Vec::new();
        if ctx.input(|i| i.viewport().close_requested())
            && !self.allow_close
            && self.doc.is_modified()
        {
            ctx.send_viewport_cmd(ViewportCommand::CancelClose);
            commands.push(Command::Quit);
        }
        if !self.dialogs.any_open() && !self.new_dialog_open {
            menu_bar::shortcuts(&ctx, ctx.egui_wants_keyboard_input(), &mut commands);
        }
        self.editor_keys(&ctx, &mut commands);
        // A puzzle file dropped on the window opens (asking about unsaved changes first).
        if let Some(path) = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .find(|p| !p.as_os_str().is_empty())
        }) {
            commands.push(Command::OpenPath(path));
        }

        let view_before = self.view.clone();
        egui::Panel::top("menu_bar").show(ui, |ui| {
            menu_bar::show(ui, &self.doc, &mut self.view, &self.recent, &mut commands);
        });
        if view_before.animations != self.view.animations {
            self.apply_style(&ctx);
        }
        let layer = self.mode.layer();
        egui::Panel::bottom("status_bar").show(ui, |ui| {
            status_bar::show(ui, &self.doc, layer, self.editor.hovered, &self.status);
        });
        if self.mode.is_editing() {
            egui::Panel::left("tools")
                .resizable(true)
                .default_size(210.0)
                .show(ui, |ui| {
                    tools_panel::show(ui, &self.editor, self.doc.puzzle(), layer, &mut commands);
                });
            egui::Panel::right("properties")
                .resizable(true)
                .default_size(300.0)
                .show(ui, |ui| {
                    properties_panel::show(
                        ui,
                        &mut self.properties,
                        self.doc.puzzle(),
                        self.mode,
                        self.editor.selected,
                        &self.checks,
                        &mut commands,
                    );
                });
        } else {
            egui::Panel::right("solver_side")
                .resizable(true)
                .default_size(360.0)
                .show(ui, |ui| {
                    // solver-ui (issue 6): the Solve and Play right panel is drawn here.
                    self.solve.side_ui(ui, self.mode, self.doc.puzzle());
                });
        }
        egui::CentralPanel::default().show(ui, |ui| {
            self.mode_tabs(ui, &mut commands);
            ui.separator();
            if self.mode.is_editing() {
                // A tile puzzle's goal is the familiar order; outlining every misplaced tile
                // would only add noise.
                let outline =
                    self.view.goal_outline && layer == Layer::Start && self.checks.tiles.is_none();
                let puzzle = self.doc.puzzle();
                self.editor
                    .board_ui(ui, puzzle, layer, outline, &mut commands);
            } else {
                // solver-ui (issue 6): the Solve and Play board (playback, play mode) goes here.
                self.solve.central_ui(ui, self.mode, self.doc.puzzle());
            }
        });

        let design = self.doc.puzzle().name.clone();
        self.dialogs.show(
            &ctx,
            if design.is_empty() {
                "Untitled"
            } else {
                &design
            },
            &mut commands,
        );
        new_dialog::show(
            &ctx,
            &mut self.new_form,
            &mut self.new_dialog_open,
            &mut commands,
        );
        let mut library_open = self.view.library_open;
        self.library.show(&ctx, &mut library_open, &mut commands);
        self.view.library_open = library_open;

        if !commands.is_empty() {
            // The frame was drawn before the commands changed the state: draw it again.
            ctx.request_repaint();
        }
        for command in commands {
            self.apply(command, &ctx);
        }
        let title = self.title();
        if title != self.title {
            ctx.send_viewport_cmd(ViewportCommand::Title(title.clone()));
            self.title = title;
        }
        if let Some(job) = self.screenshot.as_mut()
            && job.step(&ctx)
        {
            self.screenshot = None;
        }
    }

    fn save(&mut self, storage: &mut dyn Storage) {
        if self.persist {
            self.save_session(storage);
        }
    }

    fn persist_egui_memory(&self) -> bool {
        self.persist
    }
}
