//! `shinpan serve`: the live server (crates/server), on the embedded SQLite database by default.

use crate::error::{Error, Result};
use std::net::SocketAddr;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  shinpan serve\n  shinpan serve --listen 0.0.0.0:8080 --database postgres://shinpan@localhost/shinpan\n\nLogs go to stderr; RUST_LOG filters them (default: info)."
)]
pub struct ServeArgs {
    /// Address for the web client, the HTTP API and the WebSocket protocol.
    #[arg(long, env = "SHINPAN_LISTEN", default_value = "127.0.0.1:8080")]
    listen: SocketAddr,
    /// Database: sqlite://FILE (created if missing) or postgres://USER@HOST/DB.
    #[arg(long, env = "SHINPAN_DATABASE", default_value = "sqlite://shinpan.db")]
    database: String,
}

pub fn serve(args: ServeArgs) -> Result<ExitCode> {
    let config = server::Config { listen: args.listen, database: args.database, ..server::Config::default() };
    server::run(config).map_err(|e| Error::request("serve", e))?;
    Ok(ExitCode::SUCCESS)
}
