//! `make bench-tournament`: time one Dutch round for 100, 400 and 1,000 players (a middle
//! round: the history is built first) and one McMahon round for 10,000 players, and print the
//! ratios against bbpPairings' published times on this machine kind (issue 5: 0.05 s, 3.9 s,
//! 64 s). With `BBP=/path/to/bbpPairings` the same TRF is also paired by that binary in the run.

use std::time::Instant;
use tournament::{dutch, mcmahon, sim, trf};

fn history(n: usize, rounds: u32, played: u32, seed: u64) -> tournament::Tournament {
    let mut t = sim::field(n, rounds, seed);
    // The history (score groups, colours, floats) is built quickly with the McMahon fold; the
    // timed round is then a Dutch round on that record.
    let cfg = mcmahon::Config::default();
    sim::run(&mut t, played, seed, |t| mcmahon::pair(t, &cfg)).expect("history pairs");
    t
}

fn time<T>(f: impl Fn() -> T) -> (f64, T) {
    let start = Instant::now();
    let r = f();
    (start.elapsed().as_secs_f64(), r)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|a| a == "--quick");
    let bbp = std::env::var("BBP").ok();
    let only_mcmahon = args.iter().any(|a| a == "--mcmahon");
    let sizes: &[(usize, f64)] = if only_mcmahon {
        &[]
    } else if quick { &[(100, 0.05), (400, 3.9)] } else { &[(100, 0.05), (400, 3.9), (1000, 64.0)] };
    println!("{:<32} {:>10} {:>12} {:>10}", "case", "shinpan s", "reference s", "ratio");
    for &(n, reference) in sizes {
        let rounds = 9;
        let played = 4;
        let (build, t) = time(|| history(n, rounds, played, 7 + n as u64));
        let (secs, r) = time(|| dutch::pair(&t).expect("pairs"));
        let label = format!("Dutch {n} players, round {}", played + 1);
        println!("{label:<32} {secs:>10.4} {reference:>12.2} {:>10.4}   (history built in {build:.1} s, {} boards)", secs / reference, r.boards.len());
        if let Some(bin) = &bbp {
            let path = std::env::temp_dir().join(format!("shinpan-bench-{n}.trf"));
            std::fs::write(&path, trf::write(&t)).expect("write trf");
            let start = Instant::now();
            let out = std::process::Command::new(bin).args(["--dutch", path.to_str().unwrap(), "-p"]).output();
            let b = start.elapsed().as_secs_f64();
            match out {
                Ok(o) if o.status.success() => {
                    let same = String::from_utf8_lossy(&o.stdout) == r.to_bbp(&t);
                    println!("{:<32} {secs:>10.4} {b:>12.4} {:>10.4}   same pairing: {same}", format!("  vs local bbpPairings"), secs / b);
                }
                _ => println!("  local bbpPairings failed on {}", path.display()),
            }
        }
    }
    let n = if quick { 2_000 } else { 10_000 };
    let mut t = sim::field(n, 5, 99);
    let cfg = mcmahon::Config::default();
    let mut rng = sim::Rng::new(5);
    for _ in 0..2 {
        let r = mcmahon::pair(&t, &cfg).expect("pairs");
        sim::play(&mut t, &r, &mut rng);
    }
    let (secs, r) = time(|| mcmahon::pair(&t, &cfg).expect("pairs"));
    println!("{:<32} {secs:>10.4} {:>12.2} {:>10.4}   ({} boards)", format!("McMahon {n} players, round 3"), 1.0, secs / 1.0, r.boards.len());
}
