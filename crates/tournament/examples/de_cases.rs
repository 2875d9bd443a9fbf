//! Random Swiss tournaments (Dutch pairing, results without forfeits, many ties) written as TRF
//! files, the input of the direct-encounter oracle (`scripts/de_oracle.py`, tiebreak-core):
//! `cargo run --release -p shinpan-tournament --example de_cases -- DIR COUNT`.

use tournament::model::Outcome;
use tournament::{dutch, sim, trf};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let dir = std::path::PathBuf::from(args.get(1).expect("output directory"));
    let count: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(40);
    std::fs::create_dir_all(&dir).expect("create the directory");
    for case in 0..count {
        let mut rng = sim::Rng::new(case + 1);
        let n = 6 + 2 * rng.below(5) as usize;
        let rounds = 4 + rng.below(n as u64 - 4) as u32;
        let mut t = sim::field(n, rounds, case);
        for _ in 0..rounds {
            let Ok(r) = dutch::pair(&t) else { break };
            t.add_round(&r);
            for b in &r.boards {
                // Draws are frequent so that scores tie and tied players have met.
                let o = match rng.below(5) {
                    0 | 1 => Outcome::Win,
                    2 | 3 => Outcome::Loss,
                    _ => Outcome::Draw,
                };
                t.set_result(r.number, b.white, o, false).expect("paired board");
            }
        }
        std::fs::write(dir.join(format!("case{case:03}.trf")), trf::write(&t)).expect("write");
    }
}
