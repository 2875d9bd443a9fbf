//! Clock properties (issue 4): time is conserved, flag instants are exact, byo-yomi periods
//! reset, Canadian periods count moves; plus one scenario per time-control article.

use arbiter::Side;
use arbiter::clock::{Clock, Overtime, TimeControl};
use proptest::prelude::*;

const S: u64 = 1_000;
const MIN: u64 = 60_000;

fn any_tc() -> impl Strategy<Value = TimeControl> {
    let main = 0u64..600_000;
    let ot = prop_oneof![
        Just(Overtime::None),
        (1_000u64..60_000, 1u32..5).prop_map(|(period_ms, periods)| Overtime::ByoYomi { period_ms, periods }),
        (1u32..10, 10_000u64..300_000).prop_map(|(moves, period_ms)| Overtime::Canadian { moves, period_ms }),
        (0u64..30_000).prop_map(|increment_ms| Overtime::Fischer { increment_ms }),
    ];
    (main, ot, 0u8..3).prop_map(|(main_ms, overtime, round)| TimeControl {
        main_ms,
        overtime,
        round_down_to_minutes: round == 1,
        round_down_to_seconds: round == 2,
    })
}

#[derive(Debug, Clone)]
enum Step {
    Press(u64),
    Pause(u64, u64),
    Add(bool, u64),
}

fn steps() -> impl Strategy<Value = Vec<Step>> {
    prop::collection::vec(
        prop_oneof![
            6 => (0u64..120_000).prop_map(Step::Press),
            1 => (0u64..30_000, 0u64..30_000).prop_map(|(a, b)| Step::Pause(a, b)),
            1 => (any::<bool>(), 0u64..60_000).prop_map(|(s, ms)| Step::Add(s, ms)),
        ],
        0..60,
    )
}

proptest! {
    /// Every millisecond between start and now is on exactly one clock, except paused time.
    #[test]
    fn time_is_conserved(tcs in (any_tc(), any_tc()), steps in steps()) {
        let mut c = Clock::new([tcs.0, tcs.1]);
        c.start(0, Side::Black).unwrap();
        let mut t = 0;
        let mut paused = 0;
        for s in steps {
            match s {
                Step::Press(d) => { t += d; c.press(t).unwrap(); }
                Step::Pause(run, stop) => {
                    t += run; c.pause(t).unwrap(); t += stop; paused += stop; c.resume(t).unwrap();
                }
                Step::Add(b, ms) => { c.add_time(t, if b { Side::Black } else { Side::White }, ms).unwrap(); }
            }
        }
        t += 1; c.press(t).unwrap();
        let spent = c.side(Side::Black).spent_ms + c.side(Side::White).spent_ms;
        prop_assert_eq!(spent + paused, t);
    }

    /// Without overtime or rounding, main time left + time spent = main time + credits, until
    /// the flag falls (sudden death; Fischer with CSA crediting, fesa-2017 8.2).
    #[test]
    fn main_time_is_conserved(main in 1u64..600_000, inc in 0u64..20_000, fischer in any::<bool>(),
                              moves in prop::collection::vec(0u64..60_000, 0..40)) {
        let tc = if fischer { TimeControl::fischer(main, inc) } else { TimeControl::sudden_death(main) };
        let mut c = Clock::same(tc);
        c.start(0, Side::Black).unwrap();
        let mut t = 0;
        for d in moves {
            t += d;
            c.press(t).unwrap();
        }
        for side in Side::ALL {
            let s = c.side(side);
            if s.flag_fell_at.is_none() {
                prop_assert_eq!(s.main_ms + s.spent_ms, main + s.credited_ms);
            }
        }
    }

    /// The time runs out exactly at `flag_at`: a press at that instant is still in time (a move
    /// that takes the whole byo-yomi is in time, as shogi servers count), a press one
    /// millisecond later is not, and the flag is reported at that instant.
    #[test]
    fn flag_instant_is_exact(tcs in (any_tc(), any_tc()), moves in prop::collection::vec(0u64..90_000, 0..30)) {
        let mut c = Clock::new([tcs.0, tcs.1]);
        c.start(0, Side::Black).unwrap();
        let mut t = 0;
        for d in moves {
            if let Some(f) = c.flag_at() {
                prop_assert!(f >= t);
                let mut at_limit = c.clone();
                prop_assert_eq!(at_limit.press(f).unwrap().flag_fell_at, None);
                prop_assert_eq!(c.flag_fallen(c.turn().unwrap(), f), None);
                let mut late = c.clone();
                prop_assert_eq!(late.press(f + 1).unwrap().flag_fell_at, Some(f));
                let mut later = c.clone();
                prop_assert_eq!(later.press(f + 12_345).unwrap().flag_fell_at, Some(f));
                prop_assert_eq!(c.flag_fallen(c.turn().unwrap(), f + 1), Some(f));
            }
            t += d;
            c.press(t).unwrap();
        }
    }

    /// Japanese byo-yomi: a move inside the period keeps every period; each period overrun is
    /// used up (ufs-2016 7.3–7.4).
    #[test]
    fn byoyomi_periods_reset(period in 1_000u64..60_000, periods in 1u32..5,
                             moves in prop::collection::vec(0u64..200_000, 1..30)) {
        let mut c = Clock::same(TimeControl::byoyomi(0, period, periods));
        c.start(0, Side::Black).unwrap();
        let mut t = 0;
        for d in moves {
            let side = c.turn().unwrap();
            let before = c.side(side).periods().unwrap();
            t += d;
            let r = c.press(t).unwrap();
            let used = (d / period) as u32;
            if before == 0 || r.flag_fell_at.is_some() {
                prop_assert!(used >= before);
                prop_assert_eq!(c.side(side).periods().unwrap(), 0);
            } else {
                prop_assert_eq!(c.side(side).periods().unwrap(), before - used);
                // Next time, the full remaining periods are available again.
                prop_assert_eq!(c.remaining(side, t), period * (before - used) as u64);
            }
        }
    }

    /// Canadian byo-yomi: a fresh period after every `moves` moves made in time (rfg 12.2).
    #[test]
    fn canadian_periods_count_moves(n in 1u32..8, period in 60_000u64..300_000,
                                    moves in prop::collection::vec(0u64..20_000, 1..60)) {
        let mut c = Clock::new([TimeControl::canadian(0, n, period), TimeControl::sudden_death(10 * 60 * MIN)]);
        c.start(0, Side::Black).unwrap();
        let mut t = 0;
        let mut made = 0u32;
        let mut used_in_period = 0u64;
        for d in moves {
            t += d;
            let r = c.press(t).unwrap();
            if r.flag_fell_at.is_some() { break; }
            made += 1;
            used_in_period += d;
            if made == n { made = 0; used_in_period = 0; }
            let s = c.side(Side::Black);
            prop_assert_eq!(s.canadian_period(), Some((n - made, period - used_in_period)));
            t += 1; c.press(t).unwrap(); // White's move
        }
    }
}

#[test]
fn sudden_death_flag_at_main_time() {
    let mut c = Clock::same(TimeControl::sudden_death(10 * MIN));
    c.start(5_000, Side::Black).unwrap();
    assert_eq!(c.flag_at(), Some(5_000 + 10 * MIN));
}

#[test]
fn fischer_increment_is_credited_before_the_move_fesa_8_2() {
    let mut c = Clock::same(TimeControl::fischer(MIN, 10 * S));
    c.start(0, Side::Black).unwrap();
    // CSA semantics: the first move already has main + increment.
    assert_eq!(c.flag_at(), Some(70 * S));
    c.press(65 * S).unwrap();
    assert_eq!(c.side(Side::Black).main_ms, 5 * S);
    assert_eq!(c.flag_at(), Some(65 * S + 70 * S));
}

#[test]
fn rounding_down_to_whole_minutes_chapter() {
    let mut tc = TimeControl::byoyomi(10 * MIN, MIN, 1);
    tc.round_down_to_minutes = true;
    let mut c = Clock::same(tc);
    c.start(0, Side::Black).unwrap();
    c.press(59 * S).unwrap(); // under a minute: not counted
    assert_eq!(c.side(Side::Black).main_ms, 10 * MIN);
    c.press(60 * S).unwrap();
    c.press(60 * S + 2 * MIN + 30 * S).unwrap(); // 2:30 → 2 minutes
    assert_eq!(c.side(Side::Black).main_ms, 8 * MIN);
}

#[test]
fn rounding_down_to_whole_seconds_as_csa_servers_do() {
    // shogi-server's "least time 0" clock, name-60-10: the fraction of a second is free, and a
    // client adding up the echoed whole seconds knows its time exactly.
    let mut tc = TimeControl::byoyomi(60 * S, 10 * S, 1);
    tc.round_down_to_seconds = true;
    let mut c = Clock::same(tc);
    c.start(0, Side::Black).unwrap();
    let mv = c.press(9_999).unwrap();
    assert_eq!(mv.elapsed_ms, 9_999);
    assert_eq!(c.side(Side::Black).main_ms, 51 * S);
    c.press(9_999 + 500).unwrap(); // White: half a second, not charged
    assert_eq!(c.side(Side::White).main_ms, 60 * S);
    // Black's flag: 51 s of main time and the 10 s byo-yomi, at the exact instant.
    assert_eq!(c.flag_at(), Some(10_499 + 61 * S));
    c.press(10_499 + 61 * S).unwrap();
    assert_eq!(c.side(Side::Black).flag_fell_at, None);
    assert_eq!(c.side(Side::Black).main_ms, 0);
}

#[test]
fn per_side_settings_and_pause() {
    let mut c = Clock::new([TimeControl::sudden_death(MIN), TimeControl::byoyomi(0, 30 * S, 1)]);
    c.start(0, Side::Black).unwrap();
    c.pause(10 * S).unwrap();
    assert_eq!(c.flag_at(), None);
    c.resume(100 * S).unwrap();
    assert_eq!(c.flag_at(), Some(150 * S));
    c.press(110 * S).unwrap();
    assert_eq!(c.flag_at(), Some(140 * S));
}

#[test]
fn penalties_add_and_deduct_fesa_13_4() {
    let mut c = Clock::same(TimeControl::sudden_death(5 * MIN));
    c.start(0, Side::Black).unwrap();
    c.add_time(MIN, Side::White, 2 * MIN).unwrap();
    assert_eq!(c.side(Side::White).main_ms, 7 * MIN);
    c.deduct_time(2 * MIN, Side::Black, 4 * MIN).unwrap();
    // Black had used 2 of 5 minutes; 4 taken leaves nothing: his flag falls now.
    assert_eq!(c.flag_fallen(Side::Black, 2 * MIN), Some(2 * MIN));
    // No more than 30 days of main time is given (an arbiter's u64::MAX once wrapped round).
    c.add_time(3 * MIN, Side::White, u64::MAX).unwrap();
    assert_eq!(c.side(Side::White).main_ms, arbiter::clock::MAX_TIME_MS);
    assert_eq!(c.side(Side::White).credited_ms, 2 * MIN + arbiter::clock::MAX_TIME_MS - 7 * MIN);
}

#[test]
fn time_going_back_is_an_error() {
    let mut c = Clock::same(TimeControl::sudden_death(MIN));
    c.start(10, Side::Black).unwrap();
    assert!(c.press(5).is_err());
}

#[test]
fn rfg_13_4_handing_the_turn_over_charges_the_running_side_without_a_move() {
    let mut c = Clock::same(TimeControl::canadian(10 * S, 2, 20 * S));
    c.start(0, Side::Black).unwrap();
    // Black's turn is handed to White after 15 s: main time gone, 5 s of the period used, no
    // stone of the period counted.
    assert_eq!(c.hand_over(15 * S, Side::White).unwrap(), None);
    let b = c.side(Side::Black);
    assert_eq!((b.main_ms, b.canadian_period(), b.moves, b.spent_ms), (0, Some((2, 15 * S)), 0, 15 * S));
    assert_eq!(c.turn(), Some(Side::White));
    // Handing over to the side already on turn changes nothing.
    assert_eq!(c.hand_over(16 * S, Side::White).unwrap(), None);
    assert_eq!(c.remaining(Side::White, 16 * S), 29 * S);
    // While paused the turn moves too and the new side's clock runs from the resume.
    c.pause(17 * S).unwrap();
    c.hand_over(50 * S, Side::Black).unwrap();
    assert_eq!(c.side(Side::White).spent_ms, 2 * S);
    c.resume(60 * S).unwrap();
    assert_eq!(c.remaining(Side::Black, 61 * S), 14 * S);
    // An overrun while the turn is handed over is a flag at its exact instant.
    assert_eq!(c.hand_over(100 * S, Side::White).unwrap(), Some(75 * S));
}
