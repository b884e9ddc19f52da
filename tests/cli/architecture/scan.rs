//! The scanner behind the architecture test: the module tree of each crate, read from its `mod`
//! declarations, and every path in the code that names one of the workspace's modules.
//!
//! Comments and string literals are blanked first (a path in a doc comment or a message is no
//! arrow), then every item under `#[cfg(test)]` (a test module may look at anything). A path
//! is resolved as the compiler would through the declarations: from `crate`, `self`, one or
//! more `super`, another crate of the workspace by name, or a child module declared in the
//! importing module (`use settings::Choice`), then down as long as a segment is a declared
//! module. The file of the deepest module reached is what the path imports. A `mod`
//! declaration itself is no arrow; every `use` (a `pub use` too) and every inline path is.

use std::collections::BTreeMap;

/// A crate of the workspace: its root file, relative to the repository, and the name other
/// crates import it by.
pub struct CrateRoot {
    /// The root file: `crates/core/src/lib.rs`.
    pub root: &'static str,
    /// The name in other crates' paths: `blockslide_core`.
    pub name: &'static str,
}

/// One module: a file, or an inline `mod name { .. }` inside one.
pub struct Module {
    /// The path from its crate's root, crate name first: `["blockslide_core", "solve", "api"]`.
    pub path: Vec<String>,
    /// The file that holds it (an index into [`Tree::files`]).
    pub file: usize,
    /// Its parent, none for a crate root.
    parent: Option<usize>,
    /// The modules it declares, by name.
    children: BTreeMap<String, usize>,
}

/// A source file of the workspace, with comments, literals and test items blanked.
pub struct SourceFile {
    /// The path relative to the repository, with `/`: `src/cli/mod.rs`.
    pub name: String,
    /// The module the file is.
    pub module: usize,
    /// The code, byte for byte the length of the file, newlines kept.
    pub code: String,
    /// The inline modules, innermost last: the byte range of each one's body and its module.
    inline: Vec<(std::ops::Range<usize>, usize)>,
}

/// A path in the code that names a module of the workspace.
pub struct Import {
    /// The importing file (an index into [`Tree::files`]).
    pub file: usize,
    /// The line the path is on, from 1.
    pub line: usize,
    /// The path as written, a `use` tree's branches joined: `super::CliError`.
    pub written: String,
    /// The module its path reaches through the `mod` declarations (an index into
    /// [`Tree::modules`]): `blockslide_core::solve` for `blockslide_core::solve::Algorithm`.
    pub named: usize,
    /// The module that holds what it names, the `use` re-exports followed:
    /// `blockslide_core::solve::algorithms` for the same path.
    pub defined: usize,
}

/// Every crate's modules and files, read through the `mod` declarations.
pub struct Tree {
    /// Every module, crate roots included.
    pub modules: Vec<Module>,
    /// Every source file reached from a crate root.
    pub files: Vec<SourceFile>,
}

impl Tree {
    /// Reads the crates whose roots are given, with `read` giving a file's text by its path
    /// relative to the repository.
    ///
    /// # Panics
    ///
    /// When a declared module's file cannot be read: a module the scanner cannot see would
    /// hide its imports.
    pub fn read(crates: &[CrateRoot], read: &dyn Fn(&str) -> Option<String>) -> Tree {
        let mut tree = Tree {
            modules: Vec::new(),
            files: Vec::new(),
        };
        for krate in crates {
            let root = tree.add_module(vec![krate.name.to_string()], None, usize::MAX);
            tree.add_file(krate.root, root, read);
        }
        tree
    }

    /// The root module of the crate other crates import as `name`.
    fn crate_root(&self, name: &str) -> Option<usize> {
        self.modules
            .iter()
            .position(|m| m.parent.is_none() && m.path[0] == name)
    }

    fn add_module(&mut self, path: Vec<String>, parent: Option<usize>, file: usize) -> usize {
        let index = self.modules.len();
        self.modules.push(Module {
            path,
            file,
            parent,
            children: BTreeMap::new(),
        });
        if let Some(parent) = parent {
            let name = self.modules[index].path.last().cloned().unwrap_or_default();
            self.modules[parent].children.insert(name, index);
        }
        index
    }

    /// Reads the file `name` as `module`, then the files it declares.
    fn add_file(&mut self, name: &str, module: usize, read: &dyn Fn(&str) -> Option<String>) {
        let text = read(name).unwrap_or_else(|| panic!("a declared module's file: {name}"));
        let code = blank_test_items(&strip(&text));
        let file = self.files.len();
        self.modules[module].file = file;
        // Where a file's child modules live: beside `mod.rs`, `lib.rs` and `main.rs`, in a
        // folder named after any other file.
        let folder = match name.rsplit_once('/') {
            Some((dir, "mod.rs" | "lib.rs" | "main.rs")) => dir.to_string(),
            Some((dir, stem)) => format!("{dir}/{}", stem.trim_end_matches(".rs")),
            None => String::new(),
        };
        let mut inline: Vec<(std::ops::Range<usize>, usize)> = Vec::new();
        let mut declared = Vec::new();
        for (at, name, body) in mod_declarations(&code) {
            // The innermost inline module the declaration sits in is its parent.
            let (parent, dir) = inline
                .iter()
                .rev()
                .find(|(range, _)| range.contains(&at))
                .map_or((module, folder.clone()), |(_, m)| {
                    let path = &self.modules[*m].path;
                    let inner = path[self.modules[module].path.len()..].join("/");
                    (*m, format!("{folder}/{inner}"))
                });
            let mut path = self.modules[parent].path.clone();
            path.push(name.clone());
            let child = self.add_module(path, Some(parent), file);
            match body {
                Some(range) => inline.push((range, child)),
                None => declared.push((format!("{dir}/{name}"), child)),
            }
        }
        self.files.push(SourceFile {
            name: name.to_string(),
            module,
            code,
            inline,
        });
        for (stem, child) in declared {
            let flat = format!("{stem}.rs");
            let nested = format!("{stem}/mod.rs");
            let name = if read(&flat).is_some() { flat } else { nested };
            self.add_file(&name, child, read);
        }
    }

    /// The module a path names, seen from `from`, if it is one of the workspace's. A first
    /// segment the module binds with a `use` (`fmt::x` after `use crate::format as fmt`) is
    /// read as what it binds. With `follow`, so is any later one a module binds:
    /// `super::Puzzle`, where the parent has `pub use puzzle::Puzzle`, names the module
    /// `puzzle`; without, the parent.
    fn resolve(
        &self,
        from: usize,
        path: &str,
        bound: &[BTreeMap<String, String>],
        follow: bool,
        depth: usize,
    ) -> Option<usize> {
        // A chain of re-exports is short; a longer one is a `use` that names itself.
        if depth > 16 {
            return None;
        }
        let segments: Vec<&str> = path.split("::").collect();
        let (mut at, rest) = match segments[0] {
            "crate" => {
                let mut at = from;
                while let Some(parent) = self.modules[at].parent {
                    at = parent;
                }
                (at, &segments[1..])
            }
            "self" => (from, &segments[1..]),
            "super" => {
                let mut at = from;
                let ups = segments.iter().take_while(|s| **s == "super").count();
                for _ in 0..ups {
                    at = self.modules[at].parent?;
                }
                (at, &segments[ups..])
            }
            first => {
                if let Some(&child) = self.modules[from].children.get(first) {
                    (child, &segments[1..])
                } else if let Some(root) = self.crate_root(first) {
                    (root, &segments[1..])
                } else {
                    let named = bound[from].get(first)?;
                    let whole = std::iter::once(named.as_str())
                        .chain(segments[1..].iter().copied())
                        .collect::<Vec<_>>()
                        .join("::");
                    return self.resolve(from, &whole, bound, follow, depth + 1);
                }
            }
        };
        for (k, segment) in rest.iter().enumerate() {
            if let Some(&child) = self.modules[at].children.get(*segment) {
                at = child;
            } else if let Some(named) = bound[at].get(*segment).filter(|_| follow) {
                let whole = std::iter::once(named.as_str())
                    .chain(rest[k + 1..].iter().copied())
                    .collect::<Vec<_>>()
                    .join("::");
                // A name bound to what no module of ours holds (`std`'s) is still the
                // module's: what it names is beyond the workspace.
                return self
                    .resolve(at, &whole, bound, follow, depth + 1)
                    .or(Some(at));
            } else {
                break;
            }
        }
        Some(at)
    }

    /// The module of `file` that the byte at `at` is in: the file's own, or an inline one's.
    fn scope(file: &SourceFile, at: usize) -> usize {
        file.inline
            .iter()
            .rev()
            .find(|(range, _)| range.contains(&at))
            .map_or(file.module, |(_, m)| *m)
    }

    /// Every path in the code of the workspace that names a module of it, in `use`
    /// statements and inline.
    pub fn imports(&self) -> Vec<Import> {
        // Each file's paths, and the names each module binds with `use`.
        let mut bound = vec![BTreeMap::new(); self.modules.len()];
        let mut written = Vec::new();
        for file in &self.files {
            let (uses, code) = use_statements(&file.code);
            let mut paths = Vec::new();
            for (at, path, name) in uses.iter().flat_map(|(at, tree)| expand(tree, *at)) {
                bound[Self::scope(file, at)].insert(name, path.clone());
                paths.push((at, path));
            }
            paths.extend(inline_paths(&code));
            written.push(paths);
        }
        let mut out = Vec::new();
        for (index, (file, paths)) in self.files.iter().zip(written).enumerate() {
            for (at, written) in paths {
                let from = Self::scope(file, at);
                let named = self.resolve(from, &written, &bound, false, 0);
                let defined = self.resolve(from, &written, &bound, true, 0);
                if let (Some(named), Some(defined)) = (named, defined) {
                    out.push(Import {
                        file: index,
                        line: file.code[..at].matches('\n').count() + 1,
                        written,
                        named,
                        defined,
                    });
                }
            }
        }
        out
    }
}

/// Whether `b` may be part of an identifier.
fn ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The text with comments, string and character literals blanked (byte for byte, newlines
/// kept, so that offsets and line numbers stay those of the file).
pub fn strip(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let blank = |out: &mut Vec<u8>, range: std::ops::Range<usize>| {
        for byte in &mut out[range] {
            if *byte != b'\n' {
                *byte = b' ';
            }
        }
    };
    let mut i = 0;
    while i < b.len() {
        let prev_ident = i > 0 && ident_byte(b[i - 1]);
        let end = match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => b[i..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |n| i + n),
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let (mut depth, mut j) = (0usize, i);
                while j < b.len() {
                    if b[j..].starts_with(b"/*") {
                        depth += 1;
                        j += 2;
                    } else if b[j..].starts_with(b"*/") {
                        depth -= 1;
                        j += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        j += 1;
                    }
                }
                j
            }
            b'r' | b'b' if !prev_ident && raw_string_end(b, i).is_some() => {
                raw_string_end(b, i).unwrap_or(i + 1)
            }
            b'"' => {
                let mut j = i + 1;
                while j < b.len() && b[j] != b'"' {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                j + 1
            }
            b'\'' => char_literal_end(text, i).unwrap_or(i + 1),
            _ => i + 1,
        };
        if end > i + 1 || matches!(b[i], b'"' | b'\'') {
            blank(&mut out, i..end.min(b.len()));
        }
        i = end;
    }
    // Only ASCII bytes were written over whole literals or comments: still UTF-8.
    String::from_utf8(out).expect("blanking keeps the text UTF-8")
}

/// The end of a raw or byte string starting at `i` (`r"..."`, `r#"..."#`, `b"..."`,
/// `br#"..."#`), if one starts there.
fn raw_string_end(b: &[u8], i: usize) -> Option<usize> {
    let mut j = i;
    if b[j] == b'b' {
        j += 1;
    }
    let raw = b.get(j) == Some(&b'r');
    if raw {
        j += 1;
    }
    let hashes = b[j..].iter().take_while(|&&c| c == b'#').count();
    j += hashes;
    if b.get(j) != Some(&b'"') {
        return None;
    }
    if !raw {
        // A byte string escapes as a string does.
        let mut k = j + 1;
        while k < b.len() && b[k] != b'"' {
            k += if b[k] == b'\\' { 2 } else { 1 };
        }
        return Some(k + 1);
    }
    let close: Vec<u8> = std::iter::once(b'"')
        .chain(std::iter::repeat_n(b'#', hashes))
        .collect();
    let body = j + 1;
    b[body..]
        .windows(close.len())
        .position(|w| w == close.as_slice())
        .map(|n| body + n + close.len())
}

/// The end of a character literal starting at `i`, none for a lifetime (`'a`).
fn char_literal_end(text: &str, i: usize) -> Option<usize> {
    let b = text.as_bytes();
    if b.get(i + 1) == Some(&b'\\') {
        return b[i + 2..]
            .iter()
            .position(|&c| c == b'\'')
            .map(|n| i + 2 + n + 1);
    }
    let ch = text[i + 1..].chars().next()?;
    let after = i + 1 + ch.len_utf8();
    (b.get(after) == Some(&b'\'')).then_some(after + 1)
}

/// The end of the bracketed group opening at `i`: past its closing bracket.
fn bracket_end(b: &[u8], i: usize) -> usize {
    let mut depth = 0usize;
    for (j, &c) in b.iter().enumerate().skip(i) {
        match c {
            b'{' | b'(' | b'[' => depth += 1,
            b'}' | b')' | b']' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return j + 1;
                }
            }
            _ => {}
        }
    }
    b.len()
}

/// The end of the item starting at `i`: past its `;`, or its body's closing brace.
fn item_end(b: &[u8], i: usize) -> usize {
    let mut depth = 0usize;
    for (j, &c) in b.iter().enumerate().skip(i) {
        match c {
            b'{' | b'(' | b'[' => depth += 1,
            b')' | b']' => depth = depth.saturating_sub(1),
            b'}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return j + 1;
                }
            }
            b';' if depth == 0 => return j + 1,
            _ => {}
        }
    }
    b.len()
}

/// The code with every item under `#[cfg(test)]` blanked, attributes and all.
pub fn blank_test_items(code: &str) -> String {
    let mut out = code.as_bytes().to_vec();
    for (at, _) in code.match_indices("#[cfg(test)]") {
        let mut end = at;
        // The item's other attributes, then the item.
        loop {
            while end < out.len() && out[end].is_ascii_whitespace() {
                end += 1;
            }
            if out[end..].starts_with(b"#[") {
                end = bracket_end(&out, end + 1);
            } else {
                break;
            }
        }
        let end = item_end(&out, end);
        for byte in &mut out[at..end] {
            if *byte != b'\n' {
                *byte = b' ';
            }
        }
    }
    String::from_utf8(out).expect("blanking keeps the text UTF-8")
}

/// The `mod` declarations of blanked code: where each is, its name, and for an inline module
/// the byte range of its body.
fn mod_declarations(code: &str) -> Vec<(usize, String, Option<std::ops::Range<usize>>)> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    for (at, _) in code.match_indices("mod") {
        if (at > 0 && ident_byte(b[at - 1])) || !b.get(at + 3).is_some_and(u8::is_ascii_whitespace)
        {
            continue;
        }
        let rest = code[at + 3..].trim_start();
        let name_len = rest.bytes().take_while(|&c| ident_byte(c)).count();
        let after = rest[name_len..].trim_start();
        let name = rest[..name_len].to_string();
        let start = code.len() - after.len();
        match after.as_bytes().first() {
            Some(b';') if name_len > 0 => out.push((at, name, None)),
            Some(b'{') if name_len > 0 => out.push((at, name, Some(start..item_end(b, start)))),
            _ => {}
        }
    }
    // The core declares its engine modules through `engine!(name)` (a module public only to
    // the tests): a declaration like `mod name;`.
    for (at, _) in code.match_indices("engine!(") {
        if at > 0 && ident_byte(b[at - 1]) {
            continue;
        }
        let rest = &code[at + "engine!(".len()..];
        let name_len = rest.bytes().take_while(|&c| ident_byte(c)).count();
        if name_len > 0 && rest[name_len..].trim_start().starts_with(')') {
            out.push((at, rest[..name_len].to_string(), None));
        }
    }
    out.sort_by_key(|&(at, _, _)| at);
    out
}

/// The `use` statements of blanked code, each as where its tree starts and the tree
/// (`super::{A, b::C}`), and the code with them blanked.
pub fn use_statements(code: &str) -> (Vec<(usize, String)>, String) {
    let b = code.as_bytes();
    let mut out = code.as_bytes().to_vec();
    let mut uses = Vec::new();
    for (at, _) in code.match_indices("use") {
        let before = code[..at].trim_end();
        let starts_item = before.is_empty()
            || before.ends_with([';', '{', '}', ']', ')'])
            || before.ends_with("pub");
        if (at > 0 && ident_byte(b[at - 1]))
            || !b.get(at + 3).is_some_and(u8::is_ascii_whitespace)
            || !starts_item
        {
            continue;
        }
        let end = code[at..].find(';').map_or(code.len(), |n| at + n);
        let tree_at = at + 3 + (code[at + 3..end].len() - code[at + 3..end].trim_start().len());
        uses.push((tree_at, code[tree_at..end].to_string()));
        for byte in &mut out[at..end] {
            if *byte != b'\n' {
                *byte = b' ';
            }
        }
    }
    let code = String::from_utf8(out).expect("blanking keeps the text UTF-8");
    (uses, code)
}

/// The full paths a `use` tree names, each with the offset of its last branch and the name
/// it binds: `a::{b, c::{d as e}}` at 0 gives `a::b` at 4 as `b` and `a::c::d` at 11 as `e`.
/// Spaces are dropped; `self` in a group names the group's path.
pub fn expand(tree: &str, at: usize) -> Vec<(usize, String, String)> {
    let lead = tree.len() - tree.trim_start().len();
    let tree = tree.trim();
    let at = at + lead;
    let Some(open) = tree.find('{') else {
        let mut words: Vec<&str> = tree.split_whitespace().collect();
        let rename = words
            .iter()
            .position(|w| *w == "as")
            .map(|k| words.get(k + 1).copied().unwrap_or_default().to_string());
        if let Some(k) = words.iter().position(|w| *w == "as") {
            words.truncate(k);
        }
        let path = words.concat();
        let name = rename.unwrap_or_else(|| path.rsplit("::").next().unwrap_or_default().into());
        return vec![(at, path, name)];
    };
    let prefix: String = tree[..open].split_whitespace().collect();
    let prefix = prefix.trim_end_matches("::");
    let close = tree.rfind('}').unwrap_or(tree.len());
    let inner = &tree[open + 1..close];
    let mut items = Vec::new();
    let (mut level, mut start) = (0, 0);
    for (i, ch) in inner.char_indices() {
        match ch {
            '{' => level += 1,
            '}' => level -= 1,
            ',' if level == 0 => {
                items.push((start, &inner[start..i]));
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push((start, &inner[start..]));
    items
        .into_iter()
        .filter(|(_, item)| !item.trim().is_empty())
        .flat_map(|(offset, item)| expand(item, at + open + 1 + offset))
        .map(|(offset, path, name)| {
            if path == "self" {
                let name = if name == "self" {
                    prefix.rsplit("::").next().unwrap_or_default().to_string()
                } else {
                    name
                };
                (offset, prefix.to_string(), name)
            } else if prefix.is_empty() {
                (offset, path, name)
            } else {
                (offset, format!("{prefix}::{path}"), name)
            }
        })
        .collect()
}

/// The paths written in blanked code outside `use` statements, where each starts: every
/// `a::b::c` not preceded by `::`, `.`, `$` or part of a longer name.
pub fn inline_paths(code: &str) -> Vec<(usize, String)> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    for (colons, _) in code.match_indices("::") {
        let head = code[..colons]
            .bytes()
            .rev()
            .take_while(|&c| ident_byte(c))
            .count();
        let start = colons - head;
        let before = code[..start].trim_end();
        if head == 0
            || b[start].is_ascii_digit()
            || before.ends_with("::")
            || before.ends_with(['.', '$'])
            || code[start..colons].starts_with(|c: char| c.is_ascii_uppercase())
        {
            continue;
        }
        let mut end = colons;
        while code[end..].starts_with("::") {
            let name = code[end + 2..]
                .bytes()
                .take_while(|&c| ident_byte(c))
                .count();
            if name == 0 {
                break;
            }
            end += 2 + name;
        }
        out.push((start, code[start..end].to_string()));
    }
    out
}
