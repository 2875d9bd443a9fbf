//! rfg with the end and the count of the Japanese 1989 rules: two consecutive passes end the
//! game (art. 9), the players then confirm the dead stones (art. 9), and the result is by
//! territory and prisoners (art. 10) — for records played to those rules (`RU[Japanese]`,
//! servers and events that count after two passes).

use super::*;

pub(super) fn japanese() -> GoRuleset {
    let mut r = super::rfg::rfg();
    r.id = RulesetId::Japanese;
    let j = |n: &str| format!("j1989 {n}");
    r.game.passes_to_end = cited(2, "j1989 9");
    r.game.counting = cited(Counting::Territory, "j1989 10");
    r.game.articles.count = j("10");
    r.game.articles.result_by_score = j("10");
    r.game.articles.dead_stones = j("9");
    r
}
