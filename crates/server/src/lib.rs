//! The Shatar server (issue 22): serves the built site and a WebSocket API through which
//! people on different devices play each other, the server being the arbiter: challenges
//! by link and in a lobby, games of all four kinds with clocks (live and correspondence),
//! draw offers and claims, takebacks, aborts, rematches, spectators, PGN records, and
//! SQLite storage from which a restarted server picks every game up again. See README.md.

mod accept;
pub mod arbiter;
mod compress;
pub mod config;
mod download;
pub mod events;
pub mod headers;
mod http;
pub mod hub;
pub mod ids;
pub mod limits;
pub mod origin;
pub mod proxy;
mod session;
pub mod store;
pub mod time;
pub mod wire;

use std::net::SocketAddr;
use std::sync::Arc;

use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;

pub use config::Config;
use hub::{Hub, LoadError};
use store::{Store, StoreError};
use time::TimeSource;

/// Why the server did not start.
#[derive(Debug)]
pub enum StartError {
    Store(StoreError),
    Load(LoadError),
    Bind(std::io::Error),
}

impl std::fmt::Display for StartError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StartError::Store(e) => e.fmt(f),
            StartError::Load(e) => write!(f, "loading the unfinished games: {e}"),
            StartError::Bind(e) => write!(f, "cannot listen: {e}"),
        }
    }
}

impl std::error::Error for StartError {}

/// A server that listens.
pub struct Running {
    /// Where it listens (the port chosen when the configuration asked for port 0).
    pub addr: SocketAddr,
    stop: watch::Sender<bool>,
    serving: JoinHandle<std::io::Result<()>>,
    hub: Arc<Hub>,
    store: Store,
    /// The task that starts online events' games and enters their results.
    events: tokio::task::AbortHandle,
}

/// Opens the database, picks up the unfinished games and listens.
pub async fn start(config: Config, time: Arc<dyn TimeSource>) -> Result<Running, StartError> {
    let store = match &config.database {
        Some(url) => Store::open_url(url).await,
        None => Store::open(&config.data_dir).await,
    }
    .map_err(StartError::Store)?;
    let hub = Hub::load(store.clone(), time.clone())
        .await
        .map_err(StartError::Load)?;
    let listener = TcpListener::bind(config.listen)
        .await
        .map_err(StartError::Bind)?;
    let addr = listener.local_addr().map_err(StartError::Bind)?;
    let (stop, stopping) = watch::channel(false);
    let limiter = limits::Limiter::new(config.limits, time);
    let gate = http::Gate {
        origins: config.origins,
        limiter: limiter.clone(),
        own: addr.to_string(),
    };
    let events = events::Events::new(hub.clone(), limiter.clone());
    let ticking = events::online::spawn(&events);
    let router = http::router(hub.clone(), stopping.clone(), config.site_dir, gate)
        .merge(events::http::router(events));
    let edge = accept::Edge {
        limiter,
        proxies: config.trusted_proxies,
        max_connections: config
            .max_connections
            .unwrap_or_else(accept::default_max_connections),
    };
    let serving = tokio::spawn(accept::serve(listener, router, edge, stopping));
    Ok(Running {
        addr,
        stop,
        serving,
        hub,
        store,
        events: ticking,
    })
}

impl Running {
    /// How many games the server holds in memory (unfinished, or finished and watched).
    pub fn games_in_memory(&self) -> usize {
        self.hub.games_in_memory()
    }

    /// Closes every connection, stops the flag timers and closes the database; what was
    /// committed stays for the next start.
    pub async fn stop(self) -> std::io::Result<()> {
        let _ = self.stop.send(true);
        self.events.abort();
        let served = self.serving.await.unwrap_or(Ok(()));
        self.hub.close().await;
        self.store.close().await;
        served
    }
}
