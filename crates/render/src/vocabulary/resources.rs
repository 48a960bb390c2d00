//! Options whose value names something to read: a theme file, a piece set
//! directory. Whether a front end may read files, and where from, is its
//! policy, not the table's: the table asks a [`Resources`] for the theme or
//! the set a value names.
//!
//! The policies of fen2img's front ends:
//!
//! | front end | theme | pieces |
//! | --- | --- | --- |
//! | command line | a built-in name, else a theme file ([`Files`]) | a directory of twelve SVG files ([`Files`]) |
//! | server | built-in names only ([`BuiltIn`]): a request never names a file | a set loaded at start-up by `--piece-sets`, by name |
//! | Markdown fence | as the command line: the author's own files | as the command line |
//! | Python | a name (`str`), or a theme file (`pathlib.Path`) | a directory |
//!
//! Every read is bounded ([`Theme::load`], [`PieceSet::load`]: regular files,
//! a size limit, a work limit per glyph).

use std::fmt;
use std::path::Path;

use crate::assets::pieces::{PieceSet, PieceSetError};
use crate::assets::theme::{Theme, ThemeError};

/// Why a theme or piece set an option names could not be had.
#[derive(Debug)]
#[non_exhaustive]
pub enum ResourceError {
    /// The front end does not read such things (a server reads no theme
    /// file), or knows no such name: why, in one line.
    Refused(String),
    /// A theme file that could not be read, or was read and is invalid.
    Theme(ThemeError),
    /// A piece set that could not be read, or was read and is invalid.
    Pieces(PieceSetError),
}

impl fmt::Display for ResourceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResourceError::Refused(why) => f.write_str(why),
            ResourceError::Theme(e) => write!(f, "{e}"),
            ResourceError::Pieces(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ResourceError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ResourceError::Refused(_) => None,
            ResourceError::Theme(e) => Some(e),
            ResourceError::Pieces(e) => Some(e),
        }
    }
}

impl From<ThemeError> for ResourceError {
    fn from(e: ThemeError) -> Self {
        ResourceError::Theme(e)
    }
}

impl From<PieceSetError> for ResourceError {
    fn from(e: PieceSetError) -> Self {
        ResourceError::Pieces(e)
    }
}

/// Where the themes and piece sets options name come from: a front end's
/// policy for options that read files. The provided methods read nothing:
/// built-in theme names only, no piece sets.
///
/// ```
/// use fen2img_render::vocabulary::{BuiltIn, Resources};
///
/// assert_eq!(BuiltIn.theme("blue").unwrap().name, "blue");
/// assert!(BuiltIn.theme("/etc/passwd").is_err());
/// assert!(BuiltIn.pieces("my-set").is_err());
/// ```
pub trait Resources {
    /// The theme `name` names.
    fn theme(&self, name: &str) -> Result<Theme, ResourceError> {
        Theme::built_in(name).ok_or_else(|| {
            let names: Vec<&str> = Theme::built_in_names().collect();
            ResourceError::Refused(format!(
                "expected a built-in theme ({}); no theme file is read here",
                names.join(", ")
            ))
        })
    }

    /// The piece set `name` names.
    fn pieces(&self, name: &str) -> Result<PieceSet, ResourceError> {
        let _ = name;
        Err(ResourceError::Refused(
            "no piece set is read here; the built-in set draws".into(),
        ))
    }
}

/// Built-in themes by name, nothing read: the policy of anything that
/// serves requests from the network.
#[derive(Debug, Clone, Copy, Default)]
pub struct BuiltIn;

impl Resources for BuiltIn {}

/// Built-in theme names, else a theme file at that path ([`Theme::load`]);
/// a piece set from the directory named ([`PieceSet::load`]). The
/// command line's policy (and a document's, and Python's for a path).
///
/// ```
/// use fen2img_render::vocabulary::{Files, Resources};
///
/// assert_eq!(Files.theme("green").unwrap().name, "green");
/// let e = Files.theme("/nonexistent/x.theme").unwrap_err();
/// assert!(e.to_string().contains("not a built-in theme"), "{e}");
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Files;

impl Resources for Files {
    fn theme(&self, name: &str) -> Result<Theme, ResourceError> {
        Ok(Theme::load(name)?)
    }

    fn pieces(&self, name: &str) -> Result<PieceSet, ResourceError> {
        Ok(PieceSet::load(Path::new(name))?)
    }
}
