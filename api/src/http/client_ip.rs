//! The address of the client, for rate limiting and abuse reports.
//!
//! Without trusted proxies (`VIVIER_TRUSTED_PROXIES`), it is the peer address of the TCP
//! connection and forwarding headers are ignored: anyone can write them. When the peer is a
//! trusted proxy, the client is read from the forwarding chain the proxies appended to
//! (`Forwarded: for=...`, else `X-Forwarded-For`): walking it from the right, past every
//! trusted proxy, the first address that is not one is the client. Entries left of it were
//! written by the client itself and are never believed.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use ipnet::IpNet;

use crate::app::AppState;
use crate::error::Error;

#[derive(Debug, Clone, Copy)]
pub struct ClientIp(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let ConnectInfo(peer) = ConnectInfo::<SocketAddr>::from_request_parts(parts, state)
            .await
            .map_err(|_| Error::Internal(anyhow::anyhow!("server started without connect info")))?;
        let trusted = parts.extensions.get::<AppState>().map_or(&[][..], |app| &app.settings.trusted_proxies[..]);
        Ok(ClientIp(client_address(peer.ip(), &parts.headers, trusted)))
    }
}

/// The client's address given the TCP peer, the request's headers and the trusted proxies.
pub fn client_address(peer: IpAddr, headers: &HeaderMap, trusted: &[IpNet]) -> IpAddr {
    let is_trusted = |address: &IpAddr| trusted.iter().any(|network| network.contains(&canonical(*address)));
    if !is_trusted(&peer) {
        return canonical(peer);
    }
    let chain = forwarded_chain(headers);
    let mut client = peer;
    for hop in chain.iter().rev() {
        // an entry we cannot read (a token like `unknown`, garbage): stop at the last one we trust
        let Some(address) = hop else { break };
        client = *address;
        if !is_trusted(address) {
            break;
        }
    }
    canonical(client)
}

/// The forwarding chain, client first: from `Forwarded` when present, else `X-Forwarded-For`.
/// Several header lines form one list, in order.
fn forwarded_chain(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    let values = |name: &str| -> Vec<String> {
        headers.get_all(name).iter().filter_map(|value| value.to_str().ok()).map(str::to_owned).collect()
    };
    let forwarded = values("forwarded");
    if !forwarded.is_empty() {
        return forwarded
            .iter()
            .flat_map(|line| line.split(','))
            .map(|element| {
                element
                    .split(';')
                    .filter_map(|pair| pair.split_once('='))
                    .find(|(name, _)| name.trim().eq_ignore_ascii_case("for"))
                    .and_then(|(_, value)| parse_node(value))
            })
            .collect();
    }
    values("x-forwarded-for").iter().flat_map(|line| line.split(',')).map(parse_node).collect()
}

/// An address as proxies write it: `192.0.2.1`, `"[2001:db8::1]:4711"`, `192.0.2.1:80`.
fn parse_node(text: &str) -> Option<IpAddr> {
    let text = text.trim().trim_matches('"');
    if let Ok(address) = text.parse::<IpAddr>() {
        return Some(address);
    }
    if let Some(rest) = text.strip_prefix('[') {
        return rest.split_once(']').and_then(|(address, _)| address.parse().ok());
    }
    text.parse::<SocketAddr>().ok().map(|socket| socket.ip())
}

/// IPv4 addresses mapped into IPv6 (a dual-stack listener) as plain IPv4.
fn canonical(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(address, IpAddr::V4),
        IpAddr::V4(_) => address,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::parse_trusted_proxy;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, value.parse().unwrap());
        }
        map
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn trusted(list: &[&str]) -> Vec<IpNet> {
        list.iter().map(|text| parse_trusted_proxy(text).unwrap()).collect()
    }

    #[test]
    fn forwarding_headers_from_an_untrusted_peer_are_ignored() {
        let spoofed = headers(&[("x-forwarded-for", "198.51.100.9"), ("forwarded", "for=198.51.100.9")]);
        assert_eq!(client_address(ip("203.0.113.7"), &spoofed, &[]), ip("203.0.113.7"));
        assert_eq!(client_address(ip("203.0.113.7"), &spoofed, &trusted(&["10.0.0.0/8"])), ip("203.0.113.7"));
    }

    #[test]
    fn behind_a_trusted_proxy_the_client_is_the_rightmost_untrusted_hop() {
        let proxies = trusted(&["10.0.0.0/8", "127.0.0.1"]);
        // the client wrote the first entry itself, hoping to be believed
        let chain = headers(&[("x-forwarded-for", "1.2.3.4, 203.0.113.7, 10.1.1.1")]);
        assert_eq!(client_address(ip("127.0.0.1"), &chain, &proxies), ip("203.0.113.7"));
        let split = headers(&[("x-forwarded-for", "1.2.3.4"), ("x-forwarded-for", "203.0.113.7")]);
        assert_eq!(client_address(ip("10.0.0.2"), &split, &proxies), ip("203.0.113.7"));
    }

    #[test]
    fn the_forwarded_header_is_read_first_with_ports_and_brackets() {
        let proxies = trusted(&["127.0.0.1"]);
        let both = headers(&[
            ("forwarded", "for=\"[2001:db8::7]:4711\";proto=https, for=127.0.0.1"),
            ("x-forwarded-for", "198.51.100.9"),
        ]);
        assert_eq!(client_address(ip("127.0.0.1"), &both, &proxies), ip("2001:db8::7"));
        let with_port = headers(&[("forwarded", "for=192.0.2.60:8080")]);
        assert_eq!(client_address(ip("127.0.0.1"), &with_port, &proxies), ip("192.0.2.60"));
    }

    #[test]
    fn a_trusted_peer_without_headers_or_with_garbage_is_the_client() {
        let proxies = trusted(&["127.0.0.1"]);
        assert_eq!(client_address(ip("127.0.0.1"), &HeaderMap::new(), &proxies), ip("127.0.0.1"));
        let garbage = headers(&[("x-forwarded-for", "203.0.113.7, unknown")]);
        assert_eq!(client_address(ip("127.0.0.1"), &garbage, &proxies), ip("127.0.0.1"));
        assert_eq!(client_address(ip("::ffff:127.0.0.1"), &HeaderMap::new(), &proxies), ip("127.0.0.1"));
    }

    #[test]
    fn trusted_proxies_are_addresses_or_networks() {
        assert!(parse_trusted_proxy("10.0.0.0/8").is_ok());
        assert!(parse_trusted_proxy(" ::1 ").is_ok());
        assert!(parse_trusted_proxy("proxy.example").is_err());
    }
}
