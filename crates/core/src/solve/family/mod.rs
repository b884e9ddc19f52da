//! Whole families: every puzzle a rule set allows, grouped into clusters (the positions
//! reachable from each other), with the hardest start of each.
//!
//! A family is split into units that no move can leave (a Rush Hour family's `Unit`); each unit is
//! walked on its own by one thread, and the results are handed to the caller in the units'
//! order whatever the number of threads, so two runs write identical files. A run that stops
//! (a limit, Ctrl-C) has handed over a prefix of the units; [`enumerate`] started with that
//! prefix's length as `skip` continues it and hands over exactly what the uninterrupted run
//! would have after it.

engine!(blocks);
#[cfg(feature = "distributed")]
pub mod distributed;
mod engine;
pub mod eta;
pub mod file;
pub mod listing;
engine!(rushhour);

pub use self::blocks::{BlockFamily, BlockShape};
pub use self::blocks::{BlockFamilyError, MAX_FAMILY_PIECES, MAX_UNIT_ARRANGEMENTS, UnitStop};
pub use self::engine::{
    ClusterRecord, Family, FamilyRun, FamilySummary, UnitBudget, UnitResult, enumerate, walk_unit,
};
pub use self::eta::{TimeLeft, UNIT_CLASSES, count_units_by_class, human_seconds};
pub use self::file::{FamilySpec, parse_family, read_family};
pub use self::listing::{Ended, Listing, ListingError};
pub use self::rushhour::{
    DEFAULT_PRIMARY_ROW, FamilyError, Layout, RushHourFamily, RushHourRules, Unit, fogleman_string,
};
