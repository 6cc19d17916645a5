//! Where a webhook may point. A server that POSTs to any URL a user names can be turned against the network
//! it sits in (server-side request forgery), so targets on loopback, private, link-local and other
//! non-public addresses are refused, unless the operator allows them (`webhook_allow_private`). The check
//! runs on the addresses the name resolves to, at registration and again at every delivery, and the delivery
//! connects to exactly the addresses checked (a name that resolves elsewhere a second later gains nothing).
//!
//! "Public" follows IANA's special-purpose address registries (RFC 6890 and its updates): every block that is
//! not globally reachable is refused. IPv6 forms that carry an IPv4 address (IPv4-mapped, IPv4-compatible,
//! SIIT-translated, NAT64 with the well-known prefix, 6to4 and Teredo) are judged by the IPv4 addresses they
//! embed, since a relay or translator on the way would deliver to those: `http://[2002:7f00:1::]/` is
//! 127.0.0.1 in a 6to4 wrapping.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::LazyLock;

use ipnet::{Ipv4Net, Ipv6Net};

/// The longest webhook URL taken, in characters (what browsers and most servers handle in a request line).
pub const MAX_URL_CHARS: usize = 2048;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TargetError {
    #[error("the URL has {chars} characters; a webhook URL may have at most {MAX_URL_CHARS}")]
    TooLong { chars: usize },
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
    let chars = url.chars().count();
    if chars > MAX_URL_CHARS {
        return Err(TargetError::TooLong { chars });
    }
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

/// IPv4 blocks that are not globally reachable (IANA IPv4 Special-Purpose Address Registry, plus multicast
/// and the reserved 240/4). Blocks the registry marks global (192.0.0.9/32, 192.0.0.10/32, the AS112 and
/// AMT anycast blocks) are refused too: no webhook receiver lives there.
const SPECIAL_V4: &[&str] = &[
    "0.0.0.0/8",       // "this network"
    "10.0.0.0/8",      // private
    "100.64.0.0/10",   // shared address space (carrier-grade NAT)
    "127.0.0.0/8",     // loopback
    "169.254.0.0/16",  // link-local (cloud metadata services live here)
    "172.16.0.0/12",   // private
    "192.0.0.0/24",    // IETF protocol assignments
    "192.0.2.0/24",    // documentation
    "192.31.196.0/24", // AS112
    "192.52.193.0/24", // AMT
    "192.88.99.0/24",  // 6to4 relay anycast (deprecated)
    "192.168.0.0/16",  // private
    "192.175.48.0/24", // direct delegation AS112
    "198.18.0.0/15",   // benchmarking
    "198.51.100.0/24", // documentation
    "203.0.113.0/24",  // documentation
    "224.0.0.0/4",     // multicast
    "240.0.0.0/4",     // reserved, and the limited broadcast address
];

/// IPv6 blocks that are not globally reachable (IANA IPv6 Special-Purpose Address Registry, multicast, and
/// the deprecated site-local block). The blocks that embed IPv4 addresses are handled before this table.
const SPECIAL_V6: &[&str] = &[
    "::/128",         // unspecified
    "::1/128",        // loopback
    "64:ff9b:1::/48", // local-use IPv4/IPv6 translation
    "100::/64",       // discard-only
    "100:0:0:1::/64", // dummy prefix
    "2001::/23",      // IETF protocol assignments (Teredo, 2001::/32, is judged by what it embeds)
    "2001:db8::/32",  // documentation
    "3fff::/20",      // documentation
    "5f00::/16",      // segment routing (SRv6) SIDs
    "fc00::/7",       // unique local
    "fe80::/10",      // link-local
    "fec0::/10",      // site-local (deprecated)
    "ff00::/8",       // multicast
];

fn networks<N: std::str::FromStr>(table: &[&str]) -> Vec<N>
where
    N::Err: std::fmt::Debug,
{
    table.iter().map(|n| n.parse().expect("the tables hold valid networks")).collect()
}

static SPECIAL_V4_NETS: LazyLock<Vec<Ipv4Net>> = LazyLock::new(|| networks(SPECIAL_V4));
static SPECIAL_V6_NETS: LazyLock<Vec<Ipv6Net>> = LazyLock::new(|| networks(SPECIAL_V6));

/// Whether `ip` is an address on the public internet.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => match embedded_v4(v6) {
            Some(embedded) => embedded.into_iter().all(is_public_v4),
            None => is_public_v6(v6),
        },
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    !SPECIAL_V4_NETS.iter().any(|net| net.contains(&ip))
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    !SPECIAL_V6_NETS.iter().any(|net| net.contains(&ip))
}

/// The IPv4 addresses an IPv6 address stands for, when it is one of the forms that carry them: traffic to
/// it ends at (or passes through a translator to) those IPv4 hosts.
fn embedded_v4(ip: Ipv6Addr) -> Option<Vec<Ipv4Addr>> {
    let s = ip.segments();
    let low = Ipv4Addr::from((u128::from(ip) & 0xffff_ffff) as u32);
    if ip.is_loopback() || ip.is_unspecified() {
        return None;
    }
    match s {
        // IPv4-mapped ::ffff:a.b.c.d and IPv4-compatible ::a.b.c.d (deprecated, still routed by some stacks).
        [0, 0, 0, 0, 0, 0xffff, _, _] | [0, 0, 0, 0, 0, 0, _, _] => Some(vec![low]),
        // SIIT IPv4-translated ::ffff:0:a.b.c.d.
        [0, 0, 0, 0, 0xffff, 0, _, _] => Some(vec![low]),
        // NAT64 with the well-known prefix 64:ff9b::/96.
        [0x64, 0xff9b, 0, 0, 0, 0, _, _] => Some(vec![low]),
        // 6to4, 2002:V4ADDR::/48.
        [0x2002, hi, lo, ..] => Some(vec![Ipv4Addr::from((u32::from(hi) << 16) | u32::from(lo))]),
        // Teredo, 2001:0::/32: the server's address in plain, the client's (the far end) inverted.
        [0x2001, 0, server_hi, server_lo, _, _, client_hi, client_lo] => Some(vec![
            Ipv4Addr::from((u32::from(server_hi) << 16) | u32::from(server_lo)),
            Ipv4Addr::from(!((u32::from(client_hi) << 16) | u32::from(client_lo))),
        ]),
        _ => None,
    }
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
            "64:ff9b::7f00:1",
            "64:ff9b:1::808:808",
            // 6to4 around loopback, private and metadata addresses.
            "2002:7f00:1::",
            "2002:7f00:1::1",
            "2002:a00:1::1",
            "2002:a9fe:a9fe::",
            "2002:c0a8:101:1::1",
            // Teredo: a loopback client (inverted 127.0.0.1 = 80ff:fffe), or a private server.
            "2001:0:4136:e378:8000:63bf:80ff:fffe",
            "2001:0:a00:1:8000:63bf:3fff:fdd2",
            // IPv4-compatible, SIIT-translated.
            "::127.0.0.1",
            "::a00:1",
            "::ffff:0:7f00:1",
            "::ffff:0:a9fe:a9fe",
            // Other special-purpose blocks.
            "100::1",
            "2001:2::1",
            "2001:10::1",
            "2001:20::1",
            "2001:db8::1",
            "3fff::1",
            "5f00::1",
            "fec0::1",
            "ff02::1",
            "192.88.99.1",
            "198.18.0.1",
            "192.0.0.8",
            "240.0.0.1",
            "224.0.0.1",
            "203.0.113.5",
        ] {
            assert!(!is_public(ip.parse().unwrap()), "{ip}");
        }
        for ip in [
            "93.184.216.34",
            "1.1.1.1",
            "2606:4700:4700::1111",
            "::ffff:8.8.8.8",
            // The transition forms of public IPv4 addresses stay public.
            "2002:808:808::1",
            "64:ff9b::808:808",
            // Teredo with a public server (65.54.227.120) and a public client (8.8.8.8, inverted f7f7:f7f7).
            "2001:0:4136:e378:8000:63bf:f7f7:f7f7",
        ] {
            assert!(is_public(ip.parse().unwrap()), "{ip}");
        }
    }

    #[test]
    fn the_tables_hold_valid_networks() {
        assert_eq!(SPECIAL_V4_NETS.len(), SPECIAL_V4.len());
        assert_eq!(SPECIAL_V6_NETS.len(), SPECIAL_V6.len());
    }

    #[test]
    fn urls_longer_than_the_cap_are_refused_before_parsing() {
        let at_cap = format!("https://example.com/{}", "a".repeat(MAX_URL_CHARS - "https://example.com/".len()));
        assert!(parse(&at_cap).is_ok());
        let over = format!("{at_cap}a");
        assert_eq!(parse(&over).unwrap_err(), TargetError::TooLong { chars: MAX_URL_CHARS + 1 });
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
