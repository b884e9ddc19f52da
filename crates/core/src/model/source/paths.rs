//! Where every value of a RON file is written, by its path of keys: for files whose parts
//! are nested structs and maps (family files), so that an error found after parsing can point
//! at the value it is about, whatever its depth. Built on the same scanner as [`scan`](super::scan),
//! and, like it, it never panics: on text it does not follow it finds fewer places.

use super::{Lex, Lexeme, StringSpan, TextPos, entries, lex, list_strings, optional_start};

/// How deep [`scan_paths`] follows nested values (files are parsed by RON first, which
/// refuses deeper nesting long before this matters).
const MAX_DEPTH: usize = 16;

/// One `key: value` of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Entry {
    /// The keys from the top-level struct down to this one (a map key is its string value).
    path: Vec<String>,
    /// Where the key is written.
    key: TextPos,
    /// Where the value starts (inside any `Some(`).
    value: TextPos,
    /// The strings of the value, when it is a list.
    strings: Vec<StringSpan>,
}

/// Where every value of a file is written, found by [`scan_paths`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PathMap {
    /// Every entry at every depth, in the order written (a key written twice appears twice).
    entries: Vec<Entry>,
}

impl PathMap {
    fn find(&self, path: &[&str]) -> Option<&Entry> {
        self.entries.iter().find(|e| e.path == path)
    }

    /// Where the value at `path` (keys from the top down) starts: the first one written.
    pub fn value(&self, path: &[&str]) -> Option<TextPos> {
        self.find(path).map(|e| e.value)
    }

    /// Where the key of the value at `path` is written: the first one written.
    pub fn key(&self, path: &[&str]) -> Option<TextPos> {
        self.find(path).map(|e| e.key)
    }

    /// The keys directly inside the value at `path`, with their positions, in the order
    /// written (a key written twice appears twice).
    pub fn keys_in(&self, path: &[&str]) -> Vec<(&str, TextPos)> {
        self.entries
            .iter()
            .filter(|e| e.path.len() == path.len() + 1 && e.path[..path.len()] == *path)
            .filter_map(|e| Some((e.path.last()?.as_str(), e.key)))
            .collect()
    }

    /// The strings of the list at `path`, in order (empty when it is not a list of strings).
    pub fn strings(&self, path: &[&str]) -> &[StringSpan] {
        self.find(path).map_or(&[], |e| &e.strings)
    }
}

impl StringSpan {
    /// The position of character `index` of the value (counting every character, spaces
    /// included), or the string's own position past its end.
    pub fn char_pos(&self, index: usize) -> TextPos {
        self.char_pos.get(index, &self.value).unwrap_or(self.start)
    }
}

/// Finds where every value of `text` is written, from its top-level struct down.
pub fn scan_paths(text: &str) -> PathMap {
    let lexemes = lex(text);
    let mut map = PathMap::default();
    // Skip `#![enable(...)]` attributes to the top value.
    let mut i = 0;
    while matches!(lexemes.get(i).map(|l| &l.lex), Some(Lex::Punct('#'))) {
        let mut j = i + 1;
        while j < lexemes.len() && !matches!(lexemes[j].lex, Lex::Punct('[')) {
            j += 1;
        }
        i = super::skip_group(&lexemes, j);
    }
    let top = optional_start(&lexemes, i);
    let mut path = Vec::new();
    walk(&lexemes, top, &mut path, &mut map);
    map
}

/// Records the entries of the struct or map opening at `open`, and of the values inside it.
fn walk(lexemes: &[Lexeme], open: usize, path: &mut Vec<String>, map: &mut PathMap) {
    if path.len() >= MAX_DEPTH
        || !matches!(
            lexemes.get(open).map(|l| &l.lex),
            Some(Lex::Punct('(' | '{'))
        )
    {
        return;
    }
    for (key, key_at, value_at) in entries(lexemes, open) {
        let start = optional_start(lexemes, value_at);
        let (Some(key_lexeme), Some(value)) = (lexemes.get(key_at), lexemes.get(start)) else {
            continue;
        };
        path.push(key);
        map.entries.push(Entry {
            path: path.clone(),
            key: key_lexeme.pos,
            value: value.pos,
            strings: list_strings(lexemes, start),
        });
        walk(lexemes, start, path, map);
        path.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_nested_values_map_keys_and_strings() {
        let text = "(\n  a: 1,\n  b: (c: Some((d: 2))),\n  m: {\"x\": (cells: [\"#.\", \"##\"]), \"x\": 3},\n)";
        let map = scan_paths(text);
        assert_eq!(map.value(&["a"]), Some(TextPos { line: 2, column: 6 }));
        assert_eq!(
            map.value(&["b", "c", "d"]),
            Some(TextPos {
                line: 3,
                column: 19
            })
        );
        let keys = map.keys_in(&["m"]);
        assert_eq!(keys.len(), 2);
        assert_eq!(
            keys[1],
            (
                "x",
                TextPos {
                    line: 4,
                    column: 35
                }
            )
        );
        let rows = map.strings(&["m", "x", "cells"]);
        assert_eq!(rows.len(), 2);
        assert_eq!(
            rows[1].char_pos(1),
            TextPos {
                line: 4,
                column: 29
            }
        );
        assert!(map.strings(&["a"]).is_empty());
        assert_eq!(map.value(&["nothing"]), None);
    }

    #[test]
    fn never_panics_on_broken_text() {
        for text in [
            "",
            "(",
            "((((",
            "(a: [",
            "{\"x\": (",
            "#![enable(",
            "(a: Some(",
            ")))",
        ] {
            let _ = scan_paths(text);
        }
    }
}
