//! Accepting connections: hyper's HTTP/1 server with its header-read timeout and head
//! size bound, a cap on connections served at once, and a graceful stop with a deadline.
//!
//! `axum::serve` sets no timer on hyper (so no header timeout), buffers heads up to
//! 400 KB and waits for ever for connections to end after a stop signal; this is the same
//! accept-and-serve pattern (hyper-util's `TokioIo`, `TowerToHyperService` and
//! `GracefulShutdown`) with those three bounds set. The values are in [`limits`].
//!
//! What hyper answers itself, before the application sees a request, has no JSON body
//! and no security headers: 414 for a URI over 65,534 bytes, 431 for a head over
//! [`MAX_HEAD`], 400 for bytes that are not HTTP; a head not finished within
//! [`HEADER_TIMEOUT`] is closed without an answer.

use std::future::Future;
use std::pin::pin;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::middleware;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use super::error::ApiError;
use super::limits::{self, DRAIN, HEADER_TIMEOUT, MAX_CONNECTIONS, MAX_HEAD};
use super::routes;

/// How long to wait before accepting again after `accept` failed (out of file descriptors,
/// most likely): the connections held end meanwhile.
const ACCEPT_PAUSE: Duration = Duration::from_millis(50);

/// Serves `app` on `listener` until `stop` resolves, then lets requests in flight finish
/// for at most [`DRAIN`]. Returns whether every connection ended within it.
pub async fn serve(listener: TcpListener, app: Router, stop: impl Future<Output = ()>) -> bool {
    let permits = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let graceful = GracefulShutdown::new();
    let busy = busy();
    let mut stop = pin!(stop);
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(_) => {
                    tokio::time::sleep(ACCEPT_PAUSE).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        // Small answers go out at once, not after the client's delayed ACK.
        let _ = stream.set_nodelay(true);
        let permit = Arc::clone(&permits).try_acquire_owned().ok();
        let service = TowerToHyperService::new(if permit.is_some() {
            app.clone()
        } else {
            busy.clone()
        });
        let mut builder = http1::Builder::new();
        builder
            .timer(TokioTimer::new())
            .header_read_timeout(HEADER_TIMEOUT)
            .max_buf_size(MAX_HEAD)
            // A connection over the cap is answered and closed.
            .keep_alive(permit.is_some());
        let connection = graceful.watch(builder.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            // A connection's error (a client gone, a head too slow) ends only it.
            let _ = connection.await;
            drop(permit);
        });
    }
    drop(listener);
    tokio::select! {
        () = graceful.shutdown() => true,
        () = tokio::time::sleep(DRAIN) => false,
    }
}

/// What answers a connection over [`MAX_CONNECTIONS`]: 503 with `Retry-After`, in JSON
/// with the security headers, whatever was asked.
fn busy() -> Router {
    Router::new()
        .fallback(|| async {
            ApiError::Busy(format!(
                "busy: the server is serving its most connections at once ({MAX_CONNECTIONS}); try again in {} s",
                limits::RETRY_AFTER
            ))
        })
        .layer(middleware::from_fn(routes::headers))
}
