//! The object of `improve --json` and `generate rushhour|FILE --json`: the command's name,
//! then the core's report of what the design search found, with the files its designs were
//! written to.

use std::path::PathBuf;

use blockslide_core::report::DesignSearch;
use blockslide_core::solve::design::{DesignRules, SearchOptions, SearchReport};
use serde::Serialize;

/// What a design search was asked: its rules and options, the command's name, and the files
/// its designs were written to (in the report's order).
pub struct ReportContext<'a> {
    /// The rules the search kept to (its metric).
    pub rules: &'a DesignRules,
    /// The options it ran with (objective, strategy, seed).
    pub options: &'a SearchOptions,
    /// The files written, one per design from the first; fewer when not written.
    pub files: &'a [PathBuf],
    /// `improve` or `generate`.
    pub command: &'static str,
}

/// The search's report: the command, then its status, figures and designs.
#[derive(Serialize)]
pub struct DesignReport {
    command: &'static str,
    #[serde(flatten)]
    search: DesignSearch,
}

impl DesignReport {
    /// The object for `report`, found under `context`.
    pub fn new(report: &SearchReport, context: &ReportContext<'_>) -> DesignReport {
        DesignReport {
            command: context.command,
            search: DesignSearch::new(report, context.rules, context.options)
                .with_files(context.files),
        }
    }
}
