//! The numbered-tile fast path: compact states, parity, Manhattan distance, linear conflict,
//! additive pattern databases cached on disk, and batch solving.
//!
//! [`TileDomain`] is a [`Domain`] like the block engine's, so every algorithm in
//! [`crate::solve::algorithms`] runs on it unchanged; it is just much faster on tiles. A move
//! is the direction the *blank* moves (the seeds' `u d l r` notation); [`TileDomain::piece_moves`]
//! turns a path into the tiles that move, which replay on the model with `Puzzle::step`.
//!
//! Boards of up to `SMALL_CELLS` cells (every board up to 5x5, and 4x8, 5x6, ...) use an
//! inline, allocation-free state; larger boards (up to 32x32) use a heap state: correct, but
//! only the small boards are tuned.

mod heuristic;
mod pdb;
mod puzzle_domain;

use crate::solve::core::Reason;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use crate::model::tiles::TileLayout;
use crate::model::{Dir, PieceMove, Token};
use crate::solve::core::Domain;

#[cfg(feature = "testing")]
pub use crate::solve::core::HeuristicError;
pub use heuristic::{TileHeuristic, heuristics};
#[cfg(feature = "testing")]
pub use heuristic::{build_estimate, heuristic, stronger_tables_note};

#[cfg(feature = "testing")]
pub use pdb::{BuildBudget, BuildReport, PatternDatabases, PdbError};

/// Boards with at most this many cells use the inline state.
pub(crate) const SMALL_CELLS: usize = 32;

/// Index of a direction in per-cell tables (the order of [`Dir::ALL`]).
fn dir_index(dir: Dir) -> usize {
    match dir {
        Dir::Up => 0,
        Dir::Down => 1,
        Dir::Left => 2,
        Dir::Right => 3,
    }
}

/// A board position: which tile is on each cell and where each tile is.
///
/// Equality and hashing look at the cells only (the positions are derived from them, and
/// the memo is a cache).
#[derive(Clone)]
pub struct TileState {
    repr: Repr,
    memo: Memo,
}

/// A heuristic's cached parts for one state (pattern databases keep their per-pattern
/// values here, so a child needs two table lookups instead of all of them). `tag` names the
/// heuristic instance that wrote `values`; 0 means empty. Moving a tile empties it. Atomics
/// (relaxed, plain loads and stores on common hardware) keep states `Sync`.
#[derive(Default)]
pub(crate) struct Memo {
    tag: AtomicU32,
    values: AtomicU64,
}

impl Clone for Memo {
    fn clone(&self) -> Self {
        Memo {
            tag: AtomicU32::new(self.tag.load(Ordering::Relaxed)),
            values: AtomicU64::new(self.values.load(Ordering::Relaxed)),
        }
    }
}

impl Memo {
    /// The values written by heuristic instance `tag`, if they are that instance's.
    #[inline]
    pub(crate) fn get(&self, tag: u32) -> Option<u64> {
        (self.tag.load(Ordering::Relaxed) == tag).then(|| self.values.load(Ordering::Relaxed))
    }

    /// Records `values` for heuristic instance `tag` (non-zero).
    #[inline]
    pub(crate) fn set(&self, tag: u32, values: u64) {
        self.values.store(values, Ordering::Relaxed);
        self.tag.store(tag, Ordering::Relaxed);
    }
}

#[derive(Clone)]
enum Repr {
    /// `cells[c]` is the tile on cell `c`; `pos[t]` is the cell of tile `t` (`pos[0]` is the
    /// blank). Entries past the board's size are zero.
    Small {
        cells: [u8; SMALL_CELLS],
        pos: [u8; SMALL_CELLS],
    },
    /// The first half is the cells, the second half the positions.
    Large(Box<[u16]>),
}

impl TileState {
    fn from_cells(cells: &[u16]) -> TileState {
        let n = cells.len();
        if n <= SMALL_CELLS {
            let mut c = [0u8; SMALL_CELLS];
            let mut p = [0u8; SMALL_CELLS];
            for (i, &t) in cells.iter().enumerate() {
                c[i] = t as u8;
                p[t as usize] = i as u8;
            }
            TileState {
                repr: Repr::Small { cells: c, pos: p },
                memo: Memo::default(),
            }
        } else {
            let mut both = vec![0u16; 2 * n];
            for (i, &t) in cells.iter().enumerate() {
                both[i] = t;
                both[n + t as usize] = i as u16;
            }
            TileState {
                repr: Repr::Large(both.into_boxed_slice()),
                memo: Memo::default(),
            }
        }
    }

    /// The tile on `cell` (0 = the blank).
    #[inline]
    pub(crate) fn tile_at(&self, cell: usize) -> usize {
        match &self.repr {
            Repr::Small { cells, .. } => cells[cell] as usize,
            Repr::Large(both) => both[cell] as usize,
        }
    }

    /// The cell of `tile` (tile 0 is the blank).
    #[inline]
    pub fn cell_of(&self, tile: usize) -> usize {
        match &self.repr {
            Repr::Small { pos, .. } => pos[tile] as usize,
            Repr::Large(both) => both[both.len() / 2 + tile] as usize,
        }
    }

    /// The cell of every tile (index 0 is the blank), when the board is small enough for
    /// the inline state.
    #[inline]
    pub(crate) fn small_positions(&self) -> Option<&[u8; SMALL_CELLS]> {
        match &self.repr {
            Repr::Small { pos, .. } => Some(pos),
            Repr::Large(_) => None,
        }
    }

    /// The heuristic memo of this state.
    #[inline]
    pub(crate) fn memo(&self) -> &Memo {
        &self.memo
    }

    /// The blank's cell.
    #[inline]
    pub fn blank(&self) -> usize {
        self.cell_of(0)
    }

    /// The tiles row by row (0 = blank), for a board of `cells` cells.
    pub(crate) fn to_cells(&self, cells: usize) -> Vec<u16> {
        (0..cells).map(|c| self.tile_at(c) as u16).collect()
    }

    /// Moves the blank to `to` (a neighbour of its cell), swapping it with the tile there.
    #[inline(always)]
    fn move_blank(&mut self, to: usize) {
        *self.memo.tag.get_mut() = 0;
        match &mut self.repr {
            Repr::Small { cells, pos } => {
                let from = pos[0] as usize;
                let tile = cells[to];
                cells[from] = tile;
                cells[to] = 0;
                pos[tile as usize] = from as u8;
                pos[0] = to as u8;
            }
            Repr::Large(both) => {
                let n = both.len() / 2;
                let from = both[n] as usize;
                let tile = both[to];
                both[from] = tile;
                both[to] = 0;
                both[n + tile as usize] = from as u16;
                both[n] = to as u16;
            }
        }
    }

    #[inline(always)]
    fn cells_slice(&self) -> CellsRef<'_> {
        match &self.repr {
            Repr::Small { cells, .. } => CellsRef::Small(cells),
            Repr::Large(both) => CellsRef::Large(&both[..both.len() / 2]),
        }
    }
}

enum CellsRef<'a> {
    Small(&'a [u8; SMALL_CELLS]),
    Large(&'a [u16]),
}

impl PartialEq for TileState {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        match (self.cells_slice(), other.cells_slice()) {
            (CellsRef::Small(a), CellsRef::Small(b)) => a == b,
            (CellsRef::Large(a), CellsRef::Large(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for TileState {}

impl Hash for TileState {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        match self.cells_slice() {
            CellsRef::Small(cells) => {
                for chunk in cells.chunks_exact(8) {
                    let word = u64::from_le_bytes(chunk.try_into().expect("chunks of 8 bytes"));
                    state.write_u64(word);
                }
            }
            CellsRef::Large(cells) => cells.hash(state),
        }
    }
}

impl fmt::Debug for TileState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells: Vec<usize> = match self.cells_slice() {
            CellsRef::Small(c) => c.iter().map(|&t| t as usize).collect(),
            CellsRef::Large(c) => c.iter().map(|&t| t as usize).collect(),
        };
        write!(f, "TileState{cells:?}")
    }
}

/// A numbered-tile puzzle as a search domain. Moves are the directions the blank moves.
#[derive(Clone, Debug)]
pub struct TileDomain {
    rows: usize,
    cols: usize,
    start: Vec<u16>,
    goal: Vec<u16>,
    tokens: Vec<Option<Token>>,
    goal_state: TileState,
    /// `neighbor[cell * 4 + dir_index]`: the cell the blank reaches from `cell` moving `dir`,
    /// or `u16::MAX` off the board.
    neighbor: Vec<u16>,
    /// The legal blank directions from each cell, in a fixed order.
    legal: Vec<Vec<Dir>>,
    /// `distance[tile * cells + cell]`: Manhattan distance from `cell` to `tile`'s goal cell.
    distance: Vec<u8>,
    /// The goal cell of each tile.
    goal_cell: Vec<u16>,
    /// Where pattern databases are loaded from and saved to; `None` builds them in memory.
    pdb_cache: Option<PathBuf>,
}

impl TileDomain {
    /// The domain of `layout`'s start and goal.
    ///
    /// # Errors
    /// A message when the board is empty or larger than 32x32, or the start or goal is not a
    /// permutation of `0..rows*cols`.
    pub fn new(layout: &TileLayout) -> Result<TileDomain, String> {
        let (rows, cols) = (layout.rows, layout.cols);
        let n = rows * cols;
        if rows == 0 || cols == 0 || rows > 32 || cols > 32 {
            return Err(format!(
                "a tile board must be between 1x1 and 32x32, not {rows}x{cols}"
            ));
        }
        if n < 2 {
            return Err("a tile board needs at least two cells".into());
        }
        for (what, cells) in [("start", &layout.start), ("goal", &layout.goal)] {
            check_permutation(what, cells, n)?;
        }
        let mut goal_cell = vec![0u16; n];
        for (cell, &t) in layout.goal.iter().enumerate() {
            goal_cell[t as usize] = cell as u16;
        }
        let mut neighbor = vec![u16::MAX; n * 4];
        let mut legal = Vec::with_capacity(n);
        for cell in 0..n {
            let (r, c) = (cell / cols, cell % cols);
            let mut dirs = Vec::with_capacity(4);
            for dir in Dir::ALL {
                let (dr, dc) = dir.delta();
                let (nr, nc) = (r as i32 + dr, c as i32 + dc);
                if nr >= 0 && nc >= 0 && (nr as usize) < rows && (nc as usize) < cols {
                    neighbor[cell * 4 + dir_index(dir)] = (nr as usize * cols + nc as usize) as u16;
                    dirs.push(dir);
                }
            }
            legal.push(dirs);
        }
        let mut distance = vec![0u8; n * n];
        for tile in 1..n {
            let g = goal_cell[tile] as usize;
            for cell in 0..n {
                let d = (cell / cols).abs_diff(g / cols) + (cell % cols).abs_diff(g % cols);
                distance[tile * n + cell] = d as u8;
            }
        }
        let mut tokens = layout.tokens.clone();
        tokens.resize(n, None);
        Ok(TileDomain {
            rows,
            cols,
            start: layout.start.clone(),
            goal: layout.goal.clone(),
            tokens,
            goal_state: TileState::from_cells(&layout.goal),
            neighbor,
            legal,
            distance,
            pdb_cache: None,
            goal_cell,
        })
    }

    /// The domain with its pattern databases cached in `cache`, a folder the caller
    /// chooses (`None`: built in memory for each search, nothing written).
    #[must_use]
    pub fn with_pdb_cache(mut self, cache: Option<PathBuf>) -> TileDomain {
        self.pdb_cache = cache;
        self
    }

    /// Where this domain's pattern databases are cached, if anywhere.
    pub fn pdb_cache(&self) -> Option<&Path> {
        self.pdb_cache.as_deref()
    }

    /// The layout the domain was built from.
    pub fn layout(&self) -> TileLayout {
        TileLayout {
            rows: self.rows,
            cols: self.cols,
            start: self.start.clone(),
            goal: self.goal.clone(),
            tokens: self.tokens.clone(),
        }
    }

    /// Board rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Board columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Number of cells (`rows * cols`).
    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    /// The goal, row-major, 0 = blank.
    pub fn goal(&self) -> &[u16] {
        &self.goal
    }

    /// The state of a position given row-major (0 = blank); `None` unless it is a
    /// permutation of `0..rows*cols`.
    #[cfg(feature = "testing")]    pub fn state_of(&self, cells: &[u16]) -> Option<TileState> {
        check_permutation("position", cells, self.cells()).ok()?;
        Some(TileState::from_cells(cells))
    }

    /// The goal cell of `tile`.
    #[inline]
    pub fn goal_cell(&self, tile: usize) -> usize {
        self.goal_cell[tile] as usize
    }

    /// Manhattan distance from `cell` to `tile`'s goal cell.
    #[inline]
    pub fn manhattan(&self, tile: usize, cell: usize) -> u32 {
        u32::from(self.distance[tile * self.cells() + cell])
    }

    /// The cell the blank reaches from `cell` by moving `dir`, if it stays on the board.
    #[inline]
    pub(crate) fn neighbor(&self, cell: usize, dir: Dir) -> Option<usize> {
        let n = self.neighbor[cell * 4 + dir_index(dir)];
        (n != u16::MAX).then_some(n as usize)
    }

    /// Replays `path` (blank directions) from the start, returning each tile move: the token
    /// of the tile that moves and its direction (opposite to the blank's).
    ///
    /// Moves that leave the board are skipped (they cannot come from a search of this domain).
    pub fn piece_moves(&self, path: &[Dir]) -> Vec<PieceMove> {
        let mut state = self.start();
        let mut out = Vec::with_capacity(path.len());
        for &dir in path {
            let Some(to) = self.neighbor(state.blank(), dir) else {
                continue;
            };
            let tile = state.tile_at(to);
            let piece = self.tokens[tile].unwrap_or_else(|| Token::number(tile as u32));
            out.push(PieceMove {
                piece,
                steps: vec![dir.opposite()],
            });
            state.move_blank(to);
        }
        out
    }

    /// Blank move `dir` from `state` as a move of the tile it swaps with (`None` when the
    /// blank cannot move that way).
    pub(crate) fn label_move(&self, state: &TileState, dir: Dir) -> Option<PieceMove> {
        let to = self.neighbor(state.blank(), dir)?;
        let tile = state.tile_at(to);
        Some(PieceMove {
            piece: self.tokens[tile].unwrap_or_else(|| Token::number(tile as u32)),
            steps: vec![dir.opposite()],
        })
    }

    /// The directions the blank moves along `path`, in the seeds' notation (`"drul"`): the
    /// letters alone, whatever the board.
    pub fn blank_moves(path: &[Dir]) -> String {
        path.iter().map(|d| d.letter()).collect()
    }

    /// The position after playing `path` from `state`, or `None` if a move leaves the board.
    pub fn replay(&self, state: &TileState, path: &[Dir]) -> Option<TileState> {
        let mut s = state.clone();
        for &dir in path {
            let to = self.neighbor(s.blank(), dir)?;
            s.move_blank(to);
        }
        Some(s)
    }
}

fn check_permutation(what: &str, cells: &[u16], n: usize) -> Result<(), String> {
    if cells.len() != n {
        return Err(format!(
            "the {what} has {} numbers but the board has {n} cells",
            cells.len()
        ));
    }
    let mut seen = vec![false; n];
    for &t in cells {
        let t = t as usize;
        if t >= n {
            return Err(format!(
                "the {what} holds {t}, but tiles on this board are numbered 1 to {}",
                n - 1
            ));
        }
        if seen[t] {
            return Err(format!("the {what} holds {t} twice"));
        }
        seen[t] = true;
    }
    Ok(())
}

impl Domain for TileDomain {
    type State = TileState;
    type Move = Dir;

    fn start(&self) -> TileState {
        TileState::from_cells(&self.start)
    }

    #[inline]
    fn is_goal(&self, state: &TileState) -> bool {
        *state == self.goal_state
    }

    #[inline]
    fn moves(&self, state: &TileState, out: &mut Vec<Dir>) {
        out.extend_from_slice(&self.legal[state.blank()]);
    }

    #[inline(always)]
    fn apply(&self, state: &TileState, mv: Dir) -> TileState {
        let mut child = state.clone();
        let to = self.neighbor[state.blank() * 4 + dir_index(mv)] as usize;
        child.move_blank(to);
        child
    }

    #[inline]
    fn undoes(&self, prev: Dir, next: Dir) -> bool {
        next == prev.opposite()
    }

    /// No: past a move and its undo, the shortest cycle of a tile puzzle is 12 moves (the
    /// blank three times round a 2x2 square), and IDA* meets few: 177,289 among the 22.3
    /// billion children of Korf and Felner's third 24-puzzle, while checking every child
    /// hashes it, about a tenth of the search's time.
    fn cycles_worth_checking(&self) -> bool {
        false
    }

    fn goal_state(&self) -> Result<TileState, Reason> {
        Ok(self.goal_state.clone())
    }

    fn state_bytes(&self) -> usize {
        let n = self.cells();
        if n <= SMALL_CELLS {
            std::mem::size_of::<TileState>()
        } else {
            std::mem::size_of::<TileState>() + 4 * n
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Puzzle;
    use crate::model::tiles::tile_layout;

    fn domain(rows: usize, cols: usize, start: &[u32]) -> TileDomain {
        let layout = tile_layout(&Puzzle::tiles(rows, cols, start, None).unwrap()).unwrap();
        TileDomain::new(&layout).unwrap()
    }

    #[test]
    fn moves_and_apply() {
        let d = domain(2, 3, &[5, 4, 2, 1, 3, 0]);
        let s = d.start();
        assert_eq!(s.blank(), 5);
        let mut moves = Vec::new();
        d.moves(&s, &mut moves);
        assert_eq!(moves, vec![Dir::Up, Dir::Left]);
        let c = d.apply(&s, Dir::Left);
        assert_eq!(c.to_cells(6), vec![5, 4, 2, 1, 0, 3]);
        assert_eq!(c.cell_of(3), 5);
        assert!(d.undoes(Dir::Left, Dir::Right));
        let pm = d.piece_moves(&[Dir::Left, Dir::Up]);
        assert_eq!(pm[0].piece, Token::number(3));
        assert_eq!(pm[0].steps, vec![Dir::Right]);
        assert_eq!(pm[1].piece, Token::number(4));
        assert_eq!(pm[1].steps, vec![Dir::Down]);
        assert_eq!(TileDomain::blank_moves(&[Dir::Left, Dir::Up]), "lu");
    }

    #[test]
    fn large_boards_use_the_heap_state_correctly() {
        let n = 6 * 6;
        let mut start: Vec<u32> = (1..n as u32).collect();
        start.push(0);
        start.swap(n - 1, n - 2);
        let d = domain(6, 6, &start);
        let s = d.start();
        assert!(!d.is_goal(&s));
        let g = d.apply(&s, Dir::Right);
        assert!(d.is_goal(&g));
        assert_eq!(g, d.goal_state().unwrap());
    }

    #[test]
    fn bad_layouts_are_refused() {
        let layout = TileLayout {
            rows: 2,
            cols: 2,
            start: vec![1, 2, 3, 3],
            goal: vec![1, 2, 3, 0],
            tokens: vec![],
        };
        assert!(TileDomain::new(&layout).unwrap_err().contains("twice"));
    }
}
