//! What the commands that save files share: how `--force` saves, and the message of a save
//! that failed.

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
