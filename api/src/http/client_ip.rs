//! The address of the client, for rate limiting and abuse reports.
//!
//! We take the peer address of the TCP connection. Behind a reverse proxy every request would
//! come from the proxy; reading `X-Forwarded-For` safely needs to know which proxies to trust,
//! which we will add with the first deployment that has one.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;

use crate::error::Error;

#[derive(Debug, Clone, Copy)]
pub struct ClientIp(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        ConnectInfo::<SocketAddr>::from_request_parts(parts, state)
            .await
            .map(|ConnectInfo(address)| ClientIp(address.ip()))
            .map_err(|_| Error::Internal(anyhow::anyhow!("server started without connect info")))
    }
}
