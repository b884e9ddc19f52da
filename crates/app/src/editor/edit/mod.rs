//! Editing operations on a puzzle, independent of the UI: painting, moving, deleting and
//! renaming pieces, axes and zones, resizing the board, and goal helpers. Each keeps the
//! puzzle's grids (board, goal, zones) the board's size; none panics on positions off the
//! board (they are ignored).

use std::borrow::Cow;

use blockslide_core::model::{
    Axis, Cell, Color, Goal, PieceStyle, Puzzle, Token, TokenError, Zone, ZoneRight,
};

use crate::command::Brush;
use crate::common::board::{CellPos, Layer};

/// Paints one cell of `layer`. Walls clear the goal there (no piece can be on a wall); goal
/// cells on walls cannot be painted.
pub fn paint(puzzle: &mut Puzzle, layer: Layer, (r, c): CellPos, brush: Brush) {
    if r >= puzzle.rows || c >= puzzle.cols {
        return;
    }
    let i = r * puzzle.cols + c;
    match (layer, brush) {
        // Zones belong to the board, whichever layer shows it.
        (_, Brush::Zone(name)) => paint_zone(puzzle, name, i),
        (_, Brush::Unzone) => clear_zones_at(puzzle, i),
        (Layer::Start, Brush::Piece(t)) => puzzle.cells[i] = Cell::Piece(t),
        (Layer::Start, Brush::Wall) => {
            puzzle.cells[i] = Cell::Wall;
            puzzle.goal.cells[i] = None;
            // Nothing ever covers a wall, so a zone there would only confuse.
            clear_zones_at(puzzle, i);
        }
        (Layer::Start, Brush::Erase) => puzzle.cells[i] = Cell::Empty,
        (Layer::Goal, Brush::Piece(t)) => {
            if puzzle.cells[i] != Cell::Wall {
                puzzle.goal.cells[i] = Some(t);
            }
        }
        (Layer::Goal, Brush::Erase) => puzzle.goal.cells[i] = None,
        (Layer::Goal, Brush::Wall) => {}
    }
}

/// The piece token at a cell of `layer`, if any.
pub fn token_at(puzzle: &Puzzle, layer: Layer, (r, c): CellPos) -> Option<Token> {
    if r >= puzzle.rows || c >= puzzle.cols {
        return None;
    }
    let i = r * puzzle.cols + c;
    match layer {
        Layer::Start => match puzzle.cells[i] {
            Cell::Piece(t) => Some(t),
            _ => None,
        },
        Layer::Goal => puzzle.goal.cells[i],
    }
}

/// Every token the puzzle mentions: on the board, in the goal, or in styles; sorted.
pub fn used_tokens(puzzle: &Puzzle) -> Vec<Token> {
    let mut tokens: Vec<Token> = puzzle
        .cells
        .iter()
        .filter_map(|c| match c {
            Cell::Piece(t) => Some(*t),
            _ => None,
        })
        .chain(puzzle.goal.cells.iter().flatten().copied())
        .chain(puzzle.styles.keys().copied())
        .collect();
    tokens.sort();
    tokens.dedup();
    tokens
}

/// A token no piece uses yet: the next number when the puzzle's pieces are all numbered
/// tiles, otherwise `A`..`Z`, then `a`..`z`, then `A1`, `B1`, ...
#[expect(
    clippy::missing_panics_doc,
    reason = "the `expect` states an invariant: some token is always free"
)]
pub fn next_free_token(puzzle: &Puzzle) -> Token {
    let used = used_tokens(puzzle);
    if !used.is_empty() && used.iter().all(|t| t.as_number().is_some()) {
        let next = used.iter().filter_map(Token::as_number).max().unwrap_or(0) + 1;
        if next < 1000 {
            return Token::number(next);
        }
    }
    let letters = ('A'..='Z').chain('a'..='z');
    let singles = letters.clone().map(|l| l.to_string());
    let pairs = (1..=99).flat_map(|n| ('A'..='Z').map(move |l| format!("{l}{n}")));
    singles
        .chain(pairs)
        .filter_map(|text| Token::new(&text).ok())
        .find(|t| !used.contains(t))
        // Invariant: a 32x32 board holds at most 1024 pieces, fewer than the 52 + 2574
        // candidates above, so one is always free.
        .expect("a free token exists")
}

/// Where `token` comes in the order [`next_free_token`] hands tokens out (numbers, single
/// letters, then a letter and a number), so that a list sorted by it is in drawing order;
/// other tokens come after, alphabetically.
pub fn drawing_order(token: &Token) -> (u8, u32, String) {
    let text = token.as_str().to_string();
    if let Some(n) = token.as_number() {
        return (0, n, text);
    }
    let mut chars = text.chars();
    let first = chars.next();
    match (first, chars.as_str().parse::<u32>()) {
        (Some(_), _) if text.chars().count() == 1 => (1, 0, text),
        (Some(l), Ok(n)) if l.is_ascii_alphabetic() => (2, n, text),
        _ => (3, 0, text),
    }
}

/// The cells of `token` in `layer`, in reading order.
pub fn piece_cells(puzzle: &Puzzle, layer: Layer, token: Token) -> Vec<CellPos> {
    (0..puzzle.rows * puzzle.cols)
        .map(|i| (i / puzzle.cols, i % puzzle.cols))
        .filter(|&pos| token_at(puzzle, layer, pos) == Some(token))
        .collect()
}

/// Moves the pieces `tokens` together in `layer` by `(dr, dc)` when every target cell is on
/// the board and free (empty, or don't care in the goal, never a wall) or left by one of
/// them. Returns whether they moved; when not, nothing changed.
pub fn move_pieces(puzzle: &mut Puzzle, layer: Layer, tokens: &[Token], dr: i32, dc: i32) -> bool {
    let cells: Vec<(Token, CellPos)> = tokens
        .iter()
        .flat_map(|&t| {
            piece_cells(puzzle, layer, t)
                .into_iter()
                .map(move |pos| (t, pos))
        })
        .collect();
    if cells.is_empty() || (dr == 0 && dc == 0) {
        return false;
    }
    let mut targets = Vec::with_capacity(cells.len());
    for &(token, (r, c)) in &cells {
        let (nr, nc) = (r as i32 + dr, c as i32 + dc);
        if nr < 0 || nc < 0 || nr as usize >= puzzle.rows || nc as usize >= puzzle.cols {
            return false;
        }
        let pos = (nr as usize, nc as usize);
        let free = match layer {
            Layer::Start => matches!(puzzle.cell(pos.0, pos.1), Cell::Empty),
            Layer::Goal => {
                puzzle.cell(pos.0, pos.1) != Cell::Wall && token_at(puzzle, layer, pos).is_none()
            }
        };
        let left_by_a_mover = token_at(puzzle, layer, pos).is_some_and(|t| tokens.contains(&t));
        if !free && !left_by_a_mover {
            return false;
        }
        targets.push((token, pos));
    }
    for &(_, pos) in &cells {
        paint(puzzle, layer, pos, Brush::Erase);
    }
    for (token, pos) in targets {
        paint(puzzle, layer, pos, Brush::Piece(token));
    }
    true
}

/// The pieces of `layer` with a cell in the rectangle between cells `a` and `b` (corners
/// included), in reading order of their first cell there.
pub fn pieces_in_rect(puzzle: &Puzzle, layer: Layer, a: CellPos, b: CellPos) -> Vec<Token> {
    let (rows, cols) = (a.0.min(b.0)..=a.0.max(b.0), a.1.min(b.1)..=a.1.max(b.1));
    let mut tokens = Vec::new();
    for r in rows {
        for c in cols.clone() {
            if let Some(t) = token_at(puzzle, layer, (r, c))
                && !tokens.contains(&t)
            {
                tokens.push(t);
            }
        }
    }
    tokens
}

/// Removes a piece everywhere: its cells become empty, its goal cells don't care, and its
/// style is dropped.
pub fn delete_piece(puzzle: &mut Puzzle, token: Token) {
    for cell in &mut puzzle.cells {
        if *cell == Cell::Piece(token) {
            *cell = Cell::Empty;
        }
    }
    for cell in &mut puzzle.goal.cells {
        if *cell == Some(token) {
            *cell = None;
        }
    }
    puzzle.styles.remove(&token);
    for zone in &mut puzzle.zones {
        zone.allow.retain(|r| *r != ZoneRight::Piece(token));
    }
}

/// Why a piece could not be renamed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RenameError {
    /// The new text is not a token.
    #[error(transparent)]
    BadToken(#[from] blockslide_core::model::TokenError),
    /// Another piece already has this token.
    #[error("another piece is already called `{0}`")]
    Taken(Token),
}

/// Gives piece `from` the token `to` on the board, in the goal and in styles.
///
/// # Errors
/// A [`RenameError`] when `to` is not a valid token or is already used.
pub fn rename_piece(puzzle: &mut Puzzle, from: Token, to: &str) -> Result<(), RenameError> {
    let to = Token::new(to.trim())?;
    if to == from {
        return Ok(());
    }
    if used_tokens(puzzle).contains(&to) {
        return Err(RenameError::Taken(to));
    }
    for cell in &mut puzzle.cells {
        if *cell == Cell::Piece(from) {
            *cell = Cell::Piece(to);
        }
    }
    for cell in &mut puzzle.goal.cells {
        if *cell == Some(from) {
            *cell = Some(to);
        }
    }
    if let Some(style) = puzzle.styles.remove(&from) {
        puzzle.styles.insert(to, style);
    }
    for zone in &mut puzzle.zones {
        for right in &mut zone.allow {
            if *right == ZoneRight::Piece(from) {
                *right = ZoneRight::Piece(to);
            }
        }
    }
    Ok(())
}

/// Sets a piece's colour.
pub fn recolor_piece(puzzle: &mut Puzzle, token: Token, color: Color) {
    puzzle.styles.entry(token).or_default().color = Some(color);
}

/// Changes the board to `rows x cols` (each clamped to 1..=32), keeping every cell, goal
/// cell and style that still fits; the board grows or shrinks at the bottom and right.
pub fn resize(puzzle: &mut Puzzle, rows: usize, cols: usize) {
    let rows = rows.clamp(1, blockslide_core::model::MAX_SIDE);
    let cols = cols.clamp(1, blockslide_core::model::MAX_SIDE);
    if rows == puzzle.rows && cols == puzzle.cols {
        return;
    }
    let mut cells = vec![Cell::Empty; rows * cols];
    let mut goal = Goal {
        anywhere: puzzle.goal.anywhere,
        cells: vec![None; rows * cols],
    };
    for r in 0..rows.min(puzzle.rows) {
        for c in 0..cols.min(puzzle.cols) {
            cells[r * cols + c] = puzzle.cells[r * puzzle.cols + c];
            goal.cells[r * cols + c] = puzzle.goal.cells[r * puzzle.cols + c];
        }
    }
    for zone in &mut puzzle.zones {
        let mut zone_cells = vec![false; rows * cols];
        for r in 0..rows.min(puzzle.rows) {
            for c in 0..cols.min(puzzle.cols) {
                zone_cells[r * cols + c] = zone.cells.get(r * puzzle.cols + c) == Some(&true);
            }
        }
        zone.cells = zone_cells;
    }
    puzzle.rows = rows;
    puzzle.cols = cols;
    puzzle.cells = cells;
    puzzle.goal = goal;
    prune_styles(puzzle);
}

/// Drops the styles of pieces that are no longer on the board, as files keep styles only
/// for pieces on the board (so what is shown is what a save writes), and the zone rights
/// of those pieces (a right for a missing piece is an error).
pub fn prune_styles(puzzle: &mut Puzzle) {
    let on_board: Vec<Token> = puzzle.pieces().iter().map(|p| p.token).collect();
    puzzle.styles.retain(|t, _| on_board.contains(t));
    for zone in &mut puzzle.zones {
        zone.allow
            .retain(|r| !matches!(r, ZoneRight::Piece(t) if !on_board.contains(t)));
    }
}

/// Locks a piece to `axis` (or frees it), keeping no empty style behind.
pub fn set_axis(puzzle: &mut Puzzle, token: Token, axis: Axis) {
    puzzle.styles.entry(token).or_default().axis = axis;
    drop_default_style(puzzle, token);
}

/// The axis the editor's shortcut switches a piece on `axis` to. A straight piece toggles
/// between free and its `length` (the axis it lies along, see [`long_axis`]): a car across
/// its own length is no car, and the properties panel still offers it. A piece of any other
/// shape goes free, horizontal, vertical, free again.
pub fn next_axis(axis: Axis, length: Option<Axis>) -> Axis {
    let order: &[Axis] = match length {
        Some(along) if axis == along => return Axis::Free,
        Some(along) => return along,
        None => &[Axis::Free, Axis::Horizontal, Axis::Vertical],
    };
    let i = order.iter().position(|&a| a == axis).unwrap_or(0);
    order[(i + 1) % order.len()]
}

/// The axis a straight piece lies along: horizontal for two or more touching cells in one
/// row, vertical for one column; `None` for one cell or any other shape. `cells` are in
/// reading order, as [`piece_cells`] gives them.
pub fn long_axis(cells: &[CellPos]) -> Option<Axis> {
    let (&(r0, c0), rest) = cells.split_first()?;
    if rest.is_empty() {
        return None;
    }
    let in_line = |step: (usize, usize)| {
        cells
            .iter()
            .enumerate()
            .all(|(i, &cell)| cell == (r0 + i * step.0, c0 + i * step.1))
    };
    if in_line((0, 1)) {
        Some(Axis::Horizontal)
    } else if in_line((1, 0)) {
        Some(Axis::Vertical)
    } else {
        None
    }
}

/// Whether `puzzle` follows Rush Hour's rules for `token`, a piece being drawn: every other
/// piece on the board is locked to an axis, as on a board made with the Rush Hour template,
/// imported from a Rush Hour string, or opened from a Rush Hour file (and there is one).
fn locks_vehicles(puzzle: &Puzzle, token: Token) -> bool {
    let others: Vec<Token> = puzzle
        .pieces()
        .iter()
        .map(|p| p.token)
        .filter(|&t| t != token)
        .collect();
    !others.is_empty() && others.iter().all(|&t| puzzle.axis_of(t) != Axis::Free)
}

/// Fits the axis of `token`, a piece just painted, to a board that follows Rush Hour's rules
/// (every other piece is locked to an axis): a straight piece moves only along its length,
/// as its cells are drawn; any other shape (or a single cell, mid-stroke) moves freely, so a
/// stroke that turns a corner frees what its first cells locked. Returns the axis given, or
/// `None` on any other board, where pieces are drawn free.
pub fn fit_axis_to_rules(puzzle: &mut Puzzle, token: Token) -> Option<Axis> {
    if !locks_vehicles(puzzle, token) {
        return None;
    }
    let axis = long_axis(&piece_cells(puzzle, Layer::Start, token)).unwrap_or(Axis::Free);
    set_axis(puzzle, token, axis);
    Some(axis)
}

/// Removes a style left with nothing set, so files stay minimal.
pub fn drop_default_style(puzzle: &mut Puzzle, token: Token) {
    if puzzle
        .styles
        .get(&token)
        .is_some_and(PieceStyle::is_default)
    {
        puzzle.styles.remove(&token);
    }
}

/// The zone called `name`, if there is one.
pub fn zone(puzzle: &Puzzle, name: Token) -> Option<&Zone> {
    puzzle.zones.iter().find(|z| z.name == name)
}

/// The zone holding board cell `i` (row-major), if any; the file form draws each cell in one
/// zone, and the editor keeps it so.
pub fn zone_at(puzzle: &Puzzle, i: usize) -> Option<&Zone> {
    puzzle
        .zones
        .iter()
        .find(|z| z.cells.get(i).copied().unwrap_or(false))
}

/// A zone name neither a zone nor a piece uses yet (so the board's labels never mix them
/// up): `a`..`z`, then `a1`..`z99`; `None` when all 2600 are taken.
pub fn next_free_zone_name(puzzle: &Puzzle) -> Option<Token> {
    let pieces = used_tokens(puzzle);
    let taken = |t: &Token| pieces.contains(t) || zone(puzzle, *t).is_some();
    let singles = ('a'..='z').map(|l| l.to_string());
    let numbered = (1..=99).flat_map(|n| ('a'..='z').map(move |l| format!("{l}{n}")));
    singles
        .chain(numbered)
        .filter_map(|text| Token::new(&text).ok())
        .find(|t| !taken(t))
}

/// Adds an empty zone called `name`, closed to every piece, unless one exists.
pub fn add_zone(puzzle: &mut Puzzle, name: Token) {
    if zone(puzzle, name).is_none() {
        puzzle.zones.push(Zone {
            name,
            cells: vec![false; puzzle.rows * puzzle.cols],
            allow: Vec::new(),
        });
    }
}

/// Puts board cell `i` in zone `name` (adding the zone when it does not exist) and takes
/// it out of every other zone. Walls take no zone.
fn paint_zone(puzzle: &mut Puzzle, name: Token, i: usize) {
    if matches!(puzzle.cells.get(i), None | Some(Cell::Wall)) {
        return;
    }
    add_zone(puzzle, name);
    for zone in &mut puzzle.zones {
        if let Some(cell) = zone.cells.get_mut(i) {
            *cell = zone.name == name;
        }
    }
}

/// Takes board cell `i` out of every zone.
fn clear_zones_at(puzzle: &mut Puzzle, i: usize) {
    for zone in &mut puzzle.zones {
        if let Some(cell) = zone.cells.get_mut(i) {
            *cell = false;
        }
    }
}

/// Why a zone could not be renamed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ZoneNameError {
    /// The new name is not a token.
    #[error("a zone name is 1 to 3 of A-Z a-z 0-9 _: {0}")]
    BadName(#[from] TokenError),
    /// Another zone already has this name.
    #[error("another zone is already called `{0}`")]
    Taken(Token),
}

/// Gives zone `from` the name `to`.
///
/// # Errors
/// A [`ZoneNameError`] when `to` is not a valid name or another zone has it.
pub fn rename_zone(puzzle: &mut Puzzle, from: Token, to: &str) -> Result<(), ZoneNameError> {
    let to = Token::new(to.trim())?;
    if to == from {
        return Ok(());
    }
    if zone(puzzle, to).is_some() {
        return Err(ZoneNameError::Taken(to));
    }
    if let Some(zone) = puzzle.zones.iter_mut().find(|z| z.name == from) {
        zone.name = to;
    }
    Ok(())
}

/// Removes zone `name`; its cells become ordinary cells.
pub fn delete_zone(puzzle: &mut Puzzle, name: Token) {
    puzzle.zones.retain(|z| z.name != name);
}

/// Lets `right` (a piece or a kind) enter zone `name`, or stops letting it.
pub fn set_zone_right(puzzle: &mut Puzzle, name: Token, right: ZoneRight, allowed: bool) {
    let Some(zone) = puzzle.zones.iter_mut().find(|z| z.name == name) else {
        return;
    };
    let has = zone.allow.contains(&right);
    if allowed && !has {
        zone.allow.push(right);
    } else if !allowed {
        zone.allow.retain(|r| *r != right);
    }
}

/// The puzzle as a file can hold it: zones without cells are left out, as the file form
/// draws each zone in its grid (and refuses one that is listed but not drawn). Borrowed
/// when there is nothing to leave out.
pub fn savable(puzzle: &Puzzle) -> Cow<'_, Puzzle> {
    if puzzle.zones.iter().all(|z| z.cells.contains(&true)) {
        return Cow::Borrowed(puzzle);
    }
    let mut copy = puzzle.clone();
    copy.zones.retain(|z| z.cells.contains(&true));
    Cow::Owned(copy)
}

/// Makes the goal exactly the start position (every piece where it starts, empty cells don't
/// care): a starting point for drawing the goal.
pub fn copy_start_to_goal(puzzle: &mut Puzzle) {
    puzzle.goal.cells = puzzle
        .cells
        .iter()
        .map(|c| match c {
            Cell::Piece(t) => Some(*t),
            _ => None,
        })
        .collect();
}

/// Makes every goal cell "don't care".
pub fn clear_goal(puzzle: &mut Puzzle) {
    puzzle.goal.cells.iter_mut().for_each(|c| *c = None);
}

/// Puts the pieces and walls where `position` has them, keeping the goal, styles and zones:
/// `position` is another position of the same design (a hardest start found by the
/// analysis). Returns false, changing nothing, when its board has another size.
pub fn set_start(puzzle: &mut Puzzle, position: &Puzzle) -> bool {
    if (position.rows, position.cols) != (puzzle.rows, puzzle.cols) {
        return false;
    }
    puzzle.cells.clone_from(&position.cells);
    true
}

#[cfg(test)]
mod tests;
