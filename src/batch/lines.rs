//! Reading the inputs: files and standard input, one bounded line at a time.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};

use fen2img_render::chess::MAX_INPUT_LEN;

use crate::failure::Failure;
use crate::output::Temporary;

/// One non-blank, non-comment input line.
pub struct Line {
    /// Index into the inputs' display names.
    pub source: usize,
    /// 1-based line number in its input.
    pub number: usize,
    /// 1-based running number over all inputs (`{n}`).
    pub n: usize,
    /// The line without its line end, cut just past the parser's limit.
    pub text: Vec<u8>,
}

/// The inputs in order; `-` or none means standard input.
pub struct Inputs {
    names: Vec<String>,
    paths: Vec<Option<PathBuf>>,
    /// Standard input copied to a file, when it had to be read twice.
    spooled: Option<Temporary>,
    /// Line count, when a pre-pass has counted them.
    pub total: Option<u64>,
}

impl Inputs {
    /// Checks that every input file can be opened.
    pub fn new(args: &[PathBuf]) -> Result<Inputs, Failure> {
        let mut names = Vec::new();
        let mut paths = Vec::new();
        let list: Vec<Option<PathBuf>> = if args.is_empty() {
            vec![None]
        } else {
            args.iter()
                .map(|p| (p.as_os_str() != "-").then(|| p.clone()))
                .collect()
        };
        for p in list {
            if let Some(path) = &p {
                File::open(path)
                    .map_err(|e| Failure::io(format!("cannot read '{}': {e}", path.display())))?;
                names.push(path.display().to_string());
            } else {
                names.push("<stdin>".into());
            }
            paths.push(p);
        }
        Ok(Inputs {
            names,
            paths,
            spooled: None,
            total: None,
        })
    }

    /// Copies standard input to a temporary in `dir` so it can be read twice.
    /// The temporary goes when `self` does, on an error, or on a signal.
    pub fn spool_stdin(&mut self, dir: &Path) -> Result<(), Failure> {
        if self.paths.iter().all(Option::is_some) {
            return Ok(());
        }
        let cannot_write = |e: io::Error| {
            Failure::io(format!(
                "cannot spool standard input into '{}': {e}",
                dir.display()
            ))
        };
        let mut spool = Temporary::new_in(dir).map_err(cannot_write)?;
        copy_spool(&mut io::stdin().lock(), spool.file()).map_err(|e| match e {
            SpoolError::Read(e) => Failure::io(format!("cannot read standard input: {e}")),
            SpoolError::Write(e) => cannot_write(e),
        })?;
        self.spooled = Some(spool);
        Ok(())
    }

    fn open(&self, index: usize) -> Result<Box<dyn BufRead>, Failure> {
        let path = match &self.paths[index] {
            Some(p) => Some(p.as_path()),
            None => self.spooled.as_ref().map(Temporary::path),
        };
        match path {
            Some(p) => {
                let file = File::open(p).map_err(|e| {
                    Failure::io(format!("cannot read '{}': {e}", self.names[index]))
                })?;
                Ok(Box::new(BufReader::with_capacity(1 << 16, file)))
            }
            None => Ok(Box::new(BufReader::with_capacity(1 << 16, io::stdin()))),
        }
    }

    /// Whether reading may wait on someone: standard input read as it
    /// comes (not spooled), or a path that is not a regular file (a named
    /// pipe, a terminal). Regular files never keep a reader waiting.
    pub fn may_block(&self) -> bool {
        self.paths.iter().any(|p| match p {
            None => self.spooled.is_none(),
            Some(path) => !std::fs::metadata(path).is_ok_and(|m| m.is_file()),
        })
    }

    /// A reader from the first line of the first input.
    pub fn lines(&self) -> LineReader<'_> {
        LineReader {
            inputs: self,
            current: None,
            index: 0,
            number: 0,
            n: 0,
        }
    }
}

/// Which side of a copy failed: a full disk is not a reading problem.
#[derive(Debug)]
pub enum SpoolError {
    /// Reading standard input failed.
    Read(io::Error),
    /// Writing the spool failed (a full disk, say).
    Write(io::Error),
}

/// Copies `from` to `to`, telling read failures from write failures.
pub fn copy_spool(from: &mut dyn Read, to: &mut dyn Write) -> Result<(), SpoolError> {
    let mut buf = vec![0u8; 1 << 16];
    loop {
        let n = match from.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(SpoolError::Read(e)),
        };
        to.write_all(&buf[..n]).map_err(SpoolError::Write)?;
    }
    to.flush().map_err(SpoolError::Write)
}

/// Reads the inputs one after another, line by line.
pub struct LineReader<'a> {
    inputs: &'a Inputs,
    current: Option<Box<dyn BufRead>>,
    index: usize,
    number: usize,
    n: usize,
}

impl LineReader<'_> {
    /// The display name of input `source`.
    pub fn name(&self, source: usize) -> &str {
        &self.inputs.names[source]
    }

    /// Up to `max` lines that are neither blank nor comments.
    pub fn next_chunk(&mut self, max: usize) -> Result<Vec<Line>, Failure> {
        let mut out = Vec::with_capacity(max);
        while out.len() < max {
            let reader = match &mut self.current {
                Some(reader) => reader,
                None => {
                    if self.index >= self.inputs.paths.len() {
                        break;
                    }
                    self.number = 0;
                    self.current.insert(self.inputs.open(self.index)?)
                }
            };
            let mut text = Vec::new();
            let got = read_line_bounded(reader, &mut text).map_err(|e| {
                Failure::io(format!(
                    "cannot read '{}': {e}",
                    self.inputs.names[self.index]
                ))
            })?;
            if !got {
                self.current = None;
                self.index += 1;
                continue;
            }
            self.number += 1;
            self.n += 1;
            let trimmed = text.trim_ascii();
            if trimmed.is_empty() || trimmed.starts_with(b"#") {
                continue;
            }
            out.push(Line {
                source: self.index,
                number: self.number,
                n: self.n,
                text,
            });
        }
        Ok(out)
    }
}

/// Reads one line without its line end. A line longer than the parser's
/// limit is cut (the parser then reports its length) and the rest skipped,
/// so one enormous line cannot exhaust memory. Returns `false` at the end.
pub fn read_line_bounded(reader: &mut dyn BufRead, out: &mut Vec<u8>) -> io::Result<bool> {
    let mut any = false;
    let mut cut = false;
    loop {
        let buf = reader.fill_buf()?;
        if buf.is_empty() {
            break;
        }
        any = true;
        let (take, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (i, true),
            None => (buf.len(), false),
        };
        let room = (MAX_INPUT_LEN + 1).saturating_sub(out.len());
        cut |= take > room;
        out.extend_from_slice(&buf[..take.min(room)]);
        reader.consume(if done { take + 1 } else { take });
        if done {
            break;
        }
    }
    // A CR before the LF ends the line; a CR where a long line was cut is
    // just a byte of that line (which the parser then refuses for length).
    if !cut && out.ends_with(b"\r") {
        out.pop();
    }
    Ok(any)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Drains a reader.
    fn all_lines(data: &[u8]) -> Vec<Vec<u8>> {
        let mut r: &[u8] = data;
        let mut out = Vec::new();
        loop {
            let mut line = Vec::new();
            if !read_line_bounded(&mut r, &mut line).unwrap() {
                return out;
            }
            out.push(line);
        }
    }

    #[test]
    fn a_carriage_return_where_a_line_is_cut_is_kept() {
        let mut data = vec![b' '; MAX_INPUT_LEN];
        data.extend_from_slice(b"\rgarbage\n");
        let lines = all_lines(&data);
        assert_eq!(lines[0].len(), MAX_INPUT_LEN + 1);
        assert_eq!(lines[0].last(), Some(&b'\r'));
    }

    #[test]
    fn lines_are_split_and_bounded() {
        assert_eq!(
            all_lines(b"a\r\nb\n\nc"),
            vec![b"a".to_vec(), b"b".to_vec(), vec![], b"c".to_vec()]
        );
        let long = vec![b'x'; MAX_INPUT_LEN * 3];
        let mut data = long.clone();
        data.extend_from_slice(b"\nnext\n");
        let lines = all_lines(&data);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].len(), MAX_INPUT_LEN + 1, "cut just past the limit");
        assert_eq!(lines[1], b"next");
    }

    /// A disk that is full after `room` bytes.
    struct FullDisk {
        room: usize,
    }

    impl Write for FullDisk {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.room == 0 {
                return Err(io::Error::from_raw_os_error(28)); // ENOSPC
            }
            let n = buf.len().min(self.room);
            self.room -= n;
            Ok(n)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_full_disk_while_spooling_is_a_write_failure() {
        let data = vec![b'x'; 200_000];
        let mut disk = FullDisk { room: 1000 };
        match copy_spool(&mut data.as_slice(), &mut disk) {
            Err(SpoolError::Write(e)) => assert_eq!(e.raw_os_error(), Some(28)),
            other => panic!("expected a write failure, got {other:?}"),
        }
        let mut disk = FullDisk { room: usize::MAX };
        assert!(copy_spool(&mut data.as_slice(), &mut disk).is_ok());
    }

    #[test]
    fn a_failing_input_while_spooling_is_a_read_failure() {
        struct Broken;
        impl Read for Broken {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("gone"))
            }
        }
        let mut sink = Vec::new();
        assert!(matches!(
            copy_spool(&mut Broken, &mut sink),
            Err(SpoolError::Read(_))
        ));
    }
}
