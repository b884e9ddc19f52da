//! Rush Hour families: every layout a rule set allows on a small board, split into units that
//! no move can leave, each unit walked whole.
//!
//! A move slides one vehicle along its line, so what moves cannot change is: the walls, and in
//! every row the horizontal vehicles' lengths in their order from left to right, in every
//! column the vertical ones' from top to bottom (vehicles in one line cannot pass each other).
//! That is a [`Unit`]. Its positions are every placement of those vehicles without overlap; its
//! clusters are the connected parts of the move graph over them. Units are visited in a fixed
//! order (see [`RushHourFamily::units`]) and each is walked on its own, so memory is bounded
//! by the largest unit and the work spreads over threads unit by unit.
//!
//! Positions are keys: each vehicle's offset along its line in three bits, the first vehicle
//! in the highest bits. Enumerating offsets vehicle by vehicle in increasing order therefore
//! yields the keys sorted; a unit's positions are found through a hash table over them, and
//! its clusters and distances in one sweep from its goal positions (see `walk`).

use super::engine::{ClusterRecord, Family, UnitBudget, UnitResult};

mod geometry;
mod layout;
mod minimal;
mod notation;
mod units;
mod walk;

pub use layout::Layout;
pub use minimal::is_minimal;
pub use notation::{board_string, fogleman_string};

use geometry::Geometry;
use units::UnitIter;
#[cfg(test)]
use units::combinations;
#[cfg(feature = "testing")]
pub use units::line_choices;

/// The rules of a Rush Hour family, each one of Fogleman's conventions, on by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RushHourRules {
    /// The primary car's row holds no other vehicle, and no wall to the right of the car
    /// (the exit is reachable in principle).
    pub primary_row_clear: bool,
    /// No row is covered completely by horizontal vehicles and walls (such a row never moves
    /// and only cuts the board in two).
    pub no_full_rows: bool,
    /// No column is covered completely by vertical vehicles.
    pub no_full_columns: bool,
}

impl Default for RushHourRules {
    fn default() -> Self {
        RushHourRules {
            primary_row_clear: true,
            no_full_rows: true,
            no_full_columns: true,
        }
    }
}

/// A Rush Hour family: the board, the primary car's row, the walls allowed, the rules.
///
/// The primary car is a horizontal 1x2 car; the goal is that car at the right edge of its row.
/// The other vehicles are 1x2 cars and 1x3 trucks, each locked to its long axis; walls are
/// single fixed cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RushHourFamily {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// The primary car's row, from 0 at the top.
    pub primary_row: usize,
    /// The most walls a layout has.
    pub max_walls: usize,
    /// Which of Fogleman's rules apply.
    pub rules: RushHourRules,
}

/// Why a family cannot be enumerated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FamilyError {
    /// A board outside what the engine holds.
    #[error(
        "a Rush Hour family's board is 3 to 8 cells a side and at most 42 cells in all; \
         {rows}x{cols} is not"
    )]
    Board {
        /// Rows asked for.
        rows: usize,
        /// Columns asked for.
        cols: usize,
    },
    /// The primary row is off the board.
    #[error("the primary car's row {row} is not on a board of {rows} rows (rows count from 1)")]
    PrimaryRow {
        /// 1-based row asked for.
        row: usize,
        /// Rows of the board.
        rows: usize,
    },
    /// Too many walls.
    #[error("at most {max} walls; {asked} asked for")]
    Walls {
        /// Walls asked for.
        asked: usize,
        /// The most the engine enumerates.
        max: usize,
    },
}

/// The primary car's row when none is named, from 0 at the top: the third, Fogleman's.
pub const DEFAULT_PRIMARY_ROW: usize = 2;

/// The most walls a family may have: the number of wall sets grows as cells^walls.
pub const MAX_WALLS: usize = 4;

/// Bits per vehicle in a position key: offsets up to 7.
const BITS: u32 = 3;

impl RushHourFamily {
    /// Fogleman's family on a `rows` x `cols` board: the primary car on the third row from
    /// the top, up to `max_walls` walls, his rules.
    ///
    /// # Errors
    /// A [`FamilyError`] for a board or wall count the engine does not hold.
    pub fn new(rows: usize, cols: usize, max_walls: usize) -> Result<Self, FamilyError> {
        let family = RushHourFamily {
            rows,
            cols,
            primary_row: DEFAULT_PRIMARY_ROW,
            max_walls,
            rules: RushHourRules::default(),
        };
        family.validate()?;
        Ok(family)
    }

    /// Checks the board, primary row and walls.
    ///
    /// # Errors
    /// The first [`FamilyError`] found.
    pub fn validate(&self) -> Result<(), FamilyError> {
        let side = 3..=8;
        // At most 21 vehicles (one per two cells) fit the 64-bit keys.
        if !side.contains(&self.rows) || !side.contains(&self.cols) || self.rows * self.cols > 42 {
            return Err(FamilyError::Board {
                rows: self.rows,
                cols: self.cols,
            });
        }
        if self.primary_row >= self.rows {
            return Err(FamilyError::PrimaryRow {
                row: self.primary_row + 1,
                rows: self.rows,
            });
        }
        if self.max_walls > MAX_WALLS {
            return Err(FamilyError::Walls {
                asked: self.max_walls,
                max: MAX_WALLS,
            });
        }
        Ok(())
    }

    /// Every unit of the family that holds at least one position, in the family's order:
    /// walls first (fewer walls first, then by their cells in reading order), then each row's
    /// vehicles from the top row down, then each column's from the left; a line's choices in
    /// the order of `line_choices` (fewer cells first).
    pub fn units(&self) -> impl Iterator<Item = Unit> + '_ {
        UnitIter::new(self)
    }

    /// The walk of one unit: its clusters, in the order of their first position's key.
    pub fn walk(&self, unit: &Unit) -> UnitWalk {
        // No unit has more than `usize::MAX` positions: the walk is never refused.
        walk::walk_unit(self, unit, usize::MAX, walk::Reach::Whole).unwrap_or_else(|| UnitWalk {
            clusters: Vec::new(),
            memory_bytes: 0,
        })
    }

    /// The clusters of one unit that hold a goal (without `shortened_without`), when it has
    /// at most `limit` positions; `None` (not walked) when it has more.
    pub fn walk_goal_clusters(&self, unit: &Unit, limit: usize) -> Option<UnitWalk> {
        walk::walk_unit(self, unit, limit, walk::Reach::GoalClusters)
    }
}

/// One vehicle of a unit: its line, axis and length.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Vehicle {
    /// Its row (horizontal) or column (vertical).
    pub line: u8,
    /// Whether it lies along a row.
    pub horizontal: bool,
    /// 2 or 3.
    pub len: u8,
    /// Whether it is the primary car.
    pub primary: bool,
}

/// What moves cannot change: the walls and every line's vehicles in order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Unit {
    /// The walls, one bit per cell in reading order.
    pub walls: u64,
    /// The vehicles: rows from the top, then columns from the left; along a line in order.
    pub vehicles: Vec<Vehicle>,
}

/// One cluster of a unit: positions reachable from each other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cluster {
    /// Its positions.
    pub states: u64,
    /// Positions at distance 0, 1, 2, … from the nearest goal position; empty when no goal
    /// position is in the cluster.
    pub histogram: Vec<u64>,
    /// The hardest start's key (see [`board_string`]): of the positions farthest from the
    /// goal, the one with the smallest key (vehicles compared in the unit's order, each by its
    /// offset from the left or top). `None` when the cluster has no goal.
    pub hardest: Option<u64>,
    /// Vehicles (bits in the unit's order) that some shortest solution from the hardest
    /// start moves: taking any of them out makes that start easier. The primary car is left
    /// out.
    pub shortened_without: u32,
}

impl Cluster {
    /// The hardest start's distance to the goal, when it has one.
    pub fn moves(&self) -> Option<u32> {
        (!self.histogram.is_empty())
            .then(|| u32::try_from(self.histogram.len() - 1).unwrap_or(u32::MAX))
    }
}

/// A walked unit: its clusters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitWalk {
    /// Every cluster, in the order of its smallest key.
    pub clusters: Vec<Cluster>,
    /// Bytes the walk held at its peak.
    pub memory_bytes: u64,
}

impl Family for RushHourFamily {
    type Unit = Unit;

    fn family_units(&self) -> impl Iterator<Item = Unit> + Send + '_ {
        self.units()
    }

    /// The unit's vehicles: each one more multiplies the positions to walk.
    fn unit_class(&self, unit: &Unit) -> usize {
        unit.vehicles.len()
    }

    /// Runs every unit to its end, whatever the budget: a Rush Hour unit is walked in
    /// milliseconds (at most a few million positions on the largest boards).
    fn walk_unit(
        &self,
        unit: &Unit,
        index: u64,
        _budget: &UnitBudget,
    ) -> Option<(UnitResult, u64)> {
        let walk = self.walk(unit);
        let mut records = Vec::new();
        let mut positions = 0;
        for cluster in &walk.clusters {
            positions += cluster.states;
            let (Some(moves), Some(key)) = (cluster.moves(), cluster.hardest) else {
                continue;
            };
            records.push(ClusterRecord {
                moves,
                board: board_string(self, unit, key),
                states: cluster.states,
                histogram: cluster.histogram.clone(),
                minimal: is_minimal(self, unit, key, moves, cluster.shortened_without),
                pieces: unit.vehicles.len(),
                walls: unit.walls.count_ones() as usize,
            });
        }
        let result = UnitResult {
            index,
            records,
            clusters: walk.clusters.len() as u64,
            positions,
            // Filled in by the engine's `walk_unit`, which times the walk.
            class: 0,
            nanos: 0,
        };
        Some((result, walk.memory_bytes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_choices_fill_a_line_in_order() {
        assert_eq!(
            line_choices(5),
            vec![vec![], vec![2], vec![3], vec![2, 2], vec![2, 3], vec![3, 2]]
        );
        assert_eq!(line_choices(1), vec![Vec::<u8>::new()]);
    }

    #[test]
    fn combinations_are_in_order() {
        let mut sets = Vec::new();
        combinations(4, 2, &mut |s| sets.push(s));
        assert_eq!(sets, vec![0b0011, 0b0101, 0b1001, 0b0110, 0b1010, 0b1100]);
    }
}
