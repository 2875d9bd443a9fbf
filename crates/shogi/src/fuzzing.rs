//! Entry points shared by the fuzz targets (`fuzz/`) and the corpus-replay tests, so both run
//! exactly the same checks. Each takes arbitrary bytes and panics only on a real defect.

use crate::{Move, Position, usi};

/// SFEN reader: no input panics; whatever parses writes back canonically and re-reads to the
/// same position, and every generated move plays.
pub fn sfen(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(pos) = Position::from_sfen(text) {
        let again = Position::from_sfen(&pos.to_sfen()).expect("canonical SFEN re-reads");
        assert_eq!(pos, again);
        for mv in pos.legal_moves() {
            let mut p = pos.clone();
            p.play(mv).expect("generated moves are legal");
        }
    }
}

/// USI `position` command and move reader: no input panics; an accepted command re-writes
/// canonically and re-reads to the same game.
pub fn usi(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(game) = usi::parse_position_command(text) {
        let canonical = usi::position_command(&game.start, &game.moves);
        let again = usi::parse_position_command(&canonical).expect("canonical command re-reads");
        assert_eq!(game, again);
        let _ = game.current();
    }
    for word in text.split_whitespace() {
        if let Some(mv) = Move::from_usi(word) {
            assert_eq!(Move::from_usi(&mv.to_string()), Some(mv));
        }
    }
}

/// A record reader (`format`) on arbitrary bytes: no input panics; every error names a line and
/// column inside the text; whatever is read writes back canonically and re-reads to the same
/// start and moves.
pub fn record(format: crate::formats::Format, data: &[u8]) {
    use crate::formats;
    let Ok(text) = formats::decode(data) else { return };
    let _ = formats::detect(&text);
    match formats::read_as(format, &text) {
        Ok(records) => {
            for r in records {
                let written = formats::write(format, &r);
                let again = formats::read_as(format, &written)
                    .unwrap_or_else(|e| panic!("canonical {format} does not re-read: {e}\n{written}"));
                assert_eq!(again.len(), 1, "{written}");
                assert_eq!(again[0].start, r.start, "{written}");
                assert_eq!(again[0].move_list(), r.move_list(), "{written}");
            }
        }
        Err(e) => {
            assert!(e.line >= 1 && e.column >= 1, "{e}");
            assert!(e.line <= text.lines().count().max(1), "{e}");
        }
    }
}

pub fn csa(data: &[u8]) {
    record(crate::formats::Format::Csa, data);
}

pub fn kif(data: &[u8]) {
    record(crate::formats::Format::Kif, data);
}

pub fn ki2(data: &[u8]) {
    record(crate::formats::Format::Ki2, data);
}

pub fn western(data: &[u8]) {
    record(crate::formats::Format::Western, data);
}
