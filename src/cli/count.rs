//! `blockslide count`.

use super::{EXIT_ERROR, CountArgs};

/// Runs `blockslide count`.
pub fn run(_args: &CountArgs) -> u8 {
    eprintln!("blockslide count: not available yet");
    EXIT_ERROR
}
