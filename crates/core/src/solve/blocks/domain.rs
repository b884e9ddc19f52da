//! The block domain: a puzzle compiled into piece classes, placements, bit fields and goal
//! tests, built by [`BlockDomain::new`] as a sequence of named steps. Move generation and the
//! [`Domain`](crate::solve::core::Domain) implementation are in `moves`.

use std::sync::OnceLock;

use crate::model::{Cell, Metric, PieceCells, Puzzle, Token};

use super::classes::{Class, Grouping, MaskSet, Merge, neighbours};
use super::goal::GoalSpec;
use super::kernel::WordKernel;
use super::mirror::Mirror;
use super::state::{
    BlockState, Field, MAX_PIECES, SetBits, choose_layout, encode_with, get_field, word_index,
};

/// A block puzzle as a search domain (see the [module docs](super)).
#[derive(Clone, Debug)]
pub struct BlockDomain {
    pub(super) rows: usize,
    pub(super) cols: usize,
    pub(super) metric: Metric,
    /// Walls, row-major.
    pub(super) walls: Vec<bool>,
    pub(super) classes: Vec<Class>,
    /// The class of each state slot.
    pub(super) slot_class: Vec<u8>,
    pub(super) fields: Vec<Field>,
    pub(super) set_bits: SetBits,
    /// Neighbouring placement (global id, or [`NONE`]) per global placement and direction,
    /// in the order of [`Dir::ALL`].
    pub(super) nbr: Vec<[u32; 4]>,
    pub(super) masks: MaskSet,
    /// Fast successors in the step metric, when the puzzle allows them.
    pub(super) kernel: Option<WordKernel>,
    pub(super) start: BlockState,
    /// The tokens of the start position by slot.
    pub(super) start_tokens: Vec<Token>,
    pub(super) goal: GoalSpec,
    /// The goal test read straight from the state, when the goal is anchored and names at
    /// most one piece per class (the common case, e.g. Klotski); else `None` and the general
    /// test decodes the state.
    quick_goal: Option<Vec<QuickGoal>>,
    /// The left-right mirror of positions, when the puzzle's rules are symmetric: made the
    /// first time a walk asks (most domains are built for one search, which never does).
    mirror: OnceLock<Option<Mirror>>,
    /// The puzzle the domain was built from.
    pub(super) puzzle: Puzzle,
}

/// One class of a [`BlockDomain::quick_goal`]: some piece of the class must stand on a
/// placement covering goal piece `k`'s cells. When `by_mask`, those placements are the bits
/// of `mask`: as bits of the set field for a class stored as a set, as placement indices for
/// a class of at most 64 placements stored in fields.
#[derive(Clone, Copy, Debug)]
struct QuickGoal {
    field: Field,
    k: usize,
    mask: u64,
    by_mask: bool,
}

impl BlockDomain {
    /// Builds the domain of `puzzle` in `metric` for searching: pieces the goal cannot tell
    /// apart are merged (same shape, none of their kinds named by the goal), which keeps every
    /// optimal length and walks fewer states. Counts of its states are not the puzzle's when
    /// it merges pieces of different kinds: count on [`BlockDomain::kinds_apart`].
    ///
    /// # Errors
    /// A message the user can act on when the puzzle has no pieces, more than
    /// [`MAX_PIECES`] pieces, pieces of one kind with different shapes, a goal naming a piece
    /// that is not on the board, a goal grid of the wrong size, or needs more than
    /// `STATE_BITS` bits of state.
    pub fn new(puzzle: &Puzzle, metric: Metric) -> Result<BlockDomain, String> {
        BlockDomain::build(puzzle, metric, Merge::Shapes)
    }

    /// Builds the domain of `puzzle` in `metric` with only pieces of one declared kind merged
    /// (a piece without a kind is its own kind): its states are the positions of the puzzle
    /// as the file format documents it, so every count, component, histogram and hardest
    /// start is walked on it. Lengths are those of [`BlockDomain::new`].
    ///
    /// # Errors
    /// As [`BlockDomain::new`]; more pieces kept apart may need more bits of state.
    pub fn kinds_apart(puzzle: &Puzzle, metric: Metric) -> Result<BlockDomain, String> {
        BlockDomain::build(puzzle, metric, Merge::Kinds)
    }

    fn build(puzzle: &Puzzle, metric: Metric, merge: Merge) -> Result<BlockDomain, String> {
        let (rows, cols) = (puzzle.rows, puzzle.cols);
        check_sizes(puzzle)?;
        let pieces = puzzle.pieces();
        if pieces.is_empty() {
            return Err("the board has no pieces".into());
        }
        if pieces.len() > MAX_PIECES {
            return Err(format!(
                "the board has {} pieces; the block engine handles at most {MAX_PIECES}",
                pieces.len()
            ));
        }
        let named_kinds = goal_kinds(puzzle, &pieces)?;
        let walls: Vec<bool> = puzzle.cells.iter().map(|c| *c == Cell::Wall).collect();
        let Grouping {
            mut classes,
            piece_class,
            piece_anchor,
            placements,
        } = Grouping::new(puzzle, &pieces, &named_kinds, &walls, merge)?;
        let (fields, slot_class) = choose_layout(&mut classes, cols)?;
        let nbr = neighbours(&classes, placements);
        let masks = MaskSet::new(&classes, rows, cols, &nbr);
        let set_bits = SetBits::new(&classes, &fields, cols);
        let (start_locals, start_tokens) = start_slots(
            puzzle,
            &classes,
            slot_class.len(),
            &pieces,
            &piece_class,
            &piece_anchor,
        )?;
        let start = encode_with(&fields, &set_bits, &start_locals);
        let goal = GoalSpec::new(puzzle, &classes, &pieces, &piece_class)?;
        let quick_goal = QuickGoal::compile(&goal, &classes, &fields, &set_bits);
        let kernel = WordKernel::new(rows, cols, metric, &walls, &classes, &fields, &nbr);
        Ok(BlockDomain {
            rows,
            cols,
            metric,
            walls,
            classes,
            slot_class,
            fields,
            set_bits,
            nbr,
            masks,
            kernel,
            start,
            start_tokens,
            goal,
            quick_goal,
            mirror: OnceLock::new(),
            puzzle: puzzle.clone(),
        })
    }

    /// The left-right mirror of the puzzle's positions, when its rules are symmetric.
    #[inline]
    pub(super) fn mirror_map(&self) -> Option<&Mirror> {
        self.mirror
            .get_or_init(|| Mirror::new(&self.classes, &self.fields, &self.set_bits, self.cols))
            .as_ref()
    }

    /// The metric moves are counted in.
    #[cfg(feature = "testing")]    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// Number of pieces (state slots).
    pub fn pieces(&self) -> usize {
        self.slot_class.len()
    }

    /// How many 64-bit words of [`BlockState`] the puzzle's bit fields use (the others are
    /// always zero).
    pub fn state_words(&self) -> usize {
        self.fields
            .iter()
            .map(|f| usize::from(f.word) + 1)
            .max()
            .unwrap_or(1)
    }

    /// Number of classes of interchangeable pieces.
    #[cfg(feature = "testing")]    pub fn classes(&self) -> usize {
        self.classes.len()
    }

    /// The placement index (within its class) of the piece in `slot`.
    pub(super) fn local(&self, state: &BlockState, slot: usize) -> usize {
        let f = self.fields[slot];
        if f.set {
            let mut bits = get_field(state, f);
            for _ in usize::from(f.first)..slot {
                bits &= bits - 1;
            }
            (self.set_bits.placement(f, bits.trailing_zeros()) - f.offset) as usize
        } else {
            get_field(state, f) as usize
        }
    }

    /// Every slot's placement index (within its class), into `out[..self.pieces()]`.
    pub(super) fn decode(&self, state: &BlockState, out: &mut [u16; MAX_PIECES]) {
        let mut slot = 0;
        while let Some(&f) = self.fields.get(slot) {
            if f.set {
                let mut bits = get_field(state, f);
                while bits != 0 {
                    out[slot] =
                        (self.set_bits.placement(f, bits.trailing_zeros()) - f.offset) as u16;
                    bits &= bits - 1;
                    slot += 1;
                }
            } else {
                out[slot] = get_field(state, f) as u16;
                slot += 1;
            }
        }
    }

    /// Encodes per-slot placement indices (already sorted within each class).
    pub(super) fn encode(&self, locals: &[u16]) -> BlockState {
        encode_with(&self.fields, &self.set_bits, locals)
    }

    /// The puzzle in position `state`: the start puzzle with every piece moved. Within a
    /// class of interchangeable pieces, tokens are handed out in the class's order (the goal
    /// cannot tell them apart, so any order is the same position to it).
    pub fn position(&self, state: &BlockState) -> Puzzle {
        let mut puzzle = self.puzzle.clone();
        for (cell, wall) in puzzle.cells.iter_mut().zip(&self.walls) {
            *cell = if *wall { Cell::Wall } else { Cell::Empty };
        }
        for class in &self.classes {
            for (k, &token) in class.tokens.iter().enumerate() {
                let slot = class.first_slot + k;
                for cell in class.cells(self.local(state, slot), self.cols) {
                    puzzle.cells[cell] = Cell::Piece(token);
                }
            }
        }
        puzzle
    }

    /// The goal test on the first `W` words of a state (the puzzle's fields must lie in them).
    #[inline(always)]
    pub(super) fn is_goal_words<const W: usize>(&self, words: &[u64; W]) -> bool {
        let field = |f: Field| (words[word_index::<W>(f.word)] >> f.shift) & f.mask;
        if let Some(quick) = &self.quick_goal {
            // Plain loops: this runs once per state of a walk and must inline.
            for q in quick {
                let met = if q.field.set {
                    field(q.field) & q.mask != 0
                } else {
                    let mut met = false;
                    for &f in &self.fields[usize::from(q.field.first)..=usize::from(q.field.last)] {
                        met |= if q.by_mask {
                            (q.mask >> field(f)) & 1 != 0
                        } else {
                            self.goal.covers(0, q.k, field(f) as usize)
                        };
                    }
                    met
                };
                if !met {
                    return false;
                }
            }
            return true;
        }
        self.is_goal_decoded(&BlockState::from_words(words))
    }

    /// The general goal test: decodes the state and asks the goal (kept out of line, so the
    /// quick test inlines).
    #[inline(never)]
    fn is_goal_decoded(&self, state: &BlockState) -> bool {
        let mut locals = [0u16; MAX_PIECES];
        self.decode(state, &mut locals);
        self.goal.satisfied(&self.classes, &locals)
    }

    /// The single goal position, when the goal pins one down.
    pub(super) fn complete_goal(&self) -> Result<BlockState, String> {
        self.goal
            .complete_locals(&self.classes, self.rows, self.cols)
            .map(|locals| self.encode(&locals))
    }
}

/// Refuses a board or goal grid whose size does not match the puzzle's rows and columns.
fn check_sizes(puzzle: &Puzzle) -> Result<(), String> {
    let (rows, cols) = (puzzle.rows, puzzle.cols);
    if rows == 0 || cols == 0 || puzzle.cells.len() != rows * cols {
        return Err(format!(
            "the board should have {rows}x{cols} cells but has {}",
            puzzle.cells.len()
        ));
    }
    if puzzle.goal.cells.len() != rows * cols {
        return Err(format!(
            "the goal has {} cells but the board has {}",
            puzzle.goal.cells.len(),
            rows * cols
        ));
    }
    Ok(())
}

/// The kinds of the pieces the goal names (their pieces are interchangeable only within the
/// kind), refusing a goal that names a piece not on the board.
fn goal_kinds(puzzle: &Puzzle, pieces: &[PieceCells]) -> Result<Vec<String>, String> {
    let cols = puzzle.cols;
    let mut named_kinds: Vec<String> = Vec::new();
    for (i, cell) in puzzle.goal.cells.iter().enumerate() {
        if let Some(t) = cell {
            if !pieces.iter().any(|p| p.token == *t) {
                return Err(format!(
                    "the goal names piece `{t}` at row {}, column {}, but there is no such piece on the board",
                    i / cols + 1,
                    i % cols + 1
                ));
            }
            let kind = puzzle.kind_of(*t);
            if !named_kinds.contains(&kind) {
                named_kinds.push(kind);
            }
        }
    }
    Ok(named_kinds)
}

/// The start position as per-slot placement indices (sorted within each class) and the token
/// of the piece in each slot.
fn start_slots(
    puzzle: &Puzzle,
    classes: &[Class],
    slots: usize,
    pieces: &[PieceCells],
    piece_class: &[usize],
    piece_anchor: &[(usize, usize)],
) -> Result<(Vec<u16>, Vec<Token>), String> {
    let mut start_locals = vec![0u16; slots];
    let mut start_tokens = vec![pieces[0].token; slots];
    for (c, class) in classes.iter().enumerate() {
        let mut members: Vec<(usize, Token)> = Vec::new();
        for (i, piece) in pieces.iter().enumerate() {
            if piece_class[i] == c {
                let p = class
                    .anchors
                    .iter()
                    .position(|&a| a == piece_anchor[i])
                    .ok_or_else(|| start_refusal(puzzle, piece))?;
                members.push((p, piece.token));
            }
        }
        members.sort_unstable();
        for (k, (p, token)) in members.into_iter().enumerate() {
            let slot = class.first_slot + k;
            start_locals[slot] = p as u16;
            start_tokens[slot] = token;
        }
    }
    Ok((start_locals, start_tokens))
}

/// Why `piece` stands on no legal placement of its class.
fn start_refusal(puzzle: &Puzzle, piece: &PieceCells) -> String {
    let closed = piece
        .cells
        .iter()
        .find_map(|&(r, c)| puzzle.zone_refusing(piece.token, r * puzzle.cols + c));
    match closed {
        Some(zone) => format!(
            "piece `{}` starts in zone `{zone}`, which is closed to it",
            piece.token
        ),
        None => format!(
            "piece `{}` overlaps a wall or leaves the board",
            piece.token
        ),
    }
}

impl QuickGoal {
    /// The quick goal test of `goal`, when the goal is anchored and names at most one piece
    /// per class.
    fn compile(
        goal: &GoalSpec,
        classes: &[Class],
        fields: &[Field],
        set_bits: &SetBits,
    ) -> Option<Vec<QuickGoal>> {
        (goal.translations.len() == 1 && goal.by_class.iter().all(|ks| ks.len() <= 1)).then(|| {
            goal.by_class
                .iter()
                .enumerate()
                .filter_map(|(c, ks)| {
                    let &k = ks.first()?;
                    let class = &classes[c];
                    let field = fields[class.first_slot];
                    let n = class.anchors.len();
                    let by_mask = field.set || n <= 64;
                    let bit = |p: usize| {
                        if field.set {
                            set_bits.bit[class.offset as usize + p].into()
                        } else {
                            p
                        }
                    };
                    let mask = (0..n)
                        .filter(|&p| by_mask && goal.covers(0, k, p))
                        .fold(0u64, |m, p| m | 1 << bit(p));
                    Some(QuickGoal {
                        field,
                        k,
                        mask,
                        by_mask,
                    })
                })
                .collect()
        })
    }
}
