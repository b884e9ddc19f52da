//! Blockslide's core: one model for every sliding puzzle and the optimal solvers over it.
//!
//! - [`model`]: the board, pieces and goal, the RON file format, and validation.
//! - [`solve`]: one instrumented search core, the textbook algorithms, heuristics, and the
//!   block and tile domains, with [`solve::api`] as the front door.
//!
//! Dependencies point one way: `solve` → `model`. The crate has no GUI dependency and reads
//! no environment: it touches the file system only for the files it is asked to read or
//! write and for the pattern-database cache folder its caller passes in
//! ([`solve::SolveRequest::pdb_cache`]; `None` caches nothing).
//!
//! # Examples
//!
//! Solve a puzzle file optimally (Klotski, in the move metric it names):
//!
//! ```
//! use blockslide_core::model::file;
//! use blockslide_core::solve::{
//!     Algorithm, Limits, SearchControl, SolveRequest, Termination, solve,
//! };
//!
//! # let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
//! #     .join("../../saved_puzzles/klotski.ron");
//! let puzzle = file::load(&path)?;
//! let request = SolveRequest {
//!     algorithm: Algorithm::Bfs,
//!     ..SolveRequest::default()
//! };
//! // The control says how much the search may spend (limits), on how many threads; it
//! // also carries the cancel flag and the progress sink.
//! let report = solve(&puzzle, &request, SearchControl::new(Limits::default()))?;
//! assert_eq!(report.status, Termination::Solved);
//! assert!(report.optimal);
//! assert_eq!(report.length(), Some(81));
//! // The moves replay on the model, from the start to the goal.
//! blockslide_core::solve::verify_solution(&puzzle, &report.moves)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Count every position reachable from a start, by distance:
//!
//! ```
//! use blockslide_core::model::{Metric, Puzzle};
//! use blockslide_core::solve::{Limits, SearchControl, count};
//!
//! // The 8-puzzle's goal row by row (0 is the blank): half of all arrangements reach it.
//! let eight = Puzzle::tiles(3, 3, &[1, 2, 3, 4, 5, 6, 7, 8, 0], None)?;
//! let report = count(&eight, Metric::Step, SearchControl::new(Limits::default()))?;
//! assert_eq!(report.states, 181_440);
//! assert_eq!(report.max_depth, 31);
//! assert_eq!(report.per_depth[31], 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Search a puzzle of your own: implement [`solve::core::Domain`] and run any algorithm.
//! Here a counter starts at 1 and may be doubled or incremented; how few moves reach 10?
//!
//! ```
//! use blockslide_core::solve::algorithms::{astar, bfs};
//! use blockslide_core::solve::core::{
//!     Domain, Heuristic, Limits, Reason, SearchControl, Termination,
//! };
//!
//! #[derive(Clone, Copy, Debug, PartialEq, Eq)]
//! enum Step {
//!     Double,
//!     Increment,
//! }
//!
//! struct Counter {
//!     target: u32,
//! }
//!
//! impl Domain for Counter {
//!     type State = u32;
//!     type Move = Step;
//!
//!     fn start(&self) -> u32 {
//!         1
//!     }
//!     fn is_goal(&self, state: &u32) -> bool {
//!         *state == self.target
//!     }
//!     fn moves(&self, state: &u32, out: &mut Vec<Step>) {
//!         // Never past the target: the space stays finite.
//!         if state * 2 <= self.target {
//!             out.push(Step::Double);
//!         }
//!         if *state < self.target {
//!             out.push(Step::Increment);
//!         }
//!     }
//!     fn apply(&self, state: &u32, mv: Step) -> u32 {
//!         match mv {
//!             Step::Double => state * 2,
//!             Step::Increment => state + 1,
//!         }
//!     }
//!     fn goal_state(&self) -> Result<u32, Reason> {
//!         Ok(self.target)
//!     }
//! }
//!
//! let domain = Counter { target: 10 };
//! let outcome = bfs(&domain, &mut SearchControl::new(Limits::default()));
//! assert_eq!(outcome.termination, Termination::Solved);
//! // 1 -> 2 -> 4 -> 5 -> 10
//! assert_eq!(
//!     outcome.path,
//!     Some(vec![Step::Double, Step::Double, Step::Increment, Step::Double])
//! );
//! assert!(outcome.optimal);
//!
//! // Every algorithm takes the same domain. A heuristic that never overestimates (one move
//! // at least, until the goal) keeps A* optimal.
//! struct AtLeastOne;
//! impl Heuristic<Counter> for AtLeastOne {
//!     fn estimate(&self, domain: &Counter, state: &u32) -> u32 {
//!         u32::from(!domain.is_goal(state))
//!     }
//!     fn admissible(&self) -> bool {
//!         true
//!     }
//! }
//! let again = astar(&domain, &AtLeastOne, 1.0, &mut SearchControl::new(Limits::default()));
//! assert_eq!(again.path.map(|p| p.len()), Some(4));
//! assert!(again.optimal);
//! ```

#![forbid(missing_docs)]

pub mod model;
pub mod report;
pub mod solve;
