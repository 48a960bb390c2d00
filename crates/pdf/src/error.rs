//! What can keep a PDF from being written.

/// Something that kept a PDF from being written (none is expected for a
/// layout the renderer made; the message says which step refused).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PdfError(pub String);

impl std::fmt::Display for PdfError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PdfError {}
