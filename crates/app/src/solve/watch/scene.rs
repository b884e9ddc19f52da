//! The pan and zoom of a Watch tree: fitted to the growing tree until the student moves it.

use egui::{Rect, Vec2};

/// The tree's pan and zoom: the part of the drawing in view, and the one fitted last (while
/// the student has not panned or zoomed, the view follows the growing tree).
#[derive(Clone, Copy)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent states of the fit, each set and read on its own"
)]
pub(super) struct SceneView {
    /// The part of the drawing in view.
    pub(super) rect: Rect,
    /// The view fitted last; `None` refits at the next frame.
    pub(super) fitted: Option<Rect>,
    /// Whether the fit shows the whole tree with its root ("Fit the tree"), rather than
    /// following the node the search is at; until the student moves the view.
    root_first: bool,
    /// The room between columns and between levels the last "Fit the tree" chose to fill
    /// the canvas; `None` draws the tree at its natural spacing.
    spacing: Option<Vec2>,
    /// Whether the fitted view shows only the part of the tree around the node that
    /// matters, the whole being too big to show readably even folded.
    pub(super) partial: bool,
    /// Whether the tree is shown folded (see `fold`): "Fit the tree" found it too big to
    /// show readably whole. It stays folded while the student pans it, until the next fit.
    pub(super) folded: bool,
    /// The levels the fitted canvas shows readably: a folded way deeper than that leaves
    /// out its middle (see `fold::elide`). Kept while the student pans, until the next fit.
    pub(super) levels: u32,
    /// Whether the page should scroll to show the whole canvas at the next frame: the
    /// student asked to fit the tree, and a canvas taller than its room runs below the view.
    pub(super) reveal: bool,
}

impl Default for SceneView {
    fn default() -> Self {
        SceneView {
            rect: Rect::ZERO,
            fitted: None,
            // A new tree is fitted, whole or folded, until the student moves the view.
            root_first: true,
            spacing: None,
            partial: false,
            folded: false,
            levels: u32::MAX,
            reveal: false,
        }
    }
}

/// How far "Fit the tree" spreads a small tree's columns and levels beyond their natural
/// spacing to fill the canvas (farther, a tree would look like scattered dots).
const STRETCH: Vec2 = Vec2::new(2.0, 2.5);

/// Whether a drawing of `size` points at its least spacing fits a viewport of `view` points
/// at a zoom of at least `least_zoom`, with the fit's margins (see [`SceneView::spacing`]).
pub(super) fn fits(size: Vec2, view: Vec2, least_zoom: f32) -> bool {
    (fit_room(view) / size).min_elem() >= least_zoom
}

/// The room a fitted drawing has in a viewport of `view` points: the fit's margin (see
/// `SceneView::follow`) on either side.
fn fit_room(view: Vec2) -> Vec2 {
    view.max(Vec2::splat(50.0)) - Vec2::splat(16.0)
}

impl SceneView {
    /// Whether the view is being fitted to the whole tree ("Fit the tree", and the student
    /// has not moved the view since).
    pub(super) fn fitting(&self) -> bool {
        self.root_first && !self.moved()
    }

    /// Whether the student panned or zoomed the view since it was fitted.
    fn moved(&self) -> bool {
        self.fitted.is_some_and(|f| f != self.rect) && self.rect.is_finite()
    }

    /// The room between the tree's columns and levels, `natural` unless the student asked to
    /// fit the tree: then chosen so the tree of `grid` columns and levels fills a viewport of
    /// `view` points, the columns and the levels each stretched or squeezed on their own (down
    /// to `least`, a zoom down to `least_zoom` making up the rest), so a wide shallow tree
    /// uses the canvas's height and a narrow deep one its width. A tree too big even then
    /// keeps its natural spacing, and the fit shows the part around the node that matters.
    pub(super) fn spacing(
        &mut self,
        (natural, least): (Vec2, Vec2),
        grid: Vec2,
        view: Vec2,
        least_zoom: f32,
    ) -> Vec2 {
        if self.root_first && !self.moved() {
            let room = fit_room(view);
            let zoom = (room / (grid * least)).min_elem().min(1.0);
            let spacing = if zoom >= least_zoom {
                (room / zoom / grid).clamp(least, natural * STRETCH)
            } else {
                natural
            };
            self.spacing = Some(spacing);
        }
        self.spacing.unwrap_or(natural)
    }

    /// Fits the drawing `whole` into a viewport of `view` points unless the student moved
    /// the view: all of it when that keeps the zoom at least `readable` (a small tree is not
    /// blown up past 1.5); else as much of its depth as fits at a zoom between `readable`
    /// and 1, centred on `focus` (where the node the student cares about is drawn), so a
    /// fitted tree is never a strip of specks.
    /// After [`SceneView::fit_root`], the student asked for the whole tree: laid out with
    /// [`SceneView::spacing`], it is shown whole at zoom 1 or, if need be, down to `least`
    /// (the zoom range's end), hanging from the top; a tree too big even then is shown at the
    /// `readable` zoom from its root towards `focus`, and marked `partial`.
    pub(super) fn follow(
        &mut self,
        whole: Rect,
        view: Vec2,
        (readable, least): (f32, f32),
        focus: egui::Pos2,
        root: egui::Pos2,
    ) {
        if self.moved() {
            self.root_first = false;
            return;
        }
        let whole = whole.expand(8.0);
        let view = view.max(Vec2::splat(50.0));
        let all = (view / whole.size()).min_elem();
        self.partial = self.root_first && all < least;
        let zoom = if self.partial {
            readable
        } else if self.root_first {
            all.min(1.0)
        } else if all >= readable {
            all.min(1.5)
        } else {
            (view.y / whole.height()).clamp(readable, 1.0)
        };
        let size = view / zoom;
        // The focus as near as the root allows: the root stays 16 points inside the view.
        // Fitted, the view hangs from the root, whole or (too big even folded) the top of the
        // way to the node that matters, with the root in view.
        let focus = if self.root_first {
            let reach = (size.x / 2.0 - 16.0).max(0.0);
            egui::pos2(
                focus.x.clamp(root.x - reach, root.x + reach),
                whole.top() + size.y / 2.0,
            )
        } else {
            focus
        };
        // Along each axis: the middle of the drawing if it fits, else the focus, kept inside.
        let place = |fits: bool, middle: f32, focus: f32, low: f32, high: f32| {
            if fits { middle } else { focus.clamp(low, high) }
        };
        let x = place(
            size.x >= whole.width(),
            whole.center().x,
            focus.x,
            whole.left() + size.x / 2.0,
            whole.right() - size.x / 2.0,
        );
        // A tree that fits in height hangs from the top of the view.
        let y = place(
            size.y >= whole.height(),
            whole.top() + size.y / 2.0,
            focus.y,
            whole.top() + size.y / 2.0,
            whole.bottom() - size.y / 2.0,
        );
        let rect = Rect::from_center_size(egui::pos2(x, y), size);
        self.rect = rect;
        self.fitted = Some(rect);
    }

    /// Refits at the next frame with the root in view, and scrolls the page to the whole
    /// canvas (the student asked for the tree).
    pub(super) fn fit_root(&mut self) {
        self.fitted = None;
        self.root_first = true;
        self.reveal = true;
    }

    /// Whether the view is the fitted one (the student has not moved it since).
    pub(super) fn is_fitted(&self) -> bool {
        self.fitted == Some(self.rect)
    }
}
