//! Counts are the documented puzzle's: pieces that share a `kind` are identical, a piece
//! without a kind is its own kind, whatever the shapes. Every count, component, histogram,
//! hardest start and arrangement the front door reports is checked against an independent
//! walk written here: a plain breadth-first search over model positions (`Puzzle::step` only,
//! no engine code), each position keyed by its pieces' kinds and cells, so that only pieces of
//! one kind are taken for one another.

use std::collections::{HashMap, HashSet, VecDeque};

use blockslide_core::model::{Metric, PieceStyle, Puzzle, Token};
use blockslide_core::solve::api::{analyze, count, explore, hardest_starts};
use blockslide_core::solve::core::{Limits, SearchControl, Termination};
use blockslide_core::solve::design::{DesignRules, Mutator};

use crate::blocks_support::{Rng, naive_successors, puzzle, random_puzzle, reference_goal};
use crate::fixtures::bundled;

fn control() -> SearchControl {
    SearchControl::new(Limits::default())
}

/// A position as the file format documents it: each piece's kind (its own token when it has
/// none) with its cells, sorted, so that swapping two pieces of one kind is the same position
/// and swapping pieces of different kinds is not.
type Key = Vec<(String, Vec<(usize, usize)>)>;

fn key(p: &Puzzle) -> Key {
    let mut k: Key = p
        .pieces()
        .into_iter()
        .map(|piece| {
            let kind = p
                .styles
                .get(&piece.token)
                .and_then(|s| s.kind.clone())
                .map_or_else(|| format!("token {}", piece.token), |k| format!("kind {k}"));
            (kind, piece.cells)
        })
        .collect();
    k.sort();
    k
}

/// The documented graph of the positions reachable from `roots`: one node per key, its
/// neighbours, whether it satisfies the goal.
struct Walk {
    positions: Vec<Puzzle>,
    index: HashMap<Key, usize>,
    edges: Vec<Vec<usize>>,
    goal: Vec<bool>,
}

impl Walk {
    fn from(roots: &[Puzzle], metric: Metric) -> Walk {
        let mut w = Walk {
            positions: Vec::new(),
            index: HashMap::new(),
            edges: Vec::new(),
            goal: Vec::new(),
        };
        for root in roots {
            w.node(root);
        }
        let mut i = 0;
        while i < w.positions.len() {
            let p = w.positions[i].clone();
            let mut next: Vec<usize> = naive_successors(&p, metric)
                .iter()
                .map(|q| w.node(q))
                .collect();
            next.sort_unstable();
            next.dedup();
            w.edges[i] = next;
            i += 1;
        }
        w
    }

    fn node(&mut self, p: &Puzzle) -> usize {
        let k = key(p);
        if let Some(&i) = self.index.get(&k) {
            return i;
        }
        self.index.insert(k, self.positions.len());
        self.positions.push(p.clone());
        self.edges.push(Vec::new());
        self.goal.push(reference_goal(p));
        self.positions.len() - 1
    }

    /// Distances from the nodes of `from` (breadth first), `None` where unreachable.
    fn distances_from(&self, from: &[usize]) -> Vec<Option<u32>> {
        let mut dist = vec![None; self.positions.len()];
        let mut queue = VecDeque::new();
        for &i in from {
            dist[i] = Some(0);
            queue.push_back(i);
        }
        while let Some(i) = queue.pop_front() {
            let d = dist[i].map(|d: u32| d + 1);
            for &j in &self.edges[i] {
                if dist[j].is_none() {
                    dist[j] = d;
                    queue.push_back(j);
                }
            }
        }
        dist
    }

    fn goals(&self) -> Vec<usize> {
        (0..self.positions.len())
            .filter(|&i| self.goal[i])
            .collect()
    }
}

/// A histogram of the known distances.
fn histogram(dist: &[Option<u32>]) -> Vec<u64> {
    let mut h = Vec::new();
    for d in dist.iter().flatten() {
        let d = *d as usize;
        if h.len() <= d {
            h.resize(d + 1, 0);
        }
        h[d] += 1;
    }
    h
}

/// `count`, `analyze` and `hardest_starts` of `p` against the documented walk of its start's
/// component.
fn check_component(p: &Puzzle, metric: Metric) {
    let what = format!("{metric} metric, board {:?}", p.board_rows());
    let walk = Walk::from(std::slice::from_ref(p), metric);
    let size = walk.positions.len() as u64;
    let goals = walk.goals();
    let from_start = walk.distances_from(&[0]);

    let counted = count(p, metric, control()).unwrap();
    assert_eq!(counted.states, size, "count: states, {what}");
    assert_eq!(
        counted.goal_states,
        goals.len() as u64,
        "count: goal states, {what}"
    );
    assert_eq!(
        counted.per_depth,
        histogram(&from_start),
        "count: states by distance from the start, {what}"
    );

    let to_goal = walk.distances_from(&goals);
    let by_distance = histogram(&to_goal);
    let analysed = analyze(p, metric, control()).unwrap();
    let lean = hardest_starts(p, metric, control()).unwrap();
    for (name, report) in [("analyze", &analysed), ("hardest_starts", &lean)] {
        assert_eq!(report.component, size, "{name}: component, {what}");
        assert_eq!(
            report.goal_positions,
            goals.len() as u64,
            "{name}: goal positions, {what}"
        );
        if goals.is_empty() {
            assert_eq!(report.status, Termination::Unsolvable, "{name}, {what}");
            continue;
        }
        assert_eq!(report.histogram, by_distance, "{name}: histogram, {what}");
        assert_eq!(report.start_distance, to_goal[0], "{name}: start, {what}");
        let hardest = report.hardest.as_ref().unwrap();
        let max = by_distance.len() as u32 - 1;
        assert_eq!(
            (hardest.distance, hardest.count, hardest.component),
            (max, by_distance[max as usize], size),
            "{name}: hardest starts, {what}"
        );
        let example = walk.index[&key(&hardest.position)];
        assert_eq!(to_goal[example], Some(max), "{name}: the example, {what}");
    }
}

/// Every arrangement of `p`'s pieces (each at every translation that fits, walls kept), by
/// documented key.
fn arrangements(p: &Puzzle) -> Vec<Puzzle> {
    let mut empty = p.clone();
    for piece in p.pieces() {
        for &(r, c) in &piece.cells {
            empty.set_cell(r, c, blockslide_core::model::Cell::Empty);
        }
    }
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    place(&mut empty, &p.pieces(), &mut seen, &mut out);
    out
}

fn place(
    board: &mut Puzzle,
    pieces: &[blockslide_core::model::PieceCells],
    seen: &mut HashSet<Key>,
    out: &mut Vec<Puzzle>,
) {
    use blockslide_core::model::Cell;
    let Some((piece, rest)) = pieces.split_first() else {
        if seen.insert(key(board)) {
            out.push(board.clone());
        }
        return;
    };
    let shape = piece.shape();
    for r in 0..board.rows {
        for c in 0..board.cols {
            let cells: Vec<(usize, usize)> =
                shape.iter().map(|&(dr, dc)| (r + dr, c + dc)).collect();
            let fits = cells.iter().all(|&(rr, cc)| {
                rr < board.rows
                    && cc < board.cols
                    && board.cell(rr, cc) == Cell::Empty
                    && board.may_cover(piece.token, rr * board.cols + cc)
            });
            if fits {
                for &(rr, cc) in &cells {
                    board.set_cell(rr, cc, Cell::Piece(piece.token));
                }
                place(board, rest, seen, out);
                for &(rr, cc) in &cells {
                    board.set_cell(rr, cc, Cell::Empty);
                }
            }
        }
    }
}

/// `explore` of `p` against the documented walk of every arrangement of its pieces.
fn check_piece_set(p: &Puzzle, metric: Metric) {
    let what = format!("{metric} metric, board {:?}", p.board_rows());
    let all = arrangements(p);
    let walk = Walk::from(&all, metric);
    assert_eq!(
        walk.positions.len(),
        all.len(),
        "moves stay among arrangements"
    );
    let mut component = vec![usize::MAX; all.len()];
    let (mut components, mut solvable) = (0u64, 0u64);
    for i in 0..all.len() {
        if component[i] != usize::MAX {
            continue;
        }
        let reach = walk.distances_from(&[i]);
        let mut has_goal = false;
        for (j, d) in reach.iter().enumerate() {
            if d.is_some() {
                component[j] = i;
                has_goal |= walk.goal[j];
            }
        }
        components += 1;
        solvable += u64::from(has_goal);
    }
    let found = explore(p, metric, 3, control()).unwrap();
    assert_eq!(found.status, Termination::Solved, "{what}");
    assert_eq!(
        (
            found.arrangements,
            found.components,
            found.solvable_components,
            found.goal_arrangements
        ),
        (
            all.len() as u64,
            components,
            solvable,
            walk.goals().len() as u64
        ),
        "explore: arrangements, components, solvable ones, goal arrangements, {what}"
    );
    let to_goal = walk.distances_from(&walk.goals());
    for h in &found.hardest {
        let i = walk.index[&key(&h.position)];
        let members: Vec<usize> = (0..all.len())
            .filter(|&j| component[j] == component[i])
            .collect();
        let max = members.iter().filter_map(|&j| to_goal[j]).max();
        let at_max = members.iter().filter(|&&j| to_goal[j] == max).count() as u64;
        assert_eq!(
            (Some(h.distance), h.count, h.component),
            (max, at_max, members.len() as u64),
            "explore: a hardest component, {what}"
        );
    }
}

/// `p` with its pieces' kinds redrawn at random: each piece keeps no kind or takes one of two
/// kinds of its shape, so that pieces of one shape are sometimes of one kind, sometimes of
/// different kinds, sometimes without.
fn with_random_kinds(mut p: Puzzle, seed: u64) -> Puzzle {
    let mut rng = Rng::new(seed ^ 0x5eed);
    for piece in p.pieces() {
        let kind = match rng.below(3) {
            0 => None,
            n => Some(format!("{:?} {n}", piece.shape())),
        };
        let style = p.styles.entry(piece.token).or_default();
        style.kind = kind;
    }
    p
}

#[test]
fn a_two_by_three_board_keeps_pieces_of_different_kinds_apart() {
    // B and C are 1x1 like A but of different kinds: six cells for A, five for B, four for C.
    let mut p = puzzle(&["A B C", ". . ."], &[". . .", ". . A"]);
    for (token, kind) in [("B", "b"), ("C", "c")] {
        let style = PieceStyle {
            kind: Some(kind.into()),
            ..PieceStyle::default()
        };
        p.styles.insert(Token::new(token).unwrap(), style);
    }
    let walk = Walk::from(std::slice::from_ref(&p), Metric::Step);
    assert_eq!(
        (walk.positions.len(), walk.goals().len()),
        (120, 20),
        "the independent walk"
    );
    let counted = count(&p, Metric::Step, control()).unwrap();
    assert_eq!((counted.states, counted.goal_states), (120, 20));
    let analysed = analyze(&p, Metric::Step, control()).unwrap();
    assert_eq!((analysed.component, analysed.goal_positions), (120, 20));
    for metric in Metric::ALL {
        check_component(&p, metric);
        check_piece_set(&p, metric);
    }
}

#[test]
fn pieces_of_one_kind_are_still_taken_for_one_another() {
    // B and C of one kind: 6 x (5 choose 2) positions, A on its goal cell in 10 of them.
    let mut p = puzzle(&["A B C", ". . ."], &[". . .", ". . A"]);
    for token in ["B", "C"] {
        let style = PieceStyle {
            kind: Some("b".into()),
            ..PieceStyle::default()
        };
        p.styles.insert(Token::new(token).unwrap(), style);
    }
    let counted = count(&p, Metric::Step, control()).unwrap();
    assert_eq!((counted.states, counted.goal_states), (60, 10));
    check_component(&p, Metric::Step);
}

#[test]
fn counts_match_a_walk_that_keeps_kinds_apart_on_random_small_boards() {
    for seed in 0..60 {
        let p = with_random_kinds(random_puzzle(seed), seed);
        for metric in Metric::ALL {
            check_component(&p, metric);
            check_piece_set(&p, metric);
        }
    }
}

/// The design the issue reports: Klotski's pieces with a vertical piece taken away and a
/// 1x2 piece without a kind added, laid out as Century (whose two lying pieces share a kind).
/// Klotski's horizontal general has no kind either, so the two lying pieces are told apart:
/// the engine may merge them for its search, the documented puzzle may not.
fn klotski_with_an_unkinded_piece() -> Puzzle {
    let mut p = bundled("century.ron");
    for token in ["I", "J"] {
        if let Some(style) = p.styles.get_mut(&Token::new(token).unwrap()) {
            style.kind = None;
        }
    }
    p
}

#[test]
#[ignore = "walks a Klotski-sized space on model positions: run in release"]
fn klotski_with_an_added_unkinded_piece_counts_it_apart() {
    let p = klotski_with_an_unkinded_piece();
    assert_eq!(
        p.board_rows().join("/"),
        "B A A C/D A A E/D F . E/G F . H/I I J J",
        "the board"
    );
    // The figures, as the independent walk finds them: 162,680 positions, 12,728
    // of them goal positions (the engine's search walks Century's 81,340 and 6,364, with the
    // two merged).
    let walk = Walk::from(std::slice::from_ref(&p), Metric::Step);
    assert_eq!(
        (walk.positions.len(), walk.goals().len()),
        (162_680, 12_728)
    );
    for metric in [Metric::Step, Metric::Move] {
        check_component(&p, metric);
    }
}

/// The force field's unkinded 1x2 pieces (five upright, two lying) are told apart by the
/// documented puzzle: twice the positions the engine's search walks (2,360 and 40 goal
/// positions, found by the independent walk), and its hardest start is a position of the
/// documented puzzle, not one with pieces of different kinds renamed.
#[test]
fn the_force_field_counts_its_unkinded_pieces_apart() {
    let p = bundled("force-field.ron");
    let walk = Walk::from(std::slice::from_ref(&p), Metric::Step);
    assert_eq!((walk.positions.len(), walk.goals().len()), (2_360, 40));
    for metric in Metric::ALL {
        check_component(&p, metric);
    }
}

/// The documented positions reachable from `p`'s start, walked layer by layer with only a
/// compact key of each kept (for spaces too large for [`Walk`]): each cell's piece as its
/// kind and its rank among the pieces of that kind (by first cell). Returns the positions
/// at each distance from the start and how many satisfy the goal.
fn lean_count(p: &Puzzle, metric: Metric) -> (Vec<u64>, u64) {
    let kinds: Vec<String> = {
        let mut k: Vec<String> = p.pieces().iter().map(|x| p.kind_of(x.token)).collect();
        k.sort();
        k.dedup();
        k
    };
    let compact = |q: &Puzzle| -> Vec<u8> {
        let mut key = vec![0u8; q.cells.len()];
        let mut seen: Vec<usize> = vec![0; kinds.len()];
        let mut pieces = q.pieces();
        pieces.sort_by_key(|piece| piece.cells.iter().min().copied());
        for piece in pieces {
            let kind = kinds.binary_search(&q.kind_of(piece.token)).unwrap();
            seen[kind] += 1;
            let label = u8::try_from(kind * 16 + seen[kind]).unwrap();
            for &(r, c) in &piece.cells {
                key[r * q.cols + c] = label;
            }
        }
        key
    };
    let mut seen = HashSet::new();
    seen.insert(compact(p));
    let (mut layers, mut goals) = (Vec::new(), 0u64);
    let mut layer = vec![p.clone()];
    while !layer.is_empty() {
        layers.push(layer.len() as u64);
        let mut next = Vec::new();
        for q in &layer {
            goals += u64::from(reference_goal(q));
            for s in naive_successors(q, metric) {
                if seen.insert(compact(&s)) {
                    next.push(s);
                }
            }
        }
        layer = next;
    }
    (layers, goals)
}

/// "Two L's meet" has four unkinded 1x2 pieces, which its cycles permute every way: 24 times
/// the positions its search walks (110,804), by the lean walk.
#[test]
#[ignore = "walks millions of model positions: run in release"]
fn two_ls_meet_counts_its_unkinded_pieces_apart() {
    let p = bundled("two-ls-meet.ron");
    let (layers, goals) = lean_count(&p, Metric::Step);
    assert_eq!(
        (layers.iter().sum::<u64>(), goals),
        (2_659_296, 1_129_824),
        "the lean walk"
    );
    let counted = count(&p, Metric::Step, control()).unwrap();
    assert_eq!((&counted.per_depth, counted.goal_states), (&layers, goals));
    let analysed = analyze(&p, Metric::Step, control()).unwrap();
    assert_eq!(
        (analysed.component, analysed.goal_positions),
        (counted.states, goals)
    );
}

/// A piece's shape and kind.
type ShapeKind = (Vec<(usize, usize)>, Option<String>);

/// The pieces of `design` that `base` does not have, with their kinds.
/// Where the one piece of `design` that `base` does not have stands: "row R, column C" of its
/// top-left cell, counted from 1.
fn where_new(base: &Puzzle, design: &Puzzle) -> String {
    let had: Vec<Token> = base.pieces().iter().map(|p| p.token).collect();
    let piece = design
        .pieces()
        .into_iter()
        .find(|p| !had.contains(&p.token))
        .expect("a new piece");
    let row = piece.cells.iter().map(|c| c.0).min().unwrap();
    let col = piece.cells.iter().map(|c| c.1).min().unwrap();
    format!("row {}, column {}", row + 1, col + 1)
}

fn added(base: &Puzzle, design: &Puzzle) -> Vec<ShapeKind> {
    let before: HashSet<Token> = base.pieces().iter().map(|p| p.token).collect();
    design
        .pieces()
        .into_iter()
        .filter(|piece| !before.contains(&piece.token))
        .map(|piece| {
            let kind = design.styles.get(&piece.token).and_then(|s| s.kind.clone());
            (piece.shape(), kind)
        })
        .collect()
}

#[test]
fn a_piece_a_design_search_adds_takes_the_kind_its_shape_has_on_the_board() {
    use blockslide_core::solve::design::changes;
    use rand::SeedableRng;
    // The rules of Klotski: its palette has the 1x1 soldier (kind "soldier"), the vertical
    // 2x1 (kind "vertical") and the horizontal 1x2, which has no kind.
    let klotski = bundled("klotski.ron");
    let rules = DesignRules::for_design(&klotski, Metric::Step);
    // A design with room (soldiers I and J taken away) whose horizontal general E has a
    // kind: a new horizontal piece joins it. Another whose E has none: a new one is apart.
    let mut base = klotski.clone();
    for cell in &mut base.cells {
        if let blockslide_core::model::Cell::Piece(t) = *cell
            && (t.to_string() == "I" || t.to_string() == "J")
        {
            *cell = blockslide_core::model::Cell::Empty;
        }
    }
    base.styles.remove(&Token::new("I").unwrap());
    base.styles.remove(&Token::new("J").unwrap());
    let mut kinded = base.clone();
    kinded
        .styles
        .entry(Token::new("E").unwrap())
        .or_default()
        .kind = Some("general".into());
    let horizontal = vec![(0, 0), (0, 1)];
    for (design, bar_kind, bar_note) in [
        (&kinded, Some("general"), ", of kind \"general\""),
        (&base, None, ", a kind of its own"),
    ] {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mutator = Mutator::new(design, &rules);
        let (mut soldiers, mut bars) = (0, 0);
        for _ in 0..400 {
            let Some((changed, _)) = mutator.mutate(design, &mut rng) else {
                continue;
            };
            let new = added(design, &changed);
            let [(shape, kind)] = new.as_slice() else {
                continue;
            };
            let notes = changes(design, &changed);
            if *shape == vec![(0, 0)] {
                soldiers += 1;
                assert_eq!(kind.as_deref(), Some("soldier"), "a new soldier");
                let [note] = notes.as_slice() else {
                    panic!("one change: {notes:?}")
                };
                assert!(
                    note.starts_with("added a 1x1 piece at row ")
                        && note.ends_with(", of kind \"soldier\""),
                    "{note}"
                );
                assert!(
                    note.contains(&format!("at {}", where_new(design, &changed))),
                    "{note}"
                );
            } else if *shape == horizontal {
                bars += 1;
                assert_eq!(kind.as_deref(), bar_kind, "a new horizontal piece");
                let [note] = notes.as_slice() else {
                    panic!("one change: {notes:?}")
                };
                assert!(
                    note.starts_with("added a 1x2 piece at row ") && note.ends_with(bar_note),
                    "{note}"
                );
                assert!(
                    note.contains(&format!("at {}", where_new(design, &changed))),
                    "{note}"
                );
                assert!(
                    blockslide_core::model::validate::validate(&changed)
                        .iter()
                        .all(|d| d.severity != blockslide_core::model::validate::Severity::Error),
                    "the design stays valid"
                );
            }
        }
        assert!(soldiers > 0 && bars > 0, "both shapes were added");
    }
}
