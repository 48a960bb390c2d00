//! Around the board in every theme (issue 35, defect 7): the colours the
//! themes pick, measured as contrast ratios and hues; the check glow, the
//! pocket badges and the labels measured on rendered rasters; the text
//! of the social preview measured in glyph widths.

use crate::assets::color::Rgba;
use crate::assets::theme::{Annotations, Theme};

/// WCAG 2's contrast ratio of two opaque colours, 1 to 21.
fn contrast(a: Rgba, b: Rgba) -> f32 {
    let (la, lb) = (a.luminance() + 0.05, b.luminance() + 0.05);
    la.max(lb) / la.min(lb)
}

/// `top` (its alpha as opacity) over the opaque `base`.
fn over(top: Rgba, base: Rgba) -> Rgba {
    let a = top.opacity();
    let mix = |t: u8, b: u8| (t as f32 * a + b as f32 * (1.0 - a)).round() as u8;
    Rgba::rgb(mix(top.r, base.r), mix(top.g, base.g), mix(top.b, base.b))
}

/// The hue of `c` in degrees, 0 to 360.
fn hue(c: Rgba) -> f32 {
    let (r, g, b) = (c.r as f32, c.g as f32, c.b as f32);
    let (max, min) = (r.max(g).max(b), r.min(g).min(b));
    if max == min {
        return 0.0;
    }
    let d = max - min;
    let h = if max == r {
        (g - b) / d
    } else if max == g {
        (b - r) / d + 2.0
    } else {
        (r - g) / d + 4.0
    };
    (h * 60.0).rem_euclid(360.0)
}

/// The angle between two hues, 0 to 180.
fn hue_gap(a: f32, b: f32) -> f32 {
    let d = (a - b).abs() % 360.0;
    d.min(360.0 - d)
}

/// The distance between two colours in RGB, 0 to 441.
fn distance(a: Rgba, b: Rgba) -> f32 {
    let d = |x: u8, y: u8| (x as f32 - y as f32).powi(2);
    (d(a.r, b.r) + d(a.g, b.g) + d(a.b, b.b)).sqrt()
}

/// The built-in themes that paint with colour (print paints in ink).
fn screen_themes() -> Vec<Theme> {
    Theme::built_in_names()
        .map(|n| Theme::built_in(n).unwrap())
        .filter(|t| t.annotations == Annotations::Tint)
        .collect()
}

#[test]
fn black_pieces_stand_out_on_every_themes_dark_squares() {
    // A black piece's body is black: on purple's dark squares (#7d4a8d)
    // it had 3.2:1, where brown's and the others' give 6.7:1 and more.
    for t in screen_themes() {
        let black = Rgba::rgb(0, 0, 0);
        for (which, square) in [("dark", t.dark), ("light", t.light)] {
            let ratio = contrast(black, square);
            assert!(ratio >= 4.5, "{}: black on {which} is {ratio:.2}:1", t.name);
        }
        // The squares still tell apart (ic's, the closest, 1.58:1).
        let squares = contrast(t.light, t.dark);
        assert!(squares >= 1.5, "{}: light/dark {squares:.2}:1", t.name);
    }
}

#[test]
fn the_title_colour_reads_on_every_themes_background() {
    use crate::layout::TITLE_COLOR;
    for t in Theme::built_in_names().map(|n| Theme::built_in(n).unwrap()) {
        let page = t.background.unwrap_or(Rgba::rgb(255, 255, 255));
        let ratio = contrast(TITLE_COLOR, page);
        assert!(ratio >= 4.5, "{}: the title is {ratio:.2}:1", t.name);
    }
    // Still a gold, not a brown or a grey.
    let h = hue(TITLE_COLOR);
    assert!((30.0..50.0).contains(&h), "hue {h}");
}

#[test]
fn the_last_move_tint_shows_and_keeps_pink_and_purple_in_their_hues() {
    for t in screen_themes() {
        for (which, square) in [("light", t.light), ("dark", t.dark)] {
            let tinted = over(t.lastmove, square);
            let d = distance(tinted, square);
            assert!(
                d >= 40.0,
                "{}: the tint on {which} moves it by {d:.0}",
                t.name
            );
            // The pink and purple boards keep their colour: the tint
            // neither turns them orange nor khaki (as lichess's green did).
            if t.name == "pink" || t.name == "purple" {
                let gap = hue_gap(hue(tinted), hue(t.dark));
                assert!(
                    gap <= 30.0,
                    "{}: the tint turns {which} to hue {:.0} ({tinted:?})",
                    t.name,
                    hue(tinted)
                );
            }
        }
    }
}

use crate::layout::{Glow, GlowStop, Layout, Rect};
use crate::options::{Around, Caption, CheckMark, DiagramOptions, Markup, Player, Preset};
use crate::raster::Rasterizer;
use crate::test_support::{layout, sq};
use fen2img_chess::Square;

/// `theme` at `size` pixels with `markup`.
fn options(theme: &Theme, size: u32, markup: Markup) -> DiagramOptions {
    DiagramOptions {
        size,
        theme: theme.clone(),
        markup,
        ..DiagramOptions::default()
    }
}

/// The opaque colours of `l` rasterized.
fn pixels(l: &Layout) -> (u32, Vec<Rgba>) {
    let pixmap = Rasterizer::new().render(l);
    let colors = pixmap
        .pixels()
        .iter()
        .map(|p| {
            let c = p.demultiply();
            Rgba::rgb(c.red(), c.green(), c.blue())
        })
        .collect();
    (pixmap.width(), colors)
}

/// The pixels of square `s` that the piece standing there leaves bare
/// (its sprite fully transparent), in image coordinates.
fn bare_pixels(l: &Layout, s: Square) -> Vec<(u32, u32)> {
    crate::print_checks::sprite_pixels(l, s, |alpha| alpha == 0)
}

/// The share of the bare pixels of the checked king's square whose colour
/// the glow moves by at least 60 (of 441).
fn glow_shown(checked: &Layout, plain: &Layout, king: Square) -> f32 {
    let (w, a) = pixels(checked);
    let (_, b) = pixels(plain);
    let bare = bare_pixels(checked, king);
    let moved = bare
        .iter()
        .filter(|&&(x, y)| {
            let i = (y * w + x) as usize;
            distance(a[i], b[i]) >= 60.0
        })
        .count();
    moved as f32 / checked.square_rect(king).w.powi(2)
}

#[test]
fn the_check_glow_shows_around_the_king() {
    const FEN: &str = "4r1k1/8/8/8/8/8/8/4K3 w - - 0 1";
    let king = sq("e1");
    for t in screen_themes() {
        for size in [200, 720] {
            let check = Markup {
                check: CheckMark::Auto,
                ..Markup::default()
            };
            let checked = layout(FEN, &options(&t, size, check));
            let plain = layout(FEN, &options(&t, size, Markup::default()));
            let shown = glow_shown(&checked, &plain, king);
            // A ring round the king, a fifth of the square at least.
            assert!(
                shown >= 0.2,
                "{} at {size}: the glow shows on {:.0} % of the square",
                t.name,
                shown * 100.0
            );
            // The glow as it was (full at the centre, 60 % half way, gone
            // at the edge) hid behind the king: the check sees it.
            let old = Layout {
                glows: checked
                    .glows
                    .iter()
                    .map(|g| {
                        let stop = |p, a: f32| GlowStop::new(p, g.color, g.color.opacity() * a);
                        Glow {
                            stops: [stop(0, 1.0), stop(50, 0.6), stop(100, 0.0)],
                            ..*g
                        }
                    })
                    .collect(),
                ..checked.clone()
            };
            assert!(glow_shown(&old, &plain, king) < 0.2, "{} at {size}", t.name);
        }
    }
}

/// Whether any opaque-ish pixel of a piece sprite drawn in `rect` lies in
/// the disc at (`cx`, `cy`) of radius `r`.
fn sprite_under_disc(
    l: &Layout,
    piece: fen2img_chess::Piece,
    rect: Rect,
    disc: (f32, f32, f32),
) -> usize {
    let mut raster = Rasterizer::new();
    let sprite = &raster.sprites(&l.frame.sprites.glyphs)[piece.index()];
    let side = sprite.width();
    let (cx, cy, r) = disc;
    (0..side * side)
        .filter(|i| sprite.pixels()[*i as usize].alpha() > 32)
        .map(|i| {
            (
                rect.x + (i % side) as f32 + 0.5,
                rect.y + (i / side) as f32 + 0.5,
            )
        })
        .filter(|&(x, y)| (x - cx).hypot(y - cy) < r)
        .count()
}

#[test]
fn pocket_badges_stay_in_the_tray_and_cover_no_piece() {
    // Two knights and two bishops side by side in White's tray, four pawns
    // in Black's: at 200 px the badge hung below the tray and covered the
    // next slot's piece.
    // cburnett (read from its outline) and the built-in set (known by
    // heart): each badge and sign is set clear of the set drawn.
    const FEN: &str = "r1bk3r/pppp1Q~pp/2n5/4p3/4P3/8/PPPP1PPP/RNB1K1NR[QNNppppBBq] b KQ - 0 1";
    let brown = Theme::built_in("brown").unwrap();
    let sets = [
        crate::PieceSet::named("cburnett"),
        crate::PieceSet::named("fen2img"),
    ];
    for (size, pieces) in [200, 300, 400, 720]
        .into_iter()
        .flat_map(|s| sets.clone().map(|p| (s, p)))
    {
        let l = layout(
            FEN,
            &DiagramOptions {
                pieces,
                ..options(&brown, size, Markup::default())
            },
        );
        let trays: Vec<Rect> = l.frame.pockets.trays.iter().flatten().copied().collect();
        assert_eq!(l.around.badges.len(), 3, "{size}");
        for b in &l.around.badges {
            let d = b.disc;
            let outer = d.r + d.outline.map_or(0.0, |(_, w)| w / 2.0);
            let inside = trays.iter().any(|t| {
                d.cx - outer >= t.x
                    && d.cx + outer <= t.x + t.w
                    && d.cy - outer >= t.y
                    && d.cy + outer <= t.y + t.h
            });
            assert!(inside, "{size} px: {d:?} outside the trays {trays:?}");
            for p in &l.around.pocket_pieces {
                let covered = sprite_under_disc(&l, p.piece, p.rect, (d.cx, d.cy, outer));
                assert_eq!(
                    covered, 0,
                    "{size} px: badge {:?} covers {:?}",
                    b.text.text, p.piece
                );
            }
        }
        // The promoted queen's sign: at least 4 px of ink across (it was
        // 2 px of ink in a 4 px white ring at 200 px), never on the queen
        // (tests/integration/one_ink.rs).
        let sign = l.around.promoted[0];
        let ring = sign.outline.map_or(0.0, |(_, w)| w);
        assert!(
            2.0 * sign.r - ring >= 4.0,
            "{size} px: the sign is {sign:?}"
        );
    }
}

/// The social preview of `fen` with `around`.
fn og(fen: &str, around: Around) -> Layout {
    let options = DiagramOptions {
        preset: Preset::Og,
        around,
        ..DiagramOptions::default()
    };
    layout(fen, &options)
}

fn gm(name: &str, elo: u32, clock: Option<u32>) -> Player {
    Player {
        name: name.into(),
        title: Some("GM".into()),
        elo: Some(elo),
        clock,
    }
}

#[test]
fn the_social_preview_writes_names_whole_and_cuts_between_words() {
    let around = Around {
        white: Some(gm("Carlsen, Magnus", 2830, Some(5400))),
        black: Some(gm("Nepomniachtchi, Ian", 2795, Some(5400))),
        caption: Some(Caption::Text(
            "Kasparov – Topalov, Wijk aan Zee 1999: after 24.Rxd4!! the immortal combination \
             begins with a rook sacrifice that no engine of the day foresaw at all"
                .into(),
        )),
        ..Around::default()
    };
    let l = og("8/8/8/8/8/8/8/K6k w - - 0 1", around);
    let texts: Vec<&str> = l
        .frame
        .board
        .texts
        .iter()
        .map(|t| t.text.as_str())
        .collect();
    // Both names whole, with their titles, ratings and clocks.
    for name in ["Carlsen, Magnus", "Nepomniachtchi, Ian", "2830", "2795"] {
        assert!(texts.contains(&name), "{name} in {texts:?}");
    }
    for t in &l.frame.board.texts {
        assert!(
            t.x + t.width() <= 1200.0 - 35.0 + 0.01,
            "{t:?} inside the page"
        );
    }
    // The caption's lines: none ends on a dash, and the cut one ends on a
    // whole word.
    let caption: Vec<&str> = l
        .frame
        .board
        .texts
        .iter()
        .filter(|t| t.size == 46.0)
        .map(|t| t.text.as_str())
        .collect();
    assert!(caption.len() >= 2, "{caption:?}");
    for line in &caption {
        let bare = line.trim_end_matches('…');
        assert!(!bare.ends_with('–'), "{caption:?}");
    }
    let last = caption.last().unwrap();
    assert!(last.ends_with('…'), "{caption:?}");
    let word = last.trim_end_matches('…').rsplit(' ').next().unwrap();
    assert!(
        [
            "the",
            "immortal",
            "combination",
            "begins",
            "with",
            "a",
            "rook",
            "sacrifice"
        ]
        .contains(&word),
        "{caption:?} cuts a word"
    );
}

#[test]
fn a_mated_side_is_not_told_to_move() {
    // Fool's mate: White is mated, Black has won.
    const MATE: &str = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let l = og(MATE, Around::default());
    let texts: Vec<&str> = l
        .frame
        .board
        .texts
        .iter()
        .map(|t| t.text.as_str())
        .collect();
    assert!(texts.contains(&"Checkmate, Black wins"), "{texts:?}");
    assert!(!texts.iter().any(|t| t.contains("to move")), "{texts:?}");
    // The caption `auto` and the alt text say the same.
    let options = DiagramOptions {
        around: Around {
            caption: Some(Caption::Auto),
            ..Around::default()
        },
        ..DiagramOptions::default()
    };
    let l = layout(MATE, &options);
    let texts: Vec<&str> = l
        .frame
        .board
        .texts
        .iter()
        .map(|t| t.text.as_str())
        .collect();
    assert_eq!(texts, ["Checkmate, Black wins"]);
    assert!(
        l.description.starts_with("Checkmate, Black wins."),
        "{}",
        l.description
    );
    assert!(!l.description.contains("to move"), "{}", l.description);
    // So do the text boards' last line and the e-mail table's row.
    use crate::text::{render_text, TextFormat, TextOptions};
    let board = render_text(
        &crate::test_support::position(MATE),
        TextFormat::Ascii,
        &TextOptions::default(),
    );
    assert!(board.ends_with("\nCheckmate, Black wins\n"), "{board}");
    // A game going on still says whose move it is.
    let l = layout("8/8/8/8/8/8/8/K6k w - - 0 1", &options);
    assert!(
        l.description.starts_with("White to move."),
        "{}",
        l.description
    );
}

/// The runs of columns of `r` that hold dark ink (luminance under 128: a
/// label's ink, not its white casing nor the square), left to right.
fn ink_runs(l: &Layout, r: Rect) -> Vec<(u32, u32)> {
    let (w, px) = pixels(l);
    let dark = |x: u32, y: u32| {
        let c = px[(y * w + x) as usize];
        (299 * c.r as u32 + 587 * c.g as u32 + 114 * c.b as u32) < 128_000
    };
    let (x0, x1) = (r.x as u32, (r.x + r.w) as u32);
    let (y0, y1) = (r.y as u32, (r.y + r.h) as u32);
    let mut runs = Vec::new();
    let mut start = None;
    for x in x0..=x1 {
        let ink = x < x1 && (y0..y1).any(|y| dark(x, y));
        match (ink, start) {
            (true, None) => start = Some(x),
            (false, Some(s)) => {
                runs.push((s, x));
                start = None;
            }
            _ => {}
        }
    }
    runs
}

#[test]
fn a_square_labels_characters_are_evenly_spaced() {
    // "123": the 1 sits in a digit's full advance, so its gap to the 2
    // was wider than the 2's to the 3.
    let brown = Theme::built_in("brown").unwrap();
    for text in ["123", "110", "A12"] {
        for size in [200, 400, 720] {
            let markup = Markup {
                labels: vec![(sq("e4"), text.into())],
                ..Markup::default()
            };
            let l = layout(
                "8/8/8/8/8/8/8/K6k w - - 0 1",
                &options(&brown, size, markup),
            );
            let runs = ink_runs(&l, l.square_rect(sq("e4")));
            assert_eq!(runs.len(), 3, "{text} at {size}: {runs:?}");
            let gaps: Vec<u32> = runs.windows(2).map(|w| w[1].0 - w[0].1).collect();
            let (lo, hi) = (*gaps.iter().min().unwrap(), *gaps.iter().max().unwrap());
            assert!(hi - lo <= 1, "{text} at {size}: gaps {gaps:?}");
        }
    }
}
