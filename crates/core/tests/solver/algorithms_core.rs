//! The search core on small test-only domains: every algorithm agrees on optimal lengths,
//! paths replay, statistics add up, and every termination reason is produced.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use blockslide_core::solve::Algorithm;
use blockslide_core::solve::algorithms::{self, RunOptions};
use blockslide_core::solve::core::{
    CHECK_EVERY, Domain, Heuristic, Limits, SearchControl, SearchOutcome, Termination, Zero,
};
use proptest::prelude::*;

/// A numbered-tile puzzle on a small board, written independently of the product's tile
/// domain. Moves are blank directions 0..4 (up, down, left, right).
struct Tiles {
    rows: usize,
    cols: usize,
    start: Vec<u8>,
    goal: Vec<u8>,
}

const DELTAS: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

impl Tiles {
    fn new(rows: usize, cols: usize, start: &[u8]) -> Tiles {
        let n = rows * cols;
        let mut goal: Vec<u8> = (1..n as u8).collect();
        goal.push(0);
        Tiles {
            rows,
            cols,
            start: start.to_vec(),
            goal,
        }
    }

    fn target(&self, blank: usize, mv: u8) -> Option<usize> {
        let (dr, dc) = DELTAS[mv as usize];
        let r = (blank / self.cols) as i32 + dr;
        let c = (blank % self.cols) as i32 + dc;
        (r >= 0 && c >= 0 && r < self.rows as i32 && c < self.cols as i32)
            .then(|| r as usize * self.cols + c as usize)
    }

    /// Plays `path` from the start and checks that every move is legal and the end is the goal.
    fn replays(&self, path: &[u8]) -> bool {
        let mut s = self.start.clone();
        for &mv in path {
            let blank = s.iter().position(|&t| t == 0).unwrap();
            let Some(to) = self.target(blank, mv) else {
                return false;
            };
            s.swap(blank, to);
        }
        s == self.goal
    }
}

impl Domain for Tiles {
    type State = Vec<u8>;
    type Move = u8;

    fn start(&self) -> Vec<u8> {
        self.start.clone()
    }
    fn is_goal(&self, state: &Vec<u8>) -> bool {
        *state == self.goal
    }
    fn moves(&self, state: &Vec<u8>, out: &mut Vec<u8>) {
        let blank = state.iter().position(|&t| t == 0).unwrap();
        out.extend((0..4).filter(|&m| self.target(blank, m).is_some()));
    }
    fn apply(&self, state: &Vec<u8>, mv: u8) -> Vec<u8> {
        let blank = state.iter().position(|&t| t == 0).unwrap();
        let mut s = state.clone();
        s.swap(blank, self.target(blank, mv).unwrap());
        s
    }
    fn undoes(&self, prev: u8, next: u8) -> bool {
        prev ^ 1 == next
    }
    fn goal_state(&self) -> Result<Vec<u8>, blockslide_core::solve::core::Reason> {
        Ok(self.goal.clone())
    }
    fn state_bytes(&self) -> usize {
        size_of::<Vec<u8>>() + self.start.len()
    }
}

/// Manhattan distance (admissible).
struct Manhattan;

impl Heuristic<Tiles> for Manhattan {
    fn estimate(&self, d: &Tiles, s: &Vec<u8>) -> u32 {
        let mut sum = 0;
        for (cell, &t) in s.iter().enumerate() {
            if t != 0 {
                let g = d.goal.iter().position(|&x| x == t).unwrap();
                sum += (cell / d.cols).abs_diff(g / d.cols) + (cell % d.cols).abs_diff(g % d.cols);
            }
        }
        sum as u32
    }
    fn admissible(&self) -> bool {
        true
    }
}

fn control() -> SearchControl {
    SearchControl::new(Limits::default())
}

fn limited(f: impl FnOnce(&mut Limits)) -> SearchControl {
    let mut limits = Limits::default();
    f(&mut limits);
    SearchControl::new(limits)
}

const SEED_2X3: [u8; 6] = [5, 4, 2, 1, 3, 0];

fn run(algorithm: Algorithm, d: &Tiles) -> SearchOutcome<u8> {
    let options = RunOptions {
        weight: 2.0,
        ..RunOptions::default()
    };
    algorithms::run(algorithm, d, &Manhattan, &options, &mut control())
}

#[test]
fn every_algorithm_solves_the_seed_2x3_and_the_path_replays() {
    let d = Tiles::new(2, 3, &SEED_2X3);
    for algorithm in Algorithm::ALL {
        let out = run(algorithm, &d);
        assert_eq!(out.termination, Termination::Solved, "{algorithm}");
        let path = out.path.as_ref().unwrap();
        assert!(d.replays(path), "{algorithm}: path does not replay");
        let optimal = algorithms::guarantees_optimal(algorithm, true, 2.0);
        assert_eq!(out.optimal, optimal, "{algorithm}");
        if optimal {
            assert_eq!(path.len(), 8, "{algorithm}");
        }
        let s = out.stats;
        assert!(
            s.expanded >= 1 && s.generated >= s.duplicates,
            "{algorithm}: {s:?}"
        );
        assert!(s.peak_memory_bytes > 0, "{algorithm}: {s:?}");
        if !matches!(algorithm, Algorithm::Iddfs | Algorithm::Idastar) {
            // (iterative deepening stores no states, only the current path)
            assert!(s.stored >= 1, "{algorithm}: {s:?}");
        }
        assert!(s.max_frontier >= s.frontier, "{algorithm}: {s:?}");
    }
}

#[test]
fn informed_search_expands_far_fewer_nodes_than_bfs_like_the_notebook() {
    // the notebook: BFS explored 53, UCS 49, greedy and A* (Manhattan) 9 each
    let d = Tiles::new(2, 3, &SEED_2X3);
    let bfs = run(Algorithm::Bfs, &d).stats.expanded;
    let astar = run(Algorithm::Astar, &d).stats.expanded;
    let greedy = run(Algorithm::Greedy, &d).stats.expanded;
    assert!((40..=70).contains(&bfs), "bfs expanded {bfs}");
    assert!(astar <= 15, "astar expanded {astar}");
    assert!(greedy <= 15, "greedy expanded {greedy}");
}

#[test]
fn start_at_goal_is_solved_with_no_moves() {
    let d = Tiles::new(2, 2, &[1, 2, 3, 0]);
    for algorithm in Algorithm::ALL {
        let out = run(algorithm, &d);
        assert_eq!(out.termination, Termination::Solved, "{algorithm}");
        assert_eq!(out.path.unwrap().len(), 0, "{algorithm}");
    }
}

#[test]
fn unsolvable_space_is_exhausted() {
    // swapping two tiles of a 2x3 flips the parity: half the space, no goal in it
    let d = Tiles::new(2, 3, &[2, 1, 3, 4, 5, 0]);
    for algorithm in Algorithm::ALL {
        if algorithm == Algorithm::Idastar || algorithm == Algorithm::Iddfs {
            // iterative deepening has no visited set: it cannot prove a space empty quickly
            continue;
        }
        let out = run(algorithm, &d);
        assert_eq!(out.termination, Termination::Unsolvable, "{algorithm}");
        assert!(out.path.is_none());
        if algorithm != Algorithm::Bibfs {
            // (bidirectional search stops as soon as one side runs dry)
            assert_eq!(out.stats.frontier, 0, "{algorithm}");
            assert_eq!(out.stats.stored, 360, "{algorithm}");
        }
    }
}

#[test]
fn explore_counts_the_2x3_space() {
    let d = Tiles::new(2, 3, &SEED_2X3);
    let e = algorithms::count_space(&d, &mut control());
    assert_eq!(e.termination, Termination::Unsolvable);
    assert_eq!(e.states, 360);
    assert_eq!(e.per_depth.iter().sum::<u64>(), 360);
    assert_eq!(e.per_depth[0], 1);
    assert_eq!(e.goal_states, 1);
    assert_eq!(e.max_depth as usize, e.per_depth.len() - 1);
    let goal = Tiles::new(2, 3, &[1, 2, 3, 4, 5, 0]);
    let from_goal = algorithms::count_space(&goal, &mut control());
    assert_eq!(
        from_goal.max_depth, 21,
        "the farthest 2x3 position is 21 moves away"
    );
}

#[test]
fn distance_map_matches_bfs_and_manhattan_is_admissible() {
    let d = Tiles::new(2, 3, &SEED_2X3);
    let dist = algorithms::distance_map(&d, &mut control()).unwrap();
    assert_eq!(dist.len(), 360);
    assert_eq!(dist[&d.start], 8);
    assert_eq!(dist[&d.goal], 0);
    assert_eq!(dist.values().max(), Some(&21));
    for (state, &true_distance) in &dist {
        assert!(Manhattan.estimate(&d, state) <= true_distance);
    }
}

/// Distances from `roots` by a plain breadth-first search over moves and apply, written
/// independently of the product's layered walk.
fn plain_distances(d: &Tiles, roots: &[Vec<u8>]) -> std::collections::HashMap<Vec<u8>, u32> {
    let mut dist = std::collections::HashMap::new();
    let mut queue = std::collections::VecDeque::new();
    for root in roots {
        if dist.insert(root.clone(), 0).is_none() {
            queue.push_back(root.clone());
        }
    }
    let mut moves = Vec::new();
    while let Some(state) = queue.pop_front() {
        let here = dist[&state];
        moves.clear();
        d.moves(&state, &mut moves);
        for &mv in &moves {
            let next = d.apply(&state, mv);
            if !dist.contains_key(&next) {
                dist.insert(next.clone(), here + 1);
                queue.push_back(next);
            }
        }
    }
    dist
}

#[test]
fn explore_from_several_roots_gives_each_state_its_nearest_root() {
    let d = Tiles::new(2, 3, &SEED_2X3);
    let step = |state: &Vec<u8>| {
        let mut moves = Vec::new();
        d.moves(state, &mut moves);
        d.apply(state, moves[0])
    };
    let other = step(&step(&step(&d.start)));
    let roots = vec![d.start.clone(), other.clone(), d.start.clone()];
    let expected = plain_distances(&d, &roots);
    let mut seen = std::collections::HashMap::new();
    let e = algorithms::walk_from(&d, roots, &mut control(), |state, depth, goal| {
        assert_eq!(goal, *state == d.goal);
        assert!(seen.insert(state.clone(), depth).is_none(), "visited twice");
    });
    assert_eq!(e.termination, Termination::Unsolvable);
    assert_eq!(seen, expected);
    assert_eq!(e.states, 360);
    assert_eq!(e.per_depth[0], 2, "a repeated root is walked once");
    assert_eq!(e.max_depth, *expected.values().max().unwrap());
}

#[test]
fn distance_map_stops_at_a_limit_or_cancel() {
    let d = Tiles::new(2, 3, &SEED_2X3);
    // The walk from the start takes 360 expansions; a limit past it stops the walk back.
    let stopped = algorithms::distance_map(&d, &mut limited(|l| l.max_nodes = 100));
    assert_eq!(stopped.unwrap_err(), Termination::NodeLimit);
    let flag = Arc::new(AtomicBool::new(true));
    let mut cancelled = control().with_cancel(flag);
    assert_eq!(
        algorithms::distance_map(&d, &mut cancelled).unwrap_err(),
        Termination::Cancelled
    );
}

#[test]
fn node_limit_stops_with_partial_information() {
    let d = Tiles::new(3, 3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]);
    // greedy search may be lucky on this instance and solve within the limit
    for algorithm in Algorithm::ALL
        .into_iter()
        .filter(|&a| a != Algorithm::Greedy)
    {
        let mut c = limited(|l| l.max_nodes = 500);
        let out = algorithms::run(algorithm, &d, &Manhattan, &RunOptions::default(), &mut c);
        assert_eq!(out.termination, Termination::NodeLimit, "{algorithm}");
        assert!(out.path.is_none() && !out.optimal);
        // the graph searches stop exactly at the limit; IDA* checks its workers' counts every
        // CHECK_EVERY expansions per round
        let slack = match algorithm {
            Algorithm::Iddfs | Algorithm::Idastar => 4 * CHECK_EVERY,
            _ => 0,
        };
        let expanded = out.stats.expanded;
        assert!(expanded <= 500 + slack, "{algorithm}: {expanded}");
        assert!(
            out.stats.expanded >= 400,
            "{algorithm}: {}",
            out.stats.expanded
        );
        if matches!(
            algorithm,
            Algorithm::Bfs | Algorithm::Ucs | Algorithm::Bibfs
        ) {
            assert!(out.stats.completed_depth.is_some(), "{algorithm}");
        }
    }
}

#[test]
fn memory_limit_stops_graph_searches() {
    let d = Tiles::new(3, 3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]);
    for algorithm in [
        Algorithm::Bfs,
        Algorithm::Astar,
        Algorithm::Dfs,
        Algorithm::Bibfs,
    ] {
        let mut c = limited(|l| l.max_memory_bytes = 64 * 1024);
        let out = algorithms::run(algorithm, &d, &Manhattan, &RunOptions::default(), &mut c);
        assert_eq!(out.termination, Termination::MemoryLimit, "{algorithm}");
        assert!(out.stats.peak_memory_bytes > 64 * 1024, "{algorithm}");
    }
}

#[test]
fn time_limit_stops_the_search() {
    let d = Tiles::new(3, 3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]);
    for algorithm in Algorithm::ALL {
        let mut c = limited(|l| l.max_time = Duration::ZERO);
        let out = algorithms::run(algorithm, &d, &Manhattan, &RunOptions::default(), &mut c);
        assert_eq!(out.termination, Termination::TimeLimit, "{algorithm}");
    }
}

#[test]
fn cancel_from_another_thread_stops_every_algorithm() {
    // a 4x4 far from its goal: no algorithm here finishes before it is cancelled
    let start = [15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 1, 2, 0];
    let d = Tiles::new(4, 4, &start);
    for algorithm in Algorithm::ALL {
        let flag = Arc::new(AtomicBool::new(false));
        let mut c = control().with_cancel(Arc::clone(&flag));
        let raiser = {
            let flag = Arc::clone(&flag);
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(30));
                flag.store(true, Ordering::Relaxed);
            })
        };
        let out = algorithms::run(algorithm, &d, &Zero, &RunOptions::default(), &mut c);
        raiser.join().unwrap();
        assert_eq!(out.termination, Termination::Cancelled, "{algorithm}");
    }
}

#[test]
fn progress_reports_arrive_and_the_last_one_is_final() {
    let d = Tiles::new(3, 3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]);
    let reports = Arc::new(std::sync::Mutex::new(Vec::new()));
    let sink = Arc::clone(&reports);
    let mut c = control().with_progress(Box::new(move |s| sink.lock().unwrap().push(*s)));
    let out = algorithms::bfs(&d, &mut c);
    assert_eq!(out.termination, Termination::Solved);
    let path = out.path.unwrap();
    assert_eq!(path.len(), 31);
    assert!(d.replays(&path));
    let reports = reports.lock().unwrap();
    assert!(!reports.is_empty());
    assert_eq!(reports.last().unwrap().expanded, out.stats.expanded);
}

#[test]
fn depth_capped_dfs_finds_a_path_within_the_cap_or_says_depth_limit() {
    let d = Tiles::new(2, 3, &SEED_2X3);
    let out = algorithms::dfs(&d, Some(8), &mut control());
    assert_eq!(out.termination, Termination::Solved);
    let path = out.path.unwrap();
    assert!(path.len() <= 8 && d.replays(&path));
    let out = algorithms::dfs(&d, Some(7), &mut control());
    assert_eq!(out.termination, Termination::DepthLimit);
}

#[test]
fn bibfs_is_not_applicable_without_a_goal_state() {
    struct NoGoalState(Tiles);
    impl Domain for NoGoalState {
        type State = Vec<u8>;
        type Move = u8;
        fn start(&self) -> Vec<u8> {
            self.0.start()
        }
        fn is_goal(&self, s: &Vec<u8>) -> bool {
            s[0] == 1
        }
        fn moves(&self, s: &Vec<u8>, out: &mut Vec<u8>) {
            self.0.moves(s, out);
        }
        fn apply(&self, s: &Vec<u8>, mv: u8) -> Vec<u8> {
            self.0.apply(s, mv)
        }
        fn goal_state(&self) -> Result<Vec<u8>, blockslide_core::solve::core::Reason> {
            Err("the goal only places tile 1".into())
        }
    }
    let d = NoGoalState(Tiles::new(2, 3, &SEED_2X3));
    let reason = algorithms::applicable(Algorithm::Bibfs, &d).unwrap_err();
    assert!(reason.as_str().contains("tile 1"), "{reason}");
    assert!(algorithms::bibfs(&d, &mut control()).is_err());
    assert!(algorithms::applicable(Algorithm::Bfs, &d).is_ok());
}

fn random_position(rows: usize, cols: usize, seed_moves: &[u8]) -> Tiles {
    let mut d = Tiles::new(rows, cols, &[0; 1]);
    let mut s = d.goal.clone();
    for &m in seed_moves {
        let blank = s.iter().position(|&t| t == 0).unwrap();
        if let Some(to) = d.target(blank, m % 4) {
            s.swap(blank, to);
        }
    }
    d.start = s;
    d
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn optimal_algorithms_agree_and_others_are_legal(
        shape in prop::sample::select(vec![(2usize, 2usize), (2, 3), (3, 2), (3, 3)]),
        scramble in prop::collection::vec(0u8..4, 0..40),
    ) {
        let d = random_position(shape.0, shape.1, &scramble);
        let reference = algorithms::bfs(&d, &mut control());
        prop_assert_eq!(reference.termination, Termination::Solved);
        let best = reference.path.unwrap().len();
        for algorithm in Algorithm::ALL {
            let out = run(algorithm, &d);
            prop_assert_eq!(out.termination, Termination::Solved, "{}", algorithm);
            let path = out.path.unwrap();
            prop_assert!(d.replays(&path), "{} path does not replay", algorithm);
            if algorithms::guarantees_optimal(algorithm, true, 2.0) {
                prop_assert_eq!(path.len(), best, "{}", algorithm);
            } else {
                prop_assert!(path.len() >= best);
            }
        }
    }
}

#[test]
fn the_walk_stops_before_it_crosses_the_memory_limit() {
    // The 8-puzzle's 181,440 states need megabytes; every limit below that must hold exactly.
    let d = Tiles::new(3, 3, &[1, 2, 3, 4, 5, 6, 7, 8, 0]);
    for limit in [100_000u64, 300_000, 1_000_000] {
        let e = algorithms::count_space(&d, &mut limited(|l| l.max_memory_bytes = limit));
        assert_eq!(e.termination, Termination::MemoryLimit, "limit {limit}");
        assert!(
            e.stats.peak_memory_bytes <= limit,
            "peak {} over the limit {limit}",
            e.stats.peak_memory_bytes
        );
        assert!(e.states > 1, "limit {limit}: the walk got going");
    }
    // A limit below the first table refuses at once.
    let e = algorithms::count_space(&d, &mut limited(|l| l.max_memory_bytes = 1_000));
    assert_eq!(e.termination, Termination::MemoryLimit);
    assert!(e.stats.peak_memory_bytes <= 1_000);
}
