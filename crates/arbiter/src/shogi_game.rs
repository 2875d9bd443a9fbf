//! Shogi under the referee: [`ShogiGame`] implements [`Game`] with `shogi::History` for
//! repetition, `shogi::impasse` for counts and the 27-point declaration, and lenient play for
//! scoresheet moves.

use crate::Side;
use crate::outcome::{End, GameResult, Reason, ViolationKind};
use crate::referee::{Acted, Fault, Game, Played};
use crate::refusal::Refusal;
use crate::ruleset::{Cited, ImpasseCount as CountRule, ShogiRules, ShogiRuleset};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use shogi::impasse::{judge_24, judge_27_pl, judge_27_ufs, judge_chapter};
use shogi::{
    Declaration, History, IllegalMove, ImpasseCount, ImpasseOutcome, ImpossibleMove, Move, Position, PositionError,
    Repetition,
};

/// A shogi move in events: USI text (`7g7f`, `P*5e`) or `{"from":"7g","to":"7f","promote":false}`
/// / `{"drop":"P","to":"5e"}`. Serialized as USI.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShogiMove(pub Move);

impl Serialize for ShogiMove {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0.to_usi())
    }
}

#[derive(Deserialize)]
#[serde(untagged)]
enum MoveForm {
    Usi(String),
    Board {
        from: String,
        to: String,
        #[serde(default)]
        promote: bool,
    },
    Drop {
        drop: String,
        to: String,
    },
}

impl<'de> Deserialize<'de> for ShogiMove {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ShogiMove, D::Error> {
        let text = match MoveForm::deserialize(d)? {
            MoveForm::Usi(s) => s,
            MoveForm::Board { from, to, promote } => format!("{from}{to}{}", if promote { "+" } else { "" }),
            MoveForm::Drop { drop, to } => format!("{drop}*{to}"),
        };
        Move::from_usi(&text)
            .map(ShogiMove)
            .ok_or_else(|| serde::de::Error::custom(format!("`{text}` is not a USI move")))
    }
}

/// Shogi-specific events.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum ShogiAction {
    /// The 27-point declaration by the side to move, before moving (fesa-2017 5.3; ufs-2016 5.8.7).
    Declare,
    /// A player proposes to stop and count (ufs-2016 5.8.6; pl 5.4).
    ProposeImpasse,
    /// The opponent accepts the count.
    AcceptImpasse,
    /// The arbiter stops the game and counts (ufs-2016 5.8.6 "by agreement or arbiter").
    ArbiterImpasseCount,
}

#[derive(Debug, Clone)]
pub struct ShogiGame {
    history: History,
    proposal: Option<Side>,
}

impl ShogiGame {
    pub fn new(start: Position) -> ShogiGame {
        ShogiGame { history: History::new(start), proposal: None }
    }
    /// The game from a history already played (a buoy game's opening).
    pub fn with_history(history: History) -> ShogiGame {
        ShogiGame { history, proposal: None }
    }
    pub fn startpos() -> ShogiGame {
        ShogiGame::new(Position::startpos())
    }
    pub fn history(&self) -> &History {
        &self.history
    }
    pub fn position(&self) -> &Position {
        self.history.position()
    }
    /// Who proposed the impasse count and waits for the opponent's agreement (ufs-2016 5.8.6;
    /// pl 5.4); a move withdraws it.
    pub fn impasse_proposal(&self) -> Option<Side> {
        self.proposal
    }
}

/// An illegal move as a fault, with its article in the ruleset's own numbering.
fn fault(rules: &ShogiRuleset, mv: Move, im: IllegalMove) -> Fault {
    Fault { article: rules.game.articles.illegal_moves.of(im).to_string(), detail: format!("{mv}: {im}") }
}

impl Game for ShogiGame {
    type Rules = ShogiRules;
    type Move = ShogiMove;
    type Action = ShogiAction;

    fn name(&self) -> &'static str {
        "shogi"
    }
    fn to_move(&self) -> Side {
        self.position().turn().into()
    }
    fn ply(&self) -> usize {
        self.history.ply()
    }

    fn judge(&self, mv: &ShogiMove, rules: &ShogiRuleset) -> Result<Option<Fault>, Refusal> {
        let mut p = self.position().clone();
        match p.play_lenient(mv.0) {
            Ok(None) => Ok(None),
            Ok(Some(im)) => Ok(Some(fault(rules, mv.0, im))),
            Err(ImpossibleMove::CapturesKing(_)) if rules.game.king_capture.is_some() => Ok(None),
            Err(e) => Err(Refusal::ImpossibleMove { mv: mv.0.to_string(), detail: e.to_string() }),
        }
    }

    fn play(&mut self, mv: &ShogiMove, rules: &ShogiRuleset) -> Played {
        let mover: Side = self.to_move();
        self.proposal = None;
        let (verdict, rep) = match self.history.play_lenient(mv.0) {
            Ok(v) => v,
            Err(ImpossibleMove::CapturesKing(_)) => {
                // fesa-2017 9.5: the capture is a claim against the move that left the king in
                // check; the capturer wins at once. The capture itself is not played. (`judge`
                // accepts it only where the ruleset has the rule.)
                let art = rules.game.king_capture.as_ref().map_or_else(String::new, |k| k.article.clone());
                return Played { fault: None, end: Some(End::win(mover, Reason::IllegalMove, art)) };
            }
            Err(e) => unreachable!("judge accepted {}: {e}", mv.0),
        };
        let fault = verdict.map(|im| fault(rules, mv.0, im));
        let articles = &rules.game.articles;
        let end = match rep {
            Some(Repetition::Sennichite { .. }) => Some(End::draw(Reason::Sennichite, articles.sennichite.clone())),
            Some(Repetition::PerpetualCheck { loser, .. }) => {
                Some(End::win(Side::from(loser).flip(), Reason::PerpetualCheck, articles.perpetual_check.clone()))
            }
            None if self.position().is_checkmate() => {
                Some(End::win(mover, Reason::Checkmate, articles.checkmate.clone()))
            }
            None => None,
        };
        Played { fault, end }
    }

    fn restore(&mut self, ply: usize) {
        let moves = self.history.moves()[..ply].to_vec();
        let mut h = History::new(self.history.start().clone());
        for m in moves {
            h.play_lenient(m).expect("a move already played can be replayed");
        }
        self.history = h;
        self.proposal = None;
    }

    fn still_illegal(&self, offender: Side, rules: &ShogiRuleset) -> Option<Fault> {
        let off: shogi::Color = offender.into();
        let articles = &rules.game.articles.illegal_positions;
        self.position().violations().into_iter().find_map(|v| {
            let art = match &v {
                PositionError::OpponentInCheck { color, .. } if *color == off => &articles.king_capturable,
                PositionError::Nifu { color, .. } if *color == off => &articles.nifu,
                PositionError::DeadPiece { piece, .. }
                    if piece.starts_with(|c: char| c.is_ascii_uppercase()) == (off == shogi::Color::Black) =>
                {
                    &articles.dead_piece
                }
                _ => return None,
            };
            Some(Fault { article: art.clone(), detail: v.to_string() })
        })
    }

    fn act(
        &mut self,
        side: Side,
        action: &ShogiAction,
        rules: &ShogiRuleset,
        has_time: bool,
    ) -> Result<Acted, Refusal> {
        match action {
            ShogiAction::Declare => {
                let rule = rules.game.declaration.as_ref().ok_or(Refusal::NoDeclaration { ruleset: rules.id })?;
                if side != self.to_move() {
                    return Err(Refusal::DeclarationOffTurn { article: rule.article.clone() });
                }
                let d = Declaration::judge(self.position(), has_time);
                let notes = d
                    .conditions()
                    .iter()
                    .filter(|(_, c)| !c.met)
                    .map(|(name, c)| {
                        let detail =
                            format!("declaration condition {name} not met: found {}, required {}", c.found, c.required);
                        (ViolationKind::DeclarationCondition, Fault { article: rule.article.clone(), detail })
                    })
                    .collect();
                let end = End::win(d.winner().into(), Reason::Declaration, rule.article.clone());
                Ok(Acted { end: Some(end), notes })
            }
            ShogiAction::ProposeImpasse => {
                Self::count_rule(rules)?;
                self.proposal = Some(side);
                Ok(Acted { end: None, notes: vec![] })
            }
            ShogiAction::AcceptImpasse => {
                if self.proposal != Some(side.flip()) {
                    return Err(Refusal::NoImpasseProposal);
                }
                self.count(rules)
            }
            ShogiAction::ArbiterImpasseCount => self.count(rules),
        }
    }
}

impl ShogiGame {
    fn count_rule(rules: &ShogiRuleset) -> Result<&Cited<CountRule>, Refusal> {
        let game = &rules.game;
        game.impasse_count.as_ref().ok_or_else(|| Refusal::NoImpasseCount {
            ruleset: rules.id,
            // Where the declaration is the way (fesa-2017 5.3) and agreed draws are forbidden.
            declaration: match (&game.declaration, &game.articles.no_agreed_draw) {
                (Some(d), Some(n)) => Some(format!("{}; {n}", d.article)),
                _ => None,
            },
        })
    }

    /// The impasse count of the ruleset (ufs-2016 5.8.6; pl 5.4; the chapter).
    fn count(&self, rules: &ShogiRuleset) -> Result<Acted, Refusal> {
        let rule = Self::count_rule(rules)?;
        // An impasse is both kings entered, each in its promotion zone (ufs-2016 5.8.6; pl 5.4):
        // with a king outside, the game goes on and nothing is counted.
        let pos = self.position();
        let outside: Vec<&str> = shogi::Color::ALL
            .into_iter()
            .filter(|&c| !pos.king(c).in_promotion_zone(c))
            .map(|c| if c == shogi::Color::Black { "Black's king" } else { "White's king" })
            .collect();
        if !outside.is_empty() {
            return Err(Refusal::NotAnImpasse { kings: outside.join(" and "), article: rule.article.clone() });
        }
        let c = ImpasseCount::of(self.position());
        let judged = match rule.rule {
            CountRule::Points24 => judge_24(&c),
            CountRule::Points27Pl { gote_wins_tie } => judge_27_pl(&c, gote_wins_tie),
            CountRule::Points27Ufs => judge_27_ufs(&c),
            CountRule::Chapter31 => judge_chapter(&c),
        };
        let article = rule.article.clone();
        let note = Fault {
            article: article.clone(),
            detail: format!("impasse count: black {} points, white {}", c.points[0], c.points[1]),
        };
        let end = match judged {
            ImpasseOutcome::Draw => End::new(GameResult::Draw, Reason::Impasse, article),
            ImpasseOutcome::Win(color) => End::win(color.into(), Reason::Impasse, article),
            ImpasseOutcome::Undecided => End::new(GameResult::NoResult, Reason::Impasse, article),
        };
        Ok(Acted { end: Some(end), notes: vec![(ViolationKind::ImpasseCount, note)] })
    }
}

impl crate::referee::Referee<ShogiGame> {
    /// The game as a record: its start, the moves with the time each took, the time control,
    /// and the end word that states the outcome (so that adjudicating the record gives it back).
    pub fn to_record(&self) -> shogi::Record {
        use shogi::{EndReason, GameEnd, Record, RecordMove};
        let mut r = Record::new(self.initial().history().start().clone());
        let times = self.move_times();
        r.moves = self
            .game()
            .history()
            .moves()
            .iter()
            .enumerate()
            .map(|(i, &m)| RecordMove::with_time(m, times.get(i).copied()))
            .collect();
        if let Some(c) = self.clock() {
            let (b, w) = (c.settings(Side::Black), c.settings(Side::White));
            if b == w {
                let increment_ms = match b.overtime {
                    crate::clock::Overtime::Fischer { increment_ms } => increment_ms,
                    _ => 0,
                };
                r.info.time_control =
                    Some(shogi::TimeControl { main_ms: b.main_ms, byoyomi_ms: b.byoyomi_ms(), increment_ms });
            }
        }
        let mover = self.game().to_move();
        r.end = self.outcome().map(|o| {
            let winner = o.result.winner();
            let loser = winner.map(Side::flip);
            let reason = match o.reason {
                Reason::Resignation if loser == Some(mover) => EndReason::Resign,
                Reason::Checkmate => EndReason::Checkmate,
                Reason::Sennichite => EndReason::Sennichite,
                Reason::TimeUp if loser == Some(mover) => EndReason::TimeUp,
                Reason::Declaration => EndReason::DeclarationWin,
                Reason::Impasse => EndReason::Jishogi,
                Reason::MaxMoves => EndReason::MaxMoves,
                // The perpetual checker's fourth-occurrence move is forbidden (fesa-2017 3.12).
                Reason::PerpetualCheck | Reason::IllegalMove if winner == Some(mover) => EndReason::IllegalWin,
                _ => match (o.result, loser) {
                    (_, Some(l)) => EndReason::IllegalAction(l.into()),
                    (GameResult::Draw, None) => EndReason::Draw,
                    _ => EndReason::Interrupted,
                },
            };
            GameEnd::new(reason)
        });
        r
    }
}
