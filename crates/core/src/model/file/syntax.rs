//! Syntax errors: what the RON parser refused, said in words a new user can act on (the field
//! whose value is wrong, what it should be and what was found) and, where the parser notices
//! a mistake only later, placed where the mistake is written.

use ron::error::{Error, Position, Span, SpannedError};

use super::error::LoadError;
use super::version::{BASE_FORMAT_VERSION, FORMAT_VERSION};
use crate::model::puzzle::Metric;
use crate::model::rules::Axis;
use crate::model::source::{TextPos, TextToken, TokenKind, tokens};
use crate::model::text::{echo, echo_message};

/// How one kind of file words its syntax errors: the names of its whole and its parts, and
/// what its fields' values should be.
pub(crate) struct Wording {
    /// The whole file in words: "the puzzle".
    pub(crate) whole: &'static str,
    /// What the user calls the part of the file a serde struct stands for.
    pub(crate) part_name: fn(Option<&str>) -> &'static str,
    /// What the value of a field should be, where the file says more than the value's type.
    pub(crate) field_value: fn(&str) -> Option<String>,
}

/// How puzzle files word their syntax errors.
const PUZZLE: Wording = Wording {
    whole: "the puzzle",
    part_name,
    field_value: puzzle_field_value,
};

/// The error of a RON file's `text` that does not parse, at its line and column, in words a
/// new user can act on (`wording` names the file's parts and what its fields should be): a
/// value of the wrong kind names its field, what it should be and what was found; a missing
/// comma is reported just after the value it should follow, and text after the end of the
/// whole where it starts. An error where the text ends says the file may be cut short, at the
/// end of the text.
pub(crate) fn syntax_error(e: &SpannedError, text: &str, wording: &Wording) -> LoadError {
    if let Some(cut) = cut_short(e, text, wording.whole) {
        return cut;
    }
    let here = text_pos(e.span.start);
    explained(e, text, here, wording)
        .unwrap_or_else(|| LoadError::at(message(e, text, wording.part_name), Some(here)))
}

/// The error of a puzzle file's `text` that does not parse, as [`syntax_error`] words it.
pub(super) fn puzzle_syntax_error(e: &SpannedError, text: &str) -> LoadError {
    syntax_error(e, text, &PUZZLE)
}

/// What the user calls the part of a puzzle file a serde struct stands for.
fn part_name(outer: Option<&str>) -> &'static str {
    match outer {
        Some("Goal") => "the goal",
        Some("Piece") => "a `pieces` entry",
        Some("Zones") => "the zones",
        _ => "the puzzle",
    }
}

/// What the value of a puzzle file's field should be, where the file says more than the
/// value's type.
fn puzzle_field_value(field: &str) -> Option<String> {
    let versions = if FORMAT_VERSION == BASE_FORMAT_VERSION + 1 {
        format!("{BASE_FORMAT_VERSION} or {FORMAT_VERSION}")
    } else {
        format!("{BASE_FORMAT_VERSION} to {FORMAT_VERSION}")
    };
    match field {
        "format" => Some(format!("a whole number ({versions})")),
        "board" | "cells" | "grid" => {
            Some(r#"a list of rows in square brackets, like ["A B", ". ."]"#.to_string())
        }
        "goal" => Some(r#"fields in parentheses, like (cells: [". A"])"#.to_string()),
        "pieces" => Some(r##"a map in braces, like { "A": (color: "#c0392b") }"##.to_string()),
        _ => None,
    }
}

/// The error in words a new user can act on, at its cause, for the errors the parser words
/// for a programmer or notices only after the cause (at `here`); `None` for the others.
fn explained(e: &SpannedError, text: &str, here: TextPos, wording: &Wording) -> Option<LoadError> {
    // Only these errors are worded from the tokens: the others (a board too large, say)
    // need no lexing of what may be a large file.
    let worded = matches!(
        e.code,
        Error::ExpectedComma | Error::TrailingCharacters | Error::ExpectedIdentifier
    ) || expected_kind(&e.code).is_some();
    if !worded {
        return None;
    }
    let toks = tokens(text, here);
    // The first token at or after the parser's position: the value it refused, the field
    // after a missing comma, the stray text after the end.
    let next = toks.partition_point(|t| t.start < here);
    match &e.code {
        Error::ExpectedComma => missing_comma(&toks, next),
        Error::TrailingCharacters => Some(trailing_text(&toks, next, here, wording.whole)),
        // A string where a name belongs has its own message, naming the name to write.
        Error::ExpectedIdentifier if toks.get(next).is_some_and(|t| t.kind == TokenKind::Str) => {
            None
        }
        code => expected_kind(code).map(|kind| wrong_value(&toks, next, kind, wording)),
    }
}

fn text_pos(p: Position) -> TextPos {
    TextPos {
        line: p.line,
        column: p.col,
    }
}

/// The parser's own message, in words where it has some to add; `part_name` names the part of
/// the file a serde struct stands for.
fn message(e: &SpannedError, text: &str, part_name: fn(Option<&str>) -> &'static str) -> String {
    match &e.code {
        Error::NoSuchStructField {
            expected,
            found,
            outer,
        } => format!(
            "unknown field `{}` in {}; the fields are {}",
            echo(found),
            part_name(outer.as_deref()),
            one_of(expected)
        ),
        Error::NoSuchEnumVariant {
            expected,
            found,
            outer,
        } => format!(
            "unknown {} `{}`; it is one of {}",
            outer
                .as_deref()
                .map_or_else(|| "value".to_string(), str::to_lowercase),
            echo(found),
            one_of(expected)
        ),
        Error::MissingStructField { field, outer } => {
            format!("missing field `{field}` in {}", part_name(outer.as_deref()))
        }
        Error::DuplicateStructField { field, outer } => format!(
            "field `{field}` is written twice in {}",
            part_name(outer.as_deref())
        ),
        Error::ExpectedIdentifier => {
            quoted_choice(text, e.span.start).unwrap_or_else(|| echo_message(&e.code.to_string()))
        }
        // serde's messages quote the offending value as written
        code => echo_message(&code.to_string()),
    }
}

fn one_of(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What a value should be, in words, when the parser refused it for being of another kind.
fn expected_kind(code: &Error) -> Option<String> {
    Some(match code {
        Error::ExpectedInteger | Error::InvalidIntegerDigit { .. } => "a whole number".to_string(),
        Error::IntegerOutOfBounds => format!("a whole number from 0 to {}", u64::MAX),
        Error::ExpectedFloat => "a number".to_string(),
        Error::ExpectedBoolean => "true or false".to_string(),
        Error::ExpectedString => "text in double quotes".to_string(),
        Error::ExpectedArray => "a list in square brackets, [...]".to_string(),
        Error::ExpectedMap => "a map in braces, {...}".to_string(),
        Error::ExpectedStructLike | Error::ExpectedNamedStructLike(_) => {
            "fields in parentheses, (...)".to_string()
        }
        Error::ExpectedIdentifier
        | Error::InvalidIdentifier(_)
        | Error::SuggestRawIdentifier(_) => "a name without quotes".to_string(),
        _ => return None,
    })
}

/// The error of a value of the wrong kind, whose first token is `toks[next]` (or the sign
/// before it, which the parser has read past): the field it belongs to, what it should be
/// (`kind`, unless `wording` says more of the field) and what was found, at the value.
fn wrong_value(toks: &[TextToken<'_>], next: usize, kind: String, wording: &Wording) -> LoadError {
    let mut at = next;
    while at > 0
        && at < toks.len()
        && matches!(toks[at - 1].kind, TokenKind::Punct('-' | '+'))
        && toks[at - 1].end == toks[at].start
    {
        at -= 1;
    }
    let found = found(toks, at);
    let message = match owner(toks, at) {
        Some(Owner::Field(field)) => {
            let kind = (wording.field_value)(field)
                .or_else(|| choices(field))
                .unwrap_or(kind);
            format!("{} should be {kind}, found {found}", echo(field))
        }
        Some(Owner::Entry { map, key }) => format!(
            "the {}entry {} should be {kind}, found {found}",
            map.map_or_else(String::new, |m| format!("{} ", echo(m))),
            echo(key)
        ),
        Some(Owner::Item { list }) => format!(
            "each item in {} should be {kind}, found {found}",
            list.map_or_else(|| "the list".to_string(), echo)
        ),
        None => format!("expected {kind} here, found {found}"),
    };
    LoadError::at(message, toks.get(at).map(|t| t.start))
}

/// What a value belongs to.
enum Owner<'a> {
    /// The value of a field: `format: ...`.
    Field(&'a str),
    /// The value of a map's entry: `"A": ...` in `pieces`; the key with its quotes.
    Entry { map: Option<&'a str>, key: &'a str },
    /// An item of a list: `[..., ...]` in `board`.
    Item { list: Option<&'a str> },
}

/// What the value starting at `toks[at]` belongs to, when the tokens before it say.
fn owner<'a>(toks: &[TextToken<'a>], at: usize) -> Option<Owner<'a>> {
    let before = toks.get(at.checked_sub(1)?)?;
    match before.kind {
        TokenKind::Punct(':') => {
            let key = toks.get(at.checked_sub(2)?)?;
            match key.kind {
                TokenKind::Ident => Some(Owner::Field(key.text)),
                TokenKind::Str => Some(Owner::Entry {
                    map: enclosing(toks, at - 2).and_then(|open| field_of(toks, open)),
                    key: key.text,
                }),
                _ => None,
            }
        }
        TokenKind::Punct('[' | ',') => {
            let open = enclosing(toks, at)?;
            (toks[open].kind == TokenKind::Punct('[')).then(|| Owner::Item {
                list: field_of(toks, open),
            })
        }
        _ => None,
    }
}

/// The index of the innermost bracket still open before `toks[at]`.
fn enclosing(toks: &[TextToken<'_>], at: usize) -> Option<usize> {
    let mut depth = 0usize;
    for i in (0..at.min(toks.len())).rev() {
        match toks[i].kind {
            TokenKind::Punct(')' | ']' | '}') => depth += 1,
            TokenKind::Punct('(' | '[' | '{') if depth == 0 => return Some(i),
            TokenKind::Punct('(' | '[' | '{') => depth -= 1,
            _ => {}
        }
    }
    None
}

/// The name of the field whose value starts at `toks[at]`: `name: value`.
fn field_of<'a>(toks: &[TextToken<'a>], at: usize) -> Option<&'a str> {
    let colon = toks.get(at.checked_sub(1)?)?;
    let key = toks.get(at.checked_sub(2)?)?;
    (colon.kind == TokenKind::Punct(':') && key.kind == TokenKind::Ident).then_some(key.text)
}

/// The choices of a field whose value is one of a few names, in words.
fn choices(field: &str) -> Option<String> {
    let names = choices_of(field)?;
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    Some(format!("one of {}, written without quotes", one_of(&names)))
}

/// Whether a token ends or separates values: where the text of a value stops.
fn separates(kind: TokenKind) -> bool {
    matches!(
        kind,
        TokenKind::Punct(',' | ':' | '(' | ')' | '[' | ']' | '{' | '}')
    )
}

/// The value written from `toks[at]`, in words, made safe to echo: `the string "one"`,
/// `maybe`, `1.5`, `a list in square brackets`.
fn found(toks: &[TextToken<'_>], at: usize) -> String {
    let Some(first) = toks.get(at) else {
        return "the end of the file".to_string();
    };
    match first.kind {
        TokenKind::Str => format!("the string {}", echo(first.text)),
        TokenKind::Punct('[') => "a list in square brackets".to_string(),
        TokenKind::Punct('{') => "a map in braces".to_string(),
        TokenKind::Punct('(') => "fields in parentheses".to_string(),
        _ => {
            // A value the lexer splits (`1.5`, `-1`) is the run of tokens written together.
            let mut written = first.text.to_string();
            let mut last = first;
            for t in toks.iter().skip(at + 1) {
                if t.start != last.end || separates(t.kind) {
                    break;
                }
                written.push_str(t.text);
                last = t;
            }
            echo(&written)
        }
    }
}

/// The error of a comma missing between two fields, map entries or list items, at the end of
/// the value before `toks[next]` (the next key or item), where the comma belongs; `None` when
/// `toks[next]` starts none of these (the parser's message then stands).
fn missing_comma(toks: &[TextToken<'_>], next: usize) -> Option<LoadError> {
    let value = toks.get(next.checked_sub(1)?)?;
    if matches!(value.kind, TokenKind::Punct(',' | ':' | '(' | '[' | '{')) {
        return None;
    }
    let after = toks.get(next)?;
    let is_key = toks
        .get(next + 1)
        .is_some_and(|t| t.kind == TokenKind::Punct(':'));
    let before = match after.kind {
        TokenKind::Ident if is_key => format!("`{}`", echo(after.text)),
        TokenKind::Str if is_key => echo(after.text),
        TokenKind::Punct(',' | ':' | ')' | ']' | '}') => return None,
        _ => {
            let open = enclosing(toks, next)?;
            if toks[open].kind != TokenKind::Punct('[') {
                return None;
            }
            let list = field_of(toks, open).map_or_else(
                || "the list".to_string(),
                |field| format!("`{}`", echo(field)),
            );
            format!("the next item of {list}")
        }
    };
    Some(LoadError::at(
        format!(
            "a comma is missing after this value (before {before} on line {})",
            after.start.line
        ),
        Some(value.end),
    ))
}

/// The error of text after the end of the file's value, at the first stray token after
/// `here` (`toks[next]`), naming where the value ends.
fn trailing_text(toks: &[TextToken<'_>], next: usize, here: TextPos, whole: &str) -> LoadError {
    let ends = next
        .checked_sub(1)
        .and_then(|i| toks.get(i))
        .map_or_else(String::new, |t| {
            format!(
                ", which ends with the `{}` at line {}, column {}",
                echo(t.text),
                t.start.line,
                t.start.column
            )
        });
    LoadError::at(
        format!(
            "there is text after the end of {whole}{ends}: found {}; delete it",
            found(toks, next)
        ),
        Some(toks.get(next).map_or(here, |t| t.start)),
    )
}

/// The error of a file that stops before its value is complete, at the end of the text, or
/// `None` when the parser's error is not explained by the text stopping.
fn cut_short(e: &SpannedError, text: &str, whole: &str) -> Option<LoadError> {
    let open = unclosed(text);
    // What the parser expected where a cut-off file stops is beside the point: say what was
    // left open instead.
    if e.code != Error::Eof && !open.as_ref().is_some_and(|o| o.explains(text, &e.span)) {
        return None;
    }
    let message = match open {
        Some(open) => format!(
            "the file ends before {whole} does (is it cut short?): {} is not closed",
            open.what
        ),
        None => format!("the file ends before {whole} does (is it cut short?)"),
    };
    Some(LoadError::at(message, Some(end_of(text))))
}

/// Where `text` stops: just past its last character.
fn end_of(text: &str) -> TextPos {
    let last_line = text.rfind('\n').map_or(text, |i| &text[i + 1..]);
    TextPos {
        line: 1 + text.matches('\n').count(),
        column: 1 + last_line.chars().count(),
    }
}

/// A string or bracket a text leaves open where it stops.
struct Unclosed {
    /// In words, with its line and column: "the string at line 3, column 9".
    what: String,
    /// Where it opens.
    at: Position,
    string: bool,
}

impl Unclosed {
    /// Whether the parser's error at `span` comes from the text stopping here: inside the
    /// string left open, where the text ends, or in the one word the text stops in. A bracket
    /// left open by a typo, with more text after the error, is not a file cut short.
    fn explains(&self, text: &str, span: &Span) -> bool {
        if self.string {
            return (span.start.line, span.start.col) >= (self.at.line, self.at.col);
        }
        let rest = |pos| offset_of(text, pos).map_or("", |at| text[at..].trim());
        let one_word =
            |rest: &str| !rest.contains(|c: char| c.is_whitespace() || "\",:()[]{}".contains(c));
        rest(span.end).is_empty() || one_word(rest(span.start))
    }
}

/// What `text` leaves open where it stops: what a file cut short looks like, whatever the
/// parser happened to expect next. `None` when every string and bracket is closed.
fn unclosed(text: &str) -> Option<Unclosed> {
    let mut open: Vec<(char, usize, usize)> = Vec::new();
    let mut string: Option<(usize, usize)> = None;
    let (mut line, mut col, mut escaped) = (1, 0, false);
    for ch in text.chars() {
        if ch == '\n' {
            (line, col) = (line + 1, 0);
        } else {
            col += 1;
        }
        if string.is_some() {
            match ch {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => string = None,
                _ => {}
            }
            continue;
        }
        match ch {
            '"' => string = Some((line, col)),
            '(' | '[' | '{' => open.push((ch, line, col)),
            ')' | ']' | '}' => {
                open.pop();
            }
            _ => {}
        }
    }
    let (what, line, col) = if let Some((line, col)) = string {
        ("the string".to_string(), line, col)
    } else {
        let (ch, line, col) = open.pop()?;
        (format!("the `{ch}`"), line, col)
    };
    Some(Unclosed {
        what: format!("{what} at line {line}, column {col}"),
        at: Position { line, col },
        string: string.is_some(),
    })
}

/// The byte offset in `text` of `pos` (1-based line and column, counted in characters).
fn offset_of(text: &str, pos: Position) -> Option<usize> {
    let line_start = if pos.line <= 1 {
        0
    } else {
        text.match_indices('\n').nth(pos.line - 2)?.0 + 1
    };
    let line = &text[line_start..];
    let within = line
        .char_indices()
        .nth(pos.col.saturating_sub(1))
        .map_or(line.len(), |(i, _)| i);
    Some(line_start + within)
}

/// The fields whose value is one of a few names, and those names.
fn choices_of(field: &str) -> Option<Vec<String>> {
    match field {
        "axis" => Some(Axis::ALL.iter().map(|a| format!("{a:?}")).collect()),
        "metric" => Some(Metric::ALL.iter().map(|m| format!("{m:?}")).collect()),
        _ => None,
    }
}

/// The error of a string written where a name without quotes belongs (`axis: "Vertical"`),
/// naming the field's choices, when the text at `pos` is a string.
fn quoted_choice(text: &str, pos: Position) -> Option<String> {
    let at = offset_of(text, pos)?;
    let quoted = text[at..].strip_prefix('"')?;
    let written = &quoted[..quoted.find('"').unwrap_or(quoted.len())];
    let before = text[..at].trim_end().strip_suffix(':')?.trim_end();
    let field_start = before
        .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
        .map_or(0, |i| i + 1);
    let field = &before[field_start..];
    let Some(choices) = choices_of(field) else {
        return Some(format!(
            "`{field}` takes a name without quotes here, not the string \"{}\"",
            echo(written)
        ));
    };
    let names: Vec<&str> = choices.iter().map(String::as_str).collect();
    Some(
        match names.iter().find(|n| n.eq_ignore_ascii_case(written)) {
            Some(name) => format!("write `{field}: {name}`, without quotes"),
            None => format!(
                "unknown {field} \"{}\"; it is one of {}, written without quotes",
                echo(written),
                one_of(&names)
            ),
        },
    )
}
