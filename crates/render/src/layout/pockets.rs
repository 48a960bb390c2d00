//! Crazyhouse pockets: the pieces in hand, in a tray of five square slots
//! (pawn, knight, bishop, rook, queen, as lichess orders them) at each
//! player's side of the board, with a count badge on a slot that holds more
//! than one; and the small sign on promoted pieces (`~` in FEN), which
//! return to the pocket as pawns when captured.
//!
//! The trays are part of the frame (their place depends on the options
//! only); the pieces in them and the badges are placed per board. Pocket
//! glyphs are square-sized, so they are the board's own sprites.

use super::glyph_room::{self, Circles};
use super::items::{Rect, Tint, INK};
use super::text::PlacedText;
use crate::assets::color::Rgba;
use crate::assets::pieces::PieceSet;
use fen2img_chess::{Color, Piece, Pockets, Position, Role};

/// The roles a pocket holds, in slot order: pawn first, the reverse of
/// [`Pockets::ROLES`] (the one order, strongest first).
pub const POCKET_ROLES: [Role; 5] = {
    let r = Pockets::ROLES;
    [r[4], r[3], r[2], r[1], r[0]]
};

/// A filled disc with an optional outline (count badges, promotion signs).
#[derive(Debug, Clone, Copy)]
pub struct Disc {
    /// Centre.
    pub cx: f32,
    /// Centre.
    pub cy: f32,
    /// Radius (to the middle of the outline).
    pub r: f32,
    /// Fill.
    pub fill: Rgba,
    /// Outline colour and width.
    pub outline: Option<(Rgba, f32)>,
    /// Drawn as a square on whole pixels (the box of side `2r` filled, its
    /// outline a band of that width around the box) rather than a disc: print's one ink, which an
    /// anti-aliased circle would leave grey.
    pub square: bool,
}

/// A piece in a pocket slot.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PocketPiece {
    /// The piece.
    pub piece: Piece,
    /// The slot; the glyph is fitted into it (it is square-sized).
    pub rect: Rect,
}

/// How many of a kind a slot holds: a disc with the number on it.
#[derive(Debug, Clone)]
pub struct Badge {
    /// The disc.
    pub disc: Disc,
    /// The number, centred on the disc.
    pub text: PlacedText,
}

/// Where each side's pocket goes, decided by the frame.
#[derive(Debug, Clone, Default)]
pub struct PocketSpec {
    /// The tray of each side ([`Color`] as index), when pockets are drawn.
    pub trays: [Option<Rect>; 2],
    /// Side of a square (and of a slot), pixels.
    pub square: f32,
    /// One ink (print): badges are squares on whole pixels.
    pub one_ink: bool,
}

super::keyed::keyed!(PocketSpec, |p| (
    p.trays
        .map(|t| t.map(|r| [r.x, r.y, r.w, r.h].map(f32::to_bits))),
    p.square.to_bits(),
    p.one_ink
));

/// The colour of an empty tray: the label ink, faint.
pub(super) fn tray_color(ink: Rgba) -> Rgba {
    ink.with_alpha(26)
}

/// An empty tray in one ink (print), where a faint fill would be grey: a
/// frame of whole-pixel ink around the tray, as four rectangles.
pub(super) fn tray_frame(tray: Rect, ink: Rgba, square: f32) -> [Tint; 4] {
    let w = (square * 0.03).round().max(1.0);
    let (x, y) = (tray.x.round(), tray.y.round());
    let (r, b) = ((tray.x + tray.w).round(), (tray.y + tray.h).round());
    let tint = |x, y, w, h| Tint {
        rect: Rect { x, y, w, h },
        color: ink,
    };
    [
        tint(x, y, r - x, w),
        tint(x, b - w, r - x, w),
        tint(x, y + w, w, b - y - 2.0 * w),
        tint(r - w, y + w, w, b - y - 2.0 * w),
    ]
}

impl Disc {
    /// The disc as a square on whole pixels (see [`Disc::square`]): the
    /// same box, snapped to the grid, at least 3 pixels, its outline a
    /// whole number of pixels, and the ink pure black (print has no grey).
    pub(super) fn on_pixels(self) -> Disc {
        let black = |c: Rgba| if c == INK { Rgba::rgb(0, 0, 0) } else { c };
        let side = (2.0 * self.r).round().max(3.0);
        let left = (self.cx - side / 2.0).round();
        let top = (self.cy - side / 2.0).round();
        Disc {
            cx: left + side / 2.0,
            cy: top + side / 2.0,
            r: side / 2.0,
            fill: black(self.fill),
            outline: self.outline.map(|(c, w)| (black(c), w.round().max(1.0))),
            square: true,
        }
    }
}

/// The piece's square in slot `index` of `tray`: the tray is parted in
/// five equal slots (the board's width: 1.6 squares each), the piece at
/// the slot's left and its count badge in the room to its right.
fn slot(tray: Rect, square: f32, index: usize) -> Rect {
    Rect {
        x: (tray.x + index as f32 * tray.w / 5.0).round(),
        y: tray.y,
        w: square,
        h: square,
    }
}

impl PocketSpec {
    /// The pieces in `position`'s pockets and their badges, each badge
    /// clear of its piece as `pieces` draws it.
    pub fn place(&self, position: &Position, pieces: &PieceSet) -> (Vec<PocketPiece>, Vec<Badge>) {
        let (mut placed, mut badges) = (Vec::new(), Vec::new());
        let Some(pockets) = &position.pockets else {
            return (placed, badges);
        };
        let built_in = pieces.same_as(&PieceSet::built_in());
        for color in [Color::White, Color::Black] {
            let Some(tray) = self.trays[color as usize] else {
                continue;
            };
            for (i, role) in POCKET_ROLES.into_iter().enumerate() {
                let n = pockets.count(color, role);
                if n == 0 {
                    continue;
                }
                let rect = slot(tray, self.square, i);
                let piece = Piece::new(color, role);
                placed.push(PocketPiece { piece, rect });
                if n > 1 {
                    let end = tray.x + (i + 1) as f32 * tray.w / 5.0;
                    // The built-in pieces' bases are known (see `badge`).
                    let ink = (!built_in).then(|| glyph_room::outline(pieces.glyph(piece)));
                    badges.push(badge(rect, end, n, self.one_ink, ink.as_deref()));
                }
            }
        }
        (placed, badges)
    }
}

/// The count badge of a slot: a dark disc with the number in white bold,
/// at least 7 px tall, inside the tray: right of the piece's base (which
/// reaches 78 % of its square's width in the built-in set, the knight's
/// hinted a little more; another set's `ink`, where given, is kept a pixel
/// and a half clear) and left of `end`, the next slot's start, its foot a
/// pixel above the tray's bottom. It covers no piece, and hangs below no
/// tray, at any size.
fn badge(slot: Rect, end: f32, n: u8, one_ink: bool, ink: Option<&[(f32, f32, f32)]>) -> Badge {
    let size = (slot.w * 0.22).max(10.0);
    let text = n.to_string();
    let width = super::text::width(&text, true, size);
    let cap = super::text::cap_height(size);
    // A square (print) holds its digits in less room than a disc.
    let r = if one_ink {
        (size * 0.55).max(width / 2.0 + size * 0.1)
    } else {
        (size * 0.62).max(width / 2.0 + size * 0.2)
    };
    let outline = (size * 0.08).max(1.0);
    let outer = r + outline / 2.0;
    let cy = slot.y + slot.h - 1.0 - outer;
    let grid = slot.w / 45.0;
    let clear = ink.map_or(0.0, |ink| {
        glyph_room::clear_right_of(ink, (cy - slot.y) / grid, outer / grid, 1.5 / grid) * grid
    });
    let cx = (slot.x + (slot.w * 0.84 + 1.0 + outer).max(clear)).min(end - 1.0 - outer);
    let disc = Disc {
        cx,
        cy,
        r,
        fill: INK,
        outline: Some((Rgba::rgb(255, 255, 255), outline)),
        square: false,
    };
    let disc = if one_ink { disc.on_pixels() } else { disc };
    let (cx, cy) = (disc.cx, disc.cy);
    Badge {
        disc,
        text: PlacedText {
            text,
            bold: true,
            size,
            x: cx - width / 2.0,
            y: cy + cap / 2.0,
            color: Rgba::rgb(255, 255, 255),
            casing: None,
        },
    }
}

/// The sign on a promoted piece: a small ink disc ringed in white in the
/// square's top-right corner, visible on white and black pieces and on
/// either square colour; in one ink (print) an ink box in a paper band,
/// on whole pixels. Set clear of the piece as `room` says it lies.
pub(super) fn promoted_sign(square: Rect, room: &SignRoom, one_ink: bool) -> Disc {
    match room {
        SignRoom::BuiltIn(role) => built_in_sign(square, *role, one_ink),
        SignRoom::Outline(ink) => outline_sign(square, ink, one_ink),
    }
}

/// The sign on a promoted piece of the built-in set (`role`): a small ink
/// disc ringed in white
/// in the square's top-right corner, which every built-in glyph leaves
/// empty, visible on white and black pieces and on either square colour.
/// In one ink (print) an ink box in a paper band, on whole pixels.
///
/// It is set in the very corner, its ring touching the square's top and
/// right edges, and no larger than keeps it [`SIGN_GAP`] clear of the
/// piece's glyph there ([`corner_obstacles`]). Where the queen's coronet
/// leaves the corner too small (small squares), it sits on the
/// square's right edge beside her waist instead, where she is slim. It is
/// 6 px across where either place has room, so it reads at 200 px.
fn built_in_sign(square: Rect, role: Role, one_ink: bool) -> Disc {
    let w = square.w;
    let obstacles = corner_obstacles(role);
    // Below the corner, level with the lower edge of the queen's collar
    // (25.2 units down the 45-unit grid, below her coronet's flank): her
    // outline there is 14.8 units from the right edge and runs straight
    // (hinted to whole pixels at small squares), so one clear pixel and a
    // half is enough.
    let beside = |half: f32| {
        let room = (14.8 / 45.0) * w - 1.5;
        (2.0 * half <= room).then_some(square.y + (25.2 / 45.0) * w)
    };
    if one_ink {
        // Whole pixels: a paper band of one pixel (more on big squares)
        // around an ink box of at least 2 px.
        let band = (w * 0.025).round().max(1.0);
        let want = (2.0 * (w * 0.06).max(2.0)).round().max(3.0);
        let least = 2.0 + 2.0 * band;
        let room = box_room(w, obstacles);
        let (side, cy) = match beside(least / 2.0) {
            Some(cy) if room < least => (least, cy),
            _ => {
                let side = (want + 2.0 * band).min(room).max(least);
                (side, square.y + side / 2.0)
            }
        };
        return boxed_sign(square, side, cy, band);
    }
    let ring = (w * 0.025).max(1.0);
    // The ring is stroked on the disc's edge: half of it lies outside.
    let want = (w * 0.06).max(2.0) + ring / 2.0;
    // 6 px across where there is room (a 3 px dot did not read at 200
    // px); where there is not, as large as the corner or the waist allows,
    // never on the queen.
    let target = want.max(3.0);
    let least = 2.0;
    let corner = corner_room(w, obstacles);
    // Beside her waist: her outline is 14.8 units from the edge; a clear
    // pixel and a half, and one more for the sign's anti-aliased edge.
    let waist = ((14.8 / 45.0) * w - 2.5) / 2.0;
    let at_waist = square.y + (25.2 / 45.0) * w;
    // The corner reads as a badge's place: kept while it holds 5 px.
    let (outer, cy) = if corner >= target {
        (target, square.y + target)
    } else if corner >= 2.5 {
        (corner, square.y + corner)
    } else if waist >= target {
        (target, at_waist)
    } else if waist > corner && waist >= least {
        (waist, at_waist)
    } else {
        let outer = corner.max(least.min(want));
        (outer, square.y + outer)
    };
    ringed_sign(square, outer, cy, ring)
}

/// The promotion sign as a disc of ink on the square's right edge, `outer`
/// its radius with the ring, centred at height `cy`: ringed in white by
/// `ring` (at most all but a pixel of it, at least half a pixel), except
/// a small sign, which is all ink: set clear of the piece on the square's
/// ground, it needs no ring, which took half its width.
fn ringed_sign(square: Rect, outer: f32, cy: f32, ring: f32) -> Disc {
    let ring = ring.min(outer - 1.0).max(0.5);
    let (r, outline) = if outer < 3.5 {
        (outer, None)
    } else {
        (outer - ring / 2.0, Some((Rgba::rgb(255, 255, 255), ring)))
    };
    Disc {
        cx: square.x + square.w - outer,
        cy,
        r,
        fill: INK,
        outline,
        square: false,
    }
}

/// The promotion sign for a board of one ink (print): a black box of
/// `side` with a white `band` round it on the square's right edge, its
/// centre at height `cy` on whole pixels.
fn boxed_sign(square: Rect, side: f32, cy: f32, band: f32) -> Disc {
    Disc {
        cx: square.x + square.w - side / 2.0,
        cy: cy.round_to_half(side),
        r: side / 2.0 - band,
        fill: Rgba::rgb(0, 0, 0),
        outline: Some((Rgba::rgb(255, 255, 255), band)),
        square: true,
    }
}

/// A box's centre on whole pixels: `self` moved so that a box of whole
/// `side` centred there has whole-pixel edges.
trait RoundToHalf {
    fn round_to_half(self, side: f32) -> f32;
}

impl RoundToHalf for f32 {
    fn round_to_half(self, side: f32) -> f32 {
        (self - side / 2.0).round() + side / 2.0
    }
}

/// The gap, in pixels, the promotion sign keeps from the glyphs' outlines:
/// one clear pixel, and more for the anti-aliased edges, the thickened
/// outlines and the hinting that moves outlines by up to half a pixel at
/// small squares.
const SIGN_GAP: f32 = 2.5;

/// What a promoted piece's sign keeps clear of.
pub(super) enum SignRoom {
    /// A piece of the built-in set, whose shapes are measured in
    /// `tools/gen_pieces.py`'s grid ([`corner_obstacles`], the queen's
    /// waist).
    BuiltIn(Role),
    /// Another set's piece: its outline in the 45-unit grid of its square
    /// ([`glyph_room::outline`]).
    Outline(Circles),
}

impl SignRoom {
    /// The room beside `piece` as `pieces` draws it.
    pub(super) fn of(pieces: &PieceSet, piece: Piece) -> SignRoom {
        if pieces.same_as(&PieceSet::built_in()) {
            SignRoom::BuiltIn(piece.role)
        } else {
            SignRoom::Outline(glyph_room::outline(pieces.glyph(piece)))
        }
    }
}

/// [`promoted_sign`] for a piece known by its outline `ink`: the size the
/// built-in set's sign has where there is room (6 px across at 200 px), on
/// the square's right edge as high as it is [`SIGN_GAP`] clear of the
/// ink (the very corner when the corner is free); where no place holds
/// that size, the largest sign the right edge holds, but never less than
/// the built-in set's least sign (4 px of ink, which still reads): a
/// queen as wide as cburnett's leaves less at small squares, and the sign
/// then takes part of the clear gap (measured: still a pixel clear of her
/// ink at 22 px squares).
fn outline_sign(square: Rect, ink: &[(f32, f32, f32)], one_ink: bool) -> Disc {
    let w = square.w;
    let on_edge = |target: f32, least: f32| {
        let (outer, cy) = glyph_room::on_right_edge(ink, w, target, SIGN_GAP);
        (outer.max(least), square.y + cy)
    };
    if one_ink {
        let band = (w * 0.025).round().max(1.0);
        let want = (2.0 * (w * 0.06).max(2.0)).round().max(3.0);
        let least = 2.0 + 2.0 * band;
        // A box of side `s` lies in a disc of radius s / √2 about its centre.
        let (outer, cy) = on_edge(
            (want + 2.0 * band) / std::f32::consts::SQRT_2,
            least / std::f32::consts::SQRT_2,
        );
        let side = (outer * std::f32::consts::SQRT_2)
            .floor()
            .clamp(least, want + 2.0 * band);
        return boxed_sign(square, side, cy, band);
    }
    let ring = (w * 0.025).max(1.0);
    let want = ((w * 0.06).max(2.0) + ring / 2.0).max(3.0);
    let (outer, cy) = on_edge(want, 2.0);
    ringed_sign(square, outer, cy, ring)
}

/// Where the built-in glyph of `role` reaches furthest into a square's
/// top-right corner, in the 45-unit grid of `tools/gen_pieces.py`: circles
/// (centre, radius with the outline). The queen's outer coronet ball, the
/// corner of the rook's battlements, the bishop's mitre at its widest, the
/// knight's ear and the locks of its mane.
fn corner_obstacles(role: Role) -> &'static [(f32, f32, f32)] {
    match role {
        // The outer point's flank, and its ball (drawn for a ball at 36.3,
        // 8.8, radius 2.1 and a unit of outline; since the king and
        // queen's redraw the ball is at 36.7, 8.8, radius 1.9 and 0.9 of
        // outline, and a disc in the corner, of any size, is at least as
        // far from it as from these two circles).
        Role::Queen => &[(37.5, 10.3, 3.1), (36.3, 8.8, 3.1)],
        Role::Rook => &[(35.7, 8.4, 0.0)],
        Role::Bishop => &[(32.7, 18.0, 1.0), (22.5, 6.4, 3.5)],
        Role::Knight => &[(25.2, 3.8, 1.0), (32.2, 12.6, 1.0), (35.4, 19.4, 1.0)],
        // Never promoted; the queen's corner is the tightest.
        Role::King | Role::Pawn => &[(37.5, 10.3, 3.1), (36.3, 8.8, 3.1)],
    }
}

/// The largest radius of a disc set in the top-right corner of a square
/// `w` px wide (touching its top and right edges) that stays
/// [`SIGN_GAP`] clear of every obstacle circle.
///
/// A disc of radius `a` there has its centre at `(w - a, a)`; with `u`
/// and `v` the obstacle centre's distances from the right and top edges,
/// it is clear when `(u - a)² + (v - a)² ≥ (R + g + a)²`, a quadratic in
/// `a` whose smaller root is the answer.
fn corner_room(w: f32, obstacles: &[(f32, f32, f32)]) -> f32 {
    let s = w / 45.0;
    obstacles
        .iter()
        .map(|&(x, y, r)| {
            let (u, v, k) = ((45.0 - x) * s, y * s, r * s + SIGN_GAP);
            let b = u + v + k;
            let c = u * u + v * v - k * k;
            b - (b * b - c).max(0.0).sqrt()
        })
        .fold(w / 4.0, f32::min)
}

/// The largest whole side of a box set in the top-right corner of a
/// square `w` px wide that stays [`SIGN_GAP`] clear of every obstacle
/// circle (the one-ink sign is a box).
fn box_room(w: f32, obstacles: &[(f32, f32, f32)]) -> f32 {
    let s = w / 45.0;
    let mut side = (w / 2.0).floor();
    for &(x, y, r) in obstacles {
        let (u, v, k) = ((45.0 - x) * s, y * s, r * s + SIGN_GAP);
        // The box's nearest point to the obstacle is its bottom-left
        // corner, or an edge once the box passes the obstacle's centre.
        let clear = |side: f32| (u - side).max(0.0).hypot((v - side).max(0.0)) >= k;
        while side > 1.0 && !clear(side) {
            side -= 1.0;
        }
    }
    side
}

#[cfg(test)]
mod tests {
    use super::*;
    use fen2img_chess::{parse, ParseOptions};

    fn spec() -> PocketSpec {
        PocketSpec {
            trays: [
                Some(Rect {
                    x: 10.0,
                    y: 400.0,
                    w: 320.0,
                    h: 40.0,
                }),
                Some(Rect {
                    x: 10.0,
                    y: 0.0,
                    w: 320.0,
                    h: 40.0,
                }),
            ],
            square: 40.0,
            one_ink: false,
        }
    }

    #[test]
    fn each_kind_gets_its_slot_and_a_badge_when_more_than_one() {
        let p = parse(
            b"8/8/8/8/8/8/8/4K2k[QNNPPPppq] w - - 0 1",
            ParseOptions::default(),
        )
        .unwrap()
        .position;
        let (pieces, badges) = spec().place(&p, &PieceSet::built_in());
        let kinds: Vec<(Color, Role, f32)> = pieces
            .iter()
            .map(|p| (p.piece.color, p.piece.role, p.rect.x))
            .collect();
        assert_eq!(
            kinds,
            [
                (Color::White, Role::Pawn, 10.0),
                (Color::White, Role::Knight, 74.0),
                (Color::White, Role::Queen, 266.0),
                (Color::Black, Role::Pawn, 10.0),
                (Color::Black, Role::Queen, 266.0),
            ]
        );
        let numbers: Vec<&str> = badges.iter().map(|b| b.text.text.as_str()).collect();
        assert_eq!(numbers, ["3", "2", "2"]);
        // Each badge inside its slot, right of the piece's base.
        for b in &badges {
            let (l, r) = (b.disc.cx - b.disc.r, b.disc.cx + b.disc.r);
            let slot = ((b.disc.cx - 10.0) / 64.0).floor() * 64.0 + 10.0;
            assert!(l >= slot + 0.84 * 40.0 && r <= slot + 64.0, "{b:?}");
            assert!(b.disc.cy + b.disc.r <= 440.0, "{b:?} inside the tray");
        }
        // An empty pocket: nothing placed.
        let empty = parse(b"8/8/8/8/8/8/8/4K2k[] w - - 0 1", ParseOptions::default())
            .unwrap()
            .position;
        assert_eq!(spec().place(&empty, &PieceSet::built_in()).0.len(), 0);
    }
}
