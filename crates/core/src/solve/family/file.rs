//! Family files: a whole family written in RON, read with the line and column of every error
//! as puzzle files are (see `docs/file-format.md`, "Family files").
//!
//! ```ron
//! (
//!     format: 1,
//!     kind: Blocks,
//!     board: (rows: 5, columns: 4),
//!     shapes: {
//!         "big":   (cells: ["##", "##"]),
//!         "tall":  (cells: ["#", "#"], max: 4),
//!         "wide":  (cells: ["##"], max: 1),
//!         "small": (cells: ["#"], max: 4),
//!     },
//!     goal: (piece: "big", at: (row: 4, column: 2)),
//! )
//! ```
//!
//! ```ron
//! (format: 1, kind: RushHour, board: (rows: 6, columns: 6), max_walls: 2)
//! ```
//!
//! The text is read in two passes: a probe reads `format` and `kind` only (so a file of a
//! newer format, or of an unknown kind, is refused with that message rather than one about a
//! field), then the struct of that kind, refusing unknown fields. Checks that need the whole
//! family run on the built family ([`BlockFamily::validate`], [`RushHourFamily::validate`]),
//! and their errors are placed with the positions the scanner found ([`scan_paths`]).

use crate::solve::core::Reason;
use std::marker::PhantomData;
use std::path::Path;

use serde::Deserialize;

use crate::model::file::{LoadError, MAX_FILE_BYTES, Wording, read_bounded, syntax_error};
use crate::model::source::{PathMap, TextPos, scan_paths};
use crate::model::text::{echo, normalize};
use crate::model::{Axis, MAX_SIDE, Metric, Puzzle, rushhour as rush_hour_board};

use super::blocks::{BlockFamily, BlockFamilyError, BlockShape, MAX_CELLS, MAX_FAMILY_PIECES};
use super::rushhour::{DEFAULT_PRIMARY_ROW, FamilyError, RushHourFamily, RushHourRules};

/// The family file format version this build reads and writes.
pub const FAMILY_FORMAT_VERSION: u64 = 1;

/// The most `shapes` entries a file may have: refused while parsing beyond it (each shape is
/// at least one cell of a board of at most [`MAX_CELLS`]).
const MAX_SHAPES: usize = MAX_CELLS;

/// A family read from a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FamilySpec {
    /// `kind: RushHour`.
    RushHour(RushHourFamily),
    /// `kind: Blocks`.
    Blocks(BlockFamily),
}

impl FamilySpec {
    /// The puzzle a record's board string stands for: Fogleman's notation for Rush Hour
    /// (`rushhour::board_string`), the block notation for
    /// block families ([`BlockFamily::puzzle`]).
    ///
    /// # Errors
    /// A message saying why the board is not one of the family's.
    pub fn puzzle(&self, board: &str) -> Result<Puzzle, Reason> {
        match self {
            FamilySpec::RushHour(family) => {
                rush_hour_board::parse_sized(board, family.rows, family.cols)
                    .map_err(|e| Reason::new(e.to_string()))
            }
            FamilySpec::Blocks(family) => family.puzzle(board),
        }
    }
}

/// The kinds of family a file may describe.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
enum Kind {
    Blocks,
    RushHour,
}

/// Reads `format` and `kind` only, ignoring every other field.
#[derive(Deserialize)]
#[serde(rename = "Family")]
struct Probe {
    format: Option<u64>,
    kind: Option<Kind>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "Family")]
struct BlocksText {
    #[expect(dead_code, reason = "checked by the probe")]
    format: u64,
    #[expect(dead_code, reason = "checked by the probe")]
    kind: Kind,
    metric: Option<Metric>,
    board: BoardText,
    /// In the order written, so that a name written twice is refused.
    #[serde(deserialize_with = "shape_entries")]
    shapes: Vec<(String, ShapeText)>,
    goal: GoalText,
    #[serde(default)]
    max_walls: u64,
    max_pieces: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "Family")]
struct RushHourText {
    #[expect(dead_code, reason = "checked by the probe")]
    format: u64,
    #[expect(dead_code, reason = "checked by the probe")]
    kind: Kind,
    board: BoardText,
    primary_row: Option<u64>,
    #[serde(default)]
    max_walls: u64,
    rules: Option<RulesText>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "Board")]
struct BoardText {
    rows: u64,
    columns: u64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "Shape")]
struct ShapeText {
    #[serde(deserialize_with = "shape_rows")]
    cells: Vec<String>,
    axis: Option<Axis>,
    min: Option<u64>,
    max: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "Goal")]
struct GoalText {
    piece: String,
    at: CellText,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "Cell")]
struct CellText {
    row: u64,
    column: u64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "Rules")]
struct RulesText {
    primary_row_clear: Option<bool>,
    no_full_rows: Option<bool>,
    no_full_columns: Option<bool>,
}

/// The `shapes` map as its entries in the order written, refused beyond [`MAX_SHAPES`] while
/// parsing (serde's maps would keep only the last entry of a name written twice).
struct ShapeEntries(PhantomData<ShapeText>);

impl<'de> serde::de::Visitor<'de> for ShapeEntries {
    type Value = Vec<(String, ShapeText)>;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "a map of at most {MAX_SHAPES} shapes")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut entries = Vec::new();
        while let Some(entry) = map.next_entry::<String, ShapeText>()? {
            if entries.len() == MAX_SHAPES {
                return Err(serde::de::Error::custom(format!(
                    "`shapes` has more than {MAX_SHAPES} entries, more than a board has cells"
                )));
            }
            entries.push(entry);
        }
        Ok(entries)
    }
}

fn shape_entries<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Vec<(String, ShapeText)>, D::Error> {
    d.deserialize_map(ShapeEntries(PhantomData))
}

/// A shape's rows, refused beyond [`MAX_SIDE`] while parsing.
struct ShapeRows;

impl<'de> serde::de::Visitor<'de> for ShapeRows {
    type Value = Vec<String>;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "a list of at most {MAX_SIDE} row strings")
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<String>, A::Error> {
        let mut rows = Vec::new();
        while let Some(row) = seq.next_element::<String>()? {
            if rows.len() == MAX_SIDE {
                return Err(serde::de::Error::custom(format!(
                    "a shape has more than {MAX_SIDE} rows"
                )));
            }
            rows.push(row);
        }
        Ok(rows)
    }
}

fn shape_rows<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    d.deserialize_seq(ShapeRows)
}

/// Parses a family file's text.
///
/// # Errors
/// A [`LoadError`] with the line and column of the cause: syntax, an unknown version, kind or
/// field, and every check of the family (a bad shape, counts whose minimum is above their
/// maximum, a goal piece that is not a shape, a goal off the board, too many cells or pieces,
/// a board too big for the engine).
pub fn parse_family(text: &str) -> Result<FamilySpec, LoadError> {
    let text = &*normalize(text);
    let options = ron_options();
    let probe: Probe = options
        .from_str(text)
        .map_err(|e| syntax_error(&e, text, &WORDING))?;
    let map = scan_paths(text);
    let top = Some(TextPos { line: 1, column: 1 });
    let Some(format) = probe.format else {
        return Err(at(
            format!(
                "missing `format: {FAMILY_FORMAT_VERSION},` at the start of the family: every \
                 family file names its format version"
            ),
            top,
        ));
    };
    if format != FAMILY_FORMAT_VERSION {
        let message = if format > FAMILY_FORMAT_VERSION {
            format!(
                "this family file uses format version {format}, but this version of Blockslide \
                 reads version {FAMILY_FORMAT_VERSION}; open it with a newer Blockslide"
            )
        } else {
            format!(
                "unknown format version {format}; this version of Blockslide reads family files \
                 of version {FAMILY_FORMAT_VERSION}"
            )
        };
        return Err(at(message, map.value(&["format"]).or(top)));
    }
    match probe.kind {
        None => {
            let puzzle = if map.strings(&["board"]).is_empty() {
                ""
            } else {
                " (this looks like a puzzle file: a family file describes a whole family)"
            };
            Err(at(
                format!("missing `kind: Blocks` or `kind: RushHour` in the family{puzzle}"),
                top,
            ))
        }
        Some(Kind::Blocks) => {
            let file: BlocksText = options
                .from_str(text)
                .map_err(|e| syntax_error(&e, text, &WORDING))?;
            build_blocks(&file, &map).map(FamilySpec::Blocks)
        }
        Some(Kind::RushHour) => {
            let file: RushHourText = options
                .from_str(text)
                .map_err(|e| syntax_error(&e, text, &WORDING))?;
            build_rush_hour(file, &map).map(FamilySpec::RushHour)
        }
    }
}

/// Reads and parses a family file (a regular file of at most 4 MiB of UTF-8 text, as puzzle
/// files are read).
///
/// # Errors
/// A [`LoadError`] for a file that cannot be read and everything [`parse_family`] refuses.
pub fn read_family(path: &Path) -> Result<FamilySpec, LoadError> {
    parse_family(&read_bounded(path, MAX_FILE_BYTES, "a family file")?)
}

fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

fn at(message: impl Into<String>, pos: Option<TextPos>) -> LoadError {
    LoadError {
        message: message.into(),
        line: pos.map(|p| p.line),
        column: pos.map(|p| p.column),
    }
}

/// How family files word their syntax errors.
const WORDING: Wording = Wording {
    whole: "the family",
    part_name,
    field_value,
};

/// What the user calls the part of the file a serde struct stands for.
fn part_name(outer: Option<&str>) -> &'static str {
    match outer {
        Some("Board") => "the board",
        Some("Shape") => "a `shapes` entry",
        Some("Goal") => "the goal",
        Some("Cell") => "the goal's `at`",
        Some("Rules") => "the rules",
        _ => "the family",
    }
}

/// What the value of a family file's field should be, where the file says more than the
/// value's type.
fn field_value(field: &str) -> Option<String> {
    Some(match field {
        "format" => format!("a whole number ({FAMILY_FORMAT_VERSION})"),
        "kind" => "one of `Blocks`, `RushHour`, written without quotes".to_string(),
        "board" => "fields in parentheses, like (rows: 5, columns: 4)".to_string(),
        "shapes" => r###"a map in braces, like { "big": (cells: ["##", "##"]) }"###.to_string(),
        "cells" => r###"a list of rows in square brackets, like ["##", "#."]"###.to_string(),
        "goal" => {
            r#"fields in parentheses, like (piece: "big", at: (row: 4, column: 2))"#.to_string()
        }
        "at" => "fields in parentheses, like (row: 4, column: 2)".to_string(),
        "rules" => "fields in parentheses, like (no_full_rows: false)".to_string(),
        "max_walls" | "max_pieces" | "min" | "max" => "a whole number (0 or more)".to_string(),
        "rows" | "columns" | "row" | "column" | "primary_row" => {
            "a whole number (1 or more)".to_string()
        }
        _ => return None,
    })
}

/// A number of the file as a `usize` (saturating: the family's checks refuse it then).
fn size(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

/// The block family a parsed file describes.
fn build_blocks(file: &BlocksText, map: &PathMap) -> Result<BlockFamily, LoadError> {
    let (rows, cols) = (size(file.board.rows), size(file.board.columns));
    let board = BlockFamily {
        rows,
        cols,
        metric: file.metric.unwrap_or(Metric::Move),
        shapes: Vec::new(),
        goal_shape: 0,
        goal_at: (0, 0),
        max_walls: size(file.max_walls),
        max_pieces: file.max_pieces.map_or(MAX_FAMILY_PIECES, size),
    };
    // The board first: the shapes' grids are checked against it.
    if let Err(e @ BlockFamilyError::Board { .. }) = board.validate() {
        return Err(at(e.to_string(), map.value(&["board"])));
    }
    let keys = map.keys_in(&["shapes"]);
    let mut seen = std::collections::BTreeSet::new();
    if let Some(i) = file.shapes.iter().position(|(name, _)| !seen.insert(name)) {
        let name = &file.shapes[i].0;
        let pos = keys
            .get(i)
            .filter(|(k, _)| *k == name)
            .map(|&(_, p)| p)
            .or(map.value(&["shapes"]));
        return Err(at(
            format!(
                "shapes: `{}` is written twice; give each shape one entry",
                echo(name)
            ),
            pos,
        ));
    }
    let goal_piece = &file.goal.piece;
    let Some(goal_shape) = file.shapes.iter().position(|(n, _)| n == goal_piece) else {
        let names: Vec<String> = file
            .shapes
            .iter()
            .map(|(n, _)| format!("`{}`", echo(n)))
            .collect();
        return Err(at(
            format!(
                "the goal piece `{}` is not one of the shapes ({})",
                echo(goal_piece),
                names.join(", ")
            ),
            map.value(&["goal", "piece"]),
        ));
    };
    let mut shapes = Vec::with_capacity(file.shapes.len());
    for (i, (name, text)) in file.shapes.iter().enumerate() {
        let cells = shape_cells(name, &text.cells, rows, cols, map)?;
        let (min, max) = if i == goal_shape {
            (text.min.map_or(1, size), text.max.map_or(1, size))
        } else {
            let Some(max) = text.max else {
                return Err(at(
                    format!(
                        "shape `{}` has no `max`: write the most pieces of it a layout has",
                        echo(name)
                    ),
                    map.key(&["shapes", name]),
                ));
            };
            (text.min.map_or(0, size), size(max))
        };
        shapes.push(BlockShape::new(
            name.clone(),
            &cells,
            text.axis.unwrap_or_default(),
            min,
            max,
        ));
    }
    let (row, column) = (size(file.goal.at.row), size(file.goal.at.column));
    for (value, field) in [(row, "row"), (column, "column")] {
        if value == 0 {
            return Err(at(
                "rows and columns count from 1",
                map.value(&["goal", "at", field]),
            ));
        }
    }
    let family = BlockFamily {
        shapes,
        goal_shape,
        goal_at: (row - 1, column - 1),
        ..board
    };
    family
        .validate()
        .map_err(|e| at(e.to_string(), blocks_error_pos(&e, &family, map)))?;
    Ok(family)
}

/// The cells of shape `name` drawn in `rows` (`#` a cell, `.` a gap, spaces ignored), whose
/// grid must fit a `board_rows` x `board_cols` board.
fn shape_cells(
    name: &str,
    rows: &[String],
    board_rows: usize,
    board_cols: usize,
    map: &PathMap,
) -> Result<Vec<(usize, usize)>, LoadError> {
    let path = ["shapes", name, "cells"];
    let spans = map.strings(&path);
    let cells_pos = map.value(&path).or(map.key(&["shapes", name]));
    // A drawing without a cell is empty, however large its grid of gaps: say so rather than
    // that the grid does not fit. (Any other character is still refused below, where it is.)
    if rows
        .iter()
        .all(|row| row.chars().all(|ch| ch == '.' || ch.is_whitespace()))
    {
        return Err(at(
            format!("shape `{}` has no cells; draw them with `#`", echo(name)),
            cells_pos,
        ));
    }
    let mut cells = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let mut column = 0;
        for (i, ch) in row.chars().enumerate() {
            match ch {
                '#' => cells.push((r, column)),
                '.' => {}
                ch if ch.is_whitespace() => continue,
                other => {
                    let pos = spans.get(r).map(|s| s.char_pos(i)).or(cells_pos);
                    return Err(at(
                        format!(
                            "shape `{}`: `{}` is not a shape cell; draw cells with `#` and gaps \
                             with `.`",
                            echo(name),
                            echo(&other.to_string())
                        ),
                        pos,
                    ));
                }
            }
            column += 1;
            // A grid wider than the board is refused before its cells are kept.
            if column > board_cols {
                let pos = spans.get(r).map(|s| s.char_pos(i)).or(cells_pos);
                return Err(at(
                    format!(
                        "shape `{}` is wider than the board's {board_cols} columns",
                        echo(name)
                    ),
                    pos,
                ));
            }
        }
        if r + 1 > board_rows {
            let pos = spans.get(r).map(|s| s.start).or(cells_pos);
            return Err(at(
                format!(
                    "shape `{}` is taller than the board's {board_rows} rows",
                    echo(name)
                ),
                pos,
            ));
        }
    }
    Ok(cells)
}

/// Where a check of the built block family points in the file.
fn blocks_error_pos(e: &BlockFamilyError, family: &BlockFamily, map: &PathMap) -> Option<TextPos> {
    let shape_name = |i: usize| family.shapes.get(i).map_or("", |s| s.name.as_str());
    let shape_field = |i: usize, field: &str| {
        let name = shape_name(i);
        map.value(&["shapes", name, field])
            .or(map.key(&["shapes", name]))
    };
    let pos = match e {
        BlockFamilyError::Board { .. } => map.value(&["board"]),
        BlockFamilyError::NoShapes
        | BlockFamilyError::TooManyPieces { .. }
        | BlockFamilyError::TooManyCells { .. }
        | BlockFamilyError::PieceSets { .. }
        | BlockFamilyError::TooLarge { .. } => map.value(&["shapes"]),
        BlockFamilyError::EmptyShape { shape, .. }
        | BlockFamilyError::Disconnected { shape, .. }
        | BlockFamilyError::ShapeTooLarge { shape, .. } => shape_field(*shape, "cells"),
        BlockFamilyError::Counts { shape, .. } => shape_field(*shape, "min"),
        BlockFamilyError::GoalCount { shape, min, .. } => {
            shape_field(*shape, if *min == 1 { "max" } else { "min" })
        }
        BlockFamilyError::SameShapes { shape, .. } => map.key(&["shapes", shape_name(*shape)]),
        BlockFamilyError::GoalShape { .. } => map.value(&["goal", "piece"]),
        BlockFamilyError::GoalOffBoard { .. } => map.value(&["goal", "at"]),
        BlockFamilyError::Walls { .. } => map.value(&["max_walls"]),
        BlockFamilyError::MaxPieces { .. } => map.value(&["max_pieces"]),
    };
    pos.or(Some(TextPos { line: 1, column: 1 }))
}

/// The Rush Hour family a parsed file describes.
fn build_rush_hour(file: RushHourText, map: &PathMap) -> Result<RushHourFamily, LoadError> {
    let primary_row = file.primary_row.map_or(DEFAULT_PRIMARY_ROW + 1, size);
    if primary_row == 0 {
        return Err(at("rows count from 1", map.value(&["primary_row"])));
    }
    let rules = file
        .rules
        .map_or_else(RushHourRules::default, |r| RushHourRules {
            primary_row_clear: r.primary_row_clear.unwrap_or(true),
            no_full_rows: r.no_full_rows.unwrap_or(true),
            no_full_columns: r.no_full_columns.unwrap_or(true),
        });
    let family = RushHourFamily {
        rows: size(file.board.rows),
        cols: size(file.board.columns),
        primary_row: primary_row - 1,
        max_walls: size(file.max_walls),
        rules,
    };
    family.validate().map_err(|e| {
        let pos = match e {
            FamilyError::Board { .. } => map.value(&["board"]),
            FamilyError::PrimaryRow { .. } => map.value(&["primary_row"]).or(map.value(&["board"])),
            FamilyError::Walls { .. } => map.value(&["max_walls"]),
        };
        at(e.to_string(), pos.or(Some(TextPos { line: 1, column: 1 })))
    })?;
    Ok(family)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_documented_examples_load() {
        let blocks = "(\n    format: 1,\n    kind: Blocks,\n    board: (rows: 5, columns: 4),\n    shapes: {\n        \"big\":   (cells: [\"##\", \"##\"]),\n        \"tall\":  (cells: [\"#\", \"#\"], max: 4),\n        \"wide\":  (cells: [\"##\"], max: 1),\n        \"small\": (cells: [\"#\"], max: 4),\n    },\n    goal: (piece: \"big\", at: (row: 4, column: 2)),\n)";
        let Ok(FamilySpec::Blocks(family)) = parse_family(blocks) else {
            panic!("{:?}", parse_family(blocks));
        };
        assert_eq!((family.rows, family.cols, family.goal_at), (5, 4, (3, 1)));
        assert_eq!(family.shapes.len(), 4);
        let rush = "(format: 1, kind: RushHour, board: (rows: 6, columns: 6), max_walls: 2)";
        assert_eq!(
            parse_family(rush),
            Ok(FamilySpec::RushHour(RushHourFamily::new(6, 6, 2).unwrap()))
        );
    }
}
