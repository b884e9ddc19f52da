//! A solution as moves of concrete pieces, and its independent check: replaying it with the
//! model's own unit steps ([`Puzzle::step`]) and the model's goal test.

use serde::Serialize;

use super::{Dir, MoveError, Puzzle, Token};

/// One move of a concrete piece, with the unit steps it is made of.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceMove {
    /// The piece that moves (its real token, even when identical pieces were merged).
    pub piece: Token,
    /// The unit steps, in order; one for the step metric, several for slide and move.
    pub steps: Vec<Dir>,
}

impl PieceMove {
    /// Whether every unit step goes the same way: a straight slide (a move in the move metric
    /// may turn corners).
    pub fn is_straight(&self) -> bool {
        self.steps.windows(2).all(|w| w[0] == w[1])
    }
}

/// Why a solution does not replay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// A unit step is illegal in the position reached so far.
    #[error("move {index} (step {step}): {error}")]
    Illegal {
        /// 1-based index of the piece move.
        index: usize,
        /// 1-based index of the unit step within it.
        step: usize,
        /// What the model refused.
        error: MoveError,
    },
    /// Every step is legal but the final position does not satisfy the goal.
    #[error("the moves are legal but the final position does not satisfy the goal")]
    GoalNotReached,
}

/// Plays `moves` from `puzzle`'s start with the model's own unit steps ([`Puzzle::step`])
/// and returns the final position (as a puzzle whose start it is).
///
/// # Errors
/// [`ReplayError::Illegal`] at the first step the model refuses.
pub fn replay(puzzle: &Puzzle, moves: &[PieceMove]) -> Result<Puzzle, ReplayError> {
    let mut position = puzzle.clone();
    for (i, m) in moves.iter().enumerate() {
        for (j, &dir) in m.steps.iter().enumerate() {
            position
                .step(m.piece, dir)
                .map_err(|error| ReplayError::Illegal {
                    index: i + 1,
                    step: j + 1,
                    error,
                })?;
        }
    }
    Ok(position)
}

/// Checks a solution independently of the search: every unit step is legal on the model
/// and the final position satisfies the model's goal check.
///
/// # Errors
/// The first illegal step, or [`ReplayError::GoalNotReached`].
pub fn verify_solution(puzzle: &Puzzle, moves: &[PieceMove]) -> Result<(), ReplayError> {
    if replay(puzzle, moves)?.goal_satisfied() {
        Ok(())
    } else {
        Err(ReplayError::GoalNotReached)
    }
}
