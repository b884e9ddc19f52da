//! Mirror symmetry: a block puzzle whose rules are left-right symmetric has a mirror that is
//! an involution and maps successors onto successors; a whole-space walk from a symmetric
//! start expands one position of each mirror pair and still reports every state, layer,
//! goal position and distance that the plain walk and an independent walk over model
//! positions find.

use crate::blocks_support;
use crate::fixtures::bundled;

use blocks_support::*;
use blockslide_core::model::{Cell, Metric, PieceStyle, Puzzle, Token};
use blockslide_core::solve::algorithms::bfs::{SpaceWalk, count_space, distance_map};
use blockslide_core::solve::blocks::{self, BlockDomain, BlockMove, BlockState};
use blockslide_core::solve::core::Domain;
use proptest::prelude::*;

/// A block domain seen without its mirror: the plain walk to compare against.
struct Plain<'a>(&'a BlockDomain);

impl Domain for Plain<'_> {
    type State = BlockState;
    type Move = BlockMove;

    fn start(&self) -> BlockState {
        self.0.start()
    }
    fn is_goal(&self, state: &BlockState) -> bool {
        self.0.is_goal(state)
    }
    fn moves(&self, state: &BlockState, out: &mut Vec<BlockMove>) {
        self.0.moves(state, out);
    }
    fn apply(&self, state: &BlockState, mv: BlockMove) -> BlockState {
        self.0.apply(state, mv)
    }
    fn successors(
        &self,
        state: &BlockState,
        known: &BlockState,
        moves: &mut Vec<BlockMove>,
        out: &mut Vec<BlockState>,
    ) -> u64 {
        self.0.successors(state, known, moves, out)
    }
    fn goal_state(&self) -> Result<BlockState, blockslide_core::solve::core::Reason> {
        self.0.goal_state()
    }
}

/// The figures of a walk that do not depend on how it was done.
fn figures(e: &SpaceWalk) -> (u64, Vec<u64>, u32, u64) {
    (e.states, e.per_depth.clone(), e.max_depth, e.goal_states)
}

/// The shapes random symmetric puzzles are made of: an L, whose mirror image is another
/// shape (a J), and shapes that are their own mirror images.
const SHAPES: [&[(usize, usize)]; 4] = [
    &[(0, 0)],
    &[(0, 0), (1, 0)],
    &[(0, 0), (0, 1)],
    &[(0, 0), (1, 0), (1, 1)],
];

/// A random puzzle with left-right symmetric rules: pieces and walls on the left half
/// mirrored onto the right (an odd middle column may hold a piece that is its own image),
/// identical pieces' kinds mirrored too, and a random goal. With `shifted`, one piece then
/// takes a step, so the start need not be symmetric.
fn symmetric_puzzle(seed: u64, shifted: bool) -> Puzzle {
    let mut rng = blocks_support::Rng::new(seed);
    let (rows, cols) = (2 + rng.below(2), 2 + rng.below(4));
    let half = cols / 2;
    let mut p = Puzzle::empty(rows, cols);
    let mirror = |c: usize| cols - 1 - c;
    let mut placed = Vec::new();
    for n in 0..=rng.below(2) {
        let s = rng.below(SHAPES.len());
        let (r0, c0) = (rng.below(rows), rng.below(half.max(1)));
        let cells: Vec<(usize, usize)> = SHAPES[s].iter().map(|&(r, c)| (r0 + r, c0 + c)).collect();
        let fits = cells
            .iter()
            .all(|&(r, c)| r < rows && c < half && p.cell(r, c) == Cell::Empty);
        if !fits {
            continue;
        }
        let (left, right) = (
            Token::new(&format!("L{n}")).unwrap(),
            Token::new(&format!("R{n}")).unwrap(),
        );
        for &(r, c) in &cells {
            p.set_cell(r, c, Cell::Piece(left));
            p.set_cell(r, mirror(c), Cell::Piece(right));
        }
        placed.push((left, right, s));
    }
    if cols % 2 == 1 && rng.below(2) == 0 {
        let r = rng.below(rows);
        if p.cell(r, half) == Cell::Empty {
            p.set_cell(r, half, Cell::Piece(Token::new("M").unwrap()));
        }
    }
    if rng.below(3) == 0 {
        let (r, c) = (rng.below(rows), rng.below(half.max(1)));
        if p.cell(r, c) == Cell::Empty && rows * cols > 6 {
            p.set_cell(r, c, Cell::Wall);
            p.set_cell(r, mirror(c), Cell::Wall);
        }
    }
    // Two identical pieces on the left make a kind, and so do their images on the right.
    if placed.len() == 2 && placed[0].2 == placed[1].2 && rng.below(2) == 0 {
        for (side, tokens) in [
            ("l", [placed[0].0, placed[1].0]),
            ("r", [placed[0].1, placed[1].1]),
        ] {
            for t in tokens {
                let style = PieceStyle {
                    kind: Some(format!("twin-{side}")),
                    ..PieceStyle::default()
                };
                p.styles.insert(t, style);
            }
        }
    }
    let pieces: Vec<Token> = p.pieces().iter().map(|x| x.token).collect();
    if pieces.is_empty() {
        p.set_cell(0, 0, Cell::Piece(Token::new("L9").unwrap()));
        p.set_cell(0, cols - 1, Cell::Piece(Token::new("R9").unwrap()));
    }
    let pieces: Vec<Token> = p.pieces().iter().map(|x| x.token).collect();
    // The goal: one cell of a piece (so any of its cells will do), at its mirror image.
    let goal_piece = pieces[rng.below(pieces.len())];
    let first = (0..rows * cols)
        .find(|&i| p.cells[i] == Cell::Piece(goal_piece))
        .expect("the piece is on the board");
    p.goal.cells[first / cols * cols + mirror(first % cols)] = Some(goal_piece);
    if shifted {
        let t = pieces[rng.below(pieces.len())];
        let _ = p.step(t, blockslide_core::model::Dir::ALL[rng.below(4)]);
    }
    p
}

/// The mirror of `domain` is an involution that maps the successors of every reachable
/// position onto the successors of its image; returns whether the start is its own image.
fn mirror_is_an_automorphism(domain: &BlockDomain) -> Result<bool, TestCaseError> {
    let image = |s: &BlockState| domain.mirror(s).expect("a symmetric puzzle has a mirror");
    let mut moves = Vec::new();
    let successors = |s: &BlockState, moves: &mut Vec<BlockMove>| {
        let mut out = Vec::new();
        domain.successors(s, s, moves, &mut out);
        out.sort_unstable();
        out
    };
    for state in all_states(domain) {
        let m = image(&state);
        prop_assert_eq!(image(&m), state, "the mirror is an involution");
        let mut mapped: Vec<BlockState> =
            successors(&state, &mut moves).iter().map(&image).collect();
        mapped.sort_unstable();
        prop_assert_eq!(mapped, successors(&m, &mut moves), "moves map onto moves");
    }
    let start = domain.start();
    Ok(image(&start) == start)
}

/// The walks on `puzzle` in every metric: with the mirror, without it, on narrow states, and
/// over model positions, all agree; distances to the goal agree too.
fn walks_agree(puzzle: &Puzzle) -> Result<(), TestCaseError> {
    for metric in Metric::ALL {
        let domain = walks_agree_with_the_model(puzzle, metric)?;
        let symmetric_start = mirror_is_an_automorphism(&domain)?;
        let mirrored = count_space(&domain, &mut control());
        let plain = count_space(&Plain(&domain), &mut control());
        prop_assert!(!plain.mirrored);
        prop_assert_eq!(mirrored.mirrored, symmetric_start, "mirrored in {}", metric);
        prop_assert_eq!(figures(&mirrored), figures(&plain), "walks in {}", metric);
        let narrow = blocks::count_space(&domain, &mut control());
        prop_assert_eq!(
            figures(&narrow),
            figures(&plain),
            "narrow walks in {}",
            metric
        );
        if let (Ok(with), Ok(without)) = (
            distance_map(&domain, &mut control()),
            distance_map(&Plain(&domain), &mut control()),
        ) {
            prop_assert_eq!(with, without, "distances in {}", metric);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn mirrored_walks_agree_with_plain_ones(seed in any::<u64>(), shifted in any::<bool>()) {
        let puzzle = symmetric_puzzle(seed, shifted);
        let domain = BlockDomain::new(&puzzle, Metric::Step).unwrap();
        prop_assert!(
            domain.mirror(&domain.start()).is_some(),
            "a puzzle with symmetric rules has a mirror:\n{:?}", puzzle
        );
        walks_agree(&puzzle)?;
    }
}

#[test]
fn klotski_is_walked_in_half_the_expansions() {
    for metric in Metric::ALL {
        let domain = BlockDomain::new(&bundled("klotski.ron"), metric).unwrap();
        let plain = count_space(&Plain(&domain), &mut control());
        let narrow = blocks::count_space(&domain, &mut control());
        assert!(narrow.mirrored, "{metric}");
        assert_eq!(figures(&narrow), figures(&plain), "{metric}");
        assert_eq!(narrow.states, 25_955);
        // Each pair is expanded once (a position that is its own image, once too).
        assert!(
            narrow.stats.expanded * 10 < plain.stats.expanded * 6,
            "{metric}"
        );
    }
}

#[test]
fn asymmetric_rules_have_no_mirror_and_asymmetric_starts_walk_everything() {
    // The small notebook puzzle has an L with no mirror twin; walls off the middle would do
    // as much.
    let small = BlockDomain::new(&bundled("blocks-small.ron"), Metric::Step).unwrap();
    assert!(small.mirror(&small.start()).is_none());
    let mut walled = bundled("klotski.ron");
    walled.set_cell(4, 1, Cell::Wall);
    let walled = BlockDomain::new(&walled, Metric::Step).unwrap();
    assert!(walled.mirror(&walled.start()).is_none());
    // Pennant's and Century's rules are symmetric, but their starts are not.
    for (puzzle, states) in [
        (bundled("pennant.ron"), 1_398),
        (bundled("century.ron"), 81_340),
    ] {
        let domain = BlockDomain::new(&puzzle, Metric::Step).unwrap();
        assert!(domain.mirror(&domain.start()).is_some());
        let walk = blocks::count_space(&domain, &mut control());
        assert!(!walk.mirrored);
        assert_eq!(walk.states, states);
    }
}

#[test]
fn classes_kept_as_sorted_indices_mirror_too() {
    // A T of open cells on a 6x13 board: the anchors of the pawns span more than a word, so
    // their class is kept as sorted placement indices (the mirror's general path); the
    // start is symmetric.
    let (rows, cols) = (6, 13);
    let mut p = Puzzle::empty(rows, cols);
    for r in 0..rows {
        for c in 0..cols {
            let open = c == 6 || (r == 5 && (4..=8).contains(&c));
            if !open {
                p.set_cell(r, c, Cell::Wall);
            }
        }
    }
    for (token, (r, c)) in [("A", (0, 6)), ("B", (5, 4)), ("C", (5, 8))] {
        let token = Token::new(token).unwrap();
        p.set_cell(r, c, Cell::Piece(token));
        let style = PieceStyle {
            kind: Some("pawn".into()),
            ..PieceStyle::default()
        };
        p.styles.insert(token, style);
    }
    p.goal.cells[5 * cols + 6] = Some(Token::new("A").unwrap());
    for metric in Metric::ALL {
        let domain = walks_agree_with_the_model(&p, metric).unwrap();
        assert!(mirror_is_an_automorphism(&domain).unwrap(), "{metric}");
        let plain = count_space(&Plain(&domain), &mut control());
        let narrow = blocks::count_space(&domain, &mut control());
        assert!(narrow.mirrored, "{metric}");
        assert_eq!(figures(&narrow), figures(&plain), "{metric}");
        assert_eq!(plain.states, 120, "three pawns on ten cells");
    }
}
