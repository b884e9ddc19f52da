//! The Watch view's tree and frontier exported for slides: SVG written from the layout the
//! view draws (every node shown is a circle, every edge a line) and PNG rendered from the same
//! picture (of the SVG's size, each node's centre in its colour).

use std::collections::BTreeSet;
use std::path::Path;

use blockslide_app::app::App;
use blockslide_core::solve::Algorithm;
use egui_kittest::Harness;

use crate::driver::{bundled, press, tree_nodes, type_path, watch_view};

/// Exports with the entry `button` of Watch's "Export" menu to `path` through the typed path
/// dialog.
fn export(h: &mut Harness<'static, App>, button: &str, path: &Path) {
    press(h, "Export");
    press(h, button);
    type_path(h, path, "Save");
    assert!(
        path.exists(),
        "{} written: {}",
        path.display(),
        h.state().status()
    );
}

/// The SVG at `path`, parsed; its size.
fn svg_size(doc: &roxmltree::Document<'_>) -> (u32, u32) {
    let root = doc.root_element();
    let size = |name| root.attribute(name).unwrap().parse().unwrap();
    (size("width"), size("height"))
}

/// The elements of `doc` whose class list holds `class`.
fn of_class<'a>(
    doc: &'a roxmltree::Document<'a>,
    class: &'a str,
) -> impl Iterator<Item = roxmltree::Node<'a, 'a>> + 'a {
    doc.descendants().filter(move |n| {
        n.attribute("class")
            .is_some_and(|c| c.split(' ').any(|word| word == class))
    })
}

/// `#rrggbb` as bytes.
fn rgb(hex: &str) -> [u8; 3] {
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap();
    [byte(1), byte(3), byte(5)]
}

#[test]
fn the_tree_exports_as_svg_and_png_with_the_nodes_the_view_shows() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = watch_view(bundled("two-by-three.ron"), Algorithm::Bfs, [1400.0, 900.0]);
    press(&mut h, "Watch Breadth-first");
    for _ in 0..6 {
        press(&mut h, "Step ›");
    }
    // The nodes the view draws, by number.
    let shown: BTreeSet<usize> = tree_nodes(&h, 0)
        .iter()
        .map(|(label, _)| {
            let number = label["Tree node ".len()..].split(':').next().unwrap();
            number.parse().unwrap()
        })
        .collect();
    assert!(shown.len() > 6, "{shown:?}");
    let svg_path = dir.path().join("tree.svg");
    export(&mut h, "Export tree…", &svg_path);
    let text = std::fs::read_to_string(&svg_path).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("the SVG is well-formed XML");
    let nodes: BTreeSet<usize> = of_class(&doc, "node")
        .map(|n| n.attribute("data-node").unwrap().parse().unwrap())
        .collect();
    assert_eq!(nodes, shown);
    // A tree: every node but the root hangs from one edge.
    assert_eq!(of_class(&doc, "edge").count(), shown.len() - 1);
    let png_path = dir.path().join("tree.png");
    export(&mut h, "Export tree…", &png_path);
    let png = image::open(&png_path).expect("the PNG decodes").to_rgb8();
    let (width, height) = svg_size(&doc);
    assert_eq!(png.dimensions(), (width, height));
    // Each node's centre is drawn in its colour, where the SVG places it.
    for node in of_class(&doc, "node") {
        let at = |name| node.attribute(name).unwrap().parse::<f32>().unwrap() as u32;
        let pixel = png.get_pixel(at("cx"), at("cy")).0;
        assert_eq!(pixel, rgb(node.attribute("fill").unwrap()), "node {node:?}");
    }
}

#[test]
fn the_frontier_exports_as_svg_and_png_one_board_an_entry() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = watch_view(bundled("two-by-three.ron"), Algorithm::Bfs, [1400.0, 900.0]);
    press(&mut h, "Watch Breadth-first");
    for _ in 0..4 {
        press(&mut h, "Step ›");
    }
    let w = h.state().solve_view().watch().watching().unwrap();
    let frontier = w.view().frontier().to_vec();
    assert!(frontier.len() >= 2, "{frontier:?}");
    let svg_path = dir.path().join("frontier.svg");
    export(&mut h, "Export frontier…", &svg_path);
    let text = std::fs::read_to_string(&svg_path).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("the SVG is well-formed XML");
    // One board an entry, in the frontier's order, each of the puzzle's cells.
    let entries: Vec<usize> = of_class(&doc, "entry")
        .map(|n| n.attribute("data-node").unwrap().parse().unwrap())
        .collect();
    assert_eq!(entries, frontier);
    let puzzle = bundled("two-by-three.ron");
    assert_eq!(
        of_class(&doc, "cell").count(),
        frontier.len() * puzzle.rows * puzzle.cols
    );
    let png_path = dir.path().join("frontier.png");
    export(&mut h, "Export frontier…", &png_path);
    let png = image::open(&png_path).expect("the PNG decodes");
    assert_eq!((png.width(), png.height()), svg_size(&doc));
}
