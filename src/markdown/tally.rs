//! Counting blocks by kind for the summaries of `md`, the mdBook
//! preprocessor and the Pandoc filter: a page of games is "2 fen blocks,
//! 1 pgn block (5 diagrams)", not "5 fen blocks", and a failure counts the
//! blocks that failed, not their errors (one block may have several).

use super::fence::BlockKind;
use crate::failure::count;

/// Blocks of each kind.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Blocks {
    /// ```` ```fen ```` blocks (and `<pre class="fen">`).
    pub fen: usize,
    /// ```` ```pgn ```` blocks (and `<pre class="pgn">`).
    pub pgn: usize,
}

impl Blocks {
    /// One more block of `kind`.
    pub fn add(&mut self, kind: BlockKind) {
        match kind {
            BlockKind::Fen => self.fen += 1,
            BlockKind::Pgn => self.pgn += 1,
        }
    }

    /// Both counts added to these.
    pub fn merge(&mut self, other: Blocks) {
        self.fen += other.fen;
        self.pgn += other.pgn;
    }

    /// How many blocks in all.
    pub fn total(&self) -> usize {
        self.fen + self.pgn
    }

    /// `1 fen block`, `2 pgn blocks`, `3 fen blocks, 1 pgn block`; a kind
    /// with none is left out (`0 blocks` when both are).
    pub fn text(&self) -> String {
        match (self.fen, self.pgn) {
            (0, 0) => "0 blocks".into(),
            (fen, 0) => count(fen, "fen block"),
            (0, pgn) => count(pgn, "pgn block"),
            (fen, pgn) => format!("{}, {}", count(fen, "fen block"), count(pgn, "pgn block")),
        }
    }
}

/// What the pages held, for a summary: `2 diagrams` when only fen blocks
/// (a fen block is a diagram), else the blocks and what they made:
/// `1 fen block, 2 pgn blocks (6 diagrams, 1 animation)`.
pub fn made(blocks: Blocks, diagrams: usize, animations: usize) -> String {
    let stills = diagrams.saturating_sub(animations);
    if blocks.pgn == 0 && animations == 0 {
        return count(stills, "diagram");
    }
    let inner = match (stills, animations) {
        (n, 0) => count(n, "diagram"),
        (0, a) => count(a, "animation"),
        (n, a) => format!("{}, {}", count(n, "diagram"), count(a, "animation")),
    };
    format!("{} ({inner})", blocks.text())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_counted_and_worded_by_kind() {
        let mut b = Blocks::default();
        assert_eq!(b.text(), "0 blocks");
        b.add(BlockKind::Fen);
        assert_eq!(b.text(), "1 fen block");
        assert_eq!(made(b, 1, 0), "1 diagram");
        b.add(BlockKind::Pgn);
        b.add(BlockKind::Pgn);
        b.add(BlockKind::Fen);
        assert_eq!(b.text(), "2 fen blocks, 2 pgn blocks");
        assert_eq!(made(b, 7, 0), "2 fen blocks, 2 pgn blocks (7 diagrams)");
        assert_eq!(
            made(b, 7, 1),
            "2 fen blocks, 2 pgn blocks (6 diagrams, 1 animation)"
        );
        let games = Blocks { fen: 0, pgn: 1 };
        assert_eq!(made(games, 1, 1), "1 pgn block (1 animation)");
        assert_eq!(b.total(), 4);
    }
}
