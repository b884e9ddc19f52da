//! The file format's versions.

/// The newest file format version this build reads and writes. Version 2 adds axis-locked
/// pieces and zones; a puzzle that uses neither is still written as version 1, so that older
/// builds keep reading it.
pub const FORMAT_VERSION: u64 = 2;

/// The version of files that use no field of a later version.
pub const BASE_FORMAT_VERSION: u64 = 1;
