//! A live game as a record with its times, through the record writers: KIF, KI2, CSA, USI,
//! Western for shogi (each move's time), SGF for Go (each move's time left, `BL`/`WL`, and the
//! periods or stones left, `OB`/`OW`).

use super::{Live, LiveGame};
use crate::clock::{Clock, Overtime, OvertimeLeft};
use crate::outcome::{GameResult, Outcome, Reason};
use crate::records::{ConvertError, RecordFormat};
use crate::referee::Game;
use crate::ruleset::RulesetId;
use crate::{GoReferee, Side};

/// The players' names a record carries.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Names {
    pub black: Option<String>,
    pub white: Option<String>,
}

impl LiveGame {
    /// The game so far as a record in `format`, with the players' names.
    pub fn record(&self, format: RecordFormat, names: &Names) -> Result<String, ConvertError> {
        let wrong = || ConvertError::WrongGame { game: self.kind(), format };
        match &self.live {
            Live::Shogi(r) => {
                let f = format.shogi().ok_or_else(wrong)?;
                let mut rec = r.to_record();
                rec.info.black = names.black.clone();
                rec.info.white = names.white.clone();
                Ok(shogi::formats::write(f, &rec))
            }
            Live::Go(r) if format == RecordFormat::Sgf => Ok(self.sgf(r, names).to_sgf()),
            Live::Go(_) => Err(wrong()),
        }
    }

    fn sgf(&self, r: &GoReferee, names: &Names) -> go::sgf::SgfGame {
        let mut info = Vec::new();
        for (key, name) in [("PB", &names.black), ("PW", &names.white)] {
            if let Some(n) = name {
                info.push((key.to_string(), n.clone()));
            }
        }
        if let Some(t) = &self.setup.time {
            info.push(("TM".to_string(), format!("{}", t.black.main_ms as f64 / 1000.0)));
            match t.black.overtime {
                Overtime::ByoYomi { period_ms, periods } => {
                    info.push(("OT".into(), format!("{periods}x{} byo-yomi", period_ms as f64 / 1000.0)));
                }
                Overtime::Canadian { moves, period_ms } => {
                    info.push(("OT".into(), format!("{moves}/{} Canadian", period_ms as f64 / 1000.0)));
                }
                Overtime::None | Overtime::Fischer { .. } => {}
            }
        }
        let start = r.initial().game();
        let mut root = go::sgf::Node::default();
        if start.handicap() >= 2 {
            root.add_black = start.board().stones(go::Color::Black);
        }
        let mut nodes = vec![root];
        for (mover, mv, left) in self.moves_with_time_left(r) {
            let mut n = go::sgf::Node {
                mv: Some((
                    mover.into(),
                    match mv {
                        go::Move::Pass => None,
                        go::Move::Play(p) => Some(p),
                    },
                )),
                ..Default::default()
            };
            if let Some((secs, count)) = left {
                match mover {
                    Side::Black => (n.black_time, n.black_periods) = (Some(secs), count),
                    Side::White => (n.white_time, n.white_periods) = (Some(secs), count),
                }
            }
            nodes.push(n);
        }
        if let Some(s) = r.game().score() {
            // The count's territory on the last node as TB/TW marks, the points of the dead
            // stones included (rfg 8.2): the record says which stones were dead, as KGS and
            // others write it, and `adjudicate_go` reads them back from the marks.
            let last = nodes.last_mut().expect("the root is a node");
            last.territory_black = s.territory_black.clone();
            last.territory_white = s.territory_white.clone();
        }
        go::sgf::SgfGame {
            size: start.board().size(),
            komi: Some(r.rules().game.komi.rule),
            handicap: start.handicap(),
            rules: Some(
                match r.rules().id {
                    RulesetId::Japanese => "Japanese",
                    _ => "RFG",
                }
                .into(),
            ),
            result: r.outcome().and_then(|o| sgf_result(o, r)),
            info,
            nodes,
        }
    }

    /// Each Go move with the mover's time left after it (seconds, and periods or stones left in
    /// overtime), found by replaying the log so that the clock is read as it stood.
    fn moves_with_time_left(&self, r: &GoReferee) -> Vec<(Side, go::Move, Option<TimeLeft>)> {
        let mut replay = match LiveGame::new(&self.setup, r.mode()) {
            Ok(LiveGame { live: Live::Go(g), .. }) => g,
            _ => unreachable!("the setup built this Go game"),
        };
        let mut out = Vec::new();
        for (e, _) in r.log() {
            let before = replay.game().ply();
            let mover = replay.game().to_move();
            replay.submit(e.clone());
            if replay.game().ply() > before {
                let mv = replay.game().game().moves()[before].1;
                out.push((mover, mv, replay.clock().map(|c| time_left(c, mover))));
            }
        }
        out
    }
}

/// Seconds left, and the periods or stones left in overtime (SGF `BL` and `OB`).
type TimeLeft = (f64, Option<u32>);

fn time_left(c: &Clock, side: Side) -> TimeLeft {
    let s = c.side(side);
    if s.main_ms > 0 || s.flag_fell_at.is_some() {
        return (s.main_ms as f64 / 1000.0, None);
    }
    match s.overtime {
        OvertimeLeft::ByoYomi { period_ms, periods } => (period_ms as f64 / 1000.0, Some(periods)),
        OvertimeLeft::Canadian { period_left_ms, moves_left, .. } => (period_left_ms as f64 / 1000.0, Some(moves_left)),
        OvertimeLeft::None | OvertimeLeft::Fischer { .. } => (0.0, None),
    }
}

/// `RE[]`: `B+R`, `W+T`, `B+3.5`, `0` for a draw, `Void` for no result.
fn sgf_result(o: &Outcome, r: &GoReferee) -> Option<String> {
    let who = |s: Side| if s == Side::Black { "B" } else { "W" };
    Some(match (o.result, o.result.winner()) {
        (GameResult::Draw, _) => "0".into(),
        (_, Some(w)) => match o.reason {
            Reason::Resignation => format!("{}+R", who(w)),
            Reason::TimeUp => format!("{}+T", who(w)),
            Reason::Score => format!("{}+{}", who(w), r.game().score().map_or(0.0, |s| s.margin)),
            _ => format!("{}+F", who(w)),
        },
        (GameResult::NoResult, None) => "Void".into(),
        _ => return None,
    })
}
