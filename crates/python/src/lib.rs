//! `fen2img._native`: the Rust half of the `fen2img` Python package.
//!
//! The Python half (`python/fen2img/`) is the API users call: it takes
//! python-chess boards, moves and squares, checks Python types and hands
//! this module plain strings and numbers. Here the position is parsed and
//! drawn with the GIL released, so Python threads render in parallel, each
//! with its own [`Renderer`](fen2img_render::Renderer) (kept per thread,
//! as the render crate advises, so piece sprites and board backgrounds are
//! drawn once per thread, not once per call). Games (PGN, or moves after a
//! position) are read by `fen2img-games`, the command line's reading of a
//! game (`games.rs`).
#![forbid(unsafe_code)]

mod failure;
mod fields;
mod games;
mod options;
mod position;
mod problem;
mod thread_renderer;

use pyo3::prelude::*;
use pyo3::types::PyBytes;

use failure::Failure;
use fen2img_render::{render_problem, RenderOptions};
use options::NativeOptions;
use position::{parse_position, PositionText};
use problem::{read_subject, Subject};
use thread_renderer::with_renderer;

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

/// Reads the position (FEN, Fairy FEN or Popeye input: see `problem.rs`)
/// and the options, without the GIL.
fn read_position(
    position: &PositionText,
    options: NativeOptions,
) -> Result<(Subject, RenderOptions, Vec<String>), Failure> {
    let strict = options.strict;
    // The options are read first (whether a problem is asked for decides
    // how a refused FEN is read), but a bad position is told before a bad
    // option, as it always was.
    let options = options.render_options();
    let asked = options.as_ref().is_ok_and(|o| o.problem.asked());
    let (subject, warnings) = read_subject(position, asked, || {
        // A problem is no game: whether its position could occur in one
        // (kings, checks) is not told, as the command line does not.
        parse_position(position, strict && !asked)
            .map(|(record, warnings)| (record.position, if asked { Vec::new() } else { warnings }))
    })?;
    Ok((subject, options?, warnings))
}

/// Parses and draws, without the GIL.
fn render_bytes(
    position: &PositionText,
    options: NativeOptions,
) -> Result<(Vec<u8>, Vec<String>), Failure> {
    let pdf = options.pdf();
    let options = match pdf {
        Some(_) => options.into_svg(),
        None => options,
    };
    let (subject, options, mut warnings) = read_position(position, options)?;
    warnings.extend(
        options
            .diagram
            .pieces
            .iter()
            .flat_map(|set| set.warnings())
            .map(|w| format!("pieces: {w}")),
    );
    let bytes = match (subject.problem(&options), pdf) {
        (Ok(_), Some(_)) => {
            return Err(Failure::Option(
                "format: a problem is not written as PDF yet: ask for svg (vector) or png".into(),
            ))
        }
        (Ok(problem), None) => render_problem(&problem, &options).map_err(Failure::render)?,
        (Err(position), Some(printed)) => {
            with_renderer(options, |r| pdf_bytes(r, &position, printed))?
        }
        (Err(position), None) => {
            with_renderer(options, |r| r.render(&position)).map_err(Failure::render)?
        }
    };
    Ok((bytes, warnings))
}

/// `format="pdf"`: one page, as the command line writes it for the same
/// options (the page `printed` wide, else the image's pixels at `dpi`).
fn pdf_bytes(
    renderer: &mut fen2img_render::Renderer,
    position: &fen2img_render::Position,
    printed: Option<fen2img_render::Width>,
) -> Result<Vec<u8>, Failure> {
    let layout = renderer.layout(position).map_err(Failure::render)?;
    let page = fen2img_pdf::PageWidth::of(printed, renderer.options().encode.dpi);
    fen2img_pdf::diagram(&layout, page).map_err(|e| Failure::Render(format!("the PDF: {e}")))
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
        let (subject, options, warnings) = read_position(&position, options)?;
        let text = match subject.problem(&options) {
            // A problem's words: the caption, every unit, the count.
            Ok(problem) => fen2img_render::problem::alt_text(&problem),
            Err(position) => {
                let lead = options.diagram.around.describe();
                fen2img_render::describe_with(&position, &lead)
            }
        };
        Ok((text, warnings))
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
