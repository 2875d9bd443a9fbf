//! Time every McMahon round (pl 8.2) of a simulated 10,000-player tournament, not just round 3:
//! `cargo run --release -p shinpan-tournament --example mcmahon_rounds [-- PLAYERS ROUNDS]`.

use std::time::Instant;
use tournament::pairing::mcmahon;
use tournament::sim;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10_000);
    let rounds: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(8);
    let mut t = sim::field(n, rounds, 99);
    let cfg = mcmahon::Config::default();
    let mut rng = sim::Rng::new(5);
    println!("round  seconds  boards  byes");
    for k in 1..=rounds {
        let start = Instant::now();
        let r = mcmahon::pair(&t, &cfg).expect("pairs");
        let secs = start.elapsed().as_secs_f64();
        println!("{k:>5} {secs:>8.4} {:>7} {:>5}", r.boards.len(), r.byes.len());
        sim::play(&mut t, &r, &mut rng);
    }
}
