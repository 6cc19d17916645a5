//! Where a webhook may point. A server that POSTs to any URL a user names can be turned against the network
//! it sits in (server-side request forgery), so targets on loopback, private, link-local and other
//! non-public addresses are refused, unless the operator allows them (`webhook_allow_private`). The check
//! runs on the addresses the name resolves to, at registration and again at every delivery, and the delivery
//! connects to exactly the addresses checked (a name that resolves elsewhere a second later gains nothing).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TargetError {
    #[error("`{0}` is not an absolute http or https URL")]
    NotHttp(String),
    #[error("`{0}` carries a user name or password; put credentials in the path or a query parameter instead")]
    Credentials(String),
    #[error(
        "`{host}` resolves to {addr}, a private, loopback or link-local address; webhooks must reach a public address"
    )]
    Private { host: String, addr: IpAddr },
    #[error("cannot resolve `{host}`: {reason}")]
    Unresolved { host: String, reason: String },
}

/// A URL checked for shape: scheme, host and port.
#[derive(Debug, Clone)]
pub struct Target {
    pub url: reqwest::Url,
    pub host: String,
    pub port: u16,
}

/// Checks a URL's shape (http or https, a host, no credentials). It must start with `http://` or `https://`
/// exactly, as the schema's `pattern` says: the URL parser alone would also take `HTTP:host` or spaces around.
pub fn parse(url: &str) -> Result<Target, TargetError> {
    if !(url.starts_with("http://") || url.starts_with("https://")) {
        return Err(TargetError::NotHttp(url.to_string()));
    }
    let parsed = reqwest::Url::parse(url).map_err(|_| TargetError::NotHttp(url.to_string()))?;
    if !matches!(parsed.scheme(), "http" | "https") {
        return Err(TargetError::NotHttp(url.to_string()));
    }
    if !parsed.username().is_empty() || parsed.password().is_some() {
        return Err(TargetError::Credentials(url.to_string()));
    }
    // An IPv6 literal comes bracketed, as in the URL.
    let host = match parsed.host_str() {
        Some(h) if !h.is_empty() => h.trim_start_matches('[').trim_end_matches(']').to_string(),
        _ => return Err(TargetError::NotHttp(url.to_string())),
    };
    let port = parsed.port_or_known_default().ok_or_else(|| TargetError::NotHttp(url.to_string()))?;
    Ok(Target { url: parsed, host, port })
}

/// Refuses `addrs` unless every one is public (or private targets are allowed).
pub fn check_addresses(host: &str, addrs: &[SocketAddr], allow_private: bool) -> Result<(), TargetError> {
    if addrs.is_empty() {
        return Err(TargetError::Unresolved { host: host.to_string(), reason: "no address".into() });
    }
    if allow_private {
        return Ok(());
    }
    match addrs.iter().find(|a| !is_public(a.ip())) {
        Some(a) => Err(TargetError::Private { host: host.to_string(), addr: a.ip() }),
        None => Ok(()),
    }
}

/// Resolves the target (blocking) and checks every address.
pub fn resolve_blocking(target: &Target, allow_private: bool) -> Result<Vec<SocketAddr>, TargetError> {
    use std::net::ToSocketAddrs;
    let addrs: Vec<SocketAddr> = (target.host.as_str(), target.port)
        .to_socket_addrs()
        .map_err(|e| TargetError::Unresolved { host: target.host.clone(), reason: e.to_string() })?
        .collect();
    check_addresses(&target.host, &addrs, allow_private)?;
    Ok(addrs)
}

/// Resolves the target and checks every address.
pub async fn resolve(target: &Target, allow_private: bool) -> Result<Vec<SocketAddr>, TargetError> {
    let addrs: Vec<SocketAddr> = tokio::net::lookup_host((target.host.as_str(), target.port))
        .await
        .map_err(|e| TargetError::Unresolved { host: target.host.clone(), reason: e.to_string() })?
        .collect();
    check_addresses(&target.host, &addrs, allow_private)?;
    Ok(addrs)
}

/// Whether `ip` is an address on the public internet.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => is_public_v4(v4),
            None => is_public_v6(v6),
        },
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, ..] = ip.octets();
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_broadcast()
        || ip.is_documentation()
        || ip.is_multicast()
        || a == 0
        // Shared address space (carrier-grade NAT), 100.64.0.0/10.
        || (a == 100 && (64..128).contains(&b))
        // IETF protocol assignments, 192.0.0.0/24, and benchmarking, 198.18.0.0/15.
        || (a == 192 && b == 0 && ip.octets()[2] == 0)
        || (a == 198 && (b == 18 || b == 19))
        // Reserved, 240.0.0.0/4.
        || a >= 240)
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let first = ip.segments()[0];
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_multicast()
        // Unique local, fc00::/7.
        || (first & 0xfe00) == 0xfc00
        // Link-local, fe80::/10.
        || (first & 0xffc0) == 0xfe80
        // Documentation, 2001:db8::/32.
        || (first == 0x2001 && ip.segments()[1] == 0x0db8)
        // IPv4-compatible and NAT64 forms could smuggle a private IPv4 address.
        || (ip.segments()[..6] == [0; 6])
        || (first == 0x64 && ip.segments()[1] == 0xff9b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn private_and_special_addresses_are_not_public() {
        for ip in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "0.0.0.0",
            "100.64.0.1",
            "255.255.255.255",
            "::1",
            "::",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "64:ff9b::a00:1",
        ] {
            assert!(!is_public(ip.parse().unwrap()), "{ip}");
        }
        for ip in ["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"] {
            assert!(is_public(ip.parse().unwrap()), "{ip}");
        }
    }

    #[test]
    fn only_http_urls_without_credentials_are_targets() {
        assert!(parse("https://hooks.example.com/tegami").is_ok());
        assert_eq!(parse("http://[::1]:8080/x").unwrap().host, "::1");
        assert!(matches!(parse("ftp://example.com/"), Err(TargetError::NotHttp(_))));
        assert!(matches!(parse("not a url"), Err(TargetError::NotHttp(_))));
        for loose in ["HTTPS://example.com/", "http:example.com", " https://example.com/", "https:/example.com"] {
            assert!(matches!(parse(loose), Err(TargetError::NotHttp(_))), "{loose}");
        }
        assert!(matches!(parse("https://u:p@example.com/"), Err(TargetError::Credentials(_))));
    }

    #[test]
    fn loopback_targets_are_refused_after_resolution_unless_allowed() {
        let target = parse("http://localhost:9/hook").unwrap();
        assert!(matches!(resolve_blocking(&target, false), Err(TargetError::Private { .. })));
        assert!(resolve_blocking(&target, true).is_ok());
        let literal = parse("http://127.0.0.1:9/hook").unwrap();
        assert!(matches!(resolve_blocking(&literal, false), Err(TargetError::Private { .. })));
    }
}
