//! A puzzle's positions and moves one at a time, for a search written outside the core (the
//! Python package's AIMA `Problem`): the engine's own states, its moves in its own order, its
//! goal test and its heuristics, so that a hand-written breadth-first search meets the same
//! positions in the same order as the engine's.

use std::hash::{Hash, Hasher};
use std::path::Path;

use crate::model::{Metric, PieceMove, Puzzle, Token};
use crate::solve::blocks::BlockDomain;
use crate::solve::core::{Domain, Heuristic, Limits, SearchControl};
use crate::solve::puzzle_domain::PuzzleDomain;
use crate::solve::tiles::TileDomain;

use super::prepare::check_valid;
use super::{PuzzleProfile, SolveError, metric_for};

/// The engine that holds a [`StateSpace`]'s puzzle.
enum Engine {
    Tiles(TileDomain, Option<<TileDomain as PuzzleDomain>::Heuristic>),
    // Boxed: the block engine's domain is three times the tile domain's, and a space holds
    // one engine for its whole life.
    Blocks(
        Box<BlockDomain>,
        Option<<BlockDomain as PuzzleDomain>::Heuristic>,
    ),
}

/// An engine's state.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum EngineState {
    Tiles(<TileDomain as Domain>::State),
    Blocks(<BlockDomain as Domain>::State),
}

/// An engine's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum EngineMove {
    Tiles(<TileDomain as Domain>::Move),
    Blocks(<BlockDomain as Domain>::Move),
}

/// A position of a [`StateSpace`].
///
/// Two positions are equal (and hash alike) when the engine takes them for one position:
/// pieces the goal cannot tell apart are interchangeable, as in the engine's own searches. A
/// position still knows which concrete piece is where, so the moves made from it name the
/// real pieces and replay on the model.
#[derive(Clone, Debug)]
pub struct SpaceState {
    state: EngineState,
    /// The piece in each of the block engine's slots (empty for tile puzzles, whose tiles
    /// are all told apart).
    labels: Vec<Token>,
}

impl PartialEq for SpaceState {
    fn eq(&self, other: &Self) -> bool {
        self.state == other.state
    }
}

impl Eq for SpaceState {}

impl Hash for SpaceState {
    fn hash<H: Hasher>(&self, hasher: &mut H) {
        self.state.hash(hasher);
    }
}

/// One move of a [`StateSpace`] from a given position: the engine's move and the same move
/// as a move of a concrete piece.
#[derive(Clone, Debug)]
pub struct SpaceMove {
    mv: EngineMove,
    /// The piece that moves and its unit steps.
    pub piece_move: PieceMove,
    /// The pieces' names in the position the move reaches.
    labels: Vec<Token>,
}

/// A puzzle's state space as the engine walks it (see the module's documentation).
pub struct StateSpace {
    puzzle: Puzzle,
    metric: Metric,
    engine: Engine,
    heuristic: String,
}

impl StateSpace {
    /// The state space of `puzzle` in `metric` (`None`: the puzzle's own, else `step`), with
    /// heuristic `heuristic` for [`StateSpace::estimate`] (`None`: none, every estimate 0;
    /// a name from [`heuristics_for`](super::heuristics_for); pattern databases are loaded
    /// from and saved to `pdb_cache`, or built in memory when it is `None`).
    ///
    /// # Errors
    /// [`SolveError`] when the puzzle is invalid, the engine cannot hold it, or the
    /// heuristic is unknown, does not apply, or its tables cannot be built within the
    /// default limits.
    pub fn new(
        puzzle: &Puzzle,
        metric: Option<Metric>,
        heuristic: Option<&str>,
        pdb_cache: Option<&Path>,
    ) -> Result<StateSpace, SolveError> {
        check_valid(puzzle)?;
        let metric = metric_for(puzzle, metric);
        let engine = if let Some(layout) = PuzzleProfile::of(puzzle).tile_layout() {
            let domain = TileDomain::new(layout)
                .map_err(SolveError::unsupported)?
                .with_pdb_cache(pdb_cache.map(Path::to_path_buf));
            let h = heuristic.map(|name| built(&domain, name)).transpose()?;
            Engine::Tiles(domain, h)
        } else {
            let domain = BlockDomain::new(puzzle, metric).map_err(SolveError::unsupported)?;
            let h = heuristic.map(|name| built(&domain, name)).transpose()?;
            Engine::Blocks(Box::new(domain), h)
        };
        Ok(StateSpace {
            puzzle: puzzle.clone(),
            metric,
            engine,
            heuristic: heuristic.unwrap_or("zero").to_string(),
        })
    }

    /// The metric moves are counted in.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// The heuristic [`StateSpace::estimate`] uses (`zero` when none was asked for).
    pub fn heuristic(&self) -> &str {
        &self.heuristic
    }

    /// The start position.
    pub fn start(&self) -> SpaceState {
        match &self.engine {
            Engine::Tiles(d, _) => SpaceState {
                state: EngineState::Tiles(d.start()),
                labels: Vec::new(),
            },
            Engine::Blocks(d, _) => SpaceState {
                state: EngineState::Blocks(d.start()),
                labels: d.start_labels(),
            },
        }
    }

    /// Whether `state` satisfies the goal.
    pub fn is_goal(&self, state: &SpaceState) -> bool {
        match (&self.engine, &state.state) {
            (Engine::Tiles(d, _), EngineState::Tiles(s)) => d.is_goal(s),
            (Engine::Blocks(d, _), EngineState::Blocks(s)) => d.is_goal(s),
            _ => false,
        }
    }

    /// The legal moves from `state`, in the order the engine's searches make them.
    pub fn moves(&self, state: &SpaceState) -> Vec<SpaceMove> {
        match (&self.engine, &state.state) {
            (Engine::Tiles(d, _), EngineState::Tiles(s)) => {
                let mut out = Vec::new();
                d.moves(s, &mut out);
                out.into_iter()
                    .filter_map(|dir| {
                        let piece_move = d.label_move(s, dir)?;
                        Some(SpaceMove {
                            mv: EngineMove::Tiles(dir),
                            piece_move,
                            labels: Vec::new(),
                        })
                    })
                    .collect()
            }
            (Engine::Blocks(d, _), EngineState::Blocks(s)) => {
                let mut out = Vec::new();
                d.moves(s, &mut out);
                out.into_iter()
                    .map(|mv| {
                        let mut labels = state.labels.clone();
                        let piece_move = d.label_move(s, &mut labels, mv);
                        SpaceMove {
                            mv: EngineMove::Blocks(mv),
                            piece_move,
                            labels,
                        }
                    })
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    /// The position `mv` (one of [`StateSpace::moves`] of `state`) reaches from `state`.
    pub fn apply(&self, state: &SpaceState, mv: &SpaceMove) -> SpaceState {
        let next = match (&self.engine, &state.state, mv.mv) {
            (Engine::Tiles(d, _), EngineState::Tiles(s), EngineMove::Tiles(m)) => {
                EngineState::Tiles(d.apply(s, m))
            }
            (Engine::Blocks(d, _), EngineState::Blocks(s), EngineMove::Blocks(m)) => {
                EngineState::Blocks(d.apply(s, m))
            }
            _ => state.state.clone(),
        };
        SpaceState {
            state: next,
            labels: mv.labels.clone(),
        }
    }

    /// The heuristic's estimate of the moves from `state` to the goal (0 without one).
    pub fn estimate(&self, state: &SpaceState) -> u32 {
        match (&self.engine, &state.state) {
            (Engine::Tiles(d, Some(h)), EngineState::Tiles(s)) => h.estimate(d, s),
            (Engine::Blocks(d, Some(h)), EngineState::Blocks(s)) => h.estimate(d, s),
            _ => 0,
        }
    }

    /// The puzzle in position `state`, each piece where `state` has it, named as the moves
    /// that led there name it.
    pub fn position(&self, state: &SpaceState) -> Puzzle {
        match (&self.engine, &state.state) {
            (Engine::Tiles(d, _), EngineState::Tiles(s)) => d.position(&self.puzzle, s),
            (Engine::Blocks(d, _), EngineState::Blocks(s)) => d.labelled_position(s, &state.labels),
            _ => self.puzzle.clone(),
        }
    }
}

/// Heuristic `name` of `domain`, built within the default limits.
fn built<D: PuzzleDomain>(domain: &D, name: &str) -> Result<D::Heuristic, SolveError> {
    let infos = domain.heuristics(Some(name));
    match infos.iter().find(|h| h.name == name) {
        None => {
            let names: Vec<&str> = infos.iter().map(|h| h.name.as_str()).collect();
            return Err(SolveError::not_applicable(format!(
                "unknown heuristic `{name}` for this puzzle; choose one of {}",
                names.join(", ")
            )));
        }
        Some(info) => {
            if let Err(reason) = &info.applicable {
                return Err(SolveError::NotApplicable(reason.clone()));
            }
        }
    }
    let mut control = SearchControl::new(Limits::default());
    domain
        .heuristic(name, &mut control, &mut Vec::new())
        .map_err(|e| SolveError::not_applicable(e.to_string()))
}
