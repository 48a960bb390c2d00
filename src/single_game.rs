//! The command line's use of games: a PGN (or a FEN and `--moves`) given
//! as the positional input, rendered as one diagram, one per marker
//! (`--markers`, named from `-o 'fig-{n}.png'`), a FEN (`-f fen`) or an
//! animated GIF (`--animate`). What runs is decided by `cli` and `single`;
//! this turns the game's diagrams into files or standard output.

use std::io::Write;
use std::path::{Path, PathBuf};

use fen2img_render::{describe_annotated, Format, RenderOptions, Renderer};

use crate::failure::{warn, Cause, Failure, EXIT_INVALID, EXIT_OK};
use crate::output::{write_file, Links, Parked, Sink};
use crate::stdout;
use fen2img_games::animate::{self, AnimateError, Timing};
use fen2img_games::{
    animation_alt, diagrams, font_warnings, GameDiagram, GameError, GameOptions, GameText,
};

/// What the game flags asked for, as plain values.
#[derive(Debug, Clone, Default)]
pub struct GameJob {
    /// `--moves`: moves played after the FEN.
    pub moves: Option<String>,
    /// Which game, which positions, which caption.
    pub options: GameOptions,
    /// `--animate`, with its timing.
    pub animate: Option<Timing>,
    /// The first flag given that needs a game (`--ply`, `--markers`, ...),
    /// to say so when the input is a plain FEN.
    pub needs_game: Option<&'static str>,
}

/// One run on a game.
#[derive(Debug)]
pub struct GameRun<'a> {
    /// What the input is called in messages: a file name, `<stdin>`,
    /// `<argument>`, or `--moves`.
    pub source: String,
    /// The game to read from the input.
    pub text: GameText<'a>,
    /// The game flags.
    pub job: &'a GameJob,
    /// The render flags' options.
    pub options: &'a RenderOptions,
    /// Print each diagram's description.
    pub alt: bool,
    /// Draw the diagrams at all (`--alt` alone does not).
    pub render: bool,
    /// `-o`: a file (possibly a template with `{n}`/`{ply}`), or standard
    /// output when `None`.
    pub output: Option<&'a Path>,
}

/// A game's error as the command line reports it: one line, then the
/// offending line and a caret; exit 2.
pub fn failure(e: &GameError) -> Failure {
    Failure {
        code: EXIT_INVALID,
        message: e.to_string(),
        detail: e.caret.as_deref().map(str::to_string),
    }
}

/// Reads the game, renders what was asked and writes it; the exit code.
pub fn run(run: &GameRun<'_>) -> Result<u8, Failure> {
    let found = diagrams(&run.text, &run.source, &run.job.options).map_err(|e| failure(&e))?;
    for w in &found.warnings {
        warn(w);
    }
    if matches!(run.options.format, Format::Image(_)) && run.render {
        for w in font_warnings(&found.diagrams) {
            warn(w);
        }
    }
    if let Some(timing) = &run.job.animate {
        return animation(run, &found.diagrams, timing, &found.tags);
    }
    // Each file is written to a closed temporary as soon as it is drawn
    // and renamed into place only once all are: a failure on a later
    // diagram leaves no earlier one behind, and memory holds one image at
    // a time however many markers the game has.
    let mut parked: Vec<(PathBuf, Parked)> = Vec::new();
    let mut to_stdout = Vec::new();
    let mut renderer: Option<Renderer> = None;
    let mut alt_text = String::new();
    let count = found.diagrams.len();
    if count > 1 && run.render {
        check_many(run, count)?;
    }
    for (i, diagram) in found.diagrams.iter().enumerate() {
        let mut options = run.options.clone();
        diagram.apply(&mut options.diagram);
        if run.alt {
            let lead = options.diagram.around.describe();
            let markup = &options.diagram.markup;
            alt_text.push_str(&describe_annotated(
                &diagram.position,
                &lead,
                &markup.glyphs,
                &markup.labels,
            ));
            alt_text.push('\n');
        }
        if !run.render {
            continue;
        }
        // One renderer for every diagram: its frame and sprites are kept
        // between boards that differ only in their marks.
        let renderer = match renderer.as_mut() {
            Some(r) => {
                r.set_options(options);
                r
            }
            None => renderer.insert(Renderer::new(options)),
        };
        let bytes = renderer
            .render(&diagram.position)
            .map_err(|e| Failure::from(Cause::Render(&e)))?;
        match run.output.map(|o| name(o, diagram, i + 1)) {
            Some(path) => {
                let cannot = |e: std::io::Error| {
                    Failure::io(format!("cannot write '{}': {e}", path.display()))
                };
                let mut sink = Sink::create(&path, Links::Follow).map_err(cannot)?;
                sink.write_all(&bytes).map_err(cannot)?;
                let waiting = sink.park().map_err(cannot)?;
                parked.push((path, waiting));
            }
            None => to_stdout.extend_from_slice(&bytes),
        }
    }
    if !alt_text.is_empty() {
        stdout::write(alt_text.as_bytes())?;
    }
    for (path, waiting) in parked {
        waiting
            .finish()
            .map_err(|e| Failure::io(format!("cannot write '{}': {e}", path.display())))?;
    }
    if !to_stdout.is_empty() {
        stdout::write(&to_stdout)?;
    }
    Ok(EXIT_OK)
}

/// Several diagrams need several names, or a text format on standard
/// output; checked before anything is drawn.
fn check_many(run: &GameRun<'_>, count: usize) -> Result<(), Failure> {
    match run.output {
        Some(path) => {
            let text = path.to_str().unwrap_or("");
            if !text.contains("{n}") && !text.contains("{ply}") {
                return Err(Failure::invalid(format!(
                    "{count} diagrams need {count} file names: put {{n}} (the diagram's number) \
                     or {{ply}} in -o, e.g. -o 'fig-{{n}}.png'"
                )));
            }
            Ok(())
        }
        None if run.options.format.is_binary() => Err(Failure::invalid(format!(
            "{count} {} images cannot share standard output: use -o 'fig-{{n}}.{}'",
            run.options.format,
            run.options.format.extension()
        ))),
        None => Ok(()),
    }
}

/// `-o`'s name for diagram `n` (from 1): `{n}` and `{ply}` replaced.
fn name(template: &Path, diagram: &GameDiagram, n: usize) -> PathBuf {
    match template.to_str() {
        Some(text) if text.contains("{n}") || text.contains("{ply}") => PathBuf::from(
            text.replace("{n}", &n.to_string())
                .replace("{ply}", &diagram.ply.to_string()),
        ),
        _ => template.to_path_buf(),
    }
}

/// `--animate`: every picked position as a frame of one GIF, or of one
/// animated PNG with `-o game.png` / `-f png`. With
/// `--alt`, the animation's description (whose game, which moves, the
/// final position in words) goes to standard output; `--alt` without `-o`
/// prints only that.
fn animation(
    run: &GameRun<'_>,
    frames: &[GameDiagram],
    timing: &Timing,
    tags: &[(String, String)],
) -> Result<u8, Failure> {
    // GIF, or animated PNG: both draw the frames in one game palette.
    let png = run.options.format == Format::PNG;
    if run.render && run.options.format != Format::GIF && !png {
        return Err(Failure::invalid(format!(
            "--animate writes an animated GIF or PNG, not {}: use -o game.gif or -o game.png",
            run.options.format
        )));
    }
    let bytes = if run.render {
        let delays = animate::delays(frames, timing);
        let animation = if png {
            animate::apng(frames, &delays, run.options)
        } else {
            animate::gif(
                frames,
                &delays,
                run.options,
                &fen2img_games::gif_comment(tags),
            )
        };
        Some(animation.map_err(|e| match e {
            AnimateError::Render(_, e) => Failure::from(Cause::Render(&e)),
            AnimateError::Gif(_) | AnimateError::Png(_) => Failure::io(e.to_string()),
            AnimateError::Size(..)
            | AnimateError::Empty
            | AnimateError::TooManyPixels(..)
            | AnimateError::Deadline => Failure::invalid(e.to_string()),
        })?)
    } else {
        None
    };
    if run.alt {
        // The final frame as drawn: its marks over the flags' options.
        let mut last = run.options.diagram.clone();
        if let Some(end) = frames.last() {
            end.apply(&mut last);
        }
        let alt = animation_alt(tags, frames, &last);
        stdout::write(format!("{alt}\n").as_bytes())?;
    }
    let Some(bytes) = bytes else {
        return Ok(EXIT_OK);
    };
    match run.output {
        Some(path) => {
            write_file(path, &bytes, Links::Follow)
                .map_err(|e| Failure::io(format!("cannot write '{}': {e}", path.display())))?;
            Ok(EXIT_OK)
        }
        None => stdout::write(&bytes),
    }
}
