//! The core library's tests: the model, the algorithms, both engines, the analyses, each
//! against an independent oracle where one exists. One crate, so the library links once.

mod algorithms_classics;
mod algorithms_core;
mod algorithms_domains;
mod analysis_oracle;
mod analysis_support;
mod blocks_boards;
mod blocks_classics;
mod blocks_heuristics;
mod blocks_memory;
mod blocks_mirror;
mod blocks_properties;
mod blocks_support;
mod counts_documented;
mod design_search;
mod design_suggest;
mod families;
mod families_file;
mod family_blocks;
mod family_file;
mod family_rushhour;
mod model_file;
mod model_fuzz;
mod model_goal;
mod model_validate;
mod recorded_traces;
mod report_views;
mod solve_check;
mod tiles_heuristics;
mod tiles_korf;
mod tiles_parity;
mod tiles_pdb_cache;
mod tiles_solve;
mod watch_trace;
mod web_page;

/// The fixtures every test crate shares, under the name the tests use.
use blockslide_testkit as fixtures;
