//! Rulesets as data (RULES.md §2 and §4): one [`Ruleset`] value per federation text, every
//! difference between the texts a field that carries the article stating it. A tournament
//! overrides fields with a JSON patch ([`Ruleset::with_overrides`]), e.g. pl's 27-point count.

use serde::{Deserialize, Serialize};

/// A rule and the article that states it (e.g. `fesa-2017 9.4`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cited<T> {
    pub rule: T,
    pub article: String,
}

fn cited<T>(rule: T, article: &str) -> Cited<T> {
    Cited { rule, article: article.to_string() }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    Shogi,
    Go,
}

/// What follows an illegal move once it is recorded (RULES.md §2 "illegal move"; rfg 13.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum IllegalMovePolicy {
    /// The offender loses as soon as the move is established (ufs-2016 5.8.3; pl 1.7, 5.1d).
    Loss,
    /// The opponent may claim the win until he has replied; after replying only while the
    /// position is still illegal, and only on his turn (fesa-2017 9.4).
    ClaimWindow,
    /// The position before the move is restored; each of the first `free` illegal moves of a
    /// player gives his opponent `penalty_ms`; the next one loses (rfg 13.4: 2 minutes, third loses).
    Restore { penalty_ms: u64, free: u32 },
}

/// What follows when a player changes a move he has completed (RULES.md §2 "illegal move").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChangedMovePolicy {
    /// The player loses (ufs-2016 5.8.3.4, one of the 5.8.3 automatic losses; pl 4.2 forbids it
    /// and 1.7 makes a forbidden move a loss).
    Loss,
    /// The change is not allowed and the completed move stands; any penalty is the arbiter's
    /// (fesa-2017 4.3, with 13.4 — 9.4's illegal moves are those of articles 1, 3 and 9; rfg 4.3
    /// says when a move is completed, 13.3 restores a disturbed position).
    MoveStands,
}

/// Capturing a king that was left in check (fesa-2017 9.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KingCapture {
    /// The capture is a claim against the previous illegal move: the capturer wins at once.
    WinsAsClaim,
}

/// The beginners' exception (fesa-2017 17.1–17.2): an eligible player may take back one illegal
/// move instead of losing. Off unless the organiser enables it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BeginnersTakeback {
    pub enabled: bool,
    /// Players rated below this are beginners (17.2: 400).
    pub rating_below: u32,
    /// Unrated players are beginners (17.2).
    pub unrated: bool,
    /// Take-backs allowed per player (17.1: once).
    pub per_player: u32,
}

/// How an impasse is counted when the players agree (or the arbiter decides) to stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum ImpasseCount {
    /// Fewer than 24 points loses, both ≥ 24 draw (ufs-2016 5.8.6; pl 5.4 default).
    Points24,
    /// pl 5.4 option: each ≥ 27 draws, otherwise the larger total wins; optionally gote wins ties.
    Points27Pl { gote_wins_tie: bool },
    /// ufs-2016 5.8.7.1: fewer than 27 loses, both exactly 27 → White wins.
    Points27Ufs,
    /// The book chapter ("Ничьи" 2): 24-point count, but more than 31 points with every board
    /// piece entered wins.
    Chapter31,
}

/// The 27-point declaration (fesa-2017 5.3; ufs-2016 5.8.7; CSA %KACHI).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeclarationRule {
    /// Five conditions; the declarer wins if all hold and loses otherwise.
    Points27,
}

/// Replay after a draw with a short time control instead of the remaining times (fesa-2017 12.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlitzReplay {
    /// Used when both players have less than this left (12.3: 10 minutes).
    pub both_under_ms: u64,
    /// Main time of the blitz game, no byo-yomi (12.3: 8 minutes).
    pub main_ms: u64,
}

/// What a drawn game (sennichite, impasse, both flags) leads to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum DrawPolicy {
    /// ½–½ (ufs-2016 9.2, 10.1).
    HalfPoint,
    /// A new game at once, colours reversed, each keeping his remaining time (fesa-2017 12.2;
    /// pl 5.5); `blitz` is the organiser's 12.3 alternative.
    Replay { blitz: Option<BlitzReplay> },
}

/// Both flags down and the order unknown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum BothFlagsPolicy {
    /// A draw (ufs-2016 6.14; fesa-2017 8.3, 8.11 — there followed by the draw policy's replay).
    Draw,
    /// Play continues, both given the same extra time (pl 6.7; rfg 12.12).
    Continue { extra_ms: u64 },
}

/// A fallen flag against a game-ending event in the same game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FlagPrecedence {
    /// Whatever happened first stands: an event after the flag fell does not count
    /// (ufs-2016 6.8.1–6.8.3).
    EarlierEventStands,
    /// The flag loses unless mate/resignation (5.1), sennichite (5.2) or a declaration (5.3)
    /// ended the game, even after the flag fell (fesa-2017 8.9).
    FlagLosesUnlessGameEnded,
    /// The text says nothing: the first claimed or observed event decides (pl; rfg).
    FirstClaimed,
}

/// Arriving late at the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum LatenessPolicy {
    /// Loss past the allowed lateness; sente's clock runs until he arrives (ufs-2016 6.11).
    LossAfter { allowed_ms: u64 },
    /// Arriving after one's whole time is spent loses (fesa-2017 8.6).
    LossWhenTimeSpent,
    /// Late by more than half the main time loses; both late, both lose (rfg 11).
    LossAfterHalfMainTime,
    /// No rule: the clock alone decides.
    ClockOnly,
}

/// Time-control kinds a ruleset allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeControlKind {
    SuddenDeath,
    ByoYomi,
    Fischer,
    Canadian,
}

/// The minimum time control of a rated game: main time and byo-yomi (fesa-2017 15.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MinTimeControl {
    pub main_ms: u64,
    pub byoyomi_ms: u64,
}

/// Points for a result, in half points so they stay exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scoring {
    pub win_halves: u32,
    /// `None`: the ruleset has no draws (they are replayed).
    pub draw_halves: Option<u32>,
    pub loss_halves: u32,
}

/// Penalties an arbiter may give.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PenaltyKind {
    Warning,
    TimeToOpponent,
    TimeTaken,
    Loss,
    Fine,
    Expulsion,
}

/// Articles for the outcomes every shogi ruleset shares (RULES.md §1), in this ruleset's numbering.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Articles {
    pub checkmate: String,
    pub resignation: String,
    pub sennichite: String,
    pub perpetual_check: String,
    pub time_up: String,
    /// Agreed draws are not allowed (fesa-2017 1.3, 5.4; pl 5.3).
    pub no_agreed_draw: Option<String>,
}

/// Single-move byo-yomi expired (Go).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ByoYomiTimeout {
    /// The turn passes to the opponent (rfg, commentary to 12.16).
    TurnPasses,
    Loss,
}

/// What the arbiter rules when a Go position repeats (rfg 6.3: no result, both lose, or replay).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CycleOutcome {
    /// The game has no result.
    NoResult,
    /// No result, and the game is played again.
    Replay,
}

fn default_cycle() -> Cited<CycleOutcome> {
    cited(CycleOutcome::NoResult, "rfg 6.3")
}

/// Go-only fields (rfg). The Go game itself plugs into the referee through [`crate::Game`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoRules {
    /// Consecutive passes that end the main game (rfg 7.1: three).
    pub passes_to_end: Cited<u32>,
    /// Points added to White (rfg 9.3: usually 6.5).
    pub komi: Cited<f64>,
    /// Per-move byo-yomi not respected (rfg, commentary to 12.16).
    pub byoyomi_timeout: Cited<ByoYomiTimeout>,
    /// N moves in T not made: loss (rfg 12.15). `true` = loss.
    pub canadian_failure_loses: Cited<bool>,
    /// Equal scores in a handicap game go to White (rfg 10).
    pub handicap_tie_to_white: Cited<bool>,
    /// A cycle (triple ko, eternal life) ends the game with this ruling (rfg 6.3). Defaulted
    /// so that rulesets written before the field still read.
    #[serde(default = "default_cycle")]
    pub cycle: Cited<CycleOutcome>,
}

/// One federation's rules as data. Every field documents the article it comes from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ruleset {
    /// `fesa-2017`, `ufs-2016`, `pl`, `rfg`.
    pub id: String,
    pub game: GameKind,
    /// RULES.md §2 "illegal move".
    pub illegal_move: Cited<IllegalMovePolicy>,
    /// Changing a completed move (ufs-2016 5.8.3.4; fesa-2017 4.3; pl 4.2; rfg 4.3). `None`
    /// (rulesets written before the field): the completed move stands.
    #[serde(default)]
    pub changed_move: Option<Cited<ChangedMovePolicy>>,
    /// fesa-2017 9.5: capturing a king left in check wins.
    pub king_capture: Option<Cited<KingCapture>>,
    /// fesa-2017 9.7: outsiders may not point out an illegal move (`false`).
    pub outsiders_may_point_out: Option<Cited<bool>>,
    /// fesa-2017 17: the beginners' one take-back.
    pub beginners_takeback: Option<Cited<BeginnersTakeback>>,
    /// Impasse count by agreement (ufs-2016 5.8.6; pl 5.4); `None` where only the declaration
    /// exists (fesa-2017 5.3).
    pub impasse_count: Option<Cited<ImpasseCount>>,
    /// The 27-point declaration (fesa-2017 5.3; ufs-2016 5.8.7).
    pub declaration: Option<Cited<DeclarationRule>>,
    /// RULES.md §2 "draw result".
    pub draw: Cited<DrawPolicy>,
    /// RULES.md §2 "both flags down, order unknown".
    pub both_flags: Cited<BothFlagsPolicy>,
    /// RULES.md §2 "flag vs earlier event".
    pub flag_precedence: Cited<FlagPrecedence>,
    /// RULES.md §2 "lateness".
    pub lateness: Cited<LatenessPolicy>,
    /// RULES.md §2 "time control": the kinds allowed.
    pub time_controls: Cited<Vec<TimeControlKind>>,
    /// fesa-2017 15.4: a rated game needs at least one of these (each at least as long).
    pub min_rated_time: Option<Cited<Vec<MinTimeControl>>>,
    /// RULES.md §2 "scoring".
    pub scoring: Cited<Scoring>,
    /// RULES.md §2 "arbiter penalties"; `None` where the text names none (pl).
    pub penalties: Option<Cited<Vec<PenaltyKind>>>,
    pub articles: Articles,
    /// Go only (rfg).
    pub go: Option<GoRules>,
}

#[derive(Debug, thiserror::Error)]
pub enum RulesetError {
    #[error("unknown ruleset `{0}` (known: fesa-2017, ufs-2016, pl, rfg)")]
    Unknown(String),
    #[error("bad ruleset override: {0}")]
    Override(String),
}

const MIN: u64 = 60_000;

impl Ruleset {
    pub const IDS: [&'static str; 4] = ["fesa-2017", "ufs-2016", "pl", "rfg"];

    pub fn by_id(id: &str) -> Result<Ruleset, RulesetError> {
        match id {
            "fesa-2017" => Ok(Ruleset::fesa_2017()),
            "ufs-2016" => Ok(Ruleset::ufs_2016()),
            "pl" => Ok(Ruleset::pl()),
            "rfg" => Ok(Ruleset::rfg()),
            other => Err(RulesetError::Unknown(other.to_string())),
        }
    }

    /// FESA official rules, 2017.
    pub fn fesa_2017() -> Ruleset {
        Ruleset {
            id: "fesa-2017".into(),
            game: GameKind::Shogi,
            illegal_move: cited(IllegalMovePolicy::ClaimWindow, "fesa-2017 9.4"),
            changed_move: Some(cited(ChangedMovePolicy::MoveStands, "fesa-2017 4.3")),
            king_capture: Some(cited(KingCapture::WinsAsClaim, "fesa-2017 9.5")),
            outsiders_may_point_out: Some(cited(false, "fesa-2017 9.7")),
            beginners_takeback: Some(cited(
                BeginnersTakeback { enabled: false, rating_below: 400, unrated: true, per_player: 1 },
                "fesa-2017 17.1",
            )),
            impasse_count: None,
            declaration: Some(cited(DeclarationRule::Points27, "fesa-2017 5.3")),
            draw: cited(DrawPolicy::Replay { blitz: None }, "fesa-2017 12.2"),
            both_flags: cited(BothFlagsPolicy::Draw, "fesa-2017 8.11"),
            flag_precedence: cited(FlagPrecedence::FlagLosesUnlessGameEnded, "fesa-2017 8.9"),
            lateness: cited(LatenessPolicy::LossWhenTimeSpent, "fesa-2017 8.6"),
            time_controls: cited(vec![TimeControlKind::ByoYomi, TimeControlKind::Fischer], "fesa-2017 8.2"),
            min_rated_time: Some(cited(
                vec![
                    MinTimeControl { main_ms: 20 * MIN, byoyomi_ms: 40_000 },
                    MinTimeControl { main_ms: 30 * MIN, byoyomi_ms: 30_000 },
                ],
                "fesa-2017 15.4",
            )),
            scoring: cited(Scoring { win_halves: 2, draw_halves: None, loss_halves: 0 }, "fesa-2017 12.1"),
            penalties: Some(cited(
                vec![
                    PenaltyKind::Warning,
                    PenaltyKind::TimeToOpponent,
                    PenaltyKind::TimeTaken,
                    PenaltyKind::Loss,
                    PenaltyKind::Expulsion,
                ],
                "fesa-2017 13.4",
            )),
            articles: Articles {
                checkmate: "fesa-2017 5.1".into(),
                resignation: "fesa-2017 5.1".into(),
                sennichite: "fesa-2017 5.2".into(),
                perpetual_check: "fesa-2017 3.12".into(),
                time_up: "fesa-2017 8.9".into(),
                no_agreed_draw: Some("fesa-2017 1.3".into()),
            },
            go: None,
        }
    }

    /// Ukrainian Shogi Federation rules, 2016.
    pub fn ufs_2016() -> Ruleset {
        Ruleset {
            id: "ufs-2016".into(),
            game: GameKind::Shogi,
            illegal_move: cited(IllegalMovePolicy::Loss, "ufs-2016 5.8.3"),
            changed_move: Some(cited(ChangedMovePolicy::Loss, "ufs-2016 5.8.3.4")),
            king_capture: None,
            outsiders_may_point_out: None,
            beginners_takeback: None,
            impasse_count: Some(cited(ImpasseCount::Points24, "ufs-2016 5.8.6")),
            declaration: Some(cited(DeclarationRule::Points27, "ufs-2016 5.8.7")),
            draw: cited(DrawPolicy::HalfPoint, "ufs-2016 9.2"),
            both_flags: cited(BothFlagsPolicy::Draw, "ufs-2016 6.14"),
            flag_precedence: cited(FlagPrecedence::EarlierEventStands, "ufs-2016 6.8"),
            // The allowed lateness is the regulation's; 30 minutes until a tournament overrides it.
            lateness: cited(LatenessPolicy::LossAfter { allowed_ms: 30 * MIN }, "ufs-2016 6.11"),
            time_controls: cited(vec![TimeControlKind::SuddenDeath, TimeControlKind::ByoYomi], "ufs-2016 7.3"),
            min_rated_time: None,
            scoring: cited(Scoring { win_halves: 2, draw_halves: Some(1), loss_halves: 0 }, "ufs-2016 10.1"),
            penalties: Some(cited(
                vec![
                    PenaltyKind::Warning,
                    PenaltyKind::TimeToOpponent,
                    PenaltyKind::TimeTaken,
                    PenaltyKind::Loss,
                    PenaltyKind::Fine,
                    PenaltyKind::Expulsion,
                ],
                "ufs-2016 12.9",
            )),
            articles: Articles {
                checkmate: "ufs-2016 5.8.2".into(),
                resignation: "ufs-2016 5.8.1".into(),
                sennichite: "ufs-2016 5.8.5".into(),
                perpetual_check: "ufs-2016 5.7.2".into(),
                time_up: "ufs-2016 7.4".into(),
                no_agreed_draw: None,
            },
            go: None,
        }
    }

    /// The Polish compilation of shogi rules.
    pub fn pl() -> Ruleset {
        Ruleset {
            id: "pl".into(),
            game: GameKind::Shogi,
            illegal_move: cited(IllegalMovePolicy::Loss, "pl 1.7"),
            changed_move: Some(cited(ChangedMovePolicy::Loss, "pl 4.2")),
            king_capture: None,
            outsiders_may_point_out: None,
            beginners_takeback: None,
            impasse_count: Some(cited(ImpasseCount::Points24, "pl 5.4")),
            declaration: None,
            draw: cited(DrawPolicy::Replay { blitz: None }, "pl 5.5"),
            // pl 6.7 gives "the same extra time" without a figure: 5 minutes until overridden.
            both_flags: cited(BothFlagsPolicy::Continue { extra_ms: 5 * MIN }, "pl 6.7"),
            flag_precedence: cited(FlagPrecedence::FirstClaimed, "pl 6.3"),
            lateness: cited(LatenessPolicy::ClockOnly, "pl 6.3"),
            time_controls: cited(vec![TimeControlKind::SuddenDeath, TimeControlKind::ByoYomi], "pl 6.3"),
            min_rated_time: None,
            // "Per regulations": the usual 1 / ½ / 0 until a tournament overrides it.
            scoring: cited(Scoring { win_halves: 2, draw_halves: Some(1), loss_halves: 0 }, "pl 8.2.5"),
            penalties: None,
            articles: Articles {
                checkmate: "pl 5.1a".into(),
                resignation: "pl 5.1b".into(),
                sennichite: "pl 5.2".into(),
                perpetual_check: "pl 5.1c".into(),
                time_up: "pl 6.3".into(),
                no_agreed_draw: Some("pl 5.3".into()),
            },
            go: None,
        }
    }

    /// Russian Go Federation code (Japanese-style rules).
    pub fn rfg() -> Ruleset {
        Ruleset {
            id: "rfg".into(),
            game: GameKind::Go,
            illegal_move: cited(IllegalMovePolicy::Restore { penalty_ms: 2 * MIN, free: 2 }, "rfg 13.4"),
            changed_move: Some(cited(ChangedMovePolicy::MoveStands, "rfg 4.3")),
            king_capture: None,
            outsiders_may_point_out: None,
            beginners_takeback: None,
            impasse_count: None,
            declaration: None,
            draw: cited(DrawPolicy::HalfPoint, "rfg 10"),
            both_flags: cited(BothFlagsPolicy::Continue { extra_ms: 0 }, "rfg 12.12"),
            flag_precedence: cited(FlagPrecedence::FirstClaimed, "rfg 11"),
            lateness: cited(LatenessPolicy::LossAfterHalfMainTime, "rfg 11"),
            time_controls: cited(
                vec![TimeControlKind::SuddenDeath, TimeControlKind::ByoYomi, TimeControlKind::Canadian],
                "rfg 12",
            ),
            min_rated_time: None,
            scoring: cited(Scoring { win_halves: 2, draw_halves: None, loss_halves: 0 }, "rfg 15.1"),
            penalties: None,
            articles: Articles {
                checkmate: "rfg 7".into(),
                // 7.3 ends the game on a resignation; 10.1 gives it to the other player, and the
                // verdict cites the article that decides the result (as 10.2 does for the count).
                resignation: "rfg 10.1".into(),
                sennichite: "rfg 6.3".into(),
                perpetual_check: "rfg 6.3".into(),
                time_up: "rfg 11".into(),
                no_agreed_draw: None,
            },
            go: Some(GoRules {
                passes_to_end: cited(3, "rfg 7.1"),
                komi: cited(6.5, "rfg 9.3"),
                byoyomi_timeout: cited(ByoYomiTimeout::TurnPasses, "rfg 12.16"),
                canadian_failure_loses: cited(true, "rfg 12.15"),
                handicap_tie_to_white: cited(true, "rfg 10"),
                cycle: default_cycle(),
            }),
        }
    }

    /// This ruleset with a tournament's overrides applied: `patch` is merged into the ruleset's
    /// JSON (objects recursively, anything else replaced), and the result must still be a
    /// valid ruleset — unknown fields are refused, so a misspelt override is an error.
    pub fn with_overrides(&self, patch: &serde_json::Value) -> Result<Ruleset, RulesetError> {
        let mut base = serde_json::to_value(self).map_err(|e| RulesetError::Override(e.to_string()))?;
        merge(&mut base, patch);
        serde_json::from_value(base).map_err(|e| RulesetError::Override(e.to_string()))
    }

    /// Whether a time control is long enough for a rated game (fesa-2017 15.4); `true` where
    /// the ruleset sets no minimum.
    pub fn is_rated_time_control(&self, main_ms: u64, byoyomi_ms: u64) -> bool {
        match &self.min_rated_time {
            None => true,
            Some(min) => min.rule.iter().any(|m| main_ms >= m.main_ms && byoyomi_ms >= m.byoyomi_ms),
        }
    }
}

fn merge(base: &mut serde_json::Value, patch: &serde_json::Value) {
    match (base, patch) {
        (serde_json::Value::Object(b), serde_json::Value::Object(p)) => {
            for (k, v) in p {
                match b.get_mut(k) {
                    Some(slot) => merge(slot, v),
                    None => {
                        b.insert(k.clone(), v.clone());
                    }
                }
            }
        }
        (slot, v) => *slot = v.clone(),
    }
}
