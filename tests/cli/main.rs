//! The `blockslide` binary's tests, each run as a user types it, the architecture's
//! invariants, and the docs' agreement with the binary. One crate, so the binary's tests link
//! once.

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
mod docs_drift;
mod families_cli;
mod family_cli;
#[cfg(feature = "distributed")]
mod family_distributed;
mod generate_cli;
mod golden;
mod improve_cli;
mod suggest_cli;
mod tiles_cli;

/// The fixtures every test crate shares, under the name the tests use.
use blockslide_testkit as fixtures;
