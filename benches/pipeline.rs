//! Benchmarks of each pipeline stage (being written).
fn main() {}
