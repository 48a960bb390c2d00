//! One block → its diagrams: a fen block's one (parse its FEN, resolve its
//! options, render), a pgn block's several ([`super::game_block`]).
//! Renderers are kept per set of options, so a page (or a whole site) of
//! diagrams with the same options shares one.

use std::collections::HashMap;

use fen2img_render::alt_text;
use fen2img_render::chess::problem::{looks_like_fairy_fen, parse_fairy_fen};
use fen2img_render::fingerprint;
use fen2img_render::options::{Around, Caption};
use fen2img_render::problem::alt_text as problem_alt_text;
use fen2img_render::render_problem;
use fen2img_render::{Format, ImageFormat, Position, RenderOptions, Renderer, Width};
use fen2img_support::digest::stable_hash;

use super::fence::FenBlock;
use super::game_keys;
use super::info;
use super::numbering::{self, PageNumbers};
use super::options::{BlockOptions, OptionReader};
use crate::args::{strict_refusal, warn_around};

/// A problem in a document, at a 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (bytes).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// A rendered diagram and what goes around it.
#[derive(Debug, Clone)]
pub struct Diagram {
    /// The image (SVG text or PNG bytes).
    pub bytes: Vec<u8>,
    /// The alt text: `alt=`, or the plain description of the position.
    pub alt: String,
    /// The block's options (caption, id).
    pub options: BlockOptions,
    /// Width and height in pixels.
    pub size: (u32, u32),
    /// Content hash: FEN, options, format and fen2img's version (of an
    /// animation: its bytes).
    pub hash: u64,
    /// The bytes are an animated GIF (a pgn block's `animate`), whatever
    /// the page's image format.
    pub animated: bool,
}

/// What a block became: its diagrams (one for a fen block, one per
/// chosen position for a pgn block) and what the reader noted.
#[derive(Debug, Clone)]
pub struct Made {
    /// The diagrams, in the block's order.
    pub diagrams: Vec<Diagram>,
    /// Legality warnings (FEN, when not `--strict`) and the lenient PGN
    /// reader's notes, each at its place.
    pub warnings: Vec<DocError>,
}

/// Renders blocks in one format with project defaults.
pub struct DiagramMaker {
    pub(super) format: Format,
    /// Defaults that are render options (and caption, alt, id).
    pub(super) defaults: Vec<info::Attr>,
    /// Defaults that choose a game's positions: pgn blocks only.
    pub(super) game_defaults: Vec<info::Attr>,
    pub(super) parser: OptionReader,
    /// The page's diagram numbers (the defaults' `number` among them).
    pub(super) numbers: PageNumbers,
    /// Animations become their last frame (an output that cannot show a GIF).
    pub(super) stills_only: bool,
    /// Each diagram a one-page PDF (`--images pdf`), drawn from the layout
    /// of the SVG renderer (`format` is SVG then).
    pub(super) pdf: bool,
    /// Renderer and the hash of its resolved options, per token list.
    renderers: HashMap<Vec<String>, (Renderer, u64)>,
    /// The page's animations by what decides their bytes, so a page that
    /// animates the same stretch of a game twice draws it once (the page
    /// holds their bytes anyway; emptied with each page).
    pub(super) animations: HashMap<u64, Vec<u8>>,
}

impl DiagramMaker {
    /// A maker of `format` images with `defaults` under every block's options.
    pub fn new(format: Format, defaults: Vec<info::Attr>) -> DiagramMaker {
        // `figurine = true` in book.toml is for the games; fen blocks
        // never see it.
        let (game_defaults, defaults): (Vec<_>, Vec<_>) = defaults
            .into_iter()
            .partition(|a| game_keys::is_game_key(&a.key));
        // `number` counts across the page, never a token of the renderer.
        let (number, defaults): (Vec<_>, Vec<_>) =
            defaults.into_iter().partition(numbering::is_number);
        DiagramMaker {
            format,
            defaults,
            game_defaults,
            parser: OptionReader::new(format),
            numbers: PageNumbers::new(number.into_iter().last()),
            stills_only: false,
            pdf: false,
            renderers: HashMap::new(),
            animations: HashMap::new(),
        }
    }

    /// With `true`, a pgn block's `animate` draws the animation's last
    /// frame as a still, with a warning: for outputs that cannot show a
    /// GIF (LaTeX cannot include one, so Pandoc's PDF would fail).
    pub fn set_stills_only(&mut self, on: bool) {
        self.stills_only = on;
    }

    /// With `true`, every diagram is a one-page PDF (made with SVG as the
    /// format): vector figures for LaTeX, as the command line writes them.
    pub fn set_pdf(&mut self, on: bool) {
        self.pdf = on && self.format == Format::SVG;
    }

    /// The extension of the diagrams' files: `pdf`, or the format's.
    pub fn extension(&self) -> &'static str {
        match self.pdf {
            true => "pdf",
            false => match self.format {
                Format::Image(ImageFormat::Png) => "png",
                Format::Image(ImageFormat::Webp) => "webp",
                Format::Image(ImageFormat::Jpeg) => "jpg",
                _ => "svg",
            },
        }
    }

    /// `options`' PDF page when the maker writes PDF: `Some`, with the
    /// block's printed width if it gave one.
    pub(super) fn pdf_page(&self, options: &BlockOptions) -> Option<Option<Width>> {
        self.pdf.then_some(options.printed)
    }

    /// A new page (a file, an mdBook chapter): diagram numbers start again.
    pub fn start_page(&mut self) {
        self.numbers.start_page();
        self.animations.clear();
    }

    /// The renderer for resolved `options` (made once per token list), with
    /// the hash of its canonical options.
    pub(super) fn renderer(
        &mut self,
        block: &FenBlock,
        options: &BlockOptions,
    ) -> Result<&mut (Renderer, u64), DocError> {
        if !self.renderers.contains_key(&options.tokens) {
            let render = RenderOptions::clone(&options.render);
            // As the command line warns, once per set of options; text
            // boards print the text as given.
            if !matches!(self.format, Format::Text(_) | Format::Fen) {
                warn_around(&render.diagram.around);
            }
            // The canonical options (every field, the version included).
            let hash = fen2img_render::fingerprint::options_digest(&render);
            self.renderers
                .insert(options.tokens.clone(), (Renderer::new(render), hash));
        }
        self.renderers
            .get_mut(&options.tokens)
            .ok_or_else(|| at_info(block, 0, "internal: no renderer".into()))
    }

    /// A fen block's diagram, numbered `number` when it is numbered.
    pub(super) fn make_fen(
        &mut self,
        block: &FenBlock,
        options: BlockOptions,
        number: Option<u32>,
    ) -> Result<Made, DocError> {
        let at_info = |column: usize, message: String| at_info(block, column, message);
        one_position(block)?;
        let record = match fen2img_render::parse(
            block.body.as_bytes(),
            fen2img_render::ParseOptions::default().with_strict(options.strict),
        ) {
            Ok(record) => record,
            Err(e) => return self.make_fairy(block, options, &e),
        };
        let warnings = record_warnings(block, &record, options.strict)?;
        let position = record.position;
        let mut options = options;
        if options.caption.as_deref() == Some("auto") {
            // As the command line's `--caption auto`: the side to move.
            let auto = Around {
                caption: Some(Caption::Auto),
                ..Around::default()
            };
            options.caption = auto.caption_text(position.turn);
        }
        let format = self.format;
        let pdf = self.pdf_page(&options);
        let (renderer, options_hash) = self.renderer(block, &options)?;
        if pdf.is_some() && renderer.options().problem.asked() {
            return Err(at_info(0, NO_PROBLEM_PDF.into()));
        }
        let fen = position.to_string();
        // The page's number goes on this diagram only: the renderer (one
        // for every block of these options) gets its options back after.
        let base = number.map(|n| {
            let base = renderer.options().clone();
            let mut numbered = base.clone();
            numbered.diagram.around.number = Some(n);
            renderer.set_options(numbered);
            base
        });
        let rendered = draw(renderer, &position, pdf);
        let digest = match base {
            Some(_) => fingerprint::options_digest(renderer.options()),
            None => *options_hash,
        };
        // Everything drawn, in words: caption, number and players, the
        // position, and every annotation on it.
        let alt = options.alt.clone().unwrap_or_else(|| {
            let o = renderer.options();
            if !o.problem.asked() {
                return alt_text(&position, &o.diagram);
            }
            // Drawn as a problem: the problem's words, as its <desc>.
            let mut problem = fen2img_render::problem::from_position(&position);
            o.problem.apply(&mut problem);
            problem_alt_text(&problem)
        });
        if let Some(base) = base {
            renderer.set_options(base);
        }
        let bytes = rendered.map_err(|e| at_info(0, e))?;
        let hash = output_hash(content_hash(format, digest, &fen), pdf);
        let size = image_size(&bytes).unwrap_or((0, 0));
        Ok(Made {
            diagrams: vec![Diagram {
                bytes,
                alt,
                options,
                size,
                hash,
                animated: false,
            }],
            warnings,
        })
    }

    /// A fen block the FEN parser refused (`e`): a problem block (or one
    /// holding Fairy FEN's own signs) is read as Fairy FEN, as the command
    /// line's --problem does; anything else keeps FEN's message.
    fn make_fairy(
        &mut self,
        block: &FenBlock,
        options: BlockOptions,
        e: &fen2img_render::FenError,
    ) -> Result<Made, DocError> {
        let fairy = looks_like_fairy_fen(&block.body);
        let format = self.format;
        let pdf = self.pdf;
        let (renderer, options_hash) = self.renderer(block, &options)?;
        if !fairy && !renderer.options().problem.asked() {
            return Err(DocError {
                line: block.body_line,
                column: block.body_column + e.offset,
                message: format!("invalid FEN: {e}"),
            });
        }
        let digest = *options_hash;
        if pdf {
            return Err(at_info(block, 0, NO_PROBLEM_PDF.into()));
        }
        fairy_diagram(block, renderer, digest, format, options)
    }
}

/// A fen block whose body is Fairy FEN, drawn with the problem layout
/// (neutral and turned pieces, fairy pieces, texts on squares) and the
/// block's problem options over the words the FEN carries.
fn fairy_diagram(
    block: &FenBlock,
    renderer: &mut Renderer,
    digest: u64,
    format: Format,
    options: BlockOptions,
) -> Result<Made, DocError> {
    let mut problem = parse_fairy_fen(&block.body).map_err(|e| DocError {
        line: block.body_line,
        column: block.body_column + e.column().saturating_sub(1),
        message: format!("invalid Fairy FEN: {}", e.message()),
    })?;
    renderer.options().problem.apply(&mut problem);
    let bytes = render_problem(&problem, renderer.options())
        .map_err(|e| at_info(block, 0, e.to_string()))?;
    let alt = options
        .alt
        .clone()
        .unwrap_or_else(|| problem_alt_text(&problem));
    let hash = content_hash(format, digest, &problem.to_fairy_fen());
    let size = image_size(&bytes).unwrap_or((0, 0));
    Ok(Made {
        diagrams: vec![Diagram {
            bytes,
            alt,
            options,
            size,
            hash,
            animated: false,
        }],
        warnings: Vec::new(),
    })
}

/// `position` drawn by `renderer`: in its format, or with `pdf` a one-page
/// PDF, the page the printed width given (else the image's pixels at its
/// resolution), the bytes `fen2img -o x.pdf` writes for the same options.
pub(super) fn draw(
    renderer: &mut Renderer,
    position: &Position,
    pdf: Option<Option<Width>>,
) -> Result<Vec<u8>, String> {
    let Some(printed) = pdf else {
        return renderer.render(position).map_err(|e| e.to_string());
    };
    let layout = renderer.layout(position).map_err(|e| e.to_string())?;
    let page = fen2img_pdf::PageWidth::of(printed, renderer.options().encode.dpi);
    fen2img_pdf::diagram(&layout, page).map_err(|e| format!("cannot write the PDF: {e}"))
}

/// A diagram's content hash as its file is named: `hash`, or for a PDF
/// `hash` told apart by the page (two printed widths may give the same
/// pixels, and different pages).
pub(super) fn output_hash(hash: u64, pdf: Option<Option<Width>>) -> u64 {
    match pdf {
        None => hash,
        Some(printed) => {
            let page = printed.map(|w| w.to_string()).unwrap_or_default();
            stable_hash(&[b"pdf", &hash.to_le_bytes(), page.as_bytes()])
        }
    }
}

/// An error in `block`'s info string, at its 1-based `column` there (0:
/// the option came from the defaults or from Pandoc's attributes).
pub(super) fn at_info(block: &FenBlock, column: usize, message: String) -> DocError {
    DocError {
        line: block.fence_line,
        column: block.info_column + column.saturating_sub(1),
        message,
    }
}

/// A diagram's content hash: fen2img's version, the format, the digest of
/// every render option and the position.
pub(super) fn content_hash(format: Format, options_digest: u64, fen: &str) -> u64 {
    stable_hash(&[
        env!("CARGO_PKG_VERSION").as_bytes(),
        format.name().as_bytes(),
        &options_digest.to_le_bytes(),
        fen.as_bytes(),
    ])
}

/// Width and height of a PNG (its IHDR), a GIF (its logical screen) or
/// an SVG (the root's attributes).
pub fn image_size(bytes: &[u8]) -> Option<(u32, u32)> {
    if bytes.starts_with(b"\x89PNG") && bytes.len() >= 24 {
        let w = u32::from_be_bytes(bytes[16..20].try_into().ok()?);
        let h = u32::from_be_bytes(bytes[20..24].try_into().ok()?);
        return Some((w, h));
    }
    if bytes.starts_with(b"GIF8") && bytes.len() >= 10 {
        let w = u16::from_le_bytes(bytes[6..8].try_into().ok()?);
        let h = u16::from_le_bytes(bytes[8..10].try_into().ok()?);
        return Some((u32::from(w), u32::from(h)));
    }
    // Lossy: the cut at 512 bytes may split a character of the title.
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(512)]);
    let root = &text[..text.find('>')?];
    let attr = |name: &str| -> Option<u32> {
        let at = root.find(&format!(" {name}=\""))? + name.len() + 3;
        let end = root[at..].find('"')?;
        root[at..at + end]
            .parse::<f64>()
            .ok()
            .map(|v| v.round() as u32)
    };
    Some((attr("width")?, attr("height")?))
}

/// Why a problem block is refused with `--images pdf`: the PDF writer
/// draws the ordinary diagram's layout, a problem has its own writer.
const NO_PROBLEM_PDF: &str = "a problem is not written as PDF yet: use --images svg or png";

/// A fen block holds one position, on the line after the fence.
fn one_position(block: &FenBlock) -> Result<(), DocError> {
    if let Some(&line) = block.extra_lines.first() {
        return Err(DocError {
            line,
            column: 1,
            message: "a fen block holds one position; this line is one too many".into(),
        });
    }
    if block.body.is_empty() {
        return Err(DocError {
            line: block.body_line,
            column: 1,
            message: "this fen block is empty: write a FEN on the line after the fence".into(),
        });
    }
    Ok(())
}

/// The position's warnings (kings, checks, castling), each placed at the
/// block's FEN; with `strict`, the first refusal instead.
fn record_warnings(
    block: &FenBlock,
    record: &fen2img_render::Record,
    strict: bool,
) -> Result<Vec<DocError>, DocError> {
    let at_fen = |message: String| DocError {
        line: block.body_line,
        column: block.body_column,
        message,
    };
    if strict {
        return match strict_refusal(record) {
            Some(refusal) => Err(at_fen(refusal)),
            None => Ok(Vec::new()),
        };
    }
    Ok(record
        .warnings()
        .iter()
        .map(|w| at_fen(w.to_string()))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markdown::fence::find_blocks;

    fn make(doc: &str) -> Result<Diagram, DocError> {
        let blocks = find_blocks(doc).unwrap();
        DiagramMaker::new(Format::SVG, Vec::new())
            .make(&blocks[0])
            .map(|mut m| m.diagrams.remove(0))
            .map_err(|mut e| e.remove(0))
    }

    #[test]
    fn caption_auto_is_the_side_to_move_as_on_the_command_line() {
        let d = make(
            "```fen caption=auto
8/8/8/8/8/8/8/K6k b - - 0 1
```
",
        )
        .unwrap();
        assert_eq!(d.options.caption.as_deref(), Some("Black to move"));
        let d = make(
            "```fen caption=\"auto \"
8/8/8/8/8/8/8/K6k b - - 0 1
```
",
        )
        .unwrap();
        assert_eq!(
            d.options.caption.as_deref(),
            Some("auto "),
            "only the word itself"
        );
    }

    #[test]
    fn a_block_becomes_an_svg_with_its_description() {
        let d = make("```fen size=240 caption=Mate\n8/8/8/8/8/8/8/K6k w - - 0 1\n```\n").unwrap();
        assert!(d.bytes.starts_with(b"<svg"));
        assert_eq!(d.size.0, 240);
        assert!(d.alt.starts_with("White to move."), "{}", d.alt);
        assert_eq!(d.options.caption.as_deref(), Some("Mate"));
        // The alt text says every annotation drawn, as --alt does.
        let d = make(
            "```fen arrow=Ge2e4 mark=d5 glyph=e4:!! label=a1:A lastmove=e2e4\n\
             8/8/8/8/4P3/8/8/K6k b - - 0 1\n```\n",
        )
        .unwrap();
        for said in [
            "Last move e2 to e4.",
            "Arrow: green e2 to e4.",
            "Marked with an X: d5.",
            "e4: brilliant move, marked !!.",
            "a1: label A.",
        ] {
            assert!(d.alt.contains(said), "{said}: {}", d.alt);
        }
    }

    #[test]
    fn a_bad_fen_is_an_error_at_its_character_in_the_document() {
        // Body on line 3, indented by 2; the 9 in rank 1 is the bad character.
        let doc = "text\n```fen\n  8/8/8/8/8/8/8/K6k9 w - - 0 1\n```\n";
        let e = make(doc).unwrap_err();
        assert_eq!(e.line, 3);
        let col = doc.lines().nth(2).unwrap().find("K6k9").unwrap() + 1;
        assert!(
            (col..=col + 4).contains(&e.column),
            "column {} for {}",
            e.column,
            e.message
        );
        assert!(e.message.starts_with("invalid FEN"), "{}", e.message);
    }

    #[test]
    fn option_errors_point_into_the_info_string() {
        let e = make("```fen flip bogus\n8/8/8/8/8/8/8/K6k w - - 0 1\n```\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 13));
        let e = make("```fen\n\n```\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("empty"));
    }

    #[test]
    fn sizes_come_from_png_and_svg_headers() {
        assert_eq!(
            image_size(b"<svg a=\"1\" width=\"12\" height=\"34\">"),
            Some((12, 34))
        );
        assert_eq!(image_size(b"<svg>"), None);
        assert_eq!(image_size(b"GIF89a\x2c\x01\x40\x01\0"), Some((300, 320)));
        assert_eq!(image_size(&[0xe2; 600]), None);
        assert_eq!(image_size(b""), None);
    }

    #[test]
    fn the_hash_follows_position_and_options() {
        let a = make("```fen\n8/8/8/8/8/8/8/K6k w - - 0 1\n```\n").unwrap();
        let b = make("```fen\n8/8/8/8/8/8/8/K6k w - - 0 1\n```\n").unwrap();
        let c = make("```fen flip\n8/8/8/8/8/8/8/K6k w - - 0 1\n```\n").unwrap();
        let d = make("```fen\n8/8/8/8/8/8/8/K5k1 w - - 0 1\n```\n").unwrap();
        assert_eq!(a.hash, b.hash);
        assert_ne!(a.hash, c.hash);
        assert_ne!(a.hash, d.hash);
    }
}
