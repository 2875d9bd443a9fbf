//! A game's history: every position reached, repetition (sennichite) and perpetual check.
//!
//! fesa-2017 5.2 / ufs-2016 5.8.5 / pl 5.2: the same position — board, both hands, side to move —
//! occurring for the fourth time ends the game as a draw (sennichite). fesa-2017 3.12 /
//! ufs-2016 5.7.2 / pl 5.1c: if every move of one player between the first and the fourth
//! occurrence gave check, that player loses instead (perpetual check).

use crate::position::{IllegalMove, ImpossibleMove, Position};
use crate::types::{Color, Move};
use std::collections::HashMap;

/// What a fourth occurrence of a position means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Repetition {
    /// Fourfold repetition without perpetual check: a draw (fesa-2017 5.2).
    Sennichite {
        /// Ply (number of moves played) at which the position first occurred.
        first_ply: usize,
    },
    /// `loser` gave check with every one of his moves since the first occurrence
    /// (fesa-2017 3.12): he loses.
    PerpetualCheck { loser: Color, first_ply: usize },
}

impl Repetition {
    pub fn article(self) -> &'static str {
        match self {
            Repetition::Sennichite { .. } => "fesa-2017 5.2",
            Repetition::PerpetualCheck { .. } => "fesa-2017 3.12",
        }
    }
}

/// The positions of a game from its start, indexed by ply (0 = the start position).
#[derive(Debug, Clone)]
pub struct History {
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// Whether move `i` (leading to position `i + 1`) gave check.
    checks: Vec<bool>,
    /// Plies at which positions with each hash occurred (verified by full comparison).
    by_hash: HashMap<u64, Vec<usize>>,
}

impl History {
    pub fn new(start: Position) -> History {
        let mut by_hash = HashMap::new();
        by_hash.insert(start.hash(), vec![0]);
        History { positions: vec![start], moves: Vec::new(), checks: Vec::new(), by_hash }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("a history always has its start position")
    }
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }
    /// Number of moves played.
    pub fn ply(&self) -> usize {
        self.moves.len()
    }
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }
    /// The position after `ply` moves.
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        self.positions.get(ply)
    }
    /// Whether the move at `index` (0-based) gave check.
    pub fn gave_check(&self, index: usize) -> Option<bool> {
        self.checks.get(index).copied()
    }

    /// Plays a legal move; returns what the repetition rules say, if anything, after it.
    pub fn play(&mut self, mv: Move) -> Result<Option<Repetition>, IllegalMove> {
        self.position().check_move(mv)?;
        let mut next = self.position().clone();
        next.play_unchecked(mv);
        Ok(self.push(mv, next))
    }

    /// Plays a move as a scoresheet records it (see [`Position::play_lenient`]).
    pub fn play_lenient(&mut self, mv: Move) -> Result<(Option<IllegalMove>, Option<Repetition>), ImpossibleMove> {
        let mut next = self.position().clone();
        let verdict = next.play_lenient(mv)?;
        Ok((verdict, self.push(mv, next)))
    }

    fn push(&mut self, mv: Move, next: Position) -> Option<Repetition> {
        self.checks.push(next.is_check());
        self.moves.push(mv);
        let ply = self.positions.len();
        let plies = self.by_hash.entry(next.hash()).or_default();
        plies.push(ply);
        self.positions.push(next);
        self.repetition()
    }

    /// Plies (ascending) at which the current position occurred, the current ply included.
    pub fn occurrences(&self) -> Vec<usize> {
        let cur = self.position();
        self.by_hash
            .get(&cur.hash())
            .map(|plies| plies.iter().copied().filter(|&p| self.positions[p].same_position(cur)).collect())
            .unwrap_or_default()
    }

    /// The repetition verdict for the current position: `Some` exactly when it occurs for the
    /// fourth time now (the game ends at the fourth occurrence, so later ones are not judged).
    pub fn repetition(&self) -> Option<Repetition> {
        let occ = self.occurrences();
        if occ.len() != 4 || *occ.last()? != self.ply() {
            return None;
        }
        let first = occ[0];
        // Moves between the first and the fourth occurrence: indices first..ply. The mover of
        // move i is the side to move in position i.
        let mut all_checks = [true; 2];
        for i in first..self.ply() {
            let mover = self.positions[i].turn();
            if !self.checks[i] {
                all_checks[mover.index()] = false;
            }
        }
        match all_checks {
            [true, false] => Some(Repetition::PerpetualCheck { loser: Color::Black, first_ply: first }),
            [false, true] => Some(Repetition::PerpetualCheck { loser: Color::White, first_ply: first }),
            // Both sides checking throughout is a mutual perpetual: no rule singles out one
            // player, so it stays a sennichite.
            _ => Some(Repetition::Sennichite { first_ply: first }),
        }
    }
}
