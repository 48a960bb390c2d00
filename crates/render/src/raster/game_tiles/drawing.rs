//! The frame a game drew last, held whole, and the frame before it where
//! the two may differ: what the next frame is drawn over (in place, when
//! [`LastFrame`] describes it) and what the GIF and APNG writers compare
//! ([`FrameChange`]). Copying each frame out for the writers, and their
//! comparing every row of two whole frames, was a fifth of a 100-ply
//! game's time at 720 px (`perf`, `POST /game.gif`).

use resvg::tiny_skia::IntRect;

use super::last_frame::{LastFrame, Patches};
use crate::frame_change::{FrameChange, Patch};
use crate::palette_image::PaletteImage;

/// How a frame was drawn (see [`Drawing::frame_change`]).
pub(super) enum Drawn {
    /// The frame drawn last, changed in place by [`LastFrame::change`],
    /// which kept the earlier indices of what it changed.
    InPlace,
    /// A frame drawn afresh: its indices and size, and what describes it
    /// square by square for the next frame (`None`: the next is drawn
    /// afresh too).
    Whole {
        indices: Vec<u8>,
        size: (u32, u32),
        last: Option<LastFrame>,
    },
}

/// The frame before the current one, where the two may differ.
#[derive(Debug, Default)]
enum Before {
    /// No frame before (the first), or one of another size.
    #[default]
    Nothing,
    /// All of it.
    Whole(Vec<u8>),
    /// Rectangles of it, with their indices.
    Patches(Vec<(IntRect, Vec<u8>)>),
}

/// A game's current frame and the one before, where they differ.
#[derive(Debug, Default)]
pub(super) struct Drawing {
    /// The frame drawn last, whole (empty before the first).
    indices: Vec<u8>,
    size: (u32, u32),
    before: Before,
    /// What describes `indices` square by square, when the next frame may
    /// be drawn by changing it.
    pub(super) last: Option<LastFrame>,
}

impl Drawing {
    /// Changes the current frame in place into the next with `change`
    /// (given the frame, its width, and where to keep the earlier
    /// indices of what it changes; `false` when it changed nothing and
    /// cannot draw this frame). Nothing happens without a [`LastFrame`].
    pub(super) fn change_in_place(
        &mut self,
        change: impl FnOnce(&mut LastFrame, &mut [u8], usize, &mut Patches) -> bool,
    ) -> bool {
        let Some(last) = self.last.as_mut() else {
            return false;
        };
        let mut patches = Patches(match std::mem::take(&mut self.before) {
            Before::Patches(mut list) => {
                list.clear();
                list
            }
            _ => Vec::new(),
        });
        if !change(last, &mut self.indices, self.size.0 as usize, &mut patches) {
            return false;
        }
        self.before = Before::Patches(patches.0);
        true
    }

    /// The frame just `drawn` as the current one, and what changed since
    /// the current one before it.
    pub(super) fn frame_change<'a>(
        &'a mut self,
        drawn: Drawn,
        palette: &'a [[u8; 4]],
    ) -> FrameChange<'a> {
        if let Drawn::Whole {
            indices,
            size,
            last,
        } = drawn
        {
            let old = std::mem::replace(&mut self.indices, indices);
            self.before = if self.size == size && !old.is_empty() {
                Before::Whole(old)
            } else {
                Before::Nothing
            };
            self.size = size;
            self.last = last;
        }
        let (width, height) = self.size;
        let before = match &self.before {
            Before::Nothing => None,
            Before::Whole(old) => Some(vec![Patch {
                left: 0,
                top: 0,
                width,
                height,
                indices: old,
            }]),
            Before::Patches(list) => Some(
                list.iter()
                    .map(|(r, old)| Patch {
                        left: r.x() as u32,
                        top: r.y() as u32,
                        width: r.width(),
                        height: r.height(),
                        indices: old,
                    })
                    .collect(),
            ),
        };
        FrameChange {
            next: PaletteImage {
                width,
                height,
                palette,
                indices: &self.indices,
            },
            before,
        }
    }
}

#[cfg(test)]
impl Drawing {
    /// Whether the current frame was the one before changed in place.
    pub(super) fn changed_in_place(&self) -> bool {
        matches!(self.before, Before::Patches(_))
    }
}
