//! `GET /og.png`: a social preview (the renderer's `og` preset, 1200×630)
//! of a position, with our own API's parameters (`fen`, `caption`,
//! `white`, `black`, `theme`, `flip`, markup...); `size` is not used.

use fen2img_render::{Format, Preset};

use crate::diagram;
use crate::request::DiagramRequest;

/// Reads an `/og.png` request.
pub fn parse(pairs: &[(String, String)], max_size: u32) -> Result<DiagramRequest, String> {
    let mut r = diagram::parse(Format::PNG, None, pairs, max_size)?;
    r.preset = Some(Preset::Og);
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::pairs;

    #[test]
    fn a_preview_is_our_api_on_the_og_page() {
        let q = pairs("fen=8/8/8/8/8/8/8/K6k%20w%20-%20-&caption=Mate&white=A&theme=pink").unwrap();
        let r = parse(&q, 2048).unwrap();
        assert_eq!(r.preset, Some(Preset::Og));
        assert_eq!(r.format, Format::PNG);
        assert_eq!(r.theme, Some("pink"));
        let plain = diagram::parse(Format::PNG, None, &q, 2048).unwrap();
        assert_ne!(r.options_key(), plain.options_key());
        assert!(parse(&pairs("caption=x").unwrap(), 2048)
            .unwrap_err()
            .starts_with("fen: "));
    }
}
