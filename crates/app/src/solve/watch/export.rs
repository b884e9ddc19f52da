//! The tree and the frontier of a watched search as pictures for slides: drawn once into a
//! list of shapes from the same layout and colours the view draws (the tree's nodes where the
//! view places them, coloured by their fate, its edges and move labels, the marks of the node
//! expanded last, the one selected, the solution path and the first difference; the frontier's
//! boards in the pieces' colours with their figures), then written as SVG by hand or rendered
//! to PNG in software.

use std::fmt::Write as _;

use egui::{Color32, Pos2, Rect, Ui, pos2, vec2};

use super::layout::TreeLayout;
use super::tree::DIFFERENCE;
use super::tree::{CURRENT, GOAL, SELECTED, node_color};
use super::{Watch, Watching};
use crate::command::{Command, ExportFormat};
use crate::common::colors::{piece_color, text_color_on, to_color32};
use crate::common::raster::Raster;
use blockslide_core::model::Cell;
use blockslide_core::model::raster::text_width;

/// A column of the tree, a level of it, and the margin around the picture, in pixels.
const COLUMN: f32 = 72.0;
const LEVEL: f32 = 60.0;
const MARGIN: f32 = 24.0;
/// The height of the title line.
const TITLE: f32 = 28.0;
/// A node's radius.
const DOT: f32 = 6.0;
/// A cell of a frontier board, and a frontier row's height.
const CELL: f32 = 14.0;
const ROW_GAP: f32 = 8.0;

const BACKGROUND: Color32 = Color32::WHITE;
const INK: Color32 = Color32::from_rgb(40, 40, 40);
const EDGE: Color32 = Color32::from_rgb(160, 160, 160);
const EMPTY: Color32 = Color32::from_rgb(0xf4, 0xf1, 0xec);
const WALL: Color32 = Color32::from_rgb(0x4a, 0x4a, 0x50);

/// One thing drawn.
enum Shape {
    /// An edge of the tree, from a parent to its child (thick on the solution path).
    Edge {
        from: Pos2,
        to: Pos2,
        colour: Color32,
        width: f32,
    },
    /// A node of the tree.
    Node {
        node: usize,
        at: Pos2,
        colour: Color32,
    },
    /// A ring around a node (the one selected).
    Ring {
        at: Pos2,
        radius: f32,
        colour: Color32,
    },
    /// An outlined square (the node expanded last, the first difference, the solution path).
    Outline { rect: Rect, colour: Color32 },
    /// A filled square: a cell of a frontier board; `entry` for a board's first cell.
    Fill {
        rect: Rect,
        colour: Color32,
        entry: Option<usize>,
    },
    /// A line of text centred on `at` (or starting there, not `centred`).
    Text {
        at: Pos2,
        text: String,
        colour: Color32,
        centred: bool,
    },
}

/// A picture of a watched search's tree or frontier.
pub struct Picture {
    width: f32,
    height: f32,
    shapes: Vec<Shape>,
}

impl Watch {
    /// The tree of the search watched first as the view shows it (folded when the view
    /// folds it), at the current step; `None` when nothing is watched.
    pub fn tree_picture(&self) -> Option<Picture> {
        let w = self.watching.as_ref()?;
        let layout = if self.scene.folded {
            &w.view.folded
        } else {
            &w.view.layout
        };
        Some(tree_picture(w, layout))
    }

    /// The frontier of the search watched first at the current step, next first (its first
    /// entries, as the view lists them); `None` when nothing is watched.
    pub fn frontier_picture(&self) -> Option<Picture> {
        self.watching.as_ref().map(frontier_picture)
    }
}

/// "Export tree…" and "Export frontier…" (under "Export"): the first search's, at the step,
/// for slides.
pub(super) fn export_ui(ui: &mut Ui, commands: &mut Vec<Command>) {
    // One menu at the end of the choices' row: two buttons would take a line of their own
    // in a small window, pushing the trees down.
    ui.menu_button("Export", |ui| {
        for (title, format, what) in [
            ("Export tree…", ExportFormat::Tree, "tree"),
            ("Export frontier…", ExportFormat::Frontier, "frontier"),
        ] {
            if ui
                .button(title)
                .on_hover_text(format!(
                    "Save the {what} of the first search at this step as a picture for slides: \
                     SVG, or PNG when the file name ends in .png"
                ))
                .clicked()
            {
                commands.push(Command::ExportSolution(format));
            }
        }
    })
    .response
    .on_hover_text("Save the tree or the frontier at this step as SVG or PNG, for slides");
}

/// The title of a picture of `w`: its name and its step.
fn title(w: &Watching, what: &str) -> String {
    format!("{what} of {}, step {} of {}", w.name(), w.step(), w.steps())
}

fn tree_picture(w: &Watching, layout: &TreeLayout) -> Picture {
    let columns = layout.width.max(1) as f32;
    let width = (2.0 * MARGIN + columns * COLUMN).max(360.0);
    let height = 2.0 * MARGIN + TITLE + (layout.depth as f32 + 1.0) * LEVEL;
    let at = |x: f32, depth: u32| {
        pos2(
            MARGIN + (x + 0.5) * COLUMN,
            MARGIN + TITLE + LEVEL * 0.5 + depth as f32 * LEVEL,
        )
    };
    let mut shapes = vec![Shape::Text {
        at: pos2(MARGIN, MARGIN),
        text: title(w, "Search tree"),
        colour: INK,
        centred: false,
    }];
    for p in &layout.placed {
        if let Some(parent) = p.parent.map(|i| &layout.placed[i]) {
            let on_path =
                w.view.solution.contains(&p.node) && w.view.solution.contains(&parent.node);
            shapes.push(Shape::Edge {
                from: at(parent.x, parent.depth),
                to: at(p.x, p.depth),
                colour: if on_path { GOAL } else { EDGE },
                width: if on_path { 3.0 } else { 1.5 },
            });
        }
    }
    for p in &layout.placed {
        let center = at(p.x, p.depth);
        let square = |room: f32| Rect::from_center_size(center, vec2(2.0 * room, 2.0 * room));
        shapes.push(Shape::Node {
            node: p.node,
            at: center,
            colour: node_color(w, p.node, w.trace.nodes[p.node].fate),
        });
        if w.view.solution.contains(&p.node) {
            shapes.push(Shape::Outline {
                rect: square(DOT + 4.0),
                colour: GOAL,
            });
        }
        if w.replay.current() == Some(p.node) {
            shapes.push(Shape::Outline {
                rect: square(DOT + 3.0),
                colour: CURRENT,
            });
        }
        if w.marked == Some(p.node) {
            shapes.push(Shape::Outline {
                rect: square(DOT + 8.0),
                colour: DIFFERENCE,
            });
        }
        if w.selected == Some(p.node) {
            shapes.push(Shape::Ring {
                at: center,
                radius: DOT + 11.0,
                colour: SELECTED,
            });
        }
        if !p.label.is_empty() {
            shapes.push(Shape::Text {
                at: center - vec2(0.0, DOT + 12.0),
                text: p.label.clone(),
                colour: INK,
                centred: true,
            });
        }
    }
    Picture {
        width,
        height,
        shapes,
    }
}

fn frontier_picture(w: &Watching) -> Picture {
    let puzzle = w.trace.start();
    let board = vec2(puzzle.cols as f32 * CELL, puzzle.rows as f32 * CELL);
    let row = board.y.max(14.0) + ROW_GAP;
    let rows = &w.view.rows;
    let total = w.view.frontier.len();
    let mut heading = title(w, "Frontier");
    let _ = write!(heading, ": {total} entries, next first");
    let mut shapes = vec![Shape::Text {
        at: pos2(MARGIN, MARGIN),
        text: heading,
        colour: INK,
        centred: false,
    }];
    let mut widest = 0.0_f32;
    for (i, (node, cells, figures)) in rows.iter().enumerate() {
        let top = MARGIN + TITLE + i as f32 * row;
        for (k, cell) in cells.iter().enumerate() {
            let (r, c) = (k / puzzle.cols.max(1), k % puzzle.cols.max(1));
            let min = pos2(MARGIN + c as f32 * CELL, top + r as f32 * CELL);
            let colour = match cell {
                Cell::Piece(token) => to_color32(piece_color(puzzle, *token)),
                Cell::Wall => WALL,
                Cell::Empty => EMPTY,
            };
            shapes.push(Shape::Fill {
                rect: Rect::from_min_size(min, vec2(CELL, CELL)).shrink(0.5),
                colour,
                entry: (k == 0).then_some(*node),
            });
            if let Cell::Piece(token) = cell
                && token.to_string().len() <= 2
            {
                shapes.push(Shape::Text {
                    at: min + vec2(CELL / 2.0, CELL / 2.0),
                    text: token.to_string(),
                    colour: text_color_on(colour),
                    centred: true,
                });
            }
        }
        let mut text = figures.clone();
        if i == 0 {
            text.push_str(" · next");
        }
        widest = widest.max(text_width(&text, 1) as f32);
        shapes.push(Shape::Text {
            at: pos2(MARGIN + board.x + 12.0, top + board.y / 2.0 - 4.0),
            text,
            colour: INK,
            centred: false,
        });
    }
    if total > rows.len() {
        shapes.push(Shape::Text {
            at: pos2(MARGIN, MARGIN + TITLE + rows.len() as f32 * row),
            text: format!("and {} more", total - rows.len()),
            colour: INK,
            centred: false,
        });
    }
    Picture {
        width: (2.0 * MARGIN + board.x + 12.0 + widest).max(420.0),
        // A row more for "and N more" when the list is cut.
        height: 2.0 * MARGIN + TITLE + (rows.len() + usize::from(total > rows.len())) as f32 * row,
        shapes,
    }
}

/// `colour` as SVG writes it.
fn hex(colour: Color32) -> String {
    format!("#{:02x}{:02x}{:02x}", colour.r(), colour.g(), colour.b())
}

/// `text` with XML's special characters escaped.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

impl Picture {
    /// The picture's size in pixels.
    pub fn size(&self) -> [u32; 2] {
        [self.width.ceil() as u32, self.height.ceil() as u32]
    }

    /// The picture as an SVG document: a tree's nodes are circles of class `node` (with
    /// `data-node`, the node's number), its edges lines of class `edge`; a frontier's boards
    /// are rectangles of class `cell`, the first of each board also of class `entry`.
    pub fn svg(&self) -> String {
        let [width, height] = self.size();
        let mut out = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
             viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\">\n<rect width=\"100%\" \
             height=\"100%\" fill=\"{}\"/>\n",
            hex(BACKGROUND)
        );
        for shape in &self.shapes {
            let _ = match shape {
                Shape::Edge {
                    from,
                    to,
                    colour,
                    width,
                } => writeln!(
                    out,
                    "<line class=\"edge\" x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" \
                     stroke=\"{}\" stroke-width=\"{width}\"/>",
                    from.x,
                    from.y,
                    to.x,
                    to.y,
                    hex(*colour)
                ),
                Shape::Node { node, at, colour } => writeln!(
                    out,
                    "<circle class=\"node\" data-node=\"{node}\" cx=\"{:.1}\" cy=\"{:.1}\" \
                     r=\"{DOT}\" fill=\"{}\"/>",
                    at.x,
                    at.y,
                    hex(*colour)
                ),
                Shape::Ring { at, radius, colour } => writeln!(
                    out,
                    "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"{radius}\" fill=\"none\" \
                     stroke=\"{}\" stroke-width=\"3\"/>",
                    at.x,
                    at.y,
                    hex(*colour)
                ),
                Shape::Outline { rect, colour } => writeln!(
                    out,
                    "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" \
                     fill=\"none\" stroke=\"{}\" stroke-width=\"2.5\"/>",
                    rect.min.x,
                    rect.min.y,
                    rect.width(),
                    rect.height(),
                    hex(*colour)
                ),
                Shape::Fill {
                    rect,
                    colour,
                    entry,
                } => {
                    let (class, node) = match entry {
                        Some(node) => ("cell entry", format!(" data-node=\"{node}\"")),
                        None => ("cell", String::new()),
                    };
                    writeln!(
                        out,
                        "<rect class=\"{class}\"{node} x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" \
                         height=\"{:.1}\" fill=\"{}\"/>",
                        rect.min.x,
                        rect.min.y,
                        rect.width(),
                        rect.height(),
                        hex(*colour)
                    )
                }
                Shape::Text {
                    at,
                    text,
                    colour,
                    centred,
                } => {
                    let anchor = if *centred {
                        "middle\" dominant-baseline=\"central"
                    } else {
                        "start\" dominant-baseline=\"hanging"
                    };
                    writeln!(
                        out,
                        "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"{anchor}\" \
                         fill=\"{}\">{}</text>",
                        at.x,
                        at.y,
                        hex(*colour),
                        escaped(text)
                    )
                }
            };
        }
        out.push_str("</svg>\n");
        out
    }

    /// The picture rendered as a PNG file's bytes.
    ///
    /// # Errors
    /// The encoder's message.
    pub fn png(&self) -> Result<Vec<u8>, String> {
        let [width, height] = self.size();
        let mut raster = Raster::new(width as usize, height as usize, BACKGROUND);
        for shape in &self.shapes {
            match shape {
                Shape::Edge {
                    from,
                    to,
                    colour,
                    width,
                } => raster.line((from.x, from.y), (to.x, to.y), *width, *colour),
                Shape::Node { at, colour, .. } => raster.disc(at.x, at.y, DOT, *colour),
                Shape::Ring { at, radius, colour } => {
                    raster.ring(at.x, at.y, *radius, 3.0, *colour);
                }
                Shape::Outline { rect, colour } => raster.frame(
                    rect.min.x,
                    rect.min.y,
                    rect.width(),
                    rect.height(),
                    2.5,
                    *colour,
                ),
                Shape::Fill { rect, colour, .. } => {
                    raster.fill(rect.min.x, rect.min.y, rect.width(), rect.height(), *colour);
                }
                Shape::Text {
                    at,
                    text,
                    colour,
                    centred,
                } => {
                    if *centred {
                        raster.text(at.x, at.y, text, 1, *colour);
                    } else {
                        raster.text_at(at.x, at.y, text, 1, *colour);
                    }
                }
            }
        }
        raster.png()
    }
}
