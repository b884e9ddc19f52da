//! The RON file format, versions 1 and 2: loading with line and column for every error, and atomic
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
//! Format version 2 adds two fields for movement rules: `axis: Horizontal` (or `Vertical`)
//! in a `pieces` entry locks the piece to that axis, and `zones` draws cells only some pieces
//! may cover (see the `zones` module). A puzzle that uses neither is written as version 1, so
//! older builds keep reading it; both versions are read.
//!
//! Everything but `format` and `board` is optional. Saving writes only the styles of pieces
//! on the board and skips empty styles and blank kinds, so `parse(&to_ron_string(p)) == p`
//! for every puzzle whose styles all belong to pieces on the board and set at least one field,
//! with no blank kind (the loader refuses styles of absent pieces and blank kinds).

use std::path::Path;

use serde::Deserialize;

use super::puzzle::{Cell, Color, GridError, Metric, PieceStyle, Puzzle, parse_grid};
use super::rules::Axis;
use super::source::{SourceMap, TextPos, scan};
use super::text::{echo, normalize};
use super::token::Token;

mod bounded;
mod error;
mod read;
mod syntax;
mod version;
mod write;
mod zones;

use bounded::{board_rows, goal_rows, piece_entries, repeated_key};
use error::grid_error;
use syntax::puzzle_syntax_error;
use zones::ZonesText;

pub use error::{InFile, LoadError};
pub use read::{MAX_FILE_BYTES, MAX_LIST_BYTES, MAX_LIST_INSTANCES, read_list, read_text};
pub(crate) use read::{open_regular, read_bounded};
pub(crate) use syntax::{Wording, syntax_error};
pub use version::{BASE_FORMAT_VERSION, FORMAT_VERSION};
pub use write::{
    SaveOptions, SaveRefusal, check_save_path, save, save_text, save_with, to_ron_string,
};

/// Reads only the version, ignoring everything else, so that a newer file is refused with a
/// clear message instead of an error about a field this version does not know.
#[derive(Deserialize)]
#[serde(rename = "Puzzle")]
struct VersionProbe {
    format: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "Puzzle")]
struct FileText {
    format: u64,
    #[serde(default)]
    name: String,
    #[serde(default)]
    notes: String,
    metric: Option<Metric>,
    #[serde(deserialize_with = "board_rows")]
    board: Vec<String>,
    goal: Option<GoalV1>,
    /// In the order written, so that a key written twice is refused (see `bounded`).
    #[serde(default, deserialize_with = "piece_entries")]
    pieces: Vec<(String, PieceV1)>,
    zones: Option<ZonesText>,
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
    axis: Option<Axis>,
}

fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
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
    // The parser would say it expected a `(`: true, but not what went wrong.
    if text.trim().is_empty() {
        return Err(LoadError::at(
            "the file is empty: a puzzle file starts `(format: 1, board: [\"A .\", ...], ...)`, \
             as every file the app saves does",
            Some(TextPos { line: 1, column: 1 }),
        ));
    }
    let options = ron_options();
    match options.from_str::<VersionProbe>(text) {
        Ok(VersionProbe { format: None }) => {
            // A misspelt `format` is a field the puzzle does not have: name that one, where
            // it is written, rather than the one missing.
            if let Err(e) = options.from_str::<FileText>(text)
                && matches!(e.code, ron::error::Error::NoSuchStructField { .. })
            {
                return Err(puzzle_syntax_error(&e, text));
            }
            return Err(LoadError::at(
                format!(
                    "missing `format: {BASE_FORMAT_VERSION},` at the start of the puzzle: every \
                     puzzle file names its format version"
                ),
                Some(TextPos { line: 1, column: 1 }),
            ));
        }
        Ok(VersionProbe {
            format: Some(version),
        }) if !(BASE_FORMAT_VERSION..=FORMAT_VERSION).contains(&version) => {
            let map = scan(text);
            let message = if version > FORMAT_VERSION {
                format!(
                    "this file uses format version {version}, but this version of Blockslide \
                     reads format versions {BASE_FORMAT_VERSION} to {FORMAT_VERSION}; open it \
                     with a newer Blockslide"
                )
            } else {
                format!(
                    "unknown format version {version}; this version of Blockslide reads format \
                     versions {BASE_FORMAT_VERSION} to {FORMAT_VERSION}"
                )
            };
            return Err(LoadError::at(message, map.field("format")));
        }
        // A known version, or text the probe cannot read: the full parse reports the details.
        _ => {}
    }
    let file: FileText = options
        .from_str(text)
        .map_err(|e| puzzle_syntax_error(&e, text))?;
    let map = scan(text);
    let puzzle = build(file, &map)?;
    Ok((puzzle, map))
}

/// The puzzle a parsed file describes: one pass over its fields in the order they are
/// written, each with its error at its position in `map`.
fn build(file: FileText, map: &SourceMap) -> Result<Puzzle, LoadError> {
    if !(BASE_FORMAT_VERSION..=FORMAT_VERSION).contains(&file.format) {
        return Err(LoadError::at(
            format!(
                "unknown format version {}; this version of Blockslide reads format versions \
                 {BASE_FORMAT_VERSION} to {FORMAT_VERSION}",
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
        build_goal(&mut puzzle, &goal, map)?;
    }
    build_styles(&mut puzzle, file.pieces, file.format, map)?;
    if let Some(zones) = file.zones {
        if file.format < FORMAT_VERSION {
            return Err(LoadError::at(
                format!("zones need `format: {FORMAT_VERSION}` at the start of the file"),
                map.field("zones"),
            ));
        }
        puzzle.zones = zones::build(&zones, rows, cols, map)?;
    }
    Ok(puzzle)
}

/// Sets `puzzle`'s goal from the file's `goal` (its size checked against the board's, walls
/// refused), with positions from `map` in errors.
fn build_goal(puzzle: &mut Puzzle, goal: &GoalV1, map: &SourceMap) -> Result<(), LoadError> {
    let (rows, cols) = (puzzle.rows, puzzle.cols);
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
    Ok(())
}

/// The position of the key of entry `index` (whose key is `key`) of a map of the file, from
/// the entries the scanner found there (`spans`: key and position, in the order written), or
/// `None` when the scanner did not see the same entries (text it does not follow).
fn entry_key_pos<'a>(
    spans: impl IntoIterator<Item = (&'a str, TextPos)>,
    index: usize,
    key: &str,
) -> Option<TextPos> {
    spans
        .into_iter()
        .nth(index)
        .filter(|&(k, _)| k == key)
        .map(|(_, pos)| pos)
}

/// Sets the styles of `puzzle`'s pieces from the file's `pieces` map (written in format
/// version `format`): each key a piece on the board, listed once, its colour, kind and axis
/// well formed, with positions from `map` in errors.
fn build_styles(
    puzzle: &mut Puzzle,
    pieces: Vec<(String, PieceV1)>,
    format: u64,
    map: &SourceMap,
) -> Result<(), LoadError> {
    let on_board = puzzle.tokens_on_board();
    if let Some(index) = repeated_key(&pieces) {
        let key = &pieces[index].0;
        let spans = map.pieces.iter().map(|(k, e)| (k.as_str(), e.key));
        return Err(LoadError::at(
            format!(
                "pieces: `{}` is listed twice; merge its entries into one",
                echo(key)
            ),
            entry_key_pos(spans, index, key).or(map.field("pieces")),
        ));
    }
    for (written, style) in pieces {
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
        if style.axis.is_some() && format < FORMAT_VERSION {
            return Err(LoadError::at(
                format!(
                    "pieces: `{key}` has an axis, which needs `format: {FORMAT_VERSION}` at the \
                     start of the file"
                ),
                field_pos("axis"),
            ));
        }
        let style = PieceStyle {
            name: style.name,
            color,
            kind: style.kind,
            axis: style.axis.unwrap_or_default(),
        };
        if !style.is_default() {
            puzzle.styles.insert(token, style);
        }
    }
    Ok(())
}

/// Reads and parses a puzzle file.
///
/// # Errors
/// A [`LoadError`] for unreadable files and everything [`parse`] refuses.
pub fn load(path: &Path) -> Result<Puzzle, LoadError> {
    parse(&read_text(path)?)
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
        let e = err("(\n  format: 3,\n  board: [\"A\"],\n  teleporters: [],\n)");
        assert!(e.message.contains("format version 3"), "{}", e.message);
        assert!(
            e.message.contains("format versions 1 to 2"),
            "{}",
            e.message
        );
        assert_eq!((e.line, e.column), (Some(2), Some(11)));
    }

    #[test]
    fn errors_display_their_position_for_people_and_for_tools() {
        let e = err("(\n  format: 3,\n  board: [\"A\"],\n)");
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
        // A comma missing between rows is placed after the first row, where it belongs.
        let e = err("(\n  format: 1,\n  board: [\"A\"\n  \"B\"],\n)");
        assert_eq!((e.line, e.column), (Some(3), Some(14)), "{e:?}");
        let e = err("(\n  format: 1,\n  board: [\"A\"],\n  colour: 3,\n)");
        assert_eq!(e.line, Some(4), "{e:?}");
    }

    #[test]
    fn an_unknown_choice_names_the_choices() {
        let e = err("(format: 2, board: [\"A\"], pieces: {\"A\": (axis: Diagonal)})");
        assert!(e.message.contains("`Diagonal`"), "{e:?}");
        assert!(e.message.contains("one of"), "{e:?}");
    }

    #[test]
    fn an_empty_file_says_so() {
        for text in ["", "  \n\t\n"] {
            let e = err(text);
            assert!(e.message.starts_with("the file is empty"), "{e:?}");
            assert_eq!((e.line, e.column), (Some(1), Some(1)));
        }
    }

    #[test]
    fn a_quoted_choice_names_the_choices() {
        let e = err("(format: 2, board: [\"A\"], pieces: {\"A\": (axis: \"diagonal\")})");
        assert_eq!(
            e.message,
            "unknown axis \"diagonal\"; it is one of `Free`, `Horizontal`, `Vertical`, written \
             without quotes",
        );
        let e = err("(format: 2, board: [\"A\"], pieces: {\"A\": (axis: \"vertical\")})");
        assert_eq!(e.message, "write `axis: Vertical`, without quotes");
        let e = err("(format: 2, metric: \"move\", board: [\"A\"])");
        assert_eq!(e.message, "write `metric: Move`, without quotes");
    }

    #[test]
    fn a_misspelt_format_is_named_where_it_is_written() {
        let e = err("(\n  fromat: 1,\n  board: [\"A\"],\n)");
        assert_eq!((e.line, e.column), (Some(2), Some(3)), "{e:?}");
        assert!(e.message.contains("fromat"), "{e:?}");
        let e = err("(\n  board: [\"A\"],\n)");
        assert!(e.message.contains("missing `format"), "{e:?}");
    }

    #[test]
    fn a_file_cut_short_says_so() {
        let whole = "(format: 1, name: \"a name\", board: [\"A .\"], goal: (cells: [\". A\"]))";
        assert!(parse(whole).is_ok());
        for end in [20, 30, 45, whole.len() - 2] {
            let e = err(&whole[..end]);
            assert!(e.message.contains("cut short"), "{end}: {e:?}");
            assert!(e.message.ends_with("is not closed"), "{end}: {e:?}");
        }
        assert!(
            err(&whole[..20])
                .message
                .ends_with("the string at line 1, column 19 is not closed")
        );
        assert!(
            err(&whole[..36])
                .message
                .ends_with("the `[` at line 1, column 36 is not closed")
        );
        let e = err("(format: 1, board: [\"A\"], colour: 3)");
        assert!(!e.message.contains("cut short"), "{e:?}");
        // A bracket left open by a typo, with the file going on after it, is not a file cut
        // short: the parser's own message says where it went wrong.
        let e = err("(format: 1, board: [\"A\"], pieces: {\"A\": (axis: Free}, name: \"x\")");
        assert!(!e.message.contains("cut short"), "{e:?}");
    }

    #[test]
    fn semantic_errors_point_at_tokens() {
        let e = err("(format: 1, board: [\n  \"A B\",\n  \"A B C\",\n])");
        assert_eq!(e.message, "row 2 has 3 cells but row 1 has 2");
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
