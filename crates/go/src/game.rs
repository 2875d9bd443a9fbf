//! A game in progress: the board, whose turn it is, consecutive passes (rfg 7.1), whole-board
//! repetition (rfg 6.3) and the moves played.

use std::collections::HashMap;

use crate::board::{Board, BoardError, IllegalMove};
use crate::handicap::{HandicapError, fixed_handicap};
use crate::point::{Color, Point};

/// The parameters of a ruleset that the board logic needs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rules {
    /// Consecutive passes that end the main game: 3 under rfg 7.1, 2 under the Japanese 1989 rules.
    pub passes_to_end: u32,
    /// Compensation added to White's score (rfg 9.3; the commentary gives 6.5 as usual).
    pub komi: f64,
}

impl Rules {
    /// Russian Go Federation rules: three passes (7.1), komi 6.5 (9.3 commentary).
    pub const RFG: Rules = Rules { passes_to_end: 3, komi: 6.5 };
    /// Japanese 1989 rules: two passes.
    pub const JAPANESE: Rules = Rules { passes_to_end: 2, komi: 6.5 };
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    Play(Point),
    Pass,
}

/// A whole-board position repeated with the same player to move: a cycle (triple ko, eternal
/// life, …). rfg 6.3 leaves the outcome to the arbiter (no result, both lose, or replay), so
/// the rules crate only reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cycle {
    /// Ply (1-based) of the move that repeated the position.
    pub ply: usize,
    /// Ply after which the same position first stood (0 = the initial position).
    pub first_ply: usize,
}

#[derive(Debug, Clone)]
pub struct Game {
    board: Board,
    to_move: Color,
    rules: Rules,
    handicap: u8,
    passes: u32,
    moves: Vec<(Color, Move)>,
    seen: HashMap<u64, usize>,
    cycles: Vec<Cycle>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error(transparent)]
    Board(#[from] BoardError),
    #[error(transparent)]
    Handicap(#[from] HandicapError),
}

fn key(board: &Board, to_move: Color) -> u64 {
    board.hash() ^ if to_move == Color::White { 0x5bd1_e995_7f4a_7c15 } else { 0 }
}

impl Game {
    /// An even game from an empty board; Black moves first (rfg 1.1, 2.2).
    pub fn new(size: u8, rules: Rules) -> Result<Game, GameError> {
        Ok(Game::from_board(Board::new(size)?, Color::Black, rules))
    }

    /// A handicap game: Black's stones on the fixed points, White moves first (rfg 2.2).
    pub fn with_handicap(size: u8, stones: u8, rules: Rules) -> Result<Game, GameError> {
        let mut board = Board::new(size)?;
        let pts = fixed_handicap(size, stones)?;
        board.rebuild(&pts.iter().map(|&p| (p, Color::Black)).collect::<Vec<_>>());
        let mut g = Game::from_board(board, Color::White, rules);
        g.handicap = stones;
        Ok(g)
    }

    /// Start from any position (SGF setup).
    pub fn from_board(board: Board, to_move: Color, rules: Rules) -> Game {
        let mut seen = HashMap::new();
        seen.insert(key(&board, to_move), 0);
        Game { board, to_move, rules, handicap: 0, passes: 0, moves: Vec::new(), seen, cycles: Vec::new() }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }
    pub fn to_move(&self) -> Color {
        self.to_move
    }
    pub fn rules(&self) -> Rules {
        self.rules
    }
    pub fn handicap(&self) -> u8 {
        self.handicap
    }
    pub fn set_handicap(&mut self, n: u8) {
        self.handicap = n;
    }
    pub fn set_to_move(&mut self, c: Color) {
        self.to_move = c;
    }
    pub fn moves(&self) -> &[(Color, Move)] {
        &self.moves
    }
    pub fn ply(&self) -> usize {
        self.moves.len()
    }
    pub fn consecutive_passes(&self) -> u32 {
        self.passes
    }
    pub fn cycles(&self) -> &[Cycle] {
        &self.cycles
    }

    /// Has the main game ended by consecutive passes (rfg 7.1)?
    pub fn is_over(&self) -> bool {
        self.passes >= self.rules.passes_to_end
    }

    /// Is `mv` legal for the side to move?
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        match mv {
            Move::Pass => Ok(()),
            Move::Play(p) => self.board.check(self.to_move, p),
        }
    }

    /// Play a move for the side to move. Returns the number of stones captured.
    pub fn play(&mut self, mv: Move) -> Result<u32, IllegalMove> {
        self.play_as(self.to_move, mv)
    }

    /// Play a move for `c` (records may have a player move twice, e.g. free handicap
    /// placement); the turn passes to `c`'s opponent.
    pub fn play_as(&mut self, c: Color, mv: Move) -> Result<u32, IllegalMove> {
        let captured = match mv {
            Move::Pass => {
                self.board.pass();
                self.passes += 1;
                0
            }
            Move::Play(p) => {
                let n = self.board.play(c, p)?;
                self.passes = 0;
                n
            }
        };
        self.moves.push((c, mv));
        self.to_move = c.opponent();
        if let Move::Play(_) = mv {
            let k = key(&self.board, self.to_move);
            let ply = self.moves.len();
            if let Some(&first) = self.seen.get(&k) {
                self.cycles.push(Cycle { ply, first_ply: first });
            } else {
                self.seen.insert(k, ply);
            }
        }
        Ok(captured)
    }

    /// Replace the board (SGF AB/AW/AE in the middle of a record).
    pub fn set_board(&mut self, board: Board) {
        self.board = board;
        self.seen.insert(key(&self.board, self.to_move), self.moves.len());
    }

    /// Every legal point for the side to move (passes not included).
    pub fn legal_points(&self) -> Vec<Point> {
        self.board.points().filter(|&p| self.board.is_legal(self.to_move, p)).collect()
    }
}
