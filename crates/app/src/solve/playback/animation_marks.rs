//! Where the board sits in an exported animation's frames, and the marks drawn beside and
//! over it as the app's board draws them: each exit (an opening in the frame and an arrow
//! out of the board) and, for block puzzles, the goal's dashed outline. Without them a
//! viewer of a Rush Hour animation cannot tell where the red car must go.

use std::ops::Range;

use blockslide_core::model::raster::{Canvas, goal_outline};
use blockslide_core::model::tiles::tile_layout;
use blockslide_core::model::{Dir, Puzzle};

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

    /// Outlines, in dashes, the goal cells `position` has not filled yet, as the app's board
    /// does (the core's drawing, which the Python package's animation shares).
    pub(super) fn paint_goal_outline(&self, canvas: &mut Canvas, position: &Puzzle) {
        if self.goal_outline {
            goal_outline(
                canvas,
                position,
                [self.left, self.top],
                self.cell,
                GOAL_OUTLINE,
            );
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
