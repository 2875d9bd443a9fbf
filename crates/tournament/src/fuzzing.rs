//! Checks shared by the fuzz target `tournament_trf` and the corpus replay test: any input
//! either fails to parse with an error, or parses, writes back to an equal tournament (as text,
//! and as the bytes of a file in its own encoding and line ending), and goes through every
//! pairing system and the standings without panicking.

use crate::formats::{standings as write, trf};
use crate::pairing::{dutch, knockout, mcmahon, round_robin};
use crate::standings;
use crate::standings::tiebreak::{Config, TieBreak, Unplayed};

pub fn trf(data: &[u8]) {
    trf_file(data);
    let text = String::from_utf8_lossy(data);
    let Ok(t) = trf::parse(&text) else { return };
    let again = trf::parse(&trf::write(&t)).expect("written TRF parses");
    // What was read is written back whole: the director's checked write-back accepts it.
    if let Err(e) = crate::director::write_trf(&t) {
        panic!("{e}");
    }
    assert_eq!(again.players.len(), t.players.len());
    for (a, b) in again.players.iter().zip(&t.players) {
        assert_eq!(a.rounds, b.rounds);
    }
    // Keep each input cheap: pairing is polynomial but not free.
    if t.players.len() > 40 || t.rounds_recorded() > 20 {
        return;
    }
    let _ = dutch::pair(&t);
    let _ = dutch::pair_edition(&t, dutch::Edition::Fide2017);
    let _ = mcmahon::pair(&t, &mcmahon::Config::default());
    let _ = round_robin::pair(&t);
    let _ = knockout::pair(&t);
    let order = vec![
        TieBreak::SonnebornBerger,
        TieBreak::DirectEncounter,
        TieBreak::MedianBuchholz,
        TieBreak::Sosos,
        TieBreak::Progressive,
    ];
    for unplayed in [Unplayed::Dummy, Unplayed::Virtual, Unplayed::Fixed(50)] {
        let cfg = Config { order: order.clone(), unplayed, mms0: vec![0; t.players.len()] };
        let rows = standings::compute(&t, &cfg, false);
        let _ = write::to_text(&t, &rows, &order, false);
        let _ = write::to_egf(&t, &rows, false);
    }
}

/// The bytes of a file: what reads writes back in its layout, and the written bytes read and
/// written again are the same bytes.
fn trf_file(data: &[u8]) {
    use crate::director::{read_trf_file, write_trf_file};
    let Ok((t, layout)) = read_trf_file(data) else { return };
    let bytes = write_trf_file(&t, &layout).unwrap_or_else(|e| panic!("{e}"));
    let (again, layout2) = read_trf_file(&bytes).expect("the written file reads");
    assert_eq!((layout2.bom, layout2.line_ending), (layout.bom, layout.line_ending));
    assert_eq!(write_trf_file(&again, &layout2).expect("written again"), bytes);
    assert_eq!(again.players.len(), t.players.len());
    for (a, b) in again.players.iter().zip(&t.players) {
        assert_eq!(a.rounds, b.rounds);
    }
}
