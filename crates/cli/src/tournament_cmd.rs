//! `shinpan pair`, `shinpan standings`, `shinpan check-pairings` (SPEC.md command-line contract).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use tournament::dutch::Edition;
use tournament::tiebreak::{Config as TbConfig, TieBreak, Unplayed};
use tournament::{check, dutch, knockout, mcmahon, roundrobin, standings, trf, Error, Game, System, Tournament};

/// Options shared by the McMahon-aware commands.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct McMahonOpts {
    /// McMahon bar: grades above it start in the top group (e.g. 3d, 1k, or a number).
    #[arg(long)]
    pub bar: Option<String>,
    /// McMahon floor: grades below it start in the bottom group.
    #[arg(long)]
    pub floor: Option<String>,
    /// Handicap from the grade or McMahon-score difference (none, grade, mms).
    #[arg(long, default_value = "none")]
    pub handicap: String,
    /// Shogi handicap table: ufs-2016 or pl (default from the file's ruleset).
    #[arg(long)]
    pub handicap_table: Option<String>,
}

fn read(file: &Path) -> Result<Tournament, ExitCode> {
    let text = match std::fs::read(file) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => {
            eprintln!("{}: {e}", file.display());
            return Err(ExitCode::from(2));
        }
    };
    trf::parse(&text).map_err(|e| {
        eprintln!("{}: {e}", file.display());
        ExitCode::from(2)
    })
}

fn grade(s: &str) -> Result<i32, String> {
    let s = s.trim().to_ascii_lowercase();
    if let Ok(v) = s.parse() {
        return Ok(v);
    }
    let (n, suf) = s.split_at(s.find(|c: char| !c.is_ascii_digit()).ok_or(format!("bad grade {s:?}"))?);
    let n: i32 = n.parse().map_err(|_| format!("bad grade {s:?}"))?;
    match suf {
        "d" | "dan" => Ok(n),
        "k" | "kyu" => Ok(1 - n),
        _ => Err(format!("bad grade {s:?}")),
    }
}

fn mcmahon_config(t: &Tournament, o: &McMahonOpts) -> Result<mcmahon::Config, String> {
    let table = match o.handicap_table.as_deref().unwrap_or(if t.rules == "pl" { "pl" } else { "ufs-2016" }) {
        "pl" => shogi::HandicapTable::Pl,
        "ufs-2016" | "ufs" => shogi::HandicapTable::Ufs2016,
        x => return Err(format!("unknown handicap table {x:?} (ufs-2016, pl)")),
    };
    let rule = match t.game {
        Game::Shogi => tournament::handicap::HandicapRule::shogi(table),
        Game::Go => tournament::handicap::HandicapRule::go(1, 9),
    };
    Ok(mcmahon::Config {
        bar: o.bar.as_deref().map(grade).transpose()?,
        floor: o.floor.as_deref().map(grade).transpose()?,
        handicap: match o.handicap.as_str() {
            "none" => mcmahon::HandicapBasis::None,
            "grade" => mcmahon::HandicapBasis::Grade,
            "mms" => mcmahon::HandicapBasis::Mms,
            x => return Err(format!("unknown handicap basis {x:?} (none, grade, mms)")),
        },
        rule: Some(rule),
    })
}

fn edition(e: &str) -> Result<Edition, String> {
    match e {
        "2025" => Ok(Edition::Fide2025),
        "2017" => Ok(Edition::Fide2017),
        x => Err(format!("unknown C.04.3 edition {x:?} (2017, 2025)")),
    }
}

fn system(s: Option<&str>, t: &Tournament) -> Result<System, String> {
    Ok(match s {
        None => t.system,
        Some("dutch") => System::Dutch,
        Some("mcmahon") => System::McMahon,
        Some("round-robin") => System::RoundRobin,
        Some("knockout") => System::Knockout,
        Some(x) => return Err(format!("unknown system {x:?} (dutch, mcmahon, round-robin, knockout)")),
    })
}

pub fn pair(file: &Path, sys: Option<&str>, output: Option<&PathBuf>, ed: &str, json: bool, mm: &McMahonOpts) -> ExitCode {
    let t = match read(file) {
        Ok(t) => t,
        Err(c) => return c,
    };
    let result = (|| -> Result<tournament::Round, (bool, String)> {
        let bad = |e: String| (false, e);
        let round = match system(sys, &t).map_err(bad)? {
            System::Dutch => dutch::pair_edition(&t, edition(ed).map_err(bad)?),
            System::McMahon => mcmahon::pair(&t, &mcmahon_config(&t, mm).map_err(bad)?),
            System::RoundRobin => roundrobin::pair(&t),
            System::Knockout => knockout::pair(&t),
        };
        round.map_err(|e| (matches!(e, Error::NoPairing(_)), e.to_string()))
    })();
    let round = match result {
        Ok(r) => r,
        Err((no_pairing, e)) => {
            eprintln!("{}: {e}", file.display());
            // 1: no legal pairing exists; 2: the input or the request is wrong.
            return ExitCode::from(if no_pairing { 1 } else { 2 });
        }
    };
    let text = if json {
        let boards: Vec<serde_json::Value> = round
            .boards
            .iter()
            .enumerate()
            .map(|(i, b)| {
                serde_json::json!({
                    "board": i + 1,
                    "first": t.players[b.white].number,
                    "second": t.players[b.black].number,
                    "handicap": b.handicap,
                })
            })
            .collect();
        let byes: Vec<u32> = round.byes.iter().map(|&p| t.players[p].number).collect();
        serde_json::json!({"round": round.number, "boards": boards, "byes": byes}).to_string() + "\n"
    } else {
        round.to_bbp(&t)
    };
    match output {
        Some(o) => {
            if let Err(e) = std::fs::write(o, text) {
                eprintln!("{}: {e}", o.display());
                return ExitCode::from(2);
            }
        }
        None => print!("{text}"),
    }
    ExitCode::SUCCESS
}

pub fn standings(file: &Path, tiebreaks: Option<&str>, format: &str, unplayed: &str, sys: Option<&str>, mm: &McMahonOpts) -> ExitCode {
    let t = match read(file) {
        Ok(t) => t,
        Err(c) => return c,
    };
    let run = || -> Result<String, String> {
        let sys = system(sys, &t)?;
        // pl 8.3 defaults per system.
        let default = match sys {
            System::RoundRobin => "sb,de",
            System::McMahon => "sos,sodos",
            System::Dutch | System::Knockout => "median,buchholz,progressive",
        };
        let order = tiebreaks
            .unwrap_or(default)
            .split(',')
            .filter(|s| !s.trim().is_empty())
            .map(|s| TieBreak::parse(s).ok_or(format!("unknown tie-break {s:?}")))
            .collect::<Result<Vec<_>, _>>()?;
        let unplayed = Unplayed::parse(unplayed).ok_or(format!("unknown unplayed-round rule {unplayed:?} (dummy, virtual, fixed:X)"))?;
        let mcm = sys == System::McMahon;
        let mms0 = if mcm {
            mcmahon::start_scores(&t, &mcmahon_config(&t, mm)?).into_iter().map(|v| v as i64 * 100).collect()
        } else {
            vec![0; t.players.len()]
        };
        let cfg = TbConfig { order: order.clone(), unplayed, mms0 };
        let rows = standings::compute(&t, &cfg, mcm);
        Ok(match format {
            "text" => standings::to_text(&t, &rows, &order, mcm),
            "csv" => standings::to_csv(&t, &rows, &order, mcm),
            "html" => standings::to_html(&t, &rows, &order, mcm),
            "json" => standings::to_json(&rows) + "\n",
            "egf" => standings::to_egf(&t, &rows, mcm),
            x => return Err(format!("unknown format {x:?} (text, csv, html, json, egf)")),
        })
    };
    match run() {
        Ok(s) => {
            print!("{s}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{}: {e}", file.display());
            ExitCode::from(2)
        }
    }
}

pub fn check_pairings(file: &Path, ed: &str, json: bool) -> ExitCode {
    let t = match read(file) {
        Ok(t) => t,
        Err(c) => return c,
    };
    let ed = match edition(ed) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let checks = match check::check_dutch(&t, ed) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{}: {e}", file.display());
            return ExitCode::from(2);
        }
    };
    if json {
        println!("{}", serde_json::to_string(&checks).expect("serialise"));
    } else {
        for c in &checks {
            if c.ok() {
                println!("round {}: ok", c.round);
            } else if let Some(e) = &c.error {
                println!("round {}: cannot re-pair: {e}", c.round);
            } else {
                let f = |v: &[(u32, u32)]| v.iter().map(|(a, b)| format!("{a}-{b}")).collect::<Vec<_>>().join(" ");
                println!("round {}: used {} where the rules give {}", c.round, f(&c.unexpected), f(&c.missing));
            }
        }
    }
    if checks.iter().all(|c| c.ok()) { ExitCode::SUCCESS } else { ExitCode::from(1) }
}
