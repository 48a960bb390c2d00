//! Contrast between colours, as WCAG 2 defines it, in integer arithmetic.
//!
//! Colours the program picks for legibility (terminal squares, labels on a
//! transparent background) must come out the same on every machine, so the
//! sRGB transfer curve is a table and every comparison is on integers, never
//! on `powf`, whose last bit may differ between C libraries.

use crate::assets::color::Rgba;

/// sRGB component (0..=255) to linear light, times 65535 (IEC 61966-2-1).
const LINEAR: [u32; 256] = [
    0, 20, 40, 60, 80, 99, 119, 139, 159, 179, 199, 219, 241, 264, 288, 313, 340, 367, 396, 427,
    458, 491, 526, 562, 599, 637, 677, 718, 761, 805, 851, 898, 947, 997, 1048, 1101, 1156, 1212,
    1270, 1330, 1391, 1453, 1517, 1583, 1651, 1720, 1790, 1863, 1937, 2013, 2090, 2170, 2250, 2333,
    2418, 2504, 2592, 2681, 2773, 2866, 2961, 3058, 3157, 3258, 3360, 3464, 3570, 3678, 3788, 3900,
    4014, 4129, 4247, 4366, 4488, 4611, 4736, 4864, 4993, 5124, 5257, 5392, 5530, 5669, 5810, 5953,
    6099, 6246, 6395, 6547, 6700, 6856, 7014, 7174, 7335, 7500, 7666, 7834, 8004, 8177, 8352, 8528,
    8708, 8889, 9072, 9258, 9445, 9635, 9828, 10022, 10219, 10417, 10619, 10822, 11028, 11235,
    11446, 11658, 11873, 12090, 12309, 12530, 12754, 12980, 13209, 13440, 13673, 13909, 14146,
    14387, 14629, 14874, 15122, 15371, 15623, 15878, 16135, 16394, 16656, 16920, 17187, 17456,
    17727, 18001, 18277, 18556, 18837, 19121, 19407, 19696, 19987, 20281, 20577, 20876, 21177,
    21481, 21787, 22096, 22407, 22721, 23038, 23357, 23678, 24002, 24329, 24658, 24990, 25325,
    25662, 26001, 26344, 26688, 27036, 27386, 27739, 28094, 28452, 28813, 29176, 29542, 29911,
    30282, 30656, 31033, 31412, 31794, 32179, 32567, 32957, 33350, 33745, 34143, 34544, 34948,
    35355, 35764, 36176, 36591, 37008, 37429, 37852, 38278, 38706, 39138, 39572, 40009, 40449,
    40891, 41337, 41785, 42236, 42690, 43147, 43606, 44069, 44534, 45002, 45473, 45947, 46423,
    46903, 47385, 47871, 48359, 48850, 49344, 49841, 50341, 50844, 51349, 51858, 52369, 52884,
    53401, 53921, 54445, 54971, 55500, 56032, 56567, 57105, 57646, 58190, 58737, 59287, 59840,
    60396, 60955, 61517, 62082, 62650, 63221, 63795, 64372, 64952, 65535,
];

/// The scale of [`luminance`]: 1.0 is this (what the table holds for 255).
#[cfg(test)]
const ONE: u32 = 65535;

/// WCAG's flare term, 0.05, on the same scale (rounded).
pub(crate) const FLARE: u32 = 3277;

/// Relative luminance of an opaque colour (alpha is ignored), 0 to 65535.
pub(crate) fn luminance(c: Rgba) -> u32 {
    // Rec. 709 weights, summing to 10,000.
    (2126 * LINEAR[c.r as usize] + 7152 * LINEAR[c.g as usize] + 722 * LINEAR[c.b as usize])
        / 10_000
}

/// Whether two colours have a contrast ratio of at least `ratio_tenths / 10`
/// (WCAG: (L1 + 0.05) / (L2 + 0.05), the lighter over the darker).
/// The layout uses it to pick casings for transparent backgrounds.
pub(crate) fn contrast_at_least(a: Rgba, b: Rgba, ratio_tenths: u32) -> bool {
    let (la, lb) = (luminance(a), luminance(b));
    let (hi, lo) = if la >= lb { (la, lb) } else { (lb, la) };
    // Times 20, where the flare is exactly the scale (0.05 × 20 = 1).
    10 * (20 * hi + 65_535) >= ratio_tenths * (20 * lo + 65_535)
}

/// `c` darkened (scaled towards black) or lightened (mixed towards white)
/// in steps of 1/256, by the least that brings its luminance into
/// `min..=max`. Scaling keeps the hue, so a brown square stays brown.
pub(crate) fn clamp_luminance(c: Rgba, min: u32, max: u32) -> Rgba {
    // Each step moves every channel one way, so the luminance only grows
    // with `k` in both directions and the step sought is found by
    // bisection: a scan of the 257 steps was a fortieth of an animated
    // game's time, where every frame's inside labels are inked again.
    let l = luminance(c);
    if l > max {
        // The last step still dark enough (step 0 is black).
        match first_step(|k| luminance(scale(c, k)) > max) {
            0 => Rgba::rgb(0, 0, 0),
            k => scale(c, k - 1),
        }
    } else if l < min {
        match first_step(|k| luminance(mix_white(c, k)) >= min) {
            257.. => Rgba::rgb(255, 255, 255),
            k => mix_white(c, k),
        }
    } else {
        c
    }
}

/// The first step of `0..=256` at which `reached` holds (257 when none),
/// for a `reached` that stays true once it holds.
fn first_step(reached: impl Fn(u32) -> bool) -> u32 {
    let (mut lo, mut hi) = (0u32, 257u32);
    while lo < hi {
        let mid = (lo + hi) / 2;
        if reached(mid) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    lo
}

fn scale(c: Rgba, k: u32) -> Rgba {
    let s = |v: u8| ((v as u32 * k + 128) / 256) as u8;
    Rgba::rgb(s(c.r), s(c.g), s(c.b))
}

fn mix_white(c: Rgba, k: u32) -> Rgba {
    let s = |v: u8| (v as u32 + ((255 - v as u32) * k + 128) / 256) as u8;
    Rgba::rgb(s(c.r), s(c.g), s(c.b))
}

#[cfg(test)]
mod tests {
    use super::*;

    const BLACK: Rgba = Rgba::rgb(0, 0, 0);
    const WHITE: Rgba = Rgba::rgb(255, 255, 255);

    #[test]
    fn clamping_by_bisection_is_the_scan_of_every_step() {
        // The first step that reaches the bound, found one step at a
        // time, for colours and bounds all over the range.
        let scan = |c: Rgba, min: u32, max: u32| {
            let l = luminance(c);
            if l > max {
                (0..=256u32)
                    .rev()
                    .map(|k| scale(c, k))
                    .find(|&d| luminance(d) <= max)
                    .unwrap_or(BLACK)
            } else if l < min {
                (0..=256u32)
                    .map(|k| mix_white(c, k))
                    .find(|&d| luminance(d) >= min)
                    .unwrap_or(WHITE)
            } else {
                c
            }
        };
        for r in (0..=255u8).step_by(17) {
            for g in (0..=255u8).step_by(51) {
                for b in (0..=255u8).step_by(85) {
                    let c = Rgba::rgb(r, g, b);
                    for t in 0..=20u32 {
                        let bound = t * ONE / 20;
                        assert_eq!(clamp_luminance(c, bound, ONE), scan(c, bound, ONE));
                        assert_eq!(clamp_luminance(c, 0, bound), scan(c, 0, bound));
                    }
                }
            }
        }
    }

    #[test]
    fn luminance_matches_wcag_at_known_points() {
        assert_eq!(luminance(BLACK), 0);
        assert_eq!(luminance(WHITE), ONE);
        // #777777 is the classic 4.48:1 grey on white; its luminance is 0.1845.
        let grey = luminance(Rgba::rgb(0x77, 0x77, 0x77));
        assert!((12_080..12_110).contains(&grey), "{grey}");
    }

    #[test]
    fn contrast_ratios_match_wcag() {
        assert!(contrast_at_least(BLACK, WHITE, 210));
        assert!(!contrast_at_least(BLACK, WHITE, 211));
        let grey = Rgba::rgb(0x77, 0x77, 0x77);
        assert!(contrast_at_least(grey, WHITE, 44));
        assert!(!contrast_at_least(grey, WHITE, 46));
        assert!(contrast_at_least(WHITE, grey, 44), "order does not matter");
    }

    #[test]
    fn clamping_moves_luminance_into_range_and_keeps_hue_order() {
        let brown = Rgba::rgb(0xf0, 0xd9, 0xb5);
        let d = clamp_luminance(brown, 6_000, 19_000);
        assert!(luminance(d) <= 19_000 && luminance(d) > 18_000, "{d:?}");
        assert!(d.r > d.g && d.g > d.b, "still brown: {d:?}");
        let dark = Rgba::rgb(10, 20, 40);
        let l = clamp_luminance(dark, 6_000, 19_000);
        assert!(luminance(l) >= 6_000 && luminance(l) < 6_500, "{l:?}");
        let mid = Rgba::rgb(0x80, 0x80, 0x80);
        assert_eq!(clamp_luminance(mid, 6_000, 19_000), mid);
    }
}
