//! What annotations on squares mean, apart from how they are drawn:
//! move-quality glyphs and the common NAG symbols (`!!` … `??`, `□`, `⨀`,
//! `±` …) and short labels (`A`, `1`). The layout draws them; the alt
//! text, the text boards and the fingerprint name them from here, so every
//! writer agrees on their spelling.

use fen2img_chess::Square;

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
        match self {
            Glyph::Brilliant => "!!",
            Glyph::Good => "!",
            Glyph::Interesting => "!?",
            Glyph::Dubious => "?!",
            Glyph::Mistake => "?",
            Glyph::Blunder => "??",
            Glyph::OnlyMove => "\u{25A1}",
            Glyph::Zugzwang => "\u{2A00}",
            Glyph::Equal => "=",
            Glyph::WhiteBetter => "\u{B1}",
            Glyph::BlackBetter => "\u{2213}",
            Glyph::WhiteWinning => "+\u{2212}",
            Glyph::BlackWinning => "\u{2212}+",
        }
    }

    /// The symbol in 7-bit ASCII, at most three characters (text boards,
    /// and a second spelling [`Glyph::parse`] accepts).
    pub fn ascii(self) -> &'static str {
        match self {
            Glyph::OnlyMove => "[]",
            Glyph::Zugzwang => "(.)",
            Glyph::WhiteBetter => "+/-",
            Glyph::BlackBetter => "-/+",
            Glyph::WhiteWinning => "+-",
            Glyph::BlackWinning => "-+",
            other => other.symbol(),
        }
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
        Some(match nag {
            11 | 12 => Glyph::Equal,
            23 => Glyph::Zugzwang,
            n => return Glyph::ALL.into_iter().find(|g| g.nag() == n),
        })
    }

    /// Reads a glyph: its symbol (`!!`, `□`, `±`, `+−`), its ASCII
    /// spelling (`[]`, `+/-`, `+-`) or its NAG (`$3`).
    pub fn parse(text: &str) -> Option<Glyph> {
        if let Some(n) = text.strip_prefix('$') {
            return n.parse().ok().and_then(Glyph::from_nag);
        }
        Glyph::ALL
            .into_iter()
            .find(|g| g.symbol() == text || g.ascii() == text)
    }

    /// What the glyph says, for the alt text ("brilliant move").
    pub fn meaning(self) -> &'static str {
        match self {
            Glyph::Brilliant => "brilliant move",
            Glyph::Good => "good move",
            Glyph::Interesting => "interesting move",
            Glyph::Dubious => "dubious move",
            Glyph::Mistake => "mistake",
            Glyph::Blunder => "blunder",
            Glyph::OnlyMove => "only move",
            Glyph::Zugzwang => "zugzwang",
            Glyph::Equal => "equal position",
            Glyph::WhiteBetter => "White is better",
            Glyph::BlackBetter => "Black is better",
            Glyph::WhiteWinning => "White is winning",
            Glyph::BlackWinning => "Black is winning",
        }
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

impl std::fmt::Display for Glyph {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
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
