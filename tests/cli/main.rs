//! The `fen2img` command's integration tests, as one test binary that runs
//! the real program (`CARGO_BIN_EXE_fen2img`): linking is where a test
//! build's time goes. Run one suite with `cargo test --test cli batch::`.

mod common {
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
}

mod annotations_cli;
mod apng;
mod around_cli;
mod batch;
mod browser;
mod games;
mod layers;
mod md;
mod md_pgn;
mod messages;
mod pdf;
mod pieces_cli;
#[cfg(feature = "serve")]
mod serve;
mod shard;
mod terminals;
mod usage;
