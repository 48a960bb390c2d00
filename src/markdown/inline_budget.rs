//! How many bytes of animations one page may hold inline.
//!
//! An SVG diagram stands in the page as itself, a few kilobytes; an
//! animated GIF can only stand there as a `data:` URI, a third larger than
//! its file, and one block may animate up to 1,000 frames: 100 `animate`
//! blocks made a 246 MB page. So each page (an `md` file, an mdBook
//! chapter, a Pandoc document) has a budget of inline animation bytes.
//! Past it, an animation is written as a file beside the page when the
//! command has an images directory (`md`'s assets, Pandoc's `--assets`),
//! with a warning; the mdBook preprocessor has none (a book's pages hold
//! their images inline), so there it is an error at the block.
//! Identical animations on a page are drawn once, and past the budget
//! share one file (named by their bytes).

use super::data_uri;

/// The most bytes of `data:` URIs of animations one page holds: 8 MiB,
/// some seventy animations of a whole 34-move game at 300 px (114 KB
/// each inline), already a heavy page to load.
pub const MAX_INLINE_ANIMATION_BYTES: usize = 8 << 20;

/// What a page has spent of [`MAX_INLINE_ANIMATION_BYTES`].
#[derive(Debug, Default)]
pub struct InlineBudget {
    used: usize,
}

impl InlineBudget {
    /// Takes the bytes `gif` adds inline (its `data:` URI) if they fit,
    /// and says whether they did; an animation that does not fit takes
    /// nothing, so a smaller one after it may still fit.
    pub fn take(&mut self, gif: &[u8]) -> bool {
        let cost = data_uri::gif_len(gif.len());
        match self.used.checked_add(cost) {
            Some(total) if total <= MAX_INLINE_ANIMATION_BYTES => {
                self.used = total;
                true
            }
            _ => false,
        }
    }
}

/// The warning for an animation written as the file `src` instead of
/// inline (`gif` its bytes).
pub fn spilled(gif: &[u8], src: &str) -> String {
    format!(
        "this animation ({} inline) would take the page's inline animations past {} MiB: \
         written as the file '{src}' beside the page instead",
        size(data_uri::gif_len(gif.len())),
        MAX_INLINE_ANIMATION_BYTES >> 20
    )
}

/// The error for an animation that does not fit where no file can be
/// written (the mdBook preprocessor).
pub fn refused(gif: &[u8]) -> String {
    format!(
        "this animation ({} inline) would take the page's inline animations past {} MiB, \
         and these pages hold their images inline: animate a shorter stretch (from=, to=) \
         or a smaller size, or move some animations to another page",
        size(data_uri::gif_len(gif.len())),
        MAX_INLINE_ANIMATION_BYTES >> 20
    )
}

/// A size in words: `1.4 MB`, `85 KB`.
fn size(bytes: usize) -> String {
    if bytes >= 1_000_000 {
        format!("{:.1} MB", bytes as f64 / 1e6)
    } else {
        format!("{} KB", bytes.div_ceil(1000))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_counts_data_uris_and_refuses_what_does_not_fit() {
        let mut budget = InlineBudget::default();
        // A GIF whose data: URI is a quarter of the budget, less a little.
        let quarter = vec![0u8; MAX_INLINE_ANIMATION_BYTES / 4 * 3 / 4 - 100];
        for _ in 0..4 {
            assert!(budget.take(&quarter));
        }
        assert!(!budget.take(&quarter), "a fifth does not fit");
        assert!(budget.take(&[0u8; 30]), "a small one still does");
        assert_eq!(
            data_uri::gif(&quarter).len(),
            data_uri::gif_len(quarter.len())
        );
        assert!(spilled(&quarter, "d/x.gif").contains("(2.1 MB inline)"));
        assert!(refused(&[0; 3]).starts_with("this animation (1 KB inline)"));
    }
}
