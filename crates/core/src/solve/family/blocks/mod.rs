//! Block families: every layout of a vocabulary of polyomino shapes on a board, with one goal
//! piece and up to a few walls, split into units that no move can leave, each unit walked
//! whole by the block engine.
//!
//! A move takes one piece somewhere else on the board, so what moves cannot change is the
//! walls and how many pieces of each shape there are: that is a [`BlockUnit`]. Its positions
//! are every arrangement of those pieces around those walls; the block engine numbers them
//! ([`Arrangements`](crate::solve::blocks::Arrangements)) and walks them component by
//! component (the piece-set walk of `solve::blocks`), in the family's metric (by default the
//! move metric: one piece moved any distance along any path). Each unit is walked on its own
//! from a puzzle of the model (one arrangement of its pieces, the goal, the axis locks), so
//! metrics, axes and the goal are the engine's own.
//!
//! The hardest start of a cluster is the position farthest from its nearest goal position;
//! when several are that far, the representative is the one whose board string
//! ([`board_string`]) comes first in byte order (`.` before `A`–`Z` before `x`), which does
//! not depend on how the engine numbers positions or on the threads.

use crate::model::shape::{bounding, connected, normalise};
use crate::model::{Axis, Cell, Metric, Puzzle};
use crate::solve::analysis::phases::Phases;
use crate::solve::blocks::{BlockDomain, bfs, walk_components};
use crate::solve::core::{SearchControl, Termination};

use super::engine::{ClusterRecord, Family, UnitBudget, UnitResult};

mod error;
mod layout;

pub use error::{BlockFamilyError, UnitStop};
pub use layout::board_string;
use layout::goal_token;

/// The most cells a block family's board has: layouts are kept as 64-bit masks.
pub const MAX_CELLS: usize = 64;

/// The most pieces a layout has: the board strings of records name them `A` to `Z`.
pub const MAX_FAMILY_PIECES: usize = 26;

/// The most walls a layout has: the number of wall sets grows as cells^walls.
pub const MAX_WALLS: usize = super::rushhour::MAX_WALLS;

/// The most combinations of counts of the shapes a family may have (units per wall set).
pub const MAX_PIECE_SETS: u64 = 1_000_000;

/// The most arrangements one piece set may have, bounded before any walk (see
/// [`BlockFamily::validate`]): a unit is walked whole by one thread, and its walk holds a bit
/// per arrangement and the widest layers of its largest component.
pub const MAX_UNIT_ARRANGEMENTS: u128 = 1 << 26;

/// One shape of a family's vocabulary: a polyomino, how it may move, how many of it a layout
/// has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockShape {
    /// The name it is given in the family file (for messages).
    pub name: String,
    /// Its cells as `(row, column)` from the top-left corner of its bounding box, in reading
    /// order (see [`BlockShape::new`]).
    pub cells: Vec<(usize, usize)>,
    /// The directions its pieces move in.
    pub axis: Axis,
    /// The fewest pieces of it a layout has.
    pub min: usize,
    /// The most pieces of it a layout has.
    pub max: usize,
}

impl BlockShape {
    /// A shape of these cells (any offset: they are moved to the top-left corner and sorted
    /// in reading order, duplicates dropped).
    pub fn new(
        name: impl Into<String>,
        cells: &[(usize, usize)],
        axis: Axis,
        min: usize,
        max: usize,
    ) -> Self {
        BlockShape {
            name: name.into(),
            cells: normalise(cells),
            axis,
            min,
            max,
        }
    }

    /// Rows and columns of its bounding box.
    pub fn size(&self) -> (usize, usize) {
        bounding(&self.cells)
    }
}

/// A block family: the board, the shapes, the goal piece and its goal, the walls allowed.
///
/// Every layout has exactly one goal piece (a piece of shape `goal_shape`, named `A` in
/// records); the goal is that piece with the top-left corner of its bounding box at
/// `goal_at`. Other pieces of one shape are identical (positions that differ by swapping
/// them are one position). Walls are single fixed cells, never on the goal piece's goal cells
/// (no layout with such a wall could be solved).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockFamily {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// How moves are counted (the move metric by default).
    pub metric: Metric,
    /// The vocabulary, in the order of the family file.
    pub shapes: Vec<BlockShape>,
    /// The goal piece's shape (an index into `shapes`), whose `min` and `max` are 1.
    pub goal_shape: usize,
    /// Where the top-left corner of the goal piece's bounding box must be, `(row, column)`
    /// from 0.
    pub goal_at: (usize, usize),
    /// The most walls a layout has.
    pub max_walls: usize,
    /// The most pieces a layout has, the goal piece included (at most [`MAX_FAMILY_PIECES`]).
    pub max_pieces: usize,
}

/// What moves cannot change: the walls and the count of each shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockUnit {
    /// The walls, one bit per cell in reading order.
    pub walls: u64,
    /// How many pieces of each shape, in the order of [`BlockFamily::shapes`].
    pub counts: Vec<u8>,
}

impl BlockFamily {
    /// The family of `shapes` on a `rows` x `cols` board, in the move metric, with shape
    /// `goal_shape` reaching `goal_at`, up to `max_walls` walls and [`MAX_FAMILY_PIECES`] pieces.
    ///
    /// # Errors
    /// The first [`BlockFamilyError`] of [`BlockFamily::validate`].
    pub fn new(
        rows: usize,
        cols: usize,
        shapes: Vec<BlockShape>,
        goal_shape: usize,
        goal_at: (usize, usize),
        max_walls: usize,
    ) -> Result<Self, BlockFamilyError> {
        let family = BlockFamily {
            rows,
            cols,
            metric: Metric::Move,
            shapes,
            goal_shape,
            goal_at,
            max_walls,
            max_pieces: MAX_FAMILY_PIECES,
        };
        family.validate()?;
        Ok(family)
    }

    /// Checks the board, the shapes, the goal, the limits, and that no piece set has more
    /// than [`MAX_UNIT_ARRANGEMENTS`] arrangements. The bound of a piece set is the number
    /// of ways to read a layout cell by cell in reading order: each cell not yet covered is
    /// either empty or the first cell of a piece, so `n` pieces (`k` of each shape) and `e`
    /// empty cells have at most `(n + e)! / (k₁! k₂! … e!)` arrangements (walls only lower
    /// it).
    ///
    /// # Errors
    /// The first [`BlockFamilyError`] found.
    pub fn validate(&self) -> Result<(), BlockFamilyError> {
        let (rows, cols) = (self.rows, self.cols);
        if rows == 0 || cols == 0 || rows.saturating_mul(cols) > MAX_CELLS {
            return Err(BlockFamilyError::Board { rows, cols });
        }
        self.validate_shapes()?;
        self.validate_goal()?;
        if self.max_walls > MAX_WALLS {
            return Err(BlockFamilyError::Walls {
                asked: self.max_walls,
                max: MAX_WALLS,
            });
        }
        if !(1..=MAX_FAMILY_PIECES).contains(&self.max_pieces) {
            return Err(BlockFamilyError::MaxPieces {
                asked: self.max_pieces,
            });
        }
        let pieces: usize = self.shapes.iter().map(|s| s.min).sum();
        if pieces > self.max_pieces {
            return Err(BlockFamilyError::TooManyPieces {
                pieces,
                max: self.max_pieces,
            });
        }
        let cells: usize = self.shapes.iter().map(|s| s.min * s.cells.len()).sum();
        if cells > rows * cols {
            return Err(BlockFamilyError::TooManyCells {
                cells,
                board: rows * cols,
            });
        }
        let count = self
            .shapes
            .iter()
            .fold(1u64, |n, s| n.saturating_mul((s.max - s.min) as u64 + 1));
        if count > MAX_PIECE_SETS {
            return Err(BlockFamilyError::PieceSets { count });
        }
        let mut counts = self.first_counts();
        loop {
            if let Some(bound) = self.arrangement_bound(&counts)
                && bound > MAX_UNIT_ARRANGEMENTS
            {
                return Err(BlockFamilyError::TooLarge {
                    set: self.set_text(&counts),
                    bound,
                });
            }
            if !self.next_counts(&mut counts) {
                return Ok(());
            }
        }
    }

    /// Checks each shape and that no two have the same cells.
    fn validate_shapes(&self) -> Result<(), BlockFamilyError> {
        if self.shapes.is_empty() {
            return Err(BlockFamilyError::NoShapes);
        }
        for (i, shape) in self.shapes.iter().enumerate() {
            let name = shape.name.clone();
            if shape.cells.is_empty() {
                return Err(BlockFamilyError::EmptyShape { shape: i, name });
            }
            if !connected(&shape.cells) {
                return Err(BlockFamilyError::Disconnected { shape: i, name });
            }
            let (height, width) = shape.size();
            if height > self.rows || width > self.cols {
                return Err(BlockFamilyError::ShapeTooLarge {
                    shape: i,
                    name,
                    height,
                    width,
                    rows: self.rows,
                    cols: self.cols,
                });
            }
            if shape.min > shape.max {
                return Err(BlockFamilyError::Counts {
                    shape: i,
                    name,
                    min: shape.min,
                    max: shape.max,
                });
            }
            // The goal piece is told apart by its letter; any other two pieces of the same
            // cells would be one shape.
            let same = self.shapes[..i]
                .iter()
                .enumerate()
                .find(|&(j, s)| s.cells == shape.cells && j != self.goal_shape);
            if let Some((_, other)) = same
                && i != self.goal_shape
            {
                return Err(BlockFamilyError::SameShapes {
                    shape: i,
                    name,
                    other: other.name.clone(),
                });
            }
        }
        Ok(())
    }

    /// Checks the goal shape's counts and the goal position.
    fn validate_goal(&self) -> Result<(), BlockFamilyError> {
        let Some(goal) = self.shapes.get(self.goal_shape) else {
            return Err(BlockFamilyError::GoalShape {
                shape: self.goal_shape,
                count: self.shapes.len(),
            });
        };
        if (goal.min, goal.max) != (1, 1) {
            return Err(BlockFamilyError::GoalCount {
                shape: self.goal_shape,
                name: goal.name.clone(),
                min: goal.min,
                max: goal.max,
            });
        }
        let (height, width) = goal.size();
        let (r, c) = self.goal_at;
        if r.saturating_add(height) > self.rows || c.saturating_add(width) > self.cols {
            return Err(BlockFamilyError::GoalOffBoard {
                name: goal.name.clone(),
                row: r.saturating_add(1),
                column: c.saturating_add(1),
                rows: self.rows,
                cols: self.cols,
            });
        }
        Ok(())
    }

    /// Every unit of the family that holds at least one position, in the family's order:
    /// walls first (fewer walls first, then by their cells in reading order), then the counts
    /// of the shapes in lexicographic order (the first shape's count changing slowest, each
    /// from its `min` up).
    ///
    /// A family that does not pass [`BlockFamily::validate`] has none.
    pub fn units(&self) -> impl Iterator<Item = BlockUnit> + Send + '_ {
        let cells = self.rows * self.cols;
        let goal = self.goal_mask();
        let mut wall_sets = Vec::new();
        if self.validate().is_ok() {
            for count in 0..=self.max_walls {
                combinations(cells, count, &mut |set| {
                    if set & goal == 0 {
                        wall_sets.push(set);
                    }
                });
            }
        }
        wall_sets.into_iter().flat_map(move |walls| {
            let mut counts = Some(self.first_counts());
            std::iter::from_fn(move || {
                loop {
                    let current = counts.take()?;
                    let mut next = current.clone();
                    if self.next_counts(&mut next) {
                        counts = Some(next);
                    }
                    if self.pack(walls, &current).is_some() {
                        return Some(BlockUnit {
                            walls,
                            counts: current
                                .iter()
                                .map(|&k| u8::try_from(k).unwrap_or(u8::MAX))
                                .collect(),
                        });
                    }
                }
            })
        })
    }

    /// Walks `unit` (the `index`-th of the family) within `control`'s limits and cancel flag
    /// (on its running clock), and makes its records: every component, and for each solvable
    /// one its histogram, its hardest start as a board string, and whether that start is
    /// minimal. Returns the result with the bytes the walk held at its peak.
    ///
    /// # Errors
    /// [`UnitStop::Stopped`] when a limit or the cancel flag stopped a walk (nothing of the
    /// unit is then kept); [`UnitStop::Refused`] when the engine refused a layout.
    pub fn walk_unit_within(
        &self,
        unit: &BlockUnit,
        index: u64,
        control: &mut SearchControl,
    ) -> Result<(UnitResult, u64), UnitStop> {
        let mut result = UnitResult {
            index,
            records: Vec::new(),
            clusters: 0,
            positions: 0,
            // Filled in by the engine's `walk_unit`, which times the walk.
            class: 0,
            nanos: 0,
        };
        let counts: Vec<usize> = unit.counts.iter().map(|&k| usize::from(k)).collect();
        // A unit of another family, or of a family that does not validate.
        if counts.len() != self.shapes.len()
            || self.rows.saturating_mul(self.cols) > MAX_CELLS
            || self.goal_shape >= self.shapes.len()
        {
            return Err(UnitStop::Refused(
                "the unit does not belong to this family".into(),
            ));
        }
        let Some(start) = self.pack(unit.walls, &counts) else {
            return Ok((result, 0));
        };
        let puzzle = self.puzzle_of(unit.walls, &start);
        let domain = BlockDomain::new(&puzzle, self.metric).map_err(UnitStop::Refused)?;
        let goal = goal_token();
        let mut phases = Phases::resumed(control);
        let mut solvable = Vec::new();
        let walked = walk_components(&domain, &mut phases, |component| {
            let Some(moves) = component.moves() else {
                return;
            };
            // The representative: the hardest start whose board string comes first.
            let hardest = component
                .farthest
                .iter()
                .map(|state| {
                    let position = domain.position(state);
                    (board_string(&position, goal), position)
                })
                .min_by(|a, b| a.0.cmp(&b.0));
            if let Some((board, position)) = hardest {
                solvable.push((
                    moves,
                    board,
                    position,
                    component.states,
                    component.histogram,
                ));
            }
        })
        .map_err(UnitStop::Stopped)?;
        result.clusters = walked.components;
        result.positions = walked.arrangements;
        let pieces = counts.iter().sum();
        let walls = unit.walls.count_ones() as usize;
        for (moves, board, position, states, histogram) in solvable {
            let minimal = self.is_minimal(&position, moves, &mut phases)?;
            result.records.push(ClusterRecord {
                moves,
                board,
                states,
                histogram,
                minimal,
                pieces,
                walls,
            });
        }
        Ok((result, walked.memory_bytes))
    }

    /// The smallest counts: every shape at its minimum.
    fn first_counts(&self) -> Vec<usize> {
        self.shapes.iter().map(|s| s.min).collect()
    }

    /// Steps `counts` to the next combination in lexicographic order; `false` after the last.
    fn next_counts(&self, counts: &mut [usize]) -> bool {
        for (k, shape) in counts.iter_mut().zip(&self.shapes).rev() {
            if *k < shape.max {
                *k += 1;
                return true;
            }
            *k = shape.min;
        }
        false
    }

    /// The piece set `counts` in words: `1 big, 4 small`.
    fn set_text(&self, counts: &[usize]) -> String {
        let parts: Vec<String> = self
            .shapes
            .iter()
            .zip(counts)
            .filter(|&(_, &k)| k > 0)
            .map(|(s, k)| format!("{k} {}", s.name))
            .collect();
        format!("({})", parts.join(", "))
    }

    /// An upper bound of the arrangements of `counts` on the empty board (see
    /// [`BlockFamily::validate`]), saturating; `None` when the pieces are too many or too
    /// large to fit at all.
    fn arrangement_bound(&self, counts: &[usize]) -> Option<u128> {
        let pieces: usize = counts.iter().sum();
        let cells: usize = counts
            .iter()
            .zip(&self.shapes)
            .map(|(k, s)| k * s.cells.len())
            .sum();
        if pieces > self.max_pieces || cells > self.rows * self.cols {
            return None;
        }
        let empty = self.rows * self.cols - cells;
        // (n + e)! / (k₁! … e!) as a product of binomials: C(n + e, e) C(n, k₁) C(n - k₁, k₂) …
        let mut bound = binomial(pieces + empty, empty);
        let mut left = pieces;
        for &k in counts {
            bound = bound.saturating_mul(binomial(left, k));
            left -= k;
        }
        Some(bound)
    }

    /// Whether the hardest start `position`, `moves` from the goal, is minimal: taking out any
    /// one piece other than the goal piece, or any one wall, makes it easier (the goal comes
    /// nearer). Taking something out never makes a position harder (every move stays legal),
    /// so each check is one breadth-first search that stops at the goal.
    fn is_minimal(
        &self,
        position: &Puzzle,
        moves: u32,
        phases: &mut Phases<'_>,
    ) -> Result<bool, UnitStop> {
        let goal = goal_token();
        let pieces = position.pieces();
        let walls: Vec<usize> = (0..position.cells.len())
            .filter(|&i| position.cells[i] == Cell::Wall)
            .collect();
        if moves == 0 {
            // Nothing is easier than a solved position: only the goal piece alone is minimal.
            return Ok(pieces.len() == 1 && walls.is_empty());
        }
        for piece in pieces.iter().filter(|p| p.token != goal) {
            let mut smaller = position.clone();
            for &(r, c) in &piece.cells {
                smaller.cells[r * self.cols + c] = Cell::Empty;
            }
            smaller.styles.remove(&piece.token);
            if !self.solved_within(&smaller, moves - 1, phases)? {
                return Ok(false);
            }
        }
        for &wall in &walls {
            let mut opened = position.clone();
            opened.cells[wall] = Cell::Empty;
            if !self.solved_within(&opened, moves - 1, phases)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Whether `puzzle`'s start is at most `depth` moves from its goal.
    fn solved_within(
        &self,
        puzzle: &Puzzle,
        depth: u32,
        phases: &mut Phases<'_>,
    ) -> Result<bool, UnitStop> {
        let domain = BlockDomain::new(puzzle, self.metric).map_err(UnitStop::Refused)?;
        let outcome = phases.run(0, |control| {
            let outcome = bfs(&domain, control);
            let stats = outcome.stats;
            (outcome, stats)
        });
        match outcome.termination {
            Termination::Solved => {
                let length = outcome.path.map_or(usize::MAX, |p| p.len());
                Ok(length <= depth as usize)
            }
            Termination::Unsolvable => Ok(false),
            stop => Err(UnitStop::Stopped(stop)),
        }
    }
}

impl Family for BlockFamily {
    type Unit = BlockUnit;

    fn family_units(&self) -> impl Iterator<Item = BlockUnit> + Send + '_ {
        self.units()
    }

    /// The unit's pieces: each one more multiplies the arrangements to walk.
    fn unit_class(&self, unit: &BlockUnit) -> usize {
        unit.counts.iter().map(|&k| usize::from(k)).sum()
    }

    fn walk_unit(
        &self,
        unit: &BlockUnit,
        index: u64,
        budget: &UnitBudget,
    ) -> Option<(UnitResult, u64)> {
        match self.walk_unit_within(unit, index, &mut budget.control()) {
            Ok(walked) => Some(walked),
            Err(UnitStop::Stopped(_)) => None,
            // The engine refused a layout, which validation rules out: the unit adds nothing.
            Err(UnitStop::Refused(_)) => Some((
                UnitResult {
                    index,
                    records: Vec::new(),
                    clusters: 0,
                    positions: 0,
                    class: 0,
                    nanos: 0,
                },
                0,
            )),
        }
    }
}

/// C(n, k), saturating at `u128::MAX`.
fn binomial(n: usize, k: usize) -> u128 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut value: u128 = 1;
    for i in 0..k {
        // value · (n − i) / (i + 1) is C(n, i + 1), an integer at every step.
        match value.checked_mul((n - i) as u128) {
            Some(v) => value = v / (i as u128 + 1),
            None => return u128::MAX,
        }
    }
    value
}

/// Calls `f` with every set of `count` cells out of `cells`, as bit masks, in lexicographic
/// order of their cells.
fn combinations(cells: usize, count: usize, f: &mut impl FnMut(u64)) {
    fn go(from: usize, cells: usize, left: usize, set: u64, f: &mut impl FnMut(u64)) {
        if left == 0 {
            f(set);
            return;
        }
        for c in from..cells {
            go(c + 1, cells, left - 1, set | 1 << c, f);
        }
    }
    go(0, cells, count, 0, f);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials_and_bounds() {
        assert_eq!(binomial(5, 2), 10);
        assert_eq!(binomial(64, 32), 1_832_624_140_942_590_534);
        assert_eq!(binomial(3, 4), 0);
    }

    #[test]
    fn shapes_are_normalised_and_checked_for_connection() {
        let s = BlockShape::new("l", &[(3, 2), (2, 2), (3, 3)], Axis::Free, 0, 1);
        assert_eq!(s.cells, vec![(0, 0), (1, 0), (1, 1)]);
        assert_eq!(s.size(), (2, 2));
        assert!(connected(&s.cells));
        assert!(!connected(&[(0, 0), (1, 1)]));
    }
}
