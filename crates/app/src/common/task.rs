//! Background work as a named task that the frame polls.
//!
//! A [`Task`] runs a job on its own thread. The job reports progress through a [`Reporter`]
//! and returns a result; both travel over an `mpsc` channel, and every message asks egui to
//! repaint, so the UI redraws exactly when there is news and otherwise stays idle. The UI
//! calls [`Task::poll`] once a frame to drain the channel.
//!
//! Cancelling raises a shared flag that the job (the solver's `SearchControl`) checks at least
//! every few milliseconds. Dropping a task raises the flag too, so replacing or discarding a
//! task never leaves a search running.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

/// The job's side of a [`Task`]: sends progress and sees cancellation.
pub struct Reporter<P> {
    tx: Sender<P>,
    ctx: egui::Context,
    cancel: Arc<AtomicBool>,
}

impl<P> Reporter<P> {
    /// Sends a progress report and asks the UI to repaint. Reports sent after the UI dropped
    /// the task are discarded.
    pub fn progress(&self, report: P) {
        if self.tx.send(report).is_ok() {
            self.ctx.request_repaint();
        }
    }

    /// The cancel flag, to hand to a `SearchControl`.
    pub fn cancel_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.cancel)
    }

    /// Whether the UI asked the job to stop.
    pub fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

impl<P: Send + 'static> Reporter<P> {
    /// A progress callback that forwards every report to the UI, for
    /// `SearchControl::with_progress`.
    pub fn sink<T>(&self, map: impl Fn(&T) -> P + Send + 'static) -> Box<dyn FnMut(&T) + Send> {
        let tx = self.tx.clone();
        let ctx = self.ctx.clone();
        Box::new(move |value: &T| {
            if tx.send(map(value)).is_ok() {
                ctx.request_repaint();
            }
        })
    }
}

/// What [`Task::poll`] found.
#[derive(Debug, PartialEq)]
pub enum Poll<R> {
    /// Still running (progress, if any, is in [`Task::progress`]).
    Running,
    /// The job finished with this result.
    Done(R),
    /// The job's thread died without a result (a bug in the job; the message says so).
    Lost(String),
}

/// A job running on a background thread, with its latest progress.
pub struct Task<P, R> {
    name: String,
    progress_rx: Receiver<P>,
    result_rx: Receiver<R>,
    cancel: Arc<AtomicBool>,
    started: Instant,
    cancel_requested: Option<Instant>,
    latest: Option<P>,
    finished: bool,
}

impl<P: Send + 'static, R: Send + 'static> Task<P, R> {
    /// Starts `job` on a new thread named `name`. The job gets a [`Reporter`] for progress and
    /// cancellation; its return value arrives through [`Task::poll`].
    ///
    /// # Errors
    /// A message when the operating system refuses to start a thread.
    pub fn spawn(
        name: impl Into<String>,
        ctx: &egui::Context,
        job: impl FnOnce(&Reporter<P>) -> R + Send + 'static,
    ) -> Result<Self, String> {
        let name = name.into();
        let (progress_tx, progress_rx) = mpsc::channel();
        let (result_tx, result_rx) = mpsc::channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let reporter = Reporter {
            tx: progress_tx,
            ctx: ctx.clone(),
            cancel: Arc::clone(&cancel),
        };
        let repaint = ctx.clone();
        thread::Builder::new()
            .name(format!("blockslide {name}"))
            .spawn(move || {
                let result = job(&reporter);
                // The UI may have dropped the task; then nobody wants the result.
                let _ = result_tx.send(result);
                repaint.request_repaint();
            })
            .map_err(|e| format!("could not start the {name} thread: {e}"))?;
        Ok(Task {
            name,
            progress_rx,
            result_rx,
            cancel,
            started: Instant::now(),
            cancel_requested: None,
            latest: None,
            finished: false,
        })
    }
}

impl<P, R> Task<P, R> {
    /// The task's name ("solve", "compare", "hint").
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Drains the channel: keeps the newest progress report and returns the result once the
    /// job has finished. Call once a frame.
    pub fn poll(&mut self) -> Poll<R> {
        while let Ok(p) = self.progress_rx.try_recv() {
            self.latest = Some(p);
        }
        if self.finished {
            return Poll::Running;
        }
        match self.result_rx.try_recv() {
            Ok(result) => {
                self.finished = true;
                Poll::Done(result)
            }
            Err(TryRecvError::Empty) => Poll::Running,
            Err(TryRecvError::Disconnected) => {
                self.finished = true;
                Poll::Lost(format!("the {} thread stopped unexpectedly", self.name))
            }
        }
    }

    /// The newest progress report, if any arrived.
    pub fn progress(&self) -> Option<&P> {
        self.latest.as_ref()
    }

    /// Asks the job to stop. It reports its final result (usually "cancelled") soon after.
    pub fn cancel(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
        self.cancel_requested.get_or_insert_with(Instant::now);
    }

    /// Whether [`Task::cancel`] was called.
    pub fn is_cancelling(&self) -> bool {
        self.cancel_requested.is_some()
    }

    /// How long ago cancellation was requested.
    pub fn cancelling_for(&self) -> Option<Duration> {
        self.cancel_requested.map(|t| t.elapsed())
    }

    /// Time since the task started.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }
}

impl<P, R> Drop for Task<P, R> {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wait<R>(task: &mut Task<u32, R>) -> R {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            match task.poll() {
                Poll::Done(r) => return r,
                Poll::Lost(e) => panic!("{e}"),
                Poll::Running => {
                    assert!(Instant::now() < deadline, "task did not finish");
                    thread::sleep(Duration::from_millis(2));
                }
            }
        }
    }

    #[test]
    fn result_and_last_progress_arrive() {
        let ctx = egui::Context::default();
        let mut task = Task::spawn("count", &ctx, |r: &Reporter<u32>| {
            for i in 1..=5 {
                r.progress(i);
            }
            "done"
        })
        .unwrap();
        assert_eq!(wait(&mut task), "done");
        task.poll();
        assert_eq!(task.progress(), Some(&5));
        assert_eq!(task.name(), "count");
    }

    #[test]
    fn cancel_reaches_the_job() {
        let ctx = egui::Context::default();
        let mut task = Task::spawn("spin", &ctx, |r: &Reporter<u32>| {
            let mut rounds = 0u32;
            while !r.is_cancelled() {
                rounds = rounds.wrapping_add(1);
                thread::sleep(Duration::from_millis(1));
            }
            rounds
        })
        .unwrap();
        assert!(!task.is_cancelling());
        task.cancel();
        assert!(task.is_cancelling());
        wait(&mut task);
    }

    #[test]
    fn dropping_the_task_cancels_the_job() {
        let ctx = egui::Context::default();
        let (tx, rx) = mpsc::channel();
        let task = Task::spawn("spin", &ctx, move |r: &Reporter<u32>| {
            while !r.is_cancelled() {
                thread::sleep(Duration::from_millis(1));
            }
            tx.send(()).unwrap();
        })
        .unwrap();
        drop(task);
        rx.recv_timeout(Duration::from_secs(10))
            .expect("the job saw the cancel flag");
    }

    #[test]
    fn a_panicking_job_is_reported_lost() {
        let ctx = egui::Context::default();
        let mut task = Task::<u32, ()>::spawn("boom", &ctx, |_| panic!("job failed")).unwrap();
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            match task.poll() {
                Poll::Lost(msg) => {
                    assert!(msg.contains("boom"));
                    break;
                }
                Poll::Done(()) => panic!("a panicking job has no result"),
                Poll::Running => {
                    assert!(Instant::now() < deadline);
                    thread::sleep(Duration::from_millis(2));
                }
            }
        }
    }
}
