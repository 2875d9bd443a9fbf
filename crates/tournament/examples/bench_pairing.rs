//! `make bench-tournament`: time one Dutch round for 100, 400 and 1,000 players (a middle
//! round, round 5 of 9, whose history was itself paired by the Dutch system) and one McMahon
//! round for 10,000 players, and print the ratios against bbpPairings' published times on this
//! machine kind (issue 5: 0.05 s, 3.9 s, 64 s). With `BBP=/path/to/bbpPairings` the same TRF is
//! also paired by that binary in the run (minimum of `--runs` process runs), and by the
//! `shinpan pair` binary as a process, so both ratios come from one run: the library call
//! against bbpPairings' process, and process against process.
//!
//! Options: `--quick` (100 and 400 only), `--mcmahon` (McMahon only), `--mcmahon-history` (build
//! the history with the McMahon fold, as before), `--runs K` (report the minimum of K timings),
//! `--only N` (one size).
//!
//! Equivalence check for work on the pairing engine (same pairings before and after):
//! `--equiv-dump DIR [--count N]` writes random tournaments with Dutch history (each round's
//! TRF and the pairings of both editions, `.pairs` and `.2017.pairs`); `--equiv-check DIR`
//! re-pairs every `X.trf` there and compares with `X.pairs` (and `X.2017.pairs` when present),
//! so it also checks a directory of bbpPairings golden rounds (`--edition 2017` when its
//! `.pairs` hold 2017-edition pairings; `none` means no pairing is expected).

use std::path::Path;
use std::time::Instant;
use tournament::formats::trf;
use tournament::pairing::dutch::{self, Edition};
use tournament::pairing::mcmahon;
use tournament::{Tournament, sim};

fn history(n: usize, rounds: u32, played: u32, seed: u64, dutch_history: bool) -> Tournament {
    let mut t = sim::field(n, rounds, seed);
    if dutch_history {
        sim::run(&mut t, played, seed, dutch::pair).expect("history pairs");
    } else {
        let cfg = mcmahon::Config::default();
        sim::run(&mut t, played, seed, |t| mcmahon::pair(t, &cfg)).expect("history pairs");
    }
    t
}

fn time<T>(f: impl Fn() -> T) -> (f64, T) {
    let start = Instant::now();
    let r = f();
    (start.elapsed().as_secs_f64(), r)
}

/// Minimum wall time of `runs` runs of a program (start to exit, output read), with its output.
fn process_min(bin: &str, args: &[&str], runs: usize) -> Option<(f64, String)> {
    let mut best = f64::INFINITY;
    let mut text = String::new();
    for _ in 0..runs {
        let start = Instant::now();
        let out = std::process::Command::new(bin).args(args).output().ok()?;
        best = best.min(start.elapsed().as_secs_f64());
        if !out.status.success() {
            return None;
        }
        text = String::from_utf8_lossy(&out.stdout).into_owned();
    }
    Some((best, text))
}

/// `process_min` of several programs, run in turn (one run of each per round) so that a
/// machine whose speed drifts between runs affects them alike.
fn interleaved_min(cmds: &[(&str, Vec<&str>)], runs: usize) -> Vec<Option<(f64, String)>> {
    let mut best: Vec<Option<(f64, String)>> = vec![None; cmds.len()];
    let mut failed = vec![false; cmds.len()];
    for _ in 0..runs {
        for (i, (bin, args)) in cmds.iter().enumerate() {
            if failed[i] {
                continue;
            }
            match process_min(bin, args, 1) {
                Some((t, out)) => {
                    if best[i].as_ref().is_none_or(|(b, _)| t < *b) {
                        best[i] = Some((t, out));
                    }
                }
                None => failed[i] = true,
            }
        }
    }
    best.into_iter().zip(failed).map(|(b, f)| if f { None } else { b }).collect()
}

fn arg_value(args: &[String], name: &str) -> Option<String> {
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1).cloned())
}

fn pairing_text(t: &Tournament, edition: Edition) -> String {
    match dutch::pair_edition(t, edition) {
        Ok(r) => r.to_bbp(t),
        Err(e) => format!("ERROR {e}\n"),
    }
}

/// Random tournaments with Dutch history; every round before pairing is one case.
fn equiv_dump(dir: &Path, count: usize) {
    std::fs::create_dir_all(dir).expect("create dir");
    let sizes = [10usize, 11, 13, 16, 20, 23, 30, 37, 41, 50, 64, 77, 100, 121, 150, 200];
    let mut rng = sim::Rng::new(2026);
    let mut cases = 0;
    for k in 0..count {
        let n = if k % 50 == 49 { 400 } else { sizes[rng.below(sizes.len() as u64) as usize] };
        let rounds = 4 + rng.below(8) as u32;
        let mut t = sim::field(n, rounds, k as u64);
        if rng.below(4) == 0 {
            // TRF(x) XXP: a few forbidden pairs.
            for _ in 0..1 + rng.below(3) {
                let (a, b) = (rng.below(n as u64) as usize, rng.below(n as u64) as usize);
                if a != b {
                    t.forbidden.push(vec![a, b]);
                }
            }
        }
        if rng.below(5) == 0 {
            // TRF(x) XXA: the top half accelerated in the first two rounds.
            for p in t.players.iter_mut().take(n / 2) {
                p.acceleration = vec![10, 10];
            }
        }
        let history_edition = if k % 3 == 2 { Edition::Fide2017 } else { Edition::Fide2025 };
        let mut play_rng = sim::Rng::new(k as u64 ^ 0xABCD);
        for r in 0..rounds {
            // Pair what a reader of the file sees, so the check compares like with like.
            let text = trf::write(&t);
            let parsed = trf::parse(&text).expect("own TRF parses");
            let base = dir.join(format!("case-{k:04}-r{:02}", r + 1));
            std::fs::write(base.with_extension("trf"), &text).unwrap();
            std::fs::write(base.with_extension("pairs"), pairing_text(&parsed, Edition::Fide2025)).unwrap();
            std::fs::write(base.with_extension("2017.pairs"), pairing_text(&parsed, Edition::Fide2017)).unwrap();
            cases += 1;
            match dutch::pair_edition(&t, history_edition) {
                Ok(round) => sim::play(&mut t, &round, &mut play_rng),
                Err(_) => break,
            }
        }
    }
    println!("wrote {cases} rounds of {count} tournaments to {}", dir.display());
}

/// `edition` says which edition `X.pairs` holds (`X.2017.pairs` is always the 2017 one); a
/// `.pairs` file reading `none` expects no pairing (bbpPairings' exit code 1).
fn equiv_check(dir: &Path, edition: Edition) -> bool {
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .expect("read dir")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    names.sort();
    let (mut same, mut differ, mut errors) = (0, 0, 0);
    for path in &names {
        let t = match trf::parse(&std::fs::read_to_string(path).unwrap()) {
            Ok(t) => t,
            Err(e) => {
                println!("{}: does not parse: {e}", path.display());
                errors += 1;
                continue;
            }
        };
        for (suffix, edition) in [("pairs", edition), ("2017.pairs", Edition::Fide2017)] {
            let Ok(expected) = std::fs::read_to_string(path.with_extension(suffix)) else { continue };
            let got = pairing_text(&t, edition);
            let none = expected.trim_end() == "none" && got.starts_with("ERROR");
            if none || got.trim_end() == expected.trim_end() {
                same += 1;
            } else {
                differ += 1;
                if std::env::var("QUIET").is_ok() {
                    println!("{} ({edition:?}) differs", path.display());
                } else {
                    println!("{} ({edition:?}) differs:\nexpected\n{expected}got\n{got}", path.display());
                }
            }
        }
    }
    println!("{} files: {same} pairings identical, {differ} differ, {errors} unreadable", names.len());
    differ == 0 && errors == 0
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(dir) = arg_value(&args, "--equiv-dump") {
        let count = arg_value(&args, "--count").and_then(|c| c.parse().ok()).unwrap_or(300);
        return equiv_dump(Path::new(&dir), count);
    }
    if let Some(dir) = arg_value(&args, "--equiv-check") {
        let edition = if arg_value(&args, "--edition").as_deref() == Some("2017") {
            Edition::Fide2017
        } else {
            Edition::Fide2025
        };
        let ok = equiv_check(Path::new(&dir), edition);
        std::process::exit(if ok { 0 } else { 1 });
    }
    let quick = args.iter().any(|a| a == "--quick");
    let dutch_history = !args.iter().any(|a| a == "--mcmahon-history");
    let runs: usize = arg_value(&args, "--runs").and_then(|c| c.parse().ok()).unwrap_or(3).max(1);
    let bbp = std::env::var("BBP").ok();
    let only_mcmahon = args.iter().any(|a| a == "--mcmahon");
    let only: Option<usize> = arg_value(&args, "--only").and_then(|c| c.parse().ok());
    let sizes: &[(usize, f64)] = if only_mcmahon {
        &[]
    } else if quick {
        &[(100, 0.05), (400, 3.9)]
    } else {
        &[(100, 0.05), (400, 3.9), (1000, 64.0)]
    };
    let history_kind = if dutch_history { "Dutch" } else { "McMahon" };
    println!("{:<32} {:>10} {:>12} {:>10}", "case", "shinpan s", "reference s", "ratio");
    for &(n, reference) in sizes.iter().filter(|(n, _)| only.is_none_or(|o| o == *n)) {
        let rounds = 9;
        let played = 4;
        let (build, t) = time(|| history(n, rounds, played, 7 + n as u64, dutch_history));
        let mut secs = f64::INFINITY;
        let mut r = None;
        for _ in 0..runs {
            let (s, round) = time(|| dutch::pair(&t).expect("pairs"));
            secs = secs.min(s);
            r = Some(round);
        }
        let r = r.expect("at least one run");
        let label = format!("Dutch {n} players, round {}", played + 1);
        println!(
            "{label:<32} {secs:>10.4} {reference:>12.2} {:>10.4}   (min of {runs}; {history_kind} history built in {build:.1} s, {} boards)",
            secs / reference,
            r.boards.len()
        );
        if let Some(bin) = &bbp {
            let path = std::env::temp_dir().join(format!("shinpan-bench-{n}.trf"));
            std::fs::write(&path, trf::write(&t)).expect("write trf");
            let expected = r.to_bbp(&t);
            // SHINPAN_BIN, or the `shinpan` binary beside this example's directory
            // (target/release/shinpan).
            let cli = std::env::var_os("SHINPAN_BIN")
                .map(std::path::PathBuf::from)
                .or_else(|| std::env::current_exe().ok().and_then(|e| Some(e.parent()?.parent()?.join("shinpan"))))
                .filter(|p| p.exists());
            let file = path.to_str().unwrap();
            let mut cmds = vec![(bin.as_str(), vec!["--dutch", file, "-p"])];
            if let Some(c) = &cli {
                cmds.push((c.to_str().unwrap(), vec!["pair", file]));
            }
            let mut results = interleaved_min(&cmds, runs).into_iter();
            let bbp_run = results.next().flatten();
            let cli_run = cli.as_ref().map(|_| results.next().flatten());
            match bbp_run {
                Some((b, out)) => {
                    println!(
                        "{:<32} {secs:>10.4} {b:>12.4} {:>10.4}   same pairing: {}",
                        "  library vs bbpPairings process",
                        secs / b,
                        out == expected
                    );
                    match cli_run {
                        Some(Some((c, cout))) => println!(
                            "{:<32} {c:>10.4} {b:>12.4} {:>10.4}   same pairing: {}",
                            "  shinpan process vs bbpPairings",
                            c / b,
                            cout == out
                        ),
                        _ => println!("  (build the shinpan binary to time it as a process too)"),
                    }
                }
                None => println!("  local bbpPairings failed on {}", path.display()),
            }
        }
    }
    if only.is_some() {
        // One Dutch size asked for (profiling): no McMahon case.
        return;
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
    println!(
        "{:<32} {secs:>10.4} {:>12.2} {:>10.4}   ({} boards)",
        format!("McMahon {n} players, round 3"),
        1.0,
        secs / 1.0,
        r.boards.len()
    );
}
