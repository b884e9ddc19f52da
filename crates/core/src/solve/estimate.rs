//! What building a heuristic's tables will take, told before a search starts. The tile
//! engine's pattern databases fill it in; the front door hands it to the CLI and the app,
//! which show it before a long first build, so it lives here, beside the search core, where
//! every floor may read it without reaching into an engine.

use std::time::Duration;

use crate::model::text::bytes;

/// The first build of the tables a partition still lacks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BuildEstimate {
    /// Tables to build (the others are cached).
    pub tables: usize,
    /// Their entries, in all.
    pub entries: u64,
    /// A rough CPU time (the build shares it among the cores).
    pub cpu: Duration,
    /// The bytes the built tables take, in memory and in the cache.
    pub stored_bytes: u64,
    /// The most memory the build holds at once: every table of the partition and the
    /// working memory of the largest build.
    pub peak_bytes: u64,
}

impl BuildEstimate {
    /// One line for the user: `first build of 1 table (519 million entries): roughly 4 min 45 s
    /// of CPU, 259 MB cached, 1.6 GB of memory while building`.
    pub fn describe(&self) -> String {
        let secs = self.cpu.as_secs();
        let cpu = if secs >= 60 {
            format!("{} min {:02} s", secs / 60, secs % 60)
        } else {
            format!("{:.1} s", self.cpu.as_secs_f64())
        };
        format!(
            "first build of {} table{} ({:.1} million entries): roughly {cpu} of CPU, {} \
             cached, {} of memory while building",
            self.tables,
            if self.tables == 1 { "" } else { "s" },
            self.entries as f64 / 1e6,
            bytes(self.stored_bytes),
            bytes(self.peak_bytes),
        )
    }
}
