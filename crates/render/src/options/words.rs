//! Values that are one word of a short list (`outside`, `inside`, `none`):
//! the list, both ways, and the one message for a word not in it.

use fen2img_chess::notation::ValueError;
use fen2img_support::quote::escape;

/// A value written as one of a few words.
pub(crate) trait Words: Copy + PartialEq + 'static {
    /// Every value with its word, in the order messages list them.
    const WORDS: &'static [(&'static str, Self)];

    /// This value's word.
    fn word(self) -> &'static str {
        Self::WORDS
            .iter()
            .find(|(_, v)| *v == self)
            .map_or("", |(w, _)| w)
    }
}

/// The value `text` names, or an error listing the words.
pub(crate) fn one_of<T: Words>(text: &str) -> Result<T, ValueError> {
    T::WORDS
        .iter()
        .find(|(w, _)| *w == text)
        .map(|(_, v)| *v)
        .ok_or_else(|| {
            let words: Vec<&str> = T::WORDS.iter().map(|(w, _)| *w).collect();
            let list = match words.split_last() {
                Some((last, [])) => last.to_string(),
                Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
                None => String::new(),
            };
            let found = if text.is_empty() {
                "nothing".to_string()
            } else {
                format!("'{}'", escape(text))
            };
            ValueError::new(1, format!("expected {list}, found {found}"))
        })
}
