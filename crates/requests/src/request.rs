//! One diagram request, normalized: what every API (our own, web-boardimage's,
//! lila-gif's) reads its parameters into. Its canonical text decides the
//! ETag and which worker renderer can be reused.

use std::fmt::Write as _;

use fen2img_render::chess::problem::Problem;
use fen2img_render::options::{Around, ArrowSpec, Caption, CheckMark, Player, ProblemOptions};
use fen2img_render::Rgba;
use fen2img_render::{
    render_problem, Coordinates, Format, Glyph, Position, Preset, RenderOptions, Renderer, Square,
    Theme, Width,
};

/// The most arrows, marks and fills one request may ask for: the render
/// library's one bound for untrusted front ends.
pub use fen2img_render::options::MAX_MARKUP;

/// The margin: the theme's colour, another colour, or transparent.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Background {
    /// This colour.
    Color(Rgba),
    /// Transparent (PNG, WebP, SVG).
    None,
}

/// A request for one diagram. `None` fields take the server's defaults
/// (the render flags `fen2img serve` was started with).
#[derive(Debug, Clone)]
pub struct DiagramRequest {
    /// The position.
    pub position: Position,
    /// Output format; SVG for a PDF (drawn from the SVG writer's layout).
    pub format: Format,
    /// A one-page PDF (`/diagram.pdf`), not an image: its page is
    /// [`DiagramRequest::printed`] wide, else `size` pixels at `dpi`.
    pub pdf: bool,
    /// The `size` as given when it is a printed width (`35mm`): a PDF's
    /// page is exactly that wide.
    pub printed: Option<Width>,
    /// Width in pixels.
    pub size: Option<u32>,
    /// A built-in theme's name (never a path: requests come from the network).
    pub theme: Option<&'static str>,
    /// A piece set loaded at start-up by `--piece-sets`, by name (never a
    /// path); `None` for the server's own set.
    pub pieces: Option<&'static str>,
    /// Light and dark square colours over the theme's (web-boardimage's
    /// `wikipedia` colours, which no built-in theme has; lichess's own
    /// colours for the lila-gif drop-in's boards).
    pub squares: Option<(Rgba, Rgba)>,
    /// The last move's tint over the theme's (lila-gif's one highlight on
    /// every board).
    pub lastmove_tint: Option<Rgba>,
    /// Black at the bottom.
    pub flip: Option<bool>,
    /// Where coordinates go.
    pub coords: Option<Coordinates>,
    /// The side-to-move marker.
    pub side_to_move: Option<bool>,
    /// The frame around the board.
    pub border: Option<bool>,
    /// The margin colour.
    pub background: Option<Background>,
    /// The last move's squares.
    pub lastmove: Option<(Square, Square)>,
    /// The check glow.
    pub check: Option<CheckMark>,
    /// Arrows and circles (replace the defaults' when any is given).
    pub arrows: Vec<ArrowSpec>,
    /// X marks.
    pub marks: Vec<Square>,
    /// Filled squares.
    pub fills: Vec<(Square, Rgba)>,
    /// Move-quality glyphs on squares (`glyph=e4:!!`).
    pub glyphs: Vec<(Square, Glyph)>,
    /// Labels on squares (`label=e4:A`).
    pub labels: Vec<(Square, String)>,
    /// JPEG quality.
    pub quality: Option<u8>,
    /// Caption, number and player bars (over the defaults' when any is set).
    pub around: Around,
    /// The page (`/og.png`: the social preview); `None` for the defaults'.
    pub preset: Option<Preset>,
    /// Resolution written into the image (PNG `pHYs`): asked for, or 96
    /// for a printed `size`.
    pub dpi: Option<u32>,
    /// Arrows a knight's move long drawn straight, not as an L.
    pub straight_knight_arrows: Option<bool>,
    /// Unicode boards: white and black glyphs swapped.
    pub swap_glyphs: Option<bool>,
    /// SVG: the start of every id (empty: bare ids). Checked by the options
    /// table as an XML id start, so it never holds a quote or `<`.
    pub id_prefix: Option<String>,
    /// The chess problem layout and its words (`problem`, `stipulation`,
    /// `author`, `source`, `award`); the default draws none.
    pub problem: ProblemOptions,
    /// The units of a `fen` given as Fairy FEN (neutral `-`, turned `*1`-`*3`,
    /// `(!S2)` tokens, fairy pieces, texts): drawn as a problem instead of
    /// `position`, which is then empty. `None` for an ordinary FEN.
    pub fairy: Option<Problem>,
}

impl DiagramRequest {
    /// Takes the marks a game draws on one of its positions (`d`, whose
    /// position this request draws): the last move, the king in check,
    /// `[%cal]`/`[%csl]` arrows and circles, the move's glyph, and player
    /// bars from the tags with their clocks. Parameters read afterwards
    /// add to these or replace them.
    pub fn take_game_marks(&mut self, d: fen2img_games::GameDiagram) {
        self.lastmove = d.lastmove;
        self.check = d.check.map(CheckMark::Square);
        self.arrows = d.arrows;
        self.glyphs = d.glyph.into_iter().collect();
        self.around.white = d.white;
        self.around.black = d.black;
    }

    /// A request for `position` in `format` with every option at the default.
    pub fn new(position: Position, format: Format) -> DiagramRequest {
        DiagramRequest {
            position,
            format,
            pdf: false,
            printed: None,
            size: None,
            theme: None,
            pieces: None,
            squares: None,
            lastmove_tint: None,
            flip: None,
            coords: None,
            side_to_move: None,
            border: None,
            background: None,
            lastmove: None,
            check: None,
            arrows: Vec::new(),
            marks: Vec::new(),
            fills: Vec::new(),
            glyphs: Vec::new(),
            labels: Vec::new(),
            quality: None,
            around: Around::default(),
            preset: None,
            dpi: None,
            straight_knight_arrows: None,
            swap_glyphs: None,
            id_prefix: None,
            problem: ProblemOptions::default(),
            fairy: None,
        }
    }

    /// What the image shows, as canonical text for the `ETag` and the
    /// response cache: the position's FEN, or `problem ` and the Fairy FEN
    /// of a problem's units (never a FEN: a FEN has six fields).
    pub fn subject(&self) -> String {
        match &self.fairy {
            Some(units) => format!("problem {}", units.to_fairy_fen()),
            None => self.position.to_string(),
        }
    }

    /// Draws the request with `renderer`, made with [`Self::options`]: the
    /// position, or the Fairy FEN's problem with the request's caption
    /// words over it, as `fen2img --problem` draws it.
    pub fn draw(&self, renderer: &mut Renderer) -> Result<Vec<u8>, fen2img_render::Error> {
        match &self.fairy {
            None => renderer.render(&self.position),
            Some(units) => {
                let mut problem = units.clone();
                renderer.options().problem.apply(&mut problem);
                render_problem(&problem, renderer.options())
            }
        }
    }

    /// Everything but the position, as text in a fixed order with fixed
    /// spellings: two requests that differ only in parameter order, case of
    /// booleans or percent-encoding have the same text. Renderers are reused
    /// for equal texts; together with the canonical FEN it names the image.
    pub fn options_key(&self) -> String {
        let mut k = String::new();
        let opt = |v: Option<String>| v.unwrap_or_else(|| "-".into());
        let _ = write!(k, "format={};", self.format.name());
        let _ = write!(k, "size={};", opt(self.size.map(|s| s.to_string())));
        let _ = write!(k, "theme={};", self.theme.unwrap_or("-"));
        if let Some(pieces) = self.pieces {
            // Set names are `[a-z0-9_-]`: no separator inside.
            let _ = write!(k, "pieces={pieces};");
        }
        if let Some((light, dark)) = self.squares {
            let _ = write!(k, "squares={light}/{dark};");
        }
        if let Some(tint) = self.lastmove_tint {
            let _ = write!(k, "lastmove_tint={tint};");
        }
        let _ = write!(k, "flip={};", opt(self.flip.map(|b| b.to_string())));
        let _ = write!(k, "coords={:?};", self.coords);
        let _ = write!(k, "stm={:?};", self.side_to_move);
        let _ = write!(k, "border={:?};", self.border);
        let bg = match self.background {
            None => "-".to_string(),
            Some(Background::None) => "none".to_string(),
            Some(Background::Color(c)) => c.to_string(),
        };
        let _ = write!(k, "background={bg};");
        let lastmove = self.lastmove.map(|(a, b)| format!("{a}{b}"));
        let _ = write!(k, "lastmove={};", opt(lastmove));
        let check = match self.check {
            None => "-".to_string(),
            Some(CheckMark::None) => "none".to_string(),
            Some(CheckMark::Auto) => "auto".to_string(),
            Some(CheckMark::Square(s)) => s.to_string(),
        };
        let _ = write!(k, "check={check};arrows=");
        for a in &self.arrows {
            let _ = write!(k, "{:?}{}{},", a.brush, a.from, a.to);
        }
        k.push_str(";marks=");
        for m in &self.marks {
            let _ = write!(k, "{m},");
        }
        k.push_str(";fills=");
        for (s, c) in &self.fills {
            let _ = write!(k, "{s}:{c},");
        }
        // Glyphs by NAG, labels length-prefixed: no text passes for another.
        k.push_str(";glyphs=");
        for (s, g) in &self.glyphs {
            let _ = write!(k, "{s}:{},", g.nag());
        }
        k.push_str(";labels=");
        for (s, t) in &self.labels {
            let _ = write!(k, "{s}:{}:{t},", t.len());
        }
        let _ = write!(k, ";quality={}", opt(self.quality.map(|q| q.to_string())));
        if let Some(preset) = self.preset {
            let _ = write!(k, ";preset={preset:?}");
        }
        // Written only when given, so the keys (and ETags) of requests that
        // give none of them are what they were.
        if let Some(dpi) = self.dpi {
            let _ = write!(k, ";dpi={dpi}");
        }
        if let Some(v) = self.straight_knight_arrows {
            let _ = write!(k, ";straight_knight_arrows={v}");
        }
        if let Some(v) = self.swap_glyphs {
            let _ = write!(k, ";swap_glyphs={v}");
        }
        if let Some(prefix) = &self.id_prefix {
            let _ = write!(k, ";id_prefix={prefix:?}");
        }
        if self.pdf {
            // Only a PDF's: two printed widths may give the same pixels,
            // and their pages still differ.
            let printed = self.printed.map(|w| w.to_string());
            let _ = write!(k, ";pdf;printed={}", opt(printed));
        }
        if self.problem.asked() {
            // Debug quotes and escapes each text: no two differ alike.
            let _ = write!(k, ";problem={:?}", self.problem);
        }
        around_key(&mut k, &self.around);
        k
    }

    /// The full render options: the server's `defaults` with this request's
    /// choices over them.
    pub fn options(&self, defaults: &RenderOptions) -> RenderOptions {
        let mut o = defaults.clone();
        o.format = self.format;
        let d = &mut o.diagram;
        if let Some(size) = self.size {
            d.size = size;
        }
        if let Some(theme) = self.theme.and_then(Theme::built_in) {
            d.theme = theme;
        }
        if let Some((_, set)) = self.pieces.and_then(crate::piece_sets::find) {
            d.pieces = Some(set.clone());
        }
        if let Some((light, dark)) = self.squares {
            d.theme.light = light;
            d.theme.dark = dark;
        }
        if let Some(tint) = self.lastmove_tint {
            d.theme.lastmove = tint;
        }
        if let Some(v) = self.flip {
            d.flip = v;
        }
        if let Some(v) = self.coords {
            d.coordinates = v;
        }
        if let Some(v) = self.side_to_move {
            d.side_to_move = v;
        }
        if let Some(v) = self.border {
            d.border = v;
        }
        match self.background {
            None => {}
            Some(Background::None) => d.transparent = true,
            Some(Background::Color(c)) => {
                d.transparent = false;
                d.theme.background = Some(c);
            }
        }
        if self.lastmove.is_some() {
            d.markup.lastmove = self.lastmove;
        }
        if let Some(check) = self.check {
            d.markup.check = check;
        }
        if self.around != Around::default() {
            d.around = self.around.clone();
        }
        if !self.arrows.is_empty() {
            d.markup.arrows = self.arrows.clone();
        }
        if !self.marks.is_empty() {
            d.markup.marks = self.marks.clone();
        }
        if !self.fills.is_empty() {
            d.markup.fills = self.fills.clone();
        }
        if !self.glyphs.is_empty() {
            d.markup.glyphs = self.glyphs.clone();
        }
        if !self.labels.is_empty() {
            d.markup.labels = self.labels.clone();
        }
        if let Some(q) = self.quality {
            o.encode.quality = q;
        }
        if let Some(preset) = self.preset {
            o.diagram.preset = preset;
        }
        if let Some(dpi) = self.dpi {
            o.encode.dpi = Some(dpi);
        }
        if let Some(v) = self.straight_knight_arrows {
            o.diagram.markup.straight_knight_arrows = v;
        }
        if let Some(v) = self.swap_glyphs {
            o.swap_glyphs = v;
        }
        if let Some(prefix) = &self.id_prefix {
            o.svg_id_prefix = Some(prefix.clone());
        }
        if self.problem.asked() {
            o.problem = self.problem.clone();
        }
        o
    }
}

/// A built-in theme's name as a `'static` string, or `None` for anything
/// else (paths included: a request never names a file).
pub fn built_in_theme(name: &str) -> Option<&'static str> {
    Theme::built_in_names().find(|n| *n == name)
}

/// Most bytes in one text parameter (a caption, a name, a title, a number
/// format): enough for any real caption, small enough that text never
/// dominates a request's work.
pub const MAX_TEXT: usize = 256;

/// A text parameter, at most [`MAX_TEXT`] bytes.
pub fn text_param(name: &str, value: &str) -> Result<String, String> {
    if value.len() > MAX_TEXT {
        return Err(format!("{name}: at most {MAX_TEXT} bytes"));
    }
    Ok(value.to_string())
}

/// A player with only a name (lila-gif's `white` and `black`); `None` for
/// an empty name.
pub fn named_player(name: &str, value: &str) -> Result<Option<Player>, String> {
    let name = text_param(name, value)?;
    Ok((!name.trim().is_empty()).then(|| Player {
        name,
        ..Player::default()
    }))
}

/// Appends the caption, number and players to an options key. Texts are
/// written with Rust's string escaping, so no text can imitate a separator.
fn around_key(k: &mut String, a: &Around) {
    let caption = match &a.caption {
        None => "-".to_string(),
        Some(Caption::Auto) => "auto".to_string(),
        Some(Caption::Text(t)) => format!("{t:?}"),
    };
    let _ = write!(
        k,
        ";caption={caption};caption_position={:?};number={:?};number_format={:?}",
        a.caption_position, a.number, a.number_format
    );
    for (side, player) in [("white", &a.white), ("black", &a.black)] {
        match player {
            None => {
                let _ = write!(k, ";{side}=-");
            }
            Some(p) => {
                let _ = write!(k, ";{side}={:?}/{:?}/{:?}", p.name, p.title, p.elo);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> Position {
        fen2img_render::parse(
            b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            Default::default(),
        )
        .unwrap()
        .position
    }

    #[test]
    fn key_changes_with_every_option_and_overrides_apply() {
        let base = DiagramRequest::new(start(), Format::PNG);
        let mut other = base.clone();
        other.flip = Some(true);
        assert_ne!(base.options_key(), other.options_key());
        let mut marked = base.clone();
        marked.marks.push(Square::parse("e4").unwrap());
        assert_ne!(base.options_key(), marked.options_key());
        let o = other.options(&RenderOptions::new(Format::SVG));
        assert!(o.diagram.flip);
        assert_eq!(o.format, Format::PNG);
    }

    /// `dpi`, `straight_knight_arrows`, `swap_glyphs` and `id_prefix` each
    /// change the key (so the ETag and the response cache's key), and each
    /// reaches the render options.
    #[test]
    fn the_four_late_options_change_the_key_and_apply() {
        let base = DiagramRequest::new(start(), Format::SVG);
        let variants: [fn(&mut DiagramRequest); 9] = [
            |r| r.problem.stipulation = Some("#2".into()),
            |r| r.problem.authors = vec!["A, B".into()],
            |r| r.problem.authors = vec!["A".into(), "B".into()],
            |r| r.dpi = Some(150),
            |r| r.straight_knight_arrows = Some(true),
            |r| r.swap_glyphs = Some(true),
            |r| r.id_prefix = Some("board1".into()),
            |r| r.id_prefix = Some(String::new()),
            |r| r.id_prefix = Some("board2".into()),
        ];
        let mut keys = vec![base.options_key()];
        for change in variants {
            let mut r = base.clone();
            change(&mut r);
            keys.push(r.options_key());
        }
        let mut distinct = keys.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), keys.len(), "{keys:#?}");
        let mut r = base.clone();
        r.dpi = Some(150);
        r.straight_knight_arrows = Some(true);
        r.swap_glyphs = Some(true);
        r.id_prefix = Some("board1".into());
        let o = r.options(&RenderOptions::new(Format::SVG));
        assert_eq!(o.encode.dpi, Some(150));
        assert!(o.diagram.markup.straight_knight_arrows);
        assert!(o.swap_glyphs);
        assert_eq!(o.svg_id_prefix.as_deref(), Some("board1"));
        // Not given: the server's defaults stay.
        let mut defaults = RenderOptions::new(Format::SVG);
        defaults.svg_id_prefix = Some("site".into());
        defaults.swap_glyphs = true;
        let o = base.options(&defaults);
        assert_eq!(o.svg_id_prefix.as_deref(), Some("site"));
        assert!(o.swap_glyphs);
    }

    #[test]
    fn only_built_in_theme_names_are_accepted() {
        assert_eq!(built_in_theme("blue"), Some("blue"));
        assert_eq!(built_in_theme("/etc/passwd"), None);
        assert_eq!(built_in_theme("../templates/themes/brown.theme"), None);
    }
}
