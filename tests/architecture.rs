//! The house's structure, checked from the source: every `use` of a module of this crate is
//! an arrow from one file to another, and the arrows must point one way. No file imports,
//! directly or through others, a file that imports it; the model imports neither the solver,
//! the app nor the CLI; the solver imports neither the app nor the CLI.
//!
//! A file's module is its path (`src/solve/blocks/domain.rs` is `solve::blocks::domain`, a
//! `mod.rs` its folder). An import names the longest module prefix of its path that is a file
//! (`crate::solve::core::Domain` is `solve::core`); `super::` and `self::` are resolved
//! against the importing module. Imports inside `#[cfg(test)]` modules are left out: a test
//! module may look at anything.

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

/// The text of every `use` statement outside `#[cfg(test)]` modules, one string each.
fn use_statements(text: &str) -> Vec<String> {
    let mut out = Vec::new();
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
        }
        if current.as_ref().is_some_and(|s| s.ends_with(';')) {
            out.push(current.take().unwrap());
        }
    }
    out
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

/// The module file a path names, as seen from `module`, if it names one of ours.
fn target(
    module: &[String],
    path: &str,
    modules: &BTreeSet<Vec<String>>,
    crate_name: &str,
) -> Option<Vec<String>> {
    let mut segments: Vec<&str> = path.split("::").map(str::trim).collect();
    let mut base: Vec<String> = match segments.first().copied() {
        Some("crate") => Vec::new(),
        Some(name) if name == crate_name => Vec::new(),
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
        _ => return None,
    };
    for segment in segments.into_iter().skip(1) {
        base.push(segment.to_string());
    }
    (0..=base.len())
        .rev()
        .map(|n| base[..n].to_vec())
        .find(|candidate| modules.contains(candidate))
}

/// The arrows between this crate's modules: importer -> imported.
fn arrows() -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let src = root.join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(&src, f)).collect();
    let mut graph: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for file in &files {
        let module = module_of(&src, file);
        // The binary reaches the library through the crate's own name.
        let crate_name = if file.ends_with("main.rs") || module.first().is_some_and(|m| m == "cli")
        {
            "blockslide"
        } else {
            "crate"
        };
        let text = std::fs::read_to_string(file).unwrap();
        for statement in use_statements(&text) {
            for path in expand(&statement) {
                if let Some(to) = target(&module, &path, &modules, crate_name)
                    && to != module
                {
                    graph.entry(module.clone()).or_default().insert(to);
                }
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
    let below = |module: &[String], layer: &str| module.first().is_some_and(|m| m == layer);
    for (from, targets) in arrows() {
        for to in targets {
            let (f, t) = (from.join("::"), to.join("::"));
            if below(&from, "model") {
                assert!(below(&to, "model"), "the model imports {t} (from {f})");
            }
            if below(&from, "solve") {
                assert!(
                    below(&to, "solve") || below(&to, "model"),
                    "{f} imports {t}"
                );
            }
            if below(&from, "gui") {
                assert!(!below(&to, "cli"), "{f} imports {t}");
            }
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
    let text =
        "use crate::a::B;\n#[cfg(test)]\nmod tests {\n    use crate::c::D;\n}\nuse super::e;\n";
    assert_eq!(use_statements(text), ["crate::a::B;", "super::e;"]);
}
