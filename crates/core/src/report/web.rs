//! The playable web page's data (`blockslide export html`, built by
//! [`crate::solve::api::web`]): the puzzles, their solutions and tables of distances, as the
//! page's player reads them from the JSON the front end writes; and the positions with their
//! legal moves that the player's move rules are tested against
//! ([`crate::solve::api::positions_with_moves`]).

use std::collections::BTreeMap;

use serde::Serialize;

use crate::model::{Metric, PieceMove};

/// Everything the player needs, written into the page as JSON.
#[derive(Clone, Debug, Serialize)]
pub struct PageData {
    /// The page's title.
    pub title: String,
    /// Text under the title.
    pub notes: String,
    /// Whether the page carries solutions and tables.
    pub solutions: bool,
    /// The board's colours (the core's [`crate::model::palette`]), by name: `frame`, `empty`, `wall`,
    /// `hatch`, `exit`, `goal`.
    pub colors: BTreeMap<&'static str, String>,
    /// The puzzles, ordered by optimal length (unknown last), then as given.
    pub puzzles: Vec<PagePuzzle>,
}

/// One puzzle of a page.
#[derive(Clone, Debug, Serialize)]
pub struct PagePuzzle {
    /// A key for the browser's storage: the puzzle's name and board.
    pub id: String,
    /// The puzzle's name.
    pub name: String,
    /// Its notes.
    pub notes: String,
    /// The metric moves are counted in (`step`, `slide`, `move`).
    pub metric: &'static str,
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// The start, row-major: `.` empty, `#` wall, else a piece's token.
    pub cells: Vec<String>,
    /// The goal, row-major: a token, or `null` for "don't care".
    pub goal: Vec<Option<String>>,
    /// Whether the goal may match at any translation.
    pub anywhere: bool,
    /// Whether it is a numbered-tile puzzle (its goal is outlined only on request).
    pub tiles: bool,
    /// The pieces by token: colours, axis, kind and the cells they may not cover.
    pub pieces: BTreeMap<String, PagePiece>,
    /// The zones, for drawing (their rights are in each piece's `closed` cells).
    pub zones: Vec<PageZone>,
    /// The exits, for drawing.
    pub exits: Vec<PageExit>,
    /// The optimal number of moves, when the export found it.
    pub optimal: Option<usize>,
    /// An optimal solution (empty without solutions or when none was found).
    pub solution: Vec<PageMove>,
    /// Every position's distance to the goal, when the component is small enough.
    pub table: Option<DistanceTable>,
    /// Why the page cannot hint from every position (no table of distances), as a clause
    /// (`"the start's component has more than 50,000 positions, ..."`); empty with a table.
    pub hint_note: String,
}

/// A piece's drawing and rules.
#[derive(Clone, Debug, Serialize)]
pub struct PagePiece {
    /// Its fill, `#rrggbb`.
    pub fill: String,
    /// Its label's colour.
    pub text: String,
    /// `free`, `horizontal` or `vertical`.
    pub axis: String,
    /// Its kind ([`crate::model::Puzzle::kind_of`]): pieces of one kind are interchangeable in the goal.
    pub kind: String,
    /// The board cells (row-major indices) it may not cover besides walls: cells of zones
    /// closed to it ([`crate::model::Puzzle::may_cover`]).
    pub closed: Vec<usize>,
}

/// A zone, for drawing.
#[derive(Clone, Debug, Serialize)]
pub struct PageZone {
    /// Its name.
    pub name: String,
    /// Its colour.
    pub color: String,
    /// Its cells, row-major indices.
    pub cells: Vec<usize>,
}

/// An exit, for drawing.
#[derive(Clone, Debug, Serialize)]
pub struct PageExit {
    /// The side, as the direction the piece leaves in (`up`, `down`, `left`, `right`).
    pub side: &'static str,
    /// The row (left, right) or column (up, down) of the opening.
    pub line: usize,
}

/// A move as the page's `play` takes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PageMove {
    /// The piece's token.
    pub piece: String,
    /// Its unit steps (`up`, `down`, `left`, `right`).
    pub steps: Vec<&'static str>,
}

impl From<&PieceMove> for PageMove {
    fn from(m: &PieceMove) -> PageMove {
        PageMove {
            piece: m.piece.to_string(),
            steps: m.steps.iter().map(|d| d.word()).collect(),
        }
    }
}

/// Every position of the start's component with its distance to the goal.
#[derive(Clone, Debug, Serialize)]
pub struct DistanceTable {
    /// The symbol each piece's kind is written with in a key.
    pub symbols: BTreeMap<String, String>,
    /// How many positions the component has (the keys of `distances`).
    pub positions: usize,
    /// Distances by key: one symbol per cell, row-major (`.` empty, `#` wall).
    pub distances: BTreeMap<String, u32>,
}

/// A position and the positions its legal moves lead to, each as the file format's rows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionMoves {
    /// The position, as [`crate::model::Puzzle::board_rows`] writes it.
    pub board: Vec<String>,
    /// The position after each legal move, in the engine's order; pieces of one kind may be
    /// named in any order (the engine takes them for one another).
    pub successors: Vec<Vec<String>>,
}

/// The positions [`crate::solve::api::positions_with_moves`] walked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionSample {
    /// The metric the moves are in.
    pub metric: Metric,
    /// Whether the sample is the whole component of the start.
    pub whole_component: bool,
    /// Each piece's kind (see [`crate::model::Puzzle::kind_of`]): pieces of one kind are interchangeable.
    pub kinds: BTreeMap<String, String>,
    /// The positions, in breadth-first order from the start (spread over the walk).
    pub positions: Vec<PositionMoves>,
}
