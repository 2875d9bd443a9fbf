//! Engine matches: every pair of engines plays a number of games, colours alternating, each
//! game with fresh engine processes, several at once; the records are written and the results
//! summed up with the Elo difference and its error margin, as engine testers report them.

use crate::play::{Player, names, play_game};
use crate::{EngineError, Gtp, Usi};
use arbiter::live::GameSetup;
use arbiter::{GameKind, GameResult, Reason, RecordFormat, Side};
use serde::Serialize;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// An engine: its name in the results, the command that starts it, and options (USI
/// `setoption`).
#[derive(Debug, Clone)]
pub struct EngineSpec {
    pub name: String,
    pub cmd: String,
    pub options: Vec<(String, String)>,
    /// This engine's own margin (see [`Match::margin_ms`]).
    pub margin_ms: Option<u64>,
}

/// How engines speak: by the game (USI for shogi, GTP for Go).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Protocol {
    Usi,
    Gtp,
}

pub struct Match {
    pub engines: Vec<EngineSpec>,
    /// Games each pair of engines plays.
    pub games: usize,
    pub setup: GameSetup,
    /// Games played at once.
    pub concurrency: usize,
    /// Where the records go (one file a game), in `format`.
    pub out: Option<PathBuf>,
    pub format: RecordFormat,
    /// Engines are told this much less time than they have (their overshoot; the referee's
    /// clock is not changed).
    pub margin_ms: u64,
}

#[derive(Debug, Clone, Serialize)]
pub struct GameReport {
    /// 1-based, in the order of the schedule.
    pub number: usize,
    pub black: String,
    pub white: String,
    pub result: GameResult,
    pub reason: Reason,
    pub article: Option<String>,
    pub moves: usize,
    /// Who lost on time, made an illegal move, or failed (crashed, broke the protocol).
    pub time_loss: Option<String>,
    pub illegal_move: Option<String>,
    pub failure: Option<String>,
    pub record: Option<PathBuf>,
}

/// One pair's results, from the first engine's side.
#[derive(Debug, Clone, Serialize)]
pub struct PairReport {
    pub first: String,
    pub second: String,
    pub games: usize,
    pub wins: usize,
    pub losses: usize,
    pub draws: usize,
    /// Points of the first engine (a draw is half), out of the games with a result.
    pub score: f64,
    /// The first engine's Elo difference, and the half-width of its 95 % interval; `None` at a
    /// score of 0 or 100 %.
    pub elo: Option<f64>,
    pub elo_margin: Option<f64>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Standing {
    pub name: String,
    pub games: usize,
    pub wins: usize,
    pub losses: usize,
    pub draws: usize,
    pub score: f64,
    pub time_losses: usize,
    pub illegal_moves: usize,
    pub failures: usize,
}

#[derive(Debug, Clone, Serialize)]
pub struct MatchReport {
    pub protocol: Protocol,
    pub games: Vec<GameReport>,
    pub pairs: Vec<PairReport>,
    pub standings: Vec<Standing>,
}

#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    #[error("a match needs at least two engines")]
    TooFewEngines,
    #[error(transparent)]
    Setup(#[from] arbiter::live::SetupError),
    #[error("cannot write {path}: {source}")]
    Write { path: PathBuf, source: std::io::Error },
    #[error("{0} is not a record format of this game")]
    Format(RecordFormat),
}

impl Match {
    pub fn protocol(&self) -> Protocol {
        match self.setup.game() {
            GameKind::Shogi => Protocol::Usi,
            GameKind::Go => Protocol::Gtp,
        }
    }

    /// The games in order: (first engine, second engine, first has Black).
    fn schedule(&self) -> Vec<(usize, usize)> {
        let n = self.engines.len();
        let mut s = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                for k in 0..self.games {
                    s.push(if k % 2 == 0 { (i, j) } else { (j, i) });
                }
            }
        }
        s
    }

    fn start(&self, e: &EngineSpec) -> Result<Box<dyn Player>, EngineError> {
        Ok(match self.protocol() {
            Protocol::Usi => Box::new(Usi::start(&e.name, &e.cmd, &e.options, e.margin_ms.unwrap_or(self.margin_ms))?),
            Protocol::Gtp => Box::new(Gtp::start(&e.name, &e.cmd, e.margin_ms.unwrap_or(self.margin_ms))?),
        })
    }

    /// Plays the match; `progress` hears of every game as it ends.
    pub fn run(&self, progress: &(dyn Fn(&GameReport) + Sync)) -> Result<MatchReport, MatchError> {
        if self.engines.len() < 2 {
            return Err(MatchError::TooFewEngines);
        }
        self.setup.validate()?;
        if self.format.game() != self.setup.game() {
            return Err(MatchError::Format(self.format));
        }
        if let Some(dir) = &self.out {
            std::fs::create_dir_all(dir).map_err(|source| MatchError::Write { path: dir.clone(), source })?;
        }
        let schedule = self.schedule();
        let next = AtomicUsize::new(0);
        let done: Mutex<Vec<Result<GameReport, MatchError>>> = Mutex::new(Vec::new());
        std::thread::scope(|s| {
            for _ in 0..self.concurrency.clamp(1, schedule.len().max(1)) {
                s.spawn(|| {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&(b, w)) = schedule.get(i) else { break };
                        let r = self.one(i + 1, b, w);
                        if let Ok(g) = &r {
                            progress(g);
                        }
                        done.lock().expect("results lock").push(r);
                    }
                });
            }
        });
        let mut games = done.into_inner().expect("results lock").into_iter().collect::<Result<Vec<_>, _>>()?;
        games.sort_by_key(|g| g.number);
        Ok(MatchReport {
            protocol: self.protocol(),
            pairs: self.pairs(&games),
            standings: self.standings(&games),
            games,
        })
    }

    fn one(&self, number: usize, b: usize, w: usize) -> Result<GameReport, MatchError> {
        let (eb, ew) = (&self.engines[b], &self.engines[w]);
        let started = (self.start(eb), self.start(ew));
        let mut report = GameReport {
            number,
            black: eb.name.clone(),
            white: ew.name.clone(),
            result: GameResult::NoResult,
            reason: Reason::ArbiterDecision,
            article: None,
            moves: 0,
            time_loss: None,
            illegal_move: None,
            failure: None,
            record: None,
        };
        let (mut black, mut white) = match started {
            (Ok(b), Ok(w)) => (b, w),
            // An engine that does not start loses the game without playing.
            (Err(e), _) => {
                report.result = GameResult::WhiteWin;
                report.failure = Some(format!("{}: {e}", eb.name));
                return Ok(report);
            }
            (_, Err(e)) => {
                report.result = GameResult::BlackWin;
                report.failure = Some(format!("{}: {e}", ew.name));
                return Ok(report);
            }
        };
        let played = play_game(&self.setup, black.as_mut(), white.as_mut())?;
        let name = |s: Side| if s == Side::Black { eb.name.clone() } else { ew.name.clone() };
        report.result = played.outcome.result;
        report.reason = played.outcome.reason;
        report.article = played.outcome.article.clone();
        report.moves = played.game.engine_moves().len();
        report.time_loss = played.time_loss.map(name);
        report.illegal_move = played.illegal.map(name);
        report.failure = played.failure.map(|(s, why)| format!("{}: {why}", name(s)));
        if let Some(dir) = &self.out {
            let text = played
                .game
                .record(self.format, &names(&eb.name, &ew.name))
                .map_err(|_| MatchError::Format(self.format))?;
            let path = dir.join(format!("{number:04}-{}-{}.{}", eb.name, ew.name, self.format.as_str()));
            std::fs::write(&path, text).map_err(|source| MatchError::Write { path: path.clone(), source })?;
            report.record = Some(path);
        }
        Ok(report)
    }

    fn pairs(&self, games: &[GameReport]) -> Vec<PairReport> {
        let mut out = Vec::new();
        for (i, a) in self.engines.iter().enumerate() {
            for b in &self.engines[i + 1..] {
                let (mut wins, mut losses, mut draws) = (0, 0, 0);
                for g in games
                    .iter()
                    .filter(|g| (g.black == a.name && g.white == b.name) || (g.black == b.name && g.white == a.name))
                {
                    match points(g, &a.name) {
                        Some(2) => wins += 1,
                        Some(1) => draws += 1,
                        Some(_) => losses += 1,
                        None => {}
                    }
                }
                let n = wins + losses + draws;
                let score = if n == 0 { 0.0 } else { (wins as f64 + draws as f64 / 2.0) / n as f64 };
                let (elo, elo_margin) = elo(wins, losses, draws);
                out.push(PairReport {
                    first: a.name.clone(),
                    second: b.name.clone(),
                    games: n,
                    wins,
                    losses,
                    draws,
                    score,
                    elo,
                    elo_margin,
                });
            }
        }
        out
    }

    fn standings(&self, games: &[GameReport]) -> Vec<Standing> {
        self.engines
            .iter()
            .map(|e| {
                let mine: Vec<&GameReport> = games.iter().filter(|g| g.black == e.name || g.white == e.name).collect();
                let count = |p: u8| mine.iter().filter(|g| points(g, &e.name) == Some(p)).count();
                let (wins, draws, losses) = (count(2), count(1), count(0));
                let fault = |f: fn(&GameReport) -> &Option<String>| {
                    mine.iter()
                        .filter(|g| {
                            f(g).as_deref().is_some_and(|who| who == e.name || who.starts_with(&format!("{}:", e.name)))
                        })
                        .count()
                };
                Standing {
                    name: e.name.clone(),
                    games: mine.len(),
                    wins,
                    losses,
                    draws,
                    score: wins as f64 + draws as f64 / 2.0,
                    time_losses: fault(|g| &g.time_loss),
                    illegal_moves: fault(|g| &g.illegal_move),
                    failures: fault(|g| &g.failure),
                }
            })
            .collect()
    }
}

/// `name`'s points in `g` in halves (2 a win, 1 a draw, 0 a loss); `None` without a result.
fn points(g: &GameReport, name: &str) -> Option<u8> {
    let side = if g.black == name { Side::Black } else { Side::White };
    match g.result {
        GameResult::Draw => Some(1),
        r => r.winner().map(|w| if w == side { 2 } else { 0 }),
    }
}

/// The Elo difference of a score and the half-width of its 95 % interval (normal approximation
/// of the per-game score's variance, as cutechess-cli reports it).
pub fn elo(wins: usize, losses: usize, draws: usize) -> (Option<f64>, Option<f64>) {
    let n = (wins + losses + draws) as f64;
    if n == 0.0 {
        return (None, None);
    }
    let s = (wins as f64 + draws as f64 / 2.0) / n;
    let to_elo = |p: f64| -400.0 * (1.0 / p - 1.0).log10();
    if s <= 0.0 || s >= 1.0 {
        return (None, None);
    }
    let var = (wins as f64 * (1.0 - s).powi(2) + losses as f64 * s.powi(2) + draws as f64 * (0.5 - s).powi(2)) / n;
    let dev = 1.959964 * (var / n).sqrt();
    let (lo, hi) = ((s - dev).max(1e-9), (s + dev).min(1.0 - 1e-9));
    (Some(to_elo(s)), Some((to_elo(hi) - to_elo(lo)) / 2.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_known_scores() {
        // 75 %: +190.85 Elo.
        let (e, m) = elo(15, 5, 0);
        assert!((e.unwrap() - 190.848).abs() < 0.01, "{e:?}");
        assert!(m.unwrap() > 100.0 && m.unwrap() < 250.0, "{m:?}");
        assert_eq!(elo(10, 10, 0).0, Some(0.0));
        assert_eq!(elo(3, 0, 0), (None, None));
        assert_eq!(elo(0, 0, 0), (None, None));
    }
}
