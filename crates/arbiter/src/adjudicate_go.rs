//! Adjudicating a Go record (SGF): replay it through the referee ([`GoGame`] under a Go
//! [`Ruleset`], default `rfg`) in recorded mode, check the result it states (`RE[]`) against
//! the position instead of trusting it, and count the position with the agreed dead stones.
//!
//! How the record is read, where SGF and the rules meet:
//! - **Handicap**: `AB` in the root are the handicap stones. `HA[n]` without `AB` means the
//!   fixed placement (rfg 2.2) when White moves first, and free placement when the record opens
//!   with Black's stones as moves: up to `n` leading Black moves are then the placement, not
//!   moves (they still count as record plies). White moves first after handicap stones unless
//!   `PL` says otherwise.
//! - **Komi**: `KM` when the record gives it. Without `KM`, an even game takes the ruleset's
//!   (rfg 9.3: usually 6.5) and a handicap game none: komi compensates Black's first move
//!   (9.3 commentary), which White has in a handicap game, and rfg 10 gives a tie there to White.
//! - **Turns**: a first move by the other colour is a game started with the wrong colour, which
//!   goes on (rfg 13.2). Later, a colour moving twice is an illegal act under the ruleset (rfg 11:
//!   a loss) — except right after an illegal move, where the record shows the restored position
//!   (rfg 13.4) handed on to the opponent.
//! - **Setup mid-record** (`AB`/`AW`/`AE`/`PL` after the root) changes the position outside a
//!   move: the referee takes the position as recorded and lists it (rfg 3.1: the position
//!   changes by moves).
//! - **Moves after the third pass** are the finishing phase (rfg 7.1: borders finished, neutral
//!   points filled, in turn): played on the board before the count, untimed (the clocks stop,
//!   commentary to 7.3); how they count is in [`crate::go_game`]. A move on a point in seki is
//!   listed and not played (7.1: not filled), the turn going on as after an illegal move.
//! - **`RE[]`** is an event only where the position cannot show it (resignation, time,
//!   forfeit) and only if the game is still on; a stated score or draw is compared with the count.
//! - **Dead stones**: the players' agreement (rfg 7.2) is the one given (`shinpan check --dead`),
//!   else the record's last `TB`/`TW` marks over stones.
//!
//! - **Times** (`TM` main time, `OT` overtime `"5x30 byo-yomi"` or `"25/600 Canadian"`, and on
//!   every move the mover's `BL`/`WL` time left and `OB`/`OW` periods or stones left, read as
//!   at the moment of the move): each move's duration is what the record's time left says it
//!   took, and the referee's clock judges it. A flag in main time (sudden death) loses (rfg 11,
//!   12.10); N moves not made in T loses (rfg 12.15); a per-move byo-yomi run out passes the turn
//!   (rfg 12.16 commentary): a record that shows the opponent moving again there is no two moves
//!   in a row, and a move the record shows after the byo-yomi ran out is listed. Each move is
//!   charged to the colour the record gives it: where the record hands the turn on (after an
//!   illegal move, rfg 13.4 and 12.14; a wrong-colour start, 13.2), the clock goes over with the
//!   turn, the offender charged what his illegal move took (not counted as a move). Without `TM`,
//!   with an `OT` not read, or with a move lacking its time left, times are not checked.
//!
//! Plies are record plies: every recorded move counts, illegal ones included.

use crate::Side;
use crate::clock::{Clock, Overtime, OvertimeLeft, TimeControl};
use crate::go_game::{GoAction, GoGame, GoMove};
use crate::outcome::{GameResult, Reason, Violation, ViolationKind};
use crate::referee::{Answer, Decision, Event, Game, Mode, Players, Referee};
use crate::ruleset::ByoYomiTimeout;
use crate::ruleset::{GameKind, GoRuleset};
use crate::verdict::{ClockReport, CycleNote, GoFindings, GoScore, Note, NoteKind, SideCount, Verdict};
use go::score::Score;
use go::sgf::SgfGame;
use go::{Board, Color, Move, Point};

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GoRecordError {
    #[error("HA[{handicap}]: {reason}")]
    Handicap { handicap: u8, reason: String },
    #[error("dead stones: {0}")]
    Dead(crate::Refusal),
}

/// A Go record's verdict, with the count behind it.
#[derive(Debug, Clone)]
pub struct GoVerdict {
    /// What `shinpan check --json` prints (`score` and `cycles` filled for Go).
    pub verdict: Verdict,
    /// The count, when the game was scored.
    pub score: Option<Score>,
    /// The stones counted dead.
    pub dead: Vec<Point>,
    /// The clock after the last move, when the record's times were checked.
    pub clock: Option<Clock>,
}

fn text(mv: Move) -> String {
    match mv {
        Move::Pass => "pass".into(),
        Move::Play(p) => p.to_gtp(),
    }
}

fn gtp(v: &[Point]) -> Vec<String> {
    v.iter().map(|p| p.to_gtp()).collect()
}

/// A stated result (`RE[]`): who won and how.
enum Stated {
    Resign(Side),
    Time(Side),
    Forfeit(Side),
    /// A count: the winner (`None`: a draw) and the margin when given (`B+3.5`; `B+` alone
    /// gives none).
    Score(Option<Side>, Option<f64>),
    /// The winner only (`RE[W]`).
    Winner(Side),
    /// A winner and a code of the event's own (`RE[B+J]`, `RE[W+AW]`).
    Code(Side, String),
}

fn stated(re: &str) -> Option<Stated> {
    let re = re.trim().to_ascii_uppercase();
    if matches!(re.as_str(), "0" | "DRAW" | "JIGO") {
        return Some(Stated::Score(None, Some(0.0)));
    }
    let side = |w: &str| match w {
        "B" | "BLACK" => Some(Side::Black),
        "W" | "WHITE" => Some(Side::White),
        _ => None,
    };
    let Some((who, how)) = re.split_once('+') else {
        return side(&re).map(Stated::Winner);
    };
    let side = side(who.trim())?;
    let how = how.trim();
    Some(match how {
        "R" | "RESIGN" => Stated::Resign(side),
        "T" | "TIME" => Stated::Time(side),
        "F" | "FORFEIT" => Stated::Forfeit(side),
        "" => Stated::Score(Some(side), None),
        m => match m.replace(',', ".").parse::<f64>() {
            Ok(x) if x.is_finite() => Stated::Score(Some(side), Some(x)),
            _ => Stated::Code(side, m.to_string()),
        },
    })
}

/// Who made a record, as far as it shows: a server or program (`AP`, a server named in `PC`,
/// `EV`, `GN` or `US`, or the clock's time left on the moves) or a person's scoresheet. A
/// server never lets a player move twice: two moves of one colour there are the other's pass
/// it did not write; on a scoresheet they stay what they are (rfg 11: two moves in a row).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordSource {
    Server,
    Scoresheet,
}

impl RecordSource {
    pub fn of(g: &SgfGame) -> RecordSource {
        const SERVERS: [&str; 12] =
            ["SERVER", "IGS", "NNGS", "KGS", "OGS", "FOX", "TYGEM", "WBADUK", "PANDANET", "YUANYU", "DRAGON", "CGOBAN"];
        let says_server = g.info.iter().any(|(k, v)| {
            k == "AP"
                || (["PC", "EV", "GN", "US"].contains(&k.as_str()) && {
                    let v = v.to_ascii_uppercase();
                    SERVERS.iter().any(|s| v.contains(s))
                })
        });
        let clocked = g.nodes.iter().any(|n| n.black_time.is_some() || n.white_time.is_some());
        if says_server || clocked { RecordSource::Server } else { RecordSource::Scoresheet }
    }
}

/// Where the dead stones of a count came from.
fn dead_source(d: &DeadFrom) -> &'static str {
    match d {
        DeadFrom::Given => "as given (--dead), the players' agreement (rfg 7.2)",
        DeadFrom::Marks => "from the record's TB/TW territory marks",
        DeadFrom::Estimated => "estimated by shinpan (the record does not say which stones are dead)",
    }
}

enum DeadFrom {
    Given,
    Marks,
    Estimated,
}

/// The record's time control: `TM[]` seconds of main time, then `OT[]` — `"NxS byo-yomi"` (N
/// periods of S seconds per move) or `"M/T Canadian"` (M moves in T seconds); no `OT`: sudden
/// death. `None` without `TM` or with an `OT` of another kind.
pub fn sgf_time_control(g: &SgfGame) -> Option<TimeControl> {
    let info = |k: &str| g.info.iter().find(|(id, _)| id == k).map(|(_, v)| v.trim().to_string());
    // More than a week is no time control a game is played at (and keeps the clock's sums small).
    let secs = |v: &str| {
        v.trim().replace(',', ".").parse::<f64>().ok().filter(|x| x.is_finite() && (0.0..=604_800.0).contains(x))
    };
    let main_ms = (secs(&info("TM")?)? * 1000.0).round() as u64;
    let Some(ot) = info("OT").filter(|o| !o.is_empty()) else {
        return Some(TimeControl::sudden_death(main_ms));
    };
    let lower = ot.to_ascii_lowercase();
    let head = lower.split_whitespace().next()?;
    if lower.contains("byo") {
        let (n, s) = head.split_once('x')?;
        let periods = n.trim().parse::<u32>().ok().filter(|&n| (1..=1000).contains(&n))?;
        Some(TimeControl::byoyomi(main_ms, (secs(s)? * 1000.0).round() as u64, periods))
    } else if lower.contains("canadian") {
        let (m, t) = head.split_once('/')?;
        let moves = m.trim().parse::<u32>().ok().filter(|&m| m > 0)?;
        Some(TimeControl::canadian(main_ms, moves, (secs(t)? * 1000.0).round() as u64))
    } else {
        None
    }
}

/// What the clock would have left for the move at the instant the record shows it made, from
/// the record's time left `left_s` and periods/stones left `count` (negative: overrun).
fn left_at_move(clock: &Clock, side: Side, left_s: f64, count: Option<u32>) -> i64 {
    // Clamped: a record's time left beyond a week or far below zero says no more than that.
    let l = (left_s.clamp(-604_800.0, 604_800.0) * 1000.0).round() as i64;
    match clock.side(side).overtime {
        OvertimeLeft::None | OvertimeLeft::Fischer { .. } => l,
        OvertimeLeft::ByoYomi { period_ms, periods } => match count {
            None => l + (period_ms * periods as u64) as i64,
            Some(0) => l.min(0) - 1,
            Some(n) => l + (period_ms * (n as u64 - 1)) as i64,
        },
        OvertimeLeft::Canadian { period_left_ms, .. } => match count {
            None => l + period_left_ms as i64,
            Some(_) => l,
        },
    }
}

/// Replays `g` under `rules` (a Go ruleset) in recorded mode and returns the verdict. `dead`:
/// the dead stones the players agreed on, `None` to take the record's `TB`/`TW` marks.
pub fn adjudicate_go(g: &SgfGame, rules: &GoRuleset, dead: Option<&[Point]>) -> Result<GoVerdict, GoRecordError> {
    let mut rules = rules.clone();
    let go_rules = &mut rules.game;
    go_rules.komi.rule = g.komi.unwrap_or(if g.handicap >= 2 { 0.0 } else { go_rules.komi.rule });
    let passes_to_end = go_rules.passes_to_end.clone();

    // The start: root setup, handicap stones, and who moves first.
    let root = &g.nodes[0];
    let mut stones: Vec<(Point, Color)> = root.add_black.iter().map(|&p| (p, Color::Black)).collect();
    stones.extend(root.add_white.iter().map(|&p| (p, Color::White)));
    // Handicap stones put in the node after the root, before any move (Fox, HanDol): the
    // handicap placement, not a setup in the game (rfg 3.1).
    let placed_after_root = g.handicap >= 2
        && root.add_black.is_empty()
        && g.nodes.get(1).is_some_and(|n| {
            n.mv.is_none()
                && n.add_white.is_empty()
                && n.add_empty.is_empty()
                && n.add_black.len() == g.handicap as usize
        });
    if placed_after_root {
        stones.extend(g.nodes[1].add_black.iter().map(|&p| (p, Color::Black)));
    }
    let first_mover = g.moves().next().map(|(_, c, _)| c);
    let mut placement = 0;
    if g.handicap >= 2 && root.add_black.is_empty() && !placed_after_root {
        if first_mover == Some(Color::Black) {
            // Free placement recorded as Black's moves.
            for (_, c, p) in g.moves().take(g.handicap as usize) {
                match (c, p) {
                    (Color::Black, Some(p)) if !stones.iter().any(|s| s.0 == p) => stones.push((p, Color::Black)),
                    _ => break,
                }
                placement += 1;
            }
        } else {
            let pts = go::fixed_handicap(g.size, g.handicap)
                .map_err(|e| GoRecordError::Handicap { handicap: g.handicap, reason: e.to_string() })?;
            stones.extend(pts.into_iter().map(|p| (p, Color::Black)));
        }
    }
    let mut board = Board::new(g.size).expect("SgfGame sizes are validated");
    board.rebuild(&stones);
    let handicap_stones = g.handicap >= 2 && stones.iter().any(|s| s.1 == Color::Black);
    let first = root.player.unwrap_or(if handicap_stones { Color::White } else { Color::Black });
    let mut start = go::Game::from_board(board, first, go::Rules { passes_to_end: passes_to_end.rule, komi: 0.0 });
    start.set_handicap(g.handicap);

    // Times are checked when the record gives a time control and the time left at every move.
    let timed = g.moves().skip(placement).all(|(i, c, _)| match c {
        Color::Black => g.nodes[i].black_time.is_some(),
        Color::White => g.nodes[i].white_time.is_some(),
    });
    let clock = sgf_time_control(g).filter(|_| timed && g.moves().count() > placement).map(Clock::same);
    let turn_passes = rules.byoyomi_timeout.rule == ByoYomiTimeout::TurnPasses;
    let mut r = Referee::new(rules.clone(), Mode::Recorded, GoGame::new(start), clock, Players::default());
    let mut notes: Vec<Note> = Vec::new();
    r.submit(Event::Start { t: 0 });
    let mut t = 0u64;
    let mut findings: Vec<Violation> = Vec::new();
    // Record ply after each game ply (game plies skip illegal moves, which are not played).
    let mut record_of_game = vec![placement];
    let mut ply = 0;
    let mut last_illegal: Option<Side> = None;
    // The record ply at which the game ended.
    let mut ended_at: Option<usize> = None;
    let mut moves_seen = 0;
    // The first flag the record's times show: the side and the record ply of his late move.
    let mut flag_fell: Option<(Side, usize)> = None;
    let source = RecordSource::of(g);
    for (k, node) in g.nodes.iter().enumerate().skip(1) {
        let has_setup = !node.add_black.is_empty() || !node.add_white.is_empty() || !node.add_empty.is_empty();
        // Handicap stones in the node after the root are the placement, not an edit.
        let edited = has_setup && !(k == 1 && placed_after_root);
        let turn = node.player.map(Side::from).filter(|&s| s != r.game().to_move());
        if r.outcome().is_none() && (edited || turn.is_some()) {
            let side = r.game().to_move();
            let action = GoAction::Setup {
                black: gtp(&node.add_black),
                white: gtp(&node.add_white),
                empty: gtp(&node.add_empty),
                to_move: turn,
            };
            r.submit(Event::Game { t, side, action });
            findings.push(Violation {
                ply,
                article: r.rules().game.articles.position_changes_by_moves.clone(),
                reason: ViolationKind::SetupInRecord,
                detail: format!(
                    "the record changes the position outside a move (AB {} AW {} AE {}{}); taken as recorded",
                    node.add_black.len(),
                    node.add_white.len(),
                    node.add_empty.len(),
                    turn.map(|s| format!(", {s:?} to move")).unwrap_or_default()
                ),
            });
        }
        let Some((c, p)) = node.mv else { continue };
        moves_seen += 1;
        ply += 1;
        if moves_seen <= placement {
            continue;
        }
        if r.outcome().is_some() {
            findings.push(Violation {
                ply,
                article: r.outcome().and_then(|o| o.article.clone()).unwrap_or_default(),
                reason: ViolationKind::MovesAfterEnd,
                detail: format!("{} move(s) recorded after the game ended", g.moves().count() - moves_seen + 1),
            });
            break;
        }
        let side = Side::from(c);
        let mv = p.map_or(Move::Pass, Move::Play);
        // rfg 7.1: after the third pass the partners fill in turn, the clocks stopped (7.3 comm.).
        let finishing = r.game().passes_ended(&r.rules().game);
        // A per-move byo-yomi that runs out passes the turn (rfg 12.16) under this ruleset.
        let byoyomi_passes = |r: &Referee<GoGame>, s: Side| {
            turn_passes && r.clock().is_some_and(|c| matches!(c.settings(s).overtime, Overtime::ByoYomi { .. }))
        };
        // The opponent moving again is read as a lost turn only when the side to move was
        // already in byo-yomi; otherwise it is two moves in a row (rfg 11).
        let in_byoyomi =
            |r: &Referee<GoGame>, s: Side| byoyomi_passes(r, s) && r.clock().is_some_and(|c| c.side(s).main_ms == 0);
        if !finishing && side != r.game().to_move() && last_illegal != Some(side.flip()) && in_byoyomi(&r, side.flip())
        {
            // rfg 12.16: the opponent's byo-yomi ran out and the turn passed to this side.
            if let Some(f) = r.clock().and_then(Clock::flag_at) {
                // The byo-yomi ran out just after its last instant (see `Clock::flag_at`).
                t = t.max(f + 1);
                let before = r.violations().len();
                r.submit(Event::Decision { t, decision: Decision::TurnLost });
                for v in &r.violations()[before..] {
                    findings.push(Violation { ply: ply - 1, ..v.clone() });
                }
            }
        }
        if side != r.game().to_move()
            && source == RecordSource::Server
            && !finishing
            && r.game().ply() > 0
            && last_illegal != Some(side.flip())
            && last_illegal != Some(side)
        {
            // A server never lets a player move twice: the other colour passed and the record
            // did not write it.
            let passer = side.flip();
            notes.push(Note::new(
                NoteKind::ImpliedPass,
                ply,
                None,
                format!(
                    "{} moves twice in this server record: read as {}'s pass, which servers do not always write (on a scoresheet two moves in a row are a loss, {})",
                    c.name(),
                    Color::from(passer).name(),
                    r.rules().articles.out_of_turn
                ),
            ));
            r.submit(Event::Move { t, mv: GoMove(Move::Pass), side: Some(passer) });
            while record_of_game.len() <= r.game().ply() {
                record_of_game.push(ply - 1);
            }
        }
        if side != r.game().to_move() {
            let wrong_start = r.game().ply() == 0 && last_illegal.is_none();
            if !wrong_start && last_illegal == Some(side.flip()) {
                // rfg 13.4: the offender moves again from the restored position; the record
                // goes on with the opponent. Read as the turn handed on, and said.
                notes.push(Note::new(
                    NoteKind::AfterTakeBack,
                    ply,
                    Some(r.rules().illegal_move.article.clone()),
                    format!(
                        "after {}'s illegal move the position is restored and {0} moves again; the record goes on with {}'s move: read as the turn handed on to {1}",
                        Color::from(side.flip()).name(),
                        c.name()
                    ),
                ));
            }
            if wrong_start || last_illegal == Some(side.flip()) {
                if wrong_start {
                    findings.push(Violation {
                        ply,
                        article: r.rules().game.articles.wrong_colour_start.clone(),
                        reason: ViolationKind::WrongColourStart,
                        detail: format!("{} moves first; the game goes on", c.name()),
                    });
                }
                let action = GoAction::Setup { black: vec![], white: vec![], empty: vec![], to_move: Some(side) };
                r.submit(Event::Game { t, side, action });
            }
        }
        let mut late = false;
        if let Some(clk) = r.clock().filter(|_| !finishing) {
            let (left, count) = match side {
                Side::Black => (node.black_time, node.black_periods),
                Side::White => (node.white_time, node.white_periods),
            };
            let budget = clk.remaining(side, t) as i64;
            let at_move = left_at_move(clk, side, left.unwrap_or(0.0), count);
            // No time left is still in time (`Clock::flag_at`); less than none is a flag, and the
            // move is charged what it overran by, so that the clock shows the flag too.
            late = at_move < 0;
            let mut took = (budget - at_move).max(0) as u64;
            if late && byoyomi_passes(&r, side) {
                // The record shows a move made after the byo-yomi ran out: the turn had passed
                // (rfg 12.16); listed, and charged as the whole byo-yomi so the clock goes on.
                findings.push(Violation {
                    ply,
                    article: r.rules().byoyomi_timeout.article.clone(),
                    reason: ViolationKind::TurnLost,
                    detail: format!(
                        "{} moved after the byo-yomi ran out; the turn had passed to the opponent",
                        c.name()
                    ),
                });
                took = (budget - 1).max(0) as u64;
                late = false;
            }
            t += took;
        }
        let why = r.game().game().check(mv).err();
        let before = r.violations().len();
        let answer = r.submit(Event::Move { t, mv: GoMove(mv), side: Some(side) });
        let illegal = r.violations()[before..].iter().any(|v| v.reason == ViolationKind::IllegalMove);
        let refused = matches!(answer, Answer::Refused { .. });
        // A refused filling move (a point in seki) is not played; the record's turn goes on.
        last_illegal = (illegal || (finishing && refused)).then_some(side);
        let canadian = r.clock().is_some_and(|c| matches!(c.settings(side).overtime, Overtime::Canadian { .. }));
        for v in &r.violations()[before..] {
            let mut v = v.clone();
            v.ply = ply;
            if v.reason == ViolationKind::TimeUp && canadian {
                // N moves not made in T (rfg 12.15), the article the verdict gives too.
                v.article = r.rules().game.canadian_failure_loses.article.clone();
            }
            if let (true, Some(im)) = (v.reason == ViolationKind::IllegalMove, &why) {
                v.reason = ViolationKind::of_go(im);
                v.detail = format!("{} {im}", c.name());
            }
            findings.push(v);
        }
        if let Answer::Refused { reason } = answer {
            let seki = finishing && p.is_some_and(|p| r.game().in_seki(p));
            findings.push(Violation {
                ply,
                article: passes_to_end.article.clone(),
                reason: if seki { ViolationKind::SekiPointFilled } else { ViolationKind::ImpossibleMove },
                detail: format!("{} {}: {reason}", c.name(), text(mv)),
            });
        }
        if late && r.outcome().is_none() && flag_fell.is_none() {
            // The flag fell before the move: main time (rfg 11, 12.10) or N moves in T (12.15).
            // It counts once claimed or established (12.9): the record goes on unclaimed, and
            // a resignation or a count later stands (10.1, 10.2); `RE[..+T]` is the claim.
            flag_fell = Some((side, ply));
        }
        if r.outcome().is_some() && ended_at.is_none() {
            ended_at = Some(ply);
        }
        while record_of_game.len() <= r.game().ply() {
            record_of_game.push(ply);
        }
    }
    let end_ply = ply;
    let taken = r.violations().len();

    // The stated result.
    let stated = g.result.as_deref().and_then(stated);
    let go_rules = r.rules().game.clone();
    // The stated result already shown false by the record's times (one finding is enough).
    let mut refuted = false;
    if r.outcome().is_none() {
        ended_at = Some(end_ply);
        let decide = |result, reason, article: &str| Event::Decision {
            t,
            decision: Decision::Result { result, reason, article: article.to_string() },
        };
        match &stated {
            Some(Stated::Resign(w)) => {
                r.submit(Event::Resign { t, side: w.flip() });
            }
            Some(Stated::Time(w)) => match time_loss_refuted(g, &r, w.flip(), flag_fell) {
                // The record's own times and turns rule the stated time loss out.
                Some((article, detail)) => {
                    refuted = true;
                    findings.push(Violation { ply: end_ply, article, reason: ViolationKind::FalseResult, detail });
                }
                None => {
                    // The claim of a flag the record's times show: the game ended there (12.9).
                    if let Some((_, p)) = flag_fell.filter(|(s, _)| *s == w.flip()) {
                        ended_at = Some(p);
                    }
                    // N moves not made in T is 12.15's loss, where the ruleset makes it one.
                    let go = r.rules().game.clone();
                    let canadian = r.clock().is_some_and(|c| {
                        matches!(c.settings(w.flip()).overtime, Overtime::Canadian { .. })
                            && flag_fell.is_some_and(|(s, _)| s == w.flip())
                    });
                    let art =
                        if canadian { go.canadian_failure_loses.article.clone() } else { r.rules().articles.time_up.clone() };
                    if !canadian || go.canadian_failure_loses.rule {
                        r.submit(decide(GameResult::win(*w), Reason::TimeUp, &art));
                    }
                }
            },
            Some(Stated::Forfeit(w)) => {
                let art = r.rules().game.articles.forfeit.clone();
                r.submit(decide(GameResult::win(*w), Reason::ArbiterDecision, &art));
            }
            Some(Stated::Winner(w)) => notes.push(Note::new(
                NoteKind::StatedResult,
                end_ply,
                None,
                format!("RE[{}]: the record names the winner ({w:?}) but not how; not judged", g.result.as_deref().unwrap_or("")),
            )),
            Some(Stated::Code(w, code)) => notes.push(Note::new(
                NoteKind::StatedResult,
                end_ply,
                None,
                format!(
                    "RE[{}]: a win for {w:?} by the event's own code {code:?} (not an SGF result: R, T, F or a score); not judged",
                    g.result.as_deref().unwrap_or("")
                ),
            )),
            Some(Stated::Score(..)) | None => {}
        }
    }
    // A count stated without the ruleset's passes: the players agreed to stop, or the server
    // ended the game and counted. Counted all the same (the passes are the players' way to
    // say so, rfg 7.1; j1989 9), and said.
    if r.outcome().is_none()
        && !r.game().passes_ended(&go_rules)
        && matches!(stated, Some(Stated::Score(..)))
        && r.submit(Event::Game { t, side: r.game().to_move(), action: GoAction::EndByAgreement }) == Answer::Accepted
    {
        let passes = r.game().game().consecutive_passes();
        notes.push(Note::new(
            NoteKind::Counted,
            end_ply,
            Some(go_rules.passes_to_end.article.clone()),
            format!(
                "the record ends with {passes} pass(es), not the {} that end the game, and states a count (RE[{}]): the game ended by agreement or by the server, and is counted",
                go_rules.passes_to_end.rule,
                g.result.as_deref().unwrap_or("")
            ),
        ));
    }
    let mut counted_dead = Vec::new();
    if r.outcome().is_none() && r.game().passes_ended(&go_rules) {
        let (d, from) = match dead {
            Some(d) => (d.to_vec(), DeadFrom::Given),
            None => match marked_dead(g, r.game().board()) {
                Some(d) => (d, DeadFrom::Marks),
                None => (go::estimate_dead(r.game().board()), DeadFrom::Estimated),
            },
        };
        counted_dead = d;
        notes.push(Note::new(
            NoteKind::DeadStones,
            end_ply,
            Some(go_rules.articles.dead_stones.clone()),
            format!("{} dead stone(s) {}", counted_dead.len(), dead_source(&from)),
        ));
        let mark = GoAction::mark_dead(gtp(&counted_dead));
        if let Answer::Refused { reason } = r.submit(Event::Game { t, side: Side::Black, action: mark }) {
            return Err(GoRecordError::Dead(reason));
        }
        if let Answer::Refused { reason } = r.submit(Event::Game { t, side: Side::White, action: GoAction::Agree }) {
            return Err(GoRecordError::Dead(reason));
        }
    }
    // Findings of the end events (the count's own note is the verdict's score).
    let mut violations: Vec<Violation> = findings;
    for v in r.violations()[taken..].iter().filter(|v| v.reason != ViolationKind::Score) {
        violations.push(Violation { ply: end_ply, ..v.clone() });
    }
    if refuted {
        // Listed above.
    } else if let (Some(st), Some(o)) = (&stated, r.outcome()) {
        let stated_result = match st {
            Stated::Resign(w) | Stated::Time(w) | Stated::Forfeit(w) | Stated::Score(Some(w), _) => {
                Some(GameResult::win(*w))
            }
            Stated::Score(None, _) => Some(GameResult::Draw),
            // Not judged (noted above).
            Stated::Winner(_) | Stated::Code(..) => None,
        };
        let count = r.game().score();
        if let (Stated::Score(_, Some(margin)), Some(s), Some(res)) = (st, count, stated_result)
            && res == o.result
            && (margin - s.margin).abs() > 1e-9
        {
            notes.push(Note::new(
                NoteKind::StatedResult,
                end_ply,
                o.article.clone(),
                format!(
                    "the record says RE[{}]; the count gives a margin of {} (the stated {margin} differs by {})",
                    g.result.as_deref().unwrap_or(""),
                    s.margin,
                    (margin - s.margin).abs()
                ),
            ));
        }
        if let Some(stated_result) = stated_result.filter(|&res| res != o.result) {
            violations.push(Violation {
                ply: end_ply,
                article: o.article.clone().unwrap_or_default(),
                reason: ViolationKind::FalseResult,
                detail: format!(
                    "the record says RE[{}] ({}), but the game ended {} by {}",
                    g.result.as_deref().unwrap_or(""),
                    stated_result.as_str(),
                    o.result.as_str(),
                    o.reason.as_str()
                ),
            });
        }
    } else if let (Some(Stated::Score(..)), None) = (&stated, r.outcome()) {
        violations.push(Violation {
            ply: end_ply,
            article: passes_to_end.article.clone(),
            reason: ViolationKind::FalseResult,
            detail: format!(
                "the record says RE[{}], but the main game did not end by {} consecutive passes",
                g.result.as_deref().unwrap_or(""),
                passes_to_end.rule
            ),
        });
    }
    violations.sort_by_key(|v| v.ply);

    let to_record = |p: usize| record_of_game.get(p).copied().unwrap_or(end_ply);
    let cycles: Vec<CycleNote> = r
        .game()
        .game()
        .cycles()
        .iter()
        .map(|c| CycleNote {
            ply: to_record(c.ply),
            first_ply: to_record(c.first_ply),
            article: go_rules.cycle.article.clone(),
        })
        .collect();
    let score = r.game().score().cloned();
    let findings = GoFindings {
        score: score.as_ref().map(|s| GoScore {
            black: SideCount::from(&s.black),
            white: SideCount::from(&s.white),
            margin: s.margin,
            dead: gtp(&counted_dead),
            seki: gtp(&s.seki),
        }),
        cycles,
        clock: r.clock().map(ClockReport::from),
    };
    let o = r.outcome();
    let verdict = Verdict {
        game: GameKind::Go,
        rules: rules.id,
        result: o.map_or(GameResult::Unfinished, |o| o.result),
        reason: o.map(|o| o.reason),
        article: o.and_then(|o| o.article.clone()),
        ply: if o.is_some() { ended_at.unwrap_or(end_ply) } else { end_ply },
        violations,
        followup: o.and_then(|o| o.followup.clone()),
        notes,
        go: Some(findings),
    };
    Ok(GoVerdict { verdict, score, dead: counted_dead, clock: r.clock().cloned() })
}

/// A stated time loss by `loser` (`RE[..+T]`) that a record with times rules out, with the
/// article and why. Time left at the loser's last move refutes nothing (the flag falls while
/// he thinks on the next one); but only the running clock's flag falls (rfg 12.1: one clock
/// runs at a time), so the loser must be the side to move, and after the third pass the clocks
/// are stopped (commentary to rfg 7.3). `None` without checked times.
fn time_loss_refuted(
    g: &SgfGame,
    r: &Referee<GoGame>,
    loser: Side,
    flag_fell: Option<(Side, usize)>,
) -> Option<(String, String)> {
    let clock = r.clock()?;
    // The record's times show the loser's flag down: the claim stands, whoever moved after.
    if flag_fell.is_some_and(|(s, _)| s == loser) {
        return None;
    }
    let name = Color::from(loser).name();
    if r.game().passes_ended(&r.rules().game) || clock.is_paused() {
        let art = r.rules().game.passes_to_end.article.clone();
        return Some((
            art,
            format!("{name} is said to have lost on time, but the main game ended by passes and the clocks stopped"),
        ));
    }
    if r.game().to_move() == loser {
        return None;
    }
    let last = g.moves().enumerate().filter(|(_, (_, c, _))| Side::from(*c) == loser).last();
    let detail = match last {
        Some((k, (i, _, _))) => {
            let n = &g.nodes[i];
            let left = if loser == Side::Black { n.black_time } else { n.white_time };
            format!(
                "{name} is said to have lost on time, but {name} made the last move (ply {}, {} s left) and the opponent was to move: {name}'s clock was not running",
                k + 1,
                left.map_or("?".into(), |l| format!("{l}"))
            )
        }
        None => {
            format!("{name} is said to have lost on time, but {name} was not to move: {name}'s clock was not running")
        }
    };
    Some((r.rules().game.articles.one_clock_runs.clone(), detail))
}

/// Dead stones as marked by the record's last `TB`/`TW` territory marks over stones; `None`
/// when the record has no marks.
fn marked_dead(g: &SgfGame, b: &Board) -> Option<Vec<Point>> {
    let n = g.nodes.iter().rev().find(|n| !n.territory_black.is_empty() || !n.territory_white.is_empty())?;
    let mut dead: Vec<Point> = n.territory_black.iter().copied().filter(|&p| b.get(p) == Some(Color::White)).collect();
    dead.extend(n.territory_white.iter().copied().filter(|&p| b.get(p) == Some(Color::Black)));
    Some(dead)
}
