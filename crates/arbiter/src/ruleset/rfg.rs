//! Russian Go Federation code (Japanese-style rules).

use super::*;

pub(super) fn rfg() -> GoRuleset {
    let rfg = |n: &str| format!("rfg {n}");
    Ruleset {
        id: RulesetId::Rfg,
        illegal_move: cited(IllegalMovePolicy::Restore { penalty_ms: 2 * MIN, free: 2 }, "rfg 13.4"),
        outsiders_may_point_out: None,
        beginners_takeback: None,
        changed_move: cited(ChangedMovePolicy::MoveStands, "rfg 4.3"),
        draw: cited(DrawPolicy::HalfPoint, "rfg 10"),
        both_flags: cited(BothFlagsPolicy::Continue { extra_ms: 0 }, "rfg 12.12"),
        flag_precedence: cited(FlagPrecedence::FirstClaimed, "rfg 11"),
        lateness: cited(LatenessPolicy::LossAfterHalfMainTime, "rfg 11"),
        byoyomi_timeout: cited(ByoYomiTimeout::TurnPasses, "rfg 12.16"),
        time_controls: cited(
            vec![TimeControlKind::SuddenDeath, TimeControlKind::ByoYomi, TimeControlKind::Canadian],
            "rfg 12",
        ),
        scoring: cited(Scoring { win_halves: 2, draw_halves: None, loss_halves: 0 }, "rfg 15.1"),
        penalties: None,
        articles: Articles {
            // 7.3 ends the game on a resignation; 10.1 gives it to the other player, and the
            // verdict cites the article that decides the result (as 10.2 does for the count).
            resignation: rfg("10.1"),
            time_up: rfg("11"),
            // "Two moves in a row" is one of 11's losses.
            out_of_turn: rfg("11"),
        },
        game: GoRules {
            passes_to_end: cited(3, "rfg 7.1"),
            counting: cited(Counting::Territory, "rfg 9.2"),
            komi: cited(6.5, "rfg 9.3"),
            canadian_failure_loses: cited(true, "rfg 12.15"),
            handicap_tie_to_white: cited(true, "rfg 10"),
            cycle: cited(CycleOutcome::NoResult, "rfg 6.3"),
            articles: GoArticles {
                result_by_score: rfg("10.2"),
                count: rfg("9.2"),
                dead_stones: rfg("7.2"),
                position_changes_by_moves: rfg("3.1"),
                wrong_colour_start: rfg("13.2"),
                forfeit: rfg("11"),
                one_clock_runs: rfg("12.1"),
                illegal_moves: GoIllegalMoveArticles { occupied: rfg("3.1"), suicide: rfg("5.1"), ko: rfg("5.2") },
            },
        },
    }
}
