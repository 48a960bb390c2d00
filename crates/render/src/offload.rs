//! Sharing one image's work with threads that have nothing to do.
//!
//! A server renders each request on one thread. When requests are few, the
//! other cores idle while one image is compressed; an [`Offload`] lets the
//! renderer hand part of that work to them. The output does not depend on
//! it: an image is cut into the same parts whether or not another thread
//! takes any.

/// Somewhere to run short tasks on threads that are idle at the moment,
/// such as a server's render threads between requests. Give one to
/// [`Renderer::set_offload`](crate::Renderer::set_offload).
///
/// A task takes a fraction of a millisecond. The caller does all of the
/// work itself unless a task starts while work is left, so an offer may
/// be dropped at once (every thread is busy), and a task that starts late
/// finds nothing to do and returns.
pub trait Offload: Send + Sync {
    /// Runs `task` soon on another thread if one is idle; otherwise drops
    /// it. Must not block.
    fn offer(&self, task: Box<dyn FnOnce() + Send>);
}
