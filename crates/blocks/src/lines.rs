//! Line and column of a byte offset, in logarithmic time: the pages `md`
//! reads can hold tens of thousands of blocks, and counting lines from the
//! start for each one made HTML pages quadratic.

/// Where each line of a document starts. A line ends at `\n`, at `\r\n`
/// and at a lone `\r`, as CommonMark says; a byte order mark is not part of
/// the first line's columns.
#[derive(Debug, Clone)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// Indexes `doc`.
    pub fn new(doc: &str) -> LineIndex {
        let bytes = doc.as_bytes();
        let mut starts = vec![if doc.starts_with('\u{feff}') { 3 } else { 0 }];
        for (i, &b) in bytes.iter().enumerate() {
            let ends_line = b == b'\n' || (b == b'\r' && bytes.get(i + 1) != Some(&b'\n'));
            if ends_line {
                starts.push(i + 1);
            }
        }
        LineIndex { starts }
    }

    /// 1-based line and 1-based byte column of `offset`.
    pub fn position(&self, offset: usize) -> (usize, usize) {
        let line = self.starts.partition_point(|&s| s <= offset).max(1);
        let start = self.starts[line - 1];
        (line, offset.saturating_sub(start) + 1)
    }

    /// 1-based line of `offset`.
    pub fn line(&self, offset: usize) -> usize {
        self.position(offset).0
    }

    /// Line `line` (1-based) of `doc`, the document indexed, without its
    /// line end; `None` past the last line. Constant time, whatever the
    /// line's number.
    pub fn line_text<'d>(&self, doc: &'d str, line: usize) -> Option<&'d str> {
        let start = *self.starts.get(line.checked_sub(1)?)?;
        let end = self.starts.get(line).copied().unwrap_or(doc.len());
        let text = doc.get(start..end)?;
        let text = text.strip_suffix('\n').unwrap_or(text);
        Some(text.strip_suffix('\r').unwrap_or(text))
    }

    /// The offset where the line holding `offset` starts.
    pub fn line_start(&self, offset: usize) -> usize {
        let line = self.starts.partition_point(|&s| s <= offset).max(1);
        self.starts[line - 1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_ending_counts_and_the_bom_is_no_column() {
        let doc = "\u{feff}ab\ncd\r\nef\rgh";
        let index = LineIndex::new(doc);
        assert_eq!(index.position(3), (1, 1));
        assert_eq!(index.position(4), (1, 2));
        assert_eq!(index.position(6), (2, 1));
        assert_eq!(
            index.position(8),
            (2, 3),
            "the \\r of \\r\\n is on its line"
        );
        assert_eq!(index.position(10), (3, 1));
        assert_eq!(index.position(13), (4, 1), "a lone \\r ends a line");
        assert_eq!(index.line_start(14), 13);
        let lines: Vec<_> = (1..=5).map(|n| index.line_text(doc, n)).collect();
        assert_eq!(
            lines,
            [Some("ab"), Some("cd"), Some("ef"), Some("gh"), None]
        );
        assert_eq!(index.line_text(doc, 0), None);
    }
}
