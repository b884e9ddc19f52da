//! What several reports share: the peak memory they give and the moves of a solution.

use serde::Serialize;

use crate::model::PieceMove;

/// The peak memory a report gives: `peak_memory_bytes`, and `peak_memory_estimated`, true when
/// the figure is the search's estimate of its data structures rather than a measurement of the
/// process. A report made from the core's data holds the estimate; a front end that runs one
/// search per process may put the process's measured peak in its place
/// ([`process_peak_memory`](crate::solve::process_peak_memory)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PeakMemory {
    peak_memory_bytes: u64,
    peak_memory_estimated: bool,
}

impl PeakMemory {
    /// A search's own estimate of its data structures, `bytes`.
    pub fn estimated(bytes: u64) -> PeakMemory {
        PeakMemory {
            peak_memory_bytes: bytes,
            peak_memory_estimated: true,
        }
    }

    /// The process's peak as the operating system measured it, `bytes`.
    pub fn measured(bytes: u64) -> PeakMemory {
        PeakMemory {
            peak_memory_bytes: bytes,
            peak_memory_estimated: false,
        }
    }

    /// The figure, in bytes.
    pub fn bytes(self) -> u64 {
        self.peak_memory_bytes
    }

    /// Whether the figure is an estimate rather than a measurement.
    pub fn is_estimated(self) -> bool {
        self.peak_memory_estimated
    }
}

/// One move of a solution: the piece and its unit steps (`"up"`, `"down"`, ...).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Move<'a> {
    piece: &'a str,
    steps: Vec<&'static str>,
}

impl<'a> From<&'a PieceMove> for Move<'a> {
    fn from(m: &'a PieceMove) -> Self {
        Move {
            piece: m.piece.as_str(),
            steps: m.steps.iter().map(|d| d.word()).collect(),
        }
    }
}

/// The moves of a solution as the reports write them.
pub(super) fn moves(moves: &[PieceMove]) -> Vec<Move<'_>> {
    moves.iter().map(Move::from).collect()
}
