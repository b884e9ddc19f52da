//! Validation: every check a puzzle must pass before it is solved, with a clear message and,
//! for file input, the line and column.
