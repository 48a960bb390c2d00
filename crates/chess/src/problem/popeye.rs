//! Popeye input: the problem file a composer already has for the solver,
//! read for what a diagram shows (`pieces`, `forsyth`, `stipulation`,
//! `author`, `origin`/`source`, `title`, `condition`, `award`, `twin`),
//! in English, German or French, commands abbreviated to three letters or
//! more as Popeye allows. What changes the board in ways not drawn (a
//! piece attribute such as `royal`, `rotate`, `mirror`) is refused with the
//! command's name and line; solver options (`option`, `remark`,
//! `protocol`) are passed over.

use super::{
    parse_fairy_fen, Figure, Problem, ProblemError, ProblemErrorKind as Kind, ProblemField, Side,
    Twin, TwinChange, Unit,
};
use crate::{Role, Square};

/// The longest Popeye text read (bytes).
pub const MAX_POPEYE_LEN: usize = 1024 * 1024;

/// The most twins one problem may list.
pub const MAX_TWINS: usize = 26;

/// The most composers one problem may name (`author` lines): the alt
/// text and the caption name them all, so their number is bounded as the
/// server's `author` parameters are.
pub const MAX_AUTHORS: usize = 64;

/// The most problems one Popeye text may hold.
const MAX_PROBLEMS: usize = 10_000;

/// The most characters kept of one caption line (author, source, title...).
const MAX_LINE_CHARS: usize = 200;

/// Whether `text` is Popeye input: its first word is `BeginProblem` (or
/// an abbreviation of three letters or more, in any of Popeye's languages).
///
/// ```
/// use fen2img_chess::problem::is_popeye;
/// assert!(is_popeye("BeginProblem\npieces white Ke1\nEndProblem"));
/// assert!(is_popeye("  beg pie whi Ke1"));
/// assert!(!is_popeye("8/8/8/8/8/8/8/8 w - - 0 1"));
/// ```
pub fn is_popeye(text: &str) -> bool {
    text.split_whitespace()
        .next()
        .is_some_and(|w| matches!(command(w), Some((Command::Begin, _, _))))
}

/// The language a file is written in; it also decides the piece letters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Language {
    English,
    German,
    French,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Command {
    Begin,
    End,
    Next,
    Pieces,
    Forsyth,
    Stipulation,
    Author,
    Origin,
    Title,
    Condition,
    Award,
    Twin,
    Options,
    Ignored,
    Refused,
}

impl Command {
    fn name(self) -> &'static str {
        match self {
            Command::Begin => "beginproblem",
            Command::End => "endproblem",
            Command::Next => "nextproblem",
            Command::Pieces => "pieces",
            Command::Forsyth => "forsyth",
            Command::Stipulation => "stipulation",
            Command::Author => "author",
            Command::Origin => "origin",
            Command::Title => "title",
            Command::Condition => "condition",
            Command::Award => "award",
            Command::Twin => "twin",
            Command::Options => "option",
            Command::Ignored => "remark",
            Command::Refused => "command",
        }
    }
}

/// Every command word Popeye knows in its three languages that this reader
/// handles, passes over or refuses by name.
const COMMANDS: &[(&str, Command, Language)] = &[
    ("beginproblem", Command::Begin, Language::English),
    ("anfangproblem", Command::Begin, Language::German),
    ("debutprobleme", Command::Begin, Language::French),
    ("endproblem", Command::End, Language::English),
    ("endeproblem", Command::End, Language::German),
    ("finprobleme", Command::End, Language::French),
    ("nextproblem", Command::Next, Language::English),
    ("weiteresproblem", Command::Next, Language::German),
    ("asuivre", Command::Next, Language::French),
    ("pieces", Command::Pieces, Language::English),
    ("steine", Command::Pieces, Language::German),
    ("forsyth", Command::Forsyth, Language::English),
    ("stipulation", Command::Stipulation, Language::English),
    ("forderung", Command::Stipulation, Language::German),
    ("enonce", Command::Stipulation, Language::French),
    ("author", Command::Author, Language::English),
    ("autor", Command::Author, Language::German),
    ("auteur", Command::Author, Language::French),
    ("origin", Command::Origin, Language::English),
    ("source", Command::Origin, Language::French),
    ("quelle", Command::Origin, Language::German),
    ("title", Command::Title, Language::English),
    ("titel", Command::Title, Language::German),
    ("titre", Command::Title, Language::French),
    ("condition", Command::Condition, Language::English),
    ("bedingung", Command::Condition, Language::German),
    ("award", Command::Award, Language::English),
    ("auszeichnung", Command::Award, Language::German),
    ("twin", Command::Twin, Language::English),
    ("zwilling", Command::Twin, Language::German),
    ("jumeau", Command::Twin, Language::French),
    ("option", Command::Options, Language::English),
    ("remark", Command::Ignored, Language::English),
    ("bemerkung", Command::Ignored, Language::German),
    ("remarque", Command::Ignored, Language::French),
    ("protocol", Command::Ignored, Language::English),
    ("protokoll", Command::Ignored, Language::German),
    ("protocole", Command::Ignored, Language::French),
    ("sstipulation", Command::Refused, Language::English),
    ("zeroposition", Command::Refused, Language::English),
    ("rotate", Command::Refused, Language::English),
    ("mirror", Command::Refused, Language::English),
    ("shift", Command::Refused, Language::English),
    ("polish", Command::Refused, Language::English),
    ("imitator", Command::Refused, Language::English),
    ("layout", Command::Refused, Language::English),
];

/// The command a word names: the whole word or an abbreviation of three
/// letters or more that only one command starts with.
fn command(word: &str) -> Option<(Command, Language, &'static str)> {
    let w = word.to_ascii_lowercase();
    if w.len() < 3 {
        return None;
    }
    if let Some(&(name, c, l)) = COMMANDS.iter().find(|(name, _, _)| *name == w) {
        return Some((c, l, name));
    }
    let mut found = COMMANDS.iter().filter(|(name, _, _)| name.starts_with(&w));
    let first = found.next()?;
    if found.all(|(_, c, _)| *c == first.1) {
        Some((first.1, first.2, first.0))
    } else {
        None
    }
}

/// The side a colour word names (three letters or more): in the file's
/// language first, so English `bla` is black, not French `blanc`.
fn colour(word: &str, language: Language) -> Option<Side> {
    let w = word.to_ascii_lowercase();
    if w.len() < 3 {
        return None;
    }
    const WORDS: [(&str, Side, Language); 8] = [
        ("white", Side::White, Language::English),
        ("weiss", Side::White, Language::German),
        ("blanc", Side::White, Language::French),
        ("black", Side::Black, Language::English),
        ("schwarz", Side::Black, Language::German),
        ("noir", Side::Black, Language::French),
        ("neutral", Side::Neutral, Language::English),
        ("neutre", Side::Neutral, Language::French),
    ];
    let matches = |(name, _, _): &&(&str, Side, Language)| name.starts_with(&w);
    WORDS
        .iter()
        .filter(matches)
        .find(|(_, _, l)| *l == language)
        .or_else(|| WORDS.iter().find(matches))
        .map(|&(_, s, _)| s)
}

/// Piece attributes Popeye knows: a diagram has no sign for them.
const ATTRIBUTES: &[&str] = &[
    "royal",
    "chameleon",
    "jigger",
    "kamikaze",
    "paralysing",
    "volage",
    "beamtet",
    "halfneutral",
    "magic",
    "uncapturable",
    "frischauf",
    "functionary",
];

/// The orthodox role of a one-letter code in `language`.
fn role(code: &str, language: Language) -> Option<Role> {
    let letters: &[(char, Role)] = match language {
        Language::English => &[
            ('K', Role::King),
            ('Q', Role::Queen),
            ('R', Role::Rook),
            ('B', Role::Bishop),
            ('S', Role::Knight),
            ('P', Role::Pawn),
        ],
        Language::German => &[
            ('K', Role::King),
            ('D', Role::Queen),
            ('T', Role::Rook),
            ('L', Role::Bishop),
            ('S', Role::Knight),
            ('B', Role::Pawn),
        ],
        Language::French => &[
            ('R', Role::King),
            ('D', Role::Queen),
            ('T', Role::Rook),
            ('F', Role::Bishop),
            ('C', Role::Knight),
            ('P', Role::Pawn),
        ],
    };
    let mut chars = code.chars();
    let c = chars.next()?.to_ascii_uppercase();
    if chars.next().is_some() {
        return None;
    }
    letters.iter().find(|(l, _)| *l == c).map(|&(_, r)| r)
}

/// A word with its place (1-based line and column, in characters).
#[derive(Clone, Copy)]
struct Word<'a> {
    text: &'a str,
    line: usize,
    column: usize,
    /// The rest of the line after the word (for caption commands).
    rest: &'a str,
}

/// The words of `text`, each with its place and the rest of its line.
fn words(text: &str) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let mut column = 1;
        let mut start: Option<(usize, usize)> = None;
        let mut iter = line.char_indices().peekable();
        while let Some((i, c)) = iter.next() {
            let at_end = iter.peek().is_none();
            if c.is_whitespace() {
                if let Some((s, col)) = start.take() {
                    out.push(Word {
                        text: &line[s..i],
                        line: n + 1,
                        column: col,
                        rest: line[i..].trim(),
                    });
                }
            } else if start.is_none() {
                start = Some((i, column));
            }
            if at_end && let Some((s, col)) = start.take() {
                out.push(Word {
                    text: &line[s..],
                    line: n + 1,
                    column: col,
                    rest: "",
                });
            }
            column += 1;
        }
    }
    out
}

/// Reads Popeye input: every problem in it, in order (a file may hold
/// several, separated by `NextProblem` or each in its own
/// `BeginProblem` … `EndProblem`).
///
/// ```
/// use fen2img_chess::problem::parse_popeye;
/// let text = "BeginProblem\nAuthor Sam Loyd\nOrigin Le Sphinx 1867\n\
///             Pieces White Kc6 Qd1 Black Kc8\nStipulation #2\nEndProblem\n";
/// let problems = parse_popeye(text)?;
/// assert_eq!(problems[0].authors, ["Sam Loyd"]);
/// assert_eq!(problems[0].stipulation.as_deref(), Some("#2"));
/// assert_eq!(problems[0].count_text(), "(2+1)");
///
/// let e = parse_popeye("BeginProblem\npieces white royal Ke1\n").unwrap_err();
/// assert_eq!((e.line(), e.column()), (2, 14));
/// # Ok::<(), fen2img_chess::problem::ProblemError>(())
/// ```
pub fn parse_popeye(text: &str) -> Result<Vec<Problem>, ProblemError> {
    let mut problems = Vec::new();
    for (_, problem) in read_problems(text, false) {
        problems.push(problem?);
    }
    Ok(problems)
}

/// Reads Popeye input problem by problem, going on after a problem that
/// cannot be read: each problem with the line it starts on (its
/// `BeginProblem`, or the `NextProblem` before it), read or refused with
/// its error. A batch draws the problems that read and reports the
/// others; [`parse_popeye`] stops at the first error instead.
///
/// ```
/// use fen2img_chess::problem::parse_popeye_each;
/// let text = "BeginProblem\npieces white Ke1 black Ke8\nNextProblem\n\
///             pieces white royal Ke1\nNextProblem\npieces white Kh1\nEndProblem\n";
/// let read = parse_popeye_each(text);
/// assert_eq!(read.len(), 3);
/// assert_eq!(read[0].0, 1);
/// assert!(read[0].1.is_ok());
/// assert_eq!((read[1].0, read[1].1.as_ref().unwrap_err().line()), (3, 4));
/// assert_eq!(read[2].1.as_ref().unwrap().count_text(), "(1+0)");
/// ```
pub fn parse_popeye_each(text: &str) -> Vec<(usize, Result<Problem, ProblemError>)> {
    read_problems(text, true)
}

/// Where the reading of a Popeye text stands.
struct State {
    /// The next word to read.
    i: usize,
    /// The problem being read, once one has begun.
    current: Option<Problem>,
    /// The line the current problem starts on.
    start_line: usize,
    /// The language of the last `BeginProblem`: it decides piece letters.
    language: Language,
    /// The problems read (or refused), in order.
    problems: Vec<(usize, Result<Problem, ProblemError>)>,
}

/// Reads every problem of `text`; `go_on`: after a refused problem, go on
/// with the next one (from its `NextProblem` or `BeginProblem`), else stop.
fn read_problems(text: &str, go_on: bool) -> Vec<(usize, Result<Problem, ProblemError>)> {
    if text.len() > MAX_POPEYE_LEN {
        return vec![(
            1,
            Err(ProblemError::new(
                ProblemField::Input,
                Kind::TooLong,
                1,
                1,
                format!("Popeye input longer than {MAX_POPEYE_LEN} bytes"),
            )),
        )];
    }
    let words = words(text);
    let mut st = State {
        i: 0,
        current: None,
        start_line: 1,
        language: Language::English,
        problems: Vec::new(),
    };
    while let Err(e) = read_words(&words, &mut st) {
        st.problems.push((st.start_line, Err(e)));
        if !go_on || st.problems.len() >= MAX_PROBLEMS {
            return st.problems;
        }
        // Resume at the next problem's start; the failed one is dropped.
        st.current = None;
        while let Some(w) = words.get(st.i) {
            match command(w.text) {
                Some((Command::Begin, ..)) => break,
                Some((Command::Next, ..)) => {
                    st.current = Some(Problem::new());
                    st.start_line = w.line;
                    st.i += 1;
                    break;
                }
                Some((Command::End, ..)) => {
                    st.i = words.len();
                    break;
                }
                _ => st.i += 1,
            }
        }
    }
    if let Some(p) = st.current.take()
        && (st.problems.is_empty() || p != Problem::new())
    {
        st.problems.push((st.start_line, Ok(p)));
    }
    if st.problems.is_empty() {
        st.problems.push((
            1,
            Err(ProblemError::new(
                ProblemField::Input,
                Kind::Empty,
                1,
                1,
                "no BeginProblem".to_owned(),
            )),
        ));
    }
    st.problems
}

/// Reads words from `st.i` to the end of the text or of the last problem,
/// into `st`; an error leaves `st.i` past the word at fault.
fn read_words(words: &[Word], st: &mut State) -> Result<(), ProblemError> {
    while st.i < words.len() {
        let w = words[st.i];
        let Some((cmd, lang, word)) = command(w.text) else {
            return Err(ProblemError::new(
                ProblemField::Input,
                Kind::Unknown,
                w.line,
                w.column,
                format!(
                    "{} is not a Popeye command this reader knows",
                    fen2img_support::quote::quoted(w.text)
                ),
            ));
        };
        // A refused command is named as the file names it (`rotate`).
        let field = ProblemField::Command(if cmd == Command::Refused {
            word
        } else {
            cmd.name()
        });
        let err = |w: Word, kind: Kind, message: String| {
            ProblemError::new(field.clone(), kind, w.line, w.column, message)
        };
        if cmd == Command::Begin {
            st.language = lang;
            if st.current.is_some() {
                return Err(err(
                    w,
                    Kind::Order,
                    "a problem begins before the last one ended".into(),
                ));
            }
            st.current = Some(Problem::new());
            st.start_line = w.line;
            st.i += 1;
            continue;
        }
        let Some(problem) = st.current.as_mut() else {
            return Err(err(w, Kind::Order, "before BeginProblem".into()));
        };
        st.i += 1;
        match cmd {
            Command::Begin => {}
            Command::End | Command::Next => {
                if st.problems.len() >= MAX_PROBLEMS {
                    return Err(err(
                        w,
                        Kind::Limit,
                        format!("more than {MAX_PROBLEMS} problems"),
                    ));
                }
                st.problems
                    .push((st.start_line, Ok(std::mem::take(problem))));
                st.current = (cmd == Command::Next).then(Problem::new);
                st.start_line = w.line;
                if cmd == Command::End {
                    // Popeye reads nothing after EndProblem.
                    break;
                }
            }
            Command::Pieces => {
                st.i = read_pieces(words, st.i, problem, st.language)?;
            }
            Command::Forsyth => st.i = read_forsyth(words, st.i, w, problem, &err)?,
            Command::Stipulation => {
                let Some(arg) = words.get(st.i).filter(|a| a.line == w.line) else {
                    return Err(err(
                        w,
                        Kind::MissingValue,
                        "stipulation needs a value on its line".into(),
                    ));
                };
                problem.stipulation = Some(clip(arg.text));
                st.i += 1;
            }
            Command::Condition => st.i = read_condition(words, st.i, w, problem, &err)?,
            Command::Author | Command::Origin | Command::Title | Command::Award | Command::Twin => {
                read_caption(cmd, &words[st.i..], w, problem, st.language, &err)?;
                st.i = skip_line(words, st.i, w.line);
            }
            // Options run on over lines up to the next command.
            Command::Options => st.i = skip_to_command(words, st.i),
            Command::Ignored => st.i = skip_line(words, st.i, w.line),
            Command::Refused => {
                return Err(err(
                    w,
                    Kind::NotDrawable,
                    format!(
                        "{} changes what is solved, not what is drawn; it cannot be drawn",
                        fen2img_support::quote::quoted(w.text)
                    ),
                ))
            }
        }
    }
    Ok(())
}

/// How a command's errors are made: at a word, with a message.
type ErrAt<'e> = dyn Fn(Word, Kind, String) -> ProblemError + 'e;

/// `forsyth PLACEMENT` (the command word `w`, its argument from word `i`):
/// the Fairy FEN's units set on the problem's board; the index after it.
fn read_forsyth(
    words: &[Word],
    i: usize,
    w: Word,
    problem: &mut Problem,
    err: &ErrAt<'_>,
) -> Result<usize, ProblemError> {
    let Some(arg) = words
        .get(i)
        .filter(|a| a.line == w.line || command(a.text).is_none())
    else {
        return Err(err(
            w,
            Kind::MissingValue,
            "forsyth needs a placement".into(),
        ));
    };
    let placed = parse_fairy_fen(arg.text).map_err(|e| {
        ProblemError::new(
            ProblemField::Command("forsyth"),
            e.kind(),
            arg.line,
            arg.column + e.column() - 1,
            e.message().to_owned(),
        )
    })?;
    for (sq, unit) in placed.units() {
        problem.set(sq, Some(unit.clone()));
    }
    Ok(i + 1)
}

/// `condition …`, which runs on over lines up to the next command
/// (`bedingung madrasi` and `gitterschach` on the next line); the index of
/// that command.
fn read_condition(
    words: &[Word],
    i: usize,
    w: Word,
    problem: &mut Problem,
    err: &ErrAt<'_>,
) -> Result<usize, ProblemError> {
    let end = skip_to_command(words, i);
    let value = clip(
        &words[i..end]
            .iter()
            .map(|w| w.text)
            .collect::<Vec<_>>()
            .join(" "),
    );
    if value.is_empty() {
        return Err(err(w, Kind::MissingValue, "condition needs a value".into()));
    }
    problem.condition = Some(value);
    Ok(end)
}

/// A caption command (`author`, `origin`, `title`, `award`, `twin`: the
/// word `w`), its value the rest of its line; `after` the words after it.
fn read_caption(
    cmd: Command,
    after: &[Word],
    w: Word,
    problem: &mut Problem,
    language: Language,
    err: &ErrAt<'_>,
) -> Result<(), ProblemError> {
    let value = clip(&unescape(w.rest));
    if value.is_empty() {
        return Err(err(
            w,
            Kind::MissingValue,
            format!("{} needs text on its line", cmd.name()),
        ));
    }
    match cmd {
        Command::Author if problem.authors.len() >= MAX_AUTHORS => {
            return Err(err(
                w,
                Kind::Limit,
                format!("more than {MAX_AUTHORS} authors"),
            ));
        }
        Command::Author => problem.authors.push(value),
        Command::Origin => problem.source = Some(value),
        Command::Title => problem.title = Some(value),
        Command::Award => problem.award = Some(value),
        _ => {
            if problem.twins.len() >= MAX_TWINS {
                return Err(err(w, Kind::Limit, format!("more than {MAX_TWINS} twins")));
            }
            problem.twins.push(value);
            let end = skip_line(after, 0, w.line);
            problem
                .twin_changes
                .push(read_twin(&after[..end], w, language));
        }
    }
    Ok(())
}

/// The index of the first word after line `line`.
fn skip_line(words: &[Word], mut i: usize, line: usize) -> usize {
    while words.get(i).is_some_and(|w| w.line == line) {
        i += 1;
    }
    i
}

/// The index of the next word that is a command, from `i`.
fn skip_to_command(words: &[Word], mut i: usize) -> usize {
    while words.get(i).is_some_and(|w| command(w.text).is_none()) {
        i += 1;
    }
    i
}

/// Popeye files write accents as TeX does (`M\"uller`, `Probl\`eme`):
/// the common ones become their letters.
fn unescape(text: &str) -> String {
    if !text.contains('\\') {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let chars: Vec<char> = text.chars().collect();
    let table: &[(char, &str, &str)] = &[
        ('"', "aouAOUes", "äöüÄÖÜëß"),
        ('\'', "eaiouEAIOU", "éáíóúÉÁÍÓÚ"),
        ('`', "eaiouEAIOU", "èàìòùÈÀÌÒÙ"),
    ];
    let mut i = 0;
    while i < chars.len() {
        let composed = (chars[i] == '\\')
            .then(|| {
                let accent = *chars.get(i + 1)?;
                let letter = *chars.get(i + 2)?;
                let (_, from, to) = table.iter().find(|(a, _, _)| *a == accent)?;
                let k = from.chars().position(|f| f == letter)?;
                to.chars().nth(k)
            })
            .flatten();
        match composed {
            Some(u) => {
                out.push(u);
                i += 3;
            }
            None => {
                out.push(chars[i]);
                i += 1;
            }
        }
    }
    out
}

/// A caption line kept to [`MAX_LINE_CHARS`] characters.
fn clip(text: &str) -> String {
    text.trim().chars().take(MAX_LINE_CHARS).collect()
}

/// Reads `white Ke1 Qd1 black Ke8 …` from word `i` up to the next command;
/// returns the index of that command.
fn read_pieces(
    words: &[Word],
    mut i: usize,
    problem: &mut Problem,
    language: Language,
) -> Result<usize, ProblemError> {
    let err = |w: &Word, kind: Kind, message: String| {
        ProblemError::new(
            ProblemField::Command("pieces"),
            kind,
            w.line,
            w.column,
            message,
        )
    };
    let mut side: Option<Side> = None;
    while let Some(w) = words.get(i) {
        if let Some(s) = colour(w.text, language) {
            side = Some(s);
            i += 1;
            continue;
        }
        let lower = w.text.to_ascii_lowercase();
        if ATTRIBUTES
            .iter()
            .any(|a| a.starts_with(&lower) && lower.len() >= 3)
        {
            return Err(err(
                w,
                Kind::NotDrawable,
                format!(
                    "the piece attribute {} has no sign in a diagram; it cannot be drawn",
                    fen2img_support::quote::quoted(w.text)
                ),
            ));
        }
        let Some((code, squares)) = split_piece(w.text) else {
            if command(w.text).is_some() {
                break;
            }
            return Err(err(
                w,
                Kind::Unknown,
                format!(
                    "{} is not a piece on squares (like Ke1, Sb5c6, Gh1)",
                    fen2img_support::quote::quoted(w.text)
                ),
            ));
        };
        let Some(side) = side else {
            return Err(err(
                w,
                Kind::Order,
                "a piece before white, black or neutral".into(),
            ));
        };
        let figure = match role(code, language) {
            Some(r) => Figure::Piece(r),
            None => Figure::Fairy(code.to_ascii_uppercase()),
        };
        for sq in squares {
            problem.set(
                sq,
                Some(Unit {
                    side,
                    figure: figure.clone(),
                    rotation: 0,
                }),
            );
        }
        i += 1;
    }
    Ok(i)
}

/// The changes of a twin's line (the words after `twin`): `continued`
/// first or not, then `move`, `exchange`, `remove`, `add` (each three
/// letters or more) with their squares and pieces; any other word is an
/// error at its place, kept for when the twin's board is asked for.
fn read_twin(line: &[Word], twin: Word, language: Language) -> Twin {
    let continued = line.first().is_some_and(|w| abbreviates(w, "continued"));
    let rest = if continued { &line[1..] } else { line };
    Twin {
        continued,
        changes: read_twin_changes(rest, &twin, language),
    }
}

/// An error in a twin's line, at `w`.
fn twin_error(w: &Word, kind: Kind, message: String) -> ProblemError {
    ProblemError::new(
        ProblemField::Command("twin"),
        kind,
        w.line,
        w.column,
        message,
    )
}

/// Whether `w` names the twin word `name`: three letters or more of it,
/// in any case, as Popeye reads its keywords.
fn abbreviates(w: &Word, name: &str) -> bool {
    let lower = w.text.to_ascii_lowercase();
    lower.len() >= 3 && name.starts_with(&lower)
}

/// The square `w` names, the word after `after` (which the error points
/// at when there is none).
fn twin_square(w: Option<&Word>, after: &Word) -> Result<Square, ProblemError> {
    let w = w.ok_or_else(|| {
        twin_error(
            after,
            Kind::MissingValue,
            format!(
                "{} needs a square after it",
                fen2img_support::quote::quoted(after.text)
            ),
        )
    })?;
    Square::parse(&w.text.to_ascii_lowercase()).ok_or_else(|| {
        twin_error(
            w,
            Kind::Malformed,
            format!("{} is not a square", fen2img_support::quote::quoted(w.text)),
        )
    })
}

/// The changes in `rest`, the twin's words after `continued`.
fn read_twin_changes(
    rest: &[Word],
    twin: &Word,
    language: Language,
) -> Result<Vec<TwinChange>, ProblemError> {
    if rest.is_empty() {
        return Err(twin_error(
            twin,
            Kind::NotDrawable,
            "the twin changes nothing fen2img can draw".into(),
        ));
    }
    let mut changes = Vec::new();
    let mut i = 0;
    while let Some(w) = rest.get(i) {
        let at = (w.line, w.column);
        if abbreviates(w, "move") || abbreviates(w, "exchange") {
            let a = twin_square(rest.get(i + 1), w)?;
            let b = twin_square(rest.get(i + 2), rest.get(i + 1).unwrap_or(w))?;
            let at = rest.get(i + 1).map_or(at, |s| (s.line, s.column));
            changes.push(if abbreviates(w, "move") {
                TwinChange::Move(a, b, at)
            } else {
                TwinChange::Exchange(a, b, at)
            });
            i += 3;
        } else if abbreviates(w, "remove") {
            let sq = twin_square(rest.get(i + 1), w)?;
            let at = rest.get(i + 1).map_or(at, |s| (s.line, s.column));
            changes.push(TwinChange::Remove(sq, at));
            i += 2;
        } else if w.text.eq_ignore_ascii_case("add") {
            changes.push(read_twin_add(
                w,
                rest.get(i + 1),
                rest.get(i + 2),
                language,
            )?);
            i += 3;
        } else {
            return Err(twin_error(
                w,
                Kind::NotDrawable,
                format!(
                    "{} is a twin change fen2img does not draw (it draws move, exchange, remove, add)",
                    fen2img_support::quote::quoted(w.text)
                ),
            ));
        }
    }
    Ok(changes)
}

/// `add COLOUR PIECE` (`add white Qd1`): `add` is `w`, the next two words
/// `side_word` and `piece`.
fn read_twin_add(
    w: &Word,
    side_word: Option<&Word>,
    piece: Option<&Word>,
    language: Language,
) -> Result<TwinChange, ProblemError> {
    let side_word = side_word.ok_or_else(|| {
        twin_error(
            w,
            Kind::MissingValue,
            "add needs a colour and a piece (add white Qd1)".into(),
        )
    })?;
    let side = colour(side_word.text, language).ok_or_else(|| {
        twin_error(
            side_word,
            Kind::Malformed,
            format!(
                "{} is not white, black or neutral",
                fen2img_support::quote::quoted(side_word.text)
            ),
        )
    })?;
    let piece = piece.ok_or_else(|| {
        twin_error(
            side_word,
            Kind::MissingValue,
            "add needs a piece on squares (add white Qd1)".into(),
        )
    })?;
    let (code, squares) = split_piece(piece.text).ok_or_else(|| {
        twin_error(
            piece,
            Kind::Malformed,
            format!(
                "{} is not a piece on squares (like Qd1)",
                fen2img_support::quote::quoted(piece.text)
            ),
        )
    })?;
    let figure = match role(code, language) {
        Some(r) => Figure::Piece(r),
        None => Figure::Fairy(code.to_ascii_uppercase()),
    };
    Ok(TwinChange::Add(
        Unit {
            side,
            figure,
            rotation: 0,
        },
        squares,
        (piece.line, piece.column),
    ))
}

/// `Ke1` → (`K`, `[e1]`); `Sb5c6` → (`S`, `[b5, c6]`); `CAa2` → (`CA`, `[a2]`).
fn split_piece(token: &str) -> Option<(&str, Vec<Square>)> {
    if !token.is_ascii() {
        return None;
    }
    for cut in [1, 2] {
        let (code, rest) = token.split_at_checked(cut)?;
        if !code.bytes().all(|b| b.is_ascii_alphanumeric())
            || rest.is_empty()
            || rest.len() % 2 != 0
        {
            continue;
        }
        let squares: Option<Vec<Square>> = rest
            .as_bytes()
            .chunks(2)
            .map(|p| {
                let f = p[0].to_ascii_lowercase();
                (b'a'..=b'h').contains(&f).then_some(())?;
                (b'1'..=b'8').contains(&p[1]).then_some(())?;
                Square::new(f - b'a', p[1] - b'1')
            })
            .collect();
        if let Some(s) = squares {
            return Some((code, s));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_whole_problem() {
        let text = "BeginProblem\n\
                    Author Sam Loyd\n\
                    Origin Le Sphinx 1867\n\
                    Title Excelsior\n\
                    Pieces White Kc6 Qd1 Sb5c6 Pa2b2 Gh1\n\
                    Black Kc8\n\
                    Neutral Rd4\n\
                    Stipulation #2\n\
                    Option Try\n\
                    Twin Move c6 c7\n\
                    EndProblem\n";
        let p = &parse_popeye(text).unwrap()[0];
        assert_eq!(p.authors, ["Sam Loyd"]);
        assert_eq!(p.source.as_deref(), Some("Le Sphinx 1867"));
        assert_eq!(p.title.as_deref(), Some("Excelsior"));
        assert_eq!(p.twins, ["Move c6 c7"]);
        assert_eq!(p.unit_count(), (6, 1, 1));
        let g = p.unit(Square::parse("h1").unwrap()).unwrap();
        assert_eq!(g.figure, Figure::Fairy("G".into()));
        let n = p.unit(Square::parse("c6").unwrap()).unwrap();
        assert_eq!(n.figure, Figure::Piece(Role::Knight));
    }

    #[test]
    fn reads_german_and_abbreviations() {
        let text = "anf\nautor Ado Kraemer\nsteine weiss Kg1 Dd1 Tf1 Lc4 Se5 Bh2\nschwarz Kg8\nford #2\nende\n";
        let p = &parse_popeye(text).unwrap()[0];
        let roles: Vec<String> = p.units().map(|(_, u)| u.describe()).collect();
        assert!(roles.contains(&"white queen".to_owned()), "{roles:?}");
        assert!(roles.contains(&"white pawn".to_owned()), "{roles:?}");
        assert!(roles.contains(&"white bishop".to_owned()), "{roles:?}");
        assert_eq!(p.count_text(), "(6+1)");
        assert_eq!(p.authors, ["Ado Kraemer"]);
    }

    #[test]
    fn reads_forsyth_and_several_problems() {
        let text =
            "beg\nfors 4k3/8/8/8/8/8/8/4K3\nsti h#2\nnext\npie whi Ka1 bla Kh8\nsti #3\nend\n";
        let ps = parse_popeye(text).unwrap();
        assert_eq!(ps.len(), 2);
        assert_eq!(ps[0].stipulation.as_deref(), Some("h#2"));
        assert_eq!(ps[1].count_text(), "(1+1)");
    }

    #[test]
    fn refuses_with_command_and_line() {
        let cases: [(&str, &str, usize, usize, Kind); 8] = [
            (
                "BeginProblem\nrotate 90\n",
                "rotate",
                2,
                1,
                Kind::NotDrawable,
            ),
            (
                "BeginProblem\npieces white royal Ke1\n",
                "pieces",
                2,
                14,
                Kind::NotDrawable,
            ),
            ("BeginProblem\npieces Ke1\n", "pieces", 2, 8, Kind::Order),
            (
                "BeginProblem\npieces white Kz9\n",
                "pieces",
                2,
                14,
                Kind::Unknown,
            ),
            (
                "BeginProblem\nforsyth 8/8/8/8/8/8/8/7E\n",
                "forsyth",
                2,
                24,
                Kind::Unknown,
            ),
            ("BeginProblem\nfoo\n", "input", 2, 1, Kind::Unknown),
            (
                "BeginProblem\nstipulation\n",
                "stipulation",
                2,
                1,
                Kind::MissingValue,
            ),
            ("pieces white Ke1\n", "pieces", 1, 1, Kind::Order),
        ];
        for (text, field, line, column, kind) in cases {
            let e = parse_popeye(text).unwrap_err();
            assert_eq!((e.line(), e.column()), (line, column), "{text}: {e}");
            assert!(e.to_string().contains(field), "{text}: {e}");
            assert_eq!(e.kind(), kind, "{text}: {e}");
        }
        assert_eq!(parse_popeye("").unwrap_err().kind(), Kind::Empty);
        // The composers are bounded: the caption and alt text name them all.
        let many = "author A\n".repeat(MAX_AUTHORS + 1);
        let e = parse_popeye(&format!("BeginProblem\n{many}")).unwrap_err();
        assert_eq!((e.line(), e.column()), (MAX_AUTHORS + 2, 1), "{e}");
        assert!(e.message().contains("more than 64 authors"), "{e}");
        assert_eq!(e.kind(), Kind::Limit);
        let enough = "author A\n".repeat(MAX_AUTHORS);
        let p = parse_popeye(&format!("BeginProblem\n{enough}")).unwrap();
        assert_eq!(p[0].authors.len(), MAX_AUTHORS);
    }

    #[test]
    fn conditions_and_options_run_over_lines_and_accents_are_read() {
        let text = "anfangproblem\nprotokoll x.out\nautor Henning M\\\"uller\nforderung #2\n\
                    bedingung madrasi\n\tgitterschach\noption varianten\n\tohnedrohung\n\
                    steine weiss kb7 schwarz ka7\nendeproblem\n";
        let p = &parse_popeye(text).unwrap()[0];
        assert_eq!(p.authors, ["Henning Müller"]);
        assert_eq!(p.condition.as_deref(), Some("madrasi gitterschach"));
        assert_eq!(p.count_text(), "(1+1)");
    }

    #[test]
    fn no_text_panics() {
        for text in [
            "",
            "beg",
            "beg pie",
            "beg pie whi",
            "beg fors",
            "beg sti",
            "end",
            "beg auth",
            "ü beg",
            "beg pie whi Kü1",
        ] {
            let _ = parse_popeye(text);
        }
    }
}
