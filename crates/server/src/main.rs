use std::process::ExitCode;
use std::sync::Arc;

use shatar_server::config::{ArgsError, Config};
use shatar_server::time::MonotonicTime;

#[tokio::main]
async fn main() -> ExitCode {
    let config = match Config::from_args(std::env::args().skip(1)) {
        Ok(config) => config,
        Err(ArgsError::Help) => {
            println!("{}", shatar_server::config::USAGE);
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("shatar-server: {e}");
            return ExitCode::from(2);
        }
    };
    let running = match shatar_server::start(config, Arc::new(MonotonicTime::new())).await {
        Ok(running) => running,
        Err(e) => {
            eprintln!("shatar-server: {e}");
            return ExitCode::FAILURE;
        }
    };
    eprintln!("shatar-server: listening on http://{}", running.addr);
    stop_signal().await;
    match running.stop().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("shatar-server: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Ctrl-C, or the SIGTERM a service manager stops a server with.
async fn stop_signal() {
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = terminate => {}
    }
}
