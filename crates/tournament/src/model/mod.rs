//! The tournament model: players, rounds, results, scoring (docs/rules.md; fesa 12, 14; pl 8).
//!
//! Points are kept in tenths (TRF convention): a win is 10, a draw 5.
//! Colours follow TRF: `White` is the side listed first on the board, which moves first. In
//! shogi that is sente (Black in shogi notation) and in Go Black; the pairing output's first
//! column is always the player who moves first.

use serde::Serialize;

pub use arbiter::{GameKind, RulesetId};

mod grade;
pub use grade::{BadGrade, Grade};

/// Points in tenths.
pub type Points = u32;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub fn invert(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// What happened to one player in one round (FIDE TRF16 result codes, plus byes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Outcome {
    /// `1` — game won over the board.
    Win,
    /// `=` — drawn (or, under fesa 12.2, the replay decided it: see `RoundEntry::replayed_draw`).
    Draw,
    /// `0` — lost.
    Loss,
    /// `+` — forfeit win (opponent absent).
    ForfeitWin,
    /// `-` — forfeit loss; both players `-` is a double forfeit.
    ForfeitLoss,
    /// `W`, `D`, `L` — played but unrated (e.g. fewer than one move each).
    UnratedWin,
    UnratedDraw,
    UnratedLoss,
    /// `U` — the pairing-allocated bye (pl 8.2.5: one point).
    PairingBye,
    /// `F` — full-point bye given by the organiser.
    FullBye,
    /// `H` — half-point bye.
    HalfBye,
    /// `Z` — zero-point bye (announced absence).
    ZeroBye,
    /// blank — not paired (absent, withdrawn, excluded).
    NotPaired,
}

/// The score class of an outcome, before the tournament's point values are applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Win,
    Draw,
    Loss,
}

impl Outcome {
    pub fn from_code(c: char) -> Option<Outcome> {
        Some(match c.to_ascii_uppercase() {
            '1' => Outcome::Win,
            '=' => Outcome::Draw,
            '0' => Outcome::Loss,
            '+' => Outcome::ForfeitWin,
            '-' => Outcome::ForfeitLoss,
            'W' => Outcome::UnratedWin,
            'D' => Outcome::UnratedDraw,
            'L' => Outcome::UnratedLoss,
            'U' => Outcome::PairingBye,
            'F' => Outcome::FullBye,
            'H' => Outcome::HalfBye,
            'Z' => Outcome::ZeroBye,
            ' ' => Outcome::NotPaired,
            _ => return None,
        })
    }

    pub fn code(self) -> char {
        match self {
            Outcome::Win => '1',
            Outcome::Draw => '=',
            Outcome::Loss => '0',
            Outcome::ForfeitWin => '+',
            Outcome::ForfeitLoss => '-',
            Outcome::UnratedWin => 'W',
            Outcome::UnratedDraw => 'D',
            Outcome::UnratedLoss => 'L',
            Outcome::PairingBye => 'U',
            Outcome::FullBye => 'F',
            Outcome::HalfBye => 'H',
            Outcome::ZeroBye => 'Z',
            Outcome::NotPaired => ' ',
        }
    }

    pub fn score(self) -> Score {
        match self {
            Outcome::Win | Outcome::ForfeitWin | Outcome::UnratedWin | Outcome::PairingBye | Outcome::FullBye => {
                Score::Win
            }
            Outcome::Draw | Outcome::UnratedDraw | Outcome::HalfBye => Score::Draw,
            _ => Score::Loss,
        }
    }

    /// Over-the-board results (rated or not).
    pub fn is_game(self) -> bool {
        matches!(
            self,
            Outcome::Win
                | Outcome::Draw
                | Outcome::Loss
                | Outcome::UnratedWin
                | Outcome::UnratedDraw
                | Outcome::UnratedLoss
        )
    }
}

/// One player's round: opponent (0-based player index), colour, outcome.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RoundEntry {
    pub opponent: Option<usize>,
    pub color: Option<Color>,
    pub outcome: Outcome,
    /// fesa 12.2 / pl 5.5: the game was drawn and replayed at once with colours reversed;
    /// `outcome` is the replay's result and `color` the colour of the replay.
    pub replayed_draw: bool,
}

impl RoundEntry {
    pub fn unpaired() -> Self {
        RoundEntry { opponent: None, color: None, outcome: Outcome::NotPaired, replayed_draw: false }
    }

    /// A game was played over the board (bbpPairings: "gameWasPlayed").
    pub fn played(&self) -> bool {
        self.opponent.is_some() && self.color.is_some() && self.outcome.is_game()
    }

    /// The colour as paired: the colour of the replay is the reverse of the pairing's for a
    /// drawn game replayed under fesa-2017 12.2.
    pub fn paired_color(&self) -> Option<Color> {
        if self.replayed_draw { self.color.map(Color::invert) } else { self.color }
    }

    /// The player took part in the pairing of the round: paired with someone (even if the game
    /// was forfeited) or given the pairing-allocated bye.
    pub fn participated(&self) -> bool {
        self.opponent.is_some() || matches!(self.outcome, Outcome::PairingBye | Outcome::ForfeitWin)
    }
}

/// Player status beyond the round entries (fesa 14.4b, withdrawals).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Default)]
pub enum Status {
    #[default]
    Active,
    /// Withdrew; not paired from this round (1-based) on.
    Withdrawn(u32),
    /// fesa 14.4b: removed from play in a round, so excluded from this round (1-based) on.
    Excluded(u32),
}

#[derive(Clone, Debug, PartialEq, Serialize, Default)]
pub struct Player {
    /// Starting rank (TRF pairing number), 1-based.
    pub number: u32,
    pub sex: String,
    pub title: String,
    pub name: String,
    pub rating: u32,
    pub federation: String,
    pub fide_id: String,
    pub birth: String,
    /// Points as written in the file (tenths), before validation.
    pub points: Points,
    pub rank: u32,
    pub rounds: Vec<RoundEntry>,
    /// Shogi or Go grade; used for handicaps and McMahon groups.
    pub grade: Option<Grade>,
    pub club: String,
    pub status: Status,
    /// Accelerated points per round (TRF(x) XXA), tenths.
    pub acceleration: Vec<Points>,
}

/// Point values in tenths (TRF(x) BBW/BBD/BBL/BBZ/BBF/BBU codes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Scoring {
    pub win: Points,
    pub draw: Points,
    pub loss: Points,
    pub zero_bye: Points,
    pub forfeit_loss: Points,
    pub pairing_bye: Points,
}

impl Default for Scoring {
    fn default() -> Self {
        // ufs 10.1 (win 1, draw ½, loss 0); fesa 12.1 uses the same values and has no draws;
        // pl 8.2.5: the bye is one point.
        Scoring { win: 10, draw: 5, loss: 0, zero_bye: 0, forfeit_loss: 0, pairing_bye: 10 }
    }
}

impl Scoring {
    /// Points of one round entry for `player` (bbpPairings' convention for the bye codes).
    pub fn points(&self, e: &RoundEntry) -> Points {
        match e.outcome.score() {
            Score::Loss => {
                if e.participated() {
                    if e.played() { self.loss } else { self.forfeit_loss }
                } else {
                    self.zero_bye
                }
            }
            Score::Win => {
                if e.opponent.is_none() && e.participated() {
                    self.pairing_bye
                } else {
                    self.win
                }
            }
            Score::Draw => self.draw,
        }
    }
}

/// The pairing system of a tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum System {
    /// FIDE Dutch system (C.04.3).
    #[default]
    Dutch,
    /// McMahon (pl 8.2).
    McMahon,
    /// Round robin by the Berger tables (pl 8.1).
    RoundRobin,
    /// Knockout bracket (pl 8.1).
    Knockout,
}

crate::names::closed_set!(System, "system";
    Dutch => "dutch",
    McMahon => "mcmahon",
    RoundRobin => "round-robin",
    Knockout => "knockout",
);

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Tournament {
    pub name: String,
    pub game: GameKind,
    /// The ruleset played under (TRF `SXT game rules`), one of `game`'s; `None` when the file
    /// names none.
    pub rules: Option<RulesetId>,
    pub system: System,
    /// Players by pairing number (index = number − 1).
    pub players: Vec<Player>,
    /// Rounds announced (TRF(x) XXR / TRF-2025 142).
    pub planned_rounds: u32,
    pub scoring: Scoring,
    /// Colour of the top-ranked player in round 1 (TRF(x) XXC white1/black1), when known.
    pub initial_color: Option<Color>,
    /// TRF(x) XXC rank: pairing ids are not ordered by rank; sort by the rating instead.
    pub use_rank: bool,
    /// Groups of players who must never meet (TRF(x) XXP: e.g. same club or family).
    pub forbidden: Vec<Vec<usize>>,
    /// Header lines kept verbatim for round trips (012 name, 022 city, …).
    pub header: Vec<String>,
    /// Player indices in the order of the file's `001` lines (the ranking order when
    /// `use_rank` is set).
    pub order: Vec<usize>,
    /// Published seed of the furigoma draw (ufs 4.6; fesa 7; pl 1.4): when set, who moves first
    /// in games without handicap is decided by `furigoma::throw` (TRF `SXF seed`).
    pub furigoma_seed: Option<u64>,
    /// TRF-2025 `260`: players who may not meet in some rounds only.
    pub prohibited: Vec<Prohibition>,
    /// Per round (index round − 1), the boards in the order they were paired and printed, each
    /// by its first mover as paired (player index); empty for a round recorded without it
    /// (TRF `SXB round id …`). See `director::boards`.
    pub board_order: Vec<Vec<usize>>,
    /// McMahon settings (pl 8.2; TRF `SXM key value`): bar, floor, handicap rule, criteria.
    pub mcmahon: crate::pairing::mcmahon::Settings,
}

impl Default for Tournament {
    /// An empty shogi tournament without a ruleset, paired by the Dutch system.
    fn default() -> Tournament {
        Tournament {
            name: String::new(),
            game: GameKind::Shogi,
            rules: None,
            system: System::default(),
            players: Vec::new(),
            planned_rounds: 0,
            scoring: Scoring::default(),
            initial_color: None,
            use_rank: false,
            forbidden: Vec::new(),
            header: Vec::new(),
            order: Vec::new(),
            furigoma_seed: None,
            prohibited: Vec::new(),
            board_order: Vec::new(),
            mcmahon: Default::default(),
        }
    }
}

/// TRF-2025 `260`: the listed players may not meet each other in rounds `first..=last`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Prohibition {
    pub first: u32,
    pub last: u32,
    pub players: Vec<usize>,
}

impl Tournament {
    /// Players in file order (`order`), or by pairing number when built in code.
    pub fn file_order(&self) -> Vec<usize> {
        if self.order.len() == self.players.len() { self.order.clone() } else { (0..self.players.len()).collect() }
    }

    /// The round the next pairing is for (1-based): one after the last round in which someone
    /// took part in the pairing (pre-announced byes do not count).
    pub fn next_round(&self) -> u32 {
        let done = self.players.iter().filter_map(|p| p.rounds.iter().rposition(|e| e.participated())).max();
        done.map_or(1, |r| r as u32 + 2)
    }

    /// The tournament with the TRF-2025 `260` prohibitions in force in `round` added to the
    /// pairs that may never meet, as the pairing systems read them.
    /// Whether a TRF-2025 260 prohibition is in force in `round` (`with_prohibitions` would
    /// add forbidden pairs).
    pub fn has_prohibitions(&self, round: u32) -> bool {
        self.prohibited.iter().any(|p| (p.first..=p.last).contains(&round))
    }

    pub fn with_prohibitions(&self, round: u32) -> Tournament {
        let mut t = self.clone();
        for p in &self.prohibited {
            if (p.first..=p.last).contains(&round) {
                t.forbidden.push(p.players.clone());
            }
        }
        t
    }

    /// Number of rounds that have entries (paired or with results).
    pub fn rounds_recorded(&self) -> usize {
        self.players.iter().map(|p| p.rounds.len()).max().unwrap_or(0)
    }

    /// Score after `rounds` rounds (tenths).
    pub fn score_after(&self, player: usize, rounds: usize) -> Points {
        self.players[player].rounds.iter().take(rounds).map(|e| self.scoring.points(e)).sum()
    }

    pub fn score(&self, player: usize) -> Points {
        self.score_after(player, usize::MAX)
    }

    /// fesa 14.4a: the two have already met over the board or by forfeit.
    pub fn have_met(&self, a: usize, b: usize) -> bool {
        self.players[a].rounds.iter().any(|e| e.opponent == Some(b))
    }

    /// pl 8.2.6: at most one bye per player.
    pub fn had_bye(&self, p: usize) -> bool {
        self.players[p].rounds.iter().any(|e| {
            matches!(e.outcome, Outcome::PairingBye) || (e.opponent.is_none() && e.outcome == Outcome::ForfeitWin)
        })
    }

    /// Whether the player may be paired in round `round` (1-based).
    pub fn available(&self, p: usize, round: u32) -> bool {
        match self.players[p].status {
            Status::Active => true,
            Status::Withdrawn(r) | Status::Excluded(r) => round < r,
        }
    }

    /// The board `player` plays on in round index `r`: (first mover as paired, second), player
    /// indices; a board paired without colours (a forfeit read from TRF) lists the lower
    /// pairing number first.
    pub fn board_of(&self, r: usize, player: usize) -> Option<(usize, usize)> {
        let e = self.players.get(player)?.rounds.get(r)?;
        let o = e.opponent?;
        Some(match e.paired_color() {
            Some(Color::White) => (player, o),
            Some(Color::Black) => (o, player),
            None => (player.min(o), player.max(o)),
        })
    }

    /// Record a round's pairings (white/black indices, byes) as unplayed entries, and its
    /// boards' order.
    pub fn add_round(&mut self, round: &Round) {
        let r = round.number as usize;
        if self.board_order.len() < r {
            self.board_order.resize(r, Vec::new());
        }
        self.board_order[r - 1] = round.boards.iter().map(|b| b.white).collect();
        for p in &mut self.players {
            while p.rounds.len() < r {
                p.rounds.push(RoundEntry::unpaired());
            }
        }
        for b in &round.boards {
            self.players[b.white].rounds[r - 1] = RoundEntry {
                opponent: Some(b.black),
                color: Some(Color::White),
                outcome: Outcome::NotPaired,
                replayed_draw: false,
            };
            self.players[b.black].rounds[r - 1] = RoundEntry {
                opponent: Some(b.white),
                color: Some(Color::Black),
                outcome: Outcome::NotPaired,
                replayed_draw: false,
            };
        }
        for &p in &round.byes {
            self.players[p].rounds[r - 1] =
                RoundEntry { opponent: None, color: None, outcome: Outcome::PairingBye, replayed_draw: false };
        }
    }
}

/// One board of a round.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Board {
    /// Moves first (TRF white; sente in shogi, Black in Go).
    pub white: usize,
    pub black: usize,
    /// Handicap for the weaker player, if the tournament uses handicaps.
    pub handicap: Option<String>,
}

/// A round's pairings.
#[derive(Clone, Debug, PartialEq, Serialize, Default)]
pub struct Round {
    pub number: u32,
    pub boards: Vec<Board>,
    /// Players given the pairing-allocated bye (pl 8.2.5).
    pub byes: Vec<usize>,
}

impl Round {
    /// bbpPairings' `-p` output: the number of pairs, then `WHITE BLACK` (1-based), a bye as
    /// `ID 0`.
    pub fn to_bbp(&self, t: &Tournament) -> String {
        let mut s = format!("{}\n", self.boards.len() + self.byes.len());
        for b in &self.boards {
            s += &format!("{} {}\n", t.players[b.white].number, t.players[b.black].number);
        }
        for &p in &self.byes {
            s += &format!("{} 0\n", t.players[p].number);
        }
        s
    }

    /// The round as one JSON object: `round`, `boards` (`board`, `first`, `second` pairing
    /// numbers and `handicap`) and `byes`.
    pub fn to_json(&self, t: &Tournament) -> String {
        let boards: Vec<serde_json::Value> = self
            .boards
            .iter()
            .enumerate()
            .map(|(i, b)| {
                serde_json::json!({
                    "board": i + 1,
                    "first": t.players[b.white].number,
                    "second": t.players[b.black].number,
                    "handicap": b.handicap,
                })
            })
            .collect();
        let byes: Vec<u32> = self.byes.iter().map(|&p| t.players[p].number).collect();
        serde_json::json!({"round": self.number, "boards": boards, "byes": byes}).to_string()
    }
}
