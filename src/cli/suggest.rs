//! `blockslide suggest`: where the next edit of a design should go. Every one-step edit (a
//! wall added on an empty cell or removed, a piece removed, a piece moved to another place it
//! fits, a 1x1 piece added on an empty cell), within `--allow` and `--lock`, is analysed on
//! the core's suggestions ([`blockslide_core::solve::design::suggest`]) and listed best first
//! (the harder hardest start first, then the longer start), one line each, with the change
//! from the design as it is ("93 -> 101 moves"); a figure a limit stopped reads "at least".
//!
//! With `-o DIR` it writes each listed edit as a puzzle file (`suggestion-1.ron`, the best,
//! ...) and `DIR/suggestions.json`, a list of objects with `file` (relative to DIR), `edit`
//! (in words), `hardest`, `start_length` (`null` when unsolvable; `hardest` too when no goal is
//! reachable), `exact` and more ([`blockslide_core::report::SuggestedEdit`]). The folder
//! follows `generate -o DIR`'s rules: every file is checked before the analyses start, and no
//! file of an earlier run is left (one beyond the run's count is refused without `--force`).
//!
//! `--json` prints one object ([`blockslide_core::report::Suggest`]): `{"status":..,
//! "complete":..,"metric":..,"current":{"hardest":..,"start_length":..,"component":..,
//! "solvable":..,"exact":..},"edits":..,"analysed":..,"seconds":..,"suggestions":[{"file":..,
//! "edit":..,"change":..,"hardest":..,"start_length":..,"exact":..,"solvable":..,
//! "component":..,"hardest_change":..,"start_length_change":..,"board":[..]}],"refused":[..]}`.
//!
//! Exit codes: 0 every edit analysed to the end, 1 error, 3 a limit (or Ctrl-C) stopped an
//! analysis (the figures it found are lower bounds, marked so).

use std::path::Path;

use blockslide_core::model::Puzzle;
use blockslide_core::model::file::{check_save_path, save_text, save_with};
use blockslide_core::report::Suggest;
use blockslide_core::solve::api::metric_for;
use blockslide_core::solve::design::{
    Change, SUGGESTED_CHANGES, SuggestProgress, SuggestReport, SuggestRules, Suggestion, edits,
    suggest,
};

use super::error::{CliError, EXIT_LIMIT, EXIT_OK};
use super::flags::{SuggestArgs, parse_allow};
use super::improve::lock;
use super::progress::ProgressLine;
use super::render::{Report, text};
use super::save::{Numbered, save_error};
use super::search::controlled;
use super::source::read_puzzle;

/// The files `suggest -o DIR` writes: `suggestion-N.ron`, as many as the edits listed.
const SUGGESTED: Numbered = Numbered {
    prefix: "suggestion-",
    what: "suggestions",
    bound: "the {n} edits listed",
};

/// The list of the files written, beside them.
const LIST: &str = "suggestions.json";

/// Runs `blockslide suggest`.
///
/// # Errors
/// An unreadable or invalid puzzle, a bad option, a folder or file that cannot be written.
pub fn run(args: &SuggestArgs) -> Result<Report, CliError> {
    let puzzle = read_puzzle(&args.file)?;
    let rules = rules(&puzzle, args)?;
    let limits = args.limits.limits()?;
    let listed = edits(&puzzle, &rules)
        .len()
        .min(args.top.unwrap_or(usize::MAX));
    let folder = args.output.output.as_deref();
    if let Some(dir) = folder {
        // Before the analyses, which may take long: a folder that cannot take the files
        // fails now.
        SUGGESTED.prepare(dir, listed, &args.force)?;
        let list = dir.join(LIST);
        check_save_path(&list, args.force.options()).map_err(|e| save_error(&list, &e))?;
    }
    let line = ProgressLine::new("suggesting", ProgressLine::wanted(args.limits.quiet.quiet));
    let control = controlled(limits, args.limits.threads.threads);
    let shown = |p: &SuggestProgress<'_>| line.message(&format!("{} of {} edits", p.done, p.total));
    let report = suggest(&puzzle, &rules, &control, Some(&shown)).map_err(|e| e.to_string())?;
    drop(line);
    let top = &report.suggestions[..listed.min(report.suggestions.len())];
    let mut object = Suggest::new(&report, Some(top.len()));
    if let Some(dir) = folder {
        let mut names = Vec::with_capacity(top.len());
        for (i, suggestion) in top.iter().enumerate() {
            let name = SUGGESTED.name(i + 1);
            let out = dir.join(&name);
            let file = suggestion_file(suggestion, &puzzle, &report);
            save_with(&out, &file, args.force.options()).map_err(|e| save_error(&out, &e))?;
            names.push(name);
        }
        SUGGESTED.clear_earlier_run(dir, names.len(), listed, args.force.force)?;
        object = object.with_files(&names);
        write_list(dir, &object, args)?;
    }
    let code = if report.complete() {
        EXIT_OK
    } else {
        EXIT_LIMIT
    };
    Ok(Report::pick(
        args.print.json,
        || text::suggestions(&puzzle, &report, top),
        || object,
        code,
    ))
}

/// The rules of `args` for `puzzle`: the metric, the edits `--allow` names (all four by
/// default), the pieces and cells `--lock` names.
fn rules(puzzle: &Puzzle, args: &SuggestArgs) -> Result<SuggestRules, String> {
    let metric = metric_for(puzzle, args.metric.clone().transpose()?);
    let mut rules = SuggestRules::new(metric);
    if let Some(allow) = &args.allow {
        rules.allow = parse_allow(allow)?;
        if let Some(other) = rules.allow.iter().find(|c| !SUGGESTED_CHANGES.contains(c)) {
            return Err(format!(
                "--allow: `{other}` is no one-step edit of suggest (it makes walls, remove, move \
                 and add edits; `{}` is for `improve`)",
                Change::Reshape
            ));
        }
    }
    for item in &args.lock {
        lock(
            puzzle,
            &mut rules.locked_pieces,
            &mut rules.locked_cells,
            item.trim(),
        )?;
    }
    Ok(rules)
}

/// The puzzle file of one edit: the design edited, its start the edited start, in the metric
/// its figures were found in, its name and notes saying what the edit was and what it did.
fn suggestion_file(suggestion: &Suggestion, original: &Puzzle, report: &SuggestReport) -> Puzzle {
    let mut puzzle = suggestion.design.clone();
    puzzle.metric = Some(report.metric);
    let base = if original.name.is_empty() {
        "Design"
    } else {
        original.name.as_str()
    };
    puzzle.name = format!("{base}, {}", suggestion.words);
    puzzle.notes = format!(
        "{} of {base} ({} metric), found by `blockslide suggest`: {}.",
        capitalised(&suggestion.words),
        report.metric.name(),
        text::suggestion_figures(&suggestion.figures, &report.current)
    );
    puzzle
}

/// `words` with a capital first letter.
fn capitalised(words: &str) -> String {
    let mut chars = words.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// Writes `DIR/suggestions.json`: the listed edits, each with its file.
fn write_list(dir: &Path, object: &Suggest, args: &SuggestArgs) -> Result<(), CliError> {
    let list = dir.join(LIST);
    // Invariant: the objects hold strings, numbers, booleans and lists of them, so
    // serializing cannot fail.
    let text = serde_json::to_string_pretty(object.listed())
        .expect("the suggestions' objects always serialize");
    save_text(&list, &(text + "\n"), args.force.options()).map_err(|e| save_error(&list, &e))?;
    Ok(())
}
