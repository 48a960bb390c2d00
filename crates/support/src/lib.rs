//! The plumbing the fen2img crates share: user text made safe to show
//! ([`quote`]), bounded reads of the files a user names
//! ([`bounded_read`]) and a stable hash ([`digest`]).
//!
//! fen2img-chess, fen2img-render, fen2img-games, the `fen2img` command and
//! its Python package each need these, and none of them is the place to
//! offer them: re-exported from a library they would be part of its API.
//! So they live here, at the bottom of the workspace (this crate depends
//! on nothing but `std`), published only because those crates depend on
//! it. It is no API meant for other programs and changes with them.
//!
//! ```
//! use fen2img_support::{bounded_read::read_regular, digest::stable_hash, quote::escape};
//!
//! let path = std::env::temp_dir().join(format!("fen2img-support-{}", std::process::id()));
//! std::fs::write(&path, "w\u{a0}KQkq")?;
//! let bytes = read_regular(&path, 1024)?;
//! // The same name on every machine for the same bytes.
//! let name = format!("{:016x}.txt", stable_hash(&[&bytes]));
//! assert_eq!(name.len(), 20);
//! // And the text as a message may show it.
//! assert_eq!(escape(std::str::from_utf8(&bytes)?), "w<U+00A0>KQkq");
//! std::fs::remove_file(&path)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod bounded_read;
pub mod digest;
pub mod quote;

// The README (the crate's page on crates.io) is compiled and run with the
// doctests, so its example cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
