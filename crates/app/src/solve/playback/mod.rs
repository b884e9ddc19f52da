//! Playback of a solution: the board animated move by move, first / previous / play-pause /
//! next / last, a scrub slider, the move list (click to jump), keyboard control, the
//! solution as text and JSON, and a plot of the heuristic along the solution path.
//!
//! This file is the stepping model: the solution replayed on the puzzle, with checkpoints
//! for seeking and the glide of the move in progress. [`ui`] draws it and queues
//! [`PlaybackCommand`]s; [`text`] writes the solution out.

pub mod animation;
mod animation_marks;
pub mod text;
pub mod ui;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use egui::{Vec2, vec2};
use serde::{Deserialize, Serialize};

use crate::command::PlaybackCommand;
use crate::common::task::{Poll, Task};
use blockslide_core::model::{Dir, Puzzle, Token};
use blockslide_core::solve::api::default_heuristic;
use blockslide_core::solve::{
    Algorithm, Limits, PieceMove, SearchControl, SolveReport, SolveRequest, Termination,
    distances_along, heuristic_along, heuristics_for, solve,
};

use super::search::optimal_search;

pub use text::{notation, solution_json, solution_text};

/// How playback moves; kept between launches.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PlaybackSettings {
    /// Playback speed in moves per second.
    pub moves_per_second: f32,
    /// Whether pieces glide; when off, every change is instant.
    pub animate: bool,
}

impl Default for PlaybackSettings {
    fn default() -> Self {
        PlaybackSettings {
            moves_per_second: 3.0,
            animate: true,
        }
    }
}

/// A move gliding on the board.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Glide {
    /// The move (index into the solution).
    index: usize,
    /// Whether it plays forward (else it is being undone).
    forward: bool,
    /// Progress, 0 to 1.
    t: f32,
}

/// The heuristic's value at every position along a solution, start first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeuristicPath {
    /// The heuristic's name.
    pub heuristic: String,
    /// `moves + 1` values.
    pub values: Vec<u32>,
}

/// The true distance to the goal that the heuristic plot draws beside the heuristic, and how
/// it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Truth {
    /// The distance of every position of the solution shown (start first): it is optimal, so
    /// the moves left are the distance; or the start's component was small enough to map.
    Exact {
        /// The distances, `moves + 1` of them.
        distances: Vec<u32>,
        /// Whether they come from a map of the component (else from an optimal solution).
        mapped: bool,
    },
    /// The space is too large to map: the distances are known only along an optimal
    /// solution, of this many moves, which is another path than the one shown.
    AlongOptimal(u32),
    /// Neither a map nor an optimal solution could be found within the limits.
    Unknown,
}

/// How far the map of true distances may go: the 8-puzzle's 181,440 positions and Klotski's
/// 25,955 fit with room to spare; the 15-puzzle's trillions do not.
pub const TRUTH_MAP_LIMITS: Limits = Limits {
    max_nodes: 3_000_000,
    max_time: Duration::from_secs(30),
    max_memory_bytes: 1 << 30,
};

/// The true distances along `report`'s solution from `puzzle` (see [`Truth`]): counted
/// down when the solution is optimal; else from a distance map of the start's component
/// when it fits in `map_limits`; else along an optimal solution found by one search.
/// `cancel` stops the work (the answer is then [`Truth::Unknown`]).
pub fn true_distances(
    puzzle: &Puzzle,
    report: &SolveReport,
    map_limits: Limits,
    cancel: &Arc<AtomicBool>,
    pdb_cache: Option<&Path>,
) -> Truth {
    if report.status != Termination::Solved {
        return Truth::Unknown;
    }
    if report.optimal {
        let n = report.moves.len() as u32;
        return Truth::Exact {
            distances: (0..=n).rev().collect(),
            mapped: false,
        };
    }
    let control = SearchControl::new(map_limits).with_cancel(Arc::clone(cancel));
    if let Ok(Some(distances)) =
        distances_along(puzzle, Some(report.metric), &report.moves, control)
    {
        return Truth::Exact {
            distances,
            mapped: true,
        };
    }
    let job = optimal_search(puzzle, report.metric, pdb_cache.map(Path::to_path_buf));
    let control = job.control().with_cancel(Arc::clone(cancel));
    match solve(puzzle, &job.request, control) {
        Ok(optimal) if optimal.status == Termination::Solved && optimal.optimal => {
            Truth::AlongOptimal(optimal.moves.len() as u32)
        }
        _ => Truth::Unknown,
    }
}

/// The height the heuristic plot and its title take, kept while the plot is computed.
const H_PLOT_BLOCK_HEIGHT: f32 = 214.0;

/// Solutions longer than this get no heuristic plot: evaluating the heuristic along a path
/// costs time quadratic in its length, and such paths (depth-first search's) teach little.
pub const H_PLOT_MAX_MOVES: usize = 1000;

/// The heuristic along `report`'s solution from `puzzle`: the run's own heuristic, or for
/// uninformed algorithms the best admissible one (so students see how informed it would
/// have been), its pattern databases cached in `pdb_cache`. `None` when there is no solution
/// or it is longer than [`H_PLOT_MAX_MOVES`].
pub fn heuristic_path(
    puzzle: &Puzzle,
    report: &SolveReport,
    pdb_cache: Option<PathBuf>,
) -> Option<HeuristicPath> {
    if report.status != Termination::Solved || report.moves.len() > H_PLOT_MAX_MOVES {
        return None;
    }
    let heuristic = if report.algorithm.uses_heuristic() {
        report.heuristic.clone()
    } else {
        default_heuristic(&heuristics_for(puzzle, report.metric, pdb_cache.as_deref())).to_string()
    };
    let request = SolveRequest {
        algorithm: Algorithm::Astar,
        heuristic: Some(heuristic.clone()),
        metric: Some(report.metric),
        pdb_cache,
        ..SolveRequest::default()
    };
    let values = heuristic_along(puzzle, &request, &report.moves).ok()?;
    Some(HeuristicPath { heuristic, values })
}

/// Positions are kept every this many moves, so jumping anywhere in a long solution replays
/// at most this many moves.
const CHECKPOINT_EVERY: usize = 64;

/// A solution being played back.
pub struct Playback {
    report: Arc<SolveReport>,
    moves: Vec<PieceMove>,
    checkpoints: Vec<Puzzle>,
    current: Puzzle,
    index: usize,
    glide: Option<Glide>,
    playing: bool,
    since_last_step: f32,
    replay_error: Option<String>,
    goal_reached: bool,
    h_path: Option<HeuristicPath>,
    h_task: Option<Task<(), Option<HeuristicPath>>>,
    truth: Option<Truth>,
    truth_task: Option<Task<(), Truth>>,
    scroll_to_current: bool,
    /// The move-list rows fully visible in the last frame.
    visible_rows: std::ops::Range<usize>,
    /// The move list's longest row, which sets the list's width.
    widest_row: String,
    /// Where the searches behind the plots cache pattern databases.
    pdb_cache: Option<PathBuf>,
}

impl Playback {
    /// The playback with the searches behind its plots caching pattern databases in
    /// `cache` (`None`: nowhere).
    #[must_use]
    pub fn with_pdb_cache(mut self, cache: Option<PathBuf>) -> Self {
        self.pdb_cache = cache;
        self
    }

    /// Playback of `report`'s solution from `puzzle`'s start position.
    ///
    /// The whole solution is replayed on the model once. If a move does not replay (which
    /// would be a solver bug), playback keeps the moves before it and says so.
    pub fn new(puzzle: &Puzzle, report: Arc<SolveReport>) -> Self {
        let mut position = puzzle.clone();
        let mut checkpoints = vec![position.clone()];
        let mut moves = Vec::with_capacity(report.moves.len());
        let mut replay_error = None;
        for (i, mv) in report.moves.iter().enumerate() {
            if let Err(e) = apply(&mut position, mv, true) {
                replay_error = Some(format!("move {} does not replay: {e}", i + 1));
                break;
            }
            moves.push(mv.clone());
            if moves.len() % CHECKPOINT_EVERY == 0 {
                checkpoints.push(position.clone());
            }
        }
        let goal_reached = replay_error.is_none() && puzzle.goal_satisfied_by(&position.cells);
        let widest_row = (0..=moves.len())
            .map(|row| ui::move_row(&report, &moves, row))
            .max_by_key(|row| row.chars().count())
            .unwrap_or_default();
        Playback {
            report,
            moves,
            checkpoints,
            current: puzzle.clone(),
            index: 0,
            glide: None,
            playing: false,
            since_last_step: 0.0,
            replay_error,
            pdb_cache: None,
            goal_reached,
            h_path: None,
            h_task: None,
            truth: None,
            truth_task: None,
            // A new solution's list shows its start, wherever the last one was scrolled.
            scroll_to_current: true,
            visible_rows: 0..0,
            widest_row,
        }
    }

    /// The report being played.
    pub fn report(&self) -> &SolveReport {
        &self.report
    }

    /// Number of moves in the solution.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the solution has no moves (the start already satisfies the goal).
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// How many moves have been made at the position shown.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The position after [`Playback::index`] moves.
    pub fn position(&self) -> &Puzzle {
        &self.current
    }

    /// Whether the whole solution replays on the model and ends on a goal position.
    pub fn verified(&self) -> bool {
        self.replay_error.is_none() && self.goal_reached
    }

    /// Whether playback is running.
    pub fn is_playing(&self) -> bool {
        self.playing
    }

    /// Sets the heuristic's value at each position along the solution (start first).
    pub fn set_h_path(&mut self, path: HeuristicPath) {
        self.h_task = None;
        self.h_path = Some(path);
    }

    /// Evaluates the heuristic along the solution in the background; the plot appears when
    /// it is done. The true distances are found too (see [`Playback::compute_truth`]).
    pub fn compute_h_path(&mut self, puzzle: &Puzzle, ctx: &egui::Context) {
        let (puzzle_copy, report) = (puzzle.clone(), Arc::clone(&self.report));
        let pdb_cache = self.pdb_cache.clone();
        // A thread that cannot start only costs the plot.
        self.h_task = Task::spawn("heuristic path", ctx, move |_| {
            heuristic_path(&puzzle_copy, &report, pdb_cache)
        })
        .ok();
        self.compute_truth(puzzle, ctx);
    }

    /// Finds the true distances along the solution (see [`true_distances`]): at once for an
    /// optimal solution, else in the background.
    pub fn compute_truth(&mut self, puzzle: &Puzzle, ctx: &egui::Context) {
        if self.report.optimal || self.report.status != Termination::Solved {
            let never = Arc::new(AtomicBool::new(false));
            self.truth = Some(true_distances(
                puzzle,
                &self.report,
                TRUTH_MAP_LIMITS,
                &never,
                None,
            ));
            return;
        }
        let (puzzle, report) = (puzzle.clone(), Arc::clone(&self.report));
        let pdb_cache = self.pdb_cache.clone();
        self.truth_task = Task::spawn("true distances", ctx, move |reporter| {
            let cancel = reporter.cancel_flag();
            true_distances(
                &puzzle,
                &report,
                TRUTH_MAP_LIMITS,
                &cancel,
                pdb_cache.as_deref(),
            )
        })
        .ok();
    }

    /// The true distances along the solution, once known.
    pub fn truth(&self) -> Option<&Truth> {
        self.truth.as_ref()
    }

    /// The heuristic along the solution, once known.
    pub fn h_path(&self) -> Option<&HeuristicPath> {
        self.h_path.as_ref()
    }

    /// Takes the heuristic along the solution once its background evaluation is done. Call
    /// once a frame.
    pub fn poll_h_path(&mut self) {
        if let Some(task) = self.truth_task.as_mut() {
            match task.poll() {
                Poll::Running => {}
                Poll::Done(truth) => {
                    self.truth = Some(truth);
                    self.truth_task = None;
                }
                Poll::Lost(_) => self.truth_task = None,
            }
        }
        if let Some(task) = self.h_task.as_mut() {
            match task.poll() {
                Poll::Running => {}
                Poll::Done(path) => {
                    self.h_path = path;
                    self.h_task = None;
                }
                Poll::Lost(_) => self.h_task = None,
            }
        }
    }

    /// Carries out a control command; `settings` are the ones shown (they say whether the
    /// move glides).
    pub fn apply(&mut self, command: PlaybackCommand, settings: &PlaybackSettings) {
        self.finish_glide();
        match command {
            PlaybackCommand::First => {
                self.playing = false;
                self.seek(0);
            }
            PlaybackCommand::Last => {
                self.playing = false;
                self.seek(self.len());
            }
            PlaybackCommand::Seek(i) => {
                self.playing = false;
                self.seek(i.min(self.len()));
            }
            PlaybackCommand::Next => {
                self.playing = false;
                self.step_forward(settings);
            }
            PlaybackCommand::Previous => {
                self.playing = false;
                self.step_back(settings);
            }
            PlaybackCommand::TogglePlay => {
                if self.playing {
                    self.playing = false;
                } else {
                    if self.index == self.len() {
                        self.seek(0);
                    }
                    self.playing = !self.is_empty();
                    self.since_last_step = f32::INFINITY;
                }
            }
        }
        self.scroll_to_current = true;
    }

    /// Advances animation and playing by `dt` seconds. Returns true while anything moves
    /// (the caller should keep repainting).
    pub fn tick(&mut self, dt: f32, settings: &PlaybackSettings) -> bool {
        let speed = settings.moves_per_second.max(0.1);
        if let Some(glide) = self.glide.as_mut() {
            if settings.animate {
                glide.t += dt * speed;
            } else {
                glide.t = 1.0;
            }
            if glide.t >= 1.0 {
                self.finish_glide();
            }
        }
        if self.playing && self.glide.is_none() {
            if self.index >= self.len() {
                self.playing = false;
            } else if settings.animate {
                self.step_forward(settings);
            } else {
                self.since_last_step += dt;
                if self.since_last_step >= 1.0 / speed {
                    self.since_last_step = 0.0;
                    self.step_forward(settings);
                }
            }
        }
        self.playing || self.glide.is_some()
    }

    /// The move the view shows as made: during a forward glide the one gliding (the
    /// position itself changes when the glide ends), so the counter, the slider and the
    /// move list agree while a piece moves.
    pub fn shown_index(&self) -> usize {
        self.glide
            .filter(|g| g.forward)
            .map_or(self.index, |g| g.index + 1)
    }

    fn step_forward(&mut self, settings: &PlaybackSettings) {
        if self.index >= self.len() {
            return;
        }
        if settings.animate {
            self.glide = Some(Glide {
                index: self.index,
                forward: true,
                t: 0.0,
            });
        } else {
            self.advance();
        }
        self.scroll_to_current = true;
    }

    fn step_back(&mut self, settings: &PlaybackSettings) {
        if self.index == 0 {
            return;
        }
        self.retreat();
        if settings.animate {
            self.glide = Some(Glide {
                index: self.index,
                forward: false,
                t: 0.0,
            });
        }
        self.scroll_to_current = true;
    }

    fn finish_glide(&mut self) {
        if let Some(glide) = self.glide.take()
            && glide.forward
        {
            self.advance();
        }
    }

    fn advance(&mut self) {
        let mv = &self.moves[self.index];
        // Invariant: every move in `moves` replayed in `new`, from this very position.
        apply(&mut self.current, mv, true).expect("a verified move replays");
        self.index += 1;
    }

    fn retreat(&mut self) {
        let mv = &self.moves[self.index - 1];
        // Invariant: undoing the move that led here is always legal.
        apply(&mut self.current, mv, false).expect("a verified move undoes");
        self.index -= 1;
    }

    fn seek(&mut self, target: usize) {
        if target < self.index || target - self.index > CHECKPOINT_EVERY {
            let k = target / CHECKPOINT_EVERY;
            self.current = self.checkpoints[k].clone();
            self.index = k * CHECKPOINT_EVERY;
        }
        while self.index < target {
            self.advance();
        }
    }

    /// The piece gliding now and its offset in cells (`x` columns, `y` rows) from where the
    /// board shows it; `None` between moves.
    pub fn glide_offset(&self) -> Option<(Token, Vec2)> {
        let glide = self.glide?;
        let mv = &self.moves[glide.index];
        let t = if glide.forward {
            glide.t
        } else {
            1.0 - glide.t
        };
        let offset = path_offset(&mv.steps, t.clamp(0.0, 1.0));
        // Backwards the position is already the earlier one, so the piece glides from the
        // later position (offset at t = 1) back to rest (offset 0).
        Some((mv.piece, offset))
    }
}

/// Applies `mv` to `puzzle` (forward), or undoes it (backward), step by step.
fn apply(
    puzzle: &mut Puzzle,
    mv: &PieceMove,
    forward: bool,
) -> Result<(), blockslide_core::model::MoveError> {
    let before = puzzle.clone();
    let result = if forward {
        mv.steps.iter().try_for_each(|&d| puzzle.step(mv.piece, d))
    } else {
        mv.steps
            .iter()
            .rev()
            .try_for_each(|&d| puzzle.step(mv.piece, d.opposite()))
    };
    if result.is_err() {
        *puzzle = before;
    }
    result
}

/// How far (in cells, `x` columns and `y` rows) a piece has travelled after the fraction `t`
/// of a move made of `steps`.
pub fn path_offset(steps: &[Dir], t: f32) -> Vec2 {
    if steps.is_empty() {
        return Vec2::ZERO;
    }
    let along = t.clamp(0.0, 1.0) * steps.len() as f32;
    let mut offset = Vec2::ZERO;
    for (i, dir) in steps.iter().enumerate() {
        let (dr, dc) = dir.delta();
        let part = (along - i as f32).clamp(0.0, 1.0);
        offset += vec2(dc as f32, dr as f32) * part;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;
    use blockslide_core::model::{Metric, PuzzleType};
    use blockslide_core::solve::Stats;

    /// A token.
    fn t(s: &str) -> Token {
        Token::new(s).unwrap()
    }

    /// The 8-puzzle's hardest start (31 steps) and a greedy, not optimal, solution of it.
    fn greedy_eight() -> (Puzzle, SolveReport) {
        let puzzle = Puzzle::tiles(3, 3, &[8, 6, 7, 2, 5, 4, 3, 0, 1], None).unwrap();
        let request = SolveRequest {
            algorithm: Algorithm::Greedy,
            heuristic: Some("manhattan".into()),
            metric: Some(Metric::Step),
            ..SolveRequest::default()
        };
        let report = solve(&puzzle, &request, SearchControl::new(Limits::default())).unwrap();
        assert!(
            !report.optimal && report.moves.len() > 31,
            "{}",
            report.moves.len()
        );
        (puzzle, report)
    }

    #[test]
    fn true_distances_of_a_small_space_are_mapped_along_the_solution_shown() {
        let (puzzle, report) = greedy_eight();
        let never = Arc::new(AtomicBool::new(false));
        let Truth::Exact { distances, mapped } =
            true_distances(&puzzle, &report, TRUTH_MAP_LIMITS, &never, None)
        else {
            panic!("the 8-puzzle is small enough to map");
        };
        assert!(mapped);
        assert_eq!(distances.len(), report.moves.len() + 1);
        assert_eq!((distances[0], distances[distances.len() - 1]), (31, 0));
        // One move changes the distance by exactly one (the 8-puzzle's graph is bipartite).
        assert!(distances.windows(2).all(|w| w[0].abs_diff(w[1]) == 1));
    }

    #[test]
    fn a_space_too_large_to_map_gives_distances_along_an_optimal_solution() {
        let (puzzle, report) = greedy_eight();
        let never = Arc::new(AtomicBool::new(false));
        let tight = Limits {
            max_nodes: 1_000,
            ..TRUTH_MAP_LIMITS
        };
        assert_eq!(
            true_distances(&puzzle, &report, tight, &never, None),
            Truth::AlongOptimal(31)
        );
    }

    /// A solved report of `moves` (test fixture, shared with the solution text's tests).
    pub(super) fn report(
        puzzle_type: PuzzleType,
        moves: Vec<PieceMove>,
        blank: Option<&str>,
    ) -> Arc<SolveReport> {
        Arc::new(SolveReport {
            puzzle: "test".into(),
            puzzle_type,
            algorithm: Algorithm::Bfs,
            heuristic: "zero".into(),
            metric: Metric::Step,
            status: Termination::Solved,
            optimal: true,
            moves,
            blank_moves: blank.map(str::to_owned),
            stats: Stats::default(),
            notes: Vec::new(),
        })
    }

    /// A piece move (test fixture, shared with the solution text's tests).
    pub(super) fn mv(piece: &str, steps: &[Dir]) -> PieceMove {
        PieceMove {
            piece: t(piece),
            steps: steps.to_vec(),
        }
    }

    /// `1 2 / . 3` with the standard goal is one move: tile 3 left (the blank moves right).
    fn tiny() -> Puzzle {
        Puzzle::tiles(2, 2, &[1, 2, 0, 3], Some(&[1, 2, 3, 0])).unwrap()
    }

    #[test]
    fn path_offsets_follow_the_steps() {
        let steps = [Dir::Down, Dir::Down, Dir::Right];
        assert_eq!(path_offset(&steps, 0.0), Vec2::ZERO);
        assert_eq!(path_offset(&steps, 0.5), vec2(0.0, 1.5));
        assert_eq!(path_offset(&steps, 1.0), vec2(1.0, 2.0));
        assert_eq!(path_offset(&[], 0.5), Vec2::ZERO);
    }

    #[test]
    fn heuristic_path_of_a_short_solution_and_none_for_a_long_one() {
        let p = tiny();
        let short = report(PuzzleType::Tiles, vec![mv("3", &[Dir::Left])], Some("r"));
        let path = heuristic_path(&p, &short, None).expect("a heuristic applies to tiles");
        assert_eq!(path.values.len(), 2);
        assert_eq!(path.values[1], 0, "h is 0 at the goal");
        assert!(path.values[0] <= 1, "admissible: one move is left");
        let long = report(
            PuzzleType::Tiles,
            vec![mv("3", &[Dir::Left]); H_PLOT_MAX_MOVES + 1],
            None,
        );
        assert_eq!(heuristic_path(&p, &long, None), None);
    }

    #[test]
    fn stepping_and_seeking_replay_the_model() {
        let p = Puzzle::tiles(2, 2, &[0, 1, 3, 2], Some(&[1, 2, 3, 0])).unwrap();
        // blank at 0: tile 1 left, tile 2 up -> 1 2 / 3 .
        let r = report(
            PuzzleType::Tiles,
            vec![mv("1", &[Dir::Left]), mv("2", &[Dir::Up])],
            Some("rd"),
        );
        let settings = PlaybackSettings {
            animate: false,
            ..PlaybackSettings::default()
        };
        let mut pb = Playback::new(&p, r);
        assert!(pb.verified());
        pb.apply(PlaybackCommand::Last, &settings);
        assert_eq!(pb.index(), 2);
        assert!(p.goal_satisfied_by(&pb.position().cells));
        pb.apply(PlaybackCommand::Previous, &settings);
        assert_eq!(pb.index(), 1);
        pb.apply(PlaybackCommand::First, &settings);
        assert_eq!(pb.position(), &p);
        pb.apply(PlaybackCommand::Seek(2), &settings);
        assert_eq!(pb.index(), 2);
    }

    #[test]
    fn seeking_anywhere_in_a_long_solution_matches_a_replay() {
        // Tile 3 shuttles left and right 301 times: the last position is the goal.
        let p = tiny();
        let moves: Vec<PieceMove> = (0..301)
            .map(|i| mv("3", &[if i % 2 == 0 { Dir::Left } else { Dir::Right }]))
            .collect();
        let mut pb = Playback::new(&p, report(PuzzleType::Tiles, moves.clone(), None));
        assert!(pb.verified());
        let settings = PlaybackSettings {
            animate: false,
            ..PlaybackSettings::default()
        };
        for target in [300, 7, 64, 65, 128, 0, 301, 299, 190, 191] {
            pb.apply(PlaybackCommand::Seek(target), &settings);
            let mut expected = p.clone();
            for m in &moves[..target] {
                apply(&mut expected, m, true).unwrap();
            }
            assert_eq!(pb.index(), target);
            assert_eq!(pb.position(), &expected, "after seeking to {target}");
        }
        pb.apply(PlaybackCommand::Seek(10_000), &settings);
        assert_eq!(pb.index(), 301);
    }

    #[test]
    fn gliding_finishes_after_one_move_time() {
        let r = report(PuzzleType::Tiles, vec![mv("3", &[Dir::Left])], Some("r"));
        let settings = PlaybackSettings {
            moves_per_second: 2.0,
            animate: true,
        };
        let mut pb = Playback::new(&tiny(), r);
        pb.apply(PlaybackCommand::Next, &settings);
        assert_eq!(pb.index(), 0, "the move glides first");
        assert!(pb.tick(0.25, &settings));
        assert_eq!(pb.glide_offset().unwrap().1, vec2(-0.5, 0.0));
        pb.tick(0.3, &settings);
        assert_eq!(pb.index(), 1);
        assert!(pb.verified());
    }

    #[test]
    fn playing_runs_to_the_end_and_stops() {
        let p = Puzzle::tiles(2, 2, &[0, 1, 3, 2], Some(&[1, 2, 3, 0])).unwrap();
        let r = report(
            PuzzleType::Tiles,
            vec![mv("1", &[Dir::Left]), mv("2", &[Dir::Up])],
            None,
        );
        for animate in [true, false] {
            let settings = PlaybackSettings {
                moves_per_second: 10.0,
                animate,
            };
            let mut pb = Playback::new(&p, Arc::clone(&r));
            pb.apply(PlaybackCommand::TogglePlay, &settings);
            let mut frames = 0;
            while pb.tick(0.05, &settings) {
                frames += 1;
                assert!(frames < 100, "playback must stop at the end");
            }
            assert_eq!(pb.index(), 2);
            assert!(!pb.is_playing());
        }
    }

    #[test]
    fn a_broken_solution_is_reported_not_replayed() {
        let r = report(PuzzleType::Tiles, vec![mv("1", &[Dir::Up])], None);
        let pb = Playback::new(&tiny(), r);
        assert!(!pb.verified());
        assert_eq!(pb.len(), 0);
        assert!(pb.replay_error.as_deref().unwrap().contains("move 1"));
    }
}
