//! Puzzle families: the rules a design gives its pieces (axes, zones, Rush Hour's cars) and the
//! Families window that lists a whole family.

mod design;
mod klotski;
mod window;
