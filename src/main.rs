//! The `blockslide` binary: the desktop app when run without a subcommand, and the CLI for
//! scripts and benchmarks: `check`, `solve`, `count`, `batch`, `generate`, `bench`, `import`,
//! `export`, `analyze` and `explore`.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    map_large_blocks();
    cli::run()
}

/// Has glibc's malloc serve every block of 1 MiB or more from a mapping of its own, given back
/// to the system when the block is freed. By default that threshold rises, as blocks are
/// freed, up to 32 MiB, and the memory of smaller blocks stays with the process once freed: the
/// walks on sorted layers, which hold and free blocks of a few megabytes by the hundred (one
/// set of buffers a thread), then kept 30 to 90 MiB more resident than the memory they count
/// against `--max-memory` (300 MiB, on 1 to 64 threads). Mapped, those blocks cost a few
/// percent more time (fresh pages to fault in), and resident memory stays below the count.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn map_large_blocks() {
    // SAFETY: `mallopt` only sets a tunable of the allocator, before any other thread runs.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 1 << 20);
    }
}

/// Elsewhere the allocator's own policy stands.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn map_large_blocks() {}
