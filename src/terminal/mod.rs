//! The terminal the command writes to: what it can show (asked through
//! escape sequences with a timeout, or read from the environment) and how
//! large it is. Only the command line asks a terminal; the render crate
//! only encodes pictures for one.

pub mod choice;
pub mod query;
