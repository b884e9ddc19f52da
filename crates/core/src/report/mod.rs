//! The reports as front ends write them: `Serialize` views of the core's reports, shared by
//! every front end that writes JSON (the CLI's `--json`, the app's "Save as JSON"), so that the
//! same search gives the same object wherever it is written. The core returns these values;
//! turning them into text is the front end's business.
//!
//! A struct's fields are serialized in the order they are declared, and that order is part of
//! the output. Most of these objects were first written as JSON maps whose keys were sorted,
//! so their fields are declared in alphabetical order to keep the bytes scripts already read.
//! The objects of `check`, `family` and the design search always had a declared order, kept as
//! it was.
//!
//! Numbers keep their types: counts are integers, times and rates `f64` (JSON writers put them
//! with a fraction, `0.0`, and a rate that is not finite as `null`).
//!
//! Where a front end knows better than the core, it says so through the objects' builders:
//! the peak memory is the search's own estimate until a front end that runs one search per
//! process puts the process's measured peak in its place (`with_peak_memory`), and a design's
//! file is `null` until the front end that saved it names it (`with_files`). What only one
//! front end has (the CLI's trace file, the path of a file it checked) it adds around these
//! objects.

mod common;
mod design;
mod family;
mod solve;
mod space;
mod suggest;
mod trace;
mod validation;
pub mod web;

pub use common::{Move, PeakMemory};
pub use design::{DesignSearch, FoundDesign};
pub use family::{FamilyCluster, FamilyRun};
pub use solve::{AllHeuristics, Count, Heuristic, Solve, heuristics};
pub use space::{Analyze, Explore, ExploredHardest, Hardest};
pub use suggest::{DesignFigures, RefusedEdit, Suggest, SuggestedEdit};
pub use trace::{
    TRACE_FORMAT_VERSION, TraceFileLine, TraceHeader, TraceLine, trace_file, trace_lines,
};
pub use validation::{Finding, Validation};
