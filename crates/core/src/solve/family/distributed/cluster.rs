//! The processes of a shared run: who they are and where ([`Cluster`], checked before any
//! file is made), timely's connections to them, bounded by the patience and Ctrl-C, and their
//! first meeting, where they compare what they run.

use std::any::Any;
use std::cell::RefCell;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use timely::communication::AllocatorBuilder;
use timely::dataflow::operators::vec::Broadcast as _;
use timely::dataflow::operators::{Input as _, Inspect as _, Probe as _};
use timely::dataflow::{InputHandleVec, ProbeHandle};
use timely::{CommunicationConfig, WorkerConfig};

use super::TICK;

/// The first port of timely's default addresses (`localhost:2101`, `localhost:2102`, ...).
pub const FIRST_PORT: usize = 2101;

/// The processes that share a run, and this one's place among them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cluster {
    /// This process's number, from 0; process 0 keeps the listing.
    process: usize,
    /// Every process's address, `host:port`, process 0's first.
    addresses: Vec<String>,
    /// How long a process waits for the others before it gives up.
    pub(super) patience: Duration,
}

/// Why the processes cannot share a run.
#[derive(Debug, thiserror::Error)]
pub enum ClusterError {
    /// The process number is not below the number of processes.
    #[error(
        "--process {process} is not one of the {processes} processes of --processes: they are \
         numbered 0 to {}",
        processes.saturating_sub(1)
    )]
    NoSuchProcess {
        /// The number given.
        process: usize,
        /// The number of processes.
        processes: usize,
    },
    /// The host file cannot be read.
    #[error("cannot read --hostfile {}: {source}", path.display())]
    HostFile {
        /// The host file.
        path: PathBuf,
        /// The system's reason.
        source: std::io::Error,
    },
    /// The host file names fewer addresses than processes.
    #[error(
        "--hostfile {} gives {given} address(es) for {processes} processes: write one \
         host:port a line, process 0's first",
        path.display()
    )]
    TooFewAddresses {
        /// The host file.
        path: PathBuf,
        /// The addresses it gives.
        given: usize,
        /// The number of processes.
        processes: usize,
    },
    /// An address without a host or a valid port.
    #[error(
        "`{address}` is no process address: write one host:port a line, with a port from 1 to \
         65535"
    )]
    BadAddress {
        /// The address as written.
        address: String,
    },
    /// The other processes did not answer in time.
    #[error(
        "no answer from the other processes within {} s (--connect-timeout): start every \
         process with the same --processes and --hostfile, process 0 first",
        patience.as_secs()
    )]
    NoAnswer {
        /// How long this process waited.
        patience: Duration,
    },
    /// Timely could not connect or start its workers.
    #[error("cannot connect to the other processes: {0}")]
    Connect(String),
    /// The processes run different versions, families or threads.
    #[error(
        "the processes run different things; process 0: {first}; process {process}: {other}. \
         Start every process with the same binary, family options and --threads"
    )]
    Different {
        /// What process 0 runs.
        first: String,
        /// The first process that runs something else.
        process: usize,
        /// What it runs.
        other: String,
    },
    /// A process failed or its connection broke during the run.
    #[error(
        "a process of the run failed or was lost (see above); what was listed is kept: start \
         every process again, process 0 with --resume"
    )]
    Lost,
}

impl Cluster {
    /// Process `process` of `processes`, at the addresses of `hostfile` (one `host:port` a
    /// line, process 0's first; blank lines and spaces around an address are forgiven) or at
    /// `localhost:2101`, `localhost:2102`, ... Everything is checked here, before a process
    /// touches a file, so a run that cannot start leaves nothing behind.
    ///
    /// # Errors
    /// A process number out of range, an unreadable host file, too few addresses, or an
    /// address without a host or a port from 1 to 65535.
    pub fn new(
        processes: usize,
        process: usize,
        hostfile: Option<&Path>,
        patience: Duration,
    ) -> Result<Cluster, ClusterError> {
        if process >= processes {
            return Err(ClusterError::NoSuchProcess { process, processes });
        }
        let addresses = match hostfile {
            Some(path) => {
                let text =
                    std::fs::read_to_string(path).map_err(|source| ClusterError::HostFile {
                        path: path.to_path_buf(),
                        source,
                    })?;
                // Timely would take a blank line or spaces for part of an address.
                let addresses: Vec<String> = text
                    .lines()
                    .map(str::trim)
                    .filter(|line| !line.is_empty())
                    .take(processes)
                    .map(str::to_string)
                    .collect();
                if addresses.len() < processes {
                    return Err(ClusterError::TooFewAddresses {
                        path: path.to_path_buf(),
                        given: addresses.len(),
                        processes,
                    });
                }
                addresses
            }
            None => (0..processes)
                .map(|i| format!("localhost:{}", FIRST_PORT + i))
                .collect(),
        };
        if let Some(address) = addresses.iter().find(|a| port_of(a).is_none()) {
            return Err(ClusterError::BadAddress {
                address: address.clone(),
            });
        }
        Ok(Cluster {
            process,
            addresses,
            patience,
        })
    }

    /// This process's number.
    pub fn process(&self) -> usize {
        self.process
    }

    /// The number of processes.
    pub fn processes(&self) -> usize {
        self.addresses.len()
    }

    /// Timely's configuration of this process, with `threads` workers.
    pub(super) fn config(&self, threads: usize) -> CommunicationConfig {
        CommunicationConfig::Cluster {
            threads,
            process: self.process,
            addresses: self.addresses.clone(),
            report: false,
            zerocopy: false,
        }
    }
}

/// The port of `host:port`, when there is a host and a port from 1 to 65535.
fn port_of(address: &str) -> Option<u16> {
    address
        .rsplit_once(':')
        .filter(|(host, _)| !host.is_empty())
        .and_then(|(_, port)| port.parse::<u16>().ok())
        .filter(|&port| port > 0)
}

/// Whether every process runs what `run` describes: the processes meet with one worker each
/// (timely needs as many workers on every process, which is what may differ) and each hears
/// every other's description. `Ok(false)` when Ctrl-C came first.
///
/// # Errors
/// The first process whose description differs from process 0's; a process that does not
/// answer or is lost.
pub(super) fn agree(
    cluster: &Cluster,
    run: &str,
    cancel: &Arc<AtomicBool>,
) -> Result<bool, ClusterError> {
    let Some((builders, others)) = connect(cluster.config(1), cancel, cluster.patience)? else {
        return Ok(false);
    };
    let (mine, patience) = (run.to_string(), cluster.patience);
    let cancelled = Arc::clone(cancel);
    let guards =
        timely::execute::execute_from(builders, others, WorkerConfig::default(), move |worker| {
            let mut input = InputHandleVec::new();
            let probe = ProbeHandle::new();
            let heard = Rc::new(RefCell::new(Vec::new()));
            let ear = Rc::clone(&heard);
            worker.dataflow::<u64, _, _>(|scope| {
                scope
                    .input_from(&mut input)
                    .broadcast()
                    .inspect(move |said: &(usize, String)| ear.borrow_mut().push(said.clone()))
                    .probe_with(&probe);
            });
            input.send((worker.index(), mine.clone()));
            input.close();
            let started = Instant::now();
            while !probe.done()
                && !cancelled.load(Ordering::Relaxed)
                && started.elapsed() < patience
            {
                worker.step_or_park(Some(TICK));
            }
            heard.take()
        })
        .map_err(ClusterError::Connect)?;
    let heard = catch_unwind(AssertUnwindSafe(|| guards.join()))
        .ok()
        .and_then(|mut results| results.pop())
        .and_then(Result::ok)
        .ok_or(ClusterError::Lost)?;
    if cancel.load(Ordering::Relaxed) {
        return Ok(false);
    }
    let mut runs: Vec<(usize, String)> = heard;
    runs.sort();
    if runs.len() < cluster.processes() {
        return Err(ClusterError::Lost);
    }
    let first = runs[0].1.clone();
    match runs.into_iter().find(|(_, other)| *other != first) {
        Some((process, other)) => Err(ClusterError::Different {
            first,
            process,
            other,
        }),
        None => Ok(true),
    }
}

/// What timely's connections give: a channel builder for each worker of this process, and the
/// network threads' guard.
type Connected = (Vec<AllocatorBuilder>, Box<dyn Any + Send>);

/// Timely's connections to the other processes, made on a thread of their own: timely waits
/// for every process to come up, and Ctrl-C must still end that wait (`None` then).
pub(super) fn connect(
    config: CommunicationConfig,
    cancel: &AtomicBool,
    patience: Duration,
) -> Result<Option<Connected>, ClusterError> {
    let started = Instant::now();
    let (sender, built) = mpsc::channel();
    std::thread::Builder::new()
        .name("blockslide-connect".to_string())
        .spawn(move || {
            // The receiver is gone only after Ctrl-C, when the run is ending.
            let _ = sender.send(config.try_build());
        })
        .map_err(|e| ClusterError::Connect(e.to_string()))?;
    loop {
        match built.recv_timeout(TICK * 10) {
            Ok(result) => return result.map(Some).map_err(ClusterError::Connect),
            Err(RecvTimeoutError::Timeout) if cancel.load(Ordering::Relaxed) => return Ok(None),
            // The connecting thread retries for ever (timely's way): the wait is bounded here,
            // and the process ends with the thread still trying.
            Err(RecvTimeoutError::Timeout) if started.elapsed() >= patience => {
                return Err(ClusterError::NoAnswer { patience });
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => {
                return Err(ClusterError::Connect("see above".to_string()));
            }
        }
    }
}
