//! What is drawn around the board besides coordinates and the side-to-move
//! marker: the caption, the diagram's number and the player bars
//! ([`Around`]), and their text as text boards and alt text write it.

use std::fmt;
use std::str::FromStr;

use fen2img_chess::notation::ValueError;
use fen2img_chess::Color;
use fen2img_support::quote::shown;

use super::words::{one_of, Words};

/// A caption's text.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Caption {
    /// This text.
    Text(String),
    /// The side to move in words ("White to move", "Black to move"), as
    /// newspapers print under diagrams.
    Auto,
}

/// Where the caption (and the diagram number) goes: `below` or `above`.
///
/// ```
/// use fen2img_render::CaptionPosition;
///
/// assert_eq!("above".parse::<CaptionPosition>()?, CaptionPosition::Above);
/// assert_eq!(CaptionPosition::Below.to_string(), "below");
/// # Ok::<(), fen2img_render::ValueError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CaptionPosition {
    /// Under the board (as in books).
    #[default]
    Below,
    /// Over the board.
    Above,
}

impl Words for CaptionPosition {
    const WORDS: &'static [(&'static str, CaptionPosition)] = &[
        ("below", CaptionPosition::Below),
        ("above", CaptionPosition::Above),
    ];
}

impl FromStr for CaptionPosition {
    type Err = ValueError;

    fn from_str(text: &str) -> Result<CaptionPosition, ValueError> {
        one_of(text)
    }
}

impl fmt::Display for CaptionPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// A player named in a bar beside the board.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Player {
    /// The name, drawn in bold.
    pub name: String,
    /// A title such as `GM`, drawn before the name in a distinct colour.
    pub title: Option<String>,
    /// The rating, drawn after the name in regular weight.
    pub elo: Option<u32>,
    /// Time left on the player's clock in hundredths of a second (lila-gif's
    /// unit), drawn at the bar's right end as lichess writes it (see
    /// [`Player::clock_text`]).
    pub clock: Option<u32>,
}

impl Player {
    /// The clock as lichess and lila-gif write it: `1:02:03` from an hour,
    /// `2:05` from a minute, and `00:09.4` (tenths) under a minute, when
    /// every tenth counts.
    pub fn clock_text(&self) -> Option<String> {
        self.clock.map(format_clock)
    }
}

/// `centis` hundredths of a second as a clock (see [`Player::clock_text`]).
pub fn format_clock(centis: u32) -> String {
    let secs = centis / 100;
    let (hours, mins, s) = (secs / 3600, secs % 3600 / 60, secs % 60);
    if hours > 0 {
        format!("{hours}:{mins:02}:{s:02}")
    } else if mins > 0 {
        format!("{mins}:{s:02}")
    } else {
        format!("00:{s:02}.{}", centis % 100 / 10)
    }
}

/// Text around the board: caption, number and player bars. Each adds
/// height; the image width stays `--size`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Around {
    /// The caption, if any.
    pub caption: Option<Caption>,
    /// Where caption and number go. Default below.
    pub caption_position: CaptionPosition,
    /// The diagram's number, drawn (in bold) before the caption.
    pub number: Option<u32>,
    /// How the number is written: `{n}` stands for it. Default
    /// `"Diagram {n}"` when `None`.
    pub number_format: Option<String>,
    /// White's bar (at White's side of the board).
    pub white: Option<Player>,
    /// Black's bar.
    pub black: Option<Player>,
}

/// The default `number_format`.
pub const DEFAULT_NUMBER_FORMAT: &str = "Diagram {n}";

impl Around {
    /// The number as written, if any.
    pub fn number_text(&self) -> Option<String> {
        let n = self.number?;
        let format = self
            .number_format
            .as_deref()
            .unwrap_or(DEFAULT_NUMBER_FORMAT);
        Some(format.replace("{n}", &n.to_string()))
    }

    /// The caption as written for a position with `turn` to move.
    pub fn caption_text(&self, turn: Color) -> Option<String> {
        match self.caption.as_ref()? {
            Caption::Text(text) => Some(text.clone()),
            Caption::Auto => Some(format!("{} to move", turn.name())),
        }
    }

    /// The player of `color`, if named.
    pub fn player(&self, color: Color) -> Option<&Player> {
        match color {
            Color::White => self.white.as_ref(),
            Color::Black => self.black.as_ref(),
        }
    }

    /// The number and the caption on one line (`Diagram 3: The opening`),
    /// for text boards, safe to show ([`shown`]: no control or bidi
    /// override reaches a terminal or a page); an automatic caption is left out, since a text
    /// board ends with the side to move anyway.
    pub fn caption_line(&self) -> Option<String> {
        let caption = match &self.caption {
            Some(Caption::Text(text)) if !text.trim().is_empty() => Some(text.trim()),
            _ => None,
        };
        let line = match (self.number_text(), caption) {
            (Some(n), Some(c)) => format!("{n}: {c}"),
            (Some(n), None) => n,
            (None, Some(c)) => c.to_string(),
            (None, None) => return None,
        };
        Some(shown(&line).into_owned())
    }

    /// The player of `color` on one line (`White: GM Carlsen, Magnus
    /// (2830)`), for text boards, if named; safe to show like
    /// [`Around::caption_line`].
    pub fn player_line(&self, color: Color) -> Option<String> {
        let player = self.player(color)?;
        let mut line = format!("{}: ", color.name());
        if let Some(title) = player
            .title
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty())
        {
            line.push_str(title);
            line.push(' ');
        }
        line.push_str(player.name.trim());
        if let Some(elo) = player.elo {
            line.push_str(&format!(" ({elo})"));
        }
        if let Some(clock) = player.clock_text() {
            line.push_str(&format!(", clock {clock}"));
        }
        Some(shown(&line).into_owned())
    }

    /// The alt text's lead: number, caption (unless automatic: the
    /// description says who is to move anyway) and players, in words;
    /// safe to show like [`Around::caption_line`] (it is `--alt`, the
    /// HTML table's label and the SVG's `<desc>`).
    pub fn describe(&self) -> String {
        let mut parts: Vec<String> = Vec::new();
        let caption = match &self.caption {
            Some(Caption::Text(t)) if !t.trim().is_empty() => Some(t.trim().to_string()),
            _ => None,
        };
        match (self.number_text(), caption) {
            (Some(n), Some(c)) => parts.push(sentence(&format!("{n}: {c}"))),
            (Some(n), None) => parts.push(sentence(&n)),
            (None, Some(c)) => parts.push(sentence(&c)),
            (None, None) => {}
        }
        for color in [Color::White, Color::Black] {
            if let Some(p) = self.player(color) {
                let mut s = format!("{} player: ", color.name());
                if let Some(t) = p.title.as_deref().filter(|t| !t.trim().is_empty()) {
                    s.push_str(t.trim());
                    s.push(' ');
                }
                s.push_str(p.name.trim());
                if let Some(elo) = p.elo {
                    s.push_str(&format!(", rated {elo}"));
                }
                let unnamed = p.name.trim().is_empty() && p.title.is_none() && p.elo.is_none();
                match p.clock_text() {
                    // A bar that holds only a clock (lila-gif's games), or
                    // nothing yet.
                    Some(clock) if unnamed => s = format!("{}'s clock: {clock}", color.name()),
                    Some(clock) => s.push_str(&format!(", {clock} on the clock")),
                    None if unnamed => continue,
                    None => {}
                }
                parts.push(sentence(&s));
            }
        }
        shown(&parts.join(" ")).into_owned()
    }

    /// Every piece of text drawn, for checking that the font has it.
    pub fn texts(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        out.extend(self.number_text());
        if let Some(Caption::Text(text)) = &self.caption {
            out.push(text.clone());
        }
        for p in [&self.white, &self.black].into_iter().flatten() {
            out.push(p.name.clone());
            out.extend(p.title.clone());
            out.extend(p.clock_text());
        }
        out
    }
}

/// `text` ending with a full stop (unless it ends in punctuation).
fn sentence(text: &str) -> String {
    if text.ends_with(['.', '!', '?', '…', ':']) {
        text.to_string()
    } else {
        format!("{text}.")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_automatic_captions_are_written_out() {
        let mut around = Around {
            number: Some(12),
            caption: Some(Caption::Auto),
            ..Around::default()
        };
        assert_eq!(around.number_text().as_deref(), Some("Diagram 12"));
        assert_eq!(
            around.caption_text(Color::Black).as_deref(),
            Some("Black to move")
        );
        around.number_format = Some("Fig. {n}.".into());
        assert_eq!(around.number_text().as_deref(), Some("Fig. 12."));
        assert_eq!(Around::default().number_text(), None);
    }

    #[test]
    fn clocks_read_as_lichess_writes_them() {
        assert_eq!(format_clock(0), "00:00.0");
        assert_eq!(format_clock(947), "00:09.4");
        assert_eq!(format_clock(5999), "00:59.9");
        assert_eq!(format_clock(6000), "1:00");
        assert_eq!(format_clock(12_550), "2:05");
        assert_eq!(format_clock(372_300), "1:02:03");
        assert_eq!(format_clock(u32::MAX), "11930:27:52");
        let around = Around {
            white: Some(Player {
                clock: Some(12_550),
                ..Player::default()
            }),
            black: Some(Player {
                name: "Carlsen".into(),
                clock: Some(947),
                ..Player::default()
            }),
            ..Around::default()
        };
        assert_eq!(
            around.describe(),
            "White's clock: 2:05. Black player: Carlsen, 00:09.4 on the clock."
        );
    }
}
