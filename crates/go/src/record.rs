//! Replaying an SGF record under a ruleset: setup, handicap, moves, and every rule broken on
//! the way, each with its ply and article.

use crate::board::Board;
use crate::game::{Cycle, Game, Move, Rules};
use crate::handicap::fixed_handicap;
use crate::point::{Color, Point};
use crate::sgf::SgfGame;

#[derive(Debug, Clone, PartialEq)]
pub struct Violation {
    pub ply: usize,
    pub color: Color,
    pub article: &'static str,
    pub reason: &'static str,
    pub detail: String,
}

#[derive(Debug, Clone)]
pub struct Replay {
    pub game: Game,
    pub komi: f64,
    pub violations: Vec<Violation>,
    /// Ply of the pass that ended the main game (rfg 7.1), if any.
    pub main_game_end: Option<usize>,
    /// A player's third illegal move loses the game (rfg 13.4): the loser and the ply.
    pub forfeit: Option<(Color, usize)>,
    /// Whole-board repetitions (rfg 6.3: the arbiter decides), in record plies.
    pub cycles: Vec<Cycle>,
    /// Dead stones as marked by the record's last TB/TW territory marks.
    pub marked_dead: Vec<Point>,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ReplayError {
    #[error("HA[{handicap}]: {reason}")]
    Handicap { handicap: u8, reason: String },
}

/// Replay the main line of `g`. Illegal moves are reported, not applied (rfg 13.4 restores the
/// position before them), and the record goes on with the next player.
pub fn replay(g: &SgfGame, rules: Rules) -> Result<Replay, ReplayError> {
    let rules = Rules { komi: g.komi.unwrap_or(rules.komi), ..rules };
    let mut board = Board::new(g.size).expect("SgfGame sizes are validated");
    let root = &g.nodes[0];
    let mut stones: Vec<(Point, Color)> = root.add_black.iter().map(|&p| (p, Color::Black)).collect();
    stones.extend(root.add_white.iter().map(|&p| (p, Color::White)));
    if g.handicap >= 2 && root.add_black.is_empty() {
        // HA without AB: the fixed placement (rfg 2.2), unless Black's first moves place them.
        let first_is_white = g.moves().next().is_some_and(|(_, c, _)| c == Color::White);
        if first_is_white {
            let pts = fixed_handicap(g.size, g.handicap)
                .map_err(|e| ReplayError::Handicap { handicap: g.handicap, reason: e.to_string() })?;
            stones.extend(pts.into_iter().map(|p| (p, Color::Black)));
        }
    }
    board.rebuild(&stones);
    let has_handicap_stones = stones.iter().any(|&(_, c)| c == Color::Black) && g.handicap >= 2;
    let first = root.player.unwrap_or(if has_handicap_stones { Color::White } else { Color::Black });
    let mut game = Game::from_board(board, first, rules);
    game.set_handicap(g.handicap);
    let mut out = Replay {
        komi: rules.komi,
        violations: Vec::new(),
        main_game_end: None,
        forfeit: None,
        cycles: Vec::new(),
        marked_dead: Vec::new(),
        game: game.clone(),
    };
    let mut illegal = [0u32; 2];
    let mut white_moved = false;
    // Plies count the record's moves, illegal ones included.
    let mut ply = 0;
    // Record ply of each move the game accepted (game plies skip illegal moves).
    let mut record_ply: Vec<usize> = Vec::new();
    for node in &g.nodes[1..] {
        if !node.add_black.is_empty() || !node.add_white.is_empty() || !node.add_empty.is_empty() {
            let mut b = game.board().clone();
            for &p in &node.add_empty {
                b.set(p, None);
            }
            for &p in &node.add_black {
                b.set(p, Some(Color::Black));
            }
            for &p in &node.add_white {
                b.set(p, Some(Color::White));
            }
            game.set_board(b);
        }
        if let Some(c) = node.player {
            game.set_to_move(c);
        }
        let Some((c, p)) = node.mv else { continue };
        ply += 1;
        let handicap_phase = c == Color::Black && !white_moved && g.handicap >= 2;
        if c != game.to_move() && !handicap_phase {
            out.violations.push(Violation {
                ply,
                color: c,
                article: "rfg 11",
                reason: "two_moves_in_a_row",
                detail: format!("{} moves twice in a row", c.name()),
            });
        }
        white_moved |= c == Color::White;
        let mv = p.map_or(Move::Pass, Move::Play);
        match game.play_as(c, mv) {
            Ok(_) => {
                record_ply.push(ply);
                if mv == Move::Pass && game.consecutive_passes() == rules.passes_to_end && out.main_game_end.is_none() {
                    out.main_game_end = Some(ply);
                }
            }
            Err(e) => {
                illegal[c.index()] += 1;
                out.violations.push(Violation {
                    ply,
                    color: c,
                    article: e.article(),
                    reason: e.reason(),
                    detail: format!("{} {e}", c.name()),
                });
                if illegal[c.index()] >= 3 {
                    // rfg 13.4: the first two illegal moves cost two minutes each, the third loses.
                    out.forfeit = Some((c, ply));
                    break;
                }
                game.set_to_move(c.opponent());
            }
        }
    }
    // The last territory marks, if any, say which stones were agreed dead.
    if let Some(n) = g.nodes.iter().rev().find(|n| !n.territory_black.is_empty() || !n.territory_white.is_empty()) {
        let b = game.board();
        for &p in &n.territory_black {
            if b.get(p) == Some(Color::White) {
                out.marked_dead.push(p);
            }
        }
        for &p in &n.territory_white {
            if b.get(p) == Some(Color::Black) {
                out.marked_dead.push(p);
            }
        }
    }
    let to_record = |p: usize| if p == 0 { 0 } else { record_ply[p - 1] };
    out.cycles =
        game.cycles().iter().map(|c| Cycle { ply: to_record(c.ply), first_ply: to_record(c.first_ply) }).collect();
    out.game = game;
    Ok(out)
}
