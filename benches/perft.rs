//! Perft benchmarks (divan). Placeholder until the suites land.

fn main() {}
