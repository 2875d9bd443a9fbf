//! `shinpan pair`, `shinpan standings`, `shinpan check-pairings` (SPEC.md command-line contract).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use tournament::formats::{standings as write, trf};
use tournament::pairing::dutch::Edition;
use tournament::pairing::furigoma::{self, SenteRule};
use tournament::pairing::{check, dutch, knockout, mcmahon, round_robin};
use tournament::standings::tiebreak::{Config as TbConfig, TieBreak, Unplayed};
use tournament::{Error, GameKind, Grade, RulesetId, System, Tournament, standings};

#[derive(clap::Args, Debug)]
pub struct PairArgs {
    file: PathBuf,
    /// dutch (FIDE C.04.3), mcmahon (pl 8.2), round-robin (Berger), knockout. Default: the file's.
    #[arg(long)]
    system: Option<String>,
    /// Output file (default: stdout).
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Edition of the Dutch rules C.04.3: 2025 or 2017.
    #[arg(long, default_value = "2025")]
    edition: String,
    /// One JSON object with boards, handicaps and byes instead of the bbpPairings format.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    mcmahon: McMahonOpts,
    #[command(flatten)]
    sente: PairOpts,
}

#[derive(clap::Args, Debug)]
pub struct StandingsArgs {
    file: PathBuf,
    /// Comma-separated order: sb, de, median, buchholz, cut1, progressive, sos, sosos, sodos,
    /// wins, rating (default by system, pl 8.3).
    #[arg(long)]
    tiebreaks: Option<String>,
    /// text, csv, html, json, egf.
    #[arg(long, default_value = "text")]
    format: String,
    /// Unplayed rounds in Buchholz/SOS: dummy (FIDE 2024), virtual (FIDE 2009), fixed:X.
    #[arg(long, default_value = "dummy")]
    unplayed: String,
    /// Pairing system, for the default tie-breaks and McMahon scores.
    #[arg(long)]
    system: Option<String>,
    #[command(flatten)]
    mcmahon: McMahonOpts,
}

#[derive(clap::Args, Debug)]
pub struct ResultArgs {
    file: PathBuf,
    #[arg(long)]
    round: u32,
    /// Board number as listed (first movers' pairing numbers in order).
    #[arg(long)]
    board: Option<usize>,
    /// Either player's pairing number, instead of --board.
    #[arg(long)]
    player: Option<u32>,
    /// 1-0, 0-1, ½-½, +/- (forfeit win), -/+, --/-- (double forfeit); first mover first.
    #[arg(long)]
    result: Option<String>,
    /// The game was drawn and replayed with colours reversed (fesa 12.2); the result is the replay's.
    #[arg(long)]
    replayed: bool,
    /// Replace a result already entered.
    #[arg(long)]
    correct: bool,
}

#[derive(clap::Args, Debug)]
pub struct CheckPairingsArgs {
    file: PathBuf,
    /// Edition of C.04.3: 2025 or 2017.
    #[arg(long, default_value = "2025")]
    edition: String,
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    mcmahon: McMahonOpts,
}

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

/// `pair` options: who moves first in games without handicap, and recording the round.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct PairOpts {
    /// balance (the system's colours) or furigoma (seeded draw, ufs 4.6; fesa 7; pl 1.4) for
    /// round robin, McMahon and knockout. Default: furigoma when the file has an `SXF` seed.
    #[arg(long)]
    pub sente: Option<String>,
    /// Furigoma seed; must equal the file's `SXF` seed when it has one.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Also add the new round to IN.trf (atomically), ready for `shinpan result`.
    #[arg(long)]
    pub record: bool,
}

fn sente_rule(t: &Tournament, o: &PairOpts) -> Result<SenteRule, String> {
    let seed = match (o.seed, t.furigoma_seed) {
        (Some(a), Some(b)) if a != b => {
            return Err(format!("--seed {a} differs from the seed published in the file (SXF {b})"));
        }
        (a, b) => a.or(b),
    };
    let default = if t.furigoma_seed.is_some() { "furigoma" } else { "balance" };
    match o.sente.as_deref().unwrap_or(default) {
        "balance" => Ok(SenteRule::Balance),
        "furigoma" => seed
            .map(SenteRule::Furigoma)
            .ok_or_else(|| "furigoma needs a published seed: --seed N, or an `SXF N` line in the file".to_string()),
        x => Err(format!("unknown sente rule {x:?} (balance, furigoma)")),
    }
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

fn grade(s: &str) -> Result<Grade, String> {
    s.parse().map_err(|e: tournament::BadGrade| e.to_string())
}

fn mcmahon_config(t: &Tournament, o: &McMahonOpts) -> Result<mcmahon::Config, String> {
    let table =
        match o.handicap_table.as_deref().unwrap_or(if t.rules == Some(RulesetId::Pl) { "pl" } else { "ufs-2016" }) {
            "pl" => shogi::HandicapTable::Pl,
            "ufs-2016" | "ufs" => shogi::HandicapTable::Ufs2016,
            x => return Err(format!("unknown handicap table {x:?} (ufs-2016, pl)")),
        };
    let rule = match t.game {
        GameKind::Shogi => tournament::pairing::handicap::HandicapRule::shogi(table),
        GameKind::Go => tournament::pairing::handicap::HandicapRule::go(1, 9),
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

pub fn pair(args: PairArgs) -> crate::error::Result<ExitCode> {
    pair_file(
        &args.file,
        args.system.as_deref(),
        args.output.as_ref(),
        &args.edition,
        args.json,
        &args.mcmahon,
        &args.sente,
    )
}

fn pair_file(
    file: &Path,
    sys: Option<&str>,
    output: Option<&PathBuf>,
    ed: &str,
    json: bool,
    mm: &McMahonOpts,
    sente: &PairOpts,
) -> crate::error::Result<ExitCode> {
    let t = match read(file) {
        Ok(t) => t,
        Err(c) => return Ok(c),
    };
    let result = (|| -> Result<tournament::Round, (bool, String)> {
        let bad = |e: String| (false, e);
        let t0 = &t;
        let sys = system(sys, &t).map_err(bad)?;
        check_complete(&t).map_err(bad)?;
        let rule = sente_rule(&t, sente).map_err(bad)?;
        if sys == System::Dutch && rule != SenteRule::Balance {
            return Err(bad("the Dutch system allocates colours itself (C.04.3 E); furigoma applies to round robin, McMahon and knockout".into()));
        }
        // TRF-2025 260 prohibitions in force in the round to pair (a copy only if there are).
        let next = t.next_round();
        let prohibited;
        let t = if t.has_prohibitions(next) {
            prohibited = t.with_prohibitions(next);
            &prohibited
        } else {
            t0
        };
        let round = match sys {
            System::Dutch => dutch::pair_edition(t, edition(ed).map_err(bad)?),
            System::McMahon => mcmahon::pair(t, &mcmahon_config(t, mm).map_err(bad)?),
            System::RoundRobin => round_robin::pair(t),
            System::Knockout => knockout::pair(t),
        };
        let mut round = round.map_err(|e| (matches!(e, Error::NoPairing(_)), e.to_string()))?;
        furigoma::apply(t, &mut round, rule);
        if sente.record {
            // Record into the file as read (without the 260 pairs copied into XXP).
            record_round(file, t0, &round, rule).map_err(bad)?;
        }
        Ok(round)
    })();
    let round = match result {
        Ok(r) => r,
        Err((true, e)) => return Err(crate::error::Error::NoAnswer { path: file.into(), source: e.into() }),
        Err((false, e)) => return Err(crate::error::Error::input(file, e)),
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
    crate::error::write_out(output.map(PathBuf::as_path), text.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

pub fn standings(a: StandingsArgs) -> crate::error::Result<ExitCode> {
    Ok(standings_file(&a.file, a.tiebreaks.as_deref(), &a.format, &a.unplayed, a.system.as_deref(), &a.mcmahon))
}

fn standings_file(
    file: &Path,
    tiebreaks: Option<&str>,
    format: &str,
    unplayed: &str,
    sys: Option<&str>,
    mm: &McMahonOpts,
) -> ExitCode {
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
            .map(|s| s.parse::<TieBreak>().map_err(|e| e.to_string()))
            .collect::<Result<Vec<_>, _>>()?;
        let unplayed: Unplayed = unplayed.parse().map_err(|e: tournament::error::UnknownName| e.to_string())?;
        let mcm = sys == System::McMahon;
        let mms0 = if mcm {
            mcmahon::start_scores(&t, &mcmahon_config(&t, mm)?).into_iter().map(|v| v as i64 * 100).collect()
        } else {
            vec![0; t.players.len()]
        };
        let cfg = TbConfig { order: order.clone(), unplayed, mms0 };
        let rows = standings::compute(&t, &cfg, mcm);
        Ok(match format {
            "text" => write::to_text(&t, &rows, &order, mcm),
            "csv" => write::to_csv(&t, &rows, &order, mcm),
            "html" => write::to_html(&t, &rows, &order, mcm),
            "json" => write::to_json(&rows) + "\n",
            "egf" => write::to_egf(&t, &rows, mcm),
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

pub fn check_pairings(a: CheckPairingsArgs) -> crate::error::Result<ExitCode> {
    Ok(check_pairings_file(&a.file, &a.edition, a.json, &a.mcmahon))
}

fn check_pairings_file(file: &Path, ed: &str, json: bool, mm: &McMahonOpts) -> ExitCode {
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
    let checks = match t.system {
        System::Dutch => match check::check_dutch(&t, ed) {
            Ok(c) => c,
            Err(e) => {
                eprintln!("{}: {e}", file.display());
                return ExitCode::from(2);
            }
        },
        System::RoundRobin => check::check_round_robin(&t),
        System::Knockout => check::check_knockout(&t),
        System::McMahon => match mcmahon_config(&t, mm) {
            Ok(cfg) => check::check_mcmahon(&t, &cfg),
            Err(e) => {
                eprintln!("{}: {e}", file.display());
                return ExitCode::from(2);
            }
        },
    };
    if json {
        println!("{}", serde_json::to_string(&checks).expect("serialise"));
    } else {
        for c in &checks {
            if c.ok() {
                println!("round {}: ok", c.round);
            } else if !c.violations.is_empty() {
                println!("round {}: {}", c.round, c.violations.join("; "));
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

/// Write `t` to `file` atomically: the text is re-read and must give back the same tournament
/// (nothing accepted is lost), then written to a temporary file beside it and renamed over it.
fn write_back(file: &Path, t: &Tournament) -> Result<(), String> {
    let text = trf::write(t);
    let again = trf::parse(&text).map_err(|e| format!("internal error: the written TRF does not read back: {e}"))?;
    // The points and rank columns are recomputed on writing; everything else must survive.
    let mut want = t.clone();
    for (p, q) in want.players.iter_mut().zip(&again.players) {
        p.points = q.points;
        p.rank = q.rank;
    }
    if again.players != want.players || again.furigoma_seed != t.furigoma_seed || again.scoring != t.scoring {
        return Err("internal error: the written TRF would lose data; file left unchanged".into());
    }
    let name = file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let tmp = file.with_file_name(format!(".{name}.shinpan-tmp"));
    let res = (|| -> std::io::Result<()> {
        use std::io::Write;
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, file)
    })();
    res.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("{}: {e}", file.display())
    })
}

/// The last round's boards still waiting for a result (1-based numbers).
fn pending(t: &Tournament) -> Vec<(u32, u32)> {
    let r = t.next_round() as usize - 1;
    if r == 0 {
        return Vec::new();
    }
    check::used_pairs(t, r as u32)
        .into_iter()
        .filter(|&(a, b)| b != 0 && t.players[a as usize - 1].rounds[r - 1].outcome == tournament::Outcome::NotPaired)
        .collect()
}

/// `pair --record`: add the new round to the file as unplayed boards.
/// A furigoma seed given on the command line is stored in the file (`SXF`), so that it is
/// published with the tournament from the first round it decided.
pub fn record_round(file: &Path, t: &Tournament, round: &tournament::Round, rule: SenteRule) -> Result<(), String> {
    let mut t = t.clone();
    t.add_round(round);
    if let SenteRule::Furigoma(seed) = rule {
        t.furigoma_seed = Some(seed);
    }
    write_back(file, &t)
}

/// Refuse to pair the next round while the last one has boards without a result.
pub fn check_complete(t: &Tournament) -> Result<(), String> {
    let open = pending(t);
    if open.is_empty() {
        return Ok(());
    }
    let list: Vec<String> = open.iter().map(|(a, b)| format!("{a}-{b}")).collect();
    Err(format!(
        "round {} has boards without a result: {} (enter them with `shinpan result`)",
        t.next_round() - 1,
        list.join(" ")
    ))
}

/// `shinpan result IN.trf --round R (--board B | --player ID) --result CODE`.
pub fn result(a: ResultArgs) -> crate::error::Result<ExitCode> {
    Ok(result_file(&a.file, a.round, a.board, a.player, a.result.as_deref(), a.replayed, a.correct))
}

fn result_file(
    file: &Path,
    round: u32,
    board: Option<usize>,
    player: Option<u32>,
    code: Option<&str>,
    replayed: bool,
    correct: bool,
) -> ExitCode {
    let mut t = match read(file) {
        Ok(t) => t,
        Err(c) => return c,
    };
    let run = |t: &mut Tournament| -> Result<String, String> {
        if round == 0 || round as usize > t.rounds_recorded() {
            return Err(format!("round {round} is not paired (the file has {} rounds)", t.rounds_recorded()));
        }
        let r = round as usize - 1;
        // Boards are numbered in the order of the first mover's pairing number.
        let boards: Vec<(u32, u32)> = check::used_pairs(t, round).into_iter().filter(|&(_, b)| b != 0).collect();
        let Some(code) = code else {
            let mut s = String::new();
            for (k, (a, b)) in boards.iter().enumerate() {
                let e = &t.players[*a as usize - 1].rounds[r];
                s += &format!(
                    "board {} {a} {b} {}\n",
                    k + 1,
                    if e.outcome == tournament::Outcome::NotPaired {
                        "-".to_string()
                    } else {
                        result_code(t, *a, *b, r)
                    }
                );
            }
            return Ok(s);
        };
        let (first, second) = match (board, player) {
            (Some(b), None) => {
                *boards.get(b.wrapping_sub(1)).ok_or(format!("round {round} has boards 1 to {}", boards.len()))?
            }
            (None, Some(p)) => *boards
                .iter()
                .find(|&&(a, b)| a == p || b == p)
                .ok_or(format!("player {p} has no board in round {round}"))?,
            _ => return Err("give exactly one of --board B and --player ID".into()),
        };
        use tournament::Outcome::*;
        let (o1, o2) = match code.trim() {
            "1-0" => (Win, Loss),
            "0-1" => (Loss, Win),
            "½-½" | "1/2-1/2" | "=-=" | "0.5-0.5" => (Draw, Draw),
            "+/-" | "+-" => (ForfeitWin, ForfeitLoss),
            "-/+" | "-+" => (ForfeitLoss, ForfeitWin),
            "--/--" | "-/-" | "--" => (ForfeitLoss, ForfeitLoss),
            x => return Err(format!("unknown result {x:?} (1-0, 0-1, ½-½, +/-, -/+, --/--)")),
        };
        if replayed && !matches!(o1, Win | Loss) {
            return Err("--replayed (fesa 12.2) takes the replay's decisive result, 1-0 or 0-1".into());
        }
        let (a, b) = (first as usize - 1, second as usize - 1);
        let old = t.players[a].rounds[r].outcome;
        if old != NotPaired && !correct {
            return Err(format!(
                "round {round}: {first}-{second} already has the result {}; add --correct to replace it",
                result_code(t, first, second, r)
            ));
        }
        // fesa 12.2: the replay is played with colours reversed, so the first mover of the replay
        // is the file's second player; the codes above are for the board as paired.
        for (p, o) in [(a, o1), (b, o2)] {
            let e = &mut t.players[p].rounds[r];
            e.outcome = o;
            if e.replayed_draw && !replayed {
                e.color = e.color.map(tournament::Color::invert);
            }
            if replayed && !e.replayed_draw {
                e.color = e.color.map(tournament::Color::invert);
            }
            e.replayed_draw = replayed;
        }
        write_back(file, t)?;
        Ok(format!("round {round}: {first}-{second} {}\n", result_code(t, first, second, r)))
    };
    match run(&mut t) {
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

fn result_code(t: &Tournament, a: u32, b: u32, r: usize) -> String {
    use tournament::Outcome::*;
    let (x, y) = (t.players[a as usize - 1].rounds[r].outcome, t.players[b as usize - 1].rounds[r].outcome);
    let s = match (x, y) {
        (Win | UnratedWin, _) => "1-0",
        (Loss | UnratedLoss, _) => "0-1",
        (Draw | UnratedDraw, _) => "½-½",
        (ForfeitWin, _) => "+/-",
        (ForfeitLoss, ForfeitWin) => "-/+",
        (ForfeitLoss, _) => "--/--",
        _ => "?",
    };
    let replay = if t.players[a as usize - 1].rounds[r].replayed_draw { " (replayed draw, fesa 12.2)" } else { "" };
    format!("{s}{replay}")
}
