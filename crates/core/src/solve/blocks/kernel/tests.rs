//! The kernel against the model: from every position of small boards, the successors the
//! kernel writes (through its unchecked buffer) are exactly the positions the model's own
//! unit steps reach (repeated along a line for slides), and the parent is left out (in the
//! move metric, with the other placements of the piece that moved from it, which are the
//! parent's successors too).

use std::collections::{BTreeMap, BTreeSet};

use super::*;
use crate::model::{Cell, Puzzle};
use crate::solve::blocks::classes::{Grouping, MaskSet, Merge, neighbours};
use crate::solve::blocks::state::{SetBits, Sets, choose_layout, encode_with, layout};

/// Everything the kernel needs for one puzzle, built by the same steps as the domain.
struct Fixture {
    puzzle: Puzzle,
    grouping: Grouping,
    fields: Vec<Field>,
    set_bits: SetBits,
    adj: Vec<Adj<1>>,
    kernel: WordKernel,
}

fn fixture(rows: &[&str], metric: Metric) -> Fixture {
    fixture_with(rows, metric, None)
}

/// [`fixture`] with the classes of several pieces stored as `sets` says (else as the
/// domain would choose).
fn fixture_with(rows: &[&str], metric: Metric, sets: Option<Sets>) -> Fixture {
    let puzzle = Puzzle::from_rows(rows, &[]).unwrap();
    let walls: Vec<bool> = puzzle.cells.iter().map(|c| *c == Cell::Wall).collect();
    let mut grouping =
        Grouping::new(&puzzle, &puzzle.pieces(), &[], &walls, Merge::Shapes).unwrap();
    let (fields, _) = match sets {
        Some(sets) => layout(&mut grouping.classes, puzzle.cols, sets).unwrap(),
        None => choose_layout(&mut grouping.classes, puzzle.cols).unwrap(),
    };
    let nbr = neighbours(&grouping.classes, grouping.placements);
    let MaskSet::W1(masks) = MaskSet::new(&grouping.classes, puzzle.rows, puzzle.cols, &nbr) else {
        panic!("a board of at most 64 cells has one-word masks");
    };
    let set_bits = SetBits::new(&grouping.classes, &fields, puzzle.cols);
    let kernel = WordKernel::new(
        puzzle.rows,
        puzzle.cols,
        metric,
        &walls,
        &grouping.classes,
        &fields,
        &nbr,
    )
    .expect("the kernel applies to these boards");
    Fixture {
        puzzle,
        grouping,
        fields,
        set_bits,
        adj: masks.adj,
        kernel,
    }
}

impl Fixture {
    /// The one-word state of a model position (pieces of a class sorted by placement).
    fn encode(&self, position: &Puzzle) -> u64 {
        let mut locals = vec![0u16; self.fields.len()];
        for class in &self.grouping.classes {
            let mut placements: Vec<u16> = class
                .tokens
                .iter()
                .map(|&t| {
                    let cells: Vec<usize> = (0..position.cells.len())
                        .filter(|&i| position.cells[i] == Cell::Piece(t))
                        .collect();
                    let p = (0..class.anchors.len())
                        .find(|&p| class.cells(p, position.cols).eq(cells.iter().copied()))
                        .expect("every piece stands on a placement");
                    p as u16
                })
                .collect();
            placements.sort_unstable();
            locals[class.first_slot..class.first_slot + class.count()].copy_from_slice(&placements);
        }
        encode_with(&self.fields, &self.set_bits, &locals).words[0]
    }

    /// The successors of `position` by the model's unit steps: one step of one piece, or
    /// for slides any number of steps in one direction.
    fn model_successors(&self, position: &Puzzle) -> BTreeSet<u64> {
        self.model_successor_positions(position)
            .into_keys()
            .collect()
    }

    /// [`Fixture::model_successors`] with the positions themselves, by their states.
    fn model_successor_positions(&self, position: &Puzzle) -> BTreeMap<u64, Puzzle> {
        let mut out = BTreeMap::new();
        for piece in position.pieces() {
            if self.kernel.moves {
                // Every position one piece reaches by unit steps of its own.
                let mut queue = vec![position.clone()];
                let mut seen = BTreeSet::from([self.encode(position)]);
                while let Some(here) = queue.pop() {
                    for dir in Dir::ALL {
                        let mut moved = here.clone();
                        if moved.step(piece.token, dir).is_ok() && seen.insert(self.encode(&moved))
                        {
                            out.insert(self.encode(&moved), moved.clone());
                            queue.push(moved);
                        }
                    }
                }
                continue;
            }
            for dir in Dir::ALL {
                let mut moved = position.clone();
                while moved.step(piece.token, dir).is_ok() {
                    out.insert(self.encode(&moved), moved.clone());
                    if !self.kernel.slide {
                        break;
                    }
                }
            }
        }
        out.remove(&self.encode(position));
        out
    }

    fn kernel_successors(&self, state: u64, parent: u64) -> (Vec<u64>, u64) {
        let mut out = Vec::new();
        let skipped = if self.kernel.moves {
            run_move_kernel(
                &self.kernel,
                &self.adj,
                &[state],
                &[parent],
                &mut out,
                |w| w[0],
            )
        } else if self.kernel.slide {
            run_slide_kernel(
                &self.kernel,
                &self.adj,
                &[state],
                &[parent],
                &mut out,
                |w| w[0],
            )
        } else {
            run_kernel::<1, false, u64>(
                &self.kernel,
                &self.adj,
                &[state],
                &[parent],
                &mut out,
                |w| w[0],
            )
        };
        (out, skipped)
    }

    /// Walks every position reachable through the model and checks the kernel at each,
    /// with each of its successors standing in as the parent once. Returns how many
    /// positions there are, and the most successors the kernel left out at one of them.
    fn check_everywhere(&self) -> (usize, u64) {
        let mut most_left_out = 0;
        // The model's successors of the parents that needed them, by state.
        let mut of_parents: BTreeMap<u64, BTreeSet<u64>> = BTreeMap::new();
        let mut seen = BTreeSet::new();
        let mut queue = vec![self.puzzle.clone()];
        seen.insert(self.encode(&self.puzzle));
        while let Some(position) = queue.pop() {
            let state = self.encode(&position);
            let positions = self.model_successor_positions(&position);
            let expected: BTreeSet<u64> = positions.keys().copied().collect();
            let (root, skipped) = self.kernel_successors(state, state);
            assert_eq!(skipped, 0, "a root's parent is itself");
            let got: BTreeSet<u64> = root.iter().copied().collect();
            assert_eq!(got.len(), root.len(), "a successor written twice");
            assert_eq!(got, expected, "successors of\n{position:?}");
            for (&parent, parent_position) in &positions {
                let (rest, skipped) = self.kernel_successors(state, parent);
                let rest: BTreeSet<u64> = rest.into_iter().collect();
                assert!(!rest.contains(&parent), "the parent is left out");
                assert!(rest.is_subset(&expected), "only successors are written");
                let left_out: BTreeSet<u64> = expected.difference(&rest).copied().collect();
                assert_eq!(
                    skipped,
                    left_out.len() as u64,
                    "every one left out is counted"
                );
                most_left_out = most_left_out.max(skipped);
                // What is left out besides the parent is the parent's successor too (so a
                // walk has seen it); in the step metric nothing else is.
                if left_out.len() > 1 {
                    let of_parent = of_parents
                        .entry(parent)
                        .or_insert_with(|| self.model_successors(parent_position));
                    for &other in left_out.iter().filter(|&&s| s != parent) {
                        assert!(
                            of_parent.contains(&other),
                            "left out, but new to the parent"
                        );
                    }
                }
                if !self.kernel.moves {
                    assert_eq!(skipped, 1, "steps and slides leave out the parent alone");
                }
            }
            for piece in position.pieces() {
                for dir in Dir::ALL {
                    let mut next = position.clone();
                    if next.step(piece.token, dir).is_ok() && seen.insert(self.encode(&next)) {
                        queue.push(next);
                    }
                }
            }
        }
        (seen.len(), most_left_out)
    }
}

const BOARDS: [&[&str]; 3] = [
    // Single pieces of three shapes and a set of four monominoes.
    &["A A .", "B . c", "B c c", ". d d"],
    // A set of four dominoes, a wall, and a single L.
    &["a a . #", "b b L .", ". L L .", "c c d d"],
    // Two sets (four monominoes, two vertical dominoes) on a wide board.
    &["p . y . q", "z . y . .", "z r . s ."],
];

#[test]
fn steps_match_the_model_everywhere() {
    for rows in BOARDS {
        let f = fixture(rows, Metric::Step);
        assert!(f.check_everywhere().0 > 10, "{rows:?}");
    }
}

#[test]
fn slides_match_the_model_everywhere() {
    for rows in BOARDS {
        let f = fixture(rows, Metric::Slide);
        assert!(f.check_everywhere().0 > 10, "{rows:?}");
    }
}

#[test]
fn moves_match_the_model_everywhere() {
    for rows in BOARDS {
        let f = fixture(rows, Metric::Move);
        let (positions, most_left_out) = f.check_everywhere();
        assert!(positions > 10, "{rows:?}");
        // The piece that moved from the parent writes none of its other placements.
        assert!(most_left_out > 1, "{rows:?}: only the parent was left out");
    }
}

#[test]
fn classes_kept_as_sorted_indices_match_the_model_everywhere() {
    // The same boards with every class of several pieces stored as sorted placement
    // indices (as the domain does when sets would take more words), in every metric.
    for metric in Metric::ALL {
        for rows in BOARDS {
            let f = fixture_with(rows, metric, Some(Sets::Never));
            assert!(!f.kernel.sorted.is_empty(), "{rows:?}: sorted classes");
            assert!(f.check_everywhere().0 > 10, "{metric} {rows:?}");
        }
    }
}

#[test]
fn wide_boards_have_no_kernel() {
    let puzzle = Puzzle::from_rows(&["A ."], &[]).unwrap();
    let walls = vec![false; 2];
    let mut grouping =
        Grouping::new(&puzzle, &puzzle.pieces(), &[], &walls, Merge::Shapes).unwrap();
    let (fields, _) = choose_layout(&mut grouping.classes, 2).unwrap();
    let nbr = neighbours(&grouping.classes, grouping.placements);
    let make = |metric, rows, cols| {
        WordKernel::new(rows, cols, metric, &walls, &grouping.classes, &fields, &nbr)
    };
    assert!(make(Metric::Move, 1, 2).is_some());
    assert!(make(Metric::Step, 1, 2).is_some());
    assert!(
        make(Metric::Step, 9, 9).is_none(),
        "81 cells do not fit a word"
    );
}
