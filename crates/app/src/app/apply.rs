//! The one place where commands are applied: to the document, to files, and to the
//! editor's and the Solve and Play tabs' state.

use std::path::Path;

use egui::{Context, ViewportCommand};

use super::App;
use super::document::Document;
use super::new_dialog::NewPuzzleForm;
use crate::command::{Brush, Command, Mode, PlayCommand, Tool};
use crate::common::board::{CellPos, Layer};
use crate::editor::edit;
use blockslide_core::model::file;
use blockslide_core::model::{Axis, Color, Token, ZoneRight};

/// Gesture numbers for text fields, far above the editor's stroke numbers, so typing into
/// one field is one undo step.
const TEXT_GESTURE: u64 = 1 << 62;

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

    #[expect(
        clippy::too_many_lines,
        reason = "one short arm per command: the dispatch reads best as a single match"
    )]
    pub(super) fn apply_unguarded(&mut self, command: Command, ctx: &Context) {
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
            Command::ShowAnalysis(open) => self.view.analysis_open = open,
            Command::ShowFamilies(open) => self.view.families_open = open,
            Command::ShowHelp(page) => {
                if page.is_some() {
                    self.help_openings += 1;
                }
                self.help = page;
            }
            Command::ExportSolution(format) => self.export_solution(format, ctx),
            Command::ExportTo(format, path) => self.export_into(format, path, ctx),
            Command::CancelExport => {
                if let Some(task) = self.export.as_mut() {
                    task.cancel();
                }
            }
            Command::ShowPanels(shown) => {
                self.view.left_panel = shown;
                self.view.right_panel = shown;
            }
            Command::Quit => {
                self.allow_close = true;
                ctx.send_viewport_cmd(ViewportCommand::Close);
            }
            Command::Undo => self.undo(ctx),
            Command::Redo => self.redo(ctx),
            Command::Stroke {
                gesture,
                layer,
                cells,
                brush,
                new_color,
            } => self.stroke(gesture, layer, &cells, brush, new_color),
            Command::MovePieces {
                layer,
                tokens,
                dr,
                dc,
            } => self.move_pieces(layer, &tokens, dr, dc),
            Command::DeletePieces(tokens) => self.delete_pieces(&tokens),
            Command::RenamePiece { from, to } => self.rename_piece(from, &to),
            Command::Recolor(token, color) => self.recolor(token, color),
            Command::SetPieceName(token, name) => self.set_piece_name(token, name),
            Command::SetPieceKind(token, kind) => self.set_piece_kind(token, &kind),
            Command::SetAxis(token, axis) => self.set_axis(token, axis),
            Command::NewZone => self.new_zone(),
            Command::SelectZone(name) => self.editor.selected_zone = name,
            Command::RenameZone { from, to } => self.rename_zone(from, &to),
            Command::DeleteZone(name) => {
                self.doc.edit(&format!("Delete zone {name}"), |p| {
                    edit::delete_zone(p, name);
                });
            }
            Command::SetZoneRight {
                zone,
                right,
                allowed,
            } => self.set_zone_right(zone, right, allowed),
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
            Command::Resize { rows, cols } => self.resize(rows, cols),
            Command::CopyStartToGoal => {
                self.doc
                    .edit("Copy start to goal", edit::copy_start_to_goal);
            }
            Command::MakeStart { position, notes } => {
                let moved = self.doc.edit("Make the hardest start", |p| {
                    if edit::set_start(p, &position) {
                        p.notes = notes;
                    }
                });
                if moved {
                    self.solve.keep_analysis_for_new_start();
                }
            }
            Command::UseDesign(design) => {
                self.doc.replace("Use a harder design", *design);
            }
            Command::ClearGoal => {
                self.doc.edit("Clear goal", edit::clear_goal);
            }
            Command::ClearBoard => {
                if !self.mode.is_editing() {
                    self.set_mode_with_tool(Mode::Start);
                }
                self.status = if self
                    .doc
                    .edit("Clear board", crate::editor::transform::clear_board)
                {
                    "Cleared the board: every piece and wall is gone (Undo brings them back)."
                        .into()
                } else {
                    "The board is already empty.".into()
                };
            }
            Command::Copy => {
                let tokens = self.editor.selected_pieces(self.doc.puzzle());
                let what = crate::editor::clipboard::describe(&tokens);
                match crate::editor::clipboard::copy_pieces(self.doc.puzzle(), &tokens) {
                    Some(copy) => {
                        ctx.copy_text(file::to_ron_string(&copy));
                        self.editor.clipboard = Some(copy);
                        self.status =
                            format!("Copied {what}: paste with Ctrl+V, here or in another design.");
                    }
                    None => {
                        self.status = "Nothing to copy: select pieces with the Move tool (M); \
                                       Shift-click adds more."
                            .into();
                    }
                }
            }
            Command::Cut => {
                let tokens = self.editor.selected_pieces(self.doc.puzzle());
                let what = crate::editor::clipboard::describe(&tokens);
                match crate::editor::clipboard::copy_pieces(self.doc.puzzle(), &tokens) {
                    Some(copy) => {
                        if self.mode != Mode::Start {
                            self.set_mode_with_tool(Mode::Start);
                        }
                        ctx.copy_text(file::to_ron_string(&copy));
                        self.editor.clipboard = Some(copy);
                        self.doc.edit(&format!("Cut {what}"), |p| {
                            for &token in &tokens {
                                edit::delete_piece(p, token);
                            }
                        });
                        self.editor.select_pieces(&[]);
                        self.status = format!("Cut {what}: paste with Ctrl+V.");
                    }
                    None => {
                        self.status = "Nothing to cut: select pieces with the Move tool (M); \
                                       Shift-click adds more."
                            .into();
                    }
                }
            }
            Command::Paste { text, at } => {
                // A puzzle file's text on the system clipboard (copied here or elsewhere)
                // pastes its pieces; any other text leaves the app's own clipboard to paste.
                let from_text = text
                    .as_deref()
                    .and_then(|t| file::parse(t).ok())
                    .and_then(|p| {
                        let tokens: Vec<Token> = p.pieces().iter().map(|x| x.token).collect();
                        crate::editor::clipboard::copy_pieces(&p, &tokens)
                    });
                match from_text.or_else(|| self.editor.clipboard.clone()) {
                    Some(copied) => {
                        if self.mode != Mode::Start {
                            self.set_mode_with_tool(Mode::Start);
                        }
                        let mut result = Ok(Vec::new());
                        self.doc.edit("Paste", |p| {
                            result = crate::editor::clipboard::paste_pieces(p, &copied, at);
                        });
                        self.status = match result {
                            Ok(tokens) => {
                                self.editor.select_pieces(&tokens);
                                format!(
                                    "Pasted {}: move them with the arrow keys or the Move tool (M).",
                                    crate::editor::clipboard::describe(&tokens)
                                )
                            }
                            Err(e) => format!("Cannot paste: {e}."),
                        };
                    }
                    None => {
                        self.status = format!(
                            "Cannot paste: {}.",
                            crate::editor::clipboard::PasteError::Empty
                        );
                    }
                }
            }
            Command::TransformPieces(transform) => {
                use crate::editor::transform::{TransformError, transform_pieces};
                if self.mode != Mode::Start {
                    self.set_mode_with_tool(Mode::Start);
                }
                let tokens = self.editor.selected_pieces(self.doc.puzzle());
                let what = crate::editor::clipboard::describe(&tokens);
                let mut result = Ok(());
                self.doc
                    .edit(&format!("{} {what}", transform.title()), |p| {
                        result = transform_pieces(p, &tokens, transform);
                    });
                self.status = match result {
                    Ok(()) => format!("{}.", transform.done(&what)),
                    Err(e @ TransformError::NothingSelected) => {
                        format!("Nothing to {}: {e}.", transform.verb())
                    }
                    Err(e) => format!("Cannot {} {what}: {e}.", transform.verb()),
                };
            }
            Command::TransformDesign(transform) => {
                if !self.mode.is_editing() {
                    self.set_mode_with_tool(Mode::Start);
                }
                let design =
                    crate::editor::transform::transform_design(self.doc.puzzle(), transform);
                self.doc
                    .replace(&format!("{} design", transform.title()), design);
                self.status = format!("{}.", transform.done("the design"));
            }
            Command::SetAnywhere(anywhere) => {
                self.doc
                    .edit("Goal anywhere", |p| p.goal.anywhere = anywhere);
            }
            Command::SetMode(mode) => self.set_mode_with_tool(mode),
            Command::SetTool(tool) => self.set_tool(tool),
            Command::Select(token) => self.editor.selected = token,
            Command::NewPiece => self.new_piece(),
            Command::Highlight(cells) => self.editor.highlight = cells,
            Command::Notify(message) => self.status = message,
            Command::Solve(command) => {
                self.solve.apply(
                    command,
                    self.doc.solvable_revision(),
                    self.doc.puzzle(),
                    ctx,
                );
            }
        }
    }

    /// Sets a piece's display name (empty: none), typing into the field as one undo step.
    fn set_piece_name(&mut self, token: Token, name: String) {
        self.doc
            .edit_in_gesture(TEXT_GESTURE + 11, "Rename piece", |p| {
                let style = p.styles.entry(token).or_default();
                style.name = Some(name).filter(|n| !n.trim().is_empty());
                edit::drop_default_style(p, token);
            });
    }

    /// Sets a piece's kind (empty: its own), typing into the field as one undo step.
    fn set_piece_kind(&mut self, token: Token, kind: &str) {
        self.doc
            .edit_in_gesture(TEXT_GESTURE + 12, "Set piece kind", |p| {
                let style = p.styles.entry(token).or_default();
                style.kind = Some(kind.trim().to_string()).filter(|k| !k.is_empty());
                edit::drop_default_style(p, token);
            });
    }

    /// Undoes the last edit, saying so in the status bar; in the Play tab, the last move
    /// instead (an edit there would change the puzzle under the game, and end it).
    fn undo(&mut self, ctx: &Context) {
        if self.mode == Mode::Play {
            self.apply_unguarded(PlayCommand::Undo.into(), ctx);
            return;
        }
        let label = self.doc.undo_label().map(str::to_string);
        if self.doc.undo() {
            self.status = format!("Undid {}", action_words(&label.unwrap_or_default()));
        }
    }

    /// Redoes the last undone edit, saying so in the status bar; in the Play tab, the last
    /// move taken back instead.
    fn redo(&mut self, ctx: &Context) {
        if self.mode == Mode::Play {
            self.apply_unguarded(PlayCommand::Redo.into(), ctx);
            return;
        }
        let label = self.doc.redo_label().map(str::to_string);
        if self.doc.redo() {
            self.status = format!("Redid {}", action_words(&label.unwrap_or_default()));
        }
    }

    /// Paints `cells` with `brush`; strokes of one gesture are one undo step.
    fn stroke(
        &mut self,
        gesture: u64,
        layer: Layer,
        cells: &[CellPos],
        brush: Brush,
        new_color: Option<Color>,
    ) {
        let label = match (brush, layer) {
            (Brush::Zone(_), _) => "Paint zone",
            (Brush::Unzone, _) => "Erase zone cells",
            (Brush::Erase, Layer::Goal) => "Clear goal cells",
            (Brush::Erase, Layer::Start) => "Erase",
            (Brush::Wall, _) => "Paint walls",
            (Brush::Piece(_), Layer::Goal) => "Paint goal",
            (Brush::Piece(_), Layer::Start) => "Paint",
        };
        let mut fitted = None;
        self.doc.edit_in_gesture(gesture, label, |p| {
            for &cell in cells {
                edit::paint(p, layer, cell, brush);
            }
            if let (Brush::Piece(t), Some(color)) = (brush, new_color) {
                p.styles.entry(t).or_default().color.get_or_insert(color);
            }
            edit::prune_styles(p);
            // On a Rush Hour board a car is locked along its length as it is drawn, like
            // every other vehicle there, rather than left free until its axis is set by hand.
            // A free piece there (a single cell, or a bent one) is said too: with it the board
            // is no longer a Rush Hour board but a block puzzle.
            if let (Brush::Piece(t), Layer::Start) = (brush, layer) {
                let before = p.axis_of(t);
                fitted = edit::fit_axis_to_rules(p, t)
                    .filter(|&axis| axis != before || axis == Axis::Free)
                    .map(|axis| (t, axis));
            }
        });
        if let Some((token, axis)) = fitted {
            self.status = if axis == Axis::Free {
                format!(
                    "Piece {token} moves freely: a Rush Hour car is a straight piece of two or \
                     more cells, so with it this board solves as a block puzzle."
                )
            } else {
                format!(
                    "Piece {token} {}: locked along its length like every vehicle on this \
                     board.",
                    axis_phrase(axis)
                )
            };
        }
        match brush {
            Brush::Piece(t) => self.editor.selected = Some(t),
            Brush::Zone(name) => self.editor.selected_zone = Some(name),
            Brush::Wall | Brush::Erase | Brush::Unzone => {}
        }
    }

    /// Moves whole pieces together, or says why they do not fit.
    fn move_pieces(&mut self, layer: Layer, tokens: &[Token], dr: i32, dc: i32) {
        let mut moved = false;
        let what = crate::editor::clipboard::describe(tokens);
        self.doc.edit(&format!("Move {what}"), |p| {
            moved = edit::move_pieces(p, layer, tokens, dr, dc);
        });
        if !moved {
            let verb = if tokens.len() == 1 { "does" } else { "do" };
            self.status = format!(
                "{}{} {verb} not fit there.",
                what[..1].to_uppercase(),
                &what[1..]
            );
        }
    }

    /// Removes pieces everywhere, and from the selection.
    fn delete_pieces(&mut self, tokens: &[Token]) {
        let what = crate::editor::clipboard::describe(tokens);
        self.doc.edit(&format!("Delete {what}"), |p| {
            for &token in tokens {
                edit::delete_piece(p, token);
            }
        });
        if self.editor.selected.is_some_and(|t| tokens.contains(&t)) {
            self.editor.selected = None;
        }
        if self
            .editor
            .pending
            .is_some_and(|(t, _)| tokens.contains(&t))
        {
            self.editor.pending = None;
        }
    }

    /// Gives a piece a new token, or shows why it cannot have it.
    fn rename_piece(&mut self, from: Token, to: &str) {
        let mut result = Ok(());
        self.doc.edit(&format!("Rename {from}"), |p| {
            result = edit::rename_piece(p, from, to);
        });
        match result {
            Ok(()) => {
                if let Ok(t) = Token::new(to.trim()) {
                    self.editor.renamed(from, t);
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

    /// Sets a piece's colour (also of the pending new piece).
    fn recolor(&mut self, token: Token, color: Color) {
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

    /// Changes the board size, keeping what fits.
    fn resize(&mut self, rows: usize, cols: usize) {
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

    /// Locks a piece to an axis (or frees it), saying so in the status bar.
    fn set_axis(&mut self, token: Token, axis: Axis) {
        self.doc.edit(&format!("Set axis of {token}"), |p| {
            edit::set_axis(p, token, axis);
        });
        self.status = format!("Piece {token} {}.", axis_phrase(axis));
    }

    /// Lets a piece or kind enter a zone, or stops letting it.
    fn set_zone_right(&mut self, zone: Token, right: ZoneRight, allowed: bool) {
        self.doc.edit(&format!("Rights of zone {zone}"), |p| {
            edit::set_zone_right(p, zone, right, allowed);
        });
    }

    /// Adds a zone with the next free name, selects it and picks the Zone tool.
    fn new_zone(&mut self) {
        let Some(name) = edit::next_free_zone_name(self.doc.puzzle()) else {
            self.status = "Every zone name is taken: rename or delete a zone first.".into();
            return;
        };
        self.doc
            .edit(&format!("New zone {name}"), |p| edit::add_zone(p, name));
        self.editor.selected_zone = Some(name);
        // Zones are painted with the start position.
        self.status = if self.mode == Mode::Start {
            self.editor.tool = Tool::Zone;
            format!("New zone {name}: paint its cells, then tick who may enter it.")
        } else {
            format!("New zone {name}: paint its cells in the Start tab.")
        };
    }

    /// Gives a zone a new name, or shows why it cannot have it.
    fn rename_zone(&mut self, from: Token, to: &str) {
        let mut result = Ok(());
        self.doc.edit(&format!("Rename zone {from}"), |p| {
            result = edit::rename_zone(p, from, to);
        });
        match result {
            Ok(()) => {
                if let Ok(t) = Token::new(to.trim()) {
                    self.editor.selected_zone = Some(t);
                }
                self.properties.set_zone_name_error(None);
            }
            Err(e) => self.properties.set_zone_name_error(Some(e.to_string())),
        }
    }

    /// Switches tabs. The last tab's message is stale in the new one, so it goes; a
    /// start-only tool (Wall, Zone, Draw new piece) would do nothing in the Goal tab, so the
    /// Paint tool takes its place there, and the Start tab gives it back unless another
    /// tool was picked meanwhile. The tools panel shows the switch; a message about a tool
    /// the user is not using would only puzzle.
    fn set_mode_with_tool(&mut self, mode: Mode) {
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

    /// Starts a new piece and picks a tool that paints it.
    fn new_piece(&mut self) {
        let token = self.editor.new_piece(self.doc.puzzle());
        if self.editor.tool != Tool::NewPiece {
            self.editor.tool = Tool::Paint;
        }
        self.status = format!("New piece {token}: paint its cells on the board.");
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

/// How the status bar says what an axis lets a piece do.
fn axis_phrase(axis: Axis) -> &'static str {
    match axis {
        Axis::Free => "moves in every direction",
        Axis::Horizontal => "moves only left and right",
        Axis::Vertical => "moves only up and down",
    }
}

/// An edit's label as it reads after "Undid" or "Redid": its first word in lower case
/// ("Undid paint walls"), unless that word is a name in capitals ("Undid A moved").
fn action_words(label: &str) -> String {
    let mut chars = label.chars();
    match (chars.next(), chars.next()) {
        (Some(first), Some(second)) if first.is_uppercase() && second.is_lowercase() => {
            first.to_lowercase().chain(label.chars().skip(1)).collect()
        }
        _ => label.to_string(),
    }
}
