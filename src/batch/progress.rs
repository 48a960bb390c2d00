//! The progress bar on stderr.

use std::time::Duration;

/// The progress bar on stderr, or nothing.
pub struct Progress {
    bar: Option<indicatif::ProgressBar>,
}

impl Progress {
    /// A bar counting to `total` (a spinner when unknown), or nothing when
    /// not `enabled`.
    pub fn new(enabled: bool, total: Option<u64>) -> Progress {
        if !enabled {
            return Progress { bar: None };
        }
        let style = match total {
            Some(_) => {
                indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} {per_sec} eta {eta}")
            }
            None => indicatif::ProgressStyle::with_template("{spinner} {pos} rendered, {per_sec}"),
        };
        // The templates are constants; should one ever fail, no bar is better
        // than a panic.
        let Ok(style) = style else {
            return Progress { bar: None };
        };
        let bar = match total {
            Some(n) => indicatif::ProgressBar::new(n),
            None => indicatif::ProgressBar::new_spinner(),
        }
        .with_style(style);
        bar.enable_steady_tick(Duration::from_millis(200));
        Progress { bar: Some(bar) }
    }

    /// One more line done.
    pub fn tick(&self) {
        if let Some(b) = &self.bar {
            b.inc(1);
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}
