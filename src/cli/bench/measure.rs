//! What the suites share: the median of their runs.

/// The median of `values` (the upper one of an even count). Every suite measures at least
/// one run (`--runs` is parsed as 1 or more), so `values` is never empty.
pub fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}
