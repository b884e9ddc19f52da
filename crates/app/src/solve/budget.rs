//! What a background job may spend: the solver's limits and its worker threads, as one
//! [`Budget`], and the one way to start a job with it ([`Budget::spawn`]). The solver panel's
//! searches, the Analyze window's analysis and exploration, the Make it harder window's
//! search and the Families window's runs all start this way.

use blockslide_core::solve::{Limits, SearchControl};

use crate::common::task::{Reporter, Task};

/// The limits a job stops at, and the threads it may use.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// When the job stops: nodes, time, memory.
    pub limits: Limits,
    /// Worker threads for the jobs that share their work (0: every core).
    pub threads: usize,
}

impl Budget {
    /// A control with the budget's limits and threads, a fresh cancel flag and no progress
    /// sink.
    pub fn control(&self) -> SearchControl {
        SearchControl::new(self.limits).with_threads(self.threads)
    }

    /// Starts `job` on a thread named after `name`, handing it the task's [`Reporter`] and a
    /// control of this budget that the task's cancelling (or dropping) stops.
    ///
    /// # Errors
    /// A message when the operating system refuses to start a thread.
    pub fn spawn<P: Send + 'static, R: Send + 'static>(
        self,
        name: &str,
        ctx: &egui::Context,
        job: impl FnOnce(&Reporter<P>, SearchControl) -> R + Send + 'static,
    ) -> Result<Task<P, R>, String> {
        Task::spawn(name, ctx, move |reporter| {
            let control = self.control().with_cancel(reporter.cancel_flag());
            job(reporter, control)
        })
    }
}
