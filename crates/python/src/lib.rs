//! Blockslide in Python: the native half of the `blockslide` package (its Python half, with
//! the docstrings' front matter, the AIMA adapter and the type stubs, is in
//! `crates/python/python/blockslide/`).
//!
//! `PyO3` types live here at the edge only: every answer comes from `blockslide-core`'s public
//! API (`model`, `solve::api`, `report`), its reports turned into plain Python objects through
//! their `Serialize` forms, so a statistic reads the same here as in the CLI's `--json`.
//! Searches run with the GIL released, on a thread of their own, while the calling thread
//! polls for signals: Ctrl-C (`KeyboardInterrupt`) raises the search's cancel flag.

mod convert;
mod design;
mod errors;
mod picture;
mod puzzle;
mod run;
mod space;
mod tasks;
mod trace;

use pyo3::prelude::*;

/// The extension module, imported by the package as `blockslide._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<puzzle::Puzzle>()?;
    m.add_class::<puzzle::Move>()?;
    m.add_class::<tasks::Solution>()?;
    m.add_class::<tasks::CheckResult>()?;
    m.add_class::<space::Space>()?;
    m.add_class::<space::State>()?;
    m.add_function(wrap_pyfunction!(tasks::check, m)?)?;
    m.add_function(wrap_pyfunction!(design::family_clusters, m)?)?;
    m.add_class::<design::FamilyClusters>()?;
    m.add_class::<trace::TraceWriter>()?;
    m.add_function(wrap_pyfunction!(trace::read_trace, m)?)?;
    m.add_function(wrap_pyfunction!(trace::read_trace_file, m)?)?;
    m.add_function(wrap_pyfunction!(tasks::algorithms, m)?)?;
    m.add_function(wrap_pyfunction!(tasks::heuristics, m)?)?;
    Ok(())
}
