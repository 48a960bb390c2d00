//! Which picture a terminal can show, for `-f auto`.
//!
//! First the environment: terminals that draw images announce themselves
//! (`TERM=xterm-kitty`, `KITTY_WINDOW_ID`, `TERM_PROGRAM=iTerm.app` or
//! `WezTerm`, ...), and a multiplexer (tmux, screen) that would swallow the
//! escape sequences rules pictures out. Where the environment says nothing
//! either way, the terminal is asked: a kitty graphics query followed by a
//! primary device attributes request (`ESC [ c`). Every terminal answers the
//! latter, so its answer ends the wait: a kitty reply before it means kitty
//! graphics, a `4` among its parameters means sixel. A terminal that never
//! answers (a serial line, a dumb pipe pretending to be a tty) costs at most
//! [`QUERY_TIMEOUT`], never a hang.

use std::ffi::OsString;
use std::time::Duration;

/// How long to wait for the terminal's answers in all. Local terminals
/// answer within a millisecond; this leaves room for an SSH round trip.
pub const QUERY_TIMEOUT: Duration = Duration::from_millis(250);

/// What a terminal can show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Picture {
    /// kitty graphics protocol (kitty, Ghostty, Konsole).
    Kitty,
    /// iTerm2 inline images (iTerm2, WezTerm, mintty).
    Iterm,
    /// DEC sixel graphics (foot, mlterm, xterm -ti vt340, Windows Terminal).
    Sixel,
    /// No pictures: a text board.
    Text,
}

/// What the environment says, where it decides; `None` when the terminal
/// must be asked. `var` reads an environment variable.
pub fn from_environment(var: impl Fn(&str) -> Option<OsString>) -> Option<Picture> {
    let get = |name: &str| var(name).map(|v| v.to_string_lossy().into_owned());
    let term = get("TERM").unwrap_or_default();
    let program = get("TERM_PROGRAM").unwrap_or_default();
    // Multiplexers pass no graphics through by default, whatever is outside.
    if get("TMUX").is_some() || term.starts_with("screen") || term.starts_with("tmux") {
        return Some(Picture::Text);
    }
    if term == "dumb" || term.is_empty() && program.is_empty() {
        return Some(Picture::Text);
    }
    if get("KITTY_WINDOW_ID").is_some()
        || term == "xterm-kitty"
        || term == "xterm-ghostty"
        || program == "ghostty"
    {
        return Some(Picture::Kitty);
    }
    // LC_TERMINAL survives ssh where TERM_PROGRAM does not.
    if matches!(program.as_str(), "iTerm.app" | "WezTerm")
        || get("LC_TERMINAL").as_deref() == Some("iTerm2")
    {
        return Some(Picture::Iterm);
    }
    if term.starts_with("foot") || term.starts_with("mlterm") || get("WT_SESSION").is_some() {
        return Some(Picture::Sixel);
    }
    None
}

/// The bytes that ask: a 1×1 kitty graphics query (id 31, answered only by
/// terminals that speak the protocol), then primary device attributes.
pub const QUERY: &[u8] = b"\x1b_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\x1b\\\x1b[c";

/// Reads the terminal's answers so far. `Some` once the device attributes
/// reply has arrived (it comes last), `None` while it is still awaited.
pub fn read_answers(answers: &[u8]) -> Option<Picture> {
    let da = find(answers, b"\x1b[?")?;
    let rest = &answers[da + 3..];
    let end = rest.iter().position(|&b| b == b'c')?;
    let params = &rest[..end];
    if !params.iter().all(|b| b.is_ascii_digit() || *b == b';') {
        return None;
    }
    if find(&answers[..da], b"\x1b_Gi=31;").is_some() {
        return Some(Picture::Kitty);
    }
    let sixel = params.split(|&b| b == b';').any(|p| p == b"4");
    Some(if sixel { Picture::Sixel } else { Picture::Text })
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// Asks the terminal on `tty` and waits at most `timeout` for its answer;
/// `Picture::Text` when it does not answer in time. The terminal is put in
/// non-canonical, no-echo mode for the wait (so the answer is neither held
/// back for a newline nor shown) and restored afterwards.
#[cfg(unix)]
pub fn ask(tty: &std::fs::File, timeout: Duration) -> std::io::Result<Picture> {
    use rustix::event::{poll, PollFd, PollFlags, Timespec};
    use rustix::termios::{tcgetattr, tcsetattr, LocalModes, OptionalActions};
    use std::io::{Read, Write};
    use std::time::Instant;

    let saved = tcgetattr(tty)?;
    let mut raw = saved.clone();
    raw.local_modes
        .remove(LocalModes::ICANON | LocalModes::ECHO);
    tcsetattr(tty, OptionalActions::Now, &raw)?;
    // Restores the terminal however the wait ends.
    struct Restore<'a>(&'a std::fs::File, rustix::termios::Termios);
    impl Drop for Restore<'_> {
        fn drop(&mut self) {
            let _ = tcsetattr(self.0, OptionalActions::Now, &self.1);
        }
    }
    let _restore = Restore(tty, saved);

    let mut writer = tty;
    writer.write_all(QUERY)?;
    writer.flush()?;
    let deadline = Instant::now() + timeout;
    let mut answers = Vec::new();
    let mut buf = [0u8; 256];
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Ok(Picture::Text);
        }
        let wait = Timespec {
            tv_sec: left.as_secs() as _,
            tv_nsec: left.subsec_nanos() as _,
        };
        let mut fds = [PollFd::new(tty, PollFlags::IN)];
        if poll(&mut fds, Some(&wait))? == 0 {
            return Ok(Picture::Text);
        }
        let mut reader = tty;
        let n = reader.read(&mut buf)?;
        if n == 0 {
            return Ok(Picture::Text);
        }
        answers.extend_from_slice(&buf[..n]);
        if let Some(picture) = read_answers(&answers) {
            return Ok(picture);
        }
        // A terminal that streams without ever answering cannot grow this.
        if answers.len() > 4096 {
            return Ok(Picture::Text);
        }
    }
}

/// Whether this process may change the mode of the terminal on `tty`: it
/// is in the terminal's foreground process group. A background job
/// (`fen2img FEN &`) that changed the mode would be stopped by the kernel
/// with SIGTTOU ("Stopped (tty output)"), so it must not ask.
#[cfg(unix)]
pub fn in_foreground(tty: impl std::os::fd::AsFd) -> bool {
    rustix::termios::tcgetpgrp(tty).is_ok_and(|group| group == rustix::process::getpgrp())
}

/// The terminal's size: columns and rows, and the pixel size of the text
/// area where the terminal reports it (0 where it does not).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TerminalSize {
    /// Columns of character cells.
    pub columns: u16,
    /// Rows of character cells.
    pub rows: u16,
    /// Width of the text area in pixels, 0 if unknown.
    pub width_px: u16,
    /// Height of the text area in pixels, 0 if unknown.
    pub height_px: u16,
}

impl TerminalSize {
    /// The size of one character cell in pixels, where known.
    pub fn cell_px(&self) -> Option<(u32, u32)> {
        (self.columns > 0 && self.rows > 0 && self.width_px > 0 && self.height_px > 0).then(|| {
            (
                self.width_px as u32 / self.columns as u32,
                self.height_px as u32 / self.rows as u32,
            )
        })
    }
}

/// The size of the terminal on `fd`, if it is one.
#[cfg(unix)]
pub fn size(fd: impl std::os::fd::AsFd) -> Option<TerminalSize> {
    let ws = rustix::termios::tcgetwinsize(fd).ok()?;
    (ws.ws_col > 0).then_some(TerminalSize {
        columns: ws.ws_col,
        rows: ws.ws_row,
        width_px: ws.ws_xpixel,
        height_px: ws.ws_ypixel,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<OsString> + 'a {
        move |name| {
            vars.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| OsString::from(v))
        }
    }

    #[test]
    fn terminals_that_announce_themselves_are_believed() {
        for (vars, want) in [
            (&[("TERM", "xterm-kitty")][..], Some(Picture::Kitty)),
            (
                &[("TERM", "xterm-256color"), ("KITTY_WINDOW_ID", "1")],
                Some(Picture::Kitty),
            ),
            (&[("TERM", "xterm-ghostty")], Some(Picture::Kitty)),
            (
                &[("TERM", "xterm-256color"), ("TERM_PROGRAM", "iTerm.app")],
                Some(Picture::Iterm),
            ),
            (
                &[("TERM", "xterm-256color"), ("TERM_PROGRAM", "WezTerm")],
                Some(Picture::Iterm),
            ),
            (
                &[("TERM", "xterm-256color"), ("LC_TERMINAL", "iTerm2")],
                Some(Picture::Iterm),
            ),
            (&[("TERM", "foot")], Some(Picture::Sixel)),
            (&[("TERM", "mlterm")], Some(Picture::Sixel)),
            (
                &[("TERM", "xterm-256color"), ("WT_SESSION", "x")],
                Some(Picture::Sixel),
            ),
            (&[("TERM", "xterm-256color")], None),
            (&[("TERM", "dumb")], Some(Picture::Text)),
            (&[], Some(Picture::Text)),
        ] {
            assert_eq!(from_environment(env(vars)), want, "{vars:?}");
        }
    }

    #[test]
    fn multiplexers_rule_pictures_out() {
        let vars = [("TERM", "screen-256color"), ("KITTY_WINDOW_ID", "1")];
        assert_eq!(from_environment(env(&vars)), Some(Picture::Text));
        let vars = [("TERM", "xterm-kitty"), ("TMUX", "/tmp/tmux-0/default,1,0")];
        assert_eq!(from_environment(env(&vars)), Some(Picture::Text));
    }

    #[test]
    fn answers_are_read_once_complete() {
        assert_eq!(read_answers(b""), None);
        assert_eq!(read_answers(b"\x1b[?62;4"), None, "not finished");
        assert_eq!(read_answers(b"\x1b[?62;4;6c"), Some(Picture::Sixel));
        assert_eq!(
            read_answers(b"\x1b[?64;1;2;6;9;15;22c"),
            Some(Picture::Text)
        );
        assert_eq!(
            read_answers(b"\x1b[?62;44c"),
            Some(Picture::Text),
            "44 is not 4"
        );
        assert_eq!(
            read_answers(b"\x1b_Gi=31;OK\x1b\\\x1b[?62;c"),
            Some(Picture::Kitty)
        );
        assert_eq!(
            read_answers(b"\x1b_Gi=31;EINVAL:bad\x1b\\\x1b[?62;4c"),
            Some(Picture::Kitty),
            "any kitty reply means the protocol is spoken"
        );
    }

    /// A pseudo-terminal: the test plays the terminal on the controller
    /// side, `ask` talks to the other side as it would to a real one.
    #[cfg(target_os = "linux")]
    fn pty() -> (std::fs::File, std::fs::File) {
        use rustix::pty::{grantpt, openpt, ptsname, unlockpt, OpenptFlags};
        let controller = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).unwrap();
        grantpt(&controller).unwrap();
        unlockpt(&controller).unwrap();
        let name = ptsname(&controller, Vec::new()).unwrap();
        let user = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open(name.to_str().unwrap())
            .unwrap();
        (std::fs::File::from(controller), user)
    }

    #[cfg(target_os = "linux")]
    fn terminal_answering(answer: Option<&'static [u8]>) -> Picture {
        use std::io::{Read, Write};
        let (mut controller, user) = pty();
        let terminal = std::thread::spawn(move || {
            let mut seen = Vec::new();
            let mut buf = [0u8; 128];
            while !seen.ends_with(b"\x1b[c") {
                let n = controller.read(&mut buf).unwrap();
                seen.extend_from_slice(&buf[..n]);
            }
            if let Some(answer) = answer {
                controller.write_all(answer).unwrap();
            }
            (seen, controller)
        });
        let picture = ask(&user, Duration::from_millis(300)).unwrap();
        let (seen, _controller) = terminal.join().unwrap();
        assert!(seen.ends_with(QUERY), "the query reached the terminal");
        picture
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn a_real_tty_answer_is_read() {
        assert_eq!(terminal_answering(Some(b"\x1b[?62;4;22c")), Picture::Sixel);
        assert_eq!(
            terminal_answering(Some(b"\x1b_Gi=31;OK\x1b\\\x1b[?62;22c")),
            Picture::Kitty
        );
        assert_eq!(terminal_answering(Some(b"\x1b[?1;2c")), Picture::Text);
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn a_silent_terminal_costs_only_the_timeout() {
        // The test finishing at all is the check: `ask` gave up waiting.
        assert_eq!(terminal_answering(None), Picture::Text);
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn the_terminal_mode_is_restored() {
        use rustix::termios::{tcgetattr, LocalModes};
        let (_controller, user) = pty();
        let before = tcgetattr(&user).unwrap();
        assert!(before
            .local_modes
            .contains(LocalModes::ICANON | LocalModes::ECHO));
        let _ = ask(&user, Duration::from_millis(20)).unwrap();
        let after = tcgetattr(&user).unwrap();
        assert_eq!(before.local_modes, after.local_modes);
    }

    #[test]
    fn cell_size_needs_every_figure() {
        let s = TerminalSize {
            columns: 80,
            rows: 24,
            width_px: 800,
            height_px: 480,
        };
        assert_eq!(s.cell_px(), Some((10, 20)));
        assert_eq!(TerminalSize { width_px: 0, ..s }.cell_px(), None);
    }
}
