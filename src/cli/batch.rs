//! `blockslide batch`.

use super::{EXIT_ERROR, BatchArgs};

/// Runs `blockslide batch`.
pub fn run(_args: &BatchArgs) -> u8 {
    eprintln!("blockslide batch: not available yet");
    EXIT_ERROR
}
