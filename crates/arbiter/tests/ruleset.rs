//! Rulesets as data: every id builds, round-trips through JSON, and tournament overrides apply.

use arbiter::ruleset::*;

#[test]
fn every_ruleset_round_trips_through_json() {
    for id in Ruleset::IDS {
        let r = Ruleset::by_id(id).unwrap();
        assert_eq!(r.id, id);
        let json = serde_json::to_string(&r).unwrap();
        let back: Ruleset = serde_json::from_str(&json).unwrap();
        assert_eq!(back, r);
    }
    assert!(Ruleset::by_id("jsa").is_err());
}

#[test]
fn pl_5_4_tournament_may_choose_27_points_with_gote_winning_ties() {
    let patch = serde_json::json!({"impasse_count": {"rule": {"kind": "points27_pl", "gote_wins_tie": true}}});
    let r = Ruleset::pl().with_overrides(&patch).unwrap();
    assert_eq!(r.impasse_count.unwrap().rule, ImpasseCount::Points27Pl { gote_wins_tie: true });
    assert_eq!(r.draw, Ruleset::pl().draw, "other fields keep the ruleset's values");
}

#[test]
fn misspelt_override_is_refused() {
    let patch = serde_json::json!({"ilegal_move": {"rule": {"kind": "loss"}}});
    let err = Ruleset::fesa_2017().with_overrides(&patch).unwrap_err();
    assert!(err.to_string().contains("ilegal_move"), "{err}");
}

#[test]
fn fesa_15_4_minimum_rated_time_control() {
    let r = Ruleset::fesa_2017();
    assert!(r.is_rated_time_control(20 * 60_000, 40_000));
    assert!(r.is_rated_time_control(30 * 60_000, 30_000));
    assert!(!r.is_rated_time_control(25 * 60_000, 30_000));
    assert!(!r.is_rated_time_control(20 * 60_000, 30_000));
    assert!(Ruleset::ufs_2016().is_rated_time_control(0, 0), "ufs sets no minimum");
}

#[test]
fn rfg_go_fields() {
    let go = Ruleset::rfg().go.unwrap();
    assert_eq!(go.passes_to_end.rule, 3);
    assert_eq!(go.komi.rule, 6.5);
    assert_eq!(go.byoyomi_timeout.rule, ByoYomiTimeout::TurnPasses);
    assert!(go.canadian_failure_loses.rule);
    assert_eq!(Ruleset::rfg().illegal_move.rule, IllegalMovePolicy::Restore { penalty_ms: 120_000, free: 2 });
}
