//! What a live game is set up with, checked against its ruleset before it starts.

use crate::clock::{Overtime, TimeControl};
use crate::ruleset::{GameKind, GoRuleset, RulesetError, RulesetId, ShogiRuleset, TimeControlKind};
use crate::shogi_game::ShogiGame;
use serde::{Deserialize, Serialize};

/// A game to play: the ruleset (with a tournament's overrides), each side's time control (they
/// may differ: time odds), and the board.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameSetup {
    pub ruleset: RulesetId,
    /// A JSON patch over the ruleset's fields (`Ruleset::with_overrides`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overrides: Option<serde_json::Value>,
    /// `None`: an untimed game.
    #[serde(default)]
    pub time: Option<SideTimes>,
    pub board: BoardSetup,
    /// A game that counts for the rating: its time control must reach the ruleset's minimum
    /// (fesa-2017 15.4) and no take-back is allowed in it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
    /// The players must arrive at the board, as at a tournament: one who has not come when the
    /// ruleset's allowed lateness is over loses (ufs-2016 6.11; rfg 11; under fesa-2017 8.6 the
    /// clock alone decides). A player arrives with his first connection to the game or his
    /// first act.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub arrival: bool,
    /// The game is drawn when this many moves are on the board (reason `max_moves`), as the
    /// CSA server protocol's `Max_Moves` (shogi-server and Floodgate: 256). `None` or 0: no
    /// limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_moves: Option<u32>,
}

/// Each side's time control. "Black" is sente in shogi (in a handicap game the receiver) and
/// Black in Go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideTimes {
    pub black: TimeControl,
    pub white: TimeControl,
}

impl SideTimes {
    pub fn same(tc: TimeControl) -> SideTimes {
        SideTimes { black: tc, white: tc }
    }
}

/// The board a game starts from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "game", deny_unknown_fields)]
pub enum BoardSetup {
    Shogi {
        /// A handicap by name (`lance`, `bishop`, `two-pieces` …); the giver moves first (ufs-2016
        /// 5.9; pl 7). `None`: an even game.
        #[serde(default)]
        handicap: Option<String>,
        /// Moves already on the board when the game starts, in USI (`7g7f`): a buoy game of the
        /// CSA servers. They are the game's first moves in its record, with no time, and count
        /// for repetition and the move limit; the clock starts after them.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        opening: Vec<String>,
    },
    Go {
        /// 9, 13 or 19 (rfg 2.3–2.4); any size from 5 to 25 is played.
        size: u8,
        /// Stones on the fixed points (rfg 2.2); 0 or 1: none.
        #[serde(default)]
        handicap: u8,
        /// Komi for White; `None`: the ruleset's (rfg 9.3), none in a handicap game.
        #[serde(default)]
        komi: Option<f64>,
    },
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SetupError {
    #[error(transparent)]
    Ruleset(#[from] RulesetError),
    #[error("unknown handicap `{0}` (lance, bishop, rook, two-pieces, four-pieces, six-pieces, …)")]
    Handicap(String),
    #[error("Go: {0}")]
    Board(String),
    /// An opening move that cannot be played (its number counts from 1).
    #[error("opening move {number} `{mv}`: {why}")]
    Opening { number: usize, mv: String, why: String },
    #[error("komi {0} is not a number of half points")]
    Komi(f64),
    /// A time control of a kind the ruleset does not allow.
    #[error("{kind:?} is not a time control of {ruleset} ({article})")]
    TimeControl { kind: TimeControlKind, ruleset: RulesetId, article: String },
    #[error("{0}")]
    Time(String),
    /// A rated game set up against the rating rules.
    #[error("not a rated game: {0}")]
    Rated(String),
}

impl GameSetup {
    pub fn game(&self) -> GameKind {
        match self.board {
            BoardSetup::Shogi { .. } => GameKind::Shogi,
            BoardSetup::Go { .. } => GameKind::Go,
        }
    }

    /// Checks the setup against its ruleset: the ruleset is of the board's game, its overrides
    /// read, the handicap and board exist, each time control is of a kind the ruleset allows.
    pub fn validate(&self) -> Result<(), SetupError> {
        let (allowed, article) = match &self.board {
            BoardSetup::Shogi { .. } => {
                self.shogi_game()?;
                let r = self.shogi_rules()?;
                if self.rated {
                    self.check_rated(&r)?;
                }
                (r.time_controls.rule, r.time_controls.article)
            }
            BoardSetup::Go { .. } => {
                self.go_start()?;
                let r = self.go_rules()?;
                (r.time_controls.rule, r.time_controls.article)
            }
        };
        for tc in self.time.iter().flat_map(|t| [t.black, t.white]) {
            tc.bounded().map_err(SetupError::Time)?;
            let kind = match tc.overtime {
                Overtime::None => TimeControlKind::SuddenDeath,
                Overtime::ByoYomi { periods: 0, .. } => return Err(SetupError::Time("byo-yomi needs a period".into())),
                Overtime::ByoYomi { period_ms: 0, .. } => {
                    return Err(SetupError::Time("a byo-yomi period takes some time".into()));
                }
                Overtime::ByoYomi { .. } => TimeControlKind::ByoYomi,
                Overtime::Canadian { moves: 0, .. } | Overtime::Canadian { period_ms: 0, .. } => {
                    return Err(SetupError::Time("a Canadian period is some moves in some time".into()));
                }
                Overtime::Canadian { .. } => TimeControlKind::Canadian,
                Overtime::Fischer { .. } => TimeControlKind::Fischer,
            };
            if tc.main_ms == 0 && kind != TimeControlKind::ByoYomi && kind != TimeControlKind::Canadian {
                return Err(SetupError::Time("a time control without time".into()));
            }
            if !allowed.contains(&kind) {
                return Err(SetupError::TimeControl { kind, ruleset: self.ruleset, article });
            }
        }
        Ok(())
    }

    /// A rated game: each side's time control at the ruleset's minimum or above, with the
    /// per-move time of its overtime standing for the byo-yomi (fesa-2017 15.4; an increment or
    /// a Canadian period's average is at least as generous), and the beginners' take-back off.
    fn check_rated(&self, r: &ShogiRuleset) -> Result<(), SetupError> {
        if let Some(t) = r.beginners_takeback.as_ref().filter(|t| t.rule.enabled) {
            return Err(SetupError::Rated(format!(
                "the beginners' take-back ({}) is on, and a rated game allows no take-back",
                t.article
            )));
        }
        let Some(min) = &r.game.min_rated_time else { return Ok(()) };
        let minimum = || {
            let m: Vec<String> =
                min.rule.iter().map(|m| format!("{} min + {} s", m.main_ms / 60_000, m.byoyomi_ms / 1000)).collect();
            format!("{} ({})", m.join(" or "), min.article)
        };
        let Some(times) = &self.time else {
            return Err(SetupError::Rated(format!("an untimed game; the minimum is {}", minimum())));
        };
        for (side, tc) in [("Black", times.black), ("White", times.white)] {
            let per_move = match tc.overtime {
                Overtime::None => 0,
                Overtime::ByoYomi { period_ms, .. } => period_ms,
                Overtime::Canadian { moves, period_ms } => period_ms / u64::from(moves.max(1)),
                Overtime::Fischer { increment_ms } => increment_ms,
            };
            if !r.is_rated_time_control(tc.main_ms, per_move) {
                return Err(SetupError::Rated(format!(
                    "{side}'s time ({} min + {} s a move) is under the minimum {}",
                    tc.main_ms / 60_000,
                    per_move / 1000,
                    minimum()
                )));
            }
        }
        Ok(())
    }

    pub(super) fn shogi_rules(&self) -> Result<ShogiRuleset, SetupError> {
        let r = ShogiRuleset::by_id(self.ruleset)?;
        Ok(match &self.overrides {
            Some(patch) => r.with_overrides(patch)?,
            None => r,
        })
    }

    pub(super) fn go_rules(&self) -> Result<GoRuleset, SetupError> {
        let mut r = GoRuleset::by_id(self.ruleset)?;
        if let Some(patch) = &self.overrides {
            r = r.with_overrides(patch)?;
        }
        if let BoardSetup::Go { komi, handicap, .. } = self.board {
            // rfg 9.3: komi compensates Black's first move, which White has in a handicap game.
            r.game.komi.rule = komi.unwrap_or(if handicap >= 2 { 0.0 } else { r.game.komi.rule });
        }
        Ok(r)
    }

    fn shogi_start(&self) -> Result<shogi::Position, SetupError> {
        let BoardSetup::Shogi { handicap, .. } = &self.board else { unreachable!("a shogi setup") };
        match handicap {
            None => Ok(shogi::Position::startpos()),
            Some(name) => shogi::Handicap::from_name(name.trim())
                .map(shogi::Handicap::position)
                .ok_or_else(|| SetupError::Handicap(name.clone())),
        }
    }

    /// A shogi setup's start position (the handicap's) and its opening's moves, read but not
    /// yet played (`shogi_game` plays them). A host that shows the start, as a CSA summary does,
    /// takes both from here.
    pub fn shogi_opening(&self) -> Result<(shogi::Position, Vec<shogi::Move>), SetupError> {
        let BoardSetup::Shogi { opening, .. } = &self.board else {
            return Err(SetupError::Board("not a shogi board".into()));
        };
        let moves = opening.iter().enumerate().map(|(i, text)| opening_move(i, text));
        Ok((self.shogi_start()?, moves.collect::<Result<_, _>>()?))
    }

    /// The game as it starts: the start position with the opening played. An opening that ends
    /// the game (a fourth repetition, a mate) is refused: the game would be over before it began.
    pub(super) fn shogi_game(&self) -> Result<ShogiGame, SetupError> {
        let BoardSetup::Shogi { opening, .. } = &self.board else { unreachable!("a shogi setup") };
        let mut history = shogi::History::new(self.shogi_start()?);
        for (i, text) in opening.iter().enumerate() {
            let bad = |why: String| SetupError::Opening { number: i + 1, mv: text.clone(), why };
            let mv = opening_move(i, text)?;
            match history.play(mv) {
                Ok(None) => {}
                Ok(Some(r)) => return Err(bad(format!("the position repeats a fourth time ({})", r.article()))),
                Err(e) => return Err(bad(e.to_string())),
            }
        }
        if !opening.is_empty() && history.position().legal_moves().is_empty() {
            return Err(SetupError::Opening {
                number: opening.len(),
                mv: opening[opening.len() - 1].clone(),
                why: "it leaves the side to move no legal move".into(),
            });
        }
        Ok(ShogiGame::with_history(history))
    }

    pub(super) fn go_start(&self) -> Result<go::Game, SetupError> {
        let BoardSetup::Go { size, handicap, komi } = self.board else { unreachable!("a Go setup") };
        if let Some(k) = komi
            && !(k.is_finite() && (k * 2.0).fract() == 0.0 && k.abs() <= 1000.0)
        {
            return Err(SetupError::Komi(k));
        }
        let rules = go::Rules::RFG;
        let game =
            if handicap >= 2 { go::Game::with_handicap(size, handicap, rules) } else { go::Game::new(size, rules) };
        game.map_err(|e| SetupError::Board(e.to_string()))
    }
}

/// Move `i` (from 0) of an opening, read from its USI text.
fn opening_move(i: usize, text: &str) -> Result<shogi::Move, SetupError> {
    shogi::Move::from_usi(text.trim()).ok_or_else(|| SetupError::Opening {
        number: i + 1,
        mv: text.to_string(),
        why: "not a USI move".into(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shogi(ruleset: RulesetId, tc: TimeControl) -> GameSetup {
        GameSetup {
            ruleset,
            overrides: None,
            time: Some(SideTimes::same(tc)),
            board: BoardSetup::Shogi { handicap: None, opening: Vec::new() },
            rated: false,
            arrival: false,
            max_moves: None,
        }
    }

    #[test]
    fn a_rated_game_meets_the_minimum_time_and_allows_no_takeback() {
        const MIN: u64 = 60_000;
        let rated = |tc: TimeControl| GameSetup { rated: true, ..shogi(RulesetId::Fesa2017, tc) };
        // fesa-2017 15.4: 20 min + 40 s, or 30 min + 30 s, or more.
        assert!(rated(TimeControl::byoyomi(20 * MIN, 40_000, 1)).validate().is_ok());
        assert!(rated(TimeControl::byoyomi(30 * MIN, 30_000, 1)).validate().is_ok());
        assert!(rated(TimeControl::fischer(30 * MIN, 30_000)).validate().is_ok());
        let e = rated(TimeControl::byoyomi(25 * MIN, 30_000, 1)).validate().unwrap_err();
        assert!(e.to_string().contains("fesa-2017 15.4"), "{e}");
        assert!(shogi(RulesetId::Fesa2017, TimeControl::byoyomi(25 * MIN, 30_000, 1)).validate().is_ok());
        // Time odds: each side meets the minimum.
        let mut odds = rated(TimeControl::byoyomi(30 * MIN, 30_000, 1));
        odds.time.as_mut().unwrap().white = TimeControl::byoyomi(10 * MIN, 30_000, 1);
        assert!(odds.validate().unwrap_err().to_string().contains("White"));
        let mut untimed = rated(TimeControl::byoyomi(30 * MIN, 30_000, 1));
        untimed.time = None;
        assert!(untimed.validate().is_err());
        // The beginners' take-back (fesa-2017 17.1) is for unrated games.
        let mut takeback = rated(TimeControl::byoyomi(30 * MIN, 30_000, 1));
        takeback.overrides = Some(serde_json::json!({"beginners_takeback": {"rule": {"enabled": true}}}));
        let e = takeback.validate().unwrap_err();
        assert!(e.to_string().contains("17.1"), "{e}");
        // ufs-2016 sets no minimum.
        assert!(
            GameSetup { rated: true, ..shogi(RulesetId::Ufs2016, TimeControl::sudden_death(MIN)) }.validate().is_ok()
        );
    }

    #[test]
    fn times_past_the_clocks_bounds_are_refused() {
        use crate::clock::{MAX_PERIODS, MAX_TIME_MS};
        let ok = TimeControl::byoyomi(MAX_TIME_MS, MAX_TIME_MS, MAX_PERIODS);
        assert!(shogi(RulesetId::Fesa2017, ok).validate().is_ok());
        // u64::MAX of main time once wrapped round: the flag was due within the first period.
        for tc in [
            TimeControl::byoyomi(u64::MAX, 30_000, 1),
            TimeControl::byoyomi(MAX_TIME_MS + 1, 30_000, 1),
            TimeControl::byoyomi(600_000, u64::MAX, 1),
            TimeControl::byoyomi(600_000, 30_000, MAX_PERIODS + 1),
            TimeControl::fischer(600_000, u64::MAX),
        ] {
            let e = shogi(RulesetId::Fesa2017, tc).validate().unwrap_err();
            assert!(e.to_string().contains("at most"), "{tc:?}: {e}");
        }
        let go = |tc: TimeControl| GameSetup {
            ruleset: RulesetId::Rfg,
            board: BoardSetup::Go { size: 9, handicap: 0, komi: None },
            ..shogi(RulesetId::Fesa2017, tc)
        };
        assert!(go(TimeControl::canadian(600_000, MAX_PERIODS, 300_000)).validate().is_ok());
        assert!(go(TimeControl::canadian(600_000, u32::MAX, 300_000)).validate().is_err());
    }

    #[test]
    fn time_controls_are_the_rulesets() {
        let sudden = TimeControl::sudden_death(600_000);
        // fesa-2017 8.2: byo-yomi or increment.
        let e = shogi(RulesetId::Fesa2017, sudden).validate().unwrap_err();
        assert!(e.to_string().contains("fesa-2017 8.2"), "{e}");
        assert!(shogi(RulesetId::Ufs2016, sudden).validate().is_ok());
        assert!(shogi(RulesetId::Fesa2017, TimeControl::byoyomi(600_000, 30_000, 1)).validate().is_ok());
    }

    #[test]
    fn board_and_ruleset_must_agree() {
        let mut s = shogi(RulesetId::Rfg, TimeControl::byoyomi(0, 30_000, 1));
        assert!(matches!(s.validate(), Err(SetupError::Ruleset(RulesetError::WrongGame { .. }))));
        s.ruleset = RulesetId::Ufs2016;
        s.board = BoardSetup::Shogi { handicap: Some("queen".into()), opening: Vec::new() };
        assert!(matches!(s.validate(), Err(SetupError::Handicap(_))));
        let go = GameSetup {
            ruleset: RulesetId::Rfg,
            overrides: None,
            time: None,
            board: BoardSetup::Go { size: 3, handicap: 0, komi: None },
            rated: false,
            arrival: false,
            max_moves: None,
        };
        assert!(matches!(go.validate(), Err(SetupError::Board(_))));
    }
}
