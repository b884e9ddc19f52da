//! What the commands that save files share: how `--force` saves, the message of a save that
//! failed, and the folder `-o DIR` names.

use std::io;
use std::path::Path;

use blockslide_core::model::file::{SaveOptions, SaveRefusal};

use super::flags::ForceArgs;

impl ForceArgs {
    /// How to save under this flag: a read-only file is replaced only with `--force`.
    pub fn options(&self) -> SaveOptions {
        SaveOptions {
            overwrite_read_only: self.force,
            ..SaveOptions::default()
        }
    }
}

/// The message of a save to `path` that failed with `e`; for a read-only file, it names the
/// flag that replaces it.
pub fn save_error(path: &Path, e: &io::Error) -> String {
    let hint = match SaveRefusal::of(e) {
        Some(SaveRefusal::ReadOnly) => "; pass --force to replace it",
        _ => "",
    };
    format!("cannot write {}: {e}{hint}", path.display())
}

/// Makes the folder `-o DIR` names, with its parents, unless it is there.
///
/// # Errors
/// A message naming `dir`: an existing file that is not a folder (`/dev/full`, a puzzle
/// file), or the system's reason it cannot be made.
pub fn create_folder(dir: &Path) -> Result<(), String> {
    if let Ok(meta) = std::fs::metadata(dir)
        && !meta.is_dir()
    {
        return Err(format!(
            "cannot write into {}: not a folder (-o names the folder the files go into)",
            dir.display()
        ));
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))
}
