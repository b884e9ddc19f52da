//! The engine's state space for a search written in Python (`blockslide.aima.Problem` wraps
//! it): positions as hashable `State`s, moves in the engine's order, its goal test and its
//! heuristics.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use blockslide_core::solve::api::{SpaceState, StateSpace};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors::solve_error;
use crate::picture;
use crate::puzzle::{Move, Puzzle, metric_named, piece_move_of};
use crate::tasks::pdb_cache;

/// A puzzle's positions and moves as the engine walks them.
#[pyclass(frozen, module = "blockslide")]
pub struct Space {
    space: StateSpace,
}

/// A position of a `Space`: hashable, equal to another when the engine takes them for one
/// position (pieces the goal cannot tell apart are interchangeable).
#[pyclass(frozen, module = "blockslide")]
pub struct State {
    state: SpaceState,
    hash: u64,
}

impl State {
    fn new(state: SpaceState) -> State {
        let mut hasher = DefaultHasher::new();
        state.hash(&mut hasher);
        State {
            hash: hasher.finish(),
            state,
        }
    }
}

#[pymethods]
impl State {
    fn __hash__(&self) -> u64 {
        self.hash
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<State>()
            .is_ok_and(|o| o.get().hash == self.hash && o.get().state == self.state)
    }

    fn __repr__(&self) -> String {
        format!("State({:016x})", self.hash)
    }
}

impl Space {
    /// The board cells of `state`'s position.
    pub(crate) fn cells(&self, state: &State) -> Vec<blockslide_core::model::Cell> {
        self.space.position(&state.state).cells
    }
}

#[pymethods]
impl Space {
    /// The state space of `puzzle` in `metric` (`None`: the puzzle's own), estimating with
    /// `heuristic` (`None`: every estimate 0).
    #[new]
    #[pyo3(signature = (puzzle, metric=None, heuristic=None))]
    fn new(
        py: Python<'_>,
        puzzle: &Puzzle,
        metric: Option<&str>,
        heuristic: Option<&str>,
    ) -> PyResult<Space> {
        let metric = metric.map(metric_named).transpose()?;
        let cache = pdb_cache();
        let space = py
            .detach(|| StateSpace::new(&puzzle.inner, metric, heuristic, cache.as_deref()))
            .map_err(|e| solve_error(py, &e))?;
        Ok(Space { space })
    }

    /// The metric moves are counted in.
    #[getter]
    fn metric(&self) -> &'static str {
        self.space.metric().name()
    }

    /// The heuristic `estimate` uses (`zero` for none).
    #[getter]
    fn heuristic(&self) -> &str {
        self.space.heuristic()
    }

    /// The start position.
    fn start(&self) -> State {
        State::new(self.space.start())
    }

    /// The legal moves from `state`, in the engine's order.
    fn moves(&self, state: &State) -> Vec<Move> {
        self.space
            .moves(&state.state)
            .into_iter()
            .map(|m| Move {
                piece_move: m.piece_move.clone(),
                engine: Some(m),
            })
            .collect()
    }

    /// The position `move` reaches from `state` (a move of `moves(state)`, or any move of a
    /// piece given as a `Move` or tuple, which must be legal there).
    fn apply(&self, state: &State, r#move: &Bound<'_, PyAny>) -> PyResult<State> {
        if let Ok(m) = r#move.cast::<Move>()
            && let Some(engine) = &m.get().engine
        {
            return Ok(State::new(self.space.apply(&state.state, engine)));
        }
        let wanted = piece_move_of(r#move)?;
        self.space
            .moves(&state.state)
            .into_iter()
            .find(|m| m.piece_move == wanted)
            .map(|m| State::new(self.space.apply(&state.state, &m)))
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "{} is not a legal move here",
                    Move::from(wanted).repr()
                ))
            })
    }

    /// Whether `state` satisfies the goal.
    fn is_goal(&self, state: &State) -> bool {
        self.space.is_goal(&state.state)
    }

    /// The heuristic's estimate of the moves still needed from `state`.
    fn estimate(&self, state: &State) -> u32 {
        self.space.estimate(&state.state)
    }

    /// The puzzle in position `state`.
    fn position(&self, state: &State) -> Puzzle {
        Puzzle {
            inner: self.space.position(&state.state),
        }
    }

    /// The board of `state` as SVG.
    fn svg(&self, state: &State) -> String {
        picture::board_svg(&self.space.position(&state.state))
    }
}
