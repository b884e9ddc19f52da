//! The one place where commands are applied: to the document, to files, and to the
//! editor's and the Solve and Play tabs' state. `App::apply_unguarded` sorts each command
//! into its group: files (here), the view and the windows (here), the design's edits
//! (`edits.rs`), and the Solve and Play tabs ([`crate::solve::SolveView::apply`]).

use std::path::Path;

use egui::{Context, ViewportCommand};

use super::App;
use super::document::Document;
use super::new_dialog::NewPuzzleForm;
use crate::command::{Command, Mode, SolveCommand, Tool};

impl App {
    /// Applies one command. Only here does the app touch the document and files.
    pub fn apply(&mut self, command: Command, ctx: &Context) {
        // A message is about the action that left it; the next action makes it stale, so it
        // goes (that action may leave a message of its own).
        if starts_an_action(&command, ctx) {
            self.status.clear();
        }
        match command {
            // A file that is not there replaces nothing, so there is nothing to save first.
            Command::OpenPath(path) if !path.exists() => self.open_path(path),
            // A trace of the design itself, or one that does not read, replaces nothing.
            Command::OpenTracePath(ref path)
                if self.doc.needs_saving()
                    && !self.allow_close
                    && self.trace_replaces_design(path) =>
            {
                self.dialogs.unsaved = Some(Box::new(command));
            }
            Command::New(_)
            | Command::Open
            | Command::OpenPath(_)
            | Command::OpenText { .. }
            | Command::OpenPuzzle { .. }
            | Command::OpenAsNewDesign { .. }
            | Command::Close
            | Command::Quit
                if self.doc.needs_saving() && !self.allow_close =>
            {
                self.dialogs.unsaved = Some(Box::new(command));
            }
            // Saving first would make reverting pointless: the question is whether to drop
            // the changes.
            Command::RevertToSaved if self.doc.is_modified() => {
                self.dialogs.revert = self.doc.path().map(Path::to_path_buf);
            }
            Command::Force(inner) => self.apply_unguarded(*inner, ctx),
            other => self.apply_unguarded(other, ctx),
        }
        self.editor.sync(self.doc.puzzle());
    }

    /// Applies one command without asking about unsaved changes. This match is the one that
    /// names every command: each group's function takes only its own (and ignores others).
    pub(super) fn apply_unguarded(&mut self, command: Command, ctx: &Context) {
        match command {
            Command::ShowNewDialog
            | Command::New(_)
            | Command::Close
            | Command::RevertToSaved
            | Command::CheckRecentFiles
            | Command::ForgetRecent(_)
            | Command::Open
            | Command::OpenPath(_)
            | Command::OpenTrace
            | Command::OpenTracePath(_)
            | Command::OpenText { .. }
            | Command::OpenPuzzle { .. }
            | Command::OpenAsNewDesign { .. }
            | Command::Save
            | Command::SaveAs
            | Command::SaveTo(_)
            | Command::SaveDesigns(_)
            | Command::SaveDesignsTo(_)
            | Command::SaveThen(_)
            | Command::Force(_)
            | Command::ExportSolution(_)
            | Command::ExportTo(..)
            | Command::CancelExport
            | Command::Quit => self.apply_file(command, ctx),
            Command::ShowLibrary(_)
            | Command::RefreshLibrary
            | Command::ShowWindow(..)
            | Command::ShowHelp(_)
            | Command::ShowPanels(_)
            | Command::SetMode(_)
            | Command::SetTool(_)
            | Command::Select(_)
            | Command::SelectZone(_)
            | Command::Highlight(_)
            | Command::Notify(_) => self.apply_view(command),
            Command::Stroke { .. }
            | Command::MovePieces { .. }
            | Command::DeletePieces(_)
            | Command::RenamePiece { .. }
            | Command::Recolor(..)
            | Command::SetPieceName(..)
            | Command::SetPieceKind(..)
            | Command::SetAxis(..)
            | Command::NewPiece
            | Command::TransformPieces(_)
            | Command::Copy
            | Command::Cut
            | Command::Paste { .. } => self.apply_piece_edit(command, ctx),
            Command::Undo
            | Command::Redo
            | Command::NewZone
            | Command::RenameZone { .. }
            | Command::DeleteZone(_)
            | Command::SetZoneRight { .. }
            | Command::SetName(_)
            | Command::SetNotes(_)
            | Command::SetMetric(_)
            | Command::Resize { .. }
            | Command::CopyStartToGoal
            | Command::MakeStart { .. }
            | Command::UseDesign(_)
            | Command::ApplySuggestion(_)
            | Command::SetPieceKinds(_)
            | Command::ClearGoal
            | Command::ClearBoard
            | Command::TransformDesign(_)
            | Command::SetAnywhere(_) => self.apply_design_edit(command, ctx),
            Command::Solve(command) => self.apply_solve(command, ctx),
        }
    }

    /// The Solve and Play tabs' and the tool windows' commands, for the design as the solver
    /// sees it.
    fn apply_solve(&mut self, command: SolveCommand, ctx: &Context) {
        let (revision, puzzle) = (self.doc.solvable_revision(), self.doc.puzzle());
        self.solve.apply(command, revision, puzzle, ctx);
    }

    /// Files: new, open, close, revert, save, export, quit, and the recent files.
    fn apply_file(&mut self, command: Command, ctx: &Context) {
        match command {
            Command::ShowNewDialog => self.new_dialog_open = true,
            Command::New(puzzle) => {
                self.doc = Document::new(*puzzle);
                self.after_open("New design");
            }
            Command::Close => {
                let name = self.design_name().to_string();
                // The empty board File > New starts with.
                self.doc = Document::new(NewPuzzleForm::default().build());
                self.after_open(&format!("Closed {name}"));
            }
            Command::RevertToSaved => self.revert_to_saved(),
            Command::CheckRecentFiles => self.recent.check(),
            Command::ForgetRecent(path) => {
                self.recent.forget(&path);
                self.status = format!("Took {} off the recent files", path.display());
            }
            Command::Open => self.open(),
            Command::OpenPath(path) => self.open_path(path),
            Command::OpenTrace => self.open_trace(),
            Command::OpenTracePath(path) => self.open_trace_path(&path),
            Command::OpenText { source, text } => self.open_text(&source, &text),
            Command::OpenPuzzle {
                puzzle,
                source,
                play,
            } => {
                self.doc = Document::new(*puzzle);
                self.after_open(&format!("Opened {source}"));
                if play {
                    self.mode = Mode::Play;
                }
            }
            Command::OpenAsNewDesign { puzzle, source } => {
                self.doc = Document::made(*puzzle);
                self.after_open(&format!("Opened {source}"));
            }
            Command::Save => match self.doc.path().map(Path::to_path_buf) {
                Some(path) => self.save_to(path, ctx),
                None => self.apply_unguarded(Command::SaveAs, ctx),
            },
            Command::SaveAs => self.save_as(ctx),
            Command::SaveTo(path) => self.save_to(path, ctx),
            Command::SaveDesigns(designs) => self.save_designs(designs),
            Command::SaveDesignsTo(path) => self.save_designs_to(&path),
            Command::SaveThen(next) => {
                self.after_save = Some(next);
                self.apply_unguarded(Command::Save, ctx);
            }
            Command::Force(inner) => self.apply_unguarded(*inner, ctx),
            Command::ExportSolution(format) => self.export_solution(format, ctx),
            Command::ExportTo(format, path) => self.export_into(format, path, ctx),
            Command::CancelExport => {
                if let Some(running) = self.export.as_mut() {
                    running.task.cancel();
                }
            }
            Command::Quit => {
                self.allow_close = true;
                ctx.send_viewport_cmd(ViewportCommand::Close);
            }
            _ => {}
        }
    }

    /// What shows: the windows, the panels and the tab, the tool, the selection, and the
    /// status bar's message.
    fn apply_view(&mut self, command: Command) {
        match command {
            Command::ShowLibrary(open) => {
                if open {
                    self.library.refresh();
                }
                self.view.library_open = open;
            }
            Command::RefreshLibrary => self.library.refresh(),
            Command::ShowWindow(window, open) => self.view.windows.set(window, open),
            Command::ShowHelp(page) => {
                if page.is_some() {
                    self.help_openings += 1;
                }
                self.help = page;
            }
            Command::ShowPanels(shown) => {
                self.view.left_panel = shown;
                self.view.right_panel = shown;
            }
            Command::SetMode(mode) => self.set_mode_with_tool(mode),
            Command::SetTool(tool) => self.set_tool(tool),
            Command::Select(token) => self.editor.selected = token,
            Command::SelectZone(name) => self.editor.selected_zone = name,
            Command::Highlight(cells) => self.editor.highlight = cells,
            Command::Notify(message) => self.status = message,
            _ => {}
        }
    }

    /// Switches tabs. The last tab's message is stale in the new one, so it goes; a
    /// start-only tool (Wall, Zone, Draw new piece) would do nothing in the Goal tab, so the
    /// Paint tool takes its place there, and the Start tab gives it back unless another
    /// tool was picked meanwhile. The tools panel shows the switch; a message about a tool
    /// the user is not using would only puzzle.
    pub(super) fn set_mode_with_tool(&mut self, mode: Mode) {
        if mode != self.mode {
            self.status.clear();
        }
        self.mode = mode;
        if mode == Mode::Goal && self.editor.tool.is_start_only() {
            self.editor.start_tool = Some(self.editor.tool);
            self.editor.tool = Tool::Paint;
        } else if mode == Mode::Start
            && let Some(tool) = self.editor.start_tool.take()
            && self.editor.tool == Tool::Paint
        {
            self.editor.tool = tool;
        }
    }

    /// Picks a tool, or says why a start-only tool cannot be picked in the Goal tab.
    fn set_tool(&mut self, tool: Tool) {
        if self.mode == Mode::Goal && tool.is_start_only() {
            self.status = format!(
                "{} is for the start position: switch to the Start tab (F1) to use it.",
                tool.title()
            );
        } else {
            self.editor.tool = tool;
        }
    }
}

/// Whether `command` is a new action of the user's, after which the status bar's message
/// about the last one is stale. Not: a message itself; what follows from another action
/// (highlighting a finding, checking the recent files or reading the library folder again);
/// a paint stroke that continues a drag (its first stroke, on the press, is the action).
fn starts_an_action(command: &Command, ctx: &Context) -> bool {
    match command {
        Command::Notify(_)
        | Command::Highlight(_)
        | Command::CheckRecentFiles
        | Command::RefreshLibrary => false,
        Command::Stroke { .. } => ctx.input(|i| i.pointer.any_pressed()),
        Command::Force(inner) => starts_an_action(inner, ctx),
        _ => true,
    }
}
