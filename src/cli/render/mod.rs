//! Every report the subcommands print, rendered once: as text for people ([`text`]) or as
//! one JSON object a line for scripts ([`json`]).

pub mod json;
mod peak_memory;
pub mod text;
