//! Move generation for block puzzles: every legal move of a position in the domain's metric
//! from the placements' bitboards, successors through the word kernel where it applies, and
//! the [`Domain`] implementation of [`BlockDomain`].

use crate::solve::core::Reason;
use crate::model::Metric;
use crate::solve::core::Domain;

use super::classes::{Adj, MaskSet, Masks, NONE, disjoint, or_into, xor};
use super::domain::BlockDomain;
use super::kernel::{run_kernel, run_move_kernel, run_slide_kernel};
use super::state::{BlockMove, BlockState, MAX_PIECES, get_field, set_field, xor_word};

impl BlockDomain {
    pub(super) fn generate<const W: usize>(
        &self,
        masks: &Masks<W>,
        state: &BlockState,
        out: &mut Vec<BlockMove>,
    ) {
        let fields = &self.fields[..];
        let adj = &masks.adj[..];
        // The global placement of every slot, and the cells all pieces cover.
        let mut at = [0u32; MAX_PIECES];
        let mut occ = [0u64; W];
        let mut slot = 0;
        while let Some(&f) = fields.get(slot) {
            if f.set {
                let mut bits = get_field(state, f);
                while bits != 0 {
                    let g = self.set_bits.placement(f, bits.trailing_zeros());
                    bits &= bits - 1;
                    at[slot] = g;
                    or_into(&mut occ, &adj[g as usize].cells);
                    slot += 1;
                }
            } else {
                let g = f.offset + get_field(state, f) as u32;
                at[slot] = g;
                or_into(&mut occ, &adj[g as usize].cells);
                slot += 1;
            }
        }
        // Sixteen slots at a time, the free one-cell steps as bits `4 * slot + direction` of
        // one word, computed without branches (a step off the board or into a wall has an
        // all-ones `enter` mask, which always meets the piece's own cells in `occ`); then the
        // moves of the metric from each set bit, in order of slot and direction.
        for (chunk, (at, fields)) in at.chunks(16).zip(fields.chunks(16)).enumerate() {
            let mut free = 0u64;
            for (i, &g) in at.iter().take(fields.len()).enumerate() {
                let here = &adj[g as usize];
                let mut dirs = 0u64;
                for (d, enter) in here.enter.iter().enumerate() {
                    dirs |= u64::from(disjoint(enter, &occ)) << d;
                }
                free |= dirs << (4 * i);
            }
            while free != 0 {
                let bit = free.trailing_zeros() as usize;
                let (i, d) = (bit / 4, bit % 4);
                let (g, f) = (at[i], fields[i]);
                let slot = chunk * 16 + i;
                let mv = |to: u32| BlockMove {
                    slot: slot as u8,
                    from: (g - f.offset) as u16,
                    to: (to - f.offset) as u16,
                };
                let here = &adj[g as usize];
                match self.metric {
                    Metric::Step => {
                        free &= free - 1;
                        out.push(mv(here.nbr[d]));
                    }
                    Metric::Slide => {
                        free &= free - 1;
                        // Past the first step, the cells ahead are checked against the other
                        // pieces only: a piece with a gap may pass over cells it has left.
                        let others = xor(&occ, &here.cells);
                        let mut nb = here.nbr[d];
                        loop {
                            out.push(mv(nb));
                            let cur = &adj[nb as usize];
                            nb = cur.nbr[d];
                            if nb == NONE || !disjoint(&cur.enter[d], &others) {
                                break;
                            }
                        }
                    }
                    Metric::Move => {
                        // One flood per piece: clear all of its directions.
                        free &= !(0xF << (4 * i));
                        let others = xor(&occ, &here.cells);
                        if f.many {
                            flood::<W, 16>(adj, &others, slot, g, f.offset, out);
                        } else {
                            flood::<W, 1>(adj, &others, slot, g, f.offset, out);
                        }
                    }
                }
            }
        }
    }

    /// Appends to `out` the successors of the position whose state words are `words` (the
    /// first `W` words of a [`BlockState`]; the puzzle's fields must lie in them), except
    /// `parent` (and in the move metric the other placements of the piece that moved from
    /// it), through the kernel. Returns `None` when the domain has no kernel, else how many
    /// successors were left out.
    #[inline]
    pub(super) fn kernel_successors<const W: usize, T: Copy>(
        &self,
        words: &[u64; W],
        parent: &[u64; W],
        out: &mut Vec<T>,
        wrap: impl Fn([u64; W]) -> T,
    ) -> Option<u64> {
        let (Some(kernel), MaskSet::W1(masks)) = (&self.kernel, &self.masks) else {
            return None;
        };
        Some(if kernel.moves {
            run_move_kernel(kernel, &masks.adj, words, parent, out, wrap)
        } else if kernel.slide {
            run_slide_kernel(kernel, &masks.adj, words, parent, out, wrap)
        } else {
            run_kernel::<W, false, T>(kernel, &masks.adj, words, parent, out, wrap)
        })
    }

    /// The mirror image of the position whose first `W` state words are `words` (the
    /// puzzle's fields must lie in them), when the puzzle is symmetric.
    #[inline]
    pub(super) fn mirror_words<const W: usize>(&self, words: &[u64; W]) -> Option<[u64; W]> {
        let mirror = self.mirror_map()?;
        mirror.apply_words(words).or_else(|| {
            let state = BlockState::from_words(words);
            let image = mirror.apply(&self.classes, &self.fields, &self.set_bits, &state);
            Some(image.first_words())
        })
    }
}

/// Every placement the piece in `slot` (at global placement `g`, its class starting at global
/// id `off`) reaches through placements free of `others`, each pushed as a move; `out`
/// itself is the queue.
fn flood<const W: usize, const V: usize>(
    adj: &[Adj<W>],
    others: &[u64; W],
    slot: usize,
    g: u32,
    off: u32,
    out: &mut Vec<BlockMove>,
) {
    let mut visited = [0u64; V];
    let from = g - off;
    visited[(from / 64) as usize] |= 1 << (from % 64);
    let mut cur = g;
    let mut next = out.len();
    loop {
        let here = &adj[cur as usize];
        // The open directions as bits, without branches (`&` on booleans, and a missing
        // neighbour's word index clamped; it is not open anyway).
        let mut open = 0u32;
        for (d, (&nb, enter)) in here.nbr.iter().zip(&here.enter).enumerate() {
            let local = nb.wrapping_sub(off);
            let w = ((local / 64) as usize).min(V - 1);
            let unseen = visited[w] & (1 << (local % 64)) == 0;
            open |= u32::from((nb != NONE) & unseen & disjoint(enter, others)) << d;
        }
        // Distinct directions lead to distinct placements, so marking as we go is enough.
        while open != 0 {
            let d = open.trailing_zeros() as usize;
            open &= open - 1;
            let local = here.nbr[d] - off;
            visited[(local / 64) as usize] |= 1 << (local % 64);
            out.push(BlockMove {
                slot: slot as u8,
                from: from as u16,
                to: local as u16,
            });
        }
        if next == out.len() {
            break;
        }
        cur = u32::from(out[next].to) + off;
        next += 1;
    }
}

impl Domain for BlockDomain {
    type State = BlockState;
    type Move = BlockMove;

    fn start(&self) -> BlockState {
        self.start
    }

    #[inline]
    fn is_goal(&self, state: &BlockState) -> bool {
        self.is_goal_words(&state.words)
    }

    fn successors(
        &self,
        state: &BlockState,
        known: &BlockState,
        moves: &mut Vec<BlockMove>,
        out: &mut Vec<BlockState>,
    ) -> u64 {
        let wrap = |words| BlockState { words };
        if let Some(skipped) = self.kernel_successors(&state.words, &known.words, out, wrap) {
            return skipped;
        }
        moves.clear();
        self.moves(state, moves);
        out.extend(moves.iter().map(|&mv| self.apply(state, mv)));
        0
    }

    #[inline]
    fn mirror(&self, state: &BlockState) -> Option<BlockState> {
        self.mirror_words(&state.words)
            .map(|words| BlockState { words })
    }

    fn moves(&self, state: &BlockState, out: &mut Vec<BlockMove>) {
        match &self.masks {
            MaskSet::W1(m) => self.generate(m, state, out),
            MaskSet::W2(m) => self.generate(m, state, out),
            MaskSet::W4(m) => self.generate(m, state, out),
            MaskSet::W16(m) => self.generate(m, state, out),
        }
    }

    #[inline(always)]
    fn apply(&self, state: &BlockState, mv: BlockMove) -> BlockState {
        let slot = usize::from(mv.slot);
        let f = self.fields[slot];
        let to = u64::from(mv.to);
        if f.set {
            let bit = |p: u16| 1 << self.set_bits.bit[f.offset as usize + usize::from(p)];
            return xor_word(state, f.word, (bit(mv.from) | bit(mv.to)) << f.shift);
        }
        if f.first == f.last {
            return xor_word(
                state,
                f.word,
                ((get_field(state, f) ^ to) & f.mask) << f.shift,
            );
        }
        let mut next = *state;
        // Keep the class's fields sorted: shift the neighbours the moved piece passes over.
        let class = &self.fields[usize::from(f.first)..=usize::from(f.last)];
        let mut i = slot - usize::from(f.first);
        while i > 0 && get_field(state, class[i - 1]) > to {
            set_field(&mut next, class[i], get_field(state, class[i - 1]));
            i -= 1;
        }
        while i + 1 < class.len() && get_field(state, class[i + 1]) < to {
            set_field(&mut next, class[i], get_field(state, class[i + 1]));
            i += 1;
        }
        set_field(&mut next, class[i], to);
        next
    }

    fn undoes(&self, prev: BlockMove, next: BlockMove) -> bool {
        self.slot_class[usize::from(prev.slot)] == self.slot_class[usize::from(next.slot)]
            && prev.to == next.from
            && prev.from == next.to
    }

    fn goal_state(&self) -> Result<BlockState, Reason> {
        self.complete_goal().map_err(Reason::from)
    }
}
