//! Self-consistency over random games (proptest): the incremental state equals a recomputation,
//! make/unmake restores the position, `check_move` agrees with the generator on every candidate
//! move, `gives_check` agrees with playing the move, and SFEN round-trips.

use proptest::prelude::*;
use shogi::{Color, Handicap, Move, PieceKind, Position, Square};

fn all_candidates() -> Vec<Move> {
    let mut v = Vec::new();
    for from in Square::all() {
        for to in Square::all() {
            if from != to {
                v.push(Move::Board { from, to, promote: false });
                v.push(Move::Board { from, to, promote: true });
            }
        }
    }
    for kind in PieceKind::HAND {
        for to in Square::all() {
            v.push(Move::Drop { kind, to });
        }
    }
    v
}

fn check_position(pos: &Position, candidates: &[Move]) {
    // Recomputed from scratch by the validating constructor.
    let fresh = Position::from_sfen(&pos.to_sfen()).expect("positions reached by legal play are valid");
    assert_eq!(fresh, *pos, "SFEN round trip");
    assert_eq!(fresh.hash(), pos.hash(), "incremental hash of {pos}");
    assert_eq!(fresh.checkers(), pos.checkers(), "incremental checkers of {pos}");
    assert_eq!(fresh.occupied(), pos.occupied());
    for c in Color::ALL {
        assert_eq!(fresh.by_color(c), pos.by_color(c));
    }
    for k in PieceKind::ALL {
        assert_eq!(fresh.by_kind(k), pos.by_kind(k));
    }
    let legal = pos.legal_moves();
    assert_eq!(legal.len(), pos.count_legal_moves());
    for &mv in candidates {
        let generated = legal.contains(&mv);
        assert_eq!(pos.is_legal(mv), generated, "{mv} in {pos}: check_move {:?}", pos.check_move(mv));
    }
    for &mv in &legal {
        let mut p = pos.clone();
        let undo = p.play_unchecked(mv);
        assert_eq!(pos.gives_check(mv), p.is_check(), "gives_check {mv} in {pos}");
        p.undo_unchecked(mv, undo);
        assert_eq!(p, *pos, "undo {mv}");
        assert_eq!(p.hash(), pos.hash());
        assert_eq!(p.checkers(), pos.checkers());
    }
    assert_eq!(pos.is_checkmate(), pos.is_check() && legal.is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_games_stay_consistent(start in 0usize..Handicap::ALL.len(), choices in prop::collection::vec(any::<u32>(), 1..120)) {
        let candidates = all_candidates();
        let mut pos = Handicap::ALL[start].position();
        for (i, c) in choices.iter().enumerate() {
            // Full candidate checks on a sample of plies keep the test quick.
            if i % 8 == 0 {
                check_position(&pos, &candidates);
            }
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            // Prefer captures and drops, which exercise hands and the drop rules.
            let captures: Vec<Move> = legal.iter().copied().filter(|m| m.is_drop() || pos.piece_at(m.to()).is_some()).collect();
            let pool: &[Move] = if !captures.is_empty() && c % 3 == 0 { &captures } else { &legal };
            let mv = pool[(*c as usize / 3) % pool.len()];
            pos.play(mv).unwrap();
        }
        check_position(&pos, &candidates);
    }
}
