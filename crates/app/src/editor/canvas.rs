//! The editor's board: turns presses and drags on the board into edit commands for the
//! current tool, with a live preview while a piece is dragged.

use egui::{PointerButton, Ui, vec2};

use super::edit::{move_piece, next_free_token, next_free_zone_name, token_at, used_tokens, zone};
use crate::command::{Brush, Command, Tool};
use crate::common::board::{Board, BoardResponse, CellPos, Gesture, Layer};
use crate::common::colors::next_palette_color;
use blockslide_core::model::{Color, Puzzle, Token};

/// A stroke being painted.
#[derive(Clone, Copy, Debug)]
struct Stroke {
    gesture: u64,
    brush: Brush,
    last: CellPos,
}

/// A piece being dragged with the move tool.
#[derive(Clone, Copy, Debug)]
struct PieceDrag {
    token: Token,
    start: CellPos,
    current: CellPos,
}

/// The editor's state between frames: tool, selection, and the gesture in progress.
#[derive(Debug, Default)]
pub struct EditorState {
    /// The active tool.
    pub tool: Tool,
    /// The selected piece (painted by [`Tool::Paint`], shown in the properties).
    pub selected: Option<Token>,
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
    next_gesture: u64,
    stroke: Option<Stroke>,
    drag: Option<PieceDrag>,
}

impl EditorState {
    /// Starts a new piece: the next free token and palette colour, selected for painting.
    pub fn new_piece(&mut self, puzzle: &Puzzle) -> Token {
        let token = next_free_token(puzzle);
        self.pending = Some((token, next_palette_color(puzzle)));
        self.selected = Some(token);
        token
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
        if let Some(drag) = self.drag {
            let dr = drag.current.0 as i32 - drag.start.0 as i32;
            let dc = drag.current.1 as i32 - drag.start.1 as i32;
            let mut probe = puzzle.clone();
            if move_piece(&mut probe, layer, drag.token, dr, dc) {
                board = board.piece_offset(drag.token, vec2(dc as f32, dr as f32));
            }
        }
        let out = board.show(ui);
        self.hovered = out.hovered;
        if let Some((cell, button)) = out.pressed {
            self.begin(cell, button, puzzle, layer, commands);
        }
        self.extend(&out.trail, layer, commands);
        if let Some(g) = out.active.or(out.released)
            && let Some(drag) = self.drag.as_mut()
            && let Some(current) = g.current
        {
            drag.current = current;
        }
        if let Some(g) = out.released {
            self.finish(g, layer, commands);
        }
        out
    }

    fn begin(
        &mut self,
        cell: CellPos,
        button: PointerButton,
        puzzle: &Puzzle,
        layer: Layer,
        commands: &mut Vec<Command>,
    ) {
        self.next_gesture += 1;
        let gesture = self.next_gesture;
        self.stroke = None;
        self.drag = None;
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
                    if let Some(token) = token_at(puzzle, layer, cell) {
                        self.selected = Some(token);
                        self.drag = Some(PieceDrag {
                            token,
                            start: cell,
                            current: cell,
                        });
                    }
                    return;
                }
            }
        };
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

    fn finish(&mut self, g: Gesture, layer: Layer, commands: &mut Vec<Command>) {
        self.stroke = None;
        if let Some(drag) = self.drag.take()
            && let Some(end) = g.current
        {
            let dr = end.0 as i32 - drag.start.0 as i32;
            let dc = end.1 as i32 - drag.start.1 as i32;
            if dr != 0 || dc != 0 {
                commands.push(Command::MovePiece {
                    layer,
                    token: drag.token,
                    dr,
                    dc,
                });
            }
        }
    }
}
