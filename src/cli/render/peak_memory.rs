//! The peak memory the commands report: the process's own, from the operating system, where
//! it says (the JSON's `peak_memory_estimated` is then false), else the search's estimate of
//! its data structures (`true`). Each of these commands runs one search in its own process, so
//! the process's peak is the search's. The core's reports hold the estimate; the CLI puts this
//! figure in its place.

use blockslide_core::report::PeakMemory;
use blockslide_core::solve::process_peak_memory;

/// The figure to report for a search that estimated `estimate` bytes.
pub fn of(estimate: u64) -> PeakMemory {
    match process_peak_memory() {
        Some(bytes) => PeakMemory::measured(bytes),
        None => PeakMemory::estimated(estimate),
    }
}

/// The figure in words, for the text reports: `412.3 MiB`, or `412.3 MiB (estimated)`.
pub fn text(estimate: u64) -> String {
    let peak = of(estimate);
    let shown = blockslide_core::model::text::bytes(peak.bytes());
    if peak.is_estimated() {
        format!("{shown} (estimated)")
    } else {
        shown
    }
}
