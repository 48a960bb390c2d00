//! `fen2img --list-pieces`: the bundled piece sets, with who drew each and
//! its licence; with `--verbose` also where each was taken from and its
//! licence text, which the licences ask to travel with the program.

use fen2img_render::PieceSet;

/// The listing: one line per set (name, author, SPDX licence) in columns,
/// or with `verbose` a section per set ending in its licence text.
pub fn listing(verbose: bool) -> String {
    let sets = PieceSet::bundled_sets();
    let name_width = sets.iter().map(|s| s.name.len()).max().unwrap_or(0);
    let author_width = sets.iter().map(|s| s.author.len()).max().unwrap_or(0);
    let mut out = String::new();
    for set in sets {
        if verbose {
            out.push_str(&format!(
                "{}\n  author:  {}\n  licence: {}\n  source:  {}\n\n{}\n",
                set.name,
                set.author,
                set.licence,
                set.source,
                set.licence_text.trim_end()
            ));
            out.push_str(&"-".repeat(72));
            out.push('\n');
        } else {
            let line = format!(
                "{:name_width$}  {:author_width$}  {}",
                set.name, set.author, set.licence
            );
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    out
}
