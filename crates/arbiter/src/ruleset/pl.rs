//! The Polish compilation of shogi rules.

use super::*;

pub(super) fn pl() -> ShogiRuleset {
    Ruleset {
        id: RulesetId::Pl,
        illegal_move: cited(IllegalMovePolicy::Loss, "pl 1.7"),
        outsiders_may_point_out: None,
        beginners_takeback: None,
        changed_move: cited(ChangedMovePolicy::Loss, "pl 4.2"),
        draw: cited(DrawPolicy::Replay { blitz: None }, "pl 5.5"),
        // pl 6.7 gives "the same extra time" without a figure: 5 minutes until overridden.
        both_flags: cited(BothFlagsPolicy::Continue { extra_ms: 5 * MIN }, "pl 6.7"),
        flag_precedence: cited(FlagPrecedence::FirstClaimed, "pl 6.3"),
        lateness: cited(LatenessPolicy::ClockOnly, "pl 6.3"),
        byoyomi_timeout: cited(ByoYomiTimeout::Loss, "pl 6.3"),
        time_controls: cited(vec![TimeControlKind::SuddenDeath, TimeControlKind::ByoYomi], "pl 6.3"),
        // "Per regulations": the usual 1 / ½ / 0 until a tournament overrides it.
        scoring: cited(Scoring { win_halves: 2, draw_halves: Some(1), loss_halves: 0 }, "pl 8.2.5"),
        penalties: None,
        // A move out of turn is a forbidden move: 1.7 makes it a loss.
        // 6.3 states the duty to keep time; 5.1e decides the loss.
        articles: Articles { resignation: "pl 5.1b".into(), time_up: "pl 5.1e".into(), out_of_turn: "pl 1.7".into() },
        game: ShogiRules {
            king_capture: Some(cited(KingCapture::WinsAsClaim, "pl 5.1a")),
            impasse_count: Some(cited(ImpasseCount::Points24, "pl 5.4")),
            declaration: None,
            min_rated_time: None,
            handicap_table: Some(cited(shogi::HandicapTable::Pl, "pl 7.1")),
            articles: ShogiArticles {
                checkmate: "pl 5.1a".into(),
                sennichite: "pl 5.2".into(),
                perpetual_check: "pl 5.1c".into(),
                no_agreed_draw: Some("pl 5.3".into()),
                // 1.7 makes every forbidden move a loss without naming its kinds.
                illegal_moves: IllegalMoveArticles::all("pl 1.7"),
                illegal_positions: IllegalPositionArticles {
                    king_capturable: "pl 1.7".into(),
                    nifu: "pl 1.7".into(),
                    dead_piece: "pl 1.7".into(),
                },
            },
        },
    }
}
