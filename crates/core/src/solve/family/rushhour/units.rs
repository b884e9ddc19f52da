//! The units of a Rush Hour family, in the family's order: wall sets, then each row's
//! vehicles (an odometer over the rows' choices), then the columns' choices that fit.

use super::{Geometry, RushHourFamily, Unit, Vehicle};

/// The vehicles a line may hold, in order along it: sequences of cars (2) and trucks (3)
/// taking at most `room` cells, fewer cells first, then in lexicographic order.
pub fn line_choices(room: usize) -> Vec<Vec<u8>> {
    let mut all = Vec::new();
    let mut stack = vec![Vec::new()];
    while let Some(seq) = stack.pop() {
        let used: usize = seq.iter().map(|&l| usize::from(l)).sum();
        for len in [2u8, 3] {
            if used + usize::from(len) <= room {
                let mut next = seq.clone();
                next.push(len);
                stack.push(next);
            }
        }
        all.push(seq);
    }
    all.sort_by_key(|seq| {
        (
            seq.iter().map(|&l| usize::from(l)).sum::<usize>(),
            seq.clone(),
        )
    });
    all
}

/// The units of a family, in order (see [`RushHourFamily::units`]).
pub(super) struct UnitIter<'a> {
    family: &'a RushHourFamily,
    /// The vehicles a column may hold, in order ([`line_choices`]).
    column_choices: Vec<Vec<u8>>,
    /// For each column, for each of `column_choices`, the cells of each placement.
    column_placements: Vec<Vec<Vec<u64>>>,
    wall_sets: Vec<u64>,
    /// The next wall set to take up.
    wall_index: usize,
    /// The walls being gone through, and each row's choices with them.
    walls: u64,
    row_choices: Vec<Vec<Vec<Vehicle>>>,
    /// The choice of each row in the combination last taken, when one was: the rows are gone
    /// through as an odometer, the last row fastest, so a wall set's units come one row
    /// combination at a time rather than all at once (6x6 has 33 million).
    odometer: Option<Vec<usize>>,
    pending: std::vec::IntoIter<Unit>,
}

impl<'a> UnitIter<'a> {
    pub(super) fn new(family: &'a RushHourFamily) -> Self {
        let cells = family.rows * family.cols;
        let mut wall_sets = Vec::new();
        for count in 0..=family.max_walls {
            combinations(cells, count, &mut |set| wall_sets.push(set));
        }
        let column_choices = line_choices(
            family
                .rows
                .saturating_sub(usize::from(family.rules.no_full_columns)),
        );
        let column_placements = (0..family.cols)
            .map(|c| {
                let line = u8::try_from(c).unwrap_or(u8::MAX);
                column_choices
                    .iter()
                    .map(|seq| {
                        let vehicles = seq
                            .iter()
                            .map(|&len| Vehicle {
                                line,
                                horizontal: false,
                                len,
                                primary: false,
                            })
                            .collect();
                        let unit = Unit { walls: 0, vehicles };
                        Geometry::new(family, &unit).occupancies()
                    })
                    .collect()
            })
            .collect();
        UnitIter {
            family,
            column_choices,
            column_placements,
            wall_sets,
            wall_index: 0,
            walls: 0,
            row_choices: Vec::new(),
            odometer: None,
            pending: Vec::new().into_iter(),
        }
    }

    /// Every unit with these walls.
    fn row_choices_for(&self, walls: u64) -> Vec<Vec<Vec<Vehicle>>> {
        let family = self.family;
        let (rows, cols) = (family.rows, family.cols);
        let walls_in_row = |r: usize| {
            (0..cols)
                .filter(|c| walls >> (r * cols + c) & 1 == 1)
                .count()
        };
        let mut row_choices: Vec<Vec<Vec<Vehicle>>> = Vec::new();
        for r in 0..rows {
            let room =
                (cols - walls_in_row(r)).saturating_sub(usize::from(family.rules.no_full_rows));
            let line = u8::try_from(r).unwrap_or(u8::MAX);
            let choices = line_choices(room);
            let row: Vec<Vec<Vehicle>> = if r == family.primary_row {
                // One of the row's cars is the primary one.
                let mut with_primary = Vec::new();
                for seq in &choices {
                    for (i, &len) in seq.iter().enumerate() {
                        if len != 2 || (family.rules.primary_row_clear && seq.len() != 1) {
                            continue;
                        }
                        with_primary.push(
                            seq.iter()
                                .enumerate()
                                .map(|(k, &len)| Vehicle {
                                    line,
                                    horizontal: true,
                                    len,
                                    primary: k == i,
                                })
                                .collect(),
                        );
                    }
                }
                with_primary
            } else {
                choices
                    .iter()
                    .map(|seq| {
                        seq.iter()
                            .map(|&len| Vehicle {
                                line,
                                horizontal: true,
                                len,
                                primary: false,
                            })
                            .collect()
                    })
                    .collect()
            };
            row_choices.push(row);
        }
        row_choices
    }

    /// Moves the odometer to the next combination of row choices that fits in the free
    /// cells, taking up the next wall set when this one is done; `false` at the end.
    fn next_rows(&mut self) -> bool {
        loop {
            let advanced = match &mut self.odometer {
                None => {
                    let Some(&walls) = self.wall_sets.get(self.wall_index) else {
                        return false;
                    };
                    self.wall_index += 1;
                    self.walls = walls;
                    self.row_choices = self.row_choices_for(walls);
                    if self.row_choices.iter().any(Vec::is_empty) {
                        continue;
                    }
                    self.odometer = Some(vec![0; self.row_choices.len()]);
                    true
                }
                Some(odometer) => {
                    let mut row = odometer.len();
                    loop {
                        if row == 0 {
                            break false;
                        }
                        row -= 1;
                        odometer[row] += 1;
                        if odometer[row] < self.row_choices[row].len() {
                            break true;
                        }
                        odometer[row] = 0;
                    }
                }
            };
            if !advanced {
                self.odometer = None;
                continue;
            }
            let free = self.family.rows * self.family.cols - self.walls.count_ones() as usize;
            let cells: usize = self.chosen_rows().map(|v| usize::from(v.len)).sum();
            if cells <= free {
                return true;
            }
        }
    }

    /// The vehicles of the row combination the odometer shows.
    fn chosen_rows(&self) -> impl Iterator<Item = &Vehicle> + '_ {
        self.odometer
            .iter()
            .flatten()
            .enumerate()
            .flat_map(|(row, &choice)| self.row_choices[row][choice].iter())
    }

    /// Every choice of the columns' vehicles that fits with the rows' `vehicles` and the
    /// walls, in order.
    ///
    /// A column's vertical vehicles touch only that column, so once the rows are placed the
    /// columns are independent: for each placement of the rows, each column's fitting choices
    /// form a set, and a choice for every column fits when one placement of the rows allows
    /// them all. Placements that allow the same sets are one class.
    fn choose_columns(&self, walls: u64, vehicles: &[Vehicle], units: &mut Vec<Unit>) {
        let rows_only = Unit {
            walls,
            vehicles: vehicles.to_vec(),
        };
        let occupancies = Geometry::new(self.family, &rows_only).occupancies();
        let mut classes: Vec<Vec<u32>> = occupancies
            .iter()
            .map(|&occ| {
                self.column_placements
                    .iter()
                    .map(|choices| {
                        choices
                            .iter()
                            .enumerate()
                            .filter(|(_, placements)| placements.iter().any(|p| p & occ == 0))
                            .fold(0u32, |set, (j, _)| set | 1 << j)
                    })
                    .collect()
            })
            .collect();
        classes.sort_unstable();
        classes.dedup();
        let alive: Vec<usize> = (0..classes.len()).collect();
        let mut chosen = vehicles.to_vec();
        self.choose_column(walls, &classes, &alive, 0, &mut chosen, units);
    }

    /// Chooses column `column`'s vehicles among those some class of row placements still
    /// allows, and recurses.
    fn choose_column(
        &self,
        walls: u64,
        classes: &[Vec<u32>],
        alive: &[usize],
        column: usize,
        vehicles: &mut Vec<Vehicle>,
        units: &mut Vec<Unit>,
    ) {
        if column == self.family.cols {
            units.push(Unit {
                walls,
                vehicles: vehicles.clone(),
            });
            return;
        }
        let line = u8::try_from(column).unwrap_or(u8::MAX);
        for (j, choice) in self.column_choices.iter().enumerate() {
            let still: Vec<usize> = alive
                .iter()
                .copied()
                .filter(|&k| classes[k][column] >> j & 1 == 1)
                .collect();
            if still.is_empty() {
                continue;
            }
            let before = vehicles.len();
            vehicles.extend(choice.iter().map(|&len| Vehicle {
                line,
                horizontal: false,
                len,
                primary: false,
            }));
            self.choose_column(walls, classes, &still, column + 1, vehicles, units);
            vehicles.truncate(before);
        }
    }
}

impl Iterator for UnitIter<'_> {
    type Item = Unit;

    fn next(&mut self) -> Option<Unit> {
        loop {
            if let Some(unit) = self.pending.next() {
                return Some(unit);
            }
            if !self.next_rows() {
                return None;
            }
            let vehicles: Vec<Vehicle> = self.chosen_rows().copied().collect();
            let mut units = Vec::new();
            self.choose_columns(self.walls, &vehicles, &mut units);
            self.pending = units.into_iter();
        }
    }
}

/// Calls `f` with every set of `count` cells out of `cells`, as bit masks, in lexicographic
/// order of their cells.
pub(super) fn combinations(cells: usize, count: usize, f: &mut impl FnMut(u64)) {
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
