//! The peak memory the commands report: the process's own, from the operating system.

use blockslide_core::solve::process_peak_memory;
use serde::Serialize;

/// The peak memory a command reports: the process's own, from the operating system, where it
/// says (the JSON's `peak_memory_estimated` is then false), else the search's estimate of its
/// data structures (`true`). Each of these commands runs one search in its own process, so the
/// process's peak is the search's.
#[derive(Serialize)]
pub struct PeakMemory {
    peak_memory_bytes: u64,
    peak_memory_estimated: bool,
}

impl PeakMemory {
    /// The figure to report for a search that estimated `estimate` bytes.
    pub fn of(estimate: u64) -> PeakMemory {
        match process_peak_memory() {
            Some(bytes) => PeakMemory {
                peak_memory_bytes: bytes,
                peak_memory_estimated: false,
            },
            None => PeakMemory {
                peak_memory_bytes: estimate,
                peak_memory_estimated: true,
            },
        }
    }

    /// The figure in words, for the text reports: `412.3 MiB`, or `412.3 MiB (estimated)`.
    pub fn text(estimate: u64) -> String {
        let peak = PeakMemory::of(estimate);
        let shown = blockslide_core::model::text::bytes(peak.peak_memory_bytes);
        if peak.peak_memory_estimated {
            format!("{shown} (estimated)")
        } else {
            shown
        }
    }
}
