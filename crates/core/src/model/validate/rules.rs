//! Validation of the movement rules: zones and axis locks.

use std::collections::{BTreeMap, BTreeSet};

use crate::model::puzzle::{PieceCells, Puzzle};
use crate::model::rules::ZoneRight;
use crate::model::token::Token;

use super::findings::{FindingKind, Findings, Place};

/// The movement rules: every zone admits pieces and kinds that exist, no piece
/// starts in (or, for an anchored goal, must end in) a zone closed to it, and the pieces of
/// one kind share an axis (they are interchangeable, so they must move alike).
#[expect(
    clippy::too_many_lines,
    reason = "the movement rules in the order their findings are reported"
)]
pub(super) fn check_rules(puzzle: &Puzzle, pieces: &[PieceCells], out: &mut Findings) {
    let cols = puzzle.cols;
    let on_board: BTreeSet<Token> = pieces.iter().map(|p| p.token).collect();
    let kinds: BTreeSet<String> = on_board.iter().map(|&t| puzzle.kind_of(t)).collect();
    for zone in &puzzle.zones {
        for (i, right) in zone.allow.iter().enumerate() {
            let known = match right {
                ZoneRight::Piece(t) => on_board.contains(t),
                ZoneRight::Kind(k) => kinds.contains(k),
            };
            if !known {
                out.error(
                    FindingKind::ZoneUnknownRight,
                    format!(
                        "zone `{}` admits {right}, but no such {} is on the board",
                        zone.name,
                        if matches!(right, ZoneRight::Piece(_)) {
                            "piece"
                        } else {
                            "kind"
                        }
                    ),
                    Vec::new(),
                    Place::ZoneRight(zone.name, i),
                );
            }
        }
    }
    for piece in pieces {
        let closed: Vec<(usize, usize)> = piece
            .cells
            .iter()
            .copied()
            .filter(|&(r, c)| puzzle.zone_refusing(piece.token, r * cols + c).is_some())
            .collect();
        if let Some(&(r, c)) = closed.first() {
            let zone = puzzle
                .zone_refusing(piece.token, r * cols + c)
                .unwrap_or(piece.token);
            out.error(
                FindingKind::StartInClosedZone,
                format!(
                    "piece `{}` starts in zone `{zone}`, which is closed to it; move the piece \
                     out of the zone or let the zone admit it",
                    piece.token
                ),
                closed,
                Place::Board,
            );
        }
    }
    if !puzzle.goal.anywhere {
        for (i, cell) in puzzle.goal.cells.iter().enumerate() {
            let Some(token) = *cell else { continue };
            if let Some(zone) = puzzle.zone_refusing(token, i) {
                out.error(
                    FindingKind::GoalInClosedZone,
                    format!(
                        "the goal puts piece `{token}` in zone `{zone}`, which is closed to it, \
                         so the goal can never be met"
                    ),
                    vec![(i / cols, i % cols)],
                    Place::Goal,
                );
            }
        }
    }
    let mut rules_of_kind: BTreeMap<&str, (Token, crate::model::Axis, u64)> = BTreeMap::new();
    for token in &on_board {
        let Some(style) = puzzle.styles.get(token) else {
            continue;
        };
        let Some(kind) = style.kind.as_deref() else {
            continue;
        };
        let rights = puzzle.zone_rights(*token);
        match rules_of_kind.get(kind) {
            Some(&(first, axis, _)) if axis != style.axis => out.error(
                FindingKind::KindAxes,
                format!(
                    "pieces `{first}` and `{token}` are both of kind \"{kind}\" but move along \
                     different axes ({axis} and {}); pieces of one kind must move alike",
                    style.axis
                ),
                Vec::new(),
                Place::Style(*token),
            ),
            Some(&(first, _, first_rights)) if first_rights != rights => out.error(
                FindingKind::KindZones,
                format!(
                    "pieces `{first}` and `{token}` are both of kind \"{kind}\" but may enter \
                     different zones; admit the kind as a whole (Kind(\"{kind}\")) so they \
                     move alike"
                ),
                Vec::new(),
                Place::Style(*token),
            ),
            Some(_) => {}
            None => {
                rules_of_kind.insert(kind, (*token, style.axis, rights));
            }
        }
    }
}
