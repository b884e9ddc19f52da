//! Deserializers that refuse oversized parts of a file while it is parsed (more rows than a
//! board may have, more `pieces` or `allow` entries than cells), so that a hostile file is
//! never held in memory as millions of strings; and that keep a map's entries as written, so
//! that a key written twice is refused rather than silently overwritten.

use std::collections::BTreeSet;
use std::marker::PhantomData;

use serde::Deserialize;

use crate::model::puzzle::MAX_SIDE;

/// The most entries a map of the file may have (`pieces`, a zone's `allow`): one per cell of
/// the largest board, as each names a piece or a zone drawn on it.
const MAX_MAP_ENTRIES: usize = MAX_SIDE * MAX_SIDE;

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

/// A map of the file (`pieces`, a zone's `allow`) as its entries in the order written, a key
/// written twice kept twice: serde's maps keep the last entry of a repeated key, and the file
/// must refuse it instead (at the repeated key, which only the entries show). Refused while
/// parsing beyond [`MAX_MAP_ENTRIES`] entries (for the same reason as [`BoundedRows`]).
struct BoundedEntries<T> {
    /// What the map is, for the message (`pieces`).
    what: &'static str,
    entry: PhantomData<T>,
}

impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for BoundedEntries<T> {
    type Value = Vec<(String, T)>;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "a map of at most {MAX_MAP_ENTRIES} entries")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut entries = Vec::new();
        while let Some(entry) = map.next_entry::<String, T>()? {
            if entries.len() == MAX_MAP_ENTRIES {
                return Err(serde::de::Error::custom(format!(
                    "`{}` has more than {MAX_MAP_ENTRIES} entries, more than a \
                     {MAX_SIDE}x{MAX_SIDE} board has cells",
                    self.what
                )));
            }
            entries.push(entry);
        }
        Ok(entries)
    }
}

/// The `pieces` map of entries `T`, in the order written (see [`BoundedEntries`]).
pub(super) fn piece_entries<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Vec<(String, T)>, D::Error> {
    d.deserialize_map(BoundedEntries {
        what: "pieces",
        entry: PhantomData,
    })
}

/// A zone grid's `allow` map of entries `T`, in the order written (see [`BoundedEntries`]).
pub(super) fn allow_entries<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Vec<(String, T)>, D::Error> {
    d.deserialize_map(BoundedEntries {
        what: "allow",
        entry: PhantomData,
    })
}

/// The index of the first entry of `entries` whose key an earlier entry already has.
pub(super) fn repeated_key<T>(entries: &[(String, T)]) -> Option<usize> {
    let mut seen = BTreeSet::new();
    entries
        .iter()
        .position(|(key, _)| !seen.insert(key.as_str()))
}

/// The zone grid's rows, bounded like the board's.
pub(super) fn zone_rows<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    d.deserialize_seq(BoundedRows("the zone grid"))
}
