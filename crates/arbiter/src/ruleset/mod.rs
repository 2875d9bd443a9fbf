//! Rulesets as data (docs/rules.md): one value per federation text, every difference between the
//! texts a field that carries the article stating it. A ruleset is [`Ruleset<G>`]: the fields
//! every game's rules have (illegal moves, draws, flags, lateness, time, scoring, penalties) and
//! `game`, the fields of its own game ([`ShogiRules`] or [`GoRules`]) — so a Go ruleset without
//! Go rules cannot be written. [`RulesetId`] names them; [`AnyRuleset`] holds either game's.
//!
//! A tournament overrides fields with a JSON patch ([`Ruleset::with_overrides`]), e.g. pl's
//! 27-point count.
//!
//! Adding a ruleset: a [`RulesetId`] value (in `id.rs`), its file here building the value, and
//! its tests (docs/architecture.md "Adding a ruleset").

mod chinese;
mod fesa_2017;
mod go_rules;
mod id;
mod japanese;
mod pl;
mod policy;
mod rfg;
mod shogi_rules;
mod ufs_2016;

pub use go_rules::{Counting, CycleOutcome, GoArticles, GoIllegalMoveArticles, GoRules};
pub use id::{GameKind, RulesetId, UnknownRuleset};
pub use policy::{
    Articles, BeginnersTakeback, BlitzReplay, BothFlagsPolicy, ByoYomiTimeout, ChangedMovePolicy, DrawPolicy,
    FlagPrecedence, IllegalMovePolicy, LatenessPolicy, PenaltyKind, Scoring, TimeControlKind,
};
pub use shogi_rules::{
    DeclarationRule, IllegalMoveArticles, IllegalPositionArticles, ImpasseCount, KingCapture, MinTimeControl,
    ShogiArticles, ShogiRules,
};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// A rule and the article that states it (e.g. `fesa-2017 9.4`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cited<T> {
    pub rule: T,
    pub article: String,
}

pub(crate) fn cited<T>(rule: T, article: &str) -> Cited<T> {
    Cited { rule, article: article.to_string() }
}

/// One federation's rules as data: the fields every game's rules have, and `game`, the rules of
/// its own game. Every field documents the article it comes from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ruleset<G> {
    pub id: RulesetId,
    /// What follows an illegal move once it is recorded (docs/rules.md "Illegal moves").
    pub illegal_move: Cited<IllegalMovePolicy>,
    /// fesa-2017 9.7: outsiders may not point out an illegal move (`false`).
    pub outsiders_may_point_out: Option<Cited<bool>>,
    /// fesa-2017 17: the beginners' one take-back of an illegal move.
    pub beginners_takeback: Option<Cited<BeginnersTakeback>>,
    /// Changing a completed move (ufs-2016 5.8.3.4; fesa-2017 4.3; pl 4.2; rfg 4.3).
    pub changed_move: Cited<ChangedMovePolicy>,
    /// What a drawn game leads to.
    pub draw: Cited<DrawPolicy>,
    /// Both flags down, the order unknown.
    pub both_flags: Cited<BothFlagsPolicy>,
    /// A fallen flag against a game-ending event.
    pub flag_precedence: Cited<FlagPrecedence>,
    /// Arriving late at the board.
    pub lateness: Cited<LatenessPolicy>,
    /// A per-move byo-yomi run out: the flag, or the turn passes (rfg 12.16 commentary).
    pub byoyomi_timeout: Cited<ByoYomiTimeout>,
    /// The kinds of time control allowed.
    pub time_controls: Cited<Vec<TimeControlKind>>,
    /// Points for a result.
    pub scoring: Cited<Scoring>,
    /// Penalties the arbiter may give; `None` where the text names none.
    pub penalties: Option<Cited<Vec<PenaltyKind>>>,
    /// Articles of the outcomes every game has, in this ruleset's numbering.
    pub articles: Articles,
    /// The rules of the ruleset's own game.
    pub game: G,
}

/// A shogi ruleset (`fesa-2017`, `ufs-2016`, `pl`).
pub type ShogiRuleset = Ruleset<ShogiRules>;
/// A Go ruleset (`rfg`, `japanese`, `chinese`).
pub type GoRuleset = Ruleset<GoRules>;

/// Either game's ruleset, as a ruleset id gives it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "game", content = "rules")]
pub enum AnyRuleset {
    Shogi(ShogiRuleset),
    Go(GoRuleset),
}

impl AnyRuleset {
    pub fn id(&self) -> RulesetId {
        match self {
            AnyRuleset::Shogi(r) => r.id,
            AnyRuleset::Go(r) => r.id,
        }
    }

    pub fn game(&self) -> GameKind {
        match self {
            AnyRuleset::Shogi(_) => GameKind::Shogi,
            AnyRuleset::Go(_) => GameKind::Go,
        }
    }

    /// Whether a drawn game stands as a result, ½–½ (ufs-2016 9.2, 10.1), rather than being
    /// replayed (fesa-2017 12.2, pl 5.5) or scored as none (rfg 15.1).
    pub fn draws_stand(&self) -> bool {
        let (draw, scoring) = match self {
            AnyRuleset::Shogi(r) => (&r.draw.rule, &r.scoring.rule),
            AnyRuleset::Go(r) => (&r.draw.rule, &r.scoring.rule),
        };
        *draw == DrawPolicy::HalfPoint && scoring.draw_halves.is_some()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesetError {
    #[error(transparent)]
    Unknown(#[from] UnknownRuleset),
    /// A shogi ruleset asked for a Go game or the other way round.
    #[error("{id} is a {} ruleset, not one for {} (use {})", game.name(), wanted.name(), RulesetId::of_game(*wanted).join(", "))]
    WrongGame { id: RulesetId, game: GameKind, wanted: GameKind },
    #[error("bad ruleset override: {0}")]
    Override(String),
}

impl ShogiRuleset {
    /// The shogi ruleset `id` names; an error for a Go ruleset.
    pub fn by_id(id: RulesetId) -> Result<ShogiRuleset, RulesetError> {
        match id.ruleset() {
            AnyRuleset::Shogi(r) => Ok(r),
            AnyRuleset::Go(_) => Err(RulesetError::WrongGame { id, game: GameKind::Go, wanted: GameKind::Shogi }),
        }
    }

    /// Whether a time control is long enough for a rated game (fesa-2017 15.4); `true` where
    /// the ruleset sets no minimum.
    pub fn is_rated_time_control(&self, main_ms: u64, byoyomi_ms: u64) -> bool {
        match &self.game.min_rated_time {
            None => true,
            Some(min) => min.rule.iter().any(|m| main_ms >= m.main_ms && byoyomi_ms >= m.byoyomi_ms),
        }
    }
}

impl GoRuleset {
    /// The Go ruleset `id` names; an error for a shogi ruleset.
    pub fn by_id(id: RulesetId) -> Result<GoRuleset, RulesetError> {
        match id.ruleset() {
            AnyRuleset::Go(r) => Ok(r),
            AnyRuleset::Shogi(_) => Err(RulesetError::WrongGame { id, game: GameKind::Shogi, wanted: GameKind::Go }),
        }
    }
}

impl<G> Ruleset<G> {
    /// The same game-agnostic policies over another game's rules: a new ruleset built from an
    /// existing one, or a stand-in game in tests. `id` stays the original's.
    pub fn with_game<H>(self, game: H) -> Ruleset<H> {
        Ruleset {
            id: self.id,
            illegal_move: self.illegal_move,
            outsiders_may_point_out: self.outsiders_may_point_out,
            beginners_takeback: self.beginners_takeback,
            changed_move: self.changed_move,
            draw: self.draw,
            both_flags: self.both_flags,
            flag_precedence: self.flag_precedence,
            lateness: self.lateness,
            byoyomi_timeout: self.byoyomi_timeout,
            time_controls: self.time_controls,
            scoring: self.scoring,
            penalties: self.penalties,
            articles: self.articles,
            game,
        }
    }
}

impl<G: Serialize + DeserializeOwned> Ruleset<G> {
    /// This ruleset with a tournament's overrides applied: `patch` is merged into the ruleset's
    /// JSON (objects recursively, anything else replaced), and the result must still be a
    /// valid ruleset — unknown fields are refused, so a misspelt override is an error.
    pub fn with_overrides(&self, patch: &serde_json::Value) -> Result<Ruleset<G>, RulesetError> {
        let mut base = serde_json::to_value(self).map_err(|e| RulesetError::Override(e.to_string()))?;
        merge(&mut base, patch);
        serde_json::from_value(base).map_err(|e| RulesetError::Override(e.to_string()))
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

const MIN: u64 = 60_000;
