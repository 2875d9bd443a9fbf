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
        /// Each side's impasse points, board and hand (ufs-2016 5.8.6.2; fesa-2017 5.3): rook
        /// and bishop 5, other pieces 1, the king 0.
        impasse_points: [u32; 2],
        /// Who proposed the impasse count by agreement and waits for the opponent to accept it
        /// (ufs-2016 5.8.6; pl 5.4); the next move withdraws the proposal.
        impasse_proposed_by: Option<Side>,
        /// The 27-point declaration as the side to move would make it now, where the ruleset
        /// has one (fesa-2017 5.3; ufs-2016 5.8.7): each condition with what is found and what
        /// is required, so a client can say which one is not met. `None` once the game is over.
        declaration: Option<DeclarationView>,
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
        /// With that proposal: the stones it marks alive in seki and the points it marks
        /// neutral (rfg 8.1 commentary, 8.3); empty without a proposal.
        proposed_seki: Vec<String>,
        proposed_neutral: Vec<String>,
        /// Who disputed the finishing phase and waits for the arbiter's ruling (rfg 7.2).
        disputed_by: Option<Side>,
        /// The count once the dead stones are agreed or ruled (rfg 8–10), for a client to show.
        score: Option<Box<GoScoreView>>,
    },
}

/// A Go count (rfg 9: territory and prisoners, komi for White; area counting: living stones).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct GoScoreView {
    pub black: GoSideScore,
    pub white: GoSideScore,
    pub winner: Option<Side>,
    pub margin: f64,
    /// Territory points of each side, GTP coordinates.
    pub territory_black: Vec<String>,
    pub territory_white: Vec<String>,
    /// Stones of the chains in seki, found by the count or agreed (rfg 6.1a, 8.1 commentary).
    pub seki: Vec<String>,
    /// Empty points that are nobody's: dame and points in seki (rfg 8.1, 8.3).
    pub neutral: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct GoSideScore {
    pub territory: u32,
    pub prisoners: u32,
    pub stones: u32,
    pub komi: f64,
    pub total: f64,
}

/// The 27-point declaration judged for the side to move (`shogi::Declaration`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct DeclarationView {
    pub article: String,
    pub side: Side,
    /// Whether a declaration now wins (every condition met); otherwise it loses.
    pub wins: bool,
    /// In the order of fesa-2017 5.3: `king_in_camp`, `points`, `pieces_in_camp`, `has_time`,
    /// `not_in_check`.
    pub conditions: Vec<DeclarationCondition>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct DeclarationCondition {
    pub name: String,
    pub met: bool,
    /// The value found (points, pieces, 1/0 for yes/no) and the one required.
    pub found: u32,
    pub required: u32,
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
    /// USI for shogi, GTP for Go.
    #[serde(rename = "move")]
    pub mv: String,
    pub ms: u64,
    /// Shogi: the move in Japanese (KIF: `７六歩(77)`, `同　銀成(44)`) and Western
    /// (`P-7f`, `Bx2b+`) notation, written by the record writers from the position it was
    /// played in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ja: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub western: Option<String>,
    /// Shogi: the position the move was played in (SFEN), so a client replays a game without
    /// rules of its own (the view's position follows the last move).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sfen: Option<String>,
    /// Go: the board the move was played on, for the same replay: `size × size` characters,
    /// rows from the top (row `size`) down, each from column A: `.` empty, `X` black, `O` white.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
}

/// A Go board as [`PlayedMove::board`] writes it: the board's diagram, its rows run together.
fn board_text(b: &go::Board) -> String {
    b.diagram().lines().collect()
}

impl LiveGame {
    /// The game as seen at `at`.
    pub fn view(&self, at: u64) -> GameView {
        self.view_of(at, ViewDetail::Full)
    }

    /// The game as seen at `at`, with as much as `detail` asks for.
    pub fn view_of(&self, at: u64, detail: ViewDetail) -> GameView {
        let over = self.outcome().is_some();
        match &self.live {
            Live::Shogi(r) => shogi_view(r, at, over, detail),
            Live::Go(r) => go_view(r, at, over, detail),
        }
    }

    /// The moves on the board with their times.
    pub fn moves(&self) -> Vec<PlayedMove> {
        self.moves_from(0)
    }

    /// The moves on the board from the `from`th (0 the first) with their times: what
    /// [`LiveGame::moves`] gives from there, without the texts of the ones before.
    pub fn moves_from(&self, from: usize) -> Vec<PlayedMove> {
        match &self.live {
            Live::Shogi(r) => {
                let h = r.game().history();
                // KIF names the square of the move before (`同`).
                let mut last_to = from.checked_sub(1).and_then(|i| h.moves().get(i)).map(|m| m.to());
                h.moves()
                    .iter()
                    .enumerate()
                    .skip(from)
                    .map(|(i, &m)| {
                        let pos = h.position_at(i).expect("a position before each move");
                        let played = PlayedMove {
                            mv: m.to_usi(),
                            ms: r.move_times().get(i).copied().unwrap_or(0),
                            ja: Some(shogi::formats::kif::move_text(pos, m, last_to)),
                            western: Some(shogi::formats::western::move_text(pos, m)),
                            sfen: Some(pos.to_sfen()),
                            board: None,
                        };
                        last_to = Some(m.to());
                        played
                    })
                    .collect()
            }
            Live::Go(r) => {
                // The moves again from the first board, each recorded before it is played (the
                // referee accepted them all; a capture is the board's to make).
                let mut board = r.initial().board().clone();
                let times = r.move_times();
                r.game()
                    .game()
                    .moves()
                    .iter()
                    .enumerate()
                    .filter_map(|(i, &(color, m))| {
                        let before = (i >= from).then(|| board_text(&board));
                        let mv = match m {
                            go::Move::Pass => "pass".to_string(),
                            go::Move::Play(p) => {
                                let _ = board.play(color, p);
                                p.to_gtp()
                            }
                        };
                        before.map(|before| PlayedMove {
                            mv,
                            ms: times.get(i).copied().unwrap_or(0),
                            ja: None,
                            western: None,
                            sfen: None,
                            board: Some(before),
                        })
                    })
                    .collect()
            }
        }
    }

    /// The moves on the board as engines write them, USI for shogi and GTP for Go (`pass`
    /// too): [`LiveGame::moves`]' `mv` alone, without building the other texts of each move.
    pub fn engine_moves(&self) -> Vec<String> {
        match &self.live {
            Live::Shogi(r) => r.game().history().moves().iter().map(|m| m.to_usi()).collect(),
            Live::Go(r) => r
                .game()
                .game()
                .moves()
                .iter()
                .map(|&(_, m)| match m {
                    go::Move::Pass => "pass".to_string(),
                    go::Move::Play(p) => p.to_gtp(),
                })
                .collect(),
        }
    }
}

/// How much of a view to build.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ViewDetail {
    /// Everything, the side to move's legal moves and the declaration's conditions included:
    /// what a player's client shows.
    Full,
    /// For a follower that replays the moves and needs no help to move (a CSA client, an
    /// engine): [`GameView::legal_moves`] empty and no declaration's conditions, which are most
    /// of a view's cost, and a follower gets a view per move.
    Brief,
}

fn shogi_view(r: &ShogiReferee, at: u64, over: bool, detail: ViewDetail) -> GameView {
    let pos = r.game().position();
    let full = detail == ViewDetail::Full && !over;
    let mut legal: Vec<String> = if full { pos.legal_moves().iter().map(|m| m.to_usi()).collect() } else { Vec::new() };
    legal.sort_unstable();
    GameView {
        game: GameKind::Shogi,
        ply: r.game().ply(),
        to_move: r.game().to_move(),
        position: PositionView::Shogi {
            sfen: pos.to_sfen(),
            check: pos.is_check(),
            impasse_points: shogi::ImpasseCount::of(pos).points,
            impasse_proposed_by: r.game().impasse_proposal().filter(|_| !over),
            declaration: declaration(r, at, !full),
        },
        legal_moves: legal,
        clock: r.clock().map(|c| ClockView::of(c, at)),
        outcome: r.outcome().cloned(),
    }
}

/// The declaration as the side to move would make it now; `None` when `omit`.
fn declaration(r: &ShogiReferee, at: u64, omit: bool) -> Option<DeclarationView> {
    let rule = r.rules().game.declaration.as_ref().filter(|_| !omit)?;
    let side = r.game().to_move();
    // Condition 4, time left, as the referee judges it when the declaration is made.
    let has_time = r.clock().is_none_or(|c| c.flag_fallen(side, at).is_none());
    let d = shogi::Declaration::judge(r.game().position(), has_time);
    Some(DeclarationView {
        article: rule.article.clone(),
        side,
        wins: d.wins(),
        conditions: d
            .conditions()
            .iter()
            .map(|(name, c)| DeclarationCondition {
                name: (*name).to_string(),
                met: c.met,
                found: c.found,
                required: c.required,
            })
            .collect(),
    })
}

fn go_view(r: &GoReferee, at: u64, over: bool, detail: ViewDetail) -> GameView {
    let g = r.game();
    let b = g.board();
    let gtp = |c: go::Color| b.stones(c).iter().map(|p| p.to_gtp()).collect::<Vec<_>>();
    let pts = |v: &[go::Point]| v.iter().map(|p| p.to_gtp()).collect::<Vec<_>>();
    let ended = g.passes_ended(&r.rules().game);
    let mut legal: Vec<String> = Vec::new();
    if !over && detail == ViewDetail::Full {
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
            dead_proposal: g.proposal().map(|(s, p)| (s, pts(&p.dead))),
            proposed_seki: g.proposal().map(|(_, p)| pts(&p.seki)).unwrap_or_default(),
            proposed_neutral: g.proposal().map(|(_, p)| pts(&p.neutral)).unwrap_or_default(),
            disputed_by: g.dispute(),
            score: g.score().map(|sc| {
                let side = |x: &go::score::SideScore| GoSideScore {
                    territory: x.territory,
                    prisoners: x.prisoners,
                    stones: x.stones,
                    komi: x.komi,
                    total: x.total,
                };
                Box::new(GoScoreView {
                    black: side(&sc.black),
                    white: side(&sc.white),
                    winner: sc.winner.map(Side::from),
                    margin: sc.margin,
                    territory_black: pts(&sc.territory_black),
                    territory_white: pts(&sc.territory_white),
                    seki: pts(&sc.seki),
                    neutral: pts(&sc.neutral),
                })
            }),
        },
        legal_moves: legal,
        clock: r.clock().map(|c| ClockView::of(c, at)),
        outcome: r.outcome().cloned(),
    }
}
