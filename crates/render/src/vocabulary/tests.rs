//! The table against itself: every row's examples change what they say
//! and read back from their canonical text; every field a user sets is
//! reached by some row; names are unique on each front end.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use super::*;
use crate::assets::pieces::PieceSet;
use crate::assets::theme::Theme;
use crate::options::{Around, Caption, CheckMark, DiagramOptions, Markup, Player};
use crate::terminal::CellSize;
use crate::EncodeOptions;

/// A piece set that is not the built-in one, loaded once from twelve
/// small SVG files written for the purpose.
fn test_set() -> PieceSet {
    static SET: OnceLock<PieceSet> = OnceLock::new();
    SET.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("fen2img-vocabulary-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for color in ['w', 'b'] {
            for role in ['K', 'Q', 'R', 'B', 'N', 'P'] {
                let svg = format!(
                    r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 45 45"><rect x="10" y="10" width="25" height="25" fill="{}"/></svg>"#,
                    if color == 'w' { "#fff" } else { "#000" }
                );
                std::fs::write(dir.join(format!("{color}{role}.svg")), svg).unwrap();
            }
        }
        let set = PieceSet::load(&dir).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        set
    })
    .clone()
}

/// Built-in themes, and `test-set` for the one piece set the table's
/// example names.
pub(crate) struct TestResources;

impl Resources for TestResources {
    fn pieces(&self, name: &str) -> Result<PieceSet, ResourceError> {
        match name {
            "test-set" => Ok(test_set()),
            _ => Err(ResourceError::Refused(format!("no set {name}"))),
        }
    }
}

/// The defaults with one example of one row applied (over a player's name,
/// for a title or a rating, which need one).
pub(crate) fn with_example(row: &Row<RenderOptions>, example: &str) -> RenderOptions {
    let mut o = RenderOptions::default();
    if let Some(side) = row
        .name
        .strip_suffix("_title")
        .or(row.name.strip_suffix("_elo"))
    {
        RENDER
            .apply(&mut o, FrontEnd::Server, side, Some("Name"), &TestResources)
            .unwrap();
    }
    (row.parse)(&mut o, example, &TestResources)
        .unwrap_or_else(|e| panic!("{} = {example:?}: {e:?}", row.name));
    o
}

/// [`with_example`]'s starting point: the defaults, with a name for a
/// row that needs one.
fn base_for(row: &Row<RenderOptions>) -> RenderOptions {
    let mut o = RenderOptions::default();
    if let Some(side) = row
        .name
        .strip_suffix("_title")
        .or(row.name.strip_suffix("_elo"))
    {
        RENDER
            .apply(&mut o, FrontEnd::Server, side, Some("Name"), &TestResources)
            .unwrap();
    }
    o
}

/// Every field of the options a user could set, by path, with its value
/// as text. Each struct is taken apart without `..`: a new field does not
/// compile until it is listed here, and then the completeness test asks
/// for a row that reaches it (or a reason it is not an option).
fn fields(o: &RenderOptions) -> BTreeMap<String, String> {
    let RenderOptions {
        format,
        diagram,
        encode,
        swap_glyphs,
        svg_id_prefix,
        terminal,
        problem,
    } = o;
    let crate::options::ProblemOptions {
        problem: problem_layout,
        stipulation,
        authors,
        source,
        award,
    } = problem;
    let DiagramOptions {
        size,
        flip,
        coordinates,
        side_to_move,
        border,
        transparent,
        theme,
        pieces,
        markup,
        around,
        preset,
    } = diagram;
    let Markup {
        lastmove,
        check,
        arrows,
        marks,
        fills,
        glyphs,
        labels,
        straight_knight_arrows,
    } = markup;
    let Around {
        caption,
        caption_position,
        number,
        number_format,
        white,
        black,
    } = around;
    let EncodeOptions {
        optimize,
        quality,
        dpi,
    } = encode;
    let CellSize { columns, rows } = terminal;
    let theme_but_background = Theme {
        background: None,
        ..theme.clone()
    };
    let mut out: BTreeMap<String, String> = [
        ("format", format!("{format:?}")),
        ("diagram.size", size.to_string()),
        ("diagram.flip", flip.to_string()),
        ("diagram.coordinates", format!("{coordinates:?}")),
        ("diagram.side_to_move", side_to_move.to_string()),
        ("diagram.border", border.to_string()),
        ("diagram.transparent", transparent.to_string()),
        ("diagram.theme", format!("{theme_but_background:?}")),
        (
            "diagram.theme.background",
            format!("{:?}", theme.background),
        ),
        (
            "diagram.pieces",
            format!("{:?}", pieces.as_ref().map(|p| (p.name(), p.digest()))),
        ),
        ("diagram.markup.lastmove", format!("{lastmove:?}")),
        ("diagram.markup.check", format!("{check:?}")),
        ("diagram.markup.arrows", format!("{arrows:?}")),
        ("diagram.markup.marks", format!("{marks:?}")),
        ("diagram.markup.fills", format!("{fills:?}")),
        ("diagram.markup.glyphs", format!("{glyphs:?}")),
        ("diagram.markup.labels", format!("{labels:?}")),
        (
            "diagram.markup.straight_knight_arrows",
            straight_knight_arrows.to_string(),
        ),
        ("diagram.around.caption", format!("{caption:?}")),
        (
            "diagram.around.caption_position",
            format!("{caption_position:?}"),
        ),
        ("diagram.around.number", format!("{number:?}")),
        ("diagram.around.number_format", format!("{number_format:?}")),
        ("diagram.preset", format!("{preset:?}")),
        ("encode.optimize", optimize.to_string()),
        ("encode.quality", quality.to_string()),
        ("encode.dpi", format!("{dpi:?}")),
        ("swap_glyphs", swap_glyphs.to_string()),
        ("svg_id_prefix", format!("{svg_id_prefix:?}")),
        ("terminal.columns", format!("{columns:?}")),
        ("terminal.rows", format!("{rows:?}")),
        ("problem.problem", problem_layout.to_string()),
        ("problem.stipulation", format!("{stipulation:?}")),
        ("problem.authors", format!("{authors:?}")),
        ("problem.source", format!("{source:?}")),
        ("problem.award", format!("{award:?}")),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect();
    player_fields(&mut out, white, black);
    out
}

/// The players' fields (`diagram.around.white.name`, ...) into `out`.
fn player_fields(
    out: &mut BTreeMap<String, String>,
    white: &Option<Player>,
    black: &Option<Player>,
) {
    for (side, player) in [("white", white), ("black", black)] {
        let (name, title, elo, clock) = match player {
            Some(Player {
                name,
                title,
                elo,
                clock,
            }) => (
                Some(name.clone()),
                title.clone(),
                elo.map(|e| e.to_string()),
                clock.map(|c| c.to_string()),
            ),
            None => (None, None, None, None),
        };
        let key = |part: &str| format!("diagram.around.{side}.{part}");
        out.insert(key("name"), format!("{name:?}"));
        out.insert(key("title"), format!("{title:?}"));
        out.insert(key("elo"), format!("{elo:?}"));
        out.insert(key("clock"), format!("{clock:?}"));
    }
}

/// The fields no row reaches, on purpose.
const NOT_OPTIONS: [(&str, &str); 4] = [
    (
        "terminal.columns",
        "measured from the terminal the picture is shown in (the command line asks it)",
    ),
    ("terminal.rows", "measured from the terminal, as columns"),
    (
        "diagram.around.white.clock",
        "a game's [%clk] (the games crate sets it), not something to type",
    ),
    ("diagram.around.black.clock", "a game's [%clk], as White's"),
];

#[test]
fn every_field_a_user_sets_is_reached_by_a_row() {
    let mut reached = BTreeSet::new();
    for row in RENDER.rows {
        let base = fields(&base_for(row));
        for example in row.examples {
            let moved: Vec<String> = fields(&with_example(row, example))
                .into_iter()
                .filter(|(k, v)| base.get(k) != Some(v))
                .map(|(k, _)| k)
                .collect();
            assert!(
                !moved.is_empty(),
                "{} = {example:?} changes nothing",
                row.name
            );
            reached.extend(moved);
        }
    }
    let not_options: BTreeSet<String> = NOT_OPTIONS.iter().map(|(f, _)| f.to_string()).collect();
    for field in fields(&RenderOptions::default()).keys() {
        assert!(
            reached.contains(field) != not_options.contains(field),
            "{field}: reached by a row, or listed as not an option (with why), not both"
        );
    }
}

#[test]
fn every_example_reads_back_from_its_canonical_text() {
    for row in RENDER.rows {
        for example in row.examples {
            let o = with_example(row, example);
            let canonical = RENDER.canonical(&o);
            assert!(
                canonical.iter().any(|(name, _)| *name == row.name),
                "{} = {example:?} is not in {canonical:?}",
                row.name
            );
            // Files are named by a digest that does not read back.
            if row.name == "pieces" {
                continue;
            }
            let mut again = RenderOptions::default();
            for (name, value) in &canonical {
                let row = RENDER.rows.iter().find(|r| r.name == *name).unwrap();
                (row.parse)(&mut again, value, &TestResources).unwrap();
            }
            assert_eq!(
                fields(&again),
                fields(&o),
                "{} = {example:?} through {canonical:?}",
                row.name
            );
        }
    }
}

#[test]
fn names_are_unique_on_every_front_end_and_each_row_is_there_or_says_why() {
    for front in FrontEnd::ALL {
        let mut seen = BTreeSet::new();
        for row in RENDER.rows {
            match row.names(front) {
                Names::Here(aliases) => {
                    assert!(!aliases.is_empty(), "{} on the {}", row.name, front.name());
                    for alias in *aliases {
                        assert!(
                            seen.insert(front.fold(alias.name)),
                            "{} twice on the {}",
                            alias.name,
                            front.name()
                        );
                        let found = RENDER.find(front, alias.name).unwrap().0;
                        assert_eq!(found.name, row.name);
                    }
                }
                Names::NotHere(why) => assert!(why.len() > 20, "{}: {why}", row.name),
            }
        }
    }
    let canonical: BTreeSet<&str> = RENDER.rows.iter().map(|r| r.name).collect();
    assert_eq!(canonical.len(), RENDER.rows.len());
}

#[test]
fn options_read_in_the_tables_order_whatever_the_order_given() {
    let mut o = RenderOptions::default();
    let given = [
        ("size", Some("35mm")),
        ("white-elo", Some("2700")),
        ("dpi", Some("150")),
        ("white", Some("Carlsen")),
    ];
    RENDER
        .apply_all(&mut o, FrontEnd::Cli, given, &TestResources)
        .unwrap();
    assert_eq!((o.diagram.size, o.encode.dpi), (207, Some(150)));
    assert_eq!(o.diagram.around.white.as_ref().unwrap().elo, Some(2700));
    // A printed width records the resolution it was made at.
    let mut o = RenderOptions::default();
    RENDER
        .apply(&mut o, FrontEnd::Cli, "size", Some("35mm"), &TestResources)
        .unwrap();
    assert_eq!((o.diagram.size, o.encode.dpi), (132, Some(96)));
}

#[test]
fn switches_optional_values_and_items() {
    let apply = |front, pairs: &[(&str, Option<&str>)]| {
        let mut o = RenderOptions::default();
        RENDER
            .apply_all(&mut o, front, pairs.iter().copied(), &TestResources)
            .map(|()| o)
    };
    let o = apply(FrontEnd::Cli, &[("no-border", None), ("check", None)]).unwrap();
    assert!(!o.diagram.border);
    assert_eq!(o.diagram.markup.check, CheckMark::Auto);
    let o = apply(
        FrontEnd::Fence,
        &[("No_Border", Some("false")), ("flip", Some("yes"))],
    )
    .unwrap();
    assert!(o.diagram.border && o.diagram.flip);
    let o = apply(FrontEnd::Python, &[("transparent", Some("true"))]).unwrap();
    assert!(o.diagram.transparent);
    let o = apply(FrontEnd::Python, &[("transparent", Some("false"))]).unwrap();
    assert!(!o.diagram.transparent);
    let o = apply(
        FrontEnd::Server,
        &[
            ("label", Some("e4:A, d5:,,c3:1")),
            ("arrow", Some(" Ge2e4 ,,Rd4")),
        ],
    )
    .unwrap();
    let labels: Vec<String> = o
        .diagram
        .markup
        .labels
        .iter()
        .map(|(s, t)| format!("{s}:{t}"))
        .collect();
    assert_eq!(labels, ["e4:A", "d5:,", "c3:1"]);
    assert_eq!(o.diagram.markup.arrows.len(), 2);
    // Text is taken as given.
    let o = apply(FrontEnd::Server, &[("caption", Some("  Mate in 2 "))]).unwrap();
    assert_eq!(
        o.diagram.around.caption,
        Some(Caption::Text("  Mate in 2 ".into()))
    );
}

#[test]
fn errors_name_the_option_as_written_and_the_column_in_its_value() {
    let apply = |front, key: &str, value: Option<&str>| {
        RENDER
            .apply(
                &mut RenderOptions::default(),
                front,
                key,
                value,
                &TestResources,
            )
            .unwrap_err()
    };
    let e = apply(FrontEnd::Cli, "arrow", Some("Ge2e4, Re2e9"));
    assert_eq!(e.column(), Some(11));
    assert_eq!(
        e.to_string(),
        "arrow at column 11: 'e9' is not a square (files a to h, ranks 1 to 8)"
    );
    assert_eq!(e.caret().unwrap(), "  Ge2e4, Re2e9\n            ^");
    let e = apply(FrontEnd::Server, "label", Some("e4:A,d5:漢"));
    assert_eq!(e.column(), Some(9));
    assert!(e.message().contains("U+6F22"), "{e}");
    let e = apply(FrontEnd::Fence, "format", Some("png"));
    assert!(matches!(e.kind, OptionErrorKind::NotHere(_)), "{e}");
    assert!(
        e.to_string().starts_with("format: not an option here: "),
        "{e}"
    );
    let e = apply(FrontEnd::Server, "colour", Some("red"));
    assert!(matches!(e.kind, OptionErrorKind::Unknown));
    let e = apply(FrontEnd::Cli, "size", None);
    assert!(matches!(e.kind, OptionErrorKind::NeedsValue));
    let e = apply(FrontEnd::Cli, "flip", Some("maybe"));
    assert_eq!(e.column(), Some(1));
    let e = apply(FrontEnd::Server, "theme", Some("/etc/passwd"));
    assert!(matches!(e.kind, OptionErrorKind::Resource(_)), "{e}");
    let e = apply(FrontEnd::Server, "white_elo", Some("2700"));
    assert!(e.message().contains("name"), "{e}");
    let e = apply(FrontEnd::Server, "size", Some("4000mm"));
    assert!(e.message().contains("pixels at 96 dpi"), "{e}");
    // Every pair that fails is reported, each with its index.
    let errors = RENDER
        .apply_all(
            &mut RenderOptions::default(),
            FrontEnd::Server,
            [("flip", Some("x")), ("size", Some("1")), ("arow", None)],
            &TestResources,
        )
        .unwrap_err();
    let indexes: Vec<usize> = errors.iter().map(|(i, _)| *i).collect();
    assert_eq!(indexes, [0, 1, 2]);
}

#[test]
fn defaults_as_text() {
    let text = |name: &str| {
        RENDER
            .rows
            .iter()
            .find(|r| r.name == name)
            .unwrap()
            .default_text()
    };
    assert_eq!(text("size"), "400");
    assert_eq!(text("theme"), "brown");
    assert_eq!(text("border"), "true");
    assert_eq!(text("arrow"), "none");
    assert_eq!(text("quality"), "90");
    assert!(RENDER.canonical(&RenderOptions::default()).is_empty());
}
