//! Differential test of the rfg 7.1 finishing phase against GNU Go 3.8: a GNU Go self-play game
//! is played to two passes; GNU Go fills the dame itself before passing, so the driver takes
//! back (GTP `undo`) the passes and the last moves as long as GNU Go's `final_score` stays the
//! same and dame remain (the position settled, only its dame fills taken back), and ends the
//! main game there with three passes; then GNU Go, in turn, fills them again (the finishing
//! phase) and `adjudicate_go` counts the record: the moves after the third pass must be played,
//! not listed, and the result and margin must equal GNU Go's `final_score` of the filled
//! position, with its dead stones. `#[ignore]`d: `cargo test --release -p shinpan-arbiter --test go_finishing_gnugo
//! -- --ignored`.

use arbiter::{GameResult, GoRuleset, Reason, RulesetId, adjudicate_go};
use go::sgf::SgfGame;
use go::{Color, Move, Point};
use testkit::Rng;
use testkit::gtp::Gtp;

struct Filled {
    sgf: String,
    fills: usize,
    dead: Vec<Point>,
    final_score: String,
}

fn name(c: Color) -> &'static str {
    if c == Color::Black { "black" } else { "white" }
}

fn letter(c: Color) -> &'static str {
    if c == Color::Black { "B" } else { "W" }
}

/// One game: random opening moves, GNU Go to two passes, the third pass, then the dame filled.
fn play(seed: u64, size: u8) -> Option<Filled> {
    let mut gtp = Gtp::start(&["--level", "0", "--seed", &seed.to_string()]);
    let mut rng = Rng::new(seed);
    gtp.ok(&format!("boardsize {size}"));
    gtp.ok("clear_board");
    gtp.ok("komi 6.5");
    let mut game = go::Game::new(size, go::Rules::RFG).unwrap();
    let mut sgf = format!("(;GM[1]FF[4]SZ[{size}]KM[6.5]");
    let record = |game: &mut go::Game, sgf: &mut String, mv: Move| {
        let c = game.to_move();
        game.play(mv).expect("GNU Go and the go crate agree on legality");
        match mv {
            Move::Pass => sgf.push_str(&format!(";{}[]", letter(c))),
            Move::Play(p) => sgf.push_str(&format!(";{}[{}]", letter(c), p.to_sgf(size))),
        }
    };
    let openers = 2 + rng.index(4);
    let mut moves = 0;
    while game.consecutive_passes() < 2 {
        let c = game.to_move();
        let mv = if moves < openers {
            let legal = game.legal_points();
            let p = legal[rng.index(legal.len())];
            gtp.ok(&format!("play {} {}", name(c), p.to_gtp()));
            Move::Play(p)
        } else {
            let v = gtp.ok(&format!("genmove {}", name(c)));
            if v.eq_ignore_ascii_case("resign") {
                return None;
            }
            if v.eq_ignore_ascii_case("pass") { Move::Pass } else { Move::Play(Point::from_gtp(&v, size).unwrap()) }
        };
        record(&mut game, &mut sgf, mv);
        moves += 1;
        if moves > 3 * size as usize * size as usize {
            return None;
        }
    }
    // Take back the two passes, then GNU Go's own dame fills: moves whose taking back leaves
    // its count as it was, with dame on the board. Three passes end the main game there (7.1).
    let full = gtp.ok("final_score");
    let moves: Vec<Move> = game.moves().iter().map(|m| m.1).collect();
    gtp.ok("undo");
    gtp.ok("undo");
    let mut keep = moves.len() - 2;
    while keep > openers + 1 && keep + 8 > moves.len() {
        gtp.ok("undo");
        let same = gtp.ok("final_score") == full && !gtp.ok("final_status_list dame").is_empty();
        if !same {
            let c = if keep % 2 == 1 { Color::Black } else { Color::White };
            let v = match moves[keep - 1] {
                Move::Pass => "pass".to_string(),
                Move::Play(p) => p.to_gtp(),
            };
            gtp.ok(&format!("play {} {v}", name(c)));
            break;
        }
        keep -= 1;
    }
    if keep == moves.len() - 2 {
        return None; // nothing to take back: no dame left to fill
    }
    let mut game = go::Game::new(size, go::Rules::RFG).unwrap();
    let mut sgf = format!("(;GM[1]FF[4]SZ[{size}]KM[6.5]");
    for &mv in &moves[..keep] {
        record(&mut game, &mut sgf, mv);
    }
    while game.consecutive_passes() < 3 {
        gtp.ok(&format!("play {} pass", name(game.to_move())));
        record(&mut game, &mut sgf, Move::Pass);
    }
    // The finishing phase (rfg 7.1): GNU Go, in turn, finishes the borders and fills the dame
    // it had filled before, until it passes twice.
    let mut fills = 0;
    let mut idle = 0;
    while idle < 2 {
        let c = game.to_move();
        let v = gtp.ok(&format!("genmove {}", name(c)));
        let mv = if v.eq_ignore_ascii_case("pass") {
            idle += 1;
            Move::Pass
        } else {
            idle = 0;
            fills += 1;
            Move::Play(Point::from_gtp(&v, size).unwrap())
        };
        record(&mut game, &mut sgf, mv);
        if fills > 40 {
            return None;
        }
    }
    sgf.push(')');
    let dead = gtp.ok("final_status_list dead").split_whitespace().map(|v| Point::from_gtp(v, size).unwrap()).collect();
    let final_score = gtp.ok("final_score");
    Some(Filled { sgf, fills, dead, final_score })
}

#[test]
#[ignore = "needs GNU Go"]
fn gnugo_filled_dame_scored_exactly_like_final_score_rfg_7_1() {
    let count: u64 = std::env::var("GO_FINISHING_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(30);
    let (mut scored, mut fills, mut games_with_fills) = (0, 0, 0);
    for i in 0..count {
        let seed = 5000 + i;
        let size = if i % 5 == 4 { 13 } else { 9 };
        let Some(f) = play(seed, size) else { continue };
        let g = SgfGame::parse(&f.sgf).unwrap();
        let v = adjudicate_go(&g, &GoRuleset::by_id(RulesetId::Rfg).unwrap(), Some(&f.dead)).unwrap();
        let ctx = format!("seed {seed}, GNU Go {}, {} fills\n{}\n{:?}", f.final_score, f.fills, f.sgf, v.verdict);
        let (result, margin) = match f.final_score.trim().split_once('+') {
            Some(("B", m)) => (GameResult::BlackWin, m.parse::<f64>().unwrap()),
            Some(("W", m)) => (GameResult::WhiteWin, m.parse::<f64>().unwrap()),
            _ => (GameResult::Draw, 0.0),
        };
        assert!(v.verdict.violations.is_empty(), "{ctx}");
        assert_eq!((v.verdict.result, v.verdict.reason), (result, Some(Reason::Score)), "{ctx}");
        assert_eq!(v.score.as_ref().unwrap().margin, margin, "{ctx}");
        scored += 1;
        fills += f.fills;
        games_with_fills += (f.fills > 0) as usize;
    }
    eprintln!(
        "{scored} of {count} GNU Go games scored like final_score after {fills} finishing moves ({games_with_fills} games had some)"
    );
    assert!(scored as u64 >= count * 2 / 3, "too few finished games: {scored} of {count}");
    assert!(games_with_fills > 0, "no game had a dame to fill: the finishing phase was not exercised");
}
