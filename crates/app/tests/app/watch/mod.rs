//! The Watch view: a search watched expansion by expansion, its tree, and two searches watched
//! side by side.

mod pictures;
mod recorded;
mod search;
mod side_by_side;
mod tree;
