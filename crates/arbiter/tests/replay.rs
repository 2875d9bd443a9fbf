//! The event log is the game: replaying it — directly or after a JSON round trip — rebuilds
//! every state, refusals included (docs/architecture.md: a game is its ordered event log).

mod common;
use common::*;
use proptest::prelude::*;

fn squares() -> Vec<String> {
    let mut v = Vec::new();
    for f in 1..=9 {
        for r in 'a'..='i' {
            v.push(format!("{f}{r}"));
        }
    }
    v
}

/// Turns random numbers into events against the live referee, so most moves are legal.
fn drive(r: &mut ShogiReferee, script: &[(u8, u16, u16)]) {
    let sq = squares();
    let mut t = 0u64;
    let mut paused = false;
    r.submit(Event::Start { t: 0 });
    for &(kind, choice, dt) in script {
        t += dt as u64 * 10;
        let side = if choice % 2 == 0 { Side::Black } else { Side::White };
        let e = match kind % 16 {
            0..=8 => {
                let legal = r.game().position().legal_moves();
                if legal.is_empty() {
                    Event::Resign { t, side: r.game().to_move() }
                } else {
                    Event::Move { t, mv: ShogiMove(legal[choice as usize % legal.len()]), side: None }
                }
            }
            9 => {
                // Any two squares: impossible, illegal or legal.
                let a = &sq[choice as usize % 81];
                let b = &sq[(choice as usize / 81) % 81];
                let text = format!("{a}{b}{}", if choice % 7 == 0 { "+" } else { "" });
                match Move::from_usi(&text) {
                    Some(m) => Event::Move { t, mv: ShogiMove(m), side: None },
                    None => Event::Tick { t }, // a null move (same square twice) is no move
                }
            }
            10 => Event::Claim { t, side: Some(side), claim: ClaimKind::IllegalMove },
            11 => Event::Claim { t, side: Some(side), claim: ClaimKind::Flag },
            12 => {
                paused = !paused;
                if paused { Event::Pause { t } } else { Event::Resume { t } }
            }
            13 => Event::Tick { t },
            14 => Event::Game {
                t,
                side,
                action: [ShogiAction::ProposeImpasse, ShogiAction::AcceptImpasse, ShogiAction::Declare]
                    [choice as usize % 3]
                    .clone(),
            },
            _ => {
                if choice % 5 == 0 {
                    Event::Resign { t, side }
                } else {
                    Event::Decision { t, decision: Decision::Restore { ply: (choice as usize) % (r.game().ply() + 1) } }
                }
            }
        };
        r.submit(e);
    }
}

fn setup(rules_i: u8, enforced: bool) -> (ShogiRuleset, Mode, Clock) {
    let rules = [fesa(), ufs(), pl(), rfg_on_shogi()][rules_i as usize % 4].clone();
    let mode = if enforced { Mode::Enforced } else { Mode::Recorded };
    let clock = Clock::new([TimeControl::byoyomi(3 * MIN, 10 * S, 2), TimeControl::fischer(2 * MIN, 5 * S)]);
    (rules, mode, clock)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]
    #[test]
    fn replaying_the_log_gives_the_same_state(
        rules_i in 0u8..4, enforced in any::<bool>(),
        script in prop::collection::vec((0u8..16, any::<u16>(), 0u16..2_000), 0..150),
    ) {
        let (rules, mode, clock) = setup(rules_i, enforced);
        let mut r = Referee::new(rules.clone(), mode, ShogiGame::startpos(), Some(clock.clone()), Players::default());
        drive(&mut r, &script);
        let events: Vec<ShogiEvent> = r.events().cloned().collect();
        let again = Referee::replay(rules.clone(), mode, ShogiGame::startpos(), Some(clock.clone()), Players::default(), events.clone());
        prop_assert_eq!(again.snapshot(), r.snapshot());
        prop_assert_eq!(again.game().position().to_sfen(), r.game().position().to_sfen());

        let json = serde_json::to_string(&events).unwrap();
        let back: Vec<ShogiEvent> = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&back, &events);
        let from_json = Referee::replay(rules, mode, ShogiGame::startpos(), Some(clock), Players::default(), back);
        prop_assert_eq!(from_json.snapshot(), r.snapshot());
    }

    /// Every prefix of the log replays to the state the referee had at that point.
    #[test]
    fn every_prefix_replays(script in prop::collection::vec((0u8..16, any::<u16>(), 0u16..2_000), 0..60)) {
        let (rules, mode, clock) = setup(0, false);
        let mut r = Referee::new(rules.clone(), mode, ShogiGame::startpos(), Some(clock.clone()), Players::default());
        let mut states = vec![];
        let mut live = Referee::new(rules.clone(), mode, ShogiGame::startpos(), Some(clock.clone()), Players::default());
        drive(&mut r, &script);
        for e in r.events().cloned() {
            live.submit(e);
            states.push(live.snapshot());
        }
        let events: Vec<ShogiEvent> = r.events().cloned().collect();
        for (n, s) in states.iter().enumerate() {
            let p = Referee::replay(rules.clone(), mode, ShogiGame::startpos(), Some(clock.clone()), Players::default(), events[..=n].to_vec());
            prop_assert_eq!(&p.snapshot(), s);
        }
    }
}
