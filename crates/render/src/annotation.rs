//! What annotations on squares mean, apart from how they are drawn:
//! move-quality glyphs and the common NAG symbols (`!!` … `??`, `□`, `⨀`,
//! `±` …) and short labels (`A`, `1`). The layout draws them; the alt
//! text, the text boards and the fingerprint name them from here, so every
//! writer agrees on their spelling. The symbols, their ASCII spellings and
//! their meanings are the chess crate's one table ([`Nag`]); a [`Glyph`] is
//! a NAG the renderer draws as a badge.

use std::fmt;
use std::str::FromStr;

use fen2img_chess::notation::{Nag, ValueError};
use fen2img_chess::Square;
use fen2img_support::quote::escape;

/// A move-quality glyph or NAG symbol drawn as a badge in a square's
/// upper-right corner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Glyph {
    /// `!!` (NAG 3).
    Brilliant,
    /// `!` (NAG 1).
    Good,
    /// `!?` (NAG 5).
    Interesting,
    /// `?!` (NAG 6).
    Dubious,
    /// `?` (NAG 2).
    Mistake,
    /// `??` (NAG 4).
    Blunder,
    /// `□`, the only move (NAG 7).
    OnlyMove,
    /// `⨀`, zugzwang (NAG 22, 23).
    Zugzwang,
    /// `=`, an equal position (NAG 10).
    Equal,
    /// `±`, White is better (NAG 16).
    WhiteBetter,
    /// `∓`, Black is better (NAG 17).
    BlackBetter,
    /// `+−`, White is winning (NAG 18).
    WhiteWinning,
    /// `−+`, Black is winning (NAG 19).
    BlackWinning,
}

/// How a glyph judges: what its badge's colour says on screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Judgement {
    /// `!!`.
    Brilliant,
    /// `!`.
    Good,
    /// `!?`.
    Interesting,
    /// `?!`.
    Dubious,
    /// `?`.
    Mistake,
    /// `??`.
    Blunder,
    /// `□` and `⨀`, and the evaluations: no judgement of the move.
    Neutral,
}

impl Glyph {
    /// Every glyph, in the order messages list them.
    pub const ALL: [Glyph; 13] = [
        Glyph::Brilliant,
        Glyph::Good,
        Glyph::Interesting,
        Glyph::Dubious,
        Glyph::Mistake,
        Glyph::Blunder,
        Glyph::OnlyMove,
        Glyph::Zugzwang,
        Glyph::Equal,
        Glyph::WhiteBetter,
        Glyph::BlackBetter,
        Glyph::WhiteWinning,
        Glyph::BlackWinning,
    ];

    /// The symbol as drawn (`!!`, `□`, `+−` with U+2212).
    pub fn symbol(self) -> &'static str {
        // Every glyph's NAG has a symbol (a test holds the table to it).
        Nag::from(self).symbol().unwrap_or("?")
    }

    /// The symbol in 7-bit ASCII, at most three characters (text boards,
    /// and a second spelling [`Glyph::parse`] accepts).
    pub fn ascii(self) -> &'static str {
        Nag::from(self).ascii().unwrap_or("?")
    }

    /// The Numeric Annotation Glyph of PGN (the first, where several mean
    /// the same).
    pub fn nag(self) -> u8 {
        match self {
            Glyph::Good => 1,
            Glyph::Mistake => 2,
            Glyph::Brilliant => 3,
            Glyph::Blunder => 4,
            Glyph::Interesting => 5,
            Glyph::Dubious => 6,
            Glyph::OnlyMove => 7,
            Glyph::Equal => 10,
            Glyph::WhiteBetter => 16,
            Glyph::BlackBetter => 17,
            Glyph::WhiteWinning => 18,
            Glyph::BlackWinning => 19,
            Glyph::Zugzwang => 22,
        }
    }

    /// The glyph a PGN NAG draws, if it is one of these (10, 11 and 12 are
    /// all "equal"; 22 and 23 zugzwang for either side).
    pub fn from_nag(nag: u8) -> Option<Glyph> {
        let canonical = Nag(nag).canonical().0;
        Glyph::ALL.into_iter().find(|g| g.nag() == canonical)
    }

    /// Reads a glyph: its symbol (`!!`, `□`, `±`, `+−`), its ASCII
    /// spelling (`[]`, `+/-`, `+-`) or its NAG (`$3`); `None` where
    /// [`str::parse`] says why.
    pub fn parse(text: &str) -> Option<Glyph> {
        text.parse().ok()
    }

    /// What the glyph says, for the alt text ("brilliant move").
    pub fn meaning(self) -> &'static str {
        Nag::from(self).meaning().unwrap_or("annotation")
    }

    /// The glyphs [`str::parse`] accepts, for messages: `!! ! !? ?! ? ??
    /// □ ([]) ...`, each symbol with its ASCII spelling where they differ.
    pub fn accepted() -> String {
        Glyph::ALL
            .iter()
            .map(|g| {
                if g.ascii() == g.symbol() {
                    g.symbol().to_string()
                } else {
                    format!("{} ({})", g.symbol(), g.ascii())
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// How the glyph judges the move (its badge's colour on screen).
    pub fn judgement(self) -> Judgement {
        match self {
            Glyph::Brilliant => Judgement::Brilliant,
            Glyph::Good => Judgement::Good,
            Glyph::Interesting => Judgement::Interesting,
            Glyph::Dubious => Judgement::Dubious,
            Glyph::Mistake => Judgement::Mistake,
            Glyph::Blunder => Judgement::Blunder,
            _ => Judgement::Neutral,
        }
    }
}

impl From<Glyph> for Nag {
    fn from(glyph: Glyph) -> Nag {
        Nag(glyph.nag())
    }
}

impl TryFrom<Nag> for Glyph {
    type Error = Nag;

    /// The glyph of `nag`, or `nag` back when the renderer draws no badge
    /// for it (most NAGs have no symbol; `∞` `⩲` `⩱` have one the
    /// embedded font lacks).
    fn try_from(nag: Nag) -> Result<Glyph, Nag> {
        Glyph::from_nag(nag.0).ok_or(nag)
    }
}

/// Reads a glyph's symbol (`!!`, `□`, `±`, `+−`), its ASCII spelling
/// (`[]`, `+/-`, `+-`) or its NAG (`$3`).
///
/// ```
/// use fen2img_render::Glyph;
///
/// assert_eq!("$3".parse::<Glyph>()?, Glyph::Brilliant);
/// assert_eq!("+/-".parse::<Glyph>()?.to_string(), "\u{B1}");
/// assert_eq!("!!!".parse::<Glyph>().unwrap_err().column(), 1);
/// # Ok::<(), fen2img_render::ValueError>(())
/// ```
impl FromStr for Glyph {
    type Err = ValueError;

    fn from_str(text: &str) -> Result<Glyph, ValueError> {
        let unknown = |column| {
            let found = if text.is_empty() {
                "nothing".to_string()
            } else {
                format!("'{}'", escape(text))
            };
            ValueError::new(
                column,
                format!(
                    "unknown glyph {found}; use one of {} or a NAG such as $3",
                    Glyph::accepted()
                ),
            )
        };
        let nag = match text.parse::<Nag>() {
            Ok(nag) => nag,
            Err(e) if text.starts_with('$') => return Err(e),
            Err(_) => return Err(unknown(1)),
        };
        Glyph::try_from(nag).map_err(|nag| match nag.symbol() {
            Some(symbol) => ValueError::new(
                1,
                format!(
                    "{symbol} ({nag}) is not drawn as a badge; use one of {}",
                    Glyph::accepted()
                ),
            ),
            None => ValueError::new(
                2.min(text.chars().count()),
                format!(
                    "{nag} has no symbol to draw; use one of {}",
                    Glyph::accepted()
                ),
            ),
        })
    }
}

impl fmt::Display for Glyph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

/// The most characters a square's label draws (the rest is left out).
pub const MAX_LABEL_CHARS: usize = 3;

/// `text` cut to [`MAX_LABEL_CHARS`] characters, control characters
/// dropped: what a label draws and the alt text names.
pub fn label_text(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_control())
        .take(MAX_LABEL_CHARS)
        .collect()
}

/// The annotations in sentences for the alt text: "e4: brilliant move,
/// marked !!. d5: label A." (empty without annotations).
pub fn describe(glyphs: &[(Square, Glyph)], labels: &[(Square, String)]) -> String {
    let mut out: Vec<String> = Vec::new();
    for (sq, glyph) in glyphs {
        out.push(format!("{sq}: {}, marked {}.", glyph.meaning(), glyph));
    }
    for (sq, text) in labels {
        out.push(format!("{sq}: label {}.", label_text(text)));
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_glyph_reads_back_from_each_spelling() {
        for g in Glyph::ALL {
            assert_eq!(Glyph::parse(g.symbol()), Some(g), "{g:?}");
            assert_eq!(Glyph::parse(g.ascii()), Some(g), "{g:?}");
            assert_eq!(Glyph::parse(&format!("${}", g.nag())), Some(g), "{g:?}");
            assert!(g.ascii().is_ascii() && g.ascii().len() <= 3);
        }
        assert_eq!(Glyph::from_nag(23), Some(Glyph::Zugzwang));
        assert_eq!(Glyph::parse("!!!"), None);
        assert_eq!(Glyph::parse("$300"), None);
        assert_eq!(Glyph::parse("$146"), None);
        // The chess crate's table has a symbol for every glyph's NAG.
        for g in Glyph::ALL {
            let nag = Nag::from(g);
            assert!(nag.symbol().is_some() && nag.ascii().is_some(), "{g:?}");
            assert_eq!(Glyph::try_from(nag), Ok(g));
        }
        assert_eq!(Glyph::try_from(Nag(13)), Err(Nag(13)));
        let e = "\u{221E}".parse::<Glyph>().unwrap_err();
        assert!(e.message().contains("not drawn as a badge"), "{e}");
        assert_eq!("$146".parse::<Glyph>().unwrap_err().column(), 2);
    }

    #[test]
    fn the_symbols_are_the_ones_drawn_before_the_table_moved() {
        let symbols: Vec<&str> = Glyph::ALL.iter().map(|g| g.symbol()).collect();
        assert_eq!(
            symbols.join(" "),
            "!! ! !? ?! ? ?? \u{25A1} \u{2A00} = \u{B1} \u{2213} +\u{2212} \u{2212}+"
        );
        let ascii: Vec<&str> = Glyph::ALL.iter().map(|g| g.ascii()).collect();
        assert_eq!(ascii.join(" "), "!! ! !? ?! ? ?? [] (.) = +/- -/+ +- -+");
        let meanings: Vec<&str> = Glyph::ALL.iter().map(|g| g.meaning()).collect();
        assert_eq!(meanings[0], "brilliant move");
        assert_eq!(meanings[12], "Black is winning");
    }

    #[test]
    fn annotations_read_as_sentences() {
        let e4 = Square::parse("e4").unwrap();
        let d5 = Square::parse("d5").unwrap();
        assert_eq!(
            describe(
                &[(e4, Glyph::Brilliant), (d5, Glyph::WhiteWinning)],
                &[(e4, "A\u{1b}BCD".into())]
            ),
            "e4: brilliant move, marked !!. d5: White is winning, marked +\u{2212}. e4: label ABC."
        );
        assert_eq!(describe(&[], &[]), "");
    }
}
