//! Reading puzzle files (and batch lists) from disk: regular files only, of bounded size.

use std::path::Path;

use crate::model::text::{echo, normalize};

use super::error::LoadError;

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
