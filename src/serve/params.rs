//! Parameter values shared by the APIs: booleans, squares, moves, colours,
//! each with a one-line message naming the parameter when it is wrong.

use fen2img_render::chess::quote::escape;
use fen2img_render::layout::ArrowSpec;
use fen2img_render::Rgba;
use fen2img_render::Square;

/// `1 true yes on` or empty (a bare `?flip`) → true, `0 false no off` →
/// false, in any case.
pub fn boolean(name: &str, value: &str) -> Result<bool, String> {
    match value.trim().to_ascii_lowercase().as_str() {
        "" | "1" | "true" | "yes" | "on" => Ok(true),
        "0" | "false" | "no" | "off" => Ok(false),
        _ => Err(format!(
            "{name}: expected true or false, found '{}'",
            escape(value)
        )),
    }
}

/// A square such as `e4`.
pub fn square(name: &str, value: &str) -> Result<Square, String> {
    Square::parse(value.trim()).ok_or_else(|| {
        format!(
            "{name}: expected a square such as e4, found '{}'",
            escape(value)
        )
    })
}

/// A move in UCI form (`e2e4`, `e7e8q`): its two squares.
pub fn uci_move(value: &str) -> Option<(Square, Square)> {
    let m = value.trim();
    let promotion = m.len() == 5 && m.ends_with(['q', 'r', 'b', 'n', 'Q', 'R', 'B', 'N']);
    if !m.is_ascii() || !(m.len() == 4 || promotion) {
        return None;
    }
    Some((Square::parse(&m[..2])?, Square::parse(&m[2..4])?))
}

/// Comma-separated items of every value, blanks dropped.
pub fn items<'a>(values: impl Iterator<Item = &'a str>) -> impl Iterator<Item = &'a str> {
    values
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .filter(|s| !s.is_empty())
}

/// An arrow such as `Ge2e4`.
pub fn arrow(name: &str, value: &str) -> Result<ArrowSpec, String> {
    ArrowSpec::parse(value).ok_or_else(|| {
        format!(
            "{name}: expected a colour G, R, Y or B and squares such as Ge2e4, found '{}'",
            escape(value)
        )
    })
}

/// A colour such as `#ff000080`.
pub fn color(name: &str, value: &str) -> Result<Rgba, String> {
    Rgba::parse(value.trim()).ok_or_else(|| {
        format!(
            "{name}: expected a colour such as #ff000080, found '{}'",
            escape(value)
        )
    })
}

/// At most `max` items, or a message naming the parameter.
pub fn at_most<T>(name: &str, items: Vec<T>, max: usize) -> Result<Vec<T>, String> {
    if items.len() > max {
        return Err(format!(
            "{name}: at most {max} allowed, found {}",
            items.len()
        ));
    }
    Ok(items)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn booleans_moves_and_items() {
        assert_eq!(boolean("flip", ""), Ok(true));
        assert_eq!(boolean("flip", "No"), Ok(false));
        assert!(boolean("flip", "maybe").unwrap_err().starts_with("flip: "));
        assert!(uci_move("e7e8q").is_some());
        assert!(uci_move("e7e8x").is_none());
        assert!(uci_move("é2e4").is_none());
        let v: Vec<&str> = items(["a, b", "", "c"].into_iter()).collect();
        assert_eq!(v, ["a", "b", "c"]);
        assert!(at_most("mark", vec![1, 2, 3], 2).is_err());
    }
}
