//! FESA official rules, 2017 (shogi).

use super::*;

pub(super) fn fesa_2017() -> ShogiRuleset {
    let fesa = |n: &str| format!("fesa-2017 {n}");
    Ruleset {
        id: RulesetId::Fesa2017,
        illegal_move: cited(IllegalMovePolicy::ClaimWindow, "fesa-2017 9.4"),
        outsiders_may_point_out: Some(cited(false, "fesa-2017 9.7")),
        beginners_takeback: Some(cited(
            BeginnersTakeback { enabled: false, rating_below: 400, unrated: true, per_player: 1 },
            "fesa-2017 17.1",
        )),
        changed_move: cited(ChangedMovePolicy::MoveStands, "fesa-2017 4.3"),
        draw: cited(DrawPolicy::Replay { blitz: None }, "fesa-2017 12.2"),
        both_flags: cited(BothFlagsPolicy::Draw, "fesa-2017 8.11"),
        flag_precedence: cited(FlagPrecedence::FlagLosesUnlessGameEnded, "fesa-2017 8.9"),
        lateness: cited(LatenessPolicy::LossWhenTimeSpent, "fesa-2017 8.6"),
        byoyomi_timeout: cited(ByoYomiTimeout::Loss, "fesa-2017 8.9"),
        time_controls: cited(vec![TimeControlKind::ByoYomi, TimeControlKind::Fischer], "fesa-2017 8.2"),
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
            resignation: fesa("5.1"),
            time_up: fesa("8.9"),
            // A move during the opponent's turn is one of 9.4's illegal moves: claimed, not lost.
            out_of_turn: fesa("9.4"),
        },
        game: ShogiRules {
            king_capture: Some(cited(KingCapture::WinsAsClaim, "fesa-2017 9.5")),
            impasse_count: None,
            declaration: Some(cited(DeclarationRule::Points27, "fesa-2017 5.3")),
            min_rated_time: Some(cited(
                vec![
                    MinTimeControl { main_ms: 20 * MIN, byoyomi_ms: 40_000 },
                    MinTimeControl { main_ms: 30 * MIN, byoyomi_ms: 30_000 },
                ],
                "fesa-2017 15.4",
            )),
            handicap_table: None,
            articles: ShogiArticles {
                checkmate: fesa("5.1"),
                sennichite: fesa("5.2"),
                perpetual_check: fesa("3.12"),
                no_agreed_draw: Some(fesa("1.3")),
                illegal_moves: IllegalMoveArticles {
                    movement: fesa("3.3"),
                    onto_own_piece: fesa("3.1"),
                    drop: fesa("3.11"),
                    promotion: fesa("3.2"),
                    dead_drop: fesa("3.11b"),
                    nifu: fesa("3.11a"),
                    uchifuzume: fesa("3.11c"),
                    king_in_check: fesa("1.2"),
                },
                illegal_positions: IllegalPositionArticles {
                    king_capturable: fesa("9.4a"),
                    nifu: fesa("9.4b"),
                    dead_piece: fesa("9.4c"),
                },
            },
        },
    }
}
