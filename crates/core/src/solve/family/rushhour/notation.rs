//! Fogleman's notation for a layout: the board row by row, `o` for an empty cell, `x` for a
//! wall, `A` for the primary car and `B`, `C`, … for the other vehicles in the order their
//! first cell comes in reading order. Lettering by position rather than by name gives one
//! layout one string, whoever wrote it: a family's listing, `generate`, Fogleman's database.

use std::collections::BTreeMap;

use super::{Geometry, RushHourFamily, Unit};
use crate::model::Puzzle;
use crate::model::rushhour::{self, RushHourError};

/// What one cell of a layout holds, for [`letter_by_first_cell`].
#[derive(Clone, Copy)]
enum Occupant {
    Empty,
    Wall,
    Primary,
    /// Another vehicle, by any number that tells it from the others.
    Vehicle(usize),
}

/// The string of a layout given cell by cell in reading order.
fn letter_by_first_cell(cells: impl IntoIterator<Item = Occupant>) -> String {
    let mut letters = BTreeMap::new();
    let mut next = b'B';
    cells
        .into_iter()
        .map(|cell| match cell {
            Occupant::Empty => 'o',
            Occupant::Wall => 'x',
            Occupant::Primary => 'A',
            // Both callers hold at most 25 vehicles besides the primary car (a family's
            // board has at most 42 cells, two a vehicle; a puzzle the notation holds names
            // each vehicle by a capital letter of its own), so `next` stays within `Z`.
            Occupant::Vehicle(v) => *letters.entry(v).or_insert_with(|| {
                let letter = char::from(next);
                next += 1;
                letter
            }),
        })
        .collect()
}

/// The layout of `key` in `unit` in Fogleman's notation (see the module's docs).
pub fn board_string(family: &RushHourFamily, unit: &Unit, key: u64) -> String {
    let geometry = Geometry::new(family, unit);
    let cells = family.rows * family.cols;
    let mut owner: Vec<Option<usize>> = vec![None; cells];
    for (v, masks) in geometry.masks.iter().take(geometry.count).enumerate() {
        let mask = masks[geometry.offset(key, v)];
        for (cell, slot) in owner.iter_mut().enumerate() {
            if mask >> cell & 1 == 1 {
                *slot = Some(v);
            }
        }
    }
    letter_by_first_cell(owner.iter().enumerate().map(|(cell, slot)| match slot {
        Some(v) if unit.vehicles[*v].primary => Occupant::Primary,
        Some(v) => Occupant::Vehicle(*v),
        None if unit.walls >> cell & 1 == 1 => Occupant::Wall,
        None => Occupant::Empty,
    }))
}

/// `puzzle`, a Rush Hour puzzle, in Fogleman's notation as a family's listing writes it: its
/// vehicles lettered by their first cell (see the module's docs) whatever their names in the
/// puzzle, so that a puzzle made elsewhere (`generate`) and the same layout in a family's
/// listing are one string.
///
/// # Errors
/// The [`RushHourError`] of [`rushhour::to_string`]: a puzzle the notation does not hold.
pub fn fogleman_string(puzzle: &Puzzle) -> Result<String, RushHourError> {
    // The puzzle's own string names each vehicle by a letter of its own and the red car `A`:
    // the letters tell the vehicles apart, and only their order is redone.
    let named = rushhour::to_string(puzzle)?;
    Ok(letter_by_first_cell(named.chars().map(|ch| match ch {
        'o' => Occupant::Empty,
        'x' => Occupant::Wall,
        'A' => Occupant::Primary,
        other => Occupant::Vehicle(u32::from(other) as usize),
    })))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 4x4 family's hardest starts, each its board string.
    fn family_boards() -> Vec<String> {
        let family = RushHourFamily::new(4, 4, 1).expect("a 4x4 family");
        let mut boards = Vec::new();
        for unit in family.units() {
            let walk = family.walk(&unit);
            for cluster in walk.clusters {
                if let Some(key) = cluster.hardest {
                    boards.push(board_string(&family, &unit, key));
                }
            }
        }
        boards
    }

    #[test]
    fn a_puzzle_gets_the_string_its_family_gives_it_whatever_its_names() {
        let boards = family_boards();
        assert!(boards.len() > 100, "{}", boards.len());
        let mut renamed = 0;
        for board in &boards {
            // The same layout with its vehicles named backwards from `Z` (the red car stays
            // `A`): another puzzle file's names for it.
            let backwards: String = board
                .chars()
                .map(|ch| match ch {
                    'B'..='Z' => char::from(b'Z' - (ch as u8 - b'B')),
                    other => other,
                })
                .collect();
            renamed += usize::from(backwards != *board);
            let puzzle = rushhour::parse_sized(&backwards, 4, 4).expect("the board reads");
            assert_eq!(fogleman_string(&puzzle).as_deref(), Ok(board.as_str()));
        }
        assert!(renamed > 100, "{renamed}");
    }
}
