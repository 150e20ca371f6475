//! The client's address behind a reverse proxy: `X-Forwarded-For` is read only from the
//! proxies the command line trusts (`--trusted-proxy`), and from its right, where those
//! proxies append; anything further left was written by the client and may be forged.

use std::fmt;
use std::net::IpAddr;

use axum::http::HeaderMap;

/// The address the per-address limits count a request under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientAddr(pub IpAddr);

/// An address or a block of them, `IP` or `IP/prefix`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Net {
    addr: IpAddr,
    prefix: u8,
}

/// A `--trusted-proxy` that is neither.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadProxy(pub String);

impl fmt::Display for BadProxy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is no address or block like 10.0.0.2, 10.0.0.0/8 or ::1",
            self.0
        )
    }
}

impl std::error::Error for BadProxy {}

impl std::str::FromStr for Net {
    type Err = BadProxy;

    fn from_str(text: &str) -> Result<Net, BadProxy> {
        let bad = || BadProxy(text.to_string());
        let (addr, prefix) = match text.split_once('/') {
            Some((addr, prefix)) => (addr, Some(prefix.parse::<u8>().map_err(|_| bad())?)),
            None => (text, None),
        };
        let addr = addr.parse::<IpAddr>().map_err(|_| bad())?.to_canonical();
        let bits = if addr.is_ipv4() { 32 } else { 128 };
        let prefix = prefix.unwrap_or(bits);
        if prefix > bits {
            return Err(bad());
        }
        Ok(Net { addr, prefix })
    }
}

impl Net {
    fn contains(&self, ip: IpAddr) -> bool {
        let masked = |bits: u128, width: u8| {
            let shift = width - self.prefix;
            if shift >= 128 { 0 } else { bits >> shift }
        };
        match (self.addr, ip.to_canonical()) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                masked(u32::from(net).into(), 32) == masked(u32::from(ip).into(), 32)
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                masked(u128::from(net), 128) == masked(u128::from(ip), 128)
            }
            _ => false,
        }
    }
}

/// The trusted proxies; none by default, and then `X-Forwarded-For` is never read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Proxies {
    trusted: Vec<Net>,
}

impl Proxies {
    pub fn trust(&mut self, text: &str) -> Result<(), BadProxy> {
        self.trusted.push(text.parse()?);
        Ok(())
    }

    pub fn trusts(&self, ip: IpAddr) -> bool {
        self.trusted.iter().any(|net| net.contains(ip))
    }

    /// The client of a request that came from `peer`: `peer` itself unless it is a trusted
    /// proxy, else the right-most `X-Forwarded-For` entry that is not a trusted proxy (an
    /// entry that is no address ends the search: the peer's own address is used then).
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let peer = peer.to_canonical();
        if !self.trusts(peer) {
            return peer;
        }
        let values: Vec<&str> = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|value| value.to_str().ok())
            .collect();
        for entry in values.iter().rev().flat_map(|value| value.rsplit(',')) {
            match entry.trim().parse::<IpAddr>() {
                Ok(ip) if self.trusts(ip) => continue,
                Ok(ip) => return ip.to_canonical(),
                Err(_) => return peer,
            }
        }
        peer
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(values: &[&str]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for value in values {
            map.append("x-forwarded-for", value.parse().unwrap());
        }
        map
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn forwarded_addresses_are_read_only_from_trusted_proxies() {
        let mut proxies = Proxies::default();
        let forged = headers(&["203.0.113.9"]);
        assert_eq!(
            proxies.client(ip("198.51.100.1"), &forged),
            ip("198.51.100.1")
        );
        proxies.trust("10.0.0.2").unwrap();
        proxies.trust("192.168.0.0/16").unwrap();
        // Not from the proxy: the header is the client's own word.
        assert_eq!(
            proxies.client(ip("198.51.100.1"), &forged),
            ip("198.51.100.1")
        );
        // From the proxy: the right-most entry that is not a proxy, whatever the client
        // put further left.
        let chain = headers(&["1.1.1.1, 203.0.113.9", "192.168.4.4"]);
        assert_eq!(proxies.client(ip("10.0.0.2"), &chain), ip("203.0.113.9"));
        assert_eq!(
            proxies.client(ip("::ffff:10.0.0.2"), &headers(&["2001:db8::1"])),
            ip("2001:db8::1")
        );
        // No header, or nothing readable: the proxy's own address.
        assert_eq!(
            proxies.client(ip("10.0.0.2"), &HeaderMap::new()),
            ip("10.0.0.2")
        );
        assert_eq!(
            proxies.client(ip("10.0.0.2"), &headers(&["1.1.1.1, unknown"])),
            ip("10.0.0.2")
        );
        assert!(proxies.trusts(ip("192.168.200.1")) && !proxies.trusts(ip("192.169.0.1")));
    }

    #[test]
    fn blocks_are_parsed_and_matched() {
        let all: Net = "0.0.0.0/0".parse().unwrap();
        assert!(all.contains(ip("8.8.8.8")) && !all.contains(ip("::1")));
        let six: Net = "2001:db8::/32".parse().unwrap();
        assert!(six.contains(ip("2001:db8:ffff::1")) && !six.contains(ip("2001:db9::1")));
        assert!("::1".parse::<Net>().unwrap().contains(ip("::1")));
        for bad in ["10.0.0.0/33", "proxy", "10.0.0.1/x", "::/129"] {
            assert_eq!(bad.parse::<Net>(), Err(BadProxy(bad.into())), "{bad}");
        }
    }
}
