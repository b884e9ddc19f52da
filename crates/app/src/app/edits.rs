//! The design's edits: its pieces (painted, moved, renamed, recoloured, turned, copied and
//! pasted) and the design as a whole (zones, name and notes, size, goal, start, undo and
//! redo), each saying in the status bar what it did or why it could not.

use egui::Context;

use super::App;
use crate::command::{Brush, Command, Mode, PlayCommand, Tool, Transform};
use crate::common::board::{CellPos, Layer};
use crate::editor::clipboard::{self, PasteError};
use crate::editor::edit;
use crate::editor::transform::{self, TransformError};
use blockslide_core::model::file;
use blockslide_core::model::{Axis, Color, Puzzle, Token, ZoneRight};

/// Gesture numbers for text fields, far above the editor's stroke numbers, so typing into
/// one field is one undo step.
const TEXT_GESTURE: u64 = 1 << 62;

impl App {
    /// The edits of pieces, and the clipboard's. [`App::apply_unguarded`] sends only these.
    pub(super) fn apply_piece_edit(&mut self, command: Command, ctx: &Context) {
        match command {
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
            Command::NewPiece => self.new_piece(),
            Command::TransformPieces(transform) => self.transform_pieces(transform),
            Command::Copy => self.copy(ctx, false),
            Command::Cut => self.copy(ctx, true),
            Command::Paste { text, at } => self.paste(text.as_deref(), at),
            _ => {}
        }
    }

    /// The edits of the design as a whole, and undo and redo. [`App::apply_unguarded`] sends
    /// only these.
    pub(super) fn apply_design_edit(&mut self, command: Command, ctx: &Context) {
        match command {
            Command::Undo => self.undo(ctx),
            Command::Redo => self.redo(ctx),
            Command::NewZone => self.new_zone(),
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
            Command::MakeStart { position, notes } => self.make_start(&position, notes),
            Command::UseDesign(design) => {
                self.doc.replace("Use a harder design", *design);
            }
            Command::ApplySuggestion(design) => {
                self.doc.replace("Apply a suggested edit", *design);
            }
            Command::SetPieceKinds(kinds) => {
                self.doc.edit("One kind per shape", |p| {
                    for (token, kind) in &kinds {
                        p.styles.entry(*token).or_default().kind = Some(kind.clone());
                    }
                });
            }
            Command::ClearGoal => {
                self.doc.edit("Clear goal", edit::clear_goal);
            }
            Command::ClearBoard => self.clear_board(),
            Command::TransformDesign(transform) => self.transform_design(transform),
            Command::SetAnywhere(anywhere) => {
                self.doc
                    .edit("Goal anywhere", |p| p.goal.anywhere = anywhere);
            }
            _ => {}
        }
    }

    /// Moves the pieces to `position`, the hardest start, with `notes` saying so; the
    /// analysis stays, as of the previous start.
    fn make_start(&mut self, position: &Puzzle, notes: String) {
        let moved = self.doc.edit("Make the hardest start", |p| {
            if edit::set_start(p, position) {
                p.notes = notes;
            }
        });
        if moved {
            self.solve.keep_analysis_for_new_start();
        }
    }

    /// Removes every piece and wall, in an editing tab.
    fn clear_board(&mut self) {
        if !self.mode.is_editing() {
            self.set_mode_with_tool(Mode::Start);
        }
        self.status = if self.doc.edit("Clear board", transform::clear_board) {
            "Cleared the board: every piece and wall is gone (Undo brings them back).".into()
        } else {
            "The board is already empty.".into()
        };
    }

    /// Copies the selected pieces to the app's and the system's clipboard; `cut` removes them
    /// too, in the Start tab.
    fn copy(&mut self, ctx: &Context, cut: bool) {
        let tokens = self.editor.selected_pieces(self.doc.puzzle());
        let what = clipboard::describe(&tokens);
        let Some(copy) = clipboard::copy_pieces(self.doc.puzzle(), &tokens) else {
            let verb = if cut { "cut" } else { "copy" };
            self.status = format!(
                "Nothing to {verb}: select pieces with the Move tool (M); Shift-click adds more."
            );
            return;
        };
        if cut && self.mode != Mode::Start {
            self.set_mode_with_tool(Mode::Start);
        }
        ctx.copy_text(file::to_ron_string(&copy));
        self.editor.clipboard = Some(copy);
        if !cut {
            self.status = format!("Copied {what}: paste with Ctrl+V, here or in another design.");
            return;
        }
        self.doc.edit(&format!("Cut {what}"), |p| {
            for &token in &tokens {
                edit::delete_piece(p, token);
            }
        });
        self.editor.select_pieces(&[]);
        self.status = format!("Cut {what}: paste with Ctrl+V.");
    }

    /// Pastes the pieces of `text`, a puzzle file's text on the system clipboard (copied here
    /// or elsewhere), else those of the app's own clipboard, at `at` or where they were.
    fn paste(&mut self, text: Option<&str>, at: Option<CellPos>) {
        let from_text = text.and_then(|t| file::parse(t).ok()).and_then(|p| {
            let tokens: Vec<Token> = p.pieces().iter().map(|x| x.token).collect();
            clipboard::copy_pieces(&p, &tokens)
        });
        let Some(copied) = from_text.or_else(|| self.editor.clipboard.clone()) else {
            self.status = format!("Cannot paste: {}.", PasteError::Empty);
            return;
        };
        if self.mode != Mode::Start {
            self.set_mode_with_tool(Mode::Start);
        }
        let mut result = Ok(Vec::new());
        self.doc.edit("Paste", |p| {
            result = clipboard::paste_pieces(p, &copied, at);
        });
        self.status = match result {
            Ok(tokens) => {
                self.editor.select_pieces(&tokens);
                format!(
                    "Pasted {}: move them with the arrow keys or the Move tool (M).",
                    clipboard::describe(&tokens)
                )
            }
            Err(e) => format!("Cannot paste: {e}."),
        };
    }

    /// Turns or mirrors the selected pieces, in the Start tab.
    fn transform_pieces(&mut self, transform: Transform) {
        if self.mode != Mode::Start {
            self.set_mode_with_tool(Mode::Start);
        }
        let tokens = self.editor.selected_pieces(self.doc.puzzle());
        let what = clipboard::describe(&tokens);
        let mut result = Ok(());
        self.doc
            .edit(&format!("{} {what}", transform.title()), |p| {
                result = transform::transform_pieces(p, &tokens, transform);
            });
        self.status = match result {
            Ok(()) => format!("{}.", transform.done(&what)),
            Err(e @ TransformError::NothingSelected) => {
                format!("Nothing to {}: {e}.", transform.verb())
            }
            Err(e) => format!("Cannot {} {what}: {e}.", transform.verb()),
        };
    }

    /// Turns or mirrors the whole design, in an editing tab.
    fn transform_design(&mut self, transform: Transform) {
        if !self.mode.is_editing() {
            self.set_mode_with_tool(Mode::Start);
        }
        let design = transform::transform_design(self.doc.puzzle(), transform);
        self.doc
            .replace(&format!("{} design", transform.title()), design);
        self.status = format!("{}.", transform.done("the design"));
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
        let what = clipboard::describe(tokens);
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
        let what = clipboard::describe(tokens);
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

    /// Starts a new piece and picks a tool that paints it.
    fn new_piece(&mut self) {
        let token = self.editor.new_piece(self.doc.puzzle());
        if self.editor.tool != Tool::NewPiece {
            self.editor.tool = Tool::Paint;
        }
        self.status = format!("New piece {token}: paint its cells on the board.");
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
