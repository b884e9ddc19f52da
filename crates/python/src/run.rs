//! Long work off the GIL, cancelled by Ctrl-C.
//!
//! The work runs on a thread of its own with the GIL released; the calling thread (Python's
//! main thread, where signals are delivered) wakes every [`POLL`] to run Python's signal
//! handlers. When one raises (`KeyboardInterrupt`), the work's cancel flag goes up and the
//! exception reaches the caller at once: the work stops at its next checkpoint and frees its
//! memory on its own thread (a big search's tables take longer to free than the 0.1 s a
//! cancel may take), which owns everything it uses.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use blockslide_core::solve::{Limits, SearchControl};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

/// How often the waiting thread checks for signals: well inside the 0.1 s a cancel may take.
pub const POLL: Duration = Duration::from_millis(10);

/// Runs `work` (handed a cancel flag) without the GIL on its own thread, and returns what it
/// returns; a signal handler's exception cancels it and is returned instead.
pub fn cancellable<T, F>(py: Python<'_>, work: F) -> PyResult<T>
where
    T: Send + 'static,
    F: FnOnce(Arc<AtomicBool>) -> T + Send + 'static,
{
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    {
        let (sender, receiver) = mpsc::channel();
        std::thread::spawn(move || {
            // The receiver is gone only if the caller stopped waiting: nothing to tell.
            let _ = sender.send(work(flag));
        });
        let mut receiver = receiver;
        loop {
            // The receiver goes into the closure and comes back: it may not be shared.
            let (back, received) = py.detach(move || {
                let received = receiver.recv_timeout(POLL);
                (receiver, received)
            });
            receiver = back;
            match received {
                Ok(answer) => return Ok(answer),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(interrupt) = py.check_signals() {
                        cancel.store(true, Ordering::SeqCst);
                        return Err(interrupt);
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(PyRuntimeError::new_err(
                        "the search's thread stopped without an answer",
                    ));
                }
            }
        }
    }
}

/// The limits of one call: the core's defaults, lowered by the caller's.
pub fn limits(max_nodes: Option<u64>, time_limit: Option<f64>) -> PyResult<Limits> {
    let mut limits = Limits::default();
    if let Some(n) = max_nodes {
        limits.max_nodes = n;
    }
    if let Some(seconds) = time_limit {
        limits.max_time = Duration::try_from_secs_f64(seconds).map_err(|_| {
            PyValueError::new_err(format!(
                "time_limit must be a number of seconds >= 0, not {seconds}"
            ))
        })?;
    }
    Ok(limits)
}

/// A search's control: `limits`, `threads` (0: every core, as the CLI's default) and the
/// cancel flag Ctrl-C raises.
pub fn control(limits: Limits, threads: usize, cancel: Arc<AtomicBool>) -> SearchControl {
    SearchControl::new(limits)
        .with_threads(threads)
        .with_cancel(cancel)
}
