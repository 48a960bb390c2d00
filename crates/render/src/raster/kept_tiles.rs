//! A tile set's tiles held small: in RGBA between counting their colours
//! and indexing them, and as palette indices after.
//!
//! Inside coordinates make each labelled square a class of its own (17 at
//! 720 px), and holding every class's twelve RGBA tiles at once was 6.6 MB
//! per render thread (its index tiles, another 1.6 MB). A labelled tile
//! differs from the same piece on the same square without labels only
//! where its labels are drawn, so each class keeps the rectangle its labels
//! changed and the unlabelled tiles are kept once per kind of ground (light
//! and dark, on an everyday board). Indexing maps the rectangle and the
//! grounds' tiles apart, and a board pastes a class's rectangle over its
//! ground's tile: a pixel's index depends on its colour alone, so the
//! indices are those of the whole labelled tile.

use resvg::tiny_skia::{IntRect, Pixmap};

/// One class's tiles: the unlabelled tiles of its ground (an index into
/// [`KeptTiles::grounds`]) and, where its labels changed any of its twelve
/// tiles, that rectangle of each.
struct Patched {
    ground: usize,
    patch: Option<(IntRect, [Pixmap; 12])>,
}

/// Every class's tiles, in class order (see the module's header).
#[derive(Default)]
pub(super) struct KeptTiles {
    /// Each kind of ground met: its pixels, and every piece on it without
    /// labels.
    grounds: Vec<(Vec<u8>, [Pixmap; 12])>,
    classes: Vec<Patched>,
}

impl KeptTiles {
    /// Keeps `drawn`, the next class's tiles (classes come in order): its
    /// twelve pieces on `bare`, the class's square without labels, with
    /// the labels drawn; `plain` draws the pieces on a ground without
    /// labels (called once per kind of ground).
    pub(super) fn push(
        &mut self,
        bare: &Pixmap,
        drawn: [Pixmap; 12],
        plain: impl FnOnce(&Pixmap) -> [Pixmap; 12],
    ) {
        let ground = match self.grounds.iter().position(|g| g.0 == bare.data()) {
            Some(i) => i,
            None => {
                self.grounds.push((bare.data().to_vec(), plain(bare)));
                self.grounds.len() - 1
            }
        };
        let patch = changed_rect(&self.grounds[ground].1, &drawn).map(|rect| {
            let crop = |t: &Pixmap| {
                t.clone_rect(rect)
                    .expect("the rectangle lies inside the tile")
            };
            (rect, drawn.each_ref().map(crop))
        });
        self.classes.push(Patched { ground, patch });
    }

    /// The RGBA pixels it holds.
    #[cfg(test)]
    pub(super) fn pixels(&self) -> u64 {
        let area = |t: &Pixmap| u64::from(t.width()) * u64::from(t.height());
        let grounds = self.grounds.iter().flat_map(|g| &g.1).map(area);
        let patches = self
            .classes
            .iter()
            .flat_map(|c| &c.patch)
            .flat_map(|p| &p.1);
        grounds.chain(patches.map(area)).sum()
    }

    /// Each kind of ground's twelve tiles as palette indices, and each
    /// class's ground and patch, `index` giving a tile's (or a patch's)
    /// indices row by row.
    pub(super) fn indices(
        &self,
        mut index: impl FnMut(&Pixmap) -> Vec<u8>,
    ) -> (Vec<[Vec<u8>; 12]>, Vec<ClassTiles>) {
        let grounds = self
            .grounds
            .iter()
            .map(|(_, tiles)| tiles.each_ref().map(&mut index))
            .collect();
        let classes = self
            .classes
            .iter()
            .map(|class| ClassTiles {
                ground: class.ground,
                patch: class
                    .patch
                    .as_ref()
                    .map(|(rect, patches)| (*rect, patches.each_ref().map(&mut index))),
            })
            .collect();
        (grounds, classes)
    }
}

/// One class's index tiles as a tile set keeps them: the tiles of its
/// ground (an index into the tile set's grounds) and, where its labels
/// change them, that rectangle's indices for each piece, pasted over the
/// ground's tile. Kept whole, the seventeen classes of a 720 px board with
/// inside coordinates were 1.6 MB per render thread.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct ClassTiles {
    pub(super) ground: usize,
    pub(super) patch: Option<(IntRect, [Vec<u8>; 12])>,
}

/// The smallest rectangle holding every pixel where a tile of `drawn`
/// differs from the same piece's tile of `plain`, or `None` when none do.
fn changed_rect(plain: &[Pixmap; 12], drawn: &[Pixmap; 12]) -> Option<IntRect> {
    let width = plain[0].width() as usize;
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for (a, b) in plain.iter().zip(drawn) {
        let rows = a
            .pixels()
            .chunks_exact(width)
            .zip(b.pixels().chunks_exact(width));
        for (y, (ra, rb)) in rows.enumerate() {
            if ra == rb {
                continue;
            }
            let first = ra.iter().zip(rb).position(|(p, q)| p != q).unwrap_or(0);
            let last = ra.iter().zip(rb).rposition(|(p, q)| p != q).unwrap_or(0);
            x0 = x0.min(first);
            x1 = x1.max(last + 1);
            y0 = y0.min(y);
            y1 = y1.max(y + 1);
        }
    }
    if x0 == usize::MAX {
        return None;
    }
    IntRect::from_xywh(x0 as i32, y0 as i32, (x1 - x0) as u32, (y1 - y0) as u32)
}
