//! The house's structure, checked from the source of every crate of the workspace: every
//! path that names a module of ours, in a `use` (a `pub use` too) or inline in the code, is an
//! arrow from one file to another, resolved through the `mod` declarations ([`scan`]); a `mod`
//! declaration itself is no arrow. The arrows must point one way:
//!
//! - no part of a crate imports, directly or through others, a part that imports it. A part
//!   is a module two levels below its crate's root with all beneath it
//!   (`blockslide_core::solve::tiles`, `blockslide::cli::solve`), or a module higher up
//!   alone (`blockslide::cli`, the CLI's `mod.rs`). Inside a part, its files may use each
//!   other both ways (a folder's `mod.rs` re-exports what its files define, and they use
//!   what it defines); between parts, arrows point one way;
//! - the core's model imports only the model; the core imports neither the app nor the
//!   binary; the app never imports the binary;
//! - inside the app, the `editor` and `solve` halves never import each other, and the tool
//!   windows ([`WINDOWS`]) never import each other;
//! - the front ends (the app, the binary and the Python package's bindings) import only the
//!   core's API and model ([`CORE_API`]), never an engine behind it.
//!
//! Violations not yet removed are listed in [`KNOWN_VIOLATIONS`], each with the issue that
//! removes it. The test fails on any violation not listed there and on any listed one that no
//! longer occurs, so the list only shrinks. The core library also depends on no GUI crate and
//! never reads the environment: the caller chooses the pattern-database cache.

mod known;
mod scan;

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use known::KNOWN_VIOLATIONS;
use scan::{CrateRoot, Import, Tree};

/// The crates of the workspace.
const CRATES: [CrateRoot; 4] = [
    CrateRoot {
        root: "crates/core/src/lib.rs",
        name: "blockslide_core",
    },
    CrateRoot {
        root: "crates/app/src/lib.rs",
        name: "blockslide_app",
    },
    CrateRoot {
        root: "src/main.rs",
        name: "blockslide",
    },
    CrateRoot {
        root: "crates/python/src/lib.rs",
        name: "blockslide_python",
    },
];

/// A rule: the short name the list of known violations uses, and what it says.
type Rule = (&'static str, &'static str);

const CYCLE: Rule = ("cycle", "no import cycles between parts");
const MODEL: Rule = ("model", "the model imports only the model");
const CORE: Rule = ("core", "the core imports neither the app nor the binary");
const APP: Rule = ("app", "the app never imports the binary");
const HALVES: Rule = (
    "halves",
    "the editor and solve halves never import each other",
);
const WINDOW: Rule = ("window", "app windows never import each other");
const ENGINE: Rule = ("engine", "front ends use only the core's API and model");

/// The core's public face, all that the front ends (the app, the binary) may import of it:
/// the model, the solver's front door with the vocabulary of its requests and answers, and
/// the reports' serializable objects.
/// `true` admits the module's submodules too; `false` the module alone, its own items and
/// re-exports, not the engine files behind it. Everything else of `blockslide_core::solve`
/// (blocks, tiles, algorithms, analysis, the family's and the design search's internals) is
/// an engine, the core's own business.
const CORE_API: [(&str, bool); 11] = [
    ("blockslide_core::model", true),
    ("blockslide_core::report", true),
    ("blockslide_core::solve", false),
    ("blockslide_core::solve::api", true),
    ("blockslide_core::solve::core", false),
    ("blockslide_core::solve::observe", false),
    ("blockslide_core::solve::trace", false),
    ("blockslide_core::solve::recorded", false),
    ("blockslide_core::solve::family", false),
    ("blockslide_core::solve::family::distributed", false),
    ("blockslide_core::solve::design", false),
];

/// The app's tool windows and views, under `blockslide_app::solve`: each its own module
/// tree, sharing code only through the modules below them (`common`, `solve::search`, ...).
const WINDOWS: [&str; 7] = [
    "analyze", "compare", "family", "harder", "play", "playback", "watch",
];

/// A rule broken by one file's imports of one module.
struct Violation {
    file: String,
    imports: String,
    rule: Rule,
    /// Each import: its line and its path as written.
    at: Vec<(usize, String)>,
    /// For a cycle, the way back from the imported file to the importing one.
    back: Vec<String>,
}

impl Violation {
    fn key(&self) -> (&str, &str, &str) {
        (&self.file, &self.imports, self.rule.0)
    }
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "  {} imports {} [{}: {}]:",
            self.file, self.imports, self.rule.0, self.rule.1
        )?;
        for (line, written) in &self.at {
            writeln!(f, "    {}:{line}: {written}", self.file)?;
        }
        if !self.back.is_empty() {
            writeln!(f, "    and back: {}", self.back.join(", then "))?;
        }
        write!(
            f,
            "    (listed as (\"{}\", \"{}\", \"{}\", \"issue ...\"))",
            self.file, self.imports, self.rule.0
        )
    }
}

/// Whether the module path `module` is `prefix` or under it.
fn under(module: &[String], prefix: &str) -> bool {
    let prefix: Vec<&str> = prefix.split("::").collect();
    module.len() >= prefix.len() && module.iter().zip(&prefix).all(|(m, p)| m == p)
}

/// The rules, other than the cycles, that an arrow from the module `from` to the module `to`
/// breaks.
fn floors_broken(from: &[String], to: &[String]) -> Vec<Rule> {
    let mut broken = Vec::new();
    if under(from, "blockslide_core::model") && !under(to, "blockslide_core::model") {
        broken.push(MODEL);
    }
    if under(from, "blockslide_core") && !under(to, "blockslide_core") {
        broken.push(CORE);
    }
    if under(from, "blockslide_app") && under(to, "blockslide") {
        broken.push(APP);
    }
    let halves = ["blockslide_app::editor", "blockslide_app::solve"];
    if halves
        .iter()
        .zip(halves.iter().rev())
        .any(|(a, b)| under(from, a) && under(to, b))
    {
        broken.push(HALVES);
    }
    let window = |m: &[String]| {
        WINDOWS
            .iter()
            .find(|w| under(m, &format!("blockslide_app::solve::{w}")))
    };
    if let (Some(a), Some(b)) = (window(from), window(to))
        && a != b
    {
        broken.push(WINDOW);
    }
    let front_end = under(from, "blockslide_app")
        || under(from, "blockslide")
        || under(from, "blockslide_python");
    let api = CORE_API.iter().any(|(module, deep)| {
        if *deep {
            under(to, module)
        } else {
            to.join("::") == *module
        }
    });
    if front_end && under(to, "blockslide_core") && !api {
        broken.push(ENGINE);
    }
    broken
}

/// The workspace's module tree, read from the repository.
fn tree() -> Tree {
    let root = crate::fixtures::repository();
    Tree::read(&CRATES, &|name| {
        std::fs::read_to_string(root.join(name)).ok()
    })
}

/// The shortest way from the part `from` to the part `to` over the arrows, each step as the
/// import that takes it (`src/cli/mod.rs:45: args::LimitArgs`); none if there is none.
fn way(
    from: &Part,
    to: &Part,
    arrows: &BTreeMap<Part, BTreeMap<Part, &Import>>,
    tree: &Tree,
) -> Option<Vec<String>> {
    let mut came: BTreeMap<Part, (Part, &Import)> = BTreeMap::new();
    let mut queue = VecDeque::from([from.clone()]);
    let mut seen = BTreeSet::from([from.clone()]);
    while let Some(at) = queue.pop_front() {
        if at == *to {
            let mut steps = Vec::new();
            let mut node = at;
            while node != *from {
                let (previous, import) = came[&node].clone();
                let file = &tree.files[import.file].name;
                steps.push(format!("{file}:{}: {}", import.line, import.written));
                node = previous;
            }
            steps.reverse();
            return Some(steps);
        }
        for (next, import) in arrows.get(&at).into_iter().flatten() {
            if seen.insert(next.clone()) {
                came.insert(next.clone(), (at.clone(), *import));
                queue.push_back(next.clone());
            }
        }
    }
    None
}

/// A part of a crate, by its module path.
type Part = Vec<String>;

/// The part a module belongs to: its crate's module two levels down with all beneath it
/// (`blockslide_core::solve::tiles`), or the module itself when it is higher.
fn part(module: &[String]) -> Part {
    module[..module.len().min(3)].to_vec()
}

/// How a module is written in `from`'s crate: `crate::cli` in its own, else by the crate's
/// name.
fn written(from: &[String], to: &[String]) -> String {
    if to[0] == from[0] {
        std::iter::once("crate")
            .chain(to[1..].iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join("::")
    } else {
        to.join("::")
    }
}

/// Every violation of the rules in the workspace's source, in file order. The floors are
/// judged by the module a path names (an import through the API's re-export is an import
/// of the API), the cycles by the module that holds what it names (a file that takes
/// `super::Puzzle`, which its parent re-exports, uses `puzzle`, not the parent).
fn violations(tree: &Tree) -> Vec<Violation> {
    let imports = tree.imports();
    let part_of = |m: usize| part(&tree.modules[m].path);
    // Part to part, with the first import that makes each arrow.
    let mut arrows: BTreeMap<Part, BTreeMap<Part, &Import>> = BTreeMap::new();
    for import in &imports {
        let (from, to) = (
            part_of(tree.files[import.file].module),
            part_of(import.defined),
        );
        if from != to {
            arrows.entry(from).or_default().entry(to).or_insert(import);
        }
    }
    let mut found: BTreeMap<(usize, usize, &'static str), Violation> = BTreeMap::new();
    for import in &imports {
        let file = &tree.files[import.file];
        let from = &tree.modules[file.module].path;
        let mut broken: Vec<(Rule, usize, Vec<String>)> = Vec::new();
        if tree.modules[import.named].file != import.file {
            let to = &tree.modules[import.named].path;
            for rule in floors_broken(from, to) {
                broken.push((rule, import.named, Vec::new()));
            }
        }
        let (from_part, to_part) = (part(from), part_of(import.defined));
        if from_part != to_part
            && let Some(back) = way(&to_part, &from_part, &arrows, tree)
        {
            broken.push((CYCLE, import.defined, back));
        }
        for (rule, target, back) in broken {
            let violation = found
                .entry((import.file, target, rule.0))
                .or_insert_with(|| Violation {
                    file: file.name.clone(),
                    imports: written(from, &tree.modules[target].path),
                    rule,
                    at: Vec::new(),
                    back,
                });
            violation.at.push((import.line, import.written.clone()));
        }
    }
    found.into_values().collect()
}

#[test]
fn the_imports_point_one_way() {
    let tree = tree();
    assert!(
        tree.files.len() > 200,
        "the scan found the files: {}",
        tree.files.len()
    );
    let found = violations(&tree);
    let known: BTreeSet<(&str, &str, &str)> = KNOWN_VIOLATIONS
        .iter()
        .map(|&(file, imports, rule, _)| (file, imports, rule))
        .collect();
    assert_eq!(
        known.len(),
        KNOWN_VIOLATIONS.len(),
        "KNOWN_VIOLATIONS lists an entry twice"
    );
    let occurring: BTreeSet<(&str, &str, &str)> = found.iter().map(Violation::key).collect();
    let new: Vec<String> = found
        .iter()
        .filter(|v| !known.contains(&v.key()))
        .map(ToString::to_string)
        .collect();
    let gone: Vec<String> = KNOWN_VIOLATIONS
        .iter()
        .filter(|(file, imports, rule, _)| !occurring.contains(&(*file, *imports, *rule)))
        .map(|entry| format!("  {entry:?}"))
        .collect();
    let mut report = Vec::new();
    if !new.is_empty() {
        report.push(format!(
            "{} imports break the house's rules (fix them; KNOWN_VIOLATIONS in \
             tests/cli/architecture/known.rs lists only those an issue is removing):\n{}",
            new.len(),
            new.join("\n")
        ));
    }
    if !gone.is_empty() {
        report.push(format!(
            "{} known violations no longer occur: remove them from KNOWN_VIOLATIONS in \
             tests/cli/architecture/known.rs (the list only shrinks):\n{}",
            gone.len(),
            gone.join("\n")
        ));
    }
    assert!(report.is_empty(), "{}", report.join("\n"));
}

#[test]
fn the_core_api_names_modules_of_the_core() {
    let tree = tree();
    for (module, _) in CORE_API {
        assert!(
            tree.modules.iter().any(|m| m.path.join("::") == module),
            "CORE_API names {module}, which is no module of the core"
        );
    }
    for window in WINDOWS {
        let module = format!("blockslide_app::solve::{window}");
        assert!(
            tree.modules.iter().any(|m| m.path.join("::") == module),
            "WINDOWS names {module}, which is no module of the app"
        );
    }
}

/// The `[dependencies]` table of a crate's manifest, as text.
fn dependencies(manifest: &str) -> String {
    let text = std::fs::read_to_string(crate::fixtures::repository().join(manifest)).unwrap();
    let start = text
        .find("\n[dependencies]")
        .expect("a [dependencies] table");
    let rest = &text[start + 1..];
    let end = rest[1..].find("\n[").map_or(rest.len(), |i| i + 1);
    rest[..end].to_string()
}

#[test]
fn the_core_library_depends_on_no_gui_and_reads_no_environment() {
    let deps = dependencies("crates/core/Cargo.toml");
    for gui in ["eframe", "egui", "rfd", "image", "winit", "wgpu"] {
        assert!(
            !deps
                .lines()
                .any(|l| l.starts_with(&format!("{gui} ")) || l.starts_with(&format!("{gui}."))),
            "the core library depends on {gui}"
        );
    }
    let tree = tree();
    let core: Vec<_> = tree
        .files
        .iter()
        .filter(|f| f.name.starts_with("crates/core/src/"))
        .collect();
    assert!(core.len() > 50, "the scan found the core: {}", core.len());
    for file in core {
        for reads in ["env::var", "ProjectDirs", "home_dir"] {
            assert!(
                !file.code.contains(reads),
                "{} reads the environment ({reads}): the caller passes what it needs",
                file.name
            );
        }
    }
}

#[test]
fn the_scanner_resolves_paths_through_the_mod_declarations() {
    let files: BTreeMap<&str, &str> = BTreeMap::from([
        (
            "k/lib.rs",
            "mod a;\npub mod b;\nmod c { use super::a::X; }\n#[cfg(test)]\nmod tests;\n\
             pub use b::{self, inner::{Y, Z as W}};\n\
             fn f() { a::g(r#\"crate::b\"#, '\"', \"a::g\"); } // crate::b\n\
             /* crate::b */ fn h<'a>(x: &'a str) -> std::fmt::Result { x.len::<a::X>() }\n",
        ),
        ("k/a.rs", "use crate::b::Y;\n#[cfg(test)]\nuse crate::b;\n"),
        ("k/b/mod.rs", "pub mod inner;\npub use inner::Y;\n"),
        (
            "k/b/inner.rs",
            "use super::super::a as top;\nfn f() { top::g(); fmt::x(); }\n",
        ),
    ]);
    let tree = Tree::read(
        &[CrateRoot {
            root: "k/lib.rs",
            name: "k",
        }],
        &|name| files.get(name).map(ToString::to_string),
    );
    let mut imports: Vec<(String, usize, String, String, String)> = tree
        .imports()
        .into_iter()
        .map(|i| {
            (
                tree.files[i.file].name.clone(),
                i.line,
                i.written,
                tree.modules[i.named].path.join("::"),
                tree.modules[i.defined].path.join("::"),
            )
        })
        .collect();
    imports.sort();
    let expected = [
        ("k/a.rs", 1, "crate::b::Y", "k::b", "k::b::inner"),
        ("k/b/inner.rs", 1, "super::super::a", "k::a", "k::a"),
        ("k/b/inner.rs", 2, "top::g", "k::a", "k::a"),
        ("k/b/mod.rs", 2, "inner::Y", "k::b::inner", "k::b::inner"),
        ("k/lib.rs", 3, "super::a::X", "k::a", "k::a"),
        ("k/lib.rs", 6, "b", "k::b", "k::b"),
        ("k/lib.rs", 6, "b::inner::Y", "k::b::inner", "k::b::inner"),
        ("k/lib.rs", 6, "b::inner::Z", "k::b::inner", "k::b::inner"),
        ("k/lib.rs", 7, "a::g", "k::a", "k::a"),
        ("k/lib.rs", 8, "a::X", "k::a", "k::a"),
    ]
    .map(|(f, l, w, n, d)| {
        (
            f.to_string(),
            l,
            w.to_string(),
            n.to_string(),
            d.to_string(),
        )
    });
    assert_eq!(imports, expected);
}

#[test]
fn the_rules_catch_each_kind_of_violation() {
    let path = |p: &str| p.split("::").map(String::from).collect::<Vec<_>>();
    let broken = |from: &str, to: &str| floors_broken(&path(from), &path(to));
    assert_eq!(
        broken("blockslide_core::model::puzzle", "blockslide_core::solve"),
        [MODEL]
    );
    assert_eq!(
        broken("blockslide_core::solve", "blockslide_app::app"),
        [CORE]
    );
    assert_eq!(broken("blockslide_app::app", "blockslide::cli"), [APP]);
    assert_eq!(
        broken("blockslide_app::editor", "blockslide_app::solve::panel"),
        [HALVES]
    );
    assert_eq!(
        broken(
            "blockslide_app::solve::harder::results",
            "blockslide_app::solve::analyze::charts"
        ),
        [WINDOW]
    );
    assert_eq!(
        broken("blockslide::cli::solve", "blockslide_core::solve::tiles"),
        [ENGINE]
    );
    assert_eq!(
        broken(
            "blockslide::cli::solve",
            "blockslide_core::solve::family::rushhour"
        ),
        [ENGINE]
    );
    for allowed in [
        ("blockslide::cli::solve", "blockslide_core::solve::family"),
        (
            "blockslide::cli::solve",
            "blockslide_core::solve::api::watch",
        ),
        (
            "blockslide_app::solve::panel",
            "blockslide_core::model::file",
        ),
        (
            "blockslide_app::solve::harder::run",
            "blockslide_app::solve::search",
        ),
        (
            "blockslide_core::solve::api",
            "blockslide_core::solve::tiles",
        ),
    ] {
        assert!(broken(allowed.0, allowed.1).is_empty(), "{allowed:?}");
    }
}
