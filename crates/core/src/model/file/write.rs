//! Writing puzzles: the file text, aligned for reading by hand, and atomic saving.

use std::fmt::Write as _;
use std::io::{self, Write as _};
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
    let version = if puzzle.has_movement_rules() {
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

/// How [`save_with`] treats what is already at the path. The default is what a user naming a
/// file expects: a symbolic link is written through, and a read-only file is refused.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SaveOptions {
    /// Replace a read-only file (one nobody may write to, such as mode 0444) instead of
    /// refusing it with [`SaveRefusal::ReadOnly`]: the mode says the file is to be kept, so only
    /// an explicit request (the CLI's `--force`) overrides it. The new file stays read-only.
    pub overwrite_read_only: bool,
    /// Replace a symbolic link at the path by the new file, leaving what it points to
    /// untouched, and refuse a device or a FIFO there ([`SaveRefusal::NotRegular`]) instead of
    /// writing into it. For files the program names inside a folder (`explore --write-top`):
    /// whatever sits at such a name was not chosen by the user and must not send the write
    /// out of the folder.
    pub replace_links: bool,
}

/// Why a save refused its path before writing anything. It travels inside the
/// [`std::io::Error`] the save functions return ([`SaveRefusal::of`] finds it), so a caller
/// that prints the error prints this message; it says what is in the way, and the caller
/// names the path.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SaveRefusal {
    /// A read-only file, and [`SaveOptions::overwrite_read_only`] is off.
    #[error("the file is read-only")]
    ReadOnly,
    /// A folder is at the path.
    #[error("it is a folder, not a file; name a file to write (inside that folder, say)")]
    Folder,
    /// The folder the file would go in does not exist.
    #[error("the folder {} does not exist; create it first", .0.display())]
    MissingFolder(PathBuf),
    /// What would be the file's folder is not a folder.
    #[error("{} is not a folder", .0.display())]
    NotAFolder(PathBuf),
    /// A device, FIFO or socket at a name the program chose ([`SaveOptions::replace_links`]).
    #[error(
        "it is not a regular file but a device, a FIFO or a socket; remove it or write elsewhere"
    )]
    NotRegular,
}

impl SaveRefusal {
    /// The refusal `e` carries, when a save refused its path.
    pub fn of(e: &io::Error) -> Option<&SaveRefusal> {
        e.get_ref()?.downcast_ref()
    }
}

impl From<SaveRefusal> for io::Error {
    fn from(refusal: SaveRefusal) -> io::Error {
        let kind = match refusal {
            SaveRefusal::ReadOnly => io::ErrorKind::PermissionDenied,
            SaveRefusal::Folder => io::ErrorKind::IsADirectory,
            SaveRefusal::MissingFolder(_) => io::ErrorKind::NotFound,
            SaveRefusal::NotAFolder(_) => io::ErrorKind::NotADirectory,
            SaveRefusal::NotRegular => io::ErrorKind::InvalidInput,
        };
        io::Error::new(kind, refusal)
    }
}

/// Saves the puzzle to `path` with the default [`SaveOptions`]; see [`save_with`].
///
/// # Errors
/// As [`save_with`].
pub fn save(path: &Path, puzzle: &Puzzle) -> io::Result<()> {
    save_with(path, puzzle, SaveOptions::default())
}

/// Writes the puzzle to `path`, as [`save_text`] writes its file text.
///
/// # Errors
/// As [`save_text`].
pub fn save_with(path: &Path, puzzle: &Puzzle, options: SaveOptions) -> io::Result<()> {
    save_text(path, &to_ron_string(puzzle), options)
}

/// Writes `text` to `path`, replacing only what is safe to replace.
///
/// - A regular file, or nothing, at `path` is replaced atomically: a temporary file with an
///   unpredictable name in the same folder, flushed and synced, renamed over the target, and
///   the folder synced, so the file at `path` is always either the old one or the complete
///   new one, even after a crash. An existing file keeps its permissions; a new file gets the
///   usual mode for new files (0666 less the process's umask), not the temporary file's 0600.
/// - A symbolic link is written through: the file it points to is replaced, the link stays a
///   link (with [`SaveOptions::replace_links`], the link itself is replaced instead).
/// - A device or a FIFO, and a standard stream reached through `/dev/stdout`, `/dev/fd/N` or
///   `/proc/self/fd/N` (whatever file the shell opened there), is written in place, appended
///   as `>>` would, as Unix tools do: renaming over it would put a regular file where the
///   device was (as root, even `/dev/null`). A FIFO without a reader waits for one.
/// - A read-only file is refused unless [`SaveOptions::overwrite_read_only`]; a folder, or a
///   missing folder to write in, is refused. Refusals carry a [`SaveRefusal`].
///
/// # Errors
/// A refusal or the I/O error; a file replaced atomically is then untouched.
pub fn save_text(path: &Path, text: &str, options: SaveOptions) -> io::Result<()> {
    match resolve(path, options)? {
        Target::Replace { path, permissions } => replace(&path, text.as_bytes(), permissions),
        Target::InPlace => write_in_place(path, text.as_bytes()),
    }
}

/// The refusal [`save_text`] would give for `path`, found without writing anything (nor
/// opening a FIFO), so that a command can check its output paths before long work.
///
/// # Errors
/// As [`save_text`]'s refusals, and the I/O error met looking at the path.
pub fn check_save_path(path: &Path, options: SaveOptions) -> io::Result<()> {
    resolve(path, options).map(drop)
}

/// How [`save_text`] writes, once its path is looked at.
enum Target {
    /// Replace the file at `path` (a regular file, or nothing) by renaming a temporary file
    /// over it, with `permissions` (`None`: the temporary file's own).
    Replace {
        path: PathBuf,
        permissions: Option<std::fs::Permissions>,
    },
    /// Write into what is there: a device, a FIFO, a standard stream.
    InPlace,
}

/// What to do with `path` under `options`: the one place the saving policy is decided.
fn resolve(path: &Path, options: SaveOptions) -> io::Result<Target> {
    let entry = match std::fs::symlink_metadata(path) {
        Ok(entry) => entry,
        Err(e)
            if matches!(
                e.kind(),
                io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
            ) =>
        {
            check_folder(path)?;
            return Ok(Target::Replace {
                path: path.to_path_buf(),
                permissions: new_file_permissions(),
            });
        }
        Err(e) => return Err(e),
    };
    let is_link = entry.file_type().is_symlink();
    if is_link && options.replace_links {
        // The rename replaces the link as an entry of its folder; its target is never opened.
        return Ok(Target::Replace {
            path: path.to_path_buf(),
            permissions: new_file_permissions(),
        });
    }
    let meta = if is_link {
        std::fs::metadata(path)?
    } else {
        entry
    };
    if meta.is_dir() {
        return Err(SaveRefusal::Folder.into());
    }
    if meta.permissions().readonly() && !options.overwrite_read_only {
        return Err(SaveRefusal::ReadOnly.into());
    }
    if meta.is_file() && !(is_link && names_a_standard_stream(path)) {
        // Through links: the file the link names is the one to replace.
        let path = if is_link {
            std::fs::canonicalize(path)?
        } else {
            path.to_path_buf()
        };
        return Ok(Target::Replace {
            path,
            permissions: Some(meta.permissions()),
        });
    }
    if options.replace_links && !meta.is_file() {
        return Err(SaveRefusal::NotRegular.into());
    }
    Ok(Target::InPlace)
}

/// The folder `path` goes in (`.` for a bare file name).
fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Refuses a path whose folder is missing or not a folder, before a temporary file is made
/// there (whose error would not say which).
fn check_folder(path: &Path) -> io::Result<()> {
    let folder = folder_of(path);
    match std::fs::metadata(&folder) {
        Ok(meta) if meta.is_dir() => Ok(()),
        Ok(_) => Err(SaveRefusal::NotAFolder(folder).into()),
        Err(e)
            if matches!(
                e.kind(),
                io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
            ) =>
        {
            Err(SaveRefusal::MissingFolder(folder).into())
        }
        Err(e) => Err(e),
    }
}

/// Whether the chain of links from `path` passes through the name of a standard stream
/// (`/dev/stdout`, `/dev/fd/1`, `/proc/self/fd/1`, ...). The file at the end is then one the
/// shell opened for this process, to be written where it is, as `> /dev/stdout` would:
/// renaming over it would swap the shell's file for another (or, as root, replace
/// `/dev/null` for `-o /dev/stderr 2>/dev/null`).
fn names_a_standard_stream(path: &Path) -> bool {
    let mut hop = path.to_path_buf();
    // As many links as the kernel follows (Linux's MAXSYMLINKS).
    for _ in 0..40 {
        if is_stream_name(&hop) {
            return true;
        }
        let Ok(next) = std::fs::read_link(&hop) else {
            return false;
        };
        hop = folder_of(&hop).join(next);
    }
    false
}

/// Whether `path` names a standard stream: `/dev/stdin`, `/dev/stdout`, `/dev/stderr`, or a
/// descriptor under `/dev/fd` or `/proc/PID/fd`. Its folder is resolved first, so `..` and
/// linked folders (`/dev/fd` is `/proc/self/fd` on Linux) are seen through.
fn is_stream_name(path: &Path) -> bool {
    let (Some(name), Ok(folder)) = (path.file_name(), std::fs::canonicalize(folder_of(path)))
    else {
        return false;
    };
    let descriptors = folder == Path::new("/dev/fd")
        || (folder.starts_with("/proc") && folder.file_name() == Some("fd".as_ref()));
    let stream = folder == Path::new("/dev")
        && ["stdin", "stdout", "stderr"].contains(&name.to_str().unwrap_or_default());
    descriptors || stream
}

/// Writes `bytes` into the file at `path` as it is: appended, so that through a standard
/// stream the text follows what is already there (as with `>>`); a device or a FIFO has no end
/// to append to. Not synced: devices and pipes cannot be.
fn write_in_place(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = std::fs::OpenOptions::new().append(true).open(path)?;
    file.write_all(bytes)?;
    file.flush()
}

/// Replaces the regular file at `target` (or creates it) atomically with `bytes`, giving it
/// `permissions` (see [`save_text`]).
fn replace(
    target: &Path,
    bytes: &[u8],
    permissions: Option<std::fs::Permissions>,
) -> io::Result<()> {
    let dir = folder_of(target);
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
    temp.persist(target).map_err(|e| e.error)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle() -> Puzzle {
        Puzzle::from_rows(&["A ."], &[". A"]).unwrap()
    }

    fn refusal(result: io::Result<()>) -> SaveRefusal {
        let e = result.expect_err("the save is refused");
        SaveRefusal::of(&e)
            .unwrap_or_else(|| panic!("not a refusal: {e}"))
            .clone()
    }

    #[cfg(unix)]
    #[test]
    fn a_read_only_file_is_kept_unless_overwriting_is_asked_for() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("kept.ron");
        std::fs::write(&path, "old").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
        let options = SaveOptions::default();
        assert_eq!(
            refusal(check_save_path(&path, options)),
            SaveRefusal::ReadOnly
        );
        let e = save(&path, &puzzle()).unwrap_err();
        assert_eq!(e.to_string(), "the file is read-only");
        assert_eq!(e.kind(), io::ErrorKind::PermissionDenied);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
        // Through a link too: the file it names is the one that is read-only.
        let link = dir.path().join("link.ron");
        std::os::unix::fs::symlink(&path, &link).unwrap();
        assert_eq!(refusal(save(&link, &puzzle())), SaveRefusal::ReadOnly);

        let overwrite = SaveOptions {
            overwrite_read_only: true,
            ..SaveOptions::default()
        };
        check_save_path(&path, overwrite).unwrap();
        save_with(&path, &puzzle(), overwrite).unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            to_ron_string(&puzzle())
        );
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o444, "the file stays read-only");
    }

    #[test]
    fn a_folder_or_a_missing_folder_is_refused_by_name() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(refusal(save(dir.path(), &puzzle())), SaveRefusal::Folder);
        assert_eq!(
            refusal(save(Path::new("."), &puzzle())),
            SaveRefusal::Folder
        );
        let e = save(dir.path(), &puzzle()).unwrap_err();
        assert!(e.to_string().starts_with("it is a folder"), "{e}");
        let missing = dir.path().join("missing");
        let path = missing.join("p.ron");
        assert_eq!(
            refusal(check_save_path(&path, SaveOptions::default())),
            SaveRefusal::MissingFolder(missing.clone())
        );
        assert_eq!(
            refusal(save(&path, &puzzle())),
            SaveRefusal::MissingFolder(missing)
        );
        let file = dir.path().join("file.ron");
        std::fs::write(&file, "old").unwrap();
        assert_eq!(
            refusal(save(&file.join("p.ron"), &puzzle())),
            SaveRefusal::NotAFolder(file.clone())
        );
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "old");
    }

    /// Makes a FIFO at `path`.
    #[cfg(unix)]
    fn mkfifo(path: &Path) {
        use std::os::unix::ffi::OsStrExt as _;
        let name = std::ffi::CString::new(path.as_os_str().as_bytes()).unwrap();
        // SAFETY: `name` is a NUL-terminated path that outlives the call.
        let made = unsafe { libc::mkfifo(name.as_ptr(), 0o644) };
        assert_eq!(made, 0, "mkfifo {}", path.display());
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_written_into_and_stays_a_fifo() {
        use std::os::unix::fs::FileTypeExt as _;
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo");
        mkfifo(&fifo);
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
        };
        save(&fifo, &puzzle()).unwrap();
        // Checked before waiting for the reader, which waits for ever if the FIFO was
        // replaced.
        let kind = std::fs::symlink_metadata(&fifo).unwrap().file_type();
        assert!(kind.is_fifo(), "still a FIFO: {kind:?}");
        assert_eq!(reader.join().unwrap(), to_ron_string(&puzzle()));
        // At a name the program chose, it is refused without being opened (which would wait
        // for a reader).
        let in_folder = SaveOptions {
            replace_links: true,
            ..SaveOptions::default()
        };
        assert_eq!(
            refusal(save_with(&fifo, &puzzle(), in_folder)),
            SaveRefusal::NotRegular
        );
        assert!(
            std::fs::symlink_metadata(&fifo)
                .unwrap()
                .file_type()
                .is_fifo()
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_link_to_a_device_writes_into_the_device_and_leaves_it_one() {
        use std::os::unix::fs::FileTypeExt as _;
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("link.ron");
        std::os::unix::fs::symlink("/dev/null", &link).unwrap();
        save(&link, &puzzle()).unwrap();
        let null = std::fs::symlink_metadata("/dev/null").unwrap().file_type();
        assert!(null.is_char_device(), "/dev/null is still a device");
        assert_eq!(std::fs::read_link(&link).unwrap(), Path::new("/dev/null"));
        // A device named directly is written in place too.
        save(Path::new("/dev/null"), &puzzle()).unwrap();
        assert!(
            std::fs::symlink_metadata("/dev/null")
                .unwrap()
                .file_type()
                .is_char_device()
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_link_at_a_name_the_program_chose_is_replaced_and_its_target_kept() {
        let dir = tempfile::tempdir().unwrap();
        let outside = dir.path().join("outside.ron");
        std::fs::write(&outside, "theirs").unwrap();
        let folder = dir.path().join("results");
        std::fs::create_dir(&folder).unwrap();
        let planted = folder.join("hardest-1.ron");
        std::os::unix::fs::symlink(&outside, &planted).unwrap();
        let in_folder = SaveOptions {
            replace_links: true,
            ..SaveOptions::default()
        };
        save_with(&planted, &puzzle(), in_folder).unwrap();
        assert!(std::fs::symlink_metadata(&planted).unwrap().is_file());
        assert_eq!(
            std::fs::read_to_string(&planted).unwrap(),
            to_ron_string(&puzzle())
        );
        assert_eq!(std::fs::read_to_string(&outside).unwrap(), "theirs");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn standard_streams_are_recognised_through_links() {
        for name in ["/dev/stdout", "/dev/stderr", "/dev/fd/1", "/proc/self/fd/2"] {
            assert!(names_a_standard_stream(Path::new(name)), "{name}");
        }
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("out.ron");
        std::os::unix::fs::symlink("/dev/stderr", &link).unwrap();
        assert!(names_a_standard_stream(&link));
        let plain = dir.path().join("plain.ron");
        std::fs::write(&plain, "old").unwrap();
        let to_plain = dir.path().join("to-plain.ron");
        std::os::unix::fs::symlink(&plain, &to_plain).unwrap();
        assert!(!names_a_standard_stream(&to_plain));
        assert!(!names_a_standard_stream(Path::new("/dev/null")));
    }
}
