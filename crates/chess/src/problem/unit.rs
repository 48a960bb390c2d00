//! One thing on a problem's square: a piece (orthodox or fairy), a marker
//! or a short text, its side and how far it is turned.

use crate::Role;

/// Whose a unit is. Neutral units belong to both sides at once and are
/// drawn half white, half black.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// White.
    White,
    /// Black.
    Black,
    /// Neutral (both).
    Neutral,
}

impl Side {
    /// `"white"`, `"black"`, `"neutral"`.
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
            Side::Neutral => "neutral",
        }
    }
}

/// The markers of Fairy FEN: `C` circle, `X` cross, `S` square, `T` triangle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Marker {
    /// A circle.
    Circle,
    /// A diagonal cross.
    Cross,
    /// A square.
    Square,
    /// A triangle.
    Triangle,
}

impl Marker {
    /// The marker of a Fairy FEN letter, either case.
    pub fn from_char(c: char) -> Option<Marker> {
        Some(match c.to_ascii_uppercase() {
            'C' => Marker::Circle,
            'X' => Marker::Cross,
            'S' => Marker::Square,
            'T' => Marker::Triangle,
            _ => return None,
        })
    }

    /// The upper-case Fairy FEN letter.
    pub fn upper_char(self) -> char {
        match self {
            Marker::Circle => 'C',
            Marker::Cross => 'X',
            Marker::Square => 'S',
            Marker::Triangle => 'T',
        }
    }

    /// The English name (`"circle"`).
    pub fn name(self) -> &'static str {
        match self {
            Marker::Circle => "circle",
            Marker::Cross => "cross",
            Marker::Square => "square",
            Marker::Triangle => "triangle",
        }
    }
}

/// What a unit is.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Figure {
    /// An orthodox piece, drawn with the piece set's glyph.
    Piece(Role),
    /// A fairy piece by its Popeye code (one or two upper-case letters or
    /// digits: `G` grasshopper, `N` nightrider, `CA` camel), drawn as the
    /// code in a disc.
    Fairy(String),
    /// A marker drawn on the square.
    Marker(Marker),
    /// A letter or short text on the square (at most
    /// [`MAX_TEXT_CHARS`](super::MAX_TEXT_CHARS) characters).
    Text(String),
}

/// One unit on a square.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Unit {
    /// Whose it is.
    pub side: Side,
    /// What it is.
    pub figure: Figure,
    /// Quarter turns clockwise, 0 to 3.
    pub rotation: u8,
}

impl Unit {
    /// An upright orthodox piece.
    pub fn piece(side: Side, role: Role) -> Unit {
        Unit {
            side,
            figure: Figure::Piece(role),
            rotation: 0,
        }
    }

    /// Whether it counts in the unit count (pieces count; markers and
    /// texts do not).
    pub fn is_unit(&self) -> bool {
        matches!(self.figure, Figure::Piece(_) | Figure::Fairy(_))
    }

    /// Whether an ordinary FEN could say it (a white or black upright
    /// orthodox piece).
    pub fn is_orthodox(&self) -> bool {
        matches!(self.figure, Figure::Piece(_)) && self.rotation == 0 && self.side != Side::Neutral
    }

    /// The unit in words: `"neutral knight turned 180°"`,
    /// `"white fairy piece G"`, `"black circle marker"`, `"text 'a'"`. A
    /// problem's alt text says its markers and texts so; its pieces it
    /// lists by letter, as problem columns do (`Sd5`).
    pub fn describe(&self) -> String {
        let what = match &self.figure {
            Figure::Piece(role) => format!("{} {}", self.side.name(), role.name()),
            Figure::Fairy(code) => format!("{} fairy piece {code}", self.side.name()),
            Figure::Marker(m) => format!("{} {} marker", self.side.name(), m.name()),
            Figure::Text(t) => return format!("text \"{t}\""),
        };
        match self.rotation {
            0 => what,
            r => format!("{what} turned {}°", u16::from(r) * 90),
        }
    }

    /// Appends a letter with its neutral and turn prefixes (`-*2Q`).
    fn write_prefixed(&self, out: &mut String, letter: char) {
        if self.side == Side::Neutral {
            out.push('-');
        }
        if self.rotation != 0 {
            out.push('*');
            out.push(char::from(b'0' + self.rotation));
        }
        out.push(letter);
    }

    /// Appends the unit's Fairy FEN token.
    pub(crate) fn write_fairy_fen(&self, out: &mut String) {
        let case = |c: char| match self.side {
            Side::Black => c.to_ascii_lowercase(),
            _ => c,
        };
        match &self.figure {
            Figure::Piece(role) => self.write_prefixed(out, case(role.upper_char())),
            Figure::Marker(m) => self.write_prefixed(out, case(m.upper_char())),
            Figure::Fairy(code) => {
                out.push('(');
                if self.side == Side::Neutral {
                    out.push('!');
                }
                out.extend(code.chars().map(case));
                if self.rotation != 0 {
                    out.push(char::from(b'0' + self.rotation));
                }
                out.push(')');
            }
            Figure::Text(t) => {
                out.push('{');
                out.push_str(t);
                out.push('}');
            }
        }
    }
}
