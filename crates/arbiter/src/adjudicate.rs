//! Adjudicating a shogi record: replay it in recorded mode, check the end word it states against
//! the position instead of trusting it, check its times against its time control, and list every
//! violation with its ply and article (`shinpan check`).

use crate::Side;
use crate::clock::{Clock, Overtime, TimeControl};
use crate::outcome::{GameResult, Reason, Violation, ViolationKind};
use crate::referee::{Answer, ClaimKind, Decision, Event, Game, Mode, Players, Referee};
use crate::ruleset::{GameKind, ShogiRuleset};
use crate::shogi_game::{ShogiAction, ShogiGame, ShogiMove};
use crate::verdict::{Note, NoteKind, Verdict};
use shogi::{EndReason, Record};

/// The clock a record's time control describes. A `$TIME` with both byo-yomi and increment is
/// read as byo-yomi (the CSA server applies byo-yomi once the main time is spent).
pub fn clock_for(tc: &shogi::TimeControl) -> Clock {
    let overtime = if tc.byoyomi_ms > 0 {
        Overtime::ByoYomi { period_ms: tc.byoyomi_ms, periods: 1 }
    } else if tc.increment_ms > 0 {
        Overtime::Fischer { increment_ms: tc.increment_ms }
    } else {
        Overtime::None
    };
    Clock::same(TimeControl {
        main_ms: tc.main_ms,
        overtime,
        round_down_to_minutes: false,
        round_down_to_seconds: false,
    })
}

/// `30 min + 30 s byo-yomi`, `+ 10 s increment`.
fn secs_text(tc: &shogi::TimeControl) -> String {
    let mut s = format!("{} min", tc.main_ms / 60_000);
    if tc.byoyomi_ms > 0 {
        s += &format!(" + {} s byo-yomi", tc.byoyomi_ms / 1000);
    }
    if tc.increment_ms > 0 {
        s += &format!(" + {} s increment", tc.increment_ms / 1000);
    }
    s
}

/// The result a record's end word implies, for the side to move at the end.
fn implied(end: &EndReason, mover: Side) -> Option<GameResult> {
    Some(match end {
        EndReason::Resign | EndReason::Checkmate | EndReason::TimeUp | EndReason::IllegalLoss => {
            GameResult::win(mover.flip())
        }
        EndReason::IllegalWin | EndReason::DeclarationWin => GameResult::win(mover),
        EndReason::IllegalAction(c) => GameResult::win(Side::from(*c).flip()),
        EndReason::Sennichite => GameResult::Draw,
        _ => return None,
    })
}

/// Replays a shogi record under `rules` in recorded mode and returns its verdict.
pub fn adjudicate(record: &Record, rules: &ShogiRuleset) -> Verdict {
    let timed = record.moves.iter().all(|m| m.time_ms.is_some());
    let clock = record.info.time_control.as_ref().filter(|_| timed).map(clock_for);
    let mut extra = Vec::new();
    let mut notes: Vec<Note> = record.notes.iter().map(|n| Note::new(NoteKind::Read, 0, None, n.to_string())).collect();
    if let (Some(tc), Some(min)) = (&record.info.time_control, &rules.game.min_rated_time)
        && !rules.is_rated_time_control(tc.main_ms, tc.byoyomi_ms)
    {
        // Eligibility for rating, not a rule of play: which part of each minimum falls short.
        let short: Vec<String> = min
            .rule
            .iter()
            .map(|m| {
                let mut why = Vec::new();
                if tc.main_ms < m.main_ms {
                    why.push(format!("main time under {} min", m.main_ms / 60_000));
                }
                if tc.byoyomi_ms < m.byoyomi_ms {
                    why.push(format!("byo-yomi under {} s", m.byoyomi_ms / 1000));
                }
                format!("{} min + {} s ({})", m.main_ms / 60_000, m.byoyomi_ms / 1000, why.join(", "))
            })
            .collect();
        let stated = if tc.byoyomi_ms == 0 && tc.increment_ms == 0 {
            format!("{} min, no byo-yomi", tc.main_ms / 60_000)
        } else {
            secs_text(tc)
        };
        notes.push(Note::new(
            NoteKind::NotRatedTimeControl,
            0,
            Some(min.article.clone()),
            format!("not a rated time control: {stated}; a rated game needs one of {}", short.join(" or ")),
        ));
    }
    let mut r =
        Referee::new(rules.clone(), Mode::Recorded, ShogiGame::new(record.start.clone()), clock, Players::default());
    r.submit(Event::Start { t: 0 });
    let mut t = 0u64;
    let mut stopped = false;
    for (i, m) in record.moves.iter().enumerate() {
        t += m.time_ms.unwrap_or(0);
        if let Answer::Refused { reason } = r.submit(Event::Move { t, mv: ShogiMove(m.mv), side: None }) {
            let (why, article) = match r.outcome() {
                Some(o) => (
                    format!("{} move(s) recorded after the game ended at ply {}", record.moves.len() - i, o.ply),
                    o.article.clone().unwrap_or_default(),
                ),
                None => (format!("move {} ({}): {reason}", i + 1, m.mv), String::new()),
            };
            let code = if r.outcome().is_some() { ViolationKind::MovesAfterEnd } else { ViolationKind::ImpossibleMove };
            extra.push(Violation { ply: i + 1, article, reason: code, detail: why });
            stopped = true;
            break;
        }
    }
    if let (Some(end), false) = (&record.end, stopped) {
        t += end.time_ms.unwrap_or(0);
        // A time-up's own time of 0 is no measurement (81Dojo writes `Time-up ( 0:0/)`): the
        // word then says the flag fell, as without a time.
        let timed_end = end.time_ms.is_some_and(|ms| ms > 0 || end.reason != EndReason::TimeUp);
        judge_end_word(&mut r, &end.reason, t, timed_end, &mut extra, &mut notes);
    }
    let mut violations = r.violations().to_vec();
    violations.extend(extra);
    violations.sort_by_key(|v| v.ply);
    let o = r.outcome();
    Verdict {
        game: GameKind::Shogi,
        rules: rules.id,
        result: o.map_or(GameResult::Unfinished, |o| o.result),
        reason: o.map(|o| o.reason),
        article: o.and_then(|o| o.article.clone()),
        ply: o.map_or(r.game().ply(), |o| o.ply),
        violations,
        followup: o.and_then(|o| o.followup.clone()),
        notes,
        go: None,
    }
}

/// Turns the record's end word into the event it stands for, and reports it when the position
/// does not bear it out.
fn judge_end_word(
    r: &mut Referee<ShogiGame>,
    end: &EndReason,
    mut t: u64,
    timed_end: bool,
    out: &mut Vec<Violation>,
    notes: &mut Vec<Note>,
) {
    let mover = r.game().to_move();
    let ply = r.game().ply();
    let rules = r.rules().clone();
    let word = end.kif_word().to_string();
    let mut false_word = |detail: String, article: &str| {
        out.push(Violation { ply, article: article.to_string(), reason: ViolationKind::FalseEndWord, detail });
    };
    if let Some(o) = r.outcome().cloned() {
        // The game already ended; the end word only has to agree with it.
        if let Some(res) = implied(end, mover)
            && res != o.result
        {
            false_word(
                format!(
                    "the record says {word} ({}), but the game ended {} by {}",
                    res.as_str(),
                    o.result.as_str(),
                    o.reason.as_str()
                ),
                o.article.as_deref().unwrap_or(""),
            );
        }
        return;
    }
    let answer = match end {
        EndReason::Resign => r.submit(Event::Resign { t, side: mover }),
        EndReason::Checkmate => {
            false_word(
                format!("the record says {word}, but {mover:?} is not checkmated"),
                &rules.game.articles.checkmate,
            );
            return;
        }
        EndReason::Sennichite => {
            false_word(
                format!("the record says {word}, but no position occurred a fourth time"),
                &rules.game.articles.sennichite,
            );
            return;
        }
        EndReason::TimeUp => match r.clock().cloned() {
            Some(c) => {
                // Without a time on the end, the word itself says the flag fell: at the earliest
                // instant it could have.
                if !timed_end {
                    t = t.max(c.flag_at().map_or(t, |f| f + 1));
                }
                r.submit(Event::Claim { t, side: Some(mover.flip()), claim: ClaimKind::Flag })
            }
            None => r.submit(Event::Decision {
                t,
                decision: Decision::Result {
                    result: GameResult::win(mover.flip()),
                    reason: Reason::TimeUp,
                    article: rules.articles.time_up.clone(),
                },
            }),
        },
        EndReason::IllegalWin | EndReason::IllegalLoss | EndReason::IllegalAction(_) => {
            let loser = match end {
                EndReason::IllegalAction(c) => Side::from(*c),
                EndReason::IllegalWin => mover.flip(),
                _ => mover,
            };
            // A foul of the previous mover is the claim of his illegal move when the sheet
            // shows one (fesa-2017 9.4); otherwise — and for the side to move, whose foul the
            // sheet cannot hold (CSA's %ILLEGAL_MOVE, an illegal action) — the record's statement
            // is taken as the arbiter's decision, and noted.
            if loser == mover.flip()
                && let Answer::Accepted = r.submit(Event::Claim { t, side: Some(mover), claim: ClaimKind::IllegalMove })
            {
                return;
            }
            let article = rules.illegal_move.article.clone();
            notes.push(Note::new(
                NoteKind::StatedFoul,
                ply,
                Some(article.clone()),
                format!("the record says {word}: a foul by {loser:?} that its moves do not show; taken as recorded"),
            ));
            r.submit(Event::Decision {
                t,
                decision: Decision::Result {
                    result: GameResult::win(loser.flip()),
                    reason: Reason::IllegalMove,
                    article,
                },
            })
        }
        EndReason::DeclarationWin => r.submit(Event::Game { t, side: mover, action: ShogiAction::Declare }),
        EndReason::Jishogi => match r.submit(Event::Game { t, side: mover, action: ShogiAction::ProposeImpasse }) {
            Answer::Accepted => r.submit(Event::Game { t, side: mover.flip(), action: ShogiAction::AcceptImpasse }),
            refused => refused,
        },
        EndReason::Draw => match &rules.game.articles.no_agreed_draw {
            Some(a) => {
                false_word(format!("the record says {word}, but agreed draws are not allowed"), a);
                return;
            }
            None => r.submit(Event::Decision {
                t,
                decision: Decision::Result {
                    result: GameResult::Draw,
                    reason: Reason::ArbiterDecision,
                    article: "record".into(),
                },
            }),
        },
        // A server's move limit (CSA Max_Moves; shogi-server and Floodgate draw there): the
        // host's ruling, which no rules text holds, taken as the record states it.
        EndReason::MaxMoves => r.submit(Event::Decision {
            t,
            decision: Decision::Result {
                result: GameResult::Draw,
                reason: Reason::MaxMoves,
                article: crate::MAX_MOVES_ARTICLE.into(),
            },
        }),
        EndReason::Interrupted | EndReason::Sealed | EndReason::NoMate | EndReason::Other(_) => {
            return;
        }
    };
    if let Answer::Refused { reason } = answer {
        false_word(format!("the record says {word}, but: {reason}"), &end_word_article(end, &rules));
    }
}

/// The article of the act an end word states, for a report that the position does not bear
/// it out.
fn end_word_article(end: &EndReason, rules: &ShogiRuleset) -> String {
    let game = &rules.game;
    let article = |c: Option<String>| c.unwrap_or_default();
    match end {
        EndReason::Resign => rules.articles.resignation.clone(),
        EndReason::TimeUp => rules.articles.time_up.clone(),
        EndReason::IllegalWin | EndReason::IllegalLoss | EndReason::IllegalAction(_) => {
            rules.illegal_move.article.clone()
        }
        // The declaration, else the count that stands for it (pl 5.4), and the other way round.
        EndReason::DeclarationWin => article(
            game.declaration
                .as_ref()
                .map(|d| d.article.clone())
                .or(game.impasse_count.as_ref().map(|c| c.article.clone())),
        ),
        EndReason::Jishogi => article(
            game.impasse_count
                .as_ref()
                .map(|c| c.article.clone())
                .or(game.declaration.as_ref().map(|d| d.article.clone())),
        ),
        _ => String::new(),
    }
}
