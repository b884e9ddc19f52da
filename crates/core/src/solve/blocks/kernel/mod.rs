//! The word kernel: successors in every metric straight from the bit fields, for boards of
//! at most 64 cells whose classes are sets or single pieces. The occupied cells are one word;
//! each set class finds, with a few rotations of the empty cells, which of its pieces can
//! step each way, all at once; in the move metric each piece floods the anchors it can reach
//! a whole ring of steps at a time; a move is one XOR, and step candidates are written
//! without branching on the position.

use std::collections::BTreeMap;

use crate::model::{Dir, Metric};

use super::classes::{Adj, Class, NONE};
use super::state::{Field, word_index};

/// Successors in the step and slide metrics straight from the bit fields, for a board of at
/// most 64 cells whose classes are all sets or single pieces (Klotski and most classics):
/// the cells all pieces cover are one word, each set class finds which of its pieces can step
/// in a direction with a few word operations for all of them at once, and a move is one XOR.
#[derive(Clone, Debug)]
pub(super) struct WordKernel {
    /// The fields of the pieces that have a class of their own.
    singles: Vec<Field>,
    /// The classes of several pieces stored as sorted placement indices: the fields of each
    /// class's slots, in order.
    sorted: Vec<Vec<Field>>,
    /// The classes stored as sets.
    sets: Vec<SetStep>,
    /// The board's cells that are not walls.
    open: u64,
    /// Slides rather than steps: a piece moves any number of cells in a line.
    pub(super) slide: bool,
    /// Moves rather than steps: a piece goes anywhere it can reach through free placements.
    pub(super) moves: bool,
    /// Room for the successors of one position.
    most: usize,
}

/// One set class in a [`WordKernel`].
#[derive(Clone, Debug)]
struct SetStep {
    field: Field,
    /// The board cell of the anchor that bit 0 of the field stands for.
    base: u32,
    /// The shape's cells as bits at their offsets from the anchor: multiplying the anchors
    /// by it gives the cells the pieces cover (the pieces are disjoint, so nothing carries).
    cover: u64,
    /// Per direction, in the order of [`Dir::ALL`].
    dirs: [SetDir; 4],
    /// The anchors (as board cells) of the class's legal placements.
    legal: u64,
    /// The shape's cells as offsets from the anchor.
    offsets: Vec<u32>,
    /// Every direction's `enter` lists all the cells a step enters (at most [`ENTER`]), so
    /// the free single steps can be found for all the pieces at once.
    steps_known: bool,
}

/// The most cells a step of a set class may newly enter for the [`WordKernel`] to apply.
const ENTER: usize = 4;

/// One direction of a [`SetStep`].
#[derive(Clone, Debug, Default)]
struct SetDir {
    /// The anchors (as board cells) of the placements that have a neighbour this way.
    ok: u64,
    /// The cells a step newly enters (the first `entered`, at most [`ENTER`]), as offsets
    /// from the anchor modulo 64: rotating the empty cells right by one brings the entered
    /// cell's bit onto the anchor's.
    enter: [u32; ENTER],
    entered: u32,
    /// The two bits a step flips, the lower at bit 0.
    pair: u64,
    /// Added to the anchor's cell, the shift that puts `pair` onto the field's bits.
    to_field: i32,
    /// A step's offset in cells (as a left rotation of anchor bits: modulo 64).
    delta: i32,
    /// `delta` modulo 64: the left rotation that steps anchor bits.
    rot: u32,
}

impl WordKernel {
    /// The kernel of a domain in `metric`, when it applies. For slides, the shapes of the
    /// sets must be orthoconvex (every row and column of the shape one run of cells), so
    /// that the cells a slide enters past its first step were never the piece's own.
    pub(super) fn new(
        rows: usize,
        cols: usize,
        metric: Metric,
        walls: &[bool],
        classes: &[Class],
        fields: &[Field],
        nbr: &[[u32; 4]],
    ) -> Option<WordKernel> {
        let (slide, moves) = match metric {
            Metric::Step => (false, false),
            Metric::Slide => (true, false),
            Metric::Move => (false, true),
        };
        if rows * cols > 64 {
            return None;
        }
        let open = (0..rows * cols)
            .filter(|&i| !walls[i])
            .fold(0u64, |m, i| m | 1 << i);
        let mut singles = Vec::new();
        let mut sorted = Vec::new();
        let mut sets = Vec::new();
        for class in classes {
            let field = fields[class.first_slot];
            if !field.set && class.count() > 1 {
                // Each piece moves on its own, and the class's indices are sorted again.
                sorted.push(fields[class.first_slot..class.first_slot + class.count()].to_vec());
                continue;
            }
            if !field.set {
                // The free steps of the single pieces share one word, four bits each (the
                // move metric floods each single piece on its own instead).
                if class.count() > 1 || (singles.len() == 16 && !moves) {
                    return None;
                }
                singles.push(field);
                continue;
            }
            if slide && !orthoconvex(&class.shape) {
                return None;
            }
            let base = class.cell(0, cols) as u32;
            let cover = class
                .shape
                .iter()
                .fold(0u64, |m, &(r, c)| m | 1 << (r * cols + c));
            let mut dirs: [SetDir; 4] = Default::default();
            for (d, dir) in Dir::ALL.iter().enumerate() {
                let (dr, dc) = dir.delta();
                let delta = dr * cols as i32 + dc;
                let here = &mut dirs[d];
                for p in 0..class.anchors.len() {
                    if nbr[class.offset as usize + p][d] != NONE {
                        here.ok |= 1 << class.cell(p, cols);
                    }
                }
                let enter: Vec<u32> = class
                    .shape
                    .iter()
                    .map(|&(r, c)| (r as i32 + dr, c as i32 + dc))
                    .filter(|&(nr, nc)| {
                        !class
                            .shape
                            .iter()
                            .any(|&(a, b)| (a as i32, b as i32) == (nr, nc))
                    })
                    .map(|(nr, nc)| (nr * cols as i32 + nc).rem_euclid(64) as u32)
                    .collect();
                // The move metric floods whole placements and never looks at `enter`.
                if enter.len() > ENTER && !moves {
                    return None;
                }
                here.enter = std::array::from_fn(|i| enter[i.min(enter.len() - 1)]);
                here.entered = enter.len() as u32;
                here.pair = 1 | 1 << delta.unsigned_abs();
                here.to_field = i32::from(field.shift) - base as i32 + delta.min(0);
                here.delta = delta;
                here.rot = delta.rem_euclid(64) as u32;
            }
            let steps_known = dirs.iter().all(|d| d.entered as usize <= ENTER);
            let legal = (0..class.anchors.len()).fold(0u64, |m, p| m | 1 << class.cell(p, cols));
            let offsets = class
                .shape
                .iter()
                .map(|&(r, c)| (r * cols + c) as u32)
                .collect();
            sets.push(SetStep {
                field,
                base,
                cover,
                dirs,
                legal,
                offsets,
                steps_known,
            });
        }
        let pieces = classes.iter().map(Class::count).sum::<usize>();
        // A piece reaches at most one placement per cell in the move metric.
        let most = pieces
            * match (slide, moves) {
                (true, _) => 4 * rows.max(cols),
                (_, true) => rows * cols,
                _ => 4,
            };
        Some(WordKernel {
            singles,
            sorted,
            sets,
            open,
            slide,
            moves,
            most,
        })
    }
}

/// Whether every row and every column of `shape` is one run of cells.
fn orthoconvex(shape: &[(usize, usize)]) -> bool {
    let runs = |line: &mut Vec<usize>| {
        line.sort_unstable();
        line.windows(2).all(|w| w[1] == w[0] + 1)
    };
    let rows: BTreeMap<usize, Vec<usize>> = shape.iter().fold(BTreeMap::new(), |mut m, &(r, c)| {
        m.entry(r).or_insert_with(Vec::new).push(c);
        m
    });
    let cols: BTreeMap<usize, Vec<usize>> = shape.iter().fold(BTreeMap::new(), |mut m, &(r, c)| {
        m.entry(c).or_insert_with(Vec::new).push(r);
        m
    });
    rows.into_values()
        .chain(cols.into_values())
        .all(|mut line| runs(&mut line))
}

/// The cells all pieces of the position `words` cover, as one word.
#[inline(always)]
fn occupied<const W: usize>(kernel: &WordKernel, adj: &[Adj<1>], words: &[u64; W]) -> u64 {
    let field = |f: Field| (words[word_index::<W>(f.word)] >> f.shift) & f.mask;
    let mut occ = 0u64;
    for &f in &kernel.singles {
        occ |= adj[(f.offset + field(f) as u32) as usize].cells[0];
    }
    for class in &kernel.sorted {
        for &f in class {
            occ |= adj[(f.offset + field(f) as u32) as usize].cells[0];
        }
    }
    for set in &kernel.sets {
        occ |= (field(set.field) << set.base).wrapping_mul(set.cover);
    }
    occ
}

/// Successors in the move metric, as [`run_kernel`] makes them for steps: each single piece
/// floods its placements one by one (it has few), each piece of a set class floods the
/// anchors of its class a ring of steps at a time, word-parallel, through the anchors whose
/// placement is free of the other pieces; every anchor reached is one move, one XOR.
///
/// The piece that made the move from `parent` (a single piece or one of a set) is flooded
/// but writes nothing: its other placements are the parent's successors too, since it
/// reaches the same placements from either end of its move, so a walk that passes the
/// parent has seen every one of them. They are counted in the returned number.
#[inline(never)]
pub(super) fn run_move_kernel<const W: usize, T: Copy>(
    kernel: &WordKernel,
    adj: &[Adj<1>],
    words: &[u64; W],
    parent: &[u64; W],
    out: &mut Vec<T>,
    wrap: impl Fn([u64; W]) -> T,
) -> u64 {
    let field = |f: Field| (words[word_index::<W>(f.word)] >> f.shift) & f.mask;
    let parent_field = |f: Field| (parent[word_index::<W>(f.word)] >> f.shift) & f.mask;
    let flip = |word: u8, bits: u64| {
        let mut next = *words;
        next[word_index::<W>(word)] ^= bits;
        next
    };
    let occ = occupied(kernel, adj, words);
    out.reserve(kernel.most);
    // What is left out: the placements of the piece that moved from the parent (a single
    // piece or one of a set; so no other writes the parent), or else the parent itself.
    let mut skipped = 0;
    for &f in &kernel.singles {
        let from = field(f) as u32;
        let others = occ ^ adj[(f.offset + from) as usize].cells[0];
        if u64::from(from) != parent_field(f) {
            flood_placements(adj, f.offset, from, others, |_| skipped += 1);
            continue;
        }
        flood_placements(adj, f.offset, from, others, |to| {
            out.push(wrap(flip(f.word, u64::from(from ^ to) << f.shift)));
        });
    }
    for class in &kernel.sorted {
        let mut at = [0u32; 64];
        let count = indices(words, class, &mut at);
        let at = &at[..count];
        for (i, &from) in at.iter().enumerate() {
            let offset = class[i].offset;
            let others = occ ^ adj[(offset + from) as usize].cells[0];
            flood_placements(adj, offset, from, others, |to| {
                let next = resorted(words, class, at, i, to);
                if next == *parent {
                    skipped += 1;
                } else {
                    out.push(wrap(next));
                }
            });
        }
    }
    let empty = !occ & kernel.open;
    for set in &kernel.sets {
        let anchors = field(set.field) << set.base;
        // The anchor of the piece of this class that made the move from the parent, if any.
        let arrived = anchors & !(parent_field(set.field) << set.base);
        let to_field = i32::from(set.field.shift) - set.base as i32;
        // Most pieces cannot take a single step; only those that can are flooded.
        let mut each = if set.steps_known {
            set.dirs.iter().fold(0, |m, dir| {
                m | dir.enter[..dir.entered as usize]
                    .iter()
                    .fold(anchors & dir.ok, |a, &e| a & empty.rotate_right(e))
            })
        } else {
            anchors
        };
        while each != 0 {
            let at = each.trailing_zeros();
            each &= each - 1;
            let open = !(occ ^ (1u64 << at).wrapping_mul(set.cover)) & kernel.open;
            // The anchors whose placement lies on free cells.
            let free = set
                .offsets
                .iter()
                .fold(set.legal, |m, &o| m & open.rotate_right(o));
            let mut reached = 1u64 << at;
            // Ring by ring, until a ring adds nothing or every free placement is reached
            // (often so with few empty cells, which spares the ring that would add nothing).
            while reached != free {
                let grown = set.dirs.iter().fold(reached, |m, dir| {
                    m | (reached & dir.ok).rotate_left(dir.rot)
                }) & free;
                if grown == reached {
                    break;
                }
                reached = grown;
            }
            if arrived == 1u64 << at {
                skipped += u64::from(reached.count_ones() - 1);
                continue;
            }
            let mut to = reached & !(1u64 << at);
            while to != 0 {
                let t = to.trailing_zeros() as i32;
                to &= to - 1;
                let bits = 1u64 << (at as i32 + to_field) | 1u64 << (t + to_field);
                out.push(wrap(flip(set.field.word, bits)));
            }
        }
    }
    skipped
}

/// The steps (or slides) of the pieces of classes kept as sorted placement indices, for
/// [`run_kernel`]: each piece moves, then the class's indices are sorted again.
#[inline(never)]
fn sorted_steps<const W: usize, const SLIDE: bool>(
    kernel: &WordKernel,
    adj: &[Adj<1>],
    words: &[u64; W],
    occ: u64,
    emit: &mut impl FnMut([u64; W], bool),
) {
    for class in &kernel.sorted {
        let mut at = [0u32; 64];
        let count = indices(words, class, &mut at);
        let at = &at[..count];
        for (i, &from) in at.iter().enumerate() {
            let offset = class[i].offset;
            let here = &adj[(offset + from) as usize];
            // The cells a step enters are never the piece's own, so the other pieces are
            // all that can be in the way, on the first step as past it.
            let others = occ ^ here.cells[0];
            for d in 0..4 {
                let mut cur = here;
                while cur.nbr[d] != NONE && cur.enter[d][0] & others == 0 {
                    let to = cur.nbr[d];
                    emit(resorted(words, class, at, i, to - offset), true);
                    if !SLIDE {
                        break;
                    }
                    cur = &adj[to as usize];
                }
            }
        }
    }
}

/// The placement indices of a class's pieces, `at` (sorted), read from `class`'s fields.
#[inline]
fn indices<const W: usize>(words: &[u64; W], class: &[Field], at: &mut [u32; 64]) -> usize {
    for (a, &f) in at.iter_mut().zip(class) {
        *a = ((words[word_index::<W>(f.word)] >> f.shift) & f.mask) as u32;
    }
    class.len()
}

/// `words` after piece `i` of a class of sorted placement indices (`at`, in the fields
/// `class`) moves to placement `to`: its new index takes its sorted place among the others'.
#[inline]
fn resorted<const W: usize>(
    words: &[u64; W],
    class: &[Field],
    at: &[u32],
    i: usize,
    to: u32,
) -> [u64; W] {
    let mut next = *words;
    let mut values = [0u32; 64];
    values[..at.len()].copy_from_slice(at);
    values[i] = to;
    let values = &mut values[..at.len()];
    values.sort_unstable();
    for (&f, &v) in class.iter().zip(values.iter()) {
        let w = &mut next[word_index::<W>(f.word)];
        *w = (*w & !(f.mask << f.shift)) | u64::from(v) << f.shift;
    }
    next
}

/// Calls `reach` with the local index of every placement other than `from` that a piece of
/// the class whose placements start at global id `offset` reaches from `from` by steps
/// through placements free of `others`. On a board of at most 64 cells a class has at most
/// 64 placements (one per anchor cell), so one word marks those seen.
#[inline]
fn flood_placements(
    adj: &[Adj<1>],
    offset: u32,
    from: u32,
    others: u64,
    mut reach: impl FnMut(u32),
) {
    // Most pieces cannot take a single step: those are done before the queue is set up.
    let start = &adj[(offset + from) as usize];
    if start
        .nbr
        .iter()
        .zip(&start.enter)
        .all(|(&nb, enter)| nb == NONE || enter[0] & others != 0)
    {
        return;
    }
    let mut seen = 1u64 << from;
    let mut queue = [0u8; 64];
    let (mut head, mut tail) = (0, 1);
    queue[0] = from as u8;
    while head < tail {
        let here = &adj[(offset + u32::from(queue[head])) as usize];
        head += 1;
        for (&nb, enter) in here.nbr.iter().zip(&here.enter) {
            if nb == NONE || enter[0] & others != 0 {
                continue;
            }
            let local = nb - offset;
            if seen & (1 << local) == 0 {
                seen |= 1 << local;
                queue[tail] = local as u8;
                tail += 1;
                reach(local);
            }
        }
    }
}

/// [`run_kernel`] for slides, kept out of line so that the walk's loop holds only the step
/// copy.
#[inline(never)]
pub(super) fn run_slide_kernel<const W: usize, T: Copy>(
    kernel: &WordKernel,
    adj: &[Adj<1>],
    words: &[u64; W],
    parent: &[u64; W],
    out: &mut Vec<T>,
    wrap: impl Fn([u64; W]) -> T,
) -> u64 {
    run_kernel::<W, true, T>(kernel, adj, words, parent, out, wrap)
}

/// The body of `BlockDomain::kernel_successors`, one copy per metric (`SLIDE`) so that the
/// step metric carries no slide code.
#[inline(always)]
#[expect(
    clippy::too_many_lines,
    reason = "the hot loop of the walk: split, its closures and candidate buffer would cross calls"
)]
pub(super) fn run_kernel<const W: usize, const SLIDE: bool, T: Copy>(
    kernel: &WordKernel,
    adj: &[Adj<1>],
    words: &[u64; W],
    parent: &[u64; W],
    out: &mut Vec<T>,
    wrap: impl Fn([u64; W]) -> T,
) -> u64 {
    let field = |f: Field| (words[word_index::<W>(f.word)] >> f.shift) & f.mask;
    let flip = |word: u8, bits: u64| {
        let mut next = *words;
        next[word_index::<W>(word)] ^= bits;
        next
    };
    let occ = occupied(kernel, adj, words);
    let empty = !occ & kernel.open;
    // Every candidate step is written, and the count moves past it only when the step is
    // legal and does not lead back to the parent: no branch depends on the position
    // except the loops over the pieces that can move.
    out.reserve(kernel.most);
    let spare = out.spare_capacity_mut();
    let mut n = 0;
    let mut emit = |next: [u64; W], legal: bool| {
        spare[n].write(wrap(next));
        n += usize::from(legal && (next != *parent));
    };
    // The single pieces rarely move (they are the large ones): their free steps as bits
    // `4 * piece + direction`, then a loop over those.
    let mut free = 0u64;
    for (i, &f) in kernel.singles.iter().enumerate() {
        let here = &adj[(f.offset + field(f) as u32) as usize];
        let open: [bool; 4] = std::array::from_fn(|d| here.enter[d][0] & occ == 0);
        let dirs = open
            .iter()
            .enumerate()
            .fold(0, |m, (d, &o)| m | u64::from(o) << d);
        free |= dirs << (4 * i);
    }
    while free != 0 {
        let bit = free.trailing_zeros() as usize;
        free &= free - 1;
        let (f, d) = (kernel.singles[bit / 4], bit % 4);
        let from = field(f) as u32;
        let here = &adj[(f.offset + from) as usize];
        let mut to = here.nbr[d];
        emit(
            flip(f.word, u64::from(from ^ (to - f.offset)) << f.shift),
            true,
        );
        if SLIDE {
            // Past the first step, only the other pieces are in the way.
            let others = occ ^ here.cells[0];
            while adj[to as usize].nbr[d] != NONE && adj[to as usize].enter[d][0] & others == 0 {
                to = adj[to as usize].nbr[d];
                emit(
                    flip(f.word, u64::from(from ^ (to - f.offset)) << f.shift),
                    true,
                );
            }
        }
    }
    // Pieces of classes kept as sorted indices (out of line: most puzzles have none, and
    // the step loop stays small).
    if !kernel.sorted.is_empty() {
        sorted_steps::<W, SLIDE>(kernel, adj, words, occ, &mut emit);
    }
    for set in &kernel.sets {
        let anchors = field(set.field) << set.base;
        // Per direction, the anchor cells from which a step is free (among `from`).
        let free = |from: u64| -> [u64; 4] {
            std::array::from_fn(|d| {
                let dir = &set.dirs[d];
                dir.enter[..dir.entered as usize]
                    .iter()
                    .fold(from & dir.ok, |m, &e| m & empty.rotate_right(e))
            })
        };
        if SLIDE {
            let free = free(u64::MAX);
            // A board cell's bit in the field.
            let to_field = i32::from(set.field.shift) - set.base as i32;
            for (dir, &free) in set.dirs.iter().zip(&free) {
                // The pieces that have slid `k` cells and can slide one more stand on
                // `going`.
                let mut going = anchors & free;
                let mut k = 0;
                while going != 0 {
                    let mut each = going;
                    while each != 0 {
                        let at = each.trailing_zeros() as i32;
                        each &= each - 1;
                        let from = at - k * dir.delta + to_field;
                        let to = at + dir.delta + to_field;
                        emit(flip(set.field.word, 1 << from | 1 << to), true);
                    }
                    going = going.rotate_left(dir.rot) & free;
                    k += 1;
                }
            }
            continue;
        }
        let movable = free(anchors);
        if set.field.mask >> 32 == 0 {
            // One loop over the four directions' masks side by side, 32 bits each.
            let mut all = movable.iter().enumerate().fold(0u128, |acc, (d, &m)| {
                acc | u128::from(m >> set.base) << (32 * d)
            });
            while all != 0 {
                let bit = all.trailing_zeros();
                all &= all - 1;
                let dir = &set.dirs[(bit / 32) as usize];
                let p = (bit % 32 + set.base) as i32;
                let bits = dir.pair << ((p + dir.to_field) & 63);
                emit(flip(set.field.word, bits), true);
            }
            continue;
        }
        let mut any = movable[0] | movable[1] | movable[2] | movable[3];
        while any != 0 {
            let p = any.trailing_zeros();
            any &= any - 1;
            for (dir, m) in set.dirs.iter().zip(movable) {
                let bits = dir.pair << ((p as i32 + dir.to_field) & 63);
                emit(flip(set.field.word, bits), (m >> p) & 1 != 0);
            }
        }
    }
    let len = out.len() + n;
    // SAFETY: `emit` initialised the first `n` spare slots (it writes each candidate at
    // position `n` of the bounds-checked `spare` and moves `n` past it only to keep it;
    // `reserve(kernel.most)` made room for every candidate), and `T: Copy` has no drop to run.
    unsafe { out.set_len(len) };
    // The parent is always among the legal steps (moves are reversible), except at the
    // root, whose parent is itself.
    u64::from(words != parent)
}

#[cfg(test)]
mod tests;
