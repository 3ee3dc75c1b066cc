//! `perfect-play serve`: the web board and its JSON API, on axum and tokio.
//!
//! A request's way through: [`routes`] picks the handler by path; the game's handler
//! ([`games`] for every game of the registry, [`tictactoe`] for the first API's aliases,
//! [`footholds`]) reads the request (query strings through [`params`], one typed
//! extractor), asks the library, and answers one of the structs of [`crate::wire`]
//! through [`reply`] (JSON, or a JSON error with a 4xx or 5xx status); [`assets`]
//! serves the page, embedded in the binary. Nothing is read from disk and nothing is
//! fetched from the network.
//!
//! Against hostile clients: [`connections`] accepts (header timeout, head size, connection
//! cap, a stop with a deadline), [`guard`] refuses other hosts and sites and bodies that
//! are not JSON, [`limits`] holds every bound with its reason, and every error is one
//! JSON shape ([`error`]). Where hyper answers before the application (414 for a URI over
//! 65,534 bytes, 431 for a head over 96 KiB, 400 for bytes that are not HTTP) the answer
//! has no body and no security headers; a head not finished within the header timeout is
//! closed without an answer.

mod assets;
mod connections;
mod error;
mod footholds;
mod games;
mod guard;
mod limits;
#[cfg(test)]
mod openapi;
mod params;
mod random;
mod reply;
mod routes;
mod state;
mod stream;
mod tictactoe;

use std::io::{self, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

use super::args::ServeArgs;
use super::output::Status;
use super::output::report;

/// Serves until interrupted (Ctrl-C, or SIGTERM on Unix).
pub fn run(args: &ServeArgs) -> Status {
    if let Err(why) = check(args).and_then(|()| games::add_files(&args.table)) {
        report(&why);
        return Status::Failure;
    }
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
    let status = runtime.block_on(serve(args));
    // Solver threads stop at their next budget check once their requests are gone; do
    // not wait on anything longer than that.
    runtime.shutdown_timeout(limits::THREADS);
    status
}

/// The options' values within their bounds, or why not.
fn check(args: &ServeArgs) -> Result<(), String> {
    if !limits::SOLVES.contains(&args.solves) {
        return Err(format!(
            "--solves {} is out of range: it must be {} to {}",
            args.solves,
            limits::SOLVES.start(),
            limits::SOLVES.end()
        ));
    }
    if !limits::SOLVE_TIME.contains(&args.solve_time_limit) {
        return Err(format!(
            "--solve-time-limit {} is out of range: it must be {} to {} (milliseconds)",
            args.solve_time_limit,
            limits::SOLVE_TIME.start(),
            limits::SOLVE_TIME.end()
        ));
    }
    if let Some(name) = args.allow_host.iter().find(|name| {
        name.is_empty()
            || name.contains(['/', ' ', '@'])
            || (name.contains(':') && !name.starts_with('['))
    }) {
        return Err(format!(
            "--allow-host {name:?} is not a host name (give a name such as board.lan, without a port)"
        ));
    }
    Ok(())
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
    let bound = match listener.local_addr() {
        Ok(addr) => addr,
        Err(error) => {
            report(&format_args!("cannot read the address bound: {error}"));
            return Status::Failure;
        }
    };
    let url = format!("http://{bound}/");
    if !bound.ip().is_loopback() {
        report(&format_args!(
            "warning: listening on {bound}, beyond this machine: anyone who can reach it can use the server"
        ));
    }
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
    let limits = state::Limits {
        solves: args.solves,
        solve_time: Duration::from_millis(args.solve_time_limit),
    };
    let app = routes::router(&limits, guard::Hosts::new(bound, &args.allow_host));
    if !connections::serve(listener, app, stop_signal()).await {
        report(&format_args!(
            "stopped with requests unfinished after {} s",
            limits::DRAIN.as_secs()
        ));
    }
    Status::Success
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
    match spawned {
        Err(error) => report(&format_args!(
            "cannot open a browser ({program}: {error}); open {url} yourself"
        )),
        // The opener fails after starting when it finds no browser: said when it ends.
        Ok(mut child) => {
            let (program, url) = (program.to_string(), url.to_owned());
            std::thread::spawn(move || match child.wait() {
                Ok(status) if !status.success() => report(&format_args!(
                    "cannot open a browser ({program} {status}); open {url} yourself"
                )),
                _ => {}
            });
        }
    }
}

/// Resolves on Ctrl-C, or on SIGTERM on Unix: the server then finishes the requests in
/// flight, for at most [`limits::DRAIN`], and stops.
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
