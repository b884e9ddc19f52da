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

use crate::solve::algorithms::bfs as breadth_first;
use crate::solve::algorithms::bfs::{Exploration, explore as explore_space};
use crate::solve::algorithms::layers::{Packing, sorted_walk};
use crate::solve::algorithms::{Algorithm, RunOptions, lean_bfs, run_observed as run_algorithm};
use crate::solve::analysis::{Analysis, analyze_component};
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

    fn undoes(&self, prev: BlockMove, next: BlockMove) -> bool {
        self.0.undoes(prev, next)
    }

    fn goal_state(&self) -> Result<NarrowState<W>, String> {
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

/// Runs `algorithm` (see [`run_algorithm`]) on `domain` through the narrowest states that
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
        control.set_threads(options.threads);
        return bfs(domain, control);
    }
    let narrow = NarrowHeuristic(heuristic);
    match domain.state_words() {
        0 | 1 => run_algorithm(
            algorithm,
            &Narrow::<1>(domain),
            &narrow,
            options,
            control,
            observer,
        ),
        2 => run_algorithm(
            algorithm,
            &Narrow::<2>(domain),
            &narrow,
            options,
            control,
            observer,
        ),
        _ => run_algorithm(algorithm, domain, heuristic, options, control, observer),
    }
}

/// [`explore`](crate::solve::algorithms::explore) on `domain`, through the narrowest states
/// that hold it: on states of one or two words, the hash-table walk while it fits in
/// [`SMALL_BYTES`], else the walk on sorted keys ([`sorted_walk`]: a few bytes per state, on
/// every thread of `control`).
pub fn explore(domain: &BlockDomain, control: &mut SearchControl) -> Exploration {
    let stopped = |e: &Exploration| e.termination;
    match domain.state_words() {
        0 | 1 => small_then_big(
            control,
            |c| explore_space(&Narrow::<1>(domain), c),
            stopped,
            |c| sorted_walk(&Narrow::<1>(domain), c, &ONE_WORD, false, false, true).exploration,
        ),
        2 => small_then_big(
            control,
            |c| explore_space(&Narrow::<2>(domain), c),
            stopped,
            |c| sorted_walk(&Narrow::<2>(domain), c, &TWO_WORDS, false, false, true).exploration,
        ),
        _ => explore_space(domain, control),
    }
}

/// Breadth-first search on `domain`, through the narrowest states that hold it: on states of
/// one or two words, the graph search while it fits in [`SMALL_BYTES`], else [`lean_bfs`]
/// keyed by the words (a few bytes per state instead of a node each, on every thread of
/// `control`); on wider states the graph search. The moves of the path are the domain's own.
pub fn bfs(domain: &BlockDomain, control: &mut SearchControl) -> SearchOutcome<BlockMove> {
    let stopped = |o: &SearchOutcome<BlockMove>| o.termination;
    match domain.state_words() {
        0 | 1 => small_then_big(
            control,
            |c| breadth_first::bfs(&Narrow::<1>(domain), c),
            stopped,
            |c| lean_bfs(&Narrow::<1>(domain), c, &ONE_WORD, true),
        ),
        2 => small_then_big(
            control,
            |c| breadth_first::bfs(&Narrow::<2>(domain), c),
            stopped,
            |c| lean_bfs(&Narrow::<2>(domain), c, &TWO_WORDS, true),
        ),
        _ => breadth_first::bfs(domain, control),
    }
}

/// The memory within which a walk or search keeps its hash table: below it the table is
/// the fastest (Klotski's whole space in about a millisecond); past it the sorted layers take
/// a tenth of the bytes per state and share the work among threads. Small, because the
/// attempt that outgrows it is thrown away (a graph search of 16 MB holds about half a
/// million positions, a fraction of a second).
pub const SMALL_BYTES: u64 = 16 << 20;

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
/// distance map and path count store a quarter of the bytes on Klotski); the states and
/// moves of the analysis are the domain's own.
pub fn analyze(
    domain: &BlockDomain,
    control: &mut SearchControl,
) -> Analysis<BlockState, BlockMove> {
    match domain.state_words() {
        0 | 1 => analyze_component(&Narrow::<1>(domain), control)
            .map_states(|s| BlockState::from_words(&s.words)),
        2 => analyze_component(&Narrow::<2>(domain), control)
            .map_states(|s| BlockState::from_words(&s.words)),
        _ => analyze_component(domain, control),
    }
}
