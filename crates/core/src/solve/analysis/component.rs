//! One puzzle's component: every position reachable from its start (identical pieces merged),
//! how far each is from the nearest goal position, the hardest starts, and how many distinct
//! shortest solutions the start has.
//!
//! Three phases of one task (see `phases.rs`), two walks and a count:
//! 1. from the start, to find the component's size and its goal positions;
//! 2. from all goal positions at once (moves are reversible, so a position's distance from
//!    the nearest goal is its distance to it), recording every distance in a map sized to the
//!    component (skipped, with a note, when the map would not fit the memory limit: the
//!    histogram and the hardest starts need no map);
//! 3. from the start down the distance layers, counting shortest paths: the number of
//!    shortest paths to a position is the sum of those of its predecessors one layer closer
//!    to the start, and the count at the goal positions is the answer.

use rustc_hash::FxHashMap;

use super::phases::{PathCount, Phases, map_bytes, why};
use crate::model::text::bytes;
use crate::solve::algorithms::bfs::walk_from_resumed;
use crate::solve::core::{CHECK_EVERY, Domain, SearchControl, Stats, Termination};

/// The farthest positions from the goal in a component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hardest<S> {
    /// Their distance to the nearest goal position.
    pub distance: u32,
    /// How many positions of the component are that far.
    pub count: u64,
    /// One of them.
    pub example: S,
}

/// What [`analyze_component`] found. When `status` is a limit, the figures cover what was
/// finished and `notes` say what was not.
#[derive(Clone, Debug)]
pub struct Analysis<S, M> {
    /// `Solved` when the analysis is complete and a goal position is reachable,
    /// `Unsolvable` when it is complete and none is, else the limit that stopped it.
    pub status: Termination,
    /// Positions in the start's component (at least this many when the first walk stopped).
    pub component: u64,
    /// Goal positions among them (found so far when the first walk stopped).
    pub goal_positions: u64,
    /// The start's distance to the nearest goal position, when known.
    pub start_distance: Option<u32>,
    /// `histogram[d]`: positions of the component at distance `d` from the nearest goal
    /// position. Complete, it sums to `component`; empty when no goal is reachable.
    pub histogram: Vec<u64>,
    /// The hardest starts, when the distances were all computed.
    pub hardest: Option<Hardest<S>>,
    /// How many distinct shortest solutions the start has (sequences of positions), when
    /// counted.
    pub solutions: Option<PathCount>,
    /// One shortest solution from the start, when counted (empty when the start is a goal).
    pub path: Vec<M>,
    /// At each position along `path` (the start first, the last position before the goal
    /// last), how many moves keep the solution shortest: 1 is a forced move.
    pub choices: Vec<u32>,
    /// What the user should know: what was not finished, and why.
    pub notes: Vec<String>,
    /// Statistics of all walks together (the peak memory includes the distance map).
    pub stats: Stats,
}

impl<S, M> Analysis<S, M> {
    /// Whether every figure is exact (no limit stopped the analysis).
    #[cfg(feature = "testing")]    pub fn complete(&self) -> bool {
        matches!(self.status, Termination::Solved | Termination::Unsolvable)
    }

    /// The same analysis with its states turned into another domain's by `f` (for a domain
    /// that ran it on a narrower view of itself).
    #[must_use]
    pub(crate) fn map_states<T>(self, f: impl FnOnce(S) -> T) -> Analysis<T, M> {
        Analysis {
            status: self.status,
            component: self.component,
            goal_positions: self.goal_positions,
            start_distance: self.start_distance,
            histogram: self.histogram,
            hardest: self.hardest.map(|h| Hardest {
                distance: h.distance,
                count: h.count,
                example: f(h.example),
            }),
            solutions: self.solutions,
            path: self.path,
            choices: self.choices,
            notes: self.notes,
            stats: self.stats,
        }
    }
}

/// Analyses the component of `domain`'s start within `control`'s limits (node and memory
/// limits for the whole task, the time limit on one clock), reporting progress and honouring
/// the cancel flag.
///
/// Returns an [`Analysis`]; every state in it is a state of `domain`. When a limit stops a
/// walk, the figures of the finished walks are kept, the rest are `None` or partial, and a
/// note says which.
pub fn analyze_component<D: Domain>(
    domain: &D,
    control: &mut SearchControl,
) -> Analysis<D::State, D::Move> {
    let mut phases = Phases::new(control);
    let mut report = empty_report();
    if let Some(goals) = find_goals(domain, &mut phases, &mut report) {
        measure(domain, &mut phases, &mut report, goals, Counting::Solutions);
    }
    report.stats = phases.finish();
    report
}

/// What [`analyze_component_if_small_counting`] leaves to a leaner way: the first walk's findings,
/// when it finished and only the distance map outgrew the small share.
pub(crate) struct FirstWalk<S> {
    /// Positions in the start's component.
    pub component: u64,
    /// Its goal positions (at least one).
    pub goals: Vec<S>,
    /// The walk's statistics.
    pub stats: Stats,
}

/// What [`analyze_component_if_small_counting`] returns: the analysis, or what it leaves to a leaner
/// way.
pub(crate) type SmallAttempt<D> = Result<
    Analysis<<D as Domain>::State, <D as Domain>::Move>,
    Option<Box<FirstWalk<<D as Domain>::State>>>,
>;

/// Whether an analysis counts the start's shortest solutions (with the distance map it
/// needs), or stops at the distances' histogram and the hardest starts: what a design search
/// judging thousands of candidates needs, at a fraction of the cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Counting {
    /// Count them, with one shortest solution and its choices.
    Solutions,
    /// Leave them out: no distance map, no count.
    HardestOnly,
}

/// [`analyze_component`], counting as `counting` says, when the first walk and the distance
/// map fit in `small` bytes (or the task's tighter memory limit). When they do not, `Err` with what the first walk found
/// if it finished (`None` if it outgrew the share itself), for a caller that has a leaner way
/// for big components. Small components are analysed fastest with hash tables; the attempt
/// that outgrows them costs a fraction of a second, and its first walk is not repeated.
///
/// # Errors
/// The first walk's findings, or `None`, when the analysis outgrew `small`.
pub(crate) fn analyze_component_if_small_counting<D: Domain>(
    domain: &D,
    control: &mut SearchControl,
    small: u64,
    counting: Counting,
) -> SmallAttempt<D> {
    let mut phases = Phases::new(control);
    let limit = phases.limits.max_memory_bytes;
    phases.set_memory_limit(limit.min(small));
    let mut report = empty_report();
    let goals = find_goals(domain, &mut phases, &mut report);
    phases.set_memory_limit(limit);
    if report.status == Termination::MemoryLimit {
        return Err(None);
    }
    if let Some(goals) = goals {
        if distance_map_bytes(domain, report.component, goals.len()) > limit.min(small) {
            return Err(Some(Box::new(FirstWalk {
                component: report.component,
                goals,
                stats: phases.finish(),
            })));
        }
        measure(domain, &mut phases, &mut report, goals, counting);
    }
    report.stats = phases.finish();
    Ok(report)
}

/// An analysis with nothing found yet.
pub(super) fn empty_report<S, M>() -> Analysis<S, M> {
    Analysis {
        status: Termination::Unsolvable,
        component: 0,
        goal_positions: 0,
        start_distance: None,
        histogram: Vec::new(),
        hardest: None,
        solutions: None,
        path: Vec::new(),
        choices: Vec::new(),
        notes: Vec::new(),
        stats: Stats::default(),
    }
}

/// Bytes an entry of the distance map takes.
fn map_entry<D: Domain>(domain: &D) -> usize {
    let state_bytes = domain.state_bytes().max(size_of::<D::State>());
    size_of::<(D::State, u32)>().max(state_bytes + 4)
}

/// Bytes the distance map of a component of `component` positions takes, with its `goals`
/// goal positions held beside it.
fn distance_map_bytes<D: Domain>(domain: &D, component: u64, goals: usize) -> u64 {
    let state_bytes = domain.state_bytes().max(size_of::<D::State>());
    map_bytes(component, map_entry(domain)) + (goals * state_bytes) as u64
}

/// Phase 1: walks the start's component, filling in its size and goal positions; returns the
/// goal positions when the walk finished and found some.
fn find_goals<D: Domain>(
    domain: &D,
    phases: &mut Phases<'_>,
    report: &mut Analysis<D::State, D::Move>,
) -> Option<Vec<D::State>> {
    let mut goals = Vec::new();
    let forth = phases.run(0, |control| {
        let walk = walk_from_resumed(domain, vec![domain.start()], control, |s, _, goal| {
            if goal {
                goals.push(s.clone());
            }
        });
        let stats = walk.stats;
        (walk, stats)
    });
    report.component = forth.states;
    report.goal_positions = forth.goal_states;
    if forth.termination != Termination::Unsolvable {
        report.status = forth.termination;
        report.notes.push(format!(
            "the walk from the start stopped {}: the first {} layers only (the component has at \
             least {} positions); distances to the goal were not computed",
            why(forth.termination),
            forth.stats.completed_depth.map_or(0, |d| d + 1),
            forth.states
        ));
        return None;
    }
    if goals.is_empty() {
        report
            .notes
            .push("no goal position is reachable from the start".into());
        return None;
    }
    Some(goals)
}

/// Phases 2 and 3: walks back from the `goals` (the histogram, the hardest starts, the
/// start's distance, and the distance map when it fits), then counts the shortest solutions.
fn measure<D: Domain>(
    domain: &D,
    phases: &mut Phases<'_>,
    report: &mut Analysis<D::State, D::Move>,
    goals: Vec<D::State>,
    counting: Counting,
) {
    let wanted = map_bytes(report.component, map_entry(domain));
    let fits =
        distance_map_bytes(domain, report.component, goals.len()) <= phases.limits.max_memory_bytes;
    let keep_map = fits && counting == Counting::Solutions;
    if !fits {
        report.notes.push(format!(
            "optimal solutions not counted: a distance map of {} positions ({}) exceeds the \
             memory limit",
            report.component,
            bytes(wanted)
        ));
    }
    let mut dist: FxHashMap<D::State, u32> = FxHashMap::default();
    if keep_map {
        dist.reserve(report.component as usize);
    }
    let held = if keep_map { wanted } else { 0 };
    let start = domain.start();
    let mut start_distance = None;
    let mut example: Option<(u32, D::State)> = None;
    let back = phases.run(held, |control| {
        let walk = walk_from_resumed(domain, goals, control, |s, d, _| {
            if keep_map {
                dist.insert(s.clone(), d);
            }
            if *s == start {
                start_distance = Some(d);
            }
            if example.as_ref().is_none_or(|(best, _)| d > *best) {
                example = Some((d, s.clone()));
            }
        });
        let stats = walk.stats;
        (walk, stats)
    });
    report.start_distance = start_distance;
    report.histogram.clone_from(&back.per_depth);
    if back.termination != Termination::Unsolvable {
        report.status = back.termination;
        report.notes.push(format!(
            "the walk back from the goal positions stopped {}: distances are known for the \
             first {} layers only",
            why(back.termination),
            back.stats.completed_depth.map_or(0, |d| d + 1)
        ));
        return;
    }
    report.status = Termination::Solved;
    if let Some((distance, example)) = example {
        report.hardest = Some(Hardest {
            distance,
            count: back.per_depth.last().copied().unwrap_or(0),
            example,
        });
    }
    let Some(d) = start_distance.filter(|_| keep_map) else {
        return;
    };
    let at = |s: &D::State, d: u32| dist.get(s) == Some(&d);
    count_solutions(domain, phases, report, &start, d, held, &at);
}

/// Phase 3: counts the shortest solutions from `start` (at distance `d` from the nearest goal
/// position) and takes one of them, with `held` bytes kept outside the phase; `at(s, d)` says
/// whether position `s` is at distance `d`.
pub(super) fn count_solutions<D: Domain>(
    domain: &D,
    phases: &mut Phases<'_>,
    report: &mut Analysis<D::State, D::Move>,
    start: &D::State,
    d: u32,
    held: u64,
    at: &impl Fn(&D::State, u32) -> bool,
) {
    match phases.run(held, |control| count_paths(domain, at, start, d, control)) {
        Ok(count) => {
            report.solutions = Some(count);
            (report.path, report.choices) = one_path(domain, at, start, d);
        }
        Err(stop) => {
            report.status = stop;
            report.notes.push(format!(
                "optimal solutions not counted: the count stopped {}",
                why(stop)
            ));
        }
    }
}

/// The successors of `state` that are one step closer to the goal, each once.
fn downhill<D: Domain>(
    domain: &D,
    at: &impl Fn(&D::State, u32) -> bool,
    state: &D::State,
    d: u32,
    moves: &mut Vec<D::Move>,
    out: &mut Vec<D::State>,
) {
    out.clear();
    // A state is never its own successor, so passing it as the known one leaves none out.
    domain.successors(state, state, moves, out);
    let mut kept = 0;
    for i in 0..out.len() {
        if d > 0 && at(&out[i], d - 1) && !out[..kept].contains(&out[i]) {
            out.swap(kept, i);
            kept += 1;
        }
    }
    out.truncate(kept);
}

/// The number of shortest paths from `start` (at distance `d`) to the goal positions, layer
/// by layer, each layer a map from position to the number of shortest paths reaching it.
fn count_paths<D: Domain>(
    domain: &D,
    at: &impl Fn(&D::State, u32) -> bool,
    start: &D::State,
    d: u32,
    control: &mut SearchControl,
) -> (Result<PathCount, Termination>, Stats) {
    let mut stats = Stats::default();
    let entry = size_of::<(D::State, PathCount)>();
    let mut layer: FxHashMap<D::State, PathCount> = FxHashMap::default();
    layer.insert(start.clone(), PathCount::ONE);
    let (mut moves, mut children) = (Vec::new(), Vec::new());
    for depth in (1..=d).rev() {
        let mut next: FxHashMap<D::State, PathCount> = FxHashMap::default();
        for (state, &ways) in &layer {
            stats.expanded += 1;
            if stats.expanded.is_multiple_of(CHECK_EVERY) {
                let bytes =
                    map_bytes(layer.len() as u64, entry) + map_bytes(next.len() as u64, entry);
                if let Some(stop) = control.checkpoint(&mut stats, bytes) {
                    return (Err(stop), stats);
                }
            }
            downhill(domain, at, state, depth, &mut moves, &mut children);
            stats.generated += children.len() as u64;
            for child in children.drain(..) {
                let slot = next.entry(child).or_default();
                *slot = slot.plus(ways);
            }
        }
        stats.peak_memory_bytes = stats
            .peak_memory_bytes
            .max(map_bytes(layer.len() as u64, entry) + map_bytes(next.len() as u64, entry));
        layer = next;
    }
    let total = layer
        .values()
        .fold(PathCount::default(), |sum, &ways| sum.plus(ways));
    (Ok(total), stats)
}

/// One shortest path from `start` (at distance `d`), taking at each position the first move
/// (in the domain's order) that leads one step closer, and the number of such moves at each
/// position along it.
fn one_path<D: Domain>(
    domain: &D,
    at: &impl Fn(&D::State, u32) -> bool,
    start: &D::State,
    d: u32,
) -> (Vec<D::Move>, Vec<u32>) {
    let (mut path, mut choices) = (Vec::new(), Vec::new());
    let mut state = start.clone();
    let (mut moves, mut children) = (Vec::new(), Vec::new());
    for depth in (1..=d).rev() {
        downhill(domain, at, &state, depth, &mut Vec::new(), &mut children);
        choices.push(children.len() as u32);
        moves.clear();
        domain.moves(&state, &mut moves);
        // Invariant: a position at distance `depth` > 0 has a successor at `depth - 1`, and
        // every successor comes from one of its moves.
        let mv = *moves
            .iter()
            .find(|&&mv| at(&domain.apply(&state, mv), depth - 1))
            .expect("a position off the goal has a move one step closer");
        path.push(mv);
        state = domain.apply(&state, mv);
    }
    (path, choices)
}
