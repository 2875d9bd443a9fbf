//! Time every McMahon round (pl 8.2) of a simulated 10,000-player tournament, not just round 3,
//! beside the group-by-group pairing of the same position (`pair_by_groups`, the engine before
//! issue 21), with the main criterion of both (sum of squared McMahon-score gaps, in points):
//! `cargo run --release -p shinpan-tournament --example mcmahon_rounds [-- PLAYERS ROUNDS]`.

use std::time::Instant;
use tournament::pairing::mcmahon;
use tournament::{Round, sim};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(10_000);
    let rounds: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(8);
    let mut t = sim::field(n, rounds, 99);
    let cfg = mcmahon::Config::default();
    let mut rng = sim::Rng::new(5);
    let pairs = |r: &Round| r.boards.iter().map(|b| (b.white, b.black)).collect::<Vec<_>>();
    println!("round  seconds  boards  byes  gaps²  | by groups: seconds  gaps²");
    for k in 1..=rounds {
        let start = Instant::now();
        let r = mcmahon::pair(&t, &cfg).expect("pairs");
        let secs = start.elapsed().as_secs_f64();
        let start = Instant::now();
        let g = mcmahon::pair_by_groups(&t, &cfg);
        let gsecs = start.elapsed().as_secs_f64();
        let cost = |r: &Round| mcmahon::format_gap_cost(mcmahon::gap_cost(&t, &cfg, &pairs(r)), cfg.criteria.gaps);
        let gcost = g.as_ref().map_or("none".to_string(), cost);
        println!(
            "{k:>5} {secs:>8.4} {:>7} {:>5} {:>6}  | {gsecs:>18.4} {gcost:>6}",
            r.boards.len(),
            r.byes.len(),
            cost(&r)
        );
        sim::play(&mut t, &r, &mut rng);
    }
}
