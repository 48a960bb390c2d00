//! The format for standard output when none is named, or `auto` is: a
//! picture when the terminal shows them, else a text board; and sizes
//! fitted to the terminal.
//!
//! | standard output | `NO_COLOR` | what is written |
//! |---|---|---|
//! | kitty, Ghostty (graphics protocol announced or answered) | any | `kitty` |
//! | iTerm2, WezTerm (`TERM_PROGRAM`, `LC_TERMINAL`) | any | `iterm` |
//! | foot, mlterm, Windows Terminal, or sixel in the device attributes | any | `sixel` |
//! | another terminal, or inside tmux or screen | unset | `ansi` |
//! | another terminal, or inside tmux or screen | set | `unicode` |
//! | a file or pipe | any | `ascii` |

use std::io::IsTerminal;

use fen2img_render::{Format, RenderOptions, TerminalFormat};

use crate::terminal::query::{self as terminal_query, Picture};

/// What to write on standard output (no format named, or `auto`): a
/// redirected output gets ASCII, a terminal what it can show.
pub fn stdout_format() -> Format {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    if !std::io::stdout().is_terminal() {
        return Format::ASCII;
    }
    match picture() {
        Picture::Kitty => Format::KITTY,
        Picture::Iterm => Format::ITERM,
        Picture::Sixel => Format::SIXEL,
        Picture::Text if no_color => Format::UNICODE,
        Picture::Text => Format::ANSI,
    }
}

/// What the terminal shows: its environment first, then its answer to a
/// query on `/dev/tty` (never more than [`terminal_query::QUERY_TIMEOUT`]),
/// asked only from the terminal's foreground process group: a background
/// job goes by the environment alone (a text board where it says nothing).
fn picture() -> Picture {
    if let Some(p) = terminal_query::from_environment(|name| std::env::var_os(name)) {
        return p;
    }
    #[cfg(unix)]
    {
        let tty = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open("/dev/tty");
        if let Ok(tty) = tty {
            if !terminal_query::in_foreground(&tty) {
                return Picture::Text;
            }
            return terminal_query::ask(&tty, terminal_query::QUERY_TIMEOUT)
                .unwrap_or(Picture::Text);
        }
    }
    Picture::Text
}

/// Sizes a terminal picture for the terminal on standard output: kitty and
/// iTerm2 are told how many columns the image spans (never wider than the
/// terminal), a sixel image is made no wider than the terminal's pixels,
/// and the half-block board takes its squares from the columns and rows.
pub fn fit_to_terminal(options: &mut RenderOptions) {
    let Format::Terminal(format) = options.format else {
        return;
    };
    #[cfg(unix)]
    {
        let Some(size) = terminal_query::size(std::io::stdout()) else {
            return;
        };
        let columns = u32::from(size.columns);
        match format {
            TerminalFormat::Blocks => {
                options.terminal.columns = Some(columns);
                // Rank 8 must not scroll away in a short pane.
                options.terminal.rows = (size.rows > 0).then_some(u32::from(size.rows));
            }
            TerminalFormat::Kitty | TerminalFormat::Iterm => {
                if let Some((cell_w, _)) = size.cell_px() {
                    let wanted = options.diagram.size.div_ceil(cell_w.max(1));
                    options.terminal.columns = Some(wanted.min(columns.saturating_sub(1)).max(8));
                }
            }
            TerminalFormat::Sixel => {
                let width = u32::from(size.width_px);
                if width >= 64 && options.diagram.size > width {
                    options.diagram.size = width;
                }
            }
            _ => {}
        }
    }
    #[cfg(not(unix))]
    let _ = format;
}
