//! The colours a board is drawn in, shared by every front end that draws one (the app's board,
//! the web page's player): the piece palette and how a piece picks its colour, numbered
//! tiles, zones, the board's frame, cells, walls and exits, and readable text on a piece.

use super::basics::Color;
use super::puzzle::Puzzle;
use super::token::Token;

/// A colour from its channels, for the tables below.
const fn rgb(r: u8, g: u8, b: u8) -> Color {
    Color { r, g, b }
}

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

/// Zone colours, by the zone's place in the puzzle's list: strong hues for outlines and
/// labels (cells take them pale), unlike the piece palette's so a zone never looks like a
/// piece. Green comes first, the colour of an exit.
pub const ZONES: [Color; 6] = [
    rgb(0x1e, 0x9e, 0x5a),
    rgb(0x7b, 0x4f, 0xc9),
    rgb(0x00, 0x8c, 0xb4),
    rgb(0xc8, 0x3c, 0x8c),
    rgb(0xb8, 0x6e, 0x00),
    rgb(0x40, 0x60, 0xd0),
];

/// The colour of the zone at `index` in the puzzle's list of zones.
pub fn zone_color(index: usize) -> Color {
    ZONES[index % ZONES.len()]
}

/// Background of the board's frame.
pub const FRAME: Color = rgb(0x3b, 0x33, 0x2c);
/// An empty cell.
pub const EMPTY: Color = rgb(0xf4, 0xef, 0xe6);
/// A "don't care" goal cell.
pub const DONT_CARE: Color = rgb(0xdd, 0xd8, 0xd0);
/// A wall.
pub const WALL: Color = rgb(0x4a, 0x4a, 0x50);
/// The lines hatching a wall.
pub const WALL_HATCH: Color = rgb(0x5c, 0x5c, 0x5c);
/// An exit's opening and arrow.
pub const EXIT: Color = rgb(0x2e, 0xb8, 0x5c);
/// The dashed outline of the goal's cells.
pub const GOAL_OUTLINE: Color = rgb(0x20, 0x20, 0x20);
/// Dark text, on light pieces.
pub const DARK_TEXT: Color = rgb(0x1a, 0x1a, 0x1a);
/// Light text, on dark pieces.
pub const LIGHT_TEXT: Color = rgb(0xff, 0xff, 0xff);

/// [`DARK_TEXT`] or [`LIGHT_TEXT`], whichever reads better on `background` (WCAG relative
/// luminance).
pub fn text_color_on(background: Color) -> Color {
    let channel = |v: u8| {
        let v = f32::from(v) / 255.0;
        if v <= 0.039_28 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    let luminance = 0.2126 * channel(background.r)
        + 0.7152 * channel(background.g)
        + 0.0722 * channel(background.b);
    // Contrast against black is (L + 0.05) / 0.05, against white 1.05 / (L + 0.05); they are
    // equal at L = 0.179.
    if luminance > 0.179 {
        DARK_TEXT
    } else {
        LIGHT_TEXT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_contrasts_with_its_background() {
        assert_eq!(text_color_on(rgb(0xff, 0xff, 0xff)), DARK_TEXT);
        assert_eq!(text_color_on(rgb(0x20, 0x30, 0x80)), LIGHT_TEXT);
        assert_eq!(text_color_on(TILE), DARK_TEXT);
    }

    #[test]
    fn pieces_keep_their_colour_by_token() {
        let p = Puzzle::from_rows(&["A B 1"], &[] as &[&str]).expect("a board");
        let a = Token::new("A").expect("a token");
        assert_eq!(piece_color(&p, a), piece_color(&p, a));
        assert!(PALETTE.contains(&piece_color(&p, a)));
        assert_eq!(piece_color(&p, Token::number(1)), TILE);
    }
}
