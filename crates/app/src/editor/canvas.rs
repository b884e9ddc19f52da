//! The editor's board: turns presses and drags on the board into edit commands for the
//! current tool, with a live preview while pieces are dragged, a rubber band that selects
//! the pieces it touches, and the board's keys for the selected pieces (copy, cut, paste at
//! the pointer, rotate, mirror).

use egui::{Event, Modifiers, PointerButton, Rect, Stroke as Line, StrokeKind, Ui, Vec2, vec2};

use super::clipboard::{COPY, CUT, PASTE};
use super::edit::{
    drawing_order, move_pieces, next_free_token, next_free_zone_name, piece_cells, pieces_in_rect,
    token_at, used_tokens, zone,
};
use super::transform::Transform;
use crate::command::{Brush, Command, Tool};
use crate::common::board::{Board, BoardResponse, CellPos, Gesture, Layer, cell_rect, outline};
use crate::common::colors::next_palette_color;
use crate::common::marks::CellMark;
use blockslide_core::model::{Color, Puzzle, Token};

/// A stroke being painted.
#[derive(Clone, Copy, Debug)]
struct Stroke {
    gesture: u64,
    brush: Brush,
    last: CellPos,
}

/// Pieces being dragged together with the move tool.
#[derive(Clone, Debug)]
struct PieceDrag {
    tokens: Vec<Token>,
    start: CellPos,
    current: CellPos,
}

/// A rubber band being drawn with the move tool from an empty cell: on release, it selects
/// the pieces with a cell inside it.
#[derive(Clone, Copy, Debug)]
struct Band {
    start: CellPos,
    current: CellPos,
    /// Shift or Ctrl was held: add to the pieces already selected.
    add: bool,
}

/// A new piece being drawn as a rectangle with "Draw new piece": the cells from the pressed
/// one to the one under the pointer, painted in one stroke on release.
#[derive(Clone, Copy, Debug)]
struct Span {
    gesture: u64,
    brush: Brush,
    new_color: Option<Color>,
    start: CellPos,
    current: CellPos,
}

impl Span {
    /// The cells of the rectangle, row by row.
    fn cells(&self) -> Vec<CellPos> {
        let (top, bottom) = min_max(self.start.0, self.current.0);
        let (left, right) = min_max(self.start.1, self.current.1);
        (top..=bottom)
            .flat_map(|r| (left..=right).map(move |c| (r, c)))
            .collect()
    }

    /// Its size, rows by columns.
    fn size(&self) -> (usize, usize) {
        (
            self.start.0.abs_diff(self.current.0) + 1,
            self.start.1.abs_diff(self.current.1) + 1,
        )
    }
}

/// `(a, b)` in order.
fn min_max(a: usize, b: usize) -> (usize, usize) {
    (a.min(b), a.max(b))
}

/// The editor's state between frames: tool, selection, and the gesture in progress.
#[derive(Debug, Default)]
pub struct EditorState {
    /// The active tool.
    pub tool: Tool,
    /// A start-only tool (Wall, Zone, Draw new piece) that the Goal tab replaced with Paint,
    /// given back in the Start tab.
    pub start_tool: Option<Tool>,
    /// The selected piece (painted by [`Tool::Paint`], shown in the properties).
    pub selected: Option<Token>,
    /// The pieces selected together with Shift- or Ctrl-clicks of the Move tool; it counts
    /// only while it holds [`EditorState::selected`] (see [`EditorState::selected_pieces`]),
    /// so selecting another piece any other way selects that piece alone.
    selection: Vec<Token>,
    /// The pieces copied last (see [`super::clipboard`]); kept when another design opens, so
    /// they paste there.
    pub clipboard: Option<Puzzle>,
    /// A new piece that is not on the board yet, with the colour it will get.
    pub pending: Option<(Token, Color)>,
    /// The selected zone (painted by [`Tool::Zone`], shown in the properties).
    pub selected_zone: Option<Token>,
    /// Cells outlined on the board (a validation finding the user clicked).
    pub highlight: Vec<CellPos>,
    /// The cell under the pointer, for the status bar.
    pub hovered: Option<CellPos>,
    /// Leave the cell under the pointer unmarked (for screenshots).
    pub hide_hover: bool,
    /// Marks over the start position's cells (the design panel's suggestions), each with
    /// its tooltip.
    pub marks: Vec<CellMark>,
    next_gesture: u64,
    stroke: Option<Stroke>,
    drag: Option<PieceDrag>,
    band: Option<Band>,
    span: Option<Span>,
    /// The design's pieces in the order they first appeared: a design opened lists its
    /// pieces in [`drawing_order`], and each piece drawn or renamed since comes after them.
    drawn: Vec<Token>,
}

impl EditorState {
    /// Starts a new piece: the next free token and palette colour, selected for painting.
    pub fn new_piece(&mut self, puzzle: &Puzzle) -> Token {
        let token = next_free_token(puzzle);
        self.pending = Some((token, next_palette_color(puzzle)));
        self.selected = Some(token);
        token
    }

    /// The selected pieces on the board: those selected together, or the selected piece
    /// alone; in the order they were selected.
    pub fn selected_pieces(&self, puzzle: &Puzzle) -> Vec<Token> {
        let on_board = |t: &Token| !piece_cells(puzzle, Layer::Start, *t).is_empty();
        if self.selected.is_some_and(|t| self.selection.contains(&t)) {
            self.selection.iter().copied().filter(on_board).collect()
        } else {
            self.selected.into_iter().filter(on_board).collect()
        }
    }

    /// Selects `tokens` together (the last one for the properties panel), or nothing.
    pub fn select_pieces(&mut self, tokens: &[Token]) {
        self.selected = tokens.last().copied();
        self.selection = tokens.to_vec();
    }

    /// Adds the piece `token` to the selected pieces, or takes it out when it is one of them.
    fn toggle_selected(&mut self, token: Token, puzzle: &Puzzle) {
        let mut tokens = self.selected_pieces(puzzle);
        if let Some(i) = tokens.iter().position(|&t| t == token) {
            tokens.remove(i);
        } else {
            tokens.push(token);
        }
        self.select_pieces(&tokens);
    }

    /// Forgets the pending piece once it is on the board, and a selection that no longer
    /// exists.
    pub fn sync(&mut self, puzzle: &Puzzle) {
        let used = used_tokens(puzzle);
        if let Some((t, _)) = self.pending
            && used.contains(&t)
        {
            self.pending = None;
        }
        if let Some(t) = self.selected
            && !used.contains(&t)
            && self.pending.map(|p| p.0) != Some(t)
        {
            self.selected = None;
        }
        if let Some(name) = self.selected_zone
            && zone(puzzle, name).is_none()
        {
            self.selected_zone = None;
        }
        self.selection.retain(|t| used.contains(t));
        if !self.selected.is_some_and(|t| self.selection.contains(&t)) {
            self.selection.clear();
        }
        self.drawn.retain(|t| used.contains(t));
        let mut new: Vec<Token> = used
            .into_iter()
            .filter(|t| !self.drawn.contains(t))
            .collect();
        new.sort_by_cached_key(drawing_order);
        self.drawn.extend(new);
    }

    /// Forgets what belonged to the design before (the selection, a piece being drawn, the
    /// highlighted cells and the drawing order): another design is open.
    pub fn start_over(&mut self) {
        self.selected = None;
        self.selected_zone = None;
        self.pending = None;
        self.highlight.clear();
        self.selection.clear();
        self.drawn.clear();
    }

    /// Keeps a renamed piece's place in the drawing order.
    pub fn renamed(&mut self, from: Token, to: Token) {
        if let Some(place) = self.drawn.iter_mut().find(|t| **t == from) {
            *place = to;
        }
    }

    /// Sorts `tokens` in the order their pieces were drawn (see [`EditorState::sync`]).
    pub fn sort_as_drawn(&self, tokens: &mut [Token]) {
        tokens.sort_by_cached_key(|t| {
            let rank = self.drawn.iter().position(|d| d == t);
            (rank.unwrap_or(usize::MAX), drawing_order(t))
        });
    }

    /// Draws the board for editing `layer` and queues the edits the pointer makes.
    pub fn board_ui(
        &mut self,
        ui: &mut Ui,
        puzzle: &Puzzle,
        layer: Layer,
        goal_outline: bool,
        commands: &mut Vec<Command>,
    ) -> BoardResponse {
        let mut board = Board::new(puzzle)
            .layer(layer)
            .goal_outline(goal_outline)
            .highlight_cells(self.highlight.iter().copied())
            .highlight_piece(self.selected)
            .highlight_zone(self.selected_zone.filter(|_| self.tool == Tool::Zone))
            .hover_outline(!self.hide_hover);
        if let Some(drag) = &self.drag {
            let dr = drag.current.0 as i32 - drag.start.0 as i32;
            let dc = drag.current.1 as i32 - drag.start.1 as i32;
            let mut probe = puzzle.clone();
            if move_pieces(&mut probe, layer, &drag.tokens, dr, dc) {
                for &token in &drag.tokens {
                    board = board.piece_offset(token, vec2(dc as f32, dr as f32));
                }
            }
        }
        let out = board.show(ui);
        self.outline_selection(ui, &out, puzzle, layer);
        self.draw_band(ui, &out, puzzle);
        self.draw_span(ui, &out, puzzle);
        if layer == Layer::Start {
            self.draw_marks(ui, &out, puzzle);
        }
        Self::keys(ui, layer, out.hovered, commands);
        self.hovered = out.hovered;
        if let Some((cell, button)) = out.pressed {
            let modifiers = ui.input(|i| {
                i.events.iter().fold(i.modifiers, |held, e| match e {
                    Event::PointerButton { modifiers, .. } => held | *modifiers,
                    _ => held,
                })
            });
            self.begin(cell, button, modifiers, puzzle, layer, commands);
        }
        self.extend(&out.trail, layer, commands);
        if let Some(g) = out.active.or(out.released)
            && let Some(current) = g.current
        {
            if let Some(drag) = self.drag.as_mut() {
                drag.current = current;
            }
            if let Some(band) = self.band.as_mut() {
                band.current = current;
            }
            if let Some(span) = self.span.as_mut() {
                span.current = current;
            }
        }
        if let Some(g) = out.released {
            self.finish(g, puzzle, layer, commands);
        }
        out
    }

    /// Draws the marks over their cells, a ring in the colour of what an edit there does,
    /// and the tooltip of the one under the pointer.
    fn draw_marks(&self, ui: &Ui, out: &BoardResponse, puzzle: &Puzzle) {
        if self.marks.is_empty() {
            return;
        }
        let grid = out.response.rect;
        let painter = ui.painter_at(grid);
        for mark in &self.marks {
            let rect = cell_rect(grid, puzzle.rows, puzzle.cols, mark.cell.0, mark.cell.1);
            let radius = rect.width().min(rect.height()) * 0.11;
            // In the cell's top-right corner, clear of a piece's label at its centre.
            let at = rect.right_top() + egui::vec2(-radius * 1.8, radius * 1.8);
            painter.circle(
                at,
                radius,
                mark.tone.color().gamma_multiply(0.85),
                Line::new(2.0, egui::Color32::from_black_alpha(140)),
            );
        }
        if let Some(mark) = out
            .hovered
            .and_then(|cell| self.marks.iter().find(|m| m.cell == cell))
        {
            out.response
                .clone()
                .on_hover_text_at_pointer(mark.text.as_str());
        }
    }

    /// Draws the new piece being spanned: its cells, outlined, and its size beside them.
    fn draw_span(&self, ui: &Ui, out: &BoardResponse, puzzle: &Puzzle) {
        let Some(span) = self.span else {
            return;
        };
        let grid = out.response.rect;
        let cell = |(r, c): CellPos| cell_rect(grid, puzzle.rows, puzzle.cols, r, c);
        let rect: Rect = cell(span.start).union(cell(span.current));
        let color = span
            .new_color
            .map_or(ui.visuals().selection.stroke.color, |c| {
                egui::Color32::from_rgb(c.r, c.g, c.b)
            });
        let painter = ui.painter_at(grid.expand(24.0));
        painter.rect_filled(rect, 4.0, color.gamma_multiply(0.55));
        painter.rect_stroke(rect, 4.0, Line::new(2.5, color), StrokeKind::Inside);
        let (rows, cols) = span.size();
        painter.text(
            rect.center(),
            egui::Align2::CENTER_CENTER,
            format!("{cols} × {rows}"),
            egui::FontId::proportional(20.0),
            ui.visuals().strong_text_color(),
        );
    }

    /// Draws the rubber band being drawn, around the cells it covers.
    fn draw_band(&self, ui: &Ui, out: &BoardResponse, puzzle: &Puzzle) {
        let Some(band) = self.band else {
            return;
        };
        let grid = out.response.rect;
        let cell = |(r, c): CellPos| cell_rect(grid, puzzle.rows, puzzle.cols, r, c);
        let rect: Rect = cell(band.start).union(cell(band.current));
        let accent = ui.visuals().selection.stroke.color;
        let painter = ui.painter_at(grid.expand(2.0));
        painter.rect_filled(rect, 2.0, accent.gamma_multiply(0.15));
        painter.rect_stroke(rect, 2.0, Line::new(2.0, accent), StrokeKind::Inside);
    }

    /// Outlines the pieces selected together besides [`EditorState::selected`], which the
    /// board outlines itself, in the same colour.
    fn outline_selection(&self, ui: &Ui, out: &BoardResponse, puzzle: &Puzzle, layer: Layer) {
        if layer != Layer::Start {
            return;
        }
        let rect = out.response.rect;
        let painter = ui.painter_at(rect.expand(4.0));
        let line = Line::new(3.0, egui::Color32::from_rgb(0xff, 0xd0, 0x00));
        let others = self.selected_pieces(puzzle);
        for token in others.into_iter().filter(|&t| Some(t) != self.selected) {
            let cells = piece_cells(puzzle, layer, token);
            outline(
                &painter,
                rect,
                puzzle.rows,
                puzzle.cols,
                &cells,
                Vec2::ZERO,
                line,
            );
        }
    }

    /// The board's keys: copy, cut and paste (Ctrl+C, Ctrl+X, Ctrl+V, or the system's copy
    /// and paste events), and rotating and mirroring the selected pieces (R, Shift+R, H, V),
    /// all in the Start tab; copy also in the Goal tab. Nothing while a text field has the
    /// keyboard or a dialog is open.
    fn keys(ui: &Ui, layer: Layer, hovered: Option<CellPos>, commands: &mut Vec<Command>) {
        let ctx = ui.ctx();
        if ctx.egui_wants_keyboard_input() || ctx.memory(|m| m.top_modal_layer().is_some()) {
            return;
        }
        ui.input_mut(|i| {
            let mut copy = i.consume_shortcut(&COPY);
            let mut cut = i.consume_shortcut(&CUT);
            let mut paste = i.consume_shortcut(&PASTE).then_some(None);
            for event in &i.events {
                match event {
                    Event::Copy => copy = true,
                    Event::Cut => cut = true,
                    Event::Paste(text) => paste = Some(Some(text.clone())),
                    _ => {}
                }
            }
            if copy {
                commands.push(Command::Copy);
            }
            if layer != Layer::Start {
                return;
            }
            if cut {
                commands.push(Command::Cut);
            }
            if let Some(text) = paste {
                commands.push(Command::Paste { text, at: hovered });
            }
            // Shift+R first: R alone also matches it.
            for transform in [
                Transform::RotateAnticlockwise,
                Transform::RotateClockwise,
                Transform::MirrorLeftRight,
                Transform::MirrorTopBottom,
            ] {
                if i.consume_key(transform.modifiers(), transform.key()) {
                    commands.push(Command::TransformPieces(transform));
                }
            }
        });
    }

    fn begin(
        &mut self,
        cell: CellPos,
        button: PointerButton,
        modifiers: Modifiers,
        puzzle: &Puzzle,
        layer: Layer,
        commands: &mut Vec<Command>,
    ) {
        self.next_gesture += 1;
        let gesture = self.next_gesture;
        self.stroke = None;
        self.drag = None;
        self.band = None;
        self.span = None;
        let mut new_color = None;
        let brush = if button == PointerButton::Secondary {
            if self.tool == Tool::Zone {
                Brush::Unzone
            } else {
                Brush::Erase
            }
        } else {
            match self.tool {
                Tool::Paint | Tool::NewPiece
                    if layer == Layer::Goal
                        && (self.tool == Tool::NewPiece || self.selected.is_none()) =>
                {
                    commands.push(Command::Notify(
                        "The goal names pieces of the start position: pick one in the palette \
                         (or with the eyedropper), then paint."
                            .into(),
                    ));
                    return;
                }
                Tool::Paint | Tool::NewPiece => {
                    // A new piece that is selected but not painted yet is used as it is.
                    let reuse_pending = self.pending.is_some_and(|(t, _)| Some(t) == self.selected);
                    let fresh = self.tool == Tool::NewPiece || self.selected.is_none();
                    if fresh && !reuse_pending {
                        self.new_piece(puzzle);
                    }
                    let Some(token) = self.selected else {
                        return;
                    };
                    if let Some((t, c)) = self.pending
                        && t == token
                    {
                        new_color = Some(c);
                    }
                    Brush::Piece(token)
                }
                Tool::Erase => Brush::Erase,
                Tool::Wall if layer == Layer::Start => Brush::Wall,
                Tool::Wall => return,
                // Zones belong to the board, drawn with the start position.
                Tool::Zone if layer == Layer::Goal => return,
                Tool::Zone => {
                    // Painting without a zone selected starts a new one, as painting
                    // without a piece selected starts a new piece.
                    let name = match self.selected_zone {
                        Some(name) if zone(puzzle, name).is_some() => name,
                        _ => {
                            let Some(name) = next_free_zone_name(puzzle) else {
                                commands.push(Command::Notify(
                                    "Every zone name is taken: rename or delete a zone first."
                                        .into(),
                                ));
                                return;
                            };
                            self.selected_zone = Some(name);
                            name
                        }
                    };
                    Brush::Zone(name)
                }
                Tool::Eyedropper => {
                    if let Some(token) = token_at(puzzle, layer, cell) {
                        commands.push(Command::Select(Some(token)));
                        commands.push(Command::SetTool(Tool::Paint));
                    }
                    return;
                }
                Tool::Move => {
                    self.press_to_move(cell, modifiers, puzzle, layer);
                    return;
                }
            }
        };
        if self.spans(button, modifiers, brush) {
            self.span = Some(Span {
                gesture,
                brush,
                new_color,
                start: cell,
                current: cell,
            });
            return;
        }
        self.stroke = Some(Stroke {
            gesture,
            brush,
            last: cell,
        });
        commands.push(Command::Stroke {
            gesture,
            layer,
            cells: vec![cell],
            brush,
            new_color,
        });
    }

    /// Whether a press starts a rectangle: "Draw new piece" spans one, painted on release;
    /// with Shift it paints the cells the pointer passes, as the Paint tool does.
    fn spans(&self, button: PointerButton, modifiers: Modifiers, brush: Brush) -> bool {
        self.tool == Tool::NewPiece
            && button == PointerButton::Primary
            && !modifiers.shift
            && matches!(brush, Brush::Piece(_))
    }

    /// A press of the Move tool: on a piece, selects it and starts dragging it, with the
    /// pieces selected together when it is one of them; with Shift or Ctrl held in the start
    /// position, adds it to the selected pieces (or takes it out). On an empty cell of the
    /// start position, starts a rubber band.
    fn press_to_move(
        &mut self,
        cell: CellPos,
        modifiers: Modifiers,
        puzzle: &Puzzle,
        layer: Layer,
    ) {
        let add = modifiers.shift || modifiers.command;
        let Some(token) = token_at(puzzle, layer, cell) else {
            if layer == Layer::Start {
                self.band = Some(Band {
                    start: cell,
                    current: cell,
                    add,
                });
            }
            return;
        };
        if layer == Layer::Start && add {
            self.toggle_selected(token, puzzle);
            return;
        }
        // A press on one of the pieces selected together keeps them so, and drags them all.
        let together = self.selected_pieces(puzzle);
        let tokens = if together.contains(&token) {
            together
        } else {
            self.selection.clear();
            vec![token]
        };
        self.selected = Some(token);
        self.drag = Some(PieceDrag {
            tokens,
            start: cell,
            current: cell,
        });
    }

    /// Paints the cells the pointer entered this frame, when a stroke is under way.
    fn extend(&mut self, trail: &[CellPos], layer: Layer, commands: &mut Vec<Command>) {
        let Some(stroke) = self.stroke.as_mut() else {
            return;
        };
        let cells: Vec<CellPos> = trail
            .iter()
            .copied()
            .filter(|&cell| {
                let new = cell != stroke.last;
                stroke.last = cell;
                new
            })
            .collect();
        if cells.is_empty() {
            return;
        }
        commands.push(Command::Stroke {
            gesture: stroke.gesture,
            layer,
            cells,
            brush: stroke.brush,
            new_color: None,
        });
    }

    fn finish(&mut self, g: Gesture, puzzle: &Puzzle, layer: Layer, commands: &mut Vec<Command>) {
        self.stroke = None;
        if let Some(mut span) = self.span.take() {
            if let Some(end) = g.current {
                span.current = end;
            }
            commands.push(Command::Stroke {
                gesture: span.gesture,
                layer,
                cells: span.cells(),
                brush: span.brush,
                new_color: span.new_color,
            });
        }
        if let Some(drag) = self.drag.take()
            && let Some(end) = g.current
        {
            let dr = end.0 as i32 - drag.start.0 as i32;
            let dc = end.1 as i32 - drag.start.1 as i32;
            if dr != 0 || dc != 0 {
                commands.push(Command::MovePieces {
                    layer,
                    tokens: drag.tokens,
                    dr,
                    dc,
                });
            }
        }
        if let Some(band) = self.band.take() {
            let mut tokens = if band.add {
                self.selected_pieces(puzzle)
            } else {
                Vec::new()
            };
            for token in pieces_in_rect(puzzle, layer, band.start, band.current) {
                if !tokens.contains(&token) {
                    tokens.push(token);
                }
            }
            self.select_pieces(&tokens);
            if !tokens.is_empty() {
                commands.push(Command::Notify(format!(
                    "Selected {}: drag one of them or use the arrow keys to move them together.",
                    super::clipboard::describe(&tokens)
                )));
            }
        }
    }
}
