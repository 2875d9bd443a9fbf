//! What a live game looks like to the players and spectators: the position with its legal moves
//! (a client needs no rules of its own), the clocks with the instant the running flag falls, the
//! outcome with its article, and the moves played with their times.

use super::{Live, LiveGame};
use crate::clock::{Clock, SideClock};
use crate::outcome::Outcome;
use crate::referee::Game;
use crate::ruleset::GameKind;
use crate::{GoReferee, ShogiReferee, Side};
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct GameView {
    pub game: GameKind,
    /// Moves on the board.
    pub ply: usize,
    pub to_move: Side,
    pub position: PositionView,
    /// The side to move's legal moves (USI for shogi, GTP for Go with `pass`), sorted; empty once
    /// the game is over.
    pub legal_moves: Vec<String>,
    pub clock: Option<ClockView>,
    pub outcome: Option<Outcome>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "game")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum PositionView {
    Shogi {
        sfen: String,
        check: bool,
    },
    Go {
        size: u8,
        /// Stones in GTP coordinates.
        black: Vec<String>,
        white: Vec<String>,
        /// Stones each side has captured.
        captures: [u32; 2],
        /// The main game has ended by passes (rfg 7.1): the finishing phase and the agreement
        /// on the dead stones.
        main_game_ended: bool,
        /// The stones proposed dead and by whom (rfg 7.2).
        dead_proposal: Option<(Side, Vec<String>)>,
        /// Who disputed the finishing phase and waits for the arbiter's ruling (rfg 7.2).
        disputed_by: Option<Side>,
    },
}

/// Both clocks at an instant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ClockView {
    /// The instant the view is for (ms, the host's time base).
    pub at: u64,
    pub black: SideClock,
    pub white: SideClock,
    /// Time left for the current move of each side at `at`, overtime included.
    pub remaining: [u64; 2],
    /// Whose clock runs, unless paused or stopped.
    pub running: Option<Side>,
    pub paused: bool,
    /// When the running side's flag falls if he does not move.
    pub flag_at: Option<u64>,
}

impl ClockView {
    fn of(c: &Clock, at: u64) -> ClockView {
        let at = at.max(c.now());
        ClockView {
            at,
            black: *c.side(Side::Black),
            white: *c.side(Side::White),
            remaining: [c.remaining(Side::Black, at), c.remaining(Side::White, at)],
            running: c.turn().filter(|_| !c.is_paused()),
            paused: c.is_paused(),
            flag_at: c.flag_at(),
        }
    }
}

/// A move as played: its notation and the time it took.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayedMove {
    #[serde(rename = "move")]
    pub mv: String,
    pub ms: u64,
}

impl LiveGame {
    /// The game as seen at `at`.
    pub fn view(&self, at: u64) -> GameView {
        let over = self.outcome().is_some();
        match &self.live {
            Live::Shogi(r) => shogi_view(r, at, over),
            Live::Go(r) => go_view(r, at, over),
        }
    }

    /// The moves on the board with their times.
    pub fn moves(&self) -> Vec<PlayedMove> {
        let (moves, times): (Vec<String>, &[u64]) = match &self.live {
            Live::Shogi(r) => (r.game().history().moves().iter().map(|m| m.to_usi()).collect(), r.move_times()),
            Live::Go(r) => (
                r.game()
                    .game()
                    .moves()
                    .iter()
                    .map(|(_, m)| match m {
                        go::Move::Pass => "pass".to_string(),
                        go::Move::Play(p) => p.to_gtp(),
                    })
                    .collect(),
                r.move_times(),
            ),
        };
        moves.into_iter().enumerate().map(|(i, mv)| PlayedMove { mv, ms: times.get(i).copied().unwrap_or(0) }).collect()
    }
}

fn shogi_view(r: &ShogiReferee, at: u64, over: bool) -> GameView {
    let pos = r.game().position();
    let mut legal: Vec<String> = if over { Vec::new() } else { pos.legal_moves().iter().map(|m| m.to_usi()).collect() };
    legal.sort_unstable();
    GameView {
        game: GameKind::Shogi,
        ply: r.game().ply(),
        to_move: r.game().to_move(),
        position: PositionView::Shogi { sfen: pos.to_sfen(), check: pos.is_check() },
        legal_moves: legal,
        clock: r.clock().map(|c| ClockView::of(c, at)),
        outcome: r.outcome().cloned(),
    }
}

fn go_view(r: &GoReferee, at: u64, over: bool) -> GameView {
    let g = r.game();
    let b = g.board();
    let gtp = |c: go::Color| b.stones(c).iter().map(|p| p.to_gtp()).collect::<Vec<_>>();
    let ended = g.passes_ended(&r.rules().game);
    let mut legal: Vec<String> = Vec::new();
    if !over {
        let points = g.game().legal_points();
        // After the main game, points in seki are not filled (rfg 7.1).
        legal = points.into_iter().filter(|&p| !(ended && g.in_seki(p))).map(|p| p.to_gtp()).collect();
        legal.sort_unstable();
        legal.push("pass".into());
    }
    GameView {
        game: GameKind::Go,
        ply: g.ply(),
        to_move: g.to_move(),
        position: PositionView::Go {
            size: b.size(),
            black: gtp(go::Color::Black),
            white: gtp(go::Color::White),
            captures: [b.captures(go::Color::Black), b.captures(go::Color::White)],
            main_game_ended: ended,
            dead_proposal: g.proposal().map(|(s, p)| (s, p.iter().map(|x| x.to_gtp()).collect())),
            disputed_by: g.dispute(),
        },
        legal_moves: legal,
        clock: r.clock().map(|c| ClockView::of(c, at)),
        outcome: r.outcome().cloned(),
    }
}
