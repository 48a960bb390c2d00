//! The problem flags (`--problem`, `--stipulation`, `--author`, `--source`,
//! `--award`) and the reading of a problem's text: Popeye input, Fairy
//! FEN, or an ordinary FEN drawn with the problem layout. An ordinary FEN
//! is read by the ordinary parser first, so these never change how one
//! parses.

use clap::Args;

use fen2img_render::chess::problem::{
    fairy_fen_fallback, is_popeye, parse_popeye, Problem, ProblemError, Side, Unit,
};
use fen2img_render::{parse, ParseOptions};
use fen2img_support::quote::{caret_chars, escape};

use crate::failure::{Failure, EXIT_INVALID};

/// The most characters a caption flag keeps.
const MAX_FLAG_CHARS: usize = 200;

/// The problem flags.
#[derive(Args, Debug, Clone, Default)]
pub struct ProblemArgs {
    /// Draw a chess problem: the input is read as Fairy FEN (`-` neutral,
    /// `*1`-`*3` turned, `(G)` fairy pieces, `{a}` texts) and drawn with
    /// the problem layout. Implied by the flags below, by a `.inp`/`.pop`
    /// file and by text starting with BeginProblem (Popeye input).
    #[arg(long)]
    pub problem: bool,

    /// The stipulation printed under the board (`#2`, `h#3`, `s#5`).
    #[arg(long, value_name = "TEXT")]
    pub stipulation: Option<String>,

    /// A composer, printed above the board (repeat, or separate with
    /// commas, for joint compositions).
    #[arg(long, value_name = "NAME", value_delimiter = ',')]
    pub author: Vec<String>,

    /// Where the problem was published, printed under the composers.
    #[arg(long, value_name = "TEXT")]
    pub source: Option<String>,

    /// The award (`1st Prize`), printed under the source.
    #[arg(long, value_name = "TEXT")]
    pub award: Option<String>,

    /// Draw each twin of a Popeye problem as a diagram of its own (twins
    /// that move, add, remove or exchange units): `-o 'p-{twin}.png'`
    /// (a, b, c …) or `{n}` (1, 2, 3 …); without either, `p.png`,
    /// `p-b.png`, `p-c.png` ….
    #[arg(long)]
    pub twins: bool,
}

impl ProblemArgs {
    /// Whether any flag asks for the problem layout.
    pub fn asked(&self) -> bool {
        self.problem
            || self.twins
            || self.stipulation.is_some()
            || !self.author.is_empty()
            || self.source.is_some()
            || self.award.is_some()
    }

    /// Lays the flags over what the text gave (a flag wins; authors given
    /// as flags replace the text's).
    pub fn apply(&self, problem: &mut Problem) {
        let clip = |t: &str| t.chars().take(MAX_FLAG_CHARS).collect::<String>();
        if let Some(s) = &self.stipulation {
            problem.stipulation = Some(clip(s));
        }
        if !self.author.is_empty() {
            problem.authors = self
                .author
                .iter()
                .filter(|a| !a.trim().is_empty())
                .map(|a| clip(a.trim()))
                .collect();
        }
        if let Some(s) = &self.source {
            problem.source = Some(clip(s));
        }
        if let Some(a) = &self.award {
            problem.award = Some(clip(a));
        }
    }
}

/// Whether a file name is Popeye input by its extension.
pub fn is_popeye_path(path: &[u8]) -> bool {
    let lower = path.to_ascii_lowercase();
    lower.ends_with(b".inp") || lower.ends_with(b".pop")
}

/// The problems in `input` when it is one: Popeye input (`popeye_file`,
/// or text starting with BeginProblem), Fairy FEN when `asked` or when an
/// ordinary FEN parse fails on a sign only Fairy FEN has, an ordinary FEN
/// when `asked`. `None`: not a problem, read it as before.
pub fn read_problems(
    input: &[u8],
    asked: bool,
    popeye_file: bool,
) -> Result<Option<Vec<Problem>>, Failure> {
    let Ok(text) = std::str::from_utf8(input) else {
        if popeye_file {
            return Err(Failure::invalid("the Popeye file is not UTF-8 text"));
        }
        return Ok(None);
    };
    if popeye_file || is_popeye(text) {
        return parse_popeye(text)
            .map(Some)
            .map_err(|e| placed(text, &e, "invalid Popeye input"));
    }
    let ordinary = parse(input, ParseOptions::default());
    if let Ok(record) = &ordinary {
        if !asked {
            return Ok(None);
        }
        let mut p = Problem::new();
        for (sq, piece) in record.position.board.pieces() {
            let side = match piece.color {
                fen2img_render::Color::White => Side::White,
                fen2img_render::Color::Black => Side::Black,
            };
            p.set(sq, Some(Unit::piece(side, piece.role)));
        }
        return Ok(Some(vec![p]));
    }
    match fairy_fen_fallback(text, asked) {
        Some(Ok(p)) => Ok(Some(vec![p])),
        // Not a problem: the ordinary FEN's message stands.
        None => Ok(None),
        Some(Err(e)) => Err(placed(text, &e, "invalid Fairy FEN")),
    }
}

/// An error with its place and a caret under the line it is on.
fn placed(text: &str, e: &ProblemError, what: &str) -> Failure {
    let line = text.lines().nth(e.line().saturating_sub(1)).unwrap_or("");
    Failure {
        code: EXIT_INVALID,
        message: format!("{what}: {}", escape(&e.to_string())),
        detail: Some(caret_chars(line, e.column().saturating_sub(1))),
    }
}
