//! UI tests of the defects a second retrial in real windows of 800x600 and 1400x900 found:
//! right panels whose combo boxes ran past the window's edge, a Play board that moved when
//! the game ended, a long status message cut short, a Watch legend that split a mark from
//! its label, a grid seam through a selected piece, and Watch's side-by-side mode (the
//! second search out of sight, and its list of heuristics empty at first).
//!
//! Searches run on background threads, so the tests step frames until a condition holds,
//! with a generous timeout (and never assert on timing).

use crate::gui_support;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use egui::accesskit::Role;
use egui::{Galley, Key, Modifiers, Pos2, Rect, Shape};
use egui_kittest::Harness;
use egui_kittest::kittest::{By, NodeT, Queryable};

use blockslide_app::app::App;
use blockslide_app::app::dialogs::PATH_FIELD_LABEL;
use blockslide_app::command::Mode;
use blockslide_app::common::board::{BOARD_LABEL, cell_center, cell_rect};
use blockslide_core::model::{Dir, Puzzle};
use blockslide_core::solve::{self as api, Algorithm, Limits, SearchControl, SolveRequest};

/// A generous bound for background work in a debug build on a busy machine.
const PATIENCE: Duration = Duration::from_mins(3);

/// The two window sizes of the retrial.
const SIZES: [[f32; 2]; 2] = [[800.0, 600.0], [1400.0, 900.0]];

/// The right panel's edge: the resize handle farthest right (the left panel's and the move
/// list's lie left of it).
fn right_panel_edge(h: &Harness<'static, App>) -> f32 {
    h.query_all_by_role_and_label(Role::Splitter, "Resize panel")
        .map(|n| n.rect().center().x)
        .max_by(f32::total_cmp)
        .expect("the right panel is shown")
}

/// Clicks the button `label`, the one drawn highest if there are several (the Play tab and
/// the playback's Play button).
fn click(h: &mut Harness<'static, App>, label: &str) {
    h.query_all_by_role_and_label(Role::Button, label)
        .min_by(|a, b| a.rect().top().total_cmp(&b.rect().top()))
        .unwrap_or_else(|| panic!("no button {label}"))
        .click();
    h.run_ok();
}

/// Panics unless everything drawn in the right panel of `h`'s window of `width` ends inside
/// the panel's frame, so nothing is cut at the window's edge.
fn assert_side_fits(h: &Harness<'static, App>, width: f32, what: &str) {
    let edge = right_panel_edge(h);
    let margin = egui::Frame::side_top_panel(&h.ctx.global_style())
        .inner_margin
        .right;
    let inside = width - f32::from(margin) + 0.5;
    let cut: Vec<String> = h
        .query_all(By::new().predicate(|n| n.bounding_box().is_some()))
        .filter(|n| n.rect().left() > edge && n.rect().right() > inside)
        .map(|n| {
            let node = n.accesskit_node();
            format!(
                "{:?} {:?} {:?} at {:?}",
                node.role(),
                node.label(),
                node.value(),
                n.rect()
            )
        })
        .collect();
    assert!(cut.is_empty(), "{what}: cut at the window's edge: {cut:#?}");
}

#[test]
fn every_right_panel_fits_its_width_at_800x600() {
    let [width, height] = SIZES[0];
    for puzzle in ["klotski.ron", "eight-16.ron"] {
        let mut h =
            gui_support::harness(gui_support::bundled(puzzle), Mode::Start, [width, height]);
        let check = |h: &mut Harness<'static, App>, clicks: &[&str]| {
            for label in clicks {
                click(h, label);
            }
            assert_side_fits(h, width, &format!("{puzzle} after {clicks:?}"));
        };
        check(&mut h, &[]);
        check(&mut h, &["Goal"]);
        check(&mut h, &["Solve", "Playback"]);
        check(&mut h, &["Compare"]);
        check(&mut h, &["Watch"]);
        check(&mut h, &["Play"]);
        // The longest names the solver panel shows: a greedy search, its heuristic to add.
        click(&mut h, "Solve");
        h.get_by_role_and_label(Role::ComboBox, "Algorithm").click();
        h.run_ok();
        click(&mut h, "Greedy best-first");
        h.get_by_role_and_label(Role::ComboBox, "Add").click();
        h.run_ok();
        h.query_all_by_role_and_label(Role::Button, "Greedy best-first")
            .last()
            .expect("the algorithm to add")
            .click();
        h.run_ok();
        assert_side_fits(&h, width, &format!("{puzzle} with greedy search chosen"));
    }
}

/// The arrow key that moves a piece (or, in a tile puzzle, the tile by the gap) towards
/// `dir`.
fn arrow(dir: Dir) -> Key {
    match dir {
        Dir::Up => Key::ArrowUp,
        Dir::Down => Key::ArrowDown,
        Dir::Left => Key::ArrowLeft,
        Dir::Right => Key::ArrowRight,
    }
}

/// The unit steps of a shortest solution of the tile puzzle `puzzle`.
fn shortest_steps(puzzle: &Puzzle) -> Vec<Dir> {
    let request = SolveRequest {
        algorithm: Algorithm::Bfs,
        ..crate::fixtures::request()
    };
    api::solve(puzzle, &request, SearchControl::new(Limits::default()))
        .expect("a valid puzzle")
        .moves
        .into_iter()
        .flat_map(|m| m.steps)
        .collect()
}

#[test]
fn the_play_board_never_moves_when_the_game_ends() {
    for size in SIZES {
        let puzzle = gui_support::bundled("eight-6.ron");
        let steps = shortest_steps(&puzzle);
        let mut h = gui_support::harness(puzzle, Mode::Play, size);
        let board = |h: &Harness<'static, App>| h.get_by_label(BOARD_LABEL).rect();
        let before = board(&h);
        let (last, played) = steps.split_last().expect("a puzzle not yet solved");
        for &dir in played {
            h.key_press(arrow(dir));
            h.run_ok();
            assert_eq!(board(&h), before, "after a move at {size:?}");
        }
        // A hint for the last move, so the end says both how long the game was and that
        // it had help.
        h.key_press(Key::H);
        h.run_ok();
        gui_support::wait_for(&mut h, PATIENCE, "the hint", |app| {
            app.solve_view().play().unwrap().hint().is_some()
        });
        assert_eq!(board(&h), before, "with the hint at {size:?}");
        h.key_press(arrow(*last));
        h.run_ok();
        let game = h.state().solve_view().play().unwrap();
        assert!(game.is_solved(), "the game is over at {size:?}");
        assert_eq!(board(&h), before, "at the end at {size:?}");
        gui_support::wait_for(&mut h, PATIENCE, "the optimal length", |app| {
            app.solve_view().play().unwrap().optimal_length().is_some()
        });
        // Optimal, but with help: no praise.
        h.get_by_label_contains("Solved in 6 steps (optimal is 6)");
        assert!(h.query_by_label_contains("an optimal game").is_none());
        h.get_by_label_contains("Solved with 1 hint");
        assert_eq!(board(&h), before, "with the optimum at {size:?}");
    }
}

/// Every text painted in the last frame, nested shapes included, with where its letters
/// were painted (a text wrapped after other widgets is laid out from the row's start).
fn texts(h: &Harness<'static, App>) -> Vec<(Rect, Arc<Galley>)> {
    fn add(shape: &Shape, out: &mut Vec<(Rect, Arc<Galley>)>) {
        match shape {
            Shape::Vec(inner) => inner.iter().for_each(|s| add(s, out)),
            Shape::Text(text) => {
                let letters = text
                    .galley
                    .rows
                    .iter()
                    .flat_map(|row| {
                        row.row.glyphs.iter().map(move |glyph| {
                            glyph
                                .logical_rect()
                                .translate(text.pos.to_vec2() + row.pos.to_vec2())
                        })
                    })
                    .fold(Rect::NOTHING, Rect::union);
                out.push((letters, text.galley.clone()));
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for clipped in &h.output().shapes {
        add(&clipped.shape, &mut out);
    }
    out
}

/// Saves the design with File > Save As… (Ctrl+Shift+S) to the typed `path`.
fn save_as(h: &mut Harness<'static, App>, path: &Path) {
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    h.run_ok();
    h.get_by_label(PATH_FIELD_LABEL).click();
    h.run_ok();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.get_by_label(PATH_FIELD_LABEL)
        .type_text(&path.display().to_string());
    h.run_ok();
    h.get_by_role_and_label(Role::Button, "Save").click();
    h.run_ok();
}

#[test]
fn a_long_status_message_is_cut_in_the_window_and_shown_whole_on_hover() {
    let [width, height] = SIZES[0];
    let window = Rect::from_min_size(Pos2::ZERO, [width, height].into());
    let dir = tempfile::tempdir().unwrap();
    let folder = dir
        .path()
        .join("Puzzles for the sliding-block club, autumn term, week three");
    std::fs::create_dir_all(&folder).unwrap();
    let mut h = gui_support::harness(
        gui_support::bundled("klotski.ron"),
        Mode::Start,
        [width, height],
    );
    save_as(
        &mut h,
        &folder.join("Klotski with the exit on the left.ron"),
    );
    let status = h.state().status().to_string();
    assert!(status.starts_with("Saved to"), "{status}");
    let painted = |h: &Harness<'static, App>| {
        texts(h)
            .into_iter()
            .filter(|(_, galley)| galley.text() == status)
            .collect::<Vec<_>>()
    };
    // One line, cut short inside the window.
    let shown = painted(&h);
    let [(at, galley)] = shown.as_slice() else {
        panic!("the status is painted once: {shown:?}");
    };
    assert!(galley.elided, "{status:?} is too long for {width} points");
    assert!(window.contains_rect(*at), "{at:?} runs out of the window");
    // Pointed at, the whole message shows, inside the window.
    h.hover_at(at.center());
    h.run_ok();
    let whole: Vec<Rect> = painted(&h)
        .into_iter()
        .filter(|(_, galley)| !galley.elided)
        .map(|(at, _)| at)
        .collect();
    assert!(
        whole.iter().any(|at| window.contains_rect(*at)),
        "{status:?} is shown whole on hover: {whole:?}"
    );
}

/// The app on the bundled 8-puzzle with 16 moves in a window of `size`, in the Watch view,
/// breadth-first search chosen in the solver panel.
fn watch_view(size: [f32; 2]) -> Harness<'static, App> {
    let mut h = gui_support::harness(gui_support::bundled("eight-16.ron"), Mode::Solve, size);
    h.get_by_role_and_label(Role::ComboBox, "Algorithm").click();
    h.run_ok();
    click(&mut h, "Breadth-first");
    click(&mut h, "Watch");
    h
}

/// The small marks painted in the last frame (dots, squares, rings, short strokes), where
/// they were painted.
fn marks(h: &Harness<'static, App>) -> Vec<Rect> {
    fn add(shape: &Shape, out: &mut Vec<Rect>) {
        match shape {
            Shape::Vec(inner) => inner.iter().for_each(|s| add(s, out)),
            Shape::Circle(_) | Shape::Rect(_) | Shape::LineSegment { .. } => {
                let at = shape.visual_bounding_rect();
                if at.width() < 24.0 && at.height() < 24.0 {
                    out.push(at);
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for clipped in &h.output().shapes {
        add(&clipped.shape, &mut out);
    }
    out
}

#[test]
fn each_watch_legend_mark_stays_beside_its_label_at_any_width() {
    const LEGEND: [&str; 6] = [
        "expanded",
        "in the frontier",
        "discarded (duplicate or beyond the bound)",
        "goal",
        "expanded last",
        "selected",
    ];
    // Window widths from the smallest the app is meant for up, so the legend wraps at one
    // item or another.
    for width in (800..=1100).step_by(25) {
        let mut h = watch_view([width as f32, 600.0]);
        click(&mut h, "Watch Breadth-first");
        click(&mut h, "Step ›");
        h.get_by_label("expanded last").scroll_to_me();
        h.run_ok();
        let marks = marks(&h);
        let texts = texts(&h);
        for what in LEGEND {
            // Its mark ends just left of it, on its row ("expanded" is a counter's heading
            // too: one of the two has it).
            let beside = |at: &Rect| {
                marks.iter().any(|m| {
                    (m.center().y - at.center().y).abs() < 6.0
                        && m.right() <= at.left()
                        && at.left() - m.right() < 16.0
                })
            };
            let shown: Vec<&Rect> = texts
                .iter()
                .filter(|(_, galley)| galley.text() == what)
                .map(|(at, _)| at)
                .collect();
            assert!(
                shown.iter().any(|at| beside(at)),
                "{what:?} at {shown:?} has no mark beside it at width {width}"
            );
        }
    }
}

/// The selection's yellow, as the board outlines a selected or hinted piece.
const SELECTION: egui::Color32 = egui::Color32::from_rgb(0xff, 0xd0, 0x00);

/// The straight strokes painted in the last frame in `color`: their ends and width.
fn strokes(h: &Harness<'static, App>, color: egui::Color32) -> Vec<([Pos2; 2], f32)> {
    fn add(shape: &Shape, color: egui::Color32, out: &mut Vec<([Pos2; 2], f32)>) {
        match shape {
            Shape::Vec(inner) => inner.iter().for_each(|s| add(s, color, out)),
            Shape::LineSegment { points, stroke } if stroke.color == color => {
                out.push((*points, stroke.width));
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for clipped in &h.output().shapes {
        add(&clipped.shape, color, &mut out);
    }
    out
}

/// The distance from `p` to the segment from `a` to `b`.
fn distance_to_segment(p: Pos2, [a, b]: [Pos2; 2]) -> f32 {
    let ab = b - a;
    let t = ((p - a).dot(ab) / ab.length_sq().max(f32::EPSILON)).clamp(0.0, 1.0);
    (a + ab * t).distance(p)
}

#[test]
fn a_selected_piece_is_outlined_without_a_seam_at_its_cells_joins() {
    for size in SIZES {
        let mut h = gui_support::harness(gui_support::bundled("klotski.ron"), Mode::Start, size);
        // Cao Cao, the 2x2 block in rows 1-2 and columns 2-3, picked with the eyedropper.
        click(&mut h, "Eyedropper  (I)");
        let board = h.get_by_label(BOARD_LABEL).rect();
        let (rows, cols) = (5, 4);
        let at = cell_center(board, rows, cols, 0, 1);
        h.hover_at(at);
        h.step();
        h.drag_at(at);
        h.step();
        h.drop_at(at);
        h.run_ok();
        let piece = cell_rect(board, rows, cols, 0, 1).union(cell_rect(board, rows, cols, 1, 2));
        let strokes = strokes(&h, SELECTION);
        // Every point of the piece's edge, its corners and the joins of its cells included,
        // is under the outline's stroke.
        let covered = |p: Pos2| {
            strokes
                .iter()
                .any(|(ends, width)| distance_to_segment(p, *ends) <= width / 2.0 + 0.05)
        };
        let (w, h_) = (piece.width() as usize, piece.height() as usize);
        let edge = (0..=w)
            .flat_map(|x| [(x as f32, 0.0), (x as f32, piece.height())])
            .chain((0..=h_).flat_map(|y| [(0.0, y as f32), (piece.width(), y as f32)]));
        let gaps: Vec<Pos2> = edge
            .map(|(x, y)| piece.min + egui::vec2(x, y))
            .filter(|&p| !covered(p))
            .collect();
        assert!(gaps.is_empty(), "at {size:?} the outline misses {gaps:?}");
    }
}

#[test]
fn the_heuristics_to_compare_with_are_offered_before_a_first_watch() {
    let mut h = watch_view([800.0, 600.0]);
    h.get_by_role_and_label(Role::ComboBox, "Compare with")
        .click();
    h.run_ok();
    click(&mut h, "A*");
    h.get_by_role_and_label(Role::ComboBox, "Heuristic to compare with")
        .click();
    h.run_ok();
    click(&mut h, "Manhattan distance");
    click(&mut h, "Watch Breadth-first and A*");
    let watch = h.state().solve_view().watch();
    let astar = watch
        .compared()
        .expect("A* is watched beside breadth-first");
    assert_eq!(astar.report().heuristic, "manhattan");
}
