//! Perft and move-application benchmark: shinpan against rsshogi and haitaka, in one run.
//!
//! `cargo run --release --manifest-path bench/Cargo.toml --bin shogi_perft [-- DEPTH [ROUNDS]]`
//! (or `make bench-shogi`). Each library runs the same perft from the start position; rounds
//! are interleaved so machine load hits all alike; the best round per library is reported, with
//! shinpan's time as a ratio of the best peer's.

use std::hint::black_box;
use std::time::{Duration, Instant};

const STARTPOS: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

fn shinpan_perft(depth: u32, bulk: bool) -> u64 {
    shogi::perft(&shogi::Position::startpos(), depth, bulk)
}

fn rsshogi_bulk(depth: u32) -> u64 {
    let pos = rsshogi::board::position_from_sfen(STARTPOS).unwrap();
    rsshogi::board::perft::perft(&pos, depth as u8).unwrap().nodes
}

fn rsshogi_no_bulk(depth: u32) -> u64 {
    use rsshogi::board::{Move32List, generate_legal_all_move32};
    fn rec(pos: &mut rsshogi::board::Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut list = Move32List::new();
        generate_legal_all_move32(pos, &mut list);
        let mut n = 0;
        for &mv in list.iter() {
            pos.apply_move32(mv);
            n += rec(pos, depth - 1);
            pos.undo_move32(mv).unwrap();
        }
        n
    }
    let mut pos = rsshogi::board::position_from_sfen(STARTPOS).unwrap();
    pos.init_stack();
    rec(&mut pos, depth)
}

fn haitaka_perft(depth: u32, bulk: bool) -> u64 {
    use haitaka::Board;
    fn rec(board: &Board, depth: u32, bulk: bool) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut nodes = 0;
        if bulk && depth == 1 {
            board.generate_board_moves(|moves| {
                nodes += moves.into_iter().len() as u64;
                false
            });
            board.generate_drops(|moves| {
                nodes += moves.into_iter().len() as u64;
                false
            });
            return nodes;
        }
        board.generate_board_moves(|moves| {
            for mv in moves {
                let mut b = board.clone();
                b.play_unchecked(mv);
                nodes += rec(&b, depth - 1, bulk);
            }
            false
        });
        board.generate_drops(|moves| {
            for mv in moves {
                let mut b = board.clone();
                b.play_unchecked(mv);
                nodes += rec(&b, depth - 1, bulk);
            }
            false
        });
        nodes
    }
    rec(&Board::startpos(), depth, bulk)
}

fn time<F: FnMut() -> u64>(f: &mut F) -> (u64, Duration) {
    let t = Instant::now();
    let n = black_box(f());
    (n, t.elapsed())
}

struct Entry {
    name: &'static str,
    run: Box<dyn FnMut() -> u64>,
    best: Duration,
    nodes: u64,
}

fn race(title: &str, mut entries: Vec<Entry>, rounds: usize) {
    println!("\n{title}");
    for _ in 0..rounds {
        for e in entries.iter_mut() {
            let (n, d) = time(&mut e.run);
            e.nodes = n;
            e.best = e.best.min(d);
        }
    }
    let nodes = entries[0].nodes;
    if title.starts_with("perft(6)") {
        assert_eq!(nodes, 547_581_517, "perft(6) from the start position");
    }
    for e in &entries {
        assert_eq!(e.nodes, nodes, "{} counted {} nodes, shinpan {}", e.name, e.nodes, nodes);
    }
    let best_peer = entries[1..].iter().map(|e| e.best).min().unwrap();
    for e in &entries {
        println!(
            "  {:<10} {:>12} nodes  best {:>8.3} s  {:>6.1} Mnps  ratio to best peer {:.2}",
            e.name,
            e.nodes,
            e.best.as_secs_f64(),
            e.nodes as f64 / e.best.as_secs_f64() / 1e6,
            e.best.as_secs_f64() / best_peer.as_secs_f64()
        );
    }
}

fn entry(name: &'static str, run: impl FnMut() -> u64 + 'static) -> Entry {
    Entry { name, run: Box::new(run), best: Duration::MAX, nodes: 0 }
}

/// Validating and applying one USI move in a kept position: a fixed 200-ply game replayed
/// from its USI text, the position kept across moves.
fn usi_apply(rounds: usize) {
    // A random legal game, generated with shinpan's move generator from a fixed seed.
    let mut pos = shogi::Position::startpos();
    let mut texts = Vec::new();
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..200 {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let mv = moves[(seed % moves.len() as u64) as usize];
        texts.push(mv.to_string());
        pos.play_unchecked(mv);
    }
    let start = shogi::Position::startpos();
    let mut best = Duration::MAX;
    let reps = 2_000;
    for _ in 0..rounds {
        let t = Instant::now();
        for _ in 0..reps {
            let mut p = start.clone();
            for text in &texts {
                let mv = shogi::Move::from_usi(black_box(text)).unwrap();
                p.play(mv).unwrap();
            }
            black_box(&p);
        }
        best = best.min(t.elapsed());
    }
    let per = best.as_secs_f64() / (reps * texts.len()) as f64;
    println!(
        "\nvalidate + apply one USI move in a kept position ({} plies x {reps}): {:.0} ns per move",
        texts.len(),
        per * 1e9
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(5);
    let rounds: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(5);
    println!("perft({depth}) from the start position, best of {rounds} interleaved rounds");
    race(
        "bulk counting at the last ply",
        vec![
            entry("shinpan", move || shinpan_perft(depth, true)),
            entry("rsshogi", move || rsshogi_bulk(depth)),
            entry("haitaka", move || haitaka_perft(depth, true)),
        ],
        rounds,
    );
    race(
        "no bulk counting (every leaf move played)",
        vec![
            entry("shinpan", move || shinpan_perft(depth, false)),
            entry("haitaka", move || haitaka_perft(depth, false)),
            entry("rsshogi", move || rsshogi_no_bulk(depth)),
        ],
        rounds,
    );
    usi_apply(rounds);
    if depth == 5 {
        // The known depth-6 count, one round each (it takes seconds per library).
        race(
            "perft(6), bulk counting, one round",
            vec![
                entry("shinpan", || shinpan_perft(6, true)),
                entry("rsshogi", || rsshogi_bulk(6)),
                entry("haitaka", || haitaka_perft(6, true)),
            ],
            1,
        );
    }
}
