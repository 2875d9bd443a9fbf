#![allow(dead_code, unused_imports)]
//! Helpers shared by the referee tests.

pub use arbiter::clock::{Clock, TimeControl};
pub use arbiter::ruleset::Ruleset;
pub use arbiter::*;
pub use shogi::{Move, Position};

pub fn fesa() -> ShogiRuleset {
    ShogiRuleset::by_id(RulesetId::Fesa2017).unwrap()
}
pub fn ufs() -> ShogiRuleset {
    ShogiRuleset::by_id(RulesetId::Ufs2016).unwrap()
}
pub fn pl() -> ShogiRuleset {
    ShogiRuleset::by_id(RulesetId::Pl).unwrap()
}
pub fn rfg() -> GoRuleset {
    GoRuleset::by_id(RulesetId::Rfg).unwrap()
}
/// rfg's game-agnostic policies (13.4 restore, 11 lateness, 12.12 both flags, 12.16 lost turn)
/// over a shogi game standing in for Go.
pub fn rfg_on_shogi() -> ShogiRuleset {
    rfg().with_game(fesa().game)
}

pub const S: u64 = 1_000;
pub const MIN: u64 = 60_000;

pub fn pos(sfen: &str) -> Position {
    Position::from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

pub fn referee(rules: ShogiRuleset, mode: Mode, sfen: Option<&str>, clock: Option<Clock>) -> ShogiReferee {
    let game = ShogiGame::new(sfen.map_or_else(Position::startpos, pos));
    Referee::new(rules, mode, game, clock, Players::default())
}

pub fn mv(t: u64, usi: &str) -> ShogiEvent {
    Event::Move { t, mv: ShogiMove(Move::from_usi(usi).unwrap_or_else(|| panic!("bad USI {usi}"))), side: None }
}

pub fn act(t: u64, side: Side, action: ShogiAction) -> ShogiEvent {
    Event::Game { t, side, action }
}

pub fn claim(t: u64, side: Side, claim: ClaimKind) -> ShogiEvent {
    Event::Claim { t, side: Some(side), claim }
}

/// Plays USI moves one second apart from `t0`, asserting each is accepted.
#[track_caller]
pub fn play(r: &mut ShogiReferee, t0: u64, moves: &str) -> u64 {
    let mut t = t0;
    for m in moves.split_whitespace() {
        t += S;
        let a = r.submit(mv(t, m));
        assert_eq!(a, Answer::Accepted, "{m} at {t}");
    }
    t
}

#[track_caller]
pub fn refused(a: Answer) -> String {
    match a {
        Answer::Refused { reason } => reason.to_string(),
        Answer::Accepted => panic!("expected a refusal"),
    }
}

#[track_caller]
pub fn outcome(r: &ShogiReferee) -> Outcome {
    r.outcome().cloned().expect("the game should have ended")
}

#[track_caller]
pub fn assert_end(r: &ShogiReferee, result: GameResult, reason: Reason, article: &str) -> Outcome {
    let o = outcome(r);
    assert_eq!((o.result, o.reason, o.article.as_deref()), (result, reason, Some(article)), "{o:?}");
    o
}
