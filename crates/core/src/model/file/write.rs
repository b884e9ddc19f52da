//! Writing puzzles: the file text, aligned for reading by hand, and atomic saving.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};

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

/// Writes the puzzle to `path` atomically: a temporary file with an unpredictable name in the
/// same folder, flushed and synced, renamed over the target, and the folder synced, so the
/// file at `path` is always either the old one or the complete new one, even after a crash.
///
/// - A symbolic link is written through: the file it points to is replaced and the link
///   stays a link.
/// - An existing file keeps its permissions; a new file gets the usual mode for new files
///   (0666 less the process's umask), not the temporary file's private 0600.
///
/// # Errors
/// The I/O error, with the file untouched.
pub fn save(path: &Path, puzzle: &Puzzle) -> std::io::Result<()> {
    write_atomically(path, to_ron_string(puzzle).as_bytes())
}

/// See [`save`]: `bytes` replace the file at `path` (through a symbolic link) atomically,
/// keeping its permissions.
///
/// # Errors
/// The I/O error, with the file untouched.
pub(crate) fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    // Write through links: the file the link names is the one to replace.
    let target = match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => std::fs::canonicalize(path)?,
        _ => path.to_path_buf(),
    };
    let dir = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let permissions = match std::fs::metadata(&target) {
        Ok(meta) => Some(meta.permissions()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => new_file_permissions(),
        Err(e) => return Err(e),
    };
    let mut temp = tempfile::Builder::new()
        .prefix(".blockslide-")
        .suffix(".tmp")
        .tempfile_in(&dir)?;
    temp.write_all(bytes)?;
    temp.flush()?;
    if let Some(permissions) = permissions {
        temp.as_file().set_permissions(permissions)?;
    }
    temp.as_file().sync_all()?;
    temp.persist(&target).map_err(|e| e.error)?;
    sync_dir(&dir)
}

/// The permissions a newly created file gets: 0666 less the umask (read from the kernel
/// without changing it, which `umask(2)` cannot do).
#[cfg(unix)]
#[expect(
    clippy::unnecessary_wraps,
    reason = "other systems have no umask to apply and return None"
)]
fn new_file_permissions() -> Option<std::fs::Permissions> {
    use std::os::unix::fs::PermissionsExt as _;
    let umask = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find_map(|l| l.strip_prefix("Umask:"))
                .and_then(|v| u32::from_str_radix(v.trim(), 8).ok())
        })
        .unwrap_or(0o022);
    Some(std::fs::Permissions::from_mode(0o666 & !umask))
}

/// Elsewhere the temporary file's own permissions stand.
#[cfg(not(unix))]
fn new_file_permissions() -> Option<std::fs::Permissions> {
    None
}

/// Makes a rename in `dir` durable: the directory entry is synced too.
#[cfg(unix)]
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    std::fs::File::open(dir)?.sync_all()
}

/// Directories cannot be opened for syncing here; the rename is as durable as the system
/// makes it.
#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> std::io::Result<()> {
    Ok(())
}
