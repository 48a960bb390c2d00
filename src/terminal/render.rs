//! Terminal pictures from the renderer: kitty and iTerm2 wrap the PNG the
//! renderer makes anyway, sixel takes its palette image, and the half-block
//! picture is drawn from a board rendered at four times its cell grid.

use std::sync::Arc;

use super::{blocks, protocols, sixel};
use crate::encode;
use crate::format::TerminalFormat;
use crate::layout::{Coordinates, Frame, Layout};
use crate::position::{Color, Position};
use crate::{Error, ImageFormat, Renderer};

/// The half-block board is rendered this many times larger than its cell
/// grid, then box-filtered down, so edges are smooth.
const SUPERSAMPLE: u32 = 4;

/// Pixels (columns) per square of the half-block board, within a terminal's
/// width: the default when the width is unknown, and the bounds. Even, so
/// that a square is a whole number of rows (two pixels a row).
const BLOCK_SQUARE_DEFAULT: u32 = 8;
const BLOCK_SQUARE_RANGE: std::ops::RangeInclusive<u32> = 4..=16;

impl Renderer {
    /// Renders `position` as a picture for a terminal.
    pub(crate) fn render_terminal(
        &mut self,
        position: &Position,
        format: TerminalFormat,
    ) -> Result<Vec<u8>, Error> {
        let cells = self.options().terminal;
        Ok(match format {
            TerminalFormat::Kitty => {
                protocols::kitty(&self.render_image(position, ImageFormat::Png)?, cells)
            }
            TerminalFormat::Iterm => protocols::iterm(
                &self.render_image(position, ImageFormat::Png)?,
                "board.png",
                cells,
            ),
            TerminalFormat::Sixel => {
                let layout = self.layout(position)?;
                let image = self.rasterizer.render_palette(&layout);
                sixel::encode(
                    image.width,
                    image.height,
                    &image.palette.colors,
                    &image.indices,
                )
                .map_err(|e| Error::Encode(encode::EncodeError::new("sixel", e)))?
            }
            TerminalFormat::Blocks => self.blocks(position)?,
        }
        .into_bytes())
    }

    /// The board in half blocks, with rank numbers, file letters and the
    /// side to move as text around it (at a few pixels per square, drawn
    /// labels would be unreadable).
    fn blocks(&mut self, position: &Position) -> Result<String, Error> {
        let options = self.options();
        let square = block_square(options.terminal.columns);
        let coordinates = options.diagram.coordinates != Coordinates::None;
        let flip = options.diagram.flip;
        let mut diagram = options.diagram.clone();
        diagram.coordinates = Coordinates::None;
        diagram.side_to_move = false;
        diagram.border = false;
        diagram.size = 8 * square * SUPERSAMPLE;
        let frame = Arc::new(Frame::new(&diagram)?);
        let layout = Layout::with_frame(position, frame, &diagram.markup);
        let pixmap = self.rasterizer.render(&layout);
        let (w, h) = (pixmap.width(), pixmap.height());
        let small = blocks::downscale(pixmap.data(), w, h, SUPERSAMPLE);
        let lines = blocks::picture(&small, w / SUPERSAMPLE, h / SUPERSAMPLE);
        Ok(label_blocks(
            &lines,
            square,
            flip,
            coordinates,
            position.turn,
        ))
    }
}

/// Columns per square for a terminal `columns` wide (two go to the rank
/// numbers): as large as fits, within bounds, even.
fn block_square(columns: Option<u32>) -> u32 {
    let fit = columns.map_or(BLOCK_SQUARE_DEFAULT, |c| c.saturating_sub(3) / 8);
    fit.clamp(*BLOCK_SQUARE_RANGE.start(), *BLOCK_SQUARE_RANGE.end()) & !1
}

/// Puts rank numbers beside the picture's rows (on the middle row of each
/// square), file letters under the middle of each square, and the side to
/// move below.
fn label_blocks(
    lines: &[String],
    square: u32,
    flip: bool,
    coordinates: bool,
    turn: Color,
) -> String {
    let rows_per_square = (square / 2) as usize;
    let mut out = String::with_capacity(lines.iter().map(|l| l.len() + 3).sum::<usize>() + 64);
    for (i, line) in lines.iter().enumerate() {
        if coordinates {
            let row = i / rows_per_square.max(1);
            if i % rows_per_square.max(1) == rows_per_square / 2 && row < 8 {
                let rank = if flip { row + 1 } else { 8 - row };
                out.push_str(&format!("{rank} "));
            } else {
                out.push_str("  ");
            }
        }
        out.push_str(line);
        out.push('\n');
    }
    if coordinates {
        out.push_str("  ");
        for col in 0..8u8 {
            let file = if flip { 7 - col } else { col };
            let half = (square / 2) as usize;
            out.push_str(&" ".repeat(half.saturating_sub(1)));
            out.push((b'a' + file) as char);
            out.push_str(&" ".repeat(square as usize - half));
        }
        // No trailing blanks.
        let trimmed = out.trim_end_matches(' ').len();
        out.truncate(trimmed);
        out.push('\n');
    }
    out.push_str(turn.name());
    out.push_str(" to move\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn block_squares_fit_the_terminal_and_are_even() {
        assert_eq!(block_square(None), 8);
        assert_eq!(block_square(Some(80)), 8);
        assert_eq!(block_square(Some(200)), 16);
        assert_eq!(block_square(Some(10)), 4);
        assert_eq!(block_square(Some(110)), 12, "(110 - 3) / 8 = 13, made even");
    }
}
