//! The anytime design search: on every thread a chain of designs, each a random change of the
//! one before, judged by its hardest start and kept by late acceptance (a change is taken
//! when it is no worse than the design of `HISTORY` steps before, so the chain crosses
//! plateaus and shallow valleys), restarted from a fresh random design when it stops
//! improving, half the time near one of its own best designs. The best distinct designs of
//! all chains are kept, each proved by a second analysis from its hardest start before it is
//! reported. A candidate budget is dealt out to the chains in turn, so a seed and a budget
//! repeat a run at the same number of threads.

use std::ops::RangeInclusive;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::model::{Cell, Puzzle};
use crate::solve::api::SolveError;
use crate::solve::core::{Limits, SearchControl, Termination};

use super::evaluate::{Evaluation, Objective, evaluate, prove};
use super::kept::{FoundDesign, Kept, Near, key_of};
use super::mutate::Mutator;
use super::rules::{Change, DesignRules, changes, check_design, check_input};
use super::units::UnitMemory;
use crate::model::Metric;
use crate::solve::family::Layout;

/// Steps of late acceptance's memory.
const HISTORY: usize = 64;

/// Candidates a chain tries without a better design before it restarts.
const PATIENCE: u64 = 3000;

/// How a design search moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// Late-acceptance hill climbing with restarts (the default).
    #[default]
    LateAcceptance,
    /// Every candidate a fresh random design: the baseline a climb must beat.
    RandomRestarts,
}

impl Strategy {
    /// Both strategies.
    pub const ALL: [Strategy; 2] = [Strategy::LateAcceptance, Strategy::RandomRestarts];

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::LateAcceptance => "climb",
            Strategy::RandomRestarts => "random",
        }
    }
}

/// How a design search runs, beside its rules and its control's limits.
#[derive(Clone, Debug)]
pub struct SearchOptions {
    /// What to maximise.
    pub objective: Objective,
    /// How to move.
    pub strategy: Strategy,
    /// The seed: with a candidate limit (and no time limit reached first) a run repeats at
    /// the same number of threads: each chain's candidates depend on its seed and its share of
    /// the budget only.
    pub seed: u64,
    /// How many distinct designs to keep.
    pub keep: usize,
    /// Stop after this many candidates (all threads together).
    pub max_candidates: Option<u64>,
    /// Stop once a design this hard (in moves) is kept: a search for a known target ends
    /// there (`Solved`).
    pub stop_at: Option<u32>,
    /// Start every chain from a random design rather than the original.
    pub random_start: bool,
    /// The most positions a candidate's component may be walked for; bigger ones are passed
    /// by.
    pub candidate_nodes: u64,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            objective: Objective::Length,
            strategy: Strategy::LateAcceptance,
            seed: 0,
            keep: 5,
            max_candidates: None,
            stop_at: None,
            random_start: false,
            candidate_nodes: 2_000_000,
        }
    }
}

/// Where a running search stands, for a progress line or a live view.
#[derive(Clone, Debug)]
pub struct SearchStatus {
    /// Candidates evaluated so far.
    pub candidates: u64,
    /// Time since the search started.
    pub elapsed: Duration,
    /// The best design so far.
    pub best: Option<FoundDesign>,
    /// Designs kept so far.
    pub kept: usize,
}

/// What a design search found.
#[derive(Clone, Debug)]
pub struct SearchReport {
    /// Why it ended: `TimeLimit` (the normal end of an anytime search), `NodeLimit` (the
    /// candidate limit), `Cancelled`, or `Solved` when a generation found all it was asked
    /// (or a search its `stop_at`).
    pub status: Termination,
    /// The original's hardest start, when it has one within the limits.
    pub original: Option<u32>,
    /// The designs kept, best first (for a generation: in the order found).
    pub designs: Vec<FoundDesign>,
    /// Candidates evaluated.
    pub candidates: u64,
    /// Seconds the search ran.
    pub seconds: f64,
    /// Each time the best length rose: seconds, length.
    pub timeline: Vec<(f64, u32)>,
}

/// The progress sink of a design search.
pub type StatusFn<'a> = dyn Fn(&SearchStatus) + Sync + 'a;

/// What the chains look for.
#[derive(Clone, Debug)]
enum Aim {
    /// The hardest designs.
    Harder,
    /// `count` distinct designs whose hardest start needs a number of moves in the band.
    Band(RangeInclusive<u32>, usize),
}

/// Searches the designs around `original` for harder ones, within `rules`, on
/// `control.threads()` threads until the time limit, the candidate limit or a cancel. The
/// best `options.keep` distinct designs are returned, each proved.
///
/// # Errors
/// [`SolveError::Invalid`] when the original does not validate, [`SolveError::NotApplicable`]
/// for numbered-tile puzzles and for rules that allow no change.
pub fn improve(
    original: &Puzzle,
    rules: &DesignRules,
    options: &SearchOptions,
    control: &SearchControl,
    status: Option<&StatusFn<'_>>,
) -> Result<SearchReport, SolveError> {
    run(original, rules, options, control, status, &Aim::Harder)
}

/// Searches for `count` distinct designs around `base` (random ones, grown from it) whose
/// hardest start needs a number of moves within `band`, each proved; for players' puzzles
/// made to order. Ends `Solved` when all are found, else at a limit or a cancel with those
/// found so far.
///
/// # Errors
/// As [`improve`].
pub fn generate(
    base: &Puzzle,
    rules: &DesignRules,
    band: RangeInclusive<u32>,
    count: usize,
    options: &SearchOptions,
    control: &SearchControl,
    status: Option<&StatusFn<'_>>,
) -> Result<SearchReport, SolveError> {
    let options = SearchOptions {
        random_start: true,
        keep: count,
        ..options.clone()
    };
    run(
        base,
        rules,
        &options,
        control,
        status,
        &Aim::Band(band, count),
    )
}

/// Whether a chain goes on.
enum Stop {
    /// Go on.
    Go,
    /// A generation has all it was asked for.
    Done,
    /// A limit or a cancel.
    Limit(Termination),
}

/// What the chains share.
struct Shared<'a> {
    original: &'a Puzzle,
    mutator: Mutator,
    /// The mutator of restarts' fillings: additions only.
    adder: Mutator,
    options: &'a SearchOptions,
    aim: &'a Aim,
    /// Whether Rush Hour candidates are judged by their whole unit (see `units`): when the
    /// rules let vehicles go anywhere along their lines (moves allowed, nothing locked) and a
    /// slide is a move.
    by_unit: bool,
    clock: Clock,
    candidates: AtomicU64,
    kept: Mutex<Kept>,
    status: Option<&'a StatusFn<'a>>,
}

/// The parts of the search's control its threads share: the limits, the cancel flag, the
/// start.
struct Clock {
    limits: Limits,
    cancel: Arc<AtomicBool>,
    started: Instant,
    threads: usize,
}

impl Clock {
    fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

fn run(
    original: &Puzzle,
    rules: &DesignRules,
    options: &SearchOptions,
    control: &SearchControl,
    status: Option<&StatusFn<'_>>,
    aim: &Aim,
) -> Result<SearchReport, SolveError> {
    check_input(original)?;
    if rules.allow.is_empty() {
        return Err(SolveError::NotApplicable(
            "no change is allowed: allow at least one of move, add, remove, reshape, walls".into(),
        ));
    }
    let only_add = DesignRules {
        allow: [Change::Add].into(),
        ..rules.clone()
    };
    let shared = Shared {
        original,
        mutator: Mutator::new(original, rules),
        adder: Mutator::new(original, &only_add),
        options,
        aim,
        by_unit: matches!(rules.metric, Metric::Slide | Metric::Move)
            && rules.allows(Change::Move)
            && rules.locked_pieces.is_empty()
            && rules.locked_cells.is_empty()
            && Layout::of(original).is_some(),
        clock: Clock {
            limits: control.limits,
            cancel: control.cancel_flag(),
            started: Instant::now()
                .checked_sub(control.elapsed())
                .unwrap_or_else(Instant::now),
            threads: control.threads().max(1),
        },
        candidates: AtomicU64::new(0),
        kept: Mutex::new(Kept::default()),
        status,
    };
    // The original as drawn: the component that holds its start, whatever judges the chains'
    // candidates.
    let baseline = shared.evaluate_component(original).ok().flatten();
    // The original at its hardest start competes too (unless the chains start at random, from
    // the original only as a base): when nothing harder is found, it is the answer, reported
    // without changes.
    if let (Some(eval), Aim::Harder, false) = (&baseline, aim, options.random_start) {
        shared.offer(original, eval, 0);
    }
    let threads = control.threads().max(1);
    let stops: Vec<Option<Termination>> = std::thread::scope(|scope| {
        let chains: Vec<_> = (0..threads)
            .map(|t| {
                let shared = &shared;
                scope.spawn(move || shared.chain(t))
            })
            .collect();
        chains
            .into_iter()
            .map(|c| c.join().unwrap_or(Some(Termination::Cancelled)))
            .collect()
    });
    let kept = shared
        .kept
        .into_inner()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let found_all = match aim {
        Aim::Band(_, count) => kept.designs.len() >= *count,
        Aim::Harder => options
            .stop_at
            .is_some_and(|at| kept.designs.first().is_some_and(|d| d.length >= at)),
    };
    let stop = if found_all {
        Termination::Solved
    } else if control.is_cancelled() {
        Termination::Cancelled
    } else {
        stops
            .into_iter()
            .flatten()
            .next()
            .unwrap_or(Termination::TimeLimit)
    };
    Ok(SearchReport {
        status: stop,
        original: baseline.map(|b| b.length),
        designs: kept.designs,
        candidates: shared.candidates.load(Ordering::Relaxed),
        seconds: control.elapsed().as_secs_f64(),
        timeline: kept.timeline,
    })
}

impl Shared<'_> {
    /// The limits of one candidate's analysis: its node limit, the time left, a share of the
    /// memory.
    fn candidate_control(&self) -> SearchControl {
        let limits = &self.clock.limits;
        let threads = self.clock.threads as u64;
        SearchControl::new(Limits {
            max_nodes: self.options.candidate_nodes.min(limits.max_nodes),
            max_time: limits.max_time.saturating_sub(self.clock.elapsed()),
            max_memory_bytes: limits.max_memory_bytes / threads,
        })
        .with_cancel(Arc::clone(&self.clock.cancel))
    }

    /// A candidate's evaluation: by its unit when the search judges by units and it is a
    /// layout the family engine holds (remembered in the chain's `memory`), else by its
    /// component.
    fn evaluate(
        &self,
        design: &Puzzle,
        memory: &mut UnitMemory,
    ) -> Result<Option<Evaluation>, Termination> {
        if self.by_unit {
            if self.clock.is_cancelled() {
                return Err(Termination::Cancelled);
            }
            let limits = &self.clock.limits;
            // A position of a walk holds about 64 bytes (key, cells, index, marks).
            let limit = self
                .options
                .candidate_nodes
                .min(limits.max_nodes)
                .min(limits.max_memory_bytes / self.clock.threads as u64 / 64);
            let limit = usize::try_from(limit).unwrap_or(usize::MAX);
            if let Some(layout) = Layout::of(design) {
                return Ok(memory.evaluate(design, &layout, limit, |length| self.score(length)));
            }
        }
        self.evaluate_component(design)
    }

    /// How a chain ranks a length: the longer the better, or the nearer the band.
    fn score(&self, length: u32) -> i64 {
        let length = i64::from(length);
        match self.aim {
            Aim::Band(band, _) => {
                let (lo, hi) = (i64::from(*band.start()), i64::from(*band.end()));
                if length < lo {
                    length - lo
                } else if length > hi {
                    hi - length
                } else {
                    0
                }
            }
            Aim::Harder => length,
        }
    }

    /// The hardest start of the component that holds `design`'s start.
    fn evaluate_component(&self, design: &Puzzle) -> Result<Option<Evaluation>, Termination> {
        evaluate(
            design,
            self.mutator.rules().metric,
            self.candidate_control(),
        )
    }

    /// The chain of thread `t`; returns why it stopped when a limit stopped it.
    fn chain(&self, t: usize) -> Option<Termination> {
        let mut rng = ChaCha8Rng::seed_from_u64(
            self.options.seed ^ (t as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15),
        );
        let mut memory = UnitMemory::default();
        let mut near = Near::default();
        let mut current = if self.options.random_start {
            self.restart(&mut rng, &near)
        } else {
            self.original.clone()
        };
        let mut value = match self.evaluate(&current, &mut memory) {
            Ok(eval) => self.value(eval.as_ref()),
            Err(stop) => return Some(stop),
        };
        let mut history = [value; HISTORY];
        let (mut best, mut since) = (value, 0u64);
        // The candidate budget is dealt out to the chains in turn (the first `m % threads`
        // chains get one more): what each chain does then depends on its seed and budget
        // only, not on how fast the others ran.
        let threads = self.clock.threads as u64;
        let budget = self
            .options
            .max_candidates
            .map(|m| m / threads + u64::from((t as u64) < m % threads));
        for step in 0u64.. {
            match self.should_stop() {
                Stop::Go => {}
                Stop::Done => return None,
                Stop::Limit(why) => return Some(why),
            }
            if budget.is_some_and(|b| step >= b) {
                return Some(Termination::NodeLimit);
            }
            let index = self.candidates.fetch_add(1, Ordering::Relaxed);
            let candidate = match self.options.strategy {
                Strategy::LateAcceptance => self.step(&current, &mut rng),
                Strategy::RandomRestarts => self.restart(&mut rng, &near),
            };
            let eval = match self.evaluate(&candidate, &mut memory) {
                Ok(eval) => eval,
                Err(stop) => return Some(stop),
            };
            // Its number when the chains' candidates are taken in turn: the budget that
            // reproduces it.
            let number = step * threads + t as u64 + 1;
            let found = eval
                .as_ref()
                .is_some_and(|e| self.offer(&candidate, e, number));
            if t == 0 && index.is_multiple_of(32) {
                self.report();
            }
            let v = self.value(eval.as_ref());
            if let Some(e) = &eval {
                near.offer(v, e.component, &candidate);
            }
            let slot = step as usize % HISTORY;
            if v >= value || v >= history[slot] {
                current = candidate;
                value = v;
            }
            history[slot] = value;
            if value > best {
                (best, since) = (value, 0);
            } else {
                since += 1;
            }
            // A generation moves on once a design lands in its band: the next should differ.
            if since > PATIENCE || found && matches!(self.aim, Aim::Band(..)) {
                current = self.restart(&mut rng, &near);
                value = match self.evaluate(&current, &mut memory) {
                    Ok(eval) => self.value(eval.as_ref()),
                    Err(stop) => return Some(stop),
                };
                history = [value; HISTORY];
                (best, since) = (value, 0);
            }
        }
        None
    }

    /// Whether the chain should end, and why.
    fn should_stop(&self) -> Stop {
        if self.clock.is_cancelled() {
            return Stop::Limit(Termination::Cancelled);
        }
        if self.clock.elapsed() >= self.clock.limits.max_time {
            return Stop::Limit(Termination::TimeLimit);
        }
        let kept = self
            .kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let done = match self.aim {
            Aim::Band(_, count) => kept.designs.len() >= *count,
            Aim::Harder => self
                .options
                .stop_at
                .is_some_and(|at| kept.designs.first().is_some_and(|d| d.length >= at)),
        };
        if done { Stop::Done } else { Stop::Go }
    }

    /// A chain's figure for a design: larger is better; a design without a reachable goal
    /// (or too big to judge) is worst.
    fn value(&self, eval: Option<&Evaluation>) -> i64 {
        let Some(e) = eval else {
            return i64::MIN / 2;
        };
        self.score(e.length) * 1024 - e.pieces as i64
    }

    /// One or two random changes of `design`.
    fn step(&self, design: &Puzzle, rng: &mut ChaCha8Rng) -> Puzzle {
        let mut next = design.clone();
        let changes = if rng.random_bool(0.3) { 2 } else { 1 };
        let mut made = 0;
        for _ in 0..20 {
            if made == changes {
                break;
            }
            if let Some((changed, _)) = self.mutator.mutate(&next, rng) {
                next = changed;
                made += 1;
            }
        }
        next
    }

    /// A fresh random design: the original, filled with palette pieces up to a random count
    /// (when pieces may be added), then changed a few times at random; or, for half the
    /// restarts of a climb, one of the chain's best designs so far changed a few times.
    fn restart(&self, rng: &mut ChaCha8Rng, near: &Near) -> Puzzle {
        let rules = self.mutator.rules();
        // Half the restarts of a search for harder designs start near one of the chain's best
        // (a few random changes away), half afresh. The chain's own, not all chains': a run
        // then repeats from its seed and budget.
        if matches!(self.aim, Aim::Harder)
            && self.options.strategy == Strategy::LateAcceptance
            && rng.random_bool(0.5)
            && !near.designs.is_empty()
        {
            let mut design = near.designs[rng.random_range(0..near.designs.len())]
                .2
                .clone();
            for _ in 0..rng.random_range(2..=6) {
                if let Some((next, _)) = self.mutator.mutate(&design, rng) {
                    design = next;
                }
            }
            return design;
        }
        let mut design = self.original.clone();
        if rules.allows(Change::Add) {
            let now = design.pieces().len();
            let target = rng.random_range(now..=rules.max_pieces.max(now));
            for _ in 0..4 * rules.max_pieces {
                if design.pieces().len() >= target {
                    break;
                }
                if let Some((next, _)) = self.adder.mutate(&design, rng) {
                    design = next;
                }
            }
        }
        for _ in 0..rng.random_range(1..=6) {
            if let Some((next, _)) = self.mutator.mutate(&design, rng) {
                design = next;
            }
        }
        design
    }

    /// Keeps `design` (evaluated as `eval`, found at candidate `at`) when it is among the best
    /// so far or lands in the band, after proving its hardest start; whether it was kept.
    fn offer(&self, design: &Puzzle, eval: &Evaluation, at: u64) -> bool {
        let objective = self.options.objective;
        let key = key_of(design, eval.component, eval.length);
        {
            let kept = self
                .kept
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            match self.aim {
                Aim::Band(band, count) => {
                    if kept.keys.contains(&key)
                        || !band.contains(&eval.length)
                        || kept.designs.len() >= *count
                    {
                        return false;
                    }
                }
                Aim::Harder => {
                    // The cheap test first: most candidates are shorter than the worst kept.
                    let full = kept.designs.len() >= self.options.keep;
                    let worst = kept.designs.last().map_or(0, |d| d.length);
                    if full && objective == Objective::Length && eval.length < worst
                        || kept.outdone(&key, &eval.hardest.board_rows(), at)
                    {
                        return false;
                    }
                }
            }
        }
        debug_assert!(check_design(self.original, design, self.mutator.rules()).is_ok());
        let Ok(Some(proof)) = prove(
            &eval.hardest,
            self.mutator.rules().metric,
            self.candidate_control(),
        ) else {
            return false;
        };
        // The proof is the answer: a length the second analysis does not confirm is not kept.
        if proof.length != eval.length {
            return false;
        }
        let found = FoundDesign {
            puzzle: named(&eval.hardest, self.original, proof.length),
            design: design.clone(),
            length: proof.length,
            component: eval.component,
            pieces: eval.pieces,
            walls: design.cells.iter().filter(|c| **c == Cell::Wall).count(),
            // Said of the design as shown and saved, at its hardest start: where each new
            // piece stands there.
            changes: changes(self.original, &eval.hardest),
            proof,
            found_after: self.clock.elapsed().as_secs_f64(),
            found_at: at,
        };
        let mut kept = self
            .kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let best_before = kept.designs.first().map(|d| d.rank(objective));
        let rank = found.rank(objective);
        let taken = match self.aim {
            Aim::Band(_, count) => {
                if kept.keys.contains(&key) || kept.designs.len() >= *count {
                    return false;
                }
                kept.keys.insert(key);
                kept.designs.push(found);
                true
            }
            Aim::Harder => {
                // One design a key, the smallest board (found at the smallest candidate
                // number); equals in the order of their boards: not in the order the chains
                // came.
                let board = found.puzzle.board_rows();
                if kept.outdone(&key, &board, at) {
                    return false;
                }
                if let Some(i) = kept.with_key(&key) {
                    kept.designs.remove(i);
                }
                let at = kept
                    .designs
                    .iter()
                    .position(|d| {
                        let theirs = d.rank(objective);
                        theirs < rank || theirs == rank && d.puzzle.board_rows() > board
                    })
                    .unwrap_or(kept.designs.len());
                if at >= self.options.keep {
                    return false;
                }
                kept.designs.insert(at, found);
                kept.designs.truncate(self.options.keep);
                true
            }
        };
        if let Some(b) = kept.designs.first()
            && best_before.is_none_or(|r| b.length > r.length)
        {
            let point = (b.found_after, b.length);
            kept.timeline.push(point);
        }
        drop(kept);
        self.report();
        taken
    }

    /// Tells the status sink where the search stands.
    fn report(&self) {
        let Some(sink) = self.status else {
            return;
        };
        let kept = self
            .kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let status = SearchStatus {
            candidates: self.candidates.load(Ordering::Relaxed),
            elapsed: self.clock.elapsed(),
            best: kept.designs.first().cloned(),
            kept: kept.designs.len(),
        };
        drop(kept);
        sink(&status);
    }
}

/// `position` named as a design of `original` whose hardest start takes `length` moves.
fn named(position: &Puzzle, original: &Puzzle, length: u32) -> Puzzle {
    let mut puzzle = position.clone();
    let base = if original.name.is_empty() {
        "Design"
    } else {
        original.name.as_str()
    };
    puzzle.name = format!("{base}, {length} moves");
    puzzle
}
