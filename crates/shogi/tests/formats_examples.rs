//! The example records in `examples/` (played by cshogi, see `scripts/cshogi_formats.py
//! --examples`) read back to what each is meant to show.

use shogi::formats::{self, Format};
use shogi::{EndReason, Handicap, History, IllegalMove, Record, Repetition};
use std::path::Path;

fn example(name: &str) -> (Vec<u8>, Record) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples").join(name);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut records = formats::read(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(records.len(), 1);
    (bytes, records.remove(0))
}

#[test]
fn mate_kif_is_shift_jis_and_ends_in_mate() {
    let (bytes, r) = example("shogi_mate.kif");
    assert!(std::str::from_utf8(&bytes).is_err(), "the .kif example is Shift_JIS");
    assert_eq!(formats::detect(&formats::decode(&bytes).unwrap()), Some(Format::Kif));
    assert_eq!(r.end.as_ref().unwrap().reason, EndReason::Checkmate);
    assert!(r.replay().unwrap().iter().all(|(_, v)| v.is_none()), "every move legal");
    assert!(r.final_position().unwrap().is_checkmate());
}

#[test]
fn resign_csa_has_times_and_time_limit() {
    let (_, r) = example("shogi_resign.csa");
    assert_eq!(r.end.as_ref().unwrap().reason, EndReason::Resign);
    assert!(r.moves.iter().all(|m| m.time_ms.is_some()));
    let tc = r.info.time_control.as_ref().unwrap();
    assert_eq!((tc.main_ms, tc.byoyomi_ms), (5_400_000, 60_000));
    assert!(r.replay().unwrap().iter().all(|(_, v)| v.is_none()));
}

#[test]
fn handicap_kif_is_a_lance_game() {
    let (_, r) = example("shogi_handicap.kif");
    assert_eq!(r.info.handicap, Some(Handicap::Lance));
    assert_eq!(r.start, Handicap::Lance.position());
    assert!(r.replay().unwrap().iter().all(|(_, v)| v.is_none()));
}

#[test]
fn sennichite_kif_repeats_four_times() {
    let (_, r) = example("shogi_sennichite.kif");
    assert_eq!(r.end.as_ref().unwrap().reason, EndReason::Sennichite);
    let mut h = History::new(r.start.clone());
    let mut last = None;
    for m in &r.moves {
        last = Some(h.play(m.mv).unwrap());
    }
    assert!(matches!(last, Some(Some(Repetition::Sennichite { .. }))), "{last:?}");
}

#[test]
fn nifu_kif_keeps_the_illegal_drop() {
    let (_, r) = example("shogi_illegal_nifu.kif");
    let verdicts: Vec<_> = r.replay().unwrap().into_iter().map(|(_, v)| v).collect();
    let illegal: Vec<_> = verdicts.iter().enumerate().filter_map(|(i, v)| v.map(|v| (i, v))).collect();
    assert_eq!(illegal.len(), 1, "{illegal:?}");
    assert_eq!(illegal[0].1, IllegalMove::Nifu);
    assert!(illegal[0].0 + 1 < r.moves.len(), "the game went on after the nifu drop");
}
