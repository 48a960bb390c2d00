//! The rule table: arrows no crate may have even without a cycle, one
//! row a rule with its reason; and the exceptions, each with why it is
//! tolerated and until when.

/// An arrow forbidden from any module `from` covers to any module or
/// crate `to` covers (`x` covers `x` and all under it, `*` every module,
/// `::name` the external crate `name`), unless `except` covers the source
/// or source and destination are under the same pattern of the row.
pub struct Rule {
    /// The crates the row holds in, by crate name.
    pub crates: &'static [&'static str],
    pub from: &'static [&'static str],
    pub except: &'static [&'static str],
    pub to: &'static [&'static str],
    pub why: &'static str,
}

/// The render crate's writers: each turns a layout (or pixels, or a
/// position) into the bytes of one kind of output.
const WRITERS: &[&str] = &["svg", "raster", "encode", "gif", "apng", "text", "terminal"];

/// Every crate of the workspace.
pub const ALL: &[&str] = &[
    "fen2img",
    "fen2img_support",
    "fen2img_chess",
    "fen2img_render",
    "fen2img_games",
    "fen2img_native",
    "fen2img_requests",
    "fen2img_blocks",
    "fen2img_pdf",
    "test_support",
    "measure",
];

pub const RULES: &[Rule] = &[
    Rule {
        crates: &["fen2img_render"],
        from: WRITERS,
        except: &[],
        to: WRITERS,
        why: "no writer imports another writer: what two share goes below both (pixels, halo, palette_image)",
    },
    Rule {
        crates: &["fen2img_render"],
        from: WRITERS,
        except: &[],
        to: &["renderer", "vocabulary"],
        why: "writers sit below the dispatch (renderer) and the options table (vocabulary)",
    },
    Rule {
        crates: &["fen2img_render"],
        from: &["assets", "options", "layout", "annotation", "describe", "offload"],
        except: &[],
        to: &["svg", "raster", "encode", "gif", "apng", "text", "terminal", "renderer", "vocabulary"],
        why: "the layers above the writers (assets, options, layout) and the leaves they share know no writer, no dispatch, no options table",
    },
    Rule {
        crates: &["fen2img"],
        from: &["*"],
        except: &["cli", "args", "batch::args"],
        to: &["::clap", "::clap_complete", "::clap_mangen"],
        why: "only the command-line layer (cli, args, batch::args) sees clap",
    },
    Rule {
        crates: &["fen2img_support"],
        from: &["*"],
        except: &[],
        to: &[
            "::fen2img_chess",
            "::fen2img_render",
            "::fen2img_games",
            "::fen2img_native",
            "::fen2img_requests",
            "::fen2img_blocks",
            "::fen2img_pdf",
            "::fen2img",
            "::test_support",
        ],
        why: "support is the bottom crate: it imports no other crate of the workspace",
    },
    Rule {
        crates: &["fen2img_chess"],
        from: &["*"],
        except: &[],
        to: &["::fen2img_render", "::fen2img_games", "::fen2img"],
        why: "chess imports only support of the workspace's crates",
    },
    Rule {
        crates: &["fen2img_render"],
        from: &["*"],
        except: &[],
        to: &["::fen2img_games", "::fen2img", "::clap", "::tokio"],
        why: "render imports chess only: no games, no binary, no command line, no async runtime",
    },
    Rule {
        crates: &["fen2img_games", "fen2img_native", "fen2img_requests", "fen2img_blocks", "fen2img_pdf"],
        from: &["*"],
        except: &[],
        to: &["::fen2img", "::clap", "::tokio"],
        why: "the libraries never import the binary or its front-end stacks",
    },
];

/// An arrow tolerated for now: crate, from a module (or any under it), to
/// a module or `::crate`, spelled as the messages spell them.
pub struct Exception {
    pub krate: &'static str,
    pub from: &'static str,
    pub to: &'static str,
    pub why: &'static str,
}

/// None today: the last two (raster's children `indexed` and
/// `marked_tiles` reaching into `raster/mod.rs` through `impl Rasterizer`)
/// went when their methods became functions over the caches they use.
pub const EXCEPTIONS: &[Exception] = &[];
