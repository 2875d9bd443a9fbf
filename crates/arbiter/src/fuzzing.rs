//! Entry point shared by the fuzz target (`fuzz/fuzz_targets/arbiter_events.rs`) and the corpus
//! replay test: arbitrary bytes become events — a JSON event list if they parse as one, else a
//! script of 4-byte steps that mostly plays legal moves — fed to referees of every ruleset in
//! both modes. Panics only on a real defect: a panic inside the referee, or a log that does not
//! replay to the same state.

use crate::clock::{Clock, TimeControl};
use crate::ruleset::{GameKind, PenaltyKind, RulesetId, ShogiRuleset};
use crate::{
    ClaimKind, Decision, Event, Game, Mode, Players, Referee, ShogiAction, ShogiEvent, ShogiGame, ShogiMove, Side,
    adjudicate,
};
use shogi::{Move, Position};

const STARTS: [&str; 4] = [
    shogi::STARTPOS,
    "9/RB2K4/PPPPPPPPP/9/9/9/9/4k4/9 b RB4g4s4n4l9p 1",
    "4k4/R8/9/9/9/9/9/9/4K4 b - 1",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPP1/1B5R1/LNSGKGSNL b P 1",
];

pub fn events(data: &[u8]) {
    if let Ok(events) = serde_json::from_slice::<Vec<ShogiEvent>>(data) {
        for rules in shogi_rulesets() {
            for mode in [Mode::Enforced, Mode::Recorded] {
                check(rules.clone(), mode, Position::startpos(), &events);
            }
        }
        return;
    }
    let Some((&head, script)) = data.split_first() else { return };
    let all = shogi_rulesets();
    let rules = all[(head & 3) as usize % all.len()].clone();
    let mode = if head & 4 == 0 { Mode::Enforced } else { Mode::Recorded };
    let start = Position::from_sfen(STARTS[((head >> 3) & 3) as usize]).expect("valid start");
    let mut r = referee(rules.clone(), mode, start.clone());
    let mut t = 0u64;
    for step in script.chunks_exact(4) {
        t += step[3] as u64 * 997;
        let e = event(&r, step, t);
        r.submit(e);
    }
    let events: Vec<ShogiEvent> = r.events().cloned().collect();
    check(rules, mode, start, &events);
}

fn shogi_rulesets() -> Vec<ShogiRuleset> {
    let ids = RulesetId::ALL.into_iter().filter(|id| id.game() == GameKind::Shogi);
    ids.map(|id| ShogiRuleset::by_id(id).expect("a shogi ruleset")).collect()
}

fn referee(rules: ShogiRuleset, mode: Mode, start: Position) -> Referee<ShogiGame> {
    let clock = Clock::new([TimeControl::byoyomi(60_000, 10_000, 2), TimeControl::fischer(45_000, 5_000)]);
    Referee::new(rules, mode, ShogiGame::new(start), Some(clock), Players { rating: [None, Some(300)] })
}

fn event(r: &Referee<ShogiGame>, step: &[u8], t: u64) -> ShogiEvent {
    let (kind, a, b) = (step[0], step[1] as usize, step[2] as usize);
    let side = if a % 2 == 0 { Side::Black } else { Side::White };
    match kind % 20 {
        0..=9 => {
            let legal = r.game().position().legal_moves();
            match legal.get((a << 8 | b) % legal.len().max(1)) {
                Some(&m) => Event::Move { t, mv: ShogiMove(m), side: None },
                None => Event::Resign { t, side: r.game().to_move() },
            }
        }
        10 | 11 => {
            let sq = |i: usize| format!("{}{}", i % 9 + 1, (b'a' + (i / 9 % 9) as u8) as char);
            let text = if kind % 2 == 0 { format!("{}{}", sq(a), sq(b)) } else { format!("P*{}", sq(a)) };
            match Move::from_usi(&text) {
                Some(m) => Event::Move { t, mv: ShogiMove(m), side: None },
                None => Event::Tick { t },
            }
        }
        12 => Event::Claim { t, side: if b == 0 { None } else { Some(side) }, claim: ClaimKind::IllegalMove },
        13 => Event::Claim { t, side: Some(side), claim: ClaimKind::Flag },
        14 => {
            if b % 2 == 0 {
                Event::Pause { t }
            } else {
                Event::Resume { t }
            }
        }
        15 => Event::Game {
            t,
            side,
            action: [
                ShogiAction::Declare,
                ShogiAction::ProposeImpasse,
                ShogiAction::AcceptImpasse,
                ShogiAction::ArbiterImpasseCount,
            ][b % 4]
                .clone(),
        },
        16 => Event::Decision { t, decision: Decision::Restore { ply: b } },
        17 => Event::Decision {
            t,
            decision: Decision::Penalty {
                side,
                penalty: [PenaltyKind::Warning, PenaltyKind::TimeToOpponent, PenaltyKind::TimeTaken, PenaltyKind::Loss]
                    [b % 4],
                ms: (b as u64) * 1_000,
            },
        },
        18 => {
            if b % 3 == 0 {
                Event::Decision { t, decision: Decision::BothFlagsDown }
            } else if b % 3 == 1 {
                // A clock put right either way, by up to ±64 s.
                Event::Decision { t, decision: Decision::AdjustTime { side, ms: (b as i64 - 128) * 500 } }
            } else {
                Event::Arrive { t, side }
            }
        }
        _ => {
            if b % 4 == 0 {
                Event::Resign { t, side }
            } else {
                Event::Tick { t }
            }
        }
    }
}

/// Replays `events` twice (directly and through JSON) and exports the game as a record.
fn check(rules: ShogiRuleset, mode: Mode, start: Position, events: &[ShogiEvent]) {
    let mut a = referee(rules.clone(), mode, start.clone());
    for e in events {
        a.submit(e.clone());
    }
    let json = serde_json::to_string(events).expect("events serialize");
    let back: Vec<ShogiEvent> = serde_json::from_str(&json).expect("serialized events re-read");
    let mut b = referee(rules.clone(), mode, start);
    for e in back {
        b.submit(e);
    }
    assert_eq!(a.snapshot(), b.snapshot(), "the log replays to the same state");
    let v = adjudicate(&a.to_record(), &rules);
    let _ = serde_json::to_string(&v).expect("verdicts serialize");
}

/// Arbitrary bytes as an SGF record adjudicated by `adjudicate_go` (what `shinpan check` runs on
/// Go records) under `rfg`, with no dead stones and with the three points played last marked
/// dead (stones or not — a wrong `--dead` list must be refused, not
/// crash): a record that reads must give a verdict or an error, never a panic.
pub fn sgf_record(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(g) = go::sgf::SgfGame::parse(&text) else { return };
    let rules = crate::GoRuleset::by_id(RulesetId::Rfg).expect("a Go ruleset");
    let _ = crate::adjudicate_go(&g, &rules, None);
    let played: Vec<go::Point> = g.moves().filter_map(|(_, _, p)| p).collect();
    let dead: Vec<go::Point> = played.iter().rev().take(3).copied().collect();
    let _ = crate::adjudicate_go(&g, &rules, Some(&dead));
}
