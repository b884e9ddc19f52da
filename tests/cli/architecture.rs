//! The house's structure, checked from the source of every crate of the workspace: every
//! path that names a module of ours, in a `use` or inline in the code, is an arrow from one
//! file to another, and the arrows must point one way. No file imports, directly or through
//! others, a file that imports it; the core's model imports neither the solver, the app nor
//! the binary; the solver imports neither the app nor the binary; the app never imports the
//! binary; inside the app, the `editor` and `solve` halves never import each other. The core
//! library depends on no GUI crate and never reads the environment: the caller chooses the
//! pattern-database cache.
//!
//! A file's module is its crate and its path (`crates/core/src/solve/blocks/domain.rs` is
//! `core::solve::blocks::domain`, a `mod.rs` its folder; the binary's files are under `bin`).
//! A path names the longest module prefix that is a file (`crate::solve::core::Domain` is
//! `core::solve::core`); `super::` and `self::` are resolved against the importing module.
//! Code inside `#[cfg(test)]` modules is left out: a test module may look at anything.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a source file, relative to `src`: `["solve", "blocks", "domain"]`.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap();
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if !matches!(stem, "mod" | "lib" | "main") {
        parts.push(stem.to_string());
    }
    parts
}

/// The text of every `use` statement outside `#[cfg(test)]` modules, one string each, and the
/// rest of the code outside them (comments left out).
fn use_statements(text: &str) -> (Vec<String>, String) {
    let mut out = Vec::new();
    let mut code = String::new();
    let mut current: Option<String> = None;
    let mut skip_depth: Option<usize> = None;
    let mut depth = 0usize;
    let mut pending_test = false;
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with("//") {
            continue;
        }
        if trimmed.starts_with("#[cfg(test)]") {
            pending_test = true;
            continue;
        }
        let opens = line.matches('{').count();
        let closes = line.matches('}').count();
        if pending_test && trimmed.starts_with("mod ") {
            skip_depth = Some(depth);
        }
        pending_test = false;
        depth = (depth + opens).saturating_sub(closes);
        if let Some(at) = skip_depth {
            if depth <= at && closes > 0 {
                skip_depth = None;
            }
            continue;
        }
        if let Some(statement) = current.as_mut() {
            statement.push(' ');
            statement.push_str(trimmed);
        } else if let Some(rest) = trimmed
            .strip_prefix("pub use ")
            .or_else(|| trimmed.strip_prefix("pub(crate) use "))
            .or_else(|| trimmed.strip_prefix("pub(super) use "))
            .or_else(|| trimmed.strip_prefix("use "))
        {
            current = Some(rest.to_string());
        } else {
            code.push_str(line.split("//").next().unwrap_or_default());
            code.push('\n');
        }
        if current.as_ref().is_some_and(|s| s.ends_with(';')) {
            out.push(current.take().unwrap());
        }
    }
    (out, code)
}

/// The full paths a `use` tree names: `a::{b, c::{d, e}}` gives `a::b`, `a::c::d`, `a::c::e`.
fn expand(tree: &str) -> Vec<String> {
    let tree = tree.trim().trim_end_matches(';').trim();
    let Some(open) = tree.find('{') else {
        let path = tree.split(" as ").next().unwrap().trim();
        return vec![path.to_string()];
    };
    let prefix = tree[..open].trim_end_matches("::");
    let inner = &tree[open + 1..tree.rfind('}').unwrap()];
    let mut items = Vec::new();
    let (mut level, mut start) = (0, 0);
    for (i, ch) in inner.char_indices() {
        match ch {
            '{' => level += 1,
            '}' => level -= 1,
            ',' if level == 0 => {
                items.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&inner[start..]);
    items
        .into_iter()
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .flat_map(expand)
        .map(|path| {
            if path == "self" {
                prefix.to_string()
            } else {
                format!("{prefix}::{path}")
            }
        })
        .collect()
}

/// The crates of the workspace: the name modules are filed under, the source folder, and the
/// name other crates use for it.
const CRATES: [(&str, &str, &str); 3] = [
    ("core", "crates/core/src", "blockslide_core"),
    ("app", "crates/app/src", "blockslide_app"),
    ("bin", "src", "blockslide"),
];

/// The module file a path names, as seen from `module` (of the crate filed as `own`), if it
/// names one of ours.
fn target(
    module: &[String],
    path: &str,
    modules: &BTreeSet<Vec<String>>,
    own: &str,
) -> Option<Vec<String>> {
    let mut segments: Vec<&str> = path.split("::").map(str::trim).collect();
    let mut base: Vec<String> = match segments.first().copied() {
        Some("crate") => vec![own.to_string()],
        Some("super") => {
            let mut base = module.to_vec();
            while segments.first() == Some(&"super") {
                base.pop();
                segments.remove(0);
            }
            segments.insert(0, "super");
            base
        }
        Some("self") => module.to_vec(),
        Some(name) => {
            let (filed, _, _) = CRATES.iter().find(|(_, _, used)| *used == name)?;
            vec![(*filed).to_string()]
        }
        None => return None,
    };
    for segment in segments.into_iter().skip(1) {
        base.push(segment.to_string());
    }
    (1..=base.len())
        .rev()
        .map(|n| base[..n].to_vec())
        .find(|candidate| modules.contains(candidate))
}

/// The paths written inline in the code (outside `use` statements) that start at a crate
/// root or a parent: `crate::model::file::load(..)` gives `crate::model::file::load`.
fn inline_paths(code: &str) -> Vec<String> {
    let starts = [
        "crate::",
        "super::",
        "blockslide_core::",
        "blockslide_app::",
    ];
    let mut out = Vec::new();
    for (at, _) in code.match_indices("::") {
        let head_start = code[..at]
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
            .map_or(0, |i| i + 1);
        // Only where a path begins: not the middle of `a::b::c`, nor `$crate`.
        if code[..head_start].ends_with("::") || code[..head_start].ends_with('$') {
            continue;
        }
        let rest = &code[head_start..];
        if !starts.iter().any(|s| rest.starts_with(s)) {
            continue;
        }
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(rest.len());
        out.push(rest[..end].trim_end_matches(':').to_string());
    }
    out
}

/// The arrows between the workspace's modules: importer -> imported.
fn arrows() -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let root = crate::fixtures::repository();
    let mut files = Vec::new();
    let mut modules = BTreeSet::new();
    for (filed, src, _) in CRATES {
        let src = root.join(src);
        let mut in_crate = Vec::new();
        rust_files(&src, &mut in_crate);
        for file in in_crate {
            let mut module = vec![filed.to_string()];
            module.extend(module_of(&src, &file));
            modules.insert(module.clone());
            files.push((filed, file, module));
        }
    }
    let mut graph: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (filed, file, module) in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let (uses, code) = use_statements(&text);
        let paths = uses
            .iter()
            .flat_map(|statement| expand(statement))
            .chain(inline_paths(&code));
        for path in paths {
            if let Some(to) = target(module, &path, &modules, filed)
                && to != *module
            {
                graph.entry(module.clone()).or_default().insert(to);
            }
        }
    }
    graph
}

/// Depth-first search from `node` for a cycle, returned whole.
fn visit(
    node: &Vec<String>,
    graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
    state: &mut BTreeMap<Vec<String>, u8>,
    stack: &mut Vec<Vec<String>>,
) -> Option<Vec<Vec<String>>> {
    state.insert(node.clone(), 1);
    stack.push(node.clone());
    for next in graph.get(node).into_iter().flatten() {
        match state.get(next).copied().unwrap_or(0) {
            1 => {
                let from = stack.iter().position(|n| n == next).unwrap();
                return Some(stack[from..].to_vec());
            }
            0 => {
                if let Some(cycle) = visit(next, graph, state, stack) {
                    return Some(cycle);
                }
            }
            _ => {}
        }
    }
    stack.pop();
    state.insert(node.clone(), 2);
    None
}

#[test]
fn no_module_imports_one_that_imports_it() {
    let graph = arrows();
    assert!(
        graph.len() > 20,
        "the scan found the modules: {}",
        graph.len()
    );
    let mut state = BTreeMap::new();
    for node in graph.keys() {
        if state.get(node).copied().unwrap_or(0) == 0
            && let Some(cycle) = visit(node, &graph, &mut state, &mut Vec::new())
        {
            let names: Vec<String> = cycle.iter().map(|m| m.join("::")).collect();
            panic!("import cycle: {}", names.join(" -> "));
        }
    }
}

#[test]
fn the_layers_point_one_way() {
    let under = |module: &[String], layer: &[&str]| {
        module.len() >= layer.len() && module.iter().zip(layer).all(|(m, l)| m == l)
    };
    for (from, targets) in arrows() {
        for to in targets {
            let (f, t) = (from.join("::"), to.join("::"));
            if under(&from, &["core", "model"]) {
                assert!(
                    under(&to, &["core", "model"]),
                    "the model imports {t} (from {f})"
                );
            }
            if under(&from, &["core"]) {
                assert!(
                    under(&to, &["core"]),
                    "the core library imports {t} (from {f})"
                );
            }
            if under(&from, &["app"]) {
                assert!(
                    !under(&to, &["bin"]),
                    "the app imports the binary: {f} -> {t}"
                );
            }
            if under(&from, &["app", "editor"]) {
                assert!(!under(&to, &["app", "solve"]), "{f} imports {t}");
            }
            if under(&from, &["app", "solve"]) {
                assert!(!under(&to, &["app", "editor"]), "{f} imports {t}");
            }
        }
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
    let mut files = Vec::new();
    rust_files(
        &crate::fixtures::repository().join("crates/core/src"),
        &mut files,
    );
    for file in files {
        let (_, code) = use_statements(&std::fs::read_to_string(&file).unwrap());
        for reads in ["env::var", "ProjectDirs", "home_dir"] {
            assert!(
                !code.contains(reads),
                "{} reads the environment ({reads}): the caller passes what it needs",
                file.display()
            );
        }
    }
}

#[test]
fn the_scanner_reads_use_trees_and_skips_test_modules() {
    assert_eq!(
        expand("crate::solve::{self, core::{Domain, Heuristic}, blocks::BlockDomain as B};"),
        [
            "crate::solve",
            "crate::solve::core::Domain",
            "crate::solve::core::Heuristic",
            "crate::solve::blocks::BlockDomain"
        ]
    );
    let text = "use crate::a::B;\n#[cfg(test)]\nmod tests {\n    use crate::c::D;\n}\nuse super::e;\n\
                fn f() { crate::g::h(x::y); } // crate::i\n";
    let (uses, code) = use_statements(text);
    assert_eq!(uses, ["crate::a::B;", "super::e;"]);
    assert_eq!(inline_paths(&code), ["crate::g::h"]);
}
