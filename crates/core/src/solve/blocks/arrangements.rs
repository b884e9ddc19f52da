//! Every arrangement of a block puzzle's pieces on its board (identical pieces merged), each
//! produced once by a placement recursion, and numbered (ranked) so that a walk over all of
//! them can keep one visited bit per arrangement instead of a table of states.
//!
//! The recursion places the classes of interchangeable pieces one after the other, the pieces
//! of a class on strictly increasing placements, skipping placements that overlap pieces
//! already placed: every arrangement appears once, with no table to remove duplicates.
//!
//! The rank puts one class last (the *tail*, the class with the most combinations of
//! placements, e.g. Klotski's four soldiers) and numbers the arrangements of the other classes
//! (the *prefixes*, in a table built by the same recursion). The tail's pieces are then a
//! combination of the tail placements that do not overlap the prefix, numbered by the
//! combinatorial number system: `rank = base(prefix) + sum over i of C(c_i, i + 1)`, where
//! `c_0 < c_1 < ...` are the tail pieces' indices among those free placements, and `base`
//! counts the combinations of all earlier prefixes. When tail pieces cannot overlap each other
//! (single cells, or a single piece) every rank is an arrangement: Klotski's piece set has
//! 65,880 arrangements and as many ranks.

use std::ops::ControlFlow;

use rustc_hash::FxHashMap;

use crate::solve::analysis::phases::map_bytes;

use super::domain::BlockDomain;
use super::state::{BlockState, MAX_PIECES, STATE_WORDS};

/// Every arrangement of a block domain's pieces (each once, by a placement recursion), and a
/// rank for each: distinct arrangements have distinct ranks below [`Arrangements::ranks`], so
/// a bitset of that many bits marks arrangements as visited.
pub struct Arrangements {
    /// The state slots to place, in order: class by class, the tail class last.
    slots: Vec<Slot>,
    /// How many of `slots` belong to the prefix (the tail's come after them).
    prefix_len: usize,
    /// The tail class's placements (global ids of the domain's placement numbering).
    tail_placements: Vec<u32>,
    /// Words of a board bitboard.
    words: usize,
    /// The cells of each global placement: `cells[g * words..(g + 1) * words]`.
    cells: Vec<u64>,
    /// The state bits of the prefix's fields: a prefix's key is a state's words masked by them.
    prefix_bits: [u64; STATE_WORDS],
    /// The first rank of each prefix that leaves room for the tail, by key.
    bases: FxHashMap<[u64; STATE_WORDS], u64>,
    /// `binomial[n][k]` = C(n, k) for n up to the tail's placements and k up to its pieces,
    /// saturating at `u64::MAX`.
    binomial: Vec<Vec<u64>>,
    /// How many ranks there are (arrangements, or more when tail pieces can overlap).
    ranks: u64,
}

/// One state slot to place: its class's placements (global ids, the class's local order),
/// and whether it follows a slot of the same class (so its placement must come later).
struct Slot {
    /// The state slot.
    index: usize,
    first_global: u32,
    placements: u32,
    same_class_as_previous: bool,
}

/// Why [`Arrangements::new`] gave up: the task's limits stopped the prefix table.
pub struct TooMany {
    /// Prefixes numbered when it stopped.
    pub prefixes: u64,
}

impl Arrangements {
    /// Numbers the arrangements of `domain`'s pieces, building the prefix table; `keep_going`
    /// is asked every 1024 prefixes with the bytes held so far, and stops the build by
    /// returning `false`.
    ///
    /// # Errors
    /// `TooMany` when `keep_going` stopped the build.
    pub fn new(
        domain: &BlockDomain,
        mut keep_going: impl FnMut(u64) -> bool,
    ) -> Result<Arrangements, TooMany> {
        let classes = &domain.classes;
        let cols = domain.cols;
        let words = (domain.rows * cols).div_ceil(64);
        let mut cells = Vec::new();
        for class in classes {
            for p in 0..class.anchors.len() {
                let start = cells.len();
                cells.resize(start + words, 0);
                for cell in class.cells(p, cols) {
                    cells[start + cell / 64] |= 1 << (cell % 64);
                }
            }
        }
        let combinations = |c: usize| {
            let (n, k) = (classes[c].anchors.len(), classes[c].count());
            binomials(n, k)[n][k]
        };
        let tail = (0..classes.len())
            .max_by_key(|&c| combinations(c))
            .unwrap_or(0);
        let mut order: Vec<usize> = (0..classes.len()).filter(|&c| c != tail).collect();
        order.push(tail);
        let mut slots = Vec::new();
        for &c in &order {
            let class = &classes[c];
            for k in 0..class.count() {
                slots.push(Slot {
                    index: class.first_slot + k,
                    first_global: class.offset,
                    placements: class.anchors.len() as u32,
                    same_class_as_previous: k > 0,
                });
            }
        }
        let tail_class = &classes[tail];
        let prefix_len = slots.len() - tail_class.count();
        let mut prefix_bits = [0u64; STATE_WORDS];
        for s in &slots[..prefix_len] {
            let f = domain.fields[s.index];
            prefix_bits[usize::from(f.word)] |= f.mask << f.shift;
        }
        let k = tail_class.count();
        let binomial = binomials(tail_class.anchors.len(), k);
        let mut arrangements = Arrangements {
            slots,
            prefix_len,
            tail_placements: (0..tail_class.anchors.len() as u32)
                .map(|p| tail_class.offset + p)
                .collect(),
            words,
            cells,
            prefix_bits,
            bases: FxHashMap::default(),
            binomial,
            ranks: 0,
        };
        arrangements.number_prefixes(domain, &mut keep_going)?;
        Ok(arrangements)
    }

    /// Builds the prefix table and counts the ranks.
    fn number_prefixes(
        &mut self,
        domain: &BlockDomain,
        keep_going: &mut impl FnMut(u64) -> bool,
    ) -> Result<(), TooMany> {
        let k = self.slots.len() - self.prefix_len;
        let mut bases = FxHashMap::default();
        let mut ranks = 0u64;
        let mut stopped = false;
        let mut seen = 0u64;
        let mut occupied = vec![0u64; self.words];
        let mut locals = [0u16; MAX_PIECES];
        let _ = self.place(
            0,
            self.prefix_len,
            &mut occupied,
            &mut locals,
            &mut |this, occupied, locals| {
                seen += 1;
                if seen.is_multiple_of(1024) && !keep_going(Self::table_bytes(bases.len())) {
                    stopped = true;
                    return ControlFlow::Break(());
                }
                let free = this
                    .tail_placements
                    .iter()
                    .filter(|&&g| this.fits(g, occupied))
                    .count();
                let combinations = this.binomial[free][k];
                if combinations > 0 {
                    let key = this.prefix_key(&domain.encode(&locals[..domain.pieces()]));
                    bases.insert(key, ranks);
                    ranks = ranks.saturating_add(combinations);
                }
                ControlFlow::Continue(())
            },
        );
        if stopped {
            return Err(TooMany { prefixes: seen });
        }
        self.bases = bases;
        self.ranks = ranks;
        Ok(())
    }

    /// How many ranks there are: the size of a visited bitset. Equal to the number of
    /// arrangements when tail pieces cannot overlap each other, else larger; `u64::MAX`
    /// when it does not fit in 64 bits.
    pub fn ranks(&self) -> u64 {
        self.ranks
    }

    /// Bytes the numbering holds (cell masks and the prefix table).
    pub(crate) fn memory_bytes(&self) -> u64 {
        (self.cells.len() * 8) as u64 + Self::table_bytes(self.bases.len())
    }

    /// Bytes of a prefix table of `prefixes` entries.
    fn table_bytes(prefixes: usize) -> u64 {
        map_bytes(prefixes as u64, size_of::<([u64; STATE_WORDS], u64)>())
    }

    /// Calls `visit` with every arrangement of the pieces, each once, in the recursion's
    /// order, until it breaks.
    pub fn for_each(
        &self,
        domain: &BlockDomain,
        mut visit: impl FnMut(BlockState) -> ControlFlow<()>,
    ) {
        let mut occupied = vec![0u64; self.words];
        let mut locals = [0u16; MAX_PIECES];
        let _ = self.place(
            0,
            self.slots.len(),
            &mut occupied,
            &mut locals,
            &mut |_, _, locals| visit(domain.encode(&locals[..domain.pieces()])),
        );
    }

    /// The rank of `state`, an arrangement of the domain's pieces: below [`Self::ranks`], and
    /// distinct for distinct arrangements.
    pub fn rank(&self, domain: &BlockDomain, state: &BlockState) -> u64 {
        let mut locals = [0u16; MAX_PIECES];
        domain.decode(state, &mut locals);
        // Invariant: the prefix of every arrangement was numbered, since its tail fits.
        let base = self.bases[&self.prefix_key(state)];
        let mut occupied = [0u64; 16];
        let occupied = &mut occupied[..self.words];
        for s in &self.slots[..self.prefix_len] {
            let g = (s.first_global + u32::from(locals[s.index])) as usize;
            for (o, c) in occupied.iter_mut().zip(&self.cells[g * self.words..]) {
                *o |= c;
            }
        }
        let mut rank = base;
        let mut free_before = 0usize;
        let mut next = self.prefix_len;
        for &g in &self.tail_placements {
            let Some(s) = self.slots.get(next) else { break };
            if g == s.first_global + u32::from(locals[s.index]) {
                let i = next - self.prefix_len;
                rank += self.binomial[free_before][i + 1];
                next += 1;
            }
            free_before += usize::from(self.fits(g, occupied));
        }
        rank
    }

    /// The key of `state`'s prefix in the table.
    fn prefix_key(&self, state: &BlockState) -> [u64; STATE_WORDS] {
        std::array::from_fn(|w| state.words[w] & self.prefix_bits[w])
    }

    /// Whether global placement `g` leaves the `occupied` cells alone.
    fn fits(&self, g: u32, occupied: &[u64]) -> bool {
        let g = g as usize;
        self.cells[g * self.words..(g + 1) * self.words]
            .iter()
            .zip(occupied)
            .all(|(c, o)| c & o == 0)
    }

    /// Places `slots[i..end]` on the board, each on a placement that fits and (within a class)
    /// comes after the previous piece's, calling `leaf` with every complete placement.
    fn place(
        &self,
        i: usize,
        end: usize,
        occupied: &mut [u64],
        locals: &mut [u16; MAX_PIECES],
        leaf: &mut impl FnMut(&Self, &[u64], &[u16; MAX_PIECES]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if i == end {
            return leaf(self, occupied, locals);
        }
        let s = &self.slots[i];
        let first = if s.same_class_as_previous {
            u32::from(locals[self.slots[i - 1].index]) + 1
        } else {
            0
        };
        // The pieces of this class still to place after this one need placements after it.
        let after = self.slots[i + 1..end]
            .iter()
            .take_while(|t| t.same_class_as_previous)
            .count() as u32;
        for p in first..s.placements.saturating_sub(after) {
            let g = s.first_global + p;
            if !self.fits(g, occupied) {
                continue;
            }
            let cells = &self.cells[g as usize * self.words..(g as usize + 1) * self.words];
            for (o, c) in occupied.iter_mut().zip(cells) {
                *o |= c;
            }
            locals[s.index] = p as u16;
            let flow = self.place(i + 1, end, occupied, locals, leaf);
            for (o, c) in occupied.iter_mut().zip(cells) {
                *o ^= c;
            }
            flow?;
        }
        ControlFlow::Continue(())
    }
}

/// `table[n][j]` = C(n, j) for `n <= n_max` and `j <= k`, saturating at `u64::MAX` (Pascal's
/// rule with saturating sums: a sum saturates only when the true value is at least as large).
fn binomials(n_max: usize, k: usize) -> Vec<Vec<u64>> {
    let mut table: Vec<Vec<u64>> = Vec::with_capacity(n_max + 1);
    for n in 0..=n_max {
        let row = (0..=k)
            .map(|j| match (n, j) {
                (_, 0) => 1,
                (0, _) => 0,
                _ => table[n - 1][j - 1].saturating_add(table[n - 1][j]),
            })
            .collect();
        table.push(row);
    }
    table
}
