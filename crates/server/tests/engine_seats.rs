//! Engines seated by the server (`POST /api/games` with `engine` or `engines`), with tiny USI
//! engines written in sh: one resigns when asked, one thinks a second and plays 7g7f, one never
//! answers.

mod common;
use common::*;
use serde_json::json;
use server::seat::EngineConfig;

fn usi(name: &str, on_go: &str) -> EngineConfig {
    // The driver runs `exec CMD`, so the loop gets a shell of its own.
    let cmd = format!(
        r#"sh -c 'while read -r l; do case "$l" in usi) echo "id name {name}"; echo usiok;; isready) echo readyok;; go*) {on_go};; quit) exit 0;; esac; done'"#
    );
    EngineConfig { name: name.into(), cmd, game: arbiter::GameKind::Shogi, margin_ms: 0 }
}

async fn server() -> TestServer {
    TestServer::with_engines(vec![
        usi("resigner", "echo bestmove resign"),
        usi("slow", "sleep 1; echo bestmove 7g7f"),
        usi("mute", ":"),
    ])
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_engines_play_each_other_at_their_pace() {
    let s = server().await;
    let fan = s.user("fan").await;
    let setup = shogi("fesa-2017", Some(both(byoyomi(60_000, 10_000, 1))));
    let (status, g) = fan
        .post(
            "/api/games",
            json!({"setup": setup, "engines": {"black": "resigner", "white": "resigner", "pace_ms": 300}}),
        )
        .await;
    assert_eq!(status, 201, "{g}");
    let id = g["id"].as_i64().unwrap();
    let mut ws = s.anonymous().ws().await;
    ws.watch(id, None).await;
    let start = ws.until(|m| m["type"] == "event" && m["seq"] == 0).await;
    let resign = ws.until(|m| m["type"] == "event" && m["event"]["type"] == "resign").await;
    let took = resign["t"].as_u64().unwrap() - start["t"].as_u64().unwrap();
    assert!(took >= 300, "the engine waited its pace: {took} ms");
    let end = ws.until(|m| m["type"] == "state" && m["view"]["outcome"].is_object()).await;
    assert_eq!(end["view"]["outcome"]["result"], "white_win", "{end}");
    let (_, g) = s.anonymous().get(&format!("/api/games/{id}")).await;
    assert_eq!((g["players"]["black"].as_str(), g["players"]["white"].as_str()), (Some("resigner"), Some("resigner")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn engine_games_are_checked_and_limited() {
    let s = server().await;
    let fan = s.user("fan").await;
    let setup = shogi("fesa-2017", None);
    let both_mute = json!({"black": "mute", "white": "mute"});
    for (body, want, needle) in [
        (json!({"setup": setup, "engines": both_mute, "opponent": "x"}), 400, "seats both sides"),
        (json!({"setup": setup, "engines": both_mute, "color": "black"}), 400, "seats both sides"),
        (json!({"setup": setup, "engines": {"black": "mute", "white": "nobody"}}), 404, "no such engine: nobody"),
        (json!({"setup": setup, "engines": {"black": "mute", "white": "mute", "pace_ms": 60000}}), 400, "at most"),
        (json!({"setup": go9(), "engines": both_mute}), 400, "mute plays Shogi"),
    ] {
        let (status, e) = fan.post("/api/games", body.clone()).await;
        assert_eq!(status, want, "{body}: {e}");
        assert!(e["error"]["message"].as_str().unwrap().contains(needle), "{body}: {e}");
    }
    assert_eq!(s.anonymous().post("/api/games", json!({"setup": setup, "engines": both_mute})).await.0, 401);
    // Two live engine games per account; the third waits until one ends.
    for _ in 0..2 {
        assert_eq!(fan.post("/api/games", json!({"setup": setup, "engines": both_mute})).await.0, 201);
    }
    let (status, e) = fan.post("/api/games", json!({"setup": setup, "engines": both_mute})).await;
    assert_eq!((status, e["error"]["code"].as_str()), (429, Some("rate_limited")), "{e}");
    let other = s.user("other").await;
    assert_eq!(other.post("/api/games", json!({"setup": setup, "engines": both_mute})).await.0, 201);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_refused_for_a_pause_plays_after_the_resume() {
    let s = server().await;
    let admin = s.user("boss").await; // the first account: may pause any game
    let setup = shogi("fesa-2017", Some(both(byoyomi(60_000, 10_000, 1))));
    let (status, g) = admin.post("/api/games", json!({"setup": setup, "engine": "slow", "color": "white"})).await;
    assert_eq!(status, 201, "{g}");
    let id = g["id"].as_i64().unwrap();
    let mut a = admin.ws().await;
    // The engine thinks for a second; the game is paused meanwhile, so its move is refused.
    let paused = a.act(id, json!({"kind": "pause"})).await;
    assert_eq!(paused["answer"]["verdict"], "accepted", "{paused}");
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    let (_, g) = s.anonymous().get(&format!("/api/games/{id}")).await;
    assert_eq!((g["moves"].as_array().unwrap().len(), g["status"].as_str()), (0, Some("live")), "{g}");
    // After the resume it is asked again and plays; it did not resign over the refusal.
    assert_eq!(a.act(id, json!({"kind": "resume"})).await["answer"]["verdict"], "accepted");
    let mut watcher = s.anonymous().ws().await;
    watcher.watch(id, None).await;
    let mv = watcher.until(|m| m["type"] == "event" && m["event"]["type"] == "move").await;
    assert_eq!(mv["event"]["move"], "7g7f", "{mv}");
    let (_, g) = s.anonymous().get(&format!("/api/games/{id}")).await;
    assert_eq!(g["status"], "live", "{g}");
}

fn go9() -> serde_json::Value {
    json!({"ruleset": "rfg", "board": {"game": "go", "size": 9}})
}

/// GNU Go seated on both sides of 9×9 games: the seats play them out, pass to the finishing
/// phase (rfg 7.1), and propose and agree the dead stones GNU Go names (`final_status_list
/// dead`, rfg 7.2). The count the server gives must be GNU Go's own `final_score` of the final
/// position, replayed into a fresh GNU Go (Japanese counting, like rfg 8–10), and the agreed
/// dead stones its list. GNU Go instances with different seeds and levels make different games;
/// some must end with dead stones on the board. `#[ignore]`d: needs `/usr/games/gnugo` (`make
/// test-engines`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore]
async fn gnu_go_seated_on_both_sides_counts_as_gnu_go_does() {
    assert!(testkit::gtp::have_gnugo(), "apt-get install gnugo");
    let engine = |seed: u32, level: u32| EngineConfig {
        name: format!("gnugo-{seed}-{level}"),
        cmd: format!("{} --mode gtp --level {level} --seed {seed}", testkit::gtp::GNUGO),
        game: arbiter::GameKind::Go,
        margin_ms: 0,
    };
    let pairs =
        [((1, 1), (2, 1)), ((3, 2), (4, 1)), ((5, 1), (6, 3)), ((7, 3), (8, 2)), ((9, 1), (10, 1)), ((11, 2), (12, 3))];
    let s =
        TestServer::with_engines(pairs.iter().flat_map(|&(b, w)| [engine(b.0, b.1), engine(w.0, w.1)]).collect()).await;
    let fan = s.user("fan").await;
    let mut with_dead = 0;
    for (b, w) in pairs {
        let (moves, agreed, final_score) =
            gnu_go_game(&s, &fan, &format!("gnugo-{}-{}", b.0, b.1), &format!("gnugo-{}-{}", w.0, w.1)).await;
        eprintln!("{moves} moves, {} dead stones agreed, {final_score}", agreed.len());
        with_dead += usize::from(!agreed.is_empty());
    }
    assert!(with_dead >= 2, "games with dead stones: {with_dead} of {}", pairs.len());
}

/// One game of two GNU Go seats, checked against a fresh GNU Go: its moves, the dead stones
/// agreed and GNU Go's final score.
async fn gnu_go_game(s: &TestServer, fan: &Client, black: &str, white: &str) -> (usize, Vec<String>, String) {
    let setup = json!({"ruleset": "rfg", "board": {"game": "go", "size": 9}});
    let (status, g) = fan
        .post("/api/games", json!({"setup": setup, "engines": {"black": black, "white": white, "pace_ms": 0}}))
        .await;
    assert_eq!(status, 201, "{g}");
    let id = g["id"].as_i64().unwrap();
    let mut ws = s.anonymous().ws().await;
    ws.watch(id, None).await;
    let mut marked = None;
    let end = loop {
        let m = ws.next().await;
        let action = &m["event"]["action"];
        if m["type"] == "event" && m["event"]["type"] == "game" && action["kind"] == "mark_dead" {
            marked = Some(action["stones"].clone());
        }
        if m["type"] == "state" && m["view"]["outcome"].is_object() {
            break m;
        }
    };
    let score = &end["view"]["position"]["score"];
    assert!(score.is_object(), "the game ended by the count: {end}");
    let mut agreed: Vec<String> = serde_json::from_value(marked.expect("a seat proposed the dead stones")).unwrap();

    // The same moves into a fresh GNU Go, which counts the final position itself.
    let (_, g) = s.anonymous().get(&format!("/api/games/{id}")).await;
    let moves = g["moves"].as_array().unwrap();
    let mut oracle = testkit::gtp::Gtp::start(&["--level", "1"]);
    oracle.ok("boardsize 9");
    oracle.ok("clear_board");
    oracle.ok(&format!("komi {}", score["white"]["komi"]));
    for (i, m) in moves.iter().enumerate() {
        let colour = if i % 2 == 0 { "black" } else { "white" };
        oracle.ok(&format!("play {colour} {}", m["move"].as_str().unwrap()));
    }
    let mut dead: Vec<String> = oracle.ok("final_status_list dead").split_whitespace().map(str::to_string).collect();
    dead.sort();
    agreed.sort();
    assert_eq!(agreed, dead, "game {id}: the seats agreed GNU Go's dead stones");
    let final_score = oracle.ok("final_score");
    let ours = match score["winner"].as_str() {
        Some("black") => format!("B+{}", score["margin"]),
        Some("white") => format!("W+{}", score["margin"]),
        _ => "0".to_string(),
    };
    assert_eq!(ours, final_score, "game {id}: the server's count against GNU Go's final_score: {score}");
    assert!(moves.len() > 20, "a real game was played: {g}");
    (moves.len(), agreed, final_score)
}
