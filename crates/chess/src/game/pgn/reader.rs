//! Reading games: tags, then movetext replayed on a board, variations
//! checked on boards of their own.
//!
//! Cost: one pass over the tokens, each move parsed and played once, at
//! most [`MAX_WARNINGS`] warnings built a game (the rest only counted);
//! what a game keeps is bounded by the constants of [`super::limits`].

use crate::fen::{self, ParseOptions};
use crate::position::{Color, Position};
use fen2img_support::quote;

use super::super::legal::{GamePosition, LegalPosition};
use super::super::moves::Move;
use super::super::san::{push_mark, san_body_among, Mark, SanErrorKind, SanStyle};
use super::super::variant::Variant;
use super::commands;
use super::error::{PgnError, PgnErrorKind};
use super::lexer::{LexError, Lexer, Span, Token};
use super::{players, Game, GameEnd, Notes, PgnOptions, Ply};
use crate::game::limits::{MAX_NAGS, MAX_PLIES, MAX_TAGS, MAX_VARIATION_DEPTH, MAX_WARNINGS};

/// The games of a PGN text, one at a time (see [`read_games`]).
pub struct Games<'a> {
    lexer: Lexer<'a>,
    options: PgnOptions,
    number: usize,
    pending: Option<(Token<'a>, Span)>,
    /// A lexing error met by [`Games::next_offset`], given to the reader
    /// as if it had met it itself.
    pending_error: Option<LexError>,
    finished: bool,
}

/// The games of `input`, read one by one as the iterator is advanced: a
/// file of any length costs the memory of one game. A game with an error
/// yields its [`PgnError`] and reading goes on with the next game (after
/// an unterminated comment there is no next game).
pub fn read_games(input: &[u8], options: PgnOptions) -> Games<'_> {
    Games {
        lexer: Lexer::new(input),
        options,
        number: 0,
        pending: None,
        pending_error: None,
        finished: false,
    }
}

/// Game `number` (from 1) of `input`. The games before it are only
/// tokenized, not replayed, so picking the last game of a big file is
/// quick; an error in an earlier game does not matter.
pub fn read_game(input: &[u8], number: usize, options: PgnOptions) -> Result<Game, PgnError> {
    let mut games = read_games(input, options);
    for _ in 1..number {
        if !games.skip_game() {
            return Err(no_such_game(&games, number));
        }
    }
    match games.next() {
        Some(result) => result,
        None => Err(no_such_game(&games, number)),
    }
}

fn no_such_game(games: &Games<'_>, number: usize) -> PgnError {
    let count = games.number;
    let message = match (number, count) {
        (0, _) => "games are numbered from 1".to_string(),
        (_, 0) => "the input holds no game".to_string(),
        (_, 1) => format!("there is no game {number}: the input holds 1 game"),
        _ => format!("there is no game {number}: the input holds {count} games"),
    };
    PgnError {
        game: number,
        players: None,
        offset: games.lexer.input().len(),
        line: 0,
        column: 0,
        at_move: None,
        kind: PgnErrorKind::NoSuchGame,
        message,
    }
}

impl<'a> Iterator for Games<'a> {
    type Item = Result<Game, PgnError>;

    fn next(&mut self) -> Option<Result<Game, PgnError>> {
        self.read_next(Keep::Plies)
    }
}

/// What a reading keeps of the main line's half-moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Keep {
    /// Each one, with its SAN and notes ([`Game::plies`]).
    Plies,
    /// Only the last move and the final position ([`GameEnd`]): each
    /// position's notes are read for their bounds and warnings, then
    /// dropped.
    End,
}

impl<'a> Games<'a> {
    /// The next game read for its final position only: every move of its
    /// main line and variations replayed and checked as [`Games::next`]
    /// does, every bound applied and every warning given, but no
    /// half-move's SAN or notes kept. `None` at the end.
    ///
    /// ```
    /// use fen2img_chess::game::pgn::{read_games, PgnOptions};
    ///
    /// let pgn = b"[White \"Morphy\"]\n\n1. e4 e5 {[%clk 0:05:00]} 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";
    /// let end = read_games(pgn, PgnOptions::default()).next_end().unwrap().unwrap();
    /// assert_eq!(end.end.ply, 7);
    /// assert_eq!(end.end.last_san.as_deref(), Some("Qxf7#"));
    /// assert_eq!(
    ///     end.end.position.to_string(),
    ///     "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"
    /// );
    /// assert_eq!(end.tag("white"), Some("Morphy"));
    /// ```
    pub fn next_end(&mut self) -> Option<Result<GameEnd, PgnError>> {
        Some(self.read_next(Keep::End)?.map(GameEnd::from_read))
    }

    fn read_next(&mut self, keep: Keep) -> Option<Result<Game, PgnError>> {
        if self.finished {
            return None;
        }
        let first = match self.token() {
            Ok(Some(t)) => t,
            Ok(None) => {
                self.finished = true;
                return None;
            }
            Err(e) => {
                self.number += 1;
                let error = self.lex_error(e, &[], None);
                self.recover(false);
                return Some(Err(error));
            }
        };
        self.number += 1;
        self.pending = Some(first);
        let mut game = GameReader::new(self, keep);
        let result = game.read();
        let in_movetext = game.in_movetext;
        match result {
            Ok(game) => Some(Ok(game)),
            Err(e) => {
                self.recover(in_movetext);
                Some(Err(e))
            }
        }
    }

    /// Skips the next game without replaying it; `false` at the end.
    pub fn skip_game(&mut self) -> bool {
        if self.finished {
            return false;
        }
        match self.token() {
            Ok(Some(t)) => self.pending = Some(t),
            Ok(None) => {
                self.finished = true;
                return false;
            }
            Err(_) => {}
        }
        self.number += 1;
        self.recover(false);
        true
    }

    /// The number of games started so far.
    pub fn games_read(&self) -> usize {
        self.number
    }

    /// The byte offset where the next game starts (its first token, or
    /// what cannot be read there); `None` at the end. Reading goes on as
    /// if this had not been asked, so a caller that reads a file in
    /// windows can tell whether a game ended exactly where the next
    /// window begins.
    pub fn next_offset(&mut self) -> Option<usize> {
        if self.finished {
            return None;
        }
        if self.pending.is_none() && self.pending_error.is_none() {
            match self.lexer.next() {
                Ok(Some(t)) => self.pending = Some(t),
                Ok(None) => return None,
                Err(e) => self.pending_error = Some(e),
            }
        }
        match (&self.pending, &self.pending_error) {
            (Some((_, span)), _) => Some(span.offset),
            (None, Some(e)) => Some(e.span.offset),
            (None, None) => None,
        }
    }

    #[inline(always)]
    fn token(&mut self) -> Result<Option<(Token<'a>, Span)>, LexError> {
        // Looked at before taking: taking writes the empty value back,
        // for every token read.
        if self.pending_error.is_some() || self.pending.is_some() {
            if let Some(e) = self.pending_error.take() {
                return Err(e);
            }
            return Ok(self.pending.take());
        }
        self.lexer.next()
    }

    /// Skips to the end of the current game: its result, or the next
    /// game's tags once past this game's movetext.
    fn recover(&mut self, in_movetext: bool) {
        let mut seen_movetext = in_movetext;
        let mut depth = 0usize;
        loop {
            match self.token() {
                Ok(None) => {
                    self.finished = true;
                    return;
                }
                Err(e) if e.fatal => {
                    self.finished = true;
                    return;
                }
                Err(_) => seen_movetext = true,
                Ok(Some((token, span))) => match token {
                    Token::Tag { .. } if seen_movetext => {
                        self.pending = Some((token, span));
                        return;
                    }
                    Token::Tag { .. } => {}
                    Token::Open => {
                        seen_movetext = true;
                        depth += 1;
                    }
                    Token::Close => depth = depth.saturating_sub(1),
                    Token::Symbol(s) if depth == 0 && result_marker(s).is_some() => return,
                    _ => seen_movetext = true,
                },
            }
        }
    }

    fn lex_error(
        &self,
        e: LexError,
        tags: &[(String, String)],
        at_move: Option<(u32, Color)>,
    ) -> PgnError {
        PgnError {
            game: self.number,
            players: players(tags),
            offset: e.span.offset,
            line: e.span.line,
            column: e.span.column,
            at_move,
            kind: if e.message.contains("limit") {
                PgnErrorKind::Limit
            } else {
                PgnErrorKind::Syntax
            },
            message: e.message,
        }
    }
}

/// The game termination marker a symbol is, normalised.
fn result_marker(s: &str) -> Option<&'static str> {
    Some(match s {
        "1-0" => "1-0",
        "0-1" => "0-1",
        "1/2-1/2" | "½-½" => "1/2-1/2",
        "*" => "*",
        _ => return None,
    })
}

/// Empties `notes`, keeping what it has allocated.
fn clear(notes: &mut Notes) {
    let Notes {
        nags,
        comments,
        arrows,
        squares,
        clock_ms,
        elapsed_ms,
        diagram,
    } = notes;
    nags.clear();
    comments.clear();
    arrows.clear();
    squares.clear();
    *clock_ms = None;
    *elapsed_ms = None;
    *diagram = false;
}

/// One line of play being checked: the main line or a variation.
struct Line {
    board: LegalPosition,
    /// The position before the last move, where a variation starts.
    before: Option<LegalPosition>,
    /// A move of this variation failed (lenient reading): the rest of it
    /// is skipped.
    dead: bool,
}

struct GameReader<'g, 'a> {
    games: &'g mut Games<'a>,
    strict: bool,
    start_span: Span,
    tags: Vec<(String, String)>,
    lines: Vec<Line>,
    start_notes: Notes,
    keep: Keep,
    /// The main line's half-moves, when kept.
    plies: Vec<Ply>,
    /// The main line's half-moves played (`plies.len()` when they are
    /// kept).
    played: usize,
    /// The main line's last move (kept or not).
    last_move: Option<Move>,
    warnings: Vec<PgnError>,
    /// Warnings past [`MAX_WARNINGS`], counted only.
    warnings_not_kept: usize,
    /// The ply whose NAGs went past [`MAX_NAGS`] (said once).
    nags_overflowed: Option<usize>,
    in_movetext: bool,
    /// The legal moves like the last one parsed, for its SAN (reused).
    rivals: Vec<Move>,
}

impl<'g, 'a> GameReader<'g, 'a> {
    fn new(games: &'g mut Games<'a>, keep: Keep) -> GameReader<'g, 'a> {
        let start_span = games.pending.as_ref().map(|(_, s)| *s).unwrap_or_default();
        let strict = games.options.strict;
        GameReader {
            games,
            strict,
            start_span,
            tags: Vec::new(),
            lines: Vec::new(),
            start_notes: Notes::default(),
            keep,
            plies: Vec::new(),
            played: 0,
            last_move: None,
            warnings: Vec::new(),
            warnings_not_kept: 0,
            nags_overflowed: None,
            in_movetext: false,
            rivals: Vec::new(),
        }
    }

    fn error(&self, span: Span, kind: PgnErrorKind, message: String) -> PgnError {
        let at_move = self
            .lines
            .last()
            .filter(|_| self.in_movetext)
            .map(|l| (l.board.fullmove_number(), l.board.turn()));
        PgnError {
            game: self.games.number,
            players: players(&self.tags),
            offset: span.offset,
            line: span.line,
            column: span.column,
            at_move,
            kind,
            message,
        }
    }

    /// An error when strict; else a warning kept with the game.
    fn lenient(&mut self, span: Span, message: String) -> Result<(), PgnError> {
        self.lenient_as(span, PgnErrorKind::Strict, message)
    }

    /// [`Self::lenient`], an error of `kind` when strict.
    fn lenient_as(
        &mut self,
        span: Span,
        kind: PgnErrorKind,
        message: String,
    ) -> Result<(), PgnError> {
        if self.strict {
            return Err(self.error(span, kind, message));
        }
        self.warn(span, message);
        Ok(())
    }

    /// A warning kept with the game: the first [`MAX_WARNINGS`] are, the
    /// rest only counted (without building them).
    fn warn(&mut self, span: Span, message: String) {
        if self.warnings.len() < MAX_WARNINGS {
            let w = self.error(span, PgnErrorKind::Strict, message);
            self.warnings.push(w);
        } else {
            self.warnings_not_kept += 1;
        }
    }

    #[inline(always)]
    fn next_token(&mut self) -> Result<Option<(Token<'a>, Span)>, PgnError> {
        match self.games.token() {
            Ok(t) => Ok(t),
            Err(e) => {
                if e.fatal {
                    self.games.finished = true;
                }
                let at_move = self
                    .lines
                    .last()
                    .filter(|_| self.in_movetext)
                    .map(|l| (l.board.fullmove_number(), l.board.turn()));
                Err(self.games.lex_error(e, &self.tags, at_move))
            }
        }
    }

    fn read(&mut self) -> Result<Game, PgnError> {
        // Tag pairs.
        let mut fen_tag: Option<(String, Span)> = None;
        let mut variant_tag: Option<(String, Span)> = None;
        let first_move = loop {
            match self.next_token()? {
                Some((
                    Token::Tag {
                        name,
                        value,
                        value_span,
                    },
                    span,
                )) => {
                    if self.tags.len() >= MAX_TAGS {
                        return Err(self.error(
                            span,
                            PgnErrorKind::Limit,
                            format!("more than {MAX_TAGS} tag pairs"),
                        ));
                    }
                    if name.eq_ignore_ascii_case("FEN") {
                        fen_tag = Some((value.to_string(), value_span));
                    } else if name.eq_ignore_ascii_case("Variant") {
                        variant_tag = Some((value.to_string(), value_span));
                    }
                    self.tags.push((name.to_string(), value.into_owned()));
                }
                other => break other,
            }
        };
        if self.strict && self.games.lexer.latin1_seen {
            return Err(self.error(
                self.start_span,
                PgnErrorKind::Strict,
                "the text is not UTF-8 (read as Latin-1 unless strict)".into(),
            ));
        }
        let (start, variant, board) = self.setup(fen_tag, variant_tag)?;
        self.lines.push(Line {
            board,
            before: None,
            dead: false,
        });
        self.in_movetext = true;
        // Given back, so the movetext loop takes every token in one place.
        self.games.pending = first_move;
        let result = self.movetext()?;
        let main = &self.lines[0];
        let last_san = match (self.plies.last(), self.last_move, &main.before) {
            (Some(ply), _, _) => Some(ply.san.clone()),
            // Not kept: written once, from the position before it.
            (None, Some(mv), Some(before)) => Some(before.san(&mv)),
            _ => None,
        };
        let board = &main.board;
        let end = GamePosition {
            position: board.to_position(),
            last_move: self.last_move,
            last_san,
            check: board.checked_king(),
            ply: self.played,
        };
        Ok(Game {
            number: self.games.number,
            line: self.start_span.line,
            tags: std::mem::take(&mut self.tags),
            variant,
            start,
            start_notes: std::mem::take(&mut self.start_notes),
            plies: std::mem::take(&mut self.plies),
            result,
            warnings: std::mem::take(&mut self.warnings),
            warnings_not_kept: self.warnings_not_kept,
            end: Some(end),
        })
    }

    /// The first position, the rules, and the board they are played on.
    fn setup(
        &mut self,
        fen_tag: Option<(String, Span)>,
        variant_tag: Option<(String, Span)>,
    ) -> Result<(Position, Variant, LegalPosition), PgnError> {
        let tagged = match &variant_tag {
            Some((value, span)) => Some(
                Variant::from_tag(value)
                    .map_err(|e| self.error(*span, PgnErrorKind::Setup, e.to_string()))?,
            ),
            None => None,
        };
        let start = match fen_tag {
            // Most games: no board to check and build.
            None if matches!(tagged, None | Some(Variant::Standard)) => {
                let board = LegalPosition::startpos();
                return Ok((board.to_position(), Variant::Standard, board));
            }
            None => LegalPosition::startpos().to_position(),
            Some((value, span)) => {
                let record =
                    fen::parse(value.as_bytes(), ParseOptions::default()).map_err(|e| {
                        let at = Span {
                            // Latin-1 text decodes to more bytes than the
                            // file holds: keep the offset inside the input.
                            offset: (span.offset + e.offset.min(value.len()))
                                .min(self.games.lexer.input().len()),
                            line: span.line,
                            column: span.column
                                + value.get(..e.offset).map_or(0, |s| s.chars().count()),
                        };
                        self.error(at, PgnErrorKind::Setup, format!("[FEN]: {e}"))
                    })?;
                record.position
            }
        };
        let variant = tagged.unwrap_or_else(|| Variant::for_position(&start));
        let board = LegalPosition::new(&start, variant)
            .map_err(|e| self.error(self.start_span, PgnErrorKind::Setup, e.to_string()))?;
        Ok((start, variant, board))
    }

    /// The notes of the main line's current position (when plies are not
    /// kept, one set of notes serves every position in turn).
    fn notes(&mut self) -> &mut Notes {
        match self.plies.last_mut() {
            Some(ply) => &mut ply.notes,
            None => &mut self.start_notes,
        }
    }

    fn movetext(&mut self) -> Result<Option<String>, PgnError> {
        let mut opened: Vec<Span> = Vec::new();
        loop {
            let Some((token, span)) = self.next_token()? else {
                // End of input.
                if let Some(&open) = opened.first() {
                    self.lenient(open, "this variation is never closed with ')'".into())?;
                }
                if self.strict {
                    let end = self.games.lexer.end_span();
                    return Err(self.error(
                        end,
                        PgnErrorKind::Strict,
                        "the game has no result (1-0, 0-1, 1/2-1/2 or *)".into(),
                    ));
                }
                return Ok(None);
            };
            let depth = opened.len();
            match token {
                Token::Tag { .. } => {
                    // The next game's tags: this one ended without a result.
                    self.games.pending = Some((token, span));
                    if let Some(&open) = opened.first() {
                        self.lenient(open, "this variation is never closed with ')'".into())?;
                    }
                    self.lenient(span, "the game before this tag has no result".into())?;
                    return Ok(None);
                }
                Token::Symbol(s) => {
                    if let Some(result) = result_marker(s) {
                        if depth == 0 {
                            return Ok(Some(result.to_string()));
                        }
                        self.lenient(span, format!("result {s} inside a variation"))?;
                    } else if s == "e.p." {
                        // An en passant mark written apart from its move:
                        // nothing to keep, as when it is glued to it.
                        if self.strict {
                            return Err(self.error(
                                span,
                                PgnErrorKind::Strict,
                                "'e.p.' is not in PGN's export form (write the capture alone: exd6)"
                                    .into(),
                            ));
                        }
                    } else if s == "0000" || !s.bytes().all(|b| b.is_ascii_digit()) {
                        // `0000` is no move number but UCI's null move.
                        self.san(s, span, depth)?;
                    }
                }
                Token::Dot => {}
                Token::Nag(nag, text) => match nag {
                    Some(n) if depth == 0 => self.nag(n, span)?,
                    Some(_) => {}
                    None => self.lenient(
                        span,
                        format!(
                            "{} is no NAG ($0 to $255, ! ? !! ?? !? ?!)",
                            quote::quoted(text)
                        ),
                    )?,
                },
                Token::Comment(text) => {
                    if depth == 0 {
                        let mut notes = std::mem::take(self.notes());
                        let outcome = commands::absorb(&text, &mut notes);
                        *self.notes() = notes;
                        if let Err(why) = outcome {
                            let kind = if why.limit {
                                PgnErrorKind::Limit
                            } else {
                                PgnErrorKind::Strict
                            };
                            self.lenient_as(span, kind, why.message)?;
                        }
                    }
                }
                Token::Open => {
                    if depth >= MAX_VARIATION_DEPTH {
                        return Err(self.error(
                            span,
                            PgnErrorKind::Limit,
                            format!("variations nested deeper than {MAX_VARIATION_DEPTH} levels"),
                        ));
                    }
                    let parent = &self.lines[depth];
                    let start = if parent.dead {
                        None
                    } else {
                        parent.before.clone()
                    };
                    let dead = start.is_none();
                    let board = start.unwrap_or_else(|| parent.board.clone());
                    self.lines.truncate(depth + 1);
                    self.lines.push(Line {
                        board,
                        before: None,
                        dead,
                    });
                    opened.push(span);
                    if dead && !self.lines[depth].dead {
                        self.lenient(span, "a variation needs a move before it to replace".into())?;
                    }
                }
                Token::Close => {
                    if opened.pop().is_none() {
                        self.lenient(span, "')' closes no variation".into())?;
                    } else {
                        self.lines.truncate(opened.len() + 1);
                    }
                }
            }
        }
    }

    /// A NAG of the main line's last move (or of the start).
    fn nag(&mut self, nag: u8, span: Span) -> Result<(), PgnError> {
        if self.notes().nags.len() < MAX_NAGS {
            self.notes().nags.push(nag);
            return Ok(());
        }
        if self.nags_overflowed == Some(self.played) {
            return Ok(());
        }
        self.nags_overflowed = Some(self.played);
        self.lenient_as(
            span,
            PgnErrorKind::Limit,
            format!("more than {MAX_NAGS} NAGs on one move: the rest are left out"),
        )
    }

    fn san(&mut self, text: &str, span: Span, depth: usize) -> Result<(), PgnError> {
        let strict = self.strict;
        let line = &mut self.lines[depth];
        if line.dead {
            return Ok(());
        }
        let parsed = line.board.parse_san_into(text, strict, &mut self.rivals);
        let (mv, written) = match parsed {
            Ok(ok) => ok,
            Err(e) if depth == 0 || strict => {
                let kind = match e.kind {
                    SanErrorKind::Strict => PgnErrorKind::Strict,
                    _ => PgnErrorKind::IllegalMove,
                };
                return Err(self.error(span, kind, e.message));
            }
            Err(e) => {
                let w = format!("{}; the rest of this variation is skipped", e.message);
                self.lines[depth].dead = true;
                self.warn(span, w);
                return Ok(());
            }
        };
        if depth > 0 {
            let line = &mut self.lines[depth];
            let before = line.board.clone();
            line.board.play_legal(&mv);
            line.before = Some(before);
            if strict {
                self.check_mark(text, span, written.mark, depth)?;
            }
            return Ok(());
        }
        if self.played >= MAX_PLIES {
            return Err(self.error(
                span,
                PgnErrorKind::Limit,
                format!("the main line is longer than {MAX_PLIES} half-moves"),
            ));
        }
        self.played += 1;
        self.last_move = Some(mv);
        let line = &mut self.lines[0];
        if self.keep == Keep::End {
            let before = line.board.clone();
            line.board.play_legal(&mv);
            line.before = Some(before);
            if strict {
                self.check_mark(text, span, written.mark, 0)?;
            }
            // The next position's notes start empty, as a new ply's do.
            clear(&mut self.start_notes);
            return Ok(());
        }
        let move_number = line.board.fullmove_number();
        let side = line.board.turn();
        let mut san = san_body_among(&mv, &self.rivals, SanStyle::LETTERS);
        let before = line.board.clone();
        line.board.play_legal(&mv);
        line.before = Some(before);
        push_mark(&mut san, &line.board);
        if strict {
            self.check_mark(text, span, written.mark, 0)?;
        }
        self.plies.push(Ply {
            mv,
            san,
            move_number,
            side,
            line: span.line,
            column: span.column,
            notes: Notes::default(),
        });
        Ok(())
    }

    /// Strict reading: the check mark written must be the one the move gives.
    fn check_mark(
        &mut self,
        text: &str,
        span: Span,
        mark: Mark,
        depth: usize,
    ) -> Result<(), PgnError> {
        let after = &self.lines[depth].board;
        let actual = if !after.is_check() {
            Mark::None
        } else if after.has_legal_move() {
            Mark::Check
        } else {
            Mark::Mate
        };
        if actual == mark {
            return Ok(());
        }
        // Report it at the move, numbered as before it was played.
        let before = self.lines[depth]
            .before
            .clone()
            .expect("a move was just played");
        let e = before
            .check_mark(
                text,
                &before.parse_san(text).expect("it was just parsed"),
                mark,
            )
            .expect_err("the marks differ");
        let mut err = self.error(span, PgnErrorKind::Strict, e.message);
        err.at_move = Some((before.fullmove_number(), before.turn()));
        Err(err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_offset_names_each_game_start_and_changes_nothing_read() {
        let pgn =
            b"1. e4 e5 1-0 ; after\n\n[White \"B\"]\n\n1. d4 \x01 d5 *\n[Event \"c\"] 1. c4 *";
        let plain: Vec<_> = read_games(pgn, PgnOptions::default()).collect();
        let mut games = read_games(pgn, PgnOptions::default());
        let mut offsets = Vec::new();
        let mut peeked = Vec::new();
        while let Some(at) = games.next_offset() {
            offsets.push(at);
            // Asked twice: the same answer.
            assert_eq!(games.next_offset(), Some(at));
            peeked.push(games.next().expect("a game after an offset"));
        }
        assert_eq!(games.next(), None);
        assert_eq!(peeked, plain);
        let text = std::str::from_utf8(pgn).unwrap();
        assert_eq!(offsets[0], 0);
        assert_eq!(offsets[1], text.find("; after").unwrap());
        assert_eq!(*offsets.last().unwrap(), text.find("[Event").unwrap());
    }
}
