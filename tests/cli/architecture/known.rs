//! The violations of the house's rules still to be removed, each with the issue that removes
//! it: the importing file, the module it imports (as the file writes it: `crate::` in its own
//! crate), the rule (its short name), the issue. An entry goes when its violation does (the test fails while a
//! listed violation no longer occurs); a new violation is fixed, not listed.

/// The known violations, in the order the test prints them. One line each, as a table.
#[rustfmt::skip]
pub const KNOWN_VIOLATIONS: &[(&str, &str, &str, &str)] = &[
];
