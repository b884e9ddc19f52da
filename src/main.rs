//! The `blockslide` binary: the desktop app when run without a subcommand, and the CLI for
//! scripts and benchmarks, with thirteen subcommands: `check`, `solve`, `count`, `analyze`,
//! `explore`, `family`, `batch`, `generate`, `improve`, `suggest`, `bench`, `import` and
//! `export` (a puzzle in another notation, or as a playable web page: `export html FILE -o
//! puzzle.html`).

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    map_large_blocks();
    cli::run()
}

/// Keeps glibc's malloc serving every block of 128 KiB or more from a mapping of its own,
/// given back to the system when the block is freed. That is glibc's default threshold, but
/// left to itself glibc raises it, up to 32 MiB, as such blocks are freed, and keeps the
/// memory of smaller blocks once freed, for reuse: the walks on sorted layers, which hold and
/// free blocks of a few megabytes by the hundred (a set of buffers a thread), then kept up to
/// 150 MiB more resident than the memory they count against `--max-memory` (300 MiB, on 1 to
/// 64 threads). With the threshold fixed, resident memory stays within the count and the few
/// megabytes of the program itself, for a few percent more time (fresh pages to fault in).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn map_large_blocks() {
    // SAFETY: `mallopt` only sets a tunable of the allocator, before any other thread runs.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 << 10);
    }
}

/// Elsewhere the allocator's own policy stands.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn map_large_blocks() {}
