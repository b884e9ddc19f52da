//! What the commands that save files share: how `--force` saves, the message of a save that
//! failed, the folder `-o DIR` names, and the numbered files a run writes there.

use std::io;
use std::path::{Path, PathBuf};

use blockslide_core::model::file::{SaveOptions, SaveRefusal, check_save_path};

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

/// Numbered files a command writes into `-o DIR` (`puzzle-1.ron`, ...): the saving rules every
/// such folder follows. Before any work, each file the run may write must be writable and no
/// earlier run's file may lie beyond the run's count (unless `--force`, which removes them once
/// the new files are written); afterwards, the earlier run's files this run did not replace
/// are removed, so the folder holds this run's files alone.
pub struct Numbered {
    /// The names' beginning: `puzzle-` for `puzzle-N.ron`.
    pub prefix: &'static str,
    /// What the files are, in the messages ("puzzles").
    pub what: &'static str,
    /// What bounds how many there are, `{n}` standing for the number ("--count {n}").
    pub bound: &'static str,
}

impl Numbered {
    /// The `n`th file's name.
    pub fn name(&self, n: usize) -> String {
        format!("{}{n}.ron", self.prefix)
    }

    /// Makes the folder and checks, before any work, that the run can write its `count` files
    /// there and leave no earlier run's file beyond them (unless `--force` removes it).
    ///
    /// # Errors
    /// A folder that is a file or cannot be made, a file that cannot be written, an earlier
    /// run's file beyond `count` without `--force`.
    pub fn prepare(&self, dir: &Path, count: usize, force: &ForceArgs) -> Result<(), String> {
        create_folder(dir)?;
        for i in 1..=count {
            let out = dir.join(self.name(i));
            check_save_path(&out, force.options()).map_err(|e| save_error(&out, &e))?;
        }
        let stale = self.numbered(dir, count)?;
        if !stale.is_empty() && !force.force {
            let names: Vec<String> = stale.iter().map(|&(n, _)| self.name(n)).collect();
            let them = if names.len() == 1 { "it" } else { "them" };
            return Err(format!(
                "{} holds {} from an earlier run, beyond {}; remove {them}, or pass \
                 --force to have {them} removed once the new {} are written",
                dir.display(),
                names.join(", "),
                self.bound.replace("{n}", &count.to_string()),
                self.what,
            ));
        }
        Ok(())
    }

    /// Removes what is left in `dir` of an earlier run once `written` files are: its numbers
    /// up to `count` this run did not reach (they would have been replaced), and with `force`
    /// those beyond `count`; the folder then holds this run's files alone.
    ///
    /// # Errors
    /// A file that cannot be removed, a folder that cannot be read.
    pub fn clear_earlier_run(
        &self,
        dir: &Path,
        written: usize,
        count: usize,
        force: bool,
    ) -> Result<(), String> {
        for (n, path) in self.numbered(dir, written)? {
            if n <= count || force {
                std::fs::remove_file(&path)
                    .map_err(|e| format!("cannot remove {}: {e}", path.display()))?;
            }
        }
        Ok(())
    }

    /// The files of this naming in `dir` numbered beyond `after`, in the order of their
    /// numbers.
    fn numbered(&self, dir: &Path, after: usize) -> Result<Vec<(usize, PathBuf)>, String> {
        let entries =
            std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
        let mut found = Vec::new();
        for entry in entries {
            let entry = entry.map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
            let name = entry.file_name();
            let Some(name) = name.to_str() else {
                continue;
            };
            let Some(n) = name
                .strip_prefix(self.prefix)
                .and_then(|s| s.strip_suffix(".ron"))
                .and_then(|digits| digits.parse::<usize>().ok())
            else {
                continue;
            };
            // Only the names this command writes (`puzzle-03.ron` is someone else's).
            if n > after && self.name(n) == name {
                found.push((n, entry.path()));
            }
        }
        found.sort_unstable();
        Ok(found)
    }
}
