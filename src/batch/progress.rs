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
                indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} {rate} eta {eta}")
            }
            None => indicatif::ProgressStyle::with_template("{spinner} {pos} rendered, {rate}"),
        };
        // The templates are constants; should one ever fail, no bar is better
        // than a panic.
        let Ok(style) = style else {
            return Progress { bar: None };
        };
        // indicatif's own {per_sec} prints `1,039.9297/s`.
        let style = style.with_key(
            "rate",
            |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = w.write_str(&rate(state.per_sec()));
            },
        );
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

/// Lines a second as the progress line shows them: whole numbers, one
/// decimal below ten (`1040/s`, `2.5/s`).
fn rate(per_second: f64) -> String {
    if !per_second.is_finite() || per_second < 0.0 {
        "0/s".into()
    } else if per_second < 10.0 {
        format!("{per_second:.1}/s")
    } else {
        format!("{per_second:.0}/s")
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn rates_are_short_whole_numbers() {
        assert_eq!(super::rate(1039.9297), "1040/s");
        assert_eq!(super::rate(2.54), "2.5/s");
        assert_eq!(super::rate(f64::NAN), "0/s");
    }
}
