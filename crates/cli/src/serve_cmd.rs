//! `shinpan serve`: the live server (crates/server), on the embedded SQLite database by default.

use crate::error::{Error, Result};
use arbiter::RulesetId;
use std::net::SocketAddr;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  shinpan serve\n  shinpan serve --listen 0.0.0.0:8080 --database postgres://shinpan@localhost/shinpan\n  shinpan serve --csa-listen 127.0.0.1:4081   # engines: the CSA server protocol (docs/csa.md)\n\nLogs go to stderr; RUST_LOG filters them (default: info)."
)]
pub struct ServeArgs {
    /// Address for the web client, the HTTP API and the WebSocket protocol.
    #[arg(long, env = "SHINPAN_LISTEN", default_value = "127.0.0.1:8080")]
    listen: SocketAddr,
    /// Database: sqlite://FILE (created if missing) or postgres://USER@HOST/DB.
    #[arg(long, env = "SHINPAN_DATABASE", default_value = "sqlite://shinpan.db")]
    database: String,
    /// Also serve the CSA server protocol 1.2.1 (shogi engines, shogi-server's clients) here.
    #[arg(long, env = "SHINPAN_CSA_LISTEN")]
    csa_listen: Option<SocketAddr>,
    /// The ruleset of CSA games (it judges %KACHI and the time controls game names ask for).
    #[arg(long, value_enum, default_value = "fesa-2017")]
    csa_ruleset: RulesetId,
    /// CSA games are drawn after this many moves (#MAX_MOVES), as shogi-server does; 0: never.
    #[arg(long, default_value_t = 256)]
    csa_max_moves: u32,
    /// Seconds a proposed CSA game waits for both AGREEs.
    #[arg(long, default_value_t = 120)]
    csa_agree_timeout: u64,
    /// Seconds between two rounds of Floodgate games (game names `floodgate-<total>-<byo-yomi>[F]`):
    /// the players waiting under such a name are paired at every multiple of it (UTC); the
    /// default half hour gives rounds at :00 and :30, as on Floodgate.
    #[arg(long, default_value_t = 1800, value_parser = clap::value_parser!(u64).range(1..))]
    csa_floodgate_every: u64,
    /// An engine players may challenge: usi:NAME=COMMAND (shogi) or gtp:NAME=COMMAND (Go).
    /// Besides these, shinpan's own small players (shinpan-shogi, shinpan-go) and the installed
    /// fairy-stockfish and GNU Go are offered, unless --no-default-engines.
    #[arg(long = "engine", value_name = "usi|gtp:NAME=COMMAND")]
    engines: Vec<String>,
    /// Offer only the engines given with --engine.
    #[arg(long)]
    no_default_engines: bool,
    /// Seconds a player may be away on his turn before the opponent may claim the game.
    #[arg(long, value_name = "SECONDS", default_value_t = 60)]
    disconnect_grace: u64,
}

/// shinpan's own players, and the Debian packages' engines when installed.
fn default_engines() -> Vec<server::seat::EngineConfig> {
    use arbiter::GameKind::{Go, Shogi};
    let mut v = Vec::new();
    let engine =
        |name: &str, cmd: String, game| server::seat::EngineConfig { name: name.into(), cmd, game, margin_ms: 0 };
    if let Ok(exe) = std::env::current_exe() {
        let exe = exe.display().to_string();
        v.push(engine("shinpan-shogi", format!("'{exe}' engine usi"), Shogi));
        v.push(engine("shinpan-go", format!("'{exe}' engine gtp"), Go));
    }
    if std::path::Path::new("/usr/games/fairy-stockfish").exists() {
        v.push(engine("fairy-stockfish", "/usr/games/fairy-stockfish".into(), Shogi));
    }
    if std::path::Path::new("/usr/games/gnugo").exists() {
        v.push(engine("gnugo", "/usr/games/gnugo --mode gtp --level 5".into(), Go));
    }
    v
}

fn engine_arg(s: &str) -> Result<server::seat::EngineConfig> {
    let bad = || Error::request("--engine", format!("`{s}`: usi:NAME=COMMAND or gtp:NAME=COMMAND"));
    let (proto, rest) = s.split_once(':').ok_or_else(bad)?;
    let (name, cmd) = rest.split_once('=').ok_or_else(bad)?;
    let game = match proto {
        "usi" => arbiter::GameKind::Shogi,
        "gtp" => arbiter::GameKind::Go,
        _ => return Err(bad()),
    };
    let ok = (1..=32).contains(&name.len()) && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if !ok {
        return Err(Error::request("--engine", format!("`{name}`: a name is 1 to 32 letters, digits, `_` or `-`")));
    }
    Ok(server::seat::EngineConfig { name: name.into(), cmd: cmd.into(), game, margin_ms: 0 })
}

pub fn serve(args: ServeArgs) -> Result<ExitCode> {
    // Every connection is a descriptor; the usual soft limit (1,024) would cap the players.
    if let Err(e) = rlimit::increase_nofile_limit(u64::MAX) {
        eprintln!("shinpan serve: the open-file limit stays where it is: {e}");
    }
    let csa = args.csa_listen.map(|listen| server::csa::CsaConfig {
        listen,
        ruleset: args.csa_ruleset,
        max_moves: args.csa_max_moves,
        agree_timeout: std::time::Duration::from_secs(args.csa_agree_timeout),
        floodgate_every: std::time::Duration::from_secs(args.csa_floodgate_every),
    });
    let mut engines = if args.no_default_engines { Vec::new() } else { default_engines() };
    for e in &args.engines {
        let e = engine_arg(e)?;
        engines.retain(|d| d.name != e.name);
        engines.push(e);
    }
    let config = server::Config {
        listen: args.listen,
        database: args.database,
        csa,
        engines,
        disconnect_grace: std::time::Duration::from_secs(args.disconnect_grace),
        ..server::Config::default()
    };
    server::run(config).map_err(|e| Error::request("serve", e))?;
    Ok(ExitCode::SUCCESS)
}
