//! Multi-game files through every writer (issue 19): each output reads back as the games that
//! went in, or the writer refuses to put several games where its format holds one, and what a
//! format drops is said in a warning.

use arbiter::RecordFormat;
use arbiter::records::{ConvertError, GameRecord, convert};
use shogi::Record;

/// Three games in one CSA file (`/` between them): times, results, a handicap start, names.
const CSA: &str = "V2.2\nN+Sente A\nN-Gote A\nPI\n+\n+7776FU,T12\n-3334FU,T5\n+8822UM,T3\n-3122GI,T7\n%TORYO,T4\n/\nV2.2\nN+Sente B\nN-Gote B\nPI82HI22KA\n-\n-3334FU,T1\n+7776FU,T2\n%CHUDAN\n/\nV2.2\nPI\n+\n+2726FU,T10\n-8384FU,T11\n+2625FU,T12\n-8485FU,T13\n%SENNICHITE\n";

fn games(record: &GameRecord) -> &[Record] {
    match record {
        GameRecord::Shogi(games) => games,
        GameRecord::Go(_) => panic!("a shogi record"),
    }
}

fn moves(r: &Record) -> Vec<String> {
    r.moves.iter().map(|m| m.mv.to_string()).collect()
}

#[test]
fn every_writer_of_several_games_reads_back_or_refuses() {
    let read = GameRecord::read(CSA.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    let original = games(&read);
    assert_eq!(original.len(), 3);
    for to in [
        RecordFormat::Csa,
        RecordFormat::Usi,
        RecordFormat::Sfen,
        RecordFormat::Kif,
        RecordFormat::Ki2,
        RecordFormat::Western,
    ] {
        let converted = match convert(&read, to) {
            Ok(c) => c,
            Err(ConvertError::SeveralGames { games: 3, .. }) => {
                assert!(matches!(to, RecordFormat::Kif | RecordFormat::Ki2 | RecordFormat::Western), "{to:?} refused");
                continue;
            }
            Err(e) => panic!("{to:?}: {e}"),
        };
        let back = GameRecord::read(converted.text.as_bytes()).unwrap_or_else(|e| panic!("{to:?}: {e}"));
        let back = games(&back);
        assert_eq!(back.len(), 3, "{to:?}: every game reads back");
        for (i, (b, o)) in back.iter().zip(original).enumerate() {
            match to {
                // SFEN holds each game's final position, and says it drops the moves.
                RecordFormat::Sfen => {
                    assert_eq!(b.start.to_sfen(), o.final_position().unwrap().to_sfen(), "game {}", i + 1);
                }
                _ => {
                    assert_eq!(b.start.to_sfen(), o.start.to_sfen(), "{to:?} game {}", i + 1);
                    assert_eq!(moves(b), moves(o), "{to:?} game {}", i + 1);
                    assert_eq!(
                        b.end.as_ref().map(|e| &e.reason),
                        o.end.as_ref().map(|e| &e.reason),
                        "{to:?} game {}",
                        i + 1
                    );
                }
            }
            if to == RecordFormat::Csa {
                let times = |r: &Record| r.moves.iter().map(|m| m.time_ms).collect::<Vec<_>>();
                assert_eq!(times(b), times(o), "CSA keeps the times, game {}", i + 1);
                assert_eq!(b.info.black, o.info.black, "CSA keeps the names, game {}", i + 1);
            }
        }
        match to {
            RecordFormat::Csa => assert!(converted.warnings.is_empty(), "{:?}", converted.warnings),
            // USI keeps the moves and the result words but not times or names: it says so.
            RecordFormat::Usi => {
                assert!(converted.warnings.iter().any(|w| w.contains("time")), "{:?}", converted.warnings)
            }
            _ => {
                let w = &converted.warnings;
                assert!(w.iter().any(|w| w.contains("moves")) && w.iter().any(|w| w.contains("result")), "{w:?}")
            }
        }
    }
}
