//! SFEN validation (each error names what is wrong and where) and USI reading/writing.

use shogi::sfen::SfenErrorKind;
use shogi::usi::{UsiError, parse_position_command, position_command};
use shogi::{Color, IllegalMove, Move, Position, PositionError, STARTPOS};

fn err(sfen: &str) -> shogi::SfenError {
    Position::from_sfen(sfen).expect_err(sfen)
}

#[test]
fn canonical_round_trip_and_defaults() {
    let p = Position::from_sfen("sfen  lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -").unwrap();
    assert_eq!(p.to_sfen(), STARTPOS);
    // Hands are written in the canonical order R B G S N L P, sente first.
    let p = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b p2PLbNSGRr 7").unwrap();
    assert_eq!(p.to_sfen(), "4k4/9/9/9/9/9/9/9/4K4 b RGSNL2Prbp 7");
}

#[test]
fn board_shape_errors_have_columns() {
    let e = err("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1");
    assert_eq!(e.kind, SfenErrorKind::RankCount(8));
    let e = err("lnsgkgsnl/1r5b1/ppppppppp/9/9/8/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
    assert!(matches!(e.kind, SfenErrorKind::RankWidth { rank: 'f', files: 8 }), "{e}");
    let e = err("lnsgkgsnl/1r5b1/ppppxpppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
    assert_eq!(e.kind, SfenErrorKind::BoardChar('x'));
    assert_eq!(e.column, 21);
    let e = err("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG+KGSNL b - 1");
    assert_eq!(e.kind, SfenErrorKind::BadPromotion);
    let e = err(&STARTPOS.replace(" b ", " x "));
    assert!(matches!(e.kind, SfenErrorKind::Side(_)));
    assert_eq!(e.column, 59);
}

#[test]
fn invalid_positions_name_the_rule() {
    let invalid = |sfen: &str| match err(sfen).kind {
        SfenErrorKind::Invalid(e) => e,
        other => panic!("{sfen}: {other:?}"),
    };
    assert_eq!(invalid("9/9/9/9/9/9/9/9/4K4 b - 1"), PositionError::KingCount { color: Color::White, count: 0 });
    assert_eq!(invalid("3kk4/9/9/9/9/9/9/9/4K4 b - 1"), PositionError::KingCount { color: Color::White, count: 2 });
    assert!(matches!(invalid("P3k4/9/9/9/9/9/9/9/4K4 b - 1"), PositionError::DeadPiece { .. }));
    assert!(matches!(invalid("4k4/N8/9/9/9/9/9/9/4K4 b - 1"), PositionError::DeadPiece { .. }));
    assert!(matches!(invalid("4k4/9/9/9/9/9/9/9/p3K4 b - 1"), PositionError::DeadPiece { .. }));
    assert_eq!(invalid("4k4/9/9/P8/9/P8/9/9/4K4 b - 1"), PositionError::Nifu { color: Color::Black, file: 9 });
    assert!(matches!(invalid("4k4/9/9/9/9/9/9/R8/4K4 b Rr 1"), PositionError::TooManyPieces { count: 3, max: 2, .. }));
    // The side not to move may not be in check.
    assert!(matches!(
        invalid("4k4/4R4/9/9/9/9/9/9/4K4 b - 1"),
        PositionError::OpponentInCheck { color: Color::White, .. }
    ));
    // Promoted pieces on the last rank are fine; tokin do not count for nifu.
    assert!(Position::from_sfen("+P3k4/9/9/P8/9/9/9/9/4K4 b - 1").is_ok());
}

#[test]
fn hand_errors() {
    assert!(matches!(err("4k4/9/9/9/9/9/9/9/4K4 b 19P 1").kind, SfenErrorKind::Hand(_)));
    assert!(matches!(err("4k4/9/9/9/9/9/9/9/4K4 b 2 1").kind, SfenErrorKind::Hand(_)));
    assert!(matches!(err("4k4/9/9/9/9/9/9/9/4K4 b K 1").kind, SfenErrorKind::Invalid(PositionError::KingInHand)));
}

#[test]
fn usi_moves_parse_and_print() {
    for text in ["7g7f", "8h2b+", "P*5e", "R*1a", "1a9i+"] {
        assert_eq!(Move::from_usi(text).unwrap().to_string(), text);
    }
    for bad in ["", "7g7g", "K*5e", "+K*5e", "+G*5e", "p*5e", "0a1a", "7g7j", "7g7f=", "7g7f++", "7g7f+-", "P*5"] {
        assert_eq!(Move::from_usi(bad), None, "{bad}");
    }
    // shinpan's spellings of the acts USI cannot write (a scoresheet can): a drop promoted side
    // up and a promoted piece put down unpromoted (fesa-2017 3.2).
    for text in ["+P*5e", "+R*1a", "2h2b-"] {
        assert_eq!(Move::from_usi(text).unwrap().to_string(), text);
    }
    assert_eq!(
        Move::from_usi("+P*5e"),
        Some(Move::Drop { kind: shogi::PieceKind::ProPawn, to: shogi::Square::from_usi("5e").unwrap() })
    );
}

#[test]
fn position_command_checks_each_move() {
    let g = parse_position_command("position startpos moves 7g7f 3c3d 8h2b+").unwrap();
    assert_eq!(g.moves.len(), 3);
    assert_eq!(position_command(&g.start, &g.moves), "position startpos moves 7g7f 3c3d 8h2b+");
    let e = parse_position_command("position startpos moves 7g7f 7g7f").unwrap_err();
    assert!(matches!(e, UsiError::Illegal { number: 2, column: 30, reason: IllegalMove::NoPiece(_), .. }), "{e}");
    let e = parse_position_command("position startpos moves 7g7f xyz").unwrap_err();
    assert!(matches!(e, UsiError::Syntax { column: 30, .. }), "{e}");
    let g = parse_position_command("position sfen 7pk/7s1/9/7N1/9/9/9/9/4K4 b P 1 moves P*2c").unwrap();
    assert_eq!(g.current().to_sfen(), "7pk/7s1/7P1/7N1/9/9/9/9/4K4 w - 2");
    let e = parse_position_command("position sfen 7pk/7s1/9/7N1/9/9/9/9/4K4 b P 1 moves P*1b").unwrap_err();
    assert!(matches!(e, UsiError::Illegal { reason: IllegalMove::Uchifuzume, .. }), "{e}");
    let e = parse_position_command("position sfen 9/9/9/9/9/9/9/9/4K4 b - 1").unwrap_err();
    assert!(matches!(e, UsiError::Sfen(_)), "{e}");
}
