//! The problem options: whether a position is drawn as a chess problem
//! (`--problem`, `problem=true`) and the words of its caption
//! (stipulation, composers, source, award), as the options table reads
//! them for every front end.

use fen2img_chess::problem::Problem;

/// The most characters a problem caption value keeps.
pub const MAX_PROBLEM_TEXT: usize = 200;

/// The problem layout and its caption. Unset (the default) draws the
/// ordinary diagram; any field set draws the problem diagram.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct ProblemOptions {
    /// Draw the problem layout even with no caption.
    pub problem: bool,
    /// The stipulation (`#2`, `h#3`).
    pub stipulation: Option<String>,
    /// The composers, in order.
    pub authors: Vec<String>,
    /// Where it was published.
    pub source: Option<String>,
    /// The award.
    pub award: Option<String>,
}

impl ProblemOptions {
    /// Whether any field asks for the problem layout.
    ///
    /// ```
    /// use fen2img_render::options::ProblemOptions;
    /// assert!(!ProblemOptions::default().asked());
    /// let o = ProblemOptions { stipulation: Some("#2".into()), ..Default::default() };
    /// assert!(o.asked());
    /// ```
    pub fn asked(&self) -> bool {
        self.problem
            || self.stipulation.is_some()
            || !self.authors.is_empty()
            || self.source.is_some()
            || self.award.is_some()
    }

    /// Lays the options over a problem's own words (a set option wins;
    /// authors given here replace the problem's).
    pub fn apply(&self, problem: &mut Problem) {
        if let Some(s) = &self.stipulation {
            problem.stipulation = Some(s.clone());
        }
        if !self.authors.is_empty() {
            problem.authors = self.authors.clone();
        }
        if let Some(s) = &self.source {
            problem.source = Some(s.clone());
        }
        if let Some(a) = &self.award {
            problem.award = Some(a.clone());
        }
    }
}

/// A caption value kept to [`MAX_PROBLEM_TEXT`] characters.
pub(crate) fn clip(text: &str) -> String {
    text.chars().take(MAX_PROBLEM_TEXT).collect()
}
