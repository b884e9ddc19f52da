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
    Cell, Color, GridError, Metric, PieceStyle, Puzzle, align_rows, column_width, parse_grid,
};
use super::source::{SourceMap, StringSpan, TextPos, scan};
use super::token::Token;

/// The file format version this build reads and writes.
pub const FORMAT_VERSION: u64 = 1;

/// Why a file could not be loaded.
///
/// It displays as a person reads it, `line 3, column 7: message` (or `line 3: message`, or
/// the message alone, when less is known); [`LoadError::in_file`] displays it the way
/// compilers and editors print positions, `FILE:3:7: message`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadError {
    /// What is wrong.
    pub message: String,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// 1-based column, when known.
    pub column: Option<usize>,
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.line, self.column) {
            (Some(line), Some(column)) => write!(f, "line {line}, column {column}: ")?,
            (Some(line), None) => write!(f, "line {line}: ")?,
            _ => {}
        }
        f.write_str(&self.message)
    }
}

impl std::error::Error for LoadError {}

/// A [`LoadError`] with the file it came from: see [`LoadError::in_file`].
#[derive(Clone, Copy, Debug)]
pub struct InFile<'a> {
    error: &'a LoadError,
    file: &'a Path,
}

impl std::fmt::Display for InFile<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:", self.file.display())?;
        match (self.error.line, self.error.column) {
            (Some(line), Some(column)) => write!(f, "{line}:{column}:")?,
            (Some(line), None) => write!(f, "{line}:")?,
            _ => {}
        }
        write!(f, " {}", self.error.message)
    }
}

impl LoadError {
    /// The error with the file it came from, displayed as compilers and editors print
    /// positions: `FILE:LINE:COLUMN: message` (`FILE:LINE: message`, or `FILE: message`,
    /// when less is known).
    pub fn in_file<'a>(&'a self, file: &'a Path) -> InFile<'a> {
        InFile { error: self, file }
    }

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
    board: Vec<String>,
    goal: Option<GoalV1>,
    #[serde(default)]
    pieces: BTreeMap<String, PieceV1>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "Goal")]
struct GoalV1 {
    #[serde(default)]
    anywhere: bool,
    cells: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "Piece")]
struct PieceV1 {
    name: Option<String>,
    color: Option<String>,
    kind: Option<String>,
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
            "unknown field `{found}` in {}; the fields are {}",
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
        code => code.to_string(),
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
/// # Errors
/// As [`parse`].
pub fn parse_with_source_map(text: &str) -> Result<(Puzzle, SourceMap), LoadError> {
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

#[expect(
    clippy::too_many_lines,
    reason = "one pass over the file's fields in the order they are written, each with its error"
)]
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
            return Err(LoadError::at(
                format!("pieces: `{key}` is listed twice; merge its entries into one"),
                Some(entry.key),
            ));
        }
    }
    for (key, style) in file.pieces {
        let entry = map.piece(&key);
        let key_pos = entry.map(|e| e.key).or(map.field("pieces"));
        let field_pos = |f: &str| entry.and_then(|e| e.fields.get(f).copied()).or(key_pos);
        let token = Token::new(&key).map_err(|e| {
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
                        "pieces: `{key}` has colour \"{text}\"; write colours as \"#rrggbb\" \
                         (for example \"#c0392b\")"
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

/// Reads a puzzle file's text, with a clear message when it cannot be read.
///
/// # Errors
/// A [`LoadError`] without position naming the file and the reason.
pub fn read_text(path: &Path) -> Result<String, LoadError> {
    let bytes = std::fs::read(path).map_err(|e| LoadError {
        message: format!("cannot read {}: {e}", path.display()),
        line: None,
        column: None,
    })?;
    String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        // Invariant: `valid_up_to` marks the end of a valid UTF-8 prefix.
        let prefix = std::str::from_utf8(valid).expect("valid UTF-8 prefix");
        let line = 1 + prefix.matches('\n').count();
        let column = 1 + prefix.chars().rev().take_while(|&c| c != '\n').count();
        LoadError {
            message: format!("{} is not UTF-8 text", path.display()),
            line: Some(line),
            column: Some(column),
        }
    })
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
    fn loads_the_documented_example() {
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
    fn errors_display_their_position_for_people_and_for_tools() {
        let e = err("(\n  format: 2,\n  board: [\"A\"],\n)");
        let message = e.message.clone();
        assert_eq!(e.to_string(), format!("line 2, column 11: {message}"));
        let file = Path::new("dir/p.ron");
        assert_eq!(
            e.in_file(file).to_string(),
            format!("dir/p.ron:2:11: {message}")
        );
        let only_line = LoadError {
            column: None,
            ..e.clone()
        };
        assert_eq!(only_line.to_string(), format!("line 2: {message}"));
        assert_eq!(
            only_line.in_file(file).to_string(),
            format!("dir/p.ron:2: {message}")
        );
        let nowhere = LoadError::at("unreadable", None);
        assert_eq!(nowhere.to_string(), "unreadable");
        assert_eq!(nowhere.in_file(file).to_string(), "dir/p.ron: unreadable");
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
