//! The RON file format, version 1: loading with line and column for every error, and atomic
//! saving.
