//! The top bar: File, Edit and View menus, and the keyboard shortcuts of their entries.

use std::path::{Path, PathBuf};

use egui::{Button, Context, Key, KeyboardShortcut, Modifiers, RichText, ThemePreference, Ui};

use super::document::Document;
use crate::command::{Command, ExportFormat, HelpPage, ToolWindow};
use crate::editor::clipboard;
use crate::editor::transform::Transform;
use crate::solve::play::Play;
use crate::solve::tool_window::OpenWindows;

/// Ctrl+N: new puzzle.
pub const NEW: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::N);
/// Ctrl+O: open a file.
pub const OPEN: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::O);
/// Ctrl+S: save.
pub const SAVE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::S);
/// Ctrl+Shift+S: save as.
pub const SAVE_AS: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::S);
/// Ctrl+W: close the design.
pub const CLOSE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::W);
/// Ctrl+L: the library.
pub const LIBRARY: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::L);
/// Ctrl+Z: undo (in the Play tab, a move).
pub const UNDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
/// Ctrl+Shift+Z: redo (in the Play tab, a move).
pub const REDO: KeyboardShortcut =
    KeyboardShortcut::new(Modifiers::COMMAND.plus(Modifiers::SHIFT), Key::Z);
/// Ctrl+Y: redo (the other common binding).
pub const REDO_Y: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Y);
/// F9: show or hide both side panels, giving the board the whole window.
pub const PANELS_KEY: Key = Key::F9;
/// Ctrl+Q: quit.
pub const QUIT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Q);

/// View options the menu toggles directly (they are not part of the design).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(from = "SavedView", into = "SavedView")]
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent view switches, each a menu entry of its own"
)]
pub struct ViewSettings {
    /// Draw the goal as a dashed outline over the start position.
    pub goal_outline: bool,
    /// Animate moves and panels (off: everything changes instantly).
    pub animations: bool,
    /// Show the library window.
    pub library_open: bool,
    /// The tool windows that show (the Make it harder window is not kept between launches:
    /// its results are not).
    pub windows: OpenWindows,
    /// Show the left panel of the editor (tools and pieces).
    pub left_panel: bool,
    /// Show the right panel (the editor's properties, the solver panel).
    pub right_panel: bool,
    /// Analyse the design as it is drawn, in the editor's side panel.
    pub design_figures: bool,
}

impl Default for ViewSettings {
    fn default() -> Self {
        ViewSettings {
            goal_outline: true,
            animations: true,
            library_open: false,
            windows: OpenWindows::default(),
            left_panel: true,
            right_panel: true,
            design_figures: true,
        }
    }
}

/// [`ViewSettings`] as saved: the tool windows' flags under the names they had before the
/// windows shared a frame, so the settings of every earlier launch still load.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(default)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "the saved form of independent view switches"
)]
struct SavedView {
    goal_outline: bool,
    animations: bool,
    library_open: bool,
    analysis_open: bool,
    families_open: bool,
    left_panel: bool,
    right_panel: bool,
    design_figures: bool,
}

impl Default for SavedView {
    fn default() -> Self {
        ViewSettings::default().into()
    }
}

impl From<ViewSettings> for SavedView {
    fn from(view: ViewSettings) -> Self {
        SavedView {
            goal_outline: view.goal_outline,
            animations: view.animations,
            library_open: view.library_open,
            analysis_open: view.windows.is_open(ToolWindow::Analyze),
            families_open: view.windows.is_open(ToolWindow::Families),
            left_panel: view.left_panel,
            right_panel: view.right_panel,
            design_figures: view.design_figures,
        }
    }
}

impl From<SavedView> for ViewSettings {
    fn from(saved: SavedView) -> Self {
        let mut windows = OpenWindows::default();
        windows.set(ToolWindow::Analyze, saved.analysis_open);
        windows.set(ToolWindow::Families, saved.families_open);
        ViewSettings {
            goal_outline: saved.goal_outline,
            animations: saved.animations,
            library_open: saved.library_open,
            windows,
            left_panel: saved.left_panel,
            right_panel: saved.right_panel,
            design_figures: saved.design_figures,
        }
    }
}

/// File > Export's entry that writes the design as a playable web page.
pub const WEB_PAGE_ENTRY: &str = "Web page…";

/// The View menu's entry that shows the design panel.
pub const DESIGN_FIGURES_ENTRY: &str = "Design figures as you draw";

/// How many recent files the File menu lists.
const RECENT_FILES: usize = 8;

/// The files opened or saved lately, newest first, for File > Open Recent, and which of them
/// were not found when last looked for.
#[derive(Clone, Debug, Default)]
pub struct RecentFiles {
    paths: Vec<PathBuf>,
    missing: Vec<PathBuf>,
}

impl RecentFiles {
    /// The list kept from the last session (`paths`, newest first), not yet looked for.
    pub fn new(paths: Vec<PathBuf>) -> Self {
        RecentFiles {
            paths,
            missing: Vec::new(),
        }
    }

    /// The files, newest first.
    pub fn paths(&self) -> &[PathBuf] {
        &self.paths
    }

    /// Whether `path` is in the list.
    pub fn contains(&self, path: &Path) -> bool {
        self.paths.iter().any(|p| p == path)
    }

    /// Whether `path` was not found when the list was last checked.
    pub fn is_missing(&self, path: &Path) -> bool {
        self.missing.iter().any(|p| p == path)
    }

    /// Puts `path` first (at most [`RECENT_FILES`] are kept). It was just opened or saved, so
    /// it is there.
    pub fn remember(&mut self, path: &Path) {
        let path = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        self.missing.retain(|p| *p != path);
        self.paths.retain(|p| *p != path);
        self.paths.insert(0, path);
        self.paths.truncate(RECENT_FILES);
    }

    /// Takes `path` out of the list.
    pub fn forget(&mut self, path: &Path) {
        self.paths.retain(|p| p != path);
        self.missing.retain(|p| p != path);
    }

    /// Looks for every file again (file I/O: call it when applying commands, not while
    /// drawing). Files come and go while the app runs, so the menu checks each time it opens.
    pub fn check(&mut self) {
        self.missing = self
            .paths
            .iter()
            .filter(|p| !p.try_exists().unwrap_or(false))
            .cloned()
            .collect();
    }
}

/// The Edit menu's Undo and Redo entries: their text, and whether each has something to do.
/// The same commands undo design edits or, in the Play tab, moves; the entries say which.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UndoEntries {
    undo: (String, bool),
    redo: (String, bool),
}

impl UndoEntries {
    /// The entries for the design's history: "Undo Paint", say.
    pub fn design(doc: &Document) -> Self {
        let entry = |verb: &str, label: Option<&str>| {
            label.map_or(verb.to_string(), |l| format!("{verb} {l}"))
        };
        UndoEntries {
            undo: (entry("Undo", doc.undo_label()), doc.can_undo()),
            redo: (entry("Redo", doc.redo_label()), doc.can_redo()),
        }
    }

    /// The entries for the moves of the Play tab's game (`None` before it starts).
    pub fn game(game: Option<&Play>) -> Self {
        UndoEntries {
            undo: ("Undo move".into(), game.is_some_and(Play::can_undo)),
            redo: ("Redo move".into(), game.is_some_and(Play::can_redo)),
        }
    }
}

/// Queues the commands of the shortcuts pressed this frame. Undo and redo are left to text
/// fields while one has the keyboard; in the Play tab they undo and redo moves (the app
/// decides, as for the Edit menu's entries).
pub fn shortcuts(ctx: &Context, text_focus: bool, commands: &mut Vec<Command>) {
    ctx.input_mut(|i| {
        // Shift variants first: consuming Ctrl+S would also match Ctrl+Shift+S.
        if i.consume_shortcut(&SAVE_AS) {
            commands.push(Command::SaveAs);
        }
        if i.consume_shortcut(&SAVE) {
            commands.push(Command::Save);
        }
        if i.consume_shortcut(&NEW) {
            commands.push(Command::ShowNewDialog);
        }
        if i.consume_shortcut(&OPEN) {
            commands.push(Command::Open);
        }
        if i.consume_shortcut(&CLOSE) {
            commands.push(Command::Close);
        }
        if i.consume_shortcut(&LIBRARY) {
            commands.push(Command::ShowLibrary(true));
        }
        if i.consume_shortcut(&QUIT) {
            commands.push(Command::Quit);
        }
        if !text_focus {
            if i.consume_shortcut(&REDO) || i.consume_shortcut(&REDO_Y) {
                commands.push(Command::Redo);
            }
            if i.consume_shortcut(&UNDO) {
                commands.push(Command::Undo);
            }
        }
    });
}

/// Draws the menu bar. `can_revert`: the design has a file and changes since it was saved.
/// Returns whether the File menu is open.
pub fn show(
    ui: &mut Ui,
    history: &UndoEntries,
    view: &mut ViewSettings,
    recent: &RecentFiles,
    can_revert: bool,
    commands: &mut Vec<Command>,
) -> bool {
    egui::MenuBar::new()
        .ui(ui, |ui| {
            let file_open = file_menu(ui, recent, can_revert, commands);
            edit_menu(ui, history, commands);
            view_menu(ui, view, commands);
            help_menu(ui, commands);
            file_open
        })
        .inner
}

/// An entry of a menu, with its shortcut's keys on the right.
fn item(ui: &mut Ui, text: &str, shortcut: Option<&KeyboardShortcut>) -> egui::Response {
    let mut button = Button::new(text);
    if let Some(s) = shortcut {
        button = button.shortcut_text(ui.ctx().format_shortcut(s));
    }
    ui.add(button)
}

/// The File menu; returns whether it is open.
fn file_menu(
    ui: &mut Ui,
    recent: &RecentFiles,
    can_revert: bool,
    commands: &mut Vec<Command>,
) -> bool {
    ui.menu_button("File", |ui| {
        if item(ui, "New…", Some(&NEW))
            .on_hover_text("Empty board or tile puzzle")
            .clicked()
        {
            commands.push(Command::ShowNewDialog);
        }
        if item(ui, "Open…", Some(&OPEN)).clicked() {
            commands.push(Command::Open);
        }
        ui.add_enabled_ui(!recent.paths().is_empty(), |ui| {
            ui.menu_button("Open Recent", |ui| recent_menu(ui, recent, commands));
        });
        if ui
            .button("Open trace…")
            .on_hover_text(
                "Watch a search recorded elsewhere (a .jsonl trace from blockslide.Recorder in                  Python, or blockslide solve --trace) step by step beside Blockslide's own run                  of the same algorithm, the first difference marked",
            )
            .clicked()
        {
            commands.push(Command::OpenTrace);
        }
        if item(ui, "Close", Some(&CLOSE))
            .on_hover_text("Close the design and start an empty one")
            .clicked()
        {
            commands.push(Command::Close);
        }
        ui.separator();
        if item(ui, "Save", Some(&SAVE)).clicked() {
            commands.push(Command::Save);
        }
        if item(ui, "Save As…", Some(&SAVE_AS)).clicked() {
            commands.push(Command::SaveAs);
        }
        if ui
            .add_enabled(can_revert, Button::new("Revert to Saved…"))
            .on_hover_text("Read the design's file again, dropping the changes since")
            .on_disabled_hover_text("There are no changes since the design's file was saved")
            .clicked()
        {
            commands.push(Command::RevertToSaved);
        }
        ui.separator();
        ui.menu_button("Export", |ui| {
            if ui
                .button(WEB_PAGE_ENTRY)
                .on_hover_text(
                    "One HTML file anyone can open in a browser, on a desktop or a phone, to \
                     play the puzzle, with hints and its optimal solution",
                )
                .clicked()
            {
                commands.push(Command::ExportSolution(ExportFormat::WebPage));
            }
        });
        ui.separator();
        if item(ui, "Library", Some(&LIBRARY))
            .on_hover_text("The bundled classics and your own puzzles")
            .clicked()
        {
            commands.push(Command::ShowLibrary(true));
        }
        ui.separator();
        if item(ui, "Quit", Some(&QUIT)).clicked() {
            commands.push(Command::Quit);
        }
    })
    .inner
    .is_some()
}

/// The recent files, newest first; a file not found is greyed and says so, and a click on
/// it explains and offers to take it off the list.
fn recent_menu(ui: &mut Ui, recent: &RecentFiles, commands: &mut Vec<Command>) {
    for path in recent.paths() {
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into(),
        );
        // Its folder too: two designs may share a file name.
        let folder = path
            .parent()
            .and_then(Path::file_name)
            .map(|f| format!("  ({})", f.to_string_lossy()))
            .unwrap_or_default();
        let (text, hover) = if recent.is_missing(path) {
            (
                RichText::new(format!("{name}{folder} (missing)")).weak(),
                format!("{} is not there any more", path.display()),
            )
        } else {
            (
                RichText::new(format!("{name}{folder}")),
                path.display().to_string(),
            )
        };
        if ui.button(text).on_hover_text(hover).clicked() {
            commands.push(Command::OpenPath(path.clone()));
        }
    }
}

/// The Edit menu: undo and redo, of edits or, in the Play tab, of moves; cut, copy and paste
/// of pieces; rotating and mirroring the selected pieces or the whole design; clearing the
/// board.
fn edit_menu(ui: &mut Ui, history: &UndoEntries, commands: &mut Vec<Command>) {
    ui.menu_button("Edit", |ui| {
        let ctx = ui.ctx().clone();
        let (undo, can_undo) = &history.undo;
        let undo_button = Button::new(undo).shortcut_text(ctx.format_shortcut(&UNDO));
        if ui.add_enabled(*can_undo, undo_button).clicked() {
            commands.push(Command::Undo);
        }
        let (redo, can_redo) = &history.redo;
        let redo_button = Button::new(redo).shortcut_text(ctx.format_shortcut(&REDO));
        if ui.add_enabled(*can_redo, redo_button).clicked() {
            commands.push(Command::Redo);
        }
        ui.separator();
        for (text, shortcut, command, help) in [
            (
                "Cut",
                clipboard::CUT,
                Command::Cut,
                "Copy the selected pieces, then remove them",
            ),
            (
                "Copy",
                clipboard::COPY,
                Command::Copy,
                "Copy the selected pieces (with the Move tool, Shift-click more or drag a band \
                 from an empty cell), to paste here or in another design",
            ),
            (
                "Paste",
                clipboard::PASTE,
                Command::Paste {
                    text: None,
                    at: None,
                },
                "Paste the copied pieces where they were, or in the first free place (the shortcut \
                 over the board pastes them where the pointer is)",
            ),
        ] {
            if item(ui, text, Some(&shortcut))
                .on_hover_text(help)
                .clicked()
            {
                commands.push(command);
            }
        }
        ui.separator();
        ui.menu_button("Selected pieces", |ui| {
            for transform in Transform::ALL {
                let keys = ctx.format_shortcut(&KeyboardShortcut::new(
                    transform.modifiers(),
                    transform.key(),
                ));
                if ui
                    .add(Button::new(transform.title()).shortcut_text(keys))
                    .on_hover_text("In place, around the middle of the selected pieces")
                    .clicked()
                {
                    commands.push(Command::TransformPieces(transform));
                }
            }
        });
        ui.menu_button("Whole design", |ui| {
            for transform in Transform::ALL {
                if ui
                    .button(transform.title())
                    .on_hover_text("The board, pieces, walls, goal and zones together")
                    .clicked()
                {
                    commands.push(Command::TransformDesign(transform));
                }
            }
        });
        ui.separator();
        if ui
            .button("Clear board")
            .on_hover_text("Remove every piece and wall, keeping the board's size and zones")
            .clicked()
        {
            commands.push(Command::ClearBoard);
        }
    });
}

/// The View menu: the Analyze and Families windows, the panels, and how things look.
fn view_menu(ui: &mut Ui, view: &mut ViewSettings, commands: &mut Vec<Command>) {
    ui.menu_button("View", |ui| {
        if ui
            .add(Button::new("Analyze…").shortcut_text("F6"))
            .on_hover_text(
                "How hard the start is, the hardest start of the design and of its piece set",
            )
            .clicked()
        {
            commands.push(Command::ShowWindow(ToolWindow::Analyze, true));
        }
        if ui
            .button("Families…")
            .on_hover_text(
                "Every puzzle of a Rush Hour family, or of the design's pieces on its board: \
                 list them, browse, open and play them",
            )
            .clicked()
        {
            commands.push(Command::ShowWindow(ToolWindow::Families, true));
        }
        ui.separator();
        ui.checkbox(&mut view.left_panel, "Tools panel")
            .on_hover_text("The editor's tools and pieces, on the left");
        ui.checkbox(&mut view.right_panel, "Side panel")
            .on_hover_text("The properties, or the solver, on the right");
        ui.checkbox(&mut view.design_figures, DESIGN_FIGURES_ENTRY)
            .on_hover_text(
                "In the Start and Goal tabs, analyse the design after every edit: its length, \
                 its hardest start, and what the edit changed",
            );
        ui.separator();
        ui.checkbox(&mut view.goal_outline, "Goal outline on the start position")
            .on_hover_text("Dashed outlines show where the goal wants each piece");
        ui.checkbox(&mut view.animations, "Animations")
            .on_hover_text("Off: moves and panels change instantly");
        ui.separator();
        ui.label("Theme");
        theme_ui(ui);
    });
}

/// The Help menu: a window per page.
fn help_menu(ui: &mut Ui, commands: &mut Vec<Command>) {
    ui.menu_button("Help", |ui| {
        for page in HelpPage::ALL {
            if ui.button(page.title()).clicked() {
                commands.push(Command::ShowHelp(Some(page)));
            }
        }
    });
}

/// The theme choice: words rather than egui's emoji icons, which need a font that is not
/// always installed (the test harness has none).
fn theme_ui(ui: &mut Ui) {
    let before = ui.options(|o| o.theme_preference);
    let mut theme = before;
    ui.horizontal(|ui| {
        for (value, name, help) in [
            (
                ThemePreference::System,
                "System",
                "Follow the system's theme",
            ),
            (ThemePreference::Dark, "Dark", "Use the dark theme"),
            (ThemePreference::Light, "Light", "Use the light theme"),
        ] {
            ui.selectable_value(&mut theme, value, name)
                .on_hover_text(help);
        }
    });
    if theme != before {
        ui.ctx().set_theme(theme);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn view_settings_saved_before_the_shared_frame_still_load() {
        let saved = "(goal_outline: false, analysis_open: true, families_open: true, right_panel: \
                     false)";
        let view: ViewSettings = ron::from_str(saved).expect("saved view settings load");
        assert!(view.windows.is_open(ToolWindow::Analyze));
        assert!(view.windows.is_open(ToolWindow::Families));
        assert!(!view.windows.is_open(ToolWindow::Harder));
        assert!(!view.goal_outline && view.animations && !view.right_panel);
        assert!(
            view.design_figures,
            "settings saved before the panel show it"
        );
    }

    #[test]
    fn view_settings_are_saved_under_the_names_they_always_had() {
        let mut view = ViewSettings::default();
        view.windows.set(ToolWindow::Analyze, true);
        view.windows.set(ToolWindow::Harder, true);
        let text = ron::to_string(&view).expect("view settings save");
        assert_eq!(
            text,
            "(goal_outline:true,animations:true,library_open:false,analysis_open:true,\
             families_open:false,left_panel:true,right_panel:true,design_figures:true)"
        );
        let mut reloaded: ViewSettings = ron::from_str(&text).expect("saved settings load");
        // The Make it harder window is not kept between launches.
        reloaded.windows.set(ToolWindow::Harder, true);
        assert_eq!(reloaded, view);
    }
}
