//! `make bench-dutch-scale`: a Dutch round of a very large field, paired by the `shinpan pair`
//! binary as a user runs it, timed with its peak memory (issue 19: 10,000 players, any round,
//! under 10 s and under 1 GB).
//!
//! `dutch_scale write N PLAYED FILE` writes a tournament of `N` players (at most 9,999: TRF pairing numbers have four digits) (ratings and results as
//! `sim` draws them, seed 19) with `PLAYED` rounds recorded: round 1 paired by the Dutch system,
//! later ones by McMahon (only the history's plausibility matters: played games, colours,
//! floats), so that `shinpan pair FILE` pairs round `PLAYED + 1`.
//!
//! `dutch_scale time BIN FILE` runs `BIN pair FILE` under `/usr/bin/time` and prints the wall
//! time, the peak resident memory and how many boards were paired.
//!
//! `dutch_scale versus BIN BBP FILE SECONDS` times `BIN pair FILE` and then bbpPairings
//! (`BBP --dutch FILE -p`, stopped after `SECONDS`) on the same file, one after the other,
//! prints both with the ratio of their wall times, and whether their pairings are the same.
//!
//! `dutch_scale pair FILE` pairs in this process and prints the round as `shinpan pair` does
//! (bbpPairings' `-p` format), to compare a change's pairings with a binary built before it.

use std::process::Command;
use tournament::formats::trf;
use tournament::pairing::{dutch, mcmahon};
use tournament::sim;

fn write(n: usize, played: u32, file: &str) {
    let mut t = sim::field(n, played + 5, 19);
    let mut rng = sim::Rng::new(19);
    for r in 0..played {
        let round = if r == 0 {
            dutch::pair(&t).expect("round 1 pairs")
        } else {
            mcmahon::pair(&t, &mcmahon::Config::default()).expect("history pairs")
        };
        sim::play(&mut t, &round, &mut rng);
    }
    std::fs::write(file, trf::write(&t)).expect("write the TRF");
    println!("{file}: {n} players, {played} rounds played");
}

/// A command run under GNU time (`-f "%e %M"`): its wall seconds and peak memory as the last
/// line of its stderr gives them, its exit code and its output.
struct Timed {
    secs: String,
    mb: u64,
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

impl Timed {
    fn run(args: &[&str]) -> Timed {
        let out = Command::new("/usr/bin/time")
            .args(["-f", "%e %M"])
            .args(args)
            .output()
            .expect("run /usr/bin/time (GNU time)");
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        let mut it = stderr.lines().last().unwrap_or("").split_whitespace();
        let secs = it.next().unwrap_or("?").to_string();
        let kib: u64 = it.next().and_then(|k| k.parse().ok()).unwrap_or(0);
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        Timed { secs, mb: kib / 1024, code: out.status.code(), stdout, stderr }
    }

    fn ok(&self) -> bool {
        self.code == Some(0)
    }

    fn seconds(&self) -> f64 {
        self.secs.parse().unwrap_or(f64::NAN)
    }
}

fn time(bin: &str, file: &str) -> bool {
    let t = Timed::run(&[bin, "pair", file]);
    let boards = t.stdout.lines().next().unwrap_or("").trim();
    let progress = t.stderr.lines().filter(|l| l.contains("pairing")).count();
    println!(
        "{file}: {} in {} s, peak {} MB, {boards} boards, {progress} progress lines on stderr",
        if t.ok() { "paired" } else { "NOT paired" },
        t.secs,
        t.mb
    );
    if !t.ok() {
        eprintln!("{}", t.stderr);
    }
    t.ok()
}

fn versus(bin: &str, bbp: &str, file: &str, limit: &str) -> bool {
    let ours = Timed::run(&[bin, "pair", file]);
    let bbp_out = format!("{file}.bbp.pairs");
    let _ = std::fs::remove_file(&bbp_out);
    let theirs = Timed::run(&["timeout", limit, bbp, "--dutch", file, "-p", &bbp_out]);
    println!("{file}: shinpan {} s, peak {} MB{}", ours.secs, ours.mb, if ours.ok() { "" } else { ", FAILED" });
    let ratio = theirs.seconds() / ours.seconds();
    if theirs.code == Some(124) {
        println!(
            "  bbpPairings: not finished in {limit} s (peak {} MB): shinpan more than {ratio:.0}x faster",
            theirs.mb
        );
        return ours.ok();
    }
    if !theirs.ok() {
        println!("  bbpPairings: failed after {} s (exit {:?}): {}", theirs.secs, theirs.code, theirs.stderr.trim());
        return false;
    }
    let same = std::fs::read_to_string(&bbp_out).is_ok_and(|b| b == ours.stdout);
    println!(
        "  bbpPairings: {} s, peak {} MB: shinpan {ratio:.1}x faster; pairings {}",
        theirs.secs,
        theirs.mb,
        if same { "the same" } else { "DIFFERENT" }
    );
    ours.ok() && same
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: dutch_scale write N PLAYED FILE | dutch_scale time BIN FILE | dutch_scale versus BIN BBP FILE SECONDS | dutch_scale pair FILE";
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["write", n, played, file] => {
            write(n.parse().expect("N players"), played.parse().expect("PLAYED rounds"), file)
        }
        ["pair", file] => {
            let t = trf::parse(&std::fs::read_to_string(file).expect("read the TRF")).expect("parse the TRF");
            let start = std::time::Instant::now();
            let mut last = 0;
            let round = dutch::pair_edition_with_progress(&t, dutch::Edition::Fide2025, &mut |p| {
                let tell = match p {
                    dutch::Progress::Weights { done, of } => done + 256 > of,
                    dutch::Progress::Completable => true,
                    dutch::Progress::Paired { done, .. } => done >= last + 1000,
                };
                if let dutch::Progress::Paired { done, .. } = p
                    && tell
                {
                    last = done;
                }
                if tell {
                    eprintln!("{:7.2} s  {p}", start.elapsed().as_secs_f64());
                }
            })
            .expect("the round pairs");
            eprintln!("{file}: paired in {:.2} s", start.elapsed().as_secs_f64());
            print!("{}", round.to_bbp(&t));
        }
        ["time", bin, file] => std::process::exit(if time(bin, file) { 0 } else { 1 }),
        ["versus", bin, bbp, file, limit] => std::process::exit(if versus(bin, bbp, file, limit) { 0 } else { 1 }),
        _ => {
            eprintln!("{usage}");
            std::process::exit(2)
        }
    }
}
