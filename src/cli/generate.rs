//! `blockslide generate`.

use super::{EXIT_ERROR, GenerateArgs};

/// Runs `blockslide generate`.
pub fn run(_args: &GenerateArgs) -> u8 {
    eprintln!("blockslide generate: not available yet");
    EXIT_ERROR
}
