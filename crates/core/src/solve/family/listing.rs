//! A family's listing on disk, written so that a run stopped by a limit, Ctrl-C, a kill or a
//! power loss continues where it stopped and ends with the same bytes an uninterrupted run
//! writes.
//!
//! The listing goes to `FILE.part` as units finish, and a small record, `FILE.resume`, says
//! how far the run got: the units done, the totals so far, the length of the listing they
//! cover and its checksum, and a checksum of the record itself. A resume trusts neither the
//! record nor the file: the record must match its own checksum (counters edited by hand, or a
//! record of another version, are refused) and the file must hold at least the record's bytes,
//! with the record's checksum, ending on a whole line (a listing cut short by a crash, a full
//! disk or an edit is refused rather than padded or continued past a gap). `FILE` itself
//! appears only when the family is complete, with the mode of the file it replaces.
//!
//! The lines are the caller's (JSON lines, Fogleman's lines): the listing only keeps them and
//! records where they end.

use std::fs::{File, OpenOptions, Permissions};
use std::io::{self, BufWriter, Read as _, Seek as _, SeekFrom, Write as _};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crc32fast::Hasher;
use serde::{Deserialize, Serialize};

use super::FamilySummary;
use crate::model::file::{SaveOptions, check_save_path};

/// How often the record is brought up to date while units finish.
const RECORD_EVERY: Duration = Duration::from_secs(1);

/// A listing being written to `FILE.part`, with its record `FILE.resume`.
#[derive(Debug)]
pub struct Listing {
    /// The finished listing's name (a link's target, when `-o` named a link).
    path: PathBuf,
    /// The permissions of the file the listing replaces.
    kept: Option<Permissions>,
    part: PathBuf,
    record: PathBuf,
    writer: BufWriter<File>,
    /// What the run is (the family and the listing's options): a resume must be the same run.
    identity: String,
    written: u64,
    /// The running checksum of the `written` bytes.
    listed: Hasher,
    last_record: Instant,
    /// Where the run started: the units done before, and their totals.
    start: (u64, FamilySummary),
}

/// How a listing ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The family is complete: the listing is in its file.
    Complete,
    /// The run stopped: `part` holds the clusters so far, and the record says where to resume.
    Stopped {
        /// The partial listing, `FILE.part`.
        part: PathBuf,
    },
}

/// Why a listing cannot be written or resumed.
#[derive(Debug, thiserror::Error)]
pub enum ListingError {
    /// The saving policy refuses the path (a folder, a missing folder, a read-only file
    /// without leave to replace it): the front end words it with its own flag.
    #[error("cannot write {}: {source}", path.display())]
    Refused {
        /// The path given.
        path: PathBuf,
        /// The refusal.
        source: io::Error,
    },
    /// The path names a device, a FIFO or a folder's link: the listing is written beside it
    /// and renamed over it, which only a regular file allows.
    #[error(
        "{} is not a regular file: the listing is written beside its target as FILE.part and \
         renamed over it at the end; to send it to a device or a pipe, leave out -o and \
         redirect standard output",
        path.display()
    )]
    NotRegular {
        /// The path given.
        path: PathBuf,
    },
    /// A resume without a record.
    #[error(
        "nothing to resume: cannot read {} ({source}); run without --resume to start",
        record.display()
    )]
    NothingToResume {
        /// `FILE.resume`.
        record: PathBuf,
        /// Why it cannot be read.
        source: io::Error,
    },
    /// The record is not one this version writes.
    #[error(
        "{} is not a family run's record: {source}; run without --resume to start again",
        record.display()
    )]
    NotARecord {
        /// `FILE.resume`.
        record: PathBuf,
        /// What the reader found wrong.
        source: serde_json::Error,
    },
    /// The record does not match its own checksum.
    #[error(
        "{} does not match its own checksum (it was edited or damaged): its counts cannot be \
         trusted; run without --resume to start again",
        record.display()
    )]
    RecordDamaged {
        /// `FILE.resume`.
        record: PathBuf,
    },
    /// The record belongs to another run (another family or other options).
    #[error(
        "{} continues another run ({recorded}); this one is {asked}. Run it with the same \
         options, or without --resume to start again",
        record.display()
    )]
    OtherRun {
        /// `FILE.resume`.
        record: PathBuf,
        /// The run it records.
        recorded: String,
        /// The run asked for.
        asked: String,
    },
    /// `FILE.part` is a FIFO, a device or a folder: reading it could block or never end.
    #[error(
        "{} is not a regular file: nothing to resume; run without --resume to start again",
        part.display()
    )]
    PartNotRegular {
        /// `FILE.part`.
        part: PathBuf,
    },
    /// `FILE.part` is shorter than its record says.
    #[error(
        "{} holds {len} bytes, fewer than the {recorded} its record counts (it was cut \
         short): the listing cannot continue; run without --resume to start again",
        part.display()
    )]
    CutShort {
        /// `FILE.part`.
        part: PathBuf,
        /// Its length.
        len: u64,
        /// The length its record covers.
        recorded: u64,
    },
    /// `FILE.part` differs from what its record covers, or ends mid-line.
    #[error(
        "{} does not hold what its record {} covers (it was changed since): the listing \
         cannot continue; run without --resume to start again",
        part.display(),
        record.display()
    )]
    Changed {
        /// `FILE.part`.
        part: PathBuf,
        /// `FILE.resume`.
        record: PathBuf,
    },
    /// The system refused a step.
    #[error("cannot {step} {}: {source}", path.display())]
    Io {
        /// What was being done, in words.
        step: Step,
        /// The file.
        path: PathBuf,
        /// The system's reason.
        source: io::Error,
    },
}

/// A step of writing or resuming a listing, for its error message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Following the link `-o` names.
    Follow,
    /// Making `FILE.part`.
    Create,
    /// Writing a file.
    Write,
    /// Opening `FILE.part` to go on with it.
    Resume,
}

impl std::fmt::Display for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Step::Follow => "follow",
            Step::Create => "create",
            Step::Write => "write",
            Step::Resume => "resume",
        })
    }
}

impl Listing {
    /// The listing of the run `identity` into `path` by way of `path.part`; with `resume`,
    /// continuing the run `path.resume` records. The path is checked against the saving
    /// policy of `options` before anything is written; a link is written through.
    ///
    /// # Errors
    /// A path the policy refuses or that is not a regular file; with `resume`, a record that
    /// is missing, damaged or of another run, or a partial listing that does not hold what the
    /// record covers; the system's refusals.
    pub fn open(
        path: &Path,
        identity: &str,
        resume: bool,
        options: SaveOptions,
    ) -> Result<Listing, ListingError> {
        check_save_path(path, options).map_err(|source| ListingError::Refused {
            path: path.to_path_buf(),
            source,
        })?;
        let target = match std::fs::symlink_metadata(path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                std::fs::canonicalize(path).map_err(|source| ListingError::Io {
                    step: Step::Follow,
                    path: path.to_path_buf(),
                    source,
                })?
            }
            _ => path.to_path_buf(),
        };
        let kept = match std::fs::metadata(&target) {
            Ok(meta) if !meta.is_file() => {
                return Err(ListingError::NotRegular {
                    path: path.to_path_buf(),
                });
            }
            Ok(meta) => Some(meta.permissions()),
            Err(_) => None,
        };
        let part = with_suffix(&target, ".part");
        let record = with_suffix(&target, ".resume");
        let (file, start, written, listed) = if resume {
            let (checkpoint, file, listed) = checked_resume(&record, &part, identity)?;
            // Lines written after the last record belong to units not yet recorded as done:
            // they are written again.
            file.set_len(checkpoint.bytes)
                .map_err(|source| io_error(Step::Resume, &part, source))?;
            let start = (checkpoint.units, checkpoint.summary());
            (file, start, checkpoint.bytes, listed)
        } else {
            let file =
                File::create(&part).map_err(|source| io_error(Step::Create, &part, source))?;
            (file, (0, FamilySummary::default()), 0, Hasher::new())
        };
        let mut writer = BufWriter::new(file);
        writer
            .seek(SeekFrom::Start(written))
            .map_err(|source| io_error(Step::Write, &part, source))?;
        let mut listing = Listing {
            path: target,
            kept,
            part,
            record,
            writer,
            identity: identity.to_string(),
            written,
            listed,
            last_record: Instant::now(),
            start,
        };
        if !resume {
            listing.record(0, &FamilySummary::default())?;
        }
        Ok(listing)
    }

    /// Where the run starts: the units done before this run, and their totals.
    pub fn resumed(&self) -> (u64, &FamilySummary) {
        (self.start.0, &self.start.1)
    }

    /// Adds `line` (with its line break) to the listing.
    ///
    /// # Errors
    /// The system's refusal to write.
    pub fn write(&mut self, line: &str) -> Result<(), ListingError> {
        self.writer
            .write_all(line.as_bytes())
            .map_err(|source| io_error(Step::Write, &self.part, source))?;
        self.listed.update(line.as_bytes());
        self.written += line.len() as u64;
        Ok(())
    }

    /// Says that the first `units` units are done, with these totals; the record is brought
    /// up to date about once a second.
    ///
    /// # Errors
    /// The system's refusal to write.
    pub fn unit_done(&mut self, units: u64, summary: &FamilySummary) -> Result<(), ListingError> {
        if self.last_record.elapsed() >= RECORD_EVERY {
            self.record(units, summary)?;
        }
        Ok(())
    }

    /// Ends the run: a complete listing becomes `FILE` (and its record goes); a stopped one
    /// keeps its record for a resume.
    ///
    /// # Errors
    /// The system's refusal to write or rename.
    pub fn finish(
        mut self,
        complete: bool,
        units: u64,
        summary: &FamilySummary,
    ) -> Result<Ended, ListingError> {
        self.record(units, summary)?;
        if !complete {
            return Ok(Ended::Stopped { part: self.part });
        }
        if let Some(permissions) = self.kept.take() {
            std::fs::set_permissions(&self.part, permissions)
                .map_err(|source| io_error(Step::Write, &self.part, source))?;
        }
        std::fs::rename(&self.part, &self.path)
            .map_err(|source| io_error(Step::Write, &self.path, source))?;
        // The record of a finished run is of no more use; a leftover one is refused by a
        // resume anyway (its listing is gone).
        let _ = std::fs::remove_file(&self.record);
        Ok(Ended::Complete)
    }

    /// Makes the lines written so far durable, then records how far the run got: the record
    /// never counts a line that is not on disk.
    fn record(&mut self, units: u64, summary: &FamilySummary) -> Result<(), ListingError> {
        self.writer
            .flush()
            .and_then(|()| self.writer.get_ref().sync_data())
            .map_err(|source| io_error(Step::Write, &self.part, source))?;
        let mut checkpoint = Checkpoint {
            family: self.identity.clone(),
            units,
            bytes: self.written,
            clusters: summary.clusters,
            solvable: summary.solvable,
            positions: summary.positions,
            solvable_positions: summary.solvable_positions,
            minimal: summary.minimal,
            by_moves: summary.by_moves.clone(),
            listed: self.listed.clone().finalize(),
            sealed: 0,
        };
        checkpoint.sealed = checkpoint.seal();
        let text = serde_json::to_string(&checkpoint).map_err(|e| {
            io_error(
                Step::Write,
                &self.record,
                io::Error::new(io::ErrorKind::InvalidData, e),
            )
        })?;
        let temp = with_suffix(&self.record, ".tmp");
        std::fs::write(&temp, text)
            .and_then(|()| std::fs::rename(&temp, &self.record))
            .map_err(|source| io_error(Step::Write, &self.record, source))?;
        self.last_record = Instant::now();
        Ok(())
    }
}

/// An I/O error of `step` on `path`.
fn io_error(step: Step, path: &Path, source: io::Error) -> ListingError {
    ListingError::Io {
        step,
        path: path.to_path_buf(),
        source,
    }
}

/// The record beside a running listing (`FILE.resume`): which run, how far, its totals, the
/// checksum of the listing's first `bytes` bytes, and a checksum of the record itself.
#[derive(Debug, Serialize, Deserialize)]
struct Checkpoint {
    family: String,
    units: u64,
    bytes: u64,
    clusters: u64,
    solvable: u64,
    positions: u64,
    solvable_positions: u64,
    minimal: u64,
    by_moves: Vec<u64>,
    /// CRC-32 of the listing's first `bytes` bytes.
    listed: u32,
    /// CRC-32 of the record's other fields, as [`Checkpoint::seal`] computes it.
    sealed: u32,
}

impl Checkpoint {
    /// The checksum of every field but `sealed`, in a fixed order.
    fn seal(&self) -> u32 {
        let mut crc = Hasher::new();
        crc.update(self.family.as_bytes());
        crc.update(&[0]);
        for n in [
            self.units,
            self.bytes,
            self.clusters,
            self.solvable,
            self.positions,
            self.solvable_positions,
            self.minimal,
        ]
        .into_iter()
        .chain(self.by_moves.iter().copied())
        {
            crc.update(&n.to_le_bytes());
        }
        crc.update(&self.listed.to_le_bytes());
        crc.finalize()
    }

    /// The totals the record carries.
    fn summary(&self) -> FamilySummary {
        FamilySummary {
            units: self.units,
            clusters: self.clusters,
            solvable: self.solvable,
            positions: self.positions,
            solvable_positions: self.solvable_positions,
            minimal: self.minimal,
            by_moves: self.by_moves.clone(),
        }
    }
}

/// Reads the record at `record` for the run `identity` and checks it against itself and
/// against the partial listing `part`: returns the record, the listing opened for writing,
/// and the running checksum of the part the record covers.
fn checked_resume(
    record: &Path,
    part: &Path,
    identity: &str,
) -> Result<(Checkpoint, File, Hasher), ListingError> {
    let text = std::fs::read_to_string(record).map_err(|source| ListingError::NothingToResume {
        record: record.to_path_buf(),
        source,
    })?;
    let checkpoint: Checkpoint =
        serde_json::from_str(&text).map_err(|source| ListingError::NotARecord {
            record: record.to_path_buf(),
            source,
        })?;
    if checkpoint.seal() != checkpoint.sealed {
        return Err(ListingError::RecordDamaged {
            record: record.to_path_buf(),
        });
    }
    if checkpoint.family != identity {
        return Err(ListingError::OtherRun {
            record: record.to_path_buf(),
            recorded: checkpoint.family,
            asked: identity.to_string(),
        });
    }
    // Only a regular file is read: a FIFO or a device would block or never end.
    match std::fs::symlink_metadata(part) {
        Ok(meta) if meta.is_file() => {}
        Ok(_) => {
            return Err(ListingError::PartNotRegular {
                part: part.to_path_buf(),
            });
        }
        Err(source) => return Err(io_error(Step::Resume, part, source)),
    }
    let mut file = OpenOptions::new()
        .read(true)
        .write(true)
        .open(part)
        .map_err(|source| io_error(Step::Resume, part, source))?;
    let len = file
        .metadata()
        .map_err(|source| io_error(Step::Resume, part, source))?
        .len();
    if len < checkpoint.bytes {
        return Err(ListingError::CutShort {
            part: part.to_path_buf(),
            len,
            recorded: checkpoint.bytes,
        });
    }
    let mut crc = Hasher::new();
    let mut left = checkpoint.bytes;
    let mut buffer = vec![0u8; 1 << 16];
    let mut last = b'\n';
    while left > 0 {
        let want = usize::try_from(left.min(buffer.len() as u64)).unwrap_or(buffer.len());
        let got = file
            .read(&mut buffer[..want])
            .map_err(|source| io_error(Step::Resume, part, source))?;
        if got == 0 {
            break;
        }
        crc.update(&buffer[..got]);
        last = buffer[got - 1];
        left -= got as u64;
    }
    if left > 0 || crc.clone().finalize() != checkpoint.listed || last != b'\n' {
        return Err(ListingError::Changed {
            part: part.to_path_buf(),
            record: record.to_path_buf(),
        });
    }
    Ok((checkpoint, file, crc))
}

/// `path` with `suffix` added to its file name.
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}
