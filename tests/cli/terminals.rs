//! `fen2img` on a real terminal (a pseudo-terminal the test plays), and what
//! reaches a terminal or a browser from user text.

use std::io::Read;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use crate::util::{Fen2img, BIN};
const KINGS: &str = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";

/// A pseudo-terminal: the controller side (the test plays the terminal)
/// and the other side (what the program sees as its terminal).
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

/// Runs `script` in `bash -m` (job control on) as the leader of a new
/// session whose controlling terminal is a fresh pseudo-terminal, with
/// `columns` × `rows` and a plain xterm's environment; returns everything
/// the terminal received until the shell exited. `$0` is the binary.
/// A guard against a hang, not a timing assertion: a script that has not
/// finished in a minute fails the test.
#[cfg(target_os = "linux")]
fn in_terminal(script: &str, columns: u16, rows: u16) -> String {
    in_terminal_typing(script, columns, rows, None)
}

/// [`in_terminal`], where the user types `reply.1` once the terminal has
/// shown `reply.0`.
#[cfg(target_os = "linux")]
fn in_terminal_typing(
    script: &str,
    columns: u16,
    rows: u16,
    reply: Option<(&'static str, &'static [u8])>,
) -> String {
    use std::io::Write;
    let (mut controller, user) = pty();
    rustix::termios::tcsetwinsize(
        &user,
        rustix::termios::Winsize {
            ws_row: rows,
            ws_col: columns,
            ws_xpixel: 0,
            ws_ypixel: 0,
        },
    )
    .unwrap();
    let mut child = Command::new("setsid")
        .args(["-c", "bash", "-mc", script, BIN])
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("TERM", "xterm-256color")
        .stdin(Stdio::from(user.try_clone().unwrap()))
        .stdout(Stdio::from(user.try_clone().unwrap()))
        .stderr(Stdio::from(user))
        .spawn()
        .expect("setsid and bash run");
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let mut seen = Vec::new();
        let mut buf = [0u8; 4096];
        let mut reply = reply;
        // Reading fails (EIO) once every process has closed the terminal.
        while let Ok(n) = controller.read(&mut buf) {
            if n == 0 {
                break;
            }
            seen.extend_from_slice(&buf[..n]);
            if let Some((shown, typed)) = reply {
                if String::from_utf8_lossy(&seen).contains(shown) {
                    let _ = controller.write_all(typed);
                    reply = None;
                }
            }
            if seen.windows(5).any(|w| w == b"done\r") {
                break;
            }
        }
        let _ = send.send(seen);
    });
    let seen = receive.recv_timeout(Duration::from_secs(60));
    let _ = child.kill();
    let _ = child.wait();
    String::from_utf8_lossy(&seen.expect("the script finished")).into_owned()
}

#[test]
#[cfg(target_os = "linux")]
fn a_background_job_is_not_stopped_by_the_terminal_query() {
    // The environment says nothing (plain xterm), so in the foreground
    // `-f auto` would ask the terminal; in the background it must not, or
    // the kernel stops it (SIGTTOU: status 150).
    let seen = in_terminal(
        &format!(r#""$0" '{KINGS}' & wait $!; echo "status=$?"; echo done"#),
        80,
        24,
    );
    assert!(seen.contains("status=0"), "{seen:?}");
    assert!(
        !seen.contains("\x1b[c"),
        "no query from the background: {seen:?}"
    );
    assert!(seen.contains("White to move"), "a text board: {seen:?}");
}

#[test]
#[cfg(target_os = "linux")]
fn a_foreground_run_still_asks_the_terminal() {
    // Nobody answers: the query times out and a text board follows.
    let seen = in_terminal(
        &format!(r#""$0" '{KINGS}'; echo "status=$?"; echo done"#),
        80,
        24,
    );
    assert!(seen.contains("\x1b[c"), "the terminal was asked: {seen:?}");
    assert!(seen.contains("status=0"), "{seen:?}");
}

/// Text with a clipboard write (OSC 52), a screen clear, the C1 CSI and a
/// right-to-left override: what an attacker puts in a caption or a name.
const HOSTILE: &str = "Move\u{1b}]52;c;aGk=\u{7}\u{1b}[2J\u{9b}31m\u{202e}evil\u{2066}";

/// Whether `text` holds anything a terminal or browser would act on
/// rather than show: a control character other than a line break, a bidi
/// override or isolate.
fn acts(text: &str) -> Option<char> {
    text.chars().find(|&c| {
        (c.is_control() && c != '\n')
            || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
    })
}

#[test]
fn user_text_never_reaches_a_terminal_or_page_raw() {
    for format in ["ascii", "unicode", "html", "svg", "font"] {
        for alt in [false, true] {
            let mut cmd = Command::new(BIN);
            cmd.args([KINGS, "-f", format, "--caption", HOSTILE, "--number", "2"])
                .args([
                    "--white",
                    HOSTILE,
                    "--black",
                    HOSTILE,
                    "--white-title",
                    HOSTILE,
                ])
                .args(["--number-format", &format!("{HOSTILE} {{n}}")])
                .env_remove("NO_COLOR");
            if alt {
                cmd.arg("--alt");
            }
            let out = cmd.output().expect("the binary runs");
            assert_eq!(out.status.code(), Some(0), "{format}: {out:?}");
            let text = String::from_utf8(out.stdout).expect("UTF-8");
            assert_eq!(acts(&text), None, "{format} alt {alt}: {text:?}");
            if format != "font" {
                assert!(
                    text.contains("U+001B") && text.contains("U+202E"),
                    "shown by code point: {format} alt {alt}: {text:?}"
                );
            }
        }
    }
}

#[test]
#[cfg(target_os = "linux")]
fn a_bare_run_on_a_terminal_says_what_it_waits_for() {
    let seen = in_terminal_typing(
        r#""$0" -f ascii; echo "status=$?"; echo done"#,
        80,
        24,
        Some(("standard input", b"4k3/8/8/8/8/8/8/4K3 w - - 0 1\n")),
    );
    assert!(
        seen.contains("fen2img: reading a FEN from standard input"),
        "{seen:?}"
    );
    assert!(
        seen.contains("White to move") && seen.contains("status=0"),
        "{seen:?}"
    );
}

#[test]
#[cfg(target_os = "linux")]
fn blocks_fit_a_short_pane_with_text_lines_around() {
    // A wide, short pane: the picture must fit the 45 rows with the file
    // letters, the players, the caption, the mover and the next prompt.
    let seen = in_terminal(
        r#""$0" -f blocks --white Legal --black Saint --caption 'The trap' 'r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4'; echo done"#,
        200,
        45,
    );
    let lines: Vec<&str> = seen.split("\r\n").collect();
    let done = lines.iter().position(|l| *l == "done").expect("done");
    assert!(done < 45, "{done} lines before the prompt: {seen:?}");
    assert_eq!(lines[0], "Black: Saint", "{seen:?}");
    assert_eq!(lines[done - 3], "White: Legal");
    assert_eq!(lines[done - 2], "The trap");
    assert_eq!(lines[done - 1], "Black to move");
}

/// Runs in `xterm -ti vt340`: clears the screen, asks the cell size, shows
/// the sixel picture, asks where the cursor is, and writes the figures.
const XTERM_SCRIPT: &str = r#"exec 2>/dev/null
stty -echo
printf '\033[2J\033[H'
printf '\033[16t'; IFS=';' read -r -d t _ cell_h cell_w
"$1" -f sixel --size 160 '4k3/8/8/8/8/8/8/4K3 w - - 0 1'
printf '\033[6n'; IFS=';' read -r -d R row col
echo "${cell_h} ${row#*[}" > "$2"
"#;

#[test]
#[cfg(target_os = "linux")]
#[ignore = "needs xterm and Xvfb: cargo test -- --ignored"]
fn xterm_vt340_leaves_the_cursor_below_the_sixel_picture() {
    // The real terminal (`apt-get install xterm xvfb`); without it the
    // byte sequence is still checked by the render crate's unit tests.
    let dir = crate::util::scratch_dir("xterm-sixel");
    let script = dir.join("show.sh");
    let figures = dir.join("figures");
    std::fs::write(&script, XTERM_SCRIPT).unwrap();
    let display = format!(":{}", 100 + std::process::id() % 400);
    let mut xvfb = Command::new("Xvfb")
        .args([display.as_str(), "-screen", "0", "1024x768x24"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut shown = None;
    // Xvfb takes a moment to listen: xterm is retried, not timed.
    for _ in 0..20 {
        let _ = Command::new("timeout")
            .args(["30", "xterm", "-display", &display, "-ti", "vt340"])
            .args(["-xrm", "XTerm*allowWindowOps: true", "-geometry", "100x50"])
            .args([
                "-e",
                "bash",
                script.to_str().unwrap(),
                BIN,
                figures.to_str().unwrap(),
            ])
            .output();
        if let Ok(text) = std::fs::read_to_string(&figures) {
            shown = Some(text);
            break;
        }
        std::thread::sleep(Duration::from_millis(250));
    }
    let _ = xvfb.kill();
    let _ = xvfb.wait();
    let shown = shown.expect("xterm ran the script");
    let figures: Vec<u32> = shown
        .split_whitespace()
        .map(|n| n.parse().unwrap())
        .collect();
    let (cell_height, row) = (figures[0], figures[1]);
    // The picture's height, as the PNG of the same diagram has it: from
    // the top of row 1, the cursor's row must start at or below its last
    // pixel row.
    let png = Fen2img::new()
        .args(["-f", "png", "--size", "160", "-o", "-"])
        .args(["4k3/8/8/8/8/8/8/4K3 w - - 0 1"])
        .code(0)
        .stdout;
    let height = u32::from_be_bytes([png[20], png[21], png[22], png[23]]);
    assert!(height > 100, "{height}");
    assert!(
        (row - 1) * cell_height >= height,
        "cursor on row {row} with {cell_height} px rows: inside the {height} px picture"
    );
}
