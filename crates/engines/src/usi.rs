//! A USI engine (shogi): `usi`/`usiok`, options, `isready`/`readyok`, `usinewgame`, then for each
//! move `position … moves …` and `go btime wtime byoyomi|binc winc`, answered by `bestmove`
//! (`resign`, `win` for the declaration).

use crate::play::{Player, Reply};
use crate::process::{EngineError, Process};
use arbiter::clock::SideClock;
use arbiter::live::{GameSetup, GameView, LiveGame, PositionView};
use arbiter::{OvertimeLeft, Side};
use std::time::{Duration, Instant};

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
/// Time an engine gets to start and to get ready.
const STARTUP: Duration = Duration::from_secs(60);

pub struct Usi {
    p: Process,
    start_sfen: String,
    /// Told less time than it has by this much, for its own overshoot.
    margin_ms: u64,
}

impl Usi {
    /// Starts `cmd`, says `usi` and sets `options` (`setoption name K value V`).
    pub fn start(name: &str, cmd: &str, options: &[(String, String)], margin_ms: u64) -> Result<Usi, EngineError> {
        let mut p = Process::start(name, cmd)?;
        let deadline = Some(Instant::now() + STARTUP);
        p.send("usi")?;
        p.until(deadline, "usi", |l| l == "usiok")?;
        for (k, v) in options {
            p.send(&format!("setoption name {k} value {v}"))?;
        }
        Ok(Usi { p, start_sfen: START.to_string(), margin_ms })
    }

    fn go(&self, view: &GameView) -> String {
        let Some(c) = &view.clock else {
            // An untimed game: a second a move.
            return "go btime 0 wtime 0 byoyomi 1000".to_string();
        };
        let main_left = |side: Side, s: &SideClock| {
            let remaining = c.remaining[side.index()];
            remaining.saturating_sub(overtime_budget(&s.overtime)).min(s.main_ms)
        };
        let m = self.margin_ms;
        let (b, w) = (main_left(Side::Black, &c.black), main_left(Side::White, &c.white));
        // The margin comes off the time of the move: the byo-yomi when the main time is gone.
        let less = |t: u64, main: u64| if main == 0 { t.saturating_sub(m) } else { t };
        let main = if view.to_move == Side::Black { b } else { w };
        let (b, w) = if view.to_move == Side::Black { (b.saturating_sub(m), w) } else { (b, w.saturating_sub(m)) };
        let mover = if view.to_move == Side::Black { &c.black } else { &c.white };
        match mover.overtime {
            OvertimeLeft::Fischer { .. } => {
                let inc = |s: &SideClock| match s.overtime {
                    OvertimeLeft::Fischer { increment_ms } => increment_ms,
                    _ => 0,
                };
                format!("go btime {b} wtime {w} binc {} winc {}", inc(&c.black), inc(&c.white))
            }
            OvertimeLeft::ByoYomi { period_ms, .. } => {
                format!("go btime {b} wtime {w} byoyomi {}", less(period_ms, main))
            }
            // Canadian: the period's time spread over the moves still due.
            OvertimeLeft::Canadian { moves_left, period_left_ms, .. } if mover.main_ms == 0 => {
                format!("go btime {b} wtime {w} byoyomi {}", less(period_left_ms / u64::from(moves_left.max(1)), 0))
            }
            _ => format!("go btime {b} wtime {w}"),
        }
    }
}

/// What the overtime still gives beyond the main time.
fn overtime_budget(o: &OvertimeLeft) -> u64 {
    match *o {
        OvertimeLeft::None | OvertimeLeft::Fischer { .. } => 0,
        OvertimeLeft::ByoYomi { period_ms, periods } => period_ms * u64::from(periods),
        OvertimeLeft::Canadian { period_left_ms, .. } => period_left_ms,
    }
}

impl Player for Usi {
    fn name(&self) -> &str {
        &self.p.name
    }

    fn new_game(&mut self, _setup: &GameSetup, view: &GameView) -> Result<(), EngineError> {
        if let PositionView::Shogi { sfen, .. } = &view.position {
            self.start_sfen = sfen.clone();
        }
        self.p.send("isready")?;
        self.p.until(Some(Instant::now() + STARTUP), "isready", |l| l == "readyok")?;
        self.p.send("usinewgame")
    }

    fn think(&mut self, game: &LiveGame, view: &GameView, deadline: Option<Instant>) -> Result<Reply, EngineError> {
        let moves = game.engine_moves();
        let mut position = if self.start_sfen == START {
            "position startpos".to_string()
        } else {
            format!("position sfen {}", self.start_sfen)
        };
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        self.p.send(&position)?;
        self.p.send(&self.go(view))?;
        let line = match self.p.until(deadline, "go", |l| l.starts_with("bestmove")) {
            Ok(l) => l,
            Err(e) => {
                let _ = self.p.send("stop");
                return Err(e);
            }
        };
        match line.split_whitespace().nth(1) {
            Some("resign") => Ok(Reply::Resign),
            Some("win") => Ok(Reply::Declare),
            Some(mv) => Ok(Reply::Move(mv.to_string())),
            None => Err(self.p.protocol(format!("`{line}` names no move"))),
        }
    }

    fn observe(&mut self, _side: Side, _mv: &str) -> Result<(), EngineError> {
        Ok(())
    }

    fn dead_stones(&mut self) -> Result<Vec<String>, EngineError> {
        Ok(Vec::new())
    }
}

impl Drop for Usi {
    fn drop(&mut self) {
        let _ = self.p.send("gameover draw");
        let _ = self.p.send("quit");
    }
}
