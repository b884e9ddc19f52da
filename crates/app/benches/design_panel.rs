//! How fast the design panel answers an edit: the time from an edit command to the frame
//! that shows the edited design's figures (median and 95th percentile), and the window's
//! frame time while the figures are computed (95th percentile). The app runs headless (egui's
//! test harness, no renderer), so a frame's time is the app's own work on the window's
//! thread; the analysis runs on its background thread as in the app.
//!
//! Klotski (in the move metric) and Rush Hour's warm-up (in the slide metric), a piece moved
//! one cell and back, 30 times each; the components' sizes are printed. Run with
//! `cargo bench -p blockslide-app --bench design_panel`.

use std::time::{Duration, Instant};

use blockslide_app::app::App;
use blockslide_app::command::{Command, Mode};
use blockslide_app::common::board::Layer;
use blockslide_core::model::file;
use blockslide_core::model::{Puzzle, Token};
use egui_kittest::Harness;

/// Edits measured per puzzle.
const EDITS: usize = 30;

fn main() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../saved_puzzles");
    for (name, token, dr, dc) in [
        ("klotski.ron", "G", 1, 0),
        ("rush-hour-warm-up.ron", "H", 0, 1),
    ] {
        let puzzle = file::load(&root.join(name)).expect("a bundled puzzle");
        measure(name, &puzzle, Token::new(token).expect("a token"), (dr, dc));
    }
}

/// Moves `token` by `(dr, dc)` and back, [`EDITS`] times, and prints the latency of the
/// figures and the frame times.
fn measure(name: &str, puzzle: &Puzzle, token: Token, (dr, dc): (i32, i32)) {
    let mut app = App::new_for_test(puzzle.clone());
    app.set_design_figures(true);
    app.set_mode(Mode::Start);
    let mut h = Harness::builder()
        .with_size([1280.0, 800.0])
        .build_eframe(|_| app);
    let mut latencies = Vec::new();
    let mut frames = Vec::new();
    let mut components = Vec::new();
    wait_for_figures(&mut h, &mut Vec::new());
    for i in 0..=EDITS {
        let sign = if i % 2 == 0 { 1 } else { -1 };
        let ctx = h.ctx.clone();
        let before = h.state().document().solvable_revision();
        let started = Instant::now();
        h.state_mut().apply(
            Command::MovePieces {
                layer: Layer::Start,
                tokens: vec![token],
                dr: dr * sign,
                dc: dc * sign,
            },
            &ctx,
        );
        wait_for_figures(&mut h, &mut frames);
        let app = h.state();
        let revision = app.document().solvable_revision();
        assert_ne!(revision, before, "the edit changed the design");
        if let Some(report) = app.design_panel().report_of(revision) {
            components.push(report.component);
        }
        // The first edit warms the caches up; it is not counted.
        if i > 0 {
            latencies.push(started.elapsed());
        }
    }
    latencies.sort();
    frames.sort();
    let at = |v: &[Duration], q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "{name} (components of {} to {} positions): figures after an edit: median {:.1} ms, \
         95th percentile {:.1} ms ({} edits); frame time while analysing: median {:.2} ms, \
         95th percentile {:.2} ms ({} frames)",
        components.iter().min().copied().unwrap_or(0),
        components.iter().max().copied().unwrap_or(0),
        ms(at(&latencies, 0.5)),
        ms(at(&latencies, 0.95)),
        latencies.len(),
        ms(at(&frames, 0.5)),
        ms(at(&frames, 0.95)),
        frames.len()
    );
}

/// Steps frames until the panel shows the figures of the design as it is, keeping each
/// frame's time.
fn wait_for_figures(h: &mut Harness<'static, App>, frames: &mut Vec<Duration>) {
    let deadline = Instant::now() + Duration::from_mins(1);
    loop {
        let frame = Instant::now();
        h.step();
        frames.push(frame.elapsed());
        let app = h.state();
        if app
            .design_panel()
            .report_of(app.document().solvable_revision())
            .is_some()
        {
            return;
        }
        assert!(Instant::now() < deadline, "the figures never came");
        // A frame at a display's pace, as the window would draw while it waits.
        std::thread::sleep(Duration::from_millis(4));
    }
}
