//! Piece identifiers: the short tokens that name pieces in board rows.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::text::echo;

/// The longest token a board row may use.
pub const MAX_TOKEN_LEN: usize = 3;

/// A piece identifier: 1 to 3 characters of `A-Z a-z 0-9 _` (for example `A`, `7`, `L1`).
///
/// Tokens are `Copy` and compare by their text, so grids of tokens stay cheap to copy.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Token {
    len: u8,
    bytes: [u8; MAX_TOKEN_LEN],
}

/// Why a piece of text is not a valid [`Token`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TokenError {
    /// The text was empty.
    #[error("empty piece token")]
    Empty,
    /// The text was longer than [`MAX_TOKEN_LEN`] characters.
    #[error("piece token `{}` is longer than 3 characters", echo(.0))]
    TooLong(String),
    /// The text held a character outside `A-Z a-z 0-9 _`.
    #[error("piece token `{}` may only use the characters A-Z, a-z, 0-9 and _", echo(.0))]
    BadCharacter(String),
}

impl Token {
    /// Parses a token, checking its length and characters.
    ///
    /// # Errors
    /// Returns a [`TokenError`] that says what is wrong with the text.
    pub fn new(text: &str) -> Result<Self, TokenError> {
        if text.is_empty() {
            return Err(TokenError::Empty);
        }
        if !text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            return Err(TokenError::BadCharacter(text.to_string()));
        }
        if text.len() > MAX_TOKEN_LEN {
            return Err(TokenError::TooLong(text.to_string()));
        }
        let mut bytes = [0u8; MAX_TOKEN_LEN];
        bytes[..text.len()].copy_from_slice(text.as_bytes());
        Ok(Self {
            len: text.len() as u8,
            bytes,
        })
    }

    /// The token for a tile number (`7` for tile 7).
    ///
    /// # Panics
    /// Panics if `n` has more than three digits; tile puzzles are at most 32x32, whose
    /// largest tile is 1023, so callers pass numbers below 1000 only after checking.
    pub fn number(n: u32) -> Self {
        Self::new(&n.to_string()).expect("a number below 1000 is a valid token")
    }

    /// The token's text.
    #[expect(
        clippy::missing_panics_doc,
        reason = "`new` stores ASCII bytes only, so the text is always valid UTF-8"
    )]
    pub fn as_str(&self) -> &str {
        // Invariant: `new` only stores ASCII bytes, so this is valid UTF-8.
        std::str::from_utf8(&self.bytes[..self.len as usize]).expect("tokens are ASCII")
    }

    /// The token read as a tile number, when it is all digits.
    pub fn as_number(&self) -> Option<u32> {
        let s = self.as_str();
        if s.bytes().all(|b| b.is_ascii_digit()) {
            s.parse().ok()
        } else {
            None
        }
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Token({})", self.as_str())
    }
}

impl FromStr for Token {
    type Err = TokenError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Self::new(s)
    }
}

impl Serialize for Token {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Token {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Token::new(&text).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_short_alphanumeric_tokens() {
        for t in ["A", "7", "L1", "a_b", "123"] {
            assert_eq!(Token::new(t).unwrap().as_str(), t);
        }
    }

    #[test]
    fn rejects_bad_tokens() {
        assert_eq!(Token::new(""), Err(TokenError::Empty));
        assert!(matches!(Token::new("ABCD"), Err(TokenError::TooLong(_))));
        assert!(matches!(
            Token::new("a-b"),
            Err(TokenError::BadCharacter(_))
        ));
        assert!(matches!(Token::new("é"), Err(TokenError::BadCharacter(_))));
    }

    #[test]
    fn numbers_round_trip() {
        assert_eq!(Token::number(15).as_number(), Some(15));
        assert_eq!(Token::new("L1").unwrap().as_number(), None);
    }
}
