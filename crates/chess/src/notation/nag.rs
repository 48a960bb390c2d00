//! Numeric Annotation Glyphs (PGN's `$1` … `$255`) and the one table of
//! the symbols chess prints for them (`!`, `??`, `□`, `±` …): the PGN
//! reader's comments, the game captions and the renderer's badges all read
//! it from here, so every part of fen2img spells a glyph the same way.

use std::fmt;
use std::str::FromStr;

use super::ValueError;
use fen2img_support::quote::escape;

/// A Numeric Annotation Glyph of PGN, `$0` to `$255`.
///
/// Reads as `$N` or as one of the printed symbols (`!!`, `□`, `+−`) or
/// their ASCII spellings (`[]`, `+-`); writes as `$N`, which reads back to
/// the same number (a symbol reads as the first NAG that prints it: `=` is
/// `$10`, never `$11`).
///
/// ```
/// use fen2img_chess::notation::Nag;
///
/// assert_eq!("$3".parse::<Nag>()?, Nag(3));
/// assert_eq!("+-".parse::<Nag>()?, Nag(18));
/// assert_eq!(Nag(18).symbol(), Some("+\u{2212}"));
/// assert_eq!(Nag(23).symbol(), Some("\u{2A00}"));
/// assert_eq!(Nag(146).symbol(), None);
/// assert_eq!(Nag(12).canonical(), Nag(10));
/// assert_eq!(Nag(3).to_string(), "$3");
/// # Ok::<(), fen2img_chess::notation::ValueError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Nag(pub u8);

/// One printed symbol: the NAGs that print it (the first is the one it
/// reads as), the symbol, its 7-bit ASCII spelling where one is usual, and
/// what it says in words.
struct Entry {
    nags: &'static [u8],
    symbol: &'static str,
    ascii: Option<&'static str>,
    meaning: &'static str,
}

/// Every NAG with a printed symbol, by number. The symbols are Unicode's:
/// `□` U+25A1, `⨀` U+2A00, `±` U+00B1, `∓` U+2213, and U+2212 MINUS SIGN
/// in `+−` and `−+`.
const TABLE: [Entry; 16] = [
    entry(&[1], "!", Some("!"), "good move"),
    entry(&[2], "?", Some("?"), "mistake"),
    entry(&[3], "!!", Some("!!"), "brilliant move"),
    entry(&[4], "??", Some("??"), "blunder"),
    entry(&[5], "!?", Some("!?"), "interesting move"),
    entry(&[6], "?!", Some("?!"), "dubious move"),
    entry(&[7], "\u{25A1}", Some("[]"), "only move"),
    entry(&[10, 11, 12], "=", Some("="), "equal position"),
    entry(&[13], "\u{221E}", None, "unclear position"),
    entry(&[14], "\u{2A72}", None, "White is slightly better"),
    entry(&[15], "\u{2A71}", None, "Black is slightly better"),
    entry(&[16], "\u{B1}", Some("+/-"), "White is better"),
    entry(&[17], "\u{2213}", Some("-/+"), "Black is better"),
    entry(&[18], "+\u{2212}", Some("+-"), "White is winning"),
    entry(&[19], "\u{2212}+", Some("-+"), "Black is winning"),
    entry(&[22, 23], "\u{2A00}", Some("(.)"), "zugzwang"),
];

const fn entry(
    nags: &'static [u8],
    symbol: &'static str,
    ascii: Option<&'static str>,
    meaning: &'static str,
) -> Entry {
    Entry {
        nags,
        symbol,
        ascii,
        meaning,
    }
}

impl Nag {
    /// `!`, a good move.
    pub const GOOD: Nag = Nag(1);
    /// `?`, a mistake.
    pub const MISTAKE: Nag = Nag(2);
    /// `!!`, a brilliant move.
    pub const BRILLIANT: Nag = Nag(3);
    /// `??`, a blunder.
    pub const BLUNDER: Nag = Nag(4);
    /// `!?`, an interesting move.
    pub const INTERESTING: Nag = Nag(5);
    /// `?!`, a dubious move.
    pub const DUBIOUS: Nag = Nag(6);

    fn entry(self) -> Option<&'static Entry> {
        TABLE.iter().find(|e| e.nags.contains(&self.0))
    }

    /// The symbol chess prints for this NAG, if it has one.
    pub fn symbol(self) -> Option<&'static str> {
        self.entry().map(|e| e.symbol)
    }

    /// The symbol in 7-bit ASCII, at most three characters, where one is
    /// usual (`[]`, `+/-`, `(.)`; the move marks are ASCII already).
    pub fn ascii(self) -> Option<&'static str> {
        self.entry().and_then(|e| e.ascii)
    }

    /// What the symbol says, in words ("brilliant move").
    pub fn meaning(self) -> Option<&'static str> {
        self.entry().map(|e| e.meaning)
    }

    /// The first NAG printed with the same symbol (`$11` and `$12` are
    /// `$10`'s `=`, `$23` is `$22`'s `⨀`); itself when it has no symbol.
    pub fn canonical(self) -> Nag {
        self.entry().map_or(self, |e| Nag(e.nags[0]))
    }

    /// Whether this is one of the six move marks, `!` `?` `!!` `??` `!?`
    /// `?!` (NAGs 1 to 6), which judge the move itself.
    pub fn is_move_mark(self) -> bool {
        (1..=6).contains(&self.0)
    }

    /// Every NAG that has a symbol, each symbol once (the canonical NAG),
    /// in order of number.
    pub fn with_symbols() -> impl Iterator<Item = Nag> {
        TABLE.iter().map(|e| Nag(e.nags[0]))
    }

    /// The NAG a printed symbol or its ASCII spelling stands for.
    pub fn from_symbol(text: &str) -> Option<Nag> {
        TABLE
            .iter()
            .find(|e| e.symbol == text || e.ascii == Some(text))
            .map(|e| Nag(e.nags[0]))
    }
}

impl FromStr for Nag {
    type Err = ValueError;

    fn from_str(text: &str) -> Result<Nag, ValueError> {
        if let Some(digits) = text.strip_prefix('$') {
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(ValueError::new(
                    2,
                    format!("expected a NAG number after $, found '{}'", escape(digits)),
                ));
            }
            return digits.parse::<u8>().map(Nag).map_err(|_| {
                ValueError::new(2, format!("${} is no NAG ($0 to $255)", escape(digits)))
            });
        }
        Nag::from_symbol(text).ok_or_else(|| {
            let shown = if text.is_empty() {
                "nothing".to_string()
            } else {
                format!("'{}'", escape(text))
            };
            ValueError::new(
                1,
                format!("expected a glyph such as !!, ?!, +- or a NAG such as $3, found {shown}"),
            )
        })
    }
}

impl fmt::Display for Nag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "${}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn every_symbol_and_spelling_reads_as_its_first_nag() {
        for nag in Nag::with_symbols() {
            assert_eq!(Nag::from_symbol(nag.symbol().unwrap()), Some(nag));
            if let Some(ascii) = nag.ascii() {
                assert!(ascii.is_ascii() && ascii.len() <= 3, "{ascii}");
                assert_eq!(ascii.parse::<Nag>(), Ok(nag));
            }
            assert_eq!(nag.canonical(), nag);
        }
        assert_eq!(Nag::with_symbols().count(), 16);
        assert_eq!(Nag(11).symbol(), Some("="));
        assert_eq!(Nag(11).canonical(), Nag(10));
        assert_eq!(Nag(200).canonical(), Nag(200));
        assert!(Nag::BLUNDER.is_move_mark() && !Nag(7).is_move_mark());
    }

    #[test]
    fn bad_text_says_where() {
        let e = "$300".parse::<Nag>().unwrap_err();
        assert_eq!(
            (e.column(), e.message()),
            (2, "$300 is no NAG ($0 to $255)")
        );
        assert_eq!("$".parse::<Nag>().unwrap_err().column(), 2);
        assert_eq!("$x".parse::<Nag>().unwrap_err().column(), 2);
        assert_eq!("!!!".parse::<Nag>().unwrap_err().column(), 1);
        assert!("\u{1b}"
            .parse::<Nag>()
            .unwrap_err()
            .message()
            .contains("<U+001B>"));
    }

    proptest! {
        #[test]
        fn what_is_written_reads_back(n in any::<u8>()) {
            prop_assert_eq!(Nag(n).to_string().parse::<Nag>(), Ok(Nag(n)));
        }
    }
}
