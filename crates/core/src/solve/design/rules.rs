//! What a design search may change, and what it must keep: the changes allowed, the palette
//! new pieces come from, the piece and wall limits, and the locked pieces and cells.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use crate::model::rules::Axis;
use crate::model::shape::{bounding, normalise};
use crate::model::token::Token;
use crate::model::{Cell, Metric, Puzzle};
use crate::solve::api::prepare::check_valid;
use crate::solve::api::{PuzzleProfile, SolveError, Task};

/// One kind of change a design search may make.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Change {
    /// Put a piece somewhere else on the board (what `explore` does for one piece set).
    Move,
    /// Add a piece of a palette shape.
    Add,
    /// Take a piece away.
    Remove,
    /// Grow or shrink a piece by one cell, keeping it one connected polyomino.
    Reshape,
    /// Add, remove or move walls.
    Walls,
}

impl Change {
    /// Every change, in the order `--allow` lists them.
    pub const ALL: [Change; 5] = [
        Change::Move,
        Change::Add,
        Change::Remove,
        Change::Reshape,
        Change::Walls,
    ];

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Change::Move => "move",
            Change::Add => "add",
            Change::Remove => "remove",
            Change::Reshape => "reshape",
            Change::Walls => "walls",
        }
    }
}

/// A name that is no [`Change`] (of `--allow`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown change `{0}`; choose from move, add, remove, reshape, walls")]
pub struct UnknownChange(pub String);

impl std::str::FromStr for Change {
    type Err = UnknownChange;

    /// The change of this name ([`Change::name`]), spaces around it ignored.
    fn from_str(name: &str) -> Result<Change, UnknownChange> {
        Change::ALL
            .into_iter()
            .find(|c| c.name() == name.trim())
            .ok_or_else(|| UnknownChange(name.to_string()))
    }
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A shape new pieces may take: a polyomino and how its pieces move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PaletteShape {
    /// Its cells as `(row, column)` from the top-left corner of its bounding box, in reading
    /// order.
    pub cells: Vec<(usize, usize)>,
    /// The directions its pieces move in.
    pub axis: Axis,
    /// The kind its pieces share (identical pieces of one kind are merged, which makes a
    /// design's component smaller and its walk faster); `None` gives each its own.
    pub kind: Option<String>,
}

impl PaletteShape {
    /// A shape of these cells (any offset: moved to the top-left corner, sorted, duplicates
    /// dropped), each piece its own kind.
    pub fn new(cells: &[(usize, usize)], axis: Axis) -> Self {
        PaletteShape {
            cells: normalise(cells),
            axis,
            kind: None,
        }
    }

    /// The same shape, its pieces of `kind`.
    #[must_use]
    pub fn with_kind(mut self, kind: Option<String>) -> Self {
        self.kind = kind;
        self
    }

    /// A straight `length`-cell car along `axis` (Rush Hour's vehicles).
    pub fn car(length: usize, axis: Axis) -> Self {
        let cells: Vec<(usize, usize)> = match axis {
            Axis::Vertical => (0..length).map(|r| (r, 0)).collect(),
            _ => (0..length).map(|c| (0, c)).collect(),
        };
        PaletteShape::new(&cells, axis)
    }

    /// Rows and columns of its bounding box.
    pub fn size(&self) -> (usize, usize) {
        bounding(&self.cells)
    }
}

impl fmt::Display for PaletteShape {
    /// `1x3 vertical` (a car, by its length), `2x2`, or a drawn shape (`xx/x.`) when it is not
    /// a rectangle.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (h, w) = self.size();
        if self.axis != Axis::Free && h.min(w) == 1 && self.cells.len() == h * w {
            // A car is named by its length, whichever way it runs: `1x3 vertical`.
            write!(f, "1x{}", h.max(w))?;
        } else if self.cells.len() == h * w {
            write!(f, "{h}x{w}")?;
        } else {
            let rows: Vec<String> = (0..h)
                .map(|r| {
                    (0..w)
                        .map(|c| {
                            if self.cells.contains(&(r, c)) {
                                'x'
                            } else {
                                '.'
                            }
                        })
                        .collect()
                })
                .collect();
            f.write_str(&rows.join("/"))?;
        }
        if self.axis != Axis::Free {
            write!(f, " {}", self.axis)?;
        }
        Ok(())
    }
}

/// What a design search may change and must keep. The board's size, the goal, the goal's
/// pieces and the zones (and the pieces they name) are always kept.
#[derive(Clone, Debug, PartialEq)]
pub struct DesignRules {
    /// How moves are counted.
    pub metric: Metric,
    /// The changes allowed.
    pub allow: BTreeSet<Change>,
    /// The shapes added pieces take (and reshaped straight cars stay within the lengths of
    /// its straight, axis-locked shapes).
    pub palette: Vec<PaletteShape>,
    /// The most pieces a design may have (the goal's pieces included).
    pub max_pieces: usize,
    /// The most walls a design may have.
    pub max_walls: usize,
    /// Pieces no change touches.
    pub locked_pieces: BTreeSet<Token>,
    /// Cells (row-major indices) whose content no change touches: a wall stays, an empty cell
    /// stays empty, the piece on it stays where it is.
    pub locked_cells: BTreeSet<usize>,
}

impl DesignRules {
    /// The rules a designer starts from: every change but walls; Rush Hour boards (those the
    /// Rush Hour notation can hold) add 1x2 and 1x3 cars locked to their long axis up to 13
    /// vehicles on 6x6 (scaled by area on other boards), other puzzles add the shapes they
    /// already have, up to two more pieces; walls up to those the design has.
    pub fn for_design(puzzle: &Puzzle, metric: Metric) -> DesignRules {
        let pieces = puzzle.pieces();
        let walls = puzzle.cells.iter().filter(|c| **c == Cell::Wall).count();
        let (palette, max_pieces) = if PuzzleProfile::of(puzzle).rush_hour().is_some() {
            let area = puzzle.rows * puzzle.cols;
            (
                rush_hour_palette(),
                pieces.len().max((area * 13).div_ceil(36)),
            )
        } else {
            let goal = goal_tokens(puzzle);
            let mut palette: Vec<PaletteShape> = Vec::new();
            for piece in pieces.iter().filter(|p| !goal.contains(&p.token)) {
                let kind = puzzle.styles.get(&piece.token).and_then(|s| s.kind.clone());
                let shape =
                    PaletteShape::new(&piece.cells, puzzle.axis_of(piece.token)).with_kind(kind);
                if !palette.contains(&shape) {
                    palette.push(shape);
                }
            }
            if palette.is_empty() {
                palette.push(PaletteShape::new(&[(0, 0)], Axis::Free));
            }
            (palette, pieces.len() + 2)
        };
        DesignRules {
            metric,
            allow: [Change::Move, Change::Add, Change::Remove, Change::Reshape].into(),
            palette,
            max_pieces,
            max_walls: walls,
            locked_pieces: BTreeSet::new(),
            locked_cells: BTreeSet::new(),
        }
    }

    /// Whether `change` is allowed.
    pub fn allows(&self, change: Change) -> bool {
        self.allow.contains(&change)
    }
}

/// Rush Hour's vehicles: 1x2 and 1x3 cars, each locked to its long axis.
pub fn rush_hour_palette() -> Vec<PaletteShape> {
    vec![
        PaletteShape::car(2, Axis::Horizontal),
        PaletteShape::car(2, Axis::Vertical),
        PaletteShape::car(3, Axis::Horizontal),
        PaletteShape::car(3, Axis::Vertical),
    ]
}

/// The tokens the goal names.
pub(crate) fn goal_tokens(puzzle: &Puzzle) -> BTreeSet<Token> {
    puzzle.goal.cells.iter().flatten().copied().collect()
}

/// The first rule a design breaks as a change of its original ([`check_design`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleBroken {
    /// The board's size changed.
    #[error("the board's size changed")]
    BoardSize,
    /// The goal changed.
    #[error("the goal changed")]
    Goal,
    /// The zones changed.
    #[error("the zones changed")]
    Zones,
    /// A locked cell (row-major index) changed.
    #[error("locked cell {0} changed")]
    LockedCell(usize),
    /// A locked piece moved or changed.
    #[error("locked piece `{0}` changed")]
    LockedPiece(Token),
    /// A piece that must be kept (the goal's, a zone's, a locked one) was taken away.
    #[error("piece `{0}` must be kept")]
    KeptPieceRemoved(Token),
    /// A piece that must be kept changed its shape or axis.
    #[error("piece `{0}` must keep its shape and axis")]
    KeptPieceChanged(Token),
    /// A piece was taken away where removals are not allowed.
    #[error("piece `{0}` removed")]
    Removed(Token),
    /// A piece changed its axis where it could not be replaced.
    #[error("piece `{0}` changed its axis")]
    Axis(Token),
    /// A piece was reshaped where reshaping is not allowed.
    #[error("piece `{0}` reshaped")]
    Reshaped(Token),
    /// A piece moved where moves are not allowed.
    #[error("piece `{0}` moved")]
    Moved(Token),
    /// A piece was added where additions are not allowed.
    #[error("a piece was added")]
    Added,
    /// More pieces than the rules allow.
    #[error("{pieces} pieces, over the {allowed} allowed")]
    TooManyPieces {
        /// The design's pieces.
        pieces: usize,
        /// The most allowed.
        allowed: usize,
    },
    /// The walls changed where walls may not.
    #[error("the walls changed")]
    Walls,
    /// More walls than the rules allow.
    #[error("{walls} walls, over the {allowed} allowed")]
    TooManyWalls {
        /// The design's walls.
        walls: usize,
        /// The most allowed.
        allowed: usize,
    },
}

/// Why `design` breaks `rules` as a change of `original`, or `Ok` when it keeps them: the
/// board, goal and zones unchanged, locked pieces and cells untouched, the goal's and the
/// zones' pieces kept, the piece and wall limits held (when the original was within them),
/// and only the changes allowed made (walls, pieces added, removed or reshaped). Positions of
/// pieces are compared only for locked pieces and cells: a design is any position of its
/// pieces.
///
/// # Errors
/// The first rule broken.
pub fn check_design(
    original: &Puzzle,
    design: &Puzzle,
    rules: &DesignRules,
) -> Result<(), RuleBroken> {
    if (design.rows, design.cols) != (original.rows, original.cols) {
        return Err(RuleBroken::BoardSize);
    }
    if design.goal != original.goal {
        return Err(RuleBroken::Goal);
    }
    if design.zones != original.zones {
        return Err(RuleBroken::Zones);
    }
    for &cell in &rules.locked_cells {
        if design.cells.get(cell) != original.cells.get(cell) {
            return Err(RuleBroken::LockedCell(cell));
        }
    }
    let before = original.pieces();
    let after = design.pieces();
    let find = |pieces: &[crate::model::PieceCells], t: Token| {
        pieces
            .iter()
            .find(|p| p.token == t)
            .map(|p| p.cells.clone())
    };
    let kept = kept_tokens(original, rules);
    for piece in &before {
        let now = find(&after, piece.token);
        let same_axis = design.axis_of(piece.token) == original.axis_of(piece.token);
        if rules.locked_pieces.contains(&piece.token) && now.as_ref() != Some(&piece.cells) {
            return Err(RuleBroken::LockedPiece(piece.token));
        }
        let Some(cells) = now else {
            if kept.contains(&piece.token) {
                return Err(RuleBroken::KeptPieceRemoved(piece.token));
            }
            if !rules.allows(Change::Remove) {
                return Err(RuleBroken::Removed(piece.token));
            }
            continue;
        };
        let reshaped = normalise(&cells) != normalise(&piece.cells);
        if (reshaped || !same_axis) && kept.contains(&piece.token) {
            return Err(RuleBroken::KeptPieceChanged(piece.token));
        }
        // A token that comes back with another shape or axis is a piece taken away and
        // another added, or (same axis) one reshaped.
        let replaced = rules.allows(Change::Remove) && rules.allows(Change::Add);
        if !same_axis && !replaced {
            return Err(RuleBroken::Axis(piece.token));
        }
        if reshaped && !replaced && !rules.allows(Change::Reshape) {
            return Err(RuleBroken::Reshaped(piece.token));
        }
        if !reshaped && cells != piece.cells && !rules.allows(Change::Move) && !replaced {
            return Err(RuleBroken::Moved(piece.token));
        }
    }
    let added = after
        .iter()
        .filter(|p| find(&before, p.token).is_none())
        .count();
    if added > 0 && !rules.allows(Change::Add) {
        return Err(RuleBroken::Added);
    }
    if after.len() > rules.max_pieces.max(before.len()) {
        return Err(RuleBroken::TooManyPieces {
            pieces: after.len(),
            allowed: rules.max_pieces,
        });
    }
    let walls = |p: &Puzzle| -> Vec<usize> {
        (0..p.cells.len())
            .filter(|&i| p.cells[i] == Cell::Wall)
            .collect()
    };
    let (was, now) = (walls(original), walls(design));
    if was != now && !rules.allows(Change::Walls) {
        return Err(RuleBroken::Walls);
    }
    if now.len() > rules.max_walls.max(was.len()) {
        return Err(RuleBroken::TooManyWalls {
            walls: now.len(),
            allowed: rules.max_walls,
        });
    }
    Ok(())
}

/// The pieces no change may take away or reshape: the locked ones, the goal's, those a zone
/// names, and those on locked cells.
pub(crate) fn kept_tokens(puzzle: &Puzzle, rules: &DesignRules) -> BTreeSet<Token> {
    let mut kept = goal_tokens(puzzle);
    kept.extend(rules.locked_pieces.iter().copied());
    for zone in &puzzle.zones {
        for right in &zone.allow {
            if let crate::model::rules::ZoneRight::Piece(t) = right {
                kept.insert(*t);
            }
        }
    }
    for &cell in &rules.locked_cells {
        if let Some(Cell::Piece(t)) = puzzle.cells.get(cell) {
            kept.insert(*t);
        }
    }
    kept
}

/// Whether a design search can start from `puzzle`: it validates, and it is not a
/// numbered-tile puzzle.
///
/// # Errors
/// [`SolveError::Invalid`] with the validation's errors; [`SolveError::Refused`] for a
/// numbered-tile puzzle.
pub fn check_input(puzzle: &Puzzle) -> Result<(), SolveError> {
    check_valid(puzzle)?;
    PuzzleProfile::of(puzzle).applies(Task::MakeHarder)?;
    Ok(())
}

/// What differs between `original` and `design`, one line each, in words: the pieces added
/// (each new piece with where it stands in `design`: "added a 1x2 vertical piece at row 2,
/// column 3, a kind of its own"; it says the kind it took, since identical pieces are counted
/// as one) and taken away (by shape and axis: a reshaped piece is one shape taken away and
/// another added), the walls added and removed. Where the original's pieces stand is not
/// compared (a design is any position of its pieces).
pub fn changes(original: &Puzzle, design: &Puzzle) -> Vec<String> {
    type Counts = BTreeMap<(Vec<(usize, usize)>, Axis, Option<String>), usize>;
    let shapes = |p: &Puzzle| -> Counts {
        let mut counts = BTreeMap::new();
        for piece in p.pieces() {
            let shape = PaletteShape::new(&piece.cells, p.axis_of(piece.token));
            let kind = p.styles.get(&piece.token).and_then(|s| s.kind.clone());
            *counts.entry((shape.cells, shape.axis, kind)).or_insert(0) += 1;
        }
        counts
    };
    let (was, now) = (shapes(original), shapes(design));
    let original_tokens: BTreeSet<Token> = original.pieces().iter().map(|p| p.token).collect();
    let mut lines = Vec::new();
    // Added pieces by shape and kind.
    for ((cells, axis, kind), &n) in &now {
        let m = was
            .get(&(cells.clone(), *axis, kind.clone()))
            .copied()
            .unwrap_or(0);
        if n > m {
            let shape = PaletteShape::new(cells, *axis);
            // The pieces of this shape and kind that the original does not have, each told
            // with where it stands; a reshaped piece keeps its token, and is told by count.
            let new: Vec<(usize, usize)> = design
                .pieces()
                .into_iter()
                .filter(|p| !original_tokens.contains(&p.token))
                .filter(|p| {
                    let at = PaletteShape::new(&p.cells, design.axis_of(p.token));
                    let k = design.styles.get(&p.token).and_then(|s| s.kind.as_ref());
                    at.cells == *cells && at.axis == *axis && k == kind.as_ref()
                })
                .filter_map(|p| {
                    let row = p.cells.iter().map(|c| c.0).min()?;
                    let col = p.cells.iter().map(|c| c.1).min()?;
                    Some((row, col))
                })
                .take(n - m)
                .collect();
            let told = kind.as_ref().map_or_else(
                || "a kind of its own".to_string(),
                |k| format!("of kind \"{k}\""),
            );
            for (row, col) in &new {
                lines.push(format!(
                    "added a {shape} piece at row {}, column {}, {told}",
                    row + 1,
                    col + 1
                ));
            }
            let rest = n - m - new.len();
            if rest > 0 {
                let (pieces, own) = if rest == 1 {
                    ("piece", "its own kind")
                } else {
                    ("pieces", "each its own kind")
                };
                let kind = kind
                    .as_ref()
                    .map_or_else(|| own.to_string(), |k| format!("of kind \"{k}\""));
                lines.push(format!("added {rest} {pieces} {shape}, {kind}"));
            }
        }
    }
    // Pieces taken away by shape alone.
    let by_shape = |counts: &Counts| {
        let mut out: BTreeMap<(Vec<(usize, usize)>, Axis), usize> = BTreeMap::new();
        for ((cells, axis, _), &n) in counts {
            *out.entry((cells.clone(), *axis)).or_insert(0) += n;
        }
        out
    };
    let (was, now) = (by_shape(&was), by_shape(&now));
    for ((cells, axis), &n) in &was {
        let m = now.get(&(cells.clone(), *axis)).copied().unwrap_or(0);
        if n > m {
            let shape = PaletteShape::new(cells, *axis);
            let pieces = if n - m == 1 { "piece" } else { "pieces" };
            lines.push(format!("took away {} {pieces} {shape}", n - m));
        }
    }
    let walls = |p: &Puzzle| -> BTreeSet<usize> {
        (0..p.cells.len())
            .filter(|&i| p.cells[i] == Cell::Wall)
            .collect()
    };
    let (was, now) = (walls(original), walls(design));
    let at = |i: usize| {
        format!(
            "row {}, column {}",
            i / design.cols + 1,
            i % design.cols + 1
        )
    };
    for &i in now.difference(&was) {
        lines.push(format!("wall added at {}", at(i)));
    }
    for &i in was.difference(&now) {
        lines.push(format!("wall removed at {}", at(i)));
    }
    lines
}
