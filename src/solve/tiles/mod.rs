//! The numbered-tile fast path: compact states, parity, Manhattan distance, linear conflict,
//! additive pattern databases cached on disk, and batch solving.
