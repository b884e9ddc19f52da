//! The board widget, shared by every mode: paints a puzzle (start position or goal) and
//! reports which cells the pointer is over, presses, drags and clicks.
//!
//! Painting: pieces are merged rounded shapes in their colour with their token centred in a
//! colour that contrasts; walls are dark and hatched; in the goal layer, "don't care" cells
//! are hatched and pale so they cannot be mistaken for empty cells, with the start position's
//! pieces showing through faintly. Optional extras: a dashed
//! outline of the goal over the start position, highlighted cells (validation findings),
//! a highlighted piece (hints), and per-piece offsets (animation, drag previews).
//!
//! The rules of puzzle families show too: zone cells are tinted in their zone's colour,
//! outlined over the pieces and labelled with the zone's name; a piece locked to an axis
//! carries arrowheads at both ends along it; and an exit (the goal of an axis-locked piece
//! at the board's edge along its axis, as the red car's in Rush Hour) is an opening in the
//! frame with an arrow out. The painting is in `paint.rs`.

mod paint;
mod strokes;

pub use paint::{EXIT_SPACE, Exit, exits, label_position};
pub use strokes::outline;

use egui::{
    AsIdSalt, IdSalt, PointerButton, Pos2, Rect, Response, Role, Sense, Ui, Vec2, WidgetInfo, pos2,
    vec2,
};

use blockslide_core::model::{Dir, Puzzle, Token};

/// A board position as `(row, col)`.
pub type CellPos = (usize, usize);

/// Which grid the board shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Layer {
    /// The start position (`Puzzle::cells`).
    #[default]
    Start,
    /// The goal pattern (`Puzzle::goal`); unnamed cells are "don't care".
    Goal,
}

/// The room a board keeps around its cells on each side: its frame, and on a side with an
/// exit, the exit's arrow. Only the sides with exits take their room, so a Rush Hour board
/// (an exit on the right) keeps its full height.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Margins {
    /// Left of the cells.
    pub left: f32,
    /// Right of the cells.
    pub right: f32,
    /// Above the cells.
    pub top: f32,
    /// Below the cells.
    pub bottom: f32,
}

impl Margins {
    /// The margins of a board of `puzzle`.
    pub fn of(puzzle: &Puzzle) -> Self {
        let exits = exits(puzzle);
        let side = |dir: Dir| {
            if exits.iter().any(|e| e.side == dir) {
                FRAME_MARGIN + EXIT_SPACE
            } else {
                FRAME_MARGIN
            }
        };
        Margins {
            left: side(Dir::Left),
            right: side(Dir::Right),
            top: side(Dir::Up),
            bottom: side(Dir::Down),
        }
    }

    /// The margins of a board without exits: its frame's.
    pub fn frame() -> Self {
        Margins {
            left: FRAME_MARGIN,
            right: FRAME_MARGIN,
            top: FRAME_MARGIN,
            bottom: FRAME_MARGIN,
        }
    }

    /// The room both sides take, across and down.
    pub fn sum(self) -> Vec2 {
        vec2(self.left + self.right, self.top + self.bottom)
    }

    /// Where a board of `puzzle` with these margins (its own, [`Margins::of`]) draws its
    /// cells when centred in `space`, with cells of at most `max_cell` points (its frame and
    /// exits fit around them), and the side of a cell.
    pub fn place(self, puzzle: &Puzzle, space: Rect, max_cell: f32) -> (Rect, f32) {
        let (rows, cols) = (puzzle.rows.max(1) as f32, puzzle.cols.max(1) as f32);
        let room = space.size() - self.sum();
        let cell = (room.x / cols)
            .min(room.y / rows)
            .clamp(4.0, max_cell)
            .floor();
        let size = vec2(cell * cols, cell * rows);
        // Centred with its margins: a board with an exit on one side sits off the middle by
        // half the exit's room.
        let shift = vec2(self.left - self.right, self.top - self.bottom) / 2.0;
        let rect = Rect::from_center_size(space.center() + shift, size);
        (Rect::from_min_size(rect.min.round(), size), cell)
    }
}

/// The room the board's frame takes around its cells.
const FRAME_MARGIN: f32 = 6.0;

/// The largest side of a board's cell, in points, unless a board asks for another
/// ([`Board::max_cell_size`]).
pub const MAX_CELL: f32 = 128.0;

/// The key held to outline the goal over a tile puzzle (see [`Board::goal_outline`]).
pub const GOAL_KEY: egui::Key = egui::Key::G;

/// The accessible name of the board widget; UI tests find it by this label.
pub const BOARD_LABEL: &str = "Puzzle board";

/// Where a gesture started and where it is now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gesture {
    /// The mouse button held.
    pub button: PointerButton,
    /// The cell where the button went down.
    pub start: CellPos,
    /// The cell under the pointer now (`None` when it is off the board).
    pub current: Option<CellPos>,
    /// Whether the pointer has left the start cell at any time during the gesture.
    pub moved: bool,
}

/// What the pointer did on the board this frame.
#[derive(Clone, Debug)]
pub struct BoardResponse {
    /// The widget's response; its `rect` is exactly the grid (use it with [`cell_center`]).
    pub response: Response,
    /// The side of one cell in points.
    pub cell_size: f32,
    /// The cell under the pointer.
    pub hovered: Option<CellPos>,
    /// A button went down on this cell this frame.
    pub pressed: Option<(CellPos, PointerButton)>,
    /// The gesture in progress after this frame's input (also set on the frame it started).
    pub active: Option<Gesture>,
    /// A gesture ended this frame (the button was released, on or off the board).
    pub released: Option<Gesture>,
    /// A click: released on the cell where it was pressed, never having left it.
    pub clicked: Option<(CellPos, PointerButton)>,
    /// The cells the pointer entered this frame during a gesture, in order and with none
    /// skipped (the press cell itself is in [`BoardResponse::pressed`]).
    pub trail: Vec<CellPos>,
}

/// The board widget. Build it with [`Board::new`], set options, then [`Board::show`].
#[must_use = "a board is drawn by `show`"]
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent display options, each set by its own builder method"
)]
pub struct Board<'a> {
    puzzle: &'a Puzzle,
    layer: Layer,
    id_salt: IdSalt,
    offsets: Vec<(Token, Vec2)>,
    highlighted_cells: Vec<CellPos>,
    highlighted_piece: Option<Token>,
    highlighted_zone: Option<Token>,
    goal_outline: bool,
    max_cell: f32,
    interactive: bool,
    centered: bool,
    hover_outline: bool,
    label: String,
}

impl<'a> Board<'a> {
    /// A board showing `puzzle`'s start position, interactive, centred in the space left.
    pub fn new(puzzle: &'a Puzzle) -> Self {
        Board {
            puzzle,
            layer: Layer::Start,
            id_salt: IdSalt::new("board"),
            offsets: Vec::new(),
            highlighted_cells: Vec::new(),
            highlighted_piece: None,
            highlighted_zone: None,
            goal_outline: false,
            max_cell: MAX_CELL,
            interactive: true,
            centered: true,
            hover_outline: true,
            label: BOARD_LABEL.to_string(),
        }
    }

    /// Shows the start position or the goal.
    pub fn layer(mut self, layer: Layer) -> Self {
        self.layer = layer;
        self
    }

    /// Distinguishes several boards in one window.
    pub fn id_salt(mut self, salt: impl AsIdSalt) -> Self {
        self.id_salt = IdSalt::new(salt);
        self
    }

    /// Draws `token`'s piece shifted by `offset`, measured in cells (`x` columns, `y` rows;
    /// fractions allowed): `vec2(0.5, 0.0)` is half a cell to the right. Used to animate
    /// moves and preview drags.
    pub fn piece_offset(mut self, token: Token, offset: Vec2) -> Self {
        self.offsets.push((token, offset));
        self
    }

    /// Outlines these cells in red (for example the cells of a validation finding).
    pub fn highlight_cells(mut self, cells: impl IntoIterator<Item = CellPos>) -> Self {
        self.highlighted_cells.extend(cells);
        self
    }

    /// Outlines this piece in gold (for example a hint).
    pub fn highlight_piece(mut self, token: Option<Token>) -> Self {
        self.highlighted_piece = token;
        self
    }

    /// Outlines this zone more boldly than the others (the zone being painted).
    pub fn highlight_zone(mut self, name: Option<Token>) -> Self {
        self.highlighted_zone = name;
        self
    }

    /// Draws the goal as a dashed outline over the start position; over a tile puzzle only
    /// while [`GOAL_KEY`] is held.
    pub fn goal_outline(mut self, show: bool) -> Self {
        self.goal_outline = show;
        self
    }

    /// The largest cell side in points (the board shrinks to fit the space it is given).
    pub fn max_cell_size(mut self, side: f32) -> Self {
        self.max_cell = side;
        self
    }

    /// Whether the board reacts to the pointer (a preview does not).
    pub fn interactive(mut self, interactive: bool) -> Self {
        self.interactive = interactive;
        self
    }

    /// Whether to centre the board in the space left (otherwise it is placed like any
    /// widget).
    pub fn centered(mut self, centered: bool) -> Self {
        self.centered = centered;
        self
    }

    /// Whether to outline the cell under the pointer (off for screenshots).
    pub fn hover_outline(mut self, show: bool) -> Self {
        self.hover_outline = show;
        self
    }

    /// The accessible name (default [`BOARD_LABEL`]).
    pub fn label(mut self, label: impl Into<String>) -> Self {
        self.label = label.into();
        self
    }

    /// Lays out, paints, and reports the pointer.
    pub fn show(self, ui: &mut Ui) -> BoardResponse {
        let sense = if self.interactive {
            Sense::click_and_drag()
        } else {
            Sense::hover()
        };
        let margins = Margins::of(self.puzzle);
        let (rect, cell) = if self.centered {
            let space = ui.available_rect_before_wrap();
            let (rect, cell) = margins.place(self.puzzle, space, self.max_cell);
            ui.advance_cursor_after_rect(rect);
            (rect, cell)
        } else {
            let space = Rect::from_min_size(ui.cursor().min, ui.available_size());
            let (rect, cell) = margins.place(self.puzzle, space, self.max_cell);
            let (_, outer) = ui.allocate_space(rect.size() + margins.sum());
            let min = outer.min + vec2(margins.left, margins.top);
            (Rect::from_min_size(min, rect.size()), cell)
        };
        let response = ui.interact(rect, ui.scope_id().with_salt(self.id_salt), sense);
        let label = self.label.clone();
        response.widget_info(|| WidgetInfo::labeled(Role::Grid, true, &label));

        let mut out = BoardResponse {
            response: response.clone(),
            cell_size: cell,
            hovered: None,
            pressed: None,
            active: None,
            released: None,
            clicked: None,
            trail: Vec::new(),
        };
        if self.interactive {
            self.track_pointer(ui, rect, &mut out);
        }
        if ui.is_rect_visible(response.rect) {
            let hovered = if self.hover_outline {
                out.hovered
            } else {
                None
            };
            self.paint(ui, rect, cell, hovered);
        }
        out
    }

    fn track_pointer(&self, ui: &Ui, rect: Rect, out: &mut BoardResponse) {
        let (rows, cols) = (self.puzzle.rows, self.puzzle.cols);
        let id = out.response.id.with("gesture");
        let last_id = id.with("last pointer");
        // The pointer's samples in order: a quick stroke can press and cross several cells
        // within one frame, and the latest position alone would lose them.
        let (pos, events) = ui.input(|i| {
            let events: Vec<(Pos2, Option<(PointerButton, bool)>)> = i
                .events
                .iter()
                .filter_map(|e| match *e {
                    egui::Event::PointerMoved(p) => Some((p, None)),
                    egui::Event::PointerButton {
                        pos,
                        button: b @ (PointerButton::Primary | PointerButton::Secondary),
                        pressed,
                        ..
                    } => Some((pos, Some((b, pressed)))),
                    _ => None,
                })
                .collect();
            (i.pointer.interact_pos(), events)
        });
        let under = pos.and_then(|p| cell_at(rect, rows, cols, p));
        if out.response.hovered() {
            out.hovered = under;
        }
        let mut gesture: Option<Gesture> = ui.data(|d| d.get_temp(id));
        let mut last: Option<Pos2> = ui.data(|d| d.get_temp(last_id));
        for (at, button) in events {
            if gesture.is_some()
                && let Some(from) = last
            {
                out.trail.extend(crossed(rect, rows, cols, from, at));
                last = Some(at);
            }
            match button {
                Some((button, true)) => {
                    if gesture.is_none()
                        && out.response.hovered()
                        && let Some(cell) = cell_at(rect, rows, cols, at)
                    {
                        gesture = Some(Gesture {
                            button,
                            start: cell,
                            current: Some(cell),
                            moved: false,
                        });
                        out.pressed = Some((cell, button));
                        out.trail.clear();
                        last = Some(at);
                    }
                }
                Some((button, false)) => {
                    if let Some(g) = gesture.as_mut()
                        && g.button == button
                    {
                        g.moved |= out.trail.iter().any(|&c| c != g.start);
                        g.current = cell_at(rect, rows, cols, at);
                        g.moved |= g.current != Some(g.start);
                        out.released = Some(*g);
                        if !g.moved && g.current == Some(g.start) {
                            out.clicked = Some((g.start, button));
                        }
                        gesture = None;
                        last = None;
                    }
                }
                None => {}
            }
        }
        // When the pointer is gone (it left the window), the gesture keeps its last cell.
        if let Some(g) = gesture.as_mut() {
            g.moved |= out.trail.iter().any(|&c| c != g.start);
            if pos.is_some() {
                g.current = under;
                g.moved |= under != Some(g.start);
            }
        }
        out.active = gesture;
        ui.data_mut(|d| {
            match gesture {
                Some(g) => {
                    d.insert_temp(id, g);
                }
                None => d.remove::<Gesture>(id),
            }
            match last {
                Some(p) => {
                    d.insert_temp(last_id, p);
                }
                None => d.remove::<Pos2>(last_id),
            }
        });
    }
}

/// The cells of the board (in `rect`) that the segment from `from` to `to` enters, in order,
/// excluding the one `from` is in: a 4-connected walk of the grid, so a stroke that turns a
/// corner or runs diagonally skips no cell. Cells off the board are left out.
fn crossed(rect: Rect, rows: usize, cols: usize, from: Pos2, to: Pos2) -> Vec<CellPos> {
    let size = vec2(
        rect.width() / cols.max(1) as f32,
        rect.height() / rows.max(1) as f32,
    );
    let start = (from - rect.min) / size;
    let end = (to - rect.min) / size;
    let (mut x, mut y) = (start.x.floor() as i64, start.y.floor() as i64);
    let (end_x, end_y) = (end.x.floor() as i64, end.y.floor() as i64);
    let d = end - start;
    let (step_x, step_y) = (
        if d.x > 0.0 { 1 } else { -1 },
        if d.y > 0.0 { 1 } else { -1 },
    );
    // How far along the segment (0 to 1) the next vertical and horizontal grid lines are.
    let next = |p: f32, cell: i64, step: i64, d: f32| {
        if d == 0.0 {
            f32::INFINITY
        } else {
            let line = if step > 0 { cell + 1 } else { cell } as f32;
            (line - p) / d
        }
    };
    let (mut tx, mut ty) = (next(start.x, x, step_x, d.x), next(start.y, y, step_y, d.y));
    let (dtx, dty) = (1.0 / d.x.abs(), 1.0 / d.y.abs());
    let mut cells = Vec::new();
    let on_board = |x: i64, y: i64| (0..cols as i64).contains(&x) && (0..rows as i64).contains(&y);
    while (x, y) != (end_x, end_y) {
        if (tx <= ty && x != end_x) || y == end_y {
            x += step_x;
            tx += dtx;
        } else {
            y += step_y;
            ty += dty;
        }
        if on_board(x, y) {
            cells.push((y as usize, x as usize));
        }
    }
    cells
}

/// The screen rectangle of cell `(row, col)` on a board drawn in `rect`.
pub fn cell_rect(rect: Rect, rows: usize, cols: usize, row: usize, col: usize) -> Rect {
    let w = rect.width() / cols.max(1) as f32;
    let h = rect.height() / rows.max(1) as f32;
    Rect::from_min_size(
        pos2(rect.min.x + col as f32 * w, rect.min.y + row as f32 * h),
        vec2(w, h),
    )
}

/// The screen position of the centre of cell `(row, col)` on a board drawn in `rect` (the
/// board response's rect). UI tests use it to click cells.
pub fn cell_center(rect: Rect, rows: usize, cols: usize, row: usize, col: usize) -> Pos2 {
    cell_rect(rect, rows, cols, row, col).center()
}

/// The cell under screen position `pos` on a board drawn in `rect`, if any.
pub fn cell_at(rect: Rect, rows: usize, cols: usize, pos: Pos2) -> Option<CellPos> {
    if !rect.contains(pos) || rows == 0 || cols == 0 {
        return None;
    }
    let col = ((pos.x - rect.min.x) / rect.width() * cols as f32) as usize;
    let row = ((pos.y - rect.min.y) / rect.height() * rows as f32) as usize;
    Some((row.min(rows - 1), col.min(cols - 1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_centres_hit_their_cells() {
        let rect = Rect::from_min_size(pos2(10.0, 20.0), vec2(400.0, 500.0));
        for r in 0..5 {
            for c in 0..4 {
                assert_eq!(
                    cell_at(rect, 5, 4, cell_center(rect, 5, 4, r, c)),
                    Some((r, c))
                );
            }
        }
        assert_eq!(cell_at(rect, 5, 4, pos2(5.0, 30.0)), None);
        assert_eq!(cell_at(rect, 5, 4, rect.max), Some((4, 3)));
    }

    #[test]
    fn segments_cross_every_cell_on_their_way_side_by_side() {
        // Cells of 10 points from the origin: cell (r, c) spans x in [10c, 10c + 10).
        let rect = Rect::from_min_size(Pos2::ZERO, vec2(50.0, 50.0));
        let at = |x: f32, y: f32| pos2(x * 10.0, y * 10.0);
        assert_eq!(
            crossed(rect, 5, 5, at(0.5, 0.5), at(3.5, 0.5)),
            [(0, 1), (0, 2), (0, 3)]
        );
        assert_eq!(crossed(rect, 5, 5, at(1.5, 1.5), at(1.2, 1.8)), []);
        // Cutting a corner enters the cell at the corner, not the diagonal neighbour.
        assert_eq!(
            crossed(rect, 5, 5, at(2.9, 0.5), at(3.5, 1.1)),
            [(0, 3), (1, 3)]
        );
        // Backwards and diagonally: each step changes the row or the column, never both.
        let cells = crossed(rect, 5, 5, at(4.5, 4.5), at(0.5, 0.5));
        assert_eq!(cells.len(), 8);
        assert_eq!(cells.last(), Some(&(0, 0)));
        // Off the board on the way: only the cells on it.
        assert_eq!(
            crossed(rect, 5, 5, at(-2.0, 2.5), at(1.5, 2.5)),
            [(2, 0), (2, 1)]
        );
    }
}
