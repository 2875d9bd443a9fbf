//! `make bench-rating`: recompute the whole FESA fixture chain (30 tournaments, 2016-04 ..
//! 2018-05: read every list and tournament, rate, write every list and all.txt, compare with
//! the archive) and report the time per chain.

#[allow(dead_code)]
#[path = "../tests/fesa_golden.rs"]
mod golden;

use std::time::Instant;

fn main() {
    let reps: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(50);
    let first = golden::run_chain();
    assert!(first.failures.is_empty(), "the chain does not reproduce the archive: {:?}", first.failures);
    let mut times = Vec::with_capacity(reps);
    for _ in 0..reps {
        let t = Instant::now();
        let run = golden::run_chain();
        times.push(t.elapsed().as_secs_f64());
        assert!(run.failures.is_empty());
    }
    times.sort_by(f64::total_cmp);
    let mean = times.iter().sum::<f64>() / reps as f64;
    println!(
        "fesa chain: {} tournaments, {} archived files compared byte for byte; {reps} runs: min {:.2} ms, median {:.2} ms, mean {:.2} ms per chain",
        golden::CHAIN.len(),
        first.compared.len(),
        times[0] * 1e3,
        times[reps / 2] * 1e3,
        mean * 1e3
    );
}
