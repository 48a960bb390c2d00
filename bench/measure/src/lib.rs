//! fen2img's measurement programs, one binary each under `src/bin/`:
//! `cargo run --release -p measure --bin render_corpus -- --size 400`.
//! They use the render crate's `bench-internals` feature, which the public
//! API does not offer.
