//! `perfect-play serve`: the web board and its JSON API, on axum and tokio.
//!
//! A request's way through: [`routes`] picks the handler by path; the game's handler
//! ([`tictactoe`], [`footholds`], [`games`]) reads the request, asks the library, and
//! answers through [`reply`] (JSON, or a JSON error with a 4xx or 5xx status); [`assets`]
//! serves the page, embedded in the binary. Nothing is read from disk and nothing is
//! fetched from the network.

mod assets;
mod footholds;
mod games;
mod random;
mod reply;
mod routes;
mod tictactoe;

use std::io::{self, Write};
use std::net::SocketAddr;
use std::process::{Command, Stdio};
use std::time::Duration;

use super::args::ServeArgs;
use super::output::Status;
use super::output::report;

/// Serves until interrupted (Ctrl-C, or SIGTERM on Unix).
pub fn run(args: &ServeArgs) -> Status {
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            report(&format_args!("cannot start the server: {error}"));
            return Status::Failure;
        }
    };
    runtime.block_on(serve(args))
}

/// Binds, says where, and answers requests until a signal to stop.
async fn serve(args: &ServeArgs) -> Status {
    let listener = match tokio::net::TcpListener::bind(args.addr).await {
        Ok(listener) => listener,
        Err(error) => {
            report(&format_args!(
                "cannot listen on {}: {error} (choose another with --addr, or --addr 127.0.0.1:0 for any free port)",
                args.addr
            ));
            return Status::Failure;
        }
    };
    let url = match listener.local_addr() {
        Ok(addr) => url(addr),
        Err(error) => {
            report(&format_args!("cannot read the address bound: {error}"));
            return Status::Failure;
        }
    };
    // The first line of stdout is the address, for a person and for scripts that start the
    // server on port 0.
    let said = writeln!(
        io::stdout(),
        "Serving perfect play at {url} (Ctrl-C to stop)"
    )
    .and_then(|()| io::stdout().flush());
    if let Err(error) = said {
        report(&format_args!("cannot write output: {error}"));
        return Status::Failure;
    }
    if args.open {
        open_browser(&url);
    }
    let limits = routes::Limits {
        solves: args.solves,
        solve_time: Duration::from_millis(args.solve_time_limit),
    };
    let app = routes::router(&limits);
    match axum::serve(listener, app)
        .with_graceful_shutdown(stop_signal())
        .await
    {
        Ok(()) => Status::Success,
        Err(error) => {
            report(&format_args!("the server stopped: {error}"));
            Status::Failure
        }
    }
}

/// The URL a browser opens for a bound address.
fn url(addr: SocketAddr) -> String {
    match addr {
        SocketAddr::V4(addr) if addr.ip().is_unspecified() => {
            format!("http://127.0.0.1:{}/", addr.port())
        }
        SocketAddr::V6(addr) if addr.ip().is_unspecified() => {
            format!("http://[::1]:{}/", addr.port())
        }
        addr => format!("http://{addr}/"),
    }
}

/// Opens `url` in the desktop's browser; says so if it cannot, and serves on.
fn open_browser(url: &str) {
    let opener: &[&str] = if cfg!(target_os = "macos") {
        &["open"]
    } else if cfg!(windows) {
        &["cmd", "/C", "start", ""]
    } else {
        &["xdg-open"]
    };
    let Some((program, first)) = opener.split_first() else {
        return;
    };
    let spawned = Command::new(program)
        .args(first)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    if let Err(error) = spawned {
        report(&format_args!(
            "cannot open a browser ({program}: {error}); open {url} yourself"
        ));
    }
}

/// Resolves on Ctrl-C, or on SIGTERM on Unix: the server then finishes the requests in
/// flight and stops.
async fn stop_signal() {
    let interrupt = async {
        if tokio::signal::ctrl_c().await.is_err() {
            // No way to hear Ctrl-C: wait for the other signal, or for ever.
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {},
        () = terminate => {},
    }
}
