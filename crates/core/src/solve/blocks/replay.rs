//! Turning a path of merged-state moves into moves of concrete pieces with unit steps.

use std::collections::VecDeque;

use crate::model::{Cell, Dir, Metric, PieceMove, Puzzle, Token};

use super::classes::NONE;
use super::domain::BlockDomain;
use super::state::{BlockMove, BlockState, MAX_PIECES};

impl BlockDomain {
    /// The solution `path` (moves of this domain from its start) as moves of concrete pieces
    /// with their unit steps. Interchangeable pieces are followed through the merged encoding,
    /// so every [`PieceMove`] names the real piece, and replaying
    /// the steps with [`Puzzle::step`](crate::model::Puzzle::step) from the puzzle's start is legal and ends
    /// where `path` ends.
    pub fn piece_moves(&self, path: &[BlockMove]) -> Vec<PieceMove> {
        piece_moves(self, path)
    }

    /// The tokens of the pieces in each slot at the start: what [`BlockDomain::label_move`]
    /// follows from there.
    pub(crate) fn start_labels(&self) -> Vec<Token> {
        self.start_tokens.clone()
    }

    /// Move `mv` from `state` as a move of a concrete piece, where `labels` names the piece
    /// in each slot (as [`BlockDomain::start_labels`] and earlier calls left them); `labels`
    /// is updated to name the pieces of the position the move reaches.
    pub(crate) fn label_move(
        &self,
        state: &BlockState,
        labels: &mut [Token],
        mv: BlockMove,
    ) -> PieceMove {
        let mut locals = [0u16; MAX_PIECES];
        self.decode(state, &mut locals);
        follow(self, &mut locals, labels, mv)
    }

    /// The puzzle in position `state` with the piece of each slot named by `labels` (see
    /// [`BlockDomain::label_move`]) rather than in its class's order.
    pub(crate) fn labelled_position(&self, state: &BlockState, labels: &[Token]) -> Puzzle {
        let mut puzzle = self.position(state);
        let mut locals = [0u16; MAX_PIECES];
        self.decode(state, &mut locals);
        for (slot, &token) in labels.iter().enumerate().take(self.pieces()) {
            let class = &self.classes[usize::from(self.slot_class[slot])];
            for cell in class.cells(usize::from(locals[slot]), self.cols) {
                puzzle.cells[cell] = Cell::Piece(token);
            }
        }
        puzzle
    }
}

fn piece_moves(domain: &BlockDomain, path: &[BlockMove]) -> Vec<PieceMove> {
    let mut locals = [0u16; MAX_PIECES];
    domain.decode(&crate::solve::core::Domain::start(domain), &mut locals);
    let mut tokens: Vec<Token> = domain.start_tokens.clone();
    path.iter()
        .map(|&mv| follow(domain, &mut locals, &mut tokens, mv))
        .collect()
}


/// Plays `mv` on the decoded position `locals` whose slots hold the pieces `tokens`, and
/// returns it as a move of a concrete piece; both are left describing the position reached.
fn follow(
    domain: &BlockDomain,
    locals: &mut [u16; MAX_PIECES],
    tokens: &mut [Token],
    mv: BlockMove,
) -> PieceMove {
    let n = domain.pieces();
    let slot = mv.slot();
    let class_index = usize::from(domain.slot_class[slot]);
    let class = &domain.classes[class_index];
    // Invariant: `mv` was produced by this domain from the position `locals` describes, so
    // the moving slot holds `mv.from()`; `apply` keeps slots sorted exactly as we do below.
    debug_assert_eq!(usize::from(locals[slot]), mv.from());
    let mut occupied = domain.walls.clone();
    for s in (0..n).filter(|&s| s != slot) {
        let c = &domain.classes[usize::from(domain.slot_class[s])];
        for cell in c.cells(usize::from(locals[s]), domain.cols) {
            occupied[cell] = true;
        }
    }
    let steps = unit_steps(domain, class_index, mv.from(), mv.to(), &occupied);
    let moved = PieceMove {
        piece: tokens[slot],
        steps,
    };
    // Move the piece and keep its class's slots sorted, carrying tokens along.
    let (first, last) = (class.first_slot, class.first_slot + class.count() - 1);
    let token = tokens[slot];
    let to = mv.to() as u16;
    let mut i = slot;
    while i > first && locals[i - 1] > to {
        locals[i] = locals[i - 1];
        tokens[i] = tokens[i - 1];
        i -= 1;
    }
    while i < last && locals[i + 1] < to {
        locals[i] = locals[i + 1];
        tokens[i] = tokens[i + 1];
        i += 1;
    }
    locals[i] = to;
    tokens[i] = token;
    moved
}

/// A shortest sequence of unit steps taking a piece of class `c` from placement `from` to
/// placement `to` through placements free of `occupied` cells (straight in the step and slide
/// metrics, any path in the move metric).
fn unit_steps(
    domain: &BlockDomain,
    c: usize,
    from: usize,
    to: usize,
    occupied: &[bool],
) -> Vec<Dir> {
    let class = &domain.classes[c];
    let off = class.offset as usize;
    let free = |p: usize| class.cells(p, domain.cols).all(|cell| !occupied[cell]);
    if domain.metric != Metric::Move {
        let (fr, fc) = class.anchors[from];
        let (tr, tc) = class.anchors[to];
        let (dir, count) = if tr < fr {
            (Dir::Up, fr - tr)
        } else if tr > fr {
            (Dir::Down, tr - fr)
        } else if tc < fc {
            (Dir::Left, fc - tc)
        } else {
            (Dir::Right, tc - fc)
        };
        return vec![dir; count];
    }
    let n = class.anchors.len();
    let mut back: Vec<Option<(usize, Dir)>> = vec![None; n];
    let mut seen = vec![false; n];
    seen[from] = true;
    let mut queue = VecDeque::from([from]);
    while let Some(p) = queue.pop_front() {
        if p == to {
            break;
        }
        for (d, dir) in Dir::ALL.iter().enumerate() {
            let nb = domain.nbr[off + p][d];
            if nb == NONE {
                continue;
            }
            let q = nb as usize - off;
            if !seen[q] && free(q) {
                seen[q] = true;
                back[q] = Some((p, *dir));
                queue.push_back(q);
            }
        }
    }
    let mut steps = Vec::new();
    let mut p = to;
    while let Some((prev, dir)) = back[p] {
        steps.push(dir);
        p = prev;
    }
    steps.reverse();
    steps
}
