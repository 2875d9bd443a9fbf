//! Writes the example records `examples/go_*.sgf` from GNU Go 3.8 self-play (`make
//! examples-go`): a game finished by three passes with dead stones marked (TB/TW) and GNU Go's
//! `final_score` as the result, a resigned game, and an unfinished game. GNU Go 3.8 at low
//! levels does not resign in GTP self-play, so for the resigned game the driver resigns for the
//! side to move once GNU Go's own `estimate_score` puts it more than 20 points behind after
//! move 30 (said in the record's comment). Each written
//! record is checked with the library before it is saved. `#[ignore]`d: it writes files.

use arbiter::{GoRuleset, RulesetId, adjudicate_go};
use go::sgf::{Node, SgfGame};
use go::{Color, Point};
use testkit::gtp::Gtp;

enum End {
    Passes,
    Resigned(Color),
    Stopped,
}

/// GNU Go plays both sides on `size`×`size` until two passes, a resignation or `max_moves`;
/// with `resign_at`, the side to move resigns when `estimate_score` has it behind by more.
fn play(gtp: &mut Gtp, size: u8, max_moves: usize, resign_at: Option<f64>) -> (Vec<Node>, End) {
    gtp.ok(&format!("boardsize {size}"));
    gtp.ok("clear_board");
    gtp.ok("komi 6.5");
    let mut nodes = vec![Node::default()];
    let mut c = Color::Black;
    let mut passes = 0;
    while passes < 2 {
        if nodes.len() > max_moves {
            return (nodes, End::Stopped);
        }
        let name = if c == Color::Black { "black" } else { "white" };
        if let Some(limit) = resign_at.filter(|_| nodes.len() > 30) {
            let est = gtp.ok("estimate_score");
            let first = est.split_whitespace().next().unwrap_or("0");
            let behind = match first.split_once('+') {
                Some(("B", m)) if c == Color::White => m.parse::<f64>().unwrap_or(0.0),
                Some(("W", m)) if c == Color::Black => m.parse::<f64>().unwrap_or(0.0),
                _ => 0.0,
            };
            if behind > limit {
                nodes.last_mut().unwrap().comment = Some(format!(
                    "GNU Go estimate_score {first}: {name} resigns (driver policy: behind by more than {limit})"
                ));
                return (nodes, End::Resigned(c));
            }
        }
        let mv = gtp.ok(&format!("genmove {name}"));
        if mv.eq_ignore_ascii_case("resign") {
            return (nodes, End::Resigned(c));
        }
        let p = if mv.eq_ignore_ascii_case("pass") { None } else { Some(Point::from_gtp(&mv, size).unwrap()) };
        passes = if p.is_none() { passes + 1 } else { 0 };
        nodes.push(Node { mv: Some((c, p)), ..Node::default() });
        c = c.opponent();
    }
    // rfg 7.1: the third pass ends the main game.
    nodes.push(Node { mv: Some((c, None)), ..Node::default() });
    (nodes, End::Passes)
}

fn record(size: u8, nodes: Vec<Node>, result: Option<String>, level: u32) -> SgfGame {
    let info = vec![
        ("PB".to_string(), format!("GNU Go 3.8 --level {level}")),
        ("PW".to_string(), format!("GNU Go 3.8 --level {level}")),
        ("GN".to_string(), "shinpan example, GNU Go self-play".to_string()),
    ];
    SgfGame { size, komi: Some(6.5), handicap: 0, rules: Some("RFG".into()), result, info, nodes }
}

fn save(name: &str, g: &SgfGame) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    std::fs::create_dir_all(&dir).unwrap();
    let text = g.to_sgf();
    assert_eq!(SgfGame::parse(&text).unwrap().to_sgf(), text);
    std::fs::write(dir.join(name), text).unwrap();
    eprintln!("wrote examples/{name}");
}

#[test]
#[ignore = "writes examples/go_*.sgf; run by make examples-go"]
fn write_go_examples() {
    let level = 0;
    let (mut finished, mut resigned) = (false, false);
    for seed in 1..60u64 {
        if finished && resigned {
            break;
        }
        let mut gtp = Gtp::start(&["--level", &level.to_string(), "--seed", &seed.to_string()]);
        let (mut nodes, end) = play(&mut gtp, 9, 400, if finished { Some(20.0) } else { None });
        match end {
            End::Passes if !finished => {
                let dead: Vec<Point> = gtp
                    .ok("final_status_list dead")
                    .split_whitespace()
                    .map(|s| Point::from_gtp(s, 9).unwrap())
                    .collect();
                if dead.is_empty() {
                    continue;
                }
                let score = gtp.ok("final_score");
                let mut g = record(9, nodes.clone(), Some(score.clone()), level);
                let last = nodes.last_mut().unwrap();
                // Dead stones are marked as the opponent's territory, as CGoban and KGS do.
                for &p in &dead {
                    match gtp.ok(&format!("color {}", p.to_gtp())).as_str() {
                        "white" => last.territory_black.push(p),
                        "black" => last.territory_white.push(p),
                        c => unreachable!("GNU Go lists only stones as dead, not {c}"),
                    }
                }
                last.comment = Some(format!(
                    "GNU Go final_score {score}; dead stones {}",
                    dead.iter().map(|p| p.to_gtp()).collect::<Vec<_>>().join(",")
                ));
                g.nodes = nodes;
                let rfg = GoRuleset::by_id(RulesetId::Rfg).unwrap();
                assert_eq!(adjudicate_go(&g, &rfg, None).unwrap().dead.len(), dead.len(), "the marks are read back");
                save("go_finished_dead_stones.sgf", &g);
                finished = true;
            }
            End::Resigned(who) if !resigned => {
                let winner = if who == Color::Black { "W+R" } else { "B+R" };
                save("go_resignation.sgf", &record(9, nodes, Some(winner.into()), level));
                resigned = true;
            }
            _ => {}
        }
    }
    let mut gtp = Gtp::start(&["--level", &level.to_string(), "--seed", "7"]);
    let (nodes, end) = play(&mut gtp, 13, 40, None);
    assert!(matches!(end, End::Stopped));
    save("go_unfinished.sgf", &record(13, nodes, None, level));
    assert!(finished, "no finished game with dead stones in 60 seeds");
    assert!(resigned, "no game reached the resignation margin in 60 seeds");
}
