//! How a game is scored: its moves counted in a metric, its result against the optimum and
//! the best so far, and the key that best is kept under.

use serde::{Deserialize, Serialize};

use blockslide_core::model::{Dir, Metric, Puzzle, Token};

use crate::common::format::unit_name;

/// One unit step of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayedStep {
    /// The piece that moved.
    pub piece: Token,
    /// Where it went.
    pub dir: Dir,
    /// Whether the solver made it ("Solve from here"), not the player.
    pub by_solver: bool,
}

/// The number of moves `steps` make in `metric`: every step in the step metric; a run of
/// steps of one piece in one direction in the slide metric; a run of steps of one piece in
/// the move metric.
pub fn count_moves(steps: &[PlayedStep], metric: Metric) -> usize {
    (0..steps.len())
        .filter(|&i| starts_move(steps, i, metric))
        .count()
}

/// The number of moves of `steps` in `metric` the solver started (a move is its starter's).
pub fn solver_moves(steps: &[PlayedStep], metric: Metric) -> usize {
    (0..steps.len())
        .filter(|&i| steps[i].by_solver && starts_move(steps, i, metric))
        .count()
}

/// Whether the `i`th of `steps` starts a move in `metric`.
fn starts_move(steps: &[PlayedStep], i: usize, metric: Metric) -> bool {
    let (Some(prev), s) = (i.checked_sub(1).map(|j| steps[j]), steps[i]) else {
        return true;
    };
    match metric {
        Metric::Step => true,
        Metric::Slide => prev.piece != s.piece || prev.dir != s.dir,
        Metric::Move => prev.piece != s.piece,
    }
}

/// A finished game: how many moves (in the metric it was played in) and how long it took.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayResult {
    /// Moves in the metric of the game.
    pub moves: usize,
    /// Seconds from the first move to the goal.
    pub seconds: f64,
}

impl PlayResult {
    /// Whether this result beats `other`: fewer moves, or as many in less time.
    pub fn beats(&self, other: &PlayResult) -> bool {
        (self.moves, self.seconds) < (other.moves, other.seconds)
    }
}

/// The key a puzzle's best result is kept under: the metric and a hash of what is solved
/// (the board, the goal), so renaming the puzzle keeps its record. FNV-1a, stable across
/// builds and platforms, unlike the standard library's hasher.
pub fn record_key(puzzle: &Puzzle, metric: Metric) -> String {
    let text = format!(
        "{}\n--\n{}\n{}",
        puzzle.board_rows().join("\n"),
        puzzle.goal_rows().join("\n"),
        puzzle.goal.anywhere
    );
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{}:{hash:016x}", metric.name())
}

/// Minutes and seconds: `0:07`, `12:45`.
pub fn clock(seconds: f64) -> String {
    let whole = seconds.max(0.0) as u64;
    format!("{}:{:02}", whole / 60, whole % 60)
}

/// The end of a game of `moves` moves in `metric`, against `optimum` when known: "Solved in
/// 7 steps (optimal is 5): 2 steps above the optimum".
pub(super) fn end_line(
    moves: usize,
    optimum: Option<usize>,
    metric: Metric,
    helped: bool,
) -> String {
    let solved = format!("Solved in {moves} {}", unit_name(metric, moves));
    match optimum {
        None => solved,
        // Praise is for a game the player played alone.
        Some(best) if moves <= best && helped => format!("{solved} (optimal is {best})"),
        Some(best) if moves <= best => format!("{solved} (optimal is {best}): an optimal game!"),
        Some(best) => {
            let above = moves - best;
            format!(
                "{solved} (optimal is {best}): {above} {} above the optimum",
                unit_name(metric, above)
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(piece: &str, dir: Dir) -> PlayedStep {
        PlayedStep {
            piece: Token::new(piece).unwrap(),
            dir,
            by_solver: false,
        }
    }

    #[test]
    fn moves_are_counted_per_metric() {
        let steps = [
            s("A", Dir::Down),
            s("A", Dir::Down),
            s("A", Dir::Left),
            s("B", Dir::Up),
            s("A", Dir::Up),
        ];
        assert_eq!(count_moves(&steps, Metric::Step), 5);
        assert_eq!(count_moves(&steps, Metric::Slide), 4);
        assert_eq!(count_moves(&steps, Metric::Move), 3);
        assert_eq!(count_moves(&[], Metric::Move), 0);
    }

    #[test]
    fn the_end_says_how_far_above_the_optimum() {
        assert_eq!(
            end_line(7, Some(5), Metric::Step, false),
            "Solved in 7 steps (optimal is 5): 2 steps above the optimum"
        );
        assert_eq!(
            end_line(4, Some(3), Metric::Move, false),
            "Solved in 4 moves (optimal is 3): 1 move above the optimum"
        );
        assert_eq!(
            end_line(1, Some(1), Metric::Step, false),
            "Solved in 1 step (optimal is 1): an optimal game!"
        );
        assert_eq!(
            end_line(3, None, Metric::Slide, false),
            "Solved in 3 slides"
        );
        assert_eq!(
            end_line(1, Some(1), Metric::Step, true),
            "Solved in 1 step (optimal is 1)"
        );
    }
}
