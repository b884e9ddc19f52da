//! `blockslide check`.

use super::{EXIT_ERROR, CheckArgs};

/// Runs `blockslide check`.
pub fn run(_args: &CheckArgs) -> u8 {
    eprintln!("blockslide check: not available yet");
    EXIT_ERROR
}
