use std::fs;
use std::path::{Path, PathBuf};

use super::*;

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fen2img-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// Names in `dir` that look like temporaries.
fn temporaries(dir: &Path) -> Vec<String> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect()
}

#[cfg(unix)]
#[test]
fn special_files_and_links_are_written_through_not_replaced() {
    use std::os::unix::fs::{symlink, FileTypeExt};
    assert!(fs::metadata("/dev/null")
        .unwrap()
        .file_type()
        .is_char_device());
    write_file(Path::new("/dev/null"), b"discarded", Links::Follow).unwrap();
    assert!(
        fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device(),
        "/dev/null must stay a device"
    );

    let dir = scratch("link");
    let real = dir.join("real.png");
    let link = dir.join("link.png");
    fs::write(&real, b"old").unwrap();
    symlink(&real, &link).unwrap();
    write_file(&link, b"new", Links::Follow).unwrap();
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(fs::read(&real).unwrap(), b"new");
    assert!(
        write_file(&dir, b"x", Links::Follow).is_err(),
        "a directory is not a file"
    );
    assert!(temporaries(&dir).is_empty());
    fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn replacing_never_writes_through_a_link() {
    use std::os::unix::fs::symlink;
    let dir = scratch("replace");
    let outside = scratch("replace-victim");
    let victim = outside.join("victim");
    fs::write(&victim, b"precious").unwrap();
    let name = dir.join("x.svg");
    symlink(&victim, &name).unwrap();
    // The victim's content is not the same bytes: no shortcut through it.
    assert_eq!(
        write_if_changed(&name, b"precious", Links::Replace).unwrap(),
        WriteOutcome::Written,
        "a link is not our file, even when what it points to matches"
    );
    assert_eq!(fs::read(&victim).unwrap(), b"precious");
    let meta = fs::symlink_metadata(&name).unwrap();
    assert!(meta.is_file(), "the link itself was replaced by a file");
    write_if_changed(&name, b"image", Links::Replace).unwrap();
    assert_eq!(fs::read(&victim).unwrap(), b"precious");
    assert_eq!(fs::read(&name).unwrap(), b"image");
    fs::remove_dir_all(&dir).unwrap();
    fs::remove_dir_all(&outside).unwrap();
}

#[test]
fn writes_replace_and_skip_unchanged() {
    let dir = scratch("out");
    let path = dir.join("a.txt");
    for links in [Links::Follow, Links::Replace] {
        let _ = fs::remove_file(&path);
        let write = |bytes: &[u8]| write_if_changed(&path, bytes, links).unwrap();
        assert_eq!(write(b"one"), WriteOutcome::Written);
        assert_eq!(write(b"one"), WriteOutcome::Unchanged);
        assert_eq!(write(b"two"), WriteOutcome::Written);
        assert_eq!(fs::read(&path).unwrap(), b"two");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "no temporaries");
    }
    assert!(write_file(&dir.join("missing/x.txt"), b"x", Links::Follow).is_err());
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_255_byte_target_name_works() {
    let dir = scratch("long");
    for len in [244, 250, 255] {
        let name = format!("{}.svg", "n".repeat(len - 4));
        assert_eq!(name.len(), len);
        write_file(&dir.join(&name), b"<svg/>", Links::Replace).unwrap();
        assert_eq!(fs::read(dir.join(&name)).unwrap(), b"<svg/>");
    }
    assert!(temporaries(&dir).is_empty());
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn temporaries_are_unpredictable_registered_and_removed() {
    let dir = scratch("tmpnames");
    let a = Temporary::new_in(&dir).unwrap();
    let b = Temporary::new_in(&dir).unwrap();
    assert_ne!(a.path(), b.path());
    let pid = std::process::id().to_string();
    for t in [&a, &b] {
        let name = t.path().file_name().unwrap().to_string_lossy().into_owned();
        assert!(!name.contains(&pid), "{name} has no process id to guess");
        assert!(name.starts_with(".fen2img-") && name.ends_with(".tmp"));
        assert!(name.len() < 32, "{name} is short");
        assert!(cleanup::is_registered(t.path()));
    }
    let (pa, pb) = (a.path().to_path_buf(), b.path().to_path_buf());
    drop(a);
    assert!(!pa.exists() && !cleanup::is_registered(&pa));
    b.persist(&dir.join("kept")).unwrap();
    assert!(!pb.exists() && !cleanup::is_registered(&pb));
    assert!(dir.join("kept").exists());
    // A failed rename (onto a directory) leaves no temporary behind.
    fs::create_dir(dir.join("sub")).unwrap();
    fs::write(dir.join("sub/file"), b"x").unwrap();
    let c = Temporary::new_in(&dir).unwrap();
    let pc = c.path().to_path_buf();
    assert!(c.persist(&dir.join("sub")).is_err());
    assert!(!pc.exists() && !cleanup::is_registered(&pc));
    assert!(temporaries(&dir).is_empty());
    fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn links_planted_at_the_old_temporary_names_are_not_followed() {
    use std::os::unix::fs::symlink;
    let dir = scratch("planted");
    let outside = scratch("planted-victim");
    let victim = outside.join("victim");
    fs::write(&victim, b"precious").unwrap();
    // The names fen2img 0.1 used: `.NAME.fen2img-PID-N.tmp`.
    for n in 0..64 {
        let old = format!(".out.png.fen2img-{}-{n}.tmp", std::process::id());
        symlink(&victim, dir.join(old)).unwrap();
    }
    for _ in 0..4 {
        write_file(&dir.join("out.png"), b"image", Links::Follow).unwrap();
    }
    assert_eq!(fs::read(&victim).unwrap(), b"precious");
    assert_eq!(fs::read(dir.join("out.png")).unwrap(), b"image");
    fs::remove_dir_all(&dir).unwrap();
    fs::remove_dir_all(&outside).unwrap();
}

/// The process's umask, from the kernel's own report (reading it with
/// umask(2) would change it for every thread).
#[cfg(target_os = "linux")]
fn umask() -> u32 {
    let status = fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("Umask:")).unwrap();
    u32::from_str_radix(line["Umask:".len()..].trim(), 8).unwrap()
}

#[cfg(target_os = "linux")]
#[test]
fn new_files_get_0666_less_the_umask_and_replaced_files_keep_their_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("modes");
    let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
    for links in [Links::Follow, Links::Replace] {
        let new = dir.join(format!("new-{links:?}.png"));
        write_file(&new, b"new", links).unwrap();
        assert_eq!(mode(&new), 0o666 & !umask(), "{links:?}");
        for kept in [0o644, 0o640, 0o604, 0o664] {
            let old = dir.join(format!("old-{links:?}-{kept:o}.png"));
            fs::write(&old, b"old").unwrap();
            fs::set_permissions(&old, fs::Permissions::from_mode(kept)).unwrap();
            write_if_changed(&old, b"replaced", links).unwrap();
            assert_eq!(fs::read(&old).unwrap(), b"replaced");
            assert_eq!(mode(&old), kept, "{links:?}");
        }
    }
    // The spool of standard input stays private.
    let spool = Temporary::new_in(&dir).unwrap();
    assert_eq!(mode(spool.path()), 0o600);
    drop(spool);
    fs::remove_dir_all(&dir).unwrap();
}
