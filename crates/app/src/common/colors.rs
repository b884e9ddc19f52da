//! Piece colours: the palette, each piece's colour, and readable text on top of it.

use egui::Color32;

use blockslide_core::model::{Color, Puzzle, Token};

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

/// Converts a model colour to egui's.
pub fn to_color32(c: Color) -> Color32 {
    Color32::from_rgb(c.r, c.g, c.b)
}

/// Converts egui's colour to a model colour (alpha is dropped).
pub fn from_color32(c: Color32) -> Color {
    Color {
        r: c.r(),
        g: c.g(),
        b: c.b(),
    }
}

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

/// The first palette colour no piece of `puzzle` is drawn in (cycling when all are used).
pub fn next_palette_color(puzzle: &Puzzle) -> Color {
    let used: Vec<Color> = puzzle
        .pieces()
        .iter()
        .map(|p| piece_color(puzzle, p.token))
        .chain(puzzle.styles.values().filter_map(|s| s.color))
        .collect();
    PALETTE
        .iter()
        .copied()
        .find(|c| !used.contains(c))
        .unwrap_or(PALETTE[used.len() % PALETTE.len()])
}

/// Zone colours, by the zone's place in the puzzle's list: strong hues for outlines and
/// labels (cells take them pale), unlike the piece palette's so a zone never looks like a
/// piece. Green comes first, the colour of an exit.
const ZONES: [Color32; 6] = [
    Color32::from_rgb(0x1e, 0x9e, 0x5a),
    Color32::from_rgb(0x7b, 0x4f, 0xc9),
    Color32::from_rgb(0x00, 0x8c, 0xb4),
    Color32::from_rgb(0xc8, 0x3c, 0x8c),
    Color32::from_rgb(0xb8, 0x6e, 0x00),
    Color32::from_rgb(0x40, 0x60, 0xd0),
];

/// The colour of the zone at `index` in the puzzle's list of zones.
pub fn zone_color(index: usize) -> Color32 {
    ZONES[index % ZONES.len()]
}

/// Black or white, whichever reads better on `background` (WCAG relative luminance).
pub fn text_color_on(background: Color32) -> Color32 {
    let channel = |v: u8| {
        let v = f32::from(v) / 255.0;
        if v <= 0.039_28 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    let luminance = 0.2126 * channel(background.r())
        + 0.7152 * channel(background.g())
        + 0.0722 * channel(background.b());
    // Contrast against black is (L + 0.05) / 0.05, against white 1.05 / (L + 0.05); they are
    // equal at L = 0.179.
    if luminance > 0.179 {
        Color32::from_rgb(0x1a, 0x1a, 0x1a)
    } else {
        Color32::WHITE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_contrasts_with_its_background() {
        assert_eq!(
            text_color_on(Color32::WHITE),
            Color32::from_rgb(0x1a, 0x1a, 0x1a)
        );
        assert_eq!(
            text_color_on(Color32::from_rgb(0x20, 0x30, 0x80)),
            Color32::WHITE
        );
        assert_eq!(
            text_color_on(to_color32(TILE)),
            Color32::from_rgb(0x1a, 0x1a, 0x1a)
        );
    }

    #[test]
    fn next_colour_is_unused() {
        let mut p = Puzzle::from_rows(&["A B"], &[]).expect("valid rows");
        let first = next_palette_color(&p);
        assert_ne!(first, piece_color(&p, Token::new("A").expect("valid")));
        p.styles
            .entry(Token::new("A").expect("valid"))
            .or_default()
            .color = Some(first);
        assert_ne!(next_palette_color(&p), first);
    }
}
