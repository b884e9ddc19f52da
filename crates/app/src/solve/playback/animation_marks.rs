//! Where the board sits in an exported animation's frames, and the marks drawn beside and
//! over it as the app's board draws them: each exit (an opening in the frame and an arrow
//! out of the board) and, for block puzzles, the goal's dashed outline. Without them a
//! viewer of a Rush Hour animation cannot tell where the red car must go.

use std::ops::Range;

use blockslide_core::model::tiles::tile_layout;
use blockslide_core::model::{Cell, Dir, Puzzle, Token};

use crate::common::board::{Exit, exits};

/// The frame around the board in pixels (exits add room for their arrows beyond it).
pub const MARGIN: usize = 10;

/// What the marks are painted on: a picture that fills rectangles.
pub(super) trait Surface {
    /// Fills the rectangle `left..left+width`, `top..top+height` (clipped to the picture).
    fn fill(&mut self, left: usize, top: usize, width: usize, height: usize, colour: [u8; 3]);
}

/// An exit's opening and arrow, in the app board's exit colour.
pub(super) const EXIT: [u8; 3] = [0x2e, 0xb8, 0x5c];
/// The goal's dashed outline, in the app board's outline colour.
pub(super) const GOAL_OUTLINE: [u8; 3] = [0x20, 0x20, 0x20];

/// The room an exit's arrow takes beyond the frame, in pixels for cells of `cell` pixels: it
/// grows with the cells so the arrow keeps its look in a large picture.
pub(super) fn exit_room(cell: usize) -> usize {
    (cell * 3 / 4).clamp(16, 48)
}

/// Where the board sits in every frame of one animation, and the marks drawn with it (both
/// fixed by the start position, so every frame has the same size).
pub(super) struct Layout {
    /// The side of a cell in pixels.
    pub(super) cell: usize,
    /// The board's distance from the frame's left and right edges: the frame, and room for
    /// the arrows when an exit leaves to the left or right.
    pub(super) left: usize,
    /// The board's distance from the frame's top edge and from the caption strip.
    pub(super) top: usize,
    rows: usize,
    cols: usize,
    exits: Vec<Exit>,
    /// Whether the goal is outlined: not for numbered tiles, where every tile out of place
    /// would carry an outline (the app outlines theirs only on demand).
    goal_outline: bool,
}

impl Layout {
    /// The layout of `puzzle`'s frames with cells of `cell` pixels.
    pub(super) fn new(puzzle: &Puzzle, cell: usize) -> Layout {
        let exits = exits(puzzle);
        // Room is added on both sides of an axis with an exit, so the board stays centred.
        let room = |sides: [Dir; 2]| {
            MARGIN
                + if exits.iter().any(|e| sides.contains(&e.side)) {
                    exit_room(cell)
                } else {
                    0
                }
        };
        Layout {
            cell,
            left: room([Dir::Left, Dir::Right]),
            top: room([Dir::Up, Dir::Down]),
            rows: puzzle.rows,
            cols: puzzle.cols,
            goal_outline: tile_layout(puzzle).is_none(),
            exits,
        }
    }

    /// The width of a frame and the height of its board part (the caption goes below).
    pub(super) fn board_size(&self) -> [usize; 2] {
        [
            self.cols * self.cell + 2 * self.left,
            self.rows * self.cell + 2 * self.top,
        ]
    }

    /// Draws every exit: the opening in the frame beside the goal's edge cell, and an arrow
    /// pointing out of the board whose tip stops just short of the picture's edge.
    pub(super) fn paint_exits(&self, canvas: &mut impl Surface) {
        let cell = self.cell;
        let opening = MARGIN * 3 / 5;
        let inset = cell * 12 / 100;
        let shaft = (cell / 12).clamp(2, 6);
        let head = (cell / 4).clamp(6, 14);
        for exit in &self.exits {
            let at = self.opening(exit);
            let tip = match exit.side {
                Dir::Left | Dir::Right => self.left,
                Dir::Up | Dir::Down => self.top,
            } - 2;
            at.fill(canvas, 0..opening, inset..cell - inset);
            let middle = (cell - shaft) / 2;
            at.fill(canvas, opening + 1..tip - head + 1, middle..middle + shaft);
            // The arrowhead, one line of pixels at a time, narrowing to its tip.
            for out in tip - head..tip {
                let half = ((tip - out) * 4 / 5).max(1);
                at.fill(canvas, out..out + 1, cell / 2 - half..cell / 2 + half);
            }
        }
    }

    /// Where `exit` is drawn from.
    fn opening(&self, exit: &Exit) -> Opening {
        let (cell, line) = (self.cell, exit.line);
        let (edge, start) = match exit.side {
            Dir::Left => (self.left, self.top + line * cell),
            Dir::Right => (self.left + self.cols * cell, self.top + line * cell),
            Dir::Up => (self.top, self.left + line * cell),
            Dir::Down => (self.top + self.rows * cell, self.left + line * cell),
        };
        Opening {
            side: exit.side,
            edge,
            start,
        }
    }

    /// Outlines, in dashes, the goal cells `position` has not filled yet, as the app does: a
    /// cell where the position already agrees with the goal has nothing to point out. The
    /// outline of neighbouring cells wanting the same piece runs on as one shape.
    pub(super) fn paint_goal_outline(&self, canvas: &mut impl Surface, position: &Puzzle) {
        if !self.goal_outline {
            return;
        }
        let (rows, cols, cell) = (position.rows, position.cols, self.cell);
        let goal_at =
            |row: usize, col: usize| position.goal.cells.get(row * cols + col).copied()?;
        let wanted = |row: usize, col: usize, piece: Token| {
            goal_at(row, col) == Some(piece) && position.cell(row, col) != Cell::Piece(piece)
        };
        let inset = cell * 12 / 100;
        let width = (cell / 24).max(2);
        let dashes = Dashes {
            dash: (cell / 8).max(2),
            period: (cell / 8).max(2) * 17 / 10,
            origin: [self.left, self.top],
        };
        for row in 0..rows {
            for col in 0..cols {
                let Some(piece) = goal_at(row, col).filter(|&p| wanted(row, col, p)) else {
                    continue;
                };
                let differs = |dr: isize, dc: isize| {
                    let next = row.checked_add_signed(dr).zip(col.checked_add_signed(dc));
                    !next.is_some_and(|(nr, nc)| nr < rows && nc < cols && wanted(nr, nc, piece))
                };
                let corner = (self.left + col * cell, self.top + row * cell);
                // A side stops at the corner where the outline turns, and runs to the cell's
                // edge where the neighbour's side goes on.
                let span = |low: bool, high: bool| {
                    (if low { inset } else { 0 })..(if high { cell - inset } else { cell })
                };
                let (xs, ys) = (
                    span(differs(0, -1), differs(0, 1)),
                    span(differs(-1, 0), differs(1, 0)),
                );
                let near = inset..inset + width;
                let far = cell - inset - width..cell - inset;
                if differs(-1, 0) {
                    dashes.horizontal(canvas, corner, xs.clone(), near.clone());
                }
                if differs(1, 0) {
                    dashes.horizontal(canvas, corner, xs, far.clone());
                }
                if differs(0, -1) {
                    dashes.vertical(canvas, corner, near, ys.clone());
                }
                if differs(0, 1) {
                    dashes.vertical(canvas, corner, far, ys);
                }
            }
        }
    }
}

/// Where an exit is drawn: the side it leaves by, the coordinate of the board's edge across
/// that side, and where its cell begins along the edge.
struct Opening {
    side: Dir,
    edge: usize,
    start: usize,
}

impl Opening {
    /// Fills, in the exit's colour, the pixels `out` away from the board's edge and `along`
    /// it from the cell's start: one drawing serves all four sides.
    fn fill(&self, canvas: &mut impl Surface, out: Range<usize>, along: Range<usize>) {
        let (deep, long) = (out.len(), along.len());
        let (x, y, width, height) = match self.side {
            Dir::Right => (self.edge + out.start, self.start + along.start, deep, long),
            Dir::Left => (self.edge - out.end, self.start + along.start, deep, long),
            Dir::Down => (self.start + along.start, self.edge + out.start, long, deep),
            Dir::Up => (self.start + along.start, self.edge - out.end, long, deep),
        };
        canvas.fill(x, y, width, height, EXIT);
    }
}

/// The goal outline's dash pattern: `dash` pixels inked of every `period`, counted from the
/// board's corner `origin` (x, y) so the dashes of neighbouring cells run on without a break.
struct Dashes {
    dash: usize,
    period: usize,
    origin: [usize; 2],
}

impl Dashes {
    /// Whether the pixel `at` along axis `axis` (0: x, 1: y) is inked.
    fn inked(&self, at: usize, axis: usize) -> bool {
        (at - self.origin[axis]) % self.period < self.dash
    }

    /// A dashed line across the cell whose top left pixel is `(x, y)`: its columns `xs`
    /// and rows `ys` (its thickness), counted from that pixel.
    fn horizontal(
        &self,
        canvas: &mut impl Surface,
        (x, y): (usize, usize),
        xs: Range<usize>,
        ys: Range<usize>,
    ) {
        for col in xs.map(|dx| x + dx).filter(|&col| self.inked(col, 0)) {
            canvas.fill(col, y + ys.start, 1, ys.len(), GOAL_OUTLINE);
        }
    }

    /// A dashed line down the cell whose top left pixel is `(x, y)`: its columns `xs` (its
    /// thickness) and rows `ys`, counted from that pixel.
    fn vertical(
        &self,
        canvas: &mut impl Surface,
        (x, y): (usize, usize),
        xs: Range<usize>,
        ys: Range<usize>,
    ) {
        for row in ys.map(|dy| y + dy).filter(|&row| self.inked(row, 1)) {
            canvas.fill(x + xs.start, row, xs.len(), 1, GOAL_OUTLINE);
        }
    }
}
