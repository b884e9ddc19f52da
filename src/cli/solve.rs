//! `blockslide solve`.

use super::{EXIT_ERROR, SolveArgs};

/// Runs `blockslide solve`.
pub fn run(_args: &SolveArgs) -> u8 {
    eprintln!("blockslide solve: not available yet");
    EXIT_ERROR
}
