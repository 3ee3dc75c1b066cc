//! Who may use the server: requests for this host only, from this site only, with JSON
//! bodies only.
//!
//! - `Host` must name the address served: its IP (any IP when bound to all interfaces),
//!   `localhost`, `127.0.0.1` or `[::1]`, with the port served; or a name given with
//!   `--allow-host` (any port). Else 421: a page whose DNS name was rebound to 127.0.0.1
//!   cannot read the API.
//! - `Origin`, when sent, must be `http://` and such a host. Else 403: a page of another
//!   site cannot post to the API (a form can send `text/plain` without asking first).
//! - A POST's body must be `Content-Type: application/json`. Else 415.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::error::ApiError;

/// The hosts a request may name.
#[derive(Clone, Debug)]
pub struct Hosts {
    /// The address the server listens on.
    served: SocketAddr,
    /// Names from `--allow-host`, lowercased; any port.
    allowed: Arc<[String]>,
}

impl Hosts {
    /// The hosts of a server bound to `served`, with `allowed` names besides.
    pub fn new(served: SocketAddr, allowed: &[String]) -> Hosts {
        Hosts {
            served,
            allowed: allowed.iter().map(|name| name.to_lowercase()).collect(),
        }
    }

    /// Whether `authority` (`host` or `host:port`, as in `Host` and `Origin`) is this
    /// server.
    fn admits(&self, authority: &str) -> bool {
        let authority = authority.to_lowercase();
        let (host, port) = split(&authority);
        if self.allowed.iter().any(|name| name == host) {
            return true;
        }
        if port.unwrap_or(80) != self.served.port() {
            return false;
        }
        if host == "localhost" {
            return true;
        }
        let ip = host.trim_start_matches('[').trim_end_matches(']');
        match ip.parse::<IpAddr>() {
            Ok(ip) => {
                ip.is_loopback() || ip == self.served.ip() || self.served.ip().is_unspecified()
            }
            Err(_) => false,
        }
    }
}

/// `host` and its port, if any: `[::1]:80` is `[::1]` and 80; a port that is not a
/// number is no port (and no host of ours).
fn split(authority: &str) -> (&str, Option<u16>) {
    match authority.rsplit_once(':') {
        Some((host, port)) if !port.contains(']') => (host, Some(port.parse().unwrap_or(0))),
        _ => (authority, None),
    }
}

/// Middleware: 421 for a `Host` that is not this server, 403 for an `Origin` of another
/// site.
pub async fn host_and_origin(State(hosts): State<Hosts>, request: Request, next: Next) -> Response {
    match check(&hosts, request.headers()) {
        Ok(()) => next.run(request).await,
        Err(error) => error.into_response(),
    }
}

/// The checks of [`host_and_origin`].
fn check(hosts: &Hosts, headers: &HeaderMap) -> Result<(), ApiError> {
    let host = headers
        .get(header::HOST)
        .map(|value| value.to_str().unwrap_or(""));
    match host {
        None => return Err(ApiError::bad_request("no Host header")),
        Some(host) if !hosts.admits(host) => {
            return Err(ApiError::MisdirectedRequest(format!(
                "this server does not serve the host {host:?} (serve it with --allow-host NAME)"
            )));
        }
        Some(_) => {}
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let origin = origin.to_str().unwrap_or("");
        let same = origin
            .strip_prefix("http://")
            .is_some_and(|authority| hosts.admits(authority));
        if !same {
            return Err(ApiError::Forbidden(format!(
                "requests from pages of other sites are refused (Origin {origin:?})"
            )));
        }
    }
    Ok(())
}

/// Route middleware of the POST routes: 415 unless the body is `application/json`.
pub async fn json_body(request: Request, next: Next) -> Response {
    let json = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .is_some_and(|media| media.trim().eq_ignore_ascii_case("application/json"));
    if json {
        next.run(request).await
    } else {
        ApiError::UnsupportedMediaType(
            "the request body must be JSON, sent with Content-Type: application/json".to_owned(),
        )
        .into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_of_a_loopback_server() {
        let hosts = Hosts::new(
            "127.0.0.1:7682".parse().unwrap(),
            &["Board.Example".to_owned()],
        );
        for host in [
            "127.0.0.1:7682",
            "localhost:7682",
            "LOCALHOST:7682",
            "[::1]:7682",
            "board.example",
            "board.example:443",
        ] {
            assert!(hosts.admits(host), "{host}");
        }
        for host in [
            "127.0.0.1:80",
            "127.0.0.1",
            "evil.example:7682",
            "10.0.0.1:7682",
            "localhost:x",
            "[::1]",
            "",
        ] {
            assert!(!hosts.admits(host), "{host}");
        }
    }
}
