//! Diagram numbers across a page, as a book numbers its figures: fen and
//! pgn blocks share one counter, in the page's order, so "Diagram 1, 2, 3"
//! runs on from a fen block into a game's diagrams and on to the next
//! block. A page (an mdBook chapter, a Pandoc document) starts afresh.
//!
//! - `number=N` on a block: its diagrams are N, N+1, ...; the page counts
//!   on from there.
//! - `number=auto` (or `number` alone, or `number = true` in `book.toml`):
//!   the next number on the page (1 on a page with none yet).
//! - `number=none`: this block is not numbered, and the page's count does
//!   not move.
//! - `number=N` in the defaults (`--defaults`, `book.toml`): every block
//!   is numbered, the page's first from N (`number=auto` there: from 1).
//!
//! `number` is therefore never a render option of the block's token list:
//! the number is set on each diagram's options when it is drawn, so one
//! renderer serves a page of numbered diagrams.

use super::game_keys::canonical;
use super::info::Attr;

/// What a `number` option says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Asked {
    /// `number=N`.
    From(u32),
    /// `number=auto`, `number`: the next on the page.
    Next,
    /// `number=none`: not numbered.
    Off,
}

/// Whether `attr` is the `number` option.
pub fn is_number(attr: &Attr) -> bool {
    canonical(&attr.key) == "number"
}

fn asked(attr: &Attr) -> Result<Asked, (usize, String)> {
    let value = attr.value.as_deref().map(str::trim).unwrap_or("auto");
    match value {
        "auto" | "" | "true" | "yes" | "on" => Ok(Asked::Next),
        "none" | "off" | "false" | "no" => Ok(Asked::Off),
        // `number = 0` is a number, as `--number 0` is.
        digits => digits.parse::<u32>().map(Asked::From).map_err(|_| {
            (
                attr.column,
                format!(
                    "'{}' takes the diagram's number (number=1), auto (the next on the page) \
                     or none, not '{digits}'",
                    attr.key
                ),
            )
        }),
    }
}

/// The page's count: the number its next diagram gets.
#[derive(Debug, Clone, Default)]
pub struct PageNumbers {
    /// The defaults' `number`, if any.
    default: Option<Attr>,
    /// After the last numbered diagram of the page; `None` before one.
    next: Option<u32>,
}

impl PageNumbers {
    /// A count with the defaults' `number` option (the last one wins).
    pub fn new(default: Option<Attr>) -> PageNumbers {
        PageNumbers {
            default,
            next: None,
        }
    }

    /// A new page: the count starts again.
    pub fn start_page(&mut self) {
        self.next = None;
    }

    /// The first number of a block whose `number` option is `own` (its
    /// last one, if any), or `None` when the block is not numbered; `Err`
    /// is the bad option's column and why.
    pub fn first(&self, own: Option<&Attr>) -> Result<Option<u32>, (usize, String)> {
        let default = self.default.as_ref().map(asked).transpose()?;
        let start = match default {
            Some(Asked::From(n)) => n,
            _ => 1,
        };
        let asked = match own {
            Some(attr) => Some(asked(attr)?),
            None => default,
        };
        Ok(match asked {
            None | Some(Asked::Off) => None,
            // A block's own number stands; the defaults' only starts the page.
            Some(Asked::From(n)) if own.is_some() => Some(n),
            Some(Asked::From(_) | Asked::Next) => Some(self.next.unwrap_or(start)),
        })
    }

    /// A block numbered from `first` gave `count` diagrams.
    pub fn used(&mut self, first: u32, count: usize) {
        let count = u32::try_from(count).unwrap_or(u32::MAX);
        self.next = Some(first.saturating_add(count));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attr(value: Option<&str>) -> Attr {
        Attr {
            key: "number".into(),
            value: value.map(str::to_string),
            column: 5,
            value_column: 12,
        }
    }

    #[test]
    fn blocks_count_on_across_the_page() {
        let mut page = PageNumbers::new(None);
        assert_eq!(page.first(None), Ok(None), "nothing asked: no number");
        assert_eq!(page.first(Some(&attr(Some("auto")))), Ok(Some(1)));
        page.used(1, 1);
        // A game's three diagrams, then the next block.
        assert_eq!(page.first(Some(&attr(None))), Ok(Some(2)));
        page.used(2, 3);
        assert_eq!(page.first(Some(&attr(Some("auto")))), Ok(Some(5)));
        // An explicit number stands, and the page counts on from it.
        assert_eq!(page.first(Some(&attr(Some("10")))), Ok(Some(10)));
        page.used(10, 1);
        assert_eq!(page.first(Some(&attr(Some("auto")))), Ok(Some(11)));
        page.start_page();
        assert_eq!(page.first(Some(&attr(Some("auto")))), Ok(Some(1)));
    }

    #[test]
    fn a_default_numbers_every_block_from_its_value() {
        let mut page = PageNumbers::new(Some(attr(Some("3"))));
        assert_eq!(page.first(None), Ok(Some(3)));
        page.used(3, 2);
        assert_eq!(page.first(None), Ok(Some(5)), "not 3 again");
        assert_eq!(page.first(Some(&attr(Some("none")))), Ok(None));
        let e = page.first(Some(&attr(Some("x1")))).unwrap_err();
        assert_eq!(e.0, 5);
        assert!(e.1.contains("auto (the next on the page)"), "{}", e.1);
    }
}
