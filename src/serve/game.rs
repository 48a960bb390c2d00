//! lila-gif's `POST /game.gif`: a JSON game (`white`, `black`, `comment`,
//! `orientation`, `theme`, `piece`, `coordinates`, `delay`, `frames:
//! [{fen, delay, lastMove, check, glyph, clock: {white, black}}]`) into an
//! animated GIF whose later frames hold only what changed; or a game as
//! PGN (the body, or a `pgn` field), one frame per position. A frame's glyph
//! is a badge on the square its last move went to, and clocks (hundredths
//! of a second) are drawn in the player bars, which a game with clocks
//! has even without names, as lila-gif draws them.

use fen2img_render::{Format, Glyph, ParseOptions, Square};
use serde_json::Value;

use std::time::Instant;

use fen2img_render::{Position, RenderOptions, Renderer};
use hyper::StatusCode;

use fen2img_requests::lila_names;
use fen2img_requests::lilagif::{self, START};
use fen2img_requests::request::{DiagramRequest, MAX_MARKUP};

use super::pool::Worker;

/// The most frames one game may have: each is a full render.
pub const MAX_FRAMES: usize = 1000;

use fen2img_games::animate::{write_gif, AnimateError, Frames};

/// lila-gif's default frame delay, in hundredths of a second: its
/// `RequestBody::delay` is `#[serde(default)]`, so 0 (its README's example
/// says 50; browsers show a 0 delay as about 10).
const DEFAULT_DELAY: u16 = 0;

/// A parsed game: one request and delay per frame, and the comment.
#[derive(Debug)]
pub struct Game {
    /// The frames, each a 720 px GIF request (or `--max-size`), with its delay.
    pub frames: Vec<(DiagramRequest, u16)>,
    /// The GIF comment.
    pub comment: String,
}

/// A string field of `v`, if present and not null.
fn text(v: &Value, name: &str) -> Result<Option<String>, String> {
    match v.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(_) => Err(format!("{name}: expected a string")),
    }
}

/// A delay field of `v` in hundredths of a second.
fn delay(v: &Value, name: &str, default: u16) -> Result<u16, String> {
    match v.get(name) {
        None | Some(Value::Null) => Ok(default),
        Some(d) => d
            .as_u64()
            .and_then(|d| u16::try_from(d).ok())
            .ok_or_else(|| format!("{name}: expected 0 to 65535 hundredths of a second")),
    }
}

/// A frame's `clock`: `{white, black}` in hundredths of a second.
fn clocks(f: &Value) -> Result<[Option<u32>; 2], String> {
    let Some(clock) = f.get("clock").filter(|c| !c.is_null()) else {
        return Ok([None, None]);
    };
    if !clock.is_object() {
        return Err("clock: expected {\"white\": ..., \"black\": ...}".into());
    }
    let side = |name: &str| match clock.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(c) => c
            .as_u64()
            .and_then(|c| u32::try_from(c).ok())
            .map(Some)
            .ok_or_else(|| format!("clock.{name}: expected hundredths of a second")),
    };
    Ok([side("white")?, side("black")?])
}

/// A frame's `check`: a square, a boolean, or lila-gif's strings for one.
fn check(f: &Value) -> Result<Option<fen2img_render::options::CheckMark>, String> {
    use fen2img_render::options::CheckMark;
    Ok(match f.get("check") {
        None | Some(Value::Null) | Some(Value::Bool(false)) => None,
        Some(Value::Bool(true)) => Some(CheckMark::Auto),
        Some(Value::String(s)) => Some(lilagif::check("check", s)?),
        Some(_) => return Err("check: expected a square or true".into()),
    })
}

/// Why a body was refused: the status lila-gif answers it with, and a
/// one-line reason naming the field (for PGN: its line and column, the
/// game and the move).
#[derive(Debug)]
pub struct Refusal {
    /// `400` for a body that is not JSON (or PGN that does not read), `422`
    /// for JSON that parses but does not fit, as lila-gif's axum `Json`
    /// extractor answers them.
    pub status: StatusCode,
    /// The reason, one line.
    pub reason: String,
}

impl Refusal {
    /// The answer to a request whose deadline passed while its game was
    /// being read (the client is answered `503`).
    fn late() -> Refusal {
        Refusal {
            status: StatusCode::SERVICE_UNAVAILABLE,
            reason: "deadline".into(),
        }
    }
}

/// Why reading a game stopped: the body (a one-line reason naming the
/// field), or the deadline, which is checked between the steps of reading
/// and replaying a game and between its frames.
#[derive(Debug)]
enum Stopped {
    Bad(String),
    Late,
}

impl From<String> for Stopped {
    fn from(reason: String) -> Stopped {
        Stopped::Bad(reason)
    }
}

impl From<&str> for Stopped {
    fn from(reason: &str) -> Stopped {
        Stopped::Bad(reason.into())
    }
}

/// `Err(Stopped::Late)` once `deadline` has passed.
fn in_time(deadline: Instant) -> Result<(), Stopped> {
    if Instant::now() >= deadline {
        return Err(Stopped::Late);
    }
    Ok(())
}

/// Whether a `Content-Type` value names PGN: `application/x-chess-pgn`,
/// `application/vnd.chess-pgn` or any `text/*` (parameters and case
/// aside). Any other type, `application/json` included, leaves it to the
/// body's first byte: clients send PGN labelled as JSON too.
pub fn says_pgn(content_type: Option<&[u8]>) -> bool {
    let Some(value) = content_type.and_then(|v| std::str::from_utf8(v).ok()) else {
        return false;
    };
    let essence = value
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    matches!(
        essence.as_str(),
        "application/x-chess-pgn" | "application/vnd.chess-pgn"
    ) || essence.starts_with("text/")
}

/// Reads the body: lila-gif's JSON frames, a JSON object with a `pgn` game
/// instead of `frames`, or PGN text itself: a body declared PGN
/// ([`says_pgn`]), even one that opens with a `{comment}`, or any body
/// whose first non-blank byte is not `{`. Runs on a render thread: past
/// `deadline` it stops with a `503` refusal.
pub fn parse(body: &[u8], pgn: bool, max_size: u32, deadline: Instant) -> Result<Game, Refusal> {
    let refuse = |status| {
        move |stopped| match stopped {
            Stopped::Bad(reason) => Refusal { status, reason },
            Stopped::Late => Refusal::late(),
        }
    };
    let first = body.iter().find(|b| !b.is_ascii_whitespace());
    if pgn || first != Some(&b'{') {
        return pgn_game(body, &Value::Null, max_size, deadline)
            .map_err(refuse(StatusCode::BAD_REQUEST));
    }
    let json: Value = serde_json::from_slice(body).map_err(|e| Refusal {
        status: StatusCode::BAD_REQUEST,
        reason: format!("invalid JSON: {e}"),
    })?;
    json_game(&json, max_size, deadline).map_err(refuse(StatusCode::UNPROCESSABLE_ENTITY))
}

/// A game from JSON that parsed: lila-gif's frames, or a `pgn` field.
fn json_game(json: &Value, max_size: u32, deadline: Instant) -> Result<Game, Stopped> {
    if json.get("frames").is_none() {
        if let Some(pgn) = json.get("pgn") {
            let pgn = pgn.as_str().ok_or("pgn: expected a string")?;
            return pgn_game(pgn.as_bytes(), json, max_size, deadline);
        }
    }
    let style = Style::read(json, max_size)?;
    let default_delay = delay(json, "delay", DEFAULT_DELAY)?;
    let mut frames = json
        .get("frames")
        .and_then(Value::as_array)
        .ok_or("frames: expected a list of frames (or a `pgn` game)")?
        .as_slice();
    if frames.len() > MAX_FRAMES {
        return Err(format!(
            "frames: give at most {MAX_FRAMES} frames, found {}",
            frames.len()
        )
        .into());
    }
    // No frames: lila-gif draws one frame of the start position (a frame
    // with nothing given).
    let start = [Value::Object(Default::default())];
    if frames.is_empty() {
        frames = &start;
    }
    // A game with clocks has both bars, named or not, in every frame.
    let mut timed = false;
    for (i, f) in frames.iter().enumerate() {
        // lila-gif's frames are structs: `1` or `"e4"` is not a frame.
        if !f.is_object() {
            return Err(
                format!("frames[{i}]: expected an object such as {{\"fen\": \"...\"}}").into(),
            );
        }
        timed |= clocks(f).map_err(|e| format!("frames[{i}].{e}"))? != [None, None];
    }
    let white = lilagif::player("white", &text(json, "white")?.unwrap_or_default(), timed)?;
    let black = lilagif::player("black", &text(json, "black")?.unwrap_or_default(), timed)?;
    let mut out = Vec::with_capacity(frames.len());
    for (i, f) in frames.iter().enumerate() {
        in_time(deadline)?;
        let at = |e: String| format!("frames[{i}].{e}");
        let fen = text(f, "fen").map_err(at)?;
        let fen = fen.as_deref().unwrap_or(START);
        let record = fen2img_render::parse(fen.trim().as_bytes(), ParseOptions::default())
            .map_err(|e| format!("frames[{i}]: invalid FEN: {e}"))?;
        let mut r = style.request(record.position);
        r.around.white = white.clone();
        r.around.black = black.clone();
        let [white_clock, black_clock] = clocks(f).map_err(at)?;
        if let Some(p) = &mut r.around.white {
            p.clock = white_clock;
        }
        if let Some(p) = &mut r.around.black {
            p.clock = black_clock;
        }
        if let Some(m) = text(f, "lastMove").map_err(at)? {
            r.lastmove = lilagif::last_move("lastMove", &m).map_err(at)?;
        }
        r.check = check(f).map_err(at)?;
        if let Some(g) = text(f, "glyph").map_err(at)? {
            let glyph = lila_names::glyph(&g).map_err(at)?;
            r.glyphs = glyph_squares(&r, glyph);
        }
        out.push((r, delay(f, "delay", default_delay).map_err(at)?));
    }
    Ok(Game {
        frames: out,
        comment: style.comment,
    })
}

/// What every frame of a game shares, from the JSON's top-level fields
/// (lila-gif's defaults when absent).
struct Style {
    flip: bool,
    board: lila_names::LilaBoard,
    pieces: &'static str,
    coords: fen2img_render::Coordinates,
    comment: String,
    size: u32,
}

impl Style {
    fn read(json: &Value, max_size: u32) -> Result<Style, String> {
        let flip = lilagif::orientation(text(json, "orientation")?.as_deref())?;
        let board = lila_names::board(text(json, "theme")?.as_deref().unwrap_or("brown"))?;
        let pieces = match text(json, "piece")? {
            Some(name) => lilagif::piece_set(&name)?,
            None => lilagif::DEFAULT_PIECES,
        };
        let coords = match json.get("coordinates") {
            None | Some(Value::Null) => lilagif::coordinates(None)?,
            Some(Value::Bool(b)) => lilagif::coordinates(Some(if *b { "true" } else { "false" }))?,
            Some(Value::String(s)) => lilagif::coordinates(Some(s))?,
            Some(_) => return Err("coordinates: expected true or false".into()),
        };
        let comment = text(json, "comment")?.unwrap_or_default();
        if comment.len() > lilagif::MAX_COMMENT {
            return Err(format!("comment: at most {} bytes", lilagif::MAX_COMMENT));
        }
        Ok(Style {
            flip,
            board,
            pieces,
            coords,
            comment,
            size: lilagif::board_size(max_size),
        })
    }

    /// A frame of `position` in this style, with nothing marked yet.
    fn request(&self, position: fen2img_render::Position) -> DiagramRequest {
        let mut r = DiagramRequest::new(position, Format::GIF);
        r.size = Some(self.size);
        lilagif::set_board(&mut r, self.board);
        r.pieces = Some(self.pieces);
        r.flip = Some(self.flip);
        r.coords = Some(self.coords);
        r.side_to_move = Some(false);
        r.border = Some(false);
        r
    }
}

/// A game given as PGN (the whole body, or the JSON's `pgn` field with the
/// style fields beside it, `game` choosing among several games): one frame
/// per position of its main line from the start, each with what the game
/// draws (last move, check, `[%cal]`/`[%csl]`, move glyphs, player bars
/// from the tags with `[%clk]` clocks), as `fen2img GAME --animate` draws
/// it; a frame shows for `delay` (1 s by default), the last for 3 s. The
/// GIF's comment is the game's source from its tags (`Morphy – Duke Karl /
/// Count Isouard, Paris 1858`) unless the JSON gives a `comment`. The
/// reader keeps at most [`MAX_MARKUP`] arrows and coloured squares of a
/// position (`limits::MAX_ARROWS`, the same 64), as the command line does,
/// so a frame never holds more drawing work than a query may ask for. The
/// deadline is checked after the reading (which replays the moves), after
/// the replay that makes the frames, and between frames.
fn pgn_game(pgn: &[u8], json: &Value, max_size: u32, deadline: Instant) -> Result<Game, Stopped> {
    use fen2img_games::animate::{delays, Timing};
    use fen2img_games::{self as games, GameOptions, GameText, Pick};
    let style = Style::read(json, max_size)?;
    let number = match json.get("game") {
        None | Some(Value::Null) => 1,
        Some(n) => n
            .as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .filter(|&n| n >= 1)
            .ok_or("game: expected a game number from 1")?,
    };
    let options = GameOptions {
        game: number,
        pick: Pick::Range {
            from: None,
            to: None,
        },
        ..GameOptions::default()
    };
    let text = GameText::Pgn(pgn);
    let game = games::read(&text, "pgn", &options).map_err(|e| e.to_string())?;
    in_time(deadline)?;
    // Counted before any frame is made: a body of a million bytes can hold
    // a game of a hundred thousand half-moves.
    let positions = game.plies.len() + 1;
    if positions > MAX_FRAMES {
        return Err(format!(
            "pgn: the game has {positions} positions; at most {MAX_FRAMES} frames"
        )
        .into());
    }
    let found = games::diagrams_of(&game, "pgn", pgn, &options).map_err(|e| e.to_string())?;
    in_time(deadline)?;
    // Without a `comment` field the GIF carries the game's source, as
    // `fen2img GAME --animate` writes it.
    let comment = match json.get("comment") {
        None | Some(Value::Null) => games::gif_comment(&found.tags),
        Some(_) => style.comment.clone(),
    };
    let defaults = Timing::default();
    let timing = Timing {
        delay_cs: delay(json, "delay", defaults.delay_cs)?,
        ..defaults
    };
    let frame_delays = delays(&found.diagrams, &timing);
    let mut frames = Vec::with_capacity(found.diagrams.len());
    for (d, delay) in found.diagrams.into_iter().zip(frame_delays) {
        in_time(deadline)?;
        debug_assert!(d.arrows.len() <= MAX_MARKUP, "the reader's bound");
        let mut r = style.request(d.position.clone());
        r.take_game_marks(d);
        frames.push((r, delay));
    }
    Ok(Game { frames, comment })
}

/// lila-gif's `GET /example.gif`: the game its `RequestBody::example`
/// holds (lichess game Q0iQs5Zi), its glyphs from the moves' suffixes,
/// half a second a frame and five on the last, with the players as that
/// example names them.
pub fn example(max_size: u32, deadline: Instant) -> Result<Game, Refusal> {
    const PGN: &str = "[White \"DrDrunkenstein\"]\n[WhiteTitle \"GM\"]\n[WhiteElo \"2888\"]\n\
        [Black \"Zhigalko_Sergei\"]\n[BlackTitle \"GM\"]\n[BlackElo \"2895\"]\n\n\
        1. c4 Nf6 2. Nc3 e5 3. d4 exd4 4. Qxd4 Nc6 5. Qd1 Bb4 6. Bd2 O-O \
        7. e3 Bxc3 8. Bxc3 Ne4 9. Ne2 d6 10. Qc2 Re8 11. Nf4 Bf5 \
        12. Bd3 Qg5 13. O-O g6?! 14. Rae1? Nxc3 15. Qxc3 Bxd3 16. Qxd3 Ne5 \
        17. Qd1? Rad8?? 18. b3?? c6 19. Kh1 Qf5 20. Qa1 h5 21. Rd1 Ng4 \
        22. h3 Nf6 23. Qd4 a6 24. f3 Qe5 25. Rfe1 Qxd4 26. exd4 Rxe1+ \
        27. Rxe1 Kf8 28. h4 Re8?! 29. Rxe8+ Kxe8 30. Kg1 Ng8 31. Kf2 Nh6 \
        32. g3 Ke7 33. Ng2 Ke6 34. Ne3 a5 35. g4 f6 36. Kg3 d5 37. c5 Nf7? \
        38. Ng2? hxg4 39. fxg4 Nd8 40. Nf4+ Kf7 41. h5 g5 42. Ne2 Ne6 \
        43. Kf3 Kg7 44. Ke3 Kh6 45. Ng3 Ng7 46. Nf5+?? Nxf5+ *\n";
    let style = serde_json::json!({"delay": 50, "comment": "https://lichess.org/Q0iQs5Zi"});
    let mut game = pgn_game(PGN.as_bytes(), &style, max_size, deadline).map_err(|e| match e {
        // The example is ours: a refusal is a defect.
        Stopped::Bad(reason) => Refusal {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            reason,
        },
        Stopped::Late => Refusal::late(),
    })?;
    if let Some((_, delay)) = game.frames.last_mut() {
        *delay = 500;
    }
    Ok(game)
}

/// Where lila-gif draws a frame's glyph: on the squares of the last move
/// that hold a piece (the square the piece went to).
fn glyph_squares(r: &DiagramRequest, glyph: Glyph) -> Vec<(Square, Glyph)> {
    let Some((from, to)) = r.lastmove else {
        return Vec::new();
    };
    let mut squares = vec![from];
    if to != from {
        squares.push(to);
    }
    squares
        .into_iter()
        .filter(|sq| r.position.board.get(*sq).is_some())
        .map(|sq| (sq, glyph))
        .collect()
}

/// A game's frames as [`Frames`]: each drawn by the render thread's
/// renderer with its request's options, until the deadline.
struct WorkerFrames<'a> {
    worker: &'a mut Worker,
    game: &'a Game,
    defaults: &'a RenderOptions,
    deadline: Instant,
}

impl Frames for WorkerFrames<'_> {
    fn count(&self) -> usize {
        self.game.frames.len()
    }

    fn delay(&self, i: usize) -> u16 {
        self.game.frames[i].1
    }

    fn frame(&mut self, i: usize) -> Result<(&mut Renderer, &Position), AnimateError> {
        if Instant::now() >= self.deadline {
            return Err(AnimateError::Deadline);
        }
        let (request, _) = &self.game.frames[i];
        let defaults = self.defaults;
        let renderer = self
            .worker
            .renderer(&request.options_key(), || request.options(defaults));
        Ok((renderer, &request.position))
    }

    fn cancelled(&self) -> bool {
        Instant::now() >= self.deadline
    }
}

/// Renders `game` on `worker` into an animated GIF ([`write_gif`], as the
/// command line's `--animate` draws one): one palette for the whole game,
/// each frame compressed into the GIF as soon as it is drawn, so only the
/// frame just written and the next one are held, whatever the number of
/// frames. The pixels of every frame together may be at most `max_pixels`
/// (`--max-pixels`); a frame that cannot be drawn or does not fit the first
/// one's size (a crazyhouse position's pockets make it taller) is the
/// request's fault (400).
pub fn render(
    worker: &mut Worker,
    game: &Game,
    defaults: &RenderOptions,
    deadline: Instant,
    max_pixels: u64,
) -> Result<Vec<u8>, (StatusCode, String)> {
    let mut frames = WorkerFrames {
        worker,
        game,
        defaults,
        deadline,
    };
    write_gif(&mut frames, &game.comment, Some(max_pixels)).map_err(|e| match e {
        AnimateError::Render(i, fen2img_render::Error::Layout(e)) => {
            (StatusCode::BAD_REQUEST, format!("frames[{i}]: {e}"))
        }
        AnimateError::Size(i, (w, h), (fw, fh)) => (
            StatusCode::BAD_REQUEST,
            format!(
                "frames[{i}]: the image is {w}x{h} pixels, the first frame's {fw}x{fh}: \
                 every frame must have the same size (pockets and check counters change it)"
            ),
        ),
        e @ AnimateError::TooManyPixels(..) => (StatusCode::BAD_REQUEST, e.to_string()),
        AnimateError::Empty => (
            StatusCode::BAD_REQUEST,
            "frames: give at least one frame".into(),
        ),
        AnimateError::Deadline => (StatusCode::SERVICE_UNAVAILABLE, "deadline".into()),
        e @ (AnimateError::Render(..) | AnimateError::Gif(_) | AnimateError::Png(_)) => {
            (StatusCode::INTERNAL_SERVER_ERROR, e.to_string())
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// A deadline no test reaches.
    fn far() -> Instant {
        Instant::now() + Duration::from_secs(3600)
    }

    #[test]
    fn reads_a_game_and_names_bad_fields() {
        let game = parse(
            br#"{"white":"A","black":"B","comment":"c","orientation":"black","theme":"blue",
                "delay":80,"frames":[{"fen":"8/8/8/8/8/8/8/K6k"},
                {"fen":"8/8/8/8/8/8/K7/7k","delay":200,"lastMove":"a1a2","check":"h1"}]}"#,
            false,
            2048,
            far(),
        )
        .unwrap();
        assert_eq!(game.frames.len(), 2);
        assert_eq!(game.frames[0].1, 80);
        assert_eq!(game.frames[1].1, 200);
        assert_eq!(game.frames[1].0.flip, Some(true));
        assert_eq!(game.comment, "c");
        for (request, _) in &game.frames {
            let names = [&request.around.white, &request.around.black]
                .map(|p| p.as_ref().map(|p| p.name.clone()));
            assert_eq!(names, [Some("A".to_string()), Some("B".to_string())]);
        }
        let refusal = |b: &str| parse(b.as_bytes(), false, 2048, far()).unwrap_err();
        let err = |b: &str| refusal(b).reason;
        // Statuses as lila-gif's axum extractor answers them: 400 for a
        // body that is not JSON, 422 for JSON that does not fit; PGN that
        // does not read is 400.
        assert_eq!(refusal("{").status, StatusCode::BAD_REQUEST);
        assert_eq!(
            refusal(r#"{"frames":[{"fen":"9"}]}"#).status,
            StatusCode::UNPROCESSABLE_ENTITY
        );
        assert_eq!(refusal("1. e5").status, StatusCode::BAD_REQUEST);
        assert!(err("{").starts_with("invalid JSON"));
        // A PGN content type: PGN, even when it opens with a comment.
        let commented = b"{The Opera game} 1. e4 e5 *";
        assert!(parse(commented, false, 2048, far()).is_err());
        let game = parse(
            commented,
            says_pgn(Some(b"application/x-chess-pgn")),
            2048,
            far(),
        )
        .unwrap();
        assert_eq!(game.frames.len(), 3);
        assert!(parse(
            commented,
            says_pgn(Some(b"Text/Plain; charset=utf-8")),
            2048,
            far(),
        )
        .is_ok());
        assert!(!says_pgn(Some(b"application/json; charset=utf-8")));
        assert!(!says_pgn(Some(b"\xff")));
        assert!(!says_pgn(None));
        // No frames: one frame of the start position, as lila-gif draws it.
        let empty = parse(br#"{"frames":[]}"#, false, 2048, far()).unwrap();
        assert_eq!(empty.frames.len(), 1);
        assert_eq!(empty.frames[0].0.position.to_string(), START);
        let many = format!("{{\"frames\":[{}]}}", vec!["{}"; MAX_FRAMES + 1].join(","));
        assert!(err(&many).starts_with("frames: give at most 1000 frames, found 1001"));
        assert!(err(r#"{"piece":"nosuchset","frames":[]}"#).starts_with("piece: "));
        assert!(err(r#"{"frames":[{"fen":"9"}]}"#).starts_with("frames[0]: invalid FEN"));
        assert!(err(r#"{"frames":[{"fen":3}]}"#).starts_with("frames[0].fen"));
        assert!(err(r#"{"frames":[{"fen":"8/8/8/8/8/8/8/8","delay":-1}]}"#)
            .starts_with("frames[0].delay"));
        assert!(err(r#"{"orientation":"up","frames":[]}"#).starts_with("orientation"));
        assert!(err(r#"{"frames":[{"glyph":"+-"}]}"#).starts_with("frames[0].glyph"));
        assert!(err(r#"{"frames":[{"clock":{"white":-1}}]}"#).starts_with("frames[0].clock.white"));
        assert!(err(r#"{"theme":"violet","frames":[{}]}"#).starts_with("theme: "));
    }

    #[test]
    fn glyphs_clocks_and_lichess_names_as_lila_gif_reads_them() {
        let game = parse(
            br#"{"theme":"wood4","piece":"cburnett","frames":[{},
                {"fen":"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                 "lastMove":"e2e4","glyph":"!!","clock":{"white":12550,"black":947}}]}"#,
            false,
            2048,
            far(),
        )
        .unwrap();
        let (first, second) = (&game.frames[0].0, &game.frames[1].0);
        // No fen: the start position; no delay: lila-gif's 0.
        assert_eq!(first.position.to_string(), START);
        assert_eq!(game.frames[0].1, 0);
        assert_eq!(first.theme, Some("brown"));
        assert_eq!(first.coords, Some(fen2img_render::Coordinates::Inside));
        // The glyph on the square the pawn went to.
        assert_eq!(
            second.glyphs,
            [(Square::parse("e4").unwrap(), Glyph::Brilliant)]
        );
        // Clocks make bars, unnamed, in every frame; each frame its own.
        let clock = |r: &DiagramRequest| {
            [&r.around.white, &r.around.black].map(|p| p.as_ref().map(|p| p.clock))
        };
        assert_eq!(clock(first), [Some(None), Some(None)]);
        assert_eq!(clock(second), [Some(Some(12550)), Some(Some(947))]);
        assert_ne!(first.options_key(), second.options_key());
    }

    #[test]
    fn frames_must_be_objects_as_lila_gif_reads_them() {
        for body in [
            r#"{"frames":[1,2,3]}"#,
            r#"{"frames":[{}, "e4"]}"#,
            r#"{"frames":[null]}"#,
            r#"{"frames":[[]]}"#,
        ] {
            let refusal = parse(body.as_bytes(), false, 2048, far()).unwrap_err();
            assert_eq!(refusal.status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
            assert!(
                refusal.reason.contains("]: expected an object"),
                "{body}: {}",
                refusal.reason
            );
        }
        assert!(parse(br#"{"frames":[{}, {"fen":null}]}"#, false, 2048, far()).is_ok());
    }

    #[test]
    fn a_game_position_keeps_as_many_arrows_as_a_query_may_ask_for() {
        // The reader keeps the first 64 of a position's arrows and coloured
        // squares (a warning says so), as the command line draws the game.
        let arrows = |n: usize| -> String {
            let squares = ["e2e4", "d2d4", "c2c4", "g1f3"];
            let list: Vec<String> = (0..n).map(|i| format!("G{}", squares[i % 4])).collect();
            format!("1. e4 e5 {{[%cal {}]}} 2. Nf3 *", list.join(","))
        };
        for body in [
            arrows(1_000),
            serde_json::json!({ "pgn": arrows(1_000) }).to_string(),
        ] {
            let pgn = !body.starts_with('{');
            let game = parse(body.as_bytes(), pgn, 2048, far()).expect("a game");
            let drawn: Vec<usize> = game
                .frames
                .iter()
                .map(|(r, _)| {
                    r.options(&RenderOptions::new(Format::GIF))
                        .diagram
                        .markup
                        .arrows
                        .len()
                })
                .collect();
            assert_eq!(drawn, [0, 0, MAX_MARKUP, 0], "{body:.40}");
        }
    }

    #[test]
    fn a_game_read_past_its_deadline_is_given_up() {
        let past = Instant::now();
        for (body, pgn) in [
            (&b"1. e4 e5 2. Nf3 *"[..], true),
            (br#"{"pgn":"1. e4 e5 *"}"#, false),
            (br#"{"frames":[{}, {}]}"#, false),
        ] {
            let refusal = parse(body, pgn, 2048, past).unwrap_err();
            assert_eq!(refusal.status, StatusCode::SERVICE_UNAVAILABLE);
        }
        assert_eq!(
            example(2048, past).unwrap_err().status,
            StatusCode::SERVICE_UNAVAILABLE
        );
        assert_eq!(example(2048, far()).unwrap().frames.len(), 93);
    }
}
