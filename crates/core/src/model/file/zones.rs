//! Reading the `zones` field (format version 2): one grid in which each zone is drawn with
//! its name, and who may enter each zone.
//!
//! ```ron
//! zones: (
//!     grid: [
//!         ". . . .",
//!         ". . . .",
//!         ". x x .",
//!     ],
//!     allow: { "x": [Piece("A"), Kind("soldier")] },
//! ),
//! ```
//!
//! A zone whose list is empty is closed to every piece. Which pieces and kinds exist is
//! checked by validation, which points at the entry.

use serde::Deserialize;

use crate::model::puzzle::{Cell, parse_grid};
use crate::model::rules::{Zone, ZoneRight};
use crate::model::source::SourceMap;
use crate::model::text::echo;
use crate::model::token::Token;

use super::bounded::{allow_entries, repeated_key, zone_rows};
use super::entry_key_pos;
use super::error::{LoadError, grid_error};

/// The `zones` field as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "Zones")]
pub(super) struct ZonesText {
    #[serde(deserialize_with = "zone_rows")]
    grid: Vec<String>,
    /// In the order written, so that a zone listed twice is refused (see `bounded`).
    #[serde(default, deserialize_with = "allow_entries")]
    allow: Vec<(String, Vec<RightText>)>,
}

/// One entry of a zone's `allow` list as written.
#[derive(Deserialize)]
enum RightText {
    Piece(String),
    Kind(String),
}

/// The zones of a `rows` x `cols` board from their text.
///
/// # Errors
/// A [`LoadError`] at the offending cell, key or entry: a malformed or wrongly sized grid, a
/// wall drawn as a zone, a zone listed twice in `allow`, a zone drawn without an `allow` entry
/// or listed without being drawn, a piece token that is not a token, a blank kind.
pub(super) fn build(
    zones: &ZonesText,
    rows: usize,
    cols: usize,
    map: &SourceMap,
) -> Result<Vec<Zone>, LoadError> {
    let field = map.zone_grid.or(map.field("zones"));
    if zones.grid.is_empty() {
        return Err(LoadError::at(
            format!(
                "the zone grid has no rows; write {rows} rows of {cols} cells (`.` outside every zone)"
            ),
            field,
        ));
    }
    let grid = parse_grid(&zones.grid).map_err(|e| {
        let mut err = grid_error(&e, &map.zone_rows, field);
        err.message = format!("zone {}", err.message);
        err
    })?;
    if grid.len() != rows || grid[0].len() != cols {
        return Err(LoadError::at(
            format!(
                "the zone grid is {}x{} but the board is {rows}x{cols}",
                grid.len(),
                grid[0].len()
            ),
            field,
        ));
    }
    if let Some(index) = repeated_key(&zones.allow) {
        let key = &zones.allow[index].0;
        let spans = map.zone_allow.iter().map(|(k, pos, _)| (k.as_str(), *pos));
        return Err(LoadError::at(
            format!(
                "zones: `{}` is listed twice in `allow`; merge its lists into one",
                echo(key)
            ),
            entry_key_pos(spans, index, key).or(map.field("zones")),
        ));
    }
    let mut out: Vec<Zone> = Vec::new();
    for (r, row) in grid.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            let pos = map.zone_cell(r, c).or(field);
            let name = match *cell {
                Cell::Empty => continue,
                Cell::Wall => {
                    return Err(LoadError::at(
                        "`#` marks walls on the board, not zones; draw a zone with its name",
                        pos,
                    ));
                }
                Cell::Piece(name) => name,
            };
            if !out.iter().any(|z| z.name == name) {
                let Some((_, rights)) = zones.allow.iter().find(|(k, _)| k == name.as_str()) else {
                    return Err(LoadError::at(
                        format!(
                            "zone `{name}` is drawn but has no `allow` entry; list who may enter \
                             it, for example allow: {{ \"{name}\": [Piece(\"A\")] }} (an empty \
                             list closes it to every piece)"
                        ),
                        pos,
                    ));
                };
                out.push(Zone {
                    name,
                    cells: vec![false; rows * cols],
                    allow: rights_of(name, rights, map)?,
                });
            }
            if let Some(zone) = out.iter_mut().find(|z| z.name == name) {
                zone.cells[r * cols + c] = true;
            }
        }
    }
    for (key, _) in &zones.allow {
        if !out.iter().any(|z| z.name.as_str() == key) {
            return Err(LoadError::at(
                format!("zones: `{key}` has an `allow` entry but is not drawn in the grid"),
                map.zone_key(key).or(field),
            ));
        }
    }
    Ok(out)
}

fn rights_of(
    zone: Token,
    rights: &[RightText],
    map: &SourceMap,
) -> Result<Vec<ZoneRight>, LoadError> {
    rights
        .iter()
        .enumerate()
        .map(|(i, right)| {
            let pos = map.zone_right(zone.as_str(), i);
            match right {
                RightText::Piece(text) => Token::new(text).map(ZoneRight::Piece).map_err(|e| {
                    LoadError::at(
                        format!("zone `{zone}`: `{text}` is not a piece token: {e}"),
                        pos,
                    )
                }),
                RightText::Kind(kind) if kind.trim().is_empty() => Err(LoadError::at(
                    format!("zone `{zone}`: a kind needs a name"),
                    pos,
                )),
                RightText::Kind(kind) => Ok(ZoneRight::Kind(kind.clone())),
            }
        })
        .collect()
}
