//! Docs that cannot drift: the subcommands and flags the README, `docs/*.md` and the binary's
//! module documentation (`src/main.rs`) name are the ones the built binary has, as its help
//! prints them (`blockslide -h`, `blockslide SUBCOMMAND -h`: the command tree clap builds,
//! whatever file defines it).
//!
//! - Each doc's list of the subcommands (the sentence that says "subcommands") names every
//!   subcommand and no other, and its count in words is right.
//! - Every `blockslide ...` command in the docs' code (blocks and inline) names a subcommand
//!   the binary has and only flags that subcommand takes; every bench suite it names is one
//!   `bench -h` lists.
//! - `docs/cli.md` has a section for every subcommand; each flag in a section's option table
//!   is one the subcommand takes, and each option the subcommand takes is named in its
//!   section or in a section it links to (as the shared options are).
//! - Every source file the docs name (`src/cli/args.rs`, or `heuristic.rs` under a heading
//!   naming its folder) exists.
//!
//! Drift still to be removed from the binary's side is listed in [`KNOWN_DRIFT`], with the
//! issue that removes it: the test fails on drift not listed and on a listed drift that no
//! longer occurs, so the list only shrinks.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

/// Drift still to be removed, each as where it is, what drifts, and the issue that removes it.
const KNOWN_DRIFT: &[(&str, &str, &str)] = &[];

/// The docs checked, relative to the repository.
const DOCS: [&str; 6] = [
    "README.md",
    "docs/cli.md",
    "docs/ARCHITECTURE.md",
    "docs/file-format.md",
    "docs/performance.md",
    "src/main.rs",
];

/// Flags that exist only with the cargo feature `distributed` (the docs say so): checked only
/// when the binary under test was built with it.
const DISTRIBUTED_FLAGS: [&str; 4] = [
    "--processes",
    "--process",
    "--hostfile",
    "--connect-timeout",
];

/// The command tree of the built binary, read from its help.
struct Cli {
    /// The options the binary takes without a subcommand, each as its names (`-o`, `--output`).
    top: Vec<Vec<String>>,
    /// Each subcommand (not `help`) with its options.
    subcommands: BTreeMap<String, Vec<Vec<String>>>,
    /// The names `bench -h` gives its suites by.
    suites: BTreeSet<String>,
}

/// The binary's short help, with `args` before `-h`.
fn help(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_blockslide"))
        .args(args)
        .arg("-h")
        .output()
        .expect("the binary runs");
    assert!(out.status.success(), "blockslide {args:?} -h fails");
    String::from_utf8(out.stdout).expect("the help is UTF-8")
}

/// The lines of a help's section (`Commands:`, `Options:`), up to the blank line after it.
fn section<'a>(help: &'a str, title: &str) -> Vec<&'a str> {
    help.lines()
        .skip_while(|l| *l != title)
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .collect()
}

/// The options of a help, each as its names.
fn options(help: &str) -> Vec<Vec<String>> {
    section(help, "Options:")
        .into_iter()
        .filter(|l| l.trim_start().starts_with('-'))
        .map(|l| {
            // The names' column ends where two spaces start the description.
            let names = l.trim_start().split("  ").next().unwrap_or_default();
            names
                .split([',', ' '])
                .filter(|w| w.starts_with('-'))
                .map(String::from)
                .collect::<Vec<_>>()
        })
        .collect()
}

impl Cli {
    fn read() -> Cli {
        let top = help(&[]);
        let names: Vec<String> = section(&top, "Commands:")
            .into_iter()
            .filter_map(|l| l.split_whitespace().next().map(String::from))
            .filter(|name| name != "help")
            .collect();
        assert!(names.len() > 5, "the help lists the subcommands: {top}");
        let subcommands: BTreeMap<String, Vec<Vec<String>>> = names
            .into_iter()
            .map(|name| {
                let options = options(&help(&[&name]));
                (name, options)
            })
            .collect();
        let bench = help(&["bench"]);
        let suites = section(&bench, "Arguments:")
            .into_iter()
            .filter(|l| l.contains("[SUITES]"))
            .flat_map(|l| l.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-')))
            .filter(|w| !w.is_empty())
            .map(String::from)
            .collect();
        Cli {
            top: options(&top),
            subcommands,
            suites,
        }
    }

    /// Whether `subcommand` takes `flag`.
    fn takes(&self, subcommand: Option<&str>, flag: &str) -> bool {
        if !cfg!(feature = "distributed") && DISTRIBUTED_FLAGS.contains(&flag) {
            return true;
        }
        let options = subcommand.map_or(Some(&self.top), |s| self.subcommands.get(s));
        options.is_some_and(|o| o.iter().flatten().any(|name| name == flag))
    }
}

/// One drift: where it is, what drifts (the key of [`KNOWN_DRIFT`]), and what is wrong.
struct Drift {
    at: String,
    what: String,
    message: String,
}

/// Adds a drift to `out`.
fn push(out: &mut Vec<Drift>, at: &str, what: &str, message: String) {
    out.push(Drift {
        at: at.to_string(),
        what: what.to_string(),
        message,
    });
}

/// The text of a doc as prose and code: a Rust file's module documentation, else the file.
fn doc_text(name: &str) -> String {
    let text = std::fs::read_to_string(crate::fixtures::repository().join(name)).unwrap();
    if Path::new(name).extension().is_some_and(|e| e == "rs") {
        text.lines()
            .filter_map(|l| l.strip_prefix("//!"))
            .map(|l| l.strip_prefix(' ').unwrap_or(l))
            .collect::<Vec<_>>()
            .join("\n")
    } else {
        text
    }
}

/// The `blockslide` commands of a doc's code: the lines of its fenced blocks (with their
/// continuation lines) and its inline code spans that start with the binary's name, each
/// as the words after it, a comment left out.
fn commands(text: &str) -> Vec<Vec<String>> {
    let mut found: Vec<String> = Vec::new();
    let mut in_block = false;
    let mut continues = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_block = !in_block;
            continues = false;
            continue;
        }
        if !in_block {
            continue;
        }
        let code = line.split(" #").next().unwrap_or_default();
        if continues && line.starts_with(char::is_whitespace) {
            if let Some(last) = found.last_mut() {
                last.push(' ');
                last.push_str(code.trim().trim_end_matches('\\'));
            }
            continue;
        }
        continues = false;
        if let Some(command) = after_binary(code.trim()) {
            found.push(command.trim_end_matches('\\').to_string());
            continues = true;
        }
    }
    // Inline spans: the text between pairs of backticks outside the blocks.
    let prose: String = text.split("```").step_by(2).collect::<Vec<_>>().join("\n");
    for span in prose.split('`').skip(1).step_by(2) {
        if let Some(command) = after_binary(span) {
            found.push(command.split(" #").next().unwrap_or_default().to_string());
        }
    }
    found
        .into_iter()
        .map(|c| c.split_whitespace().map(String::from).collect())
        .collect()
}

/// What follows the binary's name when `code` starts with it (`./blockslide`,
/// `target/release/blockslide` too).
fn after_binary(code: &str) -> Option<&str> {
    let first = code.split_whitespace().next()?;
    (first == "blockslide" || first.ends_with("/blockslide"))
        .then(|| code[first.len()..].trim())
        .filter(|rest| !rest.is_empty())
}

/// The flags among a command's words: `[--force]`, `FILE|--rushhour` and `--size=6x6` name
/// `--force`, `--rushhour` and `--size`.
fn flags(words: &[String]) -> Vec<String> {
    words
        .iter()
        .flat_map(|w| w.split('|'))
        .map(|w| w.trim_matches(|c: char| "[]()\"'".contains(c)))
        .map(|w| w.split('=').next().unwrap_or_default())
        .filter(|w| {
            w.starts_with('-')
                && w.len() > 1
                && w != &"--"
                && w[1..]
                    .trim_start_matches('-')
                    .starts_with(char::is_alphabetic)
        })
        .map(String::from)
        .collect()
}

/// The words of a doc's list of the subcommands: the first sentence from the word
/// "subcommands" on that names some in backticks, those names, and the number in words
/// before it.
fn listed_subcommands(text: &str) -> Option<(Option<usize>, BTreeSet<String>)> {
    let numbers = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
        "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
    ];
    text.match_indices(" subcommands").find_map(|(at, _)| {
        let rest = &text[at..];
        let end = rest
            .match_indices('.')
            .map(|(i, _)| i)
            .find(|i| rest[i + 1..].starts_with(char::is_whitespace))
            .unwrap_or(rest.len());
        let names: BTreeSet<String> = rest[..end]
            .split('`')
            .skip(1)
            .step_by(2)
            .filter(|w| {
                w.starts_with(|c: char| c.is_ascii_lowercase())
                    && w.chars().all(|c| c.is_ascii_lowercase() || c == '-')
            })
            .map(String::from)
            .collect();
        let count = text[..at]
            .split_whitespace()
            .last()
            .and_then(|w| numbers.iter().position(|n| w.eq_ignore_ascii_case(n)))
            .map(|i| i + 1);
        (!names.is_empty()).then_some((count, names))
    })
}

/// The sections of `docs/cli.md` by their anchor: `import-and-export` for "## import and
/// export", with their title and text.
fn cli_sections(text: &str) -> BTreeMap<String, (String, String)> {
    text.split("\n## ")
        .skip(1)
        .map(|section| {
            let title = section.lines().next().unwrap_or_default().to_string();
            let anchor: String = title
                .to_lowercase()
                .chars()
                .filter(|c| c.is_ascii_alphanumeric() || *c == ' ' || *c == '-')
                .map(|c| if c == ' ' { '-' } else { c })
                .collect();
            (anchor, (title, section.to_string()))
        })
        .collect()
}

/// Every drift between the docs and the binary.
fn drift(cli: &Cli) -> Vec<Drift> {
    let mut out = Vec::new();
    for doc in DOCS {
        let text = doc_text(doc);
        if matches!(doc, "README.md" | "docs/cli.md" | "src/main.rs") {
            list_drift(cli, doc, &text, &mut out);
        }
        for words in commands(&text) {
            command_drift(cli, doc, &words, &mut out);
        }
        out.extend(missing_files(doc, &text));
    }
    section_drift(cli, &mut out);
    out
}

/// The drift of a doc's list of the subcommands.
fn list_drift(cli: &Cli, doc: &str, text: &str, out: &mut Vec<Drift>) {
    let all: BTreeSet<String> = cli.subcommands.keys().cloned().collect();
    let Some((count, names)) = listed_subcommands(text) else {
        let message = "has no list of the subcommands (the word \"subcommands\", then their \
                       names in backticks, in one sentence)";
        push(out, doc, "subcommands", message.into());
        return;
    };
    if names != all {
        let missing: Vec<_> = all.difference(&names).collect();
        let unknown: Vec<_> = names.difference(&all).collect();
        let message = format!("lists the subcommands without {missing:?}, with {unknown:?}");
        push(out, doc, "subcommands", message);
    }
    if count.is_some_and(|c| c != all.len()) {
        let message = format!("counts {count:?} subcommands, of {}", all.len());
        push(out, doc, "subcommands", message);
    }
}

/// The drift of one `blockslide` command of a doc: its subcommand, its flags, and for
/// `bench` its suites.
fn command_drift(cli: &Cli, doc: &str, words: &[String], out: &mut Vec<Drift>) {
    let command = words.join(" ");
    let first = words[0].as_str();
    let subcommand = cli.subcommands.contains_key(first).then_some(first);
    if subcommand.is_none() && first.starts_with(|c: char| c.is_ascii_lowercase()) {
        let message = format!("`blockslide {command}`: no such subcommand");
        push(out, doc, first, message);
        return;
    }
    for flag in flags(words) {
        if !cli.takes(subcommand, &flag) {
            let name = subcommand.unwrap_or("(no subcommand)");
            let message = format!("`blockslide {command}`: {name} takes no {flag}");
            push(out, doc, &flag, message);
        }
    }
    if subcommand == Some("bench") {
        // The suites are the words that are neither a flag nor a flag's value.
        let mut after_flag = false;
        for word in &words[1..] {
            let suite = !after_flag
                && word.starts_with(|c: char| c.is_ascii_lowercase())
                && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
            if suite && !cli.suites.contains(word) {
                let message = format!(
                    "{doc}: `blockslide {command}` runs the suite {word}, which `bench -h` \
                     does not list"
                );
                push(out, "bench -h", word, message);
            }
            after_flag = word.starts_with('-');
        }
    }
}

/// The drift of `docs/cli.md`'s sections: one for every subcommand, the flags of its option
/// tables the subcommand's, and every option of the subcommand named in it or in a section
/// it links to.
fn section_drift(cli: &Cli, out: &mut Vec<Drift>) {
    let sections = cli_sections(&doc_text("docs/cli.md"));
    for (name, options) in &cli.subcommands {
        let Some((title, section)) = sections
            .values()
            .find(|(title, _)| title.split_whitespace().any(|w| w == name))
        else {
            push(
                out,
                "docs/cli.md",
                name,
                format!("has no section for `{name}`"),
            );
            continue;
        };
        // The first column of an option table names the options.
        for row in section.lines().filter(|l| l.starts_with("| `-")) {
            let first = row.split(" | ").next().unwrap_or_default();
            let words: Vec<String> = first.split([' ', '`', ',']).map(String::from).collect();
            for flag in flags(&words) {
                let takes = title
                    .split_whitespace()
                    .any(|s| cli.subcommands.contains_key(s) && cli.takes(Some(s), &flag));
                if !takes {
                    let message =
                        format!("## {title}: the table names {flag}, which `{name}` does not take");
                    push(out, "docs/cli.md", &flag, message);
                }
            }
        }
        let mut text = section.clone();
        for anchor in section.split("](#").skip(1) {
            let anchor = anchor.split(')').next().unwrap_or_default();
            if let Some((_, linked)) = sections.get(anchor) {
                text.push_str(linked);
            }
        }
        let words: Vec<String> = text
            .split(|c: char| c.is_whitespace() || c == '`' || c == ',')
            .map(String::from)
            .collect();
        let named: BTreeSet<String> = flags(&words).into_iter().collect();
        // Every subcommand has `-h`, `--help`: the section need not say so.
        for option in options.iter().filter(|o| !o.iter().any(|n| n == "--help")) {
            if !option.iter().any(|o| named.contains(o)) {
                let option = option.join(", ");
                let message = format!("## {title} does not name `{name}`'s {option}");
                push(out, "docs/cli.md", &option, message);
            }
        }
    }
}

/// The source files a doc names that do not exist: a path from the repository's root, or a
/// name under the folder the nearest heading names (a heading ending in the folder
/// `crates/core/src/solve/`, in backticks), or
/// anywhere in the sources when no heading names one.
fn missing_files(doc: &str, text: &str) -> Vec<Drift> {
    let root = crate::fixtures::repository();
    let mut sources = Vec::new();
    for dir in ["src", "crates", "tests", "benches"] {
        walk(&root, &root.join(dir), &mut sources);
    }
    let mut out = Vec::new();
    let mut folder = String::new();
    for line in text.lines() {
        if line.starts_with('#') {
            folder = line
                .split('`')
                .nth(1)
                .filter(|f| f.ends_with('/'))
                .unwrap_or_default()
                .to_string();
        }
        for name in line.split('`').skip(1).step_by(2) {
            let name = name.split("::").next().unwrap_or_default();
            let source = Path::new(name).extension().is_some_and(|e| e == "rs");
            if !source || name.contains([' ', '*']) {
                continue;
            }
            let exists = if ["src/", "crates/", "tests/", "benches/"]
                .iter()
                .any(|r| name.starts_with(r))
            {
                root.join(name).is_file()
            } else {
                let suffix = format!("/{name}");
                sources
                    .iter()
                    .any(|s| s.starts_with(&folder) && s.ends_with(&suffix))
            };
            if !exists {
                let under = if folder.is_empty() {
                    "the sources"
                } else {
                    &folder
                };
                out.push(Drift {
                    at: doc.to_string(),
                    what: name.to_string(),
                    message: format!("names `{name}`, which is no file under {under}"),
                });
            }
        }
    }
    out
}

/// Every file under `dir`, relative to `root`, with `/`.
fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(root, &path, out);
        } else if let Ok(rel) = path.strip_prefix(root) {
            out.push(rel.to_string_lossy().replace('\\', "/"));
        }
    }
}

#[test]
fn the_docs_name_the_binarys_subcommands_and_flags() {
    let cli = Cli::read();
    let found = drift(&cli);
    let known: BTreeSet<(&str, &str)> = KNOWN_DRIFT
        .iter()
        .map(|&(at, what, _)| (at, what))
        .collect();
    let occurring: BTreeSet<(&str, &str)> = found
        .iter()
        .map(|d| (d.at.as_str(), d.what.as_str()))
        .collect();
    let new: Vec<String> = found
        .iter()
        .filter(|d| !known.contains(&(d.at.as_str(), d.what.as_str())))
        .map(|d| format!("  {}: {}", d.at, d.message))
        .collect();
    let gone: Vec<String> = KNOWN_DRIFT
        .iter()
        .filter(|(at, what, _)| !occurring.contains(&(*at, *what)))
        .map(|entry| format!("  {entry:?}"))
        .collect();
    let mut report = Vec::new();
    if !new.is_empty() {
        report.push(format!(
            "{} drifts between the docs and the binary (fix them; KNOWN_DRIFT in \
             tests/cli/docs_drift.rs lists only those an issue is removing):\n{}",
            new.len(),
            new.join("\n")
        ));
    }
    if !gone.is_empty() {
        report.push(format!(
            "{} known drifts no longer occur: remove them from KNOWN_DRIFT in \
             tests/cli/docs_drift.rs (the list only shrinks):\n{}",
            gone.len(),
            gone.join("\n")
        ));
    }
    assert!(report.is_empty(), "{}", report.join("\n"));
}

#[test]
fn the_readers_find_commands_lists_and_flags() {
    let text = "Intro, with eleven subcommands (`a`, `b-c`; most with `--json`). Then `x`.\n\
                ```sh\nblockslide solve FILE [--json] # a `--not` comment\n    [-o DIR|--force]\n\
                cargo build --release\n```\n\
                Run `./blockslide count --metric=move` or `blockslide`.\n";
    let (count, names) = listed_subcommands(text).unwrap();
    assert_eq!(count, Some(11));
    assert_eq!(names, BTreeSet::from(["a".into(), "b-c".into()]));
    let found = commands(text);
    assert_eq!(
        found,
        [
            vec!["solve", "FILE", "[--json]", "[-o", "DIR|--force]"],
            vec!["count", "--metric=move"],
        ]
    );
    assert_eq!(flags(&found[0]), ["--json", "-o", "--force"]);
    assert_eq!(flags(&found[1]), ["--metric"]);
    let sections = cli_sections("# T\n\n## import and export\n\ntext\n## check\n");
    assert!(sections.contains_key("import-and-export"));
}
