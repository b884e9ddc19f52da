//! Piece colours: the palette, each piece's colour, and readable text on top of it.

use egui::Color32;

use blockslide_core::model::{Color, Puzzle, Token};
// The palette and each piece's colour are the core's, shared with every front end that draws
// a board (the Python package's pictures).
pub use blockslide_core::model::palette::{PALETTE, TILE, piece_color};

/// Colours for new pieces once every [`PALETTE`] colour is taken (a Rush Hour board has up to
/// 16 vehicles): deeper and paler hues, so the pieces drawn after an import still get colours
/// of their own. Pieces without a colour never take these by their token.
const MORE: [Color; 8] = [
    Color {
        r: 0x2a,
        g: 0x8c,
        b: 0x8c,
    },
    Color {
        r: 0x7d,
        g: 0x5b,
        b: 0xc4,
    },
    Color {
        r: 0x9a,
        g: 0x9a,
        b: 0x3a,
    },
    Color {
        r: 0x5f,
        g: 0xd3,
        b: 0xa8,
    },
    Color {
        r: 0x8c,
        g: 0x8c,
        b: 0x8c,
    },
    Color {
        r: 0x3f,
        g: 0xa7,
        b: 0xd6,
    },
    Color {
        r: 0xc9,
        g: 0xa2,
        b: 0x27,
    },
    Color {
        r: 0xe7,
        g: 0xd8,
        b: 0xb0,
    },
];

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

/// How far apart two colours look: their distance in CIE L*a*b* (ΔE*76), where about 2.3 is
/// a difference just noticed side by side.
pub fn difference(a: Color, b: Color) -> f32 {
    let (a, b) = (lab(a), lab(b));
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).powi(2))
        .sum::<f32>()
        .sqrt()
}

/// The [`difference`] from which two pieces' colours are told apart at a glance on the board.
/// Most of the palette's colours are 30 or more apart; the Rush Hour red car and the palette's
/// red-orange are only 18 apart, and a car in that colour passes for a second red car.
pub const APART: f32 = 25.0;

/// A colour in CIE L*a*b* (D65 white), from sRGB.
fn lab(color: Color) -> [f32; 3] {
    /// sRGB to CIE XYZ, one row per coordinate.
    const TO_XYZ: [[f32; 3]; 3] = [
        [0.4124, 0.3576, 0.1805],
        [0.2126, 0.7152, 0.0722],
        [0.0193, 0.1192, 0.9505],
    ];
    /// D65 white in CIE XYZ.
    const WHITE: [f32; 3] = [0.950_47, 1.0, 1.088_83];
    let linear = [color.r, color.g, color.b].map(|channel| {
        let v = f32::from(channel) / 255.0;
        if v <= 0.040_45 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    });
    let [fx, fy, fz]: [f32; 3] = std::array::from_fn(|i| {
        let ratio = TO_XYZ[i]
            .iter()
            .zip(linear)
            .map(|(k, v)| k * v)
            .sum::<f32>()
            / WHITE[i];
        if ratio > 0.008_856 {
            ratio.cbrt()
        } else {
            7.787 * ratio + 16.0 / 116.0
        }
    });
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// The colour for a new piece of `puzzle`: the first palette colour [`APART`] from every
/// colour its pieces are drawn in, and never one that passes for the colour of a piece the
/// goal names (Rush Hour's red car, Klotski's Cao Cao) while another is left; when every
/// colour is near one in use, the one least like them.
pub fn next_palette_color(puzzle: &Puzzle) -> Color {
    let used: Vec<Color> = puzzle
        .pieces()
        .iter()
        .map(|p| piece_color(puzzle, p.token))
        .chain(puzzle.styles.values().filter_map(|s| s.color))
        .collect();
    color_apart(&used, &target_colors(puzzle))
}

/// Gives every piece of `puzzle` that has no colour of its own (nor is a numbered tile) one
/// as [`next_palette_color`] would, in token order, each apart from those given before: a
/// board imported without colours (a Rush Hour string) would otherwise show cars whose
/// tokens fall on one palette colour alike.
pub fn color_every_piece(puzzle: &mut Puzzle) {
    let targets = target_colors(puzzle);
    let mut used: Vec<Color> = puzzle.styles.values().filter_map(|s| s.color).collect();
    let mut tokens: Vec<Token> = puzzle.pieces().iter().map(|p| p.token).collect();
    tokens.sort();
    for token in tokens {
        let style = puzzle.styles.entry(token).or_default();
        if style.color.is_none() && token.as_number().is_none() {
            let color = color_apart(&used, &targets);
            style.color = Some(color);
            used.push(color);
        }
    }
}

/// The colours of the pieces the goal names: the pieces a player looks for.
fn target_colors(puzzle: &Puzzle) -> Vec<Color> {
    let mut tokens: Vec<Token> = puzzle.goal.cells.iter().flatten().copied().collect();
    tokens.sort();
    tokens.dedup();
    tokens.into_iter().map(|t| piece_color(puzzle, t)).collect()
}

/// The first palette colour (then [`MORE`]'s) [`APART`] from every `used` colour, leaving out those near a
/// `target`'s (unless that leaves none); else the one farthest from its nearest used colour.
fn color_apart(used: &[Color], targets: &[Color]) -> Color {
    let near = |c: Color, to: &[Color]| to.iter().filter(|&&u| difference(c, u) < APART).count();
    let mut candidates: Vec<Color> = PALETTE
        .iter()
        .chain(&MORE)
        .copied()
        .filter(|&c| near(c, targets) == 0)
        .collect();
    if candidates.is_empty() {
        candidates = PALETTE.iter().chain(&MORE).copied().collect();
    }
    if let Some(free) = candidates.iter().copied().find(|&c| near(c, used) == 0) {
        return free;
    }
    let nearest = |c: Color| {
        used.iter()
            .map(|&u| difference(c, u))
            .fold(f32::INFINITY, f32::min)
    };
    // The colour farthest from its nearest one in use: a colour already taken is never
    // chosen while the palette has another (counting near colours first could pick a taken
    // colour that happens to be near fewer of the others).
    candidates
        .into_iter()
        .max_by(|&a, &b| nearest(a).total_cmp(&nearest(b)))
        .unwrap_or(PALETTE[0])
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

    /// The red of Rush Hour's red car.
    const RED_CAR: Color = Color {
        r: 0xd6,
        g: 0x27,
        b: 0x28,
    };

    #[test]
    fn a_new_piece_is_never_coloured_like_the_red_car() {
        assert!(
            difference(PALETTE[0], RED_CAR) < APART,
            "the palette's red-orange"
        );
        let mut p = Puzzle::from_rows(&["A A ."], &[". A A"]).expect("valid rows");
        p.styles
            .entry(Token::new("A").expect("valid"))
            .or_default()
            .color = Some(RED_CAR);
        assert_eq!(next_palette_color(&p), PALETTE[1]);
        // Even when every other colour is taken.
        let mut crowded = p.clone();
        for (i, &c) in PALETTE.iter().enumerate().skip(1) {
            let t = Token::new(&format!("B{i}")).expect("valid");
            crowded.styles.entry(t).or_default().color = Some(c);
        }
        assert!(difference(next_palette_color(&crowded), RED_CAR) >= APART);
    }

    #[test]
    fn every_piece_gets_a_colour_of_its_own_while_the_palette_lasts() {
        let mut p = Puzzle::from_rows(
            &["A A B C D E", "F G H I J K", "L M N O P Q"],
            &[". . . . A A", ". . . . . .", ". . . . . ."],
        )
        .expect("valid rows");
        p.styles
            .entry(Token::new("A").expect("valid"))
            .or_default()
            .color = Some(RED_CAR);
        color_every_piece(&mut p);
        let colors: Vec<Color> = p
            .pieces()
            .iter()
            .map(|q| piece_color(&p, q.token))
            .collect();
        assert!(colors[1..].iter().all(|&c| difference(c, RED_CAR) >= APART));
        // Eleven palette colours are apart from the red car: the first eleven cars share none.
        let first: Vec<Color> = colors[1..12].to_vec();
        for (i, c) in first.iter().enumerate() {
            assert!(!first[i + 1..].contains(c), "{c:?} twice");
        }
    }

    #[test]
    fn the_one_colour_left_is_taken_however_near_the_others_it_is() {
        let pool: Vec<Color> = PALETTE.iter().chain(&MORE).copied().collect();
        for (k, &left) in pool.iter().enumerate() {
            let used: Vec<Color> = pool
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != k)
                .map(|(_, &c)| c)
                .collect();
            assert_eq!(color_apart(&used, &[]), left, "colour {k}");
        }
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
