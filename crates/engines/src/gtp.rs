//! A GTP engine (Go): `boardsize`, `clear_board`, `komi`, handicap stones by
//! `set_free_handicap`, `time_settings`, then `time_left` and `genmove` on its turn, `play` for
//! the opponent's moves, and `final_status_list dead` for the count.
//!
//! GNU Go has no `kgs-time_settings`, so Japanese byo-yomi (N periods of P seconds) is given as
//! Canadian byo-yomi of one stone in P seconds: the engine then never overruns a period, which
//! is all a period asks of it.

use crate::play::{Player, Reply};
use crate::process::{EngineError, Process};
use arbiter::live::{BoardSetup, GameSetup, GameView, LiveGame, PositionView};
use arbiter::{GoRuleset, Overtime, OvertimeLeft, Side};
use std::time::{Duration, Instant};

/// Time for a command that does not think.
const QUICK: Duration = Duration::from_secs(60);

pub struct Gtp {
    p: Process,
    /// Told less time than it has by this much, for its own overshoot.
    margin_ms: u64,
}

impl Gtp {
    pub fn start(name: &str, cmd: &str, margin_ms: u64) -> Result<Gtp, EngineError> {
        let mut g = Gtp { p: Process::start(name, cmd)?, margin_ms };
        g.command("protocol_version", Some(Instant::now() + QUICK))?;
        Ok(g)
    }

    /// A command and its answer's body; a `?` answer is an error.
    fn command(&mut self, cmd: &str, deadline: Option<Instant>) -> Result<String, EngineError> {
        self.p.send(cmd)?;
        let first = self.p.until(deadline, cmd, |l| l.starts_with('=') || l.starts_with('?'))?;
        let mut body = first[1..].trim().to_string();
        loop {
            let l = self.p.line(deadline, cmd)?;
            if l.trim().is_empty() {
                break;
            }
            body.push('\n');
            body.push_str(l.trim());
        }
        if first.starts_with('?') { Err(self.p.protocol(format!("`{cmd}`: {body}"))) } else { Ok(body) }
    }

    fn quick(&mut self, cmd: &str) -> Result<String, EngineError> {
        self.command(cmd, Some(Instant::now() + QUICK))
    }
}

fn color(side: Side) -> &'static str {
    match side {
        Side::Black => "black",
        Side::White => "white",
    }
}

impl Player for Gtp {
    fn name(&self) -> &str {
        &self.p.name
    }

    fn new_game(&mut self, setup: &GameSetup, view: &GameView) -> Result<(), EngineError> {
        let BoardSetup::Go { size, handicap, komi } = setup.board else {
            return Err(self.p.protocol("a GTP engine plays Go"));
        };
        self.quick(&format!("boardsize {size}"))?;
        self.quick("clear_board")?;
        let komi = komi.unwrap_or_else(|| {
            if handicap >= 2 { 0.0 } else { GoRuleset::by_id(setup.ruleset).map_or(7.5, |r| r.game.komi.rule) }
        });
        self.quick(&format!("komi {komi}"))?;
        if let PositionView::Go { black, .. } = &view.position
            && !black.is_empty()
        {
            self.quick(&format!("set_free_handicap {}", black.join(" ")))?;
        }
        let settings = match setup.time.as_ref().map(|t| t.black) {
            // GTP: byo-yomi time > 0 with 0 stones means no time limit.
            None => "time_settings 0 1 0".to_string(),
            Some(tc) => {
                let main = tc.main_ms / 1000;
                match tc.overtime {
                    Overtime::ByoYomi { period_ms, .. } => format!("time_settings {main} {} 1", period_ms / 1000),
                    Overtime::Canadian { moves, period_ms } => {
                        format!("time_settings {main} {} {moves}", period_ms / 1000)
                    }
                    Overtime::None | Overtime::Fischer { .. } => format!("time_settings {main} 0 0"),
                }
            }
        };
        self.quick(&settings)?;
        Ok(())
    }

    fn think(&mut self, _game: &LiveGame, view: &GameView, deadline: Option<Instant>) -> Result<Reply, EngineError> {
        let side = view.to_move;
        if let Some(c) = &view.clock {
            let s = if side == Side::Black { &c.black } else { &c.white };
            let remaining = c.remaining[side.index()];
            let (secs, stones) = match s.overtime {
                _ if s.main_ms > 0 => (remaining, 0),
                OvertimeLeft::ByoYomi { period_ms, .. } => (period_ms, 1),
                OvertimeLeft::Canadian { moves_left, period_left_ms, .. } => (period_left_ms, moves_left),
                OvertimeLeft::None | OvertimeLeft::Fischer { .. } => (remaining, 0),
            };
            let secs = secs.saturating_sub(self.margin_ms) / 1000;
            self.quick(&format!("time_left {} {secs} {stones}", color(side)))?;
        }
        let answer = self.command(&format!("genmove {}", color(side)), deadline)?;
        Ok(match answer.to_ascii_lowercase().as_str() {
            "resign" => Reply::Resign,
            "pass" => Reply::Move("pass".into()),
            _ => Reply::Move(answer.to_ascii_uppercase()),
        })
    }

    fn observe(&mut self, side: Side, mv: &str) -> Result<(), EngineError> {
        self.quick(&format!("play {} {mv}", color(side))).map(|_| ())
    }

    fn dead_stones(&mut self) -> Result<Vec<String>, EngineError> {
        Ok(self.quick("final_status_list dead")?.split_whitespace().map(str::to_ascii_uppercase).collect())
    }
}

impl Drop for Gtp {
    fn drop(&mut self) {
        let _ = self.p.send("quit");
    }
}
