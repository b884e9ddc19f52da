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
//! yields the keys sorted, and a unit's positions are found by binary search.

use std::collections::VecDeque;

use super::engine::{ClusterRecord, Family, UnitBudget, UnitResult};

mod minimal;
mod notation;
mod units;

pub use minimal::is_minimal;
pub use notation::{board_string, fogleman_string};

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
        walk_unit(self, unit)
    }
}

/// One vehicle of a unit: its line, axis and length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
#[derive(Clone, Debug, PartialEq, Eq)]
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

/// The occupancy and moves of one unit's vehicles.
struct Geometry {
    walls: u64,
    /// Each vehicle's cells at each offset (offsets past its line's end are never read).
    masks: Vec<[u64; 8]>,
    /// Each vehicle's number of offsets.
    spans: Vec<usize>,
    /// Each vehicle's place in the key.
    shifts: Vec<u32>,
    /// Cells the vehicles after each one in its line need.
    room_after: Vec<usize>,
    /// Whether the next vehicle is in the same line.
    joins_next: Vec<bool>,
    /// Each vehicle's smallest offset in any position of the unit.
    lo: Vec<usize>,
    /// Each vehicle's place value in the dense numbering of offsets (see [`Index`]).
    stride: Vec<usize>,
    /// How many dense numbers there are (saturating).
    dense_size: usize,
    primary: usize,
    goal_offset: usize,
}

impl Geometry {
    fn new(family: &RushHourFamily, unit: &Unit) -> Self {
        let count = unit.vehicles.len();
        let mut masks = Vec::with_capacity(count);
        let mut spans = Vec::with_capacity(count);
        for v in &unit.vehicles {
            let line = if v.horizontal {
                family.cols
            } else {
                family.rows
            };
            let span = line + 1 - usize::from(v.len);
            let mut row = [0; 8];
            for (o, slot) in row.iter_mut().enumerate().take(span) {
                *slot = vehicle_mask(family.cols, *v, o);
            }
            masks.push(row);
            spans.push(span);
        }
        let shifts = (0..count)
            .map(|v| BITS * u32::try_from(count - 1 - v).unwrap_or(0))
            .collect();
        let same_line = |a: &Vehicle, b: &Vehicle| a.line == b.line && a.horizontal == b.horizontal;
        let joins_next: Vec<bool> = (0..count)
            .map(|v| {
                unit.vehicles
                    .get(v + 1)
                    .is_some_and(|w| same_line(&unit.vehicles[v], w))
            })
            .collect();
        let mut room_after = vec![0; count];
        for v in (0..count.saturating_sub(1)).rev() {
            if joins_next[v] {
                room_after[v] = room_after[v + 1] + usize::from(unit.vehicles[v + 1].len);
            }
        }
        let primary = unit.vehicles.iter().position(|v| v.primary).unwrap_or(0);
        // The offsets a vehicle can take: after the vehicles before it in its line (and, for
        // the primary car, right of the walls in its row), before room for those after it.
        let mut lo = vec![0; count];
        for v in 1..count {
            if joins_next[v - 1] {
                lo[v] = lo[v - 1] + usize::from(unit.vehicles[v - 1].len);
            }
        }
        if let Some(lo) = lo.get_mut(primary) {
            *lo = (*lo).max(primary_min(family, unit.walls));
        }
        let mut stride = vec![0; count];
        let mut dense_size = 1usize;
        for v in (0..count).rev() {
            stride[v] = dense_size;
            let hi = spans[v] - 1 - room_after[v].min(spans[v] - 1);
            dense_size = dense_size.saturating_mul(hi.saturating_sub(lo[v]) + 1);
        }
        Geometry {
            walls: unit.walls,
            masks,
            spans,
            shifts,
            room_after,
            joins_next,
            lo,
            stride,
            dense_size,
            primary,
            goal_offset: family.cols - 2,
        }
    }

    fn shift(&self, v: usize) -> u32 {
        self.shifts[v]
    }

    fn offset(&self, key: u64, v: usize) -> usize {
        ((key >> self.shifts[v]) & ((1 << BITS) - 1)) as usize
    }

    fn occupancy(&self, key: u64) -> u64 {
        let mut occ = self.walls;
        for (masks, &shift) in self.masks.iter().zip(&self.shifts) {
            occ |= masks[((key >> shift) & ((1 << BITS) - 1)) as usize];
        }
        occ
    }

    fn is_goal(&self, key: u64) -> bool {
        self.offset(key, self.primary) == self.goal_offset
    }

    /// Calls `f` with every position one move away (a vehicle slid any distance): its key,
    /// the vehicle, and how far it moved (negative: left or up).
    fn neighbours(&self, key: u64, mut f: impl FnMut(u64, usize, isize)) {
        let occ = self.occupancy(key);
        for (v, (masks, (&shift, &span))) in self
            .masks
            .iter()
            .zip(self.shifts.iter().zip(&self.spans))
            .enumerate()
        {
            let at = ((key >> shift) & ((1 << BITS) - 1)) as usize;
            let rest = occ & !masks[at];
            let base = key & !(((1 << BITS) - 1) << shift);
            for o in (0..at).rev() {
                if masks[o] & rest != 0 {
                    break;
                }
                f(base | ((o as u64) << shift), v, o as isize - at as isize);
            }
            for (o, mask) in masks.iter().enumerate().take(span).skip(at + 1) {
                if mask & rest != 0 {
                    break;
                }
                f(base | ((o as u64) << shift), v, o as isize - at as isize);
            }
        }
    }

    /// The cells (walls included) each position of the unit covers, in the order of their
    /// keys.
    fn occupancies(&self, vehicles: &[Vehicle]) -> Vec<u64> {
        let mut found = Found {
            keys: Vec::new(),
            numbers: Vec::new(),
            occupancies: Some(Vec::new()),
        };
        self.place_by_lines(vehicles, &mut found);
        found.occupancies.unwrap_or_default()
    }

    /// Every position of the unit into `found`, in the order of their keys: each line's
    /// placements first (its vehicles never leave it), then their combinations line by line,
    /// where only the cells shared by a row and a column can clash.
    fn place_by_lines(&self, vehicles: &[Vehicle], found: &mut Found) {
        let mut lines: Vec<Found> = Vec::new();
        let mut start = 0;
        while start < vehicles.len() {
            let mut end = start + 1;
            while end < vehicles.len() && self.joins_next[end - 1] {
                end += 1;
            }
            let mut line = Found {
                keys: Vec::new(),
                numbers: Vec::new(),
                occupancies: Some(Vec::new()),
            };
            self.place(vehicles, start, end, 0, 0, self.walls, 0, &mut line);
            if line.keys.is_empty() {
                return;
            }
            lines.push(line);
            start = end;
        }
        self.combine(&lines, 0, 0, 0, self.walls, found);
    }

    /// Adds line `level`'s placements, and the lines after it, to a partial position.
    fn combine(
        &self,
        lines: &[Found],
        level: usize,
        key: u64,
        number: usize,
        occ: u64,
        found: &mut Found,
    ) {
        let Some(line) = lines.get(level) else {
            found.keys.push(key);
            found.numbers.push(number);
            if let Some(occupancies) = &mut found.occupancies {
                occupancies.push(occ);
            }
            return;
        };
        let cells = line.occupancies.as_deref().unwrap_or_default();
        for ((&k, &n), &c) in line.keys.iter().zip(&line.numbers).zip(cells) {
            // Each line's cells were placed among the walls; only other lines can clash.
            let mask = c & !self.walls;
            if mask & occ == 0 {
                self.combine(lines, level + 1, key | k, number + n, occ | mask, found);
            }
        }
    }

    /// Places vehicle `v` and the ones after it, every way they fit.
    #[expect(
        clippy::too_many_arguments,
        reason = "the state of one recursive placement"
    )]
    fn place(
        &self,
        vehicles: &[Vehicle],
        v: usize,
        end: usize,
        key: u64,
        number: usize,
        occ: u64,
        line_start: usize,
        found: &mut Found,
    ) {
        if v == end {
            found.keys.push(key);
            found.numbers.push(number);
            if let Some(occupancies) = &mut found.occupancies {
                occupancies.push(occ);
            }
            return;
        }
        let masks = &self.masks[v];
        let span = self.spans[v];
        let last = span - 1 - self.room_after[v].min(span - 1);
        let first = line_start.max(self.lo[v]);
        let shift = self.shift(v);
        for (o, &mask) in masks.iter().enumerate().take(last + 1).skip(first) {
            if mask & occ != 0 {
                continue;
            }
            let next_start = if self.joins_next[v] {
                o + usize::from(vehicles[v].len)
            } else {
                0
            };
            self.place(
                vehicles,
                v + 1,
                end,
                key | ((o as u64) << shift),
                number + (o - self.lo[v]) * self.stride[v],
                occ | mask,
                next_start,
                found,
            );
        }
    }
}

/// What a placement found: keys and dense numbers (and cells, when asked for).
struct Found {
    keys: Vec<u64>,
    numbers: Vec<usize>,
    /// The cells each position covers, walls included, when asked for.
    occupancies: Option<Vec<u64>>,
}

/// A vehicle's cells at `offset` along its line.
fn vehicle_mask(cols: usize, v: Vehicle, offset: usize) -> u64 {
    let line = usize::from(v.line);
    (0..usize::from(v.len)).fold(0, |mask, k| {
        let cell = if v.horizontal {
            line * cols + offset + k
        } else {
            (offset + k) * cols + line
        };
        mask | 1 << cell
    })
}

/// The smallest offset of the primary car: right of every wall in its row when the primary
/// row must be clear (a car cannot pass a wall, so this holds in the whole cluster).
fn primary_min(family: &RushHourFamily, walls: u64) -> usize {
    if !family.rules.primary_row_clear {
        return 0;
    }
    (0..family.cols)
        .filter(|c| walls >> (family.primary_row * family.cols + c) & 1 == 1)
        .map(|c| c + 1)
        .max()
        .unwrap_or(0)
}

/// The largest dense table, in entries (64 MiB).
const DENSE_ENTRIES: usize = 1 << 24;

/// A walk's buffers, kept from one unit to the next by each thread: most units are small,
/// and allocating and clearing them for each would cost more than the walk.
#[derive(Default)]
struct Scratch {
    /// The unit's positions, sorted.
    keys: Vec<u64>,
    /// Each position's dense number (its offsets in the mixed radix of [`Geometry::stride`]).
    numbers: Vec<usize>,
    /// Dense number to position. Never cleared: an entry is current when the position it
    /// names has that number, so old units' entries read as absent.
    table: Vec<u32>,
    cluster_of: Vec<u32>,
    distance: Vec<u32>,
    /// The move graph, kept from the first search for the second: each position's
    /// neighbours are `edges[first_edge[i]..first_edge[i] + degree[i]]`.
    first_edge: Vec<u32>,
    degree: Vec<u8>,
    edges: Vec<u32>,
    members: Vec<usize>,
    queue: VecDeque<usize>,
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Scratch> = std::cell::RefCell::new(Scratch::default());
}

impl Scratch {
    /// The position `delta` offsets away along vehicle `v` from the one numbered `number`,
    /// whose key is `key`: through the dense table when the unit has one, else by binary
    /// search.
    fn find(
        &self,
        geometry: &Geometry,
        dense: bool,
        number: usize,
        v: usize,
        delta: isize,
        key: u64,
    ) -> Option<usize> {
        if dense {
            let n = number.checked_add_signed(delta * geometry.stride[v] as isize)?;
            let i = *self.table.get(n)? as usize;
            (self.numbers.get(i) == Some(&n)).then_some(i)
        } else {
            self.keys.binary_search(&key).ok()
        }
    }
}

fn walk_unit(family: &RushHourFamily, unit: &Unit) -> UnitWalk {
    SCRATCH.with(|scratch| match scratch.try_borrow_mut() {
        Ok(mut scratch) => walk_with(family, unit, &mut scratch),
        // Only a walk inside a walk would find it taken; it gets buffers of its own.
        Err(_) => walk_with(family, unit, &mut Scratch::default()),
    })
}

/// The cluster just walked (`s.members`, its moves in `s.edges`), with its distances from
/// every goal position at once, breadth first.
fn distances(geometry: &Geometry, s: &mut Scratch) -> Cluster {
    for &i in &s.members {
        if geometry.is_goal(s.keys[i]) {
            s.distance[i] = 0;
            s.queue.push_back(i);
        }
    }
    let mut histogram: Vec<u64> = Vec::new();
    let mut hardest = None;
    while let Some(i) = s.queue.pop_front() {
        let d = s.distance[i];
        let slot = d as usize;
        let key = s.keys[i];
        if histogram.len() <= slot {
            histogram.resize(slot + 1, 0);
            hardest = Some(key);
        }
        histogram[slot] += 1;
        if slot + 1 == histogram.len() && hardest.is_some_and(|h| key < h) {
            hardest = Some(key);
        }
        let from = s.first_edge[i] as usize;
        for k in from..from + usize::from(s.degree[i]) {
            let j = s.edges[k] as usize;
            if s.distance[j] == u32::MAX {
                s.distance[j] = d + 1;
                s.queue.push_back(j);
            }
        }
    }
    Cluster {
        states: s.members.len() as u64,
        histogram,
        hardest,
    }
}

fn walk_with(family: &RushHourFamily, unit: &Unit, s: &mut Scratch) -> UnitWalk {
    let geometry = Geometry::new(family, unit);
    let mut found = Found {
        keys: std::mem::take(&mut s.keys),
        numbers: std::mem::take(&mut s.numbers),
        occupancies: None,
    };
    found.keys.clear();
    found.numbers.clear();
    geometry.place_by_lines(&unit.vehicles, &mut found);
    s.keys = found.keys;
    s.numbers = found.numbers;
    let n = s.keys.len();
    let dense = geometry.dense_size <= DENSE_ENTRIES;
    if dense {
        if s.table.len() < geometry.dense_size {
            s.table.resize(geometry.dense_size, u32::MAX);
        }
        for (i, &number) in s.numbers.iter().enumerate() {
            s.table[number] = u32::try_from(i).unwrap_or(u32::MAX);
        }
    }
    for buffer in [&mut s.cluster_of, &mut s.distance, &mut s.first_edge] {
        buffer.clear();
        buffer.resize(n, u32::MAX);
    }
    s.degree.clear();
    s.degree.resize(n, 0);
    let mut clusters = Vec::new();
    for start in 0..n {
        if s.cluster_of[start] != u32::MAX {
            continue;
        }
        let id = u32::try_from(clusters.len()).unwrap_or(u32::MAX);
        s.members.clear();
        s.edges.clear();
        s.cluster_of[start] = id;
        s.queue.push_back(start);
        let mut goals = 0;
        while let Some(i) = s.queue.pop_front() {
            s.members.push(i);
            let key = s.keys[i];
            goals += usize::from(geometry.is_goal(key));
            let number = s.numbers[i];
            s.first_edge[i] = u32::try_from(s.edges.len()).unwrap_or(u32::MAX);
            let before = s.edges.len();
            let mut found = std::mem::take(&mut s.edges);
            geometry.neighbours(key, |next, v, delta| {
                if let Some(j) = s.find(&geometry, dense, number, v, delta, next) {
                    found.push(u32::try_from(j).unwrap_or(u32::MAX));
                }
            });
            for &j in &found[before..] {
                let j = j as usize;
                if s.cluster_of[j] == u32::MAX {
                    s.cluster_of[j] = id;
                    s.queue.push_back(j);
                }
            }
            s.degree[i] = u8::try_from(found.len() - before).unwrap_or(u8::MAX);
            s.edges = found;
        }
        if goals == 0 {
            clusters.push(Cluster {
                states: s.members.len() as u64,
                histogram: Vec::new(),
                hardest: None,
            });
            continue;
        }
        clusters.push(distances(&geometry, s));
    }
    let table_bytes = if dense { geometry.dense_size * 4 } else { 0 };
    let memory_bytes =
        (n * (8 + 8 + 4 + 4 + 4 + 1 + 8) + s.edges.capacity() * 4 + table_bytes) as u64;
    UnitWalk {
        clusters,
        memory_bytes,
    }
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
                minimal: is_minimal(self, unit, key, moves),
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
