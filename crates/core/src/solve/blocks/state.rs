//! The packed state encoding: a position as bit fields of at most [`STATE_BITS`] bits, one
//! field per piece (its placement index, sorted within its class) or one per class of
//! interchangeable pieces (the set of placements its pieces occupy), and a move as one piece
//! going from one placement to another.

use super::classes::{Class, NONE};

/// The most pieces a block puzzle may have.
pub const MAX_PIECES: usize = 64;

/// Words of 64 bits in a [`BlockState`].
pub(super) const STATE_WORDS: usize = 4;

/// The bits a [`BlockState`] holds; a puzzle whose pieces need more bits is refused.
pub(crate) const STATE_BITS: usize = STATE_WORDS * 64;

/// A position of a block puzzle, packed into bit fields: a class of interchangeable pieces is
/// stored either as the set of its occupied placements (one bit per legal placement of its
/// shape), or as one field per piece holding the index of its placement, the fields kept
/// sorted; either way permuting interchangeable pieces gives the same state, so the encoding
/// is canonical.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub struct BlockState {
    pub(super) words: [u64; STATE_WORDS],
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
    pub(super) slot: u8,
    pub(super) from: u16,
    pub(super) to: u16,
}

impl BlockMove {
    /// The state slot of the piece that moves (slots of interchangeable pieces are sorted by
    /// placement, so the slot is not a piece identity; see [`BlockDomain::piece_moves`](super::BlockDomain::piece_moves)).
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

/// Where one piece's bit field sits in the state, and what move generation needs to know
/// about its class.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Field {
    pub(super) word: u8,
    pub(super) shift: u8,
    pub(super) mask: u64,
    /// Global id of the class's placement 0.
    pub(super) offset: u32,
    /// The class has more than 64 placements.
    pub(super) many: bool,
    /// The class is stored as a set: bit `b` of the field marks as taken the placement whose
    /// top-left corner is `b` cells (in reading order) after that of the class's first
    /// placement (the field spans the class's placements, and every slot of the class shares
    /// it; numbering bits by cell makes a one-cell step a fixed shift). Else each slot has its
    /// own field holding a placement index, sorted within the class.
    pub(super) set: bool,
    /// For a set: where the class's bits start in [`SetBits::global`].
    pub(super) table: u32,
    /// The first and last state slots of the class (equal for a piece of its own).
    pub(super) first: u8,
    pub(super) last: u8,
}

/// How the bits of set fields map to placements: bit `b` of a set field `f` is placement
/// `global[f.table + b]` (or [`NONE`] when no placement has its corner there), and placement
/// `g` of a set class is bit `bit[g]` of its field.
#[derive(Clone, Debug, Default)]
pub(super) struct SetBits {
    pub(super) global: Vec<u32>,
    pub(super) bit: Vec<u8>,
}

impl SetBits {
    pub(super) fn new(classes: &[Class], fields: &[Field], cols: usize) -> SetBits {
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
    pub(super) fn placement(&self, f: Field, b: u32) -> u32 {
        self.global[f.table as usize + b as usize]
    }
}

/// The bit fields of the classes (setting each class's first slot) and the class of each slot,
/// in as few words as any choice of sets and sorted fields allows, and among those with the
/// most pieces in sets (fastest to search). The words decide the memory of every stored
/// position, so they must not depend on how the board is written: a border of walls widens
/// a set's span but not a sorted field, and a layout choosing sets by their size alone took
/// two words for GNOME Klotski's Lodzianka written without its border and one with it.
/// Every choice is tried when at most [`EXHAUSTIVE_SETS`] classes could be sets, else sets
/// everywhere, nowhere, or where they are at most twice as large as sorted fields.
///
/// # Errors
/// When the pieces need more than [`STATE_BITS`] bits in every layout.
pub(super) fn choose_layout(
    classes: &mut [Class],
    cols: usize,
) -> Result<(Vec<Field>, Vec<u8>), String> {
    let could_be_sets: Vec<usize> = classes
        .iter()
        .enumerate()
        .filter(|(c, class)| *c < 64 && class.tokens.len() > 1 && set_span(class, cols) <= 64)
        .map(|(c, _)| c)
        .collect();
    let spread = |choice: u64| {
        could_be_sets
            .iter()
            .enumerate()
            .filter(|&(i, _)| choice & 1 << i != 0)
            .fold(0u64, |mask, (_, &c)| mask | 1 << c)
    };
    let choices: Vec<Sets> = if could_be_sets.len() <= EXHAUSTIVE_SETS {
        (0..1u64 << could_be_sets.len())
            .rev()
            .map(|choice| Sets::Only(spread(choice)))
            .collect()
    } else {
        let compact = could_be_sets
            .iter()
            .filter(|&&c| {
                let class = &classes[c];
                set_span(class, cols) <= 2 * class.tokens.len() as u64 * u64::from(index_bits(class))
            })
            .fold(0u64, |mask, &c| mask | 1 << c);
        vec![Sets::Always, Sets::Only(compact), Sets::Never]
    };
    let mut best: Option<((u8, std::cmp::Reverse<usize>), Sets)> = None;
    for sets in choices {
        let Some((fields, _)) = layout(classes, cols, sets) else {
            continue;
        };
        let words = fields.iter().map(|f| f.word).max().unwrap_or(0);
        let in_sets = fields.iter().filter(|f| f.set).count();
        let rank = (words, std::cmp::Reverse(in_sets));
        if best.is_none_or(|(b, _)| rank < b) {
            best = Some((rank, sets));
        }
    }
    best.and_then(|(_, sets)| layout(classes, cols, sets))
        .ok_or_else(|| {
            format!(
                "the pieces need more than {STATE_BITS} bits of state; use a smaller board or fewer pieces"
            )
        })
}

/// The most classes whose every choice of set or sorted fields [`choose_layout`] tries (2^12
/// layouts, each a pass over the pieces).
const EXHAUSTIVE_SETS: usize = 12;

/// Which classes of several pieces [`layout`] stores as sets (a set spans at most 64 anchors).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Sets {
    /// Every one.
    Always,
    /// Those whose bit is set (bit `c` for class `c`).
    Only(u64),
    /// None.
    Never,
}

/// The bits a set of `class`'s placements spans: from the first placement's anchor cell to
/// the last's, on a board `cols` wide (so the board's spelling, a border of walls or not,
/// widens it).
fn set_span(class: &Class, cols: usize) -> u64 {
    match class.anchors.len() {
        0 => 0,
        n => (class.cell(n - 1, cols) - class.cell(0, cols) + 1) as u64,
    }
}

/// The bits of one piece's placement index in `class`.
fn index_bits(class: &Class) -> u32 {
    64 - (class.anchors.len() as u64).saturating_sub(1).leading_zeros()
}

/// Lays out the state: the slots of each class (setting `first_slot`) and their bit fields, a
/// class of several pieces stored as a set of placements as `sets` says. `None` when the
/// fields do not fit in [`STATE_BITS`].
pub(super) fn layout(
    classes: &mut [Class],
    cols: usize,
    sets: Sets,
) -> Option<(Vec<Field>, Vec<u8>)> {
    let mut slot_class = Vec::new();
    let mut fields = Vec::new();
    let mut word = 0usize;
    let mut used = 0u32;
    let mut table = 0u32;
    for (c, class) in classes.iter_mut().enumerate() {
        class.first_slot = slot_class.len();
        let count = class.tokens.len() as u32;
        let n = class.anchors.len() as u64;
        let index_bits = index_bits(class);
        let span = set_span(class, cols);
        let set = count > 1
            && span <= 64
            && match sets {
                Sets::Always => true,
                Sets::Only(mask) => c < 64 && mask & 1 << c != 0,
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
pub(super) fn encode_with(fields: &[Field], set_bits: &SetBits, locals: &[u16]) -> BlockState {
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
pub(super) fn xor_word(state: &BlockState, word: u8, delta: u64) -> BlockState {
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
pub(super) fn word_index<const W: usize>(word: u8) -> usize {
    if W == 1 { 0 } else { usize::from(word) }
}

#[inline]
pub(super) fn get_field(state: &BlockState, f: Field) -> u64 {
    (state.words[usize::from(f.word)] >> f.shift) & f.mask
}

#[inline]
pub(super) fn set_field(state: &mut BlockState, f: Field, value: u64) {
    let w = &mut state.words[usize::from(f.word)];
    *w = (*w & !(f.mask << f.shift)) | ((value & f.mask) << f.shift);
}
