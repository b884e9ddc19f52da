//! The application: the window's layout, the mode tabs, and the frame.
//!
//! Layout: the menu bar and the tab row on top, the status bar at the bottom, and between
//! them, in the Start and Goal tabs, the tools and piece palette (left), the board (centre)
//! and the properties with live validation (right); in the Solve and Play tabs, the solver
//! panel (right) and playback, the comparison or the game (centre). The Analyze window (View >
//! Analyze…, F6), the Make it harder window (opened from Analyze) and the Families window
//! (View > Families…) float over either half, so a designer can analyse while drawing.
//!
//! Every frame: background work is polled, every panel draws and queues
//! [`Command`]s, and then [`App::apply`] (in [`apply`]) carries them out in order.
//!
//! - [`document`]: the open design with undo/redo; `edits.rs`: the commands that edit it;
//!   `session.rs`: what is kept between launches.
//! - [`menu_bar`], [`status_bar`], [`dialogs`], [`new_dialog`], [`library_panel`]: the
//!   window around the two halves, one panel per file.
//! - [`file_dialogs`]: native file dialogs behind a trait; [`screenshot`]: `--screenshot`.
//! - `layout.rs`: the bars and panels of the active tab around the centre.
//! - `open_save.rs`: opening and saving puzzle files; [`export`]: saving a solution.

pub mod apply;
pub mod dialogs;
pub mod document;
mod edits;
pub mod export;
pub mod export_task;
pub mod file_dialogs;
pub mod help;
mod keys;
mod layout;
pub mod library_panel;
pub mod menu_bar;
pub mod new_dialog;
mod open_save;
mod open_trace;
pub mod screenshot;
mod session;
pub mod status_bar;

use std::path::{Path, PathBuf};

use eframe::Storage;
use egui::{Context, Key, Ui, ViewportCommand};

use crate::command::{Command, HelpPage, Mode, SolverCommand, Tool, ToolWindow};
use crate::common::board::Layer;
use crate::editor::canvas::EditorState;
use crate::editor::edit;
use crate::editor::properties_panel::{Checks, PropertiesState};
use crate::solve::SolveView;
use crate::solve::design::Design;
use crate::solve::design_panel::DesignPanel;
use blockslide_core::model::{Puzzle, file};
use dialogs::Dialogs;
use document::Document;
use file_dialogs::{FileDialogs, NoDialogs, RfdDialogs};

pub use keys::{AXIS_KEY, SOLVE_KEY};
use library_panel::{LibraryPanel, default_user_folder};
use menu_bar::{RecentFiles, UndoEntries, ViewSettings};
use new_dialog::NewPuzzleForm;
use screenshot::ScreenshotJob;
use session::Persisted;
pub use session::default_puzzle;

/// How long a status message stays in the status bar, in seconds: long enough to read, short
/// enough that it is not taken for news about a later action.
const STATUS_SECONDS: f64 = 12.0;

/// The accessible name of the "Solve and play" button beside the tabs.
pub const SOLVE_AND_PLAY_LABEL: &str = "Solve and play";

/// The accessible name of the button beside the tabs that shows or hides the side panels.
pub const PANELS_LABEL: &str = "Side panels";

/// The Blockslide app.
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent switches: persisting, style applied, closing allowed, a dialog open, \
              the File menu open"
)]
pub struct App {
    doc: Document,
    mode: Mode,
    editor: EditorState,
    view: ViewSettings,
    checks: Checks,
    /// The figures of the design as it is drawn, beside the board in the editing tabs.
    design_panel: DesignPanel,
    properties: PropertiesState,
    dialogs: Dialogs,
    new_form: NewPuzzleForm,
    new_dialog_open: bool,
    library: LibraryPanel,
    files: Box<dyn FileDialogs>,
    status: String,
    /// The status message as last drawn and when it first was (seconds of egui's clock), so
    /// that a message leaves the bar after [`STATUS_SECONDS`].
    status_shown: (String, f64),
    persist: bool,
    style_applied: bool,
    allow_close: bool,
    after_save: Option<Box<Command>>,
    /// The designs "Save all" is asking where to save.
    designs_to_save: Vec<Puzzle>,
    screenshot: Option<ScreenshotJob>,
    title: String,
    recent: RecentFiles,
    /// Whether the File menu was open last frame: its recent files are looked for each time
    /// it opens.
    file_menu_open: bool,
    /// The board before a run of consecutive resizes, and the revision after the last one.
    resize_base: Option<(u64, Puzzle)>,
    solve: SolveView,
    help: Option<HelpPage>,
    /// How many times a help page was opened: each opening scrolls a page of its own, so a
    /// page opens at its top, not where it was left.
    help_openings: u64,
    /// Where the right-hand panel was drawn last (`None` while collapsed): the Analyze
    /// window opens over it, off the board.
    side_rect: Option<egui::Rect>,
    /// The central area's rect in the last frame, where the board is drawn.
    centre_rect: Option<egui::Rect>,
    export: Option<export_task::RunningExport>,
    /// The user's home folder, which `~` names in a typed path (`None`: `~` is left as typed).
    home: Option<PathBuf>,
}

impl App {
    /// The app as the window starts it: `file` when given, else the design of the last
    /// session, else the bundled Klotski. A `screenshot` job ignores the saved session and
    /// saves nothing. The solver caches pattern databases in `pdb_cache`.
    pub fn new(
        cc: &eframe::CreationContext<'_>,
        file: Option<PathBuf>,
        screenshot: Option<ScreenshotJob>,
        pdb_cache: Option<PathBuf>,
    ) -> App {
        let mut app = App::with_parts(
            Document::new(default_puzzle()),
            Box::new(RfdDialogs::default()),
            default_user_folder(),
        );
        app.solve.set_pdb_cache(pdb_cache);
        // As a desktop's file dialog does; the core never reads the environment.
        app.home = std::env::var_os("HOME")
            .filter(|home| !home.is_empty())
            .map(PathBuf::from);
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

    /// An app for UI tests: `puzzle` loaded, animations and the design figures off, nothing
    /// persisted, no file dialogs (typed paths instead) and no personal library folder.
    pub fn new_for_test(puzzle: Puzzle) -> App {
        let mut app = App::with_parts(Document::new(puzzle), Box::new(NoDialogs), None);
        app.view.animations = false;
        // Its background analyses would make every editing test's frames depend on timing;
        // the panel's own tests switch it on (View menu).
        app.view.design_figures = false;
        app
    }

    /// Where the solver caches pattern databases from now on (`None`: nowhere; tables are
    /// built in memory for each search). [`App::new_for_test`] starts with none.
    pub fn set_pdb_cache(&mut self, cache: Option<PathBuf>) {
        self.solve.set_pdb_cache(cache);
    }

    fn with_parts(doc: Document, files: Box<dyn FileDialogs>, folder: Option<PathBuf>) -> App {
        App {
            doc,
            mode: Mode::Start,
            editor: EditorState::default(),
            view: ViewSettings::default(),
            checks: Checks::default(),
            design_panel: DesignPanel::default(),
            properties: PropertiesState::default(),
            dialogs: Dialogs::default(),
            new_form: NewPuzzleForm::default(),
            new_dialog_open: false,
            library: LibraryPanel::new(folder),
            files,
            status: String::new(),
            status_shown: (String::new(), 0.0),
            persist: false,
            style_applied: false,
            allow_close: false,
            after_save: None,
            designs_to_save: Vec::new(),
            screenshot: None,
            title: String::new(),
            recent: RecentFiles::default(),
            file_menu_open: false,
            resize_base: None,
            solve: SolveView::default(),
            help: None,
            help_openings: 0,
            side_rect: None,
            centre_rect: None,
            export: None,
            home: None,
        }
    }

    /// Restores the design and settings of the last session from `storage` (eframe's, or a
    /// test's); keeps the current state when nothing usable is stored. On a first launch
    /// (nothing stored at all) the getting-started page opens.
    pub fn restore_session(&mut self, storage: &dyn Storage) {
        if help::first_launch(storage) {
            self.help = Some(HelpPage::GettingStarted);
        }
        if let Some(saved) = eframe::get_value::<Persisted>(storage, eframe::APP_KEY) {
            self.restore(saved);
        }
    }

    /// Writes the design and settings to `storage`, for [`App::restore_session`] on the next
    /// launch.
    pub fn save_session(&self, storage: &mut dyn Storage) {
        let state = Persisted {
            design: Some(file::to_ron_string(&edit::savable(self.doc.puzzle()))),
            path: self.doc.path().map(Path::to_path_buf),
            modified: self.doc.needs_saving(),
            mode: self.mode,
            tool: self.editor.tool,
            view: self.view.clone(),
            new_form: self.new_form.clone(),
            recent: self.recent.paths().to_vec(),
            solve: self.solve.settings(),
        };
        eframe::set_value(storage, eframe::APP_KEY, &state);
    }

    fn restore(&mut self, saved: Persisted) {
        let design = saved
            .design
            .as_deref()
            .and_then(|text| file::parse(text).ok());
        let restored = design.is_some();
        if let Some(puzzle) = design {
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
        self.recent = RecentFiles::new(saved.recent);
        let pdb_cache = self.solve.panel().settings.pdb_cache.clone();
        self.solve = SolveView::new(saved.solve);
        self.solve.set_pdb_cache(pdb_cache);
        if restored {
            // The session's metric is the one the user last counted this design in.
            self.solve
                .resume(self.doc.solvable_revision(), self.doc.puzzle());
        }
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

    /// Shows or hides the design figures (View > Design figures as you draw).
    pub fn set_design_figures(&mut self, on: bool) {
        self.view.design_figures = on;
    }

    /// The design panel beside the board in the editing tabs.
    pub fn design_panel(&self) -> &DesignPanel {
        &self.design_panel
    }

    /// The Solve and Play tabs (solver panel, comparison, playback, game).
    pub fn solve_view(&self) -> &SolveView {
        &self.solve
    }

    /// The Solve and Play tabs, to change solver settings.
    pub fn solve_view_mut(&mut self) -> &mut SolveView {
        &mut self.solve
    }

    /// Whether `window` is open.
    pub fn is_window_open(&self, window: ToolWindow) -> bool {
        self.view.windows.is_open(window)
    }

    /// Shows or hides `window`, as [`Command::ShowWindow`] does: for example beside results
    /// shown in snapshot tests.
    pub fn set_window_open(&mut self, window: ToolWindow, open: bool) {
        self.view.windows.set(window, open);
    }

    /// Whether the Analyze window is open.
    pub fn analysis_open(&self) -> bool {
        self.is_window_open(ToolWindow::Analyze)
    }

    /// Whether the Families window is open.
    pub fn families_open(&self) -> bool {
        self.is_window_open(ToolWindow::Families)
    }

    /// Whether the Make it harder window is open.
    pub fn harder_open(&self) -> bool {
        self.is_window_open(ToolWindow::Harder)
    }

    /// Whether the library window is open.
    pub fn library_open(&self) -> bool {
        self.view.library_open
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

    /// The pieces selected in the editor, in the order they were selected.
    pub fn selected_pieces(&self) -> Vec<blockslide_core::model::Token> {
        self.editor.selected_pieces(self.doc.puzzle())
    }

    /// Uses `home` as the user's home folder, the one `~` names in a typed path. The window's
    /// app takes `$HOME`; [`App::new_for_test`] starts with none, so tests give it their own.
    pub fn set_home(&mut self, home: Option<PathBuf>) {
        self.home = home;
    }

    /// Uses `folder` as the personal library folder.
    pub fn set_library_folder(&mut self, folder: Option<PathBuf>) {
        self.library = LibraryPanel::new(folder);
    }

    /// The design's name, for the title bar and messages.
    fn design_name(&self) -> &str {
        if self.doc.puzzle().name.is_empty() {
            "Untitled"
        } else {
            &self.doc.puzzle().name
        }
    }

    fn title(&self) -> String {
        let name = self.design_name();
        let modified = if self.doc.needs_saving() { " •" } else { "" };
        format!("{name}{modified} — Blockslide")
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
            if i.key_pressed(SOLVE_KEY) {
                commands.push(Command::SetMode(Mode::Solve));
                commands.push(SolverCommand::SolveAndPlay.into());
            }
            if i.key_pressed(menu_bar::PANELS_KEY) {
                let shown =
                    self.view.right_panel || (self.mode.is_editing() && self.view.left_panel);
                commands.push(Command::ShowPanels(!shown));
            }
            if i.key_pressed(Key::F6) {
                let open = self.view.windows.is_open(ToolWindow::Analyze);
                commands.push(Command::ShowWindow(ToolWindow::Analyze, !open));
            }
            if !self.mode.is_editing() {
                return;
            }
            for tool in Tool::ALL {
                if i.key_pressed(tool.key()) {
                    commands.push(Command::SetTool(tool));
                }
            }
            let tokens = self.editor.selected_pieces(self.doc.puzzle());
            if i.key_pressed(Key::Delete) || i.key_pressed(Key::Backspace) {
                // The selected piece alone when it is a new one not painted yet.
                let doomed = if tokens.is_empty() {
                    self.editor.selected.into_iter().collect()
                } else {
                    tokens.clone()
                };
                if !doomed.is_empty() {
                    commands.push(Command::DeletePieces(doomed));
                }
            }
            if i.key_pressed(AXIS_KEY)
                && let Some(t) = self.editor.selected
            {
                let puzzle = self.doc.puzzle();
                let length = edit::long_axis(&edit::piece_cells(puzzle, Layer::Start, t));
                commands.push(Command::SetAxis(
                    t,
                    edit::next_axis(puzzle.axis_of(t), length),
                ));
            }
            if !tokens.is_empty() {
                for (key, dr, dc) in [
                    (Key::ArrowUp, -1, 0),
                    (Key::ArrowDown, 1, 0),
                    (Key::ArrowLeft, 0, -1),
                    (Key::ArrowRight, 0, 1),
                ] {
                    if i.key_pressed(key) {
                        commands.push(Command::MovePieces {
                            layer: self.mode.layer(),
                            tokens: tokens.clone(),
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

    /// The tab row. It spans the window above the side panels, so the tabs stay in one
    /// place whichever panels the tab shows or hides. The buttons on the right are laid out
    /// first and the tabs get the room left of them, so in a narrow window the Goal tab's
    /// hint is cut short instead of running under a button.
    fn mode_tabs(&self, ui: &mut Ui, commands: &mut Vec<Command>) {
        ui.horizontal(|ui| {
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let shown =
                    self.view.right_panel || (self.mode.is_editing() && self.view.left_panel);
                if ui
                    .selectable_label(shown, format!("Panels ({})", menu_bar::PANELS_KEY.name()))
                    .accessible_name(PANELS_LABEL)
                    .on_hover_text("Show or hide the side panels, to give the board the window")
                    .clicked()
                {
                    commands.push(Command::ShowPanels(!shown));
                }
                let solve = ui
                    .button(format!("Solve and play ({})", SOLVE_KEY.name()))
                    .accessible_name(SOLVE_AND_PLAY_LABEL)
                    .on_hover_text(
                        "Find a solution with the solver's settings and play it back, from any tab",
                    );
                if solve.clicked() {
                    commands.push(Command::SetMode(Mode::Solve));
                    commands.push(SolverCommand::SolveAndPlay.into());
                }
                ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
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
                        ui.add(
                            egui::Label::new(
                                egui::RichText::new("Hatched cells are \"don't care\".").weak(),
                            )
                            .truncate(),
                        );
                    }
                });
            });
        });
    }

    /// Commands from outside the panels: closing the window, shortcuts, keys, dropped files.
    fn input_commands(&self, ctx: &Context, commands: &mut Vec<Command>) {
        if ctx.input(|i| i.viewport().close_requested())
            && !self.allow_close
            && self.doc.needs_saving()
        {
            ctx.send_viewport_cmd(ViewportCommand::CancelClose);
            commands.push(Command::Quit);
        }
        // A dialog is modal: no key reaches the menus or the editor behind it.
        if !self.dialogs.any_open() && !self.new_dialog_open {
            menu_bar::shortcuts(ctx, ctx.egui_wants_keyboard_input(), commands);
            self.editor_keys(ctx, commands);
        }
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
    }

    /// The menu bar. The recent files are looked for each time the File menu opens, so a
    /// file deleted meanwhile shows as missing.
    fn menu_bar_ui(&mut self, ui: &mut Ui, ctx: &Context, commands: &mut Vec<Command>) {
        let view_before = self.view.clone();
        // In the Play tab, undo and redo take back moves, not edits of the puzzle played.
        let history = if self.mode == Mode::Play {
            UndoEntries::game(self.solve.play())
        } else {
            UndoEntries::design(&self.doc)
        };
        let can_revert = self.doc.path().is_some() && self.doc.is_modified();
        let file_menu_open = egui::Panel::top("menu_bar")
            .show(ui, |ui| {
                menu_bar::show(
                    ui,
                    &history,
                    &mut self.view,
                    &self.recent,
                    can_revert,
                    commands,
                )
            })
            .inner;
        if file_menu_open && !self.file_menu_open {
            commands.push(Command::CheckRecentFiles);
        }
        self.file_menu_open = file_menu_open;
        if view_before.animations != self.view.animations {
            self.apply_style(ctx);
        }
    }

    /// The status message while it is fresh (see [`STATUS_SECONDS`]), else nothing.
    fn fresh_status(&mut self, ctx: &Context) -> &str {
        let now = ctx.input(|i| i.time);
        if self.status_shown.0 != self.status {
            self.status_shown = (self.status.clone(), now);
        }
        let age = now - self.status_shown.1;
        if self.status.is_empty() || age >= STATUS_SECONDS {
            return "";
        }
        ctx.request_repaint_after(std::time::Duration::from_secs_f64(STATUS_SECONDS - age));
        &self.status
    }

    /// The dialogs and the library window.
    fn windows_ui(&mut self, ctx: &Context, commands: &mut Vec<Command>) {
        let design = self.design_name().to_string();
        self.dialogs.show(ctx, &design, commands);
        new_dialog::show(ctx, &mut self.new_form, &mut self.new_dialog_open, commands);
        let mut library_open = self.view.library_open;
        self.library.show(ctx, &mut library_open, commands);
        self.view.library_open = library_open;
        let design = Design {
            puzzle: self.doc.puzzle(),
            profile: &self.checks.profile,
        };
        let beside = self.side_rect.zip(self.centre_rect);
        self.solve
            .tool_windows_ui(ctx, self.view.windows, design, beside, commands);
        if let Some(page) = self.help {
            help::show(ctx, page, self.help_openings, commands);
        }
    }

    fn apply_style(&mut self, ctx: &Context) {
        let animations = self.view.animations;
        ctx.global_style_mut(|s| s.animation_time = if animations { 0.12 } else { 0.0 });
        self.style_applied = true;
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
        self.solve
            .poll(self.doc.solvable_revision(), self.doc.puzzle(), &ctx);
        self.poll_export();
        let mut commands = Vec::new();
        self.input_commands(&ctx, &mut commands);
        self.panels_ui(ui, &ctx, &mut commands);
        self.windows_ui(&ctx, &mut commands);
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
