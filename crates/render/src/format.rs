//! Output formats: images (drawn from a [`Layout`](crate::Layout)), text
//! boards (written from the position alone) and canonical FEN.
//!
//! The three kinds take different paths through the pipeline, so they are
//! three variants of [`Format`] rather than one flat list: a renderer matches
//! the kind once and each branch handles every case it can receive.

use std::fmt;
use std::str::FromStr;

use crate::text::TextFormat;

/// An image format: drawn from a [`Layout`](crate::Layout) by the SVG writer
/// or the rasterizer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ImageFormat {
    /// Scalable vector graphics.
    Svg,
    /// PNG image.
    Png,
    /// Lossless WebP image.
    Webp,
    /// JPEG image.
    Jpeg,
    /// GIF image (256 colours, one transparent), as lila-gif serves them.
    Gif,
}

/// A picture for a terminal: an inline-image protocol, or half blocks in
/// 24-bit colour for terminals with none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TerminalFormat {
    /// kitty graphics protocol (kitty, Ghostty, Konsole).
    Kitty,
    /// iTerm2 inline images (iTerm2, WezTerm, mintty).
    Iterm,
    /// DEC sixel graphics (foot, mlterm, xterm -ti vt340, Windows Terminal).
    Sixel,
    /// A picture in Unicode half blocks with 24-bit colours.
    Blocks,
}

/// An output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// An image of the board.
    Image(ImageFormat),
    /// A text board.
    Text(TextFormat),
    /// A picture for a terminal.
    Terminal(TerminalFormat),
    /// Canonical FEN (six fields, one line).
    Fen,
}

impl Format {
    /// SVG image ([`ImageFormat::Svg`]).
    pub const SVG: Format = Format::Image(ImageFormat::Svg);
    /// PNG image ([`ImageFormat::Png`]).
    pub const PNG: Format = Format::Image(ImageFormat::Png);
    /// Lossless WebP image ([`ImageFormat::Webp`]).
    pub const WEBP: Format = Format::Image(ImageFormat::Webp);
    /// JPEG image ([`ImageFormat::Jpeg`]).
    pub const JPEG: Format = Format::Image(ImageFormat::Jpeg);
    /// GIF image ([`ImageFormat::Gif`]).
    pub const GIF: Format = Format::Image(ImageFormat::Gif);
    /// 7-bit text board ([`TextFormat::Ascii`]).
    pub const ASCII: Format = Format::Text(TextFormat::Ascii);
    /// Text board with chess glyphs ([`TextFormat::Unicode`]).
    pub const UNICODE: Format = Format::Text(TextFormat::Unicode);
    /// Text board in 24-bit terminal colours ([`TextFormat::Ansi`]).
    pub const ANSI: Format = Format::Text(TextFormat::Ansi);
    /// The string chess diagram fonts expect ([`TextFormat::Font`]).
    pub const FONT: Format = Format::Text(TextFormat::Font);
    /// HTML table for e-mail ([`TextFormat::Html`]).
    pub const HTML: Format = Format::Text(TextFormat::Html);
    /// kitty graphics protocol ([`TerminalFormat::Kitty`]).
    pub const KITTY: Format = Format::Terminal(TerminalFormat::Kitty);
    /// iTerm2 inline image ([`TerminalFormat::Iterm`]).
    pub const ITERM: Format = Format::Terminal(TerminalFormat::Iterm);
    /// Sixel graphics ([`TerminalFormat::Sixel`]).
    pub const SIXEL: Format = Format::Terminal(TerminalFormat::Sixel);
    /// Half-block picture ([`TerminalFormat::Blocks`]).
    pub const BLOCKS: Format = Format::Terminal(TerminalFormat::Blocks);

    /// All formats, in `--help` order.
    pub const ALL: [Format; 15] = [
        Format::SVG,
        Format::PNG,
        Format::WEBP,
        Format::JPEG,
        Format::GIF,
        Format::ASCII,
        Format::UNICODE,
        Format::ANSI,
        Format::FONT,
        Format::HTML,
        Format::KITTY,
        Format::ITERM,
        Format::SIXEL,
        Format::BLOCKS,
        Format::Fen,
    ];

    /// The name used by `--format` (and accepted by [`str::parse`]).
    pub fn name(self) -> &'static str {
        match self {
            Format::Image(ImageFormat::Svg) => "svg",
            Format::Image(ImageFormat::Png) => "png",
            Format::Image(ImageFormat::Webp) => "webp",
            Format::Image(ImageFormat::Jpeg) => "jpeg",
            Format::Image(ImageFormat::Gif) => "gif",
            Format::Text(TextFormat::Ascii) => "ascii",
            Format::Text(TextFormat::Unicode) => "unicode",
            Format::Text(TextFormat::Ansi) => "ansi",
            Format::Text(TextFormat::Font) => "font",
            Format::Text(TextFormat::Html) => "html",
            Format::Terminal(TerminalFormat::Kitty) => "kitty",
            Format::Terminal(TerminalFormat::Iterm) => "iterm",
            Format::Terminal(TerminalFormat::Sixel) => "sixel",
            Format::Terminal(TerminalFormat::Blocks) => "blocks",
            Format::Fen => "fen",
        }
    }

    /// What the format is, in a few words (for `--help`).
    pub fn description(self) -> &'static str {
        match self {
            Format::Image(ImageFormat::Svg) => "SVG image",
            Format::Image(ImageFormat::Png) => "PNG image",
            Format::Image(ImageFormat::Webp) => "Lossless WebP image",
            Format::Image(ImageFormat::Jpeg) => "JPEG image",
            Format::Image(ImageFormat::Gif) => "GIF image",
            Format::Text(TextFormat::Ascii) => "7-bit text board",
            Format::Text(TextFormat::Unicode) => "Unicode chess glyphs",
            Format::Text(TextFormat::Ansi) => "Coloured terminal board",
            Format::Text(TextFormat::Font) => "Chess diagram font string (Merida, Leipzig, Alpha)",
            Format::Text(TextFormat::Html) => "HTML table for e-mail",
            Format::Terminal(TerminalFormat::Kitty) => "Image for kitty, Ghostty, Konsole",
            Format::Terminal(TerminalFormat::Iterm) => "Image for iTerm2, WezTerm, mintty",
            Format::Terminal(TerminalFormat::Sixel) => {
                "Sixel image (foot, mlterm, xterm, Windows Terminal)"
            }
            Format::Terminal(TerminalFormat::Blocks) => "Picture in coloured half blocks",
            Format::Fen => "Canonical FEN",
        }
    }

    /// Every file name extension [`Format::from_extension`] knows, in the
    /// order help text lists them.
    pub const EXTENSIONS: [&'static str; 13] = [
        "svg", "png", "apng", "webp", "jpg", "jpeg", "gif", "txt", "html", "htm", "six", "sixel",
        "fen",
    ];

    /// The format a file name extension implies (one of
    /// [`Format::EXTENSIONS`], any case).
    pub fn from_extension(ext: &str) -> Option<Format> {
        Some(match ext.to_ascii_lowercase().as_str() {
            "svg" => Format::SVG,
            // An animated PNG is a PNG (`--animate -o game.apng`); a still
            // written under this name is a one-frame PNG.
            "png" | "apng" => Format::PNG,
            "webp" => Format::WEBP,
            "jpg" | "jpeg" => Format::JPEG,
            "gif" => Format::GIF,
            "txt" => Format::ASCII,
            "html" | "htm" => Format::HTML,
            "six" | "sixel" => Format::SIXEL,
            "fen" => Format::Fen,
            _ => return None,
        })
    }

    /// The usual file name extension.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Image(ImageFormat::Svg) => "svg",
            Format::Image(ImageFormat::Png) => "png",
            Format::Image(ImageFormat::Webp) => "webp",
            Format::Image(ImageFormat::Jpeg) => "jpg",
            Format::Image(ImageFormat::Gif) => "gif",
            Format::Text(TextFormat::Html) => "html",
            Format::Terminal(TerminalFormat::Sixel) => "six",
            Format::Text(_) | Format::Terminal(_) => "txt",
            Format::Fen => "fen",
        }
    }

    /// Whether the output is a binary image (not for a terminal).
    pub fn is_binary(self) -> bool {
        matches!(
            self,
            Format::Image(
                ImageFormat::Png | ImageFormat::Webp | ImageFormat::Jpeg | ImageFormat::Gif
            )
        )
    }
}

impl From<ImageFormat> for Format {
    fn from(f: ImageFormat) -> Format {
        Format::Image(f)
    }
}

impl From<TerminalFormat> for Format {
    fn from(f: TerminalFormat) -> Format {
        Format::Terminal(f)
    }
}

impl From<TextFormat> for Format {
    fn from(f: TextFormat) -> Format {
        Format::Text(f)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is neither a format's name nor a file extension.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownFormat;

impl fmt::Display for UnknownFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown format; expected one of")?;
        for format in Format::ALL {
            write!(f, " {}", format.name())?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownFormat {}

/// A format by its `--format` name (`svg png webp jpeg gif ascii unicode
/// ansi font fen`) or by a file extension (`jpg`, `txt`), in any case.
impl FromStr for Format {
    type Err = UnknownFormat;

    fn from_str(s: &str) -> Result<Format, UnknownFormat> {
        Format::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(s))
            .or_else(|| Format::from_extension(s))
            .ok_or(UnknownFormat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_extensions_parse_back() {
        for format in Format::ALL {
            assert_eq!(format.name().parse::<Format>(), Ok(format));
            assert_eq!(format.name().to_uppercase().parse::<Format>(), Ok(format));
        }
        assert_eq!("jpg".parse::<Format>(), Ok(Format::JPEG));
        assert_eq!("txt".parse::<Format>(), Ok(Format::ASCII));
        assert_eq!("JPEG".parse::<Format>(), Ok(Format::JPEG));
        assert_eq!("GIF".parse::<Format>(), Ok(Format::GIF));
        assert_eq!("apng".parse::<Format>(), Ok(Format::PNG));
        assert_eq!("bmp".parse::<Format>(), Err(UnknownFormat));
        assert_eq!("".parse::<Format>(), Err(UnknownFormat));
        assert_eq!(" svg".parse::<Format>(), Err(UnknownFormat));
    }

    #[test]
    fn the_extension_list_is_what_from_extension_knows() {
        for ext in Format::EXTENSIONS {
            assert!(Format::from_extension(ext).is_some(), "{ext}");
        }
        for format in Format::ALL {
            assert!(Format::EXTENSIONS.contains(&format.extension()));
        }
    }

    #[test]
    fn every_format_has_a_distinct_name_and_its_extension_maps_home() {
        let mut names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Format::ALL.len());
        for format in Format::ALL {
            let back = Format::from_extension(format.extension()).unwrap();
            // Text boards and terminal pictures share `.txt`, which means ASCII.
            match format {
                Format::HTML | Format::SIXEL => assert_eq!(back, format),
                Format::Text(_) | Format::Terminal(_) => assert_eq!(back, Format::ASCII),
                _ => assert_eq!(back, format),
            }
        }
    }

    #[test]
    fn only_raster_images_are_binary() {
        let binary: Vec<Format> = Format::ALL.into_iter().filter(|f| f.is_binary()).collect();
        assert_eq!(
            binary,
            [Format::PNG, Format::WEBP, Format::JPEG, Format::GIF]
        );
    }

    #[test]
    fn unknown_format_message_lists_the_names() {
        let message = UnknownFormat.to_string();
        assert!(message.ends_with(
            "svg png webp jpeg gif ascii unicode ansi font html kitty iterm sixel blocks fen"
        ));
    }
}
