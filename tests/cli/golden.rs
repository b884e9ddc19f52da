//! The CLI's golden record: for every subcommand, in text and `--json`, refusals included,
//! the standard output, standard error, exit code and every file the command wrote, compared
//! with `tests/data/golden/<case>.txt`. It pins the CLI's bytes while its code is reshaped.
//!
//! Each case runs in a fresh temporary folder (its working directory), so what it writes is
//! the folder's content afterwards. What changes from run to run (times, rates, the process's
//! memory, the folders' paths) is masked by [`mask`] before the comparison.
//!
//! To record the expected files again from the binary as it is, after a change meant to alter
//! the output, run the tests with `BLOCKSLIDE_BLESS=1` and review the diff of
//! `tests/data/golden/` before committing it.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::cli_support::command;

/// The variable that records the expected files instead of comparing with them.
const BLESS: &str = "BLOCKSLIDE_BLESS";

/// One run of the binary: a name (its expected file) and its arguments. In the arguments,
/// `{root}` is the repository and `{tmp}` the case's temporary folder.
struct Case {
    name: &'static str,
    args: Vec<String>,
}

/// The case `name` running `blockslide ARGS`: `args` split at spaces, except inside single
/// quotes (`--tiles '1 2 3 0'`).
fn case(name: &'static str, args: &str) -> Case {
    let mut words = Vec::new();
    for (i, part) in args.split('\'').enumerate() {
        if i % 2 == 1 {
            words.push(part.to_string());
        } else {
            words.extend(part.split_whitespace().map(str::to_string));
        }
    }
    Case { name, args: words }
}

/// The repository, where the saved puzzles and the golden files are.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn golden_dir() -> PathBuf {
    root().join("tests/data/golden")
}

/// Keys of the JSON objects whose values depend on the run, not on the puzzle: wall-clock and
/// CPU times, rates per second, the process's measured memory.
const MASKED_KEYS: &[&str] = &[
    "seconds",
    "per_second",
    "peak_memory_bytes",
    "peak_memory_estimated",
    "elapsed",
    "found_after",
];

/// Keys whose whole value (an array) is masked: the design search's timeline pairs times
/// with lengths.
const MASKED_ARRAYS: &[&str] = &["timeline"];

/// Words that, after a number in the text reports (punctuation after them aside), make it a
/// time or a size.
const MASKED_UNITS: &[&str] = &[
    "s", "ms", "µs", "us", "ns", "min", "h", "B", "KiB", "MiB", "GiB", "TiB",
];

/// How a word ends, after a number, to make it a rate (`1.2 M nodes/s`, `34,000 states/s`).
const RATE_SUFFIX: &str = "/s";

/// The output with what varies between runs replaced by `#`: the temporary folder's path by
/// `{tmp}` and the repository's by `{root}`; in JSON, the values of [`MASKED_KEYS`] (and of
/// every key that contains one) and of [`MASKED_ARRAYS`]; in text, every number (not an
/// ordinal such as `7.`) followed by a unit of
/// [`MASKED_UNITS`] or a rate (`…/s`), with the spaces that pad it.
fn mask(text: &str, tmp: &Path) -> String {
    let text = text
        .replace(&tmp.display().to_string(), "{tmp}")
        .replace(&root().display().to_string(), "{root}");
    let text = mask_json(&text);
    text.lines()
        .map(mask_units)
        .map(|line| line + "\n")
        .collect::<String>()
        + if text.ends_with('\n') || text.is_empty() {
            ""
        } else {
            "(no newline at the end)\n"
        }
}

/// Replaces the value after `"KEY":` for keys naming a time, rate or memory by `#`.
fn mask_json(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find('"') {
        out.push_str(&rest[..start]);
        let after = &rest[start + 1..];
        let Some(end) = after.find('"') else {
            out.push_str(&rest[start..]);
            return out;
        };
        let key = &after[..end];
        out.push('"');
        out.push_str(key);
        out.push('"');
        rest = &after[end + 1..];
        if let Some(value) = rest.strip_prefix(':')
            && MASKED_ARRAYS.contains(&key)
            && value.starts_with('[')
        {
            let mut depth = 0usize;
            let len = value
                .char_indices()
                .find(|&(_, c)| {
                    match c {
                        '[' => depth += 1,
                        ']' => depth -= 1,
                        _ => {}
                    }
                    depth == 0
                })
                .map_or(value.len(), |(i, _)| i + 1);
            out.push_str(":#");
            rest = &value[len..];
        } else if let Some(value) = rest.strip_prefix(':')
            && MASKED_KEYS.iter().any(|k| key.contains(k))
        {
            let len = value.find([',', '}', ']', '\n']).unwrap_or(value.len());
            out.push_str(":#");
            rest = &value[len..];
        }
    }
    out.push_str(rest);
    out
}

/// Replaces each number (digits with `.` and `,` inside) followed by a masked unit, or by a
/// word with `/s` in it (a rate), by `#`; on a line that says "per second", every number. A
/// number inside a word (`x2`, `3x3`) is kept.
fn mask_units(line: &str) -> String {
    let per_second = line.contains("per second");
    let words: Vec<&str> = line.split(' ').collect();
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    for (i, word) in words.iter().enumerate() {
        let next = words.get(i + 1).copied().unwrap_or_default();
        let unit = |w: &str| MASKED_UNITS.contains(&w.trim_end_matches([')', ',', ';', '.']));
        let rate = |w: &str| {
            w.trim_end_matches([')', ']', ',', ';', '.'])
                .ends_with(RATE_SUFFIX)
        };
        // `1.2 M nodes/s`: a scale letter, then the rate.
        let scaled_rate = next.len() == 1
            && next.chars().all(|c| c.is_ascii_uppercase())
            && words.get(i + 2).is_some_and(|w| rate(w));
        // `8.1 us/instance`: a unit per something.
        let unit_per = next.split_once('/').is_some_and(|(before, _)| unit(before));
        let unit_after = per_second || unit(next) || rate(next) || scaled_rate || unit_per;
        let (lead, number, trail) = split_number(word);
        let glued_unit = ["ms", "s", "µs", "s)", "s,"].contains(&trail) || rate(trail);
        // `7. B right`: a numbered line, not a quantity.
        let ordinal = number.ends_with('.');
        if !number.is_empty() && !ordinal && ((unit_after && trail.is_empty()) || glued_unit) {
            // The padding of a right-aligned column goes with the number, whose width varies.
            while out.last().is_some_and(String::is_empty) {
                out.pop();
            }
            out.push(format!("{lead}#{trail}"));
        } else {
            out.push((*word).to_string());
        }
    }
    out.join(" ")
}

/// A word as the punctuation before a number, the number, and what follows it; the number is
/// empty when the word holds none at its start (after `(`, `[`, `=` or `:`).
fn split_number(word: &str) -> (&str, &str, &str) {
    let lead_len = word
        .find(|c: char| !matches!(c, '(' | '[' | '=' | ':' | '~'))
        .unwrap_or(word.len());
    let (lead, body) = word.split_at(lead_len);
    let len = body
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .unwrap_or(body.len());
    let (number, trail) = body.split_at(len);
    if number.starts_with(|c: char| c.is_ascii_digit()) {
        (lead, number, trail)
    } else {
        (word, "", "")
    }
}

/// Runs one case and renders everything it did as the text of its golden file.
fn record(case: &Case) -> String {
    let dir = tempfile::tempdir().expect("a temporary folder");
    // The folder as the binary sees it, so that its paths in messages are masked too.
    let tmp = dir.path().canonicalize().expect("the folder exists");
    let args: Vec<String> = case
        .args
        .iter()
        .map(|a| {
            a.replace("{root}", &root().display().to_string())
                .replace("{tmp}", &tmp.display().to_string())
        })
        .collect();
    // An empty pattern-database cache of its own, so that a table is built (and said to be)
    // on every run alike, not only on the first.
    let cache = tempfile::tempdir().expect("a temporary folder");
    let out = command()
        .args(&args)
        .current_dir(&tmp)
        .env("BLOCKSLIDE_CACHE_DIR", cache.path())
        .env("NO_COLOR", "1")
        .output()
        .expect("the binary runs");
    let mut text = String::new();
    let _ = writeln!(text, "$ blockslide {}", case.args.join(" "));
    let _ = writeln!(text, "exit: {:?}", out.status.code());
    text.push_str("--- stdout\n");
    text.push_str(&mask(&String::from_utf8_lossy(&out.stdout), &tmp));
    text.push_str("--- stderr\n");
    text.push_str(&mask(&String::from_utf8_lossy(&out.stderr), &tmp));
    for file in files(&tmp) {
        let relative = file.strip_prefix(&tmp).expect("inside the folder");
        let _ = writeln!(text, "--- file {}", relative.display());
        let bytes = std::fs::read(&file).expect("a written file reads back");
        text.push_str(&mask(&String::from_utf8_lossy(&bytes), &tmp));
    }
    text
}

/// Every file under `dir`, sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).expect("a readable folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
            } else {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The first lines where `expected` and `actual` part, with a few lines around them.
fn diff(expected: &str, actual: &str) -> String {
    let e: Vec<&str> = expected.lines().collect();
    let a: Vec<&str> = actual.lines().collect();
    let first = e
        .iter()
        .zip(&a)
        .position(|(x, y)| x != y)
        .unwrap_or(e.len().min(a.len()));
    let from = first.saturating_sub(3);
    let mut out = format!("first difference at line {}\n", first + 1);
    for (label, lines) in [("expected", &e), ("actual", &a)] {
        let _ = writeln!(out, "--- {label}");
        for (n, line) in lines.iter().enumerate().skip(from).take(12) {
            let mark = if n == first { '>' } else { ' ' };
            let _ = writeln!(out, "{mark}{:4} {line}", n + 1);
        }
    }
    out
}

/// Runs `cases` and compares each with its golden file (or writes it, under
/// `BLOCKSLIDE_BLESS=1`); fails listing every case that differs.
fn check(cases: &[Case]) {
    let bless = std::env::var_os(BLESS).is_some_and(|v| v == "1");
    let mut failures = Vec::new();
    for case in cases {
        let actual = record(case);
        let path = golden_dir().join(format!("{}.txt", case.name));
        if bless {
            std::fs::write(&path, &actual).expect("the golden file is written");
            continue;
        }
        let expected = std::fs::read_to_string(&path).unwrap_or_default();
        if expected != actual {
            failures.push(format!(
                "golden `{}` differs ({}):\n{}",
                case.name,
                path.display(),
                diff(&expected, &actual)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{}\n(rerun with {BLESS}=1 to record the output as it is now)",
        failures.join("\n")
    );
}

#[test]
fn masking_hides_times_rates_and_memory_only() {
    let tmp = Path::new("/some/where");
    assert_eq!(
        mask(
            "{\"nodes\":12,\"seconds\":0.25,\"nodes_per_second\":48.0,\"peak_memory_bytes\":9}\n",
            tmp
        ),
        "{\"nodes\":12,\"seconds\":#,\"nodes_per_second\":#,\"peak_memory_bytes\":#}\n"
    );
    assert_eq!(
        mask(
            "time 0.25 s, (1.2 M nodes/s), peak 3.4 MiB; 10 moves 3x3 in /some/where/a\n",
            tmp
        ),
        "time # s, (# M nodes/s), peak # MiB; 10 moves 3x3 in {tmp}/a\n"
    );
    assert_eq!(
        mask(
            "{\"timeline\":[[0.5,3],[1.25,4]],\"found_after\":0.5}\n",
            tmp
        ),
        "{\"timeline\":#,\"found_after\":#}\n"
    );
    assert_eq!(
        mask(
            "median    8.1 us/instance (41284/s, seed 3)\n     7. B right\n",
            tmp
        ),
        "median # us/instance (#/s, seed 3)\n     7. B right\n"
    );
    assert_eq!(
        mask(
            "  nodes per second       2247500\n  nodes expanded         49",
            tmp
        ),
        "  nodes per second #\n  nodes expanded         49\n(no newline at the end)\n"
    );
}

#[test]
fn golden_help() {
    check(&[
        case("help", "--help"),
        case("version", "--version"),
        case("help-check", "check --help"),
        case("help-solve", "solve --help"),
        case("help-count", "count --help"),
        case("help-batch", "batch --help"),
        case("help-generate", "generate --help"),
        case("help-bench", "bench --help"),
        case("help-import", "import --help"),
        case("help-export", "export --help"),
        case("help-analyze", "analyze --help"),
        case("help-explore", "explore --help"),
        // Built for several processes, `family` has the options of the cluster too.
        #[cfg(not(feature = "distributed"))]
        case("help-family", "family --help"),
        case("help-improve", "improve --help"),
        case("help-suggest", "suggest --help"),
        // With the app built in, a word that is no subcommand is a file for the app to open,
        // which would open a window where a display exists: checked without the app only.
        #[cfg(not(feature = "gui"))]
        case("no-such-command", "frobnicate"),
    ]);
}

#[test]
fn golden_check() {
    check(&[
        case(
            "check",
            "check {root}/saved_puzzles/blocks-tiny.ron {root}/saved_puzzles/two-by-three.ron",
        ),
        case(
            "check-json",
            "check {root}/saved_puzzles/blocks-tiny.ron {root}/saved_puzzles/two-by-three.ron --json",
        ),
        case(
            "check-invalid",
            "check {root}/tests/data/check/ragged.ron {root}/tests/data/check/stuck.ron {tmp}/missing.ron",
        ),
        case(
            "check-invalid-json",
            "check {root}/tests/data/check/ragged.ron {root}/tests/data/check/stuck.ron {tmp}/missing.ron --json",
        ),
        case("check-no-file", "check"),
    ]);
}

#[test]
fn golden_solve() {
    check(&[
        case("solve-blocks", "solve {root}/saved_puzzles/blocks-tiny.ron"),
        case(
            "solve-blocks-json",
            "solve {root}/saved_puzzles/blocks-tiny.ron --json",
        ),
        case("solve-tiles", "solve --tiles '5 4 2 1 3 0' --size 2x3"),
        case(
            "solve-tiles-json",
            "solve --tiles '5 4 2 1 3 0' --size 2x3 --json",
        ),
        case(
            "solve-tiles-idastar-json",
            "solve --tiles '1 2 3 4 5 6 0 7 8' -a idastar --threads 1 --json",
        ),
        case(
            "solve-rushhour",
            "solve {root}/saved_puzzles/rush-hour-warm-up.ron --metric slide",
        ),
        case(
            "solve-rushhour-inline-json",
            "solve --rushhour BBoKMxDDDKMoIAALooIoJLEEooJFFNoGGoxN --json",
        ),
        case(
            "solve-unsolvable",
            "solve {root}/tests/data/check/unsolvable-parity.ron",
        ),
        case(
            "solve-unsolvable-json",
            "solve {root}/tests/data/check/unsolvable-parity.ron --json",
        ),
        case(
            "solve-limit",
            "solve {root}/saved_puzzles/fifteen-korf-1.ron --max-nodes 200",
        ),
        case(
            "solve-limit-json",
            "solve {root}/saved_puzzles/fifteen-korf-1.ron --max-nodes 200 --json",
        ),
    ]);
}

#[test]
fn golden_solve_refusals() {
    check(&[
        case("solve-invalid", "solve {root}/tests/data/check/ragged.ron"),
        case("solve-missing", "solve {tmp}/missing.ron"),
        case(
            "solve-both-sources",
            "solve {root}/saved_puzzles/blocks-tiny.ron --tiles '1 2 3 0'",
        ),
        case("solve-no-source", "solve"),
        case("solve-bad-weight", "solve --tiles '1 2 3 0' --weight 0.5"),
        case("solve-bad-metric", "solve --tiles '1 2 3 0' --metric hop"),
        case(
            "solve-bad-heuristic",
            "solve --tiles '1 2 3 0' --heuristic psychic",
        ),
        case("solve-bad-tiles", "solve --tiles '1 2 2 0'"),
        case("solve-goal-without-tiles", "solve --goal '1 2 3 0'"),
        case("solve-list-heuristics", "solve --list-heuristics"),
        case(
            "solve-list-heuristics-json",
            "solve --list-heuristics --json",
        ),
        case(
            "solve-trace",
            "solve {root}/saved_puzzles/two-by-three.ron -a astar --trace trace.jsonl",
        ),
    ]);
}

#[test]
fn golden_count() {
    check(&[
        case("count", "count {root}/saved_puzzles/blocks-tiny.ron"),
        case(
            "count-json",
            "count {root}/saved_puzzles/blocks-tiny.ron --json",
        ),
        case(
            "count-rushhour-json",
            "count --rushhour BBoKMxDDDKMoIAALooIoJLEEooJFFNoGGoxN --metric slide --json",
        ),
        case(
            "count-limit",
            "count {root}/saved_puzzles/klotski.ron --max-nodes 100",
        ),
        case(
            "count-limit-json",
            "count {root}/saved_puzzles/klotski.ron --max-nodes 100 --json",
        ),
        case(
            "count-bad-time",
            "count {root}/saved_puzzles/blocks-tiny.ron --time-limit 1e300",
        ),
        case("count-missing", "count {tmp}/missing.ron"),
    ]);
}

#[test]
fn golden_batch() {
    check(&[
        case(
            "batch",
            "batch {root}/tests/data/golden/inputs/eights.txt --threads 1",
        ),
        case(
            "batch-json",
            "batch {root}/tests/data/golden/inputs/eights.txt --threads 1 --json",
        ),
        case(
            "batch-limit",
            "batch {root}/tests/data/golden/inputs/eights.txt --threads 1 --max-nodes 5",
        ),
        case(
            "batch-bad-line",
            "batch {root}/tests/data/golden/inputs/bad-batch.txt",
        ),
        case(
            "batch-goal-and-blank-first",
            "batch {root}/tests/data/golden/inputs/eights.txt --goal '1 2 3 4 5 6 7 8 0' --blank-first",
        ),
    ]);
}

#[test]
fn golden_generate() {
    check(&[
        case("generate-tiles", "generate --size 3x3 --count 3 --seed 1"),
        case(
            "generate-tiles-scramble",
            "generate --size 2x3 --count 2 --scramble 10 --seed 4 --blank-first",
        ),
        case(
            "generate-rushhour",
            "generate rushhour --size 4x4 --primary-row 2 --moves 5..6 --count 2 --seed 9 --threads 1 --max-candidates 20000 --max-pieces 8 -o made -q",
        ),
        case(
            "generate-rushhour-json",
            "generate rushhour --size 4x4 --primary-row 2 --moves 5..6 --count 2 --seed 9 --threads 1 --max-candidates 20000 --max-pieces 8 --json -q",
        ),
        case("generate-bad-size", "generate --size 0x4"),
        case("generate-bad-band", "generate rushhour --moves 9..3"),
        case("generate-no-moves", "generate rushhour --count 2"),
    ]);
}

#[test]
fn golden_bench() {
    check(&[
        case("bench-eight", "bench eight --runs 1"),
        case("bench-eight-json", "bench eight --runs 1 --json"),
        case("bench-unknown", "bench nope"),
        case("bench-bad-runs", "bench eight --runs 0"),
    ]);
}

#[test]
fn golden_import_export() {
    check(&[
        case(
            "import",
            "import rushhour BBoKMxDDDKMoIAALooIoJLEEooJFFNoGGoxN",
        ),
        case(
            "import-file",
            "import rushhour BBoKMxDDDKMoIAALooIoJLEEooJFFNoGGoxN -o hardest.ron",
        ),
        case("import-bad", "import rushhour ooo"),
        case("import-bad-notation", "import sokoban ooo"),
        case(
            "export",
            "export rushhour {root}/saved_puzzles/rush-hour-warm-up.ron",
        ),
        case(
            "export-not-rushhour",
            "export rushhour {root}/saved_puzzles/klotski.ron",
        ),
        case("export-missing", "export rushhour {tmp}/missing.ron"),
        case(
            "export-html",
            "export html {root}/saved_puzzles/blocks-tiny.ron -o page.html --title 'A tiny <puzzle>'",
        ),
        case(
            "export-html-flag-for-rushhour",
            "export rushhour {root}/saved_puzzles/rush-hour-warm-up.ron --no-solution",
        ),
        case(
            "export-html-invalid",
            "export html {root}/tests/data/check/ragged.ron -o page.html",
        ),
        case(
            "export-html-empty-collection",
            "export html {root}/saved_puzzles/blocks-tiny.ron --collection {tmp}",
        ),
    ]);
}

#[test]
fn golden_analyze_explore() {
    check(&[
        case("analyze", "analyze {root}/saved_puzzles/blocks-tiny.ron"),
        case(
            "analyze-json",
            "analyze {root}/saved_puzzles/blocks-tiny.ron --json",
        ),
        case(
            "analyze-write-hardest",
            "analyze {root}/saved_puzzles/blocks-tiny.ron --write-hardest hardest.ron",
        ),
        case(
            "analyze-limit",
            "analyze {root}/saved_puzzles/klotski.ron --max-nodes 100",
        ),
        case(
            "analyze-limit-json",
            "analyze {root}/saved_puzzles/klotski.ron --max-nodes 100 --json",
        ),
        case("analyze-missing", "analyze {tmp}/missing.ron"),
        case("explore", "explore {root}/saved_puzzles/blocks-tiny.ron"),
        case(
            "explore-json",
            "explore {root}/saved_puzzles/blocks-tiny.ron --json",
        ),
        case(
            "explore-write-top",
            "explore {root}/saved_puzzles/blocks-tiny.ron --top 2 --write-top top",
        ),
        case(
            "explore-tiles",
            "explore {root}/saved_puzzles/two-by-three.ron",
        ),
        case(
            "explore-limit-json",
            "explore {root}/saved_puzzles/klotski.ron --max-nodes 100 --json",
        ),
    ]);
}

#[test]
fn golden_family() {
    check(&[
        case(
            "family-file",
            "family {root}/families/small-blocks.ron -q --threads 1",
        ),
        case(
            "family-file-json",
            "family {root}/families/small-blocks.ron -q --threads 1 --json",
        ),
        case(
            "family-rushhour-output",
            "family rushhour --size 3x3 --format fogleman -q -o family.txt",
        ),
        case(
            "family-rushhour-output-json",
            "family rushhour --size 3x3 -q --json -o family.jsonl",
        ),
        case(
            "family-limit-json",
            "family rushhour --size 4x4 -q --threads 1 --max-nodes 10 --json",
        ),
        case("family-unknown", "family klotski"),
        case(
            "family-bad-walls",
            "family {root}/families/small-blocks.ron --max-walls 2",
        ),
        case("family-resume-without-output", "family rushhour --resume"),
    ]);
}

#[test]
fn golden_suggest() {
    check(&[
        case(
            "suggest",
            "suggest {root}/saved_puzzles/blocks-tiny.ron --threads 1 -q",
        ),
        case(
            "suggest-json",
            "suggest {root}/saved_puzzles/blocks-tiny.ron --metric slide --top 3 --threads 1 --json -q",
        ),
        case(
            "suggest-output",
            "suggest {root}/saved_puzzles/klotski.ron --allow walls,add,remove --top 3 --threads 1 -o out -q",
        ),
        case(
            "suggest-limit",
            "suggest {root}/saved_puzzles/klotski.ron --max-nodes 100 --top 4 --threads 1 -q",
        ),
        case(
            "suggest-bad-allow",
            "suggest {root}/saved_puzzles/blocks-tiny.ron --allow walls,wings",
        ),
        case("suggest-missing", "suggest {tmp}/missing.ron"),
    ]);
}

#[test]
fn golden_improve() {
    check(&[
        case(
            "improve",
            "improve {root}/tests/data/golden/inputs/rush-hour-4x4.ron -o harder --random-start --seed 3 --threads 1 --max-candidates 300 --max-pieces 8 -q",
        ),
        case(
            "improve-json",
            "improve {root}/tests/data/golden/inputs/rush-hour-4x4.ron -o harder --random-start --seed 3 --threads 1 --max-candidates 300 --max-pieces 8 --json -q",
        ),
        case(
            "improve-bad-objective",
            "improve {root}/tests/data/golden/inputs/rush-hour-4x4.ron -o harder --objective fun --seed 1",
        ),
        case(
            "improve-bad-time",
            "improve {root}/tests/data/golden/inputs/rush-hour-4x4.ron -o harder --time-limit 1e300 --seed 1",
        ),
        case(
            "improve-no-output",
            "improve {root}/tests/data/golden/inputs/rush-hour-4x4.ron",
        ),
    ]);
}
