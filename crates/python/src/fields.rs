//! Reading the dicts the Python layer hands over, key by key, so that a
//! value Rust cannot hold becomes the package's own exception naming the
//! keyword the caller wrote: `size=2**64` is `ValueError("size: expected a
//! whole number from 16 to 4096, found 18446744073709551616")`, a lone
//! surrogate in `white=` is `ValueError("white: ... lone surrogate
//! U+D800 ...")`. (pyo3's derived extraction raised `TypeError("failed to
//! extract field NativeOptions.size")` for both.)

use pyo3::exceptions::{PyOverflowError, PyUnicodeEncodeError};
use pyo3::prelude::*;

use crate::failure::Failure;

/// The most characters of a huge number shown in a message.
const MAX_DIGITS_SHOWN: usize = 40;

/// A Python `int` as given: its value, or its digits when it does not fit
/// in 64 bits (for the message that says what was found).
#[derive(Debug, Clone)]
pub enum Whole {
    /// It fits.
    Fits(i64),
    /// It does not; its decimal digits, cut to [`MAX_DIGITS_SHOWN`].
    Huge(String),
}

impl std::fmt::Display for Whole {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Whole::Fits(n) => write!(f, "{n}"),
            Whole::Huge(digits) => f.write_str(digits),
        }
    }
}

/// A dict of the Python layer, read key by key. Each key read is named in
/// errors as the caller's keyword (`names` maps a key to it when they
/// differ: the game's `text` is the caller's `pgn`).
pub struct Fields<'a, 'py> {
    dict: &'a Bound<'py, PyAny>,
    names: &'a [(&'a str, &'a str)],
}

impl<'a, 'py> Fields<'a, 'py> {
    /// Reads `dict`, naming keys through `names` (key, keyword).
    pub fn new(dict: &'a Bound<'py, PyAny>, names: &'a [(&'a str, &'a str)]) -> Fields<'a, 'py> {
        Fields { dict, names }
    }

    /// The keyword the caller wrote for `key`.
    fn name(&self, key: &'a str) -> &'a str {
        self.names
            .iter()
            .find(|(k, _)| *k == key)
            .map_or(key, |(_, n)| n)
    }

    /// The value at `key`.
    fn item(&self, key: &str) -> Result<Bound<'py, PyAny>, Failure> {
        self.dict
            .get_item(key)
            .map_err(|_| Failure::Type(format!("{}: missing", self.name(key))))
    }

    /// The value at `key` as a `T`.
    pub fn get<T>(&self, key: &'a str) -> Result<T, Failure>
    where
        T: for<'b> FromPyObject<'b, 'py>,
    {
        let item = self.item(key)?;
        item.extract::<T>()
            .map_err(|e| conversion(self.name(key), item.py(), e.into()))
    }

    /// The list at `key`, of at most `most` items (checked before any is
    /// read), each a `T`.
    pub fn list<T>(&self, key: &'a str, most: usize) -> Result<Vec<T>, Failure>
    where
        T: for<'b> FromPyObject<'b, 'py>,
    {
        let name = self.name(key);
        let item = self.item(key)?;
        let len = item.len().map_err(|e| conversion(name, item.py(), e))?;
        if len > most {
            return Err(Failure::Option(format!(
                "{name}: at most {most} a diagram (as the server's query), found {len}"
            )));
        }
        item.extract::<Vec<T>>()
            .map_err(|e| conversion(name, item.py(), e))
    }

    /// The `int` at `key`, however large.
    pub fn whole(&self, key: &'a str) -> Result<Whole, Failure> {
        let item = self.item(key)?;
        whole(self.name(key), &item)
    }

    /// The `int` or `None` at `key`.
    pub fn optional_whole(&self, key: &'a str) -> Result<Option<Whole>, Failure> {
        let item = self.item(key)?;
        if item.is_none() {
            return Ok(None);
        }
        whole(self.name(key), &item).map(Some)
    }
}

/// `item` as a [`Whole`], for keyword `name`.
fn whole(name: &str, item: &Bound<'_, PyAny>) -> Result<Whole, Failure> {
    match item.extract::<i64>() {
        Ok(n) => Ok(Whole::Fits(n)),
        Err(e) if e.is_instance_of::<PyOverflowError>(item.py()) => {
            let text = item.str().map(|s| s.to_string()).unwrap_or_default();
            Ok(Whole::Huge(clip(&text)))
        }
        Err(e) => Err(conversion(name, item.py(), e)),
    }
}

/// `text` cut to [`MAX_DIGITS_SHOWN`] characters, the cut marked.
fn clip(text: &str) -> String {
    if text.chars().count() <= MAX_DIGITS_SHOWN {
        return text.to_string();
    }
    let head: String = text.chars().take(MAX_DIGITS_SHOWN).collect();
    format!("{head}... ({} digits)", text.chars().count())
}

/// Why a value for keyword `name` could not be read, as the package says
/// it: text that is not Unicode (a lone surrogate, which `str` can hold
/// and UTF-8 cannot) is a `ValueError` naming the character; a number out
/// of range a `ValueError`; anything else a `TypeError`, each naming
/// `name`.
pub fn conversion(name: &str, py: Python<'_>, e: PyErr) -> Failure {
    if e.is_instance_of::<PyUnicodeEncodeError>(py) {
        let value = e.value(py);
        let at = value
            .getattr("start")
            .and_then(|s| s.extract::<usize>())
            .ok();
        let code = value
            .getattr("object")
            .ok()
            .zip(at)
            .and_then(|(object, at)| object.get_item(at).ok())
            .and_then(|c| c.call_method0("__repr__").ok())
            .and_then(|r| r.extract::<String>().ok())
            .and_then(|r| surrogate_code(&r));
        return Failure::Option(match (code, at) {
            (Some(code), Some(at)) => format!(
                "{name}: the text holds a lone surrogate U+{code:04X} at index {at}, which is \
                 not a character (UTF-8 text cannot hold it)"
            ),
            _ => format!(
                "{name}: the text holds a lone surrogate, which is not a character (UTF-8 \
                 text cannot hold it)"
            ),
        });
    }
    if e.is_instance_of::<PyOverflowError>(py) {
        return Failure::Option(format!("{name}: the number is out of range"));
    }
    Failure::Type(format!("{name}: {}", e.value(py)))
}

/// The code point of a lone surrogate from its `repr` (`'\ud800'`).
fn surrogate_code(repr: &str) -> Option<u32> {
    let hex = repr.trim_matches('\'').strip_prefix("\\u")?;
    u32::from_str_radix(hex, 16).ok()
}

/// One option's value as the options table reads it, for keyword `name`:
/// `None` stays `None` (a switch given alone), a `bool` is `true` or
/// `false`, an `int` its digits, a `str` itself. An `int` past 64 bits is
/// out of range for every option: refused here, its digits cut short.
pub fn option_text(name: &str, item: &Bound<'_, PyAny>) -> Result<Option<String>, Failure> {
    if item.is_none() {
        return Ok(None);
    }
    if let Ok(on) = item.cast::<pyo3::types::PyBool>() {
        return Ok(Some(on.is_true().to_string()));
    }
    if item.is_instance_of::<pyo3::types::PyInt>() {
        return match whole(name, item)? {
            Whole::Fits(n) => Ok(Some(n.to_string())),
            Whole::Huge(digits) => Err(Failure::Option(format!(
                "{name}: the number is out of range, found {digits}"
            ))),
        };
    }
    if item.is_instance_of::<pyo3::types::PyString>() {
        return item
            .extract::<String>()
            .map(Some)
            .map_err(|e| conversion(name, item.py(), e));
    }
    let kind = item
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_default();
    Err(Failure::Type(format!(
        "{name}: expected a str, int, bool or None, found {kind}"
    )))
}
