//! Shell completions and the man page, generated from the clap definitions
//! so that they never drift from the options the binary really takes.
//!
//! Both take the [`Command`] as an argument rather than reaching for the
//! parser type, so this module depends on clap alone and `cli` points to it.

use std::io;

use clap::Command;
use clap_complete::Shell;
use clap_mangen::Man;

/// The completion script for `shell`, for the command named `fen2img`.
pub fn completions(mut cmd: Command, shell: Shell) -> Vec<u8> {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut cmd, "fen2img", &mut script);
    script
}

/// The man page (roff, section 1): the options, the subcommands with the
/// options only they take (today `batch`), then examples and exit codes.
pub fn man_page(cmd: Command) -> io::Result<Vec<u8>> {
    let mut cmd = cmd;
    cmd.build();
    // clap_mangen writes one page per command and points to the others as
    // `fen2img-batch(1)`; one page that holds every option is what
    // `man fen2img` readers expect, so each subcommand gets a section of its
    // own options here (not the rendering flags it shares with the top level).
    let shared: Vec<String> = cmd
        .get_arguments()
        .map(|a| a.get_id().to_string())
        .collect();
    let mut subcommands = Vec::new();
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        let own = sub
            .get_arguments()
            .filter(|a| !shared.contains(&a.get_id().to_string()))
            .map(|a| {
                a.clone()
                    .help_heading(format!("{} options", sub.get_name()))
            });
        let only = Command::new(sub.get_name().to_string())
            .disable_help_flag(true)
            .disable_version_flag(true)
            .args(own);
        let about = sub.get_about().map(|a| a.to_string()).unwrap_or_default();
        subcommands.push((sub.get_name().to_string(), about, Man::new(only)));
    }

    let man = Man::new(cmd).title("FEN2IMG");
    let mut page = Vec::new();
    man.render_title(&mut page)?;
    let mut section = |render: &dyn Fn(&mut Vec<u8>) -> io::Result<()>| -> io::Result<()> {
        let mut text = Vec::new();
        render(&mut text)?;
        page.extend_from_slice(without_preamble(&text));
        Ok(())
    };
    section(&|w| man.render_name_section(w))?;
    section(&|w| man.render_synopsis_section(w))?;
    section(&|w| man.render_description_section(w))?;
    section(&|w| man.render_options_section(w))?;
    if !subcommands.is_empty() {
        section(&|w| {
            w.extend_from_slice(b".SH SUBCOMMANDS\n");
            for (name, about, _) in &subcommands {
                let upper = name.to_uppercase();
                let line = format!(
                    ".TP\n\\fBfen2img {}\\fR\n{}. It takes the options above and the {upper} OPTIONS below.\n",
                    roff_text(name),
                    roff_text(about.trim_end_matches('.')),
                );
                w.extend_from_slice(line.as_bytes());
            }
            Ok(())
        })?;
    }
    for (_, _, sub) in &subcommands {
        section(&|w| sub.render_options_section(w))?;
    }
    section(&|w| {
        // The after-help text holds the examples and the exit codes;
        // clap_mangen calls its section EXTRA.
        let mut extra = Vec::new();
        man.render_extra_section(&mut extra)?;
        let body = without_preamble(&extra);
        let body = body.strip_prefix(&b".SH EXTRA\n"[..]).unwrap_or(body);
        w.extend_from_slice(b".SH \"EXAMPLES AND EXIT STATUS\"\n");
        w.extend_from_slice(body);
        Ok(())
    })?;
    section(&|w| man.render_version_section(w))?;
    Ok(page)
}

/// Plain text as roff: backslashes and hyphens escaped, and a leading `.` or
/// `'` (which roff would read as a request) made literal.
fn roff_text(text: &str) -> String {
    let escaped = text.replace('\\', "\\\\").replace('-', "\\-");
    if escaped.starts_with(['.', '\'']) {
        format!("\\&{escaped}")
    } else {
        escaped
    }
}

/// Each rendered section starts with the same two-line apostrophe preamble
/// (`.ie \n(.g .ds Aq \(aq` / `.el .ds Aq '`); the title already carries it
/// once, which is all a page needs.
fn without_preamble(text: &[u8]) -> &[u8] {
    let mut rest = text;
    for prefix in [&b".ie "[..], &b".el "[..]] {
        if rest.starts_with(prefix) {
            let end = rest
                .iter()
                .position(|&b| b == b'\n')
                .map_or(rest.len(), |i| i + 1);
            rest = &rest[end..];
        }
    }
    rest
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Arg;

    fn sample() -> Command {
        Command::new("fen2img")
            .version("1.0")
            .about("Chess diagrams")
            .after_help("Exit codes:\n  0  success")
            .arg(Arg::new("size").long("size").help("Pixels"))
            .subcommand(
                Command::new("batch")
                    .about("Many at once")
                    .arg(Arg::new("size").long("size").help("Pixels"))
                    .arg(Arg::new("out-dir").long("out-dir").help("Where")),
            )
    }

    #[test]
    fn man_page_has_one_title_one_preamble_and_the_subcommand_options() {
        let page = String::from_utf8(man_page(sample()).unwrap()).unwrap();
        assert_eq!(page.matches(".TH ").count(), 1, "{page}");
        assert_eq!(page.matches(".ie \\n(.g").count(), 1, "{page}");
        assert!(page.contains(".SH \"BATCH OPTIONS\""), "{page}");
        assert!(page.contains("out\\-dir"), "{page}");
        // The shared --size is listed once, under the main options.
        assert_eq!(page.matches(".TP\n\\fB\\-\\-size").count(), 1, "{page}");
        assert!(page.contains("Exit codes"), "{page}");
        assert!(page.contains(".SH SUBCOMMANDS\n.TP\n\\fBfen2img batch\\fR\nMany at once."));
        // No pointers to pages that do not exist.
        assert!(!page.contains("fen2img\\-batch(1)"), "{page}");
    }

    #[test]
    fn roff_text_escapes_what_roff_would_interpret() {
        assert_eq!(roff_text("a-b"), "a\\-b");
        assert_eq!(roff_text("a\\b"), "a\\\\b");
        assert_eq!(roff_text(".TH x"), "\\&.TH x");
        assert_eq!(roff_text("'x"), "\\&'x");
    }

    #[test]
    fn without_preamble_keeps_other_text() {
        assert_eq!(without_preamble(b".SH NAME\n"), b".SH NAME\n");
        assert_eq!(
            without_preamble(b".ie \\n(.g .ds Aq \\(aq\n.el .ds Aq '\n.SH X\n"),
            b".SH X\n"
        );
    }
}
