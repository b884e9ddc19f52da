//! The cells and moves of one unit's vehicles, and the placement of its positions in the
//! order of their keys.

use super::{BITS, RushHourFamily, Unit, Vehicle};

/// The most vehicles a unit holds: one per two cells of a board of at most 42 cells, which is
/// also what fits 64-bit keys at [`BITS`] bits a vehicle.
pub(super) const MAX_VEHICLES: usize = 21;

/// The occupancy and moves of one unit's vehicles. Fixed-size: a family walks millions of
/// units of a few dozen positions each, and allocating per unit would cost more than many
/// walks.
pub(super) struct Geometry {
    pub(super) walls: u64,
    /// Vehicles (at most [`MAX_VEHICLES`]; a unit with more is cut there).
    pub(super) count: usize,
    /// A bit for each vehicle.
    pub(super) all: u32,
    /// Each vehicle's cells at each offset (offsets past its line's end are never read).
    pub(super) masks: [[u64; 8]; MAX_VEHICLES],
    /// Each vehicle's number of offsets.
    spans: [usize; MAX_VEHICLES],
    /// Each vehicle's place in the key.
    shifts: [u32; MAX_VEHICLES],
    /// Cells the vehicles after each one in its line need.
    room_after: [usize; MAX_VEHICLES],
    /// Whether the next vehicle is in the same line.
    joins_next: [bool; MAX_VEHICLES],
    /// Each vehicle's smallest offset in any position of the unit.
    lo: [usize; MAX_VEHICLES],
    /// Each vehicle's length.
    lens: [usize; MAX_VEHICLES],
    /// Whether each vehicle lies along a row.
    horizontal: [bool; MAX_VEHICLES],
    pub(super) primary: usize,
    goal_offset: usize,
}

impl Geometry {
    pub(super) fn new(family: &RushHourFamily, unit: &Unit) -> Self {
        let vehicles = &unit.vehicles[..unit.vehicles.len().min(MAX_VEHICLES)];
        let count = vehicles.len();
        let mut g = Geometry {
            walls: unit.walls,
            count,
            all: ((1u64 << count) - 1) as u32,
            masks: [[0; 8]; MAX_VEHICLES],
            spans: [0; MAX_VEHICLES],
            shifts: [0; MAX_VEHICLES],
            room_after: [0; MAX_VEHICLES],
            joins_next: [false; MAX_VEHICLES],
            lo: [0; MAX_VEHICLES],
            lens: [0; MAX_VEHICLES],
            horizontal: [false; MAX_VEHICLES],
            primary: vehicles.iter().position(|v| v.primary).unwrap_or(0),
            goal_offset: family.cols - 2,
        };
        for (i, v) in vehicles.iter().enumerate() {
            let line = if v.horizontal {
                family.cols
            } else {
                family.rows
            };
            let span = (line + 1).saturating_sub(usize::from(v.len)).min(8);
            for o in 0..span {
                g.masks[i][o] = vehicle_mask(family.cols, *v, o);
            }
            g.spans[i] = span;
            g.lens[i] = usize::from(v.len);
            g.horizontal[i] = v.horizontal;
            g.shifts[i] = BITS * u32::try_from(count - 1 - i).unwrap_or(0);
            g.joins_next[i] = vehicles
                .get(i + 1)
                .is_some_and(|w| w.line == v.line && w.horizontal == v.horizontal);
        }
        for i in (0..count.saturating_sub(1)).rev() {
            if g.joins_next[i] {
                g.room_after[i] = g.room_after[i + 1] + g.lens[i + 1];
            }
        }
        // The offsets a vehicle can take: after the vehicles before it in its line (and, for
        // the primary car, right of the walls in its row), before room for those after it.
        for i in 1..count {
            if g.joins_next[i - 1] {
                g.lo[i] = g.lo[i - 1] + g.lens[i - 1];
            }
        }
        if count > 0 {
            g.lo[g.primary] = g.lo[g.primary].max(primary_min(family, unit.walls));
        }
        g
    }

    pub(super) fn shift(&self, v: usize) -> u32 {
        self.shifts[v]
    }

    pub(super) fn offset(&self, key: u64, v: usize) -> usize {
        ((key >> self.shifts[v]) & ((1 << BITS) - 1)) as usize
    }

    pub(super) fn occupancy(&self, key: u64) -> u64 {
        let mut occ = self.walls;
        for v in 0..self.count {
            occ |= self.masks[v][self.offset(key, v)];
        }
        occ
    }

    pub(super) fn is_goal(&self, key: u64) -> bool {
        self.offset(key, self.primary) == self.goal_offset
    }

    /// Calls `f` with every position one move away (a vehicle slid any distance) from `key`,
    /// whose cells (walls included) are `occ`, and the vehicle moved; vehicles whose bit is
    /// set in `skip` are left out.
    #[inline]
    pub(super) fn slides(&self, key: u64, occ: u64, skip: u32, mut f: impl FnMut(usize, u64)) {
        let mut todo = self.all & !skip;
        while todo != 0 {
            let v = todo.trailing_zeros() as usize;
            todo &= todo - 1;
            let masks = &self.masks[v];
            let shift = self.shifts[v];
            let at = self.offset(key, v);
            let rest = occ & !masks[at];
            let base = key & !(((1 << BITS) - 1) << shift);
            let mut o = at;
            while o > 0 && masks[o - 1] & rest == 0 {
                o -= 1;
                f(v, base | ((o as u64) << shift));
            }
            let mut o = at + 1;
            while o < self.spans[v] && masks[o] & rest == 0 {
                f(v, base | ((o as u64) << shift));
                o += 1;
            }
        }
    }

    /// Calls `f` with every position one move away from `key`.
    pub(super) fn neighbours(&self, key: u64, mut f: impl FnMut(u64)) {
        self.slides(key, self.occupancy(key), 0, |_, next| f(next));
    }

    /// The cells (walls included) each position of the unit covers, in the order of their
    /// keys.
    pub(super) fn occupancies(&self) -> Vec<u64> {
        let mut placed = Placed::default();
        self.place_by_lines(&mut placed, usize::MAX);
        placed.occupancies
    }

    /// Every position of the unit into `placed` (cleared first), in the order of their keys:
    /// each line's placements first (its vehicles never leave it), then their combinations.
    /// Rows cannot clash with rows, nor columns with columns (the unit lists its rows' vehicles
    /// before its columns'): each row placement rules out, once, the placements of each column
    /// it crosses, so the rows are combined with a set of what still fits each column, cut as
    /// soon as one is empty, and every choice of one placement per column is a position.
    ///
    /// Stops after `limit` positions (a design search's bound on what one candidate may cost):
    /// `placed.keys` then holds more than `limit` keys, and only some of the unit's.
    pub(super) fn place_by_lines(&self, placed: &mut Placed, limit: usize) {
        placed.keys.clear();
        placed.occupancies.clear();
        placed.lines.clear();
        placed.fits.clear();
        let mut rows = 0;
        let mut start = 0;
        while start < self.count {
            let mut end = start + 1;
            while end < self.count && self.joins_next[end - 1] {
                end += 1;
            }
            let before = placed.lines.keys.len();
            self.place(start, end, 0, self.walls, 0, &mut placed.lines);
            if placed.lines.keys.len() == before {
                return;
            }
            placed.lines.ends.push(placed.lines.keys.len());
            if self.horizontal[start] {
                rows = placed.lines.ends.len();
            }
            start = end;
        }
        let columns = placed.lines.ends.len() - rows;
        if columns > MAX_COLUMNS {
            return;
        }
        let lines = &placed.lines;
        let first_column = if rows == 0 { 0 } else { lines.ends[rows - 1] };
        // For each row placement, each column's placements it leaves free, as bits.
        placed.fits.clear();
        for &row_cells in &lines.cells[..first_column] {
            for column in rows..lines.ends.len() {
                let (_, cells) = lines.line(column);
                let free = cells
                    .iter()
                    .enumerate()
                    .filter(|&(_, &c)| c & row_cells & !self.walls == 0)
                    .fold(0u64, |set, (k, _)| set | 1 << k);
                placed.fits.push(free);
            }
        }
        let mut all = [0u64; MAX_COLUMNS];
        for (column, set) in all.iter_mut().enumerate().take(columns) {
            let (keys, _) = lines.line(rows + column);
            *set = u64::MAX >> (64 - keys.len());
        }
        let mut combine = Combine {
            lines,
            rows,
            columns,
            fits: &placed.fits,
            walls: self.walls,
            limit,
            keys: &mut placed.keys,
            occupancies: &mut placed.occupancies,
        };
        combine.rows(0, 0, self.walls, all);
    }

    /// Places vehicle `v` and the ones after it up to `end` (one line), every way they fit,
    /// into the line buffers of `placed`.
    fn place(
        &self,
        v: usize,
        end: usize,
        key: u64,
        occ: u64,
        from: usize,
        lines: &mut LinePlacements,
    ) {
        if v == end {
            lines.keys.push(key);
            lines.cells.push(occ);
            return;
        }
        let span = self.spans[v];
        if span == 0 {
            return;
        }
        let last = span - 1 - self.room_after[v].min(span - 1);
        let first = from.max(self.lo[v]);
        for o in first..=last {
            let mask = self.masks[v][o];
            if mask & occ != 0 {
                continue;
            }
            let next_from = if self.joins_next[v] {
                o + self.lens[v]
            } else {
                0
            };
            let key = key | ((o as u64) << self.shifts[v]);
            self.place(v + 1, end, key, occ | mask, next_from, lines);
        }
    }
}

/// The most lines of vertical vehicles a unit holds: one per column.
const MAX_COLUMNS: usize = 8;

/// A unit's positions, and the buffers their placement needs; kept from one unit to the next.
#[derive(Default)]
pub(super) struct Placed {
    /// The positions' keys, in increasing order.
    pub(super) keys: Vec<u64>,
    /// The cells each position covers, walls included.
    pub(super) occupancies: Vec<u64>,
    /// Every line's placements.
    lines: LinePlacements,
    /// For each row placement, for each column, the column's placements it leaves free.
    fits: Vec<u64>,
}

/// Placements of lines, one line after the other: their keys and cells, and where each
/// line's end. A line has at most 64 placements (a line of 8 cells has at most 15).
#[derive(Default)]
struct LinePlacements {
    keys: Vec<u64>,
    cells: Vec<u64>,
    ends: Vec<usize>,
}

impl Placed {
    /// Bytes the buffers hold.
    pub(super) fn bytes(&self) -> usize {
        (self.keys.capacity()
            + self.occupancies.capacity()
            + self.lines.keys.capacity()
            + self.lines.cells.capacity()
            + self.fits.capacity())
            * 8
            + self.lines.ends.capacity() * std::mem::size_of::<usize>()
    }
}

impl LinePlacements {
    fn clear(&mut self) {
        self.keys.clear();
        self.cells.clear();
        self.ends.clear();
    }

    fn start(&self, line: usize) -> usize {
        if line == 0 { 0 } else { self.ends[line - 1] }
    }

    /// Line `line`'s placements: keys and cells.
    fn line(&self, line: usize) -> (&[u64], &[u64]) {
        let (start, end) = (self.start(line), self.ends[line]);
        (&self.keys[start..end], &self.cells[start..end])
    }
}

/// The combination of a unit's line placements into positions.
struct Combine<'a> {
    lines: &'a LinePlacements,
    /// How many of the lines are rows (they come first), and how many columns follow.
    rows: usize,
    columns: usize,
    fits: &'a [u64],
    walls: u64,
    /// Positions past which the combination stops.
    limit: usize,
    keys: &'a mut Vec<u64>,
    occupancies: &'a mut Vec<u64>,
}

impl Combine<'_> {
    /// Adds row `level`'s placements, and the lines after it, to a partial position whose
    /// columns can still take the placements in `free`.
    fn rows(&mut self, level: usize, key: u64, occ: u64, free: [u64; MAX_COLUMNS]) {
        if level == self.rows {
            self.columns(0, key, occ, &free);
            return;
        }
        if self.keys.len() > self.limit {
            return;
        }
        let start = self.lines.start(level);
        for p in start..self.lines.ends[level] {
            let (k, c) = (self.lines.keys[p], self.lines.cells[p]);
            // Lines are placed among the walls; rows clash only with a vertical line listed
            // among them, which the family's units never have.
            if c & occ & !self.walls != 0 {
                continue;
            }
            let fits = &self.fits[p * self.columns..(p + 1) * self.columns];
            let mut left = free;
            let mut empty = false;
            for (set, &fit) in left.iter_mut().zip(fits) {
                *set &= fit;
                empty |= *set == 0;
            }
            if !empty {
                self.rows(level + 1, key | k, occ | c, left);
            }
        }
    }

    /// Adds column `level`'s placements left in `free`, and the columns after it.
    fn columns(&mut self, level: usize, key: u64, occ: u64, free: &[u64; MAX_COLUMNS]) {
        if level == self.columns {
            self.keys.push(key);
            self.occupancies.push(occ);
            return;
        }
        if self.keys.len() > self.limit {
            return;
        }
        let start = self.lines.start(self.rows + level);
        let mut set = free[level];
        while set != 0 {
            let p = start + set.trailing_zeros() as usize;
            set &= set - 1;
            let (k, c) = (self.lines.keys[p], self.lines.cells[p]);
            self.columns(level + 1, key | k, occ | c, free);
        }
    }
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
