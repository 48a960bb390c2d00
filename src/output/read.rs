//! Reading a file the command line did not make, without letting the file
//! decide how much work that is: `md`'s pages, its previous output pages
//! and its cache, PGN files. The library reads themes and glyphs with the
//! same function, [`fen2img_support::bounded_read::read_regular`]: only regular files are
//! opened (a FIFO would wait for a writer forever, `/dev/zero` never ends),
//! the type is checked again on the opened file, and at most `limit + 1`
//! bytes are read.

pub use fen2img_support::bounded_read::read_regular;

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::fs;
    use std::io;

    #[test]
    fn only_regular_files_within_the_limit_are_read() {
        let dir = std::env::temp_dir().join(format!("fen2img-read-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let file = dir.join("f");
        fs::write(&file, b"12345").unwrap();
        assert_eq!(read_regular(&file, 5).unwrap(), b"12345");
        let e = read_regular(&file, 4).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::FileTooLarge);
        let zero = dir.join("zero");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        assert!(read_regular(&zero, 1 << 20)
            .unwrap_err()
            .to_string()
            .contains("a device"));
        let fifo = dir.join("fifo");
        assert!(std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success());
        // Would block forever if it were opened.
        assert!(read_regular(&fifo, 1 << 20)
            .unwrap_err()
            .to_string()
            .contains("FIFO"));
        fs::remove_dir_all(&dir).unwrap();
    }
}
