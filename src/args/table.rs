//! The render flags read through the options table ([`RENDER`],
//! [`FrontEnd::Cli`]). Clap knows the flags and hands their values over as
//! given; each becomes a `(long name, value)` pair the table applies, so a
//! value is read by the same parser as a server's query parameter or a
//! Markdown fence's key, and a bad one is refused in the same words
//! (`--size at column 1: ...` where the server says `size at column 1:
//! ...`). The flags are listed here once ([`given`]); the tests walk the
//! table and check every row's flags against clap's definitions.

use std::cell::RefCell;
use std::ffi::{OsStr, OsString};
use std::path::Path;

use fen2img_render::vocabulary::{
    Files, FrontEnd, OptionError, OptionErrorKind, ResourceError, Resources, RENDER,
};
use fen2img_render::{Format, PieceSet, RenderOptions, Theme};

use super::pieces::named_or_load_pieces;
use super::render::RenderArgs;
use super::text::utf8;
use crate::failure::{Cause, Failure};

/// Every render flag given (clap's defaults count as given), as the
/// table's long name and the value (`None` for a switch that is on). The
/// format is not among them: `-o`'s extension or the terminal may choose
/// it, which is the command's business ([`super::render::FormatArg`]).
pub(super) fn given(args: &RenderArgs) -> Vec<(&'static str, Option<&OsStr>)> {
    let single: [(&'static str, Option<&OsString>); 20] = [
        ("size", Some(&args.size)),
        ("dpi", args.dpi.as_ref()),
        ("theme", Some(&args.theme)),
        ("pieces", args.pieces.as_ref()),
        ("coords", Some(&args.coords)),
        ("background", args.background.as_ref()),
        ("lastmove", args.lastmove.as_ref()),
        ("check", args.check.as_ref()),
        ("preset", args.preset.as_ref()),
        ("caption", args.caption.as_ref()),
        ("caption-position", Some(&args.caption_position)),
        ("number", args.number.as_ref()),
        ("number-format", args.number_format.as_ref()),
        ("white", args.white.as_ref()),
        ("white-title", args.white_title.as_ref()),
        ("white-elo", args.white_elo.as_ref()),
        ("black", args.black.as_ref()),
        ("black-title", args.black_title.as_ref()),
        ("black-elo", args.black_elo.as_ref()),
        ("id-prefix", args.id_prefix.as_ref()),
    ];
    let repeated: [(&'static str, &[OsString]); 5] = [
        ("arrow", &args.arrow),
        ("mark", &args.mark),
        ("fill", &args.fill),
        ("glyph", &args.glyph),
        ("label", &args.label),
    ];
    let switches: [(&'static str, bool); 6] = [
        ("flip", args.flip),
        ("no-side-to-move", args.no_side_to_move),
        ("no-border", args.no_border),
        ("straight-knight-arrows", args.straight_knight_arrows),
        ("swap-glyphs", args.swap_glyphs),
        ("optimize", args.optimize),
    ];
    let mut out: Vec<(&'static str, Option<&OsStr>)> = single
        .into_iter()
        .filter_map(|(name, value)| Some((name, Some(value?.as_os_str()))))
        .collect();
    for (name, values) in repeated {
        out.extend(values.iter().map(|v| (name, Some(v.as_os_str()))));
    }
    out.extend(
        switches
            .into_iter()
            .filter(|&(_, on)| on)
            .map(|(name, _)| (name, None)),
    );
    out.push(("quality", Some(args.quality.as_os_str())));
    out
}

/// The render options of the flags, for `format`: every value read by the
/// table, a theme file or piece set read as the command line reads them.
pub(super) fn read(args: &RenderArgs, format: Format) -> Result<RenderOptions, Failure> {
    let mut pairs = Vec::new();
    for (name, value) in given(args) {
        let value = value.map(|v| utf8(&format!("--{name}"), v)).transpose()?;
        pairs.push((name, value));
    }
    let mut options = RenderOptions::new(format);
    let resources = CliResources::default();
    match RENDER.apply_all(&mut options, FrontEnd::Cli, pairs, &resources) {
        Ok(()) => Ok(options),
        // The first in the order of [`given`]; one line, as every failure.
        Err(errors) => Err(errors.into_iter().next().map_or_else(
            || Failure::invalid("the options could not be read"),
            |(_, e)| failure(e, &resources),
        )),
    }
}

/// The command line's failure for a flag the table refused: its value's
/// error with the flag's dashes and a caret under the column, or the theme
/// or piece set error the command line has always given (exit 1 for a file
/// that cannot be read, 2 for one that is not valid).
fn failure(e: OptionError, resources: &CliResources) -> Failure {
    match &e.kind {
        OptionErrorKind::Resource(ResourceError::Theme(t)) => Failure::from(Cause::Theme(t)),
        OptionErrorKind::Resource(ResourceError::Pieces(p)) => Failure::from(Cause::Pieces(p)),
        OptionErrorKind::Resource(_) => resources
            .failure
            .borrow_mut()
            .take()
            .unwrap_or_else(|| Failure::invalid(format!("--{e}"))),
        _ => {
            let mut f = Failure::invalid(format!("--{e}"));
            f.detail = e.caret();
            f
        }
    }
}

/// The command line's policy for what a flag names: a built-in theme or a
/// theme file; a bundled piece set or a directory ([`named_or_load_pieces`],
/// whose failure, exit code and all, is kept to report as it is).
#[derive(Default)]
struct CliResources {
    failure: RefCell<Option<Failure>>,
}

impl Resources for CliResources {
    fn theme(&self, name: &str) -> Result<Theme, ResourceError> {
        Files.theme(name)
    }

    fn pieces(&self, name: &str) -> Result<PieceSet, ResourceError> {
        named_or_load_pieces("--pieces", Path::new(name)).map_err(|f| {
            let why = f.message.clone();
            *self.failure.borrow_mut() = Some(f);
            ResourceError::Refused(why)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::words::{CAPTION_POSITIONS, COORDS, PRESETS};
    use crate::args::FormatArg;
    use clap::{CommandFactory, Parser};
    use fen2img_render::vocabulary::{BuiltIn, Form, Names};

    /// The render flags alone, as the command and batch flatten them.
    #[derive(Parser, Debug)]
    struct Flags {
        #[command(flatten)]
        render: RenderArgs,
    }

    /// The problem flags, which the single-diagram command flattens beside
    /// the render flags: they decide the problem layout, which the command
    /// line reads from them (`args/problem.rs`) rather than through the
    /// table, so only their presence and form are checked here.
    #[derive(Parser, Debug)]
    struct ProblemFlags {
        #[command(flatten)]
        problem: crate::args::problem::ProblemArgs,
    }

    /// Flags of [`RenderArgs`] that are not diagram options, and why.
    const NOT_IN_THE_TABLE: [(&str, &str); 1] =
        [("strict", "how the FEN is read, not what is drawn")];

    fn flags(args: &[String]) -> RenderArgs {
        let argv = std::iter::once("fen2img".to_string()).chain(args.iter().cloned());
        Flags::try_parse_from(argv)
            .unwrap_or_else(|e| panic!("{args:?}: {e}"))
            .render
    }

    /// The command line for `alias` given `example`, or `None` when that
    /// value is the switch left off (the default).
    fn command_line(name: &str, form: Form, example: &str) -> Option<String> {
        match form {
            Form::Switch { on, .. } if example == on => Some(format!("--{name}")),
            Form::Switch { .. } => None,
            Form::Value | Form::Optional(_) => Some(format!("--{name}={example}")),
        }
    }

    /// Every row of the table has its flags on the command line, taking a
    /// value as the table says, and each example reads through the flags
    /// into what the table makes of it (or is refused in the table's
    /// words); a row without flags says why.
    #[test]
    fn every_row_of_the_table_has_its_flags() {
        let command = Flags::command();
        let problem_command = ProblemFlags::command();
        for row in RENDER.rows {
            // A player's title and rating need the name.
            let named: &[(&str, &str)] = match row.name.split_once('_') {
                Some(("white", _)) => &[("white", "W")],
                Some(("black", _)) => &[("black", "B")],
                _ => &[],
            };
            let aliases = match row.names(FrontEnd::Cli) {
                Names::NotHere(why) => {
                    assert!(!why.trim().is_empty(), "{}: say why", row.name);
                    continue;
                }
                Names::Here(aliases) => aliases,
            };
            for alias in *aliases {
                if let Some(arg) = problem_command
                    .get_arguments()
                    .find(|a| a.get_long() == Some(alias.name))
                {
                    let switch = matches!(alias.form, Form::Switch { .. });
                    assert_eq!(arg.get_action().takes_values(), !switch, "--{}", alias.name);
                    continue;
                }
                let arg = command
                    .get_arguments()
                    .find(|a| a.get_long() == Some(alias.name))
                    .unwrap_or_else(|| panic!("--{} (row {}) is not a flag", alias.name, row.name));
                let takes_value = arg.get_action().takes_values();
                match alias.form {
                    Form::Switch { .. } => assert!(!takes_value, "--{} is a switch", alias.name),
                    Form::Value => assert!(takes_value, "--{} takes a value", alias.name),
                    Form::Optional(bare) => {
                        // Given alone, clap passes the table's bare value.
                        let alone = flags(&[format!("--{}", alias.name)]);
                        let pairs = given(&alone);
                        let value = pairs.iter().find(|(n, _)| *n == alias.name);
                        assert_eq!(value, Some(&(alias.name, Some(OsStr::new(bare)))));
                    }
                }
                for example in row.examples {
                    let Some(flag) = command_line(alias.name, alias.form, example) else {
                        continue;
                    };
                    if row.name == "format" {
                        let given = flags(&[flag]).format;
                        let want = Format::ALL.into_iter().find(|f| f.name() == *example);
                        assert_eq!(given, want.map(FormatArg::Known), "--format={example}");
                        continue;
                    }
                    let mut want = RenderOptions::new(Format::SVG);
                    let value = (!matches!(alias.form, Form::Switch { .. })).then_some(*example);
                    let pairs = named
                        .iter()
                        .map(|&(name, v)| (name, Some(v)))
                        .chain([(alias.name, value)]);
                    let table =
                        RENDER.apply_all(&mut want, FrontEnd::Cli, pairs, &CliResources::default());
                    let mut line: Vec<String> = named
                        .iter()
                        .map(|(name, v)| format!("--{name}={v}"))
                        .collect();
                    line.push(flag.clone());
                    let got = read(&flags(&line), Format::SVG);
                    match (table, got) {
                        (Ok(()), Ok(got)) => {
                            assert_eq!(RENDER.canonical(&got), RENDER.canonical(&want), "{flag}")
                        }
                        (Err(errors), Err(f)) => {
                            let e = &errors[0].1;
                            if !matches!(e.kind, OptionErrorKind::Resource(_)) {
                                assert_eq!(f.message, format!("--{e}"), "{flag}");
                            }
                        }
                        (table, got) => panic!("{flag}: the table {table:?}, the flags {got:?}"),
                    }
                }
            }
        }
    }

    /// Every flag of [`RenderArgs`] is a name the table gives the command
    /// line (or one of the few that are not diagram options), and each
    /// default `--help` shows is the table's.
    #[test]
    fn every_flag_is_in_the_table_with_its_default() {
        let names: Vec<&str> = RENDER.names(FrontEnd::Cli).collect();
        for arg in Flags::command().get_arguments() {
            let Some(long) = arg.get_long() else { continue };
            if NOT_IN_THE_TABLE.iter().any(|(name, _)| *name == long) {
                continue;
            }
            assert!(names.contains(&long), "--{long} is not in the table");
            if let [default] = arg.get_default_values() {
                let (row, _) = RENDER.find(FrontEnd::Cli, long).unwrap();
                assert_eq!(
                    default.to_str(),
                    Some(row.default_text().as_str()),
                    "--{long}'s default"
                );
            }
        }
    }

    /// The words `--help` lists are words the table reads.
    #[test]
    fn the_words_help_lists_are_the_tables() {
        for (flag, words) in [
            ("coords", &COORDS[..]),
            ("caption-position", &CAPTION_POSITIONS),
            ("preset", &PRESETS),
        ] {
            for (word, _) in words {
                let mut o = RenderOptions::default();
                RENDER
                    .apply(&mut o, FrontEnd::Cli, flag, Some(word), &BuiltIn)
                    .unwrap_or_else(|e| panic!("--{flag}={word}: {e}"));
            }
        }
    }

    /// A bad value is refused in the server's words, with the flag's
    /// dashes and a caret under its column.
    #[test]
    fn a_bad_value_is_refused_as_the_server_refuses_it() {
        for (flag, param, value) in [
            ("size", "size", "9999"),
            ("coords", "coords", "middle"),
            ("glyph", "glyph", "e4:!!!"),
            ("lastmove", "lastmove", "e2x4"),
            ("caption-position", "caption_position", "left"),
        ] {
            let f = read(&flags(&[format!("--{flag}={value}")]), Format::SVG).unwrap_err();
            assert_eq!(f.code, crate::failure::EXIT_INVALID);
            let e = RENDER
                .apply(
                    &mut RenderOptions::default(),
                    FrontEnd::Server,
                    param,
                    Some(value),
                    &BuiltIn,
                )
                .unwrap_err();
            assert_eq!(
                f.message.strip_prefix("--"),
                Some(e.to_string().replacen(param, flag, 1).as_str())
            );
            assert_eq!(f.detail, e.caret(), "{flag}");
        }
    }

    /// A bundled piece set by its name, a missing one in the command
    /// line's own words.
    #[test]
    fn pieces_are_a_bundled_set_or_a_directory() {
        let o = read(&flags(&["--pieces=cburnett".into()]), Format::SVG).unwrap();
        assert_eq!(o.diagram.piece_set().name(), "cburnett");
        let f = read(&flags(&["--pieces=no-such-set".into()]), Format::SVG).unwrap_err();
        assert!(
            f.message
                .starts_with("--pieces 'no-such-set': not a piece set's name"),
            "{}",
            f.message
        );
    }
}
