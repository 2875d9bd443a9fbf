//! The fields of a shogi ruleset beyond those every game has: king capture, the impasse count and the 27-point declaration, rated time controls, the handicap
//! table, and the articles of shogi's outcomes and illegal moves.

use super::Cited;
use serde::{Deserialize, Serialize};
use shogi::{HandicapTable, IllegalMove};

/// Shogi's own rules in a ruleset (`Ruleset<ShogiRules>`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShogiRules {
    /// Capturing a king left in check wins (fesa-2017 9.5; ufs-2016 5.5.6; pl 5.1a).
    pub king_capture: Option<Cited<KingCapture>>,
    /// Impasse count by agreement (ufs-2016 5.8.6; pl 5.4); `None` where only the declaration
    /// exists (fesa-2017 5.3).
    pub impasse_count: Option<Cited<ImpasseCount>>,
    /// The 27-point declaration (fesa-2017 5.3; ufs-2016 5.8.7).
    pub declaration: Option<Cited<DeclarationRule>>,
    /// fesa-2017 15.4: a rated game needs at least one of these (each at least as long).
    pub min_rated_time: Option<Cited<Vec<MinTimeControl>>>,
    /// The grade-difference handicap table (ufs-2016 5.9.5; pl 7.1); `None` where the text has
    /// none (fesa-2017).
    pub handicap_table: Option<Cited<HandicapTable>>,
    pub articles: ShogiArticles,
}

/// Capturing a king that was left in check (fesa-2017 9.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum KingCapture {
    /// The capture is a claim against the previous illegal move: the capturer wins at once.
    WinsAsClaim,
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
    /// The book chapter on move rules ("Ничьи" 2): 24-point count, but more than 31 points with
    /// every board piece entered wins.
    Chapter31,
}

/// The 27-point declaration (fesa-2017 5.3; ufs-2016 5.8.7; CSA %KACHI).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeclarationRule {
    /// Five conditions; the declarer wins if all hold and loses otherwise.
    Points27,
}

/// The minimum time control of a rated game: main time and byo-yomi (fesa-2017 15.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MinTimeControl {
    pub main_ms: u64,
    pub byoyomi_ms: u64,
}

/// Articles of shogi's outcomes, in the ruleset's own numbering.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShogiArticles {
    pub checkmate: String,
    pub sennichite: String,
    pub perpetual_check: String,
    /// Agreed draws are not allowed (fesa-2017 1.3, 5.4; pl 5.3).
    pub no_agreed_draw: Option<String>,
    /// Each kind of illegal move.
    pub illegal_moves: IllegalMoveArticles,
    /// An illegal position still on the board when claimed late (fesa-2017 9.4a–c).
    pub illegal_positions: IllegalPositionArticles,
}

/// The article each kind of illegal move breaks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IllegalMoveArticles {
    /// A board move the piece cannot make, or of no own piece.
    pub movement: String,
    /// Onto a square held by one's own piece.
    pub onto_own_piece: String,
    /// A drop of a piece not in hand, not droppable, or onto an occupied square.
    pub drop: String,
    /// Promoting where it is not allowed, or not promoting where it must.
    pub promotion: String,
    /// A drop where the piece could never move.
    pub dead_drop: String,
    pub nifu: String,
    pub uchifuzume: String,
    /// Leaving or putting one's own king in check.
    pub king_in_check: String,
}

impl IllegalMoveArticles {
    /// The article `im` breaks.
    pub fn of(&self, im: IllegalMove) -> &str {
        match im {
            IllegalMove::NoPiece(_) | IllegalMove::NotOwnPiece(_) | IllegalMove::Unreachable { .. } => &self.movement,
            IllegalMove::OwnPieceOnTarget(_) => &self.onto_own_piece,
            IllegalMove::NotInHand(_) | IllegalMove::NotDroppable(_) | IllegalMove::DropOnOccupied(_) => &self.drop,
            IllegalMove::PromotionNotAllowed(_)
            | IllegalMove::MustPromote(_)
            | IllegalMove::PromotedDrop(_)
            | IllegalMove::Unpromotion(_) => &self.promotion,
            IllegalMove::DeadDrop(_) => &self.dead_drop,
            IllegalMove::Nifu => &self.nifu,
            IllegalMove::Uchifuzume => &self.uchifuzume,
            IllegalMove::KingInCheck => &self.king_in_check,
        }
    }

    /// Every kind under one article (pl 1.7 makes any forbidden move a loss without naming kinds).
    pub fn all(article: &str) -> IllegalMoveArticles {
        let a = || article.to_string();
        IllegalMoveArticles {
            movement: a(),
            onto_own_piece: a(),
            drop: a(),
            promotion: a(),
            dead_drop: a(),
            nifu: a(),
            uchifuzume: a(),
            king_in_check: a(),
        }
    }
}

/// The article of each illegal position that can stay on the board after an unclaimed illegal
/// move (fesa-2017 9.4: a claim after replying needs one of them).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IllegalPositionArticles {
    /// The offender's king can be captured.
    pub king_capturable: String,
    pub nifu: String,
    /// A piece that can never move again.
    pub dead_piece: String,
}
