//! A dead-stone estimator for a finished position: what shinpan proposes when a record does not
//! say which stones are dead (no `--dead`, no `TB`/`TW` marks) — and what a server's
//! stone-removal phase can offer the players as its proposal, for them to agree or correct
//! (rfg 7.2: the players decide).
//!
//! Monte Carlo ownership, as Sabaki's and many servers' estimators do: from the position, both
//! sides play random legal moves that fill neither their own single-point eyes nor their own
//! liberties down to one (so groups with two eyes and groups in seki survive), until both pass;
//! each point is then owned by the colour on it or surrounding it. A chain whose stones end up
//! the opponent's in more than half of the playouts is dead — unless it lives in seki as the
//! count sees it (a point neither side can fill). Deterministic: the playouts' random numbers
//! come from a fixed seed.

use crate::board::Board;
use crate::point::{Color, Point};
use crate::score::{Agreement, score};

/// Playouts per colour to move first.
const PLAYOUTS: usize = 64;

/// The stones of `board` estimated dead, every stone of each dead chain, sorted.
pub fn estimate_dead(board: &Board) -> Vec<Point> {
    let size = board.size() as usize;
    let at = |p: Point| p.row as usize * size + p.col as usize;
    // Opponent ownership counts per point.
    let mut owned_by_black = vec![0u32; size * size];
    let mut owned_by_white = vec![0u32; size * size];
    let mut rng = 0x9E37_79B9_7F4A_7C15u64 ^ board.hash();
    let total = 2 * PLAYOUTS;
    for k in 0..total {
        let first = if k % 2 == 0 { Color::Black } else { Color::White };
        let end = playout(board, first, &mut rng);
        for p in end.points() {
            match owner(&end, p) {
                Some(Color::Black) => owned_by_black[at(p)] += 1,
                Some(Color::White) => owned_by_white[at(p)] += 1,
                None => {}
            }
        }
    }
    // Chains in seki as the count sees them are alive whatever the playouts did.
    let seki: Vec<Point> = score(board, 0.0, 0, &Agreement::default()).map(|s| s.seki).unwrap_or_default();
    let mut seen = vec![false; size * size];
    let mut dead = Vec::new();
    for p in board.points() {
        let Some(c) = board.get(p) else { continue };
        if seen[at(p)] {
            continue;
        }
        let chain = board.chain(p);
        for &q in &chain {
            seen[at(q)] = true;
        }
        if chain.iter().any(|q| seki.contains(q)) {
            continue;
        }
        let theirs: u32 =
            chain.iter().map(|&q| if c == Color::Black { owned_by_white[at(q)] } else { owned_by_black[at(q)] }).sum();
        if 2 * theirs as usize > total * chain.len() {
            dead.extend(chain);
        }
    }
    dead.sort();
    dead
}

/// The colour on `p`, or the one colour around an empty `p`.
fn owner(b: &Board, p: Point) -> Option<Color> {
    if let Some(c) = b.get(p) {
        return Some(c);
    }
    let mut around = b.neighbours(p).filter_map(|q| b.get(q));
    let first = around.next()?;
    around.all(|c| c == first).then_some(first)
}

fn next(rng: &mut u64) -> u64 {
    // xorshift64*
    *rng ^= *rng >> 12;
    *rng ^= *rng << 25;
    *rng ^= *rng >> 27;
    rng.wrapping_mul(0x2545_F491_4F6C_DD1D)
}

/// Random play from `board` until both sides pass (or a move limit).
fn playout(board: &Board, first: Color, rng: &mut u64) -> Board {
    let mut b = board.clone();
    let points: Vec<Point> = b.points().collect();
    let n = points.len();
    let mut to_move = first;
    let mut passes = 0;
    for _ in 0..3 * n {
        let start = next(rng) as usize % n;
        let mut played = false;
        for k in 0..n {
            let p = points[(start + k) % n];
            if b.get(p).is_some() || own_eye(&b, p, to_move) || !b.is_legal(to_move, p) {
                continue;
            }
            // Never down to one liberty of one's own: seki and two-eyed groups stay alive.
            if b.liberties_after(to_move, p, 2) < 2 {
                continue;
            }
            b.play(to_move, p).expect("checked legal");
            played = true;
            break;
        }
        passes = if played { 0 } else { passes + 1 };
        if passes == 2 {
            break;
        }
        to_move = to_move.opponent();
    }
    b
}

/// Is empty `p` surrounded by `c`'s stones and the edge?
fn own_eye(b: &Board, p: Point, c: Color) -> bool {
    b.neighbours(p).all(|q| b.get(q) == Some(c))
}
