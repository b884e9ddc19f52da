//! The `blockslide` binary's tests, each run as a user types it, and the architecture's
//! invariants. One crate, so the binary's tests link once.

#[path = "../../crates/core/tests/solver/analysis_support.rs"]
mod analysis_support;
#[path = "../../crates/core/tests/solver/blocks_support.rs"]
mod blocks_support;
#[path = "../../crates/core/tests/solver/fixtures.rs"]
mod fixtures;

mod analysis_cli;
mod architecture;
mod bench_cli;
mod blocks_cli;
mod cli_check;
mod cli_inputs;
mod cli_limits;
mod cli_output;
mod cli_progress;
mod cli_refusals;
mod cli_saving;
mod cli_solve;
mod cli_support;
mod cli_trace;
mod families_cli;
mod family_cli;
#[cfg(feature = "distributed")]
mod family_distributed;
mod golden;
mod improve_cli;
mod tiles_cli;
