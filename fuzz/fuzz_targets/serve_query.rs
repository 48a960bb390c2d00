//! Reads arbitrary bytes as a request target (`/path?query`) the way
//! `fen2img serve` does for every GET endpoint (`/diagram.*`,
//! `/diagram/<FEN>.*`, `/board.*`, `/image.gif`, `/healthz`). Never panics;
//! a refusal is one line without control characters (it is sent as
//! `text/plain` and written to the access log); what is accepted keeps the
//! server's limits (width at most `--max-size`, at most 64 arrows, marks
//! and fills) and has one options key however often it is read.
//!
//! The server lives in the binary, not the library, so its parsers are
//! included here by path: the same files, compiled into this target.
#![no_main]
// The included files have what the server uses and this target does not.
#![allow(dead_code, unused_imports)]

use fen2img_render::{Format, RenderOptions};
use libfuzzer_sys::fuzz_target;

// At the crate root, so that the files' `super::` paths name each other.
#[path = "../../src/serve/boardimage.rs"]
mod boardimage;
#[path = "../../src/serve/diagram.rs"]
mod diagram;
#[path = "../../src/serve/lila_names.rs"]
mod lila_names;
#[path = "../../src/serve/lilagif.rs"]
mod lilagif;
#[path = "../../src/serve/og.rs"]
mod og;
#[path = "../../src/serve/params.rs"]
mod params;
#[path = "../../src/serve/piece_sets.rs"]
mod piece_sets;
#[path = "../../src/serve/query.rs"]
mod query;
#[path = "../../src/serve/request.rs"]
mod request;
#[path = "../../src/serve/suggest.rs"]
mod suggest;
#[path = "../../src/serve/target.rs"]
mod target;

use request::MAX_MARKUP;
use target::{parse, Rejection, Target};

/// `--max-size` values the server may run with, the first byte choosing.
const MAX_SIZES: [u32; 5] = [2048, 512, 720, 8192, 16];

fuzz_target!(|data: &[u8]| {
    let Some((&choice, rest)) = data.split_first() else {
        return;
    };
    // hyper hands the router a URI of visible ASCII; anything else is
    // refused before it, but the parsers must not care.
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let max_size = MAX_SIZES[choice as usize % MAX_SIZES.len()];
    let (path, query) = text.split_once('?').unwrap_or((text, ""));
    match parse(path, query, max_size) {
        Ok(Target::Health) => assert_eq!(path, "/healthz"),
        Ok(Target::Render(request, comment)) => {
            if let Some(size) = request.size {
                assert!(size <= max_size.max(32), "size {size} over {max_size}");
            }
            assert!(request.arrows.len() <= MAX_MARKUP);
            assert!(request.marks.len() <= MAX_MARKUP);
            assert!(request.fills.len() <= MAX_MARKUP);
            assert!(comment.len() <= lilagif::MAX_COMMENT);
            let key = request.options_key();
            match parse(path, query, max_size) {
                Ok(Target::Render(again, _)) => assert_eq!(again.options_key(), key),
                other => panic!("a second reading gave {other:?}"),
            }
            let _ = request.options(&RenderOptions::new(Format::SVG));
        }
        Err(Rejection::NotFound) => {}
        Err(Rejection::BadRequest(reason)) => {
            assert!(!reason.is_empty());
            assert!(!reason.chars().any(char::is_control), "{reason:?}");
        }
        Err(Rejection::BoardImage(reason)) => {
            assert!(!reason.chars().any(char::is_control), "{reason:?}");
        }
    }
});
