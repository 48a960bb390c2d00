//! The bounds the APIs share beyond what the options table reads: how many
//! items of one markup a request may ask for.

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
    fn more_than_the_bound_is_refused_by_name() {
        assert!(at_most("mark", vec![1, 2], 2).is_ok());
        let e = at_most("mark", vec![1, 2, 3], 2).unwrap_err();
        assert_eq!(e, "mark: at most 2 allowed, found 3");
    }
}
