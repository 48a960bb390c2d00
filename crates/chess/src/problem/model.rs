//! The problem model: the units on the board and the words around them.

use super::twin_change::Twin;
use super::unit::{Side, Unit};
use crate::Square;

/// A problem: the units on the 8×8 board and the words around it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Problem {
    /// What stands on each square, indexed by [`Square::index`].
    squares: Vec<Option<Unit>>,
    /// The stipulation as written (`#2`, `h#3`, `ser-h=14`).
    pub stipulation: Option<String>,
    /// The composers, in order.
    pub authors: Vec<String>,
    /// Where it was published (`The Problemist`, `Die Schwalbe 1930`).
    pub source: Option<String>,
    /// The date of publication, as written.
    pub date: Option<String>,
    /// The award (`1st Prize`, `Commended`).
    pub award: Option<String>,
    /// A title, if the file gives one.
    pub title: Option<String>,
    /// The fairy conditions, as written (`Circe`, `Madrasi`).
    pub condition: Option<String>,
    /// The twins, each as written after `twin` (`b) bd4-e5`): listed in the
    /// caption, not drawn as boards of their own.
    pub twins: Vec<String>,
    /// What each twin changes on the board, as far as a diagram can show
    /// it, for [`Problem::twin_boards`]; one entry a twin when read from
    /// Popeye input, empty otherwise.
    pub twin_changes: Vec<Twin>,
}

impl Problem {
    /// An empty board with no caption.
    pub fn new() -> Problem {
        Problem {
            squares: vec![None; 64],
            ..Problem::default()
        }
    }

    /// What stands on `square`.
    pub fn unit(&self, square: Square) -> Option<&Unit> {
        self.squares.get(square.index()).and_then(Option::as_ref)
    }

    /// Puts `unit` on `square` (or empties it).
    pub fn set(&mut self, square: Square, unit: Option<Unit>) {
        if self.squares.len() != 64 {
            self.squares = vec![None; 64];
        }
        self.squares[square.index()] = unit;
    }

    /// Every occupied square, a1 first, rank by rank.
    pub fn units(&self) -> impl Iterator<Item = (Square, &Unit)> + '_ {
        self.squares.iter().enumerate().filter_map(|(i, u)| {
            let u = u.as_ref()?;
            Some((Square::from_index(i as u8)?, u))
        })
    }

    /// The units counted as problemists count them: pieces only (markers
    /// and texts on squares are not units), as (white, black, neutral).
    pub fn unit_count(&self) -> (usize, usize, usize) {
        let mut count = (0, 0, 0);
        for (_, u) in self.units().filter(|(_, u)| u.is_unit()) {
            match u.side {
                Side::White => count.0 += 1,
                Side::Black => count.1 += 1,
                Side::Neutral => count.2 += 1,
            }
        }
        count
    }

    /// The count as printed under a diagram: `(8+10)`, and with neutral
    /// units a third term `(2+1+1n)` (they belong to neither side, so they
    /// are counted apart rather than twice).
    pub fn count_text(&self) -> String {
        match self.unit_count() {
            (w, b, 0) => format!("({w}+{b})"),
            (w, b, n) => format!("({w}+{b}+{n}n)"),
        }
    }

    /// Whether any unit is neutral, turned, a fairy piece, a marker or a
    /// text: whether the board needs the problem drawing at all.
    pub fn has_fairy_units(&self) -> bool {
        self.units().any(|(_, u)| !u.is_orthodox())
    }

    /// The placement back as Fairy FEN (`-` neutral, `*N` turned, fairy
    /// pieces and texts in YACPDB-style brackets), the inverse of
    /// [`parse_fairy_fen`](super::parse_fairy_fen) for what it reads.
    pub fn to_fairy_fen(&self) -> String {
        let mut out = String::new();
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                let unit = Square::new(file, rank).and_then(|sq| self.unit(sq));
                match unit {
                    None => empty += 1,
                    Some(u) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        u.write_fairy_fen(&mut out);
                    }
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }
}
