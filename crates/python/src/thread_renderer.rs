//! Each Python thread's renderer, kept between calls: shared by the
//! position calls (`lib.rs`) and the game calls (`games.rs`).

use std::cell::RefCell;

use fen2img_render::fingerprint::canonical_options;
use fen2img_render::{RenderOptions, Renderer};

thread_local! {
    /// This thread's renderer and the canonical form of its options: a
    /// call with the same options (the usual case in a loop) keeps the
    /// renderer's frame; other options keep its caches.
    static RENDERER: RefCell<Option<(String, Renderer)>> = const { RefCell::new(None) };
}

/// Runs `f` with this thread's renderer, set to `options`.
pub(crate) fn with_renderer<T>(options: RenderOptions, f: impl FnOnce(&mut Renderer) -> T) -> T {
    let canonical = canonical_options(&options);
    RENDERER.with_borrow_mut(|slot| {
        let renderer = match slot {
            Some((current, renderer)) => {
                if *current != canonical {
                    renderer.set_options(options);
                    *current = canonical;
                }
                renderer
            }
            None => &mut slot.insert((canonical, Renderer::new(options))).1,
        };
        f(renderer)
    })
}
