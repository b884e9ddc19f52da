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
    /// The class is stored as a set: bit `p` of the field marks placement `p` as taken (the
    /// field spans all the class's placements, and every slot of the class shares it). Else
    /// each slot has its own field holding a placement index, sorted within the class.
    set: bool,
    /// The first and last state slots of the class (equal for a piece of its own).
    first: u8,
    last: u8,
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
    /// Neighbouring placement (global id, or [`NONE`]) per global placement and direction,
    /// in the order of [`Dir::ALL`].
    pub(super) nbr: Vec<[u32; 4]>,
    masks: MaskSet,
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
/// placement of `mask` (as a set over the class's placements: only for a class stored as a
/// set) or covering goal piece `k`'s cells (for a class stored in fields).
#[derive(Clone, Copy, Debug)]
struct QuickGoal {
    field: Field,
    k: usize,
    mask: u64,
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

        // Slots and bit fields: sets where they pay, else sorted fields; if sets make the
        // state too large, fields only.
        let (fields, slot_class) = match layout(&mut classes, true) {
            Some(found) => found,
            None => layout(&mut classes, false).ok_or_else(|| {
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
        let start = encode_with(&fields, &start_locals);

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
                    let mask = (0..class.anchors.len().min(64))
                        .filter(|&p| goal.covers(0, k, p))
                        .fold(0u64, |m, p| m | 1 << p);
                    Some(QuickGoal { field, k, mask })
                })
                .collect()
        });
        let mut domain = BlockDomain {
            rows,
            cols,
            metric,
            walls,
            classes,
            slot_class,
            fields,
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
            bits.trailing_zeros() as usize
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
                    out[slot] = bits.trailing_zeros() as u16;
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
        encode_with(&self.fields, locals)
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
                    let g = f.offset + bits.trailing_zeros();
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
                        let mut nb = here.nbr[d];
                        loop {
                            out.push(mv(nb));
                            let cur = &adj[nb as usize];
                            nb = cur.nbr[d];
                            if nb == NONE || !disjoint(&cur.enter[d], &occ) {
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

    /// The solution `path` (moves of this domain from its start) as moves of concrete pieces
    /// with their unit steps. Interchangeable pieces are followed through the merged encoding,
    /// so every [`PieceMove`](crate::solve::api::PieceMove) names the real piece, and
    /// replaying the steps with [`Puzzle::step`] from the puzzle's start is legal and ends
    /// where `path` ends.
    pub fn piece_moves(&self, path: &[BlockMove]) -> Vec<crate::solve::api::PieceMove> {
        super::replay::piece_moves(self, path)
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

/// Lays out the state: the slots of each class (setting `first_slot`) and their bit fields, a
/// class of several pieces stored as a set of placements when `sets` allows it and the set is
/// not much larger than sorted fields. `None` when the fields do not fit in [`STATE_BITS`].
fn layout(classes: &mut [Class], sets: bool) -> Option<(Vec<Field>, Vec<u8>)> {
    let mut slot_class = Vec::new();
    let mut fields = Vec::new();
    let mut word = 0usize;
    let mut used = 0u32;
    for (c, class) in classes.iter_mut().enumerate() {
        class.first_slot = slot_class.len();
        let count = class.tokens.len() as u32;
        let n = class.anchors.len() as u64;
        let index_bits = 64 - (n - 1).leading_zeros();
        let set = sets && count > 1 && n <= 64 && n as u32 <= 2 * count * index_bits;
        let (bits, fields_needed) = if set {
            (n as u32, 1)
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
    }
    Some((fields, slot_class))
}

/// Encodes per-slot placement indices (sorted within each class) with `fields`.
fn encode_with(fields: &[Field], locals: &[u16]) -> BlockState {
    let mut state = BlockState {
        words: [0; STATE_WORDS],
    };
    for (&f, &p) in fields.iter().zip(locals) {
        if f.set {
            state.words[usize::from(f.word)] |= 1 << (u32::from(f.shift) + u32::from(p));
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
        if let Some(quick) = &self.quick_goal {
            return quick.iter().all(|q| {
                if q.field.set {
                    get_field(state, q.field) & q.mask != 0
                } else {
                    let slots =
                        &self.fields[usize::from(q.field.first)..=usize::from(q.field.last)];
                    slots
                        .iter()
                        .any(|&f| self.goal.covers(0, q.k, get_field(state, f) as usize))
                }
            });
        }
        let mut locals = [0u16; MAX_PIECES];
        self.decode(state, &mut locals);
        self.goal.satisfied(self, &locals)
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
            return xor_word(state, f.word, ((1 << mv.from) | (1 << mv.to)) << f.shift);
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
