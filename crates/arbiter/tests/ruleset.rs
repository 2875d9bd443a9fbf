//! Rulesets as data: every id builds its own game's ruleset, round-trips through JSON, and
//! tournament overrides apply.

use arbiter::ruleset::*;

fn shogi(id: RulesetId) -> ShogiRuleset {
    ShogiRuleset::by_id(id).unwrap()
}

#[test]
fn every_ruleset_round_trips_through_json() {
    for id in RulesetId::ALL {
        let r = id.ruleset();
        assert_eq!(r.id(), id);
        let json = serde_json::to_string(&r).unwrap();
        let back: AnyRuleset = serde_json::from_str(&json).unwrap();
        assert_eq!(back, r, "{id}");
    }
    assert!("jsa".parse::<RulesetId>().is_err());
}

#[test]
fn each_id_is_for_one_game() {
    assert_eq!(RulesetId::Rfg.game(), GameKind::Go);
    assert_eq!(RulesetId::Japanese.game(), GameKind::Go);
    for id in [RulesetId::Fesa2017, RulesetId::Ufs2016, RulesetId::Pl] {
        assert_eq!(id.game(), GameKind::Shogi);
        let e = GoRuleset::by_id(id).unwrap_err();
        assert!(matches!(e, RulesetError::WrongGame { .. }), "{e}");
        assert!(e.to_string().contains("rfg, japanese"), "{e}");
    }
    assert!(ShogiRuleset::by_id(RulesetId::Rfg).is_err());
    // A Go ruleset's JSON does not read as a shogi one: the game's own fields differ.
    let go = serde_json::to_value(GoRuleset::by_id(RulesetId::Rfg).unwrap()).unwrap();
    assert!(serde_json::from_value::<ShogiRuleset>(go).is_err());
}

#[test]
fn pl_5_4_tournament_may_choose_27_points_with_gote_winning_ties() {
    let patch =
        serde_json::json!({"game": {"impasse_count": {"rule": {"kind": "points27_pl", "gote_wins_tie": true}}}});
    let r = shogi(RulesetId::Pl).with_overrides(&patch).unwrap();
    assert_eq!(r.game.impasse_count.unwrap().rule, ImpasseCount::Points27Pl { gote_wins_tie: true });
    assert_eq!(r.draw, shogi(RulesetId::Pl).draw, "other fields keep the ruleset's values");
}

#[test]
fn misspelt_override_is_refused() {
    let patch = serde_json::json!({"ilegal_move": {"rule": {"kind": "loss"}}});
    let err = shogi(RulesetId::Fesa2017).with_overrides(&patch).unwrap_err();
    assert!(err.to_string().contains("ilegal_move"), "{err}");
}

#[test]
fn fesa_15_4_minimum_rated_time_control() {
    let r = shogi(RulesetId::Fesa2017);
    assert!(r.is_rated_time_control(20 * 60_000, 40_000));
    assert!(r.is_rated_time_control(30 * 60_000, 30_000));
    assert!(!r.is_rated_time_control(25 * 60_000, 30_000));
    assert!(!r.is_rated_time_control(20 * 60_000, 30_000));
    assert!(shogi(RulesetId::Ufs2016).is_rated_time_control(0, 0), "ufs sets no minimum");
}

#[test]
fn rfg_go_fields() {
    let r = GoRuleset::by_id(RulesetId::Rfg).unwrap();
    assert_eq!(r.game.passes_to_end.rule, 3);
    assert_eq!(r.game.komi.rule, 6.5);
    assert_eq!(r.byoyomi_timeout.rule, ByoYomiTimeout::TurnPasses);
    assert!(r.game.canadian_failure_loses.rule);
    assert_eq!(r.illegal_move.rule, IllegalMovePolicy::Restore { penalty_ms: 120_000, free: 2 });
}

#[test]
fn japanese_is_rfg_ended_by_two_passes() {
    let (j, rfg) = (GoRuleset::by_id(RulesetId::Japanese).unwrap(), GoRuleset::by_id(RulesetId::Rfg).unwrap());
    assert_eq!((j.game.passes_to_end.rule, j.game.passes_to_end.article.as_str()), (2, "j1989 9"));
    assert_eq!(j.game.komi, rfg.game.komi);
    assert_eq!(j.illegal_move, rfg.illegal_move);
}

#[test]
fn articles_come_from_the_ruleset() {
    use shogi::{IllegalMove, Square};
    let sq = Square::from_usi("1a").unwrap();
    let promote = IllegalMove::MustPromote(sq);
    assert_eq!(shogi(RulesetId::Fesa2017).game.articles.illegal_moves.of(promote), "fesa-2017 3.2");
    assert_eq!(shogi(RulesetId::Ufs2016).game.articles.illegal_moves.of(promote), "ufs-2016 5.8.3.2");
    assert_eq!(shogi(RulesetId::Ufs2016).game.articles.illegal_moves.of(IllegalMove::Nifu), "ufs-2016 5.8.3.1");
    assert_eq!(shogi(RulesetId::Pl).game.articles.illegal_moves.of(IllegalMove::Uchifuzume), "pl 1.7");
    assert_eq!(shogi(RulesetId::Ufs2016).articles.out_of_turn, "ufs-2016 5.8.3.3");
    assert_eq!(GoRuleset::by_id(RulesetId::Rfg).unwrap().articles.out_of_turn, "rfg 11");
}

#[test]
fn a_draw_stands_under_ufs_2016_alone() {
    // ufs-2016 9.2, 10.1: ½–½; fesa-2017 12.2 and pl 5.5 replay it; the Go rulesets score none.
    let standing: Vec<RulesetId> = RulesetId::ALL.iter().copied().filter(|id| id.ruleset().draws_stand()).collect();
    assert_eq!(standing, vec![RulesetId::Ufs2016]);
}
