//! `make bench-rating-scale`: a tournament of N new players (default 100,000; four games each)
//! rated from its files as `shinpan rate fesa` does, timed. Doubling N about doubles the time:
//! the rating is linear in the players.

#[allow(dead_code)]
#[path = "../tests/fesa_scale.rs"]
mod scale;

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let (new, tournament) = scale::files(n);
    let (list, took) = scale::rate(&new, &tournament);
    println!("fesa rate: {n} new players, 4 games each: {:.2} s ({} bytes of list)", took.as_secs_f64(), list.len());
}
