//! `shinpan serve`: the live referee. Games are played under the referee's clock over HTTP and
//! WebSocket (docs/protocol.md); every act is an event of the game's log, stored before it is
//! acknowledged (SQLite by default, PostgreSQL for larger installations); accounts with
//! sessions and API tokens decide who may act for which side, and who arbitrates.
//!
//! Layers: the server only wires — sockets, storage and scheduling — around
//! `arbiter::live::LiveGame`, which holds every rule.

pub mod api;
pub mod auth;
pub mod csa;
pub mod follow;
pub mod live;
pub mod protocol;
pub mod seat;
pub mod store;
pub mod tournaments;
pub mod web;

use std::net::SocketAddr;
use std::sync::Arc;

pub use api::Limits;

/// How the server runs.
#[derive(Debug, Clone)]
pub struct Config {
    /// Where HTTP and WebSocket clients connect.
    pub listen: SocketAddr,
    /// `sqlite://shinpan.db` (created if missing) or `postgres://user@host/db`.
    pub database: String,
    pub limits: Limits,
    /// How long a player with no connection watching his game has on his turn before the
    /// opponent may claim it (docs/protocol.md, "Restarts and disconnections").
    pub disconnect_grace: std::time::Duration,
    /// The CSA server protocol for engines (docs/csa.md), when it listens.
    pub csa: Option<csa::CsaConfig>,
    /// Engines players may challenge (`GET /api/engines`).
    pub engines: Vec<seat::EngineConfig>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            database: "sqlite://shinpan.db".into(),
            limits: Limits::default(),
            disconnect_grace: std::time::Duration::from_secs(60),
            csa: None,
            engines: Vec::new(),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error(transparent)]
    Store(#[from] store::StoreError),
    #[error("cannot listen on {addr}: {source}")]
    Listen { addr: SocketAddr, source: std::io::Error },
    #[error("server: {0}")]
    Io(#[from] std::io::Error),
}

/// A server that is running: where it listens, and how to stop it.
pub struct Running {
    pub addr: SocketAddr,
    /// Where CSA clients connect, when the CSA server listens.
    pub csa_addr: Option<SocketAddr>,
    stop: tokio::sync::oneshot::Sender<()>,
    csa_stop: tokio::sync::watch::Sender<bool>,
    tournaments: tournaments::Tournaments,
    task: tokio::task::JoinHandle<Result<(), ServeError>>,
}

impl Running {
    /// Stops accepting, lets requests in flight finish, and returns once it has.
    pub async fn stop(self) -> Result<(), ServeError> {
        let _ = self.stop.send(());
        let _ = self.csa_stop.send(true);
        // Tournament followers' streams end, or the graceful shutdown would wait for them.
        self.tournaments.close();
        self.task.await.unwrap_or(Ok(()))
    }
}

/// Opens the store, restores the live games and starts listening.
pub async fn start(config: Config) -> Result<Running, ServeError> {
    let store = store::Store::open(&config.database).await?;
    let hub = live::Hub::new(store.clone(), config.disconnect_grace);
    let restored = hub.restore().await?;
    let engines = seat::Engines::register(&store, config.engines).await?;
    engines.resume(&store, &hub).await?;
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .map_err(|source| ServeError::Listen { addr: config.listen, source })?;
    let addr = listener.local_addr()?;
    tracing::info!(%addr, database = %config.database, restored, "shinpan serve listening");
    let accounts = api::AccountLimits::start(&config.limits);
    let (csa_stop, csa_stopped) = tokio::sync::watch::channel(false);
    let csa_addr = match config.csa {
        Some(c) => {
            let l = tokio::net::TcpListener::bind(c.listen)
                .await
                .map_err(|source| ServeError::Listen { addr: c.listen, source })?;
            let a = l.local_addr()?;
            tracing::info!(addr = %a, ruleset = %c.ruleset, "CSA server listening");
            let csa = csa::Csa::new(store.clone(), hub.clone(), accounts.clone(), engines.clone(), c);
            tokio::spawn(csa.serve(l, csa_stopped));
            Some(a)
        }
        None => None,
    };
    let tournaments = tournaments::Tournaments::new(store.clone(), hub.clone());
    tournaments.start().await?;
    let state = api::AppState {
        store,
        hub,
        limits: Arc::new(config.limits),
        accounts,
        engines,
        tournaments: tournaments.clone(),
    };
    let app = api::router(state);
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        axum::serve(listener, app.into_make_service())
            .with_graceful_shutdown(async move {
                let _ = stopped.await;
            })
            .await?;
        Ok(())
    });
    Ok(Running { addr, csa_addr, stop, csa_stop, tournaments, task })
}

/// Runs until Ctrl-C or SIGTERM, then shuts down gracefully: no new connections, acts in flight
/// answered (each committed before its answer), the database closed.
pub async fn serve(config: Config) -> Result<(), ServeError> {
    let running = start(config).await?;
    shutdown_signal().await;
    tracing::info!("shutting down");
    running.stop().await
}

/// `serve` on a multi-threaded runtime of its own, with logs to stderr (`RUST_LOG` filters them,
/// default `info`): what `shinpan serve` runs.
pub fn run(config: Config) -> Result<(), ServeError> {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let _ = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).with_ansi(ansi).try_init();
    tokio::runtime::Builder::new_multi_thread().enable_all().build()?.block_on(serve(config))
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = term => {},
    }
}
