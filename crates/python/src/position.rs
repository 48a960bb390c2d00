//! The position a call gives, as text or bytes, and its parse: shared by
//! the position calls (`lib.rs`) and the game calls (`games.rs`).

use fen2img_render::{parse, ParseOptions, Record};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::failure::{Failure, FenFailure};
use crate::fields;

/// A position as the caller gave it: text (a `str`, so columns count
/// characters) or bytes.
pub(crate) enum PositionText {
    Text(String),
    Bytes(Vec<u8>),
}

impl PositionText {
    /// `value` (`bytes`, or else a `str`), for keyword `name`.
    pub(crate) fn read(name: &str, value: &Bound<'_, PyAny>) -> Result<PositionText, Failure> {
        if let Ok(bytes) = value.cast::<PyBytes>() {
            return Ok(PositionText::Bytes(bytes.as_bytes().to_vec()));
        }
        value
            .extract::<String>()
            .map(PositionText::Text)
            .map_err(|e| fields::conversion(name, value.py(), e))
    }

    pub(crate) fn bytes(&self) -> &[u8] {
        match self {
            PositionText::Text(s) => s.as_bytes(),
            PositionText::Bytes(b) => b,
        }
    }
}

/// Parses `position`; the warnings worth telling (what the parser filled
/// in, legality), or under `strict` a refusal of any.
pub(crate) fn parse_position(
    position: &PositionText,
    strict: bool,
) -> Result<(Record, Vec<String>), Failure> {
    let input = position.bytes();
    let record = parse(input, ParseOptions::default().with_strict(strict)).map_err(|e| {
        Failure::Fen(FenFailure::syntax(
            &e,
            input,
            matches!(position, PositionText::Text(_)),
        ))
    })?;
    let warnings = record.warnings();
    if strict && !warnings.is_empty() {
        return Err(Failure::Fen(FenFailure::illegal(&warnings)));
    }
    let messages = warnings.iter().map(|w| w.to_string()).collect();
    Ok((record, messages))
}
