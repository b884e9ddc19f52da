//! The block domain: piece classes, placements, the packed state encoding, move generation in
//! the three metrics.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use crate::model::{Cell, Dir, Metric, Puzzle, Token};
use crate::solve::core::Domain;

use super::goal::GoalSpec;
use super::heuristics::Tables;
use super::pdb::Pdb;

/// The most pieces a block puzzle may have.
pub const MAX_PIECES: usize = 64;

/// Words of 64 bits in a [`BlockState`].
const STATE_WORDS: usize = 4;

/// The bits a [`BlockState`] holds; a puzzle whose pieces need more bits is refused.
pub const STATE_BITS: usize = STATE_WORDS * 64;

/// No neighbouring placement (the shape would leave the board or enter a wall).
pub(super) const NONE: u32 = u32::MAX;

/// A position of a block puzzle, packed into bit fields: a class of interchangeable pieces is
/// stored either as the set of its occupied placements (one bit per legal placement of its
/// shape), or as one field per piece holding the index of its placement, the fields kept
/// sorted; either way permuting interchangeable pieces gives the same state, so the encoding
/// is canonical.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub struct BlockState {
    words: [u64; STATE_WORDS],
}

impl BlockState {
    /// The words mixed into one by odd multipliers (what [`Hash`](std::hash::Hash) feeds).
    #[inline]
    pub(super) fn mixed(&self) -> u64 {
        let [a, b, c, d] = self.words;
        a ^ b.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ c.wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            ^ d.wrapping_mul(0x1656_67B1_9E37_79F9)
    }

    /// The state whose first words are `words` and whose other words are zero.
    #[inline]
    pub(super) fn from_words<const W: usize>(words: &[u64; W]) -> BlockState {
        let mut all = [0; STATE_WORDS];
        all[..W].copy_from_slice(words);
        BlockState { words: all }
    }

    /// The first `W` words (`W` at most [`STATE_WORDS`]).
    #[inline]
    pub(super) fn first_words<const W: usize>(&self) -> [u64; W] {
        std::array::from_fn(|i| self.words[i])
    }
}

impl std::hash::Hash for BlockState {
    /// Feeds the hasher one word, the words mixed by odd multipliers: a fast hasher then does
    /// one round instead of four (most puzzles use only the first word). Equal states give
    /// equal words, so this agrees with `Eq`.
    #[inline]
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.mixed());
    }
}

/// One move: the piece in state slot `slot` goes from placement `from` to placement `to`
/// (indices among its class's placements). In the step metric the two placements are one
/// cell apart, in the slide metric they lie on one line, in the move metric they are joined
/// by a path of free placements.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct BlockMove {
    slot: u8,
    from: u16,
    to: u16,
}

impl BlockMove {
    /// The state slot of the piece that moves (slots of interchangeable pieces are sorted by
    /// placement, so the slot is not a piece identity; see [`BlockDomain::piece_moves`]).
    pub fn slot(self) -> usize {
        usize::from(self.slot)
    }

    /// The placement index the piece leaves.
    pub fn from(self) -> usize {
        usize::from(self.from)
    }

    /// The placement index the piece reaches.
    pub fn to(self) -> usize {
        usize::from(self.to)
    }
}

/// A set of interchangeable pieces: one shape, its legal placements and neighbour table.
#[derive(Clone, Debug)]
pub(super) struct Class {
    /// The shape's cells relative to the top-left of its bounding box, in reading order.
    pub shape: Vec<(usize, usize)>,
    /// The pieces of the class, in the order the puzzle lists them.
    pub tokens: Vec<Token>,
    /// The first state slot of the class; the class owns `tokens.len()` consecutive slots.
    pub first_slot: usize,
    /// The top-left corner of each legal placement, in reading order.
    pub anchors: Vec<(usize, usize)>,
    /// Global id of local placement 0 (placements of all classes are numbered together).
    pub offset: u32,
    /// Whether the goal names a piece of this class.
    pub named: bool,
}

impl Class {
    /// How many pieces the class has.
    pub fn count(&self) -> usize {
        self.tokens.len()
    }

    /// The board cell of placement `p`'s top-left corner (its anchor), as a cell index.
    pub fn cell(&self, p: usize, cols: usize) -> usize {
        let (r, c) = self.anchors[p];
        r * cols + c
    }

    /// The board cells placement `p` covers, as cell indices.
    pub fn cells(&self, p: usize, cols: usize) -> impl Iterator<Item = usize> + '_ {
        let (r0, c0) = self.anchors[p];
        self.shape
            .iter()
            .map(move |&(r, c)| (r0 + r) * cols + c0 + c)
    }
}

/// One placement's bitboards of `W` words, with its neighbours, packed together so move
/// generation touches one record per piece: the cells it covers, and per direction the
/// neighbouring placement (global id or [`NONE`]) and the cells a one-cell step newly enters
/// (all ones when there is no neighbouring placement, so the step is never free).
#[derive(Clone, Copy, Debug)]
struct Adj<const W: usize> {
    cells: [u64; W],
    nbr: [u32; 4],
    enter: [[u64; W]; 4],
}

/// The adjacency records of every placement, by global id.
#[derive(Clone, Debug)]
pub(super) struct Masks<const W: usize> {
    adj: Vec<Adj<W>>,
}

/// The bitboards sized for the board (one word up to 64 cells, ..., sixteen up to 1024).
#[derive(Clone, Debug)]
enum MaskSet {
    W1(Masks<1>),
    W2(Masks<2>),
    W4(Masks<4>),
    W16(Masks<16>),
}

fn disjoint<const W: usize>(a: &[u64; W], b: &[u64; W]) -> bool {
    a.iter().zip(b).all(|(x, y)| x & y == 0)
}

fn or_into<const W: usize>(acc: &mut [u64; W], a: &[u64; W]) {
    for (x, y) in acc.iter_mut().zip(a) {
        *x |= y;
    }
}

fn xor<const W: usize>(a: &[u64; W], b: &[u64; W]) -> [u64; W] {
    let mut out = *a;
    for (x, y) in out.iter_mut().zip(b) {
        *x ^= y;
    }
    out
}

/// Where one piece's bit field sits in the state, and what move generation needs to know
/// about its class.
#[derive(Clone, Copy, Debug, Default)]
struct Field {
    word: u8,
    shift: u8,
    mask: u64,
    /// Global id of the class's placement 0.
    offset: u32,
    /// The class has more than 64 placements.
    many: bool,
    /// The class is stored as a set: bit `b` of the field marks as taken the placement whose
    /// top-left corner is `b` cells (in reading order) after that of the class's first
    /// placement (the field spans the class's placements, and every slot of the class shares
    /// it; numbering bits by cell makes a one-cell step a fixed shift). Else each slot has its
    /// own field holding a placement index, sorted within the class.
    set: bool,
    /// For a set: where the class's bits start in [`SetBits::global`].
    table: u32,
    /// The first and last state slots of the class (equal for a piece of its own).
    first: u8,
    last: u8,
}

/// How the bits of set fields map to placements: bit `b` of a set field `f` is placement
/// `global[f.table + b]` (or [`NONE`] when no placement has its corner there), and placement
/// `g` of a set class is bit `bit[g]` of its field.
#[derive(Clone, Debug, Default)]
struct SetBits {
    global: Vec<u32>,
    bit: Vec<u8>,
}

impl SetBits {
    fn new(classes: &[Class], fields: &[Field], cols: usize) -> SetBits {
        let mut bits = SetBits::default();
        for class in classes {
            let f = fields[class.first_slot];
            for p in 0..class.anchors.len() {
                let b = if f.set {
                    class.cell(p, cols) - class.cell(0, cols)
                } else {
                    0
                };
                bits.bit.push(b as u8);
            }
            if f.set {
                let start = bits.global.len();
                bits.global
                    .resize(start + f.mask.count_ones() as usize, NONE);
                for p in 0..class.anchors.len() {
                    bits.global[start + usize::from(bits.bit[class.offset as usize + p])] =
                        class.offset + p as u32;
                }
            }
        }
        bits
    }

    /// The global placement of bit `b` of set field `f`.
    #[inline(always)]
    fn placement(&self, f: Field, b: u32) -> u32 {
        self.global[f.table as usize + b as usize]
    }
}

/// Successors in the step and slide metrics straight from the bit fields, for a board of at
/// most 64 cells whose classes are all sets or single pieces (Klotski and most classics):
/// the cells all pieces cover are one word, each set class finds which of its pieces can step
/// in a direction with a few word operations for all of them at once, and a move is one XOR.
#[derive(Clone, Debug)]
struct WordKernel {
    /// The fields of the pieces that have a class of their own.
    singles: Vec<Field>,
    /// The classes stored as sets.
    sets: Vec<SetStep>,
    /// The board's cells that are not walls.
    open: u64,
    /// Slides rather than steps: a piece moves any number of cells in a line.
    slide: bool,
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
}

impl WordKernel {
    /// The kernel of a domain in `metric`, when it applies. For slides, the shapes of the
    /// sets must be orthoconvex (every row and column of the shape one run of cells), so
    /// that the cells a slide enters past its first step were never the piece's own.
    fn new(
        rows: usize,
        cols: usize,
        metric: Metric,
        walls: &[bool],
        classes: &[Class],
        fields: &[Field],
        nbr: &[[u32; 4]],
    ) -> Option<WordKernel> {
        let slide = match metric {
            Metric::Step => false,
            Metric::Slide => true,
            Metric::Move => return None,
        };
        if rows * cols > 64 {
            return None;
        }
        let open = (0..rows * cols)
            .filter(|&i| !walls[i])
            .fold(0u64, |m, i| m | 1 << i);
        let mut singles = Vec::new();
        let mut sets = Vec::new();
        for class in classes {
            let field = fields[class.first_slot];
            if !field.set {
                // The free steps of the single pieces share one word, four bits each.
                if class.count() > 1 || singles.len() == 16 {
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
                if enter.len() > ENTER {
                    return None;
                }
                here.enter = std::array::from_fn(|i| enter[i.min(enter.len() - 1)]);
                here.entered = enter.len() as u32;
                here.pair = 1 | 1 << delta.unsigned_abs();
                here.to_field = i32::from(field.shift) - base as i32 + delta.min(0);
                here.delta = delta;
            }
            sets.push(SetStep {
                field,
                base,
                cover,
                dirs,
            });
        }
        let pieces = classes.iter().map(Class::count).sum::<usize>();
        let most = 4 * pieces * if slide { rows.max(cols) } else { 1 };
        Some(WordKernel {
            singles,
            sets,
            open,
            slide,
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
    fields: Vec<Field>,
    set_bits: SetBits,
    /// Neighbouring placement (global id, or [`NONE`]) per global placement and direction,
    /// in the order of [`Dir::ALL`].
    pub(super) nbr: Vec<[u32; 4]>,
    masks: MaskSet,
    /// Fast successors in the step metric, when the puzzle allows them.
    kernel: Option<WordKernel>,
    start: BlockState,
    /// The tokens of the start position by slot.
    pub(super) start_tokens: Vec<Token>,
    pub(super) goal: GoalSpec,
    /// The goal test read straight from the state, when the goal is anchored and names at
    /// most one piece per class (the common case, e.g. Klotski); else `None` and the general
    /// test decodes the state.
    quick_goal: Option<Vec<QuickGoal>>,
    pub(super) tables: Tables,
    /// The puzzle the domain was built from.
    pub(super) puzzle: Puzzle,
    /// The pattern database, built the first time a heuristic asks for it.
    pdb: OnceLock<Result<Pdb, String>>,
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

/// What makes pieces interchangeable: `(true, kind, [])` for a kind the goal names, else
/// `(false, "", shape)`.
type ClassKey = (bool, String, Vec<(usize, usize)>);

/// The shape of a piece and its anchor (the top-left of its bounding box).
fn normalise(cells: &[(usize, usize)]) -> (Vec<(usize, usize)>, (usize, usize)) {
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let mut shape: Vec<(usize, usize)> = cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
    shape.sort_unstable();
    (shape, (r0, c0))
}

fn shape_text(shape: &[(usize, usize)]) -> String {
    let cells: Vec<String> = shape.iter().map(|(r, c)| format!("({r},{c})")).collect();
    cells.join(" ")
}

impl BlockDomain {
    /// Builds the domain of `puzzle` in `metric`.
    ///
    /// # Errors
    /// A message the user can act on when the puzzle has no pieces, more than
    /// [`MAX_PIECES`] pieces, pieces of one kind with different shapes, a goal naming a piece
    /// that is not on the board, a goal grid of the wrong size, or needs more than
    /// [`STATE_BITS`] bits of state.
    pub fn new(puzzle: &Puzzle, metric: Metric) -> Result<BlockDomain, String> {
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
        let on_board: BTreeMap<Token, usize> = pieces
            .iter()
            .enumerate()
            .map(|(i, p)| (p.token, i))
            .collect();
        let mut named_kinds: Vec<String> = Vec::new();
        for (i, cell) in puzzle.goal.cells.iter().enumerate() {
            if let Some(t) = cell {
                if !on_board.contains_key(t) {
                    return Err(format!(
                        "the goal names piece `{t}` at row {}, column {}, but there is no such piece on the board",
                        i / cols,
                        i % cols
                    ));
                }
                let kind = puzzle.kind_of(*t);
                if !named_kinds.contains(&kind) {
                    named_kinds.push(kind);
                }
            }
        }

        // Group pieces: by kind when the goal names the kind, else by shape.
        let walls: Vec<bool> = puzzle.cells.iter().map(|c| *c == Cell::Wall).collect();
        let mut classes: Vec<Class> = Vec::new();
        let mut class_key: Vec<ClassKey> = Vec::new();
        let mut piece_class = vec![0usize; pieces.len()];
        let mut piece_anchor = vec![(0usize, 0usize); pieces.len()];
        for (i, piece) in pieces.iter().enumerate() {
            let (shape, anchor) = normalise(&piece.cells);
            piece_anchor[i] = anchor;
            let kind = puzzle.kind_of(piece.token);
            let named = named_kinds.contains(&kind);
            let key = if named {
                (true, kind.clone(), Vec::new())
            } else {
                (false, String::new(), shape.clone())
            };
            let found = class_key.iter().position(|k| *k == key);
            let c = match found {
                Some(c) => {
                    if classes[c].shape != shape {
                        return Err(format!(
                            "pieces `{}` and `{}` share a kind but have different shapes ({} and {})",
                            classes[c].tokens[0],
                            piece.token,
                            shape_text(&classes[c].shape),
                            shape_text(&shape)
                        ));
                    }
                    classes[c].tokens.push(piece.token);
                    c
                }
                None => {
                    class_key.push(key);
                    classes.push(Class {
                        shape,
                        tokens: vec![piece.token],
                        first_slot: 0,
                        anchors: Vec::new(),
                        offset: 0,
                        named,
                    });
                    classes.len() - 1
                }
            };
            piece_class[i] = c;
        }

        // Legal placements per class.
        let mut total = 0u32;
        for class in &mut classes {
            let h = class.shape.iter().map(|c| c.0).max().unwrap_or(0) + 1;
            let w = class.shape.iter().map(|c| c.1).max().unwrap_or(0) + 1;
            for r in 0..=rows.saturating_sub(h) {
                for c in 0..=cols.saturating_sub(w) {
                    if r + h <= rows
                        && c + w <= cols
                        && class
                            .shape
                            .iter()
                            .all(|&(dr, dc)| !walls[(r + dr) * cols + c + dc])
                    {
                        class.anchors.push((r, c));
                    }
                }
            }
            class.offset = total;
            total += class.anchors.len() as u32;
        }

        // Slots and bit fields: every class of several pieces a set (fastest to search) unless
        // that takes more words than sets only where they are about as small as sorted
        // fields; if sets make the state too large, fields only.
        let words = |found: &(Vec<Field>, Vec<u8>)| found.0.iter().map(|f| f.word).max();
        let (fields, slot_class) = match (
            layout(&mut classes, cols, Sets::Always),
            layout(&mut classes, cols, Sets::Compact),
        ) {
            (Some(all), Some(compact)) if words(&all) > words(&compact) => compact,
            (Some(all), _) => all,
            (None, Some(compact)) => compact,
            (None, None) => layout(&mut classes, cols, Sets::Never).ok_or_else(|| {
                format!(
                    "the pieces need more than {STATE_BITS} bits of state; use a smaller board or fewer pieces"
                )
            })?,
        };

        // Neighbour table and bitboards.
        let mut nbr = Vec::with_capacity(total as usize);
        for class in &classes {
            let index: BTreeMap<(usize, usize), u32> = class
                .anchors
                .iter()
                .enumerate()
                .map(|(i, &a)| (a, class.offset + i as u32))
                .collect();
            for &(r, c) in &class.anchors {
                let mut row = [NONE; 4];
                for (d, dir) in Dir::ALL.iter().enumerate() {
                    let (dr, dc) = dir.delta();
                    let (nr, nc) = (r as i64 + i64::from(dr), c as i64 + i64::from(dc));
                    if nr >= 0
                        && nc >= 0
                        && let Some(&g) = index.get(&(nr as usize, nc as usize))
                    {
                        row[d] = g;
                    }
                }
                nbr.push(row);
            }
        }
        let masks = match rows * cols {
            0..=64 => MaskSet::W1(build_masks(&classes, cols, &nbr)),
            65..=128 => MaskSet::W2(build_masks(&classes, cols, &nbr)),
            129..=256 => MaskSet::W4(build_masks(&classes, cols, &nbr)),
            _ => MaskSet::W16(build_masks(&classes, cols, &nbr)),
        };

        // The start position.
        let mut start_locals = vec![0u16; slot_class.len()];
        let mut start_tokens = vec![pieces[0].token; slot_class.len()];
        for (c, class) in classes.iter().enumerate() {
            let mut members: Vec<(usize, Token)> = Vec::new();
            for (i, piece) in pieces.iter().enumerate() {
                if piece_class[i] == c {
                    let p = class
                        .anchors
                        .iter()
                        .position(|&a| a == piece_anchor[i])
                        .ok_or_else(|| {
                            format!(
                                "piece `{}` overlaps a wall or leaves the board",
                                piece.token
                            )
                        })?;
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
        let set_bits = SetBits::new(&classes, &fields, cols);
        let start = encode_with(&fields, &set_bits, &start_locals);

        let goal = GoalSpec::new(puzzle, &classes, &pieces, &piece_class)?;
        let quick_goal = (goal.translations.len() == 1
            && goal.by_class.iter().all(|ks| ks.len() <= 1))
        .then(|| {
            goal.by_class
                .iter()
                .enumerate()
                .filter_map(|(c, ks)| {
                    let &k = ks.first()?;
                    let class = &classes[c];
                    let field = fields[class.first_slot];
                    let n = class.anchors.len();
                    let by_mask = field.set || n <= 64;
                    let bit = |p: usize| match field.set {
                        true => set_bits.bit[class.offset as usize + p].into(),
                        false => p,
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
        });
        let kernel = WordKernel::new(rows, cols, metric, &walls, &classes, &fields, &nbr);
        let mut domain = BlockDomain {
            rows,
            cols,
            metric,
            walls,
            classes,
            slot_class,
            fields,
            set_bits,
            kernel,
            nbr,
            masks,
            start,
            start_tokens,
            goal,
            quick_goal,
            tables: Tables::default(),
            puzzle: puzzle.clone(),
            pdb: OnceLock::new(),
        };
        domain.tables = Tables::new(&domain);
        Ok(domain)
    }

    /// The metric moves are counted in.
    pub fn metric(&self) -> Metric {
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
    pub fn classes(&self) -> usize {
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

    /// The pattern database, built on first use (see
    /// [`BlockHeuristic::PatternDatabase`](super::BlockHeuristic::PatternDatabase)), or why
    /// there is none.
    pub(super) fn pdb(&self) -> Result<&Pdb, &str> {
        self.pdb
            .get_or_init(|| Pdb::build(self))
            .as_ref()
            .map_err(String::as_str)
    }

    /// The number of abstract positions in the pattern database, building it if needed.
    ///
    /// # Errors
    /// Why there is no pattern database for this puzzle (no goal piece, or an abstraction too
    /// large to enumerate).
    pub fn pattern_database_states(&self) -> Result<usize, String> {
        self.pdb().map(Pdb::len).map_err(str::to_string)
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

    fn generate<const W: usize>(
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
                        met |= match q.by_mask {
                            true => (q.mask >> field(f)) & 1 != 0,
                            false => self.goal.covers(0, q.k, field(f) as usize),
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
        self.goal.satisfied(self, &locals)
    }

    /// Appends to `out` the successors of the position whose state words are `words` (the
    /// first `W` words of a [`BlockState`]; the puzzle's fields must lie in them), except
    /// `parent`, through the kernel. Returns `None` when the domain has no kernel, else how
    /// many successors were left out (0 or 1).
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
        Some(match kernel.slide {
            false => run_kernel::<W, false, T>(kernel, &masks.adj, words, parent, out, wrap),
            true => run_slide_kernel(kernel, &masks.adj, words, parent, out, wrap),
        })
    }

    /// The solution `path` (moves of this domain from its start) as moves of concrete pieces
    /// with their unit steps. Interchangeable pieces are followed through the merged encoding,
    /// so every [`PieceMove`](crate::model::PieceMove) names the real piece, and
    /// replaying the steps with [`Puzzle::step`] from the puzzle's start is legal and ends
    /// where `path` ends.
    pub fn piece_moves(&self, path: &[BlockMove]) -> Vec<crate::model::PieceMove> {
        super::replay::piece_moves(self, path)
    }
}

/// [`run_kernel`] for slides, kept out of line so that the walk's loop holds only the step
/// copy.
#[inline(never)]
fn run_slide_kernel<const W: usize, T: Copy>(
    kernel: &WordKernel,
    adj: &[Adj<1>],
    words: &[u64; W],
    parent: &[u64; W],
    out: &mut Vec<T>,
    wrap: impl Fn([u64; W]) -> T,
) -> u64 {
    run_kernel::<W, true, T>(kernel, adj, words, parent, out, wrap)
}

/// The body of [`BlockDomain::kernel_successors`], one copy per metric (`SLIDE`) so that the
/// step metric carries no slide code.
#[inline(always)]
fn run_kernel<const W: usize, const SLIDE: bool, T: Copy>(
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
    let mut occ = 0u64;
    for &f in &kernel.singles {
        occ |= adj[(f.offset + field(f) as u32) as usize].cells[0];
    }
    for set in &kernel.sets {
        occ |= (field(set.field) << set.base).wrapping_mul(set.cover);
    }
    let empty = !occ & kernel.open;
    // Every candidate step is written, and the count moves past it only when the step is
    // legal and does not lead back to the parent: no branch depends on the position
    // except the loops over the pieces that can move.
    out.reserve(kernel.most);
    let spare = out.spare_capacity_mut();
    let mut n = 0;
    let mut emit = |next: [u64; W], legal: bool| {
        spare[n].write(wrap(next));
        n += usize::from(legal & (next != *parent));
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
                    going = going.rotate_left(dir.delta.rem_euclid(64) as u32) & free;
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

fn build_masks<const W: usize>(classes: &[Class], cols: usize, nbr: &[[u32; 4]]) -> Masks<W> {
    let mut cells = Vec::with_capacity(nbr.len());
    for class in classes {
        for p in 0..class.anchors.len() {
            let mut m = [0u64; W];
            for cell in class.cells(p, cols) {
                m[cell / 64] |= 1 << (cell % 64);
            }
            cells.push(m);
        }
    }
    let adj = (0..nbr.len())
        .map(|g| {
            let mut enter = [[u64::MAX; W]; 4];
            for d in 0..4 {
                if nbr[g][d] != NONE {
                    let to = &cells[nbr[g][d] as usize];
                    for w in 0..W {
                        enter[d][w] = to[w] & !cells[g][w];
                    }
                }
            }
            Adj {
                cells: cells[g],
                nbr: nbr[g],
                enter,
            }
        })
        .collect();
    Masks { adj }
}

/// Which classes of several pieces [`layout`] stores as sets (a set spans at most 64 anchors).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sets {
    /// Every one.
    Always,
    /// Those whose set is at most twice as large as sorted fields.
    Compact,
    /// None.
    Never,
}

/// Lays out the state: the slots of each class (setting `first_slot`) and their bit fields, a
/// class of several pieces stored as a set of placements as `sets` says. `None` when the
/// fields do not fit in [`STATE_BITS`].
fn layout(classes: &mut [Class], cols: usize, sets: Sets) -> Option<(Vec<Field>, Vec<u8>)> {
    let mut slot_class = Vec::new();
    let mut fields = Vec::new();
    let mut word = 0usize;
    let mut used = 0u32;
    let mut table = 0u32;
    for (c, class) in classes.iter_mut().enumerate() {
        class.first_slot = slot_class.len();
        let count = class.tokens.len() as u32;
        let n = class.anchors.len() as u64;
        let index_bits = 64 - (n - 1).leading_zeros();
        // A set spans the anchors from the first placement's to the last's.
        let span = match class.anchors.len() {
            0 => 0,
            n => (class.cell(n - 1, cols) - class.cell(0, cols) + 1) as u64,
        };
        let set = count > 1
            && span <= 64
            && match sets {
                Sets::Always => true,
                Sets::Compact => span as u32 <= 2 * count * index_bits,
                Sets::Never => false,
            };
        let (bits, fields_needed) = if set {
            (span as u32, 1)
        } else {
            (index_bits, count)
        };
        for _ in 0..fields_needed {
            if used + bits > 64 {
                word += 1;
                used = 0;
            }
            if word >= STATE_WORDS {
                return None;
            }
            let field = Field {
                word: word as u8,
                shift: used as u8,
                mask: if bits == 0 {
                    0
                } else {
                    u64::MAX >> (64 - bits)
                },
                offset: class.offset,
                many: n > 64,
                set,
                table,
                first: class.first_slot as u8,
                last: (class.first_slot + class.tokens.len() - 1) as u8,
            };
            let copies = if set { count } else { 1 };
            for _ in 0..copies {
                fields.push(field);
                slot_class.push(c as u8);
            }
            used += bits;
        }
        if set {
            table += bits;
        }
    }
    Some((fields, slot_class))
}

/// Encodes per-slot placement indices (sorted within each class) with `fields`.
fn encode_with(fields: &[Field], set_bits: &SetBits, locals: &[u16]) -> BlockState {
    let mut state = BlockState {
        words: [0; STATE_WORDS],
    };
    for (&f, &p) in fields.iter().zip(locals) {
        if f.set {
            let b = set_bits.bit[f.offset as usize + usize::from(p)];
            state.words[usize::from(f.word)] |= 1 << (f.shift + b);
        } else {
            set_field(&mut state, f, u64::from(p));
        }
    }
    state
}

/// `state` with word `word` xored with `delta`. Every word is computed, none patched in
/// place, so the result can stay in registers (or be stored whole) on its way to the hash
/// table.
#[inline]
fn xor_word(state: &BlockState, word: u8, delta: u64) -> BlockState {
    let mut i = 0u8;
    BlockState {
        words: state.words.map(|w| {
            let hit = u64::from(i == word).wrapping_neg();
            i += 1;
            w ^ (delta & hit)
        }),
    }
}

/// The index of word `word` among `W` words: always 0 when there is one word, which spares
/// the hot loops a load and a bounds check.
#[inline(always)]
fn word_index<const W: usize>(word: u8) -> usize {
    if W == 1 { 0 } else { usize::from(word) }
}

#[inline]
fn get_field(state: &BlockState, f: Field) -> u64 {
    (state.words[usize::from(f.word)] >> f.shift) & f.mask
}

#[inline]
fn set_field(state: &mut BlockState, f: Field, value: u64) {
    let w = &mut state.words[usize::from(f.word)];
    *w = (*w & !(f.mask << f.shift)) | ((value & f.mask) << f.shift);
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

    fn goal_state(&self) -> Result<BlockState, String> {
        self.goal.complete_state(self)
    }
}
