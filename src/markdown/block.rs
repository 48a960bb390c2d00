//! A found block into its diagrams: fen blocks by [`super::diagram`], pgn
//! blocks by [`super::game_block`], which builds on the fen path's maker.
//! The dispatch lives here so that the arrows point one way: `block` →
//! {`game_block` → `diagram`}.

use super::diagram::{at_info, DiagramMaker, DocError, Made};
use super::fence::{BlockKind, FenBlock};
use super::{game_block, game_keys, info, numbering};

impl DiagramMaker {
    /// Renders `block`; a bad option, FEN or game is an error at its place
    /// in the document (every bad option of the block, not only the
    /// first). Never a default board.
    pub fn make(&mut self, block: &FenBlock) -> Result<Made, Vec<DocError>> {
        let attrs =
            info::parse(&block.info).map_err(|e| vec![at_info(block, e.column, e.message)])?;
        self.make_attrs(block, &attrs)
    }

    /// Renders `block` with its options read elsewhere (Pandoc's
    /// attributes, whose columns are 0). Its diagrams get the page's next
    /// numbers when it is numbered ([`super::numbering`]).
    pub fn make_attrs(
        &mut self,
        block: &FenBlock,
        attrs: &[info::Attr],
    ) -> Result<Made, Vec<DocError>> {
        let (number, attrs): (Vec<&info::Attr>, Vec<&info::Attr>) =
            attrs.iter().partition(|a| numbering::is_number(a));
        let attrs: Vec<info::Attr> = attrs.into_iter().cloned().collect();
        let first = self
            .numbers
            .first(number.last().copied())
            .map_err(|(column, message)| vec![at_info(block, column, message)])?;
        let made = self.make_numbered(block, &attrs, first)?;
        if let Some(first) = first {
            self.numbers.used(first, made.diagrams.len());
        }
        Ok(made)
    }

    /// Renders `block` (its `number` taken out), numbered from `first`.
    fn make_numbered(
        &mut self,
        block: &FenBlock,
        attrs: &[info::Attr],
        first: Option<u32>,
    ) -> Result<Made, Vec<DocError>> {
        if block.kind == BlockKind::Pgn {
            return game_block::make(self, block, attrs, first);
        }
        let wrong: Vec<DocError> = attrs
            .iter()
            .filter(|a| game_keys::is_game_key(&a.key))
            .map(|a| {
                at_info(
                    block,
                    a.column,
                    format!(
                        "'{}' chooses a position of a game: it is an option of pgn blocks, \
                         not of fen blocks",
                        a.key
                    ),
                )
            })
            .collect();
        if !wrong.is_empty() {
            return Err(wrong);
        }
        let options = self
            .parser
            .resolve(&self.defaults, attrs)
            .map_err(|errors| {
                errors
                    .into_iter()
                    .map(|e| at_info(block, e.column, e.message))
                    .collect::<Vec<_>>()
            })?;
        self.make_fen(block, options, first).map_err(|e| vec![e])
    }
}
