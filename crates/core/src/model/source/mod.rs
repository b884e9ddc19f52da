//! Where things are in a puzzle file's text: a small RON scanner that finds the board rows,
//! the goal rows and the `pieces` entries, so that errors found after parsing can point at the
//! exact line and column of the offending token.
//!
//! The scanner runs on text that RON already accepted (and, to word a syntax error, on text
//! it refused: see `tokens`), but it never panics on any input: on text it does not
//! understand it simply finds fewer places.

use std::collections::BTreeMap;
use std::ops::Range;

mod paths;

pub use paths::{PathMap, scan_paths};

/// A place in the text: 1-based line and 1-based column counted in characters (the
/// convention of the RON parser, so both kinds of error agree).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TextPos {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
}

/// A string literal of the file: its position and, for each character of its value, the
/// position of the source text that produced it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StringSpan {
    /// The position of the opening quote (or of the `r` of a raw string).
    pub start: TextPos,
    /// The decoded value.
    pub value: String,
    /// The position of each character of `value`.
    char_pos: CharPositions,
}

/// The source position of each character of a string's value, stored as runs of characters
/// written one after another (across line breaks too): a plain string of any length takes one
/// run, so a file's long notes cost no more than their text. Escapes start new runs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct CharPositions {
    /// `(index of the run's first character, its position)`, in increasing index.
    runs: Vec<(usize, TextPos)>,
    /// Characters recorded.
    len: usize,
    /// Where the next character stands if it continues the last run.
    next: Option<TextPos>,
}

/// The position of the character written after `ch` at `pos`.
fn after(pos: TextPos, ch: char) -> TextPos {
    if ch == '\n' {
        TextPos {
            line: pos.line + 1,
            column: 1,
        }
    } else {
        TextPos {
            line: pos.line,
            column: pos.column + 1,
        }
    }
}

impl CharPositions {
    /// Records that the next character of the value, `ch`, comes from the text at `pos`.
    fn push(&mut self, pos: TextPos, ch: char) {
        if self.next != Some(pos) {
            self.runs.push((self.len, pos));
        }
        self.len += 1;
        self.next = Some(after(pos, ch));
    }

    /// The position of character `index` of `value` (the value these positions were
    /// recorded for).
    fn get(&self, index: usize, value: &str) -> Option<TextPos> {
        if index >= self.len {
            return None;
        }
        let run = self.runs.partition_point(|&(first, _)| first <= index);
        let (first, at) = *self.runs.get(run.checked_sub(1)?)?;
        Some(
            value
                .chars()
                .skip(first)
                .take(index - first)
                .fold(at, after),
        )
    }
}

impl StringSpan {
    /// The position of the `index`-th whitespace-separated token of the value, or the
    /// string's own position when there is no such token.
    pub(crate) fn token_pos(&self, index: usize) -> TextPos {
        self.token_char_index(index)
            .and_then(|i| self.char_pos.get(i, &self.value))
            .unwrap_or(self.start)
    }

    /// The position just after the last character of the value (the closing quote), or the
    /// string's own position for an empty value.
    pub(crate) fn end_pos(&self) -> TextPos {
        let last = self.char_pos.len.checked_sub(1);
        // A value may end with a line break (RON strings span lines): what follows it then
        // starts the next line, as `after` says.
        match (
            last.and_then(|i| self.char_pos.get(i, &self.value)),
            self.value.chars().last(),
        ) {
            (Some(p), Some(ch)) => after(p, ch),
            _ => self.start,
        }
    }

    fn token_char_index(&self, index: usize) -> Option<usize> {
        let mut count = 0;
        let mut in_token = false;
        for (i, ch) in self.value.chars().enumerate() {
            if ch.is_whitespace() {
                in_token = false;
            } else if !in_token {
                in_token = true;
                if count == index {
                    return Some(i);
                }
                count += 1;
            }
        }
        None
    }
}

/// Where a `pieces` entry is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceEntrySpan {
    /// The position of the entry's key string.
    pub key: TextPos,
    /// The position of the value of each field of the entry (`name`, `color`, `kind`).
    pub fields: BTreeMap<String, TextPos>,
}

/// The places of a puzzle file's parts, found by [`scan`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourceMap {
    /// Where each top-level field's value starts (`format`, `board`, `goal`, ...).
    pub fields: BTreeMap<String, TextPos>,
    /// The board row strings, top to bottom.
    pub board_rows: Vec<StringSpan>,
    /// Where the goal's `cells` value starts.
    pub goal_cells: Option<TextPos>,
    /// The goal row strings, top to bottom.
    pub goal_rows: Vec<StringSpan>,
    /// The `pieces` entries in the order written, by key text (a key written twice appears
    /// twice).
    pub pieces: Vec<(String, PieceEntrySpan)>,
    /// Where the zones' `grid` value starts.
    pub zone_grid: Option<TextPos>,
    /// The zone grid's row strings, top to bottom.
    pub zone_rows: Vec<StringSpan>,
    /// The zones' `allow` entries in the order written: the key text, the key's position,
    /// and the position of each entry of its list.
    pub zone_allow: Vec<(String, TextPos, Vec<TextPos>)>,
}

impl SourceMap {
    /// The position of board cell `(row, col)`: the token inside its row string.
    pub fn board_cell(&self, row: usize, col: usize) -> Option<TextPos> {
        self.board_rows.get(row).map(|s| s.token_pos(col))
    }

    /// The position of goal cell `(row, col)`: the token inside its goal row string.
    pub fn goal_cell(&self, row: usize, col: usize) -> Option<TextPos> {
        self.goal_rows.get(row).map(|s| s.token_pos(col))
    }

    /// The position of zone grid cell `(row, col)`.
    pub(crate) fn zone_cell(&self, row: usize, col: usize) -> Option<TextPos> {
        self.zone_rows.get(row).map(|s| s.token_pos(col))
    }

    /// The position of zone `name`'s key in `allow`.
    pub(crate) fn zone_key(&self, name: &str) -> Option<TextPos> {
        self.zone_allow
            .iter()
            .find(|(k, _, _)| k == name)
            .map(|(_, pos, _)| *pos)
    }

    /// The position of entry `index` of zone `name`'s `allow` list (its key when the list is
    /// shorter).
    pub(crate) fn zone_right(&self, name: &str, index: usize) -> Option<TextPos> {
        self.zone_allow
            .iter()
            .find(|(k, _, _)| k == name)
            .map(|(_, key, items)| items.get(index).copied().unwrap_or(*key))
    }

    /// The position of a top-level field's value.
    pub fn field(&self, name: &str) -> Option<TextPos> {
        self.fields.get(name).copied()
    }

    /// The first `pieces` entry whose key is `key`.
    pub fn piece(&self, key: &str) -> Option<&PieceEntrySpan> {
        self.pieces.iter().find(|(k, _)| k == key).map(|(_, e)| e)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Lex {
    Str(StringSpan),
    Ident(String),
    Punct(char),
    Other,
}

#[derive(Clone, Debug)]
struct Lexeme {
    lex: Lex,
    pos: TextPos,
    /// Its bytes in the text: 32-bit offsets, since a file is far smaller than 4 GiB and a
    /// file of a million short rows has millions of lexemes (see `MAX_FILE_BYTES`).
    bytes: Range<u32>,
}

struct Cursor<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    pos: TextPos,
    /// The byte offset of `pos`.
    offset: usize,
}

impl Cursor<'_> {
    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn bump(&mut self) -> Option<char> {
        let ch = self.chars.next()?;
        self.offset += ch.len_utf8();
        self.pos = after(self.pos, ch);
        Some(ch)
    }
}

fn lex(text: &str) -> Vec<Lexeme> {
    let mut out = Vec::new();
    lex_each(text, |lexeme| {
        out.push(lexeme);
        true
    });
    out
}

/// Hands `emit` the lexemes of `text` in order, until it returns false.
fn lex_each(text: &str, mut emit: impl FnMut(Lexeme) -> bool) {
    let mut cur = Cursor {
        chars: text.chars().peekable(),
        pos: TextPos { line: 1, column: 1 },
        offset: 0,
    };
    while let Some(ch) = cur.peek() {
        let (pos, start) = (cur.pos, cur.offset);
        let lex = if ch.is_whitespace() {
            cur.bump();
            None
        } else if ch == '/' {
            cur.bump();
            match cur.peek() {
                Some('/') => {
                    while cur.peek().is_some_and(|c| c != '\n') {
                        cur.bump();
                    }
                    None
                }
                Some('*') => {
                    skip_block_comment(&mut cur);
                    None
                }
                _ => Some(Lex::Other),
            }
        } else if ch == '"' {
            cur.bump();
            Some(Lex::Str(string_body(&mut cur, pos)))
        } else if ch == '\'' {
            cur.bump();
            while let Some(c) = cur.bump() {
                if c == '\\' {
                    cur.bump();
                } else if c == '\'' {
                    break;
                }
            }
            Some(Lex::Other)
        } else if ch.is_alphanumeric() || ch == '_' {
            let mut word = String::new();
            while let Some(c) = cur.peek().filter(|c| c.is_alphanumeric() || *c == '_') {
                word.push(c);
                cur.bump();
            }
            if (word == "r" || word == "br") && matches!(cur.peek(), Some('"' | '#')) {
                Some(raw_string_body(&mut cur, pos).map_or(Lex::Other, Lex::Str))
            } else if word == "b" && cur.peek() == Some('"') {
                cur.bump();
                string_body(&mut cur, pos);
                Some(Lex::Other)
            } else if word.starts_with(|c: char| c.is_ascii_digit()) {
                Some(Lex::Other)
            } else {
                Some(Lex::Ident(word))
            }
        } else {
            cur.bump();
            Some(Lex::Punct(ch))
        };
        if let Some(lex) = lex
            && !emit(Lexeme {
                lex,
                pos,
                bytes: offset32(start)..offset32(cur.offset),
            })
        {
            return;
        }
    }
}

fn skip_block_comment(cur: &mut Cursor<'_>) {
    // The cursor is on the `*` of `/*`; RON block comments nest.
    cur.bump();
    let mut depth = 1usize;
    while let Some(c) = cur.bump() {
        if c == '/' && cur.peek() == Some('*') {
            cur.bump();
            depth += 1;
        } else if c == '*' && cur.peek() == Some('/') {
            cur.bump();
            depth -= 1;
            if depth == 0 {
                return;
            }
        }
    }
}

/// Reads a quoted string after its opening quote, decoding escapes.
fn string_body(cur: &mut Cursor<'_>, start: TextPos) -> StringSpan {
    let mut value = String::new();
    let mut char_pos = CharPositions::default();
    loop {
        let pos = cur.pos;
        let Some(c) = cur.bump() else { break };
        match c {
            '"' => break,
            '\\' => {
                let decoded = match cur.bump() {
                    Some('n') => Some('\n'),
                    Some('r') => Some('\r'),
                    Some('t') => Some('\t'),
                    Some('0') => Some('\0'),
                    Some('x') => {
                        let hex: String = [cur.bump(), cur.bump()].into_iter().flatten().collect();
                        u8::from_str_radix(&hex, 16).ok().map(char::from)
                    }
                    Some('u') => {
                        let mut hex = String::new();
                        if cur.peek() == Some('{') {
                            cur.bump();
                            while let Some(h) = cur.bump() {
                                if h == '}' {
                                    break;
                                }
                                hex.push(h);
                            }
                        }
                        u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32)
                    }
                    Some('\n') => {
                        // A line continuation: skip the next line's leading whitespace.
                        while cur.peek().is_some_and(char::is_whitespace) {
                            cur.bump();
                        }
                        None
                    }
                    other => other,
                };
                if let Some(d) = decoded {
                    value.push(d);
                    char_pos.push(pos, d);
                }
            }
            _ => {
                value.push(c);
                char_pos.push(pos, c);
            }
        }
    }
    StringSpan {
        start,
        value,
        char_pos,
    }
}

/// Reads a raw string (`r"..."`, `r#"..."#`) after its `r`.
fn raw_string_body(cur: &mut Cursor<'_>, start: TextPos) -> Option<StringSpan> {
    let mut hashes = 0usize;
    while cur.peek() == Some('#') {
        cur.bump();
        hashes += 1;
    }
    if cur.bump() != Some('"') {
        return None;
    }
    let mut value = String::new();
    let mut char_pos = CharPositions::default();
    loop {
        let pos = cur.pos;
        let c = cur.bump()?;
        if c == '"' {
            let mut seen = 0;
            while seen < hashes && cur.peek() == Some('#') {
                cur.bump();
                seen += 1;
            }
            if seen == hashes {
                break;
            }
            // the quote and hashes that did not close the string are part of it
            value.push('"');
            char_pos.push(pos, '"');
            value.extend(std::iter::repeat_n('#', seen));
            for i in 0..seen {
                let at = TextPos {
                    line: pos.line,
                    column: pos.column + 1 + i,
                };
                char_pos.push(at, '#');
            }
        } else {
            value.push(c);
            char_pos.push(pos, c);
        }
    }
    Some(StringSpan {
        start,
        value,
        char_pos,
    })
}

/// The index just past the bracket group that opens at `open`, or the end.
fn skip_group(lexemes: &[Lexeme], open: usize) -> usize {
    let mut depth = 0usize;
    for (i, l) in lexemes.iter().enumerate().skip(open) {
        match l.lex {
            Lex::Punct('(' | '[' | '{') => depth += 1,
            Lex::Punct(')' | ']' | '}') => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {
                if depth == 0 {
                    return i + 1;
                }
            }
        }
    }
    lexemes.len()
}

/// The index of a value, skipping an optional struct name before `(`.
fn value_start(lexemes: &[Lexeme], at: usize) -> usize {
    if let Some(Lexeme {
        lex: Lex::Ident(_), ..
    }) = lexemes.get(at)
        && matches!(lexemes.get(at + 1).map(|l| &l.lex), Some(Lex::Punct('(')))
    {
        at + 1
    } else {
        at
    }
}

/// The index of an optional value: past any `Some(` around it (RON accepts `Some(...)` around
/// the value of an optional field), then as [`value_start`].
fn optional_start(lexemes: &[Lexeme], mut at: usize) -> usize {
    while let Some(Lexeme {
        lex: Lex::Ident(word),
        ..
    }) = lexemes.get(at)
        && word == "Some"
        && matches!(lexemes.get(at + 1).map(|l| &l.lex), Some(Lex::Punct('(')))
    {
        at += 2;
    }
    value_start(lexemes, at)
}

/// The `key: value` pairs directly inside the group opening at `open`, as (key, index of the
/// key, index of the value). Keys are identifiers or strings.
fn entries(lexemes: &[Lexeme], open: usize) -> Vec<(String, usize, usize)> {
    let mut out = Vec::new();
    let mut i = open + 1;
    while i < lexemes.len() {
        match &lexemes[i].lex {
            Lex::Punct(')' | ']' | '}') => break,
            Lex::Punct(',') => i += 1,
            lex => {
                let key = match lex {
                    Lex::Ident(k) => Some(k.clone()),
                    Lex::Str(s) => Some(s.value.clone()),
                    _ => None,
                };
                if let Some(key) = key
                    && matches!(lexemes.get(i + 1).map(|l| &l.lex), Some(Lex::Punct(':')))
                {
                    out.push((key, i, i + 2));
                    i = skip_group(lexemes, value_start(lexemes, i + 2));
                } else {
                    i = skip_group(lexemes, i);
                }
            }
        }
    }
    out
}

/// The string literals directly inside the list opening at `open`.
fn list_strings(lexemes: &[Lexeme], open: usize) -> Vec<StringSpan> {
    let mut out = Vec::new();
    if !matches!(lexemes.get(open).map(|l| &l.lex), Some(Lex::Punct('['))) {
        return out;
    }
    let mut i = open + 1;
    while i < lexemes.len() {
        match &lexemes[i].lex {
            Lex::Punct(']' | ')' | '}') => break,
            Lex::Str(s) => {
                out.push(s.clone());
                i += 1;
            }
            Lex::Punct(',') => i += 1,
            _ => i = skip_group(lexemes, i),
        }
    }
    out
}

/// The position of each element directly inside the list opening at `open`.
fn list_items(lexemes: &[Lexeme], open: usize) -> Vec<TextPos> {
    let mut out = Vec::new();
    if !matches!(lexemes.get(open).map(|l| &l.lex), Some(Lex::Punct('['))) {
        return out;
    }
    let mut i = open + 1;
    while let Some(lexeme) = lexemes.get(i) {
        match &lexeme.lex {
            Lex::Punct(']' | ')' | '}') => break,
            Lex::Punct(',') => i += 1,
            _ => {
                out.push(lexeme.pos);
                i = skip_group(lexemes, value_start(lexemes, i));
            }
        }
    }
    out
}

/// Finds the parts of a puzzle file in `text`.
pub fn scan(text: &str) -> SourceMap {
    let lexemes = lex(text);
    let mut map = SourceMap::default();
    // Skip `#![enable(...)]` attributes, then an optional struct name, to the top `(`.
    let mut i = 0;
    while matches!(lexemes.get(i).map(|l| &l.lex), Some(Lex::Punct('#'))) {
        let mut j = i + 1;
        while j < lexemes.len() && !matches!(lexemes[j].lex, Lex::Punct('[')) {
            j += 1;
        }
        i = skip_group(&lexemes, j);
    }
    let top = value_start(&lexemes, i);
    if !matches!(lexemes.get(top).map(|l| &l.lex), Some(Lex::Punct('('))) {
        return map;
    }
    for (key, _, value) in entries(&lexemes, top) {
        let Some(lexeme) = lexemes.get(value) else {
            continue;
        };
        map.fields.entry(key.clone()).or_insert(lexeme.pos);
        match key.as_str() {
            "board" if map.board_rows.is_empty() => {
                map.board_rows = list_strings(&lexemes, value);
            }
            "goal" => {
                let open = optional_start(&lexemes, value);
                for (k, _, v) in entries(&lexemes, open) {
                    if k == "cells"
                        && let Some(l) = lexemes.get(v)
                        && map.goal_cells.is_none()
                    {
                        map.goal_cells = Some(l.pos);
                        map.goal_rows = list_strings(&lexemes, v);
                    }
                }
            }
            "zones" => {
                let open = optional_start(&lexemes, value);
                for (k, _, v) in entries(&lexemes, open) {
                    match k.as_str() {
                        "grid" if map.zone_grid.is_none() => {
                            map.zone_grid = lexemes.get(v).map(|l| l.pos);
                            map.zone_rows = list_strings(&lexemes, v);
                        }
                        "allow" => {
                            for (name, key_at, list) in entries(&lexemes, v) {
                                let items = list_items(&lexemes, list);
                                map.zone_allow.push((name, lexemes[key_at].pos, items));
                            }
                        }
                        _ => {}
                    }
                }
            }
            "pieces" => {
                for (k, key_at, v) in entries(&lexemes, value) {
                    let mut fields = BTreeMap::new();
                    let open = value_start(&lexemes, v);
                    for (field, _, fv) in entries(&lexemes, open) {
                        if let Some(l) = lexemes.get(optional_start(&lexemes, fv)) {
                            fields.entry(field).or_insert(l.pos);
                        }
                    }
                    map.pieces.push((
                        k,
                        PieceEntrySpan {
                            key: lexemes[key_at].pos,
                            fields,
                        },
                    ));
                }
            }
            _ => {}
        }
    }
    map
}

/// What a token of a file's text is, for placing and wording syntax errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TokenKind {
    /// A string literal, quoted or raw.
    Str,
    /// A name: a field, a choice, `true`.
    Ident,
    /// A single punctuation character: a bracket, `,`, `:`, `-`.
    Punct(char),
    /// Anything else: a number, a character or byte-string literal.
    Other,
}

/// A token of a file's text, whitespace and comments skipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TextToken<'a> {
    /// What it is.
    pub(crate) kind: TokenKind,
    /// Where it starts.
    pub(crate) start: TextPos,
    /// Just past its last character.
    pub(crate) end: TextPos,
    /// Its text as written (a string with its quotes).
    pub(crate) text: &'a str,
}

/// The text of the lexeme at `bytes`.
fn token_text<'a>(text: &'a str, bytes: &Range<u32>) -> &'a str {
    text.get(bytes.start as usize..bytes.end as usize)
        .unwrap_or_default()
}

/// A byte offset in 32 bits (files are far smaller than 4 GiB; one larger is cut to the end).
fn offset32(offset: usize) -> u32 {
    u32::try_from(offset).unwrap_or(u32::MAX)
}

/// Where a token that starts at `start` and reads `text` ends: just past its last character,
/// counted as the lexer counts them.
fn end_of(start: TextPos, text: &str) -> TextPos {
    text.chars().fold(start, after)
}

/// The tokens of `text`, in order, for text the parser refused, up to a few past `until`
/// (where the parser stopped): the syntax error's message names the tokens around it, and
/// places some errors at the token that causes them rather than where the parser noticed.
/// Lexing stops there, so an error early in a large file costs little.
pub(crate) fn tokens(text: &str, until: TextPos) -> Vec<TextToken<'_>> {
    let mut out = Vec::new();
    let mut past = 0;
    lex_each(text, |l| {
        if l.pos >= until {
            past += 1;
        }
        out.push(TextToken {
            kind: match l.lex {
                Lex::Str(_) => TokenKind::Str,
                Lex::Ident(_) => TokenKind::Ident,
                Lex::Punct(c) => TokenKind::Punct(c),
                Lex::Other => TokenKind::Other,
            },
            start: l.pos,
            end: end_of(l.pos, token_text(text, &l.bytes)),
            text: token_text(text, &l.bytes),
        });
        past < TOKENS_PAST
    });
    out
}

/// How many tokens past the parser's position a syntax error's message may look at.
const TOKENS_PAST: usize = 8;

#[cfg(test)]
mod tests;
