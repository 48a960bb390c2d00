//! The harness every suite of the command-line tests shares: the binary,
//! a builder that runs it the way the tests expect (no colour, empty
//! standard input, exit code checked with both streams shown on failure),
//! scratch directories, and the decoders several suites need.

use std::ffi::OsStr;
use std::path::Path;
use std::process::Output;

pub use test_support::*;

/// A fresh, empty directory for one test under cargo's temp dir.
pub fn scratch_dir(name: &str) -> std::path::PathBuf {
    scratch_dir_in(std::path::Path::new(env!("CARGO_TARGET_TMPDIR")), name)
}

/// `games` games of `markers` half-moves, a diagram marker after each.
pub fn marked_games(games: usize, markers: usize) -> String {
    let knights = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let mut text = String::new();
    for g in 0..games {
        text.push_str(&format!("[White \"w{g}\"]\n[Black \"b\"]\n\n"));
        for i in 0..markers {
            if i % 2 == 0 {
                text.push_str(&format!("{}. ", i / 2 + 1));
            }
            text.push_str(knights[i % 4]);
            text.push_str(" {[#]} ");
        }
        text.push_str("*\n\n");
    }
    text
}

/// The stream a command writes last, which [`peak_kb_when_blocked`]
/// fills beforehand so that the write blocks.
#[cfg(target_os = "linux")]
pub enum Blocked {
    Stdout,
    Stderr,
}

/// The peak resident memory (kB) of `bin ARGS` in `dir`, read from
/// `/proc` while the command waits on its last act, a write to the
/// `blocked` stream: that stream is a pipe filled before the command
/// starts, so the write blocks, and the peak then covers the whole run.
/// Also what the command wrote to that stream; it must exit 0.
#[cfg(target_os = "linux")]
pub fn peak_kb_when_blocked(
    bin: &str,
    dir: &std::path::Path,
    args: &[&str],
    blocked: Blocked,
) -> (u64, String) {
    use std::io::{Read, Write};
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};

    let (mut reader, mut writer) = std::io::pipe().unwrap();
    // Fill the pipe, however large the system made it.
    rustix::io::ioctl_fionbio(&writer, true).unwrap();
    let block = vec![b'.'; 4096];
    let mut filled = 0;
    loop {
        match writer.write(&block) {
            Ok(n) => filled += n,
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => break,
            Err(e) => panic!("{e}"),
        }
    }
    rustix::io::ioctl_fionbio(&writer, false).unwrap();
    let mut command = Command::new(bin);
    command.current_dir(dir).args(args).stdin(Stdio::null());
    match blocked {
        Blocked::Stdout => command.stdout(writer).stderr(Stdio::null()),
        Blocked::Stderr => command.stdout(Stdio::null()).stderr(writer),
    };
    let mut child = command.spawn().unwrap();
    // The command holds the pipe's write end until dropped: without
    // this, reading to the end below would wait for ever.
    drop(command);
    let proc = std::path::PathBuf::from(format!("/proc/{}", child.id()));
    let started = Instant::now();
    let peak = loop {
        let waiting = std::fs::read_to_string(proc.join("wchan")).unwrap_or_default();
        if waiting.contains("pipe_write") {
            let status = std::fs::read_to_string(proc.join("status")).unwrap();
            let kb = status
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
                .unwrap();
            break kb;
        }
        assert!(
            child.try_wait().unwrap().is_none(),
            "it ended before its last write"
        );
        assert!(
            started.elapsed() < Duration::from_secs(600),
            "no last write"
        );
        std::thread::sleep(Duration::from_millis(10));
    };
    let mut out = Vec::new();
    reader.read_to_end(&mut out).unwrap();
    assert!(child.wait().unwrap().success());
    (peak, String::from_utf8_lossy(&out[filled..]).into_owned())
}

/// The `fen2img` binary cargo built for these tests.
pub const BIN: &str = env!("CARGO_BIN_EXE_fen2img");

/// `fen2img` about to run: `NO_COLOR=1` and an empty standard input unless
/// the test says otherwise.
pub struct Fen2img {
    command: assert_cmd::Command,
}

impl Fen2img {
    /// The command with no arguments yet.
    pub fn new() -> Self {
        let mut command = assert_cmd::Command::new(BIN);
        command.env("NO_COLOR", "1").write_stdin(Vec::new());
        Fen2img { command }
    }

    /// Appends arguments.
    pub fn args<I, S>(mut self, args: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        self.command.args(args);
        self
    }

    /// Runs in `dir` instead of the test's directory.
    pub fn current_dir(mut self, dir: &Path) -> Self {
        self.command.current_dir(dir);
        self
    }

    /// Sets an environment variable.
    pub fn env(mut self, key: &str, value: &str) -> Self {
        self.command.env(key, value);
        self
    }

    /// Lets the command see the test's own `NO_COLOR` (unset by default
    /// here), for the tests of colour itself.
    pub fn with_colour(mut self) -> Self {
        self.command.env_remove("NO_COLOR");
        self
    }

    /// Gives the command `bytes` on standard input.
    pub fn stdin(mut self, bytes: &[u8]) -> Self {
        self.command.write_stdin(bytes.to_vec());
        self
    }

    /// Runs it to the end.
    pub fn output(mut self) -> Output {
        self.command.output().expect("the binary runs")
    }

    /// Runs it and asserts the exit code.
    #[track_caller]
    pub fn code(self, code: i32) -> Output {
        let out = self.output();
        assert_code(&out, code);
        out
    }
}

/// `fen2img ARGS` with the defaults of [`Fen2img`].
pub fn fen2img<I, S>(args: I) -> Output
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    Fen2img::new().args(args).output()
}

/// `fen2img ARGS` in `dir` under `umask MASK` (through `sh`, which sets the
/// mask the way a user's shell does).
#[cfg(unix)]
pub fn under_umask<S: AsRef<OsStr>>(mask: &str, dir: &Path, args: &[S]) -> Output {
    std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("umask {mask} && exec \"$0\" \"$@\""))
        .arg(BIN)
        .args(args)
        .current_dir(dir)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap()
}

/// Each frame's delay of an animated GIF, in hundredths of a second, as a
/// decoder sees it (so also how many frames it has).
pub fn gif_delays(bytes: &[u8]) -> Vec<u16> {
    let mut decoder = gif::DecodeOptions::new().read_info(bytes).expect("a GIF");
    let mut delays = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a frame") {
        delays.push(frame.delay);
    }
    delays
}

/// A tool's standard output, run in `dir` (poppler's `pdfinfo`, `pandoc`,
/// ...); a clear failure when it is missing or fails.
pub fn tool(dir: &Path, name: &str, args: &[&str]) -> String {
    let out = std::process::Command::new(name)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|e| {
            panic!("{name} did not run ({e}): install it (pdfinfo and friends: poppler-utils)")
        });
    assert!(
        out.status.success(),
        "{name} {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}
