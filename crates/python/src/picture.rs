//! Pictures of puzzles for notebooks and reports: a board as SVG (the app's colours from the
//! core's palette, tokens as labels, goal cells outlined), a solution as SVG frames with
//! play and step controls (self-contained HTML: inline script, no network), and as an
//! animated PNG drawn as the app draws its exported animation (labels, goal, captions).

use std::fmt::Write as _;

use blockslide_core::model::palette::{self, piece_color, text_color_on};
use blockslide_core::model::raster::{Canvas, goal_outline, label_position};
use blockslide_core::model::tiles::tile_layout;
use blockslide_core::model::{Cell, Color, Puzzle, Token};

/// Side of a cell, in SVG units and in PNG pixels.
const CELL: usize = 40;
/// The frame around the board.
const MARGIN: usize = 8;
/// The board's frame, an empty cell, a wall (the app's, from the core's palette).
const FRAME: Color = palette::FRAME;
const EMPTY: Color = palette::EMPTY;
const WALL: Color = palette::WALL;
/// Lines between pieces and the goal's outline.
const INK: Color = palette::GOAL_OUTLINE;

/// The colour `token`'s piece is drawn in (the app's).
pub fn piece_colour(puzzle: &Puzzle, token: Token) -> Color {
    piece_color(puzzle, token)
}

fn hex(c: Color) -> String {
    format!("#{:02x}{:02x}{:02x}", c.r, c.g, c.b)
}

/// The picture's size in units: the board and its frame.
fn size(puzzle: &Puzzle) -> (usize, usize) {
    (
        puzzle.cols * CELL + 2 * MARGIN,
        puzzle.rows * CELL + 2 * MARGIN,
    )
}

/// What is drawn at every cell: its fill, and the piece there.
fn fills(puzzle: &Puzzle) -> Vec<(Color, Option<Token>)> {
    puzzle
        .cells
        .iter()
        .map(|cell| match *cell {
            Cell::Empty => (EMPTY, None),
            Cell::Wall => (WALL, None),
            Cell::Piece(t) => (piece_color(puzzle, t), Some(t)),
        })
        .collect()
}

/// Where a piece's label goes, in cell units (row, column) from the board's corner: the
/// core's placement, the app's (inside the piece, an L's in its corner cell).
fn label_cell(puzzle: &Puzzle, cells: &[(usize, usize)]) -> (f64, f64) {
    let (rows, cols) = (puzzle.rows, puzzle.cols);
    let [x, y] = label_position(cells, [0.0, 0.0], [cols as f32, rows as f32], rows, cols);
    (f64::from(y), f64::from(x))
}

/// The board of `puzzle` as an SVG picture.
pub fn board_svg(puzzle: &Puzzle) -> String {
    let (w, h) = size(puzzle);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">"
    );
    svg.push_str(&board_body(puzzle));
    svg.push_str("</svg>");
    svg
}

/// The board's shapes, without the enclosing `<svg>`.
fn board_body(puzzle: &Puzzle) -> String {
    let (width, height) = size(puzzle);
    let cols = puzzle.cols;
    let mut out = String::new();
    let _ = write!(
        out,
        "<rect width=\"{width}\" height=\"{height}\" rx=\"6\" fill=\"{}\"/>",
        hex(FRAME)
    );
    let cells = fills(puzzle);
    for (i, &(colour, _)) in cells.iter().enumerate() {
        let (x, y) = (MARGIN + (i % cols) * CELL, MARGIN + (i / cols) * CELL);
        let _ = write!(
            out,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"{}\"/>",
            hex(colour)
        );
    }
    // Lines where a cell meets a different piece or an empty cell: each piece reads as one
    // shape however many cells it has.
    let ink = hex(INK);
    for (i, &(_, token)) in cells.iter().enumerate() {
        let (r, c) = (i / cols, i % cols);
        let (x, y) = (MARGIN + c * CELL, MARGIN + r * CELL);
        if c + 1 < cols && cells[i + 1].1 != token {
            let _ = write!(
                out,
                "<line x1=\"{0}\" y1=\"{y}\" x2=\"{0}\" y2=\"{1}\" stroke=\"{ink}\" stroke-width=\"1.5\"/>",
                x + CELL,
                y + CELL
            );
        }
        if r + 1 < puzzle.rows && cells[i + cols].1 != token {
            let _ = write!(
                out,
                "<line x1=\"{x}\" y1=\"{0}\" x2=\"{1}\" y2=\"{0}\" stroke=\"{ink}\" stroke-width=\"1.5\"/>",
                y + CELL,
                x + CELL
            );
        }
    }
    // The goal: cells the goal wants a piece on that it does not have yet, dashed.
    if !puzzle.goal.anywhere {
        for (i, want) in puzzle.goal.cells.iter().enumerate() {
            let Some(want) = want else { continue };
            if puzzle.cells[i] == Cell::Piece(*want) {
                continue;
            }
            let (x, y) = (
                MARGIN + (i % cols) * CELL + 3,
                MARGIN + (i / cols) * CELL + 3,
            );
            let _ = write!(
                out,
                "<rect class=\"goal\" x=\"{x}\" y=\"{y}\" width=\"{0}\" height=\"{0}\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"2\" stroke-dasharray=\"5 3\"/>",
                CELL - 6
            );
        }
    }
    for piece in puzzle.pieces() {
        let (r, c) = label_cell(puzzle, &piece.cells);
        let colour = text_color_on(piece_color(puzzle, piece.token));
        let (x, y) = (
            MARGIN as f64 + c * CELL as f64,
            MARGIN as f64 + r * CELL as f64,
        );
        let _ = write!(
            out,
            "<text x=\"{x}\" y=\"{y}\" fill=\"{}\" font-family=\"sans-serif\" font-size=\"16\" font-weight=\"bold\" text-anchor=\"middle\" dominant-baseline=\"central\">{}</text>",
            hex(colour),
            escape(&piece.token.to_string())
        );
    }
    out
}

/// `text` safe inside XML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A solution's positions as self-contained HTML: every frame an inline SVG (one shown at a
/// time), with first, back, play/pause, step and last buttons and a slider, driven by an inline
/// script. `id` keeps several animations on one page apart.
pub fn animation_html(positions: &[Puzzle], captions: &[String], id: &str) -> String {
    let mut html = format!("<div id=\"{id}\" class=\"blockslide-animation\">");
    for (i, position) in positions.iter().enumerate() {
        let hidden = if i == 0 {
            ""
        } else {
            " style=\"display:none\""
        };
        let _ = write!(
            html,
            "<div class=\"frame\"{hidden}>{}</div>",
            board_svg(position)
        );
    }
    let last = positions.len().saturating_sub(1);
    let _ = write!(
        html,
        "<div><button data-act=\"first\" title=\"first\">|&#x25C0;</button><button data-act=\"back\" title=\"step back\">&#x25C0;</button>\
<button data-act=\"play\">play</button><button data-act=\"step\" title=\"step\">&#x25B6;</button>\
<button data-act=\"last\" title=\"last\">&#x25B6;|</button> <input type=\"range\" min=\"0\" max=\"{last}\" value=\"0\"/> \
<span class=\"caption\">{}</span></div>",
        escape(captions.first().map_or("", String::as_str))
    );
    let captions_js: Vec<String> = captions.iter().map(|c| js_string(c)).collect();
    let _ = write!(
        html,
        "<script>(function(){{var root=document.getElementById('{id}');if(!root)return;\
var frames=root.querySelectorAll('.frame'),slider=root.querySelector('input'),\
caption=root.querySelector('.caption'),play=root.querySelector('[data-act=play]'),\
captions=[{}],at=0,timer=null;\
function show(i){{at=Math.max(0,Math.min(frames.length-1,i));for(var k=0;k<frames.length;k++)\
frames[k].style.display=k===at?'':'none';slider.value=at;caption.textContent=captions[at]||'';}}\
function stop(){{if(timer){{clearInterval(timer);timer=null;play.textContent='play';}}}}\
root.querySelectorAll('button').forEach(function(b){{b.addEventListener('click',function(){{\
var act=b.getAttribute('data-act');if(act==='play'){{if(timer){{stop();return;}}\
if(at>=frames.length-1)show(0);play.textContent='pause';timer=setInterval(function(){{\
if(at>=frames.length-1){{stop();return;}}show(at+1);}},400);return;}}stop();\
if(act==='first')show(0);if(act==='back')show(at-1);if(act==='step')show(at+1);\
if(act==='last')show(frames.length-1);}});}});\
slider.addEventListener('input',function(){{stop();show(parseInt(slider.value,10));}});}})();</script></div>",
        captions_js.join(",")
    );
    html
}

/// `text` as a JavaScript string literal safe inside a `<script>` element.
fn js_string(text: &str) -> String {
    let mut out = String::from("\"");
    for ch in text.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The height in pixels of the strip under the board that holds a frame's caption (the app's).
const CAPTION_HEIGHT: usize = 28;

/// `c` as the canvas takes it.
fn rgb(c: Color) -> [u8; 3] {
    [c.r, c.g, c.b]
}

/// A frame of the animated PNG, drawn as the app draws its exported animation's frames: each
/// piece's cells joined across the gaps between them, its token where the app's board puts it
/// in the app's bitmap font, the goal's unfilled cells outlined (not for numbered tiles, as in
/// the app), and `caption` in a strip under the board.
fn raster(puzzle: &Puzzle, caption: &str) -> Canvas {
    let (width, board_height) = size(puzzle);
    let (rows, cols) = (puzzle.rows, puzzle.cols);
    let mut canvas = Canvas::new(width, board_height + CAPTION_HEIGHT, rgb(FRAME));
    for r in 0..rows {
        for c in 0..cols {
            let (left, top) = (MARGIN + c * CELL, MARGIN + r * CELL);
            match puzzle.cell(r, c) {
                Cell::Wall => canvas.fill(left, top, CELL, CELL, rgb(WALL)),
                Cell::Empty => canvas.fill(left + 1, top + 1, CELL - 2, CELL - 2, rgb(EMPTY)),
                Cell::Piece(token) => {
                    let colour = rgb(piece_color(puzzle, token));
                    canvas.piece_cell(puzzle, (r, c), (left, top), CELL, colour);
                }
            }
        }
    }
    // Over the pieces, under the tokens so it never runs through a letter; on numbered tiles
    // every tile out of place would carry one, so the app draws none there.
    if !puzzle.goal.anywhere && tile_layout(puzzle).is_none() {
        goal_outline(&mut canvas, puzzle, [MARGIN, MARGIN], CELL, rgb(INK));
    }
    for piece in puzzle.pieces() {
        let (r, c) = label_cell(puzzle, &piece.cells);
        let ink = rgb(text_color_on(piece_color(puzzle, piece.token)));
        // The app's dots: smaller for tokens of three characters or more.
        let scale = if piece.token.as_str().len() > 2 {
            CELL / 24
        } else {
            CELL / 16
        };
        canvas.text(
            (MARGIN as f64 + c * CELL as f64).round() as usize,
            (MARGIN as f64 + r * CELL as f64).round() as usize,
            piece.token.as_str(),
            scale.max(1),
            ink,
        );
    }
    canvas.caption(board_height, CAPTION_HEIGHT, MARGIN, caption, rgb(EMPTY));
    canvas
}

/// The positions as an animated PNG (APNG), each frame captioned with its entry of
/// `captions` (in the bitmap font's letters, digits, `·` and `-`), `delay_ms` a frame, the
/// last held twice as long.
///
/// # Errors
/// The encoder's message when the frames cannot be written.
pub fn apng(positions: &[Puzzle], captions: &[String], delay_ms: u16) -> Result<Vec<u8>, String> {
    let first = positions
        .first()
        .ok_or("a solution has at least its start")?;
    let caption = |i: usize| captions.get(i).map_or("", String::as_str);
    let start = raster(first, caption(0));
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, start.width() as u32, start.height() as u32);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        encoder
            .set_animated(positions.len() as u32, 0)
            .map_err(|e| e.to_string())?;
        let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
        for (i, position) in positions.iter().enumerate() {
            // The last frame's `delay_ms` in 500ths of a second: twice as long, without
            // overflowing the 16 bits a frame's delay has.
            let per_second = if i + 1 == positions.len() { 500 } else { 1000 };
            writer
                .set_frame_delay(delay_ms, per_second)
                .map_err(|e| e.to_string())?;
            let frame = raster(position, caption(i));
            writer
                .write_image_data(frame.rgb())
                .map_err(|e| e.to_string())?;
        }
        writer.finish().map_err(|e| e.to_string())?;
    }
    Ok(out)
}
