//! Polyomino shapes as lists of cells: the one place the family enumeration and the design
//! search (and the command line's palettes) normalise, measure and check them.

/// `cells` moved to the top-left corner of their bounding box, in reading order, each once.
pub fn normalise(cells: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let mut out: Vec<(usize, usize)> = cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Rows and columns of the bounding box of `cells` counted from row and column 0 (of a
/// normalised shape: its size).
pub fn bounding(cells: &[(usize, usize)]) -> (usize, usize) {
    let h = cells.iter().map(|c| c.0 + 1).max().unwrap_or(0);
    let w = cells.iter().map(|c| c.1 + 1).max().unwrap_or(0);
    (h, w)
}

/// Whether `cells` are one piece: each reached from the first through cells that share a side
/// (no cells at all count as connected; a shape's emptiness is checked where it matters).
pub fn connected(cells: &[(usize, usize)]) -> bool {
    let Some(&first) = cells.first() else {
        return true;
    };
    let mut seen = vec![first];
    let mut i = 0;
    while let Some(&(r, c)) = seen.get(i) {
        for &next in cells {
            let touches = r.abs_diff(next.0) + c.abs_diff(next.1) == 1;
            if touches && !seen.contains(&next) {
                seen.push(next);
            }
        }
        i += 1;
    }
    seen.len() == cells.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_are_normalised_measured_and_checked() {
        let l = [(3, 5), (4, 5), (4, 6), (3, 5)];
        assert_eq!(normalise(&l), vec![(0, 0), (1, 0), (1, 1)]);
        assert_eq!(bounding(&normalise(&l)), (2, 2));
        assert!(connected(&normalise(&l)));
        assert!(!connected(&[(0, 0), (1, 1)]));
    }
}
