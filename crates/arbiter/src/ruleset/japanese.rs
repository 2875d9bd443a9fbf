//! rfg with the end of the Japanese 1989 rules: two consecutive passes end the game (art. 9),
//! for records played to that rule (servers and events that count after two passes).

use super::*;

pub(super) fn japanese() -> GoRuleset {
    let mut r = super::rfg::rfg();
    r.id = RulesetId::Japanese;
    r.game.passes_to_end = cited(2, "j1989 9");
    r
}
