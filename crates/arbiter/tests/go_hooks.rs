//! The referee is game-agnostic: a toy game exercises the hooks the rfg clock rules use,
//! apart from any board (the real Go game's tests are in `go_game.rs`).

use arbiter::clock::{Clock, TimeControl};
use arbiter::referee::{Acted, Fault, Played};
use arbiter::*;

/// Players alternately name numbers; 0 is illegal; passing the turn is allowed.
#[derive(Debug, Clone, Default)]
struct Toy {
    moves: Vec<u32>,
    forfeits: u32,
}

impl Game for Toy {
    /// No rules of its own: any ruleset's game-agnostic policies over `()`.
    type Rules = ();
    type Move = u32;
    type Action = ();
    fn name(&self) -> &'static str {
        "toy"
    }
    fn to_move(&self) -> Side {
        if self.moves.len() as u32 % 2 == self.forfeits % 2 { Side::Black } else { Side::White }
    }
    fn ply(&self) -> usize {
        self.moves.len()
    }
    fn judge(&self, mv: &u32, _: &Ruleset<Self::Rules>) -> Result<Option<Fault>, Refusal> {
        Ok((*mv == 0).then(|| Fault { article: "toy 1".into(), detail: "zero".into() }))
    }
    fn play(&mut self, mv: &u32, _: &Ruleset<Self::Rules>) -> Played {
        self.moves.push(*mv);
        Played { fault: None, end: None }
    }
    fn restore(&mut self, ply: usize) {
        self.moves.truncate(ply);
    }
    fn still_illegal(&self, _: Side, _: &Ruleset<Self::Rules>) -> Option<Fault> {
        None
    }
    fn forfeit_turn(&mut self) -> bool {
        self.forfeits += 1;
        true
    }
    fn act(&mut self, _: Side, _: &(), _: &Ruleset<Self::Rules>, _: bool) -> Result<Acted, Refusal> {
        Err(Refusal::NoTurnToLose)
    }
}

const S: u64 = 1_000;

fn rfg() -> Ruleset<()> {
    GoRuleset::by_id(RulesetId::Rfg).unwrap().with_game(())
}

fn fesa() -> Ruleset<()> {
    ShogiRuleset::by_id(RulesetId::Fesa2017).unwrap().with_game(())
}

#[test]
fn rfg_12_16_byoyomi_not_respected_the_turn_passes() {
    let clock = Clock::same(TimeControl::byoyomi(0, 30 * S, 1));
    let mut r = Referee::new(rfg(), Mode::Enforced, Toy::default(), Some(clock), Players::default());
    r.submit(Event::Start { t: 0 });
    // 30 s exactly is still in time (Clock::flag_at); a millisecond later the turn passes.
    assert_eq!(r.submit(Event::Tick { t: 30 * S }), Answer::Accepted);
    assert_eq!(r.game().to_move(), Side::Black);
    assert_eq!(r.submit(Event::Tick { t: 30 * S + 1 }), Answer::Accepted);
    assert_eq!(r.outcome(), None, "no loss: the turn passed");
    assert_eq!(r.game().to_move(), Side::White);
    assert_eq!(r.clock().unwrap().turn(), Some(Side::White));
    assert_eq!(r.violations()[0].article, "rfg 12.16");
    // White moves in time; Black has his 30 s again.
    assert_eq!(r.submit(Event::Move { t: 45 * S, mv: 7, side: None }), Answer::Accepted);
    assert_eq!(r.clock().unwrap().flag_at(), Some(75 * S));
}

#[test]
fn rfg_12_15_canadian_period_not_completed_loses() {
    let clock = Clock::same(TimeControl::canadian(0, 2, 60 * S));
    let mut r = Referee::new(rfg(), Mode::Enforced, Toy::default(), Some(clock), Players::default());
    r.submit(Event::Start { t: 0 });
    r.submit(Event::Move { t: 50 * S, mv: 1, side: None });
    r.submit(Event::Move { t: 51 * S, mv: 2, side: None });
    // Black has 10 s left for his second move of the period.
    refused(r.submit(Event::Move { t: 62 * S, mv: 3, side: None }));
    let o = r.outcome().unwrap();
    assert_eq!((o.result, o.reason), (GameResult::WhiteWin, Reason::TimeUp));
}

#[test]
fn shogi_rulesets_never_pass_the_turn() {
    let clock = Clock::same(TimeControl::byoyomi(0, 30 * S, 1));
    let mut r = Referee::new(fesa(), Mode::Enforced, Toy::default(), Some(clock), Players::default());
    r.submit(Event::Start { t: 0 });
    r.submit(Event::Tick { t: 30 * S + 1 });
    assert_eq!(r.outcome().unwrap().reason, Reason::TimeUp);
}

#[track_caller]
fn refused(a: Answer) {
    assert!(matches!(a, Answer::Refused { .. }), "{a:?}");
}
