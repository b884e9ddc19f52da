//! The colours pieces are drawn in, shared by every front end that draws a board (the app,
//! the Python package's pictures): the palette, and each piece's colour.

use super::{Color, Puzzle, Token};

/// The palette new pieces take their colours from, in order: distinct, medium-light hues
/// that carry dark or light text well.
pub const PALETTE: [Color; 12] = [
    Color {
        r: 0xe1,
        g: 0x5d,
        b: 0x44,
    },
    Color {
        r: 0x4e,
        g: 0x79,
        b: 0xa7,
    },
    Color {
        r: 0x59,
        g: 0xa1,
        b: 0x4f,
    },
    Color {
        r: 0xed,
        g: 0xc9,
        b: 0x48,
    },
    Color {
        r: 0xb0,
        g: 0x7a,
        b: 0xa1,
    },
    Color {
        r: 0x76,
        g: 0xb7,
        b: 0xb2,
    },
    Color {
        r: 0xf2,
        g: 0x8e,
        b: 0x2b,
    },
    Color {
        r: 0xff,
        g: 0x9d,
        b: 0xa7,
    },
    Color {
        r: 0x9c,
        g: 0x75,
        b: 0x5f,
    },
    Color {
        r: 0x8c,
        g: 0xd1,
        b: 0x7d,
    },
    Color {
        r: 0xa0,
        g: 0xcb,
        b: 0xe8,
    },
    Color {
        r: 0xd4,
        g: 0xa6,
        b: 0xc8,
    },
];

/// The colour of numbered tiles that have no colour of their own: one warm wood tone, so a
/// tile puzzle reads as a set of equal tiles.
pub const TILE: Color = Color {
    r: 0xe8,
    g: 0xc3,
    b: 0x8e,
};

/// The colour a piece is drawn in: its own when the puzzle gives one; the tile colour for
/// numbered tiles; otherwise a palette colour chosen by its token, so it does not change when
/// other pieces come and go.
pub fn piece_color(puzzle: &Puzzle, token: Token) -> Color {
    if let Some(c) = puzzle.styles.get(&token).and_then(|s| s.color) {
        return c;
    }
    if token.as_number().is_some() {
        return TILE;
    }
    let hash = token.as_str().bytes().fold(2_166_136_261u32, |h, b| {
        (h ^ u32::from(b)).wrapping_mul(16_777_619)
    });
    PALETTE[hash as usize % PALETTE.len()]
}
