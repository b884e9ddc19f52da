//! Rush Hour families against the article's known answers and against an independent brute
//! force: every layout drawn cell by cell on a grid, clusters and distances by its own
//! breadth-first search over the grids.

use std::collections::{BTreeMap, HashMap, VecDeque};

use blockslide_core::solve::family::rushhour::{RushHourFamily, RushHourRules};
use blockslide_core::solve::family::{ClusterRecord, FamilySummary, enumerate};
use blockslide_core::solve::{Limits, SearchControl, Termination};

fn run(family: &RushHourFamily, threads: usize) -> (FamilySummary, Vec<ClusterRecord>) {
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

#[test]
fn the_4x4_family_matches_the_known_answers() {
    let family = RushHourFamily::new(4, 4, 0).unwrap();
    let (summary, _) = run(&family, 1);
    assert_eq!(summary.clusters, 880);
    assert_eq!(summary.solvable, 493);
    assert_eq!(summary.solvable_positions, 6_892);
    assert_eq!(summary.hardest(), Some(7));
    assert_eq!(summary.by_moves[7], 3);
}

#[test]
fn threads_do_not_change_the_listing() {
    let family = RushHourFamily::new(4, 4, 1).unwrap();
    let one = run(&family, 1);
    let three = run(&family, 3);
    assert_eq!(one, three);
}

#[test]
fn a_stopped_run_resumes_to_the_same_listing() {
    let family = RushHourFamily::new(4, 4, 1).unwrap();
    let (_, whole) = run(&family, 2);
    // Stop after a few units, as a limit or Ctrl-C would.
    let mut first = Vec::new();
    let mut control = SearchControl::new(Limits::default()).with_threads(2);
    let stopped = enumerate(&family, &mut control, 0, |unit| {
        if unit.index == 40 {
            return Err(());
        }
        first.extend(unit.records.iter().cloned());
        Ok(())
    });
    assert!(stopped.is_err());
    let done = u64::try_from(
        // The units handed over before the failure: those before unit 40.
        40,
    )
    .unwrap();
    let mut control = SearchControl::new(Limits::default()).with_threads(2);
    let run = enumerate(&family, &mut control, done, |unit| {
        first.extend(unit.records.iter().cloned());
        Ok::<(), ()>(())
    })
    .unwrap();
    assert_eq!(run.termination, Termination::Solved);
    assert_eq!(first, whole);
}

/// A layout as the brute force sees it: one byte per cell. `.` empty, `x` wall, `A`/`a` the
/// primary car's first/other cell, `H`/`h` a horizontal vehicle's first/other cells, `V`/`v`
/// a vertical one's. Identical vehicles are therefore one layout, as in the family.
type Grid = Vec<u8>;

struct Brute {
    rows: usize,
    cols: usize,
    primary_row: usize,
    max_walls: usize,
    rules: RushHourRules,
}

impl Brute {
    fn of(family: &RushHourFamily) -> Self {
        Brute {
            rows: family.rows,
            cols: family.cols,
            primary_row: family.primary_row,
            max_walls: family.max_walls,
            rules: family.rules,
        }
    }

    /// Every layout, cell by cell.
    fn layouts(&self) -> Vec<Grid> {
        let mut all = Vec::new();
        let mut grid = vec![b'.'; self.rows * self.cols];
        self.fill(0, 0, &mut grid, &mut all);
        all.retain(|g| self.allowed(g));
        all
    }

    fn fill(&self, cell: usize, walls: usize, grid: &mut Grid, all: &mut Vec<Grid>) {
        if cell == grid.len() {
            all.push(grid.clone());
            return;
        }
        if grid[cell] != b'.' {
            self.fill(cell + 1, walls, grid, all);
            return;
        }
        let (r, c) = (cell / self.cols, cell % self.cols);
        self.fill(cell + 1, walls, grid, all);
        if walls < self.max_walls {
            grid[cell] = b'x';
            self.fill(cell + 1, walls + 1, grid, all);
            grid[cell] = b'.';
        }
        for len in [2, 3] {
            let cells: Vec<usize> = (0..len).map(|k| cell + k).collect();
            if c + len <= self.cols && cells.iter().all(|&i| grid[i] == b'.') {
                for head in [b'H', b'A'] {
                    if head == b'A' && (len != 2 || r != self.primary_row) {
                        continue;
                    }
                    for (k, &i) in cells.iter().enumerate() {
                        grid[i] = if k == 0 {
                            head
                        } else {
                            head.to_ascii_lowercase()
                        };
                    }
                    self.fill(cell + 1, walls, grid, all);
                    for &i in &cells {
                        grid[i] = b'.';
                    }
                }
            }
            let cells: Vec<usize> = (0..len).map(|k| cell + k * self.cols).collect();
            if r + len <= self.rows && cells.iter().all(|&i| grid[i] == b'.') {
                for (k, &i) in cells.iter().enumerate() {
                    grid[i] = if k == 0 { b'V' } else { b'v' };
                }
                self.fill(cell + 1, walls, grid, all);
                for &i in &cells {
                    grid[i] = b'.';
                }
            }
        }
    }

    /// One primary car, and the family's rules.
    fn allowed(&self, g: &Grid) -> bool {
        if g.iter().filter(|&&b| b == b'A').take(2).count() != 1 {
            return false;
        }
        let row = |r: usize| &g[r * self.cols..(r + 1) * self.cols];
        let primary = row(self.primary_row);
        let at = primary.iter().position(|&b| b == b'A').unwrap_or(0);
        if self.rules.primary_row_clear
            && (primary.contains(&b'H') || primary[at + 2..].contains(&b'x'))
        {
            return false;
        }
        if self.rules.no_full_rows
            && (0..self.rows).any(|r| row(r).iter().all(|b| b"AaHhx".contains(b)))
        {
            return false;
        }
        if self.rules.no_full_columns
            && (0..self.cols).any(|c| (0..self.rows).all(|r| b"Vv".contains(&g[r * self.cols + c])))
        {
            return false;
        }
        true
    }

    fn solved(&self, g: &Grid) -> bool {
        g[self.primary_row * self.cols + self.cols - 2] == b'A'
    }

    /// Every layout one move away: one vehicle slid any distance along its line.
    fn moves(&self, g: &Grid) -> Vec<Grid> {
        let mut out = Vec::new();
        for (start, &head) in g.iter().enumerate() {
            let step = match head {
                b'A' | b'H' => 1,
                b'V' => self.cols,
                _ => continue,
            };
            let len = 1
                + (1..g.len())
                    .take_while(|k| {
                        let i = start + k * step;
                        i < g.len()
                            && (step == self.cols || i / self.cols == start / self.cols)
                            && g[i] == head.to_ascii_lowercase()
                    })
                    .count();
            let cells: Vec<usize> = (0..len).map(|k| start + k * step).collect();
            let (r, c) = (start / self.cols, start % self.cols);
            let along = if step == 1 { c } else { r };
            let span = if step == 1 { self.cols } else { self.rows };
            for dir in [-1i64, 1] {
                let mut shift = 1i64;
                loop {
                    let new_along = along as i64 + dir * shift;
                    if new_along < 0 || new_along as usize + len > span {
                        break;
                    }
                    let new_start = (start as i64 + dir * shift * step as i64) as usize;
                    let new_cells: Vec<usize> = (0..len).map(|k| new_start + k * step).collect();
                    if new_cells
                        .iter()
                        .any(|i| !cells.contains(i) && g[*i] != b'.')
                    {
                        break;
                    }
                    let mut next = g.clone();
                    for &i in &cells {
                        next[i] = b'.';
                    }
                    for (k, &i) in new_cells.iter().enumerate() {
                        next[i] = if k == 0 {
                            head
                        } else {
                            head.to_ascii_lowercase()
                        };
                    }
                    out.push(next);
                    shift += 1;
                }
            }
        }
        out
    }

    /// The distance from `g` to the nearest solved layout, if any.
    fn distance(&self, g: &Grid) -> Option<usize> {
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

    /// The clusters: for each, its size and its histogram of distances to the goal.
    fn clusters(&self) -> (u64, Vec<(u64, Vec<u64>)>) {
        let layouts = self.layouts();
        let mut cluster_of: HashMap<Grid, usize> = HashMap::new();
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
            let mut distance: HashMap<Grid, usize> = HashMap::new();
            let mut queue: VecDeque<Grid> =
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
            let mut histogram = vec![0; distance.values().max().map_or(0, |m| m + 1)];
            for d in distance.values() {
                histogram[*d] += 1;
            }
            solvable.push((members.len() as u64, histogram));
        }
        solvable.sort();
        (all as u64, solvable)
    }

    /// A family board string as a grid.
    fn grid(&self, board: &str) -> Grid {
        let chars: Vec<u8> = board.bytes().collect();
        let mut g = vec![b'.'; chars.len()];
        for (i, &ch) in chars.iter().enumerate() {
            g[i] = match ch {
                b'o' => b'.',
                b'x' => b'x',
                letter => {
                    let left = i % self.cols > 0 && chars[i - 1] == letter;
                    let right = i % self.cols + 1 < self.cols && chars[i + 1] == letter;
                    let up = i >= self.cols && chars[i - self.cols] == letter;
                    let head = if letter == b'A' {
                        b'A'
                    } else if left || right {
                        b'H'
                    } else {
                        b'V'
                    };
                    if left || up {
                        head.to_ascii_lowercase()
                    } else {
                        head
                    }
                }
            };
        }
        g
    }

    /// The grid without the vehicle whose first cell is `start`, or the wall there.
    fn without(&self, g: &Grid, start: usize) -> Grid {
        let mut out = g.clone();
        if g[start] == b'x' {
            out[start] = b'.';
            return out;
        }
        let step = if g[start] == b'V' { self.cols } else { 1 };
        let tail = g[start].to_ascii_lowercase();
        out[start] = b'.';
        let mut i = start + step;
        while i < g.len() && g[i] == tail && (step != 1 || !i.is_multiple_of(self.cols)) {
            out[i] = b'.';
            i += step;
        }
        out
    }
}

fn check_against_brute_force(family: &RushHourFamily) {
    let brute = Brute::of(family);
    let (all, expected) = brute.clusters();
    let (summary, records) = run(family, 2);
    assert_eq!(summary.clusters, all, "{family:?}");
    let mut found: Vec<(u64, Vec<u64>)> = records
        .iter()
        .map(|r| (r.states, r.histogram.clone()))
        .collect();
    found.sort();
    assert_eq!(found, expected, "{family:?}");
    for record in &records {
        let g = brute.grid(&record.board);
        assert_eq!(
            brute.distance(&g),
            Some(record.moves as usize),
            "{}",
            record.board
        );
        // Minimal: every other vehicle or wall, taken out, makes the start easier.
        let easier = g
            .iter()
            .enumerate()
            .filter(|&(_, &b)| b == b'H' || b == b'V' || b == b'x')
            .all(|(i, _)| brute.distance(&brute.without(&g, i)) < Some(record.moves as usize));
        assert_eq!(record.minimal, easier, "{}", record.board);
    }
}

#[test]
fn small_families_match_a_brute_force() {
    let mut families = vec![
        RushHourFamily::new(4, 4, 0).unwrap(),
        RushHourFamily::new(4, 4, 1).unwrap(),
        RushHourFamily::new(3, 4, 2).unwrap(),
        RushHourFamily::new(4, 3, 2).unwrap(),
    ];
    // Each rule off in turn.
    for rules in [
        RushHourRules {
            primary_row_clear: false,
            ..RushHourRules::default()
        },
        RushHourRules {
            no_full_rows: false,
            ..RushHourRules::default()
        },
        RushHourRules {
            no_full_columns: false,
            ..RushHourRules::default()
        },
    ] {
        let mut family = RushHourFamily::new(4, 4, 1).unwrap();
        family.rules = rules;
        families.push(family);
    }
    for family in &families {
        check_against_brute_force(family);
    }
}

#[test]
fn hardest_length_histogram_is_consistent() {
    let family = RushHourFamily::new(4, 4, 0).unwrap();
    let (summary, records) = run(&family, 1);
    let mut by_moves = BTreeMap::new();
    for r in &records {
        *by_moves.entry(r.moves as usize).or_insert(0u64) += 1;
        assert_eq!(r.histogram.len(), r.moves as usize + 1);
        assert_eq!(r.histogram.iter().sum::<u64>(), r.states);
    }
    for (m, n) in by_moves {
        assert_eq!(summary.by_moves[m], n);
    }
}

#[test]
fn every_hardest_start_solves_in_its_moves_with_the_block_engine() {
    use blockslide_core::model::rushhour::parse;
    use blockslide_core::solve::{Algorithm, solve};
    let family = RushHourFamily::new(4, 4, 1).unwrap();
    let (_, records) = run(&family, 2);
    for record in records.iter().step_by(7) {
        // The board string reads back as a Rush Hour puzzle, which the block engine solves.
        let puzzle = parse(&record.board).unwrap();
        let request = blockslide_core::solve::SolveRequest {
            algorithm: Algorithm::Bfs,
            ..crate::fixtures::request()
        };
        let report = solve(&puzzle, &request, SearchControl::new(Limits::default())).unwrap();
        assert_eq!(report.status, Termination::Solved, "{}", record.board);
        assert_eq!(
            report.length(),
            Some(record.moves as usize),
            "{}",
            record.board
        );
    }
}
