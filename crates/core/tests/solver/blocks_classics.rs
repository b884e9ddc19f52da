//! The block engine on the classics and the seeds' puzzles: state counts and optimal lengths
//! (known-answers), every solution replayed on the model.

use crate::blocks_support;
use crate::fixtures::bundled;

use blocks_support::*;
use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::algorithms::bfs::{bfs, count_space};
use blockslide_core::solve::blocks::{self, BlockDomain};
use blockslide_core::solve::core::{Domain, Limits, SearchControl, Termination};

/// Solves by BFS, replays the solution, returns its length in the metric.
fn bfs_length(puzzle: &Puzzle, metric: Metric) -> usize {
    let domain = BlockDomain::new(puzzle, metric).unwrap();
    let outcome = bfs(&domain, &mut control());
    assert_eq!(outcome.termination, Termination::Solved);
    assert!(outcome.optimal);
    let path = outcome.path.unwrap();
    replay_path(puzzle, &domain, &path, metric);
    path.len()
}

fn count(puzzle: &Puzzle, metric: Metric) -> (u64, u64) {
    let domain = BlockDomain::new(puzzle, metric).unwrap();
    let e = count_space(&domain, &mut control());
    assert_eq!(
        e.termination,
        Termination::Unsolvable,
        "the walk is complete"
    );
    (e.states, e.goal_states)
}

#[test]
fn seed_small_puzzle_lengths() {
    // The step length is also checked against a BFS over model positions that shares no code
    // with the domain.
    let small = bundled("blocks-small.ron");
    assert_eq!(naive_walk(&small, Metric::Step).2, Some(41));
    assert_eq!(bfs_length(&small, Metric::Step), 41);
    assert_eq!(bfs_length(&small, Metric::Slide), 30);
    assert_eq!(bfs_length(&small, Metric::Move), 26);
}

#[test]
fn seed_big_puzzle_is_25_steps() {
    assert_eq!(bfs_length(&bundled("blocks-big.ron"), Metric::Step), 25);
}

#[test]
fn seed_hard_puzzle_is_36_steps() {
    assert_eq!(bfs_length(&bundled("blocks-hard.ron"), Metric::Step), 36);
}

#[test]
fn two_ls_meet_solves_with_the_floating_goal() {
    let two_ls = bundled("two-ls-meet.ron");
    assert_eq!(bfs_length(&two_ls, Metric::Step), 30);
    assert_eq!(bfs_length(&two_ls, Metric::Slide), 22);
    assert_eq!(bfs_length(&two_ls, Metric::Move), 19);
}

#[test]
fn goal_test_agrees_with_the_model_on_every_klotski_and_pennant_state() {
    for puzzle in [bundled("klotski.ron"), bundled("pennant.ron")] {
        let domain = BlockDomain::new(&puzzle, Metric::Step).unwrap();
        let mut goals = 0;
        for state in all_states(&domain) {
            let position = domain.position(&state);
            assert_eq!(domain.is_goal(&state), position.goal_satisfied());
            goals += u32::from(domain.is_goal(&state));
        }
        assert!(goals > 0);
    }
}

#[test]
#[ignore = "slow: release suite"]
fn goal_test_agrees_with_the_model_on_every_two_ls_state() {
    let domain = BlockDomain::new(&bundled("two-ls-meet.ron"), Metric::Step).unwrap();
    let states = all_states(&domain);
    assert_eq!(states.len(), 110_804);
    for state in states {
        assert_eq!(
            domain.is_goal(&state),
            domain.position(&state).goal_satisfied()
        );
    }
}

#[test]
fn klotski_merged_space_is_25955_with_964_goals() {
    for metric in Metric::ALL {
        assert_eq!(
            count(&bundled("klotski.ron"), metric),
            (25_955, 964),
            "{metric}"
        );
    }
}

#[test]
fn the_walk_keeps_only_the_last_layers() {
    // Frontier search: at any time the walk holds three layers, not the whole space, so its
    // memory stays well under what storing each reachable state once would take ("two L's
    // meet" has 110,804 states with its same-shaped pieces merged, as a search walks it, in
    // layers of at most a few thousand).
    let domain = BlockDomain::new(&bundled("two-ls-meet.ron"), Metric::Step).unwrap();
    let e = blocks::count_space(&domain, &mut control());
    assert_eq!(e.termination, Termination::Unsolvable);
    let widest = *e.per_depth.iter().max().unwrap();
    let everything = e.states * size_of::<u64>() as u64;
    assert!(
        e.stats.peak_memory_bytes < everything / 2,
        "{} bytes at peak for {} states",
        e.stats.peak_memory_bytes,
        e.states
    );
    assert!(e.stats.stored <= 3 * widest, "{} stored", e.stats.stored);
}

#[test]
fn klotski_optimal_lengths() {
    let klotski = bundled("klotski.ron");
    assert_eq!(bfs_length(&klotski, Metric::Move), 81);
    assert_eq!(bfs_length(&klotski, Metric::Slide), 90);
    assert_eq!(bfs_length(&klotski, Metric::Step), 116);
}

#[test]
fn pennant_space_and_lengths() {
    let pennant = bundled("pennant.ron");
    assert_eq!(count(&pennant, Metric::Step).0, 1_398);
    assert_eq!(bfs_length(&pennant, Metric::Move), 59);
    assert_eq!(bfs_length(&pennant, Metric::Slide), 62);
    assert_eq!(bfs_length(&pennant, Metric::Step), 83);
}

#[test]
#[ignore = "slow: release suite"]
fn century_space_and_lengths() {
    let century = bundled("century.ron");
    assert_eq!(count(&century, Metric::Step).0, 81_340);
    assert_eq!(bfs_length(&century, Metric::Move), 99);
    assert_eq!(bfs_length(&century, Metric::Slide), 111);
    assert_eq!(bfs_length(&century, Metric::Step), 131);
}

#[test]
fn identical_pieces_are_merged_but_told_apart_when_named() {
    let k = BlockDomain::new(&bundled("klotski.ron"), Metric::Step).unwrap();
    // A; E; the four verticals; the four soldiers.
    assert_eq!(k.classes(), 4);
    // Naming a soldier in the goal separates it from the other three, when only their shape
    // makes them alike: the file's kinds (which would keep the four one class) are dropped.
    let mut named = bundled("klotski.ron");
    named.styles.clear();
    named.goal.cells[0] = Some(blockslide_core::model::Token::new("G").unwrap());
    assert_eq!(BlockDomain::new(&named, Metric::Step).unwrap().classes(), 5);
}

#[test]
fn goal_state_needs_an_anchored_complete_goal() {
    let klotski_domain = BlockDomain::new(&bundled("klotski.ron"), Metric::Step).unwrap();
    let why = klotski_domain.goal_state().unwrap_err();
    assert!(why.as_str().contains("does not say where"), "{why}");
    let ls_domain = BlockDomain::new(&bundled("two-ls-meet.ron"), Metric::Step).unwrap();
    assert!(
        ls_domain
            .goal_state()
            .unwrap_err()
            .as_str()
            .contains("anywhere")
    );
    // The mirrored Pennant with every piece placed is a complete goal.
    let mut p = bundled("pennant.ron");
    p.goal.cells = p
        .cells
        .iter()
        .map(|cell| {
            if let blockslide_core::model::Cell::Piece(token) = *cell {
                Some(token)
            } else {
                None
            }
        })
        .collect();
    let domain = BlockDomain::new(&p, Metric::Step).unwrap();
    let goal = domain.goal_state().unwrap();
    assert_eq!(goal, domain.start());
    assert!(domain.is_goal(&goal));
}

/// The figures a walk or search reports that do not depend on how wide a stored state is.
fn counts(stats: &blockslide_core::solve::core::Stats) -> [u64; 6] {
    [
        stats.expanded,
        stats.generated,
        stats.duplicates,
        stats.goal_tests,
        stats.max_frontier,
        stats.stored,
    ]
}

/// The narrow-state walk and BFS (`blocks::explore`, `blocks::bfs`) agree with the same
/// algorithms on the full-width domain: same space, same layers, same counts; the narrow
/// BFS (the layered, archived one) finds a path as short, which replays to the goal.
fn assert_narrow_agrees(puzzle: &Puzzle, metric: Metric) {
    let domain = BlockDomain::new(puzzle, metric).unwrap();
    let wide = count_space(&domain, &mut control());
    let narrow = blocks::count_space(&domain, &mut control());
    assert_eq!(narrow.states, wide.states, "{metric}");
    assert_eq!(narrow.per_depth, wide.per_depth, "{metric}");
    assert_eq!(narrow.goal_states, wide.goal_states, "{metric}");
    assert_eq!(narrow.termination, wide.termination, "{metric}");
    // The walk's successors may come in another order (the step kernel makes them straight
    // from the bit fields), which moves the widest frontier but no count.
    let walked = |stats: &blockslide_core::solve::core::Stats| {
        let mut c = counts(stats);
        c[4] = 0;
        c
    };
    assert_eq!(walked(&narrow.stats), walked(&wide.stats), "{metric}");
    let layers = wide.per_depth;
    let wide = bfs(&domain, &mut control());
    let narrow = blocks::bfs(&domain, &mut control());
    assert_eq!(narrow.termination, wide.termination, "{metric}");
    assert!(narrow.optimal == wide.optimal, "{metric}");
    let length = |path: &Option<Vec<_>>| path.as_ref().map(Vec::len);
    assert_eq!(length(&narrow.path), length(&wide.path), "{metric}");
    // The layered search takes the goal's layer in the order the kernel made it: it expands
    // every state of the layers before the goal's and some of the goal's layer (all of them,
    // and every layer, when there is no goal).
    let expanded = narrow.stats.expanded;
    assert_eq!(narrow.stats.goal_tests, expanded, "{metric}");
    match &narrow.path {
        Some(path) => {
            let before: u64 = layers[..path.len()].iter().sum();
            assert!(
                expanded > before && expanded <= before + layers[path.len()],
                "{metric}: {expanded} expanded, {before} before the goal's layer"
            );
            replay_path(puzzle, &domain, path, metric);
        }
        None => assert_eq!(
            counts(&narrow.stats)[..4],
            counts(&wide.stats)[..4],
            "{metric}"
        ),
    }
}

#[test]
fn narrow_states_agree_with_full_width_states() {
    let klotski = bundled("klotski.ron");
    assert_eq!(
        BlockDomain::new(&klotski, Metric::Step)
            .unwrap()
            .state_words(),
        1
    );
    assert_narrow_agrees(&klotski, Metric::Step);
    for puzzle in [
        bundled("pennant.ron"),
        bundled("blocks-small.ron"),
        bundled("two-ls-meet.ron"),
    ] {
        for metric in Metric::ALL {
            assert_narrow_agrees(&puzzle, metric);
        }
    }
    // Seventeen distinct pieces in a corridor of 20 cells: 17 fields of 5 bits, two words.
    let corridor = puzzle(
        &["A B C D E F G H I J K L M N O P Q . . ."],
        &["A B C D E F G H I J K L M N O P . Q . ."],
    );
    assert_eq!(
        BlockDomain::new(&corridor, Metric::Step)
            .unwrap()
            .state_words(),
        2
    );
    for metric in Metric::ALL {
        assert_narrow_agrees(&corridor, metric);
    }
    let mut widths = std::collections::BTreeSet::new();
    for seed in 0..10 {
        let puzzle = random_puzzle(seed);
        for metric in Metric::ALL {
            if let Ok(domain) = BlockDomain::new(&puzzle, metric) {
                widths.insert(domain.state_words());
                assert_narrow_agrees(&puzzle, metric);
            }
        }
    }
    assert!(widths.contains(&1), "{widths:?}");
}

/// A control whose memory limit is `bytes`, on `threads` threads.
fn within(bytes: u64, threads: usize) -> SearchControl {
    let limits = Limits {
        max_memory_bytes: bytes,
        ..Limits::default()
    };
    SearchControl::new(limits).with_threads(threads)
}

/// Under a memory limit the hash table cannot meet, the walk and the search move to sorted
/// layers of packed states: the same space layer by layer, a path as short that replays, and
/// the same answer and statistics on one thread or three.
#[test]
fn sorted_layers_walk_and_solve_where_the_hash_table_does_not_fit() {
    for (puzzle, metric) in [
        (bundled("klotski.ron"), Metric::Step),
        (bundled("klotski.ron"), Metric::Move),
        (bundled("pennant.ron"), Metric::Slide),
    ] {
        let domain = BlockDomain::new(&puzzle, metric).unwrap();
        let whole = count_space(&domain, &mut control());
        let hashed = blocks::count_space(&domain, &mut control());
        assert_eq!(hashed.termination, Termination::Unsolvable);
        let room = hashed.stats.peak_memory_bytes / 2;
        assert_eq!(
            count_space(&domain, &mut within(room, 1)).termination,
            Termination::MemoryLimit,
            "{metric}: the hash-table walk does not fit in {room} bytes"
        );
        let sorted = blocks::count_space(&domain, &mut within(room, 1));
        assert_eq!(sorted.termination, Termination::Unsolvable, "{metric}");
        assert_eq!(sorted.per_depth, whole.per_depth, "{metric}");
        assert_eq!(sorted.goal_states, whole.goal_states, "{metric}");
        assert!(sorted.stats.peak_memory_bytes <= room, "{metric}");
        let on_three = blocks::count_space(&domain, &mut within(room, 3));
        assert_eq!(on_three.per_depth, sorted.per_depth, "{metric}");
        assert_eq!(counts(&on_three.stats), counts(&sorted.stats), "{metric}");

        let graph = bfs(&domain, &mut control());
        let room = graph.stats.peak_memory_bytes / 2;
        let lean = blocks::bfs(&domain, &mut within(room, 1));
        assert_eq!(lean.termination, Termination::Solved, "{metric}");
        assert!(lean.optimal, "{metric}");
        let path = lean.path.as_ref().unwrap();
        assert_eq!(path.len(), graph.path.as_ref().unwrap().len(), "{metric}");
        replay_path(&puzzle, &domain, path, metric);
        let before: u64 = whole.per_depth[..path.len()].iter().sum();
        assert!(lean.stats.expanded > before, "{metric}");
        assert!(lean.stats.peak_memory_bytes <= room, "{metric}");
        let on_three = blocks::bfs(&domain, &mut within(room, 3));
        assert_eq!(on_three.path, lean.path, "{metric}");
        assert_eq!(counts(&on_three.stats), counts(&lean.stats), "{metric}");
    }
}

/// A space whose layers are big enough for the sorted walk to merge them on every thread
/// (the 2x5 sliding-tile puzzle: 10!/2 = 1,814,400 positions, layers of up to about 200,000):
/// the walk on one, two and three threads finds the layers of the hash-table walk on full
/// states, with the same statistics, `max_frontier` included; the search finds the same path.
#[test]
#[ignore = "slow: release suite"]
fn sorted_layers_merged_on_every_thread_match_the_hash_table_walk() {
    let puzzle = blockslide_core::model::file::parse(
        "(format: 1, board: [\"1 2 3 4 5\", \"6 7 8 9 .\"], goal: (anywhere: false, \
         cells: [\". 9 8 7 6\", \"5 4 3 2 1\"]))",
    )
    .unwrap();
    let domain = BlockDomain::new(&puzzle, Metric::Step).unwrap();
    let whole = count_space(&domain, &mut control());
    assert_eq!(whole.states, 1_814_400);
    let room = whole.stats.peak_memory_bytes / 2;
    let walks: Vec<_> = [1, 2, 3]
        .map(|threads| blocks::count_space(&domain, &mut within(room, threads)))
        .into();
    for walk in &walks {
        assert_eq!(walk.termination, Termination::Unsolvable);
        assert_eq!(walk.per_depth, whole.per_depth);
        assert_eq!(walk.goal_states, whole.goal_states);
        assert_eq!(counts(&walk.stats), counts(&walks[0].stats));
        assert_eq!(
            walk.stats.max_frontier,
            *whole.per_depth.iter().max().unwrap(),
            "the frontier at its largest is the largest layer"
        );
    }
    let searches: Vec<_> = [1, 2]
        .map(|threads| blocks::bfs(&domain, &mut within(room, threads)))
        .into();
    let path = searches[0].path.as_ref().expect("the goal is reachable");
    replay_path(&puzzle, &domain, path, Metric::Step);
    assert_eq!(searches[1].path, searches[0].path);
    assert_eq!(counts(&searches[1].stats), counts(&searches[0].stats));
}

/// `puzzle` inside a border of walls: the same pieces, goal and zones, written on a board two
/// rows and two columns larger.
fn with_border(puzzle: &Puzzle) -> Puzzle {
    use blockslide_core::model::Cell;
    let (rows, cols) = (puzzle.rows + 2, puzzle.cols + 2);
    let inside = |i: usize| {
        let (r, c) = (i / cols, i % cols);
        (r > 0 && r <= puzzle.rows && c > 0 && c <= puzzle.cols)
            .then(|| (r - 1) * puzzle.cols + c - 1)
    };
    let mut framed = puzzle.clone();
    framed.rows = rows;
    framed.cols = cols;
    framed.cells = (0..rows * cols)
        .map(|i| inside(i).map_or(Cell::Wall, |j| puzzle.cells[j]))
        .collect();
    framed.goal.cells = (0..rows * cols)
        .map(|i| inside(i).and_then(|j| puzzle.goal.cells[j]))
        .collect();
    for (zone, bare) in framed.zones.iter_mut().zip(&puzzle.zones) {
        zone.cells = (0..rows * cols)
            .map(|i| inside(i).is_some_and(|j| bare.cells[j]))
            .collect();
    }
    framed
}

/// The words a position takes (and so the memory of every stored position) are the puzzle's,
/// not its spelling's: a border of walls widens the span of a set of placements but not a
/// sorted placement index, and GNOME Klotski's Lodzianka once took two words written without
/// its border and one with it (638 MiB against 395 MiB on two threads in the move metric).
#[test]
fn a_border_of_walls_takes_the_same_words_as_the_bare_board() {
    let level = |name: &str| {
        let path = format!("{}/../../benches/big/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        blockslide_core::model::file::parse(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
    };
    let words = |puzzle: &Puzzle, metric| {
        BlockDomain::new(puzzle, metric)
            .unwrap_or_else(|e| panic!("{}: {e}", puzzle.name))
            .state_words()
    };
    for (framed, bare) in [
        ("lodzianka.ron", "lodzianka-5x7.ron"),
        ("pelopones.ron", "pelopones-6x7.ron"),
    ] {
        let (framed, bare) = (level(framed), level(bare));
        assert_eq!(with_border(&bare).cells, framed.cells, "{}", bare.name);
        for metric in Metric::ALL {
            assert_eq!(words(&framed, metric), 1, "{} {metric}", framed.name);
            assert_eq!(words(&bare, metric), 1, "{} {metric}", bare.name);
        }
    }
    let mut puzzles = vec![
        bundled("klotski.ron"),
        bundled("pennant.ron"),
        bundled("blocks-small.ron"),
        bundled("two-ls-meet.ron"),
    ];
    puzzles.extend((0..40).map(random_puzzle));
    for puzzle in puzzles {
        for metric in Metric::ALL {
            if let Ok(bare) = BlockDomain::new(&puzzle, metric) {
                assert_eq!(
                    words(&with_border(&puzzle), metric),
                    bare.state_words(),
                    "{} {metric}",
                    puzzle.name
                );
            }
        }
    }
}
