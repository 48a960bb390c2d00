//! The rows a game's texts (players' names in their bars, a caption) make
//! off the board, indexed once and pasted into each frame drawn whole.
//!
//! A frame drawn from the base with texts among its marks drew them in
//! full-width RGBA bands and indexed those rows again; with players'
//! names, that was half of what a check's frame costs (`perf`,
//! `POST /game.gif` at 720 px). When the texts touch no square or marker,
//! the rows they change off the board are the same in every frame with
//! those texts (unless another mark reaches them): they are indexed the
//! first time and pasted after.

use crate::layout::{Layout, PlacedText, Rect};

/// The rows a set of texts makes over a base: each row's index (from the
/// top) and its indices; `None` when the texts could not be drawn apart,
/// and frames draw them in their bands.
#[derive(Debug)]
pub(super) struct TextRows {
    texts: Vec<PlacedText>,
    rows: Option<Vec<(usize, Vec<u8>)>>,
}

impl TextRows {
    /// `layout`'s texts' rows, from `base` (the base's indices, `width`
    /// wide) and `drawn` (the same with the texts, which touch no square,
    /// drawn in their bands): the rows off the board where the two differ.
    /// The board's rows are left out: texts that touch no square change
    /// none of their pixels, and every square is laid over them after
    /// (`drawn` has the squares of a text's band without their grounds).
    pub(super) fn new(layout: &Layout, base: &[u8], drawn: Option<&[u8]>) -> TextRows {
        let texts = layout.frame.board.texts.clone();
        let width = layout.frame.width() as usize;
        let board = layout.frame.board.board;
        let on_board = |y: usize| (y + 1) as f32 > board.y && (y as f32) < board.y + board.h;
        let rows = drawn.map(|drawn| {
            let pairs = base.chunks_exact(width).zip(drawn.chunks_exact(width));
            pairs
                .enumerate()
                .filter(|&(y, (was, now))| was != now && !on_board(y))
                .map(|(y, (_, now))| (y, now.to_vec()))
                .collect()
        });
        TextRows { texts, rows }
    }

    /// Whether these are `layout`'s texts' rows.
    pub(super) fn is_for(&self, layout: &Layout) -> bool {
        self.texts == layout.frame.board.texts
    }

    /// Pastes the rows into `indices` (rows of `width`), when none of
    /// `reaches` (the rectangles the frame's other marks may change;
    /// `None`: anywhere) takes in one of them: `false`, and nothing
    /// pasted, otherwise.
    pub(super) fn paste(&self, reaches: &[Option<Rect>], indices: &mut [u8], width: usize) -> bool {
        let Some(rows) = &self.rows else {
            return false;
        };
        let reached = |y: usize| {
            reaches
                .iter()
                .any(|r| r.is_none_or(|r| (y + 1) as f32 > r.y && (y as f32) < r.y + r.h))
        };
        if rows.iter().any(|(y, _)| reached(*y)) {
            return false;
        }
        for (y, row) in rows {
            indices[y * width..(y + 1) * width].copy_from_slice(row);
        }
        true
    }

    /// How many rows are held (`None`: the texts are drawn in their bands).
    #[cfg(test)]
    pub(super) fn rows(&self) -> Option<usize> {
        self.rows.as_ref().map(Vec::len)
    }
}
