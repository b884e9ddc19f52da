//! The left-right mirror of a block puzzle, when its rules are symmetric: every class's
//! placements, mirrored, are the placements of a class with as many pieces and the same axis
//! (itself, or its mirror twin, as an L is a J's). Then mirroring maps moves to moves, and a
//! whole-space walk from a mirror-symmetric start needs to expand only one position of each
//! mirror pair (Klotski's space is walked in half the work).

use super::classes::{Class, NONE};
use super::state::{BlockState, Field, STATE_WORDS, SetBits, get_field, set_field, word_index};

/// How to mirror a position: where each placement goes, and which class takes it.
#[derive(Clone, Debug)]
pub(super) struct Mirror {
    /// Per global placement, the local index of its mirror image in the partner class.
    local: Vec<u16>,
    /// Per class, the class its mirrored pieces belong to (an involution).
    partner: Vec<usize>,
    /// The mirror as field operations, when no class keeps sorted placement indices (the
    /// walk mirrors every new position, so this is its hot path).
    steps: Option<Vec<Step>>,
    /// The byte tables of the set fields' steps: entry `b` of table `k` is the image of the
    /// set bits `b` standing at byte `k` of the field.
    bytes: Vec<[u64; 256]>,
}

/// One field operation of a [`Mirror`].
#[derive(Clone, Copy, Debug)]
enum Step {
    /// A set class: its field mapped byte by byte through `bytes[tables..tables + count]`.
    Set {
        from: Field,
        to: Field,
        tables: usize,
        count: usize,
    },
    /// A single piece: its placement index mapped (the class's placements start at global
    /// id `offset`).
    Single { from: Field, to: Field, offset: u32 },
}

impl Mirror {
    /// The mirror of a puzzle whose classes are `classes` (with the state `fields` of their
    /// slots and the `bits` of their sets) on a board `cols` wide, or `None` when the rules
    /// are not symmetric (walls, zones, shapes, axes or piece counts).
    pub(super) fn new(
        classes: &[Class],
        fields: &[Field],
        bits: &SetBits,
        cols: usize,
    ) -> Option<Mirror> {
        // A placement's image: the mirrored shape, anchored where its bounding box lands.
        let images: Vec<(Vec<(usize, usize)>, usize)> = classes
            .iter()
            .map(|class| {
                let width = class.shape.iter().map(|&(_, c)| c + 1).max().unwrap_or(1);
                let mut shape: Vec<(usize, usize)> = class
                    .shape
                    .iter()
                    .map(|&(r, c)| (r, width - 1 - c))
                    .collect();
                shape.sort_unstable();
                (shape, width)
            })
            .collect();
        let mut partner = Vec::with_capacity(classes.len());
        let mut local = Vec::new();
        for (x, class) in classes.iter().enumerate() {
            // The partner: the first class (itself preferred) of the mirrored shape, as many
            // pieces, the same axis, as many placements and the same field layout that holds
            // the image of every placement (anchors are in reading order, so sorted).
            let (shape, width) = &images[x];
            let candidates = std::iter::once(x).chain(0..classes.len());
            let found = candidates.into_iter().find_map(|y| {
                let other = &classes[y];
                if other.shape != *shape
                    || other.count() != class.count()
                    || other.axis != class.axis
                    || other.anchors.len() != class.anchors.len()
                    || fields[other.first_slot].set != fields[class.first_slot].set
                {
                    return None;
                }
                class
                    .anchors
                    .iter()
                    .map(|&(r, c)| {
                        let image = (r, cols.checked_sub(c + width)?);
                        other.anchors.binary_search(&image).ok().map(|q| q as u16)
                    })
                    .collect::<Option<Vec<u16>>>()
                    .map(|map| (y, map))
            });
            let (y, map) = found?;
            partner.push(y);
            local.extend(map);
        }
        let involution = partner.iter().enumerate().all(|(x, &y)| partner[y] == x);
        if !involution {
            return None;
        }
        let mut mirror = Mirror {
            local,
            partner,
            steps: None,
            bytes: Vec::new(),
        };
        mirror.steps = mirror.compile(classes, fields, bits);
        Some(mirror)
    }

    /// The field operations of this mirror, or `None` when a class keeps sorted placement
    /// indices (they must be sorted again after mapping).
    fn compile(
        &mut self,
        classes: &[Class],
        fields: &[Field],
        bits: &SetBits,
    ) -> Option<Vec<Step>> {
        let mut steps = Vec::new();
        for (class, &y) in classes.iter().zip(&self.partner) {
            let (from, other) = (fields[class.first_slot], &classes[y]);
            let to = fields[other.first_slot];
            if !from.set {
                if class.count() > 1 {
                    return None;
                }
                steps.push(Step::Single {
                    from,
                    to,
                    offset: class.offset,
                });
                continue;
            }
            let width = 64 - from.mask.leading_zeros() as usize;
            let count = width.div_ceil(8);
            let tables = self.bytes.len();
            for k in 0..count {
                // The image of each bit of the byte, then of every byte value from the one
                // with its lowest bit cleared.
                let single: [u64; 8] = std::array::from_fn(|j| {
                    let bit = 8 * k + j;
                    match bits.global.get(from.table as usize + bit) {
                        Some(&g) if bit < width && g != NONE => {
                            1 << set_bit(bits, other, self.local[g as usize])
                        }
                        _ => 0,
                    }
                });
                let mut table = [0u64; 256];
                for b in 1..256 {
                    table[b] = table[b & (b - 1)] | single[b.trailing_zeros() as usize];
                }
                self.bytes.push(table);
            }
            steps.push(Step::Set {
                from,
                to,
                tables,
                count,
            });
        }
        Some(steps)
    }

    /// The mirror image of the position whose first `W` state words are `words`, or `None`
    /// when this mirror has no field operations (see [`Mirror::apply`]).
    #[inline]
    pub(super) fn apply_words<const W: usize>(&self, words: &[u64; W]) -> Option<[u64; W]> {
        let field = |f: Field| (words[word_index::<W>(f.word)] >> f.shift) & f.mask;
        let mut out = [0u64; W];
        for &step in self.steps.as_ref()? {
            match step {
                Step::Set {
                    from,
                    to,
                    tables,
                    count,
                } => {
                    let taken = field(from);
                    let image = self.bytes[tables..tables + count]
                        .iter()
                        .enumerate()
                        .fold(0, |m, (k, table)| {
                            m | table[(taken >> (8 * k)) as usize & 255]
                        });
                    out[word_index::<W>(to.word)] |= image << to.shift;
                }
                Step::Single { from, to, offset } => {
                    let image = self.local[offset as usize + field(from) as usize];
                    out[word_index::<W>(to.word)] |= u64::from(image) << to.shift;
                }
            }
        }
        Some(out)
    }

    /// The mirror image of `state`, a position of the puzzle whose classes, slot fields and
    /// set bits are `classes`, `fields` and `bits` (those this mirror was made for).
    pub(super) fn apply(
        &self,
        classes: &[Class],
        fields: &[Field],
        bits: &SetBits,
        state: &BlockState,
    ) -> BlockState {
        let mut out = BlockState {
            words: [0; STATE_WORDS],
        };
        for (class, &y) in classes.iter().zip(&self.partner) {
            let from = fields[class.first_slot];
            let other = &classes[y];
            let to = fields[other.first_slot];
            if from.set {
                let mut taken = get_field(state, from);
                let mut image = 0u64;
                while taken != 0 {
                    let g = bits.placement(from, taken.trailing_zeros());
                    taken &= taken - 1;
                    image |= 1 << set_bit(bits, other, self.local[g as usize]);
                }
                out.words[usize::from(to.word)] |= image << to.shift;
                continue;
            }
            // Fields of single pieces, or sorted placement indices: map, then sort again.
            let mut images = [0u16; 64];
            let count = class.count();
            for (k, image) in images[..count].iter_mut().enumerate() {
                let p = get_field(state, fields[class.first_slot + k]) as usize;
                *image = self.local[class.offset as usize + p];
            }
            images[..count].sort_unstable();
            for (k, &image) in images[..count].iter().enumerate() {
                set_field(&mut out, fields[other.first_slot + k], u64::from(image));
            }
        }
        out
    }
}

/// The bit of local placement `p` in the set field of `class`.
#[inline]
fn set_bit(bits: &SetBits, class: &Class, p: u16) -> u8 {
    bits.bit[class.offset as usize + usize::from(p)]
}
