//! Shared helpers of the block-engine tests: an independent goal check over the model, a
//! replay verifier every solution goes through, random puzzles and walks over model
//! positions. The seeds' puzzles and the classics are the bundled files
//! (`crate::fixtures::bundled`), not copies.

#![allow(
    dead_code,
    reason = "each test file uses a different subset of the helpers"
)]

use blockslide_core::model::{Cell, Metric, Puzzle, Token};
use blockslide_core::solve::api::PieceMove;
use blockslide_core::solve::blocks::{BlockDomain, BlockEstimator, BlockHeuristic, BlockMove};
use blockslide_core::solve::core::{Limits, SearchControl};

pub use blockslide_testkit::arrangements::piece_labels as labels;

pub fn puzzle(board: &[&str], goal: &[&str]) -> Puzzle {
    Puzzle::from_rows(board, goal).expect("test puzzles are well formed")
}

pub fn control() -> SearchControl {
    SearchControl::new(Limits::default())
}

/// Heuristic `h` made ready for `domain`. Where the puzzle has no pattern database, `pdb`
/// stands in as `relaxed` (as `max` does), so every admissible heuristic can be checked on
/// every puzzle.
pub fn ready(h: BlockHeuristic, domain: &BlockDomain) -> BlockEstimator {
    h.ready(domain, &control())
        .or_else(|_| BlockHeuristic::Relaxed.ready(domain, &control()))
        .expect("relaxed applies to every puzzle")
}

fn piece_cells(p: &Puzzle, token: Token) -> Vec<usize> {
    (0..p.cells.len())
        .filter(|&i| p.cells[i] == Cell::Piece(token))
        .collect()
}

/// Whether the goal pieces can be matched to distinct pieces among their `options`.
fn matchable(options: &[Vec<Token>], used: &mut Vec<Token>) -> bool {
    let Some((first, rest)) = options.split_first() else {
        return true;
    };
    first.iter().any(|&q| {
        if used.contains(&q) {
            return false;
        }
        used.push(q);
        let ok = matchable(rest, used);
        used.pop();
        ok
    })
}

/// An independent goal check written from the model's definition: each piece the goal names is
/// matched to a distinct piece of its kind covering all the cells named for it; `anywhere`
/// goals may be shifted.
pub fn reference_goal(p: &Puzzle) -> bool {
    let cols = p.cols as i64;
    let mut wanted: Vec<(Token, Vec<(i64, i64)>)> = Vec::new();
    for (i, cell) in p.goal.cells.iter().enumerate() {
        if let Some(t) = cell {
            let pos = (i as i64 / cols, i as i64 % cols);
            match wanted.iter_mut().find(|w| w.0 == *t) {
                Some(w) => w.1.push(pos),
                None => wanted.push((*t, vec![pos])),
            }
        }
    }
    let shifts: Vec<(i64, i64)> = if p.goal.anywhere {
        let r = p.rows as i64;
        (-r..=r)
            .flat_map(|dr| (-cols..=cols).map(move |dc| (dr, dc)))
            .collect()
    } else {
        vec![(0, 0)]
    };
    let tokens: Vec<Token> = p.pieces().iter().map(|x| x.token).collect();
    shifts.into_iter().any(|(dr, dc)| {
        let mut options: Vec<Vec<Token>> = Vec::new();
        for (t, cells) in &wanted {
            let shifted: Option<Vec<usize>> = cells
                .iter()
                .map(|&(r, c)| {
                    let (r, c) = (r + dr, c + dc);
                    (r >= 0 && c >= 0 && r < p.rows as i64 && c < cols)
                        .then_some((r * cols + c) as usize)
                })
                .collect();
            let Some(shifted) = shifted else { return false };
            let kind = p.kind_of(*t);
            options.push(
                tokens
                    .iter()
                    .copied()
                    .filter(|&q| p.kind_of(q) == kind)
                    .filter(|&q| {
                        let have = piece_cells(p, q);
                        shifted.iter().all(|x| have.contains(x))
                    })
                    .collect(),
            );
        }
        matchable(&options, &mut Vec::new())
    })
}

/// Replays `moves` on `start` with `Puzzle::step`, checking every unit step is legal, that
/// each move has the shape its metric allows, and that the end satisfies the goal. Returns the
/// final position.
pub fn replay(start: &Puzzle, moves: &[PieceMove], metric: Metric) -> Puzzle {
    let mut p = start.clone();
    for (i, m) in moves.iter().enumerate() {
        assert!(!m.steps.is_empty(), "move {i} has no steps");
        match metric {
            Metric::Step => assert_eq!(m.steps.len(), 1, "move {i} is not one step"),
            Metric::Slide => assert!(m.steps.iter().all(|&d| d == m.steps[0]), "move {i} turns"),
            Metric::Move => {}
        }
        for &d in &m.steps {
            p.step(m.piece, d)
                .unwrap_or_else(|e| panic!("move {i} ({}): {e}", m.piece));
        }
    }
    assert!(
        p.goal_satisfied(),
        "the replayed solution does not reach the goal (model)"
    );
    assert!(
        reference_goal(&p),
        "the replayed solution does not reach the goal (reference)"
    );
    p
}

/// Replays a domain path: converts it to piece moves, checks the count, replays.
pub fn replay_path(puzzle: &Puzzle, domain: &BlockDomain, path: &[BlockMove], metric: Metric) {
    let moves = domain.piece_moves(path);
    assert_eq!(moves.len(), path.len());
    replay(puzzle, &moves, metric);
}

/// A small deterministic generator (xorshift*), so property tests need only a seed.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15 | 1)
    }

    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    }
}

/// The shapes of random pieces. The last, a C open to the left, can slide over cells it
/// covered itself (its gap passes over its own lower arm), which a slide must allow.
const SHAPES: [&[(usize, usize)]; 7] = [
    &[(0, 0)],
    &[(0, 0), (0, 1)],
    &[(0, 0), (1, 0)],
    &[(0, 0), (1, 0), (1, 1)],
    &[(0, 0), (0, 1), (1, 1)],
    &[(0, 0), (0, 1), (1, 0), (1, 1)],
    &[(0, 0), (0, 1), (1, 1), (2, 1), (2, 0)],
];

/// A random small block puzzle: 2-4 rows and columns, a few pieces, maybe walls, maybe two
/// pieces of one kind, a goal naming all or part of one or two pieces, anchored or anywhere.
pub fn random_puzzle(seed: u64) -> Puzzle {
    use blockslide_core::model::PieceStyle;
    let mut rng = Rng::new(seed);
    let (rows, cols) = (2 + rng.below(3), 2 + rng.below(3));
    let mut p = Puzzle::empty(rows, cols);
    let mut shapes: Vec<(Token, usize)> = Vec::new();
    let target = 1 + rng.below(4);
    for attempt in 0..40 {
        if shapes.len() == target {
            break;
        }
        let s = rng.below(SHAPES.len());
        let (r0, c0) = (rng.below(rows), rng.below(cols));
        let cells: Vec<(usize, usize)> = SHAPES[s].iter().map(|&(r, c)| (r0 + r, c0 + c)).collect();
        if cells
            .iter()
            .all(|&(r, c)| r < rows && c < cols && p.cell(r, c) == Cell::Empty)
        {
            let token = Token::new(&format!("P{attempt}")).unwrap();
            for &(r, c) in &cells {
                p.set_cell(r, c, Cell::Piece(token));
            }
            shapes.push((token, s));
        }
    }
    if shapes.is_empty() {
        p.set_cell(0, 0, Cell::Piece(Token::new("P0").unwrap()));
        shapes.push((Token::new("P0").unwrap(), 0));
    }
    // Keep at least two empty cells so something can usually move.
    for _ in 0..rng.below(3) {
        let (r, c) = (rng.below(rows), rng.below(cols));
        let empties = p.cells.iter().filter(|c| **c == Cell::Empty).count();
        if p.cell(r, c) == Cell::Empty && empties > 2 {
            p.set_cell(r, c, Cell::Wall);
        }
    }
    // Two pieces of the same shape may share a kind.
    if rng.below(2) == 0 {
        for i in 0..shapes.len() {
            for j in i + 1..shapes.len() {
                if shapes[i].1 == shapes[j].1 && !p.styles.contains_key(&shapes[i].0) {
                    for t in [shapes[i].0, shapes[j].0] {
                        let style = PieceStyle {
                            kind: Some(format!("twin{}", shapes[i].1)),
                            ..PieceStyle::default()
                        };
                        p.styles.insert(t, style);
                    }
                }
            }
        }
    }
    // The goal: one or two pieces, at a random position where the shape fits the walls.
    for _ in 0..=rng.below(2) {
        let (token, s) = shapes[rng.below(shapes.len())];
        if p.goal.cells.contains(&Some(token)) {
            continue;
        }
        let (r0, c0) = (rng.below(rows), rng.below(cols));
        let cells: Vec<(usize, usize)> = SHAPES[s].iter().map(|&(r, c)| (r0 + r, c0 + c)).collect();
        if !cells
            .iter()
            .all(|&(r, c)| r < rows && c < cols && p.cell(r, c) != Cell::Wall)
        {
            continue;
        }
        let partial = rng.below(2) == 0;
        for (i, &(r, c)) in cells.iter().enumerate() {
            if (i == 0 || !partial || rng.below(2) == 0) && p.goal.cells[r * cols + c].is_none() {
                p.goal.cells[r * cols + c] = Some(token);
            }
        }
    }
    p.goal.anywhere = rng.below(3) == 0;
    p
}

/// `random_puzzle(seed)` with the rules of puzzle families: some pieces locked to an axis,
/// and up to two zones of random cells, each admitting the pieces that start on it and some
/// others (so every start is legal), sometimes by kind.
pub fn random_family_puzzle(seed: u64) -> Puzzle {
    use blockslide_core::model::{Axis, Zone, ZoneRight};
    let mut p = random_puzzle(seed);
    let mut rng = Rng::new(seed ^ 0x5eed_f00d);
    let pieces = p.pieces();
    for piece in &pieces {
        let axis = Axis::ALL[rng.below(3)];
        let kind_axis = p
            .styles
            .get(&piece.token)
            .and_then(|s| s.kind.clone())
            .and_then(|k| {
                pieces
                    .iter()
                    .find(|q| p.kind_of(q.token) == k && q.token != piece.token)
                    .map(|q| p.axis_of(q.token))
            });
        // Pieces of one kind move alike: the second takes the first's axis.
        p.styles.entry(piece.token).or_default().axis = kind_axis.unwrap_or(axis);
    }
    let n = p.rows * p.cols;
    for z in 0..rng.below(3) {
        let cells: Vec<bool> = (0..n).map(|_| rng.below(3) == 0).collect();
        let mut allow = Vec::new();
        for piece in &pieces {
            let on = piece.cells.iter().any(|&(r, c)| cells[r * p.cols + c]);
            if on || rng.below(3) == 0 {
                // Pieces of one kind must move alike: a kind is admitted as a whole.
                let kind = p.styles.get(&piece.token).and_then(|s| s.kind.clone());
                let right = match kind {
                    Some(k) => ZoneRight::Kind(k),
                    None => ZoneRight::Piece(piece.token),
                };
                if !allow.contains(&right) {
                    allow.push(right);
                }
            }
        }
        p.zones.push(Zone {
            name: Token::new(&format!("z{z}")).unwrap(),
            cells,
            allow,
        });
    }
    p
}

/// The position with interchangeable pieces forgotten: sorted (label, cells) pairs.
fn key(p: &Puzzle, labels: &[(Token, String)]) -> Vec<(String, Vec<(usize, usize)>)> {
    let mut k: Vec<(String, Vec<(usize, usize)>)> = p
        .pieces()
        .into_iter()
        .map(|piece| {
            let label = labels
                .iter()
                .find(|l| l.0 == piece.token)
                .unwrap()
                .1
                .clone();
            (label, piece.cells)
        })
        .collect();
    k.sort();
    k
}

/// Every position one metric move away, made of `Puzzle::step` calls only.
pub fn naive_successors(p: &Puzzle, metric: Metric) -> Vec<Puzzle> {
    use blockslide_core::model::Dir;
    let mut out = Vec::new();
    for piece in p.pieces() {
        let t = piece.token;
        match metric {
            Metric::Step => {
                for d in Dir::ALL {
                    let mut q = p.clone();
                    if q.step(t, d).is_ok() {
                        out.push(q);
                    }
                }
            }
            Metric::Slide => {
                for d in Dir::ALL {
                    let mut q = p.clone();
                    while q.step(t, d).is_ok() {
                        out.push(q.clone());
                    }
                }
            }
            Metric::Move => {
                let mut seen = vec![p.clone()];
                let mut i = 0;
                while i < seen.len() {
                    let cur = seen[i].clone();
                    i += 1;
                    for d in Dir::ALL {
                        let mut q = cur.clone();
                        if q.step(t, d).is_ok() && !seen.contains(&q) {
                            seen.push(q.clone());
                            out.push(q);
                        }
                    }
                }
            }
        }
    }
    out
}

/// A breadth-first walk over model positions (no domain code): reachable merged positions,
/// goal positions among them, and the distance to the nearest goal.
pub fn naive_walk(p: &Puzzle, metric: Metric) -> (u64, u64, Option<u32>) {
    use std::collections::HashSet;
    let labels = labels(p);
    let mut seen = HashSet::new();
    seen.insert(key(p, &labels));
    let mut layer = vec![p.clone()];
    let (mut goals, mut nearest, mut depth) = (0u64, None, 0u32);
    while !layer.is_empty() {
        let mut next = Vec::new();
        for q in &layer {
            if reference_goal(q) {
                goals += 1;
                nearest.get_or_insert(depth);
            }
            for s in naive_successors(q, metric) {
                if seen.insert(key(&s, &labels)) {
                    next.push(s);
                }
            }
        }
        layer = next;
        depth += 1;
    }
    (seen.len() as u64, goals, nearest)
}

/// Every state reachable from the domain's start (a plain BFS over the domain's own moves).
pub fn all_states(domain: &BlockDomain) -> Vec<blockslide_core::solve::blocks::BlockState> {
    use blockslide_core::solve::core::Domain;
    use std::collections::HashSet;
    let start = domain.start();
    let mut seen = HashSet::from([start]);
    let mut order = vec![start];
    let mut moves = Vec::new();
    let mut i = 0;
    while i < order.len() {
        let s = order[i];
        i += 1;
        moves.clear();
        domain.moves(&s, &mut moves);
        for &m in &moves {
            let t = domain.apply(&s, m);
            if seen.insert(t) {
                order.push(t);
            }
        }
    }
    order
}

/// BFS, UCS, A*, IDA*, IDDFS and bidirectional BFS agree on the optimal length; greedy,
/// weighted A* and DFS find legal solutions; all of them replay on the model.
pub fn check_algorithms(puzzle: &Puzzle) -> Result<(), proptest::test_runner::TestCaseError> {
    use blockslide_core::solve::Algorithm;
    use blockslide_core::solve::algorithms::bfs::bfs;
    use blockslide_core::solve::algorithms::{RunOptions, applicable, guarantees_optimal, run};
    use blockslide_core::solve::core::{Domain, Termination};
    for metric in Metric::ALL {
        let domain = BlockDomain::new(puzzle, metric).unwrap();
        let shortest = bfs(&domain, &mut control()).path.map(|p| p.len());
        let h = ready(BlockHeuristic::ALL[0], &domain);
        for algorithm in Algorithm::ALL {
            if applicable(algorithm, &domain).is_err() {
                proptest::prop_assert!(domain.goal_state().is_err());
                continue;
            }
            let limits = Limits {
                max_nodes: 50_000,
                ..Limits::default()
            };
            let outcome = run(
                algorithm,
                &domain,
                &h,
                &RunOptions::default(),
                &mut SearchControl::new(limits),
            );
            // The iterative-deepening searches are tree searches, exponential in the depth: a
            // node limit is their honest answer on the occasional deep random puzzle.
            let deepening = matches!(algorithm, Algorithm::Iddfs | Algorithm::Idastar);
            if deepening && outcome.termination == Termination::NodeLimit {
                continue;
            }
            if let Some(d) = shortest {
                proptest::prop_assert_eq!(
                    outcome.termination,
                    Termination::Solved,
                    "{}",
                    algorithm
                );
                let path = outcome.path.unwrap();
                if guarantees_optimal(algorithm, true, 1.0) {
                    proptest::prop_assert_eq!(path.len(), d, "{} in {}", algorithm, metric);
                } else {
                    proptest::prop_assert!(path.len() >= d);
                }
                replay_path(puzzle, &domain, &path, metric);
            } else {
                proptest::prop_assert_ne!(outcome.termination, Termination::Solved);
            }
        }
    }
    Ok(())
}

/// The engine's walks on `puzzle` in `metric` against a walk over model positions: the same
/// reachable positions and goal positions (on full and narrow states), and a breadth-first
/// solution of the model's shortest length that replays on the model. Returns the domain
/// for further checks.
pub fn walks_agree_with_the_model(
    puzzle: &Puzzle,
    metric: Metric,
) -> Result<BlockDomain, proptest::test_runner::TestCaseError> {
    use blockslide_core::solve::algorithms::bfs::{bfs, count_space};
    use blockslide_core::solve::core::Termination;
    let domain = BlockDomain::new(puzzle, metric).unwrap();
    let (states, goals, nearest) = naive_walk(puzzle, metric);
    let e = count_space(&domain, &mut control());
    proptest::prop_assert_eq!(e.states, states, "states in {}", metric);
    proptest::prop_assert_eq!(e.goal_states, goals, "goal states in {}", metric);
    let narrow = blockslide_core::solve::blocks::count_space(&domain, &mut control());
    proptest::prop_assert_eq!(narrow.states, states, "narrow states in {}", metric);
    proptest::prop_assert_eq!(
        narrow.goal_states,
        goals,
        "narrow goal states in {}",
        metric
    );
    let outcome = bfs(&domain, &mut control());
    if let Some(d) = nearest {
        proptest::prop_assert_eq!(outcome.termination, Termination::Solved);
        let path = outcome.path.unwrap();
        proptest::prop_assert_eq!(path.len() as u32, d);
        replay_path(puzzle, &domain, &path, metric);
    } else {
        proptest::prop_assert_eq!(outcome.termination, Termination::Unsolvable);
    }
    Ok(domain)
}
