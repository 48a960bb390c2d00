//! The display list: everything a layout draws, bottom first, as one
//! sequence of resolved items that every writer walks in order.
//!
//! The layout keeps its parts typed (the shared [`Frame`](super::Frame),
//! the per-board pieces and markup) because the rasterizer caches by part;
//! [`Layout::items`] is the one place that decides in which order they are
//! painted. A writer is then a `match` over [`Item`]: it draws what the item
//! says, with the paint the layout resolved, and decides nothing itself.

use super::frame::LabelCasing;
use super::item::Item;
use super::items::Glow;
use super::Layout;
use crate::assets::theme::Annotations;

impl Layout {
    /// Everything this layout draws, bottom first. The background's items
    /// come first, so a writer that caches it draws that prefix once and
    /// the rest per board; the other layers follow in
    /// [`Layer`](super::Layer) order, but for one-ink themes' marks, which
    /// lie under the pieces (see [`Layer::Overlay`](super::Layer::Overlay)).
    pub fn items(&self) -> Vec<Item<'_>> {
        let board = &self.frame.board;
        // A board with the usual markup has 10 to 30 items.
        let mut items = Vec::with_capacity(32);
        items.extend(board.background.map(Item::Background));
        items.extend(board.border.map(|(r, c)| Item::Rect(r, c)));
        items.push(Item::Rect(board.board, board.light));
        if board.dark != board.light {
            items.push(Item::DarkSquares(board, board.dark));
        }
        items.extend(board.hatch.map(|h| Item::Hatch(board, h)));
        items.extend(board.tints.iter().map(|t| Item::Rect(t.rect, t.color)));
        items.extend(self.glows.iter().map(Item::Glow));
        if !board.labels.is_empty() && !board.labels_over_pieces {
            items.push(Item::Labels(&board.labels));
        }
        items.extend(board.panels.iter().map(|p| Item::Rect(p.rect, p.color)));
        items.extend(board.discs.iter().map(Item::Disc));
        items.extend(board.texts.iter().map(Item::Text));
        items.extend(self.arrows_under.iter().map(Item::Polygon));
        // One ink (print): the marks lie under the pieces, whose paper
        // halos cut them where they meet, so a piece under a mark stays
        // whole (a mark over it, with its paper casing, wiped the piece to
        // fragments); on screen a translucent mark goes over the piece.
        let under = self.frame.markup.annotations == Annotations::Ink;
        if under {
            self.push_marks(&mut items);
        }
        if !self.pieces.is_empty() {
            if let Some(halo) = self.frame.sprites.halo {
                items.push(Item::PieceHalos(&self.pieces, halo));
            }
            items.push(Item::Pieces(&self.pieces));
        }
        if !board.labels.is_empty() && board.labels_over_pieces {
            // Casings in the squares' colours show the glows under them.
            let glows: &[Glow] = match board.label_casing {
                LabelCasing::Ground(_) => &self.glows,
                LabelCasing::None | LabelCasing::Paint(_) => &[],
            };
            items.push(Item::CornerLabels(&board.labels, glows));
        }
        let around = &self.around;
        if !around.pocket_pieces.is_empty() {
            items.push(Item::PocketPieces(&around.pocket_pieces));
        }
        items.extend(self.frames.iter().map(Item::Polygon));
        items.extend(around.badges.iter().map(Item::Badge));
        items.extend(around.promoted.iter().map(Item::PromotedSign));
        items.extend(around.checks.iter().map(Item::Polygon));
        if !under {
            self.push_marks(&mut items);
        }
        items.extend(self.labels.iter().map(Item::SquareLabel));
        items.extend(self.glyphs.iter().map(Item::GlyphBadge));
        items.extend(self.mover.as_ref().map(Item::Mover));
        items
    }

    /// X marks, circles and arrows, in that order.
    fn push_marks<'a>(&'a self, items: &mut Vec<Item<'a>>) {
        items.extend(self.crosses.iter().map(Item::Cross));
        items.extend(self.rings.iter().map(Item::Ring));
        items.extend(self.arrows.iter().map(Item::Polygon));
    }

    /// Whether anything is drawn over the pieces (X marks, circles, arrows,
    /// count badges and signs) or beside them (pieces in hand): what the
    /// palette compositor cannot draw from its tiles. Tints and glows lie
    /// under the pieces, like the squares.
    pub fn has_overlay(&self) -> bool {
        !(self.crosses.is_empty()
            && self.frames.is_empty()
            && self.rings.is_empty()
            && self.arrows.is_empty()
            && self.labels.is_empty()
            && self.glyphs.is_empty()
            && self.around.is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assets::theme::Theme;
    use crate::layout::Layer;
    use crate::options::{ArrowSpec, CheckMark, Coordinates, DiagramOptions, Markup};
    use crate::test_support::{layout, sq};

    #[test]
    fn items_come_in_layer_order_with_everything_placed() {
        // (theme, glows, rings, polygons, hatch and halos): print draws the
        // check as a ring, the R circle as a double line (two rings),
        // cases its arrows and boxes the last move's piece again over it;
        // brown glows and tints.
        for (theme, glows, rings, polygons, haloed) in
            [("print", 0, 3, 3, 1), ("brown", 1, 1, 1, 0)]
        {
            let options = DiagramOptions {
                theme: Theme::built_in(theme).unwrap(),
                markup: Markup {
                    lastmove: Some((sq("e2"), sq("e4"))),
                    check: CheckMark::Square(sq("e8")),
                    arrows: vec![
                        ArrowSpec::parse("Gg1f3").unwrap(),
                        ArrowSpec::parse("Rd4").unwrap(),
                    ],
                    marks: vec![sq("d5")],
                    ..Markup::default()
                },
                ..DiagramOptions::default()
            };
            let l = layout(
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                &options,
            );
            let items = l.items();
            let layers: Vec<Layer> = items.iter().map(Item::layer).collect();
            // The background comes first (what a writer caches); print's
            // marks lie under the pieces, the others' over them.
            let background = layers.iter().take_while(|&&l| l == Layer::Background);
            assert!(!layers[background.count()..].contains(&Layer::Background));
            let at = |f: fn(&Item) -> bool| items.iter().position(f).unwrap();
            let (cross, pieces) = (
                at(|i| matches!(i, Item::Cross(_))),
                at(|i| matches!(i, Item::Pieces(_))),
            );
            assert_eq!(cross < pieces, theme == "print", "{theme}: {layers:?}");
            let count = |f: fn(&Item) -> bool| items.iter().filter(|i| f(i)).count();
            assert_eq!(count(|i| matches!(i, Item::Glow(_))), glows, "{theme}");
            assert_eq!(count(|i| matches!(i, Item::Cross(_))), 1, "{theme}");
            assert_eq!(count(|i| matches!(i, Item::Ring(_))), rings, "{theme}");
            assert_eq!(
                count(|i| matches!(i, Item::Polygon(_))),
                polygons,
                "{theme}"
            );
            assert_eq!(count(|i| matches!(i, Item::Mover(_))), 1, "{theme}");
            assert_eq!(count(|i| matches!(i, Item::Hatch(..))), haloed, "{theme}");
            assert_eq!(
                count(|i| matches!(i, Item::PieceHalos(..))),
                haloed,
                "{theme}"
            );
            match items.iter().find(|i| matches!(i, Item::Pieces(_))) {
                Some(Item::Pieces(pieces)) => assert_eq!(pieces.len(), 32),
                other => panic!("no pieces: {other:?}"),
            }
            assert!(l.has_overlay());
        }
    }

    #[test]
    fn an_empty_plain_board_is_just_its_squares() {
        let options = DiagramOptions {
            coordinates: Coordinates::None,
            side_to_move: false,
            border: false,
            transparent: true,
            ..DiagramOptions::default()
        };
        let l = layout("8/8/8/8/8/8/8/8 w - - 0 1", &options);
        let items = l.items();
        assert!(
            matches!(
                items.as_slice(),
                [Item::Rect(_, _), Item::DarkSquares(_, _)]
            ),
            "{items:?}"
        );
        assert!(!l.has_overlay());
    }
}
