//! rfg's conduct of play with the end and the count of the Chinese rules: two consecutive passes
//! end the game and the position is counted by area — territory and living stones, prisoners
//! not counted — for records played to them (`RU[Chinese]`, AGA and New Zealand area counting,
//! Fox, Tencent and the AI tournaments). The Chinese text is not among the repository's sources:
//! its rules are cited by name (`cn area counting`), not by article number.

use super::*;

pub(super) fn chinese() -> GoRuleset {
    let mut r = super::rfg::rfg();
    r.id = RulesetId::Chinese;
    r.game.passes_to_end = cited(2, "cn two passes");
    r.game.counting = cited(Counting::Area, "cn area counting");
    r.game.komi = cited(7.5, "cn komi 7.5");
    r.game.articles.count = "cn area counting".into();
    r.game.articles.result_by_score = "cn area counting".into();
    r
}
