//! `shinpan check` and `shinpan convert` for Go records (SGF), under the rfg rules.

use std::process::ExitCode;

use go::record::{Replay, replay};
use go::score::{Agreement, Score, SideScore, score};
use go::sgf::SgfGame;
use go::{Color, Point, Rules};
use serde_json::{Value, json};

use crate::args::{CheckArgs, ConvertArgs};

/// Is this text an SGF game tree (what `check`/`convert` hand to the Go part)?
pub fn is_sgf(text: &str) -> bool {
    let t = text.trim_start_matches('\u{feff}').trim_start();
    let starts = t.starts_with('(') && t[1..].trim_start().starts_with(';');
    starts || (t.contains("(;") && ["GM[", "SZ[", "FF["].iter().any(|k| t.contains(k)))
}

/// Decode the bytes as the CA[] charset says (Fox writes GB2312, old Japanese files
/// Shift_JIS), defaulting to UTF-8.
fn decode(bytes: &[u8]) -> String {
    let ascii = String::from_utf8_lossy(bytes);
    if let Some(i) = ascii.find("CA[") {
        let label: String = ascii[i + 3..].chars().take_while(|&c| c != ']').collect();
        if let Some(enc) = encoding_rs::Encoding::for_label(label.trim().as_bytes()) {
            return enc.decode(bytes).0.into_owned();
        }
    }
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => ascii.into_owned(),
    }
}

fn fail(file: &std::path::Path, msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("{}: {msg}", file.display());
    ExitCode::from(2)
}

fn rules_for(id: Option<&str>) -> Result<(&'static str, Rules), String> {
    match id.unwrap_or("rfg") {
        "rfg" => Ok(("rfg", Rules::RFG)),
        "japanese" | "j1989" => Ok(("japanese", Rules::JAPANESE)),
        other => Err(format!("--rules {other}: not a Go ruleset (rfg, japanese)")),
    }
}

fn side(s: &SideScore) -> Value {
    json!({"territory": s.territory, "prisoners": s.prisoners, "komi": s.komi, "total": s.total})
}

fn gtp_list(v: &[Point]) -> Vec<String> {
    v.iter().map(|p| p.to_gtp()).collect()
}

fn win(c: Color) -> &'static str {
    match c {
        Color::Black => "black_win",
        Color::White => "white_win",
    }
}

struct Verdict {
    result: &'static str,
    reason: Option<&'static str>,
    article: Option<&'static str>,
    ply: usize,
    score: Option<(Score, Vec<Point>)>,
}

/// Read a recorded result such as `B+R`, `W+Resign`, `B+T`, `W+F`.
fn recorded_end(re: &str) -> Option<(Color, &'static str, &'static str)> {
    let re = re.trim().to_ascii_uppercase();
    let (who, how) = re.split_once('+')?;
    let c = match who {
        "B" => Color::Black,
        "W" => Color::White,
        _ => return None,
    };
    match how {
        // rfg 7.3 ends the game on resignation; 10.1 gives it to the other player.
        "R" | "RESIGN" => Some((c, "resignation", "rfg 10.1")),
        // rfg 11: time expired is a loss.
        "T" | "TIME" => Some((c, "time_up", "rfg 11")),
        "F" | "FORFEIT" => Some((c, "forfeit", "rfg 11")),
        _ => None,
    }
}

fn adjudicate(args: &CheckArgs, g: &SgfGame, r: &Replay) -> Result<Verdict, String> {
    let plies = g.moves().count();
    if let Some((loser, ply)) = r.forfeit {
        // rfg 13.4: the third illegal move loses.
        return Ok(Verdict { result: win(loser.opponent()), reason: Some("illegal_move"), article: Some("rfg 13.4"), ply, score: None });
    }
    if let Some((winner, reason, article)) = g.result.as_deref().and_then(recorded_end) {
        return Ok(Verdict { result: win(winner), reason: Some(reason), article: Some(article), ply: plies, score: None });
    }
    if r.main_game_end.is_none() {
        return Ok(Verdict { result: "unfinished", reason: None, article: None, ply: plies, score: None });
    }
    let size = g.size;
    let dead: Vec<Point> = if args.dead.is_empty() {
        r.marked_dead.clone()
    } else {
        args.dead
            .iter()
            .filter(|s| !s.trim().is_empty())
            .map(|s| Point::from_gtp(s, size).map_err(|e| format!("--dead: {e}")))
            .collect::<Result<_, _>>()?
    };
    let agreement = Agreement { dead: dead.clone(), ..Agreement::default() };
    let s = score(r.game.board(), r.komi, g.handicap, &agreement).map_err(|e| format!("--dead: {e}"))?;
    let (result, article) = match s.winner {
        Some(c) if s.handicap_tie => (win(c), "rfg 10"),
        Some(c) => (win(c), "rfg 10.2"),
        None => ("draw", "rfg 10.2"),
    };
    Ok(Verdict { result, reason: Some("score"), article: Some(article), ply: plies, score: Some((s, dead)) })
}

pub fn check(args: &CheckArgs, bytes: &[u8]) -> ExitCode {
    let (rules_id, rules) = match rules_for(args.rules.as_deref()) {
        Ok(r) => r,
        Err(e) => return fail(&args.file, e),
    };
    let text = decode(bytes);
    let g = match SgfGame::parse(&text) {
        Ok(g) => g,
        Err(e) => return fail(&args.file, e),
    };
    let r = match replay(&g, rules) {
        Ok(r) => r,
        Err(e) => return fail(&args.file, e),
    };
    let v = match adjudicate(args, &g, &r) {
        Ok(v) => v,
        Err(e) => return fail(&args.file, e),
    };
    let violations: Vec<Value> = r
        .violations
        .iter()
        .map(|x| json!({"ply": x.ply, "article": x.article, "reason": x.reason, "detail": x.detail}))
        .collect();
    let cycles: Vec<Value> = r
        .cycles
        .iter()
        .map(|c| json!({"ply": c.ply, "first_ply": c.first_ply, "article": "rfg 6.3"}))
        .collect();
    if args.json {
        let score = match &v.score {
            None => Value::Null,
            Some((s, dead)) => json!({
                "black": side(&s.black),
                "white": side(&s.white),
                "margin": s.margin,
                "dead": gtp_list(dead),
                "seki": gtp_list(&s.seki),
            }),
        };
        let out = json!({
            "game": "go",
            "rules": rules_id,
            "result": v.result,
            "reason": v.reason,
            "article": v.article,
            "ply": v.ply,
            "violations": violations,
            "followup": Value::Null,
            "score": score,
            "cycles": cycles,
        });
        println!("{out}");
    } else {
        let mut line = v.result.to_string();
        if let Some(reason) = v.reason {
            line.push_str(&format!(" by {reason}"));
        }
        line.push_str(&format!(" at ply {}", v.ply));
        if let Some(a) = v.article {
            line.push_str(&format!(" ({a})"));
        }
        if let Some((s, _)) = &v.score {
            line.push_str(&format!(
                ": black {} territory + {} prisoners = {}, white {} + {} + {} komi = {}, margin {}",
                s.black.territory, s.black.prisoners, s.black.total, s.white.territory, s.white.prisoners, s.white.komi, s.white.total, s.margin
            ));
        }
        println!("{line}");
        for x in &r.violations {
            println!("  ply {}: {} ({}): {}", x.ply, x.reason, x.article, x.detail);
        }
        for c in &r.cycles {
            println!("  ply {}: cycle, the position after ply {} repeats (rfg 6.3: the arbiter decides)", c.ply, c.first_ply);
        }
    }
    ExitCode::SUCCESS
}

pub fn convert(args: &ConvertArgs, bytes: &[u8]) -> ExitCode {
    if !args.to.eq_ignore_ascii_case("sgf") {
        return fail(&args.file, format!("--to {}: a Go record converts only to sgf", args.to));
    }
    let g = match SgfGame::parse(&decode(bytes)) {
        Ok(g) => g,
        Err(e) => return fail(&args.file, e),
    };
    let out = g.to_sgf();
    match &args.output {
        None => print!("{out}"),
        Some(path) => {
            if let Err(e) = std::fs::write(path, out) {
                return fail(path, e);
            }
        }
    }
    ExitCode::SUCCESS
}
