//! Records export the event log with times: adjudicating the exported record gives the outcome
//! the referee reached live.

mod common;
use common::*;

#[track_caller]
fn round_trip(r: &ShogiReferee) {
    let o = outcome(r);
    let rec = r.to_record();
    let v = adjudicate(&rec, r.rules());
    assert_eq!((v.result, v.reason, v.ply), (o.result, Some(o.reason), o.ply), "{}", v.human());
    assert_eq!(rec.moves.len(), r.game().ply());
    assert!(rec.moves.iter().all(|m| m.time_ms.is_some()));
}

fn clocked(rules: ShogiRuleset, sfen: Option<&str>) -> ShogiReferee {
    let mut r = referee(rules, Mode::Recorded, sfen, Some(Clock::same(TimeControl::byoyomi(10 * MIN, 30 * S, 1))));
    r.submit(Event::Start { t: 0 });
    r
}

#[test]
fn exported_records_adjudicate_to_the_live_outcome() {
    // Mate.
    let mut r = clocked(fesa(), Some("4k4/9/4P4/9/9/9/9/9/4K4 b G 1"));
    play(&mut r, 0, "G*5b");
    round_trip(&r);
    // Resignation, with times kept.
    let mut r = clocked(ufs(), None);
    play(&mut r, 0, "7g7f 3c3d");
    r.submit(Event::Resign { t: 10 * S, side: B });
    round_trip(&r);
    assert_eq!(r.to_record().moves[0].time_ms, Some(S));
    // Sennichite (fesa: replay follow-up) and perpetual check.
    let mut r = clocked(fesa(), None);
    play(&mut r, 0, "2h3h 8b7b 3h2h 7b8b 2h3h 8b7b 3h2h 7b8b 2h3h 8b7b 3h2h 7b8b");
    round_trip(&r);
    let mut r = clocked(pl(), Some("4k4/R8/9/9/9/9/9/9/4K4 b - 1"));
    play(&mut r, 0, "9b9a 5a5b 9a9b 5b5a 9b9a 5a5b 9a9b 5b5a 9b9a 5a5b 9a9b 5b5a");
    round_trip(&r);
    // An illegal move claimed (fesa 9.4) and one that loses by itself (ufs 5.8.3).
    let mut r = clocked(fesa(), None);
    play(&mut r, 0, "7g7e");
    r.submit(Event::Claim { t: 5 * S, side: Some(W), claim: ClaimKind::IllegalMove });
    round_trip(&r);
    let mut r = clocked(ufs(), None);
    play(&mut r, 0, "7g7e");
    round_trip(&r);
    // Time up, claimed.
    let mut r = clocked(fesa(), None);
    play(&mut r, 0, "7g7f");
    r.submit(Event::Claim { t: 11 * MIN, side: Some(B), claim: ClaimKind::Flag });
    round_trip(&r);
    // Declarations that win and that fail.
    for sfen in ["9/RB2K4/PPPPPPPPP/9/9/9/9/4k4/9 b RB4g4s4n4l9p 1", "9/RB7/PPPPPPPPP/4K4/9/9/9/4k4/9 b RB4g4s4n4l9p 1"]
    {
        let mut r = clocked(fesa(), Some(sfen));
        r.submit(Event::Game { t: S, side: B, action: ShogiAction::Declare });
        round_trip(&r);
    }
}

const B: Side = Side::Black;
const W: Side = Side::White;
