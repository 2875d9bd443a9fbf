//! Ukrainian Shogi Federation rules, 2016 (shogi).

use super::*;

pub(super) fn ufs_2016() -> ShogiRuleset {
    let ufs = |n: &str| format!("ufs-2016 {n}");
    // 5.8.3.1: every forbidden move or drop; 5.8.3.2: wrong promotion or unpromoting.
    let forbidden = IllegalMoveArticles { promotion: ufs("5.8.3.2"), ..IllegalMoveArticles::all(&ufs("5.8.3.1")) };
    Ruleset {
        id: RulesetId::Ufs2016,
        illegal_move: cited(IllegalMovePolicy::Loss, "ufs-2016 5.8.3"),
        outsiders_may_point_out: None,
        beginners_takeback: None,
        changed_move: cited(ChangedMovePolicy::Loss, "ufs-2016 5.8.3.4"),
        draw: cited(DrawPolicy::HalfPoint, "ufs-2016 9.2"),
        both_flags: cited(BothFlagsPolicy::Draw, "ufs-2016 6.14"),
        flag_precedence: cited(FlagPrecedence::EarlierEventStands, "ufs-2016 6.8"),
        // The allowed lateness is the regulation's; 30 minutes until a tournament overrides it.
        lateness: cited(LatenessPolicy::LossAfter { allowed_ms: 30 * MIN }, "ufs-2016 6.11"),
        byoyomi_timeout: cited(ByoYomiTimeout::Loss, "ufs-2016 7.4"),
        time_controls: cited(vec![TimeControlKind::SuddenDeath, TimeControlKind::ByoYomi], "ufs-2016 7.3"),
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
        articles: Articles { resignation: ufs("5.8.1"), time_up: ufs("7.4"), out_of_turn: ufs("5.8.3.3") },
        game: ShogiRules {
            king_capture: Some(cited(KingCapture::WinsAsClaim, "ufs-2016 5.5.6")),
            impasse_count: Some(cited(ImpasseCount::Points24, "ufs-2016 5.8.6")),
            declaration: Some(cited(DeclarationRule::Points27, "ufs-2016 5.8.7")),
            min_rated_time: None,
            handicap_table: Some(cited(shogi::HandicapTable::Ufs2016, "ufs-2016 5.9.5")),
            articles: ShogiArticles {
                checkmate: ufs("5.8.2"),
                sennichite: ufs("5.8.5"),
                perpetual_check: ufs("5.7.2"),
                no_agreed_draw: None,
                // An illegal position left on the board is a forbidden move's (5.8.3.1).
                illegal_positions: IllegalPositionArticles {
                    king_capturable: forbidden.king_in_check.clone(),
                    nifu: forbidden.nifu.clone(),
                    dead_piece: forbidden.dead_drop.clone(),
                },
                illegal_moves: forbidden,
            },
        },
    }
}
