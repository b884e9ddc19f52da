//! Classes of interchangeable pieces, the legal placements of each class's shape on the
//! board (numbered together, walls and edges taken into account), the neighbouring placement
//! in each direction, and each placement's cells as bitboards.

use std::collections::BTreeMap;

use crate::model::{Axis, Dir, PieceCells, Puzzle, Token};

/// No neighbouring placement (the shape would leave the board or enter a wall).
pub(super) const NONE: u32 = u32::MAX;

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
    /// The axis the class's pieces move along.
    pub axis: Axis,
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

/// Which pieces a [`Grouping`] takes for one another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Merge {
    /// Pieces the goal cannot tell apart: of one declared kind, or of one shape when the goal
    /// names none of their kinds. The puzzle's optimal lengths are kept (a path of the merged
    /// puzzle is a path of the puzzle, every piece where the merged one put a piece of its
    /// shape, and the goal holds at the same positions), with fewer states to walk.
    Shapes,
    /// Only pieces of one declared kind (a piece without a kind is its own kind): the
    /// positions of the puzzle as its file documents it, which every count reports.
    Kinds,
}

/// The pieces of a puzzle grouped into classes of interchangeable pieces, with their legal
/// placements numbered together (see [`Class::offset`]).
pub(super) struct Grouping {
    /// The classes, in order of their first piece.
    pub classes: Vec<Class>,
    /// The class of each piece, in the order of [`Puzzle::pieces`].
    pub piece_class: Vec<usize>,
    /// Each piece's anchor (the top-left of its bounding box).
    pub piece_anchor: Vec<(usize, usize)>,
    /// Placements of all classes.
    pub placements: u32,
}

impl Grouping {
    /// Groups `pieces` (the puzzle's, in order): by kind when the goal names the kind (the
    /// kinds in `named_kinds`) or when `merge` is [`Merge::Kinds`], else by shape, and in
    /// either case only pieces with the same axis and the same zone rights; then finds every
    /// legal placement of each class on the board, walls, edges and closed zones taken into
    /// account.
    ///
    /// # Errors
    /// When pieces of one kind have different shapes.
    pub fn new(
        puzzle: &Puzzle,
        pieces: &[PieceCells],
        named_kinds: &[String],
        walls: &[bool],
        merge: Merge,
    ) -> Result<Grouping, String> {
        check_kinds_move_alike(puzzle, pieces)?;
        let mut classes: Vec<Class> = Vec::new();
        let mut class_key: Vec<ClassKey> = Vec::new();
        let mut piece_class = vec![0usize; pieces.len()];
        let mut piece_anchor = vec![(0usize, 0usize); pieces.len()];
        for (i, piece) in pieces.iter().enumerate() {
            let (shape, anchor) = normalise(&piece.cells);
            piece_anchor[i] = anchor;
            let kind = puzzle.kind_of(piece.token);
            let named = named_kinds.contains(&kind);
            let axis = puzzle.axis_of(piece.token);
            let rights = puzzle.zone_rights(piece.token);
            let key = if named || merge == Merge::Kinds {
                (true, kind.clone(), Vec::new(), axis, rights)
            } else {
                (false, String::new(), shape.clone(), axis, rights)
            };
            let found = class_key.iter().position(|k| *k == key);
            let c = if let Some(c) = found {
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
            } else {
                class_key.push(key);
                classes.push(Class {
                    shape,
                    tokens: vec![piece.token],
                    first_slot: 0,
                    anchors: Vec::new(),
                    offset: 0,
                    named,
                    axis,
                });
                classes.len() - 1
            };
            piece_class[i] = c;
        }
        let placements = place(&mut classes, puzzle, walls);
        Ok(Grouping {
            classes,
            piece_class,
            piece_anchor,
            placements,
        })
    }
}

/// Refuses pieces of one declared kind that move under different rules (axis or zone
/// rights): they are interchangeable, so they must move alike.
fn check_kinds_move_alike(puzzle: &Puzzle, pieces: &[PieceCells]) -> Result<(), String> {
    let mut first: BTreeMap<&str, (Token, Axis, u64)> = BTreeMap::new();
    for piece in pieces {
        let Some(kind) = puzzle
            .styles
            .get(&piece.token)
            .and_then(|s| s.kind.as_deref())
        else {
            continue;
        };
        let rules = (puzzle.axis_of(piece.token), puzzle.zone_rights(piece.token));
        match first.get(kind) {
            Some(&(other, axis, rights)) if (axis, rights) != rules => {
                let what = if axis == rules.0 {
                    "zone rights"
                } else {
                    "axes"
                };
                return Err(format!(
                    "pieces `{other}` and `{}` share the kind \"{kind}\" but have different \
                     {what}; pieces of one kind must move alike",
                    piece.token
                ));
            }
            Some(_) => {}
            None => {
                first.insert(kind, (piece.token, rules.0, rules.1));
            }
        }
    }
    Ok(())
}

/// Finds the legal placements of every class (setting `anchors` and `offset`): on the board,
/// off walls, and out of the zones closed to the class. Returns how many there are in all.
fn place(classes: &mut [Class], puzzle: &Puzzle, walls: &[bool]) -> u32 {
    let (rows, cols) = (puzzle.rows, puzzle.cols);
    let mut total = 0u32;
    for class in classes {
        let token = class.tokens[0];
        let open: Vec<bool> = (0..rows * cols)
            .map(|cell| !walls[cell] && (puzzle.zones.is_empty() || puzzle.may_cover(token, cell)))
            .collect();
        let h = class.shape.iter().map(|c| c.0).max().unwrap_or(0) + 1;
        let w = class.shape.iter().map(|c| c.1).max().unwrap_or(0) + 1;
        for r in 0..=rows.saturating_sub(h) {
            for c in 0..=cols.saturating_sub(w) {
                if r + h <= rows
                    && c + w <= cols
                    && class
                        .shape
                        .iter()
                        .all(|&(dr, dc)| open[(r + dr) * cols + c + dc])
                {
                    class.anchors.push((r, c));
                }
            }
        }
        class.offset = total;
        total += class.anchors.len() as u32;
    }
    total
}

/// The neighbouring placement (global id, or [`NONE`]) of every placement in each direction,
/// in the order of [`Dir::ALL`]; [`NONE`] in the directions the class's axis forbids.
pub(super) fn neighbours(classes: &[Class], placements: u32) -> Vec<[u32; 4]> {
    let mut nbr = Vec::with_capacity(placements as usize);
    for class in classes {
        let index: BTreeMap<(usize, usize), u32> = class
            .anchors
            .iter()
            .enumerate()
            .map(|(i, &a)| (a, class.offset + i as u32))
            .collect();
        for &(r, c) in &class.anchors {
            let mut row = [NONE; 4];
            for (d, dir) in Dir::ALL.iter().enumerate() {
                if !class.axis.allows(*dir) {
                    continue;
                }
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
    nbr
}

impl MaskSet {
    /// The bitboards of every placement, in as few words as the board needs.
    pub(super) fn new(classes: &[Class], rows: usize, cols: usize, nbr: &[[u32; 4]]) -> MaskSet {
        match rows * cols {
            0..=64 => MaskSet::W1(build_masks(classes, cols, nbr)),
            65..=128 => MaskSet::W2(build_masks(classes, cols, nbr)),
            129..=256 => MaskSet::W4(build_masks(classes, cols, nbr)),
            _ => MaskSet::W16(build_masks(classes, cols, nbr)),
        }
    }
}

/// One placement's bitboards of `W` words, with its neighbours, packed together so move
/// generation touches one record per piece: the cells it covers, and per direction the
/// neighbouring placement (global id or [`NONE`]) and the cells a one-cell step newly enters
/// (all ones when there is no neighbouring placement, so the step is never free).
#[derive(Clone, Copy, Debug)]
pub(super) struct Adj<const W: usize> {
    pub(super) cells: [u64; W],
    pub(super) nbr: [u32; 4],
    pub(super) enter: [[u64; W]; 4],
}

/// The adjacency records of every placement, by global id.
#[derive(Clone, Debug)]
pub(super) struct Masks<const W: usize> {
    pub(super) adj: Vec<Adj<W>>,
}

/// The bitboards sized for the board (one word up to 64 cells, ..., sixteen up to 1024).
#[derive(Clone, Debug)]
pub(super) enum MaskSet {
    W1(Masks<1>),
    W2(Masks<2>),
    W4(Masks<4>),
    W16(Masks<16>),
}

pub(super) fn disjoint<const W: usize>(a: &[u64; W], b: &[u64; W]) -> bool {
    a.iter().zip(b).all(|(x, y)| x & y == 0)
}

pub(super) fn or_into<const W: usize>(acc: &mut [u64; W], a: &[u64; W]) {
    for (x, y) in acc.iter_mut().zip(a) {
        *x |= y;
    }
}

pub(super) fn xor<const W: usize>(a: &[u64; W], b: &[u64; W]) -> [u64; W] {
    let mut out = *a;
    for (x, y) in out.iter_mut().zip(b) {
        *x ^= y;
    }
    out
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

/// What makes pieces interchangeable: `(true, kind, [])` for a kind the goal names (or every
/// kind, under [`Merge::Kinds`]), else `(false, "", shape)`; and in both cases the axis and
/// the zone rights.
type ClassKey = (bool, String, Vec<(usize, usize)>, Axis, u64);

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
