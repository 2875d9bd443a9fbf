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
}

pub fn serve(args: ServeArgs) -> Result<ExitCode> {
    let csa = args.csa_listen.map(|listen| server::csa::CsaConfig {
        listen,
        ruleset: args.csa_ruleset,
        max_moves: args.csa_max_moves,
        agree_timeout: std::time::Duration::from_secs(args.csa_agree_timeout),
    });
    let config = server::Config { listen: args.listen, database: args.database, csa, ..server::Config::default() };
    server::run(config).map_err(|e| Error::request("serve", e))?;
    Ok(ExitCode::SUCCESS)
}
