//! Block families against an independent brute force: every layout drawn cell by cell, its
//! pieces as (shape, corner) pairs, clusters and distances by its own breadth-first search
//! with its own move generator (one piece anywhere its unit steps reach through empty cells,
//! or one step, in its axis); the records' boards, hardest starts and minimality re-derived
//! from it. Then: threads do not change the listing, a stopped run resumes to the same
//! listing, and the example family of Klotski's shapes.

use std::collections::{HashMap, VecDeque};
use std::time::Instant;

use blockslide_core::model::{Axis, Metric, Token};
use blockslide_core::solve::api::analyze;
use blockslide_core::solve::family::blocks::{BlockFamily, BlockShape, board_string};
use blockslide_core::solve::family::{ClusterRecord, FamilySummary, enumerate};
use blockslide_core::solve::{Limits, SearchControl, Termination};

use crate::fixtures::bundled;

fn control() -> SearchControl {
    SearchControl::new(Limits::default())
}

fn run(family: &BlockFamily, threads: usize) -> (FamilySummary, Vec<ClusterRecord>) {
    let mut control = SearchControl::new(Limits::default()).with_threads(threads);
    let mut summary = FamilySummary::default();
    let mut records = Vec::new();
    let run = enumerate(family, &mut control, 0, |unit| {
        summary.add(unit);
        records.extend(unit.records.iter().cloned());
        Ok::<(), ()>(())
    })
    .expect("nothing fails");
    assert_eq!(run.termination, Termination::Solved);
    (summary, records)
}

/// A layout as the brute force sees it: the walls (cells), and the pieces as (shape, row,
/// column of the corner of the shape's box), sorted, so identical pieces make one layout.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Layout {
    walls: Vec<usize>,
    pieces: Vec<(usize, usize, usize)>,
}

struct Brute<'a> {
    family: &'a BlockFamily,
}

impl Brute<'_> {
    fn cells(&self) -> usize {
        self.family.rows * self.family.cols
    }

    /// The cells of shape `s` with its corner at `(r, c)`, if it fits on the board.
    fn piece_cells(&self, s: usize, r: usize, c: usize) -> Option<Vec<usize>> {
        let f = self.family;
        f.shapes[s]
            .cells
            .iter()
            .map(|&(dr, dc)| {
                let (rr, cc) = (r + dr, c + dc);
                (rr < f.rows && cc < f.cols).then_some(rr * f.cols + cc)
            })
            .collect()
    }

    fn goal_cells(&self) -> Vec<usize> {
        let (r, c) = self.family.goal_at;
        self.piece_cells(self.family.goal_shape, r, c).unwrap()
    }

    /// Every layout of the family, cell by cell in reading order: each cell not yet covered
    /// is left empty, made a wall, or the first cell of a piece.
    fn layouts(&self) -> Vec<Layout> {
        let mut all = Vec::new();
        let mut taken = vec![false; self.cells()];
        let mut layout = Layout {
            walls: Vec::new(),
            pieces: Vec::new(),
        };
        let mut counts = vec![0; self.family.shapes.len()];
        self.fill(0, &mut taken, &mut layout, &mut counts, &mut all);
        all
    }

    fn fill(
        &self,
        cell: usize,
        taken: &mut [bool],
        layout: &mut Layout,
        counts: &mut [usize],
        all: &mut Vec<Layout>,
    ) {
        let f = self.family;
        if cell == self.cells() {
            let in_range = f
                .shapes
                .iter()
                .zip(counts.iter())
                .all(|(s, &k)| s.min <= k && k <= s.max);
            if in_range && layout.pieces.len() <= f.max_pieces {
                let mut sorted = layout.clone();
                sorted.pieces.sort_unstable();
                all.push(sorted);
            }
            return;
        }
        if taken[cell] {
            self.fill(cell + 1, taken, layout, counts, all);
            return;
        }
        self.fill(cell + 1, taken, layout, counts, all);
        if layout.walls.len() < f.max_walls && !self.goal_cells().contains(&cell) {
            layout.walls.push(cell);
            self.fill(cell + 1, taken, layout, counts, all);
            layout.walls.pop();
        }
        let (r, c) = (cell / f.cols, cell % f.cols);
        for s in 0..f.shapes.len() {
            let c0 = f.shapes[s].cells[0].1;
            if counts[s] == f.shapes[s].max || c < c0 {
                continue;
            }
            let Some(cells) = self.piece_cells(s, r, c - c0) else {
                continue;
            };
            if cells.iter().any(|&i| taken[i]) {
                continue;
            }
            for &i in &cells {
                taken[i] = true;
            }
            counts[s] += 1;
            layout.pieces.push((s, r, c - c0));
            self.fill(cell + 1, taken, layout, counts, all);
            layout.pieces.pop();
            counts[s] -= 1;
            for &i in &cells {
                taken[i] = false;
            }
        }
    }

    fn solved(&self, g: &Layout) -> bool {
        let (r, c) = self.family.goal_at;
        g.pieces.contains(&(self.family.goal_shape, r, c))
    }

    /// Every layout one move away.
    fn moves(&self, layout: &Layout) -> Vec<Layout> {
        let mut out = Vec::new();
        for moving in 0..layout.pieces.len() {
            let (shape, row, col) = layout.pieces[moving];
            let blocked = self.blocked_without(layout, moving);
            for &(r, c) in &self.reach(shape, (row, col), &blocked)[1..] {
                let mut next = layout.clone();
                next.pieces[moving] = (shape, r, c);
                next.pieces.sort_unstable();
                out.push(next);
            }
        }
        out
    }

    /// The cells walls and every piece but piece `moving` of `layout` cover.
    fn blocked_without(&self, layout: &Layout, moving: usize) -> Vec<bool> {
        let mut blocked = vec![false; self.cells()];
        for &wall in &layout.walls {
            blocked[wall] = true;
        }
        for (other, &(shape, row, col)) in layout.pieces.iter().enumerate() {
            if other != moving {
                for cell in self.piece_cells(shape, row, col).unwrap() {
                    blocked[cell] = true;
                }
            }
        }
        blocked
    }

    /// The corners a piece of `shape` at `from` reaches in one move among `blocked` cells,
    /// `from` first: by unit steps along its axis through free cells in the move metric, one
    /// step in the step metric.
    fn reach(&self, shape: usize, from: (usize, usize), blocked: &[bool]) -> Vec<(usize, usize)> {
        let family = self.family;
        let fits = |(row, col): (usize, usize)| {
            self.piece_cells(shape, row, col)
                .is_some_and(|cells| cells.iter().all(|&cell| !blocked[cell]))
        };
        let steps: &[(isize, isize)] = match family.shapes[shape].axis {
            Axis::Free => &[(-1, 0), (1, 0), (0, -1), (0, 1)],
            Axis::Horizontal => &[(0, -1), (0, 1)],
            Axis::Vertical => &[(-1, 0), (1, 0)],
        };
        let mut seen = vec![from];
        let mut next = 0;
        while let Some(&(row, col)) = seen.get(next) {
            next += 1;
            if family.metric == Metric::Step && (row, col) != from {
                continue;
            }
            for &(dr, dc) in steps {
                let (Some(r), Some(c)) = (row.checked_add_signed(dr), col.checked_add_signed(dc))
                else {
                    continue;
                };
                if fits((r, c)) && !seen.contains(&(r, c)) {
                    seen.push((r, c));
                }
            }
        }
        seen
    }

    /// The distance from `g` to the nearest solved layout, if any.
    fn distance(&self, g: &Layout) -> Option<usize> {
        let mut seen = HashMap::from([(g.clone(), 0)]);
        let mut queue = VecDeque::from([g.clone()]);
        while let Some(g) = queue.pop_front() {
            let d = seen[&g];
            if self.solved(&g) {
                return Some(d);
            }
            for next in self.moves(&g) {
                if !seen.contains_key(&next) {
                    seen.insert(next.clone(), d + 1);
                    queue.push_back(next);
                }
            }
        }
        None
    }

    /// The clusters: how many, how many positions, and for each solvable one its size, its
    /// histogram and the board strings of its hardest layouts.
    #[expect(clippy::type_complexity, reason = "a test's tuple")]
    fn clusters(&self) -> (u64, u64, Vec<(u64, Vec<u64>, Vec<String>)>) {
        let layouts = self.layouts();
        let mut cluster_of: HashMap<Layout, usize> = HashMap::new();
        let mut all = 0usize;
        let mut solvable = Vec::new();
        for start in &layouts {
            if cluster_of.contains_key(start) {
                continue;
            }
            all += 1;
            let mut members = vec![start.clone()];
            cluster_of.insert(start.clone(), all);
            let mut i = 0;
            while i < members.len() {
                for next in self.moves(&members[i]) {
                    if !cluster_of.contains_key(&next) {
                        cluster_of.insert(next.clone(), all);
                        members.push(next);
                    }
                }
                i += 1;
            }
            let mut distance: HashMap<Layout, usize> = HashMap::new();
            let mut queue: VecDeque<Layout> =
                members.iter().filter(|g| self.solved(g)).cloned().collect();
            if queue.is_empty() {
                continue;
            }
            for g in &queue {
                distance.insert(g.clone(), 0);
            }
            while let Some(g) = queue.pop_front() {
                let d = distance[&g];
                for next in self.moves(&g) {
                    if !distance.contains_key(&next) {
                        distance.insert(next.clone(), d + 1);
                        queue.push_back(next);
                    }
                }
            }
            let max = distance.values().copied().max().unwrap();
            let mut histogram = vec![0; max + 1];
            for d in distance.values() {
                histogram[*d] += 1;
            }
            let mut hardest: Vec<String> = distance
                .iter()
                .filter(|&(_, &d)| d == max)
                .map(|(g, _)| self.board(g))
                .collect();
            hardest.sort();
            solvable.push((members.len() as u64, histogram, hardest));
        }
        solvable.sort();
        (all as u64, layouts.len() as u64, solvable)
    }

    /// The board string of `g`: rows joined by `/`, `.` empty, `x` wall, `A` the goal piece,
    /// `B`, `C`, … the others in the order of their first cell.
    fn board(&self, g: &Layout) -> String {
        let f = self.family;
        let mut grid = vec![b'.'; self.cells()];
        for &w in &g.walls {
            grid[w] = b'x';
        }
        let mut others: Vec<(usize, Vec<usize>)> = Vec::new();
        for &(s, r, c) in &g.pieces {
            let cells = self.piece_cells(s, r, c).unwrap();
            if s == f.goal_shape {
                for &i in &cells {
                    grid[i] = b'A';
                }
            } else {
                others.push((*cells.iter().min().unwrap(), cells));
            }
        }
        others.sort();
        for (k, (_, cells)) in others.iter().enumerate() {
            for &i in cells {
                grid[i] = b'B' + k as u8;
            }
        }
        grid.chunks(f.cols)
            .map(|row| String::from_utf8(row.to_vec()).unwrap())
            .collect::<Vec<_>>()
            .join("/")
    }

    /// A board string as a layout.
    fn layout(&self, board: &str) -> Layout {
        let f = self.family;
        let chars: Vec<u8> = board.bytes().filter(|&b| b != b'/').collect();
        let mut layout = Layout {
            walls: Vec::new(),
            pieces: Vec::new(),
        };
        let mut letters: Vec<u8> = chars
            .iter()
            .copied()
            .filter(u8::is_ascii_uppercase)
            .collect();
        letters.sort_unstable();
        letters.dedup();
        for (i, &b) in chars.iter().enumerate() {
            if b == b'x' {
                layout.walls.push(i);
            }
        }
        for letter in letters {
            let cells: Vec<(usize, usize)> = (0..chars.len())
                .filter(|&i| chars[i] == letter)
                .map(|i| (i / f.cols, i % f.cols))
                .collect();
            let r0 = cells.iter().map(|c| c.0).min().unwrap();
            let c0 = cells.iter().map(|c| c.1).min().unwrap();
            let mut shape: Vec<(usize, usize)> =
                cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
            shape.sort_unstable();
            let s = (0..f.shapes.len())
                .find(|&s| f.shapes[s].cells == shape && (s == f.goal_shape) == (letter == b'A'))
                .expect("every piece has a shape of the family");
            layout.pieces.push((s, r0, c0));
        }
        layout.pieces.sort_unstable();
        layout
    }
}

fn check_against_brute_force(family: &BlockFamily) {
    let brute = Brute { family };
    let (all, positions, expected) = brute.clusters();
    let (summary, records) = run(family, 2);
    assert_eq!(summary.clusters, all, "{family:?}");
    assert_eq!(summary.positions, positions, "{family:?}");
    let mut found: Vec<(u64, Vec<u64>)> = records
        .iter()
        .map(|r| (r.states, r.histogram.clone()))
        .collect();
    found.sort();
    let wanted: Vec<(u64, Vec<u64>)> = expected.iter().map(|(s, h, _)| (*s, h.clone())).collect();
    assert_eq!(found, wanted, "{family:?}");
    let goal = Token::new("A").unwrap();
    for record in &records {
        let g = brute.layout(&record.board);
        let moves = record.moves as usize;
        assert_eq!(brute.distance(&g), Some(moves), "{}", record.board);
        // The representative: the hardest start whose board string comes first.
        let (_, _, hardest) = expected
            .iter()
            .find(|(_, _, hardest)| hardest.contains(&record.board))
            .expect("the record's board is a hardest start of a cluster");
        assert_eq!(&hardest[0], &record.board);
        assert_eq!(record.pieces, g.pieces.len());
        assert_eq!(record.walls, g.walls.len());
        // Minimal: every other piece or wall, taken out, makes the start easier.
        let easier = if moves == 0 {
            g.pieces.len() == 1 && g.walls.is_empty()
        } else {
            let pieces = (0..g.pieces.len())
                .filter(|&i| g.pieces[i].0 != family.goal_shape)
                .all(|i| {
                    let mut smaller = g.clone();
                    smaller.pieces.remove(i);
                    brute.distance(&smaller) < Some(moves)
                });
            let walls = (0..g.walls.len()).all(|i| {
                let mut opened = g.clone();
                opened.walls.remove(i);
                brute.distance(&opened) < Some(moves)
            });
            pieces && walls
        };
        assert_eq!(record.minimal, easier, "{}", record.board);
        // The board opens as a puzzle of the family, and writes back the same.
        let puzzle = family.puzzle(&record.board).unwrap();
        assert_eq!(board_string(&puzzle, goal), record.board);
        // Opened as a puzzle, its pieces of one shape share a kind, so that analysing it
        // counts its cluster as the listing does.
        let analysed = analyze(&puzzle, family.metric, control()).unwrap();
        assert_eq!(
            (analysed.component, &analysed.histogram),
            (record.states, &record.histogram),
            "the analysis of {}",
            record.board
        );
    }
}

fn shape(name: &str, cells: &[(usize, usize)], axis: Axis, min: usize, max: usize) -> BlockShape {
    BlockShape::new(name, cells, axis, min, max)
}

const DOMINO: &[(usize, usize)] = &[(0, 0), (0, 1)];
const TALL: &[(usize, usize)] = &[(0, 0), (1, 0)];
const SQUARE: &[(usize, usize)] = &[(0, 0), (0, 1), (1, 0), (1, 1)];
const CELL: &[(usize, usize)] = &[(0, 0)];
const ELL: &[(usize, usize)] = &[(0, 0), (1, 0), (1, 1)];

fn small_families() -> Vec<BlockFamily> {
    let free = Axis::Free;
    vec![
        // 2x3: a domino to the bottom right, up to three cells, a wall.
        BlockFamily::new(
            2,
            3,
            vec![shape("g", DOMINO, free, 1, 1), shape("s", CELL, free, 0, 3)],
            0,
            (1, 1),
            1,
        )
        .unwrap(),
        // 3x3: a cell to the top right among cars locked to their axis, a wall.
        BlockFamily::new(
            3,
            3,
            vec![
                shape("g", CELL, free, 1, 1),
                shape("h", DOMINO, Axis::Horizontal, 0, 2),
                shape("v", TALL, Axis::Vertical, 0, 2),
            ],
            0,
            (0, 2),
            1,
        )
        .unwrap(),
        // 2x4: a tall goal piece, cells and an L, a wall; the goal shape listed last.
        BlockFamily::new(
            2,
            4,
            vec![
                shape("s", CELL, free, 0, 2),
                shape("l", ELL, free, 0, 1),
                shape("t", TALL, free, 1, 1),
            ],
            2,
            (0, 3),
            1,
        )
        .unwrap(),
        // 3x3: a 2x2 block to the bottom right, at most four pieces, up to two walls.
        BlockFamily {
            max_pieces: 4,
            ..BlockFamily::new(
                3,
                3,
                vec![
                    shape("big", SQUARE, free, 1, 1),
                    shape("s", CELL, free, 0, 3),
                    shape("w", DOMINO, free, 0, 1),
                ],
                0,
                (1, 1),
                2,
            )
            .unwrap()
        },
        // Other pieces of the goal piece's shape: told apart by the goal only.
        BlockFamily::new(
            2,
            3,
            vec![shape("a", CELL, free, 1, 1), shape("b", CELL, free, 1, 3)],
            0,
            (0, 0),
            1,
        )
        .unwrap(),
    ]
}

#[test]
fn small_families_match_a_brute_force() {
    for family in &small_families() {
        check_against_brute_force(family);
    }
}

#[test]
fn the_step_metric_matches_a_brute_force_too() {
    for family in small_families().into_iter().take(3) {
        check_against_brute_force(&BlockFamily {
            metric: Metric::Step,
            ..family
        });
    }
}

#[test]
fn threads_do_not_change_the_listing() {
    for family in small_families() {
        assert_eq!(run(&family, 1), run(&family, 3));
    }
}

#[test]
fn a_stopped_run_resumes_to_the_same_listing() {
    let family = small_families().swap_remove(1);
    let (_, whole) = run(&family, 2);
    let mut first = Vec::new();
    let mut control = SearchControl::new(Limits::default()).with_threads(2);
    let stopped = enumerate(&family, &mut control, 0, |unit| {
        if unit.index == 5 {
            return Err(());
        }
        first.extend(unit.records.iter().cloned());
        Ok(())
    });
    assert!(stopped.is_err());
    let mut control = SearchControl::new(Limits::default()).with_threads(2);
    let run = enumerate(&family, &mut control, 5, |unit| {
        first.extend(unit.records.iter().cloned());
        Ok::<(), ()>(())
    })
    .unwrap();
    assert_eq!(run.termination, Termination::Solved);
    assert_eq!(first, whole);
}

/// A cancel or a time limit stops the units being walked part-way (a block unit can take
/// seconds): what was handed over is a prefix of the uninterrupted listing, and a resumed run
/// from where it stopped completes it.
#[test]
fn a_cancel_stops_units_part_way_and_the_run_resumes() {
    let family = small_families().swap_remove(1);
    let (_, whole) = run(&family, 2);
    // No time at all: not one unit is walked.
    let mut control = SearchControl::new(Limits {
        max_time: std::time::Duration::ZERO,
        ..Limits::default()
    })
    .with_threads(2);
    let run0 = enumerate(&family, &mut control, 0, |_| Ok::<(), ()>(())).unwrap();
    assert_eq!(run0.termination, Termination::TimeLimit);
    assert_eq!(run0.units_done, 0);
    // A cancel raised while the threads are walking.
    let mut control = SearchControl::new(Limits::default()).with_threads(2);
    let flag = control.cancel_flag();
    let mut first = Vec::new();
    let stopped = enumerate(&family, &mut control, 0, |unit| {
        if unit.index == 3 {
            flag.store(true, std::sync::atomic::Ordering::SeqCst);
        }
        first.extend(unit.records.iter().cloned());
        Ok::<(), ()>(())
    })
    .unwrap();
    assert_eq!(stopped.termination, Termination::Cancelled);
    assert!(stopped.units_done >= 4);
    assert_eq!(first[..], whole[..first.len()], "a prefix of the listing");
    let mut control = SearchControl::new(Limits::default()).with_threads(2);
    enumerate(&family, &mut control, stopped.units_done, |unit| {
        first.extend(unit.records.iter().cloned());
        Ok::<(), ()>(())
    })
    .unwrap();
    assert_eq!(first, whole);
}

/// Klotski's four shapes, the 2x2 block reaching the bottom middle of a `rows` x 4 board,
/// with up to `walls` walls.
fn klotski_shapes(rows: usize, tall: usize, small: usize, walls: usize) -> BlockFamily {
    BlockFamily::new(
        rows,
        4,
        vec![
            shape("big", SQUARE, Axis::Free, 1, 1),
            shape("tall", TALL, Axis::Free, 0, tall),
            shape("wide", DOMINO, Axis::Free, 0, 1),
            shape("small", CELL, Axis::Free, 0, small),
        ],
        0,
        (rows - 2, 1),
        walls,
    )
    .unwrap()
}

#[test]
fn klotski_shapes_on_a_3x4_board_match_a_brute_force() {
    check_against_brute_force(&klotski_shapes(3, 2, 3, 1));
}

/// The example: every puzzle on Klotski's 5x4 board made of its four shapes (up to
/// its own counts), the 2x2 block reaching the bottom middle. Run with `cargo test --release
/// -p blockslide-core --test solver klotski_shapes_on_klotski -- --ignored --nocapture`.
#[test]
#[ignore = "a release run of the whole 5x4 family"]
fn klotski_shapes_on_klotskis_board() {
    let family = klotski_shapes(5, 4, 4, 0);
    let started = Instant::now();
    let (summary, records) = run(&family, 2);
    let hardest = records.iter().max_by_key(|r| (r.moves, r.states)).unwrap();
    println!(
        "{} units, {} clusters ({} solvable, {} minimal), {} positions, hardest {} moves: {} \
         (cluster {}), in {:.1} s",
        summary.units,
        summary.clusters,
        summary.solvable,
        summary.minimal,
        summary.positions,
        summary.hardest().unwrap(),
        hardest.board,
        hardest.states,
        started.elapsed().as_secs_f64()
    );
    // Klotski's own component is one of the family's clusters, as the analysis of the
    // puzzle finds it (same distances from the goal, same hardest start's length), and its
    // listed hardest start opens as a puzzle of that length.
    let klotski = analyze(&bundled("klotski.ron"), Metric::Move, control()).unwrap();
    let record = records
        .iter()
        .find(|r| r.states == klotski.component && r.histogram == klotski.histogram)
        .expect("Klotski's cluster");
    assert_eq!(Some(record.moves), klotski.hardest.map(|h| h.distance));
    let hardest = analyze(
        &family.puzzle(&record.board).unwrap(),
        Metric::Move,
        control(),
    );
    assert_eq!(hardest.unwrap().start_distance, Some(record.moves));
}
