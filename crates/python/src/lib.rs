//! `fen2img._native`: the Rust half of the `fen2img` Python package.
//!
//! The Python half (`python/fen2img/`) is the API users call: it takes
//! python-chess boards, moves and squares, checks Python types and hands
//! this module plain strings and numbers. Here the position is parsed and
//! drawn with the GIL released, so Python threads render in parallel, each
//! with its own [`Renderer`] (kept per thread, as the render crate advises,
//! so piece sprites and board backgrounds are drawn once per thread, not
//! once per call). Games (PGN, or moves after a position) are read by
//! `fen2img-games`, the command line's reading of a game (`games.rs`).
#![forbid(unsafe_code)]

mod failure;
mod fields;
mod games;
mod options;

use std::cell::RefCell;

use fen2img_render::fingerprint::canonical_options;
use fen2img_render::{parse, ParseOptions, Record, RenderOptions, Renderer};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use failure::{Failure, FenFailure};
use options::NativeOptions;

/// A position as the caller gave it: text (a `str`, so columns count
/// characters) or bytes.
enum PositionText {
    Text(String),
    Bytes(Vec<u8>),
}

impl PositionText {
    /// `value` (`bytes`, or else a `str`), for keyword `name`.
    fn read(name: &str, value: &Bound<'_, PyAny>) -> Result<PositionText, Failure> {
        if let Ok(bytes) = value.cast::<PyBytes>() {
            return Ok(PositionText::Bytes(bytes.as_bytes().to_vec()));
        }
        value
            .extract::<String>()
            .map(PositionText::Text)
            .map_err(|e| fields::conversion(name, value.py(), e))
    }

    fn bytes(&self) -> &[u8] {
        match self {
            PositionText::Text(s) => s.as_bytes(),
            PositionText::Bytes(b) => b,
        }
    }
}

thread_local! {
    /// This thread's renderer and the canonical form of its options: a
    /// call with the same options (the usual case in a loop) keeps the
    /// renderer's frame; other options keep its caches.
    static RENDERER: RefCell<Option<(String, Renderer)>> = const { RefCell::new(None) };
}

/// Runs `f` with this thread's renderer, set to `options`.
fn with_renderer<T>(options: RenderOptions, f: impl FnOnce(&mut Renderer) -> T) -> T {
    let canonical = canonical_options(&options);
    RENDERER.with_borrow_mut(|slot| {
        let renderer = match slot {
            Some((current, renderer)) => {
                if *current != canonical {
                    renderer.set_options(options);
                    *current = canonical;
                }
                renderer
            }
            None => &mut slot.insert((canonical, Renderer::new(options))).1,
        };
        f(renderer)
    })
}

/// Parses `position`; the warnings worth telling (what the parser filled
/// in, legality), or under `strict` a refusal of any.
fn parse_position(position: &PositionText, strict: bool) -> Result<(Record, Vec<String>), Failure> {
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

/// The position and options of a call, read with the GIL held.
fn read_call(
    position: &Bound<'_, PyAny>,
    options: &Bound<'_, PyAny>,
) -> Result<(PositionText, NativeOptions), Failure> {
    Ok((
        PositionText::read("position", position)?,
        NativeOptions::read(options)?,
    ))
}

/// Parses and draws, without the GIL.
fn render_bytes(
    position: &PositionText,
    options: NativeOptions,
) -> Result<(Vec<u8>, Vec<String>), Failure> {
    let (record, mut warnings) = parse_position(position, options.strict)?;
    let options = options.render_options()?;
    warnings.extend(
        options
            .diagram
            .pieces
            .warnings()
            .iter()
            .map(|w| format!("pieces: {w}")),
    );
    let bytes = with_renderer(options, |r| r.render(&record.position)).map_err(Failure::render)?;
    Ok((bytes, warnings))
}

/// `render(position, options) -> (bytes, warnings)`: the diagram of
/// `position` (FEN text) in `options["format"]`, and the warnings to show.
/// Called by `fen2img.render`, which documents the options.
#[pyfunction]
fn render<'py>(
    py: Python<'py>,
    position: &Bound<'py, PyAny>,
    options: &Bound<'py, PyAny>,
) -> PyResult<(Bound<'py, PyBytes>, Vec<String>)> {
    let (bytes, warnings) = read_call(position, options)
        .and_then(|(position, options)| py.detach(|| render_bytes(&position, options)))
        .map_err(|f| f.into_py_err(py))?;
    Ok((PyBytes::new(py, &bytes), warnings))
}

/// `describe(position, options) -> (str, warnings)`: the position in
/// words (caption, number and players first), for alt text.
#[pyfunction]
fn describe<'py>(
    py: Python<'py>,
    position: &Bound<'py, PyAny>,
    options: &Bound<'py, PyAny>,
) -> PyResult<(String, Vec<String>)> {
    let (position, options) = read_call(position, options).map_err(|f| f.into_py_err(py))?;
    py.detach(|| {
        let (record, warnings) = parse_position(&position, options.strict)?;
        let options = options.render_options()?;
        let lead = options.diagram.around.describe();
        Ok((
            fen2img_render::describe_with(&record.position, &lead),
            warnings,
        ))
    })
    .map_err(|f: Failure| f.into_py_err(py))
}

/// The extension module, imported as `fen2img._native`.
#[pymodule(name = "_native")]
mod native {
    use pyo3::prelude::*;

    #[pymodule_export]
    use super::{describe, render};

    #[pymodule_export]
    use super::games::{animate, game_diagrams};

    /// `__version__`: the workspace's version, which is also the wheel's;
    /// the limits the Python layer checks before handing values over,
    /// from where the command line and the server take them; `OPTIONS`,
    /// the options table's rows, for the tests that walk it.
    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        m.add("__version__", env!("CARGO_PKG_VERSION"))?;
        m.add("MAX_MARKUP", fen2img_render::options::MAX_MARKUP)?;
        m.add("OPTIONS", crate::options::table())?;
        m.add("MAX_PGN_BYTES", fen2img_games::input::MAX_PGN_LEN)
    }
}
