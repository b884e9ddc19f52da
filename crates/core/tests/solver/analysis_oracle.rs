//! The analyses checked against an independent yardstick: graphs of model positions made with
//! `Puzzle::step` only (`analysis_support`), on small boards in every metric: component sizes,
//! goal positions, the distance histogram, the hardest starts, the number of shortest
//! solutions (counted by enumerating them), the forced moves along one solution, and every
//! arrangement of a piece set with its components.

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use blockslide_core::model::{Metric, Puzzle};
use blockslide_core::solve::analysis::analyze_component;
use blockslide_core::solve::api::{analyze, explore};
use blockslide_core::solve::blocks::{Arrangements, BlockDomain, explore_piece_set};
use blockslide_core::solve::core::{Limits, SearchControl, Termination};

use crate::analysis_support;
use crate::fixtures::bundled;
use analysis_support::{Graph, all_arrangements, random_puzzle};

fn control() -> SearchControl {
    SearchControl::new(Limits::default())
}

/// Replays `moves` on `p` with `Puzzle::step`, returning every position along the way.
fn positions_along(p: &Puzzle, moves: &[blockslide_core::model::PieceMove]) -> Vec<Puzzle> {
    let mut at = p.clone();
    let mut out = vec![at.clone()];
    for m in moves {
        for &d in &m.steps {
            at.step(m.piece, d).expect("every unit step is legal");
        }
        out.push(at.clone());
    }
    out
}

/// The engine's analysis of `p`'s component against the model graph's.
fn check_component(p: &Puzzle, metric: Metric) {
    let what = format!("{metric} metric, board {:?}", p.board_rows());
    let domain = BlockDomain::new(p, metric).unwrap();
    // The block engine's own analysis runs on narrow states; the generic one on the domain.
    let a = blockslide_core::solve::blocks::analyze(&domain, &mut control());
    let wide = analyze_component(&domain, &mut control());
    assert_eq!(
        (&wide.histogram, wide.solutions, &wide.choices, &wide.path),
        (&a.histogram, a.solutions, &a.choices, &a.path),
        "narrow and wide agree, {what}"
    );
    let g = Graph::reachable(std::slice::from_ref(p), metric);
    let dist = g.distances();
    assert_eq!(a.component, g.positions.len() as u64, "component, {what}");
    let goals = g.goal.iter().filter(|&&x| x).count() as u64;
    assert_eq!(a.goal_positions, goals, "goal positions, {what}");
    if goals == 0 {
        assert_eq!(a.status, Termination::Unsolvable, "{what}");
        assert!(a.histogram.is_empty() && a.hardest.is_none() && a.solutions.is_none());
        return;
    }
    assert_eq!(a.status, Termination::Solved, "{what}");
    let max = dist.iter().map(|d| d.unwrap()).max().unwrap();
    let mut histogram = vec![0u64; max as usize + 1];
    for d in &dist {
        histogram[d.unwrap() as usize] += 1;
    }
    assert_eq!(a.histogram, histogram, "histogram, {what}");
    assert_eq!(a.histogram.iter().sum::<u64>(), a.component, "{what}");
    assert_eq!(a.start_distance, dist[0], "start distance, {what}");
    let hardest = a.hardest.as_ref().unwrap();
    assert_eq!(hardest.distance, max, "hardest distance, {what}");
    assert_eq!(hardest.count, histogram[max as usize], "{what}");
    let example = g.find(&domain.position(&hardest.example));
    assert_eq!(dist[example], Some(max), "the hardest example, {what}");
    let solutions = a.solutions.unwrap();
    assert!(!solutions.saturated);
    let brute = g
        .shortest_paths(&dist, 0, 1_000_000)
        .expect("few enough to enumerate");
    assert_eq!(
        solutions.value,
        u128::from(brute),
        "optimal solutions, {what}"
    );
    let moves = domain.piece_moves(&a.path);
    assert_eq!(moves.len() as u32, dist[0].unwrap(), "{what}");
    let along = positions_along(p, &moves);
    assert!(
        g.goal[g.find(along.last().unwrap())],
        "the solution ends on a goal"
    );
    let choices: Vec<u32> = along[..along.len() - 1]
        .iter()
        .map(|q| g.downhill(&dist, g.find(q)))
        .collect();
    assert_eq!(a.choices, choices, "choices along the solution, {what}");
}

#[test]
fn component_analysis_matches_the_model_on_random_small_puzzles() {
    for seed in 0..80 {
        for metric in Metric::ALL {
            check_component(&random_puzzle(seed), metric);
        }
    }
}

#[test]
fn component_analysis_matches_the_model_on_the_small_notebook_puzzle() {
    for metric in Metric::ALL {
        check_component(&bundled("blocks-small.ron"), metric);
    }
}

#[test]
fn tile_puzzles_are_analysed_on_the_tile_domain_like_the_model_says() {
    let p = bundled("two-by-three.ron");
    let report = analyze(&p, Metric::Step, control()).unwrap();
    let g = Graph::reachable(std::slice::from_ref(&p), Metric::Step);
    let dist = g.distances();
    assert_eq!(report.component, g.positions.len() as u64);
    assert_eq!(report.start_distance, dist[0]);
    let max = dist.iter().map(|d| d.unwrap()).max().unwrap();
    let hardest = report.hardest.unwrap();
    assert_eq!(hardest.distance, max);
    assert_eq!(dist[g.find(&hardest.position)], Some(max));
    assert_eq!(hardest.position.goal, p.goal, "the original goal is kept");
    let brute = g.shortest_paths(&dist, 0, 1_000_000).unwrap();
    assert_eq!(report.solutions.unwrap().value, u128::from(brute));
    let along = positions_along(&p, &report.solution);
    assert!(along.last().unwrap().goal_satisfied());
}

#[test]
fn klotski_in_every_metric_has_its_known_optimum_and_a_full_histogram() {
    for (metric, optimum) in [(Metric::Step, 116), (Metric::Slide, 90), (Metric::Move, 81)] {
        let report = analyze(&bundled("klotski.ron"), metric, control()).unwrap();
        assert_eq!(report.status, Termination::Solved);
        assert_eq!(report.component, 25_955);
        assert_eq!(report.start_distance, Some(optimum), "{metric}");
        assert_eq!(report.histogram.iter().sum::<u64>(), 25_955);
        assert_eq!(report.solution.len(), optimum as usize);
        assert_eq!(report.choices.len(), optimum as usize);
        let hardest = report.hardest.unwrap();
        assert!(hardest.distance >= optimum);
        assert_eq!(
            report.histogram.len() as u32,
            hardest.distance + 1,
            "{metric}"
        );
    }
}

/// The components of all arrangements in the model graph: (largest distance to a goal,
/// size) of each solvable one, hardest first, and how many there are, solvable or not.
fn model_components(g: &Graph) -> (Vec<(u32, u64)>, u64) {
    let dist = g.distances();
    let mut component = vec![usize::MAX; g.positions.len()];
    let (mut hardest, mut count) = (Vec::new(), 0);
    for i in 0..g.positions.len() {
        if component[i] != usize::MAX {
            continue;
        }
        count += 1;
        let nodes = g.component_of(i);
        for &j in &nodes {
            component[j] = i;
        }
        if let Some(max) = nodes.iter().filter_map(|&j| dist[j]).max() {
            hardest.push((max, nodes.len() as u64));
        }
    }
    hardest.sort_unstable_by(|a, b| b.cmp(a));
    (hardest, count)
}

fn check_piece_set(p: &Puzzle, metric: Metric, top: usize) {
    let what = format!("{metric} metric, board {:?}", p.board_rows());
    let domain = BlockDomain::new(p, metric).unwrap();
    let report = explore_piece_set(&domain, top, &mut control());
    assert_eq!(report.status, Termination::Solved, "{what}");
    let arrangements = all_arrangements(p);
    assert_eq!(report.arrangements, arrangements.len() as u64, "{what}");
    let g = Graph::reachable(&arrangements, metric);
    assert_eq!(
        g.positions.len(),
        arrangements.len(),
        "moves stay in the set"
    );
    let (hardest, components) = model_components(&g);
    assert_eq!(report.components, components, "components, {what}");
    assert_eq!(report.solvable_components, hardest.len() as u64, "{what}");
    let goals = g.goal.iter().filter(|&&x| x).count() as u64;
    assert_eq!(report.goal_arrangements, goals, "{what}");
    let got: Vec<(u32, u64)> = report
        .hardest
        .iter()
        .map(|h| (h.distance, h.component))
        .collect();
    let want: Vec<(u32, u64)> = hardest.into_iter().take(top).collect();
    assert_eq!(got, want, "hardest components, {what}");
    let dist = g.distances();
    for h in &report.hardest {
        let i = g.find(&domain.position(&h.example));
        assert_eq!(dist[i], Some(h.distance), "a hardest example, {what}");
        assert_eq!(g.component_of(i).len() as u64, h.component, "{what}");
        let same = g
            .component_of(i)
            .iter()
            .filter(|&&j| dist[j] == Some(h.distance))
            .count();
        assert_eq!(h.count, same as u64, "{what}");
    }
}

#[test]
fn piece_set_exploration_matches_the_model_on_random_small_puzzles() {
    for seed in 0..40 {
        for metric in Metric::ALL {
            check_piece_set(&random_puzzle(seed), metric, 3);
        }
    }
}

#[test]
fn piece_set_exploration_matches_the_model_on_the_small_notebook_board() {
    for metric in Metric::ALL {
        check_piece_set(&bundled("blocks-small.ron"), metric, 4);
    }
}

#[test]
fn ranks_number_the_arrangements_without_collisions() {
    for seed in 0..40 {
        let p = random_puzzle(seed);
        let domain = BlockDomain::new(&p, Metric::Step).unwrap();
        let numbered = Arrangements::new(&domain, |_| true).unwrap_or_else(|_| unreachable!());
        let mut seen: HashSet<u64> = HashSet::new();
        numbered.for_each(&domain, |state| {
            let r = numbered.rank(&domain, &state);
            assert!(r < numbered.ranks(), "rank {r} of {}", numbered.ranks());
            assert!(seen.insert(r), "rank {r} twice, seed {seed}");
            std::ops::ControlFlow::Continue(())
        });
        assert_eq!(seen.len(), all_arrangements(&p).len(), "seed {seed}");
    }
}

#[test]
fn the_klotski_piece_set_has_65880_arrangements_numbered_one_bit_each() {
    let klotski = bundled("klotski.ron");
    let report = explore(&klotski, Metric::Move, 3, control()).unwrap();
    assert_eq!(report.status, Termination::Solved);
    assert_eq!(report.arrangements, 65_880);
    let hardest = &report.hardest[0];
    let start = analyze(&hardest.position, Metric::Move, control()).unwrap();
    assert_eq!(start.start_distance, Some(hardest.distance));
    assert_eq!(start.component, hardest.component);
    let domain = BlockDomain::new(&klotski, Metric::Move).unwrap();
    let numbered = Arrangements::new(&domain, |_| true).unwrap_or_else(|_| unreachable!());
    assert_eq!(
        numbered.ranks(),
        65_880,
        "single-cell soldiers last: no gaps"
    );
}

#[test]
fn a_node_limit_in_the_walk_back_leaves_the_first_layers_and_says_so() {
    // The walk out from the start and the walk back from the goals expand about as many
    // positions each (one of each mirror pair: Klotski is symmetric); a limit three
    // quarters of the way stops the second.
    let klotski = bundled("klotski.ron");
    let whole = analyze(&klotski, Metric::Move, control()).unwrap();
    assert_eq!(whole.status, Termination::Solved);
    let limits = Limits {
        max_nodes: whole.stats.expanded * 3 / 4,
        ..Limits::default()
    };
    let report = analyze(&klotski, Metric::Move, SearchControl::new(limits)).unwrap();
    assert_eq!(report.status, Termination::NodeLimit);
    assert!(!report.complete());
    assert_eq!(report.component, 25_955, "the first walk finished");
    assert!(report.hardest.is_none() && report.solutions.is_none());
    let partial: u64 = report.histogram.iter().sum();
    assert!(partial < 25_955, "{partial}");
    assert!(
        report.notes.iter().any(|n| n.contains("first")),
        "{:?}",
        report.notes
    );
    assert!(report.stats.expanded <= limits.max_nodes);
}

#[test]
fn a_distance_map_over_the_memory_limit_skips_only_the_solution_count() {
    // Between the room the walks need and the room the whole analysis needs, the analysis
    // of a domain without a leaner way (tiles here) still gives the distances and the
    // hardest starts, and skips only the solution count.
    let eight = bundled("eight-31a.ron");
    let full = analyze(&eight, Metric::Step, control()).unwrap();
    assert_eq!(full.start_distance, Some(31));
    let peak = full.stats.peak_memory_bytes;
    let skipped_only_the_count = (1..=16).map(|i| peak * i / 17).find_map(|room| {
        let limits = Limits {
            max_memory_bytes: room,
            ..Limits::default()
        };
        let report = analyze(&eight, Metric::Step, SearchControl::new(limits)).unwrap();
        (report.status == Termination::Solved && report.solutions.is_none())
            .then_some((room, report))
    });
    let (room, report) = skipped_only_the_count.expect("some limit skips only the count");
    assert_eq!(report.start_distance, Some(31));
    assert!(report.hardest.is_some());
    assert!(report.notes.iter().any(|n| n.contains("memory limit")));
    assert!(report.stats.peak_memory_bytes <= room);
}

#[test]
fn a_block_puzzle_past_its_distance_map_is_counted_on_sorted_layers() {
    // A block puzzle whose distance map does not fit is analysed on sorted layers instead:
    // every complete analysis counts the solutions, also within less memory than the
    // distance map alone takes.
    let klotski = bundled("klotski.ron");
    let full = analyze(&klotski, Metric::Move, control()).unwrap();
    let peak = full.stats.peak_memory_bytes;
    let mut counted_in_less = false;
    for room in (1..=16).map(|i| peak * i / 17) {
        let limits = Limits {
            max_memory_bytes: room,
            ..Limits::default()
        };
        let report = analyze(&klotski, Metric::Move, SearchControl::new(limits)).unwrap();
        assert!(
            report.stats.peak_memory_bytes <= room,
            "{} > {room}: {:?} {:?}",
            report.stats.peak_memory_bytes,
            report.status,
            report.notes
        );
        if report.status == Termination::Solved {
            assert_eq!(report.solutions, full.solutions, "within {room} bytes");
            assert_eq!(report.histogram, full.histogram, "within {room} bytes");
            assert_eq!(report.start_distance, Some(81));
            counted_in_less |= room < peak / 2;
        }
    }
    assert!(
        counted_in_less,
        "some limit under half the hash tables' peak counts them"
    );
}

#[test]
fn a_cancelled_analysis_and_exploration_stop_at_once() {
    let klotski = bundled("klotski.ron");
    let flag = Arc::new(AtomicBool::new(true));
    let a = analyze(
        &klotski,
        Metric::Move,
        control().with_cancel(Arc::clone(&flag)),
    )
    .unwrap();
    assert_eq!(a.status, Termination::Cancelled);
    assert!(!a.notes.is_empty());
    let e = explore(&klotski, Metric::Move, 3, control().with_cancel(flag)).unwrap();
    assert_eq!(e.status, Termination::Cancelled);
    assert!(e.arrangements < 65_880);
    assert!(!e.notes.is_empty());
}

#[test]
fn explore_refuses_tile_puzzles_with_a_reason() {
    let p = bundled("two-by-three.ron");
    let err = explore(&p, Metric::Step, 3, control()).unwrap_err();
    assert!(err.to_string().contains("analyze"), "{err}");
}

#[test]
fn a_lone_cell_crossing_an_empty_board_has_a_binomial_number_of_shortest_paths() {
    for (rows, cols) in [(2, 3), (5, 4), (32, 32)] {
        let mut board = vec![". ".repeat(cols).trim_end().to_string(); rows];
        let mut goal = board.clone();
        board[0].replace_range(0..1, "A");
        let last = goal[rows - 1].len() - 1;
        goal[rows - 1].replace_range(last.., "A");
        let p = analysis_support::puzzle(
            &board.iter().map(String::as_str).collect::<Vec<_>>(),
            &goal.iter().map(String::as_str).collect::<Vec<_>>(),
        );
        let report = analyze(&p, Metric::Step, control()).unwrap();
        // C(rows + cols - 2, rows - 1): the paths choose which of their steps go down.
        let (n, k) = ((rows + cols - 2) as u128, (rows - 1) as u128);
        let binomial = (0..k).fold(1u128, |c, i| c * (n - i) / (i + 1));
        let solutions = report.solutions.unwrap();
        assert_eq!((solutions.value, solutions.saturated), (binomial, false));
        assert_eq!(report.component, (rows * cols) as u64);
        assert_eq!(report.start_distance, Some((rows + cols - 2) as u32));
    }
}

#[test]
fn path_counts_saturate_with_a_mark_instead_of_overflowing() {
    use blockslide_core::solve::analysis::PathCount;
    let almost = PathCount {
        value: u128::MAX - 1,
        saturated: false,
    };
    assert_eq!(almost.plus(PathCount::ONE).value, u128::MAX);
    assert!(
        !almost.plus(PathCount::ONE).saturated,
        "u128::MAX itself is exact"
    );
    let over = almost.plus(PathCount::ONE).plus(PathCount::ONE);
    assert!(over.saturated);
    assert_eq!(over.value, u128::MAX);
    assert!(over.plus(PathCount::ONE).saturated, "saturation sticks");
    assert!(over.to_string().starts_with("more than "), "{over}");
}

#[test]
fn an_exploration_over_the_memory_limit_says_so_before_walking() {
    let limits = Limits {
        max_memory_bytes: 4096,
        ..Limits::default()
    };
    let report = explore(
        &bundled("klotski.ron"),
        Metric::Move,
        3,
        SearchControl::new(limits),
    )
    .unwrap();
    assert_eq!(report.status, Termination::MemoryLimit);
    assert_eq!(report.components, 0);
    assert!(
        report.notes.iter().any(|n| n.contains("memory")),
        "{:?}",
        report.notes
    );
}

#[test]
fn the_progress_sink_hears_the_whole_analysis_at_the_end() {
    use std::sync::Mutex;
    let heard = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&heard);
    let control = control().with_progress(Box::new(move |stats| {
        sink.lock().unwrap().push(stats.expanded);
    }));
    let report = analyze(&bundled("klotski.ron"), Metric::Move, control).unwrap();
    let heard = heard.lock().unwrap();
    assert_eq!(heard.last(), Some(&report.stats.expanded));
    // Two walks over the component, each expanding one position of every mirror pair.
    assert!(
        report.stats.expanded >= 25_955,
        "two walks over the component"
    );
}

/// A hardest start of a Rush Hour board lies in the start's component, where no car leaves
/// its lane: reported with the cars named as at the start, each is still in its own lane,
/// so "Make this the start" moves cars the user can follow.
#[test]
fn a_rush_hour_hardest_start_names_every_car_as_at_the_start() {
    use blockslide_core::model::Axis;
    let start = bundled("rush-hour-halfway.ron");
    let report = analyze(&start, Metric::Slide, control()).unwrap();
    let hardest = report.hardest.expect("a hardest start").position;
    let lane = |p: &blockslide_core::model::PieceCells| -> Vec<usize> {
        match start.axis_of(p.token) {
            Axis::Vertical => p.cells.iter().map(|c| c.1).collect(),
            _ => p.cells.iter().map(|c| c.0).collect(),
        }
    };
    let now = hardest.pieces();
    for car in start.pieces() {
        let there = now
            .iter()
            .find(|p| p.token == car.token)
            .unwrap_or_else(|| panic!("{} in {:?}", car.token, hardest.board_rows()));
        assert_eq!(
            lane(there),
            lane(&car),
            "{} left its lane: {:?}",
            car.token,
            hardest.board_rows()
        );
    }
}
