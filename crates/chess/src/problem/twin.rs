//! Twins as boards of their own: the changes a Popeye `twin` line makes
//! that a diagram can show (`twin_change`, read when the file is read),
//! applied on request.
//!
//! Each twin starts from the diagram, or from the twin before it when it
//! says `continued`, as Popeye reads them. A twin that does anything else
//! (`rotate`, `stipulation`, `condition`, `substitute` …) keeps its text
//! in the caption, and asking for its board gives the error with its line
//! and column.

use super::error::{ProblemError, ProblemErrorKind, ProblemField};
use super::model::Problem;
use super::twin_change::TwinChange;
use crate::Square;

impl Problem {
    /// Each twin's board, in order: the problem with the twin's changes
    /// made, its caption kept, its twin list emptied and its title saying
    /// which twin it is (`b) move d1 h5`). Empty when the problem has no twin; the first twin that
    /// cannot be drawn gives its error.
    ///
    /// ```
    /// use fen2img_chess::problem::parse_popeye;
    /// let text = "BeginProblem\npieces white Kc6 Qd1 black Kc8\nstipulation #2\n\
    ///             twin move d1 h5\ntwin continued add black Pa7\nEndProblem\n";
    /// let p = &parse_popeye(text)?[0];
    /// let boards = p.twin_boards()?;
    /// assert_eq!(boards[0].to_fairy_fen(), "2k5/8/2K5/7Q/8/8/8/8");
    /// assert_eq!(boards[1].to_fairy_fen(), "2k5/p7/2K5/7Q/8/8/8/8");
    /// assert_eq!(boards[1].title.as_deref(), Some("c) continued add black Pa7"));
    ///
    /// let text = "BeginProblem\npieces white Kc6 black Kc8\ntwin rotate 90\nEndProblem\n";
    /// let e = parse_popeye(text)?[0].twin_boards().unwrap_err();
    /// assert_eq!((e.line(), e.column()), (3, 6));
    /// # Ok::<(), fen2img_chess::problem::ProblemError>(())
    /// ```
    pub fn twin_boards(&self) -> Result<Vec<Problem>, ProblemError> {
        let mut base = self.clone();
        base.twins.clear();
        base.twin_changes.clear();
        let mut boards: Vec<Problem> = Vec::with_capacity(self.twin_changes.len());
        for (i, twin) in self.twin_changes.iter().enumerate() {
            let mut board = match (twin.continued, boards.last()) {
                (true, Some(last)) => last.clone(),
                _ => base.clone(),
            };
            for change in twin.changes.as_ref().map_err(Clone::clone)? {
                apply(&mut board, change)?;
            }
            // The board says which twin it is, above it: `b) move d1 h5`.
            let letter = char::from(b'b' + (i as u8).min(24));
            let label = format!("{letter}) {}", self.twins.get(i).map_or("", String::as_str));
            board.title = Some(match &self.title {
                Some(t) => format!("{t}, {label}"),
                None => label,
            });
            boards.push(board);
        }
        Ok(boards)
    }
}

/// Makes one change, or says why the board does not allow it.
fn apply(board: &mut Problem, change: &TwinChange) -> Result<(), ProblemError> {
    let err = |(line, column): (usize, usize), message: String| {
        // A change the board does not allow (no unit to move, a square
        // taken): the twin cannot be drawn.
        let kind = ProblemErrorKind::NotDrawable;
        ProblemError::new(ProblemField::Command("twin"), kind, line, column, message)
    };
    let taken = |board: &mut Problem, sq: Square, at| {
        let unit = board.unit(sq).cloned();
        board.set(sq, None);
        unit.ok_or_else(|| err(at, format!("no unit stands on {sq}")))
    };
    match change {
        TwinChange::Move(from, to, at) => {
            let unit = taken(board, *from, *at)?;
            board.set(*to, Some(unit));
        }
        TwinChange::Remove(sq, at) => {
            taken(board, *sq, *at)?;
        }
        TwinChange::Exchange(a, b, at) => {
            let first = taken(board, *a, *at)?;
            let second = taken(board, *b, *at)?;
            board.set(*a, Some(second));
            board.set(*b, Some(first));
        }
        TwinChange::Add(unit, squares, at) => {
            for sq in squares {
                if board.unit(*sq).is_some() {
                    return Err(err(*at, format!("{sq} is not empty")));
                }
                board.set(*sq, Some(unit.clone()));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::problem::parse_popeye;

    fn twins_of(lines: &str) -> Result<Vec<String>, (usize, usize, String)> {
        let text = format!("BeginProblem\npieces white Ke1 Qd1 black Ke8 Sb8\n{lines}EndProblem\n");
        let p = parse_popeye(&text).unwrap().remove(0);
        p.twin_boards()
            .map(|b| b.iter().map(|b| b.to_fairy_fen()).collect())
            .map_err(|e| (e.line(), e.column(), e.message().to_owned()))
    }

    #[test]
    fn each_twin_starts_from_the_diagram_unless_continued() {
        let boards =
            twins_of("twin move d1 d8\ntwin remove b8\ntwin cont exchange e1 e8\n").unwrap();
        assert_eq!(
            boards,
            [
                "1n1Qk3/8/8/8/8/8/8/4K3",
                "4k3/8/8/8/8/8/8/3QK3",
                "4K3/8/8/8/8/8/8/3Qk3"
            ]
        );
        // Several changes on one line, abbreviated, a neutral fairy piece.
        let boards = twins_of("twin rem d1 add neutral Ga1b1\n").unwrap();
        assert_eq!(boards, ["1n2k3/8/8/8/8/8/8/(!G)(!G)2K3"]);
    }

    #[test]
    fn what_cannot_be_drawn_is_refused_at_its_place() {
        let e = twins_of("twin move d1 d8\ntwin stipulation #3\n").unwrap_err();
        assert_eq!((e.0, e.1), (4, 6));
        assert!(e.2.contains("'stipulation'"), "{}", e.2);
        let e = twins_of("twin move a2 a3\n").unwrap_err();
        assert_eq!((e.0, e.1, e.2.as_str()), (3, 11, "no unit stands on a2"));
        let e = twins_of("twin add white Qe8\n").unwrap_err();
        assert_eq!((e.0, e.1, e.2.as_str()), (3, 16, "e8 is not empty"));
        let e = twins_of("twin move d1 z9\n").unwrap_err();
        assert_eq!((e.0, e.1), (3, 14));
        let e = twins_of("twin exchange e1\n").unwrap_err();
        assert_eq!((e.0, e.1), (3, 15));
    }

    #[test]
    fn german_letters_in_a_german_file() {
        let text =
            "AnfangProblem\nsteine weiss Ke1 schwarz Ke8\nzwilling add weiss Dd1\nEndeProblem\n";
        let p = parse_popeye(text).unwrap().remove(0);
        assert_eq!(
            p.twin_boards().unwrap()[0].to_fairy_fen(),
            "4k3/8/8/8/8/8/8/3QK3"
        );
    }
}
