//! The flags of the document build steps (`fen2img md`, `mdbook`,
//! `pandoc`), here in the command-line layer so that `markdown/` never
//! sees clap: it reads these plain structs.

use std::path::PathBuf;

use clap::{Args, ValueEnum, ValueHint};

/// `--max-page-size`'s default: far above any page a person writes, far
/// below what would hurt to hold (pages are read whole, in parallel).
pub const DEFAULT_MAX_PAGE_SIZE: u64 = 16 << 20;

/// `--images` formats.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageArg {
    /// PNG files.
    Png,
    /// SVG files.
    Svg,
    /// Vector PDF files, one page each (tagged, at the printed `size=`),
    /// for documents headed to LaTeX: referenced as Markdown images, which
    /// Pandoc makes figures.
    Pdf,
}

/// `fen2img pandoc --images`: the figures of non-HTML outputs.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum PandocImageArg {
    /// PNG files (the default).
    Png,
    /// Vector PDF files (tagged, at the printed `size=`): what LaTeX
    /// places best (`pandoc -t latex`, `pandoc -o doc.pdf`).
    Pdf,
}

/// Rewrite Markdown pages: every ```fen block becomes a diagram.
#[derive(Args, Debug, Clone)]
pub struct MdArgs {
    /// Markdown files, or directories searched for *.md and *.markdown; HTML
    /// pages (*.html, *.htm) have their `<pre class="fen">` elements replaced.
    #[arg(value_name = "INPUT", required = true, value_hint = ValueHint::AnyPath)]
    pub inputs: Vec<PathBuf>,

    /// Write the rewritten pages here, keeping their paths below each input directory.
    #[arg(long, value_name = "DIR", value_hint = ValueHint::DirPath, conflicts_with = "in_place")]
    pub out_dir: Option<PathBuf>,

    /// Rewrite the pages where they are.
    #[arg(long)]
    pub in_place: bool,

    /// Where image files go (with --images); default: `diagrams` in the
    /// output directory (or the first input directory, with --in-place).
    #[arg(long, value_name = "DIR", value_hint = ValueHint::DirPath)]
    pub assets: Option<PathBuf>,

    /// The URL prefix of the images in the pages (e.g. `/diagrams/`);
    /// default: the path from each page to the assets directory. Hugo
    /// serves posts/x.md at /posts/x/, one level below the file, so a
    /// relative link breaks there: give `--assets static/diagrams
    /// --assets-url /diagrams/`.
    #[arg(long, value_name = "URL")]
    pub assets_url: Option<String>,

    /// Inline SVG in the page (the default). Hugo: its Markdown renderer
    /// drops raw HTML (diagrams included) unless the site's config sets
    /// `[markup.goldmark.renderer] unsafe = true`; fen2img warns when it
    /// finds a Hugo config without it.
    #[arg(long, conflicts_with = "images")]
    pub inline_svg: bool,

    /// Image files instead of inline SVG, referenced by `<img>` (raw HTML
    /// too: Hugo needs `unsafe = true` as for inline SVG); `pdf` files are
    /// referenced as Markdown images instead, for Pandoc and LaTeX.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub images: Option<ImageArg>,

    /// Only check the blocks (FEN and options); write nothing.
    #[arg(long)]
    pub check: bool,

    /// After an error, go on with the other pages (the exit code is still 2).
    #[arg(long)]
    pub keep_going: bool,

    /// Options for every block, written as after a fence: `--defaults 'size=300 coords=inside'`.
    #[arg(long, value_name = "OPTIONS")]
    pub defaults: Vec<String>,

    /// Follow symbolic links that lead out of the input directory (pages)
    /// or out of --out-dir (where pages are written); without it such
    /// links are not read or written through.
    #[arg(long)]
    pub follow_links: bool,

    /// The largest page, previous output page or cache file read, in
    /// bytes; a larger one (or a FIFO, a device) is an error or, for the
    /// cache, a full run.
    #[arg(long, value_name = "BYTES", default_value_t = DEFAULT_MAX_PAGE_SIZE)]
    pub max_page_size: u64,
}

/// mdBook preprocessor: `[preprocessor.fen2img] command = "fen2img mdbook"`.
#[derive(Args, Debug, Clone)]
pub struct MdbookArgs {
    /// `supports RENDERER`: exit 0 when RENDERER (html) is supported, 1 otherwise.
    #[arg(value_name = "supports RENDERER", num_args = 0..=2)]
    pub supports: Vec<String>,
}

/// Pandoc JSON filter, run by pandoc through tools/fen2img-pandoc.
#[derive(Args, Debug, Clone)]
pub struct PandocArgs {
    /// The output format Pandoc passes to its filters (html, latex, docx...).
    #[arg(value_name = "FORMAT")]
    pub format: String,

    /// Where image files go for non-HTML formats (also `FEN2IMG_ASSETS`);
    /// default `fen2img-images` in the current directory.
    #[arg(long, value_name = "DIR", value_hint = ValueHint::DirPath)]
    pub assets: Option<PathBuf>,

    /// Options for every block, as after a fence: `--defaults 'size=300'`.
    #[arg(long, value_name = "OPTIONS")]
    pub defaults: Vec<String>,

    /// The image files of non-HTML formats (HTML formats inline SVG):
    /// png (the default) or pdf; also `FEN2IMG_IMAGES`, as `pandoc
    /// --filter` passes no flags.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub images: Option<PandocImageArg>,
}
