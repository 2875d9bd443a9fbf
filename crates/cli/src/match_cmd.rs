//! `shinpan match`: engines against each other under the referee's clock (crates/engines).

use crate::error::{Error, Result, print};
use arbiter::live::{BoardSetup, GameSetup, SideTimes};
use arbiter::{GameKind, Overtime, RecordFormat, RulesetId, TimeControl};
use engines::{EngineSpec, GameReport, Match, MatchReport};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
#[command(
    after_help = "Time controls (--time, --time-white for time odds):\n  byoyomi:10m+30s    10 minutes, then 30 s a move\n  byoyomi:0+3x10s    three periods of 10 s\n  fischer:5m+10s     5 minutes, 10 s added before each move\n  canadian:10m+25/5m 10 minutes, then 25 moves in each 5 minutes\n  sudden:30m         sudden death\nDurations: 500ms, 10s, 1.5s, 10m, 1h (a bare number is seconds).\n\nExamples:\n  shinpan match --engine fsf=/usr/games/fairy-stockfish --engine gps=/usr/games/gpsusi --games 10 --time byoyomi:0+1s --out games/\n  shinpan match --rules rfg --size 9 --engine a='gnugo --mode gtp --level 1' --engine b='gnugo --mode gtp --level 5' --games 4 --time byoyomi:1m+5s"
)]
pub struct MatchArgs {
    /// An engine, NAME=COMMAND (the command may carry arguments); twice or more (a round robin).
    #[arg(long = "engine", value_name = "NAME=COMMAND", required = true)]
    engines: Vec<String>,
    /// A USI option for one engine: NAME:OPTION=VALUE (`setoption name OPTION value VALUE`).
    #[arg(long = "option", value_name = "NAME:OPTION=VALUE")]
    options: Vec<String>,
    /// Games each pair of engines plays, colours alternating.
    #[arg(long, default_value_t = 2)]
    games: usize,
    /// The ruleset, which also says the game: shogi (fesa-2017, ufs-2016, pl) or Go (rfg,
    /// japanese, chinese).
    #[arg(long, value_enum, default_value = "fesa-2017")]
    rules: RulesetId,
    /// Both sides' time control (see below).
    #[arg(long, default_value = "byoyomi:0+1s")]
    time: String,
    /// White's time control, for time odds.
    #[arg(long)]
    time_white: Option<String>,
    /// Shogi: a handicap by name (lance, bishop, rook, two-pieces …); Go: the number of stones.
    #[arg(long)]
    handicap: Option<String>,
    /// Go: the board size.
    #[arg(long, default_value_t = 19)]
    size: u8,
    /// Go: komi (default: the ruleset's; none with a handicap).
    #[arg(long)]
    komi: Option<f64>,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Write each game's record here.
    #[arg(long)]
    out: Option<PathBuf>,
    /// The records' format (shogi: csa, kif, ki2, usi, western; Go: sgf).
    #[arg(long)]
    format: Option<RecordFormat>,
    /// A game still going after this many moves is drawn.
    #[arg(long)]
    max_moves: Option<u32>,
    /// Tell the engines this many milliseconds less than they have, for engines that overrun
    /// what they are told (the referee's clock is not changed): MS for all, or NAME=MS.
    #[arg(long, value_name = "[NAME=]MS")]
    margin: Vec<String>,
    /// The report as JSON.
    #[arg(long)]
    json: bool,
}

impl MatchArgs {
    pub fn json(&self) -> bool {
        self.json
    }
}

#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum EngineProtocol {
    Usi,
    Gtp,
}

/// `shinpan engine usi|gtp`: the built-in player on stdin and stdout.
pub fn engine(protocol: EngineProtocol) -> Result<ExitCode> {
    let (input, out) = (std::io::stdin().lock(), std::io::stdout().lock());
    match protocol {
        EngineProtocol::Usi => engines::builtin::usi(input, out),
        EngineProtocol::Gtp => engines::builtin::gtp(input, out),
    }
    .map_err(Error::stdout)?;
    Ok(ExitCode::SUCCESS)
}

fn duration_ms(s: &str) -> Option<u64> {
    let (num, unit) = match s.find(|c: char| c.is_ascii_alphabetic()) {
        Some(i) => (&s[..i], &s[i..]),
        None => (s, "s"),
    };
    let n: f64 = num.parse().ok().filter(|n: &f64| n.is_finite() && *n >= 0.0)?;
    let ms = match unit {
        "ms" => n,
        "s" => n * 1000.0,
        "m" | "min" => n * 60_000.0,
        "h" => n * 3_600_000.0,
        _ => return None,
    };
    Some(ms.round() as u64)
}

/// `byoyomi:10m+30s`, `byoyomi:0+3x10s`, `fischer:5m+10s`, `canadian:10m+25/5m`, `sudden:30m`.
fn time_control(s: &str) -> std::result::Result<TimeControl, String> {
    let bad =
        || format!("`{s}` is not a time control (byoyomi:10m+30s, fischer:5m+10s, canadian:10m+25/5m, sudden:30m)");
    let (kind, rest) = s.split_once(':').ok_or_else(bad)?;
    if kind == "sudden" {
        return Ok(TimeControl::sudden_death(duration_ms(rest).ok_or_else(bad)?));
    }
    let (main, over) = rest.split_once('+').ok_or_else(bad)?;
    let main = duration_ms(main).ok_or_else(bad)?;
    Ok(match kind {
        "byoyomi" => {
            let (periods, period) = match over.split_once('x') {
                Some((n, p)) => (n.parse().map_err(|_| bad())?, p),
                None => (1, over),
            };
            TimeControl::byoyomi(main, duration_ms(period).ok_or_else(bad)?, periods)
        }
        "fischer" => TimeControl::fischer(main, duration_ms(over).ok_or_else(bad)?),
        "canadian" => {
            let (moves, period) = over.split_once('/').ok_or_else(bad)?;
            TimeControl::canadian(main, moves.parse().map_err(|_| bad())?, duration_ms(period).ok_or_else(bad)?)
        }
        _ => return Err(bad()),
    })
}

fn describe(tc: &TimeControl) -> String {
    let s = |ms: u64| {
        if ms.is_multiple_of(60_000) && ms > 0 {
            format!("{}m", ms / 60_000)
        } else {
            format!("{}s", ms as f64 / 1000.0)
        }
    };
    match tc.overtime {
        Overtime::None => format!("sudden death {}", s(tc.main_ms)),
        Overtime::ByoYomi { period_ms, periods } => format!("{} + byo-yomi {periods}×{}", s(tc.main_ms), s(period_ms)),
        Overtime::Canadian { moves, period_ms } => format!("{} + {moves} moves in {}", s(tc.main_ms), s(period_ms)),
        Overtime::Fischer { increment_ms } => format!("{} + {} a move", s(tc.main_ms), s(increment_ms)),
    }
}

pub fn run(args: MatchArgs) -> Result<ExitCode> {
    let arg = |what: &'static str, msg: String| Error::request(what, msg);
    let mut engines = Vec::new();
    for e in &args.engines {
        let (name, cmd) = e.split_once('=').ok_or_else(|| arg("--engine", format!("`{e}`: NAME=COMMAND")))?;
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c)) {
            return Err(arg("--engine", format!("`{name}`: a name is letters, digits, `_`, `-` or `.`")));
        }
        if engines.iter().any(|s: &EngineSpec| s.name == name) {
            return Err(arg("--engine", format!("two engines are named `{name}`")));
        }
        engines.push(EngineSpec { name: name.to_string(), cmd: cmd.to_string(), options: Vec::new(), margin_ms: None });
    }
    for o in &args.options {
        let parsed = o.split_once(':').and_then(|(n, kv)| kv.split_once('=').map(|(k, v)| (n, k, v)));
        let (name, k, v) = parsed.ok_or_else(|| arg("--option", format!("`{o}`: NAME:OPTION=VALUE")))?;
        let e = engines
            .iter_mut()
            .find(|e| e.name == name)
            .ok_or_else(|| arg("--option", format!("no engine `{name}`")))?;
        e.options.push((k.to_string(), v.to_string()));
    }
    let mut margin_ms = 0;
    for m in &args.margin {
        let ms = |v: &str| v.parse::<u64>().map_err(|_| arg("--margin", format!("`{m}`: milliseconds, or NAME=MS")));
        match m.split_once('=') {
            Some((name, v)) => {
                let e = engines
                    .iter_mut()
                    .find(|e| e.name == name)
                    .ok_or_else(|| arg("--margin", format!("no engine `{name}`")))?;
                e.margin_ms = Some(ms(v)?);
            }
            None => margin_ms = ms(m)?,
        }
    }
    let black = time_control(&args.time).map_err(|m| arg("--time", m))?;
    let white = match &args.time_white {
        Some(t) => time_control(t).map_err(|m| arg("--time-white", m))?,
        None => black,
    };
    let game = args.rules.game();
    let board = match game {
        GameKind::Shogi => BoardSetup::Shogi { handicap: args.handicap.clone(), opening: Vec::new() },
        GameKind::Go => {
            let handicap = match &args.handicap {
                Some(h) => h.parse().map_err(|_| arg("--handicap", format!("`{h}`: Go handicaps are stones (2–9)")))?,
                None => 0,
            };
            BoardSetup::Go { size: args.size, handicap, komi: args.komi }
        }
    };
    let setup = GameSetup {
        ruleset: args.rules,
        overrides: None,
        time: Some(SideTimes { black, white }),
        board,
        rated: false,
        arrival: false,
        max_moves: Some(args.max_moves.unwrap_or(match game {
            GameKind::Shogi => 512,
            GameKind::Go => u32::from(args.size) * u32::from(args.size) * 3,
        })),
    };
    let format = args.format.unwrap_or(match game {
        GameKind::Shogi => RecordFormat::Csa,
        GameKind::Go => RecordFormat::Sgf,
    });
    let m = Match {
        engines,
        games: args.games,
        setup,
        concurrency: args.concurrency,
        out: args.out.clone(),
        format,
        margin_ms,
    };
    let total = args.games * m.engines.len() * (m.engines.len() - 1).max(1) / 2;
    let bar = indicatif::ProgressBar::new(total as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} games  {elapsed_precise}  {msg}")
            .expect("a valid template"),
    );
    let progress = |g: &GameReport| {
        bar.set_message(format!(
            "#{} {} vs {}: {} ({})",
            g.number,
            g.black,
            g.white,
            g.result.as_str(),
            g.reason.as_str()
        ));
        bar.inc(1);
    };
    let report = m.run(&progress).map_err(|e| Error::request("match", e))?;
    bar.finish_and_clear();
    if args.json {
        print((serde_json::to_string_pretty(&report).expect("reports serialize") + "\n").as_bytes())?;
    } else {
        let times =
            if black == white { describe(&black) } else { format!("{} / {}", describe(&black), describe(&white)) };
        print(table(&report, &format!("{} ({}), {times}", args.rules, game_name(game))).as_bytes())?;
    }
    Ok(ExitCode::SUCCESS)
}

fn game_name(g: GameKind) -> &'static str {
    match g {
        GameKind::Shogi => "shogi, USI",
        GameKind::Go => "Go, GTP",
    }
}

fn table(r: &MatchReport, title: &str) -> String {
    let mut s = format!("{} games: {title}\n\n", r.games.len());
    s.push_str(&format!(
        "{:<28} {:>5} {:>4} {:>4} {:>4} {:>7}  {}\n",
        "pair", "games", "W", "L", "D", "score", "Elo (95 %)"
    ));
    for p in &r.pairs {
        let elo = match (p.elo, p.elo_margin) {
            (Some(e), Some(m)) => format!("{e:+.1} ± {m:.1}"),
            _ => "—".into(),
        };
        s.push_str(&format!(
            "{:<28} {:>5} {:>4} {:>4} {:>4} {:>6.1}%  {elo}\n",
            format!("{} vs {}", p.first, p.second),
            p.games,
            p.wins,
            p.losses,
            p.draws,
            p.score * 100.0
        ));
    }
    s.push_str(&format!(
        "\n{:<16} {:>5} {:>4} {:>4} {:>4} {:>6} {:>11} {:>8} {:>8}\n",
        "engine", "games", "W", "L", "D", "points", "time losses", "illegal", "failures"
    ));
    for e in &r.standings {
        s.push_str(&format!(
            "{:<16} {:>5} {:>4} {:>4} {:>4} {:>6.1} {:>11} {:>8} {:>8}\n",
            e.name, e.games, e.wins, e.losses, e.draws, e.score, e.time_losses, e.illegal_moves, e.failures
        ));
    }
    for g in r.games.iter().filter(|g| g.failure.is_some()) {
        s.push_str(&format!("game {}: {}\n", g.number, g.failure.as_deref().unwrap_or_default()));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls() {
        assert_eq!(time_control("byoyomi:10m+30s"), Ok(TimeControl::byoyomi(600_000, 30_000, 1)));
        assert_eq!(time_control("byoyomi:0+3x10s"), Ok(TimeControl::byoyomi(0, 10_000, 3)));
        assert_eq!(time_control("fischer:5m+10s"), Ok(TimeControl::fischer(300_000, 10_000)));
        assert_eq!(time_control("canadian:10m+25/5m"), Ok(TimeControl::canadian(600_000, 25, 300_000)));
        assert_eq!(time_control("sudden:1.5s"), Ok(TimeControl::sudden_death(1500)));
        assert_eq!(time_control("byoyomi:0+500ms"), Ok(TimeControl::byoyomi(0, 500, 1)));
        for bad in ["", "byoyomi", "byoyomi:10m", "fischer:x+1s", "canadian:1m+5m", "blitz:1m+1s", "sudden:-1s"] {
            assert!(time_control(bad).is_err(), "{bad}");
        }
    }
}
