//! The RON file format, version 1: loading with line and column for every error, and atomic
//! saving.
//!
//! ```ron
//! (
//!     format: 1,
//!     name: "Klotski",
//!     notes: "Bring the 2x2 block to the exit at the bottom.",
//!     metric: Move,
//!     board: [
//!         "B A A C",
//!         "B A A C",
//!         "D E E F",
//!         "D G H F",
//!         "I . . J",
//!     ],
//!     goal: (
//!         anywhere: false,
//!         cells: [
//!             ". . . .",
//!             ". . . .",
//!             ". . . .",
//!             ". A A .",
//!             ". A A .",
//!         ],
//!     ),
//!     pieces: { "A": (name: "Cao Cao", color: "#c0392b"), "G": (kind: "soldier") },
//! )
//! ```
//!
//! Everything but `format` and `board` is optional. Saving writes only the styles of pieces
//! on the board and skips empty styles and blank kinds, so `parse(&to_ron_string(p)) == p`
//! for every puzzle whose styles all belong to pieces on the board and set at least one field,
//! with no blank kind (the loader refuses styles of absent pieces and blank kinds).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;

use serde::Deserialize;

use super::puzzle::{
    Cell, Color, GridError, MAX_SIDE, Metric, PieceStyle, Puzzle, align_rows, column_width,
    parse_grid,
};
use super::source::{SourceMap, StringSpan, TextPos, scan};
use super::text::{echo, echo_message, normalize};
use super::token::Token;

/// The file format version this build reads and writes.
pub const FORMAT_VERSION: u64 = 1;

/// Why a file could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct LoadError {
    /// What is wrong.
    pub message: String,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// 1-based column, when known.
    pub column: Option<usize>,
}

impl LoadError {
    fn at(message: impl Into<String>, pos: Option<TextPos>) -> LoadError {
        LoadError {
            message: message.into(),
            line: pos.map(|p| p.line),
            column: pos.map(|p| p.column),
        }
    }
}

/// Reads only the version, ignoring everything else, so that a newer file is refused with a
/// clear message instead of an error about a field this version does not know.
#[derive(Deserialize)]
#[serde(rename = "Puzzle")]
struct VersionProbe {
    format: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "Puzzle")]
struct FileV1 {
    format: u64,
    #[serde(default)]
    name: String,
    #[serde(default)]
    notes: String,
    metric: Option<Metric>,
    #[serde(deserialize_with = "board_rows")]
    board: Vec<String>,
    goal: Option<GoalV1>,
    #[serde(default, deserialize_with = "piece_entries")]
    pieces: BTreeMap<String, PieceV1>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "Goal")]
struct GoalV1 {
    #[serde(default)]
    anywhere: bool,
    #[serde(deserialize_with = "goal_rows")]
    cells: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "Piece")]
struct PieceV1 {
    name: Option<String>,
    color: Option<String>,
    kind: Option<String>,
}

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

fn board_rows<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    d.deserialize_seq(BoundedRows("the board"))
}

fn goal_rows<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    d.deserialize_seq(BoundedRows("the goal"))
}

/// The `pieces` map, refused while parsing beyond [`MAX_PIECE_ENTRIES`] entries (for the
/// same reason as [`BoundedRows`]).
struct BoundedPieces;

impl<'de> serde::de::Visitor<'de> for BoundedPieces {
    type Value = BTreeMap<String, PieceV1>;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "a map of at most {MAX_PIECE_ENTRIES} piece entries")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut pieces = BTreeMap::new();
        while let Some((key, entry)) = map.next_entry::<String, PieceV1>()? {
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

fn piece_entries<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<BTreeMap<String, PieceV1>, D::Error> {
    d.deserialize_map(BoundedPieces)
}

fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

/// What the user calls the part of the file a serde struct stands for.
fn part_name(outer: Option<&str>) -> &'static str {
    match outer {
        Some("Goal") => "the goal",
        Some("Piece") => "a `pieces` entry",
        _ => "the puzzle",
    }
}

fn one_of(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn syntax_error(e: &ron::error::SpannedError) -> LoadError {
    let message = match &e.code {
        ron::Error::Eof => "the file ends too early: a bracket or quote is not closed".to_string(),
        ron::Error::TrailingCharacters => {
            "unexpected text after the closing `)` of the puzzle".to_string()
        }
        ron::Error::NoSuchStructField {
            expected,
            found,
            outer,
        } => format!(
            "unknown field `{}` in {}; the fields are {}",
            echo(found),
            part_name(outer.as_deref()),
            one_of(expected)
        ),
        ron::Error::MissingStructField { field, outer } => {
            format!("missing field `{field}` in {}", part_name(outer.as_deref()))
        }
        ron::Error::DuplicateStructField { field, outer } => format!(
            "field `{field}` is written twice in {}",
            part_name(outer.as_deref())
        ),
        // serde's messages quote the offending value as written
        code => echo_message(&code.to_string()),
    };
    LoadError {
        message,
        line: Some(e.span.start.line),
        column: Some(e.span.start.col),
    }
}

/// Parses a puzzle file's text.
///
/// # Errors
/// A [`LoadError`] with line and column for syntax errors, unknown versions and malformed
/// rows.
pub fn parse(text: &str) -> Result<Puzzle, LoadError> {
    parse_with_source_map(text).map(|(puzzle, _)| puzzle)
}

/// Parses a puzzle file's text and also returns where its parts are written, so findings of
/// validation can be reported at a line and column.
///
/// A leading byte-order mark is ignored, and lines end at `\r\n`, `\r` or `\n` (as editors
/// count them), so positions name the line an editor shows.
///
/// # Errors
/// As [`parse`].
pub fn parse_with_source_map(text: &str) -> Result<(Puzzle, SourceMap), LoadError> {
    let text = &*normalize(text);
    let options = ron_options();
    match options.from_str::<VersionProbe>(text) {
        Ok(VersionProbe { format: None }) => {
            return Err(LoadError::at(
                format!(
                    "missing `format: {FORMAT_VERSION},` at the start of the puzzle: every \
                     puzzle file names its format version"
                ),
                Some(TextPos { line: 1, column: 1 }),
            ));
        }
        Ok(VersionProbe {
            format: Some(version),
        }) if version != FORMAT_VERSION => {
            let map = scan(text);
            let message = if version > FORMAT_VERSION {
                format!(
                    "this file uses format version {version}, but this version of Blockslide \
                     reads only format version {FORMAT_VERSION}; open it with a newer Blockslide"
                )
            } else {
                format!(
                    "unknown format version {version}; this version of Blockslide reads format \
                     version {FORMAT_VERSION}"
                )
            };
            return Err(LoadError::at(message, map.field("format")));
        }
        // Version 1, or text the probe cannot read: the full parse reports the details.
        _ => {}
    }
    let file: FileV1 = options.from_str(text).map_err(|e| syntax_error(&e))?;
    let map = scan(text);
    let puzzle = build(file, &map)?;
    Ok((puzzle, map))
}

fn grid_error(e: &GridError, rows: &[StringSpan], field: Option<TextPos>) -> LoadError {
    let pos = match *e {
        GridError::NoRows
        | GridError::GoalSize { .. }
        | GridError::TooLarge { .. }
        | GridError::TileNumber { .. } => field,
        GridError::EmptyRow { row } => rows.get(row).map(|s| s.start).or(field),
        GridError::Ragged {
            row,
            expected,
            found,
        } => rows
            .get(row)
            .map(|s| {
                if found > expected {
                    s.token_pos(expected)
                } else {
                    s.end_pos()
                }
            })
            .or(field),
        GridError::BadToken { row, col, .. } | GridError::WallInGoal { row, col } => {
            rows.get(row).map(|s| s.token_pos(col)).or(field)
        }
    };
    LoadError::at(e.to_string(), pos)
}

fn build(file: FileV1, map: &SourceMap) -> Result<Puzzle, LoadError> {
    if file.format != FORMAT_VERSION {
        return Err(LoadError::at(
            format!(
                "unknown format version {}; this version of Blockslide reads format version \
                 {FORMAT_VERSION}",
                file.format
            ),
            map.field("format"),
        ));
    }
    let board_field = map.field("board");
    let grid = parse_grid(&file.board).map_err(|e| {
        let e = match e {
            GridError::NoRows => {
                return LoadError::at("the board has no rows; write at least one row", board_field);
            }
            e => e,
        };
        grid_error(&e, &map.board_rows, board_field)
    })?;
    let (rows, cols) = (grid.len(), grid[0].len());
    let mut puzzle = Puzzle::empty(rows, cols);
    puzzle.name = file.name;
    puzzle.notes = file.notes;
    puzzle.metric = file.metric;
    puzzle.cells = grid.into_iter().flatten().collect();

    if let Some(goal) = file.goal {
        let goal_field = map.goal_cells.or(map.field("goal"));
        puzzle.goal.anywhere = goal.anywhere;
        if goal.cells.is_empty() {
            return Err(LoadError::at(
                format!(
                    "the goal has no rows; write {rows} row{} of {cols} cells (`.` for don't care)",
                    if rows == 1 { "" } else { "s" }
                ),
                goal_field,
            ));
        }
        let goal_grid = parse_grid(&goal.cells).map_err(|e| match e {
            GridError::TooLarge { rows: gr, cols: gc } => LoadError::at(
                GridError::GoalSize {
                    rows,
                    cols,
                    goal_rows: gr,
                    goal_cols: gc,
                }
                .to_string(),
                goal_field,
            ),
            e => {
                let mut err = grid_error(&e, &map.goal_rows, goal_field);
                err.message = format!("goal {}", err.message);
                err
            }
        })?;
        if goal_grid.len() != rows || goal_grid[0].len() != cols {
            let e = GridError::GoalSize {
                rows,
                cols,
                goal_rows: goal_grid.len(),
                goal_cols: goal_grid[0].len(),
            };
            return Err(LoadError::at(e.to_string(), goal_field));
        }
        for (r, row) in goal_grid.iter().enumerate() {
            for (c, cell) in row.iter().enumerate() {
                puzzle.goal.cells[r * cols + c] = match *cell {
                    Cell::Empty => None,
                    Cell::Wall => {
                        let e = GridError::WallInGoal { row: r, col: c };
                        return Err(LoadError::at(
                            format!("goal {e}"),
                            map.goal_cell(r, c).or(goal_field),
                        ));
                    }
                    Cell::Piece(t) => Some(t),
                };
            }
        }
    }

    let on_board = puzzle.tokens_on_board();
    let mut seen_keys = BTreeSet::new();
    for (key, entry) in &map.pieces {
        if !seen_keys.insert(key.as_str()) {
            let key = echo(key);
            return Err(LoadError::at(
                format!("pieces: `{key}` is listed twice; merge its entries into one"),
                Some(entry.key),
            ));
        }
    }
    for (written, style) in file.pieces {
        let entry = map.piece(&written);
        let key = echo(&written);
        let key_pos = entry.map(|e| e.key).or(map.field("pieces"));
        let field_pos = |f: &str| entry.and_then(|e| e.fields.get(f).copied()).or(key_pos);
        let token = Token::new(&written).map_err(|e| {
            LoadError::at(
                format!("pieces: `{key}` is not a piece token: {e}"),
                key_pos,
            )
        })?;
        if !on_board.contains(&token) {
            return Err(LoadError::at(
                format!("pieces: `{key}` is not a piece on the board"),
                key_pos,
            ));
        }
        let color = match style.color {
            None => None,
            Some(text) => Some(Color::parse(&text).ok_or_else(|| {
                LoadError::at(
                    format!(
                        "pieces: `{key}` has colour \"{}\"; write colours as \"#rrggbb\" \
                         (for example \"#c0392b\")",
                        echo(&text)
                    ),
                    field_pos("color"),
                )
            })?),
        };
        if style.kind.as_deref().is_some_and(|k| k.trim().is_empty()) {
            return Err(LoadError::at(
                format!("pieces: `{key}` has an empty kind; give the kind a name or leave it out"),
                field_pos("kind"),
            ));
        }
        let style = PieceStyle {
            name: style.name,
            color,
            kind: style.kind,
        };
        if !style.is_default() {
            puzzle.styles.insert(token, style);
        }
    }
    Ok(puzzle)
}

/// Reads and parses a puzzle file.
///
/// # Errors
/// A [`LoadError`] for unreadable files and everything [`parse`] refuses.
pub fn load(path: &Path) -> Result<Puzzle, LoadError> {
    parse(&read_text(path)?)
}

/// The largest puzzle file (or batch list) Blockslide reads: 4 MiB. The largest board,
/// 32x32 with three-character tokens and a goal, with long notes, is well under 100 KB; the
/// limit keeps a wrong path (a disk image, a log) from being read whole, and keeps the
/// loader's peak memory small.
pub const MAX_FILE_BYTES: u64 = 4 << 20;

/// Opens `path` for reading only if it is a regular file (symbolic links followed), and
/// returns it with its size.
///
/// On Unix the file is opened without blocking, so a FIFO is refused instead of waiting for
/// a writer for ever; the check is made on the opened handle, so the file cannot be swapped
/// between the check and the read.
///
/// # Errors
/// The I/O error, or an [`std::io::ErrorKind::InvalidInput`] error when `path` is a
/// directory, a FIFO, a socket or a device.
pub fn open_regular(path: &Path) -> std::io::Result<(std::fs::File, u64)> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        let what = if meta.is_dir() {
            "a directory"
        } else {
            "not a regular file (a FIFO, socket or device)"
        };
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("it is {what}"),
        ));
    }
    Ok((file, meta.len()))
}

/// Reads a puzzle file's text (or a batch list's), with a clear message when it cannot be
/// read. A leading byte-order mark is dropped.
///
/// Only regular files of at most [`MAX_FILE_BYTES`] are read; anything else is refused
/// before reading, so a FIFO or `/dev/zero` neither hangs nor fills memory.
///
/// # Errors
/// A [`LoadError`] naming the file and the reason (without position), or, for text that is
/// not UTF-8, the line and column of the first bad byte.
pub fn read_text(path: &Path) -> Result<String, LoadError> {
    use std::io::Read as _;
    let shown = echo(&path.display().to_string());
    let refuse = |why: String| LoadError {
        message: format!("cannot read {shown}: {why}"),
        line: None,
        column: None,
    };
    let too_large = |size: u64| {
        refuse(format!(
            "it is {size} bytes, more than the {} MiB a puzzle file may have",
            MAX_FILE_BYTES >> 20
        ))
    };
    let (file, size) = open_regular(path).map_err(|e| refuse(e.to_string()))?;
    if size > MAX_FILE_BYTES {
        return Err(too_large(size));
    }
    // The size was checked on the handle, but a file can grow while it is read: read at most
    // one byte past the limit to notice.
    let mut bytes = Vec::with_capacity(size as usize);
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| refuse(e.to_string()))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large(bytes.len() as u64));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        // `valid_up_to` marks the end of a valid UTF-8 prefix, so this never falls back.
        let prefix = normalize(std::str::from_utf8(valid).unwrap_or_default());
        let line = 1 + prefix.matches('\n').count();
        let column = 1 + prefix.chars().rev().take_while(|&c| c != '\n').count();
        LoadError {
            message: format!("{shown} is not UTF-8 text"),
            line: Some(line),
            column: Some(column),
        }
    })?;
    let mut text = text;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

/// A RON string literal for `text`, escaping only what must be escaped so that notes stay
/// readable (apostrophes and accented letters are written as they are).
fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for ch in text.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The puzzle as file text (format version 1): one row per line, tokens aligned in columns,
/// the goal grid aligned with the board.
pub fn to_ron_string(puzzle: &Puzzle) -> String {
    let board = puzzle.board_texts();
    let goal = puzzle.goal_texts();
    // one width for both grids, so the goal lines up under the board
    let width = column_width(&board).max(column_width(&goal));
    let rows_of = |texts: &[String]| align_rows(texts, puzzle.cols, width);

    let mut out = String::new();
    // `write!` to a String cannot fail; the results are ignored below for that reason.
    let _ = writeln!(out, "(\n    format: {FORMAT_VERSION},");
    let _ = writeln!(out, "    name: {},", quote(&puzzle.name));
    if !puzzle.notes.is_empty() {
        let _ = writeln!(out, "    notes: {},", quote(&puzzle.notes));
    }
    if let Some(metric) = puzzle.metric {
        let _ = writeln!(out, "    metric: {metric:?},");
    }
    out.push_str("    board: [\n");
    for row in rows_of(&board) {
        let _ = writeln!(out, "        {},", quote(&row));
    }
    out.push_str("    ],\n");
    if !puzzle.goal.is_empty() || puzzle.goal.anywhere {
        out.push_str("    goal: (\n");
        let _ = writeln!(out, "        anywhere: {},", puzzle.goal.anywhere);
        out.push_str("        cells: [\n");
        for row in rows_of(&goal) {
            let _ = writeln!(out, "            {},", quote(&row));
        }
        out.push_str("        ],\n    ),\n");
    }
    let on_board = puzzle.tokens_on_board();
    let entries: Vec<(Token, Vec<String>)> = puzzle
        .styles
        .iter()
        .filter(|(t, _)| on_board.contains(t))
        .map(|(t, style)| (*t, style_fields(style)))
        .filter(|(_, fields)| !fields.is_empty())
        .collect();
    if !entries.is_empty() {
        out.push_str("    pieces: {\n");
        for (token, fields) in entries {
            let key = format!("{}:", quote(token.as_str()));
            let _ = writeln!(out, "        {key:<6} ({}),", fields.join(", "));
        }
        out.push_str("    },\n");
    }
    out.push_str(")\n");
    out
}

/// The fields of a `pieces` entry; a blank kind means "its own kind" and is not written.
fn style_fields(style: &PieceStyle) -> Vec<String> {
    let mut fields = Vec::new();
    if let Some(name) = &style.name {
        fields.push(format!("name: {}", quote(name)));
    }
    if let Some(color) = style.color {
        fields.push(format!("color: \"{color}\""));
    }
    if let Some(kind) = style.kind.as_deref().filter(|k| !k.trim().is_empty()) {
        fields.push(format!("kind: {}", quote(kind)));
    }
    fields
}

/// Writes the puzzle to `path` atomically (a temporary file in the same folder, then rename).
///
/// The text is flushed and synced before the rename, so the file at `path` is always either
/// the old one or the complete new one, never a partial write.
///
/// # Errors
/// The I/O error, with the file untouched.
pub fn save(path: &Path, puzzle: &Puzzle) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let mut temp = tempfile::Builder::new()
        .prefix(".blockslide-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    temp.write_all(to_ron_string(puzzle).as_bytes())?;
    temp.flush()?;
    temp.as_file().sync_all()?;
    temp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const KLOTSKI: &str = r##"(
    format: 1,
    name: "Klotski",
    notes: "Bring the 2x2 block to the exit at the bottom.",   // optional
    metric: Move,
    board: [
        "B A A C",
        "B A A C",
        "D E E F",
        "D G H F",
        "I . . J",
    ],
    goal: (
        anywhere: false,
        cells: [
            ". . . .",
            ". . . .",
            ". . . .",
            ". A A .",
            ". A A .",
        ],
    ),
    pieces: { "A": (name: "Cao Cao", color: "#c0392b"), "G": (kind: "soldier"), "H": (kind: "soldier") },
)"##;

    fn err(text: &str) -> LoadError {
        parse(text).unwrap_err()
    }

    #[test]
    fn loads_the_issue_example() {
        let p = parse(KLOTSKI).unwrap();
        assert_eq!((p.rows, p.cols), (5, 4));
        assert_eq!(p.metric, Some(Metric::Move));
        let a = Token::new("A").unwrap();
        assert_eq!(p.styles[&a].name.as_deref(), Some("Cao Cao"));
        assert_eq!(p.styles[&a].color, Color::parse("#c0392b"));
        assert_eq!(p.goal.cells[13], Some(a));
        assert_eq!(parse(&to_ron_string(&p)).unwrap(), p);
    }

    #[test]
    fn minimal_file() {
        let p = parse("(format: 1, board: [\"A .\"])").unwrap();
        assert!(p.goal.is_empty());
        assert_eq!(p.name, "");
        assert_eq!(parse(&to_ron_string(&p)).unwrap(), p);
    }

    #[test]
    fn future_version_is_refused() {
        let e = err("(\n  format: 2,\n  board: [\"A\"],\n  teleporters: [],\n)");
        assert!(e.message.contains("format version 2"), "{}", e.message);
        assert!(e.message.contains("format version 1"), "{}", e.message);
        assert_eq!((e.line, e.column), (Some(2), Some(11)));
    }

    #[test]
    fn syntax_errors_have_positions() {
        let e = err("(\n  format: 1,\n  board: [\"A\"\n  \"B\"],\n)");
        assert_eq!(e.line, Some(4), "{e:?}");
        let e = err("(\n  format: 1,\n  board: [\"A\"],\n  colour: 3,\n)");
        assert_eq!(e.line, Some(4), "{e:?}");
    }

    #[test]
    fn semantic_errors_point_at_tokens() {
        let e = err("(format: 1, board: [\n  \"A B\",\n  \"A B C\",\n])");
        assert_eq!(e.message, "row 1 has 3 cells but row 0 has 2");
        assert_eq!((e.line, e.column), (Some(3), Some(8)));
        let e = err("(format: 1, board: [\n  \"A B\",\n  \"A-1 B\",\n])");
        assert_eq!((e.line, e.column), (Some(3), Some(4)));
        let e = err("(format: 1, board: [\"A B\"], goal: (cells: [\". #\"]))");
        assert_eq!((e.line, e.column), (Some(1), Some(47)));
        let e = err("(format: 1, board: [\"A B\"], pieces: { \"Z\": (name: \"z\") })");
        assert_eq!(e.message, "pieces: `Z` is not a piece on the board");
        assert_eq!((e.line, e.column), (Some(1), Some(39)));
    }
}
