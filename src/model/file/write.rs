//! Writing puzzles: the file text, aligned for reading by hand, and atomic saving.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;

use crate::model::puzzle::{PieceStyle, Puzzle, align_rows, column_width};
use crate::model::rules::{Axis, ZoneRight};
use crate::model::token::Token;

use super::version::{BASE_FORMAT_VERSION, FORMAT_VERSION};

/// A RON string literal for `text`, escaping only what must be escaped so that notes stay
/// readable (apostrophes and accented letters are written as they are).
pub(super) fn quote(text: &str) -> String {
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

/// The puzzle as file text: one row per line, tokens aligned in columns, the goal and zone
/// grids aligned with the board. Format version 2 only when the puzzle has axis-locked pieces
/// or zones, else version 1.
pub fn to_ron_string(puzzle: &Puzzle) -> String {
    let board = puzzle.board_texts();
    let goal = puzzle.goal_texts();
    // one width for both grids, so the goal lines up under the board
    let zone_grid = zone_grid_texts(puzzle);
    let width = column_width(&board)
        .max(column_width(&goal))
        .max(column_width(&zone_grid));
    let rows_of = |texts: &[String]| align_rows(texts, puzzle.cols, width);

    let mut out = String::new();
    // `write!` to a String cannot fail; the results are ignored below for that reason.
    let version = if puzzle.has_family_rules() {
        FORMAT_VERSION
    } else {
        BASE_FORMAT_VERSION
    };
    let _ = writeln!(out, "(\n    format: {version},");
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
    if !puzzle.zones.is_empty() {
        write_zones(&mut out, puzzle, &rows_of(&zone_grid));
    }
    out.push_str(")\n");
    out
}

/// The zone grid as file tokens (a zone's name, `.` outside every zone), row-major. A cell
/// in several zones shows the first; the file form draws each cell in one zone.
fn zone_grid_texts(puzzle: &Puzzle) -> Vec<String> {
    (0..puzzle.rows * puzzle.cols)
        .map(|cell| {
            puzzle
                .zones
                .iter()
                .find(|z| z.cells.get(cell).copied().unwrap_or(false))
                .map_or_else(|| ".".to_string(), |z| z.name.to_string())
        })
        .collect()
}

/// Writes the `zones` field: the grid, then who may enter each zone.
fn write_zones(out: &mut String, puzzle: &Puzzle, rows: &[String]) {
    out.push_str("    zones: (\n        grid: [\n");
    for row in rows {
        let _ = writeln!(out, "            {},", quote(row));
    }
    out.push_str("        ],\n        allow: {\n");
    for zone in &puzzle.zones {
        let rights: Vec<String> = zone
            .allow
            .iter()
            .map(|right| match right {
                ZoneRight::Piece(t) => format!("Piece({})", quote(t.as_str())),
                ZoneRight::Kind(k) => format!("Kind({})", quote(k)),
            })
            .collect();
        let _ = writeln!(
            out,
            "            {}: [{}],",
            quote(zone.name.as_str()),
            rights.join(", ")
        );
    }
    out.push_str("        },\n    ),\n");
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
    if style.axis != Axis::Free {
        fields.push(format!("axis: {:?}", style.axis));
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
