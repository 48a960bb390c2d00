//! Terminal pictures from the renderer: kitty and iTerm2 wrap the PNG the
//! renderer makes anyway, sixel takes its palette image, and the half-block
//! picture is drawn from a board rendered at four times its cell grid.

use std::sync::Arc;

use super::{Error, Renderer};
use crate::encode;
use crate::format::ImageFormat;
use crate::format::TerminalFormat;
use crate::layout::{Frame, Layout};
use crate::options::Coordinates;
use crate::terminal::{blocks, protocols, sixel};
use fen2img_chess::{Color, Position};

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
                let image = self.rasterizer.render_palette(&layout, 256);
                sixel::encode(
                    image.width,
                    image.height,
                    &image.palette.colors,
                    &image.indices,
                )
                .map_err(|e| Error::Encode(encode::EncodeError::new("sixel", e)))?
                // A terminal leaves the cursor on the picture's last text
                // row (xterm -ti vt340): the shell's next line would
                // overwrite the file letters. A line break moves below.
                + "\n"
            }
            TerminalFormat::Blocks => self.blocks(position)?,
        }
        .into_bytes())
    }

    /// The board in half blocks, with rank numbers, file letters, the
    /// caption, player bars and side to move as text lines around it (at a
    /// few pixels per square, drawn text would be unreadable), fitted to
    /// the terminal's columns and rows.
    fn blocks(&mut self, position: &Position) -> Result<String, Error> {
        let options = self.options();
        let coordinates = options.diagram.coordinates != Coordinates::None;
        let flip = options.diagram.flip;
        let around = crate::text::AroundLines::new(&options.diagram.around, flip);
        // Text lines besides the picture: the around lines, file letters,
        // the side to move, and the shell's next prompt.
        let text_rows = around.above.len() + around.below.len() + usize::from(coordinates) + 2;
        let square = block_square(options.terminal.columns, options.terminal.rows, text_rows);
        let mut diagram = options.diagram.clone();
        diagram.around = Default::default();
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
        let mut out = String::new();
        for line in &around.above {
            out.push_str(line);
            out.push('\n');
        }
        let board = label_blocks(&lines, square, flip, coordinates, position.turn);
        // The side to move stays last, after the lines under the board.
        let (board, mover) = board
            .trim_end_matches('\n')
            .rsplit_once('\n')
            .unwrap_or(("", board.trim_end_matches('\n')));
        out.push_str(board);
        out.push('\n');
        for line in &around.below {
            out.push_str(line);
            out.push('\n');
        }
        out.push_str(mover);
        out.push('\n');
        Ok(out)
    }
}

/// Columns per square for a terminal `columns` wide (two go to the rank
/// numbers) and `rows` high (`text_rows` go to text; a square of `n`
/// columns is `n / 2` rows): as large as fits both, within bounds, even.
fn block_square(columns: Option<u32>, rows: Option<u32>, text_rows: usize) -> u32 {
    let wide = columns.map_or(BLOCK_SQUARE_DEFAULT, |c| c.saturating_sub(3) / 8);
    let high = rows.map_or(u32::MAX, |r| {
        r.saturating_sub(u32::try_from(text_rows).unwrap_or(u32::MAX)) / 4
    });
    wide.min(high)
        .clamp(*BLOCK_SQUARE_RANGE.start(), *BLOCK_SQUARE_RANGE.end())
        & !1
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
        assert_eq!(block_square(None, None, 3), 8);
        assert_eq!(block_square(Some(80), None, 3), 8);
        assert_eq!(block_square(Some(200), None, 3), 16);
        assert_eq!(block_square(Some(10), None, 3), 4);
        assert_eq!(
            block_square(Some(110), None, 3),
            12,
            "(110 - 3) / 8 = 13, made even"
        );
        // 45 rows with 3 text lines: 42 / 4 = 10 columns a square, 5 rows;
        // 40 picture rows and the text fit in 45.
        assert_eq!(block_square(Some(200), Some(45), 3), 10);
        assert_eq!(block_square(Some(200), Some(24), 3), 4, "never below 4");
    }

    #[test]
    fn blocks_print_caption_and_players_as_text_and_fit_the_height() {
        let text = String::from_utf8(render(Format::BLOCKS, |o| {
            o.terminal.columns = Some(200);
            o.terminal.rows = Some(45);
            o.diagram.around.caption = Some(crate::options::Caption::Text("The trap".into()));
            o.diagram.around.white = Some(crate::options::Player {
                name: "Legal".into(),
                ..Default::default()
            });
        }))
        .unwrap();
        let lines: Vec<&str> = text.lines().collect();
        // Picture, files, White's bar, caption, mover; a prompt line left.
        assert!(lines.len() < 45, "{} lines", lines.len());
        let n = lines.len();
        assert_eq!(lines[n - 3], "White: Legal");
        assert_eq!(lines[n - 2], "The trap");
        assert_eq!(lines[n - 1], "Black to move");
        assert!(
            lines[n - 4].trim_start().starts_with('a'),
            "{:?}",
            lines[n - 4]
        );
    }

    #[test]
    fn the_cursor_ends_below_a_sixel_picture() {
        let seq = String::from_utf8(render(Format::SIXEL, |_| {})).unwrap();
        assert!(seq.ends_with("\x1b\\\n"), "{:?}", &seq[seq.len() - 4..]);
    }

    use crate::{Format, RenderOptions};
    use base64::Engine as _;
    use fen2img_chess::{parse, ParseOptions};

    const FEN: &str = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4";

    fn position() -> Position {
        parse(FEN.as_bytes(), ParseOptions::default())
            .unwrap()
            .position
    }

    fn render(format: Format, edit: impl Fn(&mut RenderOptions)) -> Vec<u8> {
        let mut options = RenderOptions::new(format);
        options.diagram.markup.check = crate::options::CheckMark::Auto;
        edit(&mut options);
        Renderer::new(options).render(&position()).unwrap()
    }

    /// Straight RGBA pixels of a PNG, with its size.
    fn png_pixels(png: &[u8]) -> (u32, u32, Vec<[u8; 4]>) {
        let mut decoder = png::Decoder::new(std::io::Cursor::new(png));
        decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::ALPHA);
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        let pixels = buf[..info.buffer_size()]
            .chunks_exact(4)
            .map(|p| [p[0], p[1], p[2], p[3]])
            .collect();
        (info.width, info.height, pixels)
    }

    #[test]
    fn kitty_and_iterm_carry_the_png_itself() {
        let png = render(Format::PNG, |_| {});
        let kitty = String::from_utf8(render(Format::KITTY, |_| {})).unwrap();
        let payload: String = kitty
            .trim_end()
            .split("\x1b\\")
            .filter(|c| !c.is_empty())
            .map(|c| c.split_once(';').unwrap().1)
            .collect();
        let decoded = base64::engine::general_purpose::STANDARD
            .decode(payload)
            .unwrap();
        assert_eq!(decoded, png, "kitty: the PNG, byte for byte");
        let iterm = String::from_utf8(render(Format::ITERM, |_| {})).unwrap();
        let data = iterm
            .trim_end()
            .trim_end_matches('\x07')
            .rsplit(':')
            .next()
            .unwrap();
        let decoded = base64::engine::general_purpose::STANDARD
            .decode(data)
            .unwrap();
        assert_eq!(decoded, png, "iTerm2: the PNG, byte for byte");
    }

    #[test]
    fn sixel_decodes_to_the_png_within_sixel_colour_steps() {
        for arrows in [false, true] {
            let edit = |o: &mut RenderOptions| {
                if arrows {
                    // Markup over the pieces: the RGBA path and its palette.
                    o.diagram.markup.arrows =
                        vec![crate::options::ArrowSpec::parse("Gc4f7").unwrap()];
                }
            };
            let (w, h, want) = png_pixels(&render(Format::PNG, edit));
            let seq = String::from_utf8(render(Format::SIXEL, edit)).unwrap();
            let (sw, sh, got) = sixel::tests::decode(seq.trim_end_matches('\n'));
            assert_eq!((sw, sh), (w, h));
            let mut worst = 0;
            for (g, p) in got.iter().zip(&want) {
                for c in 0..3 {
                    worst = worst.max(g[c].abs_diff(p[c]));
                }
            }
            // Sixel colours are in whole percent: at most half a step off
            // (1.3 / 255) each way; the median-cut palette of an arrowed
            // board may merge near colours a little more.
            let limit = if arrows { 24 } else { 2 };
            assert!(
                worst <= limit,
                "arrows {arrows}: worst channel difference {worst}"
            );
        }
    }

    #[test]
    fn blocks_are_the_png_box_filtered_to_the_cell_grid() {
        // The same board as a PNG: no coordinates, marker or border, at four
        // times the 8-pixel squares of the default block picture.
        let (w, h, big) = png_pixels(&render(Format::PNG, |o| {
            o.diagram.coordinates = Coordinates::None;
            o.diagram.side_to_move = false;
            o.diagram.border = false;
            o.diagram.size = 8 * 8 * SUPERSAMPLE;
        }));
        let text = String::from_utf8(render(Format::BLOCKS, |o| {
            o.diagram.coordinates = Coordinates::None;
        }))
        .unwrap();
        let lines: Vec<String> = text
            .lines()
            .take_while(|l| l.contains('\x1b'))
            .map(str::to_string)
            .collect();
        let got = blocks::tests::decode(&lines, 64);
        assert_eq!(got.len(), 64 * 64);
        let (sw, sh) = (w / SUPERSAMPLE, h / SUPERSAMPLE);
        assert_eq!((sw, sh), (64, 64));
        let mut worst = 0u8;
        for y in 0..sh {
            for x in 0..sw {
                let mut sum = [0u32; 3];
                for dy in 0..SUPERSAMPLE {
                    for dx in 0..SUPERSAMPLE {
                        let p = big[((y * SUPERSAMPLE + dy) * w + x * SUPERSAMPLE + dx) as usize];
                        for c in 0..3 {
                            sum[c] += p[c] as u32;
                        }
                    }
                }
                let n = SUPERSAMPLE * SUPERSAMPLE;
                let g = got[(y * sw + x) as usize];
                for c in 0..3 {
                    worst = worst.max(g[c].abs_diff(((sum[c] + n / 2) / n) as u8));
                }
            }
        }
        // The PNG's palette is a median cut (cburnett's edges bring more
        // than 256 colours), which moves edge shades a little: 2 levels
        // with strokes expanded at the size, 3 with cburnett's outlines
        // expanded in advance.
        assert!(worst <= 3, "worst channel difference {worst}");
        assert!(text.ends_with("Black to move\n"));
    }

    #[test]
    fn block_labels_follow_the_orientation() {
        let text = String::from_utf8(render(Format::BLOCKS, |o| o.diagram.flip = true)).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 32 + 2, "four rows a square, files, mover");
        assert!(
            lines[2].starts_with("1 "),
            "rank 1 on top when flipped, mid-square"
        );
        assert!(lines[30].starts_with("8 "));
        assert_eq!(
            lines[32].trim(),
            "h       g       f       e       d       c       b       a"
        );
    }
}
