//! `shinpan check` and `shinpan convert` for Go records (SGF), under the rfg rules.

use std::process::ExitCode;

use arbiter::{Ruleset, adjudicate_go};
use go::Point;
use go::sgf::SgfGame;
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

/// The Go ruleset: `rfg` (default), or `japanese` — rfg with the Japanese 1989 two-pass end
/// (art. 9), for records played to that rule.
fn rules_for(id: Option<&str>) -> Result<Ruleset, String> {
    match id.unwrap_or("rfg") {
        "japanese" | "j1989" => Ruleset::rfg()
            .with_overrides(&json!({"id": "japanese", "go": {"passes_to_end": {"rule": 2, "article": "j1989 9"}}}))
            .map_err(|e| e.to_string()),
        id => match Ruleset::by_id(id) {
            Ok(r) if r.go.is_some() => Ok(r),
            Ok(r) => Err(format!("--rules {}: a shogi ruleset; Go records use rfg (or japanese)", r.id)),
            Err(e) => Err(format!("--rules: {e}")),
        },
    }
}

/// `shinpan check` on an SGF record: the referee's verdict (`arbiter::adjudicate_go`), printed.
pub fn check(args: &CheckArgs, bytes: &[u8]) -> ExitCode {
    let rules = match rules_for(args.rules.as_deref()) {
        Ok(r) => r,
        Err(e) => return fail(&args.file, e),
    };
    let g = match SgfGame::parse(&decode(bytes)) {
        Ok(g) => g,
        Err(e) => return fail(&args.file, e),
    };
    let dead = if args.dead.iter().all(|s| s.trim().is_empty()) {
        None
    } else {
        match args
            .dead
            .iter()
            .filter(|s| !s.trim().is_empty())
            .map(|s| Point::from_gtp(s, g.size))
            .collect::<Result<Vec<_>, _>>()
        {
            Ok(d) => Some(d),
            Err(e) => return fail(&args.file, format!("--dead: {e}")),
        }
    };
    let gv = match adjudicate_go(&g, &rules, dead.as_deref()) {
        Ok(v) => v,
        Err(e) => return fail(&args.file, e),
    };
    let v = &gv.verdict;
    if args.json {
        let mut out = serde_json::to_value(v).expect("a verdict always serializes");
        out["score"] = v.score.clone().unwrap_or(Value::Null);
        // The record's times as the referee's clock ended them (only when they were checked).
        if let Some(c) = &gv.clock {
            out["clock"] = json!({"black": c.side(arbiter::Side::Black), "white": c.side(arbiter::Side::White)});
        }
        println!("{out}");
    } else {
        let mut line = v.summary();
        if let Some(s) = &gv.score {
            line.push_str(&format!(
                ": black {} territory + {} prisoners = {}, white {} + {} + {} komi = {}, margin {}",
                s.black.territory,
                s.black.prisoners,
                s.black.total,
                s.white.territory,
                s.white.prisoners,
                s.white.komi,
                s.white.total,
                s.margin
            ));
        }
        println!("{line}");
        for x in &v.violations {
            println!("  ply {}: {} ({}): {}", x.ply, x.reason, x.article, x.detail);
        }
        for c in v.cycles.iter().flatten() {
            println!("  ply {}: cycle, the position after ply {} repeats ({})", c.ply, c.first_ply, c.article);
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
