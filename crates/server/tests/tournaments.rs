//! Tournaments on the server: registration (by players, by the arbiter, late), rounds paired
//! exactly as the tournament director pairs the exported TRF of the rounds before, online games
//! whose results reach their boards, over-the-board results, forfeits, corrections with the
//! audit log, a withdrawal, who may do what, a replayed draw (fesa-2017 12.2), a knockout
//! whose drawn match is played again (pl 8.1), a restart.
//! SQLite here; PostgreSQL under `make test-server`.

#[macro_use]
mod common;
use common::*;
use serde_json::{Value, json};
use std::time::Duration;
use tournament::director::{self, PairRequest, StandingsRequest};

on_both!(
    swiss_with_online_and_over_the_board_games,
    round_robin_replays_a_drawn_game,
    fesa_rating_after_the_last_round,
    arbiter_changes_by_hand,
    mcmahon_go_with_handicaps,
    lateness_loses_under_rfg,
    knockout_plays_a_drawn_match_again,
    drafted_rounds_are_the_arbiters_until_published,
    followers_hear_changes_and_moves,
);

/// The exported TRF.
async fn trf(s: &TestServer, id: i64) -> String {
    let (status, text) = s.anonymous().text(&format!("/api/tournaments/{id}/trf")).await;
    assert_eq!(status, 200, "{text}");
    text
}

/// Pairs the next round through the server and checks it is the round the tournament director
/// pairs from the exported TRF of the rounds before (what `shinpan pair` prints).
async fn pair_and_check(s: &TestServer, arbiter: &Client, id: i64) -> Value {
    let before = director::read_trf(&trf(s, id).await).unwrap();
    let expected = director::pair(&before, &PairRequest::default()).unwrap();
    let (status, published) = arbiter.post(&format!("/api/tournaments/{id}/rounds"), json!({})).await;
    assert_eq!(status, 200, "{published}");
    let number = |i: usize| before.players[i].number;
    let want: Vec<(u32, u32)> = expected.round.boards.iter().map(|b| (number(b.white), number(b.black))).collect();
    let mut got: Vec<(u32, u32)> = published["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b["first"].as_u64().unwrap() as u32, b["second"].as_u64().unwrap() as u32))
        .collect();
    let mut want_sorted = want.clone();
    want_sorted.sort();
    got.sort();
    assert_eq!(got, want_sorted, "round {} as the director pairs the exported TRF", published["round"]);
    let byes: Vec<u32> = expected.round.byes.iter().map(|&p| number(p)).collect();
    assert_eq!(published["byes"], json!(byes));
    published
}

async fn show(s: &TestServer, id: i64) -> Value {
    let (status, v) = s.anonymous().get(&format!("/api/tournaments/{id}")).await;
    assert_eq!(status, 200, "{v}");
    v
}

/// The board of round `round` where player `player` plays.
fn board_of(t: &Value, round: usize, player: u64) -> Value {
    t["rounds"][round - 1]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["first"] == player || b["second"] == player)
        .cloned()
        .unwrap_or(Value::Null)
}

/// Waits until board `board` of `round` has a result.
async fn result_of(s: &TestServer, id: i64, round: usize, board: usize) -> Value {
    for _ in 0..200 {
        let t = show(s, id).await;
        let b = &t["rounds"][round - 1]["boards"][board - 1];
        if !b["result"].is_null() {
            return b.clone();
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("round {round} board {board} got no result");
}

/// The players of an even shogi game, Black then White, repeat a position four times
/// (sennichite: a draw under every ruleset).
async fn play_sennichite(s: &TestServer, game: i64, black: &Client, white: &Client) {
    let shuffle = ["2h3h", "8b7b", "3h2h", "7b8b"];
    for k in 0..12 {
        let who = if k % 2 == 0 { black } else { white };
        let (status, v) = who
            .post(&format!("/api/games/{game}/actions"), json!({"action": {"kind": "move", "move": shuffle[k % 4]}}))
            .await;
        assert_eq!(status, 200, "{v}");
    }
    let (_, g) = s.anonymous().get(&format!("/api/games/{game}")).await;
    assert_eq!(g["outcome"]["reason"], "sennichite", "{g}");
}

/// Waits for the game that replaces `game` on a board (a drawn game replayed); the board has
/// no result meanwhile.
async fn next_game_on(s: &TestServer, id: i64, round: usize, board: usize, game: i64) -> i64 {
    for _ in 0..200 {
        let t = show(s, id).await;
        let bd = &t["rounds"][round - 1]["boards"][board - 1];
        if bd["game"].as_i64() != Some(game) {
            assert!(bd["result"].is_null(), "{bd}");
            let next = bd["game"].as_i64().expect("the board's new game");
            // A board names its game only once the game has started: its players act on it at once.
            let (_, g) = s.anonymous().get(&format!("/api/games/{next}")).await;
            assert!(g["view"]["clock"]["running"].is_string(), "game {next} is named by its board before it runs: {g}");
            return next;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("no game replaced game {game} on round {round} board {board}");
}

async fn swiss_with_online_and_over_the_board_games(db: Db) {
    let s = TestServer::start(db).await;
    let admin = s.user("root").await;
    let arb = s.user("arb").await;
    let other = s.user("arb2").await;
    for name in ["arb", "arb2"] {
        assert_eq!(admin.put(&format!("/api/users/{name}/role"), json!({"role": "arbiter"})).await.0, 200);
    }
    let mut players = Vec::new();
    for i in 1..=6 {
        players.push(s.user(&format!("p{i}")).await);
    }
    let p = |i: usize| &players[i - 1];

    // Players do not create tournaments; arbiters do.
    let new = json!({"name": "Autumn Cup", "system": "dutch", "game": "shogi", "rounds": 3,
        "rules": "fesa-2017", "time": byoyomi(600_000, 30_000, 1)});
    assert_eq!(p(1).post("/api/tournaments", new.clone()).await.0, 403);
    let (status, v) = arb.post("/api/tournaments", new).await;
    assert_eq!(status, 201, "{v}");
    let id = v["id"].as_i64().unwrap();
    let (_, other_t) =
        other.post("/api/tournaments", json!({"name": "Other", "system": "round-robin", "game": "shogi"})).await;
    assert!(other_t["id"].is_i64(), "{other_t}");

    // Five register themselves; the arbiter registers one with his account and one without.
    for i in 1..=5 {
        let (status, v) = p(i).post(&format!("/api/tournaments/{id}/players"), json!({"rating": 2100 - 50 * i})).await;
        assert_eq!(status, 201, "{v}");
        assert_eq!(v["round"], 1);
    }
    assert_eq!(p(1).post(&format!("/api/tournaments/{id}/players"), json!({})).await.0, 409, "once");
    let (status, _) = p(1).post(&format!("/api/tournaments/{id}/players"), json!({"account": "p6"})).await;
    assert_eq!(status, 403, "a player registers himself only");
    let (status, v) = arb
        .post(
            &format!("/api/tournaments/{id}/players"),
            json!({"name": "Hall Player", "rating": 1900, "club": "Madrid"}),
        )
        .await;
    assert_eq!((status, v["player"].as_u64()), (201, Some(6)), "{v}");
    let (status, v) = arb
        .post(&format!("/api/tournaments/{id}/players"), json!({"account": "p6", "name": "Six", "rating": 1500}))
        .await;
    assert_eq!((status, v["player"].as_u64()), (201, Some(7)), "{v}");
    let t = show(&s, id).await;
    assert_eq!(t["players"][5]["account"], Value::Null);
    assert_eq!(t["players"][6]["account"], "p6");
    assert_eq!(t["players"][0]["account"], "p1");
    assert_eq!(t["me"], json!({"arbiter": false, "player": null}));
    assert_eq!(p(2).get(&format!("/api/tournaments/{id}")).await.1["me"], json!({"arbiter": false, "player": 2}));

    // Only its arbiters pair; the other tournament's arbiter does not.
    assert_eq!(p(1).post(&format!("/api/tournaments/{id}/rounds"), json!({})).await.0, 403);
    assert_eq!(other.post(&format!("/api/tournaments/{id}/rounds"), json!({})).await.0, 403);
    let round1 = pair_and_check(&s, &arb, id).await;
    assert_eq!(round1["boards"].as_array().unwrap().len(), 3);
    assert_eq!(round1["byes"].as_array().unwrap().len(), 1);

    // Self-registration is closed now; the arbiter takes a late entry, from round 2.
    let late = s.user("late").await;
    assert_eq!(late.post(&format!("/api/tournaments/{id}/players"), json!({})).await.0, 403);
    let (status, v) =
        arb.post(&format!("/api/tournaments/{id}/players"), json!({"account": "late", "rating": 1700})).await;
    assert_eq!((status, v["round"].as_u64()), (201, Some(2)), "{v}");

    // Round 1: the online games start for the boards whose players both have accounts.
    assert_eq!(p(1).post(&format!("/api/tournaments/{id}/rounds/1/games"), json!({})).await.0, 403);
    let (status, started) = arb.post(&format!("/api/tournaments/{id}/rounds/1/games"), json!({})).await;
    assert_eq!(status, 200, "{started}");
    let t = show(&s, id).await;
    let hall = board_of(&t, 1, 6);
    assert!(!hall.is_null(), "the lowest (player 7) has the bye: {t}");
    let online: Vec<Value> =
        t["rounds"][0]["boards"].as_array().unwrap().iter().filter(|b| !b["game"].is_null()).cloned().collect();
    assert_eq!(started["started"].as_array().unwrap().len(), online.len());
    assert_eq!(online.len(), 2, "{t}");
    // Starting again starts nothing more.
    assert_eq!(arb.post(&format!("/api/tournaments/{id}/rounds/1/games"), json!({})).await.1["started"], json!([]));

    // Each online game: the second mover resigns; his board gets 1-0 as the game ends.
    for b in &online {
        let game = b["game"].as_i64().unwrap();
        assert_eq!(b["game_status"], "live");
        // The console sees the live board: Black to move at ply 0, both clocks at ten minutes.
        assert_eq!((b["live"]["ply"].as_u64(), b["live"]["to_move"].as_str()), (Some(0), Some("black")), "{b}");
        assert_eq!(b["live"]["clock"]["white"]["main_ms"], 600_000, "{b}");
        let second = p(b["second"].as_u64().unwrap() as usize);
        let (_, g) = s.anonymous().get(&format!("/api/games/{game}")).await;
        assert_eq!(g["setup"]["ruleset"], "fesa-2017", "{g}");
        assert_eq!(g["setup"]["time"]["black"]["main_ms"], 600_000);
        let (status, v) =
            second.post(&format!("/api/games/{game}/actions"), json!({"action": {"kind": "resign"}})).await;
        assert_eq!(status, 200, "{v}");
        let done = result_of(&s, id, 1, b["number"].as_u64().unwrap() as usize).await;
        assert_eq!(done["result"], "1-0", "{done}");
    }
    // The board of the player without an account is played in the hall: the arbiter enters it.
    {
        let path = format!("/api/tournaments/{id}/rounds/1/boards/{}", hall["number"]);
        assert_eq!(p(1).put(&path, json!({"result": "0-1"})).await.0, 403, "players enter no results");
        assert_eq!(other.put(&path, json!({"result": "0-1"})).await.0, 403);
        assert_eq!(arb.put(&path, json!({"result": "0-1"})).await.0, 200);
        // A different result is a correction, and a correction needs a reason.
        let (status, v) = arb.put(&path, json!({"result": "½-½"})).await;
        assert_eq!(status, 400, "{v}");
        assert!(v["error"]["message"].as_str().unwrap().contains("reason"), "{v}");
        let (status, v) = arb.put(&path, json!({"result": "½-½", "reason": "score sheets signed as a draw"})).await;
        assert_eq!((status, v["result"].as_str()), (200, Some("½-½")), "{v}");
    }
    let t = show(&s, id).await;
    assert_eq!(t["rounds"][0]["open"], 0, "{t}");

    // Round 2, with the late entry; pairing waits for every result.
    let round2 = pair_and_check(&s, &arb, id).await;
    assert_eq!(arb.post(&format!("/api/tournaments/{id}/rounds"), json!({})).await.0, 409, "round 2 is open");
    let boards2 = round2["boards"].as_array().unwrap().clone();
    // Everything over the board this time: one game forfeited, one drawn, the rest won by the
    // first mover. The last board's players report their result themselves.
    let client = |n: u64| match n {
        1..=5 => Some(p(n as usize)),
        7 => Some(p(6)),
        8 => Some(&late),
        _ => None,
    };
    let reported = boards2
        .iter()
        .rposition(|b| {
            client(b["first"].as_u64().unwrap()).is_some() && client(b["second"].as_u64().unwrap()).is_some()
        })
        .filter(|&k| k >= 2)
        .expect("a board of two players with accounts");
    for (k, b) in boards2.iter().enumerate() {
        let result = match k {
            0 => "+/-",
            1 => "½-½",
            _ => "1-0",
        };
        let path = format!("/api/tournaments/{id}/rounds/2/boards/{}", b["number"]);
        if k == reported {
            let (first, second) =
                (client(b["first"].as_u64().unwrap()).unwrap(), client(b["second"].as_u64().unwrap()).unwrap());
            let report = format!("{path}/report");
            let outsider = (1..=5).map(p).find(|c| !std::ptr::eq(*c, first) && !std::ptr::eq(*c, second)).unwrap();
            assert_eq!(outsider.post(&report, json!({"result": "1-0"})).await.0, 403, "not his board");
            assert_eq!(first.post(&report, json!({"result": "+/-"})).await.0, 400, "forfeits are the arbiters'");
            assert_eq!(first.post(&report, json!({"result": "1-0"})).await.1["entered"], Value::Null);
            // They disagree: nothing is entered; the loser then agrees.
            assert_eq!(second.post(&report, json!({"result": "0-1"})).await.1["entered"], Value::Null);
            assert!(show(&s, id).await["rounds"][1]["boards"][k]["result"].is_null());
            assert_eq!(show(&s, id).await["rounds"][1]["boards"][k]["reports"].as_array().unwrap().len(), 2);
            let (status, v) = second.post(&report, json!({"result": "1-0"})).await;
            assert_eq!((status, v["entered"].as_str()), (200, Some("1-0")), "{v}");
            assert_eq!(first.post(&report, json!({"result": "1-0"})).await.0, 409, "entered already");
            continue;
        }
        let (status, v) = arb.put(&path, json!({"result": result})).await;
        assert_eq!(status, 200, "{v}");
    }
    // A player withdraws himself before round 3; another player cannot withdraw him.
    let (status, _) = p(2).post(&format!("/api/tournaments/{id}/players/7/withdraw"), json!({})).await;
    assert_eq!(status, 403);
    let (status, v) =
        p(6).post(&format!("/api/tournaments/{id}/players/7/withdraw"), json!({"reason": "travels home"})).await;
    assert_eq!(status, 204, "{v}");
    let t = show(&s, id).await;
    assert_eq!(
        (t["players"][6]["status"].as_str(), t["players"][6]["from_round"].as_u64()),
        (Some("withdrawn"), Some(3))
    );

    let round3 = pair_and_check(&s, &arb, id).await;
    assert!(board_of(&show(&s, id).await, 3, 7).is_null(), "the withdrawn player is not paired");
    for b in round3["boards"].as_array().unwrap() {
        let path = format!("/api/tournaments/{id}/rounds/3/boards/{}", b["number"]);
        assert_eq!(arb.put(&path, json!({"result": "0-1"})).await.0, 200);
    }
    // The tournament has three rounds.
    let (status, v) = arb.post(&format!("/api/tournaments/{id}/rounds"), json!({})).await;
    assert_eq!(status, 409, "{v}");

    // The standings are the director's on the exported TRF, in every format.
    let exported = director::read_trf(&trf(&s, id).await).unwrap();
    let st = director::standings(&exported, &StandingsRequest::default()).unwrap();
    for format in ["text", "csv", "html", "json"] {
        let (status, text) = s.anonymous().text(&format!("/api/tournaments/{id}/standings?format={format}")).await;
        assert_eq!(status, 200);
        assert_eq!(text, st.write(&exported, format.parse().unwrap()), "{format}");
    }
    let t = show(&s, id).await;
    let ranks: Vec<(u64, String)> = t["standings"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["number"].as_u64().unwrap(), r["score"].as_str().unwrap().to_string()))
        .collect();
    let want: Vec<(u64, String)> = st.rows.iter().map(|r| (r.number as u64, r.score.clone())).collect();
    assert_eq!(ranks, want);

    // The audit log: every change, who made it, the correction's reason; arbiters only.
    assert_eq!(p(1).get(&format!("/api/tournaments/{id}/audit")).await.0, 403);
    assert_eq!(other.get(&format!("/api/tournaments/{id}/audit")).await.0, 403);
    let (status, audit) = arb.get(&format!("/api/tournaments/{id}/audit")).await;
    assert_eq!(status, 200, "{audit}");
    let entries = audit["entries"].as_array().unwrap();
    let actions: Vec<&str> = entries.iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions.iter().filter(|a| **a == "pair").count(), 3);
    assert_eq!(actions.iter().filter(|a| **a == "register").count(), 8);
    let withdrawal = entries.iter().find(|e| e["action"] == "withdraw").unwrap();
    assert_eq!((withdrawal["actor"].as_str(), withdrawal["reason"].as_str()), (Some("p6"), Some("travels home")));
    {
        let c = entries.iter().find(|e| e["action"] == "correct_result").unwrap();
        assert_eq!(c["reason"], "score sheets signed as a draw");
    }
    // Results of online games are the server's own entries.
    assert!(entries.iter().any(|e| e["action"] == "result" && e["actor"].is_null()), "{audit}");

    // A restart keeps it all.
    let before = show(&s, id).await;
    let (database, dir) = s.stop().await;
    let s = TestServer::on(database, dir).await;
    assert_eq!(show(&s, id).await, before);
}

/// fesa-2017 12.2: a drawn game (sennichite) is replayed at once with colours reversed; the
/// replay's result is the board's, marked replayed.
async fn round_robin_replays_a_drawn_game(db: Db) {
    let s = TestServer::start(db).await;
    let _admin = s.user("root").await;
    let arb = s.user("arb").await;
    _admin.put("/api/users/arb/role", json!({"role": "arbiter"})).await;
    let a = s.user("ayumu").await;
    let b = s.user("botan").await;
    let new = json!({"name": "Pair match", "system": "round-robin", "game": "shogi", "rules": "fesa-2017",
        "time": byoyomi(600_000, 30_000, 1)});
    let id = arb.post("/api/tournaments", new).await.1["id"].as_i64().unwrap();
    for c in [&a, &b] {
        assert_eq!(c.post(&format!("/api/tournaments/{id}/players"), json!({})).await.0, 201);
    }
    let round = pair_and_check(&s, &arb, id).await;
    let board = &round["boards"][0];
    let started = arb.post(&format!("/api/tournaments/{id}/rounds/1/games"), json!({})).await.1;
    let game = started["started"][0]["game"].as_i64().unwrap();
    let (_, g) = s.anonymous().get(&format!("/api/games/{game}")).await;
    let first = if board["first"] == 1 { &a } else { &b };
    let second = if board["first"] == 1 { &b } else { &a };
    assert_eq!(g["players"]["black"], if board["first"] == 1 { "ayumu" } else { "botan" }, "{g}");
    // Fourfold repetition: sennichite, a draw, replayed.
    play_sennichite(&s, game, first, second).await;
    let replay = next_game_on(&s, id, 1, 1, game).await;
    let (_, g) = s.anonymous().get(&format!("/api/games/{replay}")).await;
    assert_eq!(g["status"], "live");
    assert_eq!(g["players"]["black"], if board["first"] == 1 { "botan" } else { "ayumu" }, "colours reversed: {g}");
    // The first mover as paired (White in the replay) resigns: the board is 0-1, replayed.
    let (status, v) = first.post(&format!("/api/games/{replay}/actions"), json!({"action": {"kind": "resign"}})).await;
    assert_eq!(status, 200, "{v}");
    let done = result_of(&s, id, 1, 1).await;
    assert_eq!((done["result"].as_str(), done["replayed"].as_bool()), (Some("0-1"), Some(true)), "{done}");
    let exported = director::read_trf(&trf(&s, id).await).unwrap();
    let views = director::boards(&exported, 1).unwrap();
    assert_eq!(views[0].result.map(|r| r.to_string()).as_deref(), Some("0-1"));
    assert!(views[0].replayed);
}

/// A rated tournament of `names` (grades given), two rounds, every board won by its first mover.
async fn rated_tournament(s: &TestServer, arb: &Client, name: &str, date: &str, names: &[(&str, &str)]) -> i64 {
    let new = json!({"name": name, "date": date, "system": "dutch", "game": "shogi", "rounds": 2, "rules": "fesa-2017",
        "time": byoyomi(1_800_000, 30_000, 1), "rated": true});
    let (status, v) = arb.post("/api/tournaments", new).await;
    assert_eq!(status, 201, "{v}");
    let id = v["id"].as_i64().unwrap();
    for (name, grade) in names {
        let (status, v) =
            arb.post(&format!("/api/tournaments/{id}/players"), json!({"name": name, "grade": grade})).await;
        assert_eq!(status, 201, "{v}");
    }
    for round in 1..=2 {
        let published = pair_and_check(s, arb, id).await;
        if round == 1 {
            let (status, v) = arb.post(&format!("/api/tournaments/{id}/rate"), json!({})).await;
            assert_eq!(status, 409, "not before the last round: {v}");
        }
        for b in published["boards"].as_array().unwrap() {
            let path = format!("/api/tournaments/{id}/rounds/{round}/boards/{}", b["number"]);
            assert_eq!(arb.put(&path, json!({"result": "1-0"})).await.0, 200);
        }
    }
    id
}

/// The rating program run on the files the server exports.
fn rate_exported(files: &Value) -> (Vec<u8>, String) {
    let list = files["list"].as_str().map(str::as_bytes);
    let rated = rating::fesa::rate_files(rating::fesa::RatingFiles {
        list,
        new_players: Some(files["new_players"].as_str().unwrap().as_bytes()),
        tournament: files["tournament"].as_str().unwrap().as_bytes(),
    })
    .unwrap();
    (rated.write(rating::fesa::Output::Json), String::from_utf8(rated.write(rating::fesa::Output::List)).unwrap())
}

/// fesa-2017 15: after the last round the arbiter publishes the new rating list, which is what
/// the rating program computes from the exported files; the next tournament is rated over it.
async fn fesa_rating_after_the_last_round(db: Db) {
    let s = TestServer::start_with_csa(db).await;
    assert_eq!(csa_rating(&s).await, ["##[RATING] +OK"], "no list yet, no rated player");
    let admin = s.user("root").await;
    let arb = s.user("arb").await;
    admin.put("/api/users/arb/role", json!({"role": "arbiter"})).await;
    let player = s.user("someone").await;
    let first = [("Abe, Taro", "2d"), ("Baba, Jiro", "1d"), ("Cruz, Ana", "1k"), ("Diaz, Luis", "3k")];
    let id = rated_tournament(&s, &arb, "Spring Open", "2026/11/21", &first).await;
    assert_eq!(show(&s, id).await["rated_list"], false);
    // Its rounds are over: no bye for a round after the last.
    let (status, v) = arb.post(&format!("/api/tournaments/{id}/players/1/bye"), json!({"bye": "half"})).await;
    assert_eq!(status, 409, "{v}");
    assert!(v["error"]["message"].as_str().unwrap().contains("past the tournament's last round"), "{v}");
    let (_, files) = s.anonymous().get(&format!("/api/tournaments/{id}/fesa")).await;
    assert!(files["list"].is_null(), "no list yet: {files}");
    assert!(
        files["tournament"].as_str().unwrap().starts_with("[Spring Open]\n[2026-11-21]\n1 [Abe] [Taro] ["),
        "{files}"
    );
    let (want_json, want_list) = rate_exported(&files);

    assert_eq!(player.post(&format!("/api/tournaments/{id}/rate"), json!({})).await.0, 403);
    let (status, text) = {
        let (status, v) = arb.post(&format!("/api/tournaments/{id}/rate"), json!({})).await;
        (status, v)
    };
    assert_eq!(status, 200, "{text}");
    assert_eq!(text, serde_json::from_slice::<Value>(&want_json).unwrap());
    let (_, list) = s.anonymous().text("/api/ratings/fesa?format=list").await;
    assert_eq!(list, want_list);
    assert_eq!(arb.post(&format!("/api/tournaments/{id}/rate"), json!({})).await.0, 409, "rated once");
    assert_eq!(show(&s, id).await["rated_list"], true);

    // The next tournament: two known players, one new; rated over the list just published.
    let second = [("Abe, Taro", "2d"), ("Cruz, Ana", "1k"), ("Eto, Kei", "2k"), ("Diaz, Luis", "3k")];
    let id2 = rated_tournament(&s, &arb, "Winter Open", "2026/11/28", &second).await;
    let (_, files) = s.anonymous().get(&format!("/api/tournaments/{id2}/fesa")).await;
    assert_eq!(files["list"].as_str(), Some(want_list.as_str()));
    let new_players = files["new_players"].as_str().unwrap();
    assert!(new_players.contains("\"Eto\" \"Kei\"") && !new_players.contains("Abe"), "{new_players}");
    let (want_json, want_list) = rate_exported(&files);
    let (status, v) = arb.post(&format!("/api/tournaments/{id2}/rate"), json!({})).await;
    assert_eq!((status, v), (200, serde_json::from_slice::<Value>(&want_json).unwrap()));
    assert_eq!(s.anonymous().text("/api/ratings/fesa?format=list").await.1, want_list);
    let (_, json_list) = s.anonymous().get("/api/ratings/fesa").await;
    assert_eq!(json_list.as_array().unwrap().len(), 5, "{json_list}");

    // The CSA server's x1 `%%RATING` lists the list in force as shogi-server lists its rated
    // players: highest first, `<name> \t <rating> @<date of the last rated game>`.
    let listed = csa_rating(&s).await;
    let mut want: Vec<(i64, String, String)> = rating::fesa::read_list(&want_list)
        .unwrap()
        .into_iter()
        .map(|p| (p.elo, p.display_name().replace(' ', "_"), p.last_played.unwrap()))
        .collect();
    want.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut want: Vec<String> =
        want.into_iter().map(|(elo, name, date)| format!("##[RATING] {name} \t {elo:4} @{date}")).collect();
    want.push("##[RATING] +OK".into());
    assert_eq!(listed, want);
    assert!(
        listed.iter().any(|l| l.starts_with("##[RATING] Eto_Kei \t ") && l.ends_with(" @2026-11-28")),
        "{listed:?}"
    );
}

/// The lines a CSA x1 client gets for `%%RATING`, through `+OK`.
async fn csa_rating(s: &TestServer) -> Vec<String> {
    let mut c = common::x1(s.csa.unwrap(), "rater").await;
    c.send("%%RATING").await;
    c.until(|l| l == "##[RATING] +OK").await
}

/// What the arbiter changes by hand: a bye a player asks for, players who must not meet, a
/// round's pairing changed with its reason (and refused once its games have started).
async fn arbiter_changes_by_hand(db: Db) {
    let s = TestServer::start(db).await;
    let admin = s.user("root").await;
    let arb = s.user("arb").await;
    admin.put("/api/users/arb/role", json!({"role": "arbiter"})).await;
    let new = json!({"name": "Club night", "system": "dutch", "game": "shogi", "rounds": 2});
    let id = arb.post("/api/tournaments", new).await.1["id"].as_i64().unwrap();
    let mut players = Vec::new();
    for i in 1..=6 {
        let c = s.user(&format!("c{i}")).await;
        let (status, v) = c.post(&format!("/api/tournaments/{id}/players"), json!({"rating": 2000 - 10 * i})).await;
        assert_eq!(status, 201, "{v}");
        players.push(c);
    }
    // The arbiter corrects a player's rating, with the reason; players correct nothing.
    let edit = format!("/api/tournaments/{id}/players/3");
    assert_eq!(players[2].put(&edit, json!({"rating": 2400})).await.0, 403);
    let (status, v) = arb.put(&edit, json!({"rating": 1985, "grade": "2d", "reason": "the list of May"})).await;
    assert_eq!(status, 204, "{v}");
    let t = show(&s, id).await;
    assert_eq!((t["players"][2]["rating"].as_u64(), t["players"][2]["grade"].as_str()), (Some(1985), Some("2d")));
    assert_eq!(t["players"][2]["name"], "c3", "what is not given stays");
    let (status, v) = arb.put(&edit, json!({"rating": 123456})).await;
    assert_eq!(status, 400, "wider than TRF's column: {v}");
    // Player 2 sits round 1 out with half a point; a full point is not his to take.
    let bye = |n: u32| format!("/api/tournaments/{id}/players/{n}/bye");
    assert_eq!(players[2].post(&bye(3), json!({"bye": "full"})).await.0, 403);
    assert_eq!(players[2].post(&bye(2), json!({"bye": "half"})).await.0, 403, "another's bye");
    let (status, v) = players[1].post(&bye(2), json!({"bye": "half", "reason": "a wedding"})).await;
    assert_eq!((status, v["round"].as_u64()), (200, Some(1)), "{v}");
    assert_eq!(show(&s, id).await["players"][1]["bye_next"], "half");
    // Players 1 and 3 are brothers (by the director's pairing they would meet: 1-4, 3-6, 5 the bye).
    let before = director::read_trf(&trf(&s, id).await).unwrap();
    let would = director::pair(&before, &PairRequest::default()).unwrap().round;
    assert!(would.boards.iter().any(|b| [b.white.min(b.black), b.white.max(b.black)] == [0, 3]), "{would:?}");
    assert_eq!(players[0].post(&format!("/api/tournaments/{id}/forbidden"), json!({"players": [1, 4]})).await.0, 403);
    let (status, v) =
        arb.post(&format!("/api/tournaments/{id}/forbidden"), json!({"players": [1, 4], "reason": "brothers"})).await;
    assert_eq!(status, 204, "{v}");
    let round = pair_and_check(&s, &arb, id).await;
    let t = show(&s, id).await;
    assert!(board_of(&t, 1, 2).is_null(), "player 2 is not paired");
    assert!(board_of(&t, 1, 1)["second"] != 4 && board_of(&t, 1, 1)["first"] != 4, "{t}");
    assert_eq!(t["rounds"][0]["announced"], json!([{"player": 2, "bye": "half"}]));
    assert_eq!(round["byes"].as_array().unwrap().len(), 1);

    // The arbiter pairs the round by hand: a reason is needed, every player placed once.
    let path = format!("/api/tournaments/{id}/rounds/1/pairing");
    let bye_player = round["byes"][0].as_u64().unwrap() as u32;
    let mut rest: Vec<u32> = [1, 3, 4, 5, 6].into_iter().filter(|&n| n != bye_player).collect();
    rest.sort();
    let boards = json!([[rest[0], rest[1]], [rest[2], rest[3]]]);
    assert_eq!(arb.put(&path, json!({"boards": boards, "byes": [bye_player]})).await.0, 400, "no reason");
    let (status, v) =
        arb.put(&path, json!({"boards": [[rest[0], rest[1]]], "byes": [bye_player], "reason": "x"})).await;
    assert_eq!(status, 400, "someone left out: {v}");
    assert!(v["error"]["message"].as_str().unwrap().contains("left out"), "{v}");
    assert_eq!(players[0].put(&path, json!({"boards": boards, "byes": [bye_player], "reason": "x"})).await.0, 403);
    let (status, v) =
        arb.put(&path, json!({"boards": boards, "byes": [bye_player], "reason": "a player's train is late"})).await;
    assert_eq!(status, 200, "{v}");
    let t = show(&s, id).await;
    let got: Vec<(u64, u64)> = t["rounds"][0]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b["first"].as_u64().unwrap(), b["second"].as_u64().unwrap()))
        .collect();
    assert_eq!(got, vec![(rest[0] as u64, rest[1] as u64), (rest[2] as u64, rest[3] as u64)]);
    let (_, audit) = arb.get(&format!("/api/tournaments/{id}/audit")).await;
    let hand = audit["entries"].as_array().unwrap().iter().find(|e| e["action"] == "pair_by_hand").cloned().unwrap();
    assert_eq!(hand["reason"], "a player's train is late");
    let edited = audit["entries"].as_array().unwrap().iter().find(|e| e["action"] == "edit_player").cloned().unwrap();
    assert_eq!(edited["detail"], "player 3: rating \"1970\" → \"1985\", grade \"-\" → \"2d\"");
    assert_eq!(edited["reason"], "the list of May");
    // Once the round's games have started its pairing stays.
    let (_, started) = arb.post(&format!("/api/tournaments/{id}/rounds/1/games"), json!({})).await;
    assert_eq!(started["started"].as_array().unwrap().len(), 2, "{started}");
    let (status, v) = arb.put(&path, json!({"boards": boards, "byes": [bye_player], "reason": "again"})).await;
    assert_eq!(status, 409, "{v}");
    // The half-point bye counts in the standings.
    let row = t["standings"]["rows"].as_array().unwrap().iter().find(|r| r["number"] == 2).cloned().unwrap();
    assert_eq!(row["score"], "0.5", "{row}");

    // A full-point bye for round 2 is the arbiters' to give, and to change or take back.
    let (status, v) = arb.post(&bye(2), json!({"bye": "full", "reason": "the organiser's helper"})).await;
    assert_eq!((status, v["round"].as_u64()), (200, Some(2)), "{v}");
    for b in [json!("half"), json!("zero"), Value::Null] {
        let (status, v) = players[1].post(&bye(2), json!({ "bye": b })).await;
        assert_eq!(status, 403, "{b}: {v}");
    }
    assert_eq!(show(&s, id).await["players"][1]["bye_next"], "full");
    // A player withdraws from the next round; another round is the arbiters' to set.
    let withdraw = |n: u32| format!("/api/tournaments/{id}/players/{n}/withdraw");
    assert_eq!(players[4].post(&withdraw(5), json!({"from_round": 3})).await.0, 403);
    // The arbiter withdraws player 2 from round 2: his full-point bye goes with him.
    assert_eq!(arb.post(&withdraw(2), json!({"from_round": 3})).await.0, 409, "past the last round");
    assert_eq!(arb.post(&withdraw(2), json!({"reason": "ill"})).await.0, 204);
    let t = show(&s, id).await;
    assert_eq!((&t["players"][1]["status"], &t["players"][1]["bye_next"]), (&json!("withdrawn"), &Value::Null), "{t}");
}

/// A McMahon Go tournament with handicaps from the grade difference (pl 8.2; rfg 2.2): the
/// board's online game has the stones, the weaker player on Black.
async fn mcmahon_go_with_handicaps(db: Db) {
    let s = TestServer::start(db).await;
    let admin = s.user("root").await;
    let arb = s.user("arb").await;
    admin.put("/api/users/arb/role", json!({"role": "arbiter"})).await;
    let new = json!({"name": "Go McMahon", "system": "mcmahon", "game": "go", "rounds": 2, "rules": "rfg",
        "size": 19, "mcmahon": {"handicap": "grade"}});
    let (status, v) = arb.post("/api/tournaments", new).await;
    assert_eq!(status, 201, "{v}");
    let id = v["id"].as_i64().unwrap();
    let mut clients = Vec::new();
    for (name, grade) in [("kano", "4d"), ("ito", "3d"), ("mori", "2k"), ("sato", "6k")] {
        let c = s.user(name).await;
        let (status, v) = c.post(&format!("/api/tournaments/{id}/players"), json!({"grade": grade})).await;
        assert_eq!(status, 201, "{v}");
        clients.push(c);
    }
    // The director pairs the exported TRF (its McMahon settings in it) the same way, with the
    // same handicaps.
    let before = director::read_trf(&trf(&s, id).await).unwrap();
    let expected = director::pair(&before, &PairRequest::default()).unwrap().round;
    let round = pair_and_check(&s, &arb, id).await;
    for b in round["boards"].as_array().unwrap() {
        let first = b["first"].as_u64().unwrap() as usize - 1;
        let want = expected.boards.iter().find(|x| x.white == first).unwrap().handicap.clone();
        assert_eq!(b["handicap"].as_str(), want.as_deref(), "{b}");
    }
    let (_, started) = arb.post(&format!("/api/tournaments/{id}/rounds/1/games"), json!({})).await;
    assert_eq!(started["started"].as_array().unwrap().len(), 2, "{started}");
    let t = show(&s, id).await;
    let mut handicapped = 0;
    for b in t["rounds"][0]["boards"].as_array().unwrap() {
        let (_, g) = s.anonymous().get(&format!("/api/games/{}", b["game"])).await;
        let grade = |n: &Value| t["players"][n.as_u64().unwrap() as usize - 1]["grade"].as_str().unwrap().to_string();
        let account = |n: &Value| t["players"][n.as_u64().unwrap() as usize - 1]["account"].clone();
        match b["handicap"].as_str() {
            Some(h) => {
                handicapped += 1;
                let stones: u64 = h.strip_suffix(" stones").unwrap().parse().unwrap();
                assert_eq!(g["setup"]["board"]["handicap"], stones, "{g}");
                // The first mover is the weaker player, on Black.
                assert_eq!(g["players"]["black"], account(&b["first"]), "{g}");
                assert!(grade(&b["first"]).ends_with('k'), "{b}");
            }
            None => assert_eq!(g["setup"]["board"]["handicap"], 0, "{g}"),
        }
    }
    assert!(handicapped >= 1, "a grade gap of more than one gives stones: {t}");
}

/// rfg 11: a player who has not come to the board when half his main time has gone loses; with
/// neither come, the game has no result and the board waits for the arbiters (both lose).
async fn lateness_loses_under_rfg(db: Db) {
    let s = TestServer::start(db).await;
    let admin = s.user("root").await;
    let arb = s.user("arb").await;
    admin.put("/api/users/arb/role", json!({"role": "arbiter"})).await;
    let new = json!({"name": "Lightning", "system": "round-robin", "game": "go", "rules": "rfg", "size": 9,
        "time": byoyomi(3_000, 30_000, 1)});
    let (status, v) = arb.post("/api/tournaments", new).await;
    assert_eq!(status, 201, "{v}");
    let id = v["id"].as_i64().unwrap();
    let mut clients = Vec::new();
    for name in ["go1", "go2", "go3", "go4"] {
        let c = s.user(name).await;
        assert_eq!(c.post(&format!("/api/tournaments/{id}/players"), json!({})).await.0, 201);
        clients.push(c);
    }
    let round = pair_and_check(&s, &arb, id).await;
    let started = arb.post(&format!("/api/tournaments/{id}/rounds/1/games"), json!({})).await.1;
    assert_eq!(started["started"].as_array().unwrap().len(), 2, "{started}");
    // On board 1 the first mover comes and plays; his opponent never comes. On board 2 nobody.
    let b1 = &round["boards"][0];
    let game1 = started["started"][0]["game"].as_i64().unwrap();
    let first = &clients[b1["first"].as_u64().unwrap() as usize - 1];
    let (status, v) =
        first.post(&format!("/api/games/{game1}/actions"), json!({"action": {"kind": "move", "move": "E5"}})).await;
    assert_eq!(status, 200, "{v}");
    let done = result_of(&s, id, 1, 1).await;
    assert_eq!(done["result"], "1-0", "{done}");
    let (_, g) = s.anonymous().get(&format!("/api/games/{game1}")).await;
    assert_eq!(
        (g["outcome"]["reason"].as_str(), g["outcome"]["article"].as_str()),
        (Some("lateness"), Some("rfg 11")),
        "{g}"
    );
    // Board 2: both absent, no result; the arbiters enter the double forfeit.
    let game2 = started["started"][1]["game"].as_i64().unwrap();
    for _ in 0..200 {
        if s.anonymous().get(&format!("/api/games/{game2}")).await.1["status"] == "finished" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    let (_, g) = s.anonymous().get(&format!("/api/games/{game2}")).await;
    assert_eq!(
        (g["outcome"]["result"].as_str(), g["outcome"]["reason"].as_str()),
        (Some("no_result"), Some("lateness")),
        "{g}"
    );
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert!(show(&s, id).await["rounds"][0]["boards"][1]["result"].is_null());
    assert_eq!(arb.put(&format!("/api/tournaments/{id}/rounds/1/boards/2"), json!({"result": "--/--"})).await.0, 200);
}

/// A knockout under ufs-2016, where a sennichite is a draw that stands (ufs 9.2): a knockout
/// match needs a winner, so the drawn game is played again at once, colours reversed, and the
/// tie-break decides who goes on (pl 8.1, 5.5). The final follows the bracket, and then the
/// knockout is over.
async fn knockout_plays_a_drawn_match_again(db: Db) {
    let s = TestServer::start(db).await;
    let admin = s.user("root").await;
    let arb = s.user("arb").await;
    assert_eq!(admin.put("/api/users/arb/role", json!({"role": "arbiter"})).await.0, 200);
    let names = ["kaede", "kuro", "kiku", "kin"];
    let mut players = Vec::new();
    for n in names {
        players.push(s.user(n).await);
    }
    let new = json!({"name": "Cup", "system": "knockout", "game": "shogi", "rules": "ufs-2016",
        "time": byoyomi(600_000, 30_000, 1)});
    let (status, v) = arb.post("/api/tournaments", new).await;
    assert_eq!(status, 201, "{v}");
    let id = v["id"].as_i64().unwrap();
    for (k, n) in names.iter().enumerate() {
        let entry = json!({"account": n, "rating": 2000 - 100 * k as u32});
        let (status, v) = arb.post(&format!("/api/tournaments/{id}/players"), entry).await;
        assert_eq!(status, 201, "{v}");
    }
    let client = |number: &Value| &players[number.as_u64().unwrap() as usize - 1];
    assert_eq!(show(&s, id).await["draws"], false, "a knockout match needs a winner");

    // Seeds 1–4 and 2–3 (the bracket keeps 1 and 2 apart), as the director pairs the TRF.
    let round = pair_and_check(&s, &arb, id).await;
    let started = arb.post(&format!("/api/tournaments/{id}/rounds/1/games"), json!({})).await.1;
    let game_of = |board: u64| {
        started["started"].as_array().unwrap().iter().find(|g| g["board"] == board).unwrap()["game"].as_i64().unwrap()
    };
    let [one, two] = [&round["boards"][0], &round["boards"][1]];
    // Board 1 is drawn; board 2's first mover resigns.
    play_sennichite(&s, game_of(1), client(&one["first"]), client(&one["second"])).await;
    let (status, v) = client(&two["first"])
        .post(&format!("/api/games/{}/actions", game_of(2)), json!({"action": {"kind": "resign"}}))
        .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(result_of(&s, id, 1, 2).await["result"], "0-1");
    // The draw stands under ufs-2016, but not in a knockout: a tie-break game, colours reversed.
    let tiebreak = next_game_on(&s, id, 1, 1, game_of(1)).await;
    let (_, g) = s.anonymous().get(&format!("/api/games/{tiebreak}")).await;
    assert_eq!(g["status"], "live", "{g}");
    assert_eq!(g["players"]["black"], names[one["second"].as_u64().unwrap() as usize - 1], "colours reversed: {g}");
    assert_eq!(g["setup"]["time"]["black"]["main_ms"], 600_000, "the tournament's time: {g}");
    // Pairing waits for the match to be decided.
    let (status, v) = arb.post(&format!("/api/tournaments/{id}/rounds"), json!({})).await;
    assert_eq!(status, 409, "{v}");
    // Even the tie-break drawn is played again.
    play_sennichite(&s, tiebreak, client(&one["second"]), client(&one["first"])).await;
    let third = next_game_on(&s, id, 1, 1, tiebreak).await;
    let (_, g) = s.anonymous().get(&format!("/api/games/{third}")).await;
    assert_eq!(
        g["players"]["black"],
        names[one["first"].as_u64().unwrap() as usize - 1],
        "colours reversed again: {g}"
    );
    let (status, v) = client(&one["second"])
        .post(&format!("/api/games/{third}/actions"), json!({"action": {"kind": "resign"}}))
        .await;
    assert_eq!(status, 200, "{v}");
    let done = result_of(&s, id, 1, 1).await;
    assert_eq!((done["result"].as_str(), done["replayed"].as_bool()), (Some("1-0"), Some(true)), "{done}");
    let audit = arb.get(&format!("/api/tournaments/{id}/audit")).await.1;
    let tiebreaks = audit["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["detail"].as_str().unwrap().contains("tie-break game of a drawn knockout match"));
    assert_eq!(tiebreaks.count(), 2, "{audit}");

    // The final: the winners of the two matches, as the bracket gives it.
    let fin = pair_and_check(&s, &arb, id).await;
    let mut finalists = [fin["boards"][0]["first"].as_u64().unwrap(), fin["boards"][0]["second"].as_u64().unwrap()];
    finalists.sort();
    let mut winners = [one["first"].as_u64().unwrap(), two["second"].as_u64().unwrap()];
    winners.sort();
    assert_eq!(finalists, winners, "{fin}");
    let (status, v) = arb.put(&format!("/api/tournaments/{id}/rounds/2/boards/1"), json!({"result": "1-0"})).await;
    assert_eq!(status, 200, "{v}");
    let (status, v) = arb.post(&format!("/api/tournaments/{id}/rounds"), json!({})).await;
    assert_eq!(status, 409, "{v}");
    assert!(v["error"]["message"].as_str().unwrap().contains("knockout is finished"), "{v}");
    let t = show(&s, id).await;
    assert_eq!(t["standings"]["rows"][0]["number"], fin["boards"][0]["first"], "the winner on top: {t}");
}

/// Pairs of a published or drafted round, sorted.
fn pairs_of(round: &Value) -> Vec<(u64, u64)> {
    let mut v: Vec<(u64, u64)> = round["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b["first"].as_u64().unwrap(), b["second"].as_u64().unwrap()))
        .collect();
    v.sort();
    v
}

/// A round paired as a draft is the arbiters' alone: changed by hand, published, or discarded;
/// a change to the tournament after it was drafted makes it stale.
async fn drafted_rounds_are_the_arbiters_until_published(db: Db) {
    let s = TestServer::start(db).await;
    let admin = s.user("root").await;
    let arb = s.user("arb").await;
    assert_eq!(admin.put("/api/users/arb/role", json!({"role": "arbiter"})).await.0, 200);
    let player = s.user("pia").await;
    let new = json!({"name": "Draft night", "system": "dutch", "game": "shogi", "rounds": 3});
    let id = arb.post("/api/tournaments", new).await.1["id"].as_i64().unwrap();
    assert_eq!(player.post(&format!("/api/tournaments/{id}/players"), json!({"rating": 1500})).await.0, 201);
    for (k, name) in ["Abe", "Baba", "Chiba"].iter().enumerate() {
        let entry = json!({"name": name, "rating": 1900 - 100 * k as u32});
        assert_eq!(arb.post(&format!("/api/tournaments/{id}/players"), entry).await.0, 201);
    }
    let rounds = format!("/api/tournaments/{id}/rounds");
    assert_eq!(player.post(&rounds, json!({"draft": true})).await.0, 403);

    // The draft is what `shinpan pair` gives, seen by the arbiters only.
    let expected = director::pair(&director::read_trf(&trf(&s, id).await).unwrap(), &PairRequest::default()).unwrap();
    let (status, draft) = arb.post(&rounds, json!({"draft": true})).await;
    assert_eq!(status, 200, "{draft}");
    assert_eq!(draft["round"], 1);
    let want: Vec<(u64, u64)> = {
        let mut v: Vec<(u64, u64)> =
            expected.round.boards.iter().map(|b| (b.white as u64 + 1, b.black as u64 + 1)).collect();
        v.sort();
        v
    };
    assert_eq!(pairs_of(&draft), want);
    let public = show(&s, id).await;
    assert_eq!((public["rounds"].as_array().unwrap().len(), &public["draft"]), (0, &Value::Null), "{public}");
    assert_eq!(player.get(&format!("/api/tournaments/{id}")).await.1["draft"], Value::Null);
    assert_eq!(director::read_trf(&trf(&s, id).await).unwrap().next_round(), 1, "the export has no draft");
    let seen = arb.get(&format!("/api/tournaments/{id}")).await.1;
    assert_eq!((pairs_of(&seen["draft"]), &seen["draft"]["stale"]), (want.clone(), &json!(false)), "{seen}");
    // Nothing is played on a draft.
    let (status, v) = arb.put(&format!("/api/tournaments/{id}/rounds/1/boards/1"), json!({"result": "1-0"})).await;
    assert_eq!(status, 400, "{v}");
    assert_eq!(arb.post(&format!("{rounds}/1/games"), json!({})).await.0, 400);

    // Changed by hand as a draft (a reason needed), then published as it stands.
    let hand = json!({"boards": [[1, 2], [3, 4]], "byes": [], "reason": "Abe and Chiba share a car"});
    assert_eq!(arb.put(&format!("{rounds}/1/pairing"), json!({"boards": [[1, 2], [3, 4]], "byes": []})).await.0, 400);
    let (status, v) = arb.put(&format!("{rounds}/1/pairing"), hand).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(show(&s, id).await["rounds"].as_array().unwrap().len(), 0, "still a draft");
    assert_eq!(pairs_of(&arb.get(&format!("/api/tournaments/{id}")).await.1["draft"]), vec![(1, 2), (3, 4)]);
    assert_eq!(player.post(&format!("{rounds}/1/publish"), json!({})).await.0, 403);
    let (status, v) = arb.post(&format!("{rounds}/1/publish"), json!({})).await;
    assert_eq!(status, 200, "{v}");
    let t = show(&s, id).await;
    assert_eq!(pairs_of(&t["rounds"][0]), vec![(1, 2), (3, 4)], "{t}");
    assert_eq!(arb.get(&format!("/api/tournaments/{id}")).await.1["draft"], Value::Null);
    let (status, v) = arb.post(&format!("{rounds}/1/publish"), json!({})).await;
    assert_eq!(status, 409, "published once: {v}");
    for b in 1..=2 {
        arb.put(&format!("{rounds}/1/boards/{b}"), json!({"result": "1-0"})).await;
    }

    // A draft goes stale when the tournament changes: it is paired again, not published.
    assert_eq!(arb.post(&rounds, json!({"draft": true})).await.0, 200);
    let (status, v) = player.post(&format!("/api/tournaments/{id}/players/1/bye"), json!({"bye": "half"})).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(arb.get(&format!("/api/tournaments/{id}")).await.1["draft"]["stale"], true);
    let (status, v) = arb.post(&format!("{rounds}/2/publish"), json!({})).await;
    assert_eq!(status, 409, "{v}");
    assert!(v["error"]["message"].as_str().unwrap().contains("pair it again"), "{v}");
    assert_eq!(
        arb.put(&format!("{rounds}/2/pairing"), json!({"boards": [[2, 3]], "byes": [4], "reason": "x"})).await.0,
        409
    );
    // Paired again and published at once: the stale draft goes with it.
    let published = pair_and_check(&s, &arb, id).await;
    assert_eq!(published["round"], 2);
    assert_eq!(arb.get(&format!("/api/tournaments/{id}")).await.1["draft"], Value::Null);
    for b in 1..=published["boards"].as_array().unwrap().len() {
        arb.put(&format!("{rounds}/2/boards/{b}"), json!({"result": "0-1"})).await;
    }

    // Discarded.
    assert_eq!(arb.post(&rounds, json!({"draft": true})).await.0, 200);
    assert_eq!(player.delete(&format!("{rounds}/3/draft")).await.0, 403);
    assert_eq!(arb.delete(&format!("{rounds}/3/draft")).await.0, 204);
    assert_eq!(arb.get(&format!("/api/tournaments/{id}")).await.1["draft"], Value::Null);
    assert_eq!(arb.delete(&format!("{rounds}/3/draft")).await.0, 409);
    let audit = arb.get(&format!("/api/tournaments/{id}/audit")).await.1;
    let actions: Vec<&str> =
        audit["entries"].as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    for a in ["draft", "pair_by_hand", "publish", "discard_draft"] {
        assert!(actions.contains(&a), "{a} in {actions:?}");
    }
}

/// A tournament's event stream (Server-Sent Events), read as it comes.
struct Events(reqwest::Response, String);

impl Events {
    async fn open(s: &TestServer, id: i64) -> Events {
        let r = reqwest::get(s.url(&format!("/api/tournaments/{id}/events"))).await.unwrap();
        assert_eq!(r.status(), 200);
        assert_eq!(r.headers()["content-type"], "text/event-stream");
        Events(r, String::new())
    }

    /// The next event (keep-alive comments skipped): its name and data; `None` at the end.
    async fn next(&mut self) -> Option<(String, String)> {
        loop {
            if let Some(end) = self.1.find("\n\n") {
                let block: String = self.1.drain(..end + 2).collect();
                let field = |k: &str| block.lines().find_map(|l| l.strip_prefix(k)).map(|v| v.trim().to_string());
                if let Some(name) = field("event:") {
                    return Some((name, field("data:").unwrap_or_default()));
                }
                continue;
            }
            let chunk = tokio::time::timeout(Duration::from_secs(10), self.0.chunk()).await.expect("an event in time");
            self.1 += std::str::from_utf8(&chunk.unwrap()?).unwrap();
        }
    }
}

/// The page's live updates: a follower hears each change of the tournament and each move of
/// its boards' games, nothing of another tournament's, and its stream ends when the server
/// stops (a follower does not hold the shutdown).
async fn followers_hear_changes_and_moves(db: Db) {
    let s = TestServer::start(db).await;
    let admin = s.user("root").await;
    let arb = s.user("arb").await;
    assert_eq!(admin.put("/api/users/arb/role", json!({"role": "arbiter"})).await.0, 200);
    let (a, b) = (s.user("aoi").await, s.user("ban").await);
    let new = json!({"name": "Live", "system": "round-robin", "game": "shogi", "rules": "ufs-2016",
        "time": byoyomi(600_000, 30_000, 1)});
    let id = arb.post("/api/tournaments", new.clone()).await.1["id"].as_i64().unwrap();
    let other = arb.post("/api/tournaments", new).await.1["id"].as_i64().unwrap();
    assert_eq!(show(&s, id).await["draws"], true, "ufs-2016 9.2: a draw stands");
    assert_eq!(reqwest::get(s.url("/api/tournaments/999/events")).await.unwrap().status(), 404);
    let mut events = Events::open(&s, id).await;
    // Another tournament's change is not this one's news.
    assert_eq!(a.post(&format!("/api/tournaments/{other}/players"), json!({})).await.0, 201);
    assert_eq!(a.post(&format!("/api/tournaments/{id}/players"), json!({})).await.0, 201);
    // With data: a browser dispatches no event without it.
    assert_eq!(events.next().await.unwrap(), ("changed".to_string(), id.to_string()));
    assert_eq!(b.post(&format!("/api/tournaments/{id}/players"), json!({})).await.0, 201);
    assert_eq!(events.next().await.unwrap().0, "changed");
    let round = pair_and_check(&s, &arb, id).await;
    assert_eq!(events.next().await.unwrap().0, "changed");
    let started = arb.post(&format!("/api/tournaments/{id}/rounds/1/games"), json!({})).await.1;
    let game = started["started"][0]["game"].as_i64().unwrap();
    assert_eq!(events.next().await.unwrap().0, "changed");
    let first = if round["boards"][0]["first"] == 1 { &a } else { &b };
    let (status, v) =
        first.post(&format!("/api/games/{game}/actions"), json!({"action": {"kind": "move", "move": "7g7f"}})).await;
    assert_eq!(status, 200, "{v}");
    // The server stops: the stream ends, after the move (perhaps after the first mover's
    // arrival, an event of its own).
    tokio::time::timeout(Duration::from_secs(10), s.stop()).await.expect("the server stops with a follower open");
    let mut heard = Vec::new();
    while let Some(e) = tokio::time::timeout(Duration::from_secs(10), events.next()).await.expect("the stream ends") {
        heard.push(e);
    }
    assert!((1..=2).contains(&heard.len()), "{heard:?}");
    assert!(heard.iter().all(|e| *e == ("game".to_string(), game.to_string())), "{heard:?}");
}
