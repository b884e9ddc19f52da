//! Narrow states: a view of a [`BlockDomain`] whose states keep only the words of bit fields
//! the puzzle uses (one 64-bit word for Klotski instead of four), so the whole-space walk and
//! breadth-first search store, hash and compare a quarter of the bytes.
//!
//! The view is the same domain (same start, goal test, moves in the same order, same moves,
//! same successors), only its states are shorter: a [`BlockState`] whose unused words are
//! zero is widened on the way into the domain and cut on the way out, and the step kernel
//! works on the short words directly. Statistics and solutions are therefore those of a
//! search on the [`BlockDomain`] itself (a walk may meet successors in another order, which
//! moves only its widest frontier).

use crate::solve::core::Reason;
use crate::solve::algorithms::layers::{AtGoal, Key, Layers, Packing, sorted_walk};
use crate::solve::algorithms::{self, Algorithm, RunOptions, SpaceWalk, lean_bfs};
use crate::solve::analysis::{
    Analysis, Counting, analyze_component, analyze_component_if_small_counting, analyze_sorted,
};
use crate::solve::core::{Domain, Heuristic, SearchControl, SearchOutcome, Termination};
use crate::solve::observe::Observer;

use super::domain::BlockDomain;
use super::heuristics::BlockEstimator;
use super::state::{BlockMove, BlockState};

/// The first `W` words of a [`BlockState`] (the others are zero for the puzzle at hand).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct NarrowState<const W: usize> {
    words: [u64; W],
}

impl<const W: usize> std::hash::Hash for NarrowState<W> {
    /// Feeds the hasher one word, mixed exactly as [`BlockState`] mixes its words.
    #[inline]
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(BlockState::from_words(&self.words).mixed());
    }
}

/// A [`BlockDomain`] seen with [`NarrowState`]s of `W` words; only for a domain whose
/// [`BlockDomain::state_words`] is at most `W`.
struct Narrow<'a, const W: usize>(&'a BlockDomain);

impl<const W: usize> Narrow<'_, W> {
    #[inline]
    fn cut(state: &BlockState) -> NarrowState<W> {
        NarrowState {
            words: state.first_words(),
        }
    }

    /// The successors through moves, for puzzles the kernel does not take (kept out of line,
    /// so that the walk's loop around the kernel stays small).
    #[inline(never)]
    fn by_moves(
        &self,
        state: &NarrowState<W>,
        moves: &mut Vec<BlockMove>,
        out: &mut Vec<NarrowState<W>>,
    ) {
        let wide = BlockState::from_words(&state.words);
        moves.clear();
        self.0.moves(&wide, moves);
        out.extend(moves.iter().map(|&mv| Self::cut(&self.0.apply(&wide, mv))));
    }
}

impl<const W: usize> Domain for Narrow<'_, W> {
    type State = NarrowState<W>;
    type Move = BlockMove;

    fn start(&self) -> NarrowState<W> {
        Self::cut(&self.0.start())
    }

    #[inline(always)]
    fn is_goal(&self, state: &NarrowState<W>) -> bool {
        self.0.is_goal_words(&state.words)
    }

    #[inline]
    fn moves(&self, state: &NarrowState<W>, out: &mut Vec<BlockMove>) {
        self.0.moves(&BlockState::from_words(&state.words), out);
    }

    #[inline]
    fn successors(
        &self,
        state: &NarrowState<W>,
        known: &NarrowState<W>,
        moves: &mut Vec<BlockMove>,
        out: &mut Vec<NarrowState<W>>,
    ) -> u64 {
        let wrap = |words| NarrowState { words };
        if let Some(skipped) = self
            .0
            .kernel_successors(&state.words, &known.words, out, wrap)
        {
            return skipped;
        }
        self.by_moves(state, moves, out);
        0
    }

    #[inline(always)]
    fn apply(&self, state: &NarrowState<W>, mv: BlockMove) -> NarrowState<W> {
        Self::cut(&self.0.apply(&BlockState::from_words(&state.words), mv))
    }

    #[inline]
    fn mirror(&self, state: &NarrowState<W>) -> Option<NarrowState<W>> {
        self.0
            .mirror_words(&state.words)
            .map(|words| NarrowState { words })
    }

    fn undoes(&self, prev: BlockMove, next: BlockMove) -> bool {
        self.0.undoes(prev, next)
    }

    fn goal_state(&self) -> Result<NarrowState<W>, Reason> {
        self.0.goal_state().map(|s| Self::cut(&s))
    }
}

/// A block heuristic read through narrow states (widened on the way in).
struct NarrowHeuristic<'h>(&'h BlockEstimator);

impl<const W: usize> Heuristic<Narrow<'_, W>> for NarrowHeuristic<'_> {
    fn estimate(&self, domain: &Narrow<'_, W>, state: &NarrowState<W>) -> u32 {
        self.0
            .estimate(domain.0, &BlockState::from_words(&state.words))
    }

    fn admissible(&self) -> bool {
        self.0.admissible()
    }
}

/// One-word narrow states as keys: the word itself.
const ONE_WORD: Packing<'static, NarrowState<1>, u64> = Packing {
    key: &|s| s.words[0],
    unkey: &|k| NarrowState { words: [k] },
};

/// Two-word narrow states as keys: the words side by side.
const TWO_WORDS: Packing<'static, NarrowState<2>, u128> = Packing {
    key: &|s| u128::from(s.words[0]) | u128::from(s.words[1]) << 64,
    unkey: &|k| NarrowState {
        words: [k as u64, (k >> 64) as u64],
    },
};

/// Runs `algorithm` (see [`algorithms::run_observed`]) on `domain` through the narrowest states that
/// hold it, reporting every step to `observer`; the moves of the path and of the events are
/// the domain's own (the narrow view shares them).
pub fn run<O: Observer<BlockMove>>(
    algorithm: Algorithm,
    domain: &BlockDomain,
    heuristic: &BlockEstimator,
    options: &RunOptions,
    control: &mut SearchControl,
    observer: &mut O,
) -> SearchOutcome<BlockMove> {
    // A watched search runs the textbook loop, whose steps a student can follow.
    if algorithm == Algorithm::Bfs && domain.state_words() <= 2 && !observer.active() {
        return bfs(domain, control);
    }
    let narrow = NarrowHeuristic(heuristic);
    match domain.state_words() {
        0 | 1 => algorithms::run_observed(
            algorithm,
            &Narrow::<1>(domain),
            &narrow,
            options,
            control,
            observer,
        ),
        2 => algorithms::run_observed(
            algorithm,
            &Narrow::<2>(domain),
            &narrow,
            options,
            control,
            observer,
        ),
        _ => algorithms::run_observed(algorithm, domain, heuristic, options, control, observer),
    }
}

/// [`count_space`](crate::solve::algorithms::count_space) on `domain`, through the narrowest states
/// that hold it: on states of one or two words, the hash-table walk while it fits in
/// `SMALL_BYTES`, else the walk on sorted keys (`sorted_walk`: a few bytes per state, on
/// every thread of `control`).
pub fn count_space(domain: &BlockDomain, control: &mut SearchControl) -> SpaceWalk {
    let stopped = |e: &SpaceWalk| e.termination;
    match domain.state_words() {
        0 | 1 => small_then_big(
            control,
            |c| algorithms::count_space(&Narrow::<1>(domain), c),
            stopped,
            |c| sorted_count(&Narrow::<1>(domain), c, &ONE_WORD),
        ),
        2 => small_then_big(
            control,
            |c| algorithms::count_space(&Narrow::<2>(domain), c),
            stopped,
            |c| sorted_count(&Narrow::<2>(domain), c, &TWO_WORDS),
        ),
        _ => algorithms::count_space(domain, control),
    }
}

/// The whole-space walk from `domain`'s start on sorted keys, a later attempt of one task.
fn sorted_count<const W: usize, K: Key>(
    domain: &Narrow<'_, W>,
    control: &mut SearchControl,
    pack: &Packing<'_, NarrowState<W>, K>,
) -> SpaceWalk {
    let start = vec![(pack.key)(&domain.start())];
    sorted_walk(domain, control, pack, start, AtGoal::Count, Layers::LastTwo).exploration
}

/// Breadth-first search on `domain`, through the narrowest states that hold it: on states of
/// one or two words, the graph search while it fits in `SMALL_BYTES`, else `lean_bfs`
/// keyed by the words (a few bytes per state instead of a node each, on every thread of
/// `control`); on wider states the graph search. The moves of the path are the domain's own.
pub fn bfs(domain: &BlockDomain, control: &mut SearchControl) -> SearchOutcome<BlockMove> {
    let stopped = |o: &SearchOutcome<BlockMove>| o.termination;
    match domain.state_words() {
        0 | 1 => small_then_big(
            control,
            |c| algorithms::bfs(&Narrow::<1>(domain), c),
            stopped,
            |c| lean_bfs(&Narrow::<1>(domain), c, &ONE_WORD),
        ),
        2 => small_then_big(
            control,
            |c| algorithms::bfs(&Narrow::<2>(domain), c),
            stopped,
            |c| lean_bfs(&Narrow::<2>(domain), c, &TWO_WORDS),
        ),
        _ => algorithms::bfs(domain, control),
    }
}

/// The memory within which a walk or search keeps its hash table: below it the table is
/// the fastest (Klotski's whole space in about a millisecond); past it the sorted layers take
/// a tenth of the bytes per state and share the work among threads. Small, because the
/// attempt that outgrows it is thrown away (a graph search of 16 MB holds about half a
/// million positions, a fraction of a second).
pub(crate) const SMALL_BYTES: u64 = 16 << 20;

/// Runs `small` within [`SMALL_BYTES`] (or the caller's tighter memory limit); if that
/// stops at the memory limit, runs `big` within the caller's own limits, on the same clock.
fn small_then_big<T>(
    control: &mut SearchControl,
    small: impl FnOnce(&mut SearchControl) -> T,
    stopped: impl Fn(&T) -> Termination,
    big: impl FnOnce(&mut SearchControl) -> T,
) -> T {
    let limit = control.limits.max_memory_bytes;
    control.limits.max_memory_bytes = limit.min(SMALL_BYTES);
    let first = small(control);
    control.limits.max_memory_bytes = limit;
    if stopped(&first) == Termination::MemoryLimit {
        big(control)
    } else {
        first
    }
}

/// [`analyze_component`] on `domain`, through the narrowest states that hold it (its walks,
/// distance map and path count store a quarter of the bytes on Klotski); on states of one or
/// two words, with hash tables while the component fits in `SMALL_BYTES`, else on sorted
/// layers of keys (`analyze_sorted`: a few bytes per position, on every thread of
/// `control`). The states and moves of the analysis are the domain's own.
pub fn analyze(
    domain: &BlockDomain,
    control: &mut SearchControl,
) -> Analysis<BlockState, BlockMove> {
    analyze_counting(domain, control, Counting::Solutions)
}

/// [`analyze`] without the count of the start's shortest solutions (and the distance map it
/// needs): the component, the histogram, the start's distance and the hardest starts, for a
/// design search that judges thousands of candidates.
pub fn hardest_starts(
    domain: &BlockDomain,
    control: &mut SearchControl,
) -> Analysis<BlockState, BlockMove> {
    analyze_counting(domain, control, Counting::HardestOnly)
}

fn analyze_counting(
    domain: &BlockDomain,
    control: &mut SearchControl,
    counting: Counting,
) -> Analysis<BlockState, BlockMove> {
    match domain.state_words() {
        0 | 1 => {
            let narrow = Narrow::<1>(domain);
            analyze_component_if_small_counting(&narrow, control, SMALL_BYTES, counting)
                .unwrap_or_else(|first| analyze_sorted(&narrow, control, &ONE_WORD, first))
                .map_states(|s| BlockState::from_words(&s.words))
        }
        2 => {
            let narrow = Narrow::<2>(domain);
            analyze_component_if_small_counting(&narrow, control, SMALL_BYTES, counting)
                .unwrap_or_else(|first| analyze_sorted(&narrow, control, &TWO_WORDS, first))
                .map_states(|s| BlockState::from_words(&s.words))
        }
        _ => analyze_component(domain, control),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Metric, Puzzle};
    use crate::solve::algorithms::bfs::distance_map;
    use crate::solve::core::Limits;

    fn klotski() -> Puzzle {
        Puzzle::from_rows(
            &["B A A C", "B A A C", "D E E F", "D G H F", "I . . J"],
            &[". . . .", ". . . .", ". . . .", ". A A .", ". A A ."],
        )
        .expect("well formed")
    }

    /// "Making two L's meet" (110,804 positions in the step metric): the cell right of L7's
    /// first cell belongs to L2, anywhere.
    fn two_ls() -> Puzzle {
        let mut p = Puzzle::from_rows(
            &[
                "1 1 1 2 2",
                "3 3 4 4 2",
                "7 5 5 6 6",
                "7 7 8 8 8",
                ". . . 9 .",
            ],
            &[
                ". . . . .",
                ". . . . .",
                "7 2 . . .",
                "7 7 . . .",
                ". . . . .",
            ],
        )
        .expect("well formed");
        p.goal.anywhere = true;
        p
    }

    /// A puzzle whose goal cannot be reached: the big block may not pass the wall.
    fn walled() -> Puzzle {
        Puzzle::from_rows(
            &["A A . B", "A A # C", ". . # .", "D E # ."],
            &[". . . .", ". . . .", ". . . A", ". . . A"],
        )
        .expect("well formed")
    }

    fn on_threads(threads: usize) -> SearchControl {
        SearchControl::new(Limits::default()).with_threads(threads)
    }

    /// The sorted analysis agrees with the hash-table analysis on the full-width domain in
    /// every figure, on one thread and on three; its hardest example is at the hardest
    /// distance by an independent distance map.
    #[test]
    fn the_sorted_analysis_agrees_with_the_hash_table_analysis() {
        for puzzle in [klotski(), two_ls(), walled()] {
            for metric in Metric::ALL {
                let domain = BlockDomain::new(&puzzle, metric).expect("builds");
                let expected = analyze_component(&domain, &mut on_threads(1));
                let dist = distance_map(&domain, &mut on_threads(1)).ok();
                for threads in [1, 3] {
                    let mut control = on_threads(threads);
                    let got = match domain.state_words() {
                        0 | 1 => {
                            analyze_sorted(&Narrow::<1>(&domain), &mut control, &ONE_WORD, None)
                                .map_states(|s| BlockState::from_words(&s.words))
                        }
                        2 => analyze_sorted(&Narrow::<2>(&domain), &mut control, &TWO_WORDS, None)
                            .map_states(|s| BlockState::from_words(&s.words)),
                        w => panic!("the test puzzles fit two words, not {w}"),
                    };
                    let what = format!("{} in {metric} on {threads} threads", puzzle.name);
                    assert_eq!(got.status, expected.status, "{what}");
                    assert_eq!(got.component, expected.component, "{what}");
                    assert_eq!(got.goal_positions, expected.goal_positions, "{what}");
                    assert_eq!(got.start_distance, expected.start_distance, "{what}");
                    assert_eq!(got.histogram, expected.histogram, "{what}");
                    assert_eq!(got.solutions, expected.solutions, "{what}");
                    assert_eq!(got.path, expected.path, "{what}");
                    assert_eq!(got.choices, expected.choices, "{what}");
                    assert_eq!(got.notes, expected.notes, "{what}");
                    let (Some(hard), Some(want)) = (&got.hardest, &expected.hardest) else {
                        assert!(
                            got.hardest.is_none() && expected.hardest.is_none(),
                            "{what}"
                        );
                        continue;
                    };
                    assert_eq!((hard.distance, hard.count), (want.distance, want.count));
                    let dist = dist.as_ref().expect("a solvable puzzle has distances");
                    assert_eq!(dist.get(&hard.example), Some(&hard.distance), "{what}");
                }
            }
        }
    }

    /// A component whose distance map outgrows the hash tables' share is left to the sorted
    /// layers, which count its solutions within a memory limit of half what the hash-table
    /// analysis takes, and restore the task's memory limit for them.
    #[test]
    fn a_component_past_the_small_share_is_analysed_on_sorted_layers_in_less_memory() {
        let domain = BlockDomain::new(&two_ls(), Metric::Step).expect("builds");
        let full = analyze_component(&domain, &mut on_threads(1));
        assert!(full.solutions.is_some());
        let limits = Limits {
            max_memory_bytes: full.stats.peak_memory_bytes / 2,
            ..Limits::default()
        };
        let mut control = SearchControl::new(limits).with_threads(2);
        let narrow = Narrow::<1>(&domain);
        // The distance map of the component's 110,804 positions alone takes 2.2 MB.
        let first = analyze_component_if_small_counting(
            &narrow,
            &mut control,
            1 << 20,
            Counting::Solutions,
        )
        .expect_err("the map outgrows 1 MB")
        .expect("the first walk fits");
        assert_eq!(first.component, full.component);
        assert_eq!(control.limits.max_memory_bytes, limits.max_memory_bytes);
        let lean = analyze_sorted(&narrow, &mut control, &ONE_WORD, Some(first));
        assert_eq!(lean.goal_positions, full.goal_positions);
        assert_eq!(lean.stats.expanded, full.stats.expanded);
        assert_eq!(lean.status, full.status, "{:?}", lean.notes);
        assert_eq!(lean.component, full.component);
        assert_eq!(lean.histogram, full.histogram);
        assert_eq!(lean.solutions, full.solutions);
        assert_eq!(lean.path, full.path);
        assert!(lean.stats.peak_memory_bytes <= limits.max_memory_bytes);
    }
}
