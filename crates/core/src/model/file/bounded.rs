//! Deserializers that refuse oversized parts of a file while it is parsed (more rows than a
//! board may have, more `pieces` entries than cells), so that a hostile file is never held in
//! memory as millions of strings.

use std::collections::BTreeMap;
use std::marker::PhantomData;

use serde::Deserialize;

use crate::model::puzzle::MAX_SIDE;

/// The most `pieces` entries a file may have: one per cell of the largest board.
const MAX_PIECE_ENTRIES: usize = MAX_SIDE * MAX_SIDE;

/// A list of grid rows that stops at the first row beyond [`MAX_SIDE`]: the error is raised
/// while parsing, at that row, so a file of a million short rows is never held in memory as a
/// million strings (nor scanned for positions).
struct BoundedRows(&'static str);

impl<'de> serde::de::Visitor<'de> for BoundedRows {
    type Value = Vec<String>;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "a list of at most {MAX_SIDE} row strings")
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<String>, A::Error> {
        let mut rows = Vec::new();
        while let Some(row) = seq.next_element::<String>()? {
            if rows.len() == MAX_SIDE {
                return Err(serde::de::Error::custom(format!(
                    "{} has more than {MAX_SIDE} rows; at most {MAX_SIDE}x{MAX_SIDE} is allowed",
                    self.0
                )));
            }
            rows.push(row);
        }
        Ok(rows)
    }
}

pub(super) fn board_rows<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    d.deserialize_seq(BoundedRows("the board"))
}

pub(super) fn goal_rows<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    d.deserialize_seq(BoundedRows("the goal"))
}

/// The `pieces` map, refused while parsing beyond [`MAX_PIECE_ENTRIES`] entries (for the
/// same reason as [`BoundedRows`]).
struct BoundedPieces<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for BoundedPieces<T> {
    type Value = BTreeMap<String, T>;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "a map of at most {MAX_PIECE_ENTRIES} piece entries")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut pieces = BTreeMap::new();
        while let Some((key, entry)) = map.next_entry::<String, T>()? {
            if pieces.len() == MAX_PIECE_ENTRIES {
                return Err(serde::de::Error::custom(format!(
                    "`pieces` has more than {MAX_PIECE_ENTRIES} entries, more than a \
                     {MAX_SIDE}x{MAX_SIDE} board has cells"
                )));
            }
            pieces.insert(key, entry);
        }
        Ok(pieces)
    }
}

/// The `pieces` map of entries `T`, bounded (see [`BoundedPieces`]).
pub(super) fn piece_entries<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<BTreeMap<String, T>, D::Error> {
    d.deserialize_map(BoundedPieces(PhantomData))
}

/// The zone grid's rows, bounded like the board's.
pub(super) fn zone_rows<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    d.deserialize_seq(BoundedRows("the zone grid"))
}
