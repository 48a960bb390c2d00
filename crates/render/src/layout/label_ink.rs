//! The ink of labels inside the board: each sits on a square, so it must
//! read against that square (3:1 or more, WCAG's ratio for graphics) in
//! every theme, whatever its two square colours.

use crate::assets::color::Rgba;
use crate::assets::contrast::{clamp_luminance, luminance, FLARE};
use crate::assets::theme::Theme;

/// The contrast aimed at, in tenths: a little over 3:1, so the label's
/// anti-aliased pixels do not fall short of it.
const TARGET_TENTHS: u32 = 32;

/// The luminance scale of [`luminance`].
const ONE: u32 = 65535;

/// The ink of a label on a square of colour `square`: the theme's ink on
/// hatched (print) squares, else the other square colour, lightened or
/// darkened by the least that reaches the target contrast.
pub(super) fn inside_label(theme: &Theme, square: Rgba, dark: bool) -> Rgba {
    if theme.hatch.is_some() {
        return theme.coordinates;
    }
    let other = if dark { theme.light } else { theme.dark };
    legible_on(other, square)
}

/// `ink` moved in luminance (keeping its hue) by the least that gives
/// it the target contrast against `ground`: towards white when it is the
/// lighter of the two, towards black when the darker. When its own side
/// cannot reach the target, 3:1 on that side is enough (a light label on
/// brown's dark squares stays light), and only then does it cross over.
pub(super) fn legible_on(ink: Rgba, ground: Rgba) -> Rgba {
    let g = luminance(ground) + FLARE;
    // Lighter: (L + F) >= ratio × (G + F); darker: (L + F) × ratio <= G + F.
    let lighter = |tenths: u32| {
        let min = (tenths * g / 10).saturating_sub(FLARE);
        (min <= ONE).then(|| clamp_luminance(ink, min, ONE))
    };
    let darker = |tenths: u32| {
        let max = (10 * g / tenths).checked_sub(FLARE)?;
        Some(clamp_luminance(ink, 0, max))
    };
    let sides: [&dyn Fn(u32) -> Option<Rgba>; 2] = if luminance(ink) >= luminance(ground) {
        [&lighter, &darker]
    } else {
        [&darker, &lighter]
    };
    sides
        .iter()
        .find_map(|side| side(TARGET_TENTHS).or_else(|| side(30)))
        .unwrap_or(if luminance(ground) > ONE / 5 {
            Rgba::rgb(0, 0, 0)
        } else {
            Rgba::rgb(255, 255, 255)
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assets::contrast::contrast_at_least;

    #[test]
    fn labels_reach_three_to_one_on_every_built_in_square() {
        for name in Theme::built_in_names() {
            let theme = Theme::built_in(name).unwrap();
            for (square, dark) in [(theme.light, false), (theme.dark, true)] {
                let ink = inside_label(&theme, square, dark);
                assert!(
                    contrast_at_least(ink, square, 30),
                    "{name}: {ink:?} on {square:?}"
                );
            }
        }
    }

    #[test]
    fn labels_that_already_read_are_left_alone() {
        let (ink, ground) = (Rgba::rgb(0, 0, 0), Rgba::rgb(255, 255, 255));
        assert_eq!(legible_on(ink, ground), ink);
        assert_eq!(legible_on(ground, ink), ground);
    }

    #[test]
    fn mid_grey_grounds_get_whichever_side_reaches() {
        // On mid grey, neither near-grey ink can reach 3.2:1 on its own side
        // only when the ground is in the middle band; the result still does.
        for v in [0x60u8, 0x77, 0x90, 0xa0] {
            let ground = Rgba::rgb(v, v, v);
            let ink = legible_on(Rgba::rgb(v / 2 + 60, v / 2 + 60, v / 2 + 60), ground);
            assert!(contrast_at_least(ink, ground, 30), "{v}: {ink:?}");
        }
    }
}
