//! What a gesture in Play means: which tiles a click slides towards the gap, which tile an
//! arrow key moves (and what the game's other keys do), which way a drag points, what holds a
//! piece that cannot move, and how far a held piece follows the pointer.

use egui::{Key, Modifiers, Pos2, Ui, Vec2, vec2};

use blockslide_core::model::{Axis, Cell, Dir, MoveError, Puzzle, Token};

use super::{Drag, Play};
use crate::command::PlayCommand;
use crate::common::format as fmt;

/// The steps that slide `tile` and the tiles between it and the gap towards the gap, the
/// tile next to the gap first; none when `tile` is not in the gap's row or column.
pub fn slide_towards_gap(position: &Puzzle, tile: Token) -> Vec<(Token, Dir)> {
    let cols = position.cols;
    let Some(gap) = position.cells.iter().position(|c| *c == Cell::Empty) else {
        return Vec::new();
    };
    let Some(at) = position.cells.iter().position(|c| *c == Cell::Piece(tile)) else {
        return Vec::new();
    };
    let (gr, gc, tr, tc) = (gap / cols, gap % cols, at / cols, at % cols);
    let (dir, cells): (Dir, Vec<usize>) = if gr == tr && tc > gc {
        (Dir::Left, (gc + 1..=tc).map(|c| gr * cols + c).collect())
    } else if gr == tr && tc < gc {
        (Dir::Right, (tc..gc).rev().map(|c| gr * cols + c).collect())
    } else if gc == tc && tr > gr {
        (Dir::Up, (gr + 1..=tr).map(|r| r * cols + gc).collect())
    } else if gc == tc && tr < gr {
        (Dir::Down, (tr..gr).rev().map(|r| r * cols + gc).collect())
    } else {
        return Vec::new();
    };
    cells
        .into_iter()
        .map_while(|i| match position.cells[i] {
            Cell::Piece(t) => Some((t, dir)),
            _ => None,
        })
        .collect()
}

/// The tile an arrow key moves in a tile puzzle: the one next to the gap on the side the
/// arrow comes from (Left moves the tile right of the gap to the left).
fn tile_for_arrow(position: &Puzzle, dir: Dir) -> Option<Token> {
    let cols = position.cols as i64;
    let gap = position.cells.iter().position(|c| *c == Cell::Empty)? as i64;
    let (dr, dc) = dir.delta();
    let (r, c) = (gap / cols - i64::from(dr), gap % cols - i64::from(dc));
    if r < 0 || c < 0 || r >= position.rows as i64 || c >= cols {
        return None;
    }
    match position.cells[(r * cols + c) as usize] {
        Cell::Piece(t) => Some(t),
        _ => None,
    }
}

/// How far (in cells) the pointer must go past the piece's position for a drag to step it:
/// more than half a cell, so that after a step the pointer is not already past the mark of
/// the step back.
pub(super) const STEP_AT: f32 = 0.6;

/// The direction `delta` (in cells) points in, when it reaches `threshold` along its main
/// axis.
pub(super) fn dominant(delta: Vec2, threshold: f32) -> Option<Dir> {
    if delta.x.abs() >= delta.y.abs() {
        if delta.x >= threshold {
            Some(Dir::Right)
        } else if delta.x <= -threshold {
            Some(Dir::Left)
        } else {
            None
        }
    } else if delta.y >= threshold {
        Some(Dir::Down)
    } else if delta.y <= -threshold {
        Some(Dir::Up)
    } else {
        None
    }
}

/// `delta` split into the part along `axis` (all of it for a free piece) and the part
/// across it.
pub(super) fn split_by_axis(delta: Vec2, axis: Axis) -> (Vec2, Vec2) {
    match axis {
        Axis::Free => (delta, Vec2::ZERO),
        Axis::Horizontal => (vec2(delta.x, 0.0), vec2(0.0, delta.y)),
        Axis::Vertical => (vec2(0.0, delta.y), vec2(delta.x, 0.0)),
    }
}

/// Why a rule of the puzzle (the piece's axis, or a zone closed to it) forbids moving
/// `piece` one cell in `dir`, as a sentence; `None` when no rule does (the move may still be
/// blocked by another piece or the edge).
pub fn rule_refusal(puzzle: &Puzzle, piece: Token, dir: Dir) -> Option<String> {
    let axis = puzzle.axis_of(piece);
    if !axis.allows(dir) {
        return Some(fmt::sentence(
            &MoveError::Axis { piece, dir, axis }.to_string(),
        ));
    }
    if puzzle.zones.is_empty() {
        return None;
    }
    let mut probe = puzzle.clone();
    match probe.step(piece, dir) {
        Err(e @ MoveError::Zone { .. }) => Some(fmt::sentence(&e.to_string())),
        _ => None,
    }
}

/// Why `piece` cannot move one cell in `dir`, as a sentence that names what holds it: a rule
/// ([`rule_refusal`]), or what is in the way ("blocked by `E`", "by a wall", "by the edge
/// of the board"); `None` when the move is legal.
pub(super) fn refusal(position: &Puzzle, piece: Token, dir: Dir) -> Option<String> {
    if let Some(rule) = rule_refusal(position, piece, dir) {
        return Some(rule);
    }
    let mut probe = position.clone();
    match probe.step(piece, dir) {
        Ok(()) => None,
        Err(MoveError::Blocked { .. }) => Some(format!(
            "Piece `{piece}` cannot move {}: blocked by {}",
            dir.word(),
            obstacles(position, piece, dir)
        )),
        Err(e) => Some(fmt::sentence(&e.to_string())),
    }
}

/// What stands in the cells `piece` would enter moving one cell in `dir`: other pieces (in
/// reading order), a wall, the edge of the board, as a list ("`E` and a wall").
fn obstacles(position: &Puzzle, piece: Token, dir: Dir) -> String {
    let (dr, dc) = dir.delta();
    let (mut pieces, mut wall, mut edge) = (Vec::new(), false, false);
    for (i, _) in position
        .cells
        .iter()
        .enumerate()
        .filter(|&(_, c)| *c == Cell::Piece(piece))
    {
        let r = (i / position.cols) as i64 + i64::from(dr);
        let c = (i % position.cols) as i64 + i64::from(dc);
        if r < 0 || c < 0 || r >= position.rows as i64 || c >= position.cols as i64 {
            edge = true;
            continue;
        }
        match position.cell(r as usize, c as usize) {
            Cell::Piece(t) if t != piece && !pieces.contains(&t) => pieces.push(t),
            Cell::Wall => wall = true,
            _ => {}
        }
    }
    let mut names: Vec<String> = pieces.iter().map(|t| format!("`{t}`")).collect();
    if wall {
        names.push("a wall".into());
    }
    if edge {
        names.push("the edge of the board".into());
    }
    match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        None => "something".into(),
    }
}

/// How far to draw a dragged piece from its cell: follows the pointer along the main axis,
/// up to just under half a cell, and only in a direction it can move.
pub(super) fn preview_offset(puzzle: &Puzzle, drag: Drag, pointer: Pos2, cell: f32) -> Vec2 {
    let (delta, _) = split_by_axis(
        (pointer - drag.anchor) / cell.max(1.0),
        puzzle.axis_of(drag.piece),
    );
    let Some(dir) = dominant(delta, 0.01) else {
        return Vec2::ZERO;
    };
    if !puzzle.can_step(drag.piece, dir) {
        return Vec2::ZERO;
    }
    let amount = if delta.x.abs() >= delta.y.abs() {
        delta.x.abs()
    } else {
        delta.y.abs()
    }
    .min(0.45);
    let (dr, dc) = dir.delta();
    vec2(dc as f32, dr as f32) * amount
}

impl Play {
    /// The game's keys: arrows move (the selected piece, or in a tile puzzle the tile by the
    /// gap), Backspace or U undoes, R redoes, H asks for a hint, Esc clears the selection.
    pub(super) fn keys_ui(
        &self,
        ui: &mut Ui,
        commands: &mut Vec<PlayCommand>,
        notices: &mut Vec<String>,
    ) {
        if !ui.ctx().egui_wants_keyboard_input() {
            ui.input_mut(|i| {
                for (key, dir) in [
                    (Key::ArrowUp, Dir::Up),
                    (Key::ArrowDown, Dir::Down),
                    (Key::ArrowLeft, Dir::Left),
                    (Key::ArrowRight, Dir::Right),
                ] {
                    // Tiles: the one next to the gap moves, nothing selected first.
                    let piece = if self.tiles {
                        tile_for_arrow(&self.current, dir)
                    } else {
                        self.selected
                    };
                    if !i.consume_key(Modifiers::NONE, key) {
                        continue;
                    }
                    // A key that moves nothing says why, rather than seeming broken.
                    let Some(piece) = piece else {
                        notices.push(if self.tiles {
                            let (way, side) = match dir {
                                Dir::Left => ("left", "right"),
                                Dir::Right => ("right", "left"),
                                Dir::Up => ("up", "bottom"),
                                Dir::Down => ("down", "top"),
                            };
                            format!("No tile can move {way}: the gap is at the {side} edge.")
                        } else {
                            "Click a piece first: the arrow keys move the selected piece.".into()
                        });
                        continue;
                    };
                    match rule_refusal(&self.current, piece, dir) {
                        Some(reason) => notices.push(reason),
                        None => commands.push(PlayCommand::Step(piece, dir)),
                    }
                }
                if i.consume_key(Modifiers::NONE, Key::Backspace)
                    || i.consume_key(Modifiers::NONE, Key::U)
                {
                    commands.push(PlayCommand::Undo);
                }
                if i.consume_key(Modifiers::NONE, Key::R) {
                    commands.push(PlayCommand::Redo);
                }
                if i.consume_key(Modifiers::NONE, Key::H) {
                    commands.push(PlayCommand::Hint);
                }
                if i.consume_key(Modifiers::NONE, Key::Escape) {
                    commands.push(PlayCommand::Select(None));
                }
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_refuse_with_their_reason_and_drags_follow_the_axis() {
        let mut p = Puzzle::from_rows(&[". A A .", ". . . ."], &[]).unwrap();
        let a = Token::new("A").unwrap();
        p.styles.entry(a).or_default().axis = Axis::Horizontal;
        let axis = rule_refusal(&p, a, Dir::Down).expect("off the axis");
        assert!(axis.contains("horizontal axis"), "{axis}");
        assert_eq!(rule_refusal(&p, a, Dir::Right), None);
        p.zones.push(blockslide_core::model::Zone {
            name: Token::new("x").unwrap(),
            cells: vec![false, false, false, true, false, false, false, false],
            allow: Vec::new(),
        });
        let zone = rule_refusal(&p, a, Dir::Right).expect("into a closed zone");
        assert!(zone.contains("zone `x`"), "{zone}");
        // Blocked by the edge is not a rule: the move is tried and refused by the model.
        p.styles.entry(a).or_default().axis = Axis::Free;
        assert_eq!(rule_refusal(&p, a, Dir::Up), None);
        assert_eq!(
            split_by_axis(vec2(0.3, 0.9), Axis::Horizontal),
            (vec2(0.3, 0.0), vec2(0.0, 0.9))
        );
        assert_eq!(
            split_by_axis(vec2(0.3, 0.9), Axis::Free),
            (vec2(0.3, 0.9), Vec2::ZERO)
        );
    }

    #[test]
    fn refusals_name_what_is_in_the_way() {
        let p = Puzzle::from_rows(&["A B C", ". # C", ". . ."], &[]).unwrap();
        let [a, b, c] = ["A", "B", "C"].map(|t| Token::new(t).unwrap());
        let why = |piece, dir| refusal(&p, piece, dir).unwrap_or_default();
        assert_eq!(
            why(a, Dir::Right),
            "Piece `A` cannot move right: blocked by `B`"
        );
        assert_eq!(
            why(b, Dir::Down),
            "Piece `B` cannot move down: blocked by a wall"
        );
        assert_eq!(
            why(c, Dir::Right),
            "Piece `C` cannot move right: blocked by the edge of the board"
        );
        assert_eq!(
            why(c, Dir::Left),
            "Piece `C` cannot move left: blocked by `B` and a wall"
        );
        assert_eq!(refusal(&p, a, Dir::Down), None);
    }

    #[test]
    fn dominant_direction_needs_the_threshold() {
        assert_eq!(dominant(vec2(0.6, 0.2), 0.5), Some(Dir::Right));
        assert_eq!(dominant(vec2(0.1, -0.7), 0.5), Some(Dir::Up));
        assert_eq!(dominant(vec2(0.3, 0.2), 0.5), None);
    }
}
