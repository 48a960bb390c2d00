//! Twins of a chess problem as diagrams of their own (`--twins`): the
//! boards to draw, each with its letter, shared by the command line and
//! `batch`.

use std::path::{Path, PathBuf};

use fen2img_render::chess::problem::Problem;

/// The diagram (`a`), and with `twins` each twin's board (`b`, `c` …).
pub fn boards(p: Problem, twins: bool) -> Result<Vec<(char, Problem)>, (usize, usize, String)> {
    let mut out = Vec::new();
    if twins {
        let boards = p
            .twin_boards()
            .map_err(|e| (e.line(), e.column(), format!("invalid twin: {e}")))?;
        for (i, b) in boards.into_iter().enumerate() {
            out.push((twin_letter(i + 1), b));
        }
    }
    out.insert(0, ('a', p));
    Ok(out)
}

/// The letter of board `i` (0 the diagram, `a`).
pub fn twin_letter(i: usize) -> char {
    char::from(b'a' + i.min(25) as u8)
}

/// The file of board `letter` on the command line: `-o`'s `{twin}`
/// becomes the letter, `{n}` its number (1 the diagram); without either,
/// the diagram keeps the name and a twin gets `-b`, `-c` … before the
/// extension.
pub fn file_name(template: &Path, letter: char) -> PathBuf {
    let number = (letter as u8 - b'a' + 1).to_string();
    if let Some(text) = template.to_str() {
        if text.contains("{twin}") || text.contains("{n}") {
            return PathBuf::from(
                text.replace("{twin}", &letter.to_string())
                    .replace("{n}", &number),
            );
        }
    }
    if letter == 'a' {
        return template.to_path_buf();
    }
    let stem = template.file_stem().unwrap_or_default().to_os_string();
    let mut name = stem;
    name.push(format!("-{letter}"));
    if let Some(ext) = template.extension() {
        name.push(".");
        name.push(ext);
    }
    template.with_file_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twin_files_are_named_by_letter_or_number() {
        let plain = Path::new("out/study.png");
        assert_eq!(file_name(plain, 'a'), Path::new("out/study.png"));
        assert_eq!(file_name(plain, 'c'), Path::new("out/study-c.png"));
        assert_eq!(
            file_name(Path::new("p-{twin}.svg"), 'b'),
            Path::new("p-b.svg")
        );
        assert_eq!(file_name(Path::new("p{n}.svg"), 'b'), Path::new("p2.svg"));
        assert_eq!(file_name(Path::new("noext"), 'b'), Path::new("noext-b"));
    }
}
