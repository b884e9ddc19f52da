//! Reading puzzle files (and batch lists) from disk: regular files only, of bounded size,
//! UTF-8 text.

use std::path::Path;

use crate::model::text::{echo, normalize};

use super::error::LoadError;

/// The largest puzzle file Blockslide reads: 4 MiB. The largest board, 32x32 with
/// three-character tokens and a goal, with long notes, is well under 100 KB; the limit keeps
/// a wrong path (a disk image, a log) from being read whole, and keeps the loader's peak
/// memory small.
pub const MAX_FILE_BYTES: u64 = 4 << 20;

/// The most instances a batch list may hold (and `generate` prints in one run): 100,000.
/// Lists are bounded by their instances rather than their bytes, as an instance of a large
/// board takes a long line; each is a search, so a longer list is better split.
pub const MAX_LIST_INSTANCES: usize = 100_000;

/// The largest batch list (tile instances, one per line) Blockslide reads: 64 MiB. This limit
/// only keeps a wrong path from being read whole; it leaves room for [`MAX_LIST_INSTANCES`]
/// instances of boards up to 12x12 (a line of 144 numbers is under 600 bytes).
pub const MAX_LIST_BYTES: u64 = 64 << 20;

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
pub(crate) fn open_regular(path: &Path) -> std::io::Result<(std::fs::File, u64)> {
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

/// Reads a puzzle file's text, with a clear message when it cannot be read. A leading
/// byte-order mark is dropped.
///
/// Only regular files of at most [`MAX_FILE_BYTES`] are read; anything else is refused
/// before reading, so a FIFO or `/dev/zero` neither hangs nor fills memory.
///
/// # Errors
/// A [`LoadError`] naming the file and the reason (without position), or, for text that is
/// not UTF-8 (UTF-16 and other text holding NUL bytes included), the line and column of the
/// first bad byte.
pub fn read_text(path: &Path) -> Result<String, LoadError> {
    read_bounded(path, MAX_FILE_BYTES, "a puzzle file")
}

/// Reads a batch list's text (tile instances, one per line), as [`read_text`] reads a puzzle
/// file but up to [`MAX_LIST_BYTES`].
///
/// # Errors
/// As [`read_text`], the size refused naming a batch list.
pub fn read_list(path: &Path) -> Result<String, LoadError> {
    read_bounded(path, MAX_LIST_BYTES, "a batch list")
}

/// Reads the text of `path`, `what` (for messages: "a puzzle file"), of at most `max` bytes.
pub(crate) fn read_bounded(path: &Path, max: u64, what: &str) -> Result<String, LoadError> {
    use std::io::Read as _;
    let shown = echo(&path.display().to_string());
    let refuse = |why: String| LoadError {
        message: format!("cannot read {shown}: {why}"),
        line: None,
        column: None,
    };
    let too_large = |size: u64| {
        refuse(format!(
            "it is {size} bytes, more than the {} MiB {what} may have",
            max >> 20
        ))
    };
    let (file, size) = open_regular(path).map_err(|e| refuse(e.to_string()))?;
    if size > max {
        return Err(too_large(size));
    }
    // The size was checked on the handle, but a file can grow while it is read: read at most
    // one byte past the limit to notice.
    let mut bytes = Vec::with_capacity(size as usize);
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| refuse(e.to_string()))?;
    if bytes.len() as u64 > max {
        return Err(too_large(bytes.len() as u64));
    }
    let mut text = match String::from_utf8(bytes) {
        Ok(text) => match text.find('\0') {
            None => text,
            Some(nul) => return Err(not_text(text.as_bytes(), nul, true)),
        },
        Err(e) => {
            let valid = e.utf8_error().valid_up_to();
            let bytes = e.as_bytes();
            let nul = bytes[..valid].iter().position(|&b| b == 0);
            return Err(not_text(bytes, nul.unwrap_or(valid), nul.is_some()));
        }
    };
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

/// The refusal of `bytes` (a file's) as text, at byte `index`: the first byte that is
/// not UTF-8, or the first NUL byte (`nul`). NUL is valid UTF-8, but no text file holds one,
/// and UTF-16 text of ASCII characters is every other byte NUL: without this check such a
/// file would pass as UTF-8 and fail to parse for no visible reason.
fn not_text(bytes: &[u8], index: usize, nul: bool) -> LoadError {
    let why = if bytes.starts_with(&[0xff, 0xfe]) || bytes.starts_with(&[0xfe, 0xff]) {
        "it starts with a UTF-16 byte-order mark; save it as UTF-8"
    } else if looks_like_utf16(bytes) {
        "it looks like UTF-16 (every other byte is NUL); save it as UTF-8"
    } else if nul {
        "it holds a NUL byte, which no text file has (is it a binary file?)"
    } else {
        "this byte is not UTF-8; save the file as UTF-8"
    };
    // Everything before `index` is UTF-8: it is the first byte that is not, or a NUL before it.
    let prefix = normalize(std::str::from_utf8(&bytes[..index]).unwrap_or_default());
    let line = 1 + prefix.matches('\n').count();
    let column = 1 + prefix.chars().rev().take_while(|&c| c != '\n').count();
    LoadError {
        // The file is named where the message is shown, with the line and column.
        message: format!("the file is not UTF-8 text: {why}"),
        line: Some(line),
        column: Some(column),
    }
}

/// Whether `bytes` look like UTF-16 without a byte-order mark: in most of the first 128
/// byte pairs, one side (the same side) is NUL, as ASCII characters are in UTF-16.
fn looks_like_utf16(bytes: &[u8]) -> bool {
    let pairs: Vec<&[u8]> = bytes.chunks_exact(2).take(128).collect();
    let count = |side: usize| {
        pairs
            .iter()
            .filter(|p| p[side] == 0 && p[1 - side] != 0)
            .count()
    };
    // Three quarters: a few characters outside ASCII (both bytes non-zero) do not hide it.
    !pairs.is_empty() && count(0).max(count(1)) * 4 >= pairs.len() * 3
}
