//! A solution as an animation for slides: an animated PNG (APNG) or a GIF, one frame per move
//! or per step, of a chosen cell size and frame rate, each frame optionally captioned with
//! its move number and piece. Frames are drawn in software (flat cells in the pieces'
//! colours, tokens in the core's small bitmap font, `blockslide_core::model::raster`), so they render on any
//! machine and in a background thread.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

use egui::{Color32, Rect, pos2, vec2};
use image::codecs::gif::{GifEncoder, Repeat};
use serde::{Deserialize, Serialize};

pub use super::animation_marks::MARGIN;
use super::animation_marks::{Layout, Surface};
use crate::common::board::label_position;
use crate::common::colors::{piece_color, text_color_on, to_color32};
use blockslide_core::model::raster::Canvas;
use blockslide_core::model::{Cell, Puzzle, Token};
use blockslide_core::solve::PieceMove;

/// The height in pixels of the strip under the board that holds a frame's caption.
pub const CAPTION_HEIGHT: usize = 28;
/// The smallest cell side offered, in pixels: below it a token no longer fits in its cell.
pub const MIN_CELL: u32 = 16;
/// The largest cell side offered, in pixels: a 10x10 board is then about 1000 pixels wide.
pub const MAX_CELL: u32 = 96;
/// The frame rates offered, in frames per second.
pub const FRAME_RATES: std::ops::RangeInclusive<f32> = 0.5..=20.0;
/// The board's frame, and the caption strip's background.
const FRAME: [u8; 3] = [0x3b, 0x32, 0x2a];
/// An empty cell, and a caption's ink.
const EMPTY: [u8; 3] = [0xf4, 0xf1, 0xec];
/// A wall.
const WALL: [u8; 3] = [0x4a, 0x4a, 0x50];
/// How much longer the first and last frames stay, in milliseconds: a viewer sees where the
/// solution starts and that it ends before it loops.
const HOLD_MS: u32 = 1000;

/// The file an animation is saved as.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum AnimationFormat {
    /// An animated PNG: exact colours, the smaller file for flat pictures.
    #[default]
    Apng,
    /// A GIF: plays everywhere, including in chat and mail programs that show APNGs still.
    Gif,
}

impl AnimationFormat {
    /// Both formats, in menu order.
    pub const ALL: [AnimationFormat; 2] = [AnimationFormat::Apng, AnimationFormat::Gif];

    /// The file name extension.
    pub fn extension(self) -> &'static str {
        match self {
            AnimationFormat::Apng => "png",
            AnimationFormat::Gif => "gif",
        }
    }

    /// The name shown in the options.
    pub fn title(self) -> &'static str {
        match self {
            AnimationFormat::Apng => "Animated PNG",
            AnimationFormat::Gif => "GIF",
        }
    }

    /// The name on the button that sums up the options, where room is short.
    pub fn short_title(self) -> &'static str {
        match self {
            AnimationFormat::Apng => "APNG",
            AnimationFormat::Gif => "GIF",
        }
    }

    /// The format `path`'s extension names (`.png`, `.apng`, `.gif`, in any case), if any: a
    /// typed file name wins over the format chosen in the options.
    pub fn of_path(path: &Path) -> Option<AnimationFormat> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        match extension.as_str() {
            "png" | "apng" => Some(AnimationFormat::Apng),
            "gif" => Some(AnimationFormat::Gif),
            _ => None,
        }
    }
}

/// What one frame of an animation adds to the one before.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum FramePer {
    /// A whole move (a piece's path, however long).
    #[default]
    Move,
    /// One step: a piece moved by one cell, so long moves are seen cell by cell.
    Step,
}

/// How a solution is drawn as an animation; the playback's export options.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct AnimationOptions {
    /// The file format.
    pub format: AnimationFormat,
    /// The side of a cell in pixels, [`MIN_CELL`] to [`MAX_CELL`].
    pub cell_px: u32,
    /// Frames per second, within [`FRAME_RATES`].
    pub frames_per_second: f32,
    /// Whether each frame is captioned with its move number and piece ("MOVE 12 · PIECE C").
    pub captions: bool,
    /// Whether a frame is a move or a step.
    pub per: FramePer,
}

impl Default for AnimationOptions {
    fn default() -> Self {
        AnimationOptions {
            format: AnimationFormat::Apng,
            cell_px: 48,
            frames_per_second: 3.0,
            captions: true,
            per: FramePer::Move,
        }
    }
}

impl AnimationOptions {
    /// Where egui keeps the options (persisted with its memory, so they last between
    /// launches without a field in the app's session).
    fn memory_id() -> egui::Id {
        egui::Id::unique("animation export options")
    }

    /// The options last chosen, or the defaults.
    pub fn load(ctx: &egui::Context) -> AnimationOptions {
        ctx.data_mut(|d| d.get_persisted::<AnimationOptions>(Self::memory_id()))
            .unwrap_or_default()
    }

    /// Keeps these options for the next export and the next launch.
    pub fn store(&self, ctx: &egui::Context) {
        ctx.data_mut(|d| d.insert_persisted(Self::memory_id(), self.clone()));
    }

    /// The options with every number in its range (a hand-edited or old memory may hold
    /// anything).
    #[must_use]
    pub fn clamped(mut self) -> AnimationOptions {
        self.cell_px = self.cell_px.clamp(MIN_CELL, MAX_CELL);
        self.frames_per_second = if self.frames_per_second.is_finite() {
            self.frames_per_second
                .clamp(*FRAME_RATES.start(), *FRAME_RATES.end())
        } else {
            AnimationOptions::default().frames_per_second
        };
        self
    }
}

impl Surface for Canvas {
    fn fill(&mut self, left: usize, top: usize, width: usize, height: usize, colour: [u8; 3]) {
        Canvas::fill(self, left, top, width, height, colour);
    }
}

/// `canvas` with an opaque alpha channel, as a GIF frame takes it.
fn rgba(canvas: &Canvas) -> image::RgbaImage {
    let pixels = canvas
        .rgb()
        .chunks_exact(3)
        .flat_map(|p| [p[0], p[1], p[2], 0xff])
        .collect();
    // Invariant: a canvas holds three bytes for each of its `width * height` pixels.
    image::RgbaImage::from_raw(canvas.width() as u32, canvas.height() as u32, pixels)
        .expect("a canvas holds width x height pixels")
}

fn rgb(c: Color32) -> [u8; 3] {
    [c.r(), c.g(), c.b()]
}

/// The size in pixels of every frame of an animation of `puzzle` drawn with `options`.
/// The board is framed by [`MARGIN`], and, on both sides of an axis an exit leaves along,
/// by room for the exit's arrow.
pub fn frame_size(puzzle: &Puzzle, options: &AnimationOptions) -> [usize; 2] {
    let cell = options.clone().clamped().cell_px as usize;
    let caption = if options.captions { CAPTION_HEIGHT } else { 0 };
    let [width, board_height] = Layout::new(puzzle, cell).board_size();
    [width, board_height + caption]
}

/// The number of frames of an animation of `moves`: the start, then one per move or step.
pub fn frame_count(moves: &[PieceMove], per: FramePer) -> usize {
    1 + match per {
        FramePer::Move => moves.len(),
        FramePer::Step => moves.iter().map(|m| m.steps.len()).sum(),
    }
}

/// Draws `position` as one frame laid out by `layout`, with its exits and goal outline, and
/// `caption` under it when given.
fn draw(position: &Puzzle, layout: &Layout, caption: Option<&str>) -> Canvas {
    let (rows, cols, cell) = (position.rows, position.cols, layout.cell);
    let (board_left, board_top) = (layout.left, layout.top);
    let [width, board_height] = layout.board_size();
    let height = board_height + caption.map_or(0, |_| CAPTION_HEIGHT);
    let mut canvas = Canvas::new(width, height, FRAME);
    layout.paint_exits(&mut canvas);
    let mut labelled: Vec<Token> = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let (left, top) = (board_left + c * cell, board_top + r * cell);
            match position.cell(r, c) {
                Cell::Wall => canvas.fill(left, top, cell, cell, WALL),
                Cell::Empty => canvas.fill(left + 1, top + 1, cell - 2, cell - 2, EMPTY),
                Cell::Piece(token) => {
                    let colour = rgb(to_color32(piece_color(position, token)));
                    canvas.piece_cell(position, (r, c), (left, top), cell, colour);
                    if !labelled.contains(&token) {
                        labelled.push(token);
                    }
                }
            }
        }
    }
    // Over the pieces standing in the goal's cells, under the tokens so it never runs
    // through a letter.
    layout.paint_goal_outline(&mut canvas, position);
    // Each piece's token where the app's board puts it (inside the piece, an L's in its
    // corner cell), in dots that grow with the cells.
    let board = Rect::from_min_size(
        pos2(board_left as f32, board_top as f32),
        vec2((cols * cell) as f32, (rows * cell) as f32),
    );
    for t in labelled {
        let cells: Vec<(usize, usize)> = (0..position.cells.len())
            .filter(|&i| position.cells[i] == Cell::Piece(t))
            .map(|i| (i / cols, i % cols))
            .collect();
        let at = label_position(board, rows, cols, &cells);
        let fill = to_color32(piece_color(position, t));
        let ink = rgb(text_color_on(fill));
        let scale = if t.as_str().len() > 2 {
            cell / 24
        } else {
            cell / 16
        };
        canvas.text(
            at.x.round() as usize,
            at.y.round() as usize,
            t.as_str(),
            scale.max(1),
            ink,
        );
    }
    if let Some(caption) = caption {
        canvas.caption(board_height, CAPTION_HEIGHT, MARGIN, caption, EMPTY);
    }
    canvas
}

/// The caption of the frame after move `index` (from 0) of `moves`.
fn caption(index: usize, piece: Token) -> String {
    format!("move {} · piece {}", index + 1, piece.as_str())
}

/// The frames of an animation, drawn one at a time as the encoder takes them.
enum Encoder<'a> {
    Apng(png::Writer<&'a mut Vec<u8>>),
    Gif(GifEncoder<&'a mut Vec<u8>>),
}

/// A message for a failed encoding.
fn failed(e: impl std::fmt::Display) -> String {
    format!("the animation could not be encoded: {e}")
}

impl<'a> Encoder<'a> {
    fn new(
        out: &'a mut Vec<u8>,
        format: AnimationFormat,
        [width, height]: [usize; 2],
        frames: usize,
    ) -> Result<Self, String> {
        Ok(match format {
            AnimationFormat::Apng => {
                let mut encoder = png::Encoder::new(out, width as u32, height as u32);
                encoder.set_color(png::ColorType::Rgb);
                encoder.set_depth(png::BitDepth::Eight);
                encoder.set_animated(frames as u32, 0).map_err(failed)?;
                Encoder::Apng(encoder.write_header().map_err(failed)?)
            }
            AnimationFormat::Gif => {
                // Speed 10 of 1 (best) to 30 only matters past 256 colours, which flat
                // cells never reach: frames keep their exact colours.
                let mut encoder = GifEncoder::new_with_speed(out, 10);
                encoder.set_repeat(Repeat::Infinite).map_err(failed)?;
                Encoder::Gif(encoder)
            }
        })
    }

    /// Adds `canvas` as the next frame, shown for `delay_ms`.
    fn frame(&mut self, canvas: &Canvas, delay_ms: u32) -> Result<(), String> {
        match self {
            Encoder::Apng(writer) => {
                let delay = u16::try_from(delay_ms).unwrap_or(u16::MAX);
                writer.set_frame_delay(delay, 1000).map_err(failed)?;
                writer.write_image_data(canvas.rgb()).map_err(failed)
            }
            Encoder::Gif(encoder) => {
                let delay = image::Delay::from_numer_denom_ms(delay_ms, 1);
                let frame = image::Frame::from_parts(rgba(canvas), 0, 0, delay);
                encoder.encode_frame(frame).map_err(failed)
            }
        }
    }

    fn finish(self) -> Result<(), String> {
        match self {
            Encoder::Apng(writer) => writer.finish().map_err(failed),
            // The GIF's trailer is written when the encoder is dropped.
            Encoder::Gif(_) => Ok(()),
        }
    }
}

/// The solution `moves` from `puzzle`'s start as an animation that loops forever, drawn
/// with `options`: the start, then one frame per move or per step at the chosen rate, the
/// first and last frames held a second longer. `progress` is told the fraction of frames
/// done; raising `cancel` stops the rendering.
///
/// # Errors
/// A message when a move does not replay, the rendering was cancelled, or the encoder
/// refused the frames.
pub fn render_animation(
    puzzle: &Puzzle,
    moves: &[PieceMove],
    options: &AnimationOptions,
    progress: &dyn Fn(f32),
    cancel: &AtomicBool,
) -> Result<Vec<u8>, String> {
    let options = options.clone().clamped();
    let layout = Layout::new(puzzle, options.cell_px as usize);
    let frames = frame_count(moves, options.per);
    let mut out = Vec::new();
    let mut encoder = Encoder::new(
        &mut out,
        options.format,
        frame_size(puzzle, &options),
        frames,
    )?;
    let step_ms = (1000.0 / options.frames_per_second).round() as u32;
    let mut position = puzzle.clone();
    let mut done = 0;
    let mut add = |position: &Puzzle, caption: &str| -> Result<(), String> {
        if cancel.load(Ordering::Relaxed) {
            return Err("cancelled".into());
        }
        let canvas = draw(position, &layout, options.captions.then_some(caption));
        let hold = if done == 0 || done + 1 == frames {
            HOLD_MS
        } else {
            0
        };
        encoder.frame(&canvas, step_ms + hold)?;
        done += 1;
        progress(done as f32 / frames as f32);
        Ok(())
    };
    add(&position, "start")?;
    for (i, mv) in moves.iter().enumerate() {
        for &d in &mv.steps {
            position
                .step(mv.piece, d)
                .map_err(|e| format!("move {} does not replay: {e}", i + 1))?;
            if options.per == FramePer::Step {
                add(&position, &caption(i, mv.piece))?;
            }
        }
        if options.per == FramePer::Move {
            add(&position, &caption(i, mv.piece))?;
        }
    }
    encoder.finish()?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::playback::animation_marks::{EXIT, GOAL_OUTLINE, exit_room};
    use blockslide_core::model::{Dir, file, library, rushhour};
    use image::AnimationDecoder;

    fn bundled(name: &str) -> Puzzle {
        let entry = library::find(name).expect("bundled");
        file::parse(entry.text).expect("bundled puzzles parse")
    }

    /// The colour of `canvas`'s pixel at `(x, y)`.
    fn pixel(canvas: &Canvas, x: usize, y: usize) -> [u8; 3] {
        canvas.pixel(x, y).expect("a pixel inside the frame")
    }

    /// How many pixels of row `y` of `canvas`, in columns `xs`, are in the goal's outline.
    fn outlined(canvas: &Canvas, y: usize, xs: std::ops::Range<usize>) -> usize {
        xs.filter(|&x| pixel(canvas, x, y) == GOAL_OUTLINE).count()
    }

    fn two_by_three() -> (Puzzle, Vec<PieceMove>) {
        let puzzle = Puzzle::tiles(2, 3, &[1, 2, 3, 4, 0, 5], None).unwrap();
        let moves = vec![PieceMove {
            piece: Token::number(5),
            steps: vec![Dir::Left],
        }];
        (puzzle, moves)
    }

    #[test]
    fn the_apng_has_a_frame_per_move_and_the_board_size() {
        let (puzzle, moves) = two_by_three();
        let seen = std::sync::Mutex::new(Vec::new());
        let options = AnimationOptions {
            captions: false,
            ..AnimationOptions::default()
        };
        let bytes = render_animation(
            &puzzle,
            &moves,
            &options,
            &|f| seen.lock().unwrap().push(f),
            &AtomicBool::new(false),
        )
        .unwrap();
        let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        let reader = decoder.read_info().unwrap();
        let info = reader.info();
        assert_eq!(
            (info.width as usize, info.height as usize),
            (3 * 48 + 2 * MARGIN, 2 * 48 + 2 * MARGIN)
        );
        assert_eq!(info.animation_control.map(|a| a.num_frames), Some(2));
        assert_eq!(*seen.lock().unwrap(), [0.5, 1.0]);
    }

    #[test]
    fn a_gif_has_a_frame_per_step_its_size_and_its_delays() {
        let puzzle = Puzzle::tiles(2, 3, &[1, 2, 3, 0, 4, 5], None).unwrap();
        // Tile 4, then tile 5, slides left: two steps.
        let moves = vec![
            PieceMove {
                piece: Token::number(4),
                steps: vec![Dir::Left],
            },
            PieceMove {
                piece: Token::number(5),
                steps: vec![Dir::Left],
            },
        ];
        let options = AnimationOptions {
            format: AnimationFormat::Gif,
            cell_px: 20,
            frames_per_second: 4.0,
            captions: true,
            per: FramePer::Step,
        };
        let bytes =
            render_animation(&puzzle, &moves, &options, &|_| {}, &AtomicBool::new(false)).unwrap();
        let frames = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(bytes))
            .unwrap()
            .into_frames()
            .collect_frames()
            .unwrap();
        assert_eq!(frames.len(), 3);
        let first = frames[0].buffer();
        assert_eq!(
            [first.width() as usize, first.height() as usize],
            [3 * 20 + 2 * MARGIN, 2 * 20 + 2 * MARGIN + CAPTION_HEIGHT]
        );
        let ms = |i: usize| frames[i].delay().numer_denom_ms();
        assert_eq!(ms(1), (250, 1));
        assert_eq!(ms(0), (1250, 1), "the start is held a second longer");
        // The colours are exact: the empty cell's colour survives the GIF's palette.
        assert_eq!(
            first.get_pixel(MARGIN as u32 + 5, MARGIN as u32 + 25).0,
            [EMPTY[0], EMPTY[1], EMPTY[2], 0xff]
        );
    }

    #[test]
    fn a_caption_shrinks_to_fit_a_narrow_board() {
        let puzzle = Puzzle::tiles(1, 2, &[1, 0], None).unwrap();
        let caption = Some("move 12 · piece 1");
        let wide = draw(&puzzle, &Layout::new(&puzzle, 96), caption);
        let narrow = draw(&puzzle, &Layout::new(&puzzle, 16), caption);
        let inked = |c: &Canvas, top: usize| {
            c.rgb()[3 * c.width() * top..]
                .chunks_exact(3)
                .filter(|p| *p == EMPTY)
                .count()
        };
        assert!(inked(&wide, wide.height() - CAPTION_HEIGHT) > 0);
        assert!(inked(&narrow, narrow.height() - CAPTION_HEIGHT) > 0);
        assert_eq!(
            AnimationFormat::of_path(Path::new("a/b.GIF")),
            Some(AnimationFormat::Gif)
        );
        assert_eq!(AnimationFormat::of_path(Path::new("a/b.txt")), None);
    }

    #[test]
    fn a_rush_hour_frame_shows_the_exit_beside_the_red_cars_row() {
        let puzzle = bundled("rush-hour-warm-up.ron");
        let cell = 48;
        let layout = Layout::new(&puzzle, cell);
        // The exit leaves to the right: room for its arrow left and right, none above.
        let side = MARGIN + exit_room(cell);
        assert_eq!((layout.left, layout.top), (side, MARGIN));
        let options = AnimationOptions::default();
        let [width, height] = frame_size(&puzzle, &options);
        assert_eq!(
            [width, height],
            [6 * cell + 2 * side, 6 * cell + 2 * MARGIN + CAPTION_HEIGHT]
        );
        let frame = draw(&puzzle, &layout, Some("start"));
        assert_eq!([frame.width(), frame.height()], [width, height]);
        let board_right = side + 6 * cell;
        let middle = |row: usize| MARGIN + row * cell + cell / 2;
        // The opening in the frame, the arrow's shaft, and its head by the picture's edge,
        // all beside the red car's row.
        for x in [board_right + 2, board_right + MARGIN + 4, width - 4] {
            assert_eq!(pixel(&frame, x, middle(2)), EXIT, "x = {x}");
        }
        // Beside another row, and left of the board, the frame is plain.
        assert_eq!(pixel(&frame, board_right + MARGIN + 4, middle(1)), FRAME);
        assert_eq!(pixel(&frame, side - MARGIN - 4, middle(2)), FRAME);
        // The exported animation's frames are drawn the same way.
        let bytes =
            render_animation(&puzzle, &[], &options, &|_| {}, &AtomicBool::new(false)).unwrap();
        let mut reader = png::Decoder::new(std::io::Cursor::new(bytes))
            .read_info()
            .unwrap();
        let mut rgb = vec![0; reader.output_buffer_size().unwrap()];
        reader.next_frame(&mut rgb).unwrap();
        assert_eq!(rgb, frame.rgb());
    }

    /// An L's token sits in its corner cell, as on the app's board, not on the notch
    /// between its cells where the middle of its cells falls.
    #[test]
    fn an_l_pieces_token_sits_inside_its_corner_cell() {
        let puzzle =
            Puzzle::from_rows(&["A A .", "A . .", ". . ."], &[". . .", ". A A", ". A ."]).unwrap();
        let cell = 48;
        let layout = Layout::new(&puzzle, cell);
        let frame = draw(&puzzle, &layout, None);
        let a = Token::new("A").unwrap();
        let ink = rgb(text_color_on(to_color32(piece_color(&puzzle, a))));
        let inked: Vec<(usize, usize)> = (0..frame.height())
            .flat_map(|y| (0..frame.width()).map(move |x| (x, y)))
            .filter(|&(x, y)| pixel(&frame, x, y) == ink)
            .collect();
        assert!(!inked.is_empty(), "the token is drawn");
        let (left, top) = (layout.left, layout.top);
        for (x, y) in inked {
            assert!(
                (left..left + cell).contains(&x) && (top..top + cell).contains(&y),
                "ink at ({x}, {y}) outside the corner cell at ({left}, {top})"
            );
        }
    }

    #[test]
    fn the_goal_is_outlined_until_reached_in_block_puzzles_only() {
        let cell = 48;
        let inset = cell * 12 / 100;
        // Klotski: Cao Cao's goal is rows 3 and 4, columns 1 and 2; soldiers stand on its
        // top half.
        let klotski = bundled("klotski.ron");
        let layout = Layout::new(&klotski, cell);
        let frame = draw(&klotski, &layout, None);
        let goal = layout.left + cell + inset..layout.left + 3 * cell - inset;
        let top_side = outlined(&frame, MARGIN + 3 * cell + inset, goal.clone());
        assert!(
            top_side > goal.len() / 2 && top_side < goal.len(),
            "dashed: {top_side} of {} pixels",
            goal.len()
        );
        // One outline round the 2x2 goal: nothing between its cells, inside its sides.
        let between = MARGIN + 4 * cell;
        assert_eq!(outlined(&frame, between, goal.start + 4..goal.end - 4), 0);
        // Rush Hour with the red car home: its goal needs nothing more, so no outline.
        let rows = ["BBBooo", "oooooo", "ooooAA", "oooooo", "oooooo", "oooooo"];
        let home = rushhour::parse(&rows.concat()).unwrap();
        let layout = Layout::new(&home, cell);
        let frame = draw(&home, &layout, None);
        let goal = layout.left + 4 * cell..layout.left + 6 * cell;
        assert_eq!(outlined(&frame, MARGIN + 2 * cell + inset, goal), 0);
        // Tiles: tile 5 belongs in the blank (1, 1), yet nothing outlines it.
        let (tiles, _) = two_by_three();
        let layout = Layout::new(&tiles, cell);
        let frame = draw(&tiles, &layout, None);
        let blank = layout.left + cell..layout.left + 2 * cell;
        assert_eq!(outlined(&frame, MARGIN + cell + inset, blank), 0);
    }

    #[test]
    fn a_cancelled_rendering_stops() {
        let puzzle = Puzzle::tiles(2, 2, &[1, 2, 0, 3], None).unwrap();
        let result = render_animation(
            &puzzle,
            &[],
            &AnimationOptions::default(),
            &|_| {},
            &AtomicBool::new(true),
        );
        assert_eq!(result, Err("cancelled".to_string()));
    }
}
